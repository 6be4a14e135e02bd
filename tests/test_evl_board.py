"""Geometry and topology of the EVL board (heptagons and pentagons)."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from printables.boards.heptagon import (
    clip_convex,
    convex_intersection_area,
    evl_board,
    inscribed_circle,
    metrics,
)
from printables.geometry import TOL, Point, Polygon, Segment


@pytest.fixture(scope="module")
def board():
    return evl_board()


def kind(board, k):
    return [s for s in board.spaces if s.kind == k]


def side_length(board) -> float:
    return board.data["metrics"]["s"]


def test_46_spaces_named_as_specified(board):
    hept = [f"{r}{c}" for r in "ABCD" for c in range(1, 8)]
    pent = [f"{b}{j}" for b in ("AB", "BC", "CD") for j in range(1, 7)]
    assert board.names == tuple(hept + pent)
    assert len(board.spaces) == 46
    assert all(board.space(n).kind == board.space(n).colour == "heptagon" for n in hept)
    assert all(board.space(n).kind == board.space(n).colour == "pentagon" for n in pent)


def test_side_from_construction():
    m = metrics(10.0)
    assert m["s"] == pytest.approx(20 * math.sin(math.pi / 7))
    assert m["P"] == pytest.approx(2 * m["a"] + m["dy"])


def test_every_heptagon_side_is_s(board):
    s = side_length(board)
    for sp in kind(board, "heptagon"):
        assert len(sp.shape.points) == 7
        for e in sp.shape.edges():
            assert e.length == pytest.approx(s, rel=1e-6), sp.name


def test_18_convex_pentagons_four_long_sides_one_short(board):
    s = side_length(board)
    pents = kind(board, "pentagon")
    assert len(pents) == 18
    for sp in pents:
        poly = sp.shape
        assert len(poly.points) == 5 and poly.is_convex() and poly.area() > 0, sp.name
        lengths = [e.length for e in poly.edges()]
        assert [pytest.approx(s, rel=1e-6) == L for L in lengths] == [True] * 4 + [False]
        assert lengths[4] < s * 0.9, sp.name


def test_all_shapes_counter_clockwise_and_convex(board):
    for sp in board.spaces:
        assert sp.shape.area() > 0 and sp.shape.is_convex(), sp.name


def test_intersection_area_detects_overlap(board):
    a = board.space("B4").shape
    moved = Polygon(tuple(Point(p.x + 1.0, p.y) for p in a.points))
    assert convex_intersection_area(a, a) == pytest.approx(a.area())
    assert convex_intersection_area(a, moved) > a.area() * 0.5
    assert clip_convex(a, Polygon(tuple(Point(p.x + 100, p.y) for p in a.points))) == ()


def test_no_two_spaces_overlap(board):
    total = sum(sp.shape.area() for sp in board.spaces)
    for x, y in combinations(board.spaces, 2):
        assert convex_intersection_area(x.shape, y.shape) <= total * 1e-9, (x.name, y.name)


def _collinear_overlap(e: Segment, f: Segment) -> float:
    """Length of the common part of two segments when they lie on one line, else 0."""
    ux, uy = e.b.x - e.a.x, e.b.y - e.a.y
    n = math.hypot(ux, uy)
    ux, uy = ux / n, uy / n
    for p in (f.a, f.b):
        if abs(ux * (p.y - e.a.y) - uy * (p.x - e.a.x)) > 1e-7:
            return 0.0
    t = sorted(ux * (p.x - e.a.x) + uy * (p.y - e.a.y) for p in (f.a, f.b))
    return max(0.0, min(n, t[1]) - max(0.0, t[0]))


def test_touching_sides_are_shared_exactly(board):
    shared = 0
    for x, y in combinations(board.spaces, 2):
        for e in x.shape.edges():
            for f in y.shape.edges():
                if _collinear_overlap(e, f) > TOL:
                    same = (e.a.is_close(f.a) and e.b.is_close(f.b)) or \
                           (e.a.is_close(f.b) and e.b.is_close(f.a))
                    assert same, (x.name, y.name)
                    shared += 1
    # 34 heptagon pairs + 18 * 4 pentagon sides + 7 short sides between twins
    assert shared == 34 + 72 + 7


def test_34_heptagon_edges_symmetric(board):
    edge = board.relations["edge"]
    assert set(edge) == set(board.names)
    pairs = {tuple(sorted((a, b))) for a, ns in edge.items() for b in ns}
    assert len(pairs) == 34
    for a, ns in edge.items():
        for b in ns:
            assert a in edge[b]
            assert board.space(a).kind == board.space(b).kind == "heptagon"
            ca, cb = board.space(a).anchor, board.space(b).anchor
            assert ca.distance(cb) == pytest.approx(2 * board.data["metrics"]["a"])


def test_vertical_links_by_column(board):
    edge = board.relations["edge"]
    for lower, upper, cols in (("A", "B", (2, 4, 6)), ("B", "C", (1, 3, 5, 7)),
                               ("C", "D", (2, 4, 6))):
        linked = [c for c in range(1, 8) if f"{upper}{c}" in edge[f"{lower}{c}"]]
        assert tuple(linked) == cols


def test_b4_neighbours(board):
    ns = board.neighbours("B4", "edge")
    assert set(ns) == {"A4", "B3", "B5"}
    assert "C4" not in ns


def test_each_pentagon_touches_four_heptagons(board):
    rel = board.relations["pentagon"]
    assert set(rel) == set(board.names)
    for sp in kind(board, "pentagon"):
        ring = board.data["ring"][sp.name]
        assert len(ring) == 4 and len(set(ring)) == 4
        assert tuple(rel[sp.name]) == ring
        for k, h in enumerate(ring):
            assert sp.name in rel[h]
            # ring[k] owns side k of the pentagon
            e = sp.shape.edges()[k]
            hp = board.space(h).shape.points
            assert any(e.a.is_close(p) for p in hp) and any(e.b.is_close(p) for p in hp)
        edge = board.relations["edge"]
        # consecutive ring members share a side except across the short side
        assert [ring[k + 1] in edge[ring[k]] for k in range(3)] == [True] * 3
        assert ring[0] not in edge[ring[3]]
    assert sum(len(rel[s.name]) for s in kind(board, "heptagon")) == 72


def test_ab1_ring_and_twins(board):
    assert set(board.data["ring"]["AB1"]) == {"A1", "A2", "B1", "B2"}
    twin = board.data["twin"]
    assert twin["AB1"] is None and twin["AB6"] is None
    assert twin["CD1"] is None and twin["CD6"] is None
    assert twin["AB2"] == "AB3" and twin["BC1"] == "BC2" and twin["BC6"] == "BC5"
    assert sum(1 for v in twin.values() if v is None) == 4
    assert all(twin[twin[p]] == p for p in twin if twin[p])


def test_twins_mirror_each_other(board):
    twin = board.data["twin"]
    for p, q in twin.items():
        if q is None or p > q:
            continue
        a = board.space(p).shape.points
        mid_x = (a[0].x + a[-1].x) / 2  # the short side is vertical: mirror across it
        mirrored = [Point(2 * mid_x - v.x, v.y) for v in board.space(q).shape.points]
        assert all(any(v.is_close(w, 1e-9) for w in mirrored) for v in a), (p, q)


def test_board_fits_and_size_is_width(board):
    assert board.width <= 190 + TOL and board.height <= 240
    big = evl_board(300.0)
    assert big.width == pytest.approx(300.0)
    assert big.data["metrics"]["R"] == pytest.approx(board.data["metrics"]["R"] * 300 / 190)
    for b in (board, big):
        for sp in b.spaces:
            for p in sp.shape.points:
                assert 0 < p.x < b.width and 0 < p.y < b.height


def test_rooms_and_anchors(board):
    a = board.data["metrics"]["a"]
    for sp in board.spaces:
        assert sp.shape.contains(sp.anchor)
        if sp.kind == "heptagon":
            assert sp.room == pytest.approx(2 * a)
        else:
            c, r = inscribed_circle(sp.shape)
            assert sp.room == pytest.approx(2 * r) and 0.5 * a < sp.room < 2 * a


def test_labels_name_every_space(board):
    labels = [lab for lab in board.labels if lab.style == "label.space"]
    assert sorted(lab.text for lab in labels) == sorted(board.names)
    for lab in labels:
        assert board.space(lab.text).shape.contains(lab.position)


def test_outline_and_ground(board):
    assert board.outline.area() == pytest.approx(board.width * board.height)
    assert any(d.style == "board.ground" and d.layer == "ground" for d in board.decorations)
