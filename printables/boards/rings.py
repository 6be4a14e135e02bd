"""Ring boards: concentric rings cut into sectors round a central dead zone (Dugi).

Every space is an annular sector whose outline is made of true arcs and radial segments.
Angles are in degrees, counter-clockwise from the +x axis (3 o'clock), as in
:class:`printables.geometry.Arc`.
"""

from __future__ import annotations

import math
import string
from types import MappingProxyType

from printables.boards.model import Board, Decoration, Label, Space, freeze_relations
from printables.geometry import Arc, Circle, Outline, Point, Polygon, Segment

#: Dugi defaults in mm: playing-area diameter and dead-zone radius (the designer's board).
DUGI_DIAMETER = 300.0
DUGI_DEAD_ZONE = 45.0
DUGI_RINGS = 7
DUGI_SECTORS = 24
#: Sector 1 starts at the 9 o'clock line; numbers grow counter-clockwise.
DUGI_FIRST_ANGLE = 180.0
#: Width of the label margin between the rim and the square board edge, per mm of diameter.
MARGIN_FRACTION = 0.05
MIN_MARGIN = 6.0


def ring_letter(ring: int) -> str:
    """Letter of a 0-based ring index, counted from the outside in.

    >>> ring_letter(0), ring_letter(6)
    ('a', 'g')
    """
    return string.ascii_lowercase[ring]


def sector_name(ring: int, sector: int) -> str:
    """Name of the space in 0-based ring and 0-based sector.

    >>> sector_name(0, 0), sector_name(6, 23)
    ('a1', 'g24')
    """
    return f"{ring_letter(ring)}{sector + 1}"


def parse_sector_name(name: str) -> tuple[int, int]:
    """0-based (ring, sector) of a name such as 'c17'.

    >>> parse_sector_name("c17")
    (2, 16)
    """
    return string.ascii_lowercase.index(name[0]), int(name[1:]) - 1


def annular_sector(center: Point, r_in: float, r_out: float, start: float,
                   sweep: float) -> Outline:
    """Closed outline, counter-clockwise: outer arc, radial segment in, inner arc back, out."""
    outer = Arc(center, r_out, start, sweep)
    inner = Arc(center, r_in, start + sweep, -sweep)
    return Outline((outer, Segment(outer.end, inner.start), inner,
                    Segment(inner.end, outer.start)))


def sector_room(r_in: float, r_out: float, sweep: float) -> float:
    """Diameter of the largest disc inside an annular sector (sweep in degrees, < 180).

    The best centre lies on the bisector at distance d; the disc radius is
    min(d sin(sweep/2), r_out - d, d - r_in), largest where the rising and falling
    bounds meet.

    >>> round(sector_room(135, 150, 15), 6)
    15.0
    >>> round(sector_room(45, 60, 15), 3)
    13.855
    """
    s = math.sin(math.radians(sweep) / 2)
    d = max(r_out / (1 + s), (r_in + r_out) / 2)
    return 2 * (r_out - d)


def _spaces(center: Point, radii: tuple[float, ...], n_sectors: int,
            first: float) -> tuple[Space, ...]:
    """Spaces ring by ring (outer ring first), each ring in sector order."""
    step = 360.0 / n_sectors
    n_rings = len(radii) - 1
    out = []
    for ring in range(n_rings):
        r_out, r_in = radii[n_rings - ring], radii[n_rings - ring - 1]
        room = sector_room(r_in, r_out, step)
        for sector in range(n_sectors):
            start = first + sector * step
            colour = "dark" if (ring + sector) % 2 == 0 else "light"
            anchor = Point.polar(center, (r_in + r_out) / 2, start + step / 2)
            out.append(Space(sector_name(ring, sector), "sector", colour,
                             annular_sector(center, r_in, r_out, start, step), anchor, room))
    return tuple(out)


def _relations(n_rings: int, n_sectors: int) -> dict[str, dict[str, list[str]]]:
    """'ring' (both ways round, wrapping) and 'radial' (outward first, then inward)."""
    rel: dict[str, dict[str, list[str]]] = {"ring": {}, "radial": {}}
    for ring in range(n_rings):
        for sector in range(n_sectors):
            name = sector_name(ring, sector)
            rel["ring"][name] = [sector_name(ring, (sector - 1) % n_sectors),
                                 sector_name(ring, (sector + 1) % n_sectors)]
            rel["radial"][name] = [sector_name(r, sector) for r in (ring - 1, ring + 1)
                                   if 0 <= r < n_rings]
    return rel


def _labels(center: Point, radii: tuple[float, ...], n_sectors: int, first: float,
            margin: float) -> tuple[Label, ...]:
    """Sector numbers round the rim (in the margin); ring letters on the 9 and 3 o'clock lines."""
    step = 360.0 / n_sectors
    rim = radii[-1]
    width = radii[1] - radii[0]
    n_rings = len(radii) - 1
    labels = [Label(Point.polar(center, rim + margin / 2, first + (k + 0.5) * step),
                    str(k + 1), margin * 0.45, "label.coord") for k in range(n_sectors)]
    for ring in range(n_rings):
        mid = (radii[n_rings - ring] + radii[n_rings - ring - 1]) / 2
        for angle in (first, first + 180.0):
            labels.append(Label(Point.polar(center, mid, angle), ring_letter(ring),
                                width * 0.35, "label.ring"))
    return tuple(labels)


def dugi_board(size: float | None = None) -> Board:
    """The Dugi board; size = playing-area (rim) diameter in mm, default 300.

    7 rings of equal width (a outer .. g inner) x 24 sectors round a dead zone of radius
    0.15 x diameter (45 mm by default), all scaled with size. The board is a square with a
    label margin round the circle. A space is dark when ring index (a = 0) + sector index
    (sector 1 = 0) is even, so a1 is dark and colours alternate along rings and sector lines.

    >>> b = dugi_board(); len(b.spaces), b.width
    (168, 330.0)
    """
    diameter = float(size) if size is not None else DUGI_DIAMETER
    return ring_board("dugi", "Dugi", diameter, DUGI_RINGS, DUGI_SECTORS,
                      DUGI_DEAD_ZONE * diameter / DUGI_DIAMETER)


def ring_board(game: str, title: str, diameter: float, n_rings: int, n_sectors: int,
               dead: float, first: float = DUGI_FIRST_ANGLE) -> Board:
    """Rings of equal width (a outer, inward) x sectors round a central dead zone of radius
    dead mm, on a square board with a label margin round the rim circle of diameter mm.

    data keys: ``center`` (Point), ``rim_radius``, ``dead_zone_radius``, ``ring_width``
    (mm); ``rings`` (per ring a.., its names in sector order, a closed loop); ``sectors``
    (per sector, its names from ring a inward, an open line ending at the dead zone);
    ``coords`` (name -> 0-based (ring, sector)); ``first_angle`` and ``sector_angle``
    (degrees).

    >>> b = ring_board("g", "G", 200, 3, 12, 20); len(b.spaces), b.data["ring_width"]
    (36, 26.666666666666668)
    """
    rim = diameter / 2
    margin = max(MIN_MARGIN, diameter * MARGIN_FRACTION)
    side = diameter + 2 * margin
    center = Point(side / 2, side / 2)
    width = (rim - dead) / n_rings
    radii = tuple(dead + k * width for k in range(n_rings)) + (rim,)
    spaces = _spaces(center, radii, n_sectors, first)
    rel = _relations(n_rings, n_sectors)
    decorations = (
        Decoration(Circle(center, dead), "deadzone", "decor"),
        Decoration(Circle(center, rim), "grid.frame", "grid"),
    )
    labels = (Label(center, "dead zone", dead * 0.18, "label.deadzone"),) + _labels(
        center, radii, n_sectors, first, margin)
    data = MappingProxyType({
        "center": center, "rim_radius": rim, "dead_zone_radius": dead, "ring_width": width,
        "rings": tuple(tuple(sector_name(r, s) for s in range(n_sectors))
                       for r in range(n_rings)),
        "sectors": tuple(tuple(sector_name(r, s) for r in range(n_rings))
                         for s in range(n_sectors)),
        "coords": MappingProxyType({sp.name: parse_sector_name(sp.name) for sp in spaces}),
        "first_angle": first, "sector_angle": 360.0 / n_sectors,
    })
    outline = Polygon((Point(0, 0), Point(side, 0), Point(side, side), Point(0, side)))
    return Board(game=game, title=title, width=side, height=side, spaces=spaces,
                 relations=freeze_relations(rel), outline=outline, decorations=decorations,
                 labels=labels, data=data)
