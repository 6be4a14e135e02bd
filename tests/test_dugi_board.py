"""Dugi ring board: names, relations, true-arc outlines, anchors, rooms, frame and labels."""

from __future__ import annotations

import math

import pytest

from printables.boards.rings import dugi_board, parse_sector_name, sector_room
from printables.geometry import TOL, Arc, Circle, Outline, Point, Polygon, Segment

BOARD = dugi_board()
CENTER = BOARD.data["center"]


def polar(p: Point) -> tuple[float, float]:
    """(radius, angle in degrees 0..360) of p about the board centre."""
    return (p.distance(CENTER),
            math.degrees(math.atan2(p.y - CENTER.y, p.x - CENTER.x)) % 360.0)


def test_168_spaces_named_a1_to_g24():
    names = BOARD.names
    assert len(names) == len(set(names)) == 168
    assert set(names) == {f"{r}{s}" for r in "abcdefg" for s in range(1, 25)}
    assert names[0] == "a1" and names[-1] == "g24"
    assert all(s.kind == "sector" for s in BOARD.spaces)


def test_sector_1_lies_just_below_the_9_oclock_line():
    r, angle = polar(BOARD.space("a1").anchor)
    assert 180.0 < angle < 195.0
    assert BOARD.space("a1").anchor.x < CENTER.x and BOARD.space("a1").anchor.y < CENTER.y
    # numbers grow counter-clockwise: sectors 1..12 are the bottom half
    for s in range(1, 13):
        assert BOARD.space(f"c{s}").anchor.y < CENTER.y
    for s in range(13, 25):
        assert BOARD.space(f"c{s}").anchor.y > CENTER.y
    assert polar(BOARD.space("a7").anchor)[1] > polar(BOARD.space("a6").anchor)[1]
    _, a24 = polar(BOARD.space("a24").anchor)
    assert 165.0 < a24 < 180.0


def test_ring_a_is_outer_and_g_inner_with_default_dimensions():
    assert BOARD.data["rim_radius"] == pytest.approx(150.0)
    assert BOARD.data["dead_zone_radius"] == pytest.approx(45.0)
    assert BOARD.data["ring_width"] == pytest.approx(15.0)
    assert polar(BOARD.space("a3").anchor)[0] == pytest.approx(142.5)
    assert polar(BOARD.space("g3").anchor)[0] == pytest.approx(52.5)


def test_ring_relation_wraps_a24_to_a1():
    assert "a1" in BOARD.neighbours("a24", "ring")
    assert "a24" in BOARD.neighbours("a1", "ring")
    assert set(BOARD.neighbours("c10", "ring")) == {"c9", "c11"}


def test_radial_relation_stops_at_dead_zone_and_rim():
    assert BOARD.neighbours("g5", "radial") == ("f5",)
    assert BOARD.neighbours("a5", "radial") == ("b5",)
    assert set(BOARD.neighbours("d5", "radial")) == {"c5", "e5"}
    assert "g17" not in BOARD.neighbours("g5")


@pytest.mark.parametrize("relation", ["ring", "radial"])
def test_relations_are_symmetric_and_cover_every_space(relation):
    rel = BOARD.relations[relation]
    assert set(rel) == set(BOARD.names)
    for name, others in rel.items():
        for o in others:
            assert name in rel[o], (relation, name, o)


def test_every_outline_is_outer_arc_segment_inner_arc_segment():
    for s in BOARD.spaces:
        assert isinstance(s.shape, Outline) and not isinstance(s.shape, Polygon)
        outer, seg1, inner, seg2 = s.shape.parts
        assert isinstance(outer, Arc) and isinstance(inner, Arc)
        assert isinstance(seg1, Segment) and isinstance(seg2, Segment)
        assert outer.radius > inner.radius
        assert outer.sweep == pytest.approx(15.0) and inner.sweep == pytest.approx(-15.0)
        parts = s.shape.parts
        for a, b in zip(parts, parts[1:] + parts[:1]):  # closed chain, end to end
            assert a.end.is_close(b.start, 1e-9)


def test_outline_matches_its_name():
    ring, sector = parse_sector_name("c17")
    outer = BOARD.space("c17").shape.parts[0]
    assert outer.radius == pytest.approx(150.0 - 15.0 * ring)
    assert outer.start_angle % 360 == pytest.approx((180.0 + 15.0 * sector) % 360)


def test_anchor_is_inside_its_sector_at_mid_radius_and_angle():
    for s in BOARD.spaces:
        outer, _, inner, _ = s.shape.parts
        r, angle = polar(s.anchor)
        assert inner.radius < r < outer.radius
        assert r == pytest.approx((inner.radius + outer.radius) / 2)
        mid = (outer.start_angle + 7.5) % 360
        assert min(abs(angle - mid), 360 - abs(angle - mid)) < 1e-6


def test_room_is_largest_inscribed_disc():
    assert BOARD.space("a1").room == pytest.approx(15.0)
    g = BOARD.space("g1").room
    assert 13.0 < g < 15.0
    # the disc of that diameter, placed on the bisector touching the outer arc, fits
    s = math.sin(math.radians(7.5))
    rho = g / 2
    d = 60.0 - rho
    assert d * s >= rho - TOL and d - 45.0 >= rho - TOL
    # a slightly larger disc does not fit anywhere on the bisector
    assert sector_room(45.0, 60.0, 15.0) == pytest.approx(g)
    big = rho * 1.01
    assert not any(min(d * s, 60.0 - d, d - 45.0) >= big
                   for d in [45.0 + k * 0.001 for k in range(15001)])


def test_colours_alternate_along_rings_and_sector_lines():
    assert BOARD.space("a1").colour == "dark"
    for s in BOARD.spaces:
        for rel in ("ring", "radial"):
            for o in BOARD.neighbours(s.name, rel):
                assert BOARD.space(o).colour != s.colour


def test_frame_square_with_margin_and_decorations():
    assert BOARD.width == BOARD.height == pytest.approx(330.0)
    assert isinstance(BOARD.outline, Polygon)
    assert BOARD.outline.area() == pytest.approx(330.0 ** 2)
    assert CENTER.is_close(Point(165.0, 165.0))
    styles = {d.style: d for d in BOARD.decorations}
    dead = styles["deadzone"].shape
    rim = styles["grid.frame"].shape
    assert isinstance(dead, Circle) and dead.radius == pytest.approx(45.0)
    assert isinstance(rim, Circle) and rim.radius == pytest.approx(150.0)
    texts = {(lab.style, lab.text) for lab in BOARD.labels}
    assert ("label.deadzone", "dead zone") in texts
    assert {("label.coord", str(k)) for k in range(1, 25)} <= texts
    assert {("label.ring", c) for c in "abcdefg"} <= texts
    for lab in BOARD.labels:
        assert 0 < lab.position.x < BOARD.width and 0 < lab.position.y < BOARD.height
        if lab.text.isdigit():
            assert lab.position.distance(CENTER) > 150.0


def test_size_scales_everything():
    small = dugi_board(200.0)
    assert small.data["rim_radius"] == pytest.approx(100.0)
    assert small.data["dead_zone_radius"] == pytest.approx(30.0)
    assert small.data["ring_width"] == pytest.approx(10.0)
    assert small.space("a1").room == pytest.approx(10.0)
    assert small.width == pytest.approx(220.0)


def test_data_lines_follow_the_names():
    rings, sectors = BOARD.data["rings"], BOARD.data["sectors"]
    assert rings[0][0] == "a1" and rings[0][-1] == "a24" and rings[6][4] == "g5"
    assert sectors[4] == ("a5", "b5", "c5", "d5", "e5", "f5", "g5")
    assert BOARD.data["coords"]["g5"] == (6, 4)


def test_neighbouring_sectors_share_exact_edges():
    from printables.geometry import part_key
    keys = {part_key(p) for s in BOARD.spaces for p in s.shape.parts}
    # 8 circles (dead zone .. rim) of 24 arcs, and 24 sector lines of 7 segments
    assert len(keys) == 8 * 24 + 24 * 7
