"""How back ends walk a Scene path: runs of parts joined end to start, and full circles.

Every back end that draws a Path (SVG, PDF, DXF) walks it the same way: a new run begins
wherever a part does not start where the one before it ended, judged with the geometry's
one tolerance :data:`printables.geometry.TOL`; an arc is a whole circle by
:func:`printables.geometry.paths.is_full`. No back end keeps a tolerance of its own.
"""

from __future__ import annotations

from typing import Iterable

from printables.geometry import TOL, Arc, Part
from printables.geometry.paths import is_full

__all__ = ["runs", "returns", "halves", "is_full"]


def runs(parts: Iterable[Part]) -> list[list[Part]]:
    """The parts split into runs: each part starts within TOL of where the previous ended.

    >>> from printables.geometry import Point, Segment
    >>> a, b, c, d = Point(0, 0), Point(1, 0), Point(1, 1), Point(5, 5)
    >>> [len(r) for r in runs([Segment(a, b), Segment(b, c), Segment(d, a)])]
    [2, 1]
    """
    out: list[list[Part]] = []
    end = None
    for p in parts:
        start = p.start
        if end is None or abs(start.x - end.x) > TOL or abs(start.y - end.y) > TOL:
            out.append([p])
        else:
            out[-1].append(p)
        end = p.end
    return out


def returns(run: list[Part]) -> bool:
    """True when a run ends (within TOL) where it started: a closed outline."""
    return run[-1].end.is_close(run[0].start, TOL)


def halves(arc: Arc) -> list[Arc]:
    """A full circle as its two halves (SVG arcs and DXF bulges cannot draw a whole turn);
    any other arc as itself."""
    if not is_full(arc):
        return [arc]
    half = arc.sweep / 2
    return [Arc(arc.center, arc.radius, arc.start_angle, half),
            Arc(arc.center, arc.radius, arc.start_angle + half, half)]
