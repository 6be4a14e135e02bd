"""A game file uploaded through the page (issue 40), through Flask's test client: a zip of
the game's folder opens its page and downloads the kit `printables kit GAME.toml` writes in
that folder; every hostile upload is one line on the first page, and leaves nothing behind,
inside or outside the server's temporary folder."""

from __future__ import annotations

import io
import json
import os
import stat
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.web
pytest.importorskip("flask", reason="the web extra (flask) is not installed")

from printables.web import create_app  # noqa: E402
from printables.web.jobs import Runner  # noqa: E402
from printables.web.uploads import MAX_ENTRY, MAX_UPLOAD, Uploads  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def game_folder(name: str = "morris") -> dict[str, bytes]:
    """A game file's folder as relative path -> bytes: the game file, rules and examples
    (and art, for morris)."""
    files = {f"{name}.toml": (EXAMPLES / f"{name}.toml").read_bytes(),
             f"{name}.md": (EXAMPLES / f"{name}.md").read_bytes()}
    for p in sorted((EXAMPLES / name).rglob("*")):
        if p.is_file():
            files[p.relative_to(EXAMPLES).as_posix()] = p.read_bytes()
    return files


def zipped(files: dict[str, bytes], how=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", how) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


@pytest.fixture(scope="module")
def runner():
    r = Runner(slots=2, limit=120)
    yield r
    r.close()


@pytest.fixture
def server_tmp(tmp_path, monkeypatch):
    """The server's temporary folder (uploads and builds go here), inside tmp_path."""
    folder = tmp_path / "server-tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.fixture
def client(runner, server_tmp):
    return create_app(runner=runner).test_client()


def post(client, data: bytes, name: str):
    return client.post("/upload", data={"game": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def upload_error(resp) -> str:
    """The one line the first page shows under the upload field."""
    page = resp.data.decode()
    start = page.index('id="error-upload"')
    text = page[page.index(">", start) + 1:page.index("</span>", start)]
    import html
    return html.unescape(text)


def unpacked(server_tmp: Path) -> list[str]:
    """What the server keeps of its uploads: one folder per upload, files inside."""
    found = []
    for folder in server_tmp.glob("printables-uploads-*"):
        found += sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))
    return found


def without_key(manifest: bytes) -> dict:
    """A manifest without the build cache's key (it holds the game folder's path), nor the
    size and hash of the game's manifest, which holds that key."""
    data = json.loads(manifest)
    for kit in data.get("kits", [data.get("kit", {})]):
        kit.pop("key", None)
    data["files"] = [r for r in data["files"] if not r["file"].endswith("manifest.json")]
    return data


def test_a_zipped_game_folder_opens_its_page_and_downloads_the_cli_kit(client, server_tmp,
                                                                        tmp_path):
    files = game_folder("morris")
    upload = zipped(files)
    resp = post(client, upload, "morris.zip")
    assert resp.status_code == 303
    page_url = resp.headers["Location"]
    assert page_url.startswith("/game/morris@")
    page = client.get(page_url).data.decode()
    assert "Nine Men&#39;s Morris" in page and "uploaded\n  game file <code>morris.toml" in page
    assert 'data-command="kit">printables kit morris.toml --paper A4</code>' in page
    kit = client.get(page_url + "/download", query_string={"file": "kit"}, buffered=True)
    assert kit.status_code == 200
    with zipfile.ZipFile(io.BytesIO(kit.data)) as z:
        got = {n.split("/", 1)[1]: z.read(n) for n in z.namelist()}

    # the designer's own folder and command give the same files, byte for byte
    folder = tmp_path / "designer"
    for rel, data in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    subprocess.run([sys.executable, "-m", "printables", "kit", "morris.toml", "-o", "out"],
                   cwd=folder, check=True, capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    want = {p.relative_to(folder / "out").as_posix(): p.read_bytes()
            for p in (folder / "out").rglob("*") if p.is_file()}
    manifests = ("manifest.json", "morris/manifest.json")
    assert {k: v for k, v in got.items() if k not in manifests} == \
        {k: v for k, v in want.items() if k not in manifests}
    assert "morris/laser/morris-laser-pieces-sun-1.svg" in got
    for name in manifests:  # the same, but for the cache key (it holds the folder's path)
        assert without_key(got[name]) == without_key(want[name])
    assert json.loads(got["manifest.json"])["kits"][0]["command"] == \
        "printables kit morris.toml --paper A4"

    # the upload is kept unpacked in the server's temporary folder, nowhere else
    assert set(unpacked(server_tmp)) >= {f"{page_url.rsplit('@', 1)[1]}/{rel}" for rel in files}
    again = post(client, upload, "morris.zip")  # the same file again: the same game
    assert again.headers["Location"] == page_url
    assert len(list(server_tmp.glob("printables-uploads-*/*"))) == 1


def test_a_zipped_folder_may_hold_the_game_in_its_one_folder(client):
    """... and the zip's own name may be any (its folders, as some browsers send them, are
    left out)."""
    files = {f"orbit-game/{k}": v for k, v in game_folder("orbit").items()}
    resp = post(client, zipped(files), "C:\\Spiele\\Orbit – Kreisspiel.zip")
    assert resp.status_code == 303 and resp.headers["Location"].startswith("/game/orbit@")
    page = client.get(resp.headers["Location"]).data.decode()
    assert 'data-command="kit">printables kit orbit-game/orbit.toml --paper A4</code>' in page
    body = client.get(resp.headers["Location"] + "/preview.json").get_json()
    assert body["errors"] == {} and body["spaces"] > 0 and "<svg" in body["board_svg"]


def test_an_uploaded_game_shares_its_name_with_a_folder_game_without_a_clash(runner,
                                                                            server_tmp):
    """Two games named orbit, one in --games, one uploaded with other colours: each page
    draws its own."""
    app = create_app(games_dir=str(EXAMPLES), runner=runner).test_client()
    files = game_folder("orbit")
    files["orbit.toml"] = files["orbit.toml"].replace(b'title = "Orbit"', b'title = "Orbit II"')
    resp = post(app, zipped(files), "orbit.zip")
    mine = app.get(resp.headers["Location"] + "/preview.json").get_json()
    theirs = app.get("/game/orbit/preview.json").get_json()
    assert "Orbit II board" in mine["board_svg"] and "Orbit II" not in theirs["board_svg"]
    assert "Orbit II" not in app.get("/").data.decode()  # uploads are not listed


def test_the_server_keeps_the_last_uploads_only(runner, server_tmp):
    app = create_app(runner=runner)
    app.config["UPLOADS"] = Uploads(kept=2)
    client = app.test_client()
    keys = []
    for n in range(3):
        files = game_folder("orbit")
        files["orbit.toml"] += f"\n# copy {n}\n".encode()
        keys.append(post(client, zipped(files), "orbit.zip").headers["Location"])
    assert len(list(server_tmp.glob("printables-uploads-*/*"))) == 2
    gone = client.get(keys[0])
    assert gone.status_code == 404
    assert "is no longer on this server" in gone.data.decode()
    assert client.get(keys[2]).status_code == 200


def symlink_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("morris.toml", game_folder()["morris.toml"])
        info = zipfile.ZipInfo("morris.md")
        info.create_system = 3
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(info, "/etc/passwd")
    return buf.getvalue()


def encrypted_zip() -> bytes:
    """A zip whose one entry says it is encrypted (flag bit 0, in both of its headers)."""
    data = bytearray(zipped({"morris.toml": b"not really encrypted"}))
    for sig, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        i = data.find(sig)
        data[i + at] |= 0x1
    return bytes(data)


def lying_zip() -> bytes:
    """An entry whose directory says 100 bytes, holding 200 000 (a bomb that lies)."""
    files = game_folder()
    files["morris.md"] = b"#" * 200_000
    data = bytearray(zipped(files))
    for sig, at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        start = 0
        while (i := data.find(sig, start)) >= 0:
            n = struct.unpack_from("<H", data, i + (26 if sig == b"PK\x03\x04" else 28))[0]
            head = 30 if sig == b"PK\x03\x04" else 46
            if bytes(data[i + head:i + head + n]) == b"morris.md":
                struct.pack_into("<I", data, i + at, 100)
            start = i + 4
    return bytes(data)


def duplicate_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z, pytest.warns(UserWarning):
        z.writestr("morris.toml", game_folder()["morris.toml"])
        z.writestr("morris.toml", b"[game]\n")
    return buf.getvalue()


def with_file(name: str, data: bytes, base: str = "morris") -> bytes:
    files = game_folder(base)
    files[name] = data
    return zipped(files)


def edited(old: bytes, new: bytes) -> bytes:
    files = game_folder()
    assert old in files["morris.toml"]
    files["morris.toml"] = files["morris.toml"].replace(old, new)
    return zipped(files)


HOSTILE = {
    "huge": (lambda: b"PK" + b"\0" * MAX_UPLOAD, "big.zip", "is more than 4000000 bytes"),
    "not a zip": (lambda: b"PK\x03\x04 this is no zip", "x.zip", "is not a zip file that can"),
    "not a game file name": (lambda: b"[game]\n", "game.exe", "is not a .zip or .toml file"),
    "toml bomb (nesting)": (lambda: with_file("morris.toml", b"x = " + b"[" * 50_000 +
                                              b"]" * 50_000 + b"\n[game]\n"),
                            "bomb.zip", "morris.toml: bad TOML: arrays or tables nested"),
    "toml bomb (size)": (lambda: with_file("morris.toml", b"[game]\n#" + b"x" * MAX_ENTRY),
                         "bomb.zip", f"is {MAX_ENTRY + 8} bytes; a file of a game is at most"),
    "zip bomb": (lambda: zipped({f"morris/pad{n}.bin": b"\0" * MAX_ENTRY for n in range(17)}),
                 "bomb.zip", "unpacks to more than 16000000 bytes"),
    "zip bomb (one entry)": (lambda: zipped({"morris.md": b"\0" * 30_000_000}), "bomb.zip",
                             "is 30000000 bytes; a file of a game is at most"),
    "zip bomb (lying sizes)": (lying_zip, "bomb.zip", "is not a zip file that can be read"),
    "zip bomb (entries)": (lambda: zipped({f"e{n}.txt": b"" for n in range(401)}), "many.zip",
                           "holds 401 entries"),
    "zip-slip": (lambda: with_file("../../evil.txt", b"owned"), "slip.zip",
                 "entry '../../evil.txt' leaves the folder"),
    "zip-slip (absolute)": (lambda: with_file("/tmp/evil.txt", b"owned"), "slip.zip",
                            "entry '/tmp/evil.txt' is not a path inside the folder"),
    "zip-slip (backslash)": (lambda: with_file("..\\evil.txt", b"owned"), "slip.zip",
                             "is not a path inside the folder"),
    "zip-slip (link)": (symlink_zip, "link.zip", "entry 'morris.md' is a link"),
    "encrypted": (encrypted_zip, "secret.zip", "entry 'morris.toml' is encrypted"),
    "twice": (duplicate_zip, "twice.zip", "entry 'morris.toml' is in the zip twice"),
    "bzip2": (lambda: zipped(game_folder(), zipfile.ZIP_BZIP2), "b.zip",
              "is compressed in a way other than deflate"),
    "rules outside the folder": (lambda: edited(b'rules = "morris.md"',
                                                b'rules = "../../../../../etc/passwd"'),
                                 "out.zip", "is outside the game file's folder"),
    "examples outside the folder": (lambda: edited(b'examples = ["morris/*.toml"]',
                                                   b'examples = ["../*/*.toml"]'),
                                    "out.zip", "leaves the game file's folder"),
    "art outside the folder": (lambda: edited(b'"morris/art/sun.svg"', b'"../../../../etc/x.svg"'),
                               "out.zip", "is outside the game file's folder"),
    "hostile SVG (entities)": (lambda: with_file("morris/art/sun.svg", (
        b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;'
        b'&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><title>&b;</title></svg>')),
        "svg.zip", "morris/art/sun.svg: a DOCTYPE or ENTITY declaration is not allowed"),
    "hostile SVG (script)": (lambda: with_file("morris/art/sun.svg", (
        b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>'
        b'<circle r="5"/></svg>')), "svg.zip", "element <script> is not allowed"),
    "hostile SVG (link)": (lambda: with_file("morris/art/sun.svg", (
        b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink">'
        b'<image x:href="file:///etc/passwd"/></svg>')), "svg.zip", "is not allowed"),
    "no game file": (lambda: zipped({"morris.md": b"# Rules\n"}), "none.zip",
                     "holds no game file"),
    "two game files": (lambda: zipped({**game_folder("morris"), **game_folder("orbit")}),
                       "two.zip", "holds 2 game files (morris.toml, orbit.toml)"),
    "a built-in game's name": (lambda: edited(b'name = "morris"', b'name = "dugi"'),
                               "dugi.zip", "game name 'dugi' is a built-in game"),
    "a game file alone": (lambda: game_folder()["morris.toml"], "morris.toml",
                          "morris/art/sun.svg: cannot read art file: no such file"),
    "empty": (lambda: b"", "empty.zip", "empty.zip is empty"),
}


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_upload_is_one_line_on_the_page_and_leaves_nothing(client, server_tmp,
                                                                   tmp_path, kind):
    make, name, words = HOSTILE[kind]
    resp = post(client, make(), name)
    assert resp.status_code == 400, resp.status_code
    line = upload_error(resp)
    assert words in line and "\n" not in line and len(line) <= 300, line
    assert str(server_tmp) not in line  # files are named as the zip names them
    assert 'aria-invalid="true"' in resp.data.decode()
    assert unpacked(server_tmp) == []  # nothing kept of a refused upload
    outside = [p for p in tmp_path.rglob("*") if "server-tmp" not in p.parts]
    assert outside == [] and not Path("/tmp/evil.txt").exists()


def test_an_upload_larger_than_any_request_is_one_line_too(client, server_tmp):
    resp = post(client, b"\0" * (3 * MAX_UPLOAD), "huge.zip")
    assert resp.status_code == 413
    assert upload_error(resp) == ("the upload is more than 4000000 bytes, the most an upload "
                                  "may be; zip only the game's own files")
    assert unpacked(server_tmp) == []


def test_outside_paths_stay_refused_when_the_environment_allows_them(tmp_path):
    """PRINTABLES_ALLOW_OUTSIDE=1 lets a designer's own game file name other folders; an
    upload is read inside its folder all the same."""
    data = edited(b'rules = "morris.md"', b'rules = "../secret.md"')
    (tmp_path / "secret.md").write_text("# secret\n")
    folder = tmp_path / "upload"
    folder.mkdir()
    code = ("import sys; from printables.web.jobs import upload_job\n"
            "try:\n    upload_job('out.zip', sys.stdin.buffer.read(), sys.argv[1])\n"
            "except Exception as e:\n    print(e)\n")
    env = {**os.environ, "PRINTABLES_ALLOW_OUTSIDE": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code, str(folder)], input=data, env=env,
                         capture_output=True, check=True).stdout.decode()
    assert out.startswith("morris.toml:3: rules '../secret.md' is outside the game file's")
