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

Each part gets a part label ("TITLE 2/5") scored in the stroke font inside a space or
margin clear of every line, and registration: round dowel notches (KEY_RADIUS) centred on
each seam, half in each part, at unequal distances along the seam so the parts go together
one way only. A 4 mm dowel pin (or a disc cut from scrap) is glued into each pair. Both
parts' notches come from the same circle, so they line up exactly. With joints="tabs" the
circle is pushed TAB_SHIFT into one part and added to the other: a round knob with a
narrower neck, its socket cut from the same arc, the side alternating from key to key.

Lines are checked against obstacles through an interval index per direction (sorted
projections), so the search grows with the number of spaces times log, not with lines
times obstacles.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from printables.boards import Board
from printables.errors import UsageError
from printables.geometry import TOL, Arc, Circle, Part, Point, Polygon, Segment, bbox_of, part_key
from printables.geometry.paths import (chain_parts, clip_parts, contains_point, intersections,
                                       merge_parts, shape_parts, unit_direction)
from printables.products.laser.board import BoardMarks
from printables.products.laser.joints import (JOINTS, KEY_RADIUS, joint_discs, jointed,  # noqa: F401
                                              seam_keys)
from printables.products.laser.model import Box, LaserPart, Marks
from printables.products.laser.region import Region, fits
from printables.products.laser.stroke import stroke_text, stroke_width

#: Most candidate line combinations tried before giving up.
BUDGET = 20000
MAX_LINES = 4
#: Cap height of the part labels (mm) and their clearance from any line.
LABEL_SIZE = 2.0
LABEL_CLEAR = 1.0


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


# ----------------------------------------------------------------------------- straight lines

def _shared_lines(board: Board) -> list[Line]:
    edges = [p for s in board.spaces for p in shape_parts(s.shape) if isinstance(p, Segment)]
    counts = Counter(part_key(e) for e in edges)
    lines: dict[tuple, Line] = {}
    for e in edges:
        if counts[part_key(e)] >= 2:
            ln = line_of(e)
            lines.setdefault((round(ln.u.x, 6), round(ln.u.y, 6), round(ln.c, 4)), ln)
    return list(lines.values())


def _hard(bm: BoardMarks, soft_strokes: bool) -> list[tuple[list[Point], float, Box]]:
    """(sample points, half width, box of the points) of every obstacle a seam must not
    cross; islands are left out (a seam may run through one) and so are strokes when
    soft_strokes."""
    out = []
    for ob in bm.obstacles:
        if soft_strokes and not ob.closed and ob.half > 0:
            continue
        pts = _samples(ob.parts)
        if any(all(p.distance(i.center) <= i.radius + TOL for p in pts) for i in bm.islands):
            continue
        box = (min(p.x for p in pts), min(p.y for p in pts), max(p.x for p in pts),
               max(p.y for p in pts))
        out.append((pts, ob.half, box))
    return out


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
    hard = _hard(bm, False)
    out: list[Line] = []
    shared = _shared_lines(board)
    indexes: dict[tuple, _Index] = {}
    for ln in shared:
        key = (round(ln.u.x, 9), round(ln.u.y, 9))
        if key not in indexes:
            indexes[key] = _Index(ln.u, hard)
        if not indexes[key].crosses(ln.c):
            out.append(ln)
    if shared:
        return out
    soft = _hard(bm, True)
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
                      and not any(_on_segment(e.midpoint(), o) for o in outline.edges()))
        out.append(Region(edges, _convex_inside(pc), Polygon(tuple(pc)).centroid(), seams))
    return out


def _on_segment(p: Point, s: Segment) -> bool:
    d = s.b - s.a
    ln = s.length
    cross = abs(d.x * (p.y - s.a.y) - d.y * (p.x - s.a.x)) / ln
    t = ((p.x - s.a.x) * d.x + (p.y - s.a.y) * d.y) / (ln * ln)
    return cross <= 1e-6 and -1e-9 <= t <= 1 + 1e-9


# ----------------------------------------------------------------------------- rings and sectors

def polar_centre(board: Board) -> Point | None:
    """The common centre of every arc in the spaces' outlines, when there is one."""
    arcs = [p for s in board.spaces for p in shape_parts(s.shape) if isinstance(p, Arc)]
    if not arcs or len(arcs) < len(board.spaces):
        return None
    c = arcs[0].center
    return c if all(a.center.is_close(c, 1e-6) for a in arcs) else None


def _ray_end(outline: tuple[Segment, ...], c: Point, angle: float) -> Point:
    far = Point.polar(c, 1e5, angle)
    ray = Segment(c, far)
    hits = [x for e in outline for x in intersections(ray, e)]
    return min(hits, key=c.distance)


def _angle(c: Point, p: Point) -> float:
    return math.degrees(math.atan2(p.y - c.y, p.x - c.x)) % 360.0


def _in_wedge(a: float, a0: float, sweep: float) -> bool:
    """True when angle a lies in a0 .. a0 + sweep (on either bounding ray included: a
    point on a ray may come out a hair before a0)."""
    d = (a - a0) % 360.0
    return d <= sweep + 1e-7 or d >= 360.0 - 1e-7 or sweep >= 360.0 - 1e-9


def _wedge(c: Point, r0: float, r1: float | None, a0: float, sweep: float,
           outline: tuple[Segment, ...]) -> Region:
    """The part of the board between radii r0 and r1 (None: out to the outline) and
    angles a0 .. a0 + sweep."""
    full = sweep >= 360.0 - 1e-9
    seams: list[Part] = [Arc(c, r0, a0, sweep)]
    parts: list[Part] = list(seams)
    if r1 is not None:
        outer = Arc(c, r1, a0, sweep)
        parts.append(outer)
        seams.append(outer)
    else:
        rays = tuple(Segment(c, _ray_end(outline, c, a)) for a in (a0, a0 + sweep))
        parts += clip_parts(outline, rays if not full else (),
                            lambda m: _in_wedge(_angle(c, m), a0, sweep))
    if not full:
        for a in (a0, a0 + sweep):
            end = Point.polar(c, r1, a) if r1 is not None else _ray_end(outline, c, a)
            radial = Segment(Point.polar(c, r0, a), end)
            parts.append(radial)
            seams.append(radial)

    def inside(p: Point) -> bool:
        d = p.distance(c)
        return (d >= r0 - TOL and (r1 is None or d <= r1 + TOL)
                and _in_wedge(_angle(c, p), a0, sweep))
    mid = a0 + sweep / 2
    rm = (r0 + (r1 if r1 is not None else r0 + 20.0)) / 2
    return Region(tuple(parts), inside, Point.polar(c, rm, mid), tuple(seams))


def _polar_candidates(board: Board, c: Point) -> tuple[list[float], float]:
    """(radii of circles shared by two rings of spaces, sector angle)."""
    arcs = [p for s in board.spaces for p in shape_parts(s.shape) if isinstance(p, Arc)]
    radii = Counter(round(a.radius, 6) for a in arcs)
    sweeps = sorted({round(abs(a.sweep), 6) for a in arcs})
    shared = sorted(r for r, n in radii.items() if n >= 2 and
                    sum(1 for a in arcs if round(a.radius, 6) == r) > 0)
    inner = min(radii)
    return [r for r in shared if r > inner], sweeps[0]


def _seam_clear(seam: Part, hard: list, memo: dict) -> bool:
    """True when a seam crosses no obstacle (samples on both sides of it); answers are
    kept in memo by the seam's key (the search asks about the same seams many times)."""
    key = part_key(seam)
    if key not in memo:
        memo[key] = _seam_clear_now(seam, hard)
    return memo[key]


def _seam_clear_now(seam: Part, hard) -> bool:
    sb = bbox_of([seam])
    for pts, half, box in hard:
        if (box[0] > sb[2] + half or box[2] < sb[0] - half or box[1] > sb[3] + half
                or box[3] < sb[1] - half):
            continue
        if isinstance(seam, Arc):
            d = [p.distance(seam.center) - seam.radius for p in pts
                 if _in_wedge(_angle(seam.center, p), seam.start_angle % 360.0, abs(seam.sweep))]
        else:
            ln = line_of(seam)
            ux, uy = ((seam.b.x - seam.a.x) / seam.length, (seam.b.y - seam.a.y) / seam.length)
            t = [((p.x - seam.a.x) * ux + (p.y - seam.a.y) * uy) for p in pts]  # a to b
            if max(t) < -half or min(t) > seam.length + half:
                continue
            d = [ln.side(p) for p in pts]
        if d and min(d) - half < -TOL and max(d) + half > TOL:
            return False
    return True


def polar_regions(board: Board, bm: BoardMarks, avail: tuple[float, float]
                  ) -> list[Region] | None:
    """Rings and sectors: one ring seam, the inner ring and the outer ring each in equal
    sectors, fewest parts first (None when no choice fits)."""
    c = polar_centre(board)
    if c is None or bm.outline is None:
        return None
    radii, step = _polar_candidates(board, c)
    core = next((i for i in bm.islands if i.center.is_close(c, 1e-6)), None)
    r_in = core.radius if core else 0.0
    outline = bm.outline.edges()
    hard = _hard(bm, False)
    n_sectors = round(360.0 / step)
    counts = [n for n in range(1, n_sectors + 1) if n_sectors % n == 0]
    best = None
    memo: dict = {}
    combos = sorted(itertools.product(counts, counts), key=lambda nn: (sum(nn), nn))
    for ring in radii:
        for n_in, n_out in combos:
            total = n_in + n_out + (1 if core else 0)
            if best is not None and total >= best[0]:
                break
            found = _polar_try(c, r_in, ring, n_in, n_out, step, outline, (hard, memo), avail)
            if found is not None:
                best = (total, found)
                break
    if best is None:
        return None
    out = best[1]
    if core:
        out.append(Region((Arc(c, core.radius, 0.0, 360.0),),
                          lambda p: p.distance(c) <= core.radius + TOL, c,
                          (Arc(c, core.radius, 0.0, 360.0),), "centre disc"))
    return out


def _polar_try(c, r_in, ring, n_in, n_out, step, outline, checks, avail) -> list[Region] | None:
    """The first sector offsets for which every wedge fits and no seam crosses a label."""
    hard, memo = checks

    def ring_of(r0, r1, n):
        sweep = 360.0 / n
        for k in range(round(sweep / step)):
            starts = [k * step + i * sweep for i in range(n)]
            if not all(fits(_wedge_box(c, r0, r1, a, sweep, outline, memo), avail)
                       for a in starts):
                continue
            seams = [Arc(c, r0, a, sweep) for a in starts] if r1 is None and n > 0 else []
            seams += [_radial(c, r0, r1, a, outline, memo) for a in starts if n > 1]
            if all(_seam_clear(sm, hard, memo) for sm in seams):
                return [_wedge(c, r0, r1, a, sweep, outline) for a in starts]
        return None
    inner = ring_of(r_in, ring, n_in)
    outer = ring_of(ring, None, n_out) if inner is not None else None
    return inner + outer if outer is not None else None


def _radial(c: Point, r0: float, r1: float | None, a: float, outline, memo) -> Segment:
    end = Point.polar(c, r1, a) if r1 is not None else _ray_end_memo(outline, c, a, memo)
    return Segment(Point.polar(c, r0, a), end)


def _ray_end_memo(outline, c: Point, a: float, memo: dict) -> Point:
    key = ("ray", round(a % 360.0, 6))
    if key not in memo:
        memo[key] = _ray_end(outline, c, a)
    return memo[key]


def _wedge_box(c: Point, r0: float, r1: float | None, a0: float, sweep: float, outline,
               memo: dict) -> Box:
    """Bounding box of a wedge from its corners, the quarter points of its arcs and the
    outline's corners inside it (cheap: the search tries many wedges)."""
    angles = [a0, a0 + sweep] + [q for q in range(0, 720, 90) if a0 < q < a0 + sweep]
    pts = [Point.polar(c, r0, a) for a in angles]
    if r1 is not None:
        pts += [Point.polar(c, r1, a) for a in angles]
    else:
        pts += [_ray_end_memo(outline, c, a, memo) for a in (a0, a0 + sweep)]
        pts += [e.a for e in outline if _in_wedge(_angle(c, e.a), a0 % 360.0, sweep)]
    return (min(p.x for p in pts), min(p.y for p in pts), max(p.x for p in pts),
            max(p.y for p in pts))


# ----------------------------------------------------------------------------- strips

def strip_regions(board: Board, bm: BoardMarks, avail: tuple[float, float]
                  ) -> list[Region] | None:
    """Vertical strips of a board with a rectangular outline: each seam follows the sides
    between the spaces left and right of a dividing line and runs straight to the outline
    at both ends (None when no number of strips fits)."""
    if bm.outline is None or len(bm.outline.points) != 4:
        return None
    x0, y0, x1, y1 = bbox_of([bm.outline])
    for n in range(2, 6):
        seams = [_clear_strip_seam(board, x0 + (x1 - x0) * k / n, y0, y1, bm)
                 for k in range(1, n)]
        if any(s is None for s in seams):
            continue
        bounds = [[Point(x0, y0), Point(x0, y1)]] + seams + [[Point(x1, y0), Point(x1, y1)]]
        out = []
        for k in range(n):
            pts = _dedupe(bounds[k + 1] + list(reversed(bounds[k])))
            poly = Polygon(tuple(pts))
            edges = poly.edges()
            if not fits(bbox_of(list(edges)), avail):
                break
            seam_parts = tuple(e for e in edges if not _on_rect(e, x0, y0, x1, y1))
            out.append(Region(edges, lambda p, e=edges: contains_point(e, p) or
                              any(_on_segment(p, s) for s in e), poly.centroid(), seam_parts))
        else:
            return out
    return None


def _dedupe(pts: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in pts:
        if not out or not out[-1].is_close(p, 1e-9):
            out.append(p)
    if len(out) > 1 and out[0].is_close(out[-1], 1e-9):
        out.pop()
    return out


def _on_rect(e: Segment, x0, y0, x1, y1) -> bool:
    return ((abs(e.a.x - e.b.x) <= TOL and (abs(e.a.x - x0) <= TOL or abs(e.a.x - x1) <= TOL))
            or (abs(e.a.y - e.b.y) <= TOL and (abs(e.a.y - y0) <= TOL or abs(e.a.y - y1) <= TOL)))


def _segment_clear(seg: Segment, bm: BoardMarks) -> bool:
    """True when a segment crosses no obstacle's outline (touching at its own ends is
    allowed) and does not run inside a closed one."""
    sb = bbox_of([seg])
    for ob in bm.obstacles:
        b = ob.box
        if b[0] > sb[2] or b[2] < sb[0] or b[1] > sb[3] or b[3] < sb[1]:
            continue
        for part in ob.parts:
            if any(not (x.is_close(seg.a, 1e-6) or x.is_close(seg.b, 1e-6))
                   for x in intersections(seg, part)):
                return False
        if ob.closed and contains_point(ob.parts, seg.midpoint()):
            return False
    return True


def _clear_strip_seam(board: Board, x: float, y0: float, y1: float, bm: BoardMarks
                      ) -> list[Point] | None:
    """The strip seam nearest to x whose straight ends cross no space or label."""
    for d in sorted({k * s for k in range(0, 11) for s in (3.0, -3.0)}, key=abs):
        pts = _strip_seam(board, x + d, y0, y1)
        if pts is None:
            continue
        ends = [Segment(a, b) for a, b in ((pts[0], pts[1]), (pts[-2], pts[-1]))
                if not a.is_close(b)]
        if all(_segment_clear(e, bm) for e in ends):
            return pts
    return None


def _strip_seam(board: Board, x: float, y0: float, y1: float) -> list[Point] | None:
    """The seam between the spaces whose anchors lie left and right of x, bottom to top,
    as points; None when those sides do not make one path."""
    left = {s.name for s in board.spaces if s.anchor.x < x}
    owner: dict[tuple, set] = {}
    seg_of: dict[tuple, Segment] = {}
    for s in board.spaces:
        for p in shape_parts(s.shape):
            if isinstance(p, Segment):
                k = part_key(p)
                owner.setdefault(k, set()).add(s.name in left)
                seg_of[k] = p
    shared = [seg_of[k] for k, sides in owner.items() if sides == {True, False}]
    if not shared:
        return None
    chains = chain_parts(shared)
    if len(chains) != 1 or chains[0].closed:
        return None
    pts = [chains[0].parts[0].start] + [p.end for p in chains[0].parts]
    if pts[0].y > pts[-1].y:
        pts.reverse()
    return _dedupe([Point(pts[0].x, y0)] + pts + [Point(pts[-1].x, y1)])


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


def _split_regions(board: Board, bm: BoardMarks, avail) -> list[Region] | None:
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
        out.append(Region(cut, lambda p, r=r: r.inside(p) and not in_island(p), r.centre,
                          seams))
    for i, ring in zip(isl, rings):
        out.append(Region((ring,), lambda p, i=i: p.distance(i.center) <= i.radius + TOL,
                          i.center, (ring,), "centre disc"))
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
    for number, i in enumerate(order, 1):
        r = jointed(regs[i], [(c, i == a) for c, a, b in discs if i in (a, b)])
        marks = Marks(r.boundary, clip_parts(score, r.seams, r.inside),
                      tuple(f for f in bm.marks.fills if r.inside(f.at)))
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


def _rect_free(rect: Box, boxes, r: Region) -> bool:
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
