"""A split board goes together one way only: every part is tried in every place, turned
every quarter, against every seam, and only its own place takes it.

How a fit is judged, from the parts' cut outlines alone (what the maker gets):

- a *seam* is a run of one part's outline that another part's outline covers, with the
  first part's joint arcs (notches, knobs, sockets: arcs of KEY_RADIUS) on it;
- a part *fits* a seam when, placed (turned a quarter 0-3 times, then moved so one of its
  joints sits on the seam's first joint), every joint of the seam meets one of its joints,
  the whole run lies on its outline, the two outlines part where the run ends (the
  seam is exactly their shared edge) and it lies on the far side of the seam;
- a *wrong local fit* is any fit but a part's own place; a *complete assembly* puts a part
  in every place fitting all that place's seams.

Board parts are engraved on one face, so they are not tried flipped (no board material is
double-sided). Seams shorter than joints.MIN_SEAM carry no joint and are not tried.

The normal run covers every game at 150 x 150 mm, both joint types; set
PRINTABLES_FULL_ASSEMBLY=1 for all six sheet sizes the issue names (a few minutes).
"""

from __future__ import annotations

import itertools
import os

import pytest

from printables.games import GAMES
from printables.geometry import Arc, Point, bbox_of, part_key
from printables.geometry.offset import part_distance
from printables.geometry.paths import (
    chain_parts,
    contains_point,
    merge_parts,
    move_part,
    subtract_parts,
)
from printables.products.laser.board import board_marks
from printables.products.laser.joints import KEY_RADIUS
from printables.products.laser.region import point_on
from printables.products.laser.request import laser_request
from printables.products.laser.sheets import split_room
from printables.products.laser.split import split_parts

ALL_SIZES = ("150x150", "170x123", "180x140", "200x200", "250x160", "300x200")
SIZES = ALL_SIZES if os.environ.get("PRINTABLES_FULL_ASSEMBLY") else ("150x150",)
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


def _tangent(p, at_end: bool) -> Point:
    """Unit direction of a part leaving its end (at_end) or entering backwards its start."""
    if isinstance(p, Arc):
        a = p.start_angle + (p.sweep if at_end else 0.0)
        s = 1.0 if p.sweep > 0 else -1.0
        d = Point.polar(Point(0, 0), 1.0, a + 90.0 * s)
        return d if at_end else Point(-d.x, -d.y)
    d = p.end - p.start
    n = (d.x ** 2 + d.y ** 2) ** 0.5
    u = Point(d.x / n, d.y / n)
    return u if at_end else Point(-u.x, -u.y)


def seams(outlines: list[Outline]) -> list[tuple[int, int, tuple, list[Point]]]:
    """(fixed part, the part across, run of the fixed part's outline, its joint centres)."""
    out = []
    for a, b in itertools.permutations(range(len(outlines)), 2):
        A, B = outlines[a], outlines[b]
        if (A.box[0] > B.box[2] + 1 or B.box[0] > A.box[2] + 1 or A.box[1] > B.box[3] + 1
                or B.box[1] > A.box[3] + 1):
            continue
        mine = merge_parts(A.parts)
        shared = subtract_parts(mine, subtract_parts(mine, merge_parts(B.parts)))
        if not shared:
            continue
        covered = {part_key(p) for p in shared}
        notches = [p for p in A.parts if _joint(p) and part_key(p) not in covered
                   and all(B.on(q) for q in (p.start, p.end))]
        for chain in chain_parts(list(shared) + notches):
            joints = [p.center for p in chain.parts if _joint(p)]
            if joints:
                out.append((a, b, chain.parts, joints))
    return out


def fits(P: Outline, run: tuple, joints: list[Point], closed: bool, far: Point,
         near_of: Outline) -> bool:
    """True when a placed outline P fits the run (see the module docstring)."""
    if not all(any(j.distance(k) <= ON for k in P.joints) for j in joints):
        return False
    samples = [q for p in run for q in ((p.start, p.end) if _joint(p) else
                                        (p.start, p.midpoint(), p.end))]
    if not all(P.on(q) for q in samples):  # a dowel notch's own arc is the other half's
        return False
    if not closed:
        for p, at_end in ((run[-1], True), (run[0], False)):
            e = p.end if at_end else p.start
            t = _tangent(p, at_end)
            q = Point(e.x + 0.5 * t.x, e.y + 0.5 * t.y)
            if P.on(q, 0.02) and near_of.on(q, 0.02):
                return False  # the two outlines run on together: not this seam's edges
    return contains_point(P.parts, far) and not contains_point(near_of.parts, far)


def _probe(run: tuple, A: Outline) -> Point:
    """A point 0.3 mm off the run's longest part, on the side away from its part."""
    p = max(run, key=lambda q: q.length)
    m = p.midpoint()
    t = _tangent(p, True)
    for s in (1.0, -1.0):
        q = Point(m.x - s * 0.3 * t.y, m.y + s * 0.3 * t.x)
        if not contains_point(A.parts, q):
            return q
    raise AssertionError("a seam with its part on both sides")


def placements(outlines: list[Outline]):
    """Every part turned 0, 90, 180, 270 degrees about the origin."""
    return [(i, k, o.moved(0.0, 0.0, 90.0 * k)) for i, o in enumerate(outlines)
            for k in range(4)]


def check(name: str, size: str, joints: str) -> tuple[int, list, int]:
    """(seams tried, wrong local fits, complete assemblies) of one split."""
    game = GAMES[name]
    board = game.board()
    bm = board_marks(game, board)
    got = split_parts(game.title, board, bm, split_room(laser_request(sheet=size)),
                      joints=joints)
    outlines = [Outline(p.marks.cut) for p in got]
    turned = placements(outlines)
    wrong = []
    fit_sets: dict[int, list[set]] = {i: [] for i in range(len(outlines))}
    found = seams(outlines)
    for a, b, run, js in found:
        closed = run[0].start.is_close(run[-1].end, 1e-6)
        far = _probe(run, outlines[a])
        ok = set()
        for i, k, P in turned:
            for j in P.joints:
                placed = P.moved(js[0].x - j.x, js[0].y - j.y, 0.0)
                if fits(placed, run, js, closed, far, outlines[a]):
                    shift = (round(js[0].x - j.x, 2), round(js[0].y - j.y, 2))
                    ok.add((i, k, shift))
        fit_sets[b].append(ok)
        for i, k, shift in ok:
            if (i, k) != (b, 0) or max(map(abs, shift)) > 0.05:
                wrong.append((a + 1, b + 1, i + 1, 90 * k))
    total = 1
    for sets in fit_sets.values():
        total *= len(set.intersection(*sets)) if sets else 0
    return len(found), wrong, total


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


CASES = [(g, s, j) for g in GAMES for s in SIZES for j in ("dowels", "tabs")]


@pytest.mark.parametrize("name, size, joints", CASES)
def test_a_split_board_assembles_one_way_only(name, size, joints):
    game = GAMES[name]
    w, h = (float(v) for v in size.split("x"))
    parts = split_parts(game.title, game.board(), board_marks(game, game.board()),
                        split_room(laser_request(sheet=size)), joints=joints)
    if len(parts) == 1:
        pytest.skip(f"{name} fits {size} whole")
    tried, wrong, total = check(name, size, joints)
    assert tried and not wrong, (name, size, joints, wrong[:6])
    assert total == 1, (name, size, joints, total)


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
