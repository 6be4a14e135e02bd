"""Geometry primitives: frozen dataclasses and pure functions on them."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar, final, overload

#: The one tolerance in mm for every comparison and dedupe.
TOL = 1e-6


def close(a: float, b: float, tol: float = TOL) -> bool:
    """True when a and b differ by at most tol.

    >>> close(1.0, 1.0 + 1e-9)
    True
    """
    return abs(a - b) <= tol


@dataclass(frozen=True, slots=True)
class Point:
    """A point in mm; y grows up."""

    x: float
    y: float

    def __add__(self, other: Point) -> Point:
        return Point(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Point) -> Point:
        return Point(self.x - other.x, self.y - other.y)

    def scaled(self, k: float) -> Point:
        """This point multiplied by k about the origin."""
        return Point(self.x * k, self.y * k)

    def distance(self, other: Point) -> float:
        """Euclidean distance to another point."""
        return math.hypot(self.x - other.x, self.y - other.y)

    def is_close(self, other: Point, tol: float = TOL) -> bool:
        """True when both coordinates agree within tol."""
        return abs(self.x - other.x) <= tol and abs(self.y - other.y) <= tol

    def key(self) -> tuple[int, int]:
        """A hashable key that equal points (within TOL) share in practice."""
        return (round(self.x / (TOL * 100)), round(self.y / (TOL * 100)))

    @staticmethod
    def polar(center: Point, radius: float, degrees: float) -> Point:
        """The point at radius and angle (degrees, counter-clockwise from +x) from center."""
        t = math.radians(degrees)
        return Point(center.x + radius * math.cos(t), center.y + radius * math.sin(t))


@final
@dataclass(frozen=True, slots=True)
class Segment:
    """A straight line from a to b."""

    a: Point
    b: Point

    @property
    def length(self) -> float:
        """Length in mm."""
        return self.a.distance(self.b)

    @property
    def start(self) -> Point:
        return self.a

    @property
    def end(self) -> Point:
        return self.b

    def midpoint(self) -> Point:
        """The middle of the segment."""
        return Point((self.a.x + self.b.x) / 2, (self.a.y + self.b.y) / 2)

    def reversed(self) -> Segment:
        """The same segment traversed from b to a."""
        return Segment(self.b, self.a)


@final
@dataclass(frozen=True, slots=True)
class Arc:
    """A circular arc: centre, radius, start angle and signed sweep in degrees (ccw > 0)."""

    center: Point
    radius: float
    start_angle: float
    sweep: float

    @property
    def end_angle(self) -> float:
        return self.start_angle + self.sweep

    @property
    def start(self) -> Point:
        return Point.polar(self.center, self.radius, self.start_angle)

    @property
    def end(self) -> Point:
        return Point.polar(self.center, self.radius, self.end_angle)

    @property
    def length(self) -> float:
        """Arc length in mm."""
        return abs(math.radians(self.sweep)) * self.radius

    def midpoint(self) -> Point:
        """The point halfway along the arc."""
        return Point.polar(self.center, self.radius, self.start_angle + self.sweep / 2)

    def reversed(self) -> Arc:
        """The same arc traversed the other way."""
        return Arc(self.center, self.radius, self.end_angle, -self.sweep)


Part = Segment | Arc


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon; points in order (counter-clockwise preferred), not repeated."""

    points: tuple[Point, ...]

    def edges(self) -> tuple[Segment, ...]:
        """The sides in order."""
        n = len(self.points)
        return tuple(Segment(self.points[i], self.points[(i + 1) % n]) for i in range(n))

    def area(self) -> float:
        """Signed area (positive when counter-clockwise)."""
        return polygon_area(self.points)

    def centroid(self) -> Point:
        """The area centroid."""
        a = self.area()
        cx = cy = 0.0
        pts = self.points
        for i, p in enumerate(pts):
            q = pts[(i + 1) % len(pts)]
            cross = p.x * q.y - q.x * p.y
            cx += (p.x + q.x) * cross
            cy += (p.y + q.y) * cross
        return Point(cx / (6 * a), cy / (6 * a))

    def is_convex(self) -> bool:
        """True when every turn has the same sign (collinear turns allowed)."""
        pts = self.points
        n = len(pts)
        signs = set()
        for i in range(n):
            a, b, c = pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
            cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if abs(cross) > TOL:
                signs.add(cross > 0)
        return len(signs) <= 1

    def contains(self, p: Point) -> bool:
        """True when p is strictly inside (ray casting)."""
        inside = False
        pts = self.points
        j = len(pts) - 1
        for i, a in enumerate(pts):
            b = pts[j]
            if (a.y > p.y) != (b.y > p.y):
                x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
                if p.x < x:
                    inside = not inside
            j = i
        return inside

    def parts(self) -> tuple[Part, ...]:
        """The sides as outline parts."""
        return self.edges()


@dataclass(frozen=True, slots=True)
class Outline:
    """A closed outline made of segments and arcs, end to end (an annular sector)."""

    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class Circle:
    """A full circle."""

    center: Point
    radius: float


@dataclass(frozen=True, slots=True)
class Stroke:
    """An open path of segments and arcs drawn with a width (a space that is a line)."""

    parts: tuple[Part, ...]
    width: float


Shape = Polygon | Outline | Circle | Stroke

#: anything scale_shape maps to the same kind of thing (a Shape not known more closely: to
#: a Shape)
_S = TypeVar("_S", Point, Segment, Arc, Polygon, Outline, Circle, Stroke, Shape)


def polygon_area(points: tuple[Point, ...] | list[Point]) -> float:
    """Signed shoelace area of a point ring.

    >>> polygon_area([Point(0, 0), Point(2, 0), Point(2, 1), Point(0, 1)])
    2.0
    """
    s = 0.0
    n = len(points)
    for i in range(n):
        p, q = points[i], points[(i + 1) % n]
        s += p.x * q.y - q.x * p.y
    return s / 2


def regular_polygon(center: Point, radius: float, sides: int, first_angle: float) -> Polygon:
    """A regular polygon from its circumradius and the angle (degrees) of its first vertex."""
    return Polygon(tuple(Point.polar(center, radius, first_angle + k * 360.0 / sides)
                         for k in range(sides)))


def _part_points(part: Part) -> list[Point]:
    if isinstance(part, Segment):
        return [part.a, part.b]
    pts = [part.start, part.end]
    a0, a1 = sorted((part.start_angle, part.end_angle))
    k = math.ceil(a0 / 90.0)
    while k * 90.0 <= a1:
        pts.append(Point.polar(part.center, part.radius, k * 90.0))
        k += 1
    return pts


def bbox_of(shapes: Iterable[object]) -> tuple[float, float, float, float]:
    """Bounding box (xmin, ymin, xmax, ymax) of shapes, parts or points."""
    pts: list[Point] = []
    for s in shapes:
        if isinstance(s, Point):
            pts.append(s)
        elif isinstance(s, Polygon):
            pts.extend(s.points)
        elif isinstance(s, (Segment, Arc)):
            pts.extend(_part_points(s))
        elif isinstance(s, Circle):
            pts += [Point(s.center.x - s.radius, s.center.y - s.radius),
                    Point(s.center.x + s.radius, s.center.y + s.radius)]
        elif isinstance(s, (Outline, Stroke)):
            half = s.width / 2 if isinstance(s, Stroke) else 0.0
            for p in s.parts:
                for q in _part_points(p):
                    pts += [Point(q.x - half, q.y - half), Point(q.x + half, q.y + half)]
        else:
            raise TypeError(f"no bounding box for {type(s).__name__}")
    xs = [p.x for p in pts]
    ys = [p.y for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def transform_point(p: Point, dx: float = 0.0, dy: float = 0.0, k: float = 1.0) -> Point:
    """Scale p by k about the origin, then translate by (dx, dy)."""
    return Point(p.x * k + dx, p.y * k + dy)


@overload
def _tp(part: Segment, dx: float, dy: float, k: float) -> Segment: ...
@overload
def _tp(part: Arc, dx: float, dy: float, k: float) -> Arc: ...
@overload
def _tp(part: Part, dx: float, dy: float, k: float) -> Part: ...
def _tp(part: Part, dx: float, dy: float, k: float) -> Part:
    if isinstance(part, Segment):
        return Segment(transform_point(part.a, dx, dy, k), transform_point(part.b, dx, dy, k))
    return Arc(transform_point(part.center, dx, dy, k), part.radius * k, part.start_angle,
               part.sweep)


def scale_shape(shape: _S, k: float = 1.0, dx: float = 0.0, dy: float = 0.0) -> _S:
    """Scale a shape, part or point by k about the origin, then translate by (dx, dy)."""
    if isinstance(shape, Point):
        return transform_point(shape, dx, dy, k)
    if isinstance(shape, (Segment, Arc)):
        return _tp(shape, dx, dy, k)
    if isinstance(shape, Polygon):
        return Polygon(tuple(transform_point(p, dx, dy, k) for p in shape.points))
    if isinstance(shape, Circle):
        return Circle(transform_point(shape.center, dx, dy, k), shape.radius * k)
    if isinstance(shape, Outline):
        return Outline(tuple(_tp(p, dx, dy, k) for p in shape.parts))
    if isinstance(shape, Stroke):
        return Stroke(tuple(_tp(p, dx, dy, k) for p in shape.parts), shape.width * k)
    raise TypeError(f"cannot transform {type(shape).__name__}")


def translate_shape(shape: _S, dx: float, dy: float) -> _S:
    """Move a shape by (dx, dy)."""
    return scale_shape(shape, 1.0, dx, dy)


def part_key(part: Part) -> tuple[object, ...]:
    """A direction-free canonical key: equal for the same segment or arc either way round.

    >>> part_key(Segment(Point(0, 0), Point(1, 0))) == part_key(Segment(Point(1, 0), Point(0, 0)))
    True
    """
    if isinstance(part, Segment):
        a, b = sorted((part.a.key(), part.b.key()))
        return ("L", a, b)
    arc = part if part.sweep >= 0 else part.reversed()
    start = arc.start_angle % 360.0
    return ("A", arc.center.key(), round(arc.radius / (TOL * 100)),
            round(start / (TOL * 100)) % round(360 / (TOL * 100)), round(arc.sweep / (TOL * 100)))


def hatch_lines(shape_bbox: tuple[float, float, float, float], spacing: float,
                angle: float = 45.0) -> tuple[Segment, ...]:
    """Parallel lines at angle (degrees) and spacing covering a bounding box (for clipping)."""
    x0, y0, x1, y1 = shape_bbox
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half = math.hypot(x1 - x0, y1 - y0) / 2 + spacing
    t = math.radians(angle)
    ux, uy = math.cos(t), math.sin(t)  # along the line
    nx, ny = -uy, ux  # across lines
    # anchor the phase to the page origin so neighbouring shapes' hatches line up
    base = cx * nx + cy * ny
    first = math.floor((base - half) / spacing) * spacing
    lines = []
    off = first
    while off <= base + half:
        d = off - base
        px, py = cx + nx * d, cy + ny * d
        lines.append(Segment(Point(px - ux * half, py - uy * half),
                             Point(px + ux * half, py + uy * half)))
        off += spacing
    return tuple(lines)
