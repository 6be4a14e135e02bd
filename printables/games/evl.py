"""EVL (Kevin R. Kane): 28 heptagons and 18 pentagons; stacks and pentagon markers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printables.boards import Board
from printables.boards.heptagon import evl_board
from printables.errors import UsageError
from printables.games import evl_rules as rules
from printables.games.model import Component, Engine, GameSpec, Stacks
from printables.games.rulings import more_markers


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Win target: 10 markers (standard), or 8 or 12: the seed suggests playing to more or
    fewer than 10 pentagons (our ruling: 8 and 12, the two `printables balance` measures)."""
    if options.get("target") not in (8, 10, 12):
        raise UsageError(f"EVL option target {options.get('target')!r} is not valid; "
                         "valid: 8, 10, 12",
                         input=str(options.get("target")))
    return dict(options)


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """The heptagon-pentagon board (see printables.boards.heptagon)."""
    return evl_board(size)


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """28 stackable pieces and 12 markers per player."""
    return tuple(c for side in ("black", "white") for c in (
        Component(side, "piece", 28, f"piece-{side}", f"{side} piece", "heptagon"),
        Component(side, "marker", 12, f"marker-{side}", f"{side} marker", "pentagon")))


GAME = GameSpec(
    state_types={"passes": int},
    name="evl", title="EVL", designer="Kevin R. Kane",
    board_summary="4 rows of 7 heptagons with 18 pentagons between them",
    sides=("black", "white"), kinds={"black": ("piece", "marker"), "white": ("piece", "marker")},
    build_board=build_board, components=components, reconstructed=("board",),
    default_options={"target": 10}, check_options=check_options,
    rules=Engine(rules.legal_moves, rules.play, rules.winner, rules.position_problems,
                 normalize_move=rules.normalize_move, format_move=rules.format_move),
    adjudicate=more_markers,
    placement=Stacks(piece="piece", piece_space="heptagon", marker="marker",
                     marker_space="pentagon", letters=rules.LETTER),
    tally=rules.tally,
)
