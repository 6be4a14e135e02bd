"""What a points board draws and what it joins, declared apart: lines drawn that join
nothing, joins that have no line, curved lines, guide points where nothing stands, dead
points; and the coordinates printed on a board of freely placed points.

A layout (grid, morris, free, triangle) gives lines that are drawn and join their two
points; :class:`Extras` adds to it. Rulings (ours):

- a *connection* joins two points without a line (Xiangqi's files across the river); an
  *undrawn* line is one of the layout's lines kept as a connection but not drawn (the
  river's gap); a *drawn* line joins nothing (a decoration). All joins are the relation
  ``line``, so a piece moves the same along a drawn line and across the river.
- a *guide* point is a place, not a space: lines and curves may end or centre on it, no
  piece stands there and no position names it; it is not drawn.
- a *curve* is a circle arc: by its centre (from one point to another, counter-clockwise
  unless ``clockwise``), or through a third point. It is drawn and joins nothing unless
  ``joins`` (then its two ends are neighbours under the relation ``curve``, not ``line``:
  straight lines through a point never continue round a curve). Surakarta's corner loops
  are drawn curves that join nothing.
- a *dead* point is a named space nothing may stand on: it keeps its lines, takes part in
  no relation, and is drawn hollow with a cross (as a square board's dead cells).
- coordinates: a free layout whose point names are a file letter and a rank number (a1,
  b1, ..., as on a grid) in straight files and ranks gets letters and numbers round its
  edges; any other gets each point's name beside it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from printables.errors import UsageError
from printables.geometry import Arc, Point

#: A point given by name (a space or a guide) or by [x, y] in lattice units.
Place = str | tuple[float, float]
Pair = tuple[str, str]
#: How far (lattice units) a curve's end may be from the circle its centre and start make.
ON_CIRCLE = 1e-3
_GRID_NAME = re.compile(r"^([a-z])(\d+)$")


@dataclass(frozen=True)
class CurveSpec:
    """A curved line of a points board, in lattice units: from start to end, round centre
    (counter-clockwise unless clockwise) or through a third place; joins: its ends are
    neighbours (relation ``curve``)."""

    start: Place
    end: Place
    centre: Place | None = None
    through: Place | None = None
    clockwise: bool = False
    joins: bool = False


@dataclass(frozen=True)
class Extras:
    """What a designer adds to a points layout (see the module docstring)."""

    lines: tuple[Pair, ...] = ()
    connections: tuple[Pair, ...] = ()
    drawn: tuple[Pair, ...] = ()
    undrawn: tuple[Pair, ...] = ()
    curves: tuple[CurveSpec, ...] = ()
    guides: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    dead: tuple[str, ...] = ()


@dataclass(frozen=True)
class Joins:
    """A points board's lines sorted out: drawn (pair, joins?) and joined pairs by relation."""

    drawn: tuple[tuple[Pair, bool], ...]
    line: tuple[Pair, ...]
    curve: tuple[Pair, ...]


def _key(pair: Pair) -> frozenset[str]:
    return frozenset(pair)


def _check_pairs(pairs: Sequence[Pair], known: Mapping[str, object], what: str) -> None:
    for a, b in pairs:
        for n in (a, b):
            if n not in known:
                raise UsageError(f"{what} {a}-{b} names {n!r}, which is not a point of the "
                                 "board", input=n)
        if a == b:
            raise UsageError(f"{what} {a}-{b} joins a point to itself", input=a)


def sort_joins(spaces: Mapping[str, object], layout_lines: Sequence[Pair], extras: Extras
               ) -> Joins:
    """The drawn lines and the joins of a board whose layout draws layout_lines (each
    joining its points), with extras; UsageError names a line that cannot be."""
    places = {**spaces, **extras.guides}
    for n in extras.guides:
        if n in spaces:
            raise UsageError(f"guide point {n!r} is also a point of the board; give it "
                             "another name", input=n)
    joined = [*layout_lines, *extras.lines]
    _check_pairs(joined, spaces, "line")
    _check_pairs(extras.connections, spaces, "connection")
    _check_pairs(extras.drawn, places, "drawn line")
    _check_pairs(extras.undrawn, spaces, "undrawn line")
    lines = {_key(p): p for p in joined}
    hidden = set()
    for p in extras.undrawn:
        if _key(p) not in lines:
            raise UsageError(f"undrawn line {p[0]}-{p[1]} is not a line of the board (undrawn "
                             "takes a line of the layout or of lines away, keeping the join)",
                             input=p[0])
        hidden.add(_key(p))
    for p in extras.connections:
        if _key(p) in lines:
            raise UsageError(f"connection {p[0]}-{p[1]} is already joined by a line; list "
                             "it under undrawn to keep the join without the line", input=p[0])
    for p in extras.drawn:
        if _key(p) in lines:
            raise UsageError(f"drawn line {p[0]}-{p[1]} is also a line that joins; keep one",
                             input=p[0])
    dead = set(extras.dead)
    for n in dead:
        if n not in spaces:
            raise UsageError(f"dead point {n!r} is not a point of the board", input=n)
    alive = [p for p in [*lines.values(), *extras.connections] if not dead & set(p)]
    joins = tuple(dict.fromkeys(
        (c.start, c.end) for c in extras.curves if c.joins
        and isinstance(c.start, str) and isinstance(c.end, str) and not dead & {c.start, c.end}))
    drawn = tuple((p, True) for k, p in lines.items() if k not in hidden) + tuple(
        (p, False) for p in dict.fromkeys(extras.drawn))
    return Joins(drawn, tuple(dict.fromkeys(alive)), joins)


def _place(p: Place, places: Mapping[str, tuple[float, float]], what: str
           ) -> tuple[float, float]:
    if isinstance(p, str):
        if p not in places:
            raise UsageError(f"{what} names {p!r}, which is not a point or guide point of the "
                             "board", input=p)
        return places[p]
    return p


def curve_arc(c: CurveSpec, places: Mapping[str, tuple[float, float]]) -> Arc:
    """The arc of a curve in lattice units (UsageError when its places cannot make one).

    >>> a = curve_arc(CurveSpec("b", "c", centre="a", clockwise=True),
    ...               {"a": (0, 0), "b": (1, 0), "c": (0, 1)})
    >>> a.radius, a.start_angle, a.sweep
    (1.0, 0.0, -270.0)
    >>> curve_arc(CurveSpec("b", "c", through=(0.6, 0.8)), {"b": (1, 0), "c": (0, 1)}).sweep
    90.0
    """
    if c.joins and not (isinstance(c.start, str) and isinstance(c.end, str)):
        raise UsageError("a curve that joins must start and end on named points", input="joins")
    s, e = (Point(*_place(p, places, "a curve")) for p in (c.start, c.end))
    if s.is_close(e, 1e-9):
        raise UsageError("a curve must end somewhere other than where it starts",
                         input=str(c.start))
    if (c.centre is None) == (c.through is None):
        raise UsageError("a curve takes a centre or a through point (one of them)",
                         input=str(c.start))
    if c.centre is not None:
        m = Point(*_place(c.centre, places, "a curve's centre"))
        r = m.distance(s)
        if r < 1e-9 or abs(m.distance(e) - r) > ON_CIRCLE:
            raise UsageError(f"a curve from {c.start} to {c.end} round {c.centre}: its end is "
                             f"not as far from the centre as its start ({m.distance(e):g} and "
                             f"{r:g} cells)", input=str(c.end))
        return _arc(m, r, s, e, c.clockwise)
    t = Point(*_place(c.through, places, "a curve's through point"))  # type: ignore[arg-type]
    o = _centre(s, t, e)
    if o is None:
        raise UsageError(f"a curve from {c.start} through {c.through} to {c.end}: the three "
                         "lie on one straight line; draw a line instead", input=str(c.through))
    # the through point right of the chord start -> end: the arc bulges right, round a
    # centre on its left, counter-clockwise
    cross = (t.x - s.x) * (e.y - s.y) - (t.y - s.y) * (e.x - s.x)
    return _arc(o, o.distance(s), s, e, clockwise=cross < 0)


def _arc(m: Point, r: float, s: Point, e: Point, clockwise: bool) -> Arc:
    a0 = math.degrees(math.atan2(s.y - m.y, s.x - m.x))
    a1 = math.degrees(math.atan2(e.y - m.y, e.x - m.x))
    ccw = (a1 - a0) % 360.0
    return Arc(m, r, round(a0, 9), round(ccw - 360.0 if clockwise else ccw, 9))


def _centre(a: Point, b: Point, c: Point) -> Point | None:
    """The centre of the circle through three points (None when they line up)."""
    d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y))
    if abs(d) < 1e-9:
        return None
    aa, bb, cc = (p.x * p.x + p.y * p.y for p in (a, b, c))
    return Point((aa * (b.y - c.y) + bb * (c.y - a.y) + cc * (a.y - b.y)) / d,
                 (aa * (c.x - b.x) + bb * (a.x - c.x) + cc * (b.x - a.x)) / d)


def grid_named(coords: Mapping[str, tuple[float, float]]
               ) -> tuple[list[tuple[float, str]], list[tuple[float, str]]] | None:
    """(x, file letter) and (y, rank number) when every point is named letter + number with
    one x per letter and one y per number (a grid by name), else None.

    >>> grid_named({"a1": (0, 0), "b1": (1, 0), "a2": (0, 1)})
    ([(0, 'a'), (1, 'b')], [(0, '1'), (1, '2')])
    >>> grid_named({"a1": (0, 0), "a2": (1, 1)}) is None
    True
    """
    files: dict[str, set[float]] = {}
    ranks: dict[str, set[float]] = {}
    for name, (x, y) in coords.items():
        m = _GRID_NAME.match(name)
        if not m:
            return None
        files.setdefault(m.group(1), set()).add(round(x, 6))
        ranks.setdefault(m.group(2), set()).add(round(y, 6))
    if any(len(v) != 1 for v in (*files.values(), *ranks.values())):
        return None
    fx = sorted((next(iter(v)), k) for k, v in files.items())
    ry = sorted((next(iter(v)), k) for k, v in ranks.items())
    if len({x for x, _ in fx}) != len(fx) or len({y for y, _ in ry}) != len(ry):
        return None
    return fx, ry
