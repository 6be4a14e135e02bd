"""The `board` product: a game's board in svg, pdf, png or json, at a size and theme.

The request it draws (BoardRequest, read from --size and --option) is
printables.products.variant's, which every product shares. Rulings (ours): a PDF asked for
on a paper is the board laid on that paper (one page with crop marks, or tiled with an assembly
page: the kit's board.pdf), without a paper it is one page of the board's own size.
"""

from __future__ import annotations

import json

from printables.games import GameSpec
from printables.products.board_sheet import board_json, board_scene
from printables.products.requests import BoardReq, Files
from printables.products.tiling import page_pdf
from printables.products.variant import BoardRequest, file_stem, variant_parts
from printables.render import render
from printables.render.theme import get_theme
from printables.units import parse_paper


def build_board(game: GameSpec, req: BoardReq) -> Files:
    """The board product's build: the board file of req, named for its variant (and for
    the paper a PDF is laid on)."""
    name = board_filename(game, req.game.board(), req.fmt, req.game.theme)
    if req.paper and req.fmt == "pdf":
        name = name[:-4] + f"-{req.paper.lower()}.pdf"
    return [(name, render_board(game, req))]


def render_board(game: GameSpec, req: BoardReq) -> bytes:
    """The board of a game as bytes in req's format (the caller checked it); a PDF with a
    paper is the board laid on (or tiled over) pages of that paper."""
    opts, theme = req.game.opts, get_theme(req.game.theme)
    board = game.board(opts, req.game.size)
    if req.fmt == "json":
        return (json.dumps(board_json(game, board, opts), indent=1) + "\n").encode()
    scene = board_scene(game, board, theme)
    if req.fmt == "pdf" and req.paper:
        return page_pdf(scene, theme, parse_paper(req.paper), f"{game.title} board")
    return render(req.fmt, [scene], theme, dpi=req.dpi)


def board_filename(game: GameSpec, req: BoardRequest, fmt: str, theme_name: str) -> str:
    """A file name a person can find: game, non-default options, non-default theme.

    >>> from printables.games import GAMES
    >>> from printables.products.variant import board_request
    >>> g = GAMES["dag-en-nacht"]
    >>> board_filename(g, board_request(g, "19"), "pdf", "mono")
    'dag-en-nacht-board-size19-mono.pdf'
    """
    return file_stem(game.name, "board", *variant_parts(game, req.options, req.size),
                     theme_name=theme_name) + "." + fmt
