"""Path hygiene for cutters and plotters: pure functions on segments and arcs.

A laser must never cut one line twice, nor turn a circle into a polygon. The operations:

- :func:`merge_parts`: drop repeated parts (a side shared by two spaces), and merge parts
  that lie on one carrier (the same infinite line, or the same circle) and touch or
  overlap into one maximal part. Arcs stay arcs; arcs that close a circle become a full
  circle (an :class:`Arc` with a sweep of 360 degrees).
- :func:`subtract_parts`: the pieces of some parts not covered by others (a scored line
  that a cut line already covers is not scored).
- :func:`chain_parts`: parts end to end into :class:`Chain` paths, continuing as straight
  as possible at every junction, closed when they come back to their start.
- :func:`clip_parts`: cut parts where they cross other parts and keep the pieces whose
  middle satisfies a test (splitting a board into sheets, hiding covered outlines).

Every comparison uses the one tolerance :data:`printables.geometry.TOL`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from printables.geometry import (
    TOL,
    Arc,
    Circle,
    Outline,
    Part,
    Point,
    Polygon,
    Segment,
    Shape,
    Stroke,
    bbox_of,
    part_key,
)

FULL = 360.0
#: Sine of the largest angle between two directions still called parallel.
PARALLEL = 1e-9


@dataclass(frozen=True)
class Chain:
    """Parts end to end in travel order; closed when the last ends where the first starts."""

    parts: tuple[Part, ...]
    closed: bool

    @property
    def length(self) -> float:
        """Total length in mm."""
        return sum(p.length for p in self.parts)


# ----------------------------------------------------------------------------- small helpers

def is_full(part: Part) -> TypeGuard[Arc]:
    """True for an arc that is a whole circle.

    >>> is_full(Arc(Point(0, 0), 1.0, 30.0, -360.0))
    True
    """
    return isinstance(part, Arc) and abs(part.sweep) >= FULL - 1e-9


def shape_parts(shape: Part | Shape) -> tuple[Part, ...]:
    """The boundary of a shape as parts (a Stroke gives its centre line; a Circle one full arc).

    >>> len(shape_parts(Polygon((Point(0, 0), Point(1, 0), Point(0, 1)))))
    3
    """
    if isinstance(shape, (Segment, Arc)):
        return (shape,)
    if isinstance(shape, Polygon):
        return shape.edges()
    if isinstance(shape, Circle):
        return (Arc(shape.center, shape.radius, 0.0, FULL),)
    if isinstance(shape, (Outline, Stroke)):
        return tuple(shape.parts)
    raise TypeError(f"no boundary parts for {type(shape).__name__}")


def total_length(parts: Iterable[Part]) -> float:
    """Sum of the lengths of parts in mm."""
    return sum(p.length for p in parts)


def tangent(part: Part, at_start: bool) -> Point:
    """Unit direction of travel at the start (or end) of a part."""
    if isinstance(part, Segment):
        d = part.b - part.a
        n = math.hypot(d.x, d.y)
        return Point(d.x / n, d.y / n)
    t = math.radians(part.start_angle if at_start else part.end_angle)
    s = 1.0 if part.sweep > 0 else -1.0
    return Point(-math.sin(t) * s, math.cos(t) * s)


def angle_of(center: Point, p: Point) -> float:
    """Angle in degrees [0, 360) of p seen from center."""
    return math.degrees(math.atan2(p.y - center.y, p.x - center.x)) % FULL


def ccw(arc: Arc) -> Arc:
    """The same arc with a positive sweep and a start angle in [0, 360)."""
    a = arc if arc.sweep >= 0 else arc.reversed()
    return Arc(a.center, a.radius, a.start_angle % FULL, a.sweep)


def on_arc(arc: Arc, p: Point) -> bool:
    """True when the point's angle lies within the arc's angular span (TOL along the arc)."""
    if is_full(arc):
        return True
    a = ccw(arc)
    eps = math.degrees(TOL / a.radius)
    off = (angle_of(a.center, p) - a.start_angle) % FULL
    return off <= a.sweep + eps or off >= FULL - eps


def unit_direction(seg: Segment) -> Point:
    """The segment's unit direction, made canonical (pointing right, or up when vertical),
    so both ends of a line give the same direction."""
    d = seg.b - seg.a
    n = math.hypot(d.x, d.y)
    ux, uy = d.x / n, d.y / n
    if ux < -TOL or (abs(ux) <= TOL and uy < 0):
        ux, uy = -ux, -uy
    return Point(ux, uy)


def _dot(a: Point, b: Point) -> float:
    return a.x * b.x + a.y * b.y


def _cross(a: Point, b: Point) -> float:
    return a.x * b.y - a.y * b.x


# ----------------------------------------------------------------------------- carriers

@dataclass
class _Carrier:
    """One infinite line (u, c) or one circle (center, radius) and the parts lying on it."""

    line: bool
    u: Point  # line direction (canonical) or circle centre
    c: float  # line offset (cross(u, p)) or circle radius
    members: list[Any]  # Segments on a line carrier, Arcs on a circle


_NEIGHBOURS = tuple(itertools.product((-1, 0, 1), repeat=2))


def _group(parts: Iterable[Part]) -> list[_Carrier]:
    """Parts sorted onto their carriers (in first-seen order); zero-length parts dropped.
    Carriers are indexed by their offset (lines) or centre (circles) in buckets wider than
    TOL, so each part looks at a few carriers, not all of them."""
    groups: list[_Carrier] = []
    index: dict[tuple[Any, ...], list[_Carrier]] = {}
    q = 10 * TOL

    def near(key: tuple[Any, ...]) -> Iterator[_Carrier]:
        if len(key) == 2:
            for d in (-1, 0, 1):
                yield from index.get((key[0], key[1] + d), ())
            return
        for dx, dy in _NEIGHBOURS:
            yield from index.get((key[0], key[1] + dx, key[2] + dy), ())
    for p in parts:
        if p.length <= TOL:
            continue
        if isinstance(p, Segment):
            u = unit_direction(p)
            c = _cross(u, p.a)
            key: tuple[Any, ...] = (True, round(c / q))
            g = next((g for g in near(key) if abs(_cross(u, g.u)) <= PARALLEL
                      and abs(c - g.c) <= TOL), None)
            if g is None:
                g = _Carrier(True, u, c, [])
        else:
            key = (False, round(p.center.x / q), round(p.center.y / q))
            g = next((g for g in near(key) if g.u.is_close(p.center)
                      and abs(p.radius - g.c) <= TOL), None)
            if g is None:
                g = _Carrier(False, p.center, p.radius, [])
        if not g.members:
            groups.append(g)
            index.setdefault(key, []).append(g)
        g.members.append(p)
    return groups


def _line_intervals(g: _Carrier, parts: Iterable[Segment]) -> list[list[Any]]:
    """[t0, P0, t1, P1] per segment along the carrier direction, sorted."""
    out = []
    for s in parts:
        ta, tb = _dot(s.a, g.u), _dot(s.b, g.u)
        out.append([ta, s.a, tb, s.b] if ta <= tb else [tb, s.b, ta, s.a])
    return sorted(out, key=lambda iv: (iv[0], iv[2]))


def _merge_line(g: _Carrier) -> list[Segment]:
    merged: list[list[Any]] = []
    for iv in _line_intervals(g, g.members):
        if merged and iv[0] <= merged[-1][2] + TOL:
            if iv[2] > merged[-1][2]:
                merged[-1][2:] = iv[2:]
        else:
            merged.append(list(iv))
    return [Segment(iv[1], iv[3]) for iv in merged]


def _arc_intervals(arcs: Iterable[Arc]) -> list[list[float]]:
    out = []
    for a in arcs:
        if is_full(a):
            return [[0.0, FULL]]
        c = ccw(a)
        out.append([c.start_angle, c.start_angle + c.sweep])
    return sorted(out)


def _merge_angles(ivs: list[list[float]], eps: float) -> list[list[float]]:
    """Union of angular intervals on a circle; [[0, 360]] when they cover it."""
    merged: list[list[float]] = []
    for s, e in ivs:
        if merged and s <= merged[-1][1] + eps:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    while len(merged) > 1 and merged[-1][1] >= merged[0][0] + FULL - eps:
        last = merged.pop()
        merged[0] = [last[0], max(last[1], merged[0][1] + FULL)]
    if any(e - s >= FULL - eps for s, e in merged):
        return [[0.0, FULL]]
    return merged


def _merge_circle(g: _Carrier) -> list[Arc]:
    eps = math.degrees(TOL / g.c)
    return [Arc(g.u, g.c, s % FULL if e - s < FULL else 0.0, e - s)
            for s, e in _merge_angles(_arc_intervals(g.members), eps)]


def merge_parts(parts: Iterable[Part]) -> tuple[Part, ...]:
    """Every part once: repeats removed, touching or overlapping parts on one line or one
    circle merged into a single part, in a stable order.

    >>> a, b, c = Point(0, 0), Point(1, 0), Point(3, 0)
    >>> merge_parts([Segment(a, b), Segment(c, b), Segment(b, a)])
    (Segment(a=Point(x=0, y=0), b=Point(x=3, y=0)),)
    """
    out: list[Part] = []
    for g in _group(parts):
        out.extend(_merge_line(g) if g.line else _merge_circle(g))
    return tuple(sorted(out, key=part_key))


def _subtract_line(g: _Carrier, cover: list[Segment]) -> list[Segment]:
    cov = [iv for iv in _line_intervals(g, cover)]
    out: list[Segment] = []
    for t0, p0, t1, p1 in _line_intervals(g, g.members):
        pieces = [[t0, p0, t1, p1]]
        for c0, q0, c1, q1 in cov:
            nxt = []
            for s0, r0, s1, r1 in pieces:
                if c1 <= s0 + TOL or c0 >= s1 - TOL:
                    nxt.append([s0, r0, s1, r1])
                    continue
                if c0 > s0 + TOL:
                    nxt.append([s0, r0, c0, q0])
                if c1 < s1 - TOL:
                    nxt.append([c1, q1, s1, r1])
            pieces = nxt
        out.extend(Segment(r0, r1) for _, r0, _, r1 in pieces)
    return out


def _subtract_circle(g: _Carrier, cover: list[Arc]) -> list[Arc]:
    eps = math.degrees(TOL / g.c)
    cov = _merge_angles(_arc_intervals(cover), eps)
    out: list[Arc] = []
    for s, e in _arc_intervals(g.members):
        pieces = [[s, e]]
        for c0, c1 in cov:
            for k in (-1, 0, 1):
                lo, hi = c0 + k * FULL, c1 + k * FULL
                nxt = []
                for a, b in pieces:
                    if hi <= a + eps or lo >= b - eps:
                        nxt.append([a, b])
                        continue
                    if lo > a + eps:
                        nxt.append([a, lo])
                    if hi < b - eps:
                        nxt.append([hi, b])
                pieces = nxt
        out.extend(Arc(g.u, g.c, a % FULL, b - a) for a, b in pieces)
    return out


def subtract_parts(parts: Iterable[Part], cover: Iterable[Part]) -> tuple[Part, ...]:
    """The pieces of parts that no part of cover runs along (merged, stable order).

    >>> s = subtract_parts([Segment(Point(0, 0), Point(4, 0))], [Segment(Point(1, 0), Point(2, 0))])
    >>> [(p.a.x, p.b.x) for p in s]
    [(0, 1), (2, 4)]
    """
    parts = merge_parts(parts)
    cover_groups = _group(cover)
    out: list[Part] = []
    for g in _group(parts):
        twin = [c for c in cover_groups if c.line == g.line and _same_carrier(g, c)]
        cov = [m for c in twin for m in c.members]
        if not cov:
            out.extend(g.members)
        else:
            out.extend(_subtract_line(g, cov) if g.line else _subtract_circle(g, cov))
    return merge_parts(out)


def _same_carrier(a: _Carrier, b: _Carrier) -> bool:
    if a.line:
        return abs(_cross(a.u, b.u)) <= PARALLEL and abs(a.c - b.c) <= TOL
    return a.u.is_close(b.u) and abs(a.c - b.c) <= TOL


# ----------------------------------------------------------------------------- chaining

class _Nodes:
    """Points identified within TOL (grid buckets, neighbours searched)."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.points: list[Point] = []

    def id(self, p: Point) -> int:
        kx, ky = round(p.x / (TOL * 10)), round(p.y / (TOL * 10))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for i in self.cells.get((kx + dx, ky + dy), ()):
                    if self.points[i].is_close(p):
                        return i
        self.points.append(p)
        self.cells.setdefault((kx, ky), []).append(len(self.points) - 1)
        return len(self.points) - 1


def _turn(incoming: Point | None, part: Part) -> float:
    if incoming is None:
        return 0.0
    t = tangent(part, True)
    return math.acos(max(-1.0, min(1.0, _dot(incoming, t))))


def chain_parts(parts: Iterable[Part]) -> tuple[Chain, ...]:
    """Join parts end to end into paths: open paths start at loose ends; at a junction the
    walk takes the part that turns least. Full circles are closed paths of their own.

    >>> sq = [Segment(Point(0, 0), Point(1, 0)), Segment(Point(1, 1), Point(1, 0)),
    ...       Segment(Point(1, 1), Point(0, 1)), Segment(Point(0, 0), Point(0, 1))]
    >>> [(len(c.parts), c.closed) for c in chain_parts(sq)]
    [(4, True)]
    """
    items = sorted(parts, key=part_key)
    chains = [Chain((p,), True) for p in items if is_full(p)]
    items = [p for p in items if not is_full(p)]
    nodes = _Nodes()
    ends = [(nodes.id(p.start), nodes.id(p.end)) for p in items]
    incident: dict[int, list[int]] = {}
    for i, (a, b) in enumerate(ends):
        incident.setdefault(a, []).append(i)
        incident.setdefault(b, []).append(i)
    used = [False] * len(items)
    odd = [n for n in sorted(incident) if len(incident[n]) % 2 == 1]
    starts = odd + [ends[i][0] for i in range(len(items))]
    for node in starts:
        if not any(not used[i] for i in incident[node]):
            continue
        chains.append(_walk(node, items, ends, incident, used))
    return tuple(chains)


def _walk(node: int, items: list[Part], ends: list[tuple[int, int]],
          incident: dict[int, list[int]], used: list[bool]) -> Chain:
    start = node
    out: list[Part] = []
    incoming: Point | None = None
    while True:
        options = []
        for i in incident[node]:
            if used[i]:
                continue
            part = items[i] if ends[i][0] == node else items[i].reversed()
            options.append((_turn(incoming, part), i, part))
        if not options:
            break
        _, i, part = min(options, key=lambda o: (round(o[0], 9), o[1]))
        used[i] = True
        out.append(part)
        node = ends[i][1] if ends[i][0] == node else ends[i][0]
        incoming = tangent(part, False)
    return Chain(tuple(out), node == start and len(out) > 0)


def clean_paths(parts: Iterable[Part]) -> tuple[Chain, ...]:
    """merge_parts then chain_parts: the cutting paths for a set of lines."""
    return chain_parts(merge_parts(parts))


def bbox_area(chain: Chain) -> float:
    """Area of a chain's bounding box (for inside-out ordering)."""
    x0, y0, x1, y1 = bbox_of(chain.parts)
    return (x1 - x0) * (y1 - y0)


def inside_out(chains: Iterable[Chain]) -> tuple[Chain, ...]:
    """Chains ordered small to large by bounding box, so anything inside another comes first."""
    return tuple(sorted(chains, key=lambda c: (round(bbox_area(c), 6),
                                               tuple(round(v, 6) for v in bbox_of(c.parts)))))


# ----------------------------------------------------------------------------- intersections

def _line_circle(a: Point, b: Point, c: Point, r: float) -> list[tuple[float, Point]]:
    d = b - a
    f = a - c
    qa = _dot(d, d)
    qb = 2 * _dot(f, d)
    qc = _dot(f, f) - r * r
    disc = qb * qb - 4 * qa * qc
    if disc < -TOL * qa:
        return []
    root = math.sqrt(max(disc, 0.0))
    ts = {(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)}
    return [(t, Point(a.x + d.x * t, a.y + d.y * t)) for t in sorted(ts)]


def _in_unit(t: float, length: float) -> bool:
    return -TOL <= t * length <= length + TOL


def intersections(p: Part, q: Part) -> list[Point]:
    """Points where two parts cross or touch (not where they overlap along a carrier)."""
    if isinstance(p, Arc) and isinstance(q, Segment):
        p, q = q, p
    if isinstance(p, Segment) and isinstance(q, Segment):
        d, e = p.b - p.a, q.b - q.a
        den = _cross(d, e)
        if abs(den) <= PARALLEL * p.length * q.length:
            return []
        w = q.a - p.a
        t, u = _cross(w, e) / den, _cross(w, d) / den
        if _in_unit(t, p.length) and _in_unit(u, q.length):
            return [Point(p.a.x + d.x * t, p.a.y + d.y * t)]
        return []
    if isinstance(p, Segment):
        assert isinstance(q, Arc)  # two segments returned above
        return [x for t, x in _line_circle(p.a, p.b, q.center, q.radius)
                if _in_unit(t, p.length) and on_arc(q, x)]
    assert isinstance(q, Arc)  # an arc and a segment were swapped above
    return [x for x in circle_circle(p.center, p.radius, q.center, q.radius)
            if on_arc(p, x) and on_arc(q, x)]


def circle_circle(c1: Point, r1: float, c2: Point, r2: float) -> list[Point]:
    """Intersection points of two circles (none for concentric circles)."""
    d = c1.distance(c2)
    if d <= TOL or d > r1 + r2 + TOL or d < abs(r1 - r2) - TOL:
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(r1 * r1 - a * a, 0.0))
    ux, uy = (c2.x - c1.x) / d, (c2.y - c1.y) / d
    m = Point(c1.x + ux * a, c1.y + uy * a)
    if h <= TOL:
        return [m]
    return [Point(m.x - uy * h, m.y + ux * h), Point(m.x + uy * h, m.y - ux * h)]


def split_part(part: Part, points: Iterable[Point]) -> list[Part]:
    """A part cut at those points that lie strictly inside it, in travel order."""
    if isinstance(part, Segment):
        d = part.b - part.a
        ln2 = _dot(d, d)
        ts = sorted({round(_dot(x - part.a, d) / ln2, 12) for x in points})
        ts = [t for t in ts if TOL < t * part.length < part.length - TOL]
        cuts = [part.a] + [Point(part.a.x + d.x * t, part.a.y + d.y * t) for t in ts] + [part.b]
        return [Segment(a, b) for a, b in zip(cuts, cuts[1:])]
    a = ccw(part)
    eps = math.degrees(TOL / a.radius)
    offs = sorted({round((angle_of(a.center, x) - a.start_angle) % FULL, 12) for x in points})
    if is_full(a):  # a circle cut at k points: k arcs, the first starting at the first cut
        offs = sorted({0.0 if o >= FULL - eps or o <= eps else o for o in offs})
        if not offs:
            return [part]
        start = a.start_angle + offs[0]
        offs = [o - offs[0] for o in offs[1:]]
        a = Arc(a.center, a.radius, start, FULL)
    offs = [o for o in offs if eps < o < a.sweep - eps]
    bounds = [0.0] + offs + [a.sweep]
    return [Arc(a.center, a.radius, a.start_angle + s, e - s) for s, e in zip(bounds, bounds[1:])]


def clip_parts(parts: Iterable[Part], cutters: Sequence[Part],
               keep: Callable[[Point], bool]) -> tuple[Part, ...]:
    """Cut every part where it crosses a cutter; keep the pieces whose middle passes keep."""
    out: list[Part] = []
    for p in parts:
        xs = [x for c in cutters for x in intersections(p, c)]
        out.extend(piece for piece in split_part(p, xs) if keep(piece.midpoint()))
    return tuple(out)


# ----------------------------------------------------------------------------- transforms

def rotate_point(p: Point, degrees: float, about: Point = Point(0.0, 0.0)) -> Point:
    """p turned counter-clockwise by degrees about a point."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    if degrees % 90 == 0:
        c, s = round(c), round(s)
    dx, dy = p.x - about.x, p.y - about.y
    return Point(about.x + dx * c - dy * s, about.y + dx * s + dy * c)


def move_part(part: Part, dx: float = 0.0, dy: float = 0.0, degrees: float = 0.0) -> Part:
    """A part turned by degrees about the origin, then moved by (dx, dy)."""
    def mv(p: Point) -> Point:
        q = rotate_point(p, degrees) if degrees else p
        return Point(q.x + dx, q.y + dy)
    if isinstance(part, Segment):
        return Segment(mv(part.a), mv(part.b))
    return Arc(mv(part.center), part.radius, part.start_angle + degrees, part.sweep)


def signed_area(parts: Sequence[Part]) -> float:
    """Signed area enclosed by a closed run of parts (positive when counter-clockwise)."""
    s = 0.0
    for p in parts:
        a, b = p.start, p.end
        s += (a.x * b.y - b.x * a.y) / 2
        if isinstance(p, Arc):
            t = math.radians(p.sweep)
            s += p.radius * p.radius * (t - math.sin(t)) / 2
    return s


def contains_point(parts: Sequence[Part], p: Point) -> bool:
    """True when p lies inside a closed run of parts (crossings of a ray, arcs exact).

    >>> contains_point((Arc(Point(0, 0), 1.0, 90.0, 360.0),), Point(-0.7, 0.69))
    True
    """
    inside = False
    for q in parts:
        pieces = [q] if isinstance(q, Segment) else split_part(
            q, [Point.polar(q.center, q.radius, 90.0), Point.polar(q.center, q.radius, 270.0)])
        for m in pieces:  # each piece now rises or falls monotonically
            a, b = m.start, m.end
            if (a.y > p.y) == (b.y > p.y):
                continue
            if isinstance(m, Segment):
                x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
            else:
                h = math.sqrt(max(m.radius ** 2 - (p.y - m.center.y) ** 2, 0.0))
                x = next((x for x in (m.center.x - h, m.center.x + h)
                          if on_arc(m, Point(x, p.y))), m.center.x)
            if x > p.x:
                inside = not inside
    return inside
