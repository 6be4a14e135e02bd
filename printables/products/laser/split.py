"""Splitting a board that is larger than the sheet into parts that assemble, along space
boundaries.

Three ways to split, tried in this order, the first that gives parts that all fit wins:

- **straight lines** across a convex outline. A line may carry sides shared by two spaces
  (a grid line, a sector line) or run down a gap between rows of engraved marks (between
  Danadazo's lattice points, across the scored segments); it crosses no closed space, no
  engraved area, no label and not the title. Up to four lines; fewest parts first, then
  lines parallel to the board's edges, then parts of even size;
- **rings and sectors** for a board whose spaces sit round one centre (Dugi): one ring seam
  on a circle shared by two rings of spaces and sector seams on shared sector lines (the
  outer ring in narrower sectors than the inner), offset to stay off the labels;
- **strips** for a tiled board (EVL): seams that follow the sides between the spaces left
  and right of a vertical line, joined straight to the outline at top and bottom.

An *island* (an engraved disc no space reaches into, Dugi's dead zone) a seam runs through
becomes a part of its own.

The straight lines are here; rings and sectors are :mod:`.polar`, strips :mod:`.strips`.
Each part gets a part label ("TITLE 2/5") scored in the stroke font inside a space or
margin clear of every line, and joints on its seams (dowel notches or puzzle tabs, placed so
the parts go together one way only: :mod:`.joints`). When joints make a part larger than
the room (a tab's knob past a part's edge), the split is tried again in less room.

Lines are checked against obstacles through an interval index per direction (sorted
projections), so the search grows with the number of spaces times log, not with lines
times obstacles.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Callable

from printables.boards import Board
from printables.errors import UsageError
from printables.geometry import TOL, Arc, Circle, Part, Point, Polygon, Segment, bbox_of, part_key
from printables.geometry.paths import (
    clip_parts,
    contains_point,
    intersections,
    merge_parts,
    shape_parts,
)
from printables.products.laser.board import BoardMarks
from printables.products.laser.joints import (
    KEY_RADIUS,
    joint_discs,
    jointed,
    seam_keys,
)
from printables.products.laser.model import Box, LaserPart, Marks
from printables.products.laser.polar import polar_regions
from printables.products.laser.region import Line, Region, fits, hard_obstacles, line_of, on_segment
from printables.products.laser.strips import strip_regions
from printables.products.laser.stroke import stroke_text, stroke_width

#: Most candidate line combinations tried before giving up.
BUDGET = 20000
MAX_LINES = 4
#: Cap height of the part labels (mm) and their clearance from any line.
LABEL_SIZE = 2.0
LABEL_CLEAR = 1.0


# ----------------------------------------------------------------------------- straight lines

def _shared_lines(board: Board) -> list[Line]:
    edges = [p for s in board.spaces for p in shape_parts(s.shape) if isinstance(p, Segment)]
    counts = Counter(part_key(e) for e in edges)
    lines: dict[tuple[float, float, float], Line] = {}
    for e in edges:
        if counts[part_key(e)] >= 2:
            ln = line_of(e)
            lines.setdefault((round(ln.u.x, 6), round(ln.u.y, 6), round(ln.c, 4)), ln)
    return list(lines.values())


class _Index:
    """Obstacles projected on the normal of one direction: merged open intervals, for
    bisection."""

    def __init__(self, u: Point, hard: list[tuple[list[Point], float, Box]]) -> None:
        ivs = []
        for pts, half, _ in hard:
            v = [u.x * p.y - u.y * p.x for p in pts]
            ivs.append((min(v) - half, max(v) + half))
        ivs.sort()
        merged: list[list[float]] = []
        for lo, hi in ivs:
            if merged and lo < merged[-1][1] - TOL:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        self.lo = [m[0] for m in merged]
        self.hi = [m[1] for m in merged]

    def crosses(self, c: float) -> bool:
        i = bisect.bisect_left(self.lo, c - TOL) - 1
        return i >= 0 and self.lo[i] < c - TOL and self.hi[i] > c + TOL

    def gaps(self) -> list[float]:
        """Middles of the free gaps between obstacles."""
        return [(a + b) / 2 for a, b in zip(self.hi, self.lo[1:]) if b - a > 2 * KEY_RADIUS]


def candidate_lines(board: Board, bm: BoardMarks) -> list[Line]:
    """Lines that carry a side shared by two spaces, or run down a gap between engraved
    marks (crossing only scored strokes), and cross nothing they must not."""
    hard = hard_obstacles(bm, False)
    out: list[Line] = []
    shared = _shared_lines(board)
    indexes: dict[tuple[float, float], _Index] = {}
    for ln in shared:
        key = (round(ln.u.x, 9), round(ln.u.y, 9))
        if key not in indexes:
            indexes[key] = _Index(ln.u, hard)
        if not indexes[key].crosses(ln.c):
            out.append(ln)
    if shared:
        return out
    soft = hard_obstacles(bm, True)
    for u in (Point(1.0, 0.0), Point(0.0, 1.0)):
        out += [Line(u, c) for c in _Index(u, soft).gaps()]
    return out


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
            if not all(fits(b, avail) for b in boxes):
                continue
            key = (len(boxes), sum(not ln.axis for ln in chosen),
                   round(max(_area(pc) for pc in pieces)), combo)
            if best is None or key < best[0]:
                best = (key, chosen)
    return best[1] if best else None


def _convex_inside(pts: list[Point]) -> Callable[[Point], bool]:
    edges = Polygon(tuple(pts)).edges()

    def inside(p: Point) -> bool:
        return all((e.b.x - e.a.x) * (p.y - e.a.y) - (e.b.y - e.a.y) * (p.x - e.a.x)
                   >= -TOL * e.length for e in edges)
    return inside


def line_regions(outline: Polygon, chosen: tuple[Line, ...], islands: tuple[Circle, ...]
                 ) -> list[Region]:
    """Regions of a straight-line split, islands the lines cross included as discs."""
    out = []
    outline_keys = {part_key(e) for e in outline.edges()}
    for pc in regions(outline, chosen):
        edges = Polygon(tuple(pc)).edges()
        seams = tuple(e for e in edges if part_key(e) not in outline_keys
                      and not any(on_segment(e.midpoint(), o) for o in outline.edges()))
        out.append(Region(edges, _convex_inside(pc), Polygon(tuple(pc)).centroid(), seams))
    return out


# ----------------------------------------------------------------------------- building parts

def _where(p: Point, box: Box) -> str:
    x0, y0, x1, y1 = box
    col = ("left", "centre", "right")[min(2, int(3 * (p.x - x0) / (x1 - x0)))]
    row = ("bottom", "middle", "top")[min(2, int(3 * (p.y - y0) / (y1 - y0)))]
    return "centre" if (row, col) == ("middle", "centre") else f"{row} {col}".replace(
        "middle ", "").replace(" centre", "")


def split_parts(title: str, board: Board, bm: BoardMarks, avail: tuple[float, float],
                whole_fits: bool = False, joints: str = "dowels") -> list[LaserPart]:
    """The board as one part when whole_fits or it fits avail, else its parts split along
    space boundaries, each fitting avail (UsageError when no split fits)."""
    box = bbox_of([board.outline])
    whole = LaserPart("board", bm.marks, box, note=f"{title} board, in one piece")
    if whole_fits or fits(box, avail):
        return [whole]
    need = f"{box[2] - box[0]:g} x {box[3] - box[1]:g} mm"
    if bm.outline is None or not bm.outline.is_convex():
        raise UsageError(f"the {title} board ({need}) does not fit the sheet and its outline "
                         "cannot be split; use a larger --sheet", input=title)
    room = avail
    for _ in range(4):  # joints (tab knobs) may stick out of a part's region: shrink, retry
        found = _split_regions(board, bm, room)
        if found is None:
            break
        parts = build_parts(title, board, bm, found, box, joints)
        over = max(_overflow(p.box, avail) for p in parts)
        if over <= TOL:
            return parts
        room = (room[0] - over - 0.01, room[1] - over - 0.01)
    raise UsageError(f"the {title} board ({need}) does not fit a sheet with "
                     f"{avail[0]:.0f} x {avail[1]:.0f} mm of room and cannot be split along "
                     "space boundaries into parts that do; use a larger --sheet", input=title)


def _overflow(box: Box, avail: tuple[float, float]) -> float:
    """How far (mm) a box is over the room, turned the way it is least over."""
    w, h = box[2] - box[0], box[3] - box[1]
    return max(0.0, min(max(w - avail[0], h - avail[1]), max(h - avail[0], w - avail[1])))


def _split_regions(board: Board, bm: BoardMarks, avail: tuple[float, float]) -> list[Region] | None:
    assert bm.outline is not None, "split_parts refuses a board with no polygon outline"
    chosen = choose_lines(bm.outline, candidate_lines(board, bm), bm.islands, avail)
    if chosen is not None:
        out = line_regions(bm.outline, chosen, bm.islands)
        isl = _crossed(bm.islands, chosen)
        return _with_islands(out, isl)
    return polar_regions(board, bm, avail) or strip_regions(board, bm, avail)


def _with_islands(regs: list[Region], isl: tuple[Circle, ...]) -> list[Region]:
    """Regions with the islands a seam runs through cut out, each island a disc region."""
    if not isl:
        return regs
    rings = tuple(Arc(i.center, i.radius, 0.0, 360.0) for i in isl)

    def in_island(p: Point) -> bool:
        return any(p.distance(i.center) < i.radius - TOL for i in isl)
    out = []
    for r in regs:
        edge = clip_parts(rings, r.boundary, r.inside)  # the island's rim: a seam too
        cut = clip_parts(r.boundary, rings, lambda p: not in_island(p)) + edge
        seams = clip_parts(r.seams, rings, lambda p: not in_island(p)) + edge

        def inside(p: Point, r: Region = r) -> bool:
            return r.inside(p) and not in_island(p)
        out.append(Region(cut, inside, r.centre, seams))
    for i, ring in zip(isl, rings):
        def on_disc(p: Point, i: Circle = i) -> bool:
            return p.distance(i.center) <= i.radius + TOL
        out.append(Region((ring,), on_disc, i.center, (ring,), "centre disc"))
    return out


def build_parts(title: str, board: Board, bm: BoardMarks, regs: list[Region], box: Box,
                joints: str = "dowels") -> list[LaserPart]:
    """One LaserPart per region, with its registration (dowel notches, or puzzle tabs)
    and its scored label."""
    keys = seam_keys(regs, bm, joints)
    discs = joint_discs(keys, regs, joints)
    score = merge_parts(bm.marks.score)
    order = sorted(range(len(regs)), key=lambda i: (-round(regs[i].centre.y, 3),
                                                    round(regs[i].centre.x, 3)))
    n = len(regs)
    out = []
    centres = [c for c, _, _ in discs]
    for number, i in enumerate(order, 1):
        r = jointed(regs[i], [(c, i == a) for c, a, b in discs if i in (a, b)])
        # no scoring inside a joint: a grid line across a tab's neck would end on its arc
        scored = tuple(p for p in clip_parts(score, r.seams, r.inside)
                       if all(p.midpoint().distance(c) > KEY_RADIUS for c in centres))
        marks = Marks(r.boundary, scored, tuple(f for f in bm.marks.fills if r.inside(f.at)))
        label, text = part_label(f"{title} {number}/{n}", f"{number}/{n}", board, r, marks)
        marks = marks + Marks((), label, ())
        where = r.where or _where(r.centre, box)
        how = ("round notches on the seams for 4 mm dowels" if joints == "dowels" else
               "puzzle tabs on the seams")
        out.append(LaserPart(f"board part {number} of {n}", marks, bbox_of(r.boundary),
                             note=f"{title} board part {number} of {n} ({where}); the board is "
                                  f"cut into {n} parts along space boundaries, with {how}",
                             label=text))
    return out


# ----------------------------------------------------------------------------- part labels

def part_label(text: str, short: str, board: Board, r: Region, marks: Marks
               ) -> tuple[tuple[Part, ...], str]:
    """A part's label in the stroke font and the text set, in the first space (or spot
    between spaces) of the part where its box stays LABEL_CLEAR mm from every line; ((),
    "") when there is none."""
    contours = [c for f in marks.fills for c in f.contours]
    lines = list(marks.cut) + list(marks.score) + [p for c in contours for p in c]
    boxes = [(bbox_of([p]), p) for p in lines]
    areas = [(bbox_of(list(c)), c) for c in contours]
    spots = [s.anchor for s in board.spaces if r.inside(s.anchor)] + [r.centre]
    x0, y0, x1, y1 = bbox_of(list(r.boundary))
    step = 6.0
    spots += [Point(x0 + step * (i + 0.5), y0 + step * (j + 0.5))
              for j in range(int((y1 - y0) / step)) for i in range(int((x1 - x0) / step))]
    for over_fills in (False, True):  # over an engraved area only when nothing else fits
        for t in (text, short):
            for size in (LABEL_SIZE, 1.5, 1.2):
                w, h = stroke_width(t, size), size
                for at in spots:
                    rect = (at.x - w / 2 - LABEL_CLEAR, at.y - h / 2 - LABEL_CLEAR,
                            at.x + w / 2 + LABEL_CLEAR, at.y + h / 2 + LABEL_CLEAR)
                    if _rect_free(rect, boxes, r) and (over_fills or not any(
                            b[0] <= at.x <= b[2] and b[1] <= at.y <= b[3] and contains_point(c, at)
                            for b, c in areas)):
                        runs = stroke_text(t, size, Point(at.x, at.y - h / 2), "middle")
                        return tuple(p for run in runs for p in run), t
    return (), ""


def _rect_free(rect: Box, boxes: list[tuple[Box, Part]], r: Region) -> bool:
    x0, y0, x1, y1 = rect
    if not all(r.inside(Point(x, y)) for x in (x0, x1) for y in (y0, y1)):
        return False
    edges = Polygon((Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1))).edges()
    for b, p in boxes:
        if b[0] > x1 or b[2] < x0 or b[1] > y1 or b[3] < y0:
            continue
        if x0 <= p.start.x <= x1 and y0 <= p.start.y <= y1:
            return False
        if any(intersections(p, e) for e in edges):
            return False
    return True
