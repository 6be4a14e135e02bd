"""The web app through Flask's test client: same messages and same bytes as the CLI,
bounded requests, nothing a request names reaches the file system, builds time out."""

from __future__ import annotations

import io
import json
import tempfile
import time
import zipfile
from pathlib import Path

import markupsafe
import pytest

pytestmark = pytest.mark.web
flask = pytest.importorskip("flask", reason="the web extra (flask) is not installed")

from printables.web import create_app  # noqa: E402
from printables.web.jobs import BuildError, Runner  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def client():
    runner = Runner(slots=2, limit=60)
    yield create_app(runner=runner).test_client()
    runner.close()


@pytest.fixture
def quiet_tmp(tmp_path, monkeypatch):
    """The server's temporary folders go here, so a test can see what was left."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def leftovers(folder: Path) -> list[Path]:
    """What the server left in a temporary folder (but the forkserver's socket, pymp-*)."""
    return [p for p in folder.iterdir() if not p.name.startswith("pymp-")]


def cli_message(cli, *args) -> str:
    code, _, err = cli(*args)
    assert code == 2 and err.startswith("printables: error: ")
    return err.removeprefix("printables: error: ").strip()


def cli_files(*args, out: Path) -> int:
    """Run `printables ARGS -o out` in a new process, as a user does. Outputs depend slightly
    on what the process made before (cairo's PNG text anti-aliasing, a booklet's stream
    encoding after a board PDF), so downloads are compared with a fresh process's; the
    server builds each download in a fresh worker for the same reason."""
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "printables", *map(str, args), "-o", str(out)],
                          capture_output=True, cwd=ROOT).returncode


def cli_spaces(game: str, option: str) -> int:
    """How many spaces `printables board GAME --option ... --format json` lists."""
    import subprocess
    import sys
    out = tempfile.mkdtemp()
    subprocess.run([sys.executable, "-m", "printables", "board", game, "--option", option,
                    "--format", "json", "-o", out], check=True, capture_output=True)
    (path,) = Path(out).glob("*.json")
    return len(json.loads(path.read_text())["spaces"])


def body_default_setup(client, game) -> int:
    """How many polygons the default setup preview of a game draws."""
    return preview(client, game)[1]["setup_svg"].count("<polygon")


def preview(client, game, **fields):
    fields = {k.replace("opt_", "opt."): v for k, v in fields.items()}
    resp = client.get(f"/game/{game}/preview.json", query_string=fields)
    return resp.status_code, json.loads(resp.data)


@pytest.mark.parametrize("fields, key, args", [
    ({"size": "5"}, "size", ("board", "dag-en-nacht", "--size", "5")),
    ({"size": "21"}, "size", ("board", "dag-en-nacht", "--size", "21")),
    ({"size": "3 furlongs"}, "size", ("board", "dag-en-nacht", "--size", "3 furlongs")),
    ({"opt.black_alternating": "maybe"}, "opt.black_alternating",
     ("board", "dag-en-nacht", "--option", "black_alternating=maybe")),
    ({"paper": "B5"}, "paper", ("pieces", "dag-en-nacht", "--paper", "B5")),
    ({"paper": "Tabloid"}, "kit", ("kit", "dag-en-nacht", "--paper", "Tabloid")),
    ({"theme": "neon"}, "theme", ("board", "dag-en-nacht", "--theme", "neon")),
    ({"dpi": "5"}, "dpi", ("board", "dag-en-nacht", "--format", "png", "--dpi", "5")),
    ({"dpi": "1e3"}, "dpi", ("board", "dag-en-nacht", "--dpi", "1e3")),
    ({"diameter": "-3"}, "diameter", ("pieces", "dag-en-nacht", "--diameter", "-3")),
    ({"diameter": "500"}, "diameter", ("pieces", "dag-en-nacht", "--diameter", "500")),
    ({"gutter": "30"}, "gutter", ("pieces", "dag-en-nacht", "--gutter", "30")),
    ({"gutter": "-1"}, "gutter", ("pieces", "dag-en-nacht", "--gutter", "-1")),
    ({"pages": "B5"}, "pages", ("booklet", "dag-en-nacht", "--page-size", "B5")),
    ({"impose": "A3"}, "impose", ("booklet", "dag-en-nacht", "--impose", "A3")),
    ({"pages": "A4", "impose": "A4"}, "impose",
     ("booklet", "dag-en-nacht", "--page-size", "A4", "--impose", "A4")),
    ({"sheet": "50x50"}, "sheet", ("laser", "dag-en-nacht", "--sheet", "50x50")),
    ({"kerf": "wide"}, "kerf", ("laser", "dag-en-nacht", "--kerf", "wide")),
    ({"kerf": "\u0663"}, "kerf", ("laser", "dag-en-nacht", "--kerf", "\u0663")),
    ({"profile": "glowforge"}, "profile", ("laser", "dag-en-nacht", "--profile", "glowforge")),
    ({"parts": ""}, "parts", ("laser", "dag-en-nacht", "--parts", "")),
    ({"tabs": "wide"}, "tabs", ("laser", "dag-en-nacht", "--tabs", "wide")),
    ({"tabs": "2"}, "tabs", ("laser", "dag-en-nacht", "--tabs", "2")),
    ({"tabs": "0.\uff13"}, "tabs", ("laser", "dag-en-nacht", "--tabs", "0.\uff13")),
    ({"material": "oak"}, "material",
     ("laser", "dag-en-nacht", "--format", "lbrn2", "--material", "oak")),
    ({"joints": "glue"}, "joints", ("laser", "dag-en-nacht", "--joints", "glue")),
])
def test_a_bad_value_gets_the_cli_message_on_its_field(client, cli, fields, key, args):
    status, body = preview(client, "dag-en-nacht", **fields)
    assert status == 400
    assert body["errors"] == {key: cli_message(cli, *args)}
    # the preview is drawn unless the bad field is one the board reads
    assert ("board_svg" in body) == (key not in ("size", "opt.black_alternating", "theme"))


def test_preview_follows_the_options(client):
    sizes = {}
    for n in (11, 15, 19):
        status, body = preview(client, "dag-en-nacht", size=str(n))
        assert status == 200 and body["errors"] == {}
        sizes[n] = body["spaces"]
        assert body["board_svg"].count("<polygon") >= n * n
    assert sizes == {11: 121, 15: 225, 19: 361}
    _, body = preview(client, "network", size="12")
    assert body["spaces"] == cli_spaces("network", "size=12") > 8 * 8
    assert body["commands"]["board.svg"] == "printables board network --format svg --size 12"
    # the setup preview follows the size too (one size field: no "Option size" beside it)
    assert body["setup_svg"].count("<polygon") > body_default_setup(client, "network")
    assert 'name="opt.size"' not in client.get("/game/network").data.decode()


DN = "dag-en-nacht"


@pytest.mark.parametrize("game, key, fields, args", [
    (DN, "board.svg", {"size": "19", "theme": "mono"},
     ["board", DN, "--format", "svg", "--size", "19", "--theme", "mono"]),
    (DN, "board.json", {"size": "17", "opt.black_alternating": "true"},
     ["board", DN, "--format", "json", "--option", "black_alternating=true", "--size", "17"]),
    (DN, "board.png", {"size": "11", "dpi": "40"},
     ["board", DN, "--format", "png", "--size", "11", "--dpi", "40"]),
    (DN, "setup.svg", {}, ["setup", DN, "--format", "svg"]),
    ("network", "setup.png", {"dpi": "45", "theme": "mono"},
     ["setup", "network", "--format", "png", "--theme", "mono", "--dpi", "45"]),
    (DN, "pieces.pdf", {"paper": "Letter", "diameter": "2cm"},
     ["pieces", DN, "--format", "pdf", "--paper", "Letter", "--diameter", "2cm"]),
    ("chameleons", "pieces.svg", {"paper": "A5", "gutter": "2", "theme": "mono"},
     ["pieces", "chameleons", "--format", "svg", "--theme", "mono", "--paper", "A5",
      "--gutter", "2"]),
    ("evl", "pieces.json", {"paper": "Legal", "gutter": "3.5"},
     ["pieces", "evl", "--format", "json", "--paper", "Legal", "--gutter", "3.5"]),
    ("dugi", "booklet.pdf", {"pages": "half-letter"},
     ["booklet", "dugi", "--format", "pdf", "--page-size", "half-letter"]),
    ("dugi", "booklet-imposed.pdf", {"impose": "letter", "theme": "mono"},
     ["booklet", "dugi", "--format", "pdf", "--theme", "mono", "--impose", "letter"]),
    ("dugi", "laser.svg",
     {"sheet": "300x200", "kerf": "0.15", "profile": "boxes", "parts": "board"},
     ["laser", "dugi", "--format", "svg", "--sheet", "300x200", "--kerf", "0.15", "--profile",
      "boxes", "--parts", "board"]),
    (DN, "laser.lbrn2", {"sheet": "300x200", "kerf": "0.1", "profile": "lightburn",
                         "material": "3mm-acrylic", "tabs": "0.3", "joints": "tabs",
                         "no_reference": "on", "size": "13"},
     ["laser", DN, "--format", "lbrn2", "--size", "13", "--sheet", "300x200", "--kerf", "0.1",
      "--profile", "lightburn", "--material", "3mm-acrylic", "--no-reference", "--tabs", "0.3",
      "--joints", "tabs"]),
    (DN, "setup.svg", {"size": "19", "theme": "mono"},
     ["setup", DN, "--format", "svg", "--size", "19", "--theme", "mono"]),
    ("network", "print-and-play.pdf", {"size": "10", "paper": "Letter"},
     ["print-and-play", "network", "--format", "pdf", "--size", "10", "--paper", "Letter"]),
])
def test_a_download_is_what_the_shown_command_writes(client, tmp_path, game, key, fields, args):
    """The page shows a command beside each download; running it writes the same bytes
    (several files come as one zip of exactly the files the command writes)."""
    resp = client.get(f"/game/{game}/download", query_string={"file": key, **fields})
    assert resp.status_code == 200
    name = resp.headers["Content-Disposition"].split("filename=")[1]
    page = client.get(f"/game/{game}", query_string=fields).data.decode()
    line = markupsafe.escape(" ".join(["printables", *args]))
    assert f'data-command="{key}">{line}</code>' in page
    assert cli_files(*args, out=tmp_path) == 0
    if resp.mimetype != "application/zip":
        assert (tmp_path / name).read_bytes() == resp.data
        return
    with zipfile.ZipFile(io.BytesIO(resp.data)) as z:
        got = {n.split("/", 1)[1]: z.read(n) for n in z.namelist()}
    want = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert len(want) > 1 and got == want


def test_every_cli_option_has_a_field_or_a_reason(client):
    """The form offers every option of the commands behind its downloads (they come from
    the same product table), so a new option is on the page with no web change; and every
    format of every product is a download."""
    from printables.cli import cli as group
    from printables.products.registry import PRODUCTS as TABLE
    from printables.web.choices import NOT_ON_PAGE
    from printables.web.products import DOWNLOADS
    shared = {"options": "opt.", "size": "size", "theme": "theme"}
    not_fields = {"game", "all_", "output", "fmt",  # the page, its buttons and the download
                  "jobs",  # the server decides how many builds run at once
                  "no_cache", "watch",  # the server builds in fresh folders; no terminal
                  *NOT_ON_PAGE}  # paths: a request never names a file
    page = client.get("/game/dag-en-nacht").data.decode()
    for name, product in TABLE.items():
        keys = {f.name: f.key for f in product.request.FIELDS}
        for param in group.commands[name].params:
            if param.name in not_fields or not param.expose_value:  # an old spelling
                continue
            key = shared.get(param.name) or keys[param.name]
            assert f'name="{key}' in page, (name, param.name)
        for fmt in product.formats():
            if (name, fmt) != ("laser", "dxf") or "laser.dxf" in DOWNLOADS:
                assert f"{name}.{fmt}" in DOWNLOADS and f'value="{name}.{fmt}"' in page
    for param in group.commands["kit"].params:
        assert param.name in not_fields | {"games", "paper"} | set(shared), param.name


@pytest.mark.parametrize("key, fields, field, args", [
    ("board.pdf", {"size": "40mm"}, "size", ("board", DN, "--size", "40mm")),
    ("kit", {"paper": "Tabloid"}, "kit", ("kit", DN, "--paper", "Tabloid")),
    ("laser.svg", {"tabs": "wide"}, "tabs", ("laser", DN, "--tabs", "wide")),
    ("laser.lbrn2", {"material": "oak"}, "material",
     ("laser", DN, "--format", "lbrn2", "--material", "oak")),
    ("pieces.png", {"dpi": "20000"}, "dpi", ("board", DN, "--dpi", "20000")),  # one dpi field
])
def test_bad_values_build_nothing(client, cli, quiet_tmp, key, fields, field, args):
    """Without JavaScript the form comes back with the CLI's message on the field (marked
    for screen readers), and nothing is built or written."""
    resp = client.get(f"/game/{DN}/download", query_string={"file": key, **fields})
    assert resp.status_code == 400
    page = resp.data.decode()
    message = cli_message(cli, *args)
    assert (f'id="error-{field}" data-error-for="{field}" role="status">'
            f'{markupsafe.escape(message)}</span>') in page
    if field != "kit":
        assert f'error-{field}" aria-invalid="true"' in page
    assert "Content-Disposition" not in resp.headers
    assert leftovers(quiet_tmp) == []


def test_a_download_reads_only_its_own_fields(client, cli, tmp_path):
    """A bad laser value does not stop a board download (its command has no laser option),
    and a paper the kit refuses still prints the pieces."""
    resp = client.get(f"/game/{DN}/download", query_string={"file": "board.svg", "tabs": "9"})
    assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
    resp = client.get(f"/game/{DN}/download", query_string={"file": "pieces.pdf",
                                                           "paper": "Tabloid"})
    assert resp.status_code == 200
    assert cli("pieces", DN, "--paper", "Tabloid", "-o", tmp_path)[0] == 0
    assert (tmp_path / resp.headers["Content-Disposition"].split("filename=")[1]).read_bytes() \
        == resp.data


def test_a_kit_download_leaves_no_temporary_folder(client, quiet_tmp):
    resp = client.get("/game/network/download", query_string={"file": "kit", "paper": "A3"},
                      buffered=True)  # read and closed, as a server does once it is sent
    assert resp.status_code == 200
    data = resp.data
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert "printables-network-A3/manifest.json" in z.namelist()
    assert leftovers(quiet_tmp) == []


@pytest.mark.parametrize("url", [
    "/game/..%2F..%2Fetc%2Fpasswd", "/game/%2Fetc%2Fpasswd/download", "/game/nope",
    "/game/dugi/download?file=..%2F..%2Fetc%2Fpasswd", "/game/dugi/passwd.svg",
])
def test_a_request_cannot_name_a_path(client, url):
    assert client.get(url).status_code == 404


def test_requests_are_bounded(client):
    assert client.get("/game/dugi?size=" + "1" * 20000).status_code == 414
    assert client.post("/game/dugi", data="x" * 40000).status_code in (405, 413)


def test_a_loopback_server_answers_only_loopback_names(client):
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/", headers={"Host": "localhost:8000"}).status_code == 200


def test_a_build_past_its_limit_is_stopped():
    runner = Runner(slots=1, limit=0.5)
    start = time.perf_counter()
    with pytest.raises(BuildError, match="longer than 0.5 s"):
        runner.run(time.sleep, 30)
    assert time.perf_counter() - start < 10
    assert runner.run(sum, [1, 2]) == 3  # a fresh worker took the stopped one's place
    runner.close()


def test_without_the_extra_serve_says_what_to_install(cli, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "printables.web", None)
    assert "pip install \"printables[web]\"" in cli_message(cli, "serve", "--no-browser")


def test_the_first_page_shows_the_seven_games_with_their_boards(client):
    from printables.games import GAMES
    page = client.get("/").data.decode()
    for name, game in GAMES.items():
        assert f'<img src="/game/{name}/board.svg" alt="{game.title} board"' in page
        svg = client.get(f"/game/{name}/board.svg")
        assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
        assert f"<title>{game.title} board</title>".encode() in svg.data


def test_the_kit_of_every_game_refuses_a_paper_as_the_cli_does(client, cli, quiet_tmp):
    resp = client.get("/kit/all", query_string={"paper": "Tabloid"})
    assert resp.status_code == 400
    message = cli_message(cli, "kit", "all", "--paper", "Tabloid")
    assert str(markupsafe.escape(message)) in resp.data.decode()
    assert leftovers(quiet_tmp) == []



EXAMPLES = tuple(sorted(p.stem for p in (ROOT / "examples").glob("*.toml")))


@pytest.fixture(scope="module")
def examples():
    """The app as `printables serve --game-files examples` runs it (from the repository root)."""
    runner = Runner(slots=2, limit=60)
    app = create_app(games_dir=str(Path("examples")), runner=runner).test_client()
    yield app
    runner.close()


def test_the_games_folder_lists_every_game_file_after_the_seven(examples, monkeypatch):
    from printables.games import GAMES
    monkeypatch.chdir(ROOT)
    page = examples.get("/").data.decode()
    shown = [line.split("/")[2] for line in page.split('<img src="')[1:]]
    assert shown == [*GAMES, *EXAMPLES]
    for name in EXAMPLES:
        assert f"<code>{name}.toml</code>" in page
        svg = examples.get(f"/game/{name}/board.svg")
        assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_game_file_previews_and_downloads_its_cli_kit(examples, tmp_path, quiet_tmp,
                                                        monkeypatch, name):
    monkeypatch.chdir(ROOT)
    page = examples.get(f"/game/{name}").data.decode()
    assert f'data-command="kit">printables kit examples/{name}.toml --paper A4</code>' in page
    assert f'data-command="board.svg">printables board examples/{name}.toml --format svg' in page
    kit = examples.get(f"/game/{name}/download", query_string={"file": "kit"}, buffered=True)
    assert kit.status_code == 200
    assert leftovers(quiet_tmp) == []
    resp = examples.get(f"/game/{name}/preview.json")
    body = json.loads(resp.data)
    assert resp.status_code == 200 and body["errors"] == {}
    assert cli_files("board", f"examples/{name}.toml", "--format", "json", out=tmp_path) == 0
    (board,) = tmp_path.glob("*.json")
    assert body["spaces"] == len(json.loads(board.read_text())["spaces"]) > 0
    assert cli_files("kit", f"examples/{name}.toml", out=tmp_path / "cli") == 0
    with zipfile.ZipFile(io.BytesIO(kit.data)) as z:
        assert z.read(f"printables-{name}-A4/manifest.json") == \
            (tmp_path / "cli" / "manifest.json").read_bytes()


@pytest.mark.parametrize("url", [
    "/game/examples%2Forbit.toml", "/game/orbit.toml", "/game/..%2Fexamples%2Forbit",
    "/game/examples/orbit", "/game/%2Fwork%2Fexamples%2Forbit.toml/download?file=kit",
    "/game/orbit.md", "/game/position/preview.json",
])
def test_a_game_is_found_by_its_name_never_by_a_path(examples, monkeypatch, url):
    monkeypatch.chdir(ROOT)
    assert examples.get(url).status_code == 404


def test_a_bad_game_file_in_the_games_folder_stops_serve_with_its_message(cli, tmp_path):
    (tmp_path / "broken.toml").write_text('[game]\ntitle = "Broken"\n', encoding="utf-8")
    (tmp_path / "position.toml").write_text('game = "dugi"\n', encoding="utf-8")  # not a game
    code, out, err = cli("serve", "--game-files", tmp_path, "--no-browser", "--port", "0")
    assert code == 2 and out == ""
    assert err.startswith(f"printables: error: {tmp_path / 'broken.toml'}") and err.count("\n") == 1


def test_an_edited_game_file_shows_on_the_next_preview(tmp_path, request):
    import shutil
    for name in ("orbit.toml", "orbit.md"):
        shutil.copy(ROOT / "examples" / name, tmp_path / name)
    shutil.copytree(ROOT / "examples" / "orbit", tmp_path / "orbit")
    runner = Runner(slots=1, limit=60)
    request.addfinalizer(runner.close)
    app = create_app(games_dir=str(tmp_path), runner=runner).test_client()
    before = json.loads(app.get("/game/orbit/preview.json").data)
    text = (tmp_path / "orbit.toml").read_text(encoding="utf-8")
    assert 'title = "Orbit"' in text
    (tmp_path / "orbit.toml").write_text(text.replace('title = "Orbit"', 'title = "Orbit II"'),
                                         encoding="utf-8")
    after = json.loads(app.get("/game/orbit/preview.json").data)
    assert "Orbit board" in before["board_svg"] and "Orbit II board" in after["board_svg"]


def test_a_build_past_its_limit_is_a_message_and_leaves_nothing(quiet_tmp, request):
    runner = Runner(slots=1, limit=0.05)
    request.addfinalizer(runner.close)
    app = create_app(runner=runner).test_client()
    resp = app.get("/game/rosenkreuz/download", query_string={"file": "kit"})
    assert resp.status_code == 503
    assert "the build took longer than 0.05 s and was stopped" in resp.data.decode()
    assert leftovers(quiet_tmp) == []


def test_a_download_after_others_is_still_the_commands_bytes(tmp_path, request):
    """One worker slot, a board PDF first (reportlab's settings change for the process),
    then the booklet: still the bytes `printables booklet` writes in a fresh process."""
    runner = Runner(slots=1, limit=60)
    request.addfinalizer(runner.close)
    app = create_app(runner=runner).test_client()
    assert app.get("/game/dugi/download", query_string={"file": "board.pdf"}).status_code == 200
    resp = app.get("/game/dugi/download", query_string={"file": "booklet.pdf"})
    assert resp.status_code == 200
    assert cli_files("booklet", "dugi", out=tmp_path) == 0
    assert (tmp_path / "dugi-booklet.pdf").read_bytes() == resp.data


def games_folder(tmp_path: Path, *names: str) -> Path:
    """A --games folder holding copies of example games (game file, rules, examples)."""
    import shutil
    folder = tmp_path / "games"
    folder.mkdir()
    for name in names:
        for suffix in (".toml", ".md"):
            shutil.copy(ROOT / "examples" / f"{name}{suffix}", folder / f"{name}{suffix}")
        shutil.copytree(ROOT / "examples" / name, folder / name)
    return folder


def named_copy(folder: Path, name: str, copy: str) -> Path:
    """A second game file of the game `name`, under another file name."""
    text = (folder / f"{name}.toml").read_text(encoding="utf-8")
    if "\nname = " not in text:
        text = text.replace("[game]\n", f'[game]\nname = "{name}"\n', 1)
    (folder / copy).write_text(text, encoding="utf-8")
    return folder / copy


def test_two_game_files_of_one_name_stop_serve_with_one_line_naming_both(cli, tmp_path):
    folder = games_folder(tmp_path, "orbit", "crossing")
    named_copy(folder, "orbit", "orbit-copy.toml")
    code, out, err = cli("serve", "--game-files", folder, "--no-browser", "--port", "0")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err == (f"printables: error: {folder / 'orbit-copy.toml'} and {folder / 'orbit.toml'}"
                   " are both the game 'orbit'; the page offers one game by each name: give "
                   "one of them another [game] name\n")
    # `kit` refuses the same pair
    assert "are both the game 'orbit'" in cli("kit", folder / "orbit.toml",
                                              folder / "orbit-copy.toml", "-o", tmp_path)[2]


def test_a_second_file_of_one_name_while_serving_shows_both_on_the_page(tmp_path, request):
    folder = games_folder(tmp_path, "orbit", "crossing")
    runner = Runner(slots=1, limit=60)
    request.addfinalizer(runner.close)
    app = create_app(games_dir=str(folder), runner=runner).test_client()
    assert app.get("/game/orbit").status_code == 200
    copy = named_copy(folder, "orbit", "orbit-copy.toml")
    message = (f"{copy} and {folder / 'orbit.toml'} are both the game 'orbit'; the page offers "
               "one game by each name: give one of them another [game] name")
    resp = app.get("/game/orbit")
    assert resp.status_code == 404 and str(markupsafe.escape(message)) in resp.data.decode()
    page = app.get("/").data.decode()
    assert page.count(str(markupsafe.escape(message))) == 2  # beside each of the two files
    assert '<option value="orbit-copy.toml">orbit-copy.toml (not offered)</option>' in page
    assert 'src="/game/crossing/board.svg"' in page and 'src="/game/orbit/' not in page
    assert app.get("/game/crossing").status_code == 200  # the other games are still offered
    copy.unlink()
    assert app.get("/game/orbit").status_code == 200


def test_a_game_file_broken_while_serving_shows_its_line_not_a_bare_404(tmp_path, request):
    folder = games_folder(tmp_path, "orbit")
    runner = Runner(slots=1, limit=60)
    request.addfinalizer(runner.close)
    app = create_app(games_dir=str(folder), runner=runner).test_client()
    text = (folder / "orbit.toml").read_text(encoding="utf-8")
    (folder / "orbit.toml").write_text(text.replace("rings = 4", "rings = 4 4"),
                                       encoding="utf-8")
    line = f"{folder / 'orbit.toml'}:"
    for url in ("/game/orbit", "/game/orbit/download?file=board.svg", "/open?file=orbit.toml"):
        resp = app.get(url)
        assert resp.status_code in (400, 404)
        assert f'role="alert">{line}' in resp.data.decode() and "bad TOML" in resp.data.decode()
    body = app.get("/game/orbit/preview.json").get_json()  # the live preview says it too
    assert body["errors"]["form"].startswith(line) and "bad TOML" in body["errors"]["form"]
    (folder / "orbit.toml").write_text(text, encoding="utf-8")  # fixed: the page is back
    assert app.get("/open?file=orbit.toml").headers["Location"] == "/game/orbit"


@pytest.mark.parametrize("file", ["../examples/orbit.toml", "/etc/passwd", "orbit", "x.toml"])
def test_the_chooser_opens_only_the_files_it_lists(examples, monkeypatch, file):
    monkeypatch.chdir(ROOT)
    page = examples.get("/").data.decode()
    for name in EXAMPLES:
        assert f'<option value="{name}.toml">{name}.toml</option>' in page
    resp = examples.get("/open", query_string={"file": file})
    assert resp.status_code == 400
    assert "is not a game file of the folder" in resp.data.decode()
    assert examples.get("/open?file=orbit.toml").headers["Location"] == "/game/orbit"


def test_a_download_the_page_does_not_offer_is_one_line(client):
    resp = client.get("/game/dugi/download?file=board.tiff")
    assert resp.status_code == 404
    assert "no download &#39;board.tiff&#39; on this page" in resp.data.decode()
