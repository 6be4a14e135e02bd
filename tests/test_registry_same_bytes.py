"""For random valid requests and every product: the CLI command, the web download and the
kit's file are the same bytes (all three read the request through the product table).

Each example builds real files (booklets and PNGs take seconds), so the default run draws
two examples per product, the same ones each run; the thorough profile draws 40 at random:

    PRINTABLES_HYPOTHESIS=thorough python -m pytest tests/test_registry_same_bytes.py
"""

from __future__ import annotations

import io
import os
import zipfile

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from printables.errors import UsageError
from printables.games import GAMES
from printables.products.kit_build import KitTask, build_game
from printables.products.laser.sheets import PROFILES
from printables.products.registry import PRODUCTS
from printables.products.requests import GameRequest, parts_of_kit
from printables.products.variant import size_counts_cells
from tests.conftest import needs_png, run_cli

flask = pytest.importorskip("flask", reason="the web extra (flask) is not installed")

from printables.web import create_app  # noqa: E402
from printables.web.jobs import Runner  # noqa: E402

pytestmark = [pytest.mark.web, pytest.mark.kit]

EXAMPLES = 40 if os.environ.get("PRINTABLES_HYPOTHESIS") == "thorough" else 2
#: A few examples by default, drawn the same way each run and not shrunk (a shrink rebuilds
#: booklets for minutes); a thorough run draws at random and shrinks what it finds.
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 2,
                    phases=([Phase.explicit, Phase.reuse, Phase.generate] if EXAMPLES <= 2
                            else list(Phase)),
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])

#: Valid game options per game (texts as a user types them).
OPTIONS = {
    "dag-en-nacht": {"size": ["11", "13", "17", "19"], "black_alternating": ["true", "false"]},
    "network": {"size": ["8", "10", "12"], "pie": ["true", "false"]},
    "evl": {"target": ["10", "12"]},
}


@st.composite
def game_texts(draw, games=tuple(GAMES), lengths=True):
    """A game and its request texts: options, a size and a theme."""
    game = draw(st.sampled_from(games))
    opts = OPTIONS.get(game, {})
    chosen = draw(st.lists(st.sampled_from(sorted(opts)), unique=True)) if opts else []
    options = [f"{k}={draw(st.sampled_from(opts[k]))}" for k in chosen]
    size = draw(st.sampled_from(["", "180", "21cm"] if lengths else [""]))
    theme = draw(st.sampled_from(["colour", "mono"]))
    return game, options, size, theme


FIELD_TEXTS = {  # valid texts per (product, field); "" = leave the field out
    "board": {"dpi": ["", "40", "72"], "paper": ["", "A4", "Letter", "A3"]},
    "setup": {"dpi": ["", "40"]},
    "pieces": {"paper": ["", "Letter", "A5"], "diameter": ["", "18", "2cm"],
               "gutter": ["", "0", "1.5"], "dpi": ["", "40"]},
    "booklet": {"paper": ["", "A5"], "impose": ["", "A4", "letter"]},
    "laser": {"sheet": ["", "300x200"], "kerf": ["", "0.15"], "profile": ["", *PROFILES],
              "material": ["", "2mm-card"], "parts": ["", "board", "pieces"],
              "no_reference": ["", "1"], "tabs": ["", "0.3"], "joints": ["", "tabs"]},
    "print-and-play": {"paper": ["", "Letter", "A3"]},
}


@st.composite
def product_request(draw, product: str):
    """A product, a format, a game request and field texts, all valid for the CLI."""
    game, options, size, theme = draw(game_texts(lengths=product != "laser"))
    fmt = draw(st.sampled_from([f for f in PRODUCTS[product].formats()
                                if f != "png" and f != "dxf"] + (["png"] if _png() else [])))
    fields = {name: draw(st.sampled_from(texts))
              for name, texts in FIELD_TEXTS[product].items()}
    return game, fmt, options, size, theme, {k: v for k, v in fields.items() if v}


def _png() -> bool:
    from printables.render.png import png_available
    return png_available()


def cli_args(product: str, game: str, fmt: str, options, size, theme, fields) -> list[str]:
    """The command line a user types for these texts."""
    args = [product, game, "--format", fmt]
    for o in options:
        args += ["--option", o]
    if size:
        args += ["--size", size]
    if theme != "colour" and PRODUCTS[product].theme:
        args += ["--theme", theme]
    by_name = {f.name: f for f in PRODUCTS[product].request.FIELDS}
    for name, text in fields.items():
        args += [by_name[name].cli] if by_name[name].is_flag else [by_name[name].cli, text]
    return args


def cli_files(capsys, tmp_path, args) -> dict[str, bytes]:
    out = tmp_path / "cli"
    code, _, err = run_cli(args + ["-o", str(out)], capsys)
    assert code == 0, (args, err)
    files = {p.name: p.read_bytes() for p in out.iterdir()}
    for p in out.iterdir():
        p.unlink()
    return files


@pytest.fixture(scope="module")
def client():
    runner = Runner(slots=1, limit=120)
    yield create_app(runner=runner).test_client()
    runner.close()


#: The web form's key of each field, where it differs from the field's name.
FORM = {("board", "paper"): "board_paper", ("booklet", "paper"): "pages"}


def web_files(client, product, game, fmt, options, size, theme, fields) -> dict[str, bytes]:
    """The page's one size field takes a count of cells as --size does (no size option)."""
    query = {"file": f"{product}.{fmt}", "size": size, "theme": theme}
    for o in options:
        key, value = o.split("=")
        if key == "size" and size_counts_cells(GAMES[game]):
            assume(not size)  # the page has one size field: a length or a count
            query["size"] = value
        else:
            query[f"opt.{key}"] = value
    for name, text in fields.items():
        query[FORM.get((product, name), name)] = text
    if product == "booklet":
        query["file"] = "booklet-imposed.pdf" if fields.get("impose") else "booklet.pdf"
        query.setdefault("impose", "")
    resp = client.get(f"/game/{game}/download", query_string=query)
    assert resp.status_code == 200, resp.data[:300]
    name = resp.headers["Content-Disposition"].split("filename=")[1]
    if resp.mimetype != "application/zip":
        return {name: resp.data}
    with zipfile.ZipFile(io.BytesIO(resp.data)) as z:
        return {n.split("/", 1)[1]: z.read(n) for n in z.namelist()}


def _valid(product, game, fmt, options, size, theme, fields) -> None:
    """assume() away a draw the CLI refuses as a whole (a size too small for a game...)."""
    try:
        PRODUCTS[product].read(GAMES[game], fields, fmt, options, size or None, theme)
    except UsageError:
        assume(False)


@pytest.mark.parametrize("product", sorted(PRODUCTS))
def test_the_cli_and_the_web_write_the_same_bytes(product, client, capsys, tmp_path):
    @SETTINGS
    @given(product_request(product))
    def check(drawn):
        game, fmt, options, size, theme, fields = drawn
        _valid(product, game, fmt, options, size, theme, fields)
        cli = cli_files(capsys, tmp_path, cli_args(product, game, fmt, options, size, theme,
                                                   fields))
        web = web_files(client, product, game, fmt, options, size, theme, fields)
        if product == "booklet" and fields.get("impose"):
            cli = {k: v for k, v in cli.items() if "imposed" in k}  # its second file
        assert web == cli
    check()


@needs_png
@SETTINGS
@given(game_texts(), st.sampled_from(["A4", "Letter", "A3"]))
def test_every_kit_file_is_its_commands_bytes(capsys, tmp_path, drawn, paper):
    """A kit's files, for a random game request and paper, are the bytes of the product
    commands it is composed of (the laser files: `laser GAME` with the same request)."""
    game, options, size, theme = drawn
    try:
        greq = GameRequest.from_texts(GAMES[game], options, size or None, theme)
    except UsageError:
        assume(False)
    kit = {}
    for part in ("print", "laser"):
        kit.update(build_game(KitTask(game, paper, part, greq)))
    for name, req in parts_of_kit(GAMES[game], greq, paper).items():
        product = next(k for k, p in PRODUCTS.items() if isinstance(req, p.request))
        files = cli_files(capsys, tmp_path, [product, game, *req.args()])
        imposed = name == "booklet-imposed.pdf"
        (wanted,) = [k for k in files if ("-imposed-" in k) == imposed]
        assert kit[f"{game}/{name}"] == files[wanted], name
    laser = cli_files(capsys, tmp_path, ["laser", game, *greq.args(theme=False)])
    assert {k.split("/")[-1]: v for k, v in kit.items() if "/laser/" in k} == laser
    pnp = cli_files(capsys, tmp_path, ["print-and-play", game, *greq.given, "--paper", paper])
    assert list(pnp.values()) == [kit[f"{game}/{game}-print-and-play.pdf"]]
