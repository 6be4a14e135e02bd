"""Points boards (boards/points.py) and triangle grids (boards/triangle.py): the geometry
and the graph a player relies on."""

from __future__ import annotations

import math

import pytest

from printables.boards.points import (
    LABEL_OFFSET,
    MARGIN,
    grid_points,
    morris_points,
    points_board,
    star_points,
)
from printables.boards.triangle import lattice, triangle_board
from printables.errors import UsageError


@pytest.mark.parametrize("n, stars", [
    (9, {"c3", "g3", "e5", "c7", "g7"}),
    (13, {"d4", "j4", "g7", "d10", "j10"}),
    (19, {"d4", "j4", "p4", "d10", "j10", "p10", "d16", "j16", "p16"}),
    (15, {"d4", "l4", "h8", "d12", "l12"}),  # Gomoku
])
def test_star_points_of_go_and_gomoku(n, stars):
    board = grid_points("g", "G", n, n, 20.0)
    assert set(board.marked) == stars
    assert len(star_points(n, n)) == len(stars)


def test_go_grid_is_exact_and_neighbours_follow_the_lines():
    b = grid_points("go", "Go", 19, 19, 22.0)
    assert len(b.spaces) == 361 and len(b.lines) == 2 * 19 * 18
    assert b.width == pytest.approx((18 + 2 * MARGIN) * 22.0)
    a1, b1 = b.space("a1").anchor, b.space("b1").anchor
    assert math.dist((a1.x, a1.y), (b1.x, b1.y)) == pytest.approx(22.0, abs=1e-6)
    assert set(b.neighbours("a1", "line")) == {"b1", "a2"}
    assert len(b.neighbours("k10", "line")) == 4
    assert b.space("a1").room == pytest.approx(22.0)
    # labels outside the points, clear of an edge stone of the default 80 % size
    assert min(lb.position.x for lb in b.labels) == pytest.approx(
        a1.x - LABEL_OFFSET * 22.0)
    assert LABEL_OFFSET * 22.0 - 0.15 * 22.0 > 0.4 * 22.0


def test_alquerque_diagonals_pass_through_even_points_only():
    b = grid_points("a", "A", 5, 5, 30.0, "alquerque")
    # b2 (file + rank even): lines to all eight neighbours; b1 (odd): orthogonal only
    assert set(b.neighbours("b2", "line")) == {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}
    assert set(b.neighbours("b1", "line")) == {"a1", "c1", "b2"}


def test_morris_names_and_joins():
    b = morris_points("m", "M", 3, 25.0)
    assert {s.name for s in b.spaces} == {
        "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4",
        "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"}
    assert set(b.neighbours("d2", "line")) == {"d1", "d3", "b2", "f2"}
    assert set(b.neighbours("a1", "line")) == {"d1", "a4"}
    twelve = morris_points("m", "M", 3, 25.0, corners=True)
    assert set(twelve.neighbours("b2", "line")) == {"a1", "c3", "d2", "b4"}


def test_free_points_and_their_errors():
    b = points_board("f", "F", {"a": (0, 0), "b": (2, 0), "c": (1, 1.5)},
                     [("a", "b"), ("b", "c"), ("c", "a"), ("b", "a")], 10.0)
    assert len(b.lines) == 3  # a-b given twice is one line
    assert b.space("a").room == pytest.approx(math.hypot(1, 1.5) * 10.0)
    with pytest.raises(UsageError, match="'z', which is not a point"):
        points_board("f", "F", {"a": (0, 0), "b": (1, 0)}, [("a", "z")], 10.0)
    with pytest.raises(UsageError, match="same place"):
        points_board("f", "F", {"a": (0, 0), "b": (0, 0)}, [], 10.0)
    with pytest.raises(UsageError, match="to itself"):
        points_board("f", "F", {"a": (0, 0), "b": (1, 0)}, [("a", "a")], 10.0)


@pytest.mark.parametrize("shape, n, points, lines", [
    ("triangle", 5, 15, 30), ("hexagon", 5, 61, 156), ("star", 4, 121, 312)])
def test_triangle_grids(shape, n, points, lines):
    b = triangle_board("t", "T", shape, n, 20.0)
    assert (len(b.spaces), len(b.lines)) == (points, lines)
    assert len(lattice(shape, n)) == points
    for ln in b.lines:  # every line joins two points one pitch apart
        p, q = b.space(ln.a).anchor, b.space(ln.b).anchor
        assert math.dist((p.x, p.y), (q.x, q.y)) == pytest.approx(20.0, abs=1e-6)
    assert max(len(b.neighbours(s.name, "line")) for s in b.spaces) == 6
