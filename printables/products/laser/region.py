"""What the three ways to split a board share (:mod:`.split` straight lines, :mod:`.polar`
rings and sectors, :mod:`.strips` strips) with the joints (:mod:`.joints`): one part before
it is built (:class:`Region`), lines, and the obstacles a seam must not cross."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from printables.geometry import TOL, Part, Point, Segment
from printables.geometry.paths import unit_direction
from printables.products.laser.board import BoardMarks
from printables.products.laser.model import Box


@dataclass(frozen=True)
class Region:
    """One part of a split board before it is built: its closed boundary, a test for
    points inside it, the seams it shares with neighbours and a note on where it sits."""

    boundary: tuple[Part, ...]
    inside: Callable[[Point], bool]
    centre: Point
    seams: tuple[Part, ...] = ()
    where: str = ""


def point_on(seam: Part, t: float) -> Point:
    """The point a fraction t along a segment or arc."""
    if isinstance(seam, Segment):
        return Point(seam.a.x + (seam.b.x - seam.a.x) * t, seam.a.y + (seam.b.y - seam.a.y) * t)
    return Point.polar(seam.center, seam.radius, seam.start_angle + seam.sweep * t)


def fits(box: Box, avail: tuple[float, float]) -> bool:
    """True when a box fits the room, turned a quarter or not."""
    w, h = box[2] - box[0], box[3] - box[1]
    aw, ah = avail
    return (w <= aw + TOL and h <= ah + TOL) or (h <= aw + TOL and w <= ah + TOL)


@dataclass(frozen=True)
class Line:
    """An infinite line: canonical unit direction u and offset c = cross(u, p) of its points."""

    u: Point
    c: float

    def side(self, p: Point) -> float:
        """Signed distance of p from the line (positive on the left of u)."""
        return self.u.x * p.y - self.u.y * p.x - self.c

    @property
    def axis(self) -> bool:
        """True when parallel to a board edge."""
        return abs(self.u.x) <= TOL or abs(self.u.y) <= TOL


def line_of(seg: Segment) -> Line:
    """The line carrying a segment, direction made canonical."""
    u = unit_direction(seg)
    return Line(u, u.x * seg.a.y - u.y * seg.a.x)


def samples(parts: Iterable[Part]) -> list[Point]:
    out = []
    for p in parts:
        if isinstance(p, Segment):
            out += [p.a, p.b]
        else:
            n = max(2, int(abs(p.sweep) // 5) + 1)
            out += [Point.polar(p.center, p.radius, p.start_angle + p.sweep * k / n)
                    for k in range(n + 1)]
    return out


def hard_obstacles(bm: BoardMarks, soft_strokes: bool) -> list[tuple[list[Point], float, Box]]:
    """(sample points, half width, box of the points) of every obstacle a seam must not
    cross; islands are left out (a seam may run through one) and so are strokes when
    soft_strokes."""
    out = []
    for ob in bm.obstacles:
        if soft_strokes and not ob.closed and ob.half > 0:
            continue
        pts = samples(ob.parts)
        if any(all(p.distance(i.center) <= i.radius + TOL for p in pts) for i in bm.islands):
            continue
        box = (min(p.x for p in pts), min(p.y for p in pts), max(p.x for p in pts),
               max(p.y for p in pts))
        out.append((pts, ob.half, box))
    return out


def on_segment(p: Point, s: Segment) -> bool:
    d = s.b - s.a
    ln = s.length
    cross = abs(d.x * (p.y - s.a.y) - d.y * (p.x - s.a.x)) / ln
    t = ((p.x - s.a.x) * d.x + (p.y - s.a.y) * d.y) / (ln * ln)
    return cross <= 1e-6 and -1e-9 <= t <= 1 + 1e-9
