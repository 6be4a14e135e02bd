"""The files the page offers, each the output of one CLI command with the form's choices.

A product names the command (shown on the page, so a visitor can repeat it in a terminal)
and builds its files with that command's core function. Ruling (ours): PNGs use the CLI's
default 150 dpi, and the booklet for folding is imposed on Letter for Letter paper, else on
A4 (as the kit does).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Callable

from printables.games import GameSpec
from printables.web.catalog import game_arg
from printables.web.choices import Choices

Files = list[tuple[str, bytes]]


@dataclass(frozen=True)
class Product:
    """A download: its key in the form, a label, the CLI arguments and the build."""

    key: str
    group: str
    label: str
    args: Callable[[GameSpec, Choices], list[str]]
    build: Callable[[GameSpec, Choices], Files]


def _theme(ch: Choices) -> list[str]:
    return [] if ch.theme == "colour" else ["--theme", ch.theme]


def _board_args(fmt: str) -> Callable[[GameSpec, Choices], list[str]]:
    def args(game: GameSpec, ch: Choices) -> list[str]:
        size = ["--size", ch.size] if ch.size else []
        opts = [a for o in ch.option_args() for a in ("--option", o)]
        return ["board", game_arg(game), "--format", fmt, *size, *_theme(ch), *opts]
    return args


def _board_build(fmt: str) -> Callable[[GameSpec, Choices], Files]:
    def build(game: GameSpec, ch: Choices) -> Files:
        from printables.products.boards_cmd import board_filename, board_request, render_board
        req = board_request(game, ch.size or None, ch.option_args())
        return [(board_filename(game, req, fmt, ch.theme), render_board(game, req, fmt, ch.theme))]
    return build


def _setup_args(fmt: str) -> Callable[[GameSpec, Choices], list[str]]:
    return lambda game, ch: ["setup", game_arg(game), "--format", fmt, *_theme(ch)]


def _setup_build(fmt: str) -> Callable[[GameSpec, Choices], Files]:
    def build(game: GameSpec, ch: Choices) -> Files:
        from printables.products.setup_cmd import render_setup
        return [render_setup(game.name, fmt, ch.theme)]
    return build


def _pieces_args(game: GameSpec, ch: Choices) -> list[str]:
    diameter = ["--diameter", ch.diameter] if ch.diameter else []
    return ["pieces", game_arg(game), "--paper", ch.paper, *diameter, *_theme(ch)]


def _pieces_build(game: GameSpec, ch: Choices) -> Files:
    from printables.products.pieces.sheet import render_pieces
    from printables.units import parse_length
    diameter = parse_length(ch.diameter, "diameter") if ch.diameter else None
    return render_pieces(game, "pdf", ch.paper, diameter, ch.theme)


def _sheet(ch: Choices) -> str:
    return "letter" if ch.paper.lower() == "letter" else "A4"


def _booklet_args(imposed: bool) -> Callable[[GameSpec, Choices], list[str]]:
    def args(game: GameSpec, ch: Choices) -> list[str]:
        return ["booklet", game_arg(game), *(["--impose", _sheet(ch)] if imposed else []), *_theme(ch)]
    return args


def _booklet_build(imposed: bool) -> Callable[[GameSpec, Choices], Files]:
    def build(game: GameSpec, ch: Choices) -> Files:
        from printables.products.booklet import booklet_outputs
        files = booklet_outputs(game, None, _sheet(ch) if imposed else None, ch.theme)
        return files[-1:]  # with --impose the CLI also writes the page-by-page booklet
    return build


def _laser_args(fmt: str) -> Callable[[GameSpec, Choices], list[str]]:
    def args(game: GameSpec, ch: Choices) -> list[str]:
        return ["laser", game_arg(game), "--sheet", ch.sheet, "--kerf", ch.kerf, "--profile",
                ch.profile, "--format", fmt, "--parts", ch.parts]
    return args


def _laser_build(fmt: str) -> Callable[[GameSpec, Choices], Files]:
    def build(game: GameSpec, ch: Choices) -> Files:
        from printables.products.laser import laser_files, laser_request
        return laser_files(game, laser_request(ch.sheet or None, ch.kerf or None, ch.profile,
                                               fmt, ch.parts))
    return build


def _products() -> dict[str, Product]:
    from printables.products.laser import dxf_available
    from printables.render.png import png_available
    rows = [Product(f"board.{f}", "Board", f"Board {f.upper()}", _board_args(f), _board_build(f))
            for f in ("pdf", "svg", "png", "json") if f != "png" or png_available()]
    rows += [Product(f"setup.{f}", "Setup", f"Setup {f.upper()}", _setup_args(f), _setup_build(f))
             for f in ("pdf", "svg", "png") if f != "png" or png_available()]
    rows.append(Product("pieces.pdf", "Pieces", "Pieces PDF", _pieces_args, _pieces_build))
    rows.append(Product("booklet.pdf", "Booklet", "Booklet PDF (A5 pages)",
                        _booklet_args(False), _booklet_build(False)))
    rows.append(Product("booklet-imposed.pdf", "Booklet", "Booklet to fold (2-up)",
                        _booklet_args(True), _booklet_build(True)))
    rows += [Product(f"laser.{f}", "Laser", f"Laser {f.upper()} sheets", _laser_args(f),
                     _laser_build(f)) for f in ("svg", "dxf") if f != "dxf" or dxf_available()]
    return {p.key: p for p in rows}


PRODUCTS: dict[str, Product] = _products()


def kit_args(game: GameSpec, ch: Choices) -> list[str]:
    """The kit command for a game: a kit takes only the paper."""
    return ["kit", game_arg(game), "--paper", ch.paper]


def command_line(args: list[str]) -> str:
    """The arguments as a line to type: `printables board dugi --format svg`.

    >>> command_line(["board", "dugi", "--size", "17.5 cm"])
    "printables board dugi --size '17.5 cm'"
    """
    return shlex.join(["printables", *args])
