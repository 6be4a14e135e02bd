"""The one product table: every product a person prints or cuts, its formats, its request
and its build, for the CLI, the web page and the kit alike.

A product (board, setup, pieces, booklet, laser, print-and-play) declares:
- its formats (print formats come from printables.render.RENDERERS, so a new back end is
  offered by every product that draws Scenes, with no other change);
- its request type (printables.products.requests: the game request plus the product's own
  fields, read from text the same way by the CLI, the form and the kit);
- its build, build(game, request) -> [(file name, bytes)], named "module:function" in the
  product's own module (loaded on first use, printables.loading): reading a request, --help
  and `list` load no product code, and a command that makes one product loads that
  product's build and nothing of the others.

Ruling (ours): a board PDF without a paper is one page of the board's size, with a paper it
is the kit's board.pdf (laid on or tiled over that paper).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from printables.errors import UsageError, install_hint, quote
from printables.games import GameSpec, get_game
from printables.loading import load
from printables.products.requests import (
    BoardRequest,
    BookletRequest,
    Files,
    GameRequest,
    LaserRequest,
    PiecesRequest,
    PrintAndPlayRequest,
    Request,
    SetupRequest,
)
from printables.render import RENDERERS
from printables.render.theme import DEFAULT_THEME, THEMES

#: Back ends that only laser files use (they need a laser profile's layers).
LASER_ONLY = ("dxf", "lbrn2")


def print_formats() -> tuple[str, ...]:
    """The page formats every Scene-drawing product offers: each back end but laser ones."""
    return tuple(f for f in RENDERERS if f not in LASER_ONLY)


def _ordered(first: str, *extra: str) -> Callable[[], tuple[str, ...]]:
    """Print formats with first in front (the default), then extra."""
    return lambda: (first, *(f for f in print_formats() if f != first), *extra)


FORMAT_HELP = {"pieces": "pdf: all pages in one file; svg and png: one file per page; json: "
                         "where every piece sits.",
               "laser": "lbrn2: a LightBurn project with layer settings; dxf needs the "
                        f"extra: {install_hint('dxf')}."}


# ---- the table ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Product:
    """A product: its name (the CLI command), help, request type, formats and build."""

    name: str
    title: str
    help: str
    request: type[Request]
    formats: Callable[[], tuple[str, ...]]
    #: "module:function" of its build(game, request) -> Files (printables.loading)
    builder: str

    @property
    def theme(self) -> bool:
        """True when the product takes --theme (the laser's profile colours its files)."""
        return self.request.THEMED

    @property
    def reads(self) -> tuple[str, ...]:
        """The texts besides the game its files are made from (its request's READS)."""
        return self.request.READS

    def read(self, game: GameSpec, texts: Mapping[str, str | None], fmt: str | None = None,
             options: Sequence[str] = (), size: str | None = None,
             theme: str = DEFAULT_THEME) -> Request:
        """The request from texts: the game's (options, size, theme) and the fields'."""
        fmt = check_format(self, fmt)
        greq = GameRequest.from_texts(game, options, size, theme if self.theme
                                      else DEFAULT_THEME)
        return self.request.read(greq, fmt, texts)

    def files(self, game: GameSpec, req: Request) -> Files:
        """The files of req (its format checked again: a request may be made in code)."""
        check_format(self, req.fmt)
        return self.build(game, req)

    def build(self, game: GameSpec, req: Request) -> Files:
        """The files of req, by the product's build (its module loaded on first use)."""
        files: Files = load(self.builder)(game, req)
        return files


def check_format(product: Product, fmt: str | None) -> str:
    """fmt when product offers it (None: its first format), else a UsageError listing them."""
    offered = product.formats()
    if fmt is None or fmt == "":
        return offered[0]
    if fmt not in offered:
        raise UsageError(f"{product.name} has no format {quote(fmt)}; valid: "
                         f"{', '.join(offered)}", input=str(fmt))
    return fmt


def _laser_formats() -> tuple[str, ...]:
    return ("svg", *LASER_ONLY)


PRODUCTS: dict[str, Product] = {p.name: p for p in (
    Product("board", "Board", "Draw a game's board at exact size (GAME or --all).", BoardRequest,
            _ordered("pdf", "json"), "printables.products.board:build_board"),
    Product("setup", "Setup", "Draw the board with the pieces in their starting places "
            "(GAME or --all).\n\nGames that start with an empty board show each player's "
            "pieces beside it; a variant's setup is drawn on its board.", SetupRequest,
            _ordered("pdf"), "printables.products.setup:build_setup"),
    Product("pieces", "Pieces", "Print a game's pieces at real size, with spares and cut "
            "lines (GAME or --all).\n\nChameleons pieces are two-sided: print the PDF "
            "double-sided, flipping on the long edge.", PiecesRequest, _ordered("pdf", "json"),
            "printables.products.pieces.sheet:build_pieces"),
    Product("booklet", "Booklet", "Typeset a game's rule booklet: cover, contents, rules, "
            "setup and checked examples.\n\nEvery example position is checked against the "
            "rules first; a failing check stops the build (exit status 2) and names the file "
            "and the check. A variant's booklet draws its board and keeps the examples that "
            "still hold on it.", BookletRequest, lambda: ("pdf",),
            "printables.products.booklet.build:build_booklet"),
    Product("laser", "Laser", "Make laser-cutter files: one file per sheet of material (GAME "
            "or --all).\n\nLayers: engrave, score, inner cuts, outer cuts and a 100 mm "
            "reference that is not cut. Check the reference measures 100 mm in your laser "
            "software before you cut. With --all, a game whose board cannot be made on the "
            "sheet is reported and the others are made.", LaserRequest, _laser_formats,
            "printables.products.laser.sheets:build_laser"),
    Product("print-and-play", "Print and play", "Write a game's one-file print-and-play PDF "
            "(GAME or --all): a print plan, the board, the pieces and the booklet to fold, "
            "padded for one double-sided job (flip on the long edge).", PrintAndPlayRequest,
            lambda: ("pdf",), "printables.products.kit_parts:build_print_and_play"),
)}


#: The position-file reader (printables.loading), loaded only for a setup's --layout given
#: without a GAME: a product command on a game reads no position file here.
LAYOUT_READER = "printables.positions:load_layout"


def game_of_texts(product: Product, texts: Mapping[str, str | None]) -> GameSpec | None:
    """The game a request names by itself, when no GAME is given: a setup's --layout file
    is for one game."""
    layout = texts.get("layout")
    if product.request is SetupRequest and layout:
        return get_game(load(LAYOUT_READER)(layout).position.game)
    return None


def theme_names() -> tuple[str, ...]:
    """The themes --theme takes."""
    return tuple(THEMES)


__all__ = ["FORMAT_HELP", "LASER_ONLY", "PRODUCTS", "Product", "check_format",
           "game_of_texts", "print_formats", "theme_names"]
