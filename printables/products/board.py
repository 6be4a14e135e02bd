"""The `board` product: a game's board in svg, pdf, png or json, at a size and theme.

It draws a BoardRequest (printables.products.requests): the game request every product shares
(--option, --size, --theme), the format, the PNG resolution and the paper of a PDF.

Rulings (ours): a PDF asked for on a paper is the board laid on that paper (one page with
crop marks, or tiled with an assembly page: the kit's board.pdf), without a paper it is one
page of the board's own size.
"""

from __future__ import annotations

import json

from printables.games import GameSpec
from printables.products.board_sheet import board_json, board_scene
from printables.products.requests import BoardRequest, Files
from printables.products.tiling import page_pdf
from printables.products.variant import file_stem
from printables.render import render
from printables.render.theme import get_theme
from printables.units import parse_paper


def build_board(game: GameSpec, req: BoardRequest) -> Files:
    """The board product's build: the board file of req, named for its variant (and for
    the paper a PDF is laid on)."""
    name = board_filename(game, req)
    if req.paper and req.fmt == "pdf":
        name = name[:-4] + f"-{req.paper.lower()}.pdf"
    return [(name, render_board(game, req))]


def render_board(game: GameSpec, req: BoardRequest) -> bytes:
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


def board_filename(game: GameSpec, req: BoardRequest) -> str:
    """A file name a person can find: game, non-default options and size, non-default
    theme, the format.

    >>> from printables.games import GAMES
    >>> from printables.products.requests import GameRequest
    >>> g = GAMES["dag-en-nacht"]
    >>> board_filename(g, BoardRequest.read(GameRequest.from_texts(g, (), "19", "mono"), "pdf", {}))
    'dag-en-nacht-board-size19-mono.pdf'
    """
    return file_stem(game.name, "board", *req.game.tags(game),
                     theme_name=req.game.theme) + "." + req.fmt
