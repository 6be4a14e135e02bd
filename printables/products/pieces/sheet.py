"""Piece sheets: every piece of a game at physical size, with spares and cut guides, on as
many pages of one paper size as needed.

Layout: pieces are grouped by kind (in the order of the game's components); each group has
a heading naming the kind, its count, its size and the punch it fits, then rows of pieces,
3 mm apart so scissors fit between them (two-sided pieces: 4 mm, see below). A group that
does not fit continues on the next page under a "continued" heading. The top margin names
the game and the page; the bottom margin (12 mm) carries the 100 mm scale bar. No ink comes
within common.SAFE_EDGE (5 mm) of a page edge.

Cutting (ours): pieces sit in a grid of square cells whose cut lines run straight along
whole rows and columns, so a guillotine or a ruler and knife can cut strips, then cells.
By default neighbouring cells share a cut line; with a gutter (``gutter`` mm, the CLI's
--gutter) every cell has its own four lines and a strip of that width between cells is
waste, so a slightly off cut never eats into the next piece. Crop marks continue every cut
line into the page margins (left and right for the row lines, top and bottom for the
column lines of the first and last row), so the first cuts can be lined up from the edge.
Default sizes snap to common punches (see pieces.art.punch_diameters); --diameter does not.

Two-sided pieces (Chameleons) come in page pairs: a page of fronts, then a page of backs in
mirrored places, so that printing double-sided with flipping on the long edge puts each back
behind its front (a back's centre is the front's centre mirrored about the page's vertical
centre line).

Bleed (ours): every piece face is drawn on a copy of its outer shape 1 mm larger all round
in the outer shape's colour, so a punch 0.2 mm off-centre or a cut just outside the grey
line shows the piece, not a white crescent. Backs get 2 mm: a sheet that lands up to 1 mm
off in the duplexer still shows no white edge after cutting along the front's guide.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printables.errors import UsageError
from printables.games import Component, GameSpec
from printables.games.model import byline
from printables.geometry import Point, Segment
from printables.products.common import EDGE_ROOM, SCALE_BAR, fit_size, scale_bar
from printables.products.pieces.art import (
    MAX_DIAMETER,
    MAX_GUTTER,
    MIN_DIAMETER,
    outline_items,
    piece_diameters,
    piece_items,
    punch_diameters,
    punch_name,
    spares,
)
from printables.products.requests import Files, PiecesRequest
from printables.products.variant import file_stem, variant_parts
from printables.render import render_pages
from printables.render.fonts import text_width
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene, Text
from printables.render.theme import get_theme
from printables.units import paper_name as canonical
from printables.units import parse_paper

MARGIN = 10.0
BOTTOM = 12.0      # the bottom margin: the scale bar and the note sit in it, clear of the edge
GAP = 3.0
GAP_TWO_SIDED = 4.0
BLEED = 1.0
HEADING = 6.0
HEADING_SIZE = 3.2
CROP_LEN = 2.5     # crop marks: length, starting CROP_GAP outside the printed area
CROP_GAP = 0.5
CROP_ROOM = 3.0    # pieces keep this much further from the top and bottom margins (crop marks)


@dataclass(frozen=True)
class PlacedPiece:
    """One piece on a sheet page: what it is, which face, where and how large."""

    side: str
    kind: str
    art: str
    index: int  # 1-based within its kind; indices above the game's count are spares
    spare: bool
    face: str  # "front" (or the only face) or "back"
    center: Point
    diameter: float


@dataclass(frozen=True)
class Heading:
    """A kind's heading on a page: text, baseline start point, anchor."""

    text: str
    position: Point
    anchor: str = "start"


@dataclass(frozen=True)
class SheetPage:
    """One page of a piece sheet."""

    number: int
    face: str  # "front", "back" or "single"
    pieces: tuple[PlacedPiece, ...]
    headings: tuple[Heading, ...]
    guides: tuple[Segment, ...] = ()  # straight cut lines between pieces (fronts only)


@dataclass(frozen=True)
class PieceSheet:
    """A game's whole piece sheet: paper size and pages."""

    game: str
    title: str
    designer: str
    paper: tuple[float, float]
    pages: tuple[SheetPage, ...]
    two_sided: bool


def _heading(c: Component, n: int, d: float, continued: bool, start: str = "") -> str:
    punch = punch_name(d)
    size = f"{d:g} mm, {punch} punch" if punch and punch.endswith("in") else (
        f"{d:g} mm punch" if punch else f"{d:g} mm, cut by hand")
    text = f"{c.label}: {c.count} + {n - c.count} spare{'s' if n - c.count != 1 else ''}, " \
           f"{size}"
    if c.back:
        text += f" (back: {c.back})"
    if start and not continued:
        text += f"; at the start {start}"
    return text + (" (continued)" if continued else "")


def start_piles(game: GameSpec) -> dict[tuple[str, str], str]:
    """(side, kind) -> how a game file's setup piles that kind up, in words ("4 on each of
    12 spaces"), for the kinds its setup puts several to a space (Oware's seeds).

    >>> from printables.games import GAMES
    >>> start_piles(GAMES["dugi"])
    {}
    """
    pos = game.setup_position
    if pos is None or not pos.piles:
        return {}
    per: dict[tuple[str, str], Counter[int]] = {}
    for pile in pos.piles.values():
        for piece, n in Counter(pile).items():
            per.setdefault((piece.side, piece.kind), Counter())[n] += 1
    for piece in pos.pieces.values():
        if (piece.side, piece.kind) in per:
            per[(piece.side, piece.kind)][1] += 1
    return {key: " and ".join(f"{n} on {'each of ' if k > 1 else ''}{k} space"
                              f"{'s' if k > 1 else ''}" for n, k in sorted(ns.items(),
                                                                           reverse=True))
            for key, ns in per.items()}


def _row_guides(x0: float, top: float, d: float, gap: float, n: int, first: bool,
                gutter: float = 0.0) -> list[Segment]:
    """Straight cut lines round one row of n cells. Without a gutter cells share lines (the
    top line only for a block's first row: the rows below share the line above them);
    with one, every cell has its own lines and the gutter between them is waste."""
    cell, step = d + gap, d + gap + gutter
    left, right = x0 - gap / 2, x0 - gap / 2 + n * step - gutter
    y_hi, y_lo = top + gap / 2, top - d - gap / 2
    lines = [Segment(Point(left, y_lo), Point(right, y_lo))]
    if first or gutter:
        lines.append(Segment(Point(left, y_hi), Point(right, y_hi)))
    xs = sorted({round(left + k * step + e, 6) for k in range(n)
                 for e in ((0.0, cell) if gutter else (0.0,))} | {round(right, 6)})
    lines.extend(Segment(Point(x, y_lo), Point(x, y_hi)) for x in xs)
    return lines


@dataclass
class _Page:
    """A page being filled (mutable only while the layout runs)."""

    pieces: list[PlacedPiece]
    headings: list[Heading]
    guides: list[Segment]


def _fronts(comps: tuple[Component, ...], sizes: Mapping[tuple[str, str], float],
            paper: tuple[float, float], gap: float, gutter: float = 0.0,
            starts: Mapping[tuple[str, str], str] | None = None) -> list[_Page]:
    """Flow every component's pieces into pages, kind by kind, row by row."""
    w, h = paper
    x0, x1, y_top, y_bot = MARGIN, w - MARGIN, h - MARGIN - CROP_ROOM, BOTTOM + CROP_ROOM
    pages = [_Page([], [], [])]
    y = y_top
    for c in comps:
        d = sizes[(c.side, c.kind)]
        total = c.count + spares(c.count)
        if d > x1 - x0 or d + HEADING > y_top - y_bot:
            raise UsageError(f"a {d:g} mm piece does not fit on this paper inside its "
                             f"{MARGIN:g} mm margins; choose a smaller --diameter")
        step = d + gap + gutter
        cols = max(1, int((x1 - x0 + gap + gutter) // step))
        cols = -(-total // -(-total // cols))  # same number of rows, evenly filled
        placed = 0
        while placed < total:
            if y - HEADING - d < y_bot - 1e-9:
                pages.append(_Page([], [], []))
                y = y_top
            page = pages[-1]
            page.headings.append(Heading(
                _heading(c, total, d, placed > 0, (starts or {}).get((c.side, c.kind), "")),
                Point(x0, y - HEADING + 2.8)))
            y -= HEADING
            first = True
            while placed < total and y - d >= y_bot - 1e-9:
                row = min(cols, total - placed)
                for i in range(row):
                    idx = placed + i + 1
                    page.pieces.append(PlacedPiece(c.side, c.kind, c.art, idx, idx > c.count,
                                                   "front", Point(x0 + d / 2 + i * step,
                                                                  y - d / 2), d))
                page.guides.extend(_row_guides(x0, y, d, gap, row, first, gutter))
                placed += row
                first = False
                y -= step
    return [p for p in pages if p.pieces]


def back_art(c: Component) -> str:
    """The art of a two-sided piece's back: its art key with the back side's name."""
    return c.art.rsplit("-", 1)[0] + "-" + str(c.back)


def _back_page(front: list[PlacedPiece], heads: list[Heading], comps: tuple[Component, ...],
               width: float) -> tuple[tuple[PlacedPiece, ...], tuple[Heading, ...]]:
    """The mirrored backs of a front page (mirror about the page's vertical centre line)."""
    by_key = {(c.side, c.kind): c for c in comps}
    backs = tuple(PlacedPiece(p.side, p.kind, back_art(by_key[(p.side, p.kind)]), p.index,
                              p.spare, "back", Point(width - p.center.x, p.center.y), p.diameter)
                  for p in front)
    mirrored = tuple(Heading(hd.text.split(" (")[0] + " (backs)",
                             Point(width - hd.position.x, hd.position.y), "end") for hd in heads)
    return backs, mirrored


def piece_sheet(game: GameSpec, paper: tuple[float, float], diameter: float | None = None,
                options: Mapping[str, Any] | None = None, gutter: float = 0.0,
                size: float | None = None) -> PieceSheet:
    """Lay out every piece of a game (count plus spares) on pages of a paper size: default
    sizes snapped to punches (fitting the spaces of the board of these options and size),
    or the largest kind at `diameter`; `gutter` mm between cells."""
    if diameter is not None and not MIN_DIAMETER <= diameter <= MAX_DIAMETER:
        raise UsageError(f"diameter {diameter:g} mm is out of range; use "
                         f"{MIN_DIAMETER:g} to {MAX_DIAMETER:g} mm", input=f"{diameter:g}")
    if not 0.0 <= gutter <= MAX_GUTTER:
        raise UsageError(f"gutter {gutter:g} mm is out of range; use 0 to {MAX_GUTTER:g} mm",
                         input=f"{gutter:g}")
    opts = game.options(options)
    board = game.board(opts, size)
    comps = game.components(opts)
    sizes = (punch_diameters(game, board, opts) if diameter is None
             else piece_diameters(game, board, diameter, opts))
    two_sided = any(c.back for c in comps)
    fronts = _fronts(comps, sizes, paper, GAP_TWO_SIDED if two_sided else GAP, gutter,
                     start_piles(game))
    pages: list[SheetPage] = []
    for f in fronts:
        pages.append(SheetPage(len(pages) + 1, "front" if two_sided else "single",
                               tuple(f.pieces), tuple(f.headings), tuple(f.guides)))
        if two_sided:
            backs, bheads = _back_page(f.pieces, f.headings, comps, paper[0])
            pages.append(SheetPage(len(pages) + 1, "back", backs, bheads))
    return PieceSheet(game.name, game.title, game.designer, paper, tuple(pages), two_sided)


# ----------------------------------------------------------------------------- drawing

def layer_name(p: PlacedPiece) -> str:
    """The SVG layer of a piece's kind on a page: pieces-<side>-<kind>[-back]."""
    return f"pieces-{p.side}-{p.kind}" + ("-back" if p.face == "back" else "")


def bleed_item(art: str, center: Point, diameter: float) -> Item:
    """The piece's outer shape grown by BLEED mm all round, filled with the outer shape's
    colour (style piece.bleed.<rest of its key>): a punch or cut a little off the line shows
    the piece's colour, not a white crescent."""
    outer = piece_items(art, center, diameter)[0]
    assert isinstance(outer, (Circle, Polygon)), art
    style = "piece.bleed." + outer.style.split(".", 1)[1]
    if isinstance(outer, Circle):
        return Circle(center, outer.radius + BLEED, style)
    corner = outer.points[0]
    radius = math.hypot(corner.x - center.x, corner.y - center.y)
    inner = radius * math.cos(math.pi / len(outer.points))  # the edges' distance
    k = (inner + BLEED) / inner
    return Polygon(tuple(Point(center.x + (q.x - center.x) * k, center.y + (q.y - center.y) * k)
                         for q in outer.points), style)


def piece_group(p: PlacedPiece) -> Group:
    """One piece on the sheet: bleed, art, and on fronts the cut guide. Backs are one BLEED
    larger again (their bleed is 2 mm), so a sheet that lands up to 1 mm off still shows
    no white edge."""
    extra = BLEED if p.face == "back" else 0.0
    under = bleed_item(p.art, p.center, p.diameter + 2 * extra)
    art = piece_items(p.art, p.center, p.diameter)
    if p.face == "back":
        return Group((under,) + art)
    return Group((under,) + art + outline_items(p.art, p.center, p.diameter, "cutguide"))


def _instruction(sheet: PieceSheet, page: SheetPage) -> str:
    if page.face == "back":
        return (f"backs of page {page.number - 1}: long-edge flip; the ring marks at the "
                "top meet")
    if page.face == "front":
        return (f"fronts; backs on page {page.number + 1}: long-edge flip; the ring marks "
                "at the top meet")
    punched = {punch_name(p.diameter) is not None for p in page.pieces}
    if punched == {True}:
        return "cut along the grey lines, or punch the discs out"
    if True in punched:
        return "cut on the grey lines; punch the kinds that name a punch"
    return "cut along the grey lines"


def _furniture(sheet: PieceSheet, page: SheetPage) -> list[Item]:
    """Page header (game, page number), kind headings, instruction line and scale bar; on a
    back page the header and instruction swap sides so they mirror the front."""
    w, h = sheet.paper
    back = page.face == "back"
    near, far = (w - MARGIN, MARGIN) if back else (MARGIN, w - MARGIN)
    head = f"{sheet.title} pieces, {byline(sheet.designer)}"
    number = f"page {page.number} of {len(sheet.pages)}"
    room = w - 2 * MARGIN - text_width(number, 3.0) - 5.0
    items: list[Item] = [
        Text(Point(near, h - 8.0), head, fit_size(head, 3.0, room, "sans-bold"), "text.bold",
             anchor="end" if back else "start"),
        Text(Point(far, h - 8.0), number, 3.0, "text", anchor="start" if back else "end")]
    items.extend(Text(hd.position, hd.text, fit_size(hd.text, HEADING_SIZE, w - 2 * MARGIN), "text",
                      anchor=hd.anchor) for hd in page.headings)
    note = _instruction(sheet, page)
    room = w - 2 * MARGIN - (0.0 if back else SCALE_BAR + 5.0)
    items.append(Text(Point(near, EDGE_ROOM + 1.0), note, fit_size(note, 2.6, room),
                      "text.small", anchor="end" if back else "start"))
    if not back:
        items.append(scale_bar(w - MARGIN - SCALE_BAR, EDGE_ROOM))
    if page.face in ("front", "back"):
        x = ring_mark_x(sheet, head)
        items.extend(ring_mark(Point(w - x if back else x, h - EDGE_ROOM - RING_MARK_R)))
    return items


#: Radius of the ring mark on two-sided sheets (mm).
RING_MARK_R = 2.0


def ring_mark_x(sheet: PieceSheet, head: str) -> float:
    """Where a front page's ring mark sits across the page: right of the header, left of
    the page number; its back's mark is mirrored (w - x), so after a long-edge flip, by a
    duplex unit or by turning the sheet over and feeding it again, the two meet when the
    sheet is held to the light, and a sheet turned the wrong way shows them apart."""
    w = sheet.paper[0]
    return max(w / 2 + 15.0, MARGIN + text_width(head, 3.0, "sans-bold") + 8.0)


def ring_mark(at: Point) -> list[Item]:
    """A ring with a cross through it: the registration test of a two-sided sheet."""
    r = RING_MARK_R
    return [Circle(at, r, "mark"),
            Path((Segment(Point(at.x - r, at.y), Point(at.x + r, at.y)),), "mark"),
            Path((Segment(Point(at.x, at.y - r), Point(at.x, at.y + r)),), "mark")]


def crop_marks(guides: tuple[Segment, ...], paper: tuple[float, float]) -> list[Segment]:
    """Crop marks: every horizontal cut line continued outwards at both ends; the vertical
    lines of the top and bottom rows marked in the bands above and below the pieces."""
    w, h = paper
    marks: list[Segment] = []
    flat = [g for g in guides if abs(g.a.y - g.b.y) < 1e-9]
    upright = [g for g in guides if abs(g.a.x - g.b.x) < 1e-9]
    left = min((min(g.a.x, g.b.x) for g in flat), default=0.0)
    right = max((max(g.a.x, g.b.x) for g in flat), default=0.0)
    x_lo = max(left - CROP_GAP - CROP_LEN, EDGE_ROOM)  # marks stop short of the safe edge
    x_hi = min(right + CROP_GAP + CROP_LEN, w - EDGE_ROOM)
    for y in sorted({round(g.a.y, 6) for g in flat}):
        marks.append(Segment(Point(left - CROP_GAP, y), Point(x_lo, y)))
        marks.append(Segment(Point(right + CROP_GAP, y), Point(x_hi, y)))
    if upright:
        top = max(max(g.a.y, g.b.y) for g in upright)
        bottom = min(min(g.a.y, g.b.y) for g in upright)
        band_top, band_bottom = h - MARGIN - CROP_ROOM, BOTTOM + CROP_ROOM
        # cells of one size on the page: every column line is on one lattice, so each gets
        # its marks top and bottom, even one only a longer row further down has
        uniform = len({round(abs(g.a.y - g.b.y), 6) for g in upright}) == 1
        for end, y0, sign in ((top, band_top, 1), (bottom, band_bottom, -1)):
            xs = {round(g.a.x, 6) for g in upright if uniform
                  or abs(max(g.a.y, g.b.y) - end) < 1e-9 or abs(min(g.a.y, g.b.y) - end) < 1e-9}
            marks.extend(Segment(Point(x, y0 + sign * CROP_GAP),
                                 Point(x, y0 + sign * (CROP_GAP + CROP_LEN))) for x in sorted(xs))
    return marks


def page_scene(sheet: PieceSheet, page: SheetPage) -> Scene:
    """The scene of one sheet page: cut guides, pieces by kind layer, page furniture."""
    w, h = sheet.paper
    layers: dict[str, list[Item]] = {}
    for p in page.pieces:
        layers.setdefault(layer_name(p), []).append(piece_group(p))
    items: list[Item] = [Group(tuple(v), layer=k) for k, v in layers.items()]
    if page.guides:
        items.insert(0, Group(tuple(Path((g,), "cutguide") for g in page.guides),
                              layer="cut-guides"))
        items.append(Group(tuple(Path((m,), "mark") for m in crop_marks(page.guides, (w, h))),
                           layer="crop-marks"))
    items.append(Group(tuple(_furniture(sheet, page)), layer="labels"))
    return Scene(w, h, tuple(items), title=f"{sheet.title} pieces, page {page.number}")


def sheet_scenes(sheet: PieceSheet) -> list[Scene]:
    """Every page of a sheet as a scene."""
    return [page_scene(sheet, p) for p in sheet.pages]


def sheet_json(sheet: PieceSheet) -> dict[str, Any]:
    """The sheet as plain data: paper, and per page every piece with kind, index and place."""
    return {
        "game": sheet.game, "units": "mm", "y_axis": "up",
        "paper": [round(v, 6) for v in sheet.paper], "two_sided": sheet.two_sided,
        "pages": [{"number": pg.number, "face": pg.face,
                   "pieces": [{"side": p.side, "kind": p.kind, "art": p.art, "index": p.index,
                               "spare": p.spare, "face": p.face,
                               "center": [round(p.center.x, 6), round(p.center.y, 6)],
                               "diameter": round(p.diameter, 6)} for p in pg.pieces]}
                  for pg in sheet.pages],
    }


# ----------------------------------------------------------------------------- output files


def sheet_basename(game: GameSpec, paper_name: str, diameter: float | None, theme_name: str,
                   variant: tuple[str, ...] = ()) -> str:
    """The file name stem: game, then what differs from the defaults.

    >>> from printables.games import GAMES
    >>> sheet_basename(GAMES["dugi"], "Letter", 18.0, "mono")
    'dugi-pieces-letter-18mm-mono'
    """
    return file_stem(game.name, "pieces", *variant,
                     "" if paper_name == "A4" else paper_name.lower(),
                     "" if diameter is None else f"{diameter:g}mm", theme_name=theme_name)


def build_pieces(game: GameSpec, req: PiecesRequest) -> Files:
    """The pieces product's build: the piece sheet of req as one PDF or JSON, or one SVG
    or PNG per page, for the board of its options and size (a variant's counts; pieces fit
    its spaces)."""
    paper = parse_paper(req.paper)
    name = canonical(req.paper)
    theme = get_theme(req.game.theme)
    gutter, size = req.gutter or 0.0, req.game.size
    sheet = piece_sheet(game, paper, req.diameter, req.game.opts, gutter, size)
    tags = tuple(variant_parts(game, game.options(req.game.opts), size))
    base = sheet_basename(game, name, req.diameter, req.game.theme, tags) + (
        f"-gutter{gutter:g}" if gutter else "")
    if req.fmt == "json":
        return [(base + ".json", (json.dumps(sheet_json(sheet), indent=1) + "\n").encode())]
    data = render_pages(req.fmt, sheet_scenes(sheet), theme, dpi=req.dpi,
                        title=f"{game.title} pieces")
    if len(data) == 1:
        return [(f"{base}.{req.fmt}", data[0])]
    return [(f"{base}-{i}.{req.fmt}", b) for i, b in enumerate(data, 1)]
