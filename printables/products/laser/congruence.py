"""Telling the parts of a split board apart: the turns that take one region onto another
of the same outline (or onto itself), and whether the joints on them say which is which.

A part goes into a place when, turned to some angle and moved, its outline is the
place's and its joints meet the place's neighbours' joints. Parts of one outline come
from even splits (four equal squares, the sectors of one ring) and some outlines take
themselves after a turn (a square a quarter, the disc in Dugi's centre any angle); in
each such case the joints must differ, or the part goes in more than one way. Rulings
(ours): a part is never turned over (board parts are engraved and scored on one face);
two joints closer than joints.SEP count as the same.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printables.geometry import Arc, Point
from printables.geometry.paths import is_full, merge_parts, rotate_point
from printables.products.laser.region import Region

#: Outlines whose corners (and lengths) are this close (mm) take each other's places: a
#: part 0.3 mm off goes in all the same. Corners closer than SAME / 100 are one corner.
SAME = 0.3


@dataclass(frozen=True)
class Turn:
    """Turn by `angle` degrees about the origin, then move by (dx, dy)."""

    angle: float
    dx: float
    dy: float

    def __call__(self, p: Point) -> Point:
        q = rotate_point(p, self.angle)
        return Point(q.x + self.dx, q.y + self.dy)

    @property
    def still(self) -> bool:
        """True when it leaves every point where it is."""
        a = (self.angle + 180.0) % 360.0 - 180.0
        return abs(a) < 1e-6 and math.hypot(self.dx, self.dy) < 1e-6


@dataclass(frozen=True)
class Outline:
    """A region's outline as far as congruence goes: its corners (where parts of its
    boundary meet, collinear and co-circular runs merged), its circles when it is round
    all over, its length and its length on arcs."""

    corners: tuple[Point, ...]
    circles: tuple[Arc, ...]
    length: float
    curved: float

    @classmethod
    def of(cls, r: Region) -> Outline:
        parts = merge_parts(r.boundary)
        corners: list[Point] = []
        for p in parts:
            if is_full(p):
                continue
            for q in (p.start, p.end):
                if not any(q.distance(c) < SAME / 100 for c in corners):
                    corners.append(q)
        return cls(tuple(corners), tuple(p for p in parts if is_full(p)),
                   sum(p.length for p in parts),
                   sum(p.length for p in parts if isinstance(p, Arc)))


def _onto(a: Point, b: Point, c: Point, d: Point) -> Turn:
    """The turn taking a to c and b to d (|ab| = |cd|)."""
    angle = math.degrees(math.atan2(d.y - c.y, d.x - c.x) - math.atan2(b.y - a.y, b.x - a.x))
    q = rotate_point(a, angle)
    return Turn(angle % 360.0, c.x - q.x, c.y - q.y)


def turns_onto(p: Outline, b: Outline, joints_p: list[Point], joints_b: list[Point]
               ) -> list[Turn]:
    """Every turn that takes outline p onto outline b (for round outlines: those that also
    take one of p's joints onto one of b's, the only ones that could matter)."""
    if (len(p.corners) != len(b.corners) or len(p.circles) != len(b.circles)
            or abs(p.length - b.length) > SAME or abs(p.curved - b.curved) > SAME):
        return []
    if not b.corners:
        return _round_turns(p, b, joints_p, joints_b)
    i, j = _farthest(b.corners)
    a0, a1 = b.corners[i], b.corners[j]
    span = a0.distance(a1)
    out = []
    for x in p.corners:
        for y in p.corners:
            if x is y or abs(x.distance(y) - span) > SAME:
                continue
            t = _onto(x, y, a0, a1)
            if all(any(t(q).distance(c) < SAME for c in b.corners) for q in p.corners):
                out.append(t)
    return out


def _round_turns(p: Outline, b: Outline, joints_p: list[Point], joints_b: list[Point]
                 ) -> list[Turn]:
    """Turns of a round region (one circle) onto another of the same radius that take its
    first joint onto one of the other's."""
    if len(p.circles) != 1 or abs(p.circles[0].radius - b.circles[0].radius) > SAME:
        return []
    cp, cb = p.circles[0].center, b.circles[0].center
    if not joints_p:
        return [Turn(0.0, cb.x - cp.x, cb.y - cp.y)]
    first = joints_p[0]
    a = math.degrees(math.atan2(first.y - cp.y, first.x - cp.x))
    out = []
    for k in joints_b:
        angle = math.degrees(math.atan2(k.y - cb.y, k.x - cb.x)) - a
        q = rotate_point(cp, angle)
        out.append(Turn(angle % 360.0, cb.x - q.x, cb.y - q.y))
    return out


def _farthest(points: tuple[Point, ...]) -> tuple[int, int]:
    best = (0, 0)
    far = -1.0
    for i, a in enumerate(points):
        for j in range(i + 1, len(points)):
            d = a.distance(points[j])
            if d > far:
                far, best = d, (i, j)
    return best


def same_joints(turn: Turn, joints_p: list[Point], joints_b: list[Point], sep: float) -> bool:
    """True when the turn takes p's joints onto b's, each within sep of one (as many)."""
    return len(joints_p) == len(joints_b) and all(
        any(turn(q).distance(k) < sep for k in joints_b) for q in joints_p)


def look_alikes(regs: list[Region], joints: list[list[Point]], sep: float
                ) -> list[tuple[int, int, Turn]]:
    """(region, place, turn) for every way a region goes into a place, its own outline and
    joints there, other than its own place as it is."""
    outlines = [Outline.of(r) for r in regs]
    out = []
    for i, p in enumerate(outlines):
        for b, o in enumerate(outlines):
            for t in turns_onto(p, o, joints[i], joints[b]):
                if (i == b and t.still) or not same_joints(t, joints[i], joints[b], sep):
                    continue
                out.append((i, b, t))
    return out
