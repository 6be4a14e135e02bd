"""Danadazo (Jared B. McComb): pieces stand on the segments of a 4x5 grid with two bends.

The rules engine lives in printables.games.danadazo_rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printables.boards import Board
from printables.boards.segments import danadazo_board
from printables.games import danadazo_rules as rules
from printables.games.model import Component, Engine, GameSpec


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """The segment board (see printables.boards.segments)."""
    return danadazo_board(size)


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """Attackers: 12 pawns, 2 generals. Defenders: 6 pawns, 6 guards, 1 general."""
    return (
        Component("attacker", "pawn", 12, "pawn-attacker", "attacker pawn", "segment"),
        Component("attacker", "general", 2, "general-attacker", "attacker general", "segment"),
        Component("defender", "pawn", 6, "pawn-defender", "defender pawn", "segment"),
        Component("defender", "guard", 6, "guard-defender", "defender guard", "segment"),
        Component("defender", "general", 1, "general-defender", "defender general", "segment"),
    )


GAME = GameSpec(
    state_types={"lone_general_moves": int},
    name="danadazo", title="Danadazo", designer="Jared B. McComb",
    board_summary="pieces on the 47 line segments of a 4x5 grid, two curved bends",
    sides=("attacker", "defender"),
    kinds={"attacker": ("pawn", "general"), "defender": ("pawn", "guard", "general")},
    build_board=build_board, components=components, reconstructed=("board", "setup"),
    rules=Engine(rules.legal_moves, rules.play, rules.winner, rules.position_problems),
    tally=rules.tally,
)
