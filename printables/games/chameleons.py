"""Chameleons (Chris Huntoon): the 7x7 double-spiral board and its flipping discs.

The board is coloured as two spiral arms (boards.square.spiral_arms), not as a
checkerboard; the line between the arms is drawn thick (style ``boundary``) so the two
spirals read in one ink too, and d4 carries the spiral art.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printables.boards import Board, Decoration
from printables.boards.square import (
    BOUNDARY_WIDTH,
    boundary_decorations,
    spiral,
    spiral_colouring,
    square_board,
)
from printables.games import chameleons_rules as rules
from printables.games.model import Component, Engine, GameSpec
from printables.games.rulings import more_pieces
from printables.geometry import Point

DEFAULT_GRID = 175.0
SIDE = 7


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """The 7x7 double spiral: Dark's arm winds in from a1, Light's from g7; d4 is the
    spiral where they meet, with no colour of its own."""
    colour = spiral_colouring(SIDE)

    def kind(f: int, r: int) -> str:
        return "spiral" if (f, r) == (3, 3) else "square"

    def decorations(pitch: float, origin: Point) -> tuple[Decoration, ...]:
        c = Point(origin.x + 3.5 * pitch, origin.y + 3.5 * pitch)
        # the thick line between the arms makes the two spirals read in one ink too
        lines = boundary_decorations(SIDE, colour, pitch, origin, pitch * BOUNDARY_WIDTH)
        return lines + (Decoration(spiral(c, pitch), "spiral", "decor"),)

    return square_board("chameleons", "Chameleons", SIDE, size or DEFAULT_GRID, colour, kind,
                        decorations=decorations)


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """48 two-sided discs: 24 start dark side up, 24 light side up."""
    return (Component("dark", "chameleon", 24, "chameleon-dark", "dark chameleon", "square",
                      back="light"),
            Component("light", "chameleon", 24, "chameleon-light", "light chameleon", "square",
                      back="dark"))


GAME = GameSpec(
    name="chameleons", title="Chameleons", designer="Chris Huntoon",
    board_summary="7x7 board coloured as two interlocking spiral arms, spiral centre",
    sides=("dark", "light"), kinds={"dark": ("chameleon",), "light": ("chameleon",)},
    build_board=build_board, components=components, flipping_pieces=True,
    rules=Engine(rules.legal_moves, rules.play, rules.winner, rules.position_problems),
    adjudicate=more_pieces,
)

