"""Splitting a board whose spaces sit round one centre (Dugi) into rings and sectors: one
ring seam on a circle shared by two rings of spaces and sector seams on shared sector
lines, the inner ring and the outer ring each in equal sectors (fewest parts first), offset
so no seam crosses a label, the title or a closed space. A seam is checked against an
obstacle by the obstacle's sample points on both sides of it; answers are memoised (the
search asks about the same seams many times)."""


from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass, field

from printables.boards import Board
from printables.geometry import TOL, Arc, Part, Point, Segment, bbox_of, part_key
from printables.geometry.paths import clip_parts, intersections, shape_parts
from printables.products.laser.board import BoardMarks
from printables.products.laser.model import Box
from printables.products.laser.region import Region, fits, hard_obstacles, line_of

#: An obstacle as hard_obstacles gives it: (sample points, half width, box of the points).
HardObstacle = tuple[list[Point], float, Box]


@dataclass
class _Memo:
    """The search's answers, kept (it asks about the same seams and rays many times):
    whether a seam, by its part_key, crosses no obstacle; where the ray from the centre at
    an angle (degrees, modulo 360, rounded to 1e-6) meets the board's outline."""

    clear: dict[tuple[object, ...], bool] = field(default_factory=dict)
    rays: dict[float, Point] = field(default_factory=dict)


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


def _seam_clear(seam: Part, hard: list[HardObstacle], memo: _Memo) -> bool:
    """True when a seam crosses no obstacle (samples on both sides of it); answers are
    kept in memo by the seam's key (the search asks about the same seams many times)."""
    key = part_key(seam)
    if key not in memo.clear:
        memo.clear[key] = _seam_clear_now(seam, hard)
    return memo.clear[key]


def _seam_clear_now(seam: Part, hard: list[HardObstacle]) -> bool:
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
    hard = hard_obstacles(bm, False)
    n_sectors = round(360.0 / step)
    counts = [n for n in range(1, n_sectors + 1) if n_sectors % n == 0]
    best: tuple[int, list[Region]] | None = None
    memo = _Memo()
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


def _polar_try(c: Point, r_in: float, ring: float, n_in: int, n_out: int, step: float,
               outline: tuple[Segment, ...], checks: tuple[list[HardObstacle], _Memo],
               avail: tuple[float, float]) -> list[Region] | None:
    """The first sector offsets for which every wedge fits and no seam crosses a label."""
    hard, memo = checks

    def ring_of(r0: float, r1: float | None, n: int) -> list[Region] | None:
        sweep = 360.0 / n
        for k in range(round(sweep / step)):
            starts = [k * step + i * sweep for i in range(n)]
            if not all(fits(_wedge_box(c, r0, r1, a, sweep, outline, memo), avail)
                       for a in starts):
                continue
            seams: list[Part] = ([Arc(c, r0, a, sweep) for a in starts]
                                 if r1 is None and n > 0 else [])
            seams += [_radial(c, r0, r1, a, outline, memo) for a in starts if n > 1]
            if all(_seam_clear(sm, hard, memo) for sm in seams):
                return [_wedge(c, r0, r1, a, sweep, outline) for a in starts]
        return None
    inner = ring_of(r_in, ring, n_in)
    if inner is None:
        return None
    outer = ring_of(ring, None, n_out)
    return inner + outer if outer is not None else None


def _radial(c: Point, r0: float, r1: float | None, a: float, outline: tuple[Segment, ...],
            memo: _Memo) -> Segment:
    end = Point.polar(c, r1, a) if r1 is not None else _ray_end_memo(outline, c, a, memo)
    return Segment(Point.polar(c, r0, a), end)


def _ray_end_memo(outline: tuple[Segment, ...], c: Point, a: float, memo: _Memo) -> Point:
    key = round(a % 360.0, 6)
    if key not in memo.rays:
        memo.rays[key] = _ray_end(outline, c, a)
    return memo.rays[key]


def _wedge_box(c: Point, r0: float, r1: float | None, a0: float, sweep: float,
               outline: tuple[Segment, ...], memo: _Memo) -> Box:
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

