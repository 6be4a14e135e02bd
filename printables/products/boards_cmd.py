"""The `board` product: a game's board in svg, pdf, png or json, at a size and theme."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from printables.errors import UsageError
from printables.games import GameSpec
from printables.products.board_sheet import board_json, board_scene
from printables.products.common import file_stem
from printables.render import render
from printables.render.theme import get_theme
from printables.units import is_count, parse_length

FORMATS = ("svg", "pdf", "png", "json")
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
            opts["size"] = int(text)
        else:
            length = parse_length(text, "size")
            if length < MIN_BOARD:
                raise UsageError(f"size {text!r} is {length:g} mm, too small for a {game.title} "
                                 f"board; use at least {MIN_BOARD:g} mm", input=text)
    return BoardRequest(game.options(opts), length)


def render_board(game: GameSpec, req: BoardRequest, fmt: str, theme_name: str,
                 dpi: int = 150) -> bytes:
    """The board of a game as bytes in one format."""
    board = game.board(req.options, req.size)
    theme = get_theme(theme_name)
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; valid: {', '.join(FORMATS)}", input=fmt)
    if fmt == "json":
        return (json.dumps(board_json(game, board, req.options), indent=1) + "\n").encode()
    return render(fmt, [board_scene(game, board, theme)], theme, dpi=dpi)


def board_filename(game: GameSpec, req: BoardRequest, fmt: str, theme_name: str) -> str:
    """A file name a person can find: game, non-default options, non-default theme.

    >>> from printables.games import GAMES
    >>> g = GAMES["dag-en-nacht"]
    >>> board_filename(g, board_request(g, "19"), "pdf", "mono")
    'dag-en-nacht-board-size19-mono.pdf'
    """
    parts = [f"{k}{str(v).lower()}" for k, v in sorted(req.options.items())
             if game.default_options.get(k) != v]
    if req.size is not None:
        parts.append(f"{req.size:g}mm")
    return file_stem(game.name, "board", *parts, theme_name=theme_name) + "." + fmt
