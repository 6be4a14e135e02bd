"""The EVL board: four rows of seven regular heptagons with irregular pentagons between them.

Construction (GAMES.md section 3), from the heptagon circumradius R:
side ``s = 2R sin(pi/7)``, apothem ``a = R cos(pi/7)``, column pitch ``dx = 2a cos(pi/14)``,
zigzag offset ``dy = 2a sin(pi/14)``, row pitch ``P = 2a + dy``. Heptagon (row i, column p)
points up when i + p is odd, down otherwise. Where two apexes face each other across a band,
the gap is cut by the apex-to-apex segment into two mirror pentagons; only the inner one is a
space at the left and right edges. Pentagon vertices are heptagon vertices, found by matching.
"""

from __future__ import annotations

import math
from itertools import combinations
from types import MappingProxyType

from printables.boards.model import Board, Decoration, Label, Space, freeze_relations
from printables.geometry import TOL, Point, Polygon, Segment, part_key, regular_polygon

ROWS = "ABCD"
COLUMNS = 7
#: Row letters of any heptagon board (EVL uses the first four).
ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Default overall board width in mm (fits A4 and US Letter inside a 10 mm margin).
DEFAULT_WIDTH = 190.0
#: Blank margin round the heptagons, in units of R.
MARGIN_R = 1 / 3
#: Label heights, in units of R.
HEPTAGON_LABEL_R = 0.15
PENTAGON_LABEL_R = 0.15  # 6.1 pt at the standard size: no printed label under 6 pt
#: Where a heptagon's label sits: this fraction of R from the centre towards the apex.
LABEL_OFFSET_R = 0.75


# ----------------------------------------------------------------------------- construction

def metrics(r: float) -> dict[str, float]:
    """Side, apothem, column pitch, zigzag offset and row pitch for circumradius r.

    >>> m = metrics(1.0); round(m["s"], 6), round(m["P"], 6)
    (0.867767, 2.202907)
    """
    s = 2 * r * math.sin(math.pi / 7)
    a = r * math.cos(math.pi / 7)
    dx = 2 * a * math.cos(math.pi / 14)
    dy = 2 * a * math.sin(math.pi / 14)
    return {"R": r, "s": s, "a": a, "dx": dx, "dy": dy, "P": 2 * a + dy}


def points_up(row: int, col: int) -> bool:
    """True when heptagon (row 0..3, column 1..7) has its apex up.

    >>> points_up(0, 1), points_up(0, 2)
    (True, False)
    """
    return (row + col) % 2 == 1


def heptagon_name(row: int, col: int) -> str:
    """Name of heptagon (row 0..3, column 1..7).

    >>> heptagon_name(1, 4)
    'B4'
    """
    return f"{ROW_LETTERS[row]}{col}"


def pentagon_name(band: int, junction: int) -> str:
    """Name of the pentagon in band 0..2 (AB, BC, CD) between columns junction and junction+1.

    >>> pentagon_name(2, 6)
    'CD6'
    """
    return f"{ROW_LETTERS[band]}{ROW_LETTERS[band + 1]}{junction}"


def heptagon_centre(row: int, col: int, m: dict[str, float], origin: Point) -> Point:
    """Centre of a heptagon in the board frame."""
    y = row * m["P"] + (0.0 if points_up(row, col) else m["dy"])
    return Point(origin.x + (col - 1) * m["dx"], origin.y + y)


def heptagon_shape(row: int, col: int, m: dict[str, float], origin: Point) -> Polygon:
    """The regular heptagon at (row, col): first vertex is the apex, counter-clockwise."""
    first = 90.0 if points_up(row, col) else -90.0
    return regular_polygon(heptagon_centre(row, col, m, origin), m["R"], 7, first)


def _common_near(p: Polygon, q: Polygon, target: Point) -> Point:
    """The vertex shared by two touching polygons that lies nearest to target."""
    shared = [v for v in p.points if v in q.points]
    if not shared:
        raise ValueError("polygons share no vertex")
    return min(shared, key=target.distance)


def _pentagon(lower: Polygon, upper: Polygon, lower_side: Polygon, upper_side: Polygon,
              right: bool) -> Polygon:
    """The half of an apex-to-apex gap towards one side, short side last, counter-clockwise."""
    bottom, top = lower.points[0], upper.points[0]
    centre = Point((bottom.x + top.x) / 2, (bottom.y + top.y) / 2)
    v1 = _common_near(lower, lower_side, centre)
    v2 = _common_near(lower_side, upper_side, centre)
    v3 = _common_near(upper_side, upper, centre)
    if right:
        return Polygon((bottom, v1, v2, v3, top))
    return Polygon((top, v3, v2, v1, bottom))


def _raw_spaces(m: dict[str, float], origin: Point, rows: int = len(ROWS),
                cols: int = COLUMNS) -> tuple[dict[str, Polygon], dict[str, Polygon]]:
    """Heptagon and pentagon polygons by name, in board order; shared vertices are one Point."""
    canon: list[Point] = []

    def snap(v: Point) -> Point:
        for c in canon:
            if v.is_close(c, TOL):
                return c
        canon.append(v)
        return v

    hept = {heptagon_name(i, p):
            Polygon(tuple(snap(v) for v in heptagon_shape(i, p, m, origin).points))
            for i in range(rows) for p in range(1, cols + 1)}
    pent: dict[str, Polygon] = {}
    for band in range(rows - 1):
        for j in range(1, cols):
            # the gap is under the column whose lower heptagon points up
            col, right = (j, True) if points_up(band, j) else (j + 1, False)
            side = j + 1 if right else j
            pent[pentagon_name(band, j)] = _pentagon(
                hept[heptagon_name(band, col)], hept[heptagon_name(band + 1, col)],
                hept[heptagon_name(band, side)], hept[heptagon_name(band + 1, side)], right)
    return hept, pent


# ----------------------------------------------------------------------------- polygon helpers

def _side(e: Segment, p: Point) -> float:
    """Twice the signed area of (e.a, e.b, p): positive when p is left of e."""
    ex, ey = e.b.x - e.a.x, e.b.y - e.a.y
    return ex * (p.y - e.a.y) - ey * (p.x - e.a.x)


def clip_convex(subject: Polygon, clip: Polygon) -> tuple[Point, ...]:
    """Sutherland-Hodgman: the part of subject inside the convex, counter-clockwise clip."""
    out = list(subject.points)
    for e in clip.edges():
        if not out:
            break
        src, out = out, []
        for k, cur in enumerate(src):
            prev = src[k - 1]
            sc, sp = _side(e, cur), _side(e, prev)
            if (sc >= 0) != (sp >= 0):
                t = sp / (sp - sc)
                out.append(Point(prev.x + t * (cur.x - prev.x), prev.y + t * (cur.y - prev.y)))
            if sc >= 0:
                out.append(cur)
    return tuple(out)


def convex_intersection_area(p: Polygon, q: Polygon) -> float:
    """Area common to two convex counter-clockwise polygons.

    >>> sq = lambda x: Polygon((Point(x, 0), Point(x + 2, 0), Point(x + 2, 2), Point(x, 2)))
    >>> convex_intersection_area(sq(0), sq(1)), convex_intersection_area(sq(0), sq(2))
    (2.0, 0.0)
    """
    pts = clip_convex(p, q)
    if len(pts) < 3:
        return 0.0
    return abs(Polygon(pts).area())


def inscribed_circle(poly: Polygon) -> tuple[Point, float]:
    """Centre and radius of the largest circle inside a convex counter-clockwise polygon.

    Every such circle touches three sides; try each triple and keep the largest that fits.

    >>> c, r = inscribed_circle(Polygon((Point(0, 0), Point(4, 0), Point(4, 2), Point(0, 2))))
    >>> round(r, 9), round(c.y, 9)
    (1.0, 1.0)
    """
    lines = []
    for e in poly.edges():
        nx, ny = -(e.b.y - e.a.y), e.b.x - e.a.x  # inward normal of a ccw side
        n = math.hypot(nx, ny)
        lines.append((nx / n, ny / n, (nx * e.a.x + ny * e.a.y) / n))
    best: tuple[Point, float] | None = None
    for tri in combinations(lines, 3):
        # n . c - r = d for the three sides: solve for (cx, cy, r)
        rows = [(nx, ny, -1.0, d) for nx, ny, d in tri]
        sol = _solve3(rows)
        if sol is None:
            continue
        c, r = Point(sol[0], sol[1]), sol[2]
        if (r > 0 and all(nx * c.x + ny * c.y - d >= r - TOL for nx, ny, d in lines)
                and (best is None or r > best[1] + TOL)):
            best = (c, r)
    if best is None:
        raise ValueError("polygon has no inscribed circle")
    return best


def _solve3(rows: list[tuple[float, float, float, float]]) -> tuple[float, float, float] | None:
    """Solve a 3x3 linear system (Cramer's rule), or None when it is singular."""
    def det(m: list[list[float]]) -> float:
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    a = [list(r[:3]) for r in rows]
    d = det(a)
    if abs(d) < 1e-12:
        return None
    out = []
    for k in range(3):
        mk = [row[:] for row in a]
        for i in range(3):
            mk[i][k] = rows[i][3]
        out.append(det(mk) / d)
    return out[0], out[1], out[2]


# ----------------------------------------------------------------------------- the board

def _relations(hept: dict[str, Polygon], pent: dict[str, Polygon]
               ) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, str | None],
                          dict[str, tuple[str | None, ...]]]:
    """Shared sides: edge (heptagon-heptagon), pentagon (heptagon-pentagon), twins, rings."""
    owners: dict[tuple[object, ...], list[str]] = {}
    shapes = {**hept, **pent}
    for name, poly in shapes.items():
        for e in poly.edges():
            owners.setdefault(part_key(e), []).append(name)
    order = {n: k for k, n in enumerate(shapes)}
    edge: dict[str, list[str]] = {n: [] for n in shapes}
    touch: dict[str, list[str]] = {n: [] for n in shapes}
    twin: dict[str, str | None] = {n: None for n in pent}
    for pair in owners.values():
        if len(pair) != 2:
            continue
        x, y = pair
        if x in hept and y in hept:
            edge[x].append(y)
            edge[y].append(x)
        elif x in pent and y in pent:
            twin[x], twin[y] = y, x
        else:
            touch[x].append(y)
            touch[y].append(x)
    ring: dict[str, tuple[str | None, ...]] = {}
    for name, poly in pent.items():
        sides = [next(o for o in owners[part_key(e)] if o != name) if len(owners[part_key(e)]) == 2
                 else None for e in poly.edges()[:4]]
        ring[name] = tuple(sides)
        touch[name] = [s for s in sides if s is not None]
    for n in hept:
        edge[n].sort(key=order.__getitem__)
        touch[n].sort(key=order.__getitem__)
    return edge, touch, twin, ring


def _scale_for(width: float, rows: int = len(ROWS), cols: int = COLUMNS) -> float:
    """The circumradius R that makes the whole board (margin included) width mm wide."""
    hept, _ = _raw_spaces(metrics(1.0), Point(0, 0), rows, cols)
    xs = [p.x for poly in hept.values() for p in poly.points]
    return width / (max(xs) - min(xs) + 2 * MARGIN_R)


def evl_board(size: float | None = None) -> Board:
    """The EVL board; size is the overall board width in mm (default 190), R derived from it.

    data keys: ``ring`` pentagon -> its four heptagons counter-clockwise round it, starting
    after the short side (so ring[0] and ring[3] face each other across the short side);
    ``twin`` pentagon -> the mirror pentagon across its short side, or None at a board edge;
    ``metrics`` the construction lengths (R, s, a, dx, dy, P) in mm.

    >>> b = evl_board(); len(b.spaces), b.data["ring"]["AB1"], b.data["twin"]["AB2"]
    (46, ('A1', 'A2', 'B2', 'B1'), 'AB3')
    """
    width = DEFAULT_WIDTH if size is None else float(size)
    return heptagon_board("evl", "EVL", width, len(ROWS), COLUMNS)


def heptagon_board(game: str, title: str, width: float, rows: int, cols: int) -> Board:
    """rows x cols heptagons of the EVL tiling with their pentagons, width mm wide overall.

    >>> b = heptagon_board("g", "G", 150, 2, 3); len(b.spaces_of_kind("pentagon"))
    2
    """
    r = _scale_for(width, rows, cols)
    m = metrics(r)
    margin = MARGIN_R * r
    probe, _ = _raw_spaces(m, Point(0, 0), rows, cols)
    xs = [p.x for poly in probe.values() for p in poly.points]
    ys = [p.y for poly in probe.values() for p in poly.points]
    origin = Point(margin - min(xs), margin - min(ys))
    height = max(ys) - min(ys) + 2 * margin
    hept, pent = _raw_spaces(m, origin, rows, cols)
    edge, touch, twin, ring = _relations(hept, pent)
    spaces, labels = [], []
    for name, poly in hept.items():
        centre = heptagon_centre(ROW_LETTERS.index(name[0]), int(name[1:]), m, origin)
        spaces.append(Space(name, "heptagon", "heptagon", poly, centre, 2 * m["a"]))
        apex = poly.points[0]
        at = Point(centre.x + (apex.x - centre.x) * LABEL_OFFSET_R,
                   centre.y + (apex.y - centre.y) * LABEL_OFFSET_R)
        labels.append(Label(at, name, HEPTAGON_LABEL_R * r, "label.space"))
    for name, poly in pent.items():
        centre, radius = inscribed_circle(poly)
        spaces.append(Space(name, "pentagon", "pentagon", poly, centre, 2 * radius))
        labels.append(Label(centre, name, PENTAGON_LABEL_R * r, "label.space"))
    outline = Polygon((Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)))
    data = MappingProxyType({"ring": MappingProxyType(ring), "twin": MappingProxyType(twin),
                             "metrics": MappingProxyType(m), "rows": rows, "columns": cols})
    return Board(game=game, title=title, width=width, height=height, spaces=tuple(spaces),
                 relations=freeze_relations({"edge": edge, "pentagon": touch}),
                 outline=outline, decorations=(Decoration(outline, "board.ground", "ground"),),
                 labels=tuple(labels), data=data)
