"""Printing a sheet on home paper: centred on one page when it fits (turned to the paper
orientation that matches its shape, crop marks at its corners), else tiled over several
pages that a person trims, overlaps and glues.

The tiling scheme (ours; the page, the assembly page, the printing guide and index.html all
say it):
- Pages form a grid of rows (from the top) and columns (from the left).
- Every page except those in the first column is TRIMMED along the line at its LEFT edge;
  every page except those in the top row is trimmed along the line at its TOP edge. Each
  page carries a 10 mm GLUE STRIP (hatched) along its right edge (not the last column) and
  its bottom edge (not the bottom row); the neighbouring page is laid over it.
- Order: first join each row, left to right (trim the left edge, lay the page over its left
  neighbour's glue strip, glue); then join the rows, top to bottom (trim the top edge of the
  whole joined row, lay it over the glue strip of the row above, glue).
- Registration marks sit in the margins, outside the board: the page glued under carries a
  full cross centred on the seam (the line where the next page's trimmed edge goes); the
  page laid on top carries the other half of that cross, an arm starting on its trim line,
  so trimming never cuts it. Laid right, each arm continues its cross exactly. Marks of a
  row's seams are in the top and bottom margins (the top ones are used in the first step
  and fall away with the top margin in the second); marks of the seams between rows are in
  the left margin of the first column and the right margin of the last.
- Trimmed pages keep 2 mm of board past the trim line (bleed), so a cut a little outside
  the line shows board, not white paper.
- Seams avoid text: the grid of seams is shifted (and, if needed, a page added) so that no
  text of the sheet, nor its scale bar, lies on a seam or in a glue strip. When a straight
  grid cannot do that with as few columns, each row gets its own column seams (a brick
  pattern; each row is joined on its own before the rows are joined, so this needs nothing
  new from the person gluing).
"""

from __future__ import annotations

import io
import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from printables.geometry import Point, Segment, hatch_lines
from printables.geometry import Polygon as Shape
from printables.products.common import EDGE_ROOM, fit_size, frame_rect, line, scale_bar
from printables.render.fonts import text_width, wrap_words
from printables.render.pdf import draw_scene, new_canvas
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene, Text
from printables.render.theme import Ink, ink
from printables.units import PT_PER_MM

MARGIN = 10.0     # unprintable edge every home printer respects
FOOTER = 9.0      # extra room at the bottom of a tile page for the scale bar
HEADER = 8.0      # extra room at the top for the page's line of instructions
OVERLAP = 10.0    # glue strip under the neighbouring page
BLEED = 2.0       # board drawn past a trim line, cut away with the margin
MARK_OFFSET = 2.5  # registration marks: centre this far outside the board's edge
MARK_ARM = 2.0     # half the length of a cross's line (a cross ends EDGE_ROOM from the edge)
CLEARANCE = 2.0    # text keeps this far from a seam or a glue strip
STEP = 0.5         # seam positions are tried on this grid (mm)
CROP = 5.0         # crop mark length on a single page

Box = tuple[float, float, float, float]



@dataclass(frozen=True)
class Tile:
    """One page of a tiled sheet: which part of the sheet (x, y, w, h in sheet mm, bleed and
    glue strips included) it shows, and its seams (None at the sheet's own edges)."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float
    trim_left: float | None = None   # sheet x of the trim line at the page's left edge
    trim_top: float | None = None    # sheet y of the trim line at its top edge
    seam_right: float | None = None  # sheet x where the right neighbour's trimmed edge goes
    seam_bottom: float | None = None  # sheet y where the lower neighbour's trimmed edge goes


@dataclass(frozen=True)
class TilePlan:
    """How a sheet of width x height goes onto pages of paper (portrait or landscape)."""

    width: float
    height: float
    paper: tuple[float, float]
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    overlap: float
    xseams: tuple[tuple[float, ...], ...] = ()  # per row, from the top
    yseams: tuple[float, ...] = ()  # from the top down

    @property
    def pages(self) -> int:
        """Number of tile pages."""
        return len(self.tiles)

    def number(self, tile: Tile) -> int:
        """1-based tile number, row by row from the top left."""
        return (tile.row - 1) * self.cols + tile.col

    def glue_strips(self) -> list[Box]:
        """Every glue strip (x0, y0, x1, y1) in sheet mm."""
        strips = [(t.seam_right, t.y, t.seam_right + self.overlap, t.y + t.h)
                  for t in self.tiles if t.seam_right is not None]
        strips += [(0.0, s - self.overlap, self.width, s) for s in self.yseams]
        return strips


# ----------------------------------------------------------------------------- planning

def tile_area(paper: tuple[float, float]) -> tuple[float, float]:
    """Room for board content on one tile page of this paper."""
    return paper[0] - 2 * MARGIN, paper[1] - 2 * MARGIN - FOOTER - HEADER


def _fits(prev: float | None, s: float, room: float, overlap: float) -> bool:
    lo = 0.0 if prev is None else prev - BLEED
    return s > (prev if prev is not None else 0.0) and s + overlap - lo <= room + 1e-9


def _hits(s: float, blocked: Sequence[tuple[float, float]], overlap: float) -> int:
    """How many blocked intervals touch the seam at s or its glue strip [s, s+overlap].

    >>> _hits(10.0, [(0.0, 5.0), (9.0, 11.0), (40.0, 50.0)], 5.0)
    1
    """
    return sum(1 for a, b in blocked if not (b <= s - CLEARANCE or a >= s + overlap + CLEARANCE))


def _all_hits(seams: Sequence[float], blocked: Sequence[tuple[float, float]],
              overlap: float) -> list[int]:
    """_hits of every seam, by counting in sorted ends (a grid of seams against a board's
    labels: O((seams + intervals) log intervals) instead of their product). An interval
    that touches neither side of a seam's band ends after its low side (b > lo) and does
    not start at or past its high side (a >= hi), and one that starts past the high side
    also ends past the low side, so the count is #(b > lo) - #(a >= hi) when every
    interval runs forwards; otherwise each seam is counted directly.

    >>> _all_hits([5.0, 10.0, 45.0], [(0.0, 5.0), (9.0, 11.0), (40.0, 50.0)], 5.0)
    [2, 1, 1]
    """
    if any(a > b for a, b in blocked):
        return [_hits(s, blocked, overlap) for s in seams]
    starts, ends, n = sorted(a for a, _ in blocked), sorted(b for _, b in blocked), len(blocked)
    return [(n - bisect_right(ends, s - CLEARANCE)) - (n - bisect_left(starts, s + overlap
                                                                           + CLEARANCE))
            for s in seams]


def _seams_for(n: int, length: float, room: float, overlap: float,
               blocked: Sequence[tuple[float, float]], strict: bool = True
               ) -> tuple[float, ...] | None:
    """n - 1 seams along an axis, pages within room, as close to an even split as possible
    (dynamic programming over a STEP grid), each on free ground; None if impossible.
    Not strict: seams may touch blocked intervals, as few as possible."""
    grid = [k * STEP for k in range(1, int(length / STEP))]
    hits = dict(zip(grid, _all_hits(grid, blocked, overlap), strict=True))
    cands = [c for c, h in hits.items() if not (strict and h)]
    best: dict[float, tuple[float, tuple[float, ...]]] = {}
    for i in range(1, n):
        ideal = i * length / n
        nxt: dict[float, tuple[float, tuple[float, ...]]] = {}
        for s in cands:
            options = ([(0.0, ())] if i == 1 else
                       [v for p, v in best.items() if _fits(p, s, room, overlap)])
            if i == 1 and not _fits(None, s, room, overlap):
                continue
            if options:
                cost, path = min(options)
                nxt[s] = (cost + (s - ideal) ** 2 + 1e6 * hits[s], path + (s,))
        best = nxt
    done = [v for s, v in best.items() if length - (s - BLEED) <= room + 1e-9]
    return min(done)[1] if done else None


def axis_seams(length: float, room: float, overlap: float = OVERLAP,
               blocked: Sequence[tuple[float, float]] = (), count: int | None = None
               ) -> tuple[float, ...]:
    """The seams along one axis: fewest pages (or `count` pages) whose seams keep clear of
    blocked intervals (one or two pages more if that is what it takes), else an even split."""
    if length <= room + 1e-9:
        return ()
    n = max(2, math.ceil((length - room + BLEED) / (room - overlap - BLEED)) + 1)
    for pages in ([count] if count else range(n, n + 3)):
        seams = _seams_for(pages, length, room, overlap, blocked)
        if seams is not None:
            return seams
    n = count or n
    seams = _seams_for(n, length, room, overlap, blocked, strict=False)
    if seams is not None:
        return seams
    step = (length - overlap) / n
    return tuple(round(i * step / STEP) * STEP for i in range(1, n))


def _ranges(length: float, seams: Sequence[float], overlap: float
            ) -> Iterator[tuple[float, float, float | None, float | None]]:
    """(lo, hi, trim, seam) of each page along an axis (lo/hi include bleed and glue)."""
    bounds = [None, *seams, None]
    for prev, nxt in zip(bounds, bounds[1:], strict=False):
        lo = 0.0 if prev is None else prev - BLEED
        hi = length if nxt is None else nxt + overlap
        yield lo, hi, prev, nxt


def _column_seams(width: float, room: float, overlap: float, avoid: Sequence[Box],
                  rows: list[tuple[float, float]]) -> list[tuple[float, ...]]:
    """The seams between columns, per row (rows: sheet y ranges). One straight grid when
    that needs no more columns than seams chosen row by row, else row by row (each row
    only has to keep clear of its own text), every row with the same number of columns."""
    grid = axis_seams(width, room, overlap, [(b[0], b[2]) for b in avoid])

    def blocked(y0: float, y1: float) -> list[tuple[float, float]]:
        return [(b[0], b[2]) for b in avoid if b[3] > y0 and b[1] < y1]
    own = [axis_seams(width, room, overlap, blocked(*r)) for r in rows]
    cols = max(len(x) for x in own)
    if len(grid) <= cols:
        return [grid] * len(rows)
    return [axis_seams(width, room, overlap, blocked(*r), count=cols + 1) for r in rows]


def plan_tiles(width: float, height: float, paper: tuple[float, float],
               overlap: float = OVERLAP, avoid: Sequence[Box] = ()) -> TilePlan:
    """The plan with fewest pages (portrait first, then landscape); rows count from the top.
    avoid: boxes (x0, y0, x1, y1) of text no seam or glue strip may touch.

    >>> plan_tiles(320, 334, (210, 297)).pages
    4
    """
    best = None
    for pw, ph in (paper, (paper[1], paper[0])):
        rw, rh = tile_area((pw, ph))
        # rows run downwards: work in distance from the top, then turn back into sheet y
        ts = axis_seams(height, rh, overlap, [(height - b[3], height - b[1]) for b in avoid])
        rows = list(_ranges(height, ts, overlap))
        xs = _column_seams(width, rw, overlap, avoid,
                           [(height - t1, height - t0) for t0, t1, _, _ in rows])
        tiles = []
        for r, (t0, t1, ttrim, tseam) in enumerate(rows):
            for c, (x0, x1, xtrim, xseam) in enumerate(_ranges(width, xs[r], overlap)):
                tiles.append(Tile(r + 1, c + 1, x0, height - t1, x1 - x0, t1 - t0, xtrim,
                                  None if ttrim is None else height - ttrim, xseam,
                                  None if tseam is None else height - tseam))
        plan = TilePlan(width, height, (pw, ph), len(ts) + 1, len(xs[0]) + 1, tuple(tiles),
                        overlap, tuple(xs), tuple(height - t for t in ts))
        if best is None or plan.pages < best.pages:
            best = plan
    assert best is not None
    return best


def _text_box(item: Text, theme: Mapping[str, Ink]) -> Box:
    w = text_width(item.text, item.size, ink(theme, item.style).font)
    x0 = {"start": 0.0, "middle": -w / 2, "end": -w}[item.anchor]
    corners = [(x0, -0.25 * item.size), (x0 + w, -0.25 * item.size),
               (x0, 0.8 * item.size), (x0 + w, 0.8 * item.size)]
    a = math.radians(item.rotation)
    pts = [(item.position.x + x * math.cos(a) - y * math.sin(a),
            item.position.y + x * math.sin(a) + y * math.cos(a)) for x, y in corners]
    return (min(p[0] for p in pts), min(p[1] for p in pts),
            max(p[0] for p in pts), max(p[1] for p in pts))


def keep_clear(scene: Scene, theme: Mapping[str, Ink]) -> list[Box]:
    """Boxes (x0, y0, x1, y1, scene mm) no seam may cross: every text item, and the whole
    scale bar (a bar split over two pages cannot be measured)."""
    boxes = [_text_box(i, theme) for i in scene.walk() if isinstance(i, Text)]
    for group in scene.walk():
        if isinstance(group, Group) and group.layer == "scale":
            pts = [p for i in group.items if isinstance(i, Polygon) for p in i.points]
            boxes += [_text_box(i, theme) for i in group.items if isinstance(i, Text)]
            if pts:
                boxes.append((min(p.x for p in pts), min(p.y for p in pts),
                              max(p.x for p in pts), max(p.y for p in pts)))
    return boxes


def fits_on_page(width: float, height: float, paper: tuple[float, float]) -> bool:
    """True when a sheet fits inside the paper's 10 mm margins (either orientation)."""
    return any(width <= pw - 2 * MARGIN + 1e-9 and height <= ph - 2 * MARGIN + 1e-9
               for pw, ph in (paper, (paper[1], paper[0])))


def page_orientation(width: float, height: float,
                     paper: tuple[float, float]) -> tuple[float, float]:
    """The paper turned to match the sheet: landscape for a wide sheet when it fits so,
    else the way it fits.

    >>> page_orientation(190, 151, (210, 297))
    (297, 210)
    """
    portrait, landscape = (min(paper), max(paper)), (max(paper), min(paper))
    order = (landscape, portrait) if width > height else (portrait, landscape)
    for pw, ph in order:
        if width <= pw - 2 * MARGIN + 1e-9 and height <= ph - 2 * MARGIN + 1e-9:
            return pw, ph
    return order[0]


# ----------------------------------------------------------------------------- tile pages

def content_origin(tile: Tile, plan: TilePlan) -> tuple[float, float]:
    """(dx, dy): page mm = sheet mm + (dx, dy) on the tile's page (board at the top left)."""
    return MARGIN - tile.x, plan.paper[1] - MARGIN - HEADER - tile.h - tile.y


def _cross(x: float, y: float) -> list[Path]:
    return [line(Point(x - MARK_ARM, y), Point(x + MARK_ARM, y), "mark"),
            line(Point(x, y - MARK_ARM), Point(x, y + MARK_ARM), "mark")]


def registration_marks(tile: Tile, plan: TilePlan) -> list[Path]:
    """Full crosses on the seams this page's glue strips meet, half crosses (arms from the
    trim line) where this page goes over its neighbour."""
    ph = plan.paper[1]
    dx, dy = content_origin(tile, plan)
    top, bottom = ph - MARGIN - HEADER, ph - MARGIN - HEADER - tile.h
    left, right = MARGIN, MARGIN + tile.w
    ys = (top + MARK_OFFSET, bottom - MARK_OFFSET)
    xs = [x for x, keep in ((left - MARK_OFFSET, tile.col == 1),
                            (right + MARK_OFFSET, tile.col == plan.cols)) if keep]
    items: list[Path] = []
    if tile.seam_right is not None:
        for y in ys:
            items += _cross(tile.seam_right + dx, y)
    if tile.seam_bottom is not None:
        for x in xs:
            items += _cross(x, tile.seam_bottom + dy)
    if tile.trim_left is not None:
        x = tile.trim_left + dx
        items += [line(Point(x, y), Point(x + MARK_ARM, y), "mark") for y in ys]
    if tile.trim_top is not None:
        y = tile.trim_top + dy
        items += [line(Point(x, y), Point(x, y - MARK_ARM), "mark") for x in xs]
    return items


def tile_marks(tile: Tile, plan: TilePlan) -> list[Item]:
    """The registration marks and the trim lines, which run across the page up to the
    EDGE_ROOM band."""
    pw, ph = plan.paper
    dx, dy = content_origin(tile, plan)
    items: list[Item] = list(registration_marks(tile, plan))
    if tile.trim_left is not None:
        x = tile.trim_left + dx
        items.append(line(Point(x, EDGE_ROOM), Point(x, ph - EDGE_ROOM), "mark"))
    if tile.trim_top is not None:
        y = tile.trim_top + dy
        items.append(line(Point(EDGE_ROOM, y), Point(pw - EDGE_ROOM, y), "mark"))
    return items


def tile_boxes(tile: Tile, plan: TilePlan) -> tuple[Box, Box]:
    """(TrimBox, BleedBox) of a tile page in page mm. The TrimBox is what is left of the
    page once it is trimmed: its cut lines on the trimmed sides; elsewhere its part of the
    board and the registration marks in its margins (a tool that crops to the trim keeps
    what the person lines the pages up by; the marks past a cut line fall away with it).
    The BleedBox adds the BLEED mm of board printed past each cut line."""
    dx, dy = content_origin(tile, plan)
    x0, y0, x1, y1 = tile.x + dx, tile.y + dy, tile.x + tile.w + dx, tile.y + tile.h + dy
    for mark in registration_marks(tile, plan):
        for seg in mark.parts:
            assert isinstance(seg, Segment)
            x0, x1 = min(x0, seg.a.x, seg.b.x), max(x1, seg.a.x, seg.b.x)
            y0, y1 = min(y0, seg.a.y, seg.b.y), max(y1, seg.a.y, seg.b.y)
    left = 0.0 if tile.trim_left is None else BLEED
    top = 0.0 if tile.trim_top is None else BLEED
    if tile.trim_left is not None:
        x0 = tile.trim_left + dx
    if tile.trim_top is not None:
        y1 = tile.trim_top + dy
    return (x0, y0, x1, y1), (x0 - left, y0, x1, y1 + top)


def _hatch(box: Box) -> Group:
    """Grey diagonal lines over a glue strip (it ends up under the neighbouring page)."""
    x0, y0, x1, y1 = box
    clip = Shape((Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)))
    return Group(tuple(Path((seg,), "cutguide") for seg in hatch_lines(box, 3.0, 45.0)),
                 clip=clip)


def tile_glue(tile: Tile, plan: TilePlan) -> list[Item]:
    """The page's glue strips, hatched, in page mm."""
    dx, dy = content_origin(tile, plan)
    x0, y0, x1, y1 = tile.x + dx, tile.y + dy, tile.x + tile.w + dx, tile.y + tile.h + dy
    items: list[Item] = []
    if tile.seam_right is not None:
        items.append(_hatch((tile.seam_right + dx, y0, x1, y1)))
    if tile.seam_bottom is not None:
        items.append(_hatch((x0, y0, x1, tile.seam_bottom + dy)))
    return items


def _instruction(tile: Tile) -> str:
    trims = [e for e, v in (("left", tile.trim_left), ("top", tile.trim_top)) if v is not None]
    glues = [e for e, v in (("right", tile.seam_right), ("bottom", tile.seam_bottom))
             if v is not None]
    parts = [f"trim the {' and '.join(trims)} edge{'s' if len(trims) > 1 else ''} on the line"
             if trims else "no trimming"]
    if glues:
        parts.append(f"the hatched {' and '.join(glues)} strip"
                     f"{'s go' if len(glues) > 1 else ' goes'} under the next page")
    return " · ".join(parts)


def _furniture(tile: Tile, plan: TilePlan, title: str) -> Scene:
    """The line of instructions at the top; scale bar and a page map at the bottom."""
    pw, ph = plan.paper
    cell = 2.5
    text = (f"{title} · tile {plan.number(tile)} of {plan.pages}: row {tile.row}, column "
            f"{tile.col} of {plan.rows} x {plan.cols} · {_instruction(tile)}")
    x = MARGIN + (BLEED + 2.0 if tile.trim_left is not None else 0.0)  # clear of the trim line
    items: list[Item] = [Text(Point(x, ph - 7.5), text, fit_size(text, 2.6, pw - MARGIN - x),
                              "text.small", anchor="start")]
    mx = pw - MARGIN - plan.cols * cell
    for t in plan.tiles:  # a small page map: one box per page, this page filled
        x, y = mx + (t.col - 1) * cell, EDGE_ROOM + (plan.rows - t.row) * cell
        items.append(frame_rect(x, y, x + cell - 0.5, y + cell - 0.5,
                                "scale.bar" if t == tile else "scale.frame"))
    items.append(scale_bar(MARGIN, EDGE_ROOM))
    return Scene(pw, ph, (Group(tuple(items), layer="page"),))


# ----------------------------------------------------------------------------- assembly page

def _steps(plan: TilePlan) -> list[str]:
    """The assembly instructions for this grid, numbered."""
    steps = []
    if plan.cols > 1:
        steps += [f"Cut the LEFT edge of every tile in columns 2 to {plan.cols} along its line.",
                  "Join each row from left to right (order: the numbers on the joins): lay the "
                  "tile over the hatched strip of its left neighbour so that the half crosses "
                  "in its top and bottom margins continue the crosses there; glue the strip."]
    if plan.rows > 1:
        what = "joined row" if plan.cols > 1 else "tile"
        steps += [f"Cut the TOP edge of every {what} from row 2 on along its line, straight "
                  "across (the top margin, used in the row joins, falls away).",
                  f"Lay each {what} over the hatched strip of the one above so that the half "
                  "crosses in the side margins continue the crosses there; glue the strip."]
    steps.append("Check the 100 mm scale bar, then glue the board onto card if you like.")
    return [f"{i}. {s}" for i, s in enumerate(steps, 1)]


def _grid_drawing(plan: TilePlan, x0: float, y0: float, k: float) -> list[Item]:
    """The tile grid at scale k, its lower left at (x0, y0): cells, glue strips, the edges
    where cut pages go, and the gluing order."""
    def pt(x: float, y: float) -> Point:
        return Point(x0 + x * k, y0 + y * k)
    items: list[Item] = []
    for s in plan.glue_strips():
        box = (pt(s[0], s[1]).x, pt(s[0], s[1]).y, pt(s[2], s[3]).x, pt(s[2], s[3]).y)
        items.append(_hatch(box))
    order = 0
    for t in plan.tiles:
        cx0, cx1 = t.trim_left or 0.0, t.seam_right or plan.width
        cy0, cy1 = t.seam_bottom or 0.0, t.trim_top or plan.height
        a, b = pt(cx0, cy0), pt(cx1, cy1)
        items.append(frame_rect(a.x, a.y, b.x, b.y, "scale.frame"))
        mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
        items.append(Text(Point(mid.x, mid.y + 0.5), f"tile {plan.number(t)}", 3.6, "text.bold"))
        items.append(Text(Point(mid.x, mid.y - 4.0), f"row {t.row}, column {t.col}", 2.6,
                          "text.small"))
        if t.trim_left is not None:
            items.append(Path((Segment(a, Point(a.x, b.y)),), "mark", width=0.8))
    for t in plan.tiles:  # the badge sits left of the join, on the page glued under
        if t.trim_left is not None:
            order += 1
            at = pt(t.trim_left, t.trim_top or plan.height)
            items += _badge(Point(at.x - 4.0, at.y - 6.0), order)
    for t in plan.tiles:
        if t.trim_top is not None:
            y = pt(0, t.trim_top).y
            a, b = pt(t.trim_left or 0.0, t.trim_top), pt(t.seam_right or plan.width, t.trim_top)
            items.append(Path((Segment(Point(a.x, y), Point(b.x, y)),), "mark", width=0.8))
    for r in range(2, plan.rows + 1):
        order += 1
        at = pt(plan.width * 0.12, plan.yseams[r - 2])
        items += _badge(Point(at.x, at.y + 4.0), order)
    return items


def _badge(at: Point, n: int) -> list[Item]:
    return [Circle(at, 2.6, "scale.frame"), Text(Point(at.x, at.y - 1.1), str(n), 3.0, "text.bold")]


def assembly_scene(plan: TilePlan, title: str) -> Scene:
    """The page before the tiles: the grid with its glue strips and gluing order, then the
    steps in words."""
    pw, ph = plan.paper
    x, width = MARGIN + 5, pw - 2 * MARGIN - 10
    y = ph - MARGIN - 8
    head = f"{title}: assembling {plan.pages} tiles"
    items: list[Item] = [
        Text(Point(x, y), head, fit_size(head, 6.0, width, "sans-bold"), "text.bold",
             anchor="start"),
        Text(Point(x, y - 6), f"{plan.rows} rows x {plan.cols} columns · the board is "
             f"{plan.width:g} x {plan.height:g} mm · the tiles follow this page", 3.0,
             "text.small", anchor="start")]
    k = min(width / plan.width, (ph * 0.45) / plan.height)
    top = y - 14
    gx = x + (width - plan.width * k) / 2
    items += _grid_drawing(plan, gx, top - plan.height * k, k)
    y = top - plan.height * k - 10
    legend = ("Hatched: a glue strip; it goes under the next tile. Thick line: where a cut "
              "edge goes. Each join's marks: a full cross on the tile below, its other half "
              "(an arm from the cut line) on the tile on top.")
    for text in wrap_words(legend, 3.0, width):
        items.append(Text(Point(x, y), text, 3.0, "text", anchor="start"))
        y -= 4.6
    y -= 3.0
    for step in _steps(plan):
        number, rest = step.split(" ", 1)
        items.append(Text(Point(x, y), number, 3.3, "text.bold", anchor="start"))
        for text in wrap_words(rest, 3.3, width - 6):
            items.append(Text(Point(x + 6, y), text, 3.3, "text", anchor="start"))
            y -= 5.0
        y -= 1.5
    items.append(scale_bar(MARGIN, EDGE_ROOM))
    return Scene(pw, ph, (Group(tuple(items), layer="assembly"),), title=head)


# ----------------------------------------------------------------------------- PDF

def _crop_marks(x0: float, y0: float, x1: float, y1: float, margin: float) -> list[Item]:
    """Crop marks at the corners of a trimmed sheet, in the margin, 1 mm off the sheet and
    clear of the SAFE_EDGE band along the paper's edges."""
    n = min(CROP, margin - 1.0 - EDGE_ROOM)
    if n <= 1.0:
        return []
    items: list[Item] = []
    for x, sx in ((x0, -1), (x1, 1)):
        for y, sy in ((y0, -1), (y1, 1)):
            items.append(line(Point(x + sx, y), Point(x + sx * (1 + n), y), "mark"))
            items.append(line(Point(x, y + sy), Point(x, y + sy * (1 + n)), "mark"))
    return items


def page_pdf(scene: Scene, theme: Mapping[str, Ink], paper: tuple[float, float],
             title: str) -> bytes:
    """The sheet on paper: centred on one page if it fits (see page_orientation), with
    crop marks, else tiled (see plan_tiles) after an assembly page."""
    if not fits_on_page(scene.width, scene.height, paper):
        plan = plan_tiles(scene.width, scene.height, paper, avoid=keep_clear(scene, theme))
        return tiled_pdf(scene, theme, plan, title)
    pw, ph = page_orientation(scene.width, scene.height, paper)
    buf = io.BytesIO()
    c = new_canvas(buf, pw, ph, title)
    x, y = (pw - scene.width) / 2, (ph - scene.height) / 2
    c.setTrimBox((x * PT_PER_MM, y * PT_PER_MM, (x + scene.width) * PT_PER_MM,
                  (y + scene.height) * PT_PER_MM))
    draw_scene(c, scene, theme, x, y)
    marks = _crop_marks(x, y, x + scene.width, y + scene.height, min(x, y))
    draw_scene(c, Scene(pw, ph, (Group(tuple(marks), layer="crop-marks"),)), theme)
    c.showPage()
    c.save()
    return buf.getvalue()


def tiled_pdf(scene: Scene, theme: Mapping[str, Ink], plan: TilePlan, title: str) -> bytes:
    """The assembly page, then one page per tile: the part of the scene the tile shows
    (clipped), its glue strips, registration marks and trim lines, and page furniture."""
    pw, ph = plan.paper
    buf = io.BytesIO()
    c = new_canvas(buf, pw, ph, title)
    # the sheet is drawn once as a form XObject; each page shows it clipped and shifted
    c.beginForm("sheet", lowerx=0, lowery=0, upperx=scene.width * PT_PER_MM,
                uppery=scene.height * PT_PER_MM)
    draw_scene(c, scene, theme)
    c.endForm()
    c.setTrimBox((0, 0, pw * PT_PER_MM, ph * PT_PER_MM))
    draw_scene(c, assembly_scene(plan, title), theme)
    c.showPage()
    for tile in plan.tiles:
        c.setPageSize((pw * PT_PER_MM, ph * PT_PER_MM))
        dx, dy = content_origin(tile, plan)
        ox, oy = tile.x + dx, tile.y + dy
        trim, bleed = tile_boxes(tile, plan)
        c.setTrimBox(tuple(v * PT_PER_MM for v in trim))
        c.setBleedBox(tuple(v * PT_PER_MM for v in bleed))
        c.saveState()
        p = c.beginPath()
        p.rect(ox * PT_PER_MM, oy * PT_PER_MM, tile.w * PT_PER_MM, tile.h * PT_PER_MM)
        c.clipPath(p, stroke=0, fill=0)
        c.translate(dx * PT_PER_MM, dy * PT_PER_MM)
        c.doForm("sheet")
        c.restoreState()
        marks = tile_glue(tile, plan) + tile_marks(tile, plan)
        draw_scene(c, Scene(pw, ph, (Group(tuple(marks), layer="marks"),)), theme)
        draw_scene(c, _furniture(tile, plan, title), theme)
        c.showPage()
    c.save()
    return buf.getvalue()
