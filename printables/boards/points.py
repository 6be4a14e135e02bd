"""Points boards: pieces stand on points and move along the lines drawn between them.

One builder, :func:`points_board`, takes points in lattice units and the lines joining
them; the layouts a designer asks for by name are made on it:

- :func:`grid_points`: a files x ranks grid of points with orthogonal lines, optionally
  every diagonal or the Alquerque/Fanorona diagonals (through the points whose file + rank
  is even), and star points (Go 9/13/19 and Gomoku 15 have them by default, see
  :func:`star_points`);
- :func:`morris_points`: concentric squares of 8 points each joined at their midpoints
  (Nine Men's Morris: 3 rings, 24 points, 32 lines), optionally at their corners too
  (Twelve Men's Morris);
- a free list of named points and lines (:func:`points_board` itself).

Rulings (ours): ``room`` of a point is the shortest distance between two points, so a
piece gets 80 % of it as on a hex board; a point's shape is a circle of 0.25 x room; the
lines are Stroke decorations on the grid layer (the laser scores them); marked points
are filled dots (the laser engraves them); a point given a colour is a small disc of that
colour (0.25 x room, smaller than a piece). Names on a grid are the file label (lower
case) then the rank label, so custom labels are also what position files write.
"""

from __future__ import annotations

import math
import string
from collections.abc import Iterable, Mapping, Sequence

from printables.boards.model import (
    Board,
    Curve,
    Decoration,
    Label,
    Line,
    Space,
    freeze_relations,
)
from printables.boards.point_lines import Extras, Joins, curve_arc, sort_joins
from printables.errors import UsageError
from printables.geometry import Arc, Circle, Point, Polygon, Segment, Stroke, bbox_of, scale_shape

#: Blank border round the outermost points, in pitches (room for edge pieces and labels).
MARGIN = 0.95
#: Edge labels sit this far outside the outermost points, in pitches: clear of a piece of
#: the default size (radius 0.4) on an edge point.
LABEL_OFFSET = 0.65
#: Width of a drawn line and radius of a marked point, as fractions of the pitch.
LINE_WIDTH = 0.03
STAR_RADIUS = 0.09
LABEL_SIZE = 0.3
#: A point's own name or number printed beside it, as a fraction of the pitch.
SMALL_SIZE = 0.2
#: A point's circle (drawn only when it has a colour, a goal or home), as a fraction of
#: its room: smaller than a piece (0.4), so a coloured point never looks like one.
POINT_SHARE = 0.25

Coords = Mapping[str, tuple[float, float]]
#: No extras: the layout's lines, each drawn and joining its two points.
NO_EXTRAS = Extras()


def star_points(files: int, ranks: int) -> tuple[tuple[int, int], ...]:
    """The usual star points of a Go or Gomoku grid (0-based file, rank): the 4-4 points
    (3-3 on boards under 13) and the centre, plus the side midpoints on 19 x 19; () for a
    grid that has none by custom (not square, or under 7).

    >>> star_points(9, 9)
    ((2, 2), (6, 2), (4, 4), (2, 6), (6, 6))
    >>> len(star_points(19, 19)), len(star_points(15, 15)), star_points(8, 8)
    (9, 5, ())
    """
    n = files
    if files != ranks or n < 7 or n % 2 == 0:
        return ()
    k = 2 if n < 13 else 3
    ends, mid = (k, n - 1 - k), n // 2
    out = {(f, r) for f in ends for r in ends} | {(mid, mid)}
    if n >= 19:
        out |= {(mid, k), (mid, n - 1 - k), (k, mid), (n - 1 - k, mid)}
    return tuple(sorted(out, key=lambda p: (p[1], p[0])))


def points_board(game: str, title: str, coords: Coords, lines: Iterable[tuple[str, str]],
                 pitch: float, marked: Iterable[str] = (),
                 labels: Sequence[tuple[float, float, str]] = (),
                 space_labels: Mapping[str, str] | None = None,
                 layout: Mapping[str, object] | None = None,
                 extras: Extras = NO_EXTRAS,
                 small: Sequence[tuple[float, float, str]] = (),
                 lattice: Mapping[str, Mapping[str, Sequence[str]]] | None = None) -> Board:
    """A board of named points (lattice units, any origin) joined by lines, drawn with
    pitch mm per unit; marked points get a dot; labels are (x, y, text) in lattice units;
    space_labels: text printed beside a point (up and right of it), by point name; layout:
    the builder's parameters, kept in data["layout"] (export writes them back; None: the
    free list of points and lines); extras: lines and joins declared apart, curves, guide
    and dead points (boards.point_lines); small: labels as labels, in smaller type (a
    point's own name or number beside it); lattice: relations the layout defines besides
    its lines (a grid's orthogonal and diagonal neighbours, drawn or not).

    >>> b = points_board("g", "G", {"a": (0, 0), "b": (1, 0)}, [("a", "b")], 20.0)
    >>> len(b.spaces), len(b.lines), b.neighbours("a", "line"), b.width
    (2, 1, ('b',), 58.0)
    """
    if len(coords) < 2:
        raise UsageError("a points board needs at least two points")
    given = list(lines)
    joins = sort_joins(coords, given, extras)
    places = {**coords, **extras.guides}
    arcs = [(c, curve_arc(c, places)) for c in extras.curves]
    x0, y0, x1, y1 = _extent(places, [a for _, a in arcs])
    x0, y0 = x0 - MARGIN, y0 - MARGIN
    w, h = (x1 - x0 + MARGIN) * pitch, (y1 - y0 + MARGIN) * pitch

    def at(x: float, y: float) -> Point:
        return Point(round((x - x0) * pitch, 9), round((y - y0) * pitch, 9))

    def drawn_arc(arc: Arc) -> Arc:
        return scale_shape(arc, pitch, -x0 * pitch, -y0 * pitch)

    room = _shortest(coords) * pitch
    dead = set(extras.dead)
    spaces = tuple(Space(n, "dead" if n in dead else "point", "unused" if n in dead else "point",
                         Circle(at(*c), POINT_SHARE * room), at(*c), room)
                   for n, c in coords.items())
    ground = Polygon((Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)))
    decos = [Decoration(ground, "board.ground", "ground")]
    decos += [Decoration(Stroke((Segment(at(*places[a]), at(*places[b])),), LINE_WIDTH * pitch),
                         "grid.line", "grid") for (a, b), _ in joins.drawn]
    decos += [Decoration(Stroke((drawn_arc(arc),), LINE_WIDTH * pitch), "grid.line", "grid")
              for _, arc in arcs]
    stars = tuple(dict.fromkeys(marked))
    for n in stars:
        if n not in coords:
            raise UsageError(f"marked point {n!r} is not a point of the board", input=n)
        decos.append(Decoration(Circle(at(*coords[n]), STAR_RADIUS * pitch), "point", "decor"))
    decos += dead_point_marks([at(*coords[n]) for n in coords if n in dead], room)
    size = LABEL_SIZE * pitch
    beside = []
    for n, text in (space_labels or {}).items():
        if n not in coords:
            raise UsageError(f"label for {n!r}, which is not a point of the board", input=n)
        beside.append((coords[n][0] + 0.3, coords[n][1] + 0.3, text))
    board_labels = tuple(Label(at(x, y), text, size, "label.coord")
                         for x, y, text in [*labels, *beside]) + tuple(
        Label(at(x, y), text, SMALL_SIZE * pitch, "label.coord") for x, y, text in small)
    return Board(game=game, title=title, width=w, height=h, spaces=spaces,
                 relations=freeze_relations({**_relations(coords, joins),
                                             **_alive(lattice or {}, dead)}),
                 outline=ground,
                 decorations=tuple(decos), labels=board_labels,
                 data={"pitch": pitch, "topology": "points",
                       "space_labels": dict(space_labels or {}),
                       "guides": {n: at(*c) for n, c in extras.guides.items()},
                       "extras": extras,
                       "layout": dict(layout) if layout is not None else {
                           "layout": "free", "points": {n: list(c) for n, c in coords.items()},
                           "lines": [f"{a}-{b}" for a, b in given],
                           "stars": list(stars)}},
                 lines=tuple(Line(a, b, joined) for (a, b), joined in joins.drawn),
                 marked=stars,
                 curves=tuple(Curve(c.start if isinstance(c.start, str) else "",
                                    c.end if isinstance(c.end, str) else "",
                                    drawn_arc(arc), c.joins) for c, arc in arcs))


def _relations(coords: Coords, joins: Joins) -> dict[str, dict[str, list[str]]]:
    """Neighbours along the lines (drawn or not) and, when curves join, along curves."""
    rel: dict[str, dict[str, list[str]]] = {"line": {n: [] for n in coords}}
    if joins.curve:
        rel["curve"] = {n: [] for n in coords}
    for name, pairs in (("line", joins.line), ("curve", joins.curve)):
        for a, b in pairs:
            rel[name][a].append(b)
            rel[name][b].append(a)
    return rel


def _extent(places: Coords, arcs: Sequence[Arc]) -> tuple[float, float, float, float]:
    """The lattice box round every point, guide and curve."""
    pts: list[object] = [Point(*c) for c in places.values()]
    return bbox_of([*pts, *arcs])


def dead_point_marks(centres: Sequence[Point], room: float) -> list[Decoration]:
    """A cross over each dead point (its hollow circle is the space itself, colour
    unused), as a square board crosses out its dead cells."""
    out = []
    r = POINT_SHARE * room * 0.7
    for c in centres:
        for a in (45.0, 135.0):
            p, q = Point.polar(c, r, a), Point.polar(c, r, a + 180.0)
            out.append(Decoration(Stroke((Segment(p, q),), room * 0.03), "corner.cross"))
    return out


def _shortest(coords: Coords) -> float:
    """The shortest distance between two points, in lattice units (UsageError at zero)."""
    pts = sorted(coords.items(), key=lambda kv: kv[1])
    best = math.inf
    for i, (na, (xa, ya)) in enumerate(pts):
        for nb, (xb, yb) in pts[i + 1:]:
            if xb - xa >= best:
                break
            d = math.hypot(xb - xa, yb - ya)
            if d < 1e-9:
                raise UsageError(f"points {na} and {nb} are at the same place", input=nb)
            best = min(best, d)
    return best


def edge_labels(files: Sequence[str], ranks: Sequence[str], xs: Sequence[float],
                ys: Sequence[float]) -> list[tuple[float, float, str]]:
    """File labels below and above the points, rank labels left and right (lattice units)."""
    out: list[tuple[float, float, str]] = []
    lo, hi = min(ys) - LABEL_OFFSET, max(ys) + LABEL_OFFSET
    left, right = min(xs) - LABEL_OFFSET, max(xs) + LABEL_OFFSET
    for x, text in zip(xs, files, strict=False):
        out += [(x, lo, text), (x, hi, text)]
    for y, text in zip(ys, ranks, strict=False):
        out += [(left, y, text), (right, y, text)]
    return out


def default_labels(files: int, ranks: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """File letters a.. and rank numbers 1.. (the names a1.. use them).

    >>> default_labels(3, 2)
    (('a', 'b', 'c'), ('1', '2'))
    """
    if files > len(string.ascii_lowercase):
        raise UsageError(f"a grid has at most 26 files, not {files}")
    return tuple(string.ascii_lowercase[:files]), tuple(str(k + 1) for k in range(ranks))


def grid_points(game: str, title: str, files: int, ranks: int, pitch: float,
                diagonals: str = "none", marked: Iterable[str] | None = None,
                labels: tuple[Sequence[str], Sequence[str]] | None = None,
                space_labels: Mapping[str, str] | None = None,
                extras: Extras = NO_EXTRAS) -> Board:
    """A files x ranks grid of points, lines between orthogonal neighbours and, by
    diagonals, none, 'all' (both diagonals of every cell) or 'alquerque' (both diagonals
    through each point whose file + rank is even); marked: the names of the star points
    (None: star_points). labels: file and rank labels (default a.., 1..), which also name
    the points; space_labels as for points_board.

    >>> b = grid_points("go", "Go", 9, 9, 22.0)
    >>> len(b.spaces), len(b.lines), b.marked
    (81, 144, ('c3', 'g3', 'e5', 'c7', 'g7'))
    >>> len(grid_points("a", "A", 5, 5, 30.0, "alquerque").lines)
    56
    """
    if diagonals not in ("none", "all", "alquerque"):
        raise UsageError(f"diagonals {diagonals!r}: valid: none, all, alquerque")
    fl, rl = labels or default_labels(files, ranks)
    if len(fl) != files or len(rl) != ranks:
        raise UsageError(f"give {files} file labels and {ranks} rank labels")
    names = {(f, r): f"{fl[f].lower()}{rl[r].lower()}" for r in range(ranks)
             for f in range(files)}
    if len(set(names.values())) != len(names):
        raise UsageError("the labels give two points the same name; give different labels")
    coords = {n: (float(f), float(r)) for (f, r), n in names.items()}
    lines = []
    for (f, r), n in names.items():
        steps = [(1, 0), (0, 1)]
        if diagonals == "all" or (diagonals == "alquerque" and (f + r) % 2 == 0):
            steps += [(1, 1), (-1, 1)]
        lines += [(n, names[(f + df, r + dr)]) for df, dr in steps if (f + df, r + dr) in names]
    stars = ([names[p] for p in star_points(files, ranks)] if marked is None
             else list(marked))
    text = edge_labels(fl, rl, range(files), range(ranks))
    params = {"layout": "grid", "files": files, "ranks": ranks, "diagonals": diagonals,
              "stars": stars, "file_labels": list(fl), "rank_labels": list(rl)}
    return points_board(game, title, coords, lines, pitch, stars, text, space_labels, params,
                        extras, lattice=_lattice(names))


def _alive(rel: Mapping[str, Mapping[str, Sequence[str]]], dead: set[str]
           ) -> dict[str, dict[str, list[str]]]:
    """rel without the dead points: they are in no relation."""
    return {name: {n: [] if n in dead else [m for m in ns if m not in dead]
                   for n, ns in pairs.items()} for name, pairs in rel.items()}


def _lattice(names: Mapping[tuple[int, int], str]) -> dict[str, dict[str, list[str]]]:
    """A grid's own relations, whatever lines are drawn: ``orthogonal`` (the four points a
    step along a file or a rank away) and ``diagonal`` (the four a step along both)."""
    steps = {"orthogonal": ((1, 0), (0, 1), (-1, 0), (0, -1)),
             "diagonal": ((1, 1), (-1, 1), (-1, -1), (1, -1))}
    return {rel: {n: [names[(f + df, r + dr)] for df, dr in ds if (f + df, r + dr) in names]
                  for (f, r), n in names.items()} for rel, ds in steps.items()}


def morris_points(game: str, title: str, rings: int, pitch: float, corners: bool = False,
                  space_labels: Mapping[str, str] | None = None,
                  extras: Extras = NO_EXTRAS) -> Board:
    """Concentric squares of 8 points each on a (2 rings + 1)-point lattice, named as Morris
    players do (files a.., ranks 1.., a1 the outer square's bottom-left corner), each square
    joined to the next at its side midpoints and, with corners, at its corners too. Every
    point is marked with a dot, as Morris boards are drawn.

    >>> b = morris_points("m", "Nine Men's Morris", 3, 25.0)
    >>> len(b.spaces), len(b.lines), b.neighbours("d2", "line")
    (24, 32, ('d1', 'b2', 'f2', 'd3'))
    """
    if not 2 <= rings <= 12:
        raise UsageError(f"a Morris board has 2 to 12 squares, not {rings}")
    n = 2 * rings + 1
    fl, rl = default_labels(n, n)
    coords: dict[str, tuple[float, float]] = {}
    lines: list[tuple[str, str]] = []

    def name(f: int, r: int) -> str:
        return f"{fl[f]}{rl[r]}"
    for k in range(rings):
        lo, hi, mid = k, n - 1 - k, rings
        ring = [(lo, lo), (mid, lo), (hi, lo), (hi, mid), (hi, hi), (mid, hi), (lo, hi),
                (lo, mid)]
        coords.update({name(f, r): (float(f), float(r)) for f, r in ring})
        lines += [(name(*a), name(*b)) for a, b in zip(ring, ring[1:] + ring[:1], strict=False)]
        if k + 1 < rings:
            inner = [(lo + 1, lo + 1), (mid, lo + 1), (hi - 1, lo + 1), (hi - 1, mid),
                     (hi - 1, hi - 1), (mid, hi - 1), (lo + 1, hi - 1), (lo + 1, mid)]
            pairs = enumerate(zip(ring, inner, strict=True))
            lines += [(name(*a), name(*b)) for i, (a, b) in pairs
                      if i % 2 == 1 or corners]
    order = sorted(coords, key=lambda s: (coords[s][1], coords[s][0]))
    coords = {s: coords[s] for s in order}
    text = edge_labels(fl, rl, range(n), range(n))
    params = {"layout": "morris", "rings": rings, "corners": corners}
    return points_board(game, title, coords, lines, pitch, tuple(coords), text, space_labels,
                        params, extras)
