"""The files the page offers, each the output of one CLI command with the form's choices.

A product names the command (shown on the page, so a visitor can repeat it in a terminal),
the form fields that command reads, and builds its files with that command's core
function. An option at its CLI default is left out of the command line. Rulings (ours):
the folding booklet is imposed on the Fold sheet field, else on letter for Letter paper
and A4 for the rest (as the kit does); `--material` is shown (and read) only for LightBurn
projects, the one format it changes.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Callable

from printables.games import GameSpec
from printables.web.catalog import game_arg
from printables.web.choices import FORM, KIT, Choices, cli_value, gutter_mm, impose_sheet

Files = list[tuple[str, bytes]]
DEFAULT = Choices()


@dataclass(frozen=True)
class Product:
    """A download: its key in the form, a label, the fields it reads ("opt." = every game
    option), the CLI arguments and the build."""

    key: str
    group: str
    label: str
    fields: tuple[str, ...]
    args: Callable[[GameSpec, Choices], list[str]]
    build: Callable[[GameSpec, Choices], Files]


def _given(ch: Choices, name: str, option: str | None = None) -> list[str]:
    """[--option, value] when the field differs from the CLI's default, else []."""
    value = getattr(ch, name)
    return [option or f"--{name}", value] if value and value != getattr(DEFAULT, name) else []


def _dpi(ch: Choices, fmt: str) -> list[str]:
    return _given(ch, "dpi") if fmt == "png" else []


def _dpi_value(ch: Choices, fmt: str) -> int:
    """--dpi as the CLI reads it; only PNGs read it (the others keep the default)."""
    return cli_value("board", "--dpi", ch.dpi if fmt == "png" else DEFAULT.dpi)


def _game_options(ch: Choices) -> list[str]:
    return [a for o in ch.option_args() for a in ("--option", o)]


def _board_args(fmt: str) -> Callable[[GameSpec, Choices], list[str]]:
    def args(game: GameSpec, ch: Choices) -> list[str]:
        return ["board", game_arg(game), "--format", fmt, *_given(ch, "size"),
                *_given(ch, "theme"), *_game_options(ch), *_dpi(ch, fmt)]
    return args


def _board_build(fmt: str) -> Callable[[GameSpec, Choices], Files]:
    def build(game: GameSpec, ch: Choices) -> Files:
        from printables.products.board import board_filename, board_request, render_board
        req = board_request(game, ch.size or None, ch.option_args())
        return [(board_filename(game, req, fmt, ch.theme),
                 render_board(game, req, fmt, ch.theme, _dpi_value(ch, fmt)))]
    return build


def _setup_args(fmt: str) -> Callable[[GameSpec, Choices], list[str]]:
    return lambda game, ch: ["setup", game_arg(game), "--format", fmt, *_given(ch, "theme"),
                             *_dpi(ch, fmt)]


def _setup_build(fmt: str) -> Callable[[GameSpec, Choices], Files]:
    def build(game: GameSpec, ch: Choices) -> Files:
        from printables.products.setup import render_setup
        return [render_setup(game.name, fmt, ch.theme, None, _dpi_value(ch, fmt))]
    return build


def _pieces_args(fmt: str) -> Callable[[GameSpec, Choices], list[str]]:
    def args(game: GameSpec, ch: Choices) -> list[str]:
        return ["pieces", game_arg(game), "--format", fmt, "--paper", ch.paper,
                *_given(ch, "diameter"), *_given(ch, "gutter"), *_given(ch, "theme"),
                *_dpi(ch, fmt)]
    return args


def _pieces_build(fmt: str) -> Callable[[GameSpec, Choices], Files]:
    def build(game: GameSpec, ch: Choices) -> Files:
        from printables.products.pieces.sheet import render_pieces
        from printables.units import parse_length
        diameter = parse_length(ch.diameter, "diameter") if ch.diameter else None
        return render_pieces(game, fmt, ch.paper, diameter, ch.theme, _dpi_value(ch, fmt),
                             gutter_mm(ch.gutter))
    return build


def _booklet_args(imposed: bool) -> Callable[[GameSpec, Choices], list[str]]:
    def args(game: GameSpec, ch: Choices) -> list[str]:
        impose = ["--impose", impose_sheet(ch)] if imposed else []
        return ["booklet", game_arg(game), *_given(ch, "pages", "--paper"), *impose,
                *_given(ch, "theme")]
    return args


def _booklet_build(imposed: bool) -> Callable[[GameSpec, Choices], Files]:
    def build(game: GameSpec, ch: Choices) -> Files:
        from printables.products.booklet import booklet_outputs
        files = booklet_outputs(game, ch.pages or None, impose_sheet(ch) if imposed else None,
                                ch.theme)
        return files[-1:]  # with --impose the CLI also writes the page-by-page booklet
    return build


def _laser_args(fmt: str) -> Callable[[GameSpec, Choices], list[str]]:
    def args(game: GameSpec, ch: Choices) -> list[str]:
        material = _given(ch, "material") if fmt == "lbrn2" else []
        return ["laser", game_arg(game), "--sheet", ch.sheet, "--kerf", ch.kerf, "--profile",
                ch.profile, "--format", fmt, *material, "--parts", ch.parts,
                *(["--no-reference"] if ch.no_reference else []), *_given(ch, "tabs"),
                *_game_options(ch), *_given(ch, "joints")]
    return args


def _laser_build(fmt: str) -> Callable[[GameSpec, Choices], Files]:
    def build(game: GameSpec, ch: Choices) -> Files:
        from printables.products.laser import laser_files, laser_request
        read = {n: cli_value("laser", f"--{n}", getattr(ch, n))
                for n in ("kerf", "tabs", "parts", "joints")}
        req = laser_request(ch.sheet or None, read["kerf"], ch.profile, fmt, read["parts"],
                            ch.material if fmt == "lbrn2" else DEFAULT.material,
                            not ch.no_reference, read["tabs"], ch.option_args(),
                            read["joints"])
        return laser_files(game, req)
    return build


BOARD = ("size", "theme", "opt.", FORM)
LASER = ("sheet", "kerf", "profile", "parts", "tabs", "joints", "opt.")


def _png(fields: tuple[str, ...], fmt: str) -> tuple[str, ...]:
    return (*fields, "dpi") if fmt == "png" else fields


def _products() -> dict[str, Product]:
    from printables.products.laser import dxf_available
    from printables.render.png import png_available
    def formats(*names: str) -> list[str]:
        return [f for f in names if f != "png" or png_available()]
    rows = [Product(f"board.{f}", "Board", f"Board {f.upper()}", _png(BOARD, f),
                    _board_args(f), _board_build(f)) for f in formats("pdf", "svg", "png", "json")]
    rows += [Product(f"setup.{f}", "Setup", f"Setup {f.upper()}", _png(("theme",), f),
                     _setup_args(f), _setup_build(f)) for f in formats("pdf", "svg", "png")]
    rows += [Product(f"pieces.{f}", "Pieces", f"Pieces {f.upper()}",
                     _png(("paper", "diameter", "gutter", "theme"), f), _pieces_args(f),
                     _pieces_build(f)) for f in formats("pdf", "svg", "png", "json")]
    rows.append(Product("booklet.pdf", "Booklet", "Booklet PDF",
                        ("pages", "theme"), _booklet_args(False), _booklet_build(False)))
    rows.append(Product("booklet-imposed.pdf", "Booklet", "Booklet to fold (2-up)",
                        ("pages", "impose", "theme"), _booklet_args(True), _booklet_build(True)))
    labels = {"svg": "Laser SVG sheets", "dxf": "Laser DXF sheets",
              "lbrn2": "LightBurn projects"}
    rows += [Product(f"laser.{f}", "Laser", labels[f], (*LASER, "material") if f == "lbrn2"
                     else LASER, _laser_args(f), _laser_build(f))
             for f in ("svg", "dxf", "lbrn2") if f != "dxf" or dxf_available()]
    return {p.key: p for p in rows}


PRODUCTS: dict[str, Product] = _products()
#: The fields the kit reads: it takes the paper only, as `printables kit` does.
KIT_FIELDS = ("paper", KIT)


def kit_args(game: GameSpec, ch: Choices) -> list[str]:
    """The kit command for a game: a kit takes only the paper."""
    return ["kit", game_arg(game), "--paper", ch.paper]


def command_line(args: list[str]) -> str:
    """The arguments as a line to type: `printables board dugi --format svg`.

    >>> command_line(["board", "dugi", "--size", "17.5 cm"])
    "printables board dugi --size '17.5 cm'"
    """
    return shlex.join(["printables", *args])
