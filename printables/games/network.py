"""Network (Sid Sackson): 8x8 board (or 10, 12) with goal areas and unused corners.

The four corner cells are drawn, crossed out and named, so they are spaces of their own
kind (``corner``, colour ``unused``) that a position file may name; they take part in no
relation, and the rules engine never lets a stone stand on one. Counts of usable spaces
(kind ``cell``: 60 on 8x8) leave them out.

The rules engine lives in :mod:`printables.games.network_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from printables.boards import Board, Decoration
from printables.boards.model import freeze_relations
from printables.boards.square import dead_cell_marks, square_board, square_name
from printables.errors import UsageError
from printables.games import network_rules as rules
from printables.games.model import Component, Engine, GameSpec
from printables.geometry import Point

DEFAULT_GRID = 175.0
SIZES = (8, 10, 12)


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Board size 8, 10 or 12; pie is false, true (swap after 3 drops), 3 or 5."""
    n = options.get("size")
    if isinstance(n, bool) or n not in SIZES:
        raise UsageError(f"Network size {n!r} is not valid; valid sizes: 8, 10, 12",
                         input=str(n))
    pie = options.get("pie")
    if not (isinstance(pie, bool) or (type(pie) is int and pie in (3, 5))):
        raise UsageError("Network option pie must be false, true (swap after 3 drops) or 5 "
                         "(after 5 drops)", input=str(options.get("pie")))
    return dict(options)


def goal_of(name: str, n: int) -> str | None:
    """'black' or 'white' when the square is in that player's goal, else None.

    >>> goal_of("b1", 8), goal_of("h4", 8), goal_of("d4", 8)
    ('black', 'white', None)
    """
    f, r = ord(name[0]) - 97, int(name[1:]) - 1
    corner = f in (0, n - 1) and r in (0, n - 1)
    if corner:
        return None
    if r in (0, n - 1):
        return "black"
    if f in (0, n - 1):
        return "white"
    return None


def corners(n: int) -> frozenset[str]:
    """The four unused corner squares."""
    return frozenset(square_name(f, r) for f in (0, n - 1) for r in (0, n - 1))


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """The n x n board: goal rows shaded, the four corners crossed out (spaces of kind
    corner, in no relation).

    data keys: ``size`` (n, cells per side).
    """
    n = options["size"]
    unused = corners(n)

    def colour(f: int, r: int) -> str:
        if square_name(f, r) in unused:
            return "unused"
        return {"black": "goal.black", "white": "goal.white"}.get(
            goal_of(square_name(f, r), n) or "", "plain")

    def kind(f: int, r: int) -> str:
        return rules.CORNER if square_name(f, r) in unused else "cell"

    def decorations(pitch: float, origin: Point) -> tuple[Decoration, ...]:
        return dead_cell_marks(unused, pitch, origin)

    board = square_board("network", "Network", n, size or DEFAULT_GRID, colour, kind=kind,
                         decorations=decorations, data=MappingProxyType({"size": n}))
    return replace(board, relations=freeze_relations(
        {rel: {s: () if s in unused else [t for t in ns if t not in unused]
               for s, ns in m.items()} for rel, m in board.relations.items()}))


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """10 stones per player."""
    return (Component("black", "stone", 10, "stone-black", "black stone", "cell"),
            Component("white", "stone", 10, "stone-white", "white stone", "cell"))


GAME = GameSpec(
    state_types={"swapped": bool},
    name="network", title="Network", designer="Sid Sackson",
    board_summary="8x8 board with goal rows, corners unused (options 10, 12)",
    sides=("black", "white"), kinds={"black": ("stone",), "white": ("stone",)},
    build_board=build_board, components=components,
    default_options={"size": 8, "pie": False}, check_options=check_options,
    rules=Engine(rules.legal_moves, rules.play, rules.winner, rules.position_problems),
    seats=rules.seats,
)
