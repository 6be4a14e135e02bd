"""Path hygiene, kerf offsets and glyph outlines: the geometry under the laser files."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.geometry import Arc, Point, Polygon, Segment, part_key
from printables.geometry.offset import offset_chain
from printables.geometry.paths import (
    Chain,
    chain_parts,
    clip_parts,
    contains_point,
    merge_parts,
    signed_area,
    split_part,
    subtract_parts,
    total_length,
)
from printables.products.laser.text import FIT, quad_arcs, text_outlines

P = Point
O = P(0, 0)  # noqa: E741 (the origin, as in the figures)


def square(x, y, s=1.0):
    return Polygon((P(x, y), P(x + s, y), P(x + s, y + s), P(x, y + s)))


def keys(parts):
    return [part_key(p) for p in parts]


# ----------------------------------------------------------------------------- segments

def test_shared_edge_of_neighbouring_squares_is_emitted_once():
    merged = merge_parts(square(0, 0).edges() + square(1, 0).edges())
    assert len(set(keys(merged))) == len(merged) == 5  # 2 long runs + 3 sides
    assert total_length(merged) == pytest.approx(7.0)
    shared = part_key(Segment(P(1, 0), P(1, 1)))
    assert keys(merged).count(shared) == 1


def test_collinear_touching_segments_become_one_with_exact_ends():
    run = [Segment(P(0, 0), P(1, 0)), Segment(P(2, 0), P(1, 0)), Segment(P(2, 0), P(3.5, 0))]
    assert merge_parts(run) == (Segment(P(0, 0), P(3.5, 0)),)
    diagonal = [Segment(P(0, 0), P(1, 1)), Segment(P(1, 1), P(2, 2))]
    (only,) = merge_parts(diagonal)
    assert {only.a, only.b} == {P(0, 0), P(2, 2)}


def test_partial_and_contained_overlaps_are_merged_not_cut_twice():
    partial = merge_parts([Segment(P(0, 0), P(3, 0)), Segment(P(5, 0), P(2, 0))])
    assert partial == (Segment(P(0, 0), P(5, 0)),)
    contained = merge_parts([Segment(P(0, 2), P(0, 7)), Segment(P(0, 3), P(0, 4))])
    assert contained == (Segment(P(0, 2), P(0, 7)),)
    slanted = merge_parts([Segment(P(0, 0), P(3, 1.5)), Segment(P(2, 1), P(4, 2))])
    assert len(slanted) == 1 and slanted[0].length == pytest.approx(math.hypot(4, 2))


def test_gaps_and_parallel_lines_stay_apart():
    gap = merge_parts([Segment(P(0, 0), P(1, 0)), Segment(P(1.001, 0), P(2, 0))])
    assert len(gap) == 2
    parallel = merge_parts([Segment(P(0, 0), P(1, 0)), Segment(P(0, 0.001), P(1, 0.001))])
    assert len(parallel) == 2
    crossing = merge_parts([Segment(P(-1, 0), P(1, 0)), Segment(P(0, -1), P(0, 1))])
    assert len(crossing) == 2


# ----------------------------------------------------------------------------- arcs

def test_arcs_merge_when_on_one_circle_and_touching():
    (one,) = merge_parts([Arc(O, 5, 0, 90), Arc(O, 5, 90, 45)])
    assert isinstance(one, Arc) and (one.start_angle, one.sweep) == (0, 135)
    (rev,) = merge_parts([Arc(O, 5, 0, 90), Arc(O, 5, 120, -60)])  # 60..120, other way round
    assert (rev.start_angle, rev.sweep) == (0, 120)
    (wrap,) = merge_parts([Arc(O, 5, 350, 20), Arc(O, 5, 0, 30)])
    assert (wrap.start_angle, wrap.sweep) == (350, 40)


def test_arcs_do_not_merge_across_gaps_radii_or_centres():
    assert len(merge_parts([Arc(O, 5, 0, 90), Arc(O, 5, 100, 10)])) == 2
    assert len(merge_parts([Arc(O, 5, 0, 90), Arc(O, 6, 90, 90)])) == 2
    touching_elsewhere = [Arc(O, 1, 0, 90), Arc(P(0, 2), 1, 270, 90)]  # meet at (0, 1)
    assert len(merge_parts(touching_elsewhere)) == 2


def test_arcs_closing_a_circle_become_one_full_circle_never_segments():
    quarters = [Arc(O, 3, a, 90) for a in (0, 90, 180, 270)]
    (circle,) = merge_parts(quarters + [Arc(O, 3, 45, 90)])
    assert isinstance(circle, Arc) and abs(circle.sweep) == 360
    assert all(isinstance(p, Arc) for p in merge_parts([Arc(O, 3, 10, 20)] * 3))


def test_subtract_keeps_only_uncovered_runs():
    left = subtract_parts([Segment(P(0, 0), P(10, 0))], [Segment(P(8, 0), P(2, 0))])
    assert sorted((p.a.x, p.b.x) for p in left) == [(0, 2), (8, 10)]
    ring = subtract_parts([Arc(O, 2, 0, 360)], [Arc(O, 2, -30, 60)])
    assert len(ring) == 1 and ring[0].sweep == pytest.approx(300)
    assert subtract_parts([Segment(P(0, 0), P(1, 0))], [Segment(P(-1, 0), P(2, 0))]) == ()


# ----------------------------------------------------------------------------- chaining

def test_scrambled_square_chains_into_one_closed_path():
    e = square(0, 0, 2).edges()
    scrambled = [e[2], e[0].reversed(), e[3], e[1].reversed()]
    (chain,) = chain_parts(scrambled)
    assert chain.closed and len(chain.parts) == 4
    for a, b in zip(chain.parts, chain.parts[1:] + chain.parts[:1]):
        assert a.end.is_close(b.start)


def test_chain_runs_straight_through_a_junction():
    tee = [Segment(P(0, 0), P(0, 1)), Segment(P(-1, 0), P(0, 0)), Segment(P(0, 0), P(1, 0))]
    chains = chain_parts(tee)
    straight = [c for c in chains if len(c.parts) == 2]
    assert len(chains) == 2 and straight
    assert all(abs(p.a.y) < 1e-12 and abs(p.b.y) < 1e-12 for p in straight[0].parts)


def test_mixed_arc_and_segment_outline_chains_closed():
    sector = (Arc(O, 2, 0, 90), Segment(P(0, 2), P(0, 1)), Arc(O, 1, 90, -90),
              Segment(P(1, 0), P(2, 0)))
    (chain,) = chain_parts(sector[::-1])
    assert chain.closed and sorted(type(p).__name__ for p in chain.parts) == [
        "Arc", "Arc", "Segment", "Segment"]


# ----------------------------------------------------------------------------- cutting parts

def test_split_and_clip_keep_arcs_exact():
    pieces = split_part(Arc(O, 1, 90, 360), [P(0, 1), P(0, -1)])
    assert [p.sweep for p in pieces] == [180, 180]
    kept = clip_parts([Arc(O, 1, 0, 360)], [Segment(P(0, -2), P(0, 2))], lambda m: m.x > 0)
    assert len(kept) == 1 and kept[0].sweep == pytest.approx(180) and kept[0].radius == 1


def test_contains_point_is_exact_near_arcs():
    disc = (Arc(O, 1, 90, 360),)
    assert contains_point(disc, P(-0.7, 0.7)) and not contains_point(disc, P(-0.71, 0.71))
    sector = (Arc(O, 2, 0, 90), Segment(P(0, 2), P(0, 1)), Arc(O, 1, 90, -90),
              Segment(P(1, 0), P(2, 0)))
    assert contains_point(sector, P(1.05, 1.05)) and not contains_point(sector, P(0.6, 0.6))


@settings(max_examples=40, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=14))
def test_any_set_of_grid_cells_gives_each_line_once(cells):
    edges = [e for x, y in sorted(cells) for e in square(2.5 * x, 2.5 * y, 2.5).edges()]
    unique_unit_edges = set(keys(edges))
    merged = merge_parts(edges)
    assert len(set(keys(merged))) == len(merged)
    assert total_length(merged) == pytest.approx(2.5 * len(unique_unit_edges))
    assert len(merge_parts(merged + tuple(reversed(merged)))) == len(merged)  # nothing left


# ----------------------------------------------------------------------------- kerf

def test_kerf_grows_a_disc_by_half_the_kerf():
    (arc,) = offset_chain(Chain((Arc(P(3, 4), 10, 0, 360),), True), 0.15 / 2).parts
    assert arc.radius == pytest.approx(10.075) and arc.center == P(3, 4)


@pytest.mark.parametrize("d", [0.1, 0.5])
def test_kerf_offsets_a_square_exactly(d):
    sq = Chain(square(0, 0, 10).edges(), True)
    out = offset_chain(sq, d)
    assert out.closed
    for a, b in zip(out.parts, out.parts[1:] + out.parts[:1]):
        assert a.end.is_close(b.start, 1e-9)
    assert signed_area(out.parts) == pytest.approx(100 + 40 * d + math.pi * d * d)
    cw = Chain(tuple(p.reversed() for p in reversed(sq.parts)), True)
    grown = abs(signed_area(offset_chain(cw, d).parts))
    assert grown == pytest.approx(100 + 40 * d + math.pi * d * d)


def test_kerf_on_a_concave_corner_and_on_a_hole():
    ell = Polygon((P(0, 0), P(2, 0), P(2, 1), P(1, 1), P(1, 2), P(0, 2)))
    out = offset_chain(Chain(ell.edges(), True), 0.1)
    # Minkowski sum: area + perimeter * d + the five convex corners' quarter circles
    assert signed_area(out.parts) == pytest.approx(3 + 8 * 0.1 + 5 * math.pi * 0.01 / 4 - 0.01)
    hole = offset_chain(Chain(square(0, 0, 10).edges(), True), -0.5)
    assert signed_area(hole.parts) == pytest.approx(81)


# ----------------------------------------------------------------------------- glyphs

def _bez(p0, p1, p2, t):
    u = 1 - t
    return P(u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
             u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)


def _dist(part, x):
    if isinstance(part, Segment):
        d = part.b - part.a
        t = ((x.x - part.a.x) * d.x + (x.y - part.a.y) * d.y) / (d.x ** 2 + d.y ** 2)
        t = max(0, min(1, t))
        return x.distance(P(part.a.x + d.x * t, part.a.y + d.y * t))
    return abs(x.distance(part.center) - part.radius)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-20, 20), min_size=6, max_size=6))
def test_curves_become_tangent_arcs_within_the_fit(c):
    p0, p1, p2 = P(c[0], c[1]), P(c[2], c[3]), P(c[4], c[5])
    parts = quad_arcs(p0, p1, p2)
    if p0.distance(p2) < 1e-6:
        return
    assert parts[0].start.is_close(p0, 1e-6) and parts[-1].end.is_close(p2, 1e-6)
    for a, b in zip(parts, parts[1:]):
        assert a.end.is_close(b.start, 1e-6)
    worst = max(min(_dist(p, _bez(p0, p1, p2, k / 50)) for p in parts) for k in range(51))
    assert worst <= FIT * 2 + 1e-9


def test_glyph_outlines_are_closed_and_holes_run_the_other_way():
    contours = text_outlines("o", 10, O)
    assert len(contours) == 2
    for c in contours:
        assert c[-1].end.is_close(c[0].start, 1e-6)
    areas = sorted(signed_area(c) for c in contours)
    assert areas[0] < 0 < areas[1]  # outer clockwise, hole counter-clockwise
    assert all(isinstance(p, (Segment, Arc)) for c in contours for p in c)
