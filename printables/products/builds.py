"""The builds of the product table: each product's build(game, request) -> [(file name,
bytes)], and the kit's parts built together (printables.products.registry names these
functions; printables.loading imports this module the first time a product is built, so
reading a request, --help and a kit that finds every file unchanged never load the
typesetting, drawing and laser code imported here).

Ruling (ours): a kit part in PNG is left out where cairo cannot be loaded; every other
file is still made.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from printables.buildcache import BuildCache
from printables.games import GameSpec
from printables.products.board import board_filename, render_board
from printables.products.booklet.book import booklet_outputs
from printables.products.laser import sheets as laser_sheets
from printables.products.pieces.sheet import render_pieces
from printables.products.print_and_play import print_and_play
from printables.products.registry import (
    KIT_PICK,
    PRODUCTS,
    BoardReq,
    BookletReq,
    Files,
    LaserReq,
    PiecesReq,
    PrintAndPlayReq,
    Request,
    SetupReq,
    cached_build,
    parts_of_kit,
)
from printables.products.setup import setup_file
from printables.render.png import png_available
from printables.units import parse_paper


def build_board(game: GameSpec, req: BoardReq) -> Files:
    """The board file."""
    name = board_filename(game, req.game.board(), req.fmt, req.game.theme)
    paper = None
    if req.paper and req.fmt == "pdf":  # named for the paper it is laid on
        paper = parse_paper(req.paper)
        name = name[:-4] + f"-{req.paper.lower()}.pdf"
    return [(name, render_board(game, req.game.board(), req.fmt, req.game.theme, req.dpi,
                                paper))]


def build_setup(game: GameSpec, req: SetupReq) -> Files:
    """The setup diagram (on the variant's board)."""
    return [setup_file(game, req.fmt, req.game.theme, req.layout, req.dpi, req.game.opts)]


def build_pieces(game: GameSpec, req: PiecesReq) -> Files:
    """The piece sheets (the variant's counts, fitting its spaces)."""
    return render_pieces(game, req.fmt, req.paper, req.diameter, req.game.theme, req.dpi,
                         req.gutter or 0.0, req.game.opts, req.game.size)


def build_booklet(game: GameSpec, req: BookletReq) -> Files:
    """The booklet, and its imposed print copy with --impose (of the variant)."""
    return booklet_outputs(game, req.paper, req.impose, req.game.theme,
                           Path(req.layouts) if req.layouts else None, options=req.game.opts)


def build_laser(game: GameSpec, req: LaserReq) -> Files:
    """One file per sheet of material (the variant's board and pieces); a variant's tags
    follow the word laser in each name."""
    files = laser_sheets.laser_files(game, req.laser(), req.game.opts)
    tag = "-".join(req.game.tags(game))
    head = f"{game.name}-laser-"
    return [(head + tag + "-" + n[len(head):] if tag and n.startswith(head) else n, data)
            for n, data in files]


def build_print_and_play(game: GameSpec, req: PrintAndPlayReq) -> Files:
    """The one-file print-and-play PDF, from the board, pieces and imposed booklet."""
    wanted = ("board.pdf", "pieces.pdf", "booklet-imposed.pdf")
    parts = {k: r for k, r in parts_of_kit(game, req.game, req.paper).items() if k in wanted}
    files = kit_part_files(game, parts)
    name = "-".join([game.name, *req.game.tags(game), "print-and-play"])
    return [(f"{name}.pdf", print_and_play(game, files, parse_paper(req.paper)))]


def kit_part_files(game: GameSpec, parts: Mapping[str, Request],
                   cache: BuildCache | None = None) -> dict[str, bytes]:
    """The bytes of kit parts (kit name -> request), each product built once per request,
    or taken from the build cache when one is given and nothing it reads changed."""
    built: dict[Request, Files] = {}
    out = {}
    for name, req in parts.items():
        if req.fmt == "png" and not png_available():
            continue  # no cairo: no PNG (every other file is still made)
        if req not in built:
            built[req] = cached_build(game, PRODUCTS[_product_of(req)], req, cache)
        out[name] = built[req][KIT_PICK.get(name, 0)][1]
    return out


def _product_of(req: Request) -> str:
    return next(k for k, p in PRODUCTS.items() if isinstance(req, p.request))
