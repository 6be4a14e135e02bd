"""How back ends walk a Scene path: runs of parts joined end to start, and full circles.

Every back end that draws a Path (SVG, PDF, DXF) walks it the same way: a new run begins
wherever a part does not start where the one before it ended, judged with the geometry's
one tolerance :data:`printables.geometry.TOL`; an arc is a whole circle by
:func:`printables.geometry.paths.is_full`. No back end keeps a tolerance of its own.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from printables.geometry import TOL, Arc, Part, Segment
from printables.geometry.paths import is_full

__all__ = ["Run", "runs", "halves", "is_full"]


@dataclass(frozen=True)
class Run:
    """Parts end to end; start is the first part's start, ends[k] part k's end (x, y), each
    computed once (a laser sheet's lettering is tens of thousands of arcs)."""

    parts: list[Part]
    start: tuple[float, float]
    ends: list[tuple[float, float]]

    @property
    def closes(self) -> bool:
        """True when the run ends (within TOL) where it started: a closed outline."""
        (sx, sy), (ex, ey) = self.start, self.ends[-1]
        return abs(ex - sx) <= TOL and abs(ey - sy) <= TOL


def _ends(p: Part) -> tuple[float, float, float, float]:
    """(start x, start y, end x, end y) of a part, with the formulas of Point.polar."""
    if type(p) is Segment:
        return p.a.x, p.a.y, p.b.x, p.b.y
    c, r = p.center, p.radius
    t0, t1 = math.radians(p.start_angle), math.radians(p.start_angle + p.sweep)
    return c.x + r * math.cos(t0), c.y + r * math.sin(t0), c.x + r * math.cos(t1), \
        c.y + r * math.sin(t1)


def runs(parts: Iterable[Part]) -> list[Run]:
    """The parts split into runs: each part starts within TOL of where the previous ended.

    >>> from printables.geometry import Point
    >>> a, b, c, d = Point(0, 0), Point(1, 0), Point(1, 1), Point(5, 5)
    >>> found = runs([Segment(a, b), Segment(b, c), Segment(d, a)])
    >>> [(len(r.parts), r.start, r.closes) for r in found]
    [(2, (0, 0), False), (1, (5, 5), False)]
    """
    out: list[Run] = []
    ex = ey = math.inf
    for p in parts:
        sx, sy, nx, ny = _ends(p)
        if abs(sx - ex) > TOL or abs(sy - ey) > TOL:
            out.append(Run([], (sx, sy), []))
        out[-1].parts.append(p)
        out[-1].ends.append((nx, ny))
        ex, ey = nx, ny
    return out


def halves(arc: Arc) -> list[Arc]:
    """A full circle as its two halves (SVG arcs and DXF bulges cannot draw a whole turn);
    any other arc as itself."""
    if not is_full(arc):
        return [arc]
    half = arc.sweep / 2
    return [Arc(arc.center, arc.radius, arc.start_angle, half),
            Arc(arc.center, arc.radius, arc.start_angle + half, half)]
