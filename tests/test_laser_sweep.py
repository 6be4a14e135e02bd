"""Engraving and labels never come near a cut, and no sheet holds only the title plate, at
any sheet size: lettering (coordinate labels, the title, part labels, glue-up numbers)
keeps 1 mm inside its own part's cut, and no engraved area or scored line reaches past
its part's cut (an area ends on its own sides, one of which may be the cut; inside a
joint's circle it goes with the scrap).
Parts lie kerf + 2 mm apart on a sheet, so 1 mm inside one's own cut is more than 1 mm
from every other cut (tests/test_laser_files.py checks that on whole sheets).

The normal run tries nine sheet sizes (the smallest, a large one, a tall one and the six a
review named, two of which put Dugi's title across a seam); PRINTABLES_FULL_SWEEP=1 tries
every 10 mm from 110 to 400 both ways, 900 sizes (long: most of an hour of one core).
"""

from __future__ import annotations

import os
import re

import pytest

from printables.games import GAMES
from printables.geometry import Point, bbox_of
from printables.geometry.offset import part_distance
from printables.geometry.paths import contains_point
from printables.products.laser.board import board_marks
from printables.products.laser.joints import KEY_RADIUS, TAB_SHIFT
from printables.products.laser.model import LaserPart
from printables.products.laser.pieces import piece_parts
from printables.products.laser.region import point_on
from printables.products.laser.sheets import piece_sheets, split_room, whole_with_reference
from printables.products.laser.split import split_parts
from tests.conftest import laser_request

pytestmark = pytest.mark.slow  # every sheet size of every game: minutes

CLEAR = 1.0
NAMED = {(170, 123), (180, 140), (150, 150), (200, 200), (250, 160), (300, 200)}
if os.environ.get("PRINTABLES_FULL_SWEEP"):
    SIZES = sorted({(w, h) for w in range(110, 401, 10) for h in range(110, 401, 10)} | NAMED)
else:
    SIZES = sorted({(110, 110), (390, 390), (130, 230)} | NAMED)


def _samples(p):
    return (p.start, p.midpoint(), p.end) if p.length < 2.0 else tuple(
        point_on(p, k / 6) for k in range(7))


def _inside(cut, q) -> bool:
    """contains_point by a majority of three probes a hair apart: a ray through a vertex
    where an arc's computed end and a segment's end differ in the last bit can miscount."""
    probes = (Point(q.x, q.y + 1.3e-7), Point(q.x, q.y - 1.1e-7), Point(q.x + 0.9e-7, q.y))
    return sum(contains_point(cut, x) for x in probes) >= 2


def part_faults(part: LaserPart) -> list[str]:
    """What on a part comes near its cut: lettering within CLEAR of it or outside it,
    an area or a scored line outside it (but in a joint's circle)."""
    cut = part.marks.cut
    boxes = [(bbox_of([c]), c) for c in cut]
    joints = [c.center for c in cut if getattr(c, "radius", 0) and
              abs(c.radius - KEY_RADIUS) < 1e-6]

    def dist(q):
        return min(part_distance(c, q) for b, c in boxes
                   if b[0] - 3 < q.x < b[2] + 3 and b[1] - 3 < q.y < b[3] + 3) \
            if any(b[0] - 3 < q.x < b[2] + 3 and b[1] - 3 < q.y < b[3] + 3 for b, _ in boxes) \
            else 99.0

    def outside(q):
        return dist(q) > 1e-6 and not _inside(cut, q) and not any(
            q.distance(j) <= KEY_RADIUS + TAB_SHIFT + 1e-6 for j in joints)
    out = []
    for f in part.marks.fills:
        for c in f.contours:
            for p in c:
                for q in (p.start, p.midpoint()):
                    if f.text and (dist(q) < CLEAR - 1e-6 or not _inside(cut, q)):
                        out.append(f"lettering {dist(q):.2f} mm from the cut at {q}")
                    elif not f.text and outside(q):
                        out.append(f"engraved area outside the cut at {q}")
    for p in part.marks.score:
        for q in _samples(p):
            if outside(q):
                out.append(f"scored line outside the cut at {q}")
    return out


def board_parts(name: str, w: int, h: int) -> list[LaserPart]:
    game = GAMES[name]
    board = game.board()
    req = laser_request(sheet=f"{w}x{h}")
    return split_parts(game.title, board, board_marks(game, board), split_room(req),
                       whole_with_reference(bbox_of([board.outline]), req))


@pytest.mark.parametrize("name", list(GAMES))
def test_no_lettering_near_a_cut_at_any_sheet_size(name):
    faults, tried, seen = [], 0, set()
    for w, h in SIZES:
        try:
            parts = board_parts(name, w, h)
        except Exception:  # a board that cannot split at this size: the CLI says so
            continue
        key = tuple(p.box for p in parts)
        if key in seen:
            continue  # the same split as a size tried already
        seen.add(key)
        tried += 1
        faults += [(w, h, p.name, f) for p in parts for f in part_faults(p)]
    assert tried and not faults, (len(faults), faults[:5])


@pytest.mark.parametrize("name", ["chameleons", "dag-en-nacht", "rosenkreuz"])
def test_piece_numbers_and_symbols_keep_clear_of_the_piece_cut(name):
    game = GAMES[name]
    for parts, _ in piece_parts(game, game.board()).values():
        for p in parts[:6]:
            assert part_faults(p) == [], (name, p.name)
    assert piece_sheets(game, laser_request(parts="pieces"))


#: Sheets where a review found a sheet holding only the title plate.
TITLE_ALONE = {("network", 130, 130), ("evl", 120, 310), ("danadazo", 120, 390)}


@pytest.mark.parametrize("name", list(GAMES))
def test_no_sheet_holds_only_a_title_plate(name):
    """Every board sheet holds a part of the board: the title plate goes in free space
    (lying or turned), beside a part moved off a fuller sheet, or the board is split again
    to leave it room. The one exception (ours): every other sheet holds a single part that
    fills it and room for the plate would take another sheet. Read from each sheet's own
    note, which lists what is on it."""
    from printables.products.laser.sheets import board_sheets
    only_title = re.compile(r"^[^;]+ board, sheet \d+ of \d+; [^;]+ title plate \([^)]*\); "
                            r"sheet \d")
    sizes = sorted(set(SIZES) | {(w, h) for g, w, h in TITLE_ALONE if g == name})
    alone, tried = [], 0
    for w, h in sizes:
        try:
            sheets = board_sheets(GAMES[name], laser_request(sheet=f"{w}x{h}", parts="board"))
        except Exception:  # a board that cannot split at this size: the CLI says so
            continue
        tried += 1
        for s in sheets:
            if not only_title.match(s.scene.title):
                continue
            full = all(t.scene.title.count(" board part ") == 1 for t in sheets if t is not s)
            if not full or (name, w, h) in TITLE_ALONE:
                alone.append((w, h, s.name))
    assert tried and alone == []
