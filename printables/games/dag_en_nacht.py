"""Dag en Nacht (Chris Huntoon): n x n checkered board (n odd, 11..19), light corners."""

from __future__ import annotations

from typing import Any, Mapping

from printables.boards import Board
from printables.boards.square import checker, square_board
from printables.errors import UsageError
from printables.games.model import Component, GameSpec

DEFAULT_GRID = 175.0
SIZES = (11, 13, 15, 17, 19)


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Board size must be odd, 11..19; black_alternating is a yes/no option."""
    n = options.get("size")
    if isinstance(n, bool) or not isinstance(n, int) or n not in SIZES:
        raise UsageError(f"Dag en Nacht size {n!r} is not valid; valid sizes: "
                         f"{', '.join(map(str, SIZES))}", input=str(n))
    if not isinstance(options.get("black_alternating"), bool):
        raise UsageError("Dag en Nacht option black_alternating must be true or false",
                         input=str(options.get("black_alternating")))
    return dict(options)


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """The n x n board, light corners (a1 light)."""
    n = options["size"]
    return square_board("dag-en-nacht", "Dag en Nacht", n, size or DEFAULT_GRID, checker(False))


def stones_per_player(n: int) -> int:
    """Half the dark squares, rounded up.

    >>> stones_per_player(15)
    56
    """
    dark = (n * n) // 2
    return (dark + 1) // 2


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """Stones for Black and White."""
    count = stones_per_player(options["size"])
    return (Component("black", "stone", count, "stone-black", "black stone", "square"),
            Component("white", "stone", count, "stone-white", "white stone", "square"))


GAME = GameSpec(
    name="dag-en-nacht", title="Dag en Nacht", designer="Chris Huntoon",
    board_summary="n x n checkered board (n odd, 11..19, default 15), corners light",
    sides=("black", "white"), kinds={"black": ("stone",), "white": ("stone",)},
    build_board=build_board, components=components,
    default_options={"size": 15, "black_alternating": False}, check_options=check_options,
)
