"""The Flask application: pages, previews and downloads over the same core the CLI calls.

Safety rulings (ours): requests carry only short form texts (query and body bounded), but
for an upload (printables.web.uploads: bounded, unpacked and read by a worker inside the
server's temporary folder); games are looked up by their page's key in the catalog and
file names come from the core, so nothing a request sends becomes a path; every build runs
in a child process with a time limit (printables.web.jobs) and writes only into a fresh
temporary folder, deleted before the download is streamed from its open file. Previews
reuse warm workers; each download gets a fresh one, so its bytes are those of the command
shown beside it. A game that cannot be read, a download the page does not offer and a
build that fails are one line on a page (or in the preview's messages), never a bare
error.
"""

from __future__ import annotations

import io
import shutil
import tempfile
import zipfile
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup
from werkzeug.exceptions import RequestEntityTooLarge

from printables import __version__
from printables.errors import PrintablesError
from printables.games import GameSpec, installed_games
from printables.products.kit import kit_requests
from printables.products.registry import PRODUCTS
from printables.products.requests import KIT_PAPERS, Field, KitRequest, kit_paper
from printables.products.variant import size_counts_cells
from printables.render.png import CAIRO_HINT, png_available
from printables.web import guard, jobs
from printables.web.catalog import Entry, GameRef, find_game, listed, open_file, revision
from printables.web.choices import (
    PREVIEW_FIELDS,
    Choices,
    field_errors,
    form_fields,
    page_options,
    pick,
    read_choices,
    themes,
)
from printables.web.products import (
    DOWNLOADS,
    KIT_FIELDS,
    Download,
    Files,
    command_line,
    kit_args,
    kit_run,
)
from printables.web.uploads import MAX_UPLOAD, Uploads

#: Largest request body and query string we read (the form's texts are a few hundred bytes).
MAX_REQUEST = 16 * 1024
#: Largest upload request (the file, at most MAX_UPLOAD bytes, and the form around it); a
#: file over MAX_UPLOAD in a request under this gets its message on the page.
MAX_UPLOAD_REQUEST = 2 * MAX_UPLOAD
#: The multipart parser's buffer for an upload (it reads 64 KiB at a time; the form has no
#: text field).
UPLOAD_FORM_BUFFER = 256 * 1024
#: Seconds a worker may take to unpack and read an upload.
UPLOAD_LIMIT = 60.0
#: A zip's entries carry this date, so the same kit always gives the same bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")

web = Blueprint("web", __name__)

_F = TypeVar("_F", bound=Callable[..., Any])
_R = TypeVar("_R")


def _registered(register: Callable[[Any], object]) -> Callable[[_F], _F]:
    """A flask decorator (a route, a hook, an error handler: each generic over the views
    it takes) that registers the function and leaves it as it is, as flask's do; typed so
    where flask is not installed (a lint run) and its decorators are untyped."""
    def decorate(f: _F) -> _F:
        register(f)
        return f
    return decorate


def create_app(games_dir: str | None = None, runner: jobs.Runner | None = None,
               host: str = "127.0.0.1", allow_hosts: tuple[str, ...] = ()) -> Flask:
    """The web app; it answers only to the host names printables.web.guard allows."""
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=MAX_REQUEST, MAX_FORM_MEMORY_SIZE=MAX_REQUEST,
                      GAMES_DIR=games_dir, RUNNER=runner or jobs.Runner(), UPLOADS=Uploads())
    guard.install(app, host, allow_hosts)
    app.jinja_env.globals.update(version=__version__, command_line=command_line,
                                 kit_papers=tuple((p, p) for p in KIT_PAPERS),
                                 no_png=None if png_available() else CAIRO_HINT,
                                 max_upload=MAX_UPLOAD)
    app.register_blueprint(web)
    return app


# ---- helpers ------------------------------------------------------------------------------

def _games_dir() -> str | None:
    folder: str | None = current_app.config["GAMES_DIR"]  # create_app's games_dir
    return folder


def _runner() -> jobs.Runner:
    runner: jobs.Runner = current_app.config["RUNNER"]  # create_app's
    return runner


def _run(fn: Callable[..., _R], *args: Any) -> _R:
    """A download's build, in a fresh worker (see printables.web.jobs)."""
    return _runner().run(fn, *args, fresh=True)


def _entry(key: str, as_json: bool = False) -> Entry:
    """The game of a page's key; else its one-line reason, on a page (or as the preview's
    message), with status 404."""
    try:
        return find_game(key, _games_dir(), current_app.config["UPLOADS"])
    except PrintablesError as e:
        if as_json:
            abort(make_response(jsonify({"errors": {"form": str(e)}, "commands": {}}), 404))
        abort(make_response(render_template("error.html", message=str(e),
                                            title="Cannot open this game"), 404))
        raise  # not reached: abort raises (this says so to a type checker without flask)


def _preview(entry: Entry, ch: Choices) -> dict[str, Any]:
    return _cached_preview(entry.ref, revision(entry), entry.uploaded, ch.preview_part(),
                           _runner())


@lru_cache(maxsize=128)
def _cached_preview(ref: GameRef, rev: tuple[tuple[object, ...], ...], fresh: bool,
                    ch: Choices, runner: jobs.Runner) -> dict[str, Any]:
    return runner.run(jobs.preview_job, ref, ch, fresh=fresh)


def _commands(game: GameSpec, ch: Choices) -> dict[str, str]:
    """Each download's command line, as the page shows it."""
    lines = {k: command_line(d.args(game, ch)) for k, d in DOWNLOADS.items()}
    lines["kit"] = command_line(kit_args(game, ch))
    return lines


def _svg(text: str) -> Markup:
    """Our own renderer's SVG, inline (its texts are escaped by the renderer)."""
    return Markup(text[text.index("<svg"):])


def _game_page(entry: Entry, ch: Choices, errors: dict[str, str]) -> str:
    groups: dict[str, list[Download]] = {}
    for d in DOWNLOADS.values():
        groups.setdefault(d.group, []).append(d)
    preview = None
    if not pick(errors, PREVIEW_FIELDS):
        try:
            preview = _preview(entry, ch)
        except PrintablesError as e:  # the game file's own problem: on the form
            errors = {**errors, "form": str(e)}
    game = entry.game
    page: str = render_template(
        "game.html", game=game, page_key=entry.key, uploaded=entry.uploaded, choices=ch,
        errors=errors, size_in_cells=size_counts_cells(game), preview=preview, svg=_svg,
        groups=list(groups.items()), commands=_commands(game, ch), fieldsets=_fieldsets(),
        themes=themes(), options=page_options(game))
    return page


def _index_page(errors: dict[str, str], paper: str = "A4") -> str:
    games, folder = listed(_games_dir())
    page: str = render_template("index.html", games=games, paper=paper, errors=errors,
                                games_dir=_games_dir(), files=folder.files(),
                                problems=folder.problems)
    return page


def _fieldsets() -> list[tuple[str, list[tuple[str, Field]]]]:
    """The product fields of the form, grouped under the product that shows each first
    (the game request's size, options and theme come before them, from the template)."""
    sets: dict[str, list[tuple[str, Field]]] = {}
    for key, (product, f) in form_fields().items():
        sets.setdefault(PRODUCTS[product].title, []).append((key, f))
    return list(sets.items())


def _kit_paper(args: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """The kit paper of a request, and the kit core's message when it is not one."""
    text = str(args.get("paper", "A4"))[:40]
    try:
        return kit_paper(text), {}
    except PrintablesError as e:
        return text, {"paper": str(e)}


def _not_offered(key: str) -> str:
    """Why the page has no download of this key."""
    if key.endswith(".png") and not png_available():
        return f"no {key} here: {CAIRO_HINT}"
    return f"no download {key[:40]!r} on this page; choose one of its download buttons"


# ---- requests -----------------------------------------------------------------------------

@_registered(web.before_app_request)
def _bounded() -> None:
    if len(request.query_string) > MAX_REQUEST:
        abort(414)


@_registered(web.after_app_request)
def _headers(resp: Response) -> Response:
    resp.headers.setdefault("Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data:; "
                            "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")
    resp.headers.setdefault("X-Content-Type-Options", "nosniff")
    resp.headers.setdefault("Referrer-Policy", "no-referrer")
    return resp


@_registered(web.app_errorhandler(PrintablesError))
def _build_failed(e: PrintablesError) -> tuple[str, int]:
    return render_template("error.html", message=str(e)), 503


@_registered(web.get("/"))
def index() -> str:
    """The games with their boards, the kit of all of them, the upload and the chooser."""
    return _index_page({})


@_registered(web.post("/upload"))
def upload() -> ResponseReturnValue:
    """A visitor's game file (a zip of its folder, or the .toml alone): its page, or the
    first page with the one line that says why it cannot be read."""
    request.max_content_length = MAX_UPLOAD_REQUEST
    request.max_form_memory_size = UPLOAD_FORM_BUFFER
    try:
        file = request.files.get("game")
        data = file.read(MAX_UPLOAD + 1) if file else b""
        key = current_app.config["UPLOADS"].add(file.filename if file else None, data,
                                                _run_upload, jobs.upload_job)
    except RequestEntityTooLarge:
        message = (f"the upload is more than {MAX_UPLOAD} bytes, the most an upload may be; "
                   "zip only the game's own files")
        return _index_page({"upload": message}), 413
    except PrintablesError as e:
        return _index_page({"upload": str(e)}), 400
    return redirect(url_for("web.game_page", name=key), 303)


def _run_upload(fn: Callable[..., _R], *args: Any) -> _R:
    return _runner().run(fn, *args, fresh=True, limit=UPLOAD_LIMIT)


@_registered(web.get("/open"))
def open_game_file() -> ResponseReturnValue:
    """The chooser of the --game-files folder: the game file picked by its name (only a name
    the chooser lists is looked up), or the first page with that file's one-line error."""
    try:
        key = open_file(str(request.args.get("file", ""))[:200], _games_dir())
    except PrintablesError as e:
        return _index_page({"file": str(e)}), 400
    return redirect(url_for("web.game_page", name=key), 303)


@_registered(web.get("/game/<name>"))
def game_page(name: str) -> tuple[str, int]:
    """A game's form, preview and downloads (values from the query, checked when given)."""
    entry = _entry(name)
    ch = read_choices(entry.game, request.args)
    errors = field_errors(entry.game, ch) if request.args else {}
    return _game_page(entry, ch, errors), (400 if errors else 200)


@_registered(web.get("/game/<name>/preview.json"))
def preview(name: str) -> tuple[Response, int]:
    """What the live preview shows: messages, commands and (when all is well) drawings."""
    entry = _entry(name, as_json=True)
    ch = read_choices(entry.game, request.args)
    errors = field_errors(entry.game, ch)
    body = {"errors": errors, "commands": _commands(entry.game, ch)}
    if not pick(errors, PREVIEW_FIELDS):
        try:
            body.update(_preview(entry, ch))
        except PrintablesError as e:  # the game's own problem, or a failed build
            errors["form"] = str(e)
    return jsonify(body), (400 if errors else 200)


@_registered(web.get("/game/<name>/<any(board, setup):kind>.svg"))
def picture(name: str, kind: str) -> Response:
    """The board or setup drawing for img tags."""
    entry = _entry(name)
    ch = read_choices(entry.game, request.args)
    if field_errors(entry.game, ch, PREVIEW_FIELDS):
        abort(400)
    return current_app.response_class(_preview(entry, ch)[f"{kind}_svg"],
                                      mimetype="image/svg+xml")


@_registered(web.get("/game/<name>/download"))
def download(name: str) -> ResponseReturnValue:
    """One product's files, or the kit as a zip; with a bad value, the form and messages."""
    entry = _entry(name)
    game = entry.game
    ch = read_choices(game, request.args)
    key = request.args.get("file", "kit")
    if key != "kit" and key not in DOWNLOADS:
        return render_template("error.html", message=_not_offered(key),
                               title="No such download"), 404
    errors = field_errors(game, ch)
    if pick(errors, KIT_FIELDS if key == "kit" else DOWNLOADS[key].fields):
        # nothing is built: the form comes back with the messages
        return _game_page(entry, ch, errors), 400
    if key == "kit":
        run = kit_run(game, ch, entry.ref.folder)  # the paper's canonical spelling names the zip
        return _kit_zip(run, f"printables-{game.name}-{run.paper}", entry.ref.folder)
    try:
        DOWNLOADS[key].request(game, ch)  # a check of fields together (print-and-play paper)
    except PrintablesError as e:
        return _game_page(entry, ch, {**errors, "form": str(e)}), 400
    files = _run(jobs.product_job, entry.ref, key, ch)
    return _send(files, f"{game.name}-{key.replace('.', '-')}")


@_registered(web.get("/kit/all"))
def kit_all() -> ResponseReturnValue:
    """Every installed game's kit in one zip, as `printables kit all` builds them."""
    paper, errors = _kit_paper(request.args)
    if errors:
        return _index_page(errors, paper), 400
    return _kit_zip(kit_requests(list(installed_games()), paper=paper), f"printables-all-{paper}")


# ---- files --------------------------------------------------------------------------------

def _send(files: Files, stem: str) -> Response:
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


def _kit_zip(run: KitRequest, stem: str, games_in: str | None = None) -> Response:
    """Build the kits in a fresh temporary folder and zip them there; the folder is deleted
    before the zip is streamed from its still-open file (so nothing stays on disk, even
    when the visitor leaves mid-download)."""
    tmp = Path(tempfile.mkdtemp(prefix="printables-web-"))
    try:
        _run(jobs.kit_job, run, str(tmp / "kit"), games_in)
        target = tmp / (stem + ".zip")
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
            for path in sorted((tmp / "kit").rglob("*")):
                if path.is_file() and not path.is_symlink():
                    _add(z, f"{stem}/{path.relative_to(tmp / 'kit').as_posix()}",
                         path.read_bytes())
        stream = open(target, "rb")  # noqa: SIM115 (streamed after the folder is gone)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return send_file(stream, as_attachment=True, download_name=target.name,
                     mimetype="application/zip", max_age=0)
