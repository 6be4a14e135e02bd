"""A split board goes together one way only: no part pairs two or more of its joints with
another part anywhere but in its own place, at any angle (tests/laser_fit.py tries every
rotation that takes two joints onto two joints), and the parts fill their places in
exactly one way. Judged from the parts' cut outlines alone (what the maker gets).

Board parts are engraved and scored on one face (test below), so they are not tried
turned over: a pair of dowels is mirror-symmetric, and a part turned over re-pairs any
two of its dowels, face down (our ruling). Seams shorter than joints.MIN_SEAM carry no
joint.

The normal run covers every game at 150 x 150 mm with both joint kinds, the sizes a
review named for Dugi (150x150, 170x123, 180x140, 130x130, and 110x110 without the
reference) and one the full sweep found (Dugi at 120x120, both joint kinds).
PRINTABLES_FULL_SWEEP=1 tries every game at every sheet from 110 to 400 mm in 10 mm steps
both ways, with and without the reference, dowels and tabs: 3,600 sheets a game, run one
game at a time with -k (progress on stderr with -s). A split is built once for all the
sheets whose room split_parts would ask the same questions of (Trace; every 25th reuse is
built again and compared), and each distinct cut is checked once: about 9 minutes of one
core for all seven games, 6 of them Dugi's, more on a busy machine
(docs/explanations/benchmarks.md).

This module owns the assembly checks of split boards and the sweep; the fit checker
itself is tests/laser_fit.py.
"""

from __future__ import annotations

import itertools
import os

import pytest

from printables.errors import UsageError
from printables.games import GAMES
from printables.geometry import Arc, Point, bbox_of
from printables.geometry.offset import part_distance
from printables.geometry.paths import (
    chain_parts,
    merge_parts,
    move_part,
    subtract_parts,
)
from printables.products.laser.board import board_marks
from printables.products.laser.joints import KEY_RADIUS
from printables.products.laser.region import point_on
from printables.products.laser.sheets import split_room, whole_with_reference
from printables.products.laser.split import split_parts
from tests.conftest import laser_request
from tests.laser_fit import assemblies, shapes_of, wrong_pairings

pytestmark = pytest.mark.slow  # split boards fitted at every angle: half a minute and more

ON = 0.05  # mm: a point this close to an outline is on it


class Outline:
    """A part's cut outline with its joint centres, for quick distance questions."""

    def __init__(self, parts) -> None:
        self.parts = tuple(parts)
        self.boxes = [bbox_of([p]) for p in self.parts]
        self.joints = [p.center for p in self.parts
                       if isinstance(p, Arc) and abs(p.radius - KEY_RADIUS) < 1e-9]
        self.box = bbox_of(list(self.parts))

    def moved(self, dx: float, dy: float, turn: float) -> Outline:
        return Outline(move_part(p, dx, dy, turn) for p in self.parts)

    def on(self, q: Point, tol: float = ON) -> bool:
        return any(b[0] - tol <= q.x <= b[2] + tol and b[1] - tol <= q.y <= b[3] + tol
                   and part_distance(p, q) <= tol for b, p in zip(self.boxes, self.parts))


def _joint(p) -> bool:
    return isinstance(p, Arc) and abs(p.radius - KEY_RADIUS) < 1e-6


def _long_seams_without_joints(name: str, size: str, joints: str) -> list[float]:
    game = GAMES[name]
    board = game.board()
    bm = board_marks(game, board)
    got = split_parts(game.title, board, bm, split_room(laser_request(sheet=size)),
                      joints=joints)
    outlines = [Outline(p.marks.cut) for p in got]
    bare = []
    for a, b in itertools.combinations(range(len(outlines)), 2):
        A, B = outlines[a], outlines[b]
        mine = merge_parts(A.parts)
        shared = subtract_parts(mine, subtract_parts(mine, merge_parts(B.parts)))
        for chain in chain_parts(shared):
            length = sum(p.length for p in chain.parts)
            near = [j for j in A.joints if any(part_distance(p, j) <= KEY_RADIUS + ON
                                               for p in chain.parts)]
            if length > 30.0 and not near:
                bare.append(round(length, 1))
    return bare


def split(name: str, size: str, joints: str = "dowels", reference: bool = True):
    """The parts of a game's board split for a sheet."""
    game = GAMES[name]
    board = game.board()
    req = laser_request(sheet=size, reference=reference)
    return split_parts(game.title, board, board_marks(game, board), split_room(req),
                       whole_with_reference(bbox_of([board.outline]), req), joints=joints)


def one_way(parts) -> tuple[list, int]:
    """(wrong pairings, assemblies) of a split, in a form a failure message can show."""
    shapes = shapes_of(parts)
    wrong = [(a + 1, p + 1, round(t.angle, 1), pairs) for a, p, t, pairs in
             wrong_pairings(shapes)]
    return wrong, assemblies(shapes)


NAMED = [("dugi", "170x123", True), ("dugi", "180x140", True), ("dugi", "130x130", True),
         ("dugi", "110x110", False), ("dugi", "120x120", True)]
#: 120 x 120 with the reference: Dugi in 37 parts, 24 of one outline in the outer ring
#: (the full sweep found four of them alike when joints moved for 16 rounds only).
CASES = ([(g, "150x150", j, True) for g in GAMES for j in ("dowels", "tabs")]
         + [pytest.param(g, s, "dowels", r) for g, s, r in NAMED]
         + [("dugi", "120x120", "tabs", True)])


@pytest.mark.parametrize("name, size, joints, reference", CASES)
def test_a_split_board_goes_together_one_way_at_any_angle(name, size, joints, reference):
    parts = split(name, size, joints, reference)
    if len(parts) == 1:
        pytest.skip(f"{name} fits {size} whole")
    wrong, ways = one_way(parts)
    assert wrong == [], (name, size, joints, len(wrong), wrong[:6])
    assert ways == 1, (name, size, joints, ways)


FULL = bool(os.environ.get("PRINTABLES_FULL_SWEEP"))
SWEEP = [(f"{w}x{h}", j, r) for w in range(110, 401, 10) for h in range(110, 401, 10)
         for j in ("dowels", "tabs") for r in (True, False)]
#: Every this many sheets a split the sweep reuses is built anyway and compared.
VERIFY_EVERY = 25


class Trace:
    """What one split_parts call asked about its room, try by try: the (width, height) of
    each box it asked region.fits about with the answer, then the boxes of the parts it
    built (split._overflow, against the sheet's room). split_parts reads the room through
    those two only (its refusal's message aside), so for another room that gets the same
    answers the call takes the same path: the same parts, or a refusal."""

    def __init__(self, avail: tuple[float, float], joints: str) -> None:
        self.avail, self.joints = avail, joints
        self.tries: list[tuple[dict, list]] = []

    def asked(self, box, room, fit: bool) -> None:
        if not self.tries or self.tries[-1][1]:  # a question after the overflow: a new try
            self.tries.append(({}, []))
        self.tries[-1][0][(box[2] - box[0], box[3] - box[1])] = fit

    def built(self, box) -> None:
        self.tries[-1][1].append(box)

    def same_for(self, avail: tuple[float, float]) -> bool:
        """True when split_parts asked with this room would get every answer it got."""
        from printables.products.laser.region import fits
        from printables.products.laser.split import TOL, _overflow
        room = avail
        for asked, boxes in self.tries:
            if any(fits((0.0, 0.0, w, h), room) != fit for (w, h), fit in asked.items()):
                return False
            if boxes:
                over = max(_overflow(b, avail) for b in boxes)
                if (over <= TOL) != (max(_overflow(b, self.avail) for b in boxes) <= TOL):
                    return False
                room = (room[0] - over - 0.01, room[1] - over - 0.01)
        return True


def _region_key(regs, joints: str) -> tuple:
    """What build_parts makes parts from: each region's boundary, seams, centre and
    where-note (its inside test is drawn from the same lines: a convex piece's corners, a
    wedge's arcs, a strip's edges, an island's circle)."""
    return joints, tuple((r.boundary, r.seams, r.centre, r.where) for r in regs)


def _traced_split(game, board, bm, joints: str, trace: Trace, built: dict):
    """split_parts for trace's room (its parts, or None when it refuses), its questions
    kept in trace; parts built from regions met before are taken from built."""
    from unittest import mock

    from printables.products.laser import polar, region, split, strips

    def fits(box, room):
        fit = region.fits(box, room)
        trace.asked(box, room, fit)
        return fit

    def overflow(box, room, real=split._overflow):
        trace.built(box)
        return real(box, room)

    def build(title, board, bm, regs, box, joints, real=split.build_parts):
        key = _region_key(regs, joints)
        if key not in built:
            built[key] = real(title, board, bm, regs, box, joints)
        return built[key]
    with (mock.patch.object(split, "fits", fits), mock.patch.object(polar, "fits", fits),
          mock.patch.object(strips, "fits", fits), mock.patch.object(split, "_overflow", overflow),
          mock.patch.object(split, "build_parts", build)):
        try:
            return split_parts(game.title, board, bm, trace.avail, joints=joints)
        except UsageError:  # no split fits this sheet: the laser command says so
            return None


def _square(x0: float, y0: float, joints: list[tuple[float, float]]):
    """A 40 mm square part with joint circles (the checker reads a joint as a circle of
    KEY_RADIUS on the outline; whole circles stand in for notches here)."""
    from printables.geometry import Polygon
    from printables.products.laser.model import LaserPart, Marks
    sides = Polygon((Point(x0, y0), Point(x0 + 40, y0), Point(x0 + 40, y0 + 40),
                     Point(x0, y0 + 40))).edges()
    rings = tuple(Arc(Point(x, y), KEY_RADIUS, 0.0, 360.0) for x, y in joints)
    return LaserPart("square", Marks(tuple(sides) + rings), (x0, y0, x0 + 40, y0 + 40))


def test_the_fit_check_sees_a_second_assembly_and_a_wrong_pairing():
    """The checker finds what it must: two squares whose joints sit alike both ways swap
    places (turned half round); joints 10 and 25 mm up do not; and with a third square on
    top, joints 15 mm apart on two sides let a part pair at a quarter turn."""
    alike = [(40, 12.5), (40, 27.5)]
    assert assemblies([_square(0, 0, alike), _square(40, 0, alike)]) == 4
    right = [(40, 10), (40, 25)]
    assert assemblies([_square(0, 0, right), _square(40, 0, right)]) == 1
    assert wrong_pairings([_square(0, 0, right), _square(40, 0, right)]) == []
    top = [(10, 40), (25, 40)]
    corner = [_square(0, 0, right + top), _square(40, 0, right), _square(0, 40, top)]
    turns = {round(t.angle) for _, _, t, _ in wrong_pairings(corner)}
    assert turns == {90, 270}


def _inside_plain(edges, pts):
    """The obvious even-odd test, one point at a time (the oracle for the fast raster)."""
    out = []
    for px, py in pts:
        count = 0
        for x0, y0, x1, y1 in edges:
            if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
                count += 1
        out.append(count % 2 == 1)
    return out


def _touching_plain(P, A, T, pairs) -> bool:
    """tests.laser_fit.touching as first written: every chord of P against the points
    beside each joint, worked out from A's whole outline (the oracle for the pruned one)."""
    import numpy as np

    from tests.laser_fit import BESIDE, CONTACT, distance, seams_run_alike
    moved = T.apply_edges(P.edges)
    for i, k in pairs:
        r = np.hypot(*(A.dense - A.joints[k]).T)
        near = A.dense[(r >= BESIDE[0]) & (r <= BESIDE[1])]
        if not len(near) or (distance(moved, near) > CONTACT).any():
            return False
        if not seams_run_alike(P, A, T, i, k):  # not what is pruned: shared, not copied
            return False
    return True


@pytest.mark.parametrize("name, size, joints", [("dugi", "150x150", "tabs"),
                                                ("network", "150x150", "dowels")])
def test_the_fast_fit_check_agrees_with_the_plain_one(name, size, joints):
    """Differential: the scanline raster is the plain even-odd test on a sample of its
    points (every 7th, so the oracle stays small), and the pruned contact test answers as
    the plain one for every motion that takes two joints onto two."""
    import numpy as np

    from tests.laser_fit import CELL, inside_grid, motion_onto, paired, touching
    shapes = shapes_of(split(name, size, joints))
    for s in shapes[:3]:
        xs = np.arange(s.origin[0] + CELL / 2, s.edges[:, [0, 2]].max(), CELL)
        ys = np.arange(s.origin[1] + CELL / 2, s.edges[:, [1, 3]].max(), CELL)
        grid = inside_grid(s.edges, xs, ys)
        pts = np.stack([a.ravel() for a in np.meshgrid(xs, ys)], axis=1)[::7]
        assert grid.ravel()[::7].tolist() == _inside_plain(s.edges, pts)
    tried = seen = 0
    for A, P in itertools.permutations(shapes[:4], 2):
        for (k1, k2), (j1, j2) in itertools.product(
                itertools.combinations(range(len(A.joints)), 2),
                itertools.permutations(range(len(P.joints)), 2)):
            T = motion_onto(P.joints[j1], P.joints[j2], A.joints[k1], A.joints[k2], False)
            pairs = paired(P, A, T)
            if pairs:
                tried += 1
                fast = touching(P, A, T, pairs)
                seen += fast
                assert fast == _touching_plain(P, A, T, pairs)
    assert tried > 20 and 0 < seen < tried, (tried, seen)  # both answers were compared


def test_every_board_part_has_a_face():
    """Why parts are not tried turned over: every part carries engraving or scoring (its
    label at least) on its face."""
    for name in GAMES:
        for part in split(name, "150x150"):
            assert part.marks.score or part.marks.fills, (name, part.name)


@pytest.mark.parametrize("name, size, joints", [(g, "150x150", j) for g in GAMES
                                                for j in ("dowels", "tabs")])
def test_every_seam_over_30_mm_has_a_joint(name, size, joints):
    assert _long_seams_without_joints(name, size, joints) == [], (name, joints)


def _near_joint(part) -> list[tuple[float, Point]]:
    """(distance, where) of scored or engraved lines closer than 1 mm to a joint's arc,
    leaving out lines that run along the part's own cut (a seam's grid line, a dark
    square's side: the cut takes their place there, and inside a notch the engraving goes
    with the scrap)."""
    cut = part.marks.cut
    arcs = [p for p in cut if _joint(p)]
    lines = list(part.marks.score) + [p for f in part.marks.fills for c in f.contours for p in c]

    def along(q: Point) -> bool:  # on the cut, or in a joint's circle (scrap, or the knob)
        return (min(part_distance(c, q) for c in cut) < 1e-6
                or any(q.distance(a.center) < KEY_RADIUS for a in arcs))
    out = []
    for m in lines:
        if all(along(point_on(m, k / 4)) for k in range(5)):
            continue
        for a in arcs:
            if a.center.distance(m.midpoint()) > m.length / 2 + KEY_RADIUS + 1.0:
                continue
            for k in range(9):
                q = Point.polar(a.center, a.radius, a.start_angle + a.sweep * k / 8)
                d = part_distance(m, q)
                if d < 1.0 - 1e-6:
                    out.append((round(d, 3), q))
    return out


@pytest.mark.parametrize("name, joints", [(g, j) for g in GAMES for j in ("dowels", "tabs")])
def test_joints_keep_1_mm_from_scored_and_engraved_lines(name, joints):
    """A beam merges a notch's arc with a line 0.1 mm beside it: every line but those
    along the cut keeps 1 mm from every joint (a grid line ending on a seam ends 1 mm or
    more from the notch)."""
    game = GAMES[name]
    board = game.board()
    got = split_parts(game.title, board, board_marks(game, board),
                      split_room(laser_request(sheet="150x150")), joints=joints)
    assert [(p.name, _near_joint(p)[:2]) for p in got if _near_joint(p)] == []


@pytest.mark.parametrize("name, size", [("dugi", "150x150"), ("dugi", "170x123"),
                                        ("network", "150x150"), ("evl", "170x123"),
                                        ("danadazo", "110x110")])
def test_the_laser_codes_look_alike_finder_agrees_with_the_outline_check(name, size):
    """Differential: the turns joints.seam_keys uses to tell parts apart (congruence, on
    the regions before joints) are those the outline check finds between the bare parts,
    for every pair of regions that are not round all over (those only turn about their
    centre, and the laser code tries only the turns that meet a joint)."""
    from printables.products.laser.congruence import Outline as Shape
    from printables.products.laser.congruence import turns_onto
    from printables.products.laser.model import LaserPart, Marks
    from printables.products.laser.split import _split_regions
    from tests.laser_fit import places
    game = GAMES[name]
    board = game.board()
    regs = _split_regions(board, board_marks(game, board),
                          split_room(laser_request(sheet=size)))
    assert regs and len(regs) > 1
    bare = [LaserPart("region", Marks(r.boundary), bbox_of(list(r.boundary))) for r in regs]
    shapes = [Shape.of(r) for r in regs]
    found = places(bare)
    compared = 0
    for b, ways in enumerate(found):
        if not shapes[b].corners:
            continue
        mine = {(i, round(t.angle) % 360) for i in range(len(regs))
                for t in turns_onto(shapes[i], shapes[b], [], [])}
        theirs = {(i, round(t.angle) % 360) for i, t in ways}
        assert mine == theirs, (b, sorted(mine ^ theirs))
        compared += len(mine)
    assert compared > len(regs)  # some regions look alike (not only each its own place)


class Sweep:
    """One game's splits for many sheets: each split built once for all the rooms that
    would ask the same of it (Trace), each distinct cut checked once."""

    def __init__(self, name: str) -> None:
        self.game = GAMES[name]
        self.board = self.game.board()
        self.bm = board_marks(self.game, self.board)
        self.box = bbox_of([self.board.outline])
        self.known: list[tuple[Trace, list | None]] = []
        self.checked: dict = {}
        self.regions: dict = {}
        self.built = self.reused = 0

    def parts(self, avail: tuple[float, float], joints: str) -> list | None:
        """split_parts' answer for the room (None: it refuses), reused when known; every
        VERIFY_EVERY-th reuse is built anyway and must come out the same."""
        for trace, got in reversed(self.known):
            if trace.joints == joints and trace.same_for(avail):
                self.reused += 1
                if self.reused % VERIFY_EVERY == 0:
                    again = self.build(avail, joints)
                    assert again == got, (avail, joints, "a reused split differs")
                return got
        return self.build(avail, joints)

    def build(self, avail: tuple[float, float], joints: str) -> list | None:
        trace = Trace(avail, joints)
        got = _traced_split(self.game, self.board, self.bm, joints, trace, self.regions)
        self.known.append((trace, got))
        self.built += 1
        return got

    def check(self, size: str, joints: str, reference: bool):
        """(wrong pairings, assemblies) of the split for a sheet; None when the board goes
        whole or no split fits."""
        req = laser_request(sheet=size, reference=reference)
        if whole_with_reference(self.box, req):
            return None
        parts = self.parts(split_room(req), joints)
        if parts is None or len(parts) == 1:
            return None
        key = tuple(p.marks.cut for p in parts)
        if key not in self.checked:
            self.checked[key] = one_way(parts)
        return self.checked[key]


@pytest.mark.skipif(not FULL, reason="set PRINTABLES_FULL_SWEEP=1 for every sheet size")
@pytest.mark.parametrize("name", list(GAMES))
def test_every_sheet_size_goes_together_one_way(name):
    """Every sheet from 110 x 110 to 400 x 400 mm in 10 mm steps, with and without the
    reference, both joint kinds: each distinct split has no wrong pairing and one
    assembly. Progress goes to stderr (pytest -s shows it)."""
    import sys
    import time
    sweep, bad, start = Sweep(name), [], time.monotonic()
    for n, (size, joints, reference) in enumerate(SWEEP, 1):
        got = sweep.check(size, joints, reference)
        if got is not None and (got[0] or got[1] != 1):
            bad.append((size, joints, reference, len(got[0]), got[1], got[0][:3]))
        if n % 200 == 0 or n == len(SWEEP):
            print(f"{name}: {n}/{len(SWEEP)} sheets, {sweep.built} splits built, "
                  f"{sweep.reused} reused, {len(sweep.checked)} distinct checked, "
                  f"{len(bad)} bad, {time.monotonic() - start:.0f} s", file=sys.stderr,
                  flush=True)
    assert bad == [], bad[:10]
