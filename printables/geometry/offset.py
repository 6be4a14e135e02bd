"""Kerf compensation: offset a closed cutting path so the part comes out at nominal size.

The beam removes a strip of material kerf mm wide centred on the path. Moving the path
outward by kerf / 2 (inward for a hole) keeps the part's edge where the design put it.
The offset is exact: straight sides move parallel, arcs change radius, and where two sides
open a gap (a convex corner) the path turns round the corner on an arc of radius kerf / 2,
which is the path the beam's edge needs to leave that corner sharp.
"""

from __future__ import annotations

from printables.geometry import Arc, Part, Point, Segment
from printables.geometry.paths import (
    FULL,
    Chain,
    angle_of,
    intersections,
    is_full,
    on_arc,
    signed_area,
    tangent,
)


def offset_chain(chain: Chain, d: float) -> Chain:
    """A closed chain moved d mm outward (d < 0: inward), corners joined exactly.

    >>> c = offset_chain(Chain((Arc(Point(0, 0), 10.0, 0.0, 360.0),), True), 0.1)
    >>> round(c.parts[0].radius, 6)
    10.1
    """
    if not chain.closed:
        raise ValueError("kerf is applied to closed cutting paths only")
    if d == 0:
        return chain
    parts = chain.parts
    if len(parts) == 1 and is_full(parts[0]):
        a = parts[0]
        return Chain((Arc(a.center, a.radius + d, a.start_angle, a.sweep),), True)
    s = 1.0 if signed_area(parts) > 0 else -1.0
    off = [_offset_part(p, d * s) for p in parts]
    joins: dict[int, Arc] = {}
    n = len(off)
    for i in range(n):
        j = (i + 1) % n
        e, b = off[i].end, off[j].start
        if e.is_close(b, 1e-9):
            continue
        joint = parts[i].end
        turn = _cross(tangent(parts[i], False), tangent(parts[j], True))
        if turn * s * d > 0:  # the offset sides part: go round the corner
            joins[i] = _round_join(joint, e, b, abs(d), s)
        else:  # the offset sides overlap: meet where they cross
            x = _meeting(off[i], off[j], joint)
            off[i] = _trim_end(off[i], x)
            off[j] = _trim_start(off[j], x)
    result: list[Part] = []
    for i, p in enumerate(off):
        result.append(p)
        if i in joins:
            result.append(joins[i])
    return Chain(tuple(result), True)


def _cross(a: Point, b: Point) -> float:
    return a.x * b.y - a.y * b.x


def _offset_part(p: Part, d: float) -> Part:
    """Move a part d mm to the right of its travel direction."""
    if isinstance(p, Segment):
        t = tangent(p, True)
        nx, ny = t.y * d, -t.x * d
        return Segment(Point(p.a.x + nx, p.a.y + ny), Point(p.b.x + nx, p.b.y + ny))
    r = p.radius + (d if p.sweep > 0 else -d)
    if r <= 0:
        raise ValueError(f"kerf {2 * abs(d):g} mm is too wide for an arc of radius {p.radius:g} mm")
    return Arc(p.center, r, p.start_angle, p.sweep)


def _round_join(joint: Point, a: Point, b: Point, r: float, s: float) -> Arc:
    a0, a1 = angle_of(joint, a), angle_of(joint, b)
    sweep = (a1 - a0) % FULL if s > 0 else -((a0 - a1) % FULL)
    return Arc(joint, r, a0, sweep)


def _meeting(p: Part, q: Part, near: Point) -> Point:
    xs = intersections(p, q)
    if not xs:
        raise ValueError("kerf is too wide for a corner of this outline")
    return min(xs, key=near.distance)


def _trim_end(p: Part, x: Point) -> Part:
    if isinstance(p, Segment):
        return Segment(p.a, x)
    ax = angle_of(p.center, x)
    sweep = (ax - p.start_angle) % FULL if p.sweep > 0 else -((p.start_angle - ax) % FULL)
    return Arc(p.center, p.radius, p.start_angle, sweep)


def _trim_start(p: Part, x: Point) -> Part:
    if isinstance(p, Segment):
        return Segment(x, p.b)
    ax = angle_of(p.center, x)
    end = p.end_angle
    sweep = (end - ax) % FULL if p.sweep > 0 else -((ax - end) % FULL)
    return Arc(p.center, p.radius, ax, sweep)


def kerf_report(k: float) -> str:
    """One line saying what the kerf setting does, for file notes.

    >>> kerf_report(0.2)
    'kerf 0.2 mm: cutting paths moved 0.1 mm outward'
    """
    if k == 0:
        return "kerf 0: cutting paths on the nominal outlines"
    return f"kerf {k:g} mm: cutting paths moved {k / 2:g} mm outward"


def part_distance(part: Part, x: Point) -> float:
    """Distance from a point to a segment or arc (to its nearer end off the arc)."""
    if isinstance(part, Segment):
        d = part.b - part.a
        ln2 = d.x * d.x + d.y * d.y
        t = max(0.0, min(1.0, ((x.x - part.a.x) * d.x + (x.y - part.a.y) * d.y) / ln2))
        return x.distance(Point(part.a.x + d.x * t, part.a.y + d.y * t))
    if on_arc(part, x):
        return abs(x.distance(part.center) - part.radius)
    return min(x.distance(part.start), x.distance(part.end))
