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
from printables.products.tiling import page_pdf
from printables.products.variant import BoardRequest, file_stem, variant_parts
from printables.render import render
from printables.render.theme import get_theme


def render_board(game: GameSpec, req: BoardRequest, fmt: str, theme_name: str,
                 dpi: int = 150, paper: tuple[float, float] | None = None) -> bytes:
    """The board of a game as bytes in one format (the caller checked fmt); a PDF with a
    paper is the board laid on (or tiled over) pages of that paper."""
    board = game.board(req.options, req.size)
    theme = get_theme(theme_name)
    if fmt == "json":
        return (json.dumps(board_json(game, board, req.options), indent=1) + "\n").encode()
    scene = board_scene(game, board, theme)
    if fmt == "pdf" and paper is not None:
        return page_pdf(scene, theme, paper, f"{game.title} board")
    return render(fmt, [scene], theme, dpi=dpi)


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
