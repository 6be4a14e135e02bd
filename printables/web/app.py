"""The Flask application: pages, previews and downloads over the same core the CLI calls.

Safety rulings (ours): requests carry only short form texts (query and body bounded);
game names are looked up in the registry and file names come from the core, so nothing a
request sends becomes a path; every build runs in a child process with a time limit
(printables.web.jobs) and writes only into a fresh temporary folder that is deleted once
the download has been sent.
"""

from __future__ import annotations

import io
import json
import shutil
import tempfile
import zipfile
from functools import lru_cache
from pathlib import Path

from flask import Flask, abort, render_template, request, send_file
from markupsafe import Markup

from printables import __version__
from printables.errors import PrintablesError
from printables.web import jobs
from printables.web.catalog import find_game, game_names
from printables.web.choices import Choices, field_errors, read_choices
from printables.web.products import PRODUCTS, command_line, kit_args

#: Largest request body and query string we read (the form's texts are a few hundred bytes).
MAX_REQUEST = 16 * 1024
#: A zip's entries carry this date, so the same kit always gives the same bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def create_app(games_dir: str | None = None, runner: jobs.Runner | None = None,
               host: str = "127.0.0.1") -> Flask:
    """The web app; on a loopback host it answers only to loopback host names."""
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=MAX_REQUEST, MAX_FORM_MEMORY_SIZE=MAX_REQUEST,
                      GAMES_DIR=games_dir, RUNNER=runner or jobs.Runner())
    if host in LOOPBACK:
        app.config["TRUSTED_HOSTS"] = ["127.0.0.1", "localhost", "[::1]", "::1"]
    app.jinja_env.globals.update(version=__version__, command_line=command_line)
    _routes(app)
    return app


def _game(name: str):
    try:
        return find_game(name, _dir())
    except PrintablesError:
        abort(404)


def _dir() -> str | None:
    from flask import current_app
    return current_app.config["GAMES_DIR"]


def _run(fn, *args):
    from flask import current_app
    return current_app.config["RUNNER"].run(fn, *args)


@lru_cache(maxsize=128)
def _preview(game_name: str, games_dir: str | None, choices: Choices, runner) -> dict:
    return runner.run(jobs.preview_job, game_name, games_dir, choices)


def _svg(text: str) -> Markup:
    """Our own renderer's SVG, inline (its texts are escaped by the renderer)."""
    return Markup(text[text.index("<svg"):])


def _routes(app: Flask) -> None:
    @app.before_request
    def bounded() -> None:
        if len(request.query_string) > MAX_REQUEST:
            abort(414)

    @app.after_request
    def headers(resp):
        resp.headers.setdefault("Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; "
                                "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("Referrer-Policy", "no-referrer")
        return resp

    @app.errorhandler(PrintablesError)
    def build_failed(e: PrintablesError):
        return render_template("error.html", message=str(e)), 503

    @app.get("/")
    def index():
        games = [find_game(n, _dir()) for n in game_names(_dir())]
        return render_template("index.html", games=games, choices=Choices(),
                               errors=_kit_errors(request.args) if request.args else {})

    @app.get("/game/<name>")
    def game_page(name: str):
        game = _game(name)
        ch = read_choices(game, request.args)
        errors = field_errors(game, ch) if request.args else {}
        return _page(game, ch, errors), (400 if errors else 200)

    @app.get("/game/<name>/preview.json")
    def preview(name: str):
        game = _game(name)
        ch = read_choices(game, request.args)
        return _preview_json(game, ch)

    @app.get("/game/<name>/<kind>.svg")
    def picture(name: str, kind: str):
        game = _game(name)
        if kind not in ("board", "setup"):
            abort(404)
        ch = read_choices(game, request.args)
        if field_errors(game, ch):
            abort(400)
        data = _preview(game.name, _dir(), ch, app.config["RUNNER"])[f"{kind}_svg"]
        return app.response_class(data, mimetype="image/svg+xml")

    @app.get("/game/<name>/download")
    def download(name: str):
        game = _game(name)
        ch = read_choices(game, request.args)
        key = request.args.get("file", "kit")
        if key != "kit" and key not in PRODUCTS:
            abort(404)
        errors = field_errors(game, ch)
        if errors:  # nothing is built: the form comes back with the messages
            return _page(game, ch, errors), 400
        if key == "kit":
            return _kit_zip([game.name], ch.paper, f"printables-{game.name}-{ch.paper}")
        files = _run(jobs.product_job, game.name, _dir(), key, ch)
        return _send(files, f"{game.name}-{key.replace('.', '-')}")

    @app.get("/kit/all")
    def kit_all():
        errors = _kit_errors(request.args)
        if errors:
            games = [find_game(n, _dir()) for n in game_names(_dir())]
            return render_template("index.html", games=games, choices=Choices(),
                                   errors=errors), 400
        paper = _kit_paper(request.args.get("paper", "A4"))
        return _kit_zip(game_names(_dir()), paper, f"printables-all-{paper}")


def _kit_errors(args) -> dict[str, str]:
    try:
        _kit_paper(args.get("paper", "A4"))
    except PrintablesError as e:
        return {"paper": str(e)}
    return {}


def _kit_paper(text: str) -> str:
    from printables.products.kit import kit_paper
    return kit_paper(str(text)[:40])


def _page(game, ch: Choices, errors: dict[str, str]):
    preview = None
    if not errors:
        preview = _preview(game.name, _dir(), ch, _runner())
    commands = {k: command_line(p.args(game, ch)) for k, p in PRODUCTS.items()}
    commands["kit"] = command_line(kit_args(game.name, ch))
    groups: dict[str, list] = {}
    for p in PRODUCTS.values():
        groups.setdefault(p.group, []).append(p)
    return render_template("game.html", game=game, choices=ch, errors=errors, preview=preview,
                           svg=_svg, groups=list(groups.items()), commands=commands)


def _runner():
    from flask import current_app
    return current_app.config["RUNNER"]


def _preview_json(game, ch: Choices):
    errors = field_errors(game, ch)
    commands = {k: command_line(p.args(game, ch)) for k, p in PRODUCTS.items()}
    commands["kit"] = command_line(kit_args(game.name, ch))
    body = {"errors": errors, "commands": commands}
    if not errors:
        body.update(_preview(game.name, _dir(), ch, _runner()))
    return app_json(body, 400 if errors else 200)


def app_json(body: dict, status: int):
    from flask import current_app
    return current_app.response_class(json.dumps(body), status=status,
                                      mimetype="application/json")


def _send(files: list[tuple[str, bytes]], stem: str):
    """One file as itself; several as one zip."""
    if len(files) == 1:
        name, data = files[0]
        return send_file(io.BytesIO(data), as_attachment=True, download_name=name)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            _add(z, f"{stem}/{name}", data)
    buf.seek(0)
    return send_file(buf, as_attachment=True, download_name=stem + ".zip",
                     mimetype="application/zip")


def _add(z: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    z.writestr(info, data)


def _kit_zip(names: list[str], paper: str, stem: str):
    """Build the kits in a fresh temporary folder and zip them there; the folder is deleted
    before the zip is streamed from its still-open file (so nothing stays on disk, even
    when the visitor leaves mid-download)."""
    tmp = Path(tempfile.mkdtemp(prefix="printables-web-"))
    try:
        _run(jobs.kit_job, names, paper, str(tmp / "kit"))
        target = tmp / (stem + ".zip")
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
            for path in sorted((tmp / "kit").rglob("*")):
                if path.is_file() and not path.is_symlink():
                    _add(z, f"{stem}/{path.relative_to(tmp / 'kit').as_posix()}",
                         path.read_bytes())
        stream = open(target, "rb")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return send_file(stream, as_attachment=True, download_name=target.name,
                     mimetype="application/zip", max_age=0)
