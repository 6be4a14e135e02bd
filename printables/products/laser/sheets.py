"""Laser sheets: the request, packing parts on sheets of material, the sheet scenes and
the files (SVG, DXF, LightBurn project).

Every sheet holds layers by operation (reference, engrave, score, inner cuts, outer cuts,
in that order, so everything inside a part is done before the part is cut free), each
operation a colour of its own in every profile; cut and score lines are hairlines
(0.025 mm). Cut and score lines go through path hygiene (no line twice, collinear runs
merged, arcs kept as arcs) and closed cutting paths move by half the kerf so parts come
out at their nominal size.

Rulings made here:

- parts are kerf + SPACING (2 mm) apart, cut line to cut line, and MARGIN (5 mm) from the
  sheet's edge;
- the reference is a 100 mm square in free space when one fits, else a 100 mm bar with a
  10 mm square (lying along the top, or upright beside a part); packing keeps a strip for
  the bar at the top right and board parts are split small enough to leave it, so every
  sheet has a reference that touches no part; its note is one line of the stroke font;
- a title plate (only when the board has no free corner) goes in free space on a board
  sheet, shrinking from 8 to 4 mm lettering until it fits; small parts first fill the room
  a big part leaves on its sheet;
- holding tabs (--tabs W): two bridges of material W mm wide, left and right, on discs
  under TAB_BELOW (12 mm): the beam's path leaves a gap of W + kerf.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Mapping

from printables.errors import UsageError, did_you_mean
from printables.games import GameSpec
from printables.geometry import TOL, Arc, Part, Point, Polygon, bbox_of
from printables.geometry.paths import (Chain, clean_paths, contains_point, inside_out, is_full,
                                       move_part, subtract_parts)
from printables.geometry.offset import kerf_report, offset_chain
from printables.products.laser.model import (Box, LaserPart, Marks, Placement, placed_box,
                                             placed_marks)
from printables.products.laser.materials import DEFAULT_MATERIAL, MACHINE, MATERIALS
from printables.products.laser.stroke import stroke_text, stroke_width
from printables.render import render
from printables.render.lbrn2 import TOOL_INDEX, CutLayer, palette_index
from printables.render.scene import Circle, Group, Item, Path, Scene
from printables.render.theme import Ink

HAIRLINE = 0.025
#: Distance in mm from the sheet edge to any part.
MARGIN = 5.0
#: Part spacing is kerf + SPACING mm between the cut lines of neighbouring parts.
SPACING = 2.0
#: No score or engrave line comes within this many mm of a cut it does not belong to.
CLEAR = 1.0
REFERENCE = 100.0
#: Without the reference a sheet needs this much room (mm) inside its margins.
MIN_ROOM = 30.0
#: The small-sheet reference: a 100 mm bar BAR mm high with a BAR_SQUARE mm square on it.
BAR = 3.0
BAR_SQUARE = 10.0
NOTE_SIZE = 2.0
DEFAULT_SHEET = (600.0, 400.0)
#: Title sizes (mm) tried for a title plate, largest first, to find it room on a sheet.
PLATE_SIZES = (8.0, 6.0, 5.0, 4.0)
MAX_KERF = 2.0
MAX_TABS = 1.0
#: Holding tabs go on discs smaller than this (mm): they drop through a honeycomb bed.
TAB_BELOW = 12.0
FORMATS = ("svg", "dxf", "lbrn2")
PART_KINDS = ("board", "pieces")
DXF_HINT = 'DXF output needs the dxf extra: pip install "printables[dxf]"'

#: Scene layer -> (DXF layer, style key of its colour), in drawing (= cutting) order.
LAYERS: tuple[tuple[str, str, str], ...] = (
    ("reference", "REFERENCE", "reference"),
    ("engrave", "ENGRAVE", "engrave"),
    ("score", "SCORE", "score"),
    ("cut-inner", "CUT_INNER", "cut.inner"),
    ("cut-outer", "CUT_OUTER", "cut.outer"),
)


def laser_profile(cut_outer: str, cut_inner: str, score: str, engrave: str,
                  reference: str) -> dict[str, Ink]:
    """Style key -> ink for one profile: hairline strokes, engraving as filled areas."""
    def line(c: str) -> Ink:
        return Ink(stroke=c, width=HAIRLINE)
    return {"default": line(reference), "reference": line(reference), "cut": line(cut_outer),
            "cut.outer": line(cut_outer), "cut.inner": line(cut_inner), "score": line(score),
            "engrave": Ink(fill=engrave)}


#: The reference's colour in the default and lightburn profiles: the colour LightBurn shows
#: for its tool layer T1 (never output). LightBurn's SVG import picks the nearest palette
#: colour, which may be a numbered layer; the README says to switch that layer's output off.
TOOL_COLOUR = "#F36926"
#: Every operation has a colour of its own in every profile (laser software makes one
#: layer per colour). lightburn uses LightBurn's palette: C00 engrave, C01 score, C02 inner
#: cuts, C03 outer cuts, and the tool layer T1's colour for the reference, in the order the
#: laser runs them.
PROFILES: dict[str, dict[str, Ink]] = {
    "default": laser_profile("#FF0000", "#FF00FF", "#0000FF", "#000000", TOOL_COLOUR),
    # boxes.py's colours: outer cut black, inner cut blue, etching green, deep etching cyan
    # (our scored lines), annotations red
    "boxes": laser_profile("#000000", "#0000FF", "#00FFFF", "#00FF00", "#FF0000"),
    "lightburn": laser_profile("#00E000", "#FF0000", "#0000FF", "#000000", TOOL_COLOUR),
}
PROFILE_WORDS = {
    "default": "outer cut red, inner cut magenta, score blue, engrave black, reference "
               "orange (LightBurn's tool layer T1 colour, not cut)",
    "boxes": "outer cut black, inner cut blue, score cyan, engrave green, reference red "
             "(not cut)",
    "lightburn": "LightBurn layers C00 engrave, C01 score, C02 inner cut, C03 outer cut, "
                 "tool layer T1 reference (not cut)",
}


@dataclass(frozen=True)
class LaserRequest:
    """What the user asked for, checked."""

    sheet: tuple[float, float] = DEFAULT_SHEET
    kerf: float = 0.0
    profile: str = "default"
    fmt: str = "svg"
    parts: tuple[str, ...] = PART_KINDS
    material: str = DEFAULT_MATERIAL
    reference: bool = True
    tabs: float = 0.0
    options: tuple[str, ...] = ()
    joints: str = "dowels"

    @property
    def spacing(self) -> float:
        """Distance between the cut lines of neighbouring parts."""
        return self.kerf + SPACING


@dataclass(frozen=True)
class Sheet:
    """One sheet of material: a file name stem and the scene drawn on it."""

    name: str
    scene: Scene


def laser_request(sheet: str | None = None, kerf: str | float | None = None,
                  profile: str = "default", fmt: str = "svg", parts: str | None = None,
                  material: str = DEFAULT_MATERIAL, reference: bool = True,
                  tabs: str | float | None = None, options: tuple[str, ...] = (),
                  joints: str = "dowels") -> LaserRequest:
    """Check the laser command's options; UsageError names the bad value and what is valid."""
    from printables.units import parse_sheet
    size = parse_sheet(sheet) if sheet else DEFAULT_SHEET
    low = 2 * MARGIN + (REFERENCE if reference else MIN_ROOM)
    if min(size) < low:
        why = (f"so the {REFERENCE:g} mm reference fits (or use --no-reference)" if reference
               else f"{MIN_ROOM:g} mm of room inside the {MARGIN:g} mm margins")
        raise UsageError(f"sheet {sheet!r} is too small: at least {low:g} x {low:g} mm, {why}",
                         input=str(sheet))
    k = _length(kerf, "kerf", MAX_KERF, "a laser's kerf is usually 0.1 to 0.3 mm")
    t = _length(tabs, "tabs", MAX_TABS, "holding tabs are usually 0.2 to 0.5 mm wide")
    if profile not in PROFILES:
        raise UsageError(f"unknown laser profile {profile!r}; "
                         f"{did_you_mean(profile, list(PROFILES))}", input=profile)
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; valid: {', '.join(FORMATS)}", input=fmt)
    if material not in MATERIALS:
        raise UsageError(f"unknown material {material!r}; "
                         f"{did_you_mean(material, list(MATERIALS))}", input=material)
    from printables.products.laser.split import JOINTS
    if joints not in JOINTS:
        raise UsageError(f"unknown joints {joints!r}; valid: {', '.join(JOINTS)}", input=joints)
    given = (parts or ",".join(PART_KINDS)).split(",")
    kinds = tuple(p.strip().lower() for p in given if p.strip())
    bad = [p for p in kinds if p not in PART_KINDS]
    if bad or not kinds:
        raise UsageError(f"--parts {parts!r}: valid parts are board and pieces "
                         "(for example board,pieces)", input=str(parts))
    return LaserRequest(size, k, profile, fmt, tuple(dict.fromkeys(kinds)), material,
                        bool(reference), t, tuple(options), joints)


def _length(value, what: str, most: float, hint: str) -> float:
    """A width from 0 to most mm, written as units.parse_length reads lengths (zero allowed)."""
    from printables.units import parse_length
    if value is None:
        return 0.0
    try:
        k = parse_length(value, what, zero_ok=True)
    except UsageError:
        raise UsageError(f"{what} {value!r} is not a width from 0 to {most:g} mm; use for "
                         "example 0.15", input=str(value)) from None
    if k > most:
        raise UsageError(f"{what} {value!r} must be between 0 and {most:g} mm ({hint})",
                         input=str(value))
    return k


# ----------------------------------------------------------------------------- packing

def _avail(req: LaserRequest) -> tuple[float, float]:
    w, h = req.sheet
    return (w - 2 * MARGIN - req.kerf, h - 2 * MARGIN - req.kerf)


def bar_height() -> float:
    """Height of the small-sheet reference: the bar, its square and the note line above."""
    return BAR + BAR_SQUARE


def split_room(req: LaserRequest) -> tuple[float, float]:
    """Room a board part may take: the sheet less its margins, and, when the reference is
    on, less a strip for the reference bar, so every sheet can carry one."""
    aw, ah = _avail(req)
    if req.reference:
        ah -= bar_height() + req.spacing + 0.01  # a hair more, so rounding never bites
    return aw, ah


def whole_with_reference(box: Box, req: LaserRequest) -> bool:
    """True when a part of this extent fits the sheet with the reference bar beside it
    (standing upright) or above it."""
    aw, ah = _avail(req)
    w, h = box[2] - box[0] + req.kerf, box[3] - box[1] + req.kerf
    foot = bar_height() + req.spacing
    for pw, ph in ((w, h), (h, w)):
        if pw > aw + TOL or ph > ah + TOL:
            continue
        if not req.reference or (aw - pw >= foot and ah >= REFERENCE) or (
                ah - ph >= foot and aw >= REFERENCE):
            return True
    return False


def reserve_box(req: LaserRequest) -> Box | None:
    """The top-right strip kept free for the reference bar (None without a reference)."""
    if not req.reference:
        return None
    w, h = req.sheet
    return (w - MARGIN - REFERENCE, h - MARGIN - bar_height(), w - MARGIN, h - MARGIN)


def _overlaps(a: Box, b: Box, gap: float) -> bool:
    return not (a[0] >= b[2] + gap - TOL or a[2] <= b[0] - gap + TOL
                or a[1] >= b[3] + gap - TOL or a[3] <= b[1] - gap + TOL)


def free_spot(boxes: list[Box], width: float, height: float, size: tuple[float, float],
              gap: float) -> Box | None:
    """A place for a size (w, h) box on a sheet, gap clear of every box and inside the
    margin, as far up and right as possible; None when there is none."""
    sw, sh = size
    xs = sorted({width - MARGIN - sw, MARGIN} | {b[2] + gap for b in boxes}, reverse=True)
    ys = sorted({height - MARGIN - sh, MARGIN} | {b[3] + gap for b in boxes}, reverse=True)
    for y in ys:
        if y < MARGIN - TOL or y + sh > height - MARGIN + TOL:
            continue
        band = [b for b in boxes if b[1] < y + sh + gap and b[3] > y - gap]
        for x in xs:
            if x < MARGIN - TOL or x + sw > width - MARGIN + TOL:
                continue
            spot = (x, y, x + sw, y + sh)
            if not any(_overlaps(spot, b, gap) for b in band):
                return spot
    return None


def shelf_pack(sizes: list[tuple[float, float]], width: float, height: float,
               reserve: Box | None, gap: float) -> list[list[tuple[int, float, float]]]:
    """Boxes (w, h) in rows from the bottom left, a new sheet when one is full, keeping
    clear of a reserved box; ValueError for a box that fits no empty sheet."""
    sheets: list[list[tuple[int, float, float]]] = []
    cur: list[tuple[int, float, float]] = []
    x = y = MARGIN
    row = 0.0

    def limit(y0: float, h: float) -> float:
        if reserve and y0 + h > reserve[1] - gap and y0 < reserve[3] + gap:
            return reserve[0] - gap
        return width - MARGIN
    for i, (w, h) in enumerate(sizes):
        while True:
            if x + w <= limit(y, h) + TOL and y + h <= height - MARGIN + TOL:
                cur.append((i, x, y))
                x += w + gap
                row = max(row, h)
                break
            if x > MARGIN:
                x, y, row = MARGIN, y + row + gap, 0.0
            elif cur:
                sheets.append(cur)
                cur, x, y, row = [], MARGIN, MARGIN, 0.0
            else:
                raise ValueError(f"a {w:g} x {h:g} mm part does not fit an empty sheet")
    if cur:
        sheets.append(cur)
    return sheets


def _grown(part: LaserPart, k: float) -> tuple[float, float]:
    x0, y0, x1, y1 = part.box
    return (x1 - x0 + k, y1 - y0 + k)


def _pack_parts(parts: list[LaserPart], req: LaserRequest) -> list[list[Placement]]:
    """Parts on sheets, clear of the reference strip (turned a quarter when that lets them
    share a sheet with it); a part too big to share its sheet with the strip goes on a
    sheet of its own."""
    w, h = req.sheet
    aw, ah = _avail(req)
    reserve = reserve_box(req)
    turns, sizes, small, big = [], [], [], []
    for i, p in enumerate(parts):
        flat = _grown(p, req.kerf)
        options = [(0.0, flat), (90.0, flat[::-1])]
        shared = [o for o in options if _fits_empty(o[1], w, h, reserve, req.spacing)]
        alone = [o for o in options if o[1][0] <= aw + TOL and o[1][1] <= ah + TOL]
        turn, size = (shared or alone or options)[0]
        turns.append(turn)
        sizes.append(size)
        (small if shared else big).append(i)
    out: list[tuple[int, list[Placement]]] = []
    k2 = req.kerf / 2
    for i in big:
        out.append((i, [Placement(parts[i], MARGIN + k2, MARGIN + k2, turns[i])]))
    rest = []
    for i in small:  # small parts first fill the room a big part leaves on its sheet
        if not _into_free_space(out, parts[i], sizes[i], turns[i], req):
            rest.append(i)
    for sheet in shelf_pack([sizes[i] for i in rest], w, h, reserve, req.spacing):
        out.append((min(rest[j] for j, _, _ in sheet),
                    [Placement(parts[rest[j]], x + k2, y + k2, turns[rest[j]])
                     for j, x, y in sheet]))
    return [sheet for _, sheet in sorted(out, key=lambda s: s[0])]


def _into_free_space(sheets: list[tuple[int, list[Placement]]], part: LaserPart,
                     size: tuple[float, float], turn: float, req: LaserRequest) -> bool:
    """Place a part in free space on one of the sheets (clear of the reference strip);
    False when none has room."""
    w, h = req.sheet
    reserve = reserve_box(req)
    for _, sheet in sheets:
        taken = [_grown_box(placed_box(p), req.kerf) for p in sheet] + (
            [reserve] if reserve else [])
        spot = free_spot(taken, w, h, size, req.spacing)
        if spot:
            sheet.append(Placement(part, spot[0] + req.kerf / 2, spot[1] + req.kerf / 2, turn))
            return True
    return False


def _fits_empty(size, w: float, h: float, reserve: Box | None, gap: float) -> bool:
    try:
        shelf_pack([size], w, h, reserve, gap)
    except ValueError:
        return False
    return True


def reference_spot(placements: list[Placement], req: LaserRequest) -> tuple[Box, bool] | None:
    """Where the reference goes: (box, True) for the 100 mm square in free space, (box,
    False) for the bar, None when neither fits clear of the parts."""
    w, h = req.sheet
    k2 = req.kerf / 2
    boxes = [(b[0] - k2, b[1] - k2, b[2] + k2, b[3] + k2) for b in map(placed_box, placements)]
    gap = req.spacing
    square = free_spot(boxes, w, h, (REFERENCE, REFERENCE), gap)
    if square:
        return square, True
    bar = free_spot(boxes, w, h, (REFERENCE, bar_height()), gap)
    if bar:
        return bar, False
    upright = free_spot(boxes, w, h, (bar_height(), REFERENCE), gap)
    return (upright, False) if upright else None


# ----------------------------------------------------------------------------- sheet scenes

def _item(chain: Chain, style: str) -> Item:
    p = chain.parts[0]
    if len(chain.parts) == 1 and is_full(p):
        return Circle(p.center, p.radius, style)
    return Path(chain.parts, style, closed=chain.closed)


def _cut_layers(cut: tuple[Part, ...], kerf: float) -> tuple[list[Chain], list[Chain]]:
    """(inner, outer) cutting paths, kerf applied, each ordered inside out."""
    chains = clean_paths(cut)
    loose = [c for c in chains if not c.closed]
    if loose:
        raise ValueError(f"{len(loose)} cutting path(s) do not close")
    inner, outer = [], []
    boxes = {id(c): bbox_of(c.parts) for c in chains}
    for c in chains:
        probe = c.parts[0].midpoint()
        box = boxes[id(c)]
        holder = any(o is not c and _inside_box(box, boxes[id(o)])
                     and contains_point(o.parts, probe) for o in chains)
        (inner if holder else outer).append(c)
    return ([offset_chain(c, -kerf / 2) for c in inside_out(inner)],
            [offset_chain(c, kerf / 2) for c in inside_out(outer)])


def _inside_box(a: Box, b: Box) -> bool:
    return a[0] >= b[0] - TOL and a[1] >= b[1] - TOL and a[2] <= b[2] + TOL and a[3] <= b[3] + TOL


def _rect_parts(x0: float, y0: float, x1: float, y1: float) -> tuple[Part, ...]:
    return Polygon((Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1))).edges()


def reference_items(box: Box, square: bool, note: str) -> tuple[Item, ...]:
    """The reference and its one-line note in the stroke font: a 100 mm square with the
    note inside, or the small-sheet form, a 100 mm bar with a 10 mm square standing on its
    left end and the note beside the square."""
    x0, y0, x1, y1 = box
    if not square and y1 - y0 > x1 - x0:  # upright: draw it lying, then turn it
        flat = reference_items((0.0, 0.0, REFERENCE, bar_height()), False, note)
        return tuple(Path(tuple(move_part(p, x1, y0, 90.0) for p in it.parts), it.style,
                          it.closed) for it in flat)
    if square:
        outline = [Path(_rect_parts(x0, y0, x1, y1), "reference", closed=True)]
        at, room = Point(x0 + 3.0, y1 - 3.0 - NOTE_SIZE), REFERENCE - 6.0
    else:
        outline = [Path(_rect_parts(x0, y0, x1, y0 + BAR), "reference", closed=True),
                   Path(_rect_parts(x0, y0 + BAR, x0 + BAR_SQUARE, y0 + BAR + BAR_SQUARE),
                        "reference", closed=True)]
        at, room = Point(x0 + BAR_SQUARE + 2.0, y0 + BAR + 2.0), REFERENCE - BAR_SQUARE - 3.0
    size = NOTE_SIZE
    while stroke_width(note, size) > room and size > 1.0:
        size -= 0.1
    runs = stroke_text(note, size, at)
    return tuple(outline) + tuple(Path(r, "reference") for r in runs)


def reference_note(square: bool, req: LaserRequest) -> str:
    """The reference's one line: what to measure, that it is not cut, the settings."""
    what = "100 MM SQUARE" if square else "BAR 100 MM, SQUARE 10 MM"
    return f"{what}: CHECK SCALE. OUTPUT OFF. KERF {req.kerf:g}"


def _tabbed(chain: Chain, width: float) -> tuple[Item, ...]:
    """A disc's cut with two holding tabs (left and right) of a width left uncut on the
    beam's path: the tab's width plus the kerf, since the beam at each end of a gap takes
    half a kerf of it, so the bridge left in the material is the tab's width."""
    a = chain.parts[0]
    half = math.degrees(width / 2 / a.radius)
    return tuple(Path((Arc(a.center, a.radius, start + half, 180.0 - 2 * half),), "cut.outer")
                 for start in (0.0, 180.0))


def _outer_items(outer: list[Chain], req: LaserRequest) -> tuple[Item, ...]:
    out: list[Item] = []
    for c in outer:
        p = c.parts[0]
        if (req.tabs and len(c.parts) == 1 and is_full(p) and 2 * p.radius < TAB_BELOW):
            out.extend(_tabbed(c, req.tabs + req.kerf))
        else:
            out.append(_item(c, "cut.outer"))
    return tuple(out)


def sheet_scene(placements: list[Placement], req: LaserRequest, note: str) -> Scene:
    """One sheet: every placed part's marks through path hygiene and kerf, plus the
    reference in free space (unless --no-reference); note becomes the file's title."""
    w, h = req.sheet
    marks = Marks()
    for pl in placements:
        marks = marks + placed_marks(pl)
    inner, outer = _cut_layers(marks.cut, req.kerf)
    score = inside_out(clean_paths(subtract_parts(marks.score, marks.cut)))
    contours = tuple(p for f in marks.fills for c in f.contours for p in c)
    ref: tuple[Item, ...] = ()
    if req.reference:
        spot = reference_spot(placements, req)
        if spot is None:
            raise UsageError(f"a part leaves no room for the reference on a {w:g} x {h:g} mm "
                             "sheet; use a larger --sheet or --no-reference", input=f"{w}x{h}")
        ref = reference_items(spot[0], spot[1], reference_note(spot[1], req))
    layers: dict[str, tuple[Item, ...]] = {
        "reference": ref,
        "engrave": (Path(contours, "engrave", closed=True),) if contours else (),
        "score": tuple(_item(c, "score") for c in score),
        "cut-inner": tuple(_item(c, "cut.inner") for c in inner),
        "cut-outer": _outer_items(outer, req),
    }
    groups = tuple(Group(layers[name], layer=name) for name, _, _ in LAYERS if layers[name])
    return Scene(w, h, groups, title=note)


# ----------------------------------------------------------------------------- products

def _settings(req: LaserRequest) -> str:
    """The settings sentence for the file note."""
    return (f"sheet {req.sheet[0]:g} x {req.sheet[1]:g} mm; {kerf_report(req.kerf)}; parts "
            f"{req.spacing:g} mm apart (kerf + {SPACING:g} mm); profile {req.profile}: "
            f"{PROFILE_WORDS[req.profile]}")


def _options(game: GameSpec, req: LaserRequest) -> dict:
    from printables.products.boards_cmd import board_request
    return board_request(game, None, req.options).options


def board_sheets(game: GameSpec, req: LaserRequest, options: Mapping | None = None) -> list[Sheet]:
    """The board's sheets (split into parts that assemble when it is too big)."""
    from printables.products.laser.board import board_marks
    from printables.products.laser.split import split_parts
    opts = dict(options) if options is not None else _options(game, req)
    board = game.board(opts)
    bm = board_marks(game, board)
    parts = split_parts(game.title, board, bm, split_room(req),
                        whole_with_reference(bbox_of([board.outline]), req), req.joints)
    sheets = _pack_parts(parts, req)
    if bm.plate is not None:
        sheets = _add_plate(sheets, game, req)
    out = []
    for i, sheet in enumerate(sheets, 1):
        head = f"{game.title} board, sheet {i} of {len(sheets)}"
        note = "; ".join([head] + [pl.part.note for pl in sheet] + [_settings(req)])
        out.append(Sheet(f"{game.name}-laser-board-{i}", sheet_scene(sheet, req, note)))
    return out


def _add_plate(sheets: list[list[Placement]], game: GameSpec, req: LaserRequest
               ) -> list[list[Placement]]:
    """The title plate in free space on a board sheet, as large as fits (title 8 mm down
    to 4 mm), so no sheet holds only a title; a sheet of its own only when none has room."""
    from printables.products.laser.board import title_block, title_plate
    for size in PLATE_SIZES:
        plate = title_plate(game, title_block(game), size)
        indexed = [(0, sheet) for sheet in sheets]
        if _into_free_space(indexed, plate, _grown(plate, req.kerf), 0.0, req):
            return sheets
    plate = title_plate(game, title_block(game))
    return sheets + [[Placement(plate, MARGIN + req.kerf / 2, MARGIN + req.kerf / 2)]]


def _grown_box(b: Box, k: float) -> Box:
    return (b[0] - k / 2, b[1] - k / 2, b[2] + k / 2, b[3] + k / 2)


def piece_sheets(game: GameSpec, req: LaserRequest, options: Mapping | None = None) -> list[Sheet]:
    """The pieces' sheets, one set per tone of material, discs packed hexagonally."""
    from printables.products.laser.pieces import pack_pieces, piece_parts
    opts = dict(options) if options is not None else _options(game, req)
    board = game.board(opts)
    out = []
    for tone, (parts, how) in piece_parts(game, board, opts).items():
        sheets = pack_pieces(parts, req)
        for i, sheet in enumerate(sheets, 1):
            counts: dict[str, int] = {}
            for pl in sheet:
                counts[pl.part.note] = counts.get(pl.part.note, 0) + 1
            head = f"{game.title} pieces, {tone} material, sheet {i} of {len(sheets)}"
            note = "; ".join([head] + [f"{n} x {what}" for what, n in counts.items()]
                             + ([how] if how else []) + [_settings(req)])
            out.append(Sheet(f"{game.name}-laser-pieces-{tone}-{i}",
                             sheet_scene(sheet, req, note)))
    return out


def laser_sheets(game: GameSpec, req: LaserRequest, options: Mapping | None = None) -> list[Sheet]:
    """Every sheet the request asks for, boards first."""
    out: list[Sheet] = []
    if "board" in req.parts:
        out += board_sheets(game, req, options)
    if "pieces" in req.parts:
        out += piece_sheets(game, req, options)
    return out


def dxf_available() -> bool:
    """True when ezdxf (the dxf extra) can be imported."""
    try:
        import ezdxf  # noqa: F401
    except ImportError:
        return False
    return True


def render_sheet(sheet: Sheet, req: LaserRequest) -> bytes:
    """A sheet's file contents in the requested format."""
    layers: Mapping = {name: (dxf, style) for name, dxf, style in LAYERS}
    if req.fmt == "lbrn2":
        layers = lbrn2_layers(req)
        scene = replace(sheet.scene, title=f"{sheet.scene.title}; material {req.material}: "
                        f"starting settings for {MACHINE}, run a test card first")
        return render(req.fmt, [scene], PROFILES[req.profile], layers=layers, laser=True)
    return render(req.fmt, [sheet.scene], PROFILES[req.profile], layers=layers, laser=True)


def lbrn2_layers(req: LaserRequest) -> dict[str, CutLayer]:
    """The LightBurn layers of a request: one per operation, named, with the preset's
    speed, power and passes and the colour index of the profile's colour; the reference
    on the tool layer T1, which LightBurn never outputs."""
    preset = MATERIALS[req.material]
    profile = PROFILES[req.profile]
    out = {}
    for name, dxf, style in LAYERS:
        op = preset[name]
        i = profile[style]
        colour = i.stroke or i.fill
        tool = name == "reference"
        out[name] = CutLayer("T1" if tool else dxf.replace("_", " ").title(),
                             TOOL_INDEX if tool else palette_index(colour), op.speed,
                             op.power, op.passes, fill=name == "engrave", output=not tool,
                             min_power=op.min_power)
    return out


def laser_files(game: GameSpec, req: LaserRequest) -> list[tuple[str, bytes]]:
    """(file name, bytes) for every sheet; UsageError when DXF is asked for without ezdxf."""
    if req.fmt == "dxf" and not dxf_available():
        raise UsageError(DXF_HINT)
    return [(f"{s.name}.{req.fmt}", render_sheet(s, req)) for s in laser_sheets(game, req)]
