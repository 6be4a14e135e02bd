"""Packing laser parts on sheets of material: board parts in shelf rows (a part too big to
share its sheet with the reference strip on a sheet of its own, small parts first filling
the room a big part leaves), discs in hexagonal rows, and where the reference goes.

Rulings made here: the reference is a 100 mm square in free space when one fits, else a
100 mm bar with a 10 mm square (lying along the top, or upright beside a part); packing
keeps a strip for the bar at the top right and board parts are split small enough to
leave it, so every sheet has a reference that touches no part.
"""

from __future__ import annotations

import math

from printables.geometry import TOL, Arc
from printables.geometry.paths import is_full
from printables.products.laser.model import Box, LaserPart, Placement, placed_box
from printables.products.laser.request import BAR, BAR_SQUARE, MARGIN, REFERENCE
from printables.products.requests import LaserRequest


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


def grown(part: LaserPart, k: float) -> tuple[float, float]:
    """A part's (width, height) on the sheet, its cut moved out by half the kerf."""
    x0, y0, x1, y1 = part.box
    return (x1 - x0 + k, y1 - y0 + k)


def pack_parts(parts: list[LaserPart], req: LaserRequest) -> list[list[Placement]]:
    """Parts on sheets, clear of the reference strip (turned a quarter when that lets them
    share a sheet with it); a part too big to share its sheet with the strip goes on a
    sheet of its own."""
    w, h = req.sheet
    aw, ah = _avail(req)
    reserve = reserve_box(req)
    turns: list[float] = []
    sizes: list[tuple[float, float]] = []
    small: list[int] = []
    big: list[int] = []
    for i, p in enumerate(parts):
        flat = grown(p, req.kerf)
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
        if not into_free_space(out, parts[i], sizes[i], turns[i], req):
            rest.append(i)
    for sheet in shelf_pack([sizes[i] for i in rest], w, h, reserve, req.spacing):
        out.append((min(rest[j] for j, _, _ in sheet),
                    [Placement(parts[rest[j]], x + k2, y + k2, turns[rest[j]])
                     for j, x, y in sheet]))
    return [sheet for _, sheet in sorted(out, key=lambda s: s[0])]


def into_free_space(sheets: list[tuple[int, list[Placement]]], part: LaserPart,
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


def _fits_empty(size: tuple[float, float], w: float, h: float, reserve: Box | None,
                gap: float) -> bool:
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


def _grown_box(b: Box, k: float) -> Box:
    return (b[0] - k / 2, b[1] - k / 2, b[2] + k / 2, b[3] + k / 2)


def pack_pieces(parts: list[LaserPart], req: LaserRequest) -> list[list[Placement]]:
    """Pieces on sheets: discs in hexagonal rows (each row shifted half a pitch), cut lines
    req.spacing apart, clear of the reference strip; other shapes go in shelf rows."""
    if not all(_is_disc(p) for p in parts):
        return pack_parts(parts, req)
    return hex_pack(parts, req)


def _is_disc(part: LaserPart) -> bool:
    cut = part.marks.cut
    return len(cut) == 1 and isinstance(cut[0], Arc) and is_full(cut[0])


def hex_pack(parts: list[LaserPart], req: LaserRequest) -> list[list[Placement]]:
    """Discs (largest first) in hexagonal rows; a new row block when the size changes."""
    w, h = req.sheet
    reserve = reserve_box(req)
    k, gap = req.kerf, req.spacing
    sheets: list[list[Placement]] = [[]]
    y, row, prev, prev_g = None, 0, None, 0.0
    i = 0
    while i < len(parts):
        part = parts[i]
        r = (part.box[2] - part.box[0]) / 2
        g = 2 * r + k  # the grown (kerf) diameter
        pitch = g + gap
        if y is None:
            y, row = MARGIN + g / 2, 0
        elif prev != r:
            y, row = y + prev_g / 2 + gap + g / 2, 0
        prev, prev_g = r, g
        if y + g / 2 > h - MARGIN + TOL:
            sheets.append([])
            y, row = MARGIN + g / 2, 0
        x = MARGIN + g / 2 + (pitch / 2 if row % 2 else 0.0)
        placed = False
        while x + g / 2 <= w - MARGIN + TOL and i < len(parts) and parts[i].box == part.box:
            box = (x - g / 2, y - g / 2, x + g / 2, y + g / 2)
            if not (reserve and _hit(box, reserve, gap + 0.01)):
                sheets[-1].append(Placement(parts[i], x - r, y - r))
                i += 1
                placed = True
            x += pitch
        if not placed and not sheets[-1] and row > 0:
            raise ValueError(f"a {2 * r:g} mm disc does not fit an empty sheet")
        y += pitch * math.sqrt(3) / 2
        row += 1
    return [s for s in sheets if s]


def _hit(a: Box, b: Box, gap: float) -> bool:
    return not (a[0] >= b[2] + gap or a[2] <= b[0] - gap or a[1] >= b[3] + gap
                or a[3] <= b[1] - gap)
