"""The Danadazo segment board: pieces stand on the line segments of a 4 x 5-cell grid.

Lattice points sit at x = 0..4 (files ``a..e``) and y = 0..5 (ranks ``1..6``), one pitch
apart. Every unit segment between two neighbouring lattice points is a space named by its
end points, lower-left first (``c3c4``, ``b2c2``), except at the two corners (4,5) and
(0,0): there the two perimeter segments meeting at the corner are one curved space, a
*bend* (``ne`` and ``sw``). 49 - 2 = 47 spaces.

Bend construction (our choice): the quarter circle of radius one pitch centred on the
lattice point diagonally inside the corner (``d5`` for ``ne``, ``b2`` for ``sw``). It joins
the two lattice points next to the corner (``d6`` and ``e5``; ``b1`` and ``a2``), bulges
towards the cut-off corner and leaves each end tangent to the perimeter line it continues,
so a line running along the edge turns smoothly round the corner.

Relations (derived from the geometry below, never typed in):

- ``crosspoint``: across a shared end point onto the collinear space; two spaces are
  crosspoint neighbours when they leave their shared point in opposite directions (for a
  bend the direction is the arc's tangent), so ``c6d6``-``ne``-``e4e5`` is one line.
- ``crosscorner``: across a shared end point onto a perpendicular space.
- ``crosscell``: between two parallel straight segments that are opposite sides of a cell.

Each space is a bar one quarter of a pitch wide (a ``Stroke``) anchored at its midpoint (a
bend at its arc midpoint); its ``room`` is the pitch, the length of a straight segment.

``board.data`` (read-only mappings):

- ``pitch``: the lattice pitch in mm.
- ``lattice``: point name (``c3``) -> its Point on the board.
- ``ends``: space -> the names of its two end points (lower-left first; for a bend the
  arc's start then end point, counter-clockwise).
- ``points``: point name -> the spaces with an end there, in board order.
- ``interior_points``: the points where four spaces meet (barrier points), in board order.
- ``line``: (a, b) -> c for every ordered pair of crosspoint neighbours a, b whose line goes
  on: c is the crosspoint neighbour of b at b's other end. For straight spaces the three
  midpoints are collinear and equally spaced; a bend lets the line turn its corner
  (``("c6d6", "ne") -> "e4e5"``). A missing key means the line ends at the board edge.
- ``diagonal``: (a, b) -> c for every ordered pair of crosscorner neighbours a, b with a
  crosscorner neighbour c of b whose midpoint continues a -> b in a straight line at equal
  spacing (a staircase such as ``b3c3``, ``c3c4``, ``c4d4``). Bends take part in none: their
  arc midpoints never line up with two segment midpoints.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from printables.boards.model import Board, Decoration, Label, Space, freeze_relations
from printables.errors import UsageError
from printables.geometry import TOL, Arc, Circle, Point, Polygon, Segment, Stroke

FILES = "abcdefghijklmnopqrstuvwxyz"  # Danadazo uses a..e
COLUMNS = 5  # lattice points across (x = 0..4)
ROWS = 6  # lattice points up (y = 0..5)
DEFAULT_PITCH = 36.0
#: Margin round the lattice, in pitches; the overall width is (4 + 2 * MARGIN) pitches.
MARGIN = 0.5
BAR_WIDTH = 0.25  # of the pitch
DOT_RADIUS = 0.15  # of the pitch
LABEL_SIZE = 0.17  # of the pitch
#: Corner lattice points whose two perimeter segments become one bend.
BEND_CORNERS = (("sw", (0, 0)), ("ne", (COLUMNS - 1, ROWS - 1)))


@dataclass(frozen=True)
class _Proto:
    """A space before it is placed: name, kind, path part, and per end (point, outward)."""

    name: str
    kind: str
    part: Segment | Arc
    ends: tuple[tuple[str, Point], tuple[str, Point]]


def point_name(x: int, y: int) -> str:
    """Name of the lattice point at column x, row y (0-based).

    >>> point_name(0, 0), point_name(4, 5)
    ('a1', 'e6')
    """
    return f"{FILES[x]}{y + 1}"


def _unit(v: Point) -> Point:
    n = math.hypot(v.x, v.y)
    return Point(v.x / n, v.y / n)


def _dot(a: Point, b: Point) -> float:
    return a.x * b.x + a.y * b.y


def _lattice(pitch: float, origin: Point, cols: int = COLUMNS,
             rows: int = ROWS) -> dict[str, Point]:
    return {point_name(x, y): Point(origin.x + x * pitch, origin.y + y * pitch)
            for y in range(rows) for x in range(cols)}


def _unit_segments(cols: int = COLUMNS,
                   rows: int = ROWS) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every unit segment of the lattice, lower-left end first, in reading order."""
    out = []
    for y in range(rows):
        for x in range(cols):
            if x + 1 < cols:
                out.append(((x, y), (x + 1, y)))
            if y + 1 < rows:
                out.append(((x, y), (x, y + 1)))
    return out


def corner_points(cols: int, rows: int) -> dict[str, tuple[int, int]]:
    """The four lattice corners by compass name, for bends.

    >>> corner_points(5, 6)["ne"]
    (4, 5)
    """
    return {"sw": (0, 0), "se": (cols - 1, 0), "nw": (0, rows - 1), "ne": (cols - 1, rows - 1)}


def _bend(name: str, corner: tuple[int, int], lattice: Mapping[str, Point],
          pitch: float) -> _Proto:
    """The quarter circle replacing the two perimeter segments at a corner."""
    cx, cy = corner
    sx = 1 if cx == 0 else -1
    sy = 1 if cy == 0 else -1
    ends = (point_name(cx + sx, cy), point_name(cx, cy + sy))
    centre = lattice[point_name(cx + sx, cy + sy)]
    angles = [math.degrees(math.atan2(lattice[e].y - centre.y, lattice[e].x - centre.x))
              for e in ends]
    start = angles[0]
    sweep = (angles[1] - angles[0] + 180.0) % 360.0 - 180.0
    if sweep < 0:
        start, sweep, ends = angles[1], -sweep, (ends[1], ends[0])
    arc = Arc(centre, pitch, start, sweep)
    a0, a1 = math.radians(arc.start_angle), math.radians(arc.end_angle)
    # outward = the direction of travel when leaving the arc through that end
    out_start = Point(math.sin(a0), -math.cos(a0))
    out_end = Point(-math.sin(a1), math.cos(a1))
    return _Proto(name, "bend", arc, ((ends[0], out_start), (ends[1], out_end)))


def _protos(lattice: Mapping[str, Point], pitch: float, cols: int = COLUMNS, rows: int = ROWS,
            bends: tuple[tuple[str, tuple[int, int]], ...] = BEND_CORNERS) -> list[_Proto]:
    """All spaces in board order: a sw bend, the straight segments in reading order, the
    other bends (Danadazo: 47 spaces)."""
    cut = {}
    for name, (cx, cy) in bends:
        for (p, q) in _unit_segments(cols, rows):
            if (cx, cy) in (p, q):
                cut[(p, q)] = name
    out = [_bend(n, c, lattice, pitch) for n, c in bends if n == "sw"]
    for p, q in _unit_segments(cols, rows):
        if (p, q) in cut:
            continue
        a, b = point_name(*p), point_name(*q)
        seg = Segment(lattice[a], lattice[b])
        out.append(_Proto(a + b, "segment", seg,
                          ((a, _unit(seg.a - seg.b)), (b, _unit(seg.b - seg.a)))))
    out += [_bend(n, c, lattice, pitch) for n, c in bends if n != "sw"]
    return out


def _relations(protos: list[_Proto], pitch: float) -> dict[str, dict[str, list[str]]]:
    """crosspoint, crosscorner and crosscell maps from the end points and directions."""
    rel: dict[str, dict[str, list[str]]] = {
        r: {p.name: [] for p in protos} for r in ("crosspoint", "crosscorner", "crosscell")}
    for a in protos:
        for b in protos:
            if a.name == b.name:
                continue
            for pa, da in a.ends:
                for pb, db in b.ends:
                    if pa != pb:
                        continue
                    d = _dot(da, db)
                    if abs(d + 1) <= TOL:
                        rel["crosspoint"][a.name].append(b.name)
                    elif abs(d) <= TOL:
                        rel["crosscorner"][a.name].append(b.name)
            if _across_cell(a, b, pitch):
                rel["crosscell"][a.name].append(b.name)
    return rel


def _across_cell(a: _Proto, b: _Proto, pitch: float) -> bool:
    """True when a and b are straight, parallel and opposite sides of one cell."""
    if not (isinstance(a.part, Segment) and isinstance(b.part, Segment)):
        return False
    da, db = _unit(a.part.b - a.part.a), _unit(b.part.b - b.part.a)
    if abs(abs(_dot(da, db)) - 1) > TOL:
        return False
    off = b.part.midpoint() - a.part.midpoint()
    return abs(math.hypot(off.x, off.y) - pitch) <= TOL and abs(_dot(off, da)) <= TOL


def _anchor(part: Segment | Arc) -> Point:
    return part.midpoint()


def _lines(protos: list[_Proto], rel: Mapping[str, Mapping[str, list[str]]]
           ) -> tuple[dict[tuple[str, str], str], dict[tuple[str, str], str]]:
    """The crosspoint line and crosscorner diagonal continuations (see module docstring)."""
    ends = {p.name: tuple(e for e, _ in p.ends) for p in protos}
    anchors = {p.name: _anchor(p.part) for p in protos}
    line: dict[tuple[str, str], str] = {}
    diagonal: dict[tuple[str, str], str] = {}
    for p in protos:
        a = p.name
        for b in rel["crosspoint"][a]:
            shared = set(ends[a]) & set(ends[b])
            far = [e for e in ends[b] if e not in shared]
            for c in rel["crosspoint"][b]:
                if c != a and far and far[0] in ends[c]:
                    line[(a, b)] = c
        for b in rel["crosscorner"][a]:
            want = anchors[b].scaled(2) - anchors[a]
            for c in rel["crosscorner"][b]:
                if anchors[c].is_close(want):
                    diagonal[(a, b)] = c
    return line, diagonal


def _decorations(lattice: Mapping[str, Point], width: float, height: float,
                 pitch: float, bends: tuple[tuple[str, tuple[int, int]], ...] = BEND_CORNERS
                 ) -> tuple[Decoration, ...]:
    ground = Polygon((Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)))
    cut = {point_name(*c) for _, c in bends}
    dots = tuple(Decoration(Circle(p, pitch * DOT_RADIUS), "point", "decor")
                 for n, p in lattice.items() if n not in cut)
    return (Decoration(ground, "board.ground", "ground"),) + dots


def _labels(pitch: float, origin: Point, width: float, height: float, cols: int = COLUMNS,
            rows: int = ROWS) -> tuple[Label, ...]:
    """File letters below and above the lattice, rank numbers left and right of it."""
    size = pitch * LABEL_SIZE
    m = pitch * MARGIN / 2
    out = []
    for x in range(cols):
        cx = origin.x + x * pitch
        out += [Label(Point(cx, m), FILES[x], size, "label.coord"),
                Label(Point(cx, height - m), FILES[x], size, "label.coord")]
    for y in range(rows):
        cy = origin.y + y * pitch
        out += [Label(Point(m, cy), str(y + 1), size, "label.coord"),
                Label(Point(width - m, cy), str(y + 1), size, "label.coord")]
    return tuple(out)


def danadazo_board(size: float | None = None) -> Board:
    """The 47-space Danadazo board; size is the overall board width in mm (None: 180 mm,
    pitch 36 mm); the pitch is size / 5.

    >>> b = danadazo_board(); len(b.spaces), b.width, b.height
    (47, 180.0, 216.0)
    >>> b.neighbours("ne", "crosspoint")
    ('e4e5', 'c6d6')
    """
    pitch = DEFAULT_PITCH if size is None else float(size) / (COLUMNS - 1 + 2 * MARGIN)
    if not pitch > 0 or math.isinf(pitch):
        raise UsageError(f"Danadazo board size {size!r} is not valid; give the overall "
                         "width in mm, such as 180", input=str(size))
    return segment_board("danadazo", "Danadazo", pitch, COLUMNS, ROWS, ("sw", "ne"))


def segment_board(game: str, title: str, pitch: float, cols: int, rows: int,
                  bends: tuple[str, ...] = ()) -> Board:
    """A lattice of cols x rows points pitch mm apart whose unit segments are the spaces;
    at each named corner (sw, se, nw, ne) the two perimeter segments become one bend.

    >>> b = segment_board("g", "G", 30, 3, 3, ("se",)); len(b.spaces), b.width
    (11, 90.0)
    """
    corners = corner_points(cols, rows)
    bend_at = tuple((n, corners[n]) for n in bends)
    origin = Point(pitch * MARGIN, pitch * MARGIN)
    width = (cols - 1 + 2 * MARGIN) * pitch
    height = (rows - 1 + 2 * MARGIN) * pitch
    lattice = _lattice(pitch, origin, cols, rows)
    protos = _protos(lattice, pitch, cols, rows, bend_at)
    rel = _relations(protos, pitch)
    line, diagonal = _lines(protos, rel)
    bar = pitch * BAR_WIDTH
    spaces = tuple(Space(p.name, p.kind, "bend" if p.kind == "bend" else "segment",
                         Stroke((p.part,), bar), _anchor(p.part), pitch) for p in protos)
    order = {p.name: i for i, p in enumerate(protos)}
    points = {n: tuple(sorted((p.name for p in protos if n in (e for e, _ in p.ends)),
                              key=order.__getitem__)) for n in lattice}
    data = {
        "pitch": pitch,
        "columns": cols, "rows": rows, "bends": tuple(bends),
        "lattice": MappingProxyType(dict(lattice)),
        "ends": MappingProxyType({p.name: tuple(e for e, _ in p.ends) for p in protos}),
        "points": MappingProxyType(points),
        "interior_points": tuple(n for n, s in points.items() if len(s) == 4),
        "line": MappingProxyType(line),
        "diagonal": MappingProxyType(diagonal),
    }
    outline = Polygon((Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)))
    return Board(game=game, title=title, width=width, height=height, spaces=spaces,
                 relations=freeze_relations(rel), outline=outline,
                 decorations=_decorations(lattice, width, height, pitch, bend_at),
                 labels=_labels(pitch, origin, width, height, cols, rows),
                 data=MappingProxyType(data))
