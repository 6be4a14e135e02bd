"""The Danadazo segment board: spaces, geometry, derived relations and line continuations."""

from __future__ import annotations

import math

import pytest

from printables.boards.segments import danadazo_board
from printables.errors import UsageError
from printables.geometry import TOL, Arc, Circle, Point, Polygon, Segment, Stroke, bbox_of

RELATIONS = ("crosspoint", "crosscorner", "crosscell")


@pytest.fixture(scope="module")
def board():
    return danadazo_board()


def test_47_spaces_45_segments_2_bends(board):
    assert len(board.spaces) == 47
    assert len(set(board.names)) == 47
    assert len(board.spaces_of_kind("segment")) == 45
    assert [s.name for s in board.spaces_of_kind("bend")] == ["sw", "ne"]
    for gone in ("d6e6", "e5e6", "a1b1", "a1a2"):
        assert not board.has(gone)


def test_names_are_lower_left_first(board):
    for s in board.spaces_of_kind("segment"):
        a, b = s.name[:2], s.name[2:]
        assert (a[0], int(a[1])) <= (b[0], int(b[1])), s.name
        assert board.data["ends"][s.name] == (a, b)


def test_straight_segments_are_one_pitch_long_bars(board):
    pitch = board.data["pitch"]
    assert pitch == 36.0
    for s in board.spaces_of_kind("segment"):
        assert s.colour == "segment"
        assert isinstance(s.shape, Stroke) and len(s.shape.parts) == 1
        seg = s.shape.parts[0]
        assert isinstance(seg, Segment)
        assert math.isclose(seg.length, pitch, abs_tol=TOL)
        assert s.anchor.is_close(seg.midpoint())
        assert math.isclose(s.shape.width, pitch / 4)
        a, b = board.data["ends"][s.name]
        assert seg.a.is_close(board.data["lattice"][a])
        assert seg.b.is_close(board.data["lattice"][b])


@pytest.mark.parametrize("name, centre, ends, corner", [
    ("ne", "d5", ("e5", "d6"), "e6"),
    ("sw", "b2", ("a2", "b1"), "a1"),
])
def test_bends_are_quarter_circles_round_the_inner_point(board, name, centre, ends, corner):
    lat = board.data["lattice"]
    s = board.space(name)
    assert s.kind == "bend" and s.colour == "bend"
    (arc,) = s.shape.parts
    assert isinstance(arc, Arc)
    assert arc.center.is_close(lat[centre])
    assert math.isclose(arc.radius, board.data["pitch"])
    assert math.isclose(abs(arc.sweep), 90.0)
    assert {arc.start.key(), arc.end.key()} == {lat[e].key() for e in ends}
    assert set(board.data["ends"][name]) == set(ends)
    assert s.anchor.is_close(arc.midpoint())
    # the bend bulges towards the cut-off corner
    assert s.anchor.distance(lat[corner]) < lat[centre].distance(lat[corner]) - board.data["pitch"]


# Drawn by hand on squared paper (files a..e left to right, ranks 1..6 bottom to top).
EXPECTED = {
    "a5a6": {"crosspoint": {"a4a5"}, "crosscorner": {"a5b5", "a6b6"}, "crosscell": {"b5b6"}},
    "d1e1": {"crosspoint": {"c1d1"}, "crosscorner": {"d1d2", "e1e2"}, "crosscell": {"d2e2"}},
    "c3c4": {"crosspoint": {"c2c3", "c4c5"}, "crosscorner": {"b3c3", "c3d3", "b4c4", "c4d4"},
             "crosscell": {"b3b4", "d3d4"}},
    "ne": {"crosspoint": {"c6d6", "e4e5"}, "crosscorner": {"d5d6", "d5e5"}, "crosscell": set()},
    "sw": {"crosspoint": {"b1c1", "a2a3"}, "crosscorner": {"b1b2", "a2b2"}, "crosscell": set()},
    "b1c1": {"crosspoint": {"sw", "c1d1"}, "crosscorner": {"b1b2", "c1c2"},
             "crosscell": {"b2c2"}},
    "d5e5": {"crosspoint": {"c5d5"}, "crosscorner": {"d4d5", "e4e5", "d5d6", "ne"},
             "crosscell": {"d4e4"}},
    "a6b6": {"crosspoint": {"b6c6"}, "crosscorner": {"a5a6", "b5b6"}, "crosscell": {"a5b5"}},
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hand_checked_neighbours(board, name):
    for rel in RELATIONS:
        assert set(board.neighbours(name, rel)) == EXPECTED[name][rel], (name, rel)


def test_relations_cover_every_space_and_are_symmetric(board):
    assert set(board.relations) == set(RELATIONS)
    for rel in RELATIONS:
        m = board.relations[rel]
        assert set(m) == set(board.names)
        for a, ns in m.items():
            assert len(set(ns)) == len(ns) and a not in ns
            for b in ns:
                assert a in m[b], (rel, a, b)


def test_relation_totals(board):
    # crosspoint, as ordered pairs of neighbours along each line: rows 2..5 (4 spaces,
    # 3 joints), files b..d (5 spaces, 4 joints), and the two edge chains of 8 spaces that
    # turn round a bend (file a + sw + rank 1; file e + ne + rank 6; 7 joints each).
    pairs = sum(len(v) for v in board.relations["crosspoint"].values())
    assert pairs == 4 * 3 * 2 + 3 * 4 * 2 + 2 * 7 * 2
    # crosscell: 20 cells x 2 pairs of opposite sides x 2 directions, minus the two corner
    # cells that lost two sides each (2 pairs each).
    assert sum(len(v) for v in board.relations["crosscell"].values()) == 20 * 2 * 2 - 2 * 2 * 2


def test_deterministic(board):
    again = danadazo_board()
    assert again.names == board.names
    for rel in RELATIONS:
        assert dict(again.relations[rel]) == dict(board.relations[rel])
    assert dict(again.data["line"]) == dict(board.data["line"])


LINES = {
    ("c6d6", "ne"): "e4e5", ("ne", "e4e5"): "e3e4", ("e3e4", "e4e5"): "ne",
    ("e4e5", "ne"): "c6d6", ("ne", "c6d6"): "b6c6", ("b6c6", "c6d6"): "ne",
    ("b1c1", "sw"): "a2a3", ("sw", "a2a3"): "a3a4", ("a3a4", "a2a3"): "sw",
    ("c1d1", "b1c1"): "sw", ("c2c3", "c3c4"): "c4c5", ("b3c3", "c3d3"): "d3e3",
}


def test_line_continuations_round_the_bends(board):
    line = board.data["line"]
    for pair, c in LINES.items():
        assert line[pair] == c, pair
    for pair in (("a4a5", "a5a6"), ("c1d1", "d1e1"), ("e2e3", "e1e2"), ("b6c6", "a6b6")):
        assert pair not in line
    assert len(line) == 2 * 29  # 58 ordered pairs: 29 three-space runs, both ways


def test_straight_lines_have_evenly_spaced_collinear_midpoints(board):
    anchor = {s.name: s.anchor for s in board.spaces}
    for (a, b), c in board.data["line"].items():
        assert b in board.neighbours(a, "crosspoint") and c in board.neighbours(b, "crosspoint")
        if "bend" in (board.space(x).kind for x in (a, b, c)):
            continue
        assert anchor[c].is_close(anchor[b].scaled(2) - anchor[a])


def test_diagonal_staircases(board):
    diag = board.data["diagonal"]
    assert diag[("b3c3", "c3c4")] == "c4d4"
    assert diag[("c4d4", "c3c4")] == "b3c3"
    assert diag[("c2c3", "c3d3")] == "d3d4"
    assert diag[("b3c3", "b2b3")] == "a2b2"
    assert ("d5d6", "ne") not in diag and ("ne", "d5e5") not in diag
    anchor = {s.name: s.anchor for s in board.spaces}
    for (a, b), c in diag.items():
        assert "bend" not in (board.space(x).kind for x in (a, b, c))
        assert b in board.neighbours(a, "crosscorner") and c in board.neighbours(b, "crosscorner")
        assert anchor[c].is_close(anchor[b].scaled(2) - anchor[a])
    # 30 staircases centred on a horizontal, 28 on a vertical (hand count), both ways
    assert len(diag) == 2 * (30 + 28)


def test_interior_points_have_four_spaces(board):
    pts = board.data["interior_points"]
    assert pts == ("b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4", "b5", "c5", "d5")
    assert set(board.data["points"]["c3"]) == {"c2c3", "c3c4", "b3c3", "c3d3"}
    assert set(board.data["points"]["d6"]) == {"c6d6", "d5d6", "ne"}


def test_fits_the_page_and_draws_lattice_dots(board):
    assert board.width <= 190 and board.height <= 240
    assert isinstance(board.outline, Polygon)
    assert bbox_of([board.outline]) == (0.0, 0.0, board.width, board.height)
    x0, y0, x1, y1 = bbox_of([s.shape for s in board.spaces])
    assert x0 > 0 and y0 > 0 and x1 < board.width and y1 < board.height
    dots = [d for d in board.decorations if d.style == "point"]
    assert len(dots) == 28
    assert all(isinstance(d.shape, Circle) and d.shape.radius * 2 > board.data["pitch"] / 4
               for d in dots)
    corners = {board.data["lattice"]["e6"].key(), board.data["lattice"]["a1"].key()}
    assert not corners & {d.shape.center.key() for d in dots}
    assert [d.layer for d in board.decorations if d.style == "board.ground"] == ["ground"]
    assert {lab.text for lab in board.labels} == set("abcde123456")


def test_size_is_the_overall_width():
    big = danadazo_board(250)
    assert math.isclose(big.width, 250) and math.isclose(big.data["pitch"], 50)
    seg = big.space("c3c4").shape.parts[0]
    assert math.isclose(seg.length, 50)
    assert big.space("c3c4").anchor.is_close(Point(25 + 2 * 50, 25 + 2.5 * 50))


@pytest.mark.parametrize("bad", [0, -10, float("nan")])
def test_bad_size_is_a_usage_error(bad):
    with pytest.raises(UsageError):
        danadazo_board(bad)
