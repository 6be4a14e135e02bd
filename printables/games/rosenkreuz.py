"""Rosenkreuz (Kanare Kato): 7x7 checkered board, Rose against Cross.

The rules engine lives in :mod:`printables.games.rosenkreuz_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printables.boards import Board
from printables.boards.square import checker, square_board
from printables.games import rosenkreuz_rules as rules
from printables.games.model import Component, Engine, GameSpec
from printables.games.rulings import more_pieces

DEFAULT_GRID = 175.0


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """The 7x7 board, corners dark (a1 dark)."""
    return square_board("rosenkreuz", "Rosenkreuz", 7, size or DEFAULT_GRID, checker(True))


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """7 dark and 7 light pieces for each of Rose and Cross."""
    return tuple(Component(side, colour, 7, f"{side}-{colour}", f"{colour} {side.title()}",
                           "square")
                 for side in ("rose", "cross") for colour in ("dark", "light"))


GAME = GameSpec(
    name="rosenkreuz", title="Rosenkreuz", designer="Kanare Kato",
    board_summary="7x7 checkered board, corners dark",
    sides=("rose", "cross"), kinds={"rose": ("dark", "light"), "cross": ("dark", "light")},
    build_board=build_board, components=components, reconstructed=("setup",),
    rules=Engine(rules.legal_moves, rules.play, rules.winner, rules.position_problems),
    adjudicate=more_pieces,
)
