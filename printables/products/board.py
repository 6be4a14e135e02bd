"""The `board` product: a game's board in svg, pdf, png or json, at a size and theme.

Also the game request's reading of --size and --option (board_request), which every
product shares. Rulings (ours): a --size that counts cells and an --option size=N that
disagrees with it is an error naming both, never a silent choice; a PDF asked for on a
paper is the board laid on that paper (one page with crop marks, or tiled with an assembly
page: the kit's board.pdf), without a paper it is one page of the board's own size.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from printables.errors import UsageError
from printables.games import GameSpec
from printables.products.board_sheet import board_json, board_scene
from printables.products.common import file_stem, variant_parts
from printables.products.tiling import page_pdf
from printables.render import render
from printables.render.theme import get_theme
from printables.units import is_count, parse_length

#: Smallest playing area we draw: below this no piece fits and labels are unreadable.
MIN_BOARD = 60.0


@dataclass(frozen=True)
class BoardRequest:
    """What the user asked for: options for the game, and a physical size (None = default)."""

    options: dict[str, Any]
    size: float | None


#: The largest --size read as cells per side rather than millimetres.
MAX_SIZE_CELLS = 25


def size_counts_cells(game: GameSpec) -> bool:
    """True when --size may be a number of cells per side: the game has a whole-number
    option 'size' (the number of cells per side it sets)."""
    size = game.default_options.get("size")
    return isinstance(size, int) and not isinstance(size, bool)


def board_request(game: GameSpec, size: str | None, options: tuple[str, ...] = ()) -> BoardRequest:
    """Interpret --size and --option for a game; check them so errors are one clear line."""
    opts = game.parse_options(options)
    length = None
    if size is not None:
        text = str(size).strip()
        if size_counts_cells(game) and is_count(text) and int(text) <= MAX_SIZE_CELLS:
            if "size" in opts and opts["size"] != int(text):
                raise UsageError(f"--size {text} and --option size={opts['size']} ask for two "
                                 f"{game.title} boards; give one of them", input=text)
            opts["size"] = int(text)
        else:
            length = parse_length(text, "size")
            if length < MIN_BOARD:
                raise UsageError(f"size {text!r} is {length:g} mm, too small for a {game.title} "
                                 f"board; use at least {MIN_BOARD:g} mm", input=text)
    return BoardRequest(game.options(opts), length)


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
    >>> g = GAMES["dag-en-nacht"]
    >>> board_filename(g, board_request(g, "19"), "pdf", "mono")
    'dag-en-nacht-board-size19-mono.pdf'
    """
    return file_stem(game.name, "board", *variant_parts(game, req.options, req.size),
                     theme_name=theme_name) + "." + fmt
