"""Laser sheets: the sheet scenes (parts' marks through path hygiene and kerf, the
reference, holding tabs) and the files (SVG, DXF, LightBurn project) of a game's board and
pieces. The request is :mod:`.request`, packing :mod:`.pack`.

Cut and score lines go through path hygiene (no line twice, collinear runs merged, arcs
kept as arcs) and closed cutting paths move by half the kerf so parts come out at their
nominal size.

Rulings made here:

- the reference's note is one line of the stroke font: what to measure, that its layer is
  not output, the kerf;
- a title plate (only when the board has no free corner) goes in free space on a board
  sheet, shrinking from 8 to 4 mm lettering until it fits, lying or turned; else beside a
  part moved off a sheet holding several; else the board is split again with room left
  on every part's sheet for the plate, if that takes no more sheets. Only when every part
  fills its sheet and room for the plate would cost another sheet does the plate get a
  sheet of its own (a small job for an offcut);
- holding tabs (--tabs W): two bridges of material W mm wide, left and right, on discs
  under TAB_BELOW (12 mm): the beam's path leaves a gap of W + kerf;
- a LightBurn project's notes name the material preset and the class of machine it is for;
- file names carry a sheet size other than the default (dugi-laser-board-150x150-3.svg;
  the laser product adds a variant's tags), so the sets of two sheet sizes in one folder
  stand side by side, each complete, and nothing a person made is ever deleted (ours,
  rather than a sweep of older sheets from the folder).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from printables.errors import UsageError, install_hint
from printables.games import GameSpec
from printables.geometry import TOL, Arc, Part, Point, Polygon, bbox_of
from printables.geometry.offset import kerf_report, offset_chain
from printables.geometry.paths import (
    Chain,
    clean_paths,
    contains_point,
    inside_out,
    is_full,
    move_part,
    subtract_parts,
)
from printables.products.laser.board import board_marks, title_block, title_plate
from printables.products.laser.materials import MACHINE, MATERIALS
from printables.products.laser.model import Box, LaserPart, Marks, Placement, placed_marks
from printables.products.laser.pack import (
    bar_height,
    grown,
    into_free_space,
    pack_parts,
    pack_pieces,
    reference_spot,
    split_room,
    whole_with_reference,
)
from printables.products.laser.pieces import piece_parts
from printables.products.laser.request import (
    BAR,
    BAR_SQUARE,
    DEFAULT_SHEET,
    LAYERS,
    MARGIN,
    PROFILE_WORDS,
    PROFILES,
    REFERENCE,
    SPACING,
)
from printables.products.laser.split import split_parts
from printables.products.laser.stroke import stroke_text, stroke_width
from printables.products.requests import LaserRequest
from printables.products.variant import file_stem
from printables.render import render
from printables.render.lbrn2 import TOOL_INDEX, CutLayer, palette_index
from printables.render.scene import Circle, Group, Item, Path, Scene

NOTE_SIZE = 2.0
#: Title sizes (mm) tried for a title plate, largest first, to find it room on a sheet.
PLATE_SIZES = (8.0, 6.0, 5.0, 4.0)
#: Holding tabs go on discs smaller than this (mm): they drop through a honeycomb bed.
TAB_BELOW = 12.0
DXF_HINT = f"DXF output needs the dxf extra: {install_hint('dxf')}"


@dataclass(frozen=True)
class Sheet:
    """One sheet of material: a file name stem and the scene drawn on it."""

    name: str
    scene: Scene


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
    inner: list[Chain] = []
    outer: list[Chain] = []
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


def reference_items(box: Box, square: bool, note: str) -> tuple[Path, ...]:
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
    assert isinstance(a, Arc), "a disc's cut is one arc"
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


def _options(game: GameSpec, req: LaserRequest) -> dict[str, Any]:
    """The game's options of req's variant, every one (defaults filled in), checked."""
    return game.options(req.game.opts)


def stem(game: GameSpec, what: str, req: LaserRequest) -> str:
    """A set of sheets' file name before its sheet number: game, laser-<what> and the sheet
    size unless it is the default (the laser product puts a variant's tags after "laser").

    >>> from printables.games import GAMES
    >>> stem(GAMES["dugi"], "board", LaserRequest(sheet=(150.0, 150.0)))
    'dugi-laser-board-150x150'
    >>> stem(GAMES["network"], "pieces-dark", LaserRequest())
    'network-laser-pieces-dark'
    """
    sheet = "" if req.sheet == DEFAULT_SHEET else f"{req.sheet[0]:g}x{req.sheet[1]:g}"
    return file_stem(game.name, f"laser-{what}", sheet)


def board_layout(game: GameSpec, req: LaserRequest) -> list[list[Placement]]:
    """The board's parts (split when it is too big) and its title plate, placed on sheets."""
    opts = _options(game, req)
    board = game.board(opts, req.size)
    bm = board_marks(game, board)
    parts = split_parts(game.title, board, bm, split_room(req),
                        whole_with_reference(bbox_of([board.outline]), req), req.joints)
    if bm.plate is None:
        return pack_parts(parts, req)
    sheets = _add_plate(pack_parts(parts, req), game, req)
    if len(parts) == 1 or not _plate_alone(sheets):
        return sheets
    # every part fills its sheet: split again, each part leaving a strip the plate fits
    # in, if that takes no more sheets of material (else the plate keeps a sheet of its
    # own: a small job for an offcut costs less than another whole sheet)
    plate = title_plate(game, title_block(game), PLATE_SIZES[-1])
    strip = min(grown(plate, req.kerf)) + req.spacing
    aw, ah = split_room(req)
    for room in ((aw, ah - strip), (aw - strip, ah)):
        try:
            again = split_parts(game.title, board, bm, room, False, req.joints)
        except UsageError:
            continue
        placed = _add_plate(pack_parts(again, req), game, req)
        if not _plate_alone(placed) and len(placed) <= len(sheets):
            return placed
    return sheets


def _plate_alone(sheets: list[list[Placement]]) -> bool:
    """True when a sheet holds nothing but the title plate."""
    return any(all(pl.part.name == "title plate" for pl in sheet) for sheet in sheets)


def board_sheets(game: GameSpec, req: LaserRequest) -> list[Sheet]:
    """The board's sheets (split into parts that assemble when it is too big)."""
    sheets = board_layout(game, req)
    name = stem(game, "board", req)
    out = []
    for i, sheet in enumerate(sheets, 1):
        head = f"{game.title} board, sheet {i} of {len(sheets)}"
        note = "; ".join([head] + [pl.part.note for pl in sheet] + [_settings(req)])
        out.append(Sheet(f"{name}-{i}", sheet_scene(sheet, req, note)))
    return out


def _add_plate(sheets: list[list[Placement]], game: GameSpec, req: LaserRequest
               ) -> list[list[Placement]]:
    """The title plate in free space on a board sheet, as large as fits (title 8 mm down
    to 4 mm, lying or turned a quarter); else a part of a sheet that holds several moves
    to a sheet of its own and the plate goes beside it. So no sheet holds only a title:
    the plate has a sheet of its own only when every sheet holds one part that leaves no
    room for it."""
    for size in PLATE_SIZES:
        plate = title_plate(game, title_block(game), size)
        indexed = [(0, sheet) for sheet in sheets]
        flat = grown(plate, req.kerf)
        if (into_free_space(indexed, plate, flat, 0.0, req)
                or into_free_space(indexed, plate, flat[::-1], 90.0, req)):
            return sheets
    plate = title_plate(game, title_block(game))
    moved = _beside_a_moved_part(sheets, plate, req)
    if moved is not None:
        return moved
    return sheets + [[Placement(plate, MARGIN + req.kerf / 2, MARGIN + req.kerf / 2)]]


def _beside_a_moved_part(sheets: list[list[Placement]], plate: LaserPart, req: LaserRequest
                         ) -> list[list[Placement]] | None:
    """The sheets with one part of a sheet holding several (the last that will do, from
    the last sheet back, so parts keep their order) taken to a new last sheet, the plate
    beside it; None if none fits."""
    for n in range(len(sheets) - 1, -1, -1):
        if len(sheets[n]) < 2:
            continue
        for i in range(len(sheets[n]) - 1, -1, -1):
            new = pack_parts([sheets[n][i].part, plate], req)
            if len(new) == 1:
                rest = sheets[n][:i] + sheets[n][i + 1:]
                return sheets[:n] + [rest] + sheets[n + 1:] + new
    return None


def piece_sheets(game: GameSpec, req: LaserRequest) -> list[Sheet]:
    """The pieces' sheets, one set per tone of material, discs packed hexagonally."""
    opts = _options(game, req)
    board = game.board(opts, req.size)
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
            out.append(Sheet(f"{stem(game, f'pieces-{tone}', req)}-{i}",
                             sheet_scene(sheet, req, note)))
    return out


def laser_sheets(game: GameSpec, req: LaserRequest) -> list[Sheet]:
    """Every sheet the request asks for, boards first."""
    out: list[Sheet] = []
    if "board" in req.parts:
        out += board_sheets(game, req)
    if "pieces" in req.parts:
        out += piece_sheets(game, req)
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
    layers: Mapping[str, tuple[str, str]] | Mapping[str, CutLayer] = {
        name: (dxf, style) for name, dxf, style in LAYERS}
    if req.fmt == "lbrn2":
        layers = lbrn2_layers(req)
        scene = replace(sheet.scene, title=f"{sheet.scene.title}; material {req.material}: "
                        f"starting settings for {MACHINE}, run a test card first")
        return render(req.fmt, [scene], PROFILES[req.profile], layers=layers, laser=True)
    return render(req.fmt, [sheet.scene], PROFILES[req.profile], layers=layers, laser=True,
                  hidden=("reference",))


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
        assert colour is not None, "every laser profile ink has a stroke or a fill"
        tool = name == "reference"
        out[name] = CutLayer("T1" if tool else dxf.replace("_", " ").title(),
                             TOOL_INDEX if tool else palette_index(colour), op.speed,
                             op.power, op.passes, fill=name == "engrave", output=not tool,
                             min_power=op.min_power)
    return out


def build_laser(game: GameSpec, req: LaserRequest) -> list[tuple[str, bytes]]:
    """The laser product's build: one file per sheet of material (the variant's board and
    pieces); a variant's tags follow the word laser in each name."""
    files = laser_files(game, req)
    tag = "-".join(req.game.tags(game))
    head = f"{game.name}-laser-"
    return [(head + tag + "-" + n[len(head):] if tag and n.startswith(head) else n, data)
            for n, data in files]


def laser_files(game: GameSpec, req: LaserRequest) -> list[tuple[str, bytes]]:
    """(file name, bytes) for every sheet of req's variant; UsageError when DXF is asked for
    without ezdxf."""
    if req.fmt == "dxf" and not dxf_available():
        raise UsageError(DXF_HINT)
    return [(f"{s.name}.{req.fmt}", render_sheet(s, req))
            for s in laser_sheets(game, req)]

