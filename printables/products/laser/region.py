"""One part of a split board before it is built (:class:`Region`), shared by the three
split strategies (:mod:`.split`, :mod:`.polar`) and the joints (:mod:`.joints`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from printables.geometry import TOL, Part, Point, Segment
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
