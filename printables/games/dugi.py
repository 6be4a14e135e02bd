"""Dugi (Andrew Dubber): 7 rings x 24 sectors round a central dead zone."""

from __future__ import annotations

from typing import Any, Mapping

from printables.boards import Board
from printables.games.model import Component, GameSpec


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """The ring board (see printables.boards.rings)."""
    from printables.boards.rings import dugi_board
    return dugi_board(size)


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """12 black and 12 white counters."""
    return (Component("black", "stone", 12, "stone-black", "black counter", "sector"),
            Component("white", "stone", 12, "stone-white", "white counter", "sector"))


GAME = GameSpec(
    name="dugi", title="Dugi", designer="Andrew Dubber",
    board_summary="7 rings x 24 sectors round a dead zone, 300 mm",
    sides=("black", "white"), kinds={"black": ("stone",), "white": ("stone",)},
    build_board=build_board, components=components,
)
