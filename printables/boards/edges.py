"""A board's edges by compass direction: which outer sides of cells (or outermost points)
face north, south-east, ... The game file draws [board.edges] from this, and the rules
vocabulary reads the same assignment (a side's `edges` zone, `connect = "edges"`), so a
rule and its drawing never disagree.

Rulings (ours): each outer side of a cell goes to the asked-for direction nearest the way
the board's outline (its convex hull) faces there, within 60 degrees, so the zigzag edge of
a Hex rhombus goes to one side whole; on a points board, an edge is the points farthest that
way (with the lines between them).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from printables.boards.model import Board
from printables.geometry import Point, Polygon, Segment
from printables.geometry.primitives import part_key

#: Compass words and their angles in degrees, counter-clockwise from east.
DIRECTIONS = {"east": 0, "north-east": 45, "north": 90, "north-west": 135, "west": 180,
              "south-west": 225, "south": 270, "south-east": 315}


def unit(way: str) -> tuple[float, float]:
    """The unit vector of a compass word.

    >>> tuple(round(c, 6) for c in unit("north"))
    (0.0, 1.0)
    """
    a = math.radians(DIRECTIONS[way])
    return math.cos(a), math.sin(a)


def dot(u: tuple[float, float], v: tuple[float, float]) -> float:
    """The dot product of two plane vectors."""
    return u[0] * v[0] + u[1] * v[1]


def outer_sides(board: Board) -> list[tuple[Segment, Point, str]]:
    """The sides of space polygons no other space shares, each with its unit normal
    pointing into its cell and the cell's name, in board order."""
    count: dict[tuple[Any, ...], list[Any]] = {}
    for s in board.spaces:
        if isinstance(s.shape, Polygon):
            for e in s.shape.edges():
                count.setdefault(part_key(e), []).append((e, s.anchor, s.name))
    out = []
    for found in count.values():
        if len(found) != 1:
            continue
        e, c, name = found[0]
        dx, dy = e.b.x - e.a.x, e.b.y - e.a.y
        n = math.hypot(dx, dy)
        nx, ny = dy / n, -dx / n
        if nx * (c.x - e.a.x) + ny * (c.y - e.a.y) < 0:
            nx, ny = -nx, -ny  # (nx, ny) now points into the cell
        out.append((e, Point(nx, ny), name))
    return out


def convex_hull(points: list[Point]) -> list[Point]:
    """The convex hull, counter-clockwise (Andrew's monotone chain).

    >>> [(p.x, p.y) for p in convex_hull([Point(0, 0), Point(2, 0), Point(1, 1), Point(2, 2),
    ...                                 Point(0, 2)])]
    [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]
    """
    pts = sorted({(round(p.x, 6), round(p.y, 6)) for p in points})

    def half(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for q in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (q[1] - out[-2][1]) -
                                     (out[-1][1] - out[-2][1]) * (q[0] - out[-2][0])) <= 1e-9:
                out.pop()
            out.append(q)
        return out[:-1]
    return [Point(float(x), float(y)) for x, y in half(pts) + half(pts[::-1])]


def hull_normal(hull: list[Point], m: Point) -> tuple[float, float]:
    """The outward unit normal of the hull edge nearest m."""
    best, normal = math.inf, (0.0, 0.0)
    for a, b in zip(hull, hull[1:] + hull[:1], strict=True):
        dx, dy = b.x - a.x, b.y - a.y
        n = math.hypot(dx, dy)
        t = max(0.0, min(1.0, ((m.x - a.x) * dx + (m.y - a.y) * dy) / (n * n)))
        d = math.hypot(a.x + t * dx - m.x, a.y + t * dy - m.y)
        if d < best - 1e-9:
            best, normal = d, (dy / n, -dx / n)  # counter-clockwise hull: right is outside
    return normal


def cell_edge_sides(board: Board, wanted: Iterable[str]
                    ) -> list[tuple[Segment, Point, str, str]]:
    """Cell boards: (side, inward normal, cell, compass word) for each outer cell side that
    goes to one of the wanted directions (the nearest to the way the outline faces there,
    within 60 degrees)."""
    ways = list(dict.fromkeys(wanted))
    sides = outer_sides(board)
    hull = convex_hull([p for e, _, _ in sides for p in (e.a, e.b)])
    out = []
    for e, inward, name in sides:
        facing = hull_normal(hull, Point((e.a.x + e.b.x) / 2, (e.a.y + e.b.y) / 2))
        best = max(ways, key=lambda w: dot(unit(w), facing), default=None)
        if best is not None and dot(unit(best), facing) >= 0.5 - 1e-9:
            out.append((e, inward, name, best))
    return out


def outermost_points(board: Board, way: str) -> tuple[str, ...]:
    """Points boards: the points farthest that way, in board order."""
    ux, uy = unit(way)
    far = max(s.anchor.x * ux + s.anchor.y * uy for s in board.spaces)
    return tuple(s.name for s in board.spaces
                 if abs(s.anchor.x * ux + s.anchor.y * uy - far) < 1e-6)


def edge_spaces(board: Board, wanted: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Compass word -> the spaces on that edge, in board order, for the wanted words (as
    they are drawn: cells by cell_edge_sides, points by outermost_points).

    >>> from printables.boards.square import square_board, checker
    >>> b = square_board("g", "G", 3, 30.0, checker(False))
    >>> edge_spaces(b, ["north", "west"])
    {'north': ('a3', 'b3', 'c3'), 'west': ('a1', 'a2', 'a3')}
    """
    ways = list(dict.fromkeys(wanted))
    if board.lines or not any(isinstance(s.shape, Polygon) for s in board.spaces):
        return {w: outermost_points(board, w) for w in ways}
    found: dict[str, set[str]] = {w: set() for w in ways}
    for _, _, name, way in cell_edge_sides(board, ways):
        found[way].add(name)
    return {w: tuple(n for n in board.names if n in found[w]) for w in ways}
