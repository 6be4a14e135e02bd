"""Chameleons (Chris Huntoon): the 7x7 double-spiral board and its flipping discs.

The board is coloured as two spiral arms (boards.square.spiral_arms), not as a
checkerboard; the line between the arms is drawn thick (style ``boundary``) so the two
spirals read in one ink too, and d4 carries the spiral art.
"""

from __future__ import annotations

from typing import Any, Mapping

from printables.boards import Board, Decoration
from printables.boards.square import boundary_decorations, spiral_colouring, square_board
from printables.games import chameleons_rules as rules
from printables.games.model import Component, Engine, GameSpec
from printables.geometry import Arc, Point, Stroke

DEFAULT_GRID = 175.0
SIDE = 7
#: Width of the line between the arms, as a fraction of a cell's side.
BOUNDARY_WIDTH = 0.07


def spiral(center: Point, pitch: float, turns: float = 2.5) -> Stroke:
    """A spiral of half-circle arcs with alternating centres, growing by a constant step."""
    step = pitch * 0.4 / (2 * turns)  # radius gain per half turn
    arcs = []
    # two centres on a horizontal line, step apart: the classic two-centre spiral
    c_right = Point(center.x + step / 2, center.y)
    c_left = Point(center.x - step / 2, center.y)
    radius = step / 2
    angle = 180.0
    for k in range(int(turns * 2)):
        c = c_right if k % 2 == 0 else c_left
        arcs.append(Arc(c, radius, angle, 180.0))
        angle = (angle + 180.0) % 360.0
        radius += step
    return Stroke(tuple(arcs), max(0.6, pitch * 0.03))


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
)

