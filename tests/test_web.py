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

flask = pytest.importorskip("flask", reason="the web extra (flask) is not installed")

from printables.web import create_app  # noqa: E402
from printables.web.jobs import BuildError, Runner  # noqa: E402


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


def cli_message(cli, *args) -> str:
    code, _, err = cli(*args)
    assert code == 2 and err.startswith("printables: error: ")
    return err.removeprefix("printables: error: ").strip()


def cli_spaces(game: str, option: str) -> int:
    """How many spaces `printables board GAME --option ... --format json` lists."""
    import subprocess
    import sys
    out = tempfile.mkdtemp()
    subprocess.run([sys.executable, "-m", "printables", "board", game, "--option", option,
                    "--format", "json", "-o", out], check=True, capture_output=True)
    (path,) = Path(out).glob("*.json")
    return len(json.loads(path.read_text())["spaces"])


def preview(client, game, **fields):
    fields = {k.replace("opt_", "opt."): v for k, v in fields.items()}
    resp = client.get(f"/game/{game}/preview.json", query_string=fields)
    return resp.status_code, json.loads(resp.data)


@pytest.mark.parametrize("field, value, args", [
    ("size", "5", ("board", "dag-en-nacht", "--size", "5")),
    ("size", "21", ("board", "dag-en-nacht", "--size", "21")),
    ("size", "3 furlongs", ("board", "dag-en-nacht", "--size", "3 furlongs")),
    ("opt.size", "14", ("board", "dag-en-nacht", "--option", "size=14")),
    ("paper", "A5", ("kit", "dag-en-nacht", "--paper", "A5")),
    ("theme", "neon", ("board", "dag-en-nacht", "--theme", "neon")),
    ("diameter", "-3", ("pieces", "dag-en-nacht", "--diameter", "-3")),
    ("sheet", "50x50", ("laser", "dag-en-nacht", "--sheet", "50x50")),
    ("kerf", "wide", ("laser", "dag-en-nacht", "--kerf", "wide")),
    ("profile", "glowforge", ("laser", "dag-en-nacht", "--profile", "glowforge")),
])
def test_a_bad_value_gets_the_cli_message_on_its_field(client, cli, field, value, args):
    status, body = preview(client, "dag-en-nacht", **{field: value})
    assert status == 400
    assert body["errors"] == {field: cli_message(cli, *args)}
    assert "board_svg" not in body


def test_preview_follows_the_options(client):
    sizes = {}
    for n in (11, 15, 19):
        status, body = preview(client, "dag-en-nacht", size=str(n))
        assert status == 200 and body["errors"] == {}
        sizes[n] = body["spaces"]
        assert body["board_svg"].count("<polygon") >= n * n
    assert sizes == {11: 121, 15: 225, 19: 361}
    _, body = preview(client, "network", opt_size="12")
    assert body["spaces"] == cli_spaces("network", "size=12") > 8 * 8
    assert body["commands"]["board.svg"] == "printables board network --format svg --option size=12"


@pytest.mark.parametrize("key, fields, args", [
    ("board.svg", {"size": "19", "theme": "mono"},
     ["board", "dag-en-nacht", "--format", "svg", "--size", "19", "--theme", "mono"]),
    ("board.json", {"opt.size": "17", "opt.black_alternating": "true"},
     ["board", "dag-en-nacht", "--format", "json", "--option", "size=17",
      "--option", "black_alternating=true"]),
    ("setup.svg", {}, ["setup", "dag-en-nacht", "--format", "svg"]),
    ("pieces.pdf", {"paper": "Letter", "diameter": "2cm"},
     ["pieces", "dag-en-nacht", "--paper", "Letter", "--diameter", "2cm"]),
])
def test_a_download_is_what_the_shown_command_writes(client, cli, tmp_path, key, fields, args):
    resp = client.get("/game/dag-en-nacht/download", query_string={"file": key, **fields})
    assert resp.status_code == 200
    name = resp.headers["Content-Disposition"].split("filename=")[1]
    page = client.get("/game/dag-en-nacht", query_string=fields).data.decode()
    assert f'data-command="{key}">printables {" ".join(args)}</code>' in page
    code, _, _ = cli(*args, "-o", tmp_path)
    assert code == 0
    assert (tmp_path / name).read_bytes() == resp.data


def test_laser_sheets_come_as_one_zip_of_the_cli_files(client, cli, tmp_path):
    fields = {"sheet": "300x200", "kerf": "0.15", "profile": "boxes", "parts": "board"}
    resp = client.get("/game/dugi/download", query_string={"file": "laser.svg", **fields})
    assert resp.status_code == 200 and resp.mimetype == "application/zip"
    code, _, _ = cli("laser", "dugi", "--sheet", "300x200", "--kerf", "0.15", "--profile",
                     "boxes", "--format", "svg", "--parts", "board", "-o", tmp_path)
    assert code == 0
    with zipfile.ZipFile(io.BytesIO(resp.data)) as z:
        got = {n.split("/", 1)[1]: z.read(n) for n in z.namelist()}
    want = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert len(want) > 1 and got == want


def test_bad_values_build_nothing(client, cli, quiet_tmp):
    resp = client.get("/game/dag-en-nacht/download", query_string={"file": "kit", "size": "40mm"})
    assert resp.status_code == 400
    page = resp.data.decode()
    message = cli_message(cli, "board", "dag-en-nacht", "--size", "40mm")
    assert "too small" in message
    assert ('aria-describedby="help-size error-size" aria-invalid="true"' in page
            and f'id="error-size" data-error-for="size" role="status">'
                f'{markupsafe.escape(message)}</span>' in page)
    assert "Content-Disposition" not in resp.headers
    assert list(quiet_tmp.iterdir()) == []


def test_a_kit_download_leaves_no_temporary_folder(client, quiet_tmp):
    resp = client.get("/game/network/download", query_string={"file": "kit", "paper": "A3"},
                      buffered=True)  # read and closed, as a server does once it is sent
    assert resp.status_code == 200
    data = resp.data
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert "printables-network-A3/manifest.json" in z.namelist()
    assert list(quiet_tmp.iterdir()) == []


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
    assert list(quiet_tmp.iterdir()) == []


ROOT = Path(__file__).resolve().parents[1]


def test_game_files_in_the_games_folder_get_a_page_and_the_cli_kit(cli, tmp_path, quiet_tmp,
                                                                    monkeypatch, request):
    monkeypatch.chdir(ROOT)
    runner = Runner(slots=2, limit=60)
    request.addfinalizer(runner.close)
    app = create_app(games_dir="examples", runner=runner).test_client()
    page = app.get("/").data.decode()
    assert '<img src="/game/orbit/board.svg"' in page and "orbit.toml" in page
    game = app.get("/game/orbit").data.decode()
    assert 'data-command="kit">printables kit examples/orbit.toml --paper A4</code>' in game
    resp = app.get("/game/orbit/download", query_string={"file": "kit"}, buffered=True)
    assert resp.status_code == 200
    assert list(quiet_tmp.iterdir()) == []
    out = tmp_path / "cli"
    assert cli("kit", "examples/orbit.toml", "-o", out)[0] == 0
    with zipfile.ZipFile(io.BytesIO(resp.data)) as z:
        assert z.read("printables-orbit-A4/manifest.json") == (out / "manifest.json").read_bytes()
    for url in ("/game/examples%2Forbit.toml", "/game/orbit.toml", "/game/..%2Fexamples%2Forbit"):
        assert app.get(url).status_code == 404


def test_a_bad_game_file_in_the_games_folder_stops_serve_with_its_message(cli, tmp_path):
    (tmp_path / "broken.toml").write_text('[game]\ntitle = "Broken"\n', encoding="utf-8")
    (tmp_path / "position.toml").write_text('game = "dugi"\n', encoding="utf-8")  # not a game
    code, out, err = cli("serve", "--games", tmp_path, "--no-browser", "--port", "0")
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
    assert list(quiet_tmp.iterdir()) == []
