"""The kit's printed parts built together, and the print-and-play product's build (a
print-and-play file is made of the kit's board, pieces and imposed booklet).

Each part is a product request (printables.products.requests.parts_of_kit) built by that
product's own build, each request once, through the build cache when one is given; a
part's bytes are the bytes its own command writes.

Ruling (ours): a kit part in PNG is left out where cairo cannot be loaded; every other
file is still made.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printables.buildcache import BuildCache
from printables.games import GameSpec
from printables.products.board import build_board
from printables.products.booklet.build import build_booklet
from printables.products.build_keys import part_key
from printables.products.pieces.sheet import build_pieces
from printables.products.print_and_play import print_and_play
from printables.products.requests import (
    KIT_PICK,
    BoardRequest,
    BookletRequest,
    Files,
    PiecesRequest,
    PrintAndPlayRequest,
    Request,
    SetupRequest,
    parts_of_kit,
)
from printables.products.setup import build_setup
from printables.render.png import png_available
from printables.units import parse_paper

#: A product's build: its files from a game and the product's request.
Build = Callable[[GameSpec, Any], Files]

#: The build of each request type a kit part is made from (the product table names the
#: same functions; tests/test_registry.py checks they agree).
PART_BUILDS: dict[type[Request], Build] = {
    BoardRequest: build_board, SetupRequest: build_setup, PiecesRequest: build_pieces,
    BookletRequest: build_booklet}


def build_print_and_play(game: GameSpec, req: PrintAndPlayRequest) -> Files:
    """The print-and-play product's build: the one-file PDF, from the board, pieces and
    imposed booklet of req's variant on its paper."""
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
            built[req] = cached_build(game, req, PART_BUILDS[type(req)], cache)
        out[name] = built[req][KIT_PICK.get(name, 0)][1]
    return out


def cached_build(game: GameSpec, req: Request, build: Build, cache: BuildCache | None) -> Files:
    """build(game, req), through the build cache when one is given (keyed by the product,
    the request and the texts the product reads, req.READS)."""
    if cache is None:
        return build(game, req)
    key = part_key(game, req.PRODUCT, req, req.READS)
    files = cache.get(key)
    if files is None:
        files = build(game, req)
        if part_key(game, req.PRODUCT, req, req.READS) == key:  # no input saved meanwhile
            cache.put(key, files)
    return files
