"""Splitting a tiled board with a rectangular outline (EVL) into vertical strips: each seam
follows the sides between the spaces left and right of a dividing line and runs straight to
the outline at both ends, crossing no space or label there."""


from __future__ import annotations

from collections.abc import Callable

from printables.boards import Board
from printables.geometry import TOL, Point, Polygon, Segment, bbox_of, part_key
from printables.geometry.paths import chain_parts, contains_point, intersections, shape_parts
from printables.products.laser.board import BoardMarks
from printables.products.laser.region import Region, fits, on_segment


def strip_regions(board: Board, bm: BoardMarks, avail: tuple[float, float]
                  ) -> list[Region] | None:
    """Vertical strips of a board with a rectangular outline: each seam follows the sides
    between the spaces left and right of a dividing line and runs straight to the outline
    at both ends (None when no number of strips fits)."""
    if bm.outline is None or len(bm.outline.points) != 4:
        return None
    x0, y0, x1, y1 = bbox_of([bm.outline])
    for n in range(2, 6):
        found = [_clear_strip_seam(board, x0 + (x1 - x0) * k / n, y0, y1, bm)
                 for k in range(1, n)]
        seams = [s for s in found if s is not None]
        if len(seams) < len(found):
            continue
        bounds = [[Point(x0, y0), Point(x0, y1)]] + seams + [[Point(x1, y0), Point(x1, y1)]]
        out: list[Region] = []
        for k in range(n):
            pts = _dedupe(bounds[k + 1] + list(reversed(bounds[k])))
            poly = Polygon(tuple(pts))
            edges = poly.edges()
            if not fits(bbox_of(list(edges)), avail):
                break
            seam_parts = tuple(e for e in edges if not _on_rect(e, x0, y0, x1, y1))
            out.append(Region(edges, _inside_of(edges), poly.centroid(), seam_parts))
        else:
            return out
    return None


def _inside_of(edges: tuple[Segment, ...]) -> Callable[[Point], bool]:
    """A test for points inside a strip or on its edge."""
    return lambda p: contains_point(edges, p) or any(on_segment(p, s) for s in edges)


def _dedupe(pts: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in pts:
        if not out or not out[-1].is_close(p, 1e-9):
            out.append(p)
    if len(out) > 1 and out[0].is_close(out[-1], 1e-9):
        out.pop()
    return out


def _on_rect(e: Segment, x0: float, y0: float, x1: float, y1: float) -> bool:
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
    owner: dict[tuple[object, ...], set[bool]] = {}
    seg_of: dict[tuple[object, ...], Segment] = {}
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

