"""`printables serve` as a user meets it: the real command in a subprocess on 127.0.0.1,
driven by a real headless Chromium (Debian's chromium, through playwright) and by 20
simultaneous downloads."""

from __future__ import annotations

import io
import json
import os
import selectors
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from concurrent.futures import ThreadPoolExecutor
from hashlib import sha256
from pathlib import Path

import pytest

pytestmark = [pytest.mark.web, pytest.mark.slow]
pytest.importorskip("flask", reason="the web extra (flask) is not installed")
pytest.importorskip("waitress", reason="the web extra (waitress) is not installed")

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("PRINTABLES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
#: Set PRINTABLES_DOCS=1 to refresh docs/serve.png (the web page guide's screenshot) from the
#: browser test.
SCREENSHOT = ROOT / "docs" / "serve.png"
EXAMPLES = ROOT / "examples"


def start_serve(work: Path, temp: Path, port: int = 0,
                cache: Path | None = None) -> subprocess.Popen:
    """`python -m printables serve --game-files examples` in a subprocess with its own
    working and temp folders (and build cache, when given)."""
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(ROOT)}
    if cache is not None:
        env["PRINTABLES_CACHE"] = str(cache)
    return subprocess.Popen([sys.executable, "-m", "printables", "serve", "--port", str(port),
                             "--no-browser", "--game-files", str(EXAMPLES)], cwd=work, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def stop(proc: subprocess.Popen) -> int:
    proc.terminate()
    try:
        return proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server on a free port of 127.0.0.1: yields (url, its folders); always stopped."""
    work = tmp_path_factory.mktemp("serve-cwd")
    temp = tmp_path_factory.mktemp("serve-tmp")
    cache = tmp_path_factory.mktemp("serve-cache")
    proc = start_serve(work, temp, cache=cache)
    try:
        line = _first_line(proc, 30)
        assert line.startswith("printables serve: http://127.0.0.1:"), line
        SERVERS[line.split()[2]] = proc
        CACHES[line.split()[2]] = cache
        yield line.split()[2], work, temp
    finally:
        stop(proc)


#: The running server's process by its address (the last test stops it and looks), and
#: its build cache's folder.
SERVERS: dict[str, subprocess.Popen] = {}
CACHES: dict[str, Path] = {}


def _first_line(proc: subprocess.Popen, seconds: float) -> str:
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(seconds):
            raise AssertionError(f"serve printed nothing in {seconds} s")
    return proc.stdout.readline().strip()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed (pip install playwright)")
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists()
                              else shutil.which("chromium"), args=CHROMIUM_ARGS)
        yield b
        b.close()


def expect(locator):
    from playwright.sync_api import expect as playwright_expect
    return playwright_expect(locator)


def cells(page) -> int:
    return page.locator("#board-preview svg g#layer-spaces > *").count()


def leftovers(*folders: Path) -> list[Path]:
    """What the server left in its folders (but, while it runs, its own temporary folder
    .printables-serve.*, the uploads it keeps there and the forkserver's socket folder
    pymp-*)."""
    kept = ("pymp-", "printables-uploads-")
    return [p for f in folders for p in f.rglob("*")
            if not any(part.startswith(kept) for part in p.relative_to(f).parts)
            and not (p.name.startswith(".printables-serve.") and p.is_dir())]


def read_zip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {n.split("/", 1)[1]: z.read(n) for n in z.namelist()}


def cli_files(*args, out: Path) -> Path:
    """`printables ARGS -o out` in a new process, as a user runs it (outputs depend slightly
    on what a process made before, so the comparison is with a fresh one, as the server's
    downloads are)."""
    subprocess.run([sys.executable, "-m", "printables", *map(str, args), "-o", str(out)],
                   check=True, capture_output=True, cwd=ROOT)
    return out


def cli_message(cli, *args) -> str:
    code, _, err = cli(*args)
    assert code == 2 and err.startswith("printables: error: ")
    return err.removeprefix("printables: error: ").strip()


def check_manifest(files: dict[str, bytes]) -> list[dict]:
    """The manifest lists exactly the other files, with their sizes and hashes."""
    rows = json.loads(files["manifest.json"])["files"]
    assert {r["file"] for r in rows} == set(files) - {"manifest.json"}
    for r in rows:
        assert (r["size"], r["sha256"]) == (len(files[r["file"]]),
                                            sha256(files[r["file"]]).hexdigest())
    return rows


def test_dag_en_nacht_at_19_previews_and_downloads_the_cli_kit(server, browser, cli, tmp_path):
    url, work, temp = server
    page = browser.new_page(viewport={"width": 1280, "height": 1100}, accept_downloads=True)
    page.goto(url)
    page.locator("a[href='/game/dag-en-nacht']").click()
    assert cells(page) == 15 * 15 and page.locator("#spaces").inner_text() == "225"
    page.get_by_label("Board size").fill("19")
    expect(page.locator("#spaces")).to_have_text("361", timeout=15000)
    assert cells(page) == 19 * 19
    assert page.locator('[data-command="board.pdf"]').inner_text() == \
        "printables board dag-en-nacht --format pdf --size 19"
    page.screenshot(path=tmp_path / "serve.png", full_page=True)
    assert (tmp_path / "serve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    if os.environ.get("PRINTABLES_DOCS"):
        shutil.copy(tmp_path / "serve.png", SCREENSHOT)

    with page.expect_download(timeout=60000) as dl:
        page.get_by_role("button", name="The whole kit (zip)").click()
    kit = read_zip(Path(dl.value.path()).read_bytes())
    with page.expect_download(timeout=30000) as dl:
        page.get_by_role("button", name="Board PDF").click()
    board = Path(dl.value.path()).read_bytes()
    page.close()

    # the kit follows the chosen size, as `printables kit --size 19` does
    out = cli_files("kit", "dag-en-nacht", "--size", "19", "--paper", "A4", out=tmp_path / "cli")
    assert kit["manifest.json"] == (out / "manifest.json").read_bytes()
    assert kit["dag-en-nacht/board.svg"] == (out / "dag-en-nacht" / "board.svg").read_bytes()
    check_manifest(kit)
    cli_files("board", "dag-en-nacht", "--size", "19", out=out)
    assert board == (out / "dag-en-nacht-board-size19.pdf").read_bytes()
    assert leftovers(work, temp) == []


def test_a_bad_size_shows_the_cli_message_and_writes_nothing(server, browser, cli):
    url, work, temp = server
    code, _, err = cli("board", "dag-en-nacht", "--size", "2cm")
    message = err.removeprefix("printables: error: ").strip()
    assert code == 2 and "too small" in message
    page = browser.new_page(accept_downloads=True)
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    page.goto(url + "game/dag-en-nacht")
    page.get_by_label("Board size").fill("2cm")
    error = page.locator(".field", has=page.get_by_label("Board size")).locator(".error")
    error.wait_for(state="visible", timeout=15000)
    assert error.inner_text() == message
    assert page.get_by_label("Board size").get_attribute("aria-invalid") == "true"
    page.get_by_role("button", name="Board PDF").click()  # the form comes back, marked
    page.wait_for_load_state()
    assert "download?" in page.url and page.locator("#error-size").inner_text() == message
    page.close()
    assert downloads == [] and leftovers(work, temp) == []


def test_downloads_work_without_javascript(server, browser, cli, tmp_path):
    url, work, temp = server
    context = browser.new_context(java_script_enabled=False, accept_downloads=True)
    page = context.new_page()
    page.goto(url + "game/network")
    page.get_by_label("Board size").fill("12")
    page.get_by_label("Theme").select_option("mono")
    page.get_by_label("Board size").press("Enter")  # submits: the server draws the preview
    page.wait_for_url("**size=12**")
    from printables.games import GAMES
    assert page.locator("#spaces").inner_text() == str(len(GAMES["network"].board({"size": 12}).spaces))  # noqa: E501 (data)
    with page.expect_download(timeout=30000) as dl:
        page.get_by_role("button", name="Board SVG").click()
    assert cli("board", "network", "--format", "svg", "--theme", "mono", "--option", "size=12",
               "-o", tmp_path)[0] == 0
    assert Path(dl.value.path()).read_bytes() == \
        (tmp_path / "network-board-size12-mono.svg").read_bytes()
    context.close()


def test_the_form_is_keyboard_usable_and_every_field_has_a_label(server, browser):
    url, work, temp = server
    page = browser.new_page(accept_downloads=True)
    page.goto(url + "game/evl")
    fields = page.locator("#choices input, #choices select")
    names = [fields.nth(i).get_attribute("name") for i in range(fields.count())]
    assert {"size", "opt.target", "theme", "paper", "diameter", "gutter", "dpi", "pages",
            "impose", "sheet", "kerf", "profile", "parts", "joints", "tabs", "material",
            "no_reference"} <= set(names)
    for name in names:  # a label names each field, so a screen reader reads it
        field = page.locator(f'[name="{name}"]')
        label = page.locator(f'label[for="{field.get_attribute("id")}"]')
        assert label.count() == 1 and label.inner_text().strip()
    reached = []
    page.locator("h1").click()
    for _ in range(60):  # Tab walks the fields in order, then the downloads
        page.keyboard.press("Tab")
        focused = page.locator(":focus")
        reached.append(focused.get_attribute("name") or focused.inner_text())
        if reached[-1] == "file":
            break
    assert [r for r in reached if r in names] == names
    assert page.locator(":focus").inner_text() == "The whole kit (zip)"
    with page.expect_download(timeout=30000) as dl:
        page.keyboard.press("Tab")
        assert page.locator(":focus").inner_text() == "Board PDF"
        page.keyboard.press("Enter")
    assert dl.value.suggested_filename == "evl-board.pdf"
    page.close()


def test_laser_fields_by_keyboard_with_the_cli_messages(server, browser, cli, tmp_path):
    """The laser options added with issue 15 (tabs, joints, reference, LightBurn material,
    game options): set from the keyboard, a bad --tabs gets the CLI's message on its
    field, and the LightBurn download is what the command beside it writes."""
    url, work, temp = server
    page = browser.new_page(accept_downloads=True)
    page.goto(url + "game/dag-en-nacht")
    tabs = page.get_by_label("Holding tabs (mm)")
    tabs.fill("wide")
    error = page.locator("#error-tabs")
    expect(error).to_have_text(cli_message(cli, "laser", "dag-en-nacht", "--tabs", "wide"),
                               timeout=15000)
    assert tabs.get_attribute("aria-invalid") == "true"
    assert page.locator("#spaces").inner_text() == "225"  # the board does not read --tabs
    tabs.fill("0.3")
    expect(error).to_be_hidden(timeout=15000)
    page.get_by_label("Board size").fill("13")
    page.get_by_label("Sheet of material (W x H)").fill("300x200")
    page.get_by_label("Joints of split boards").select_option("tabs")
    page.get_by_label("Material (LightBurn settings)").select_option("2mm-card")
    page.get_by_label("Leave out the 100 mm reference").focus()
    page.keyboard.press("Space")  # a checkbox ticks from the keyboard
    assert page.get_by_label("Leave out the 100 mm reference").is_checked()
    command = page.locator('[data-command="laser.lbrn2"]')
    want = ("printables laser dag-en-nacht --format lbrn2 --size 13 --sheet 300x200 "
            "--material 2mm-card --no-reference --tabs 0.3 --joints tabs")
    expect(command).to_have_text(want, timeout=15000)
    with page.expect_download(timeout=60000) as dl:
        page.get_by_role("button", name="LightBurn projects").click()
    got = read_zip(Path(dl.value.path()).read_bytes())
    page.close()
    out = cli_files(*want.split()[1:], out=tmp_path)
    assert len(got) > 1 and got == {p.name: p.read_bytes() for p in out.iterdir()}
    assert leftovers(work, temp) == []


def test_a_bad_material_and_tabs_without_javascript(server, browser, cli, tmp_path):
    """Without JavaScript a bad value comes back on its field with the CLI's message, the
    download is refused until it is fixed, and other downloads are not held up."""
    url, work, temp = server
    context = browser.new_context(java_script_enabled=False, accept_downloads=True)
    page = context.new_page()
    page.goto(url + "game/dugi?material=oak&tabs=2")
    assert page.locator("#error-material").inner_text() == cli_message(
        cli, "laser", "dugi", "--format", "lbrn2", "--material", "oak")
    assert page.locator("#error-tabs").inner_text() == cli_message(
        cli, "laser", "dugi", "--tabs", "2")
    page.get_by_role("button", name="LightBurn projects").click()  # refused: the form again
    page.wait_for_url("**/download?**")
    assert page.locator("#error-material").is_visible()
    page.get_by_label("Material (LightBurn settings)").select_option("3mm-acrylic")
    page.get_by_label("Holding tabs (mm)").fill("0.5")
    with page.expect_download(timeout=60000) as dl:
        page.get_by_role("button", name="LightBurn projects").click()
    got = read_zip(Path(dl.value.path()).read_bytes())
    context.close()
    out = cli_files("laser", "dugi", "--format", "lbrn2", "--material", "3mm-acrylic",
                    "--tabs", "0.5", out=tmp_path)
    assert got == {p.name: p.read_bytes() for p in out.iterdir()}
    assert leftovers(work, temp) == []


def test_a_game_file_from_the_games_folder_previews_and_downloads(server, browser, tmp_path):
    """`serve --game-files examples`: the designer's games are listed after the seven, and a
    game file's page previews its board and downloads the kit `printables kit FILE` makes."""
    url, work, temp = server
    page = browser.new_page(accept_downloads=True)
    page.goto(url)
    for title in ("Crossing", "Honeycomb", "Orbit"):
        expect(page.get_by_role("img", name=f"{title} board")).to_be_visible()
    page.get_by_role("link", name="Orbit").click()
    with urllib.request.urlopen(url + "game/orbit/preview.json", timeout=60) as resp:
        spaces = json.loads(resp.read())["spaces"]
    assert page.locator("#spaces").inner_text() == str(spaces) and cells(page) == spaces
    with page.expect_download(timeout=60000) as dl:
        page.get_by_role("button", name="The whole kit (zip)").click()
    kit = read_zip(Path(dl.value.path()).read_bytes())
    page.close()
    out = cli_files("kit", EXAMPLES / "orbit.toml", out=tmp_path)
    assert kit["manifest.json"] == (out / "manifest.json").read_bytes()
    check_manifest(kit)


def morris_zip() -> bytes:
    """Nine Men's Morris's folder as a designer zips it: game file, rules, examples, art."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p in [EXAMPLES / "morris.toml", EXAMPLES / "morris.md",
                  *sorted((EXAMPLES / "morris").rglob("*"))]:
            if p.is_file():
                z.write(p, p.relative_to(EXAMPLES).as_posix())
    return buf.getvalue()


def upload(page, url: str, name: str, data: bytes) -> None:
    """Choose a file in the first page's upload field and open it, as a visitor does."""
    page.goto(url)
    page.get_by_label("Game file: a .zip of its folder, or the .toml alone").set_input_files(
        {"name": name, "mimeType": "application/zip", "buffer": data})
    page.get_by_role("button", name="Open the game").click()


def no_key(manifest: bytes) -> dict:
    """A manifest without the build cache's key (it holds the game folder's path)."""
    data = json.loads(manifest)
    for kit in data.get("kits", [data.get("kit", {})]):
        kit.pop("key", None)
    data["files"] = [r for r in data["files"] if not r["file"].endswith("manifest.json")]
    return data


def test_an_uploaded_game_folder_previews_and_downloads_its_cli_kit(server, browser, tmp_path):
    """Issue 40: upload a zip of a game's folder from the page, see its board, download
    the kit `printables kit morris.toml` writes in that folder; nothing of it reaches the
    build cache or leaves the server's temporary folder."""
    url, work, temp = server
    cached = sorted(CACHES[url].rglob("*"))
    page = browser.new_page(accept_downloads=True)
    upload(page, url, "morris.zip", morris_zip())
    page.wait_for_url("**/game/morris@*")
    expect(page.get_by_role("heading", name="Nine Men's Morris")).to_be_visible()
    assert cells(page) == 24 and page.locator("#spaces").inner_text() == "24"
    assert page.locator('[data-command="kit"]').inner_text() == \
        "printables kit morris.toml --paper A4"
    with page.expect_download(timeout=120000) as dl:
        page.get_by_role("button", name="The whole kit (zip)").click()
    kit = read_zip(Path(dl.value.path()).read_bytes())
    page.close()
    folder = tmp_path / "designer"
    with zipfile.ZipFile(io.BytesIO(morris_zip())) as z:
        z.extractall(folder)
    subprocess.run([sys.executable, "-m", "printables", "kit", "morris.toml", "-o", "out"],
                   check=True, capture_output=True, cwd=folder,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    out = {p.relative_to(folder / "out").as_posix(): p.read_bytes()
           for p in (folder / "out").rglob("*") if p.is_file()}
    assert kit.keys() == out.keys() and "morris/laser/morris-laser-pieces-sun-1.svg" in kit
    for name, data in kit.items():
        if name.endswith("manifest.json"):
            assert no_key(data) == no_key(out[name])
        else:
            assert data == out[name], name
    check_manifest(kit)
    assert sorted(CACHES[url].rglob("*")) == cached
    assert leftovers(work, temp) == []


def nested(level: int) -> bytes:
    return b"x = " + b"[" * level + b"]" * level + b"\n"


def zip_of(changed: dict[str, bytes]) -> bytes:
    """morris.zip with some files replaced or added."""
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(morris_zip())) as old, \
            zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for info in old.infolist():
            if info.filename not in changed:
                z.writestr(info, old.read(info))
        for name, data in changed.items():
            z.writestr(name, data)
    return buf.getvalue()


#: Hostile uploads from the page: file name, bytes, and words of the line the page shows.
HOSTILE_UPLOADS = {
    "huge": ("big.zip", lambda: b"PK" + b"\0" * 5_000_000, "is more than 4000000 bytes"),
    "TOML bomb": ("bomb.zip", lambda: zip_of({"morris.toml": nested(60_000)}),
                  "morris.toml: bad TOML: arrays or tables nested too deeply"),
    "zip bomb": ("bomb.zip", lambda: zip_of({"morris/huge.bin": b"\0" * 50_000_000}),
                 "entry 'morris/huge.bin' is 50000000 bytes"),
    "zip-slip": ("slip.zip", lambda: zip_of({"../../evil.txt": b"x"}),
                 "leaves the folder"),
    "hostile SVG art": ("art.zip", lambda: zip_of({"morris/art/sun.svg": (
        b'<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<svg xmlns="http://www.w3.org/2000/svg"><title>&x;</title></svg>')}),
        "morris/art/sun.svg: a DOCTYPE or ENTITY declaration is not allowed"),
    "rules leaving the folder": ("out.zip", lambda: zip_of({"morris.toml": (
        EXAMPLES / "morris.toml").read_bytes().replace(b'rules = "morris.md"',
                                                      b'rules = "../../../../etc/passwd"')}),
        "morris.toml:3: rules '../../../../etc/passwd' is outside the game file's folder"),
}


@pytest.mark.parametrize("kind", HOSTILE_UPLOADS)
def test_a_hostile_upload_is_one_line_in_the_page(server, browser, kind):
    url, work, temp = server
    name, make, words = HOSTILE_UPLOADS[kind]
    page = browser.new_page()
    upload(page, url, name, make())
    error = page.locator("#error-upload")
    expect(error).to_contain_text(words, timeout=60000)
    assert "\n" not in error.inner_text()
    assert page.get_by_label("Game file: a .zip of its folder, or the .toml alone") \
        .get_attribute("aria-invalid") == "true"
    page.close()
    assert not list(temp.rglob("evil.txt")) and not (temp.parent / "evil.txt").exists()
    assert not list(temp.rglob("printables-uploads-*/.*"))  # no half-unpacked upload left


def test_the_chooser_opens_a_game_file_of_the_folder(server, browser):
    url, work, temp = server
    page = browser.new_page()
    page.goto(url)
    page.get_by_label(f"A game file of {EXAMPLES}").select_option("crossing.toml")
    page.get_by_role("button", name="Open", exact=True).click()
    page.wait_for_url("**/game/crossing")
    expect(page.get_by_role("heading", name="Crossing")).to_be_visible()
    page.close()


def test_twenty_simultaneous_kits_each_complete_and_correct(server):
    url, work, temp = server
    papers = ("A4", "Letter", "A3")
    games = ("network", "dugi", "danadazo", "chameleons", "evl", "rosenkreuz", "dag-en-nacht")
    kits = [(g, p) for p in papers for g in games][:20]

    def fetch(kit):
        game, paper = kit
        with urllib.request.urlopen(f"{url}game/{game}/download?file=kit&paper={paper}",
                                    timeout=180) as resp:
            return kit, resp.status, resp.read()

    start = time.perf_counter()
    with ThreadPoolExecutor(len(kits)) as pool:
        results = list(pool.map(fetch, kits))
    assert time.perf_counter() - start < 180
    laser = {}
    from pypdf import PdfReader

    from printables.units import parse_paper
    for (game, paper), status, data in results:
        assert status == 200
        files = read_zip(data)
        rows = check_manifest(files)
        assert {r["file"].split("/")[0] for r in rows} == {game, "index.html"}
        box = PdfReader(io.BytesIO(files[f"{game}/pieces.pdf"])).pages[0].mediabox
        mm = sorted(round(float(v) / 72 * 25.4) for v in (box.width, box.height))
        assert mm == sorted(round(v) for v in parse_paper(paper))  # the kit asked for
        sheets = {k: v for k, v in files.items() if "/laser/" in k}
        assert laser.setdefault(game, sheets) == sheets  # the same on every paper
    assert leftovers(work, temp) == []


def descendants(pid: int) -> set[int]:
    """Every process below pid, from /proc."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, todo = set(), [pid]
    while todo:
        p = todo.pop()
        kids = {c for c, parent in parents.items() if parent == p}
        todo.extend(kids - found)
        found |= kids
    return found


def alive(pid: int) -> bool:
    """pid runs (a zombie waiting to be reaped has stopped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_a_busy_port_is_one_line_and_serve_stops_cleanly(server, tmp_path):
    url, work, temp = server
    proc = SERVERS[url]
    with urllib.request.urlopen(url + "game/dugi/preview.json", timeout=60) as resp:
        assert json.loads(resp.read())["spaces"] == 168
    helpers = descendants(proc.pid)
    assert helpers, "builds run in worker processes"
    port = url.rsplit(":", 1)[1].strip("/")
    second = start_serve(tmp_path, tmp_path, int(port))
    out, _ = second.communicate(timeout=60)
    assert second.returncode == 2
    assert out.strip().splitlines() == [
        f"printables: error: cannot listen on 127.0.0.1:{port}: Address already in use; "
        "try another --port"]
    assert stop(proc) == 0  # SIGTERM: a clean stop
    deadline = time.monotonic() + 5
    while any(alive(p) for p in helpers):
        assert time.monotonic() < deadline, "worker processes outlived the server"
        time.sleep(0.1)
