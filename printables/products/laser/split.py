"""Splitting a board that is larger than the sheet into parts, along space boundaries.

A split line is a straight line that carries sides shared by two spaces (a grid line, a
sector line of the ring board) and crosses no space, no engraved area, no label and not the
title. Dugi's dead zone is an *island*: a split line may run through it; the dead zone is
then cut out as a disc of its own and the other parts fit round it.

The search tries one, two, three and four split lines and keeps the choice with the fewest
parts that each fit the sheet (turned a quarter if that helps), preferring lines parallel
to the board's edges, then parts of even size.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from printables.boards import Board
from printables.errors import UsageError
from printables.geometry import TOL, Arc, Circle, Point, Polygon, Segment, bbox_of, part_key
from printables.geometry.paths import clip_parts, merge_parts, shape_parts, unit_direction
from printables.products.laser.board import BoardMarks
from printables.products.laser.model import Box, LaserPart, Marks

#: Most candidate line combinations tried before giving up.
BUDGET = 20000
MAX_LINES = 4


@dataclass(frozen=True)
class Line:
    """An infinite line: canonical unit direction u and offset c = cross(u, p) of its points."""

    u: Point
    c: float

    def side(self, p: Point) -> float:
        """Signed distance of p from the line (positive on the left of u)."""
        return self.u.x * p.y - self.u.y * p.x - self.c

    @property
    def axis(self) -> bool:
        """True when parallel to a board edge."""
        return abs(self.u.x) <= TOL or abs(self.u.y) <= TOL


def line_of(seg: Segment) -> Line:
    """The line carrying a segment, direction made canonical."""
    u = unit_direction(seg)
    return Line(u, u.x * seg.a.y - u.y * seg.a.x)


def _samples(parts) -> list[Point]:
    out = []
    for p in parts:
        if isinstance(p, Segment):
            out += [p.a, p.b]
        else:
            n = max(2, int(abs(p.sweep) // 5) + 1)
            out += [Point.polar(p.center, p.radius, p.start_angle + p.sweep * k / n)
                    for k in range(n + 1)]
    return out


def candidate_lines(board: Board, bm: BoardMarks) -> list[Line]:
    """Lines that carry a side shared by two spaces and cross nothing they must not."""
    edges = [p for s in board.spaces for p in shape_parts(s.shape) if isinstance(p, Segment)]
    counts = Counter(part_key(e) for e in edges)
    lines: list[Line] = []
    for e in edges:
        if counts[part_key(e)] < 2:
            continue
        ln = line_of(e)
        if not any(abs(ln.u.x * m.u.y - ln.u.y * m.u.x) <= 1e-9 and abs(ln.c - m.c) <= TOL
                   for m in lines):
            lines.append(ln)
    checks = []
    for ob in bm.obstacles:
        pts = _samples(ob.parts)
        if any(all(p.distance(i.center) <= i.radius + TOL for p in pts) for i in bm.islands):
            continue
        checks.append((pts, ob.half))
    return [ln for ln in lines if all(not _crosses(ln, pts, half) for pts, half in checks)]


def _crosses(ln: Line, pts: list[Point], half: float) -> bool:
    sd = [ln.side(p) for p in pts]
    return min(sd) - half < -TOL and max(sd) + half > TOL


def _cut_polygon(pts: list[Point], ln: Line, keep_left: bool) -> list[Point]:
    """Sutherland-Hodgman: the part of a convex polygon on one side of a line."""
    def val(p: Point) -> float:
        v = ln.side(p)
        return v if keep_left else -v
    out: list[Point] = []
    for i, p in enumerate(pts):
        q = pts[(i + 1) % len(pts)]
        vp, vq = val(p), val(q)
        if vp >= -TOL:
            out.append(p)
        if (vp > TOL and vq < -TOL) or (vp < -TOL and vq > TOL):
            t = vp / (vp - vq)
            out.append(Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t))
    return out


def _area(pts: list[Point]) -> float:
    return Polygon(tuple(pts)).area() if len(pts) >= 3 else 0.0


def regions(outline: Polygon, lines: tuple[Line, ...]) -> list[list[Point]]:
    """The convex pieces of a convex outline cut by lines."""
    pieces = [list(outline.points) if outline.area() > 0 else list(reversed(outline.points))]
    for ln in lines:
        nxt = []
        for pc in pieces:
            for side in (True, False):
                cut = _cut_polygon(pc, ln, side)
                if _area(cut) > 1.0:
                    nxt.append(cut)
        pieces = nxt
    return pieces


def _fits(box: Box, avail: tuple[float, float]) -> bool:
    w, h = box[2] - box[0], box[3] - box[1]
    aw, ah = avail
    return (w <= aw + TOL and h <= ah + TOL) or (h <= aw + TOL and w <= ah + TOL)


def _crossed(islands: tuple[Circle, ...], lines: tuple[Line, ...]) -> tuple[Circle, ...]:
    return tuple(i for i in islands if any(abs(ln.side(i.center)) < i.radius for ln in lines))


def choose_lines(outline: Polygon, lines: list[Line], islands: tuple[Circle, ...],
                 avail: tuple[float, float]) -> tuple[Line, ...] | None:
    """The best set of split lines, or None when no set of up to four lines works."""
    best = None
    tried = 0
    for k in range(1, MAX_LINES + 1):
        if best is not None and k + 1 >= best[0][0]:
            break
        for combo in itertools.combinations(range(len(lines)), k):
            tried += 1
            if tried > BUDGET:
                return best[1] if best else None
            chosen = tuple(lines[i] for i in combo)
            pieces = regions(outline, chosen)
            isl = _crossed(islands, chosen)
            boxes = [bbox_of(list(pc)) for pc in pieces] + [
                (i.center.x - i.radius, i.center.y - i.radius, i.center.x + i.radius,
                 i.center.y + i.radius) for i in isl]
            if not all(_fits(b, avail) for b in boxes):
                continue
            key = (len(boxes), sum(not ln.axis for ln in chosen),
                   round(max(_area(pc) for pc in pieces)), combo)
            if best is None or key < best[0]:
                best = (key, chosen)
    return best[1] if best else None


def _where(p: Point, box: Box) -> str:
    x0, y0, x1, y1 = box
    col = ("left", "centre", "right")[min(2, int(3 * (p.x - x0) / (x1 - x0)))]
    row = ("bottom", "middle", "top")[min(2, int(3 * (p.y - y0) / (y1 - y0)))]
    return "centre" if (row, col) == ("middle", "centre") else f"{row} {col}".replace(
        "middle ", "").replace(" centre", "")


def split_parts(title: str, board: Board, bm: BoardMarks, avail: tuple[float, float],
                whole_fits: bool = False) -> list[LaserPart]:
    """The board as one part when whole_fits or it fits avail, else its parts split along
    space boundaries, each fitting avail (UsageError when no split fits)."""
    box = bbox_of([board.outline])
    whole = LaserPart("board", bm.marks, box, note=f"{title} board, in one piece")
    if whole_fits or _fits(box, avail):
        return [whole]
    need = f"{box[2] - box[0]:g} x {box[3] - box[1]:g} mm"
    if bm.outline is None or not bm.outline.is_convex():
        raise UsageError(f"the {title} board ({need}) does not fit the sheet and its outline "
                         "cannot be split; use a larger --sheet", input=title)
    lines = candidate_lines(board, bm)
    chosen = choose_lines(bm.outline, lines, bm.islands, avail)
    if chosen is None:
        raise UsageError(f"the {title} board ({need}) does not fit a sheet with "
                         f"{avail[0]:g} x {avail[1]:g} mm of room and cannot be split along "
                         "space boundaries into parts that do; use a larger --sheet",
                         input=title)
    return build_parts(title, bm, chosen, box)


def build_parts(title: str, bm: BoardMarks, chosen: tuple[Line, ...], box: Box
                ) -> list[LaserPart]:
    """One LaserPart per region (and per island a split line runs through)."""
    isl = _crossed(bm.islands, chosen)
    rings = [Arc(i.center, i.radius, 0.0, 360.0) for i in isl]
    score = merge_parts(bm.marks.score)

    def in_island(p: Point) -> bool:
        return any(p.distance(i.center) < i.radius - TOL for i in isl)
    pieces = regions(bm.outline, chosen)
    out: list[tuple[Point, LaserPart]] = []
    n = len(pieces) + len(isl)
    for pc in pieces:
        edges = Polygon(tuple(pc)).edges()

        def inside(p: Point, edges=edges) -> bool:
            return all((e.b.x - e.a.x) * (p.y - e.a.y) - (e.b.y - e.a.y) * (p.x - e.a.x)
                       >= -TOL * e.length for e in edges)

        def keep(p: Point, inside=inside) -> bool:
            return inside(p) and not in_island(p)
        cut = (clip_parts(edges, rings, lambda p: not in_island(p))
               + clip_parts(rings, edges, inside))
        marks = Marks(cut, clip_parts(score, edges + tuple(rings), keep),
                      tuple(f for f in bm.marks.fills if keep(f.at)))
        centre = Polygon(tuple(pc)).centroid()
        out.append((centre, LaserPart("", marks, bbox_of(cut), note=_where(centre, box))))
    for i, ring in zip(isl, rings):
        def within(p: Point, i=i) -> bool:
            return p.distance(i.center) < i.radius - TOL
        marks = Marks((ring,), clip_parts(score, (ring,), within),
                      tuple(f for f in bm.marks.fills if within(f.at)))
        out.append((i.center, LaserPart("", marks, bbox_of([ring]), note="centre disc")))
    out.sort(key=lambda cp: (-round(cp[0].y, 3), round(cp[0].x, 3)))
    return [LaserPart(f"board part {k} of {n}", p.marks, p.box,
                      note=f"{title} board part {k} of {n} ({p.note}); the board is cut into "
                           f"{n} parts along space boundaries")
            for k, (_, p) in enumerate(out, 1)]
