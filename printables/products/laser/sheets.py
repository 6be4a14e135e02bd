"""Laser-cut files: a game's board and pieces laid out on sheets of material, one SVG or DXF
file per sheet, ready for LightBurn, Inkscape, a Glowforge or a shop's software.

Every sheet file holds layers by operation (reference, engrave, score, inner cuts, outer
cuts, in that order, so everything inside a part is done before the part is cut free),
coloured by a named profile; cut and score lines are hairlines (0.025 mm); a 100 mm
reference square on a layer that is not cut shows whether the file was imported at the
right scale. Cut and score lines go through path hygiene (no line twice, collinear runs
merged, arcs kept as arcs) and the kerf step moves closed cutting paths outward by half
the kerf so parts come out at their nominal size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from printables.errors import UsageError, did_you_mean
from printables.games import GameSpec
from printables.geometry import TOL, Part, Point, Polygon, bbox_of
from printables.geometry.paths import (Chain, clean_paths, contains_point, inside_out, is_full,
                                       subtract_parts)
from printables.geometry.offset import kerf_report, offset_chain
from printables.products.laser.model import (Box, LaserPart, Marks, Placement, placed_box,
                                             placed_marks)
from printables.products.laser.text import text_outlines, text_width
from printables.render.scene import Circle, Group, Item, Path, Scene
from printables.render.theme import Ink

HAIRLINE = 0.025
#: Distance in mm from the sheet edge to any part, and between parts.
MARGIN = 5.0
GAP = 3.0
REFERENCE = 100.0
NOTE_SIZE = 2.6
DEFAULT_SHEET = (600.0, 400.0)
MAX_KERF = 2.0
FORMATS = ("svg", "dxf")
PART_KINDS = ("board", "pieces")
DXF_HINT = 'DXF output needs the dxf extra: pip install "printables[dxf]"'

#: Scene layer -> (DXF layer, style key of its colour), in drawing (= cutting) order.
LAYERS: tuple[tuple[str, str, str], ...] = (
    ("reference", "REFERENCE", "reference"),
    ("engrave", "ENGRAVE", "engrave"),
    ("score", "SCORE", "score"),
    ("cut-inner", "CUT", "cut.inner"),
    ("cut-outer", "CUT", "cut.outer"),
)


def laser_profile(cut_outer: str, cut_inner: str, score: str, engrave: str,
                  reference: str) -> dict[str, Ink]:
    """Style key -> ink for one profile: hairline strokes, engraving as filled areas."""
    def line(c: str) -> Ink:
        return Ink(stroke=c, width=HAIRLINE)
    return {"default": line(reference), "reference": line(reference), "cut": line(cut_outer),
            "cut.outer": line(cut_outer), "cut.inner": line(cut_inner), "score": line(score),
            "engrave": Ink(fill=engrave)}


PROFILES: dict[str, dict[str, Ink]] = {
    "default": laser_profile("#FF0000", "#FF0000", "#0000FF", "#000000", "#00A000"),
    # boxes.py's colours: outer cut black, inner cut blue, etching green, annotations red
    "boxes": laser_profile("#000000", "#0000FF", "#00FF00", "#00FF00", "#FF0000"),
}
PROFILE_WORDS = {"default": "cut red, score blue, engrave black, reference green (not cut)",
                 "boxes": "outer cut black, inner cut blue, etch green, reference red (not cut)"}


@dataclass(frozen=True)
class LaserRequest:
    """What the user asked for, checked."""

    sheet: tuple[float, float] = DEFAULT_SHEET
    kerf: float = 0.0
    profile: str = "default"
    fmt: str = "svg"
    parts: tuple[str, ...] = PART_KINDS


@dataclass(frozen=True)
class Sheet:
    """One sheet of material: a file name stem and the scene drawn on it."""

    name: str
    scene: Scene


def laser_request(sheet: str | None = None, kerf: str | float | None = None,
                  profile: str = "default", fmt: str = "svg",
                  parts: str | None = None) -> LaserRequest:
    """Check the laser command's options; UsageError names the bad value and what is valid."""
    from printables.units import parse_sheet
    size = parse_sheet(sheet) if sheet else DEFAULT_SHEET
    low = 2 * MARGIN + REFERENCE
    if min(size) < low:
        raise UsageError(f"sheet {sheet!r} is too small: at least {low:g} x {low:g} mm, so the "
                         f"{REFERENCE:g} mm reference square fits", input=str(sheet))
    k = _kerf(kerf)
    if profile not in PROFILES:
        raise UsageError(f"unknown laser profile {profile!r}; "
                         f"{did_you_mean(profile, list(PROFILES))}", input=profile)
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; valid: {', '.join(FORMATS)}", input=fmt)
    given = (parts or ",".join(PART_KINDS)).split(",")
    kinds = tuple(p.strip().lower() for p in given if p.strip())
    bad = [p for p in kinds if p not in PART_KINDS]
    if bad or not kinds:
        raise UsageError(f"--parts {parts!r}: valid parts are board and pieces "
                         "(for example board,pieces)", input=str(parts))
    return LaserRequest(size, k, profile, fmt, tuple(dict.fromkeys(kinds)))


def _kerf(kerf) -> float:
    if kerf is None:
        return 0.0
    text = str(kerf).strip().lower().removesuffix("mm").strip()
    try:
        k = float(text)
    except ValueError:
        raise UsageError(f"kerf {kerf!r} is not a width in mm; use for example 0.15",
                         input=str(kerf)) from None
    if not 0 <= k <= MAX_KERF:
        raise UsageError(f"kerf {kerf!r} must be between 0 and {MAX_KERF:g} mm (a laser's kerf "
                         "is usually 0.1 to 0.3 mm)", input=str(kerf))
    return k


# ----------------------------------------------------------------------------- packing

def _avail(req: LaserRequest) -> tuple[float, float]:
    w, h = req.sheet
    return (w - 2 * MARGIN - req.kerf, h - 2 * MARGIN - req.kerf)


def reference_box(width: float, height: float, corner: str = "tr") -> Box:
    """Where the reference square goes: a sheet corner inside the margin."""
    x0 = width - MARGIN - REFERENCE if corner[1] == "r" else MARGIN
    y0 = height - MARGIN - REFERENCE if corner[0] == "t" else MARGIN
    return (x0, y0, x0 + REFERENCE, y0 + REFERENCE)


def shelf_pack(sizes: list[tuple[float, float]], width: float, height: float,
               reserve: Box | None) -> list[list[tuple[int, float, float]]]:
    """Boxes (w, h) in rows from the bottom left, a new sheet when one is full, keeping
    clear of a reserved box; ValueError for a box that fits no empty sheet."""
    sheets: list[list[tuple[int, float, float]]] = []
    cur: list[tuple[int, float, float]] = []
    x = y = MARGIN
    row = 0.0

    def limit(y0: float, h: float) -> float:
        if reserve and y0 + h > reserve[1] - GAP and y0 < reserve[3] + GAP:
            return reserve[0] - GAP
        return width - MARGIN
    for i, (w, h) in enumerate(sizes):
        while True:
            if x + w <= limit(y, h) + TOL and y + h <= height - MARGIN + TOL:
                cur.append((i, x, y))
                x += w + GAP
                row = max(row, h)
                break
            if x > MARGIN:
                x, y, row = MARGIN, y + row + GAP, 0.0
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
    """Parts on sheets; a part too big to share its sheet with the reference square goes on
    a sheet of its own."""
    w, h = req.sheet
    aw, ah = _avail(req)
    turns = []
    for p in parts:
        pw, ph = _grown(p, req.kerf)
        turns.append(0.0 if (pw <= aw + TOL and ph <= ah + TOL) else 90.0)
    sizes = [_grown(p, req.kerf)[::-1] if t else _grown(p, req.kerf) for p, t in zip(parts, turns)]
    reserve = reference_box(w, h)
    small, big = [], []
    for i, s in enumerate(sizes):
        try:
            shelf_pack([s], w, h, reserve)
            small.append(i)
        except ValueError:
            big.append(i)
    out: list[tuple[int, list[Placement]]] = []
    k2 = req.kerf / 2
    for sheet in shelf_pack([sizes[i] for i in small], w, h, reserve):
        out.append((min(small[j] for j, _, _ in sheet),
                    [Placement(parts[small[j]], x + k2, y + k2, turns[small[j]])
                     for j, x, y in sheet]))
    for i in big:
        out.append((i, [Placement(parts[i], MARGIN + k2, MARGIN + k2, turns[i])]))
    return [sheet for _, sheet in sorted(out, key=lambda s: s[0])]


def _reference_spot(placements: list[Placement], width: float, height: float) -> tuple[Box, bool]:
    """A free sheet corner for the reference square, or the top right (overlapping)."""
    boxes = [placed_box(p) for p in placements]
    for corner in ("tr", "tl", "br", "bl"):
        r = reference_box(width, height, corner)
        if all(b[0] >= r[2] + GAP or b[2] <= r[0] - GAP or b[1] >= r[3] + GAP
               or b[3] <= r[1] - GAP for b in boxes):
            return r, True
    return reference_box(width, height), False


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


def note_lines(lines: list[str], width: float, size: float = NOTE_SIZE) -> list[str]:
    """Lines wrapped at word boundaries to fit a width at a text size."""
    out: list[str] = []
    for line in lines:
        words, cur = line.split(), ""
        for w in words:
            trial = f"{cur} {w}".strip()
            if cur and text_width(trial, size) > width:
                out.append(cur)
                cur = w
            else:
                cur = trial
        out.append(cur)
    return out


def reference_items(box: Box, lines: list[str]) -> tuple[Item, ...]:
    """The 100 mm square and the sheet's note written inside it, as outlines."""
    x0, y0, x1, y1 = box
    square = Polygon((Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)))
    items: list[Item] = [Path(square.edges(), "reference", closed=True)]
    pad = 3.0
    y = y1 - pad - NOTE_SIZE
    glyphs = []
    for line in note_lines(lines, REFERENCE - 2 * pad):
        glyphs.extend(p for c in text_outlines(line, NOTE_SIZE, Point(x0 + pad, y), "start")
                      for p in c)
        y -= NOTE_SIZE * 1.35
    if glyphs:
        items.append(Path(tuple(glyphs), "reference", closed=True))
    return tuple(items)


def sheet_scene(placements: list[Placement], req: LaserRequest, lines: list[str],
                note: str = "") -> Scene:
    """One sheet: every placed part's marks through path hygiene and kerf, plus the
    reference square with a few short lines in it; note (default: the lines) becomes the
    file's title."""
    w, h = req.sheet
    marks = Marks()
    for pl in placements:
        marks = marks + placed_marks(pl)
    inner, outer = _cut_layers(marks.cut, req.kerf)
    score = inside_out(clean_paths(subtract_parts(marks.score, marks.cut)))
    contours = tuple(p for f in marks.fills for c in f.contours for p in c)
    ref, free = _reference_spot(placements, w, h)
    if not free:
        lines = lines + ["may overlap a part: layer not cut"]
        note += ("; no free corner for the reference square: it may overlap a part "
                 "(its layer is not cut)")
    layers: dict[str, tuple[Item, ...]] = {
        "reference": reference_items(ref, lines),
        "engrave": (Path(contours, "engrave", closed=True),) if contours else (),
        "score": tuple(_item(c, "score") for c in score),
        "cut-inner": tuple(_item(c, "cut.inner") for c in inner),
        "cut-outer": tuple(_item(c, "cut.outer") for c in outer),
    }
    groups = tuple(Group(layers[name], layer=name) for name, _, _ in LAYERS if layers[name])
    return Scene(w, h, groups, title=note or " / ".join(lines))


# ----------------------------------------------------------------------------- products

def _settings(req: LaserRequest) -> tuple[str, str]:
    """(short line for the reference square, sentence for the file note)."""
    short = f"sheet {req.sheet[0]:g}x{req.sheet[1]:g} mm, kerf {req.kerf:g}, {req.profile}"
    long = (f"sheet {req.sheet[0]:g} x {req.sheet[1]:g} mm; {kerf_report(req.kerf)}; "
            f"profile {req.profile}: {PROFILE_WORDS[req.profile]}")
    return short, long


def board_sheets(game: GameSpec, req: LaserRequest, options: Mapping | None = None) -> list[Sheet]:
    """The board's sheets (split into parts along space boundaries when it is too big)."""
    from printables.products.laser.board import board_marks
    from printables.products.laser.split import split_parts
    board = game.board(options)
    bm = board_marks(game, board)
    parts = split_parts(game.title, board, bm, _avail(req))
    if bm.plate is not None:
        parts.append(bm.plate)
    sheets = _pack_parts(parts, req)
    short, long = _settings(req)
    out = []
    for i, sheet in enumerate(sheets, 1):
        head = f"{game.title} board, sheet {i} of {len(sheets)}"
        names = [pl.part.name for pl in sheet if pl.part.name.startswith("board part")]
        lines = [f"{REFERENCE:g} mm reference square, not cut", head] + names + [short]
        note = "; ".join([head] + [pl.part.note for pl in sheet] + [long])
        out.append(Sheet(f"{game.name}-laser-board-{i}", sheet_scene(sheet, req, lines, note)))
    return out


def piece_sheets(game: GameSpec, req: LaserRequest, options: Mapping | None = None) -> list[Sheet]:
    """The pieces' sheets, one set per tone of material."""
    from printables.products.laser.pieces import piece_parts
    board = game.board(options)
    short, long = _settings(req)
    out = []
    for tone, parts in piece_parts(game, board, options).items():
        sheets = _pack_parts(parts, req)
        for i, sheet in enumerate(sheets, 1):
            counts: dict[str, int] = {}
            for pl in sheet:
                counts[pl.part.note] = counts.get(pl.part.note, 0) + 1
            head = f"{game.title} pieces, {tone} material, sheet {i} of {len(sheets)}"
            lines = [f"{REFERENCE:g} mm reference square, not cut", head, short]
            note = "; ".join([head] + [f"{n} x {what}" for what, n in counts.items()] + [long])
            out.append(Sheet(f"{game.name}-laser-pieces-{tone}-{i}",
                             sheet_scene(sheet, req, lines, note)))
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
    profile = PROFILES[req.profile]
    if req.fmt == "dxf":
        from printables.render.dxf import render_dxf
        return render_dxf(sheet.scene, profile, {name: (dxf, style) for name, dxf, style in LAYERS})
    from printables.products.laser_svg import render_laser_svg
    return render_laser_svg(sheet.scene, profile)


def laser_files(game: GameSpec, req: LaserRequest) -> list[tuple[str, bytes]]:
    """(file name, bytes) for every sheet; UsageError when DXF is asked for without ezdxf."""
    if req.fmt == "dxf" and not dxf_available():
        raise UsageError(DXF_HINT)
    return [(f"{s.name}.{req.fmt}", render_sheet(s, req)) for s in laser_sheets(game, req)]
