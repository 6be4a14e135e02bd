"""Joints between the parts of a split board: where they go on each seam, and the round
dowel notches or puzzle tabs cut there.

A dowel joint is a circle of KEY_RADIUS (a 4 mm dowel pin, or a disc cut from scrap)
centred on the seam, half cut from each part; both parts' notches come from the same
circle, so they line up exactly. A tab joint is that circle pushed TAB_SHIFT into one part
and added to the other: a round knob with a narrower neck, its socket cut from the same arc.

Rulings made here:

- every seam (the whole boundary two parts share, a chain of sides) of MIN_SEAM mm or more
  gets one joint where one makes it unlike the others, a seam over TWO_AT mm two;
- the joints make the assembly unique: no seam's joints can be laid on another seam's
  (a shorter seam anywhere along a longer one) or on its own read backwards with every
  joint within SEP mm of one there, so no part fits any other place or turn with its
  joints paired (what fits where is checked by tests/test_laser_assembly.py); a seam
  that cannot be made unlike the others with one joint gets two, one that cannot with
  two gets none (it is then shorter than TWO_AT and other seams hold its parts);
- a joint's circle keeps MARK_CLEAR (1 mm) from every scored and engraved line that does
  not run along the seam itself (a beam merges lines closer than that), and its disc stays
  inside the two parts it joins;
- a tab's knob goes to the part it alternates to, unless that makes the part larger than
  it was and the other way round does not.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from printables.geometry import TOL, Arc, Part, Point, bbox_of
from printables.geometry.offset import part_distance
from printables.geometry.paths import chain_parts, clip_parts, merge_parts, subtract_parts
from printables.products.laser.board import BoardMarks
from printables.products.laser.model import Box
from printables.products.laser.region import Region, point_on

#: Radius of the round registration notches on seams (a 4 mm dowel), and of puzzle tabs.
KEY_RADIUS = 2.0
#: How far a puzzle tab's disc sits past the seam (its neck is then narrower than it).
TAB_SHIFT = 1.4
#: Seams shorter than this (mm) get no joint; longer than TWO_AT, two.
MIN_SEAM = 12.0
TWO_AT = 40.0
#: Two seams' joints closer than this (mm) along them would let one part fit the other's place.
SEP = 2.0
#: Clearance (mm) between a joint's circle and any scored or engraved line.
MARK_CLEAR = 1.0
#: Joint spots are tried every STEP mm along a seam.
STEP = 0.5


def region_seams(regs: list[Region]) -> list[tuple[int, int, tuple[Part, ...]]]:
    """(region, region, chain of parts) for every seam two regions share, in a stable order."""
    out = []
    for i, a in enumerate(regs):
        for j in range(i + 1, len(regs)):
            b = regs[j]
            if not a.seams or not b.seams:
                continue
            ba, bb = bbox_of(list(a.seams)), bbox_of(list(b.seams))
            if ba[0] > bb[2] + TOL or bb[0] > ba[2] + TOL or ba[1] > bb[3] + TOL or \
                    bb[1] > ba[3] + TOL:
                continue
            mine = merge_parts(a.seams)
            shared = subtract_parts(mine, subtract_parts(mine, merge_parts(b.seams)))
            for chain in chain_parts(merge_parts(shared)):
                if sum(p.length for p in chain.parts) > TOL:
                    out.append((i, j, chain.parts))
    return out


def _along(chain: tuple[Part, ...], d: float) -> tuple[Point, Part, float]:
    """The point d mm along a chain, the part it is on and how far from that part's ends."""
    for p in chain:
        if d <= p.length + 1e-9:
            return point_on(p, d / p.length), p, min(d, p.length - d)
        d -= p.length
    last = chain[-1]
    return last.end, last, 0.0


def _marks_near(chain: tuple[Part, ...], bm: BoardMarks, reach: float
                ) -> list[tuple[Box, Part]]:
    """Scored and engraved lines within reach of a seam, less those running along it."""
    x0, y0, x1, y1 = bbox_of(list(chain))
    lines = list(bm.marks.score) + [p for f in bm.marks.fills for c in f.contours for p in c]
    near = []
    for p in lines:
        b = bbox_of([p])
        if not (b[0] > x1 + reach or b[2] < x0 - reach or b[1] > y1 + reach
                or b[3] < y0 - reach):
            near.append(p)
    # what runs along the seam goes: the cut takes its place
    return [(bbox_of([p]), p) for p in subtract_parts(near, chain)]


def _clear_spots(chain: tuple[Part, ...], regs: list[Region], marks, reach: float
                 ) -> list[float]:
    """Distances along a seam where a joint fits: its disc inside the two regions, its
    circle reach - KEY_RADIUS clear of every mark, off the seam's corners."""
    length = sum(p.length for p in chain)
    out = []
    for k in range(int(length / STEP) + 1):
        d = k * STEP
        p, _, end = _along(chain, d)
        if end < KEY_RADIUS + 0.5 or not _between_two(p, regs):
            continue
        if any(b[0] - reach < p.x < b[2] + reach and b[1] - reach < p.y < b[3] + reach
               and part_distance(q, p) < reach for b, q in marks):
            continue
        out.append(d)
    return out


def seam_kind(chain: tuple[Part, ...]) -> tuple:
    """What a seam could be matched by, turned a quarter any number of times: a straight
    seam by a straight edge in the same direction modulo 90 degrees, an arc by an arc of
    the same radius, a chain of sides by any chain."""
    if len(chain) > 1:
        return ("chain",)
    p = chain[0]
    if isinstance(p, Arc):
        return ("arc", round(p.radius, 2))
    a = math.degrees(math.atan2(p.b.y - p.a.y, p.b.x - p.a.x)) % 90.0
    return ("line", round(a, 1) % 90.0)


def _lays_on(a: tuple[float, ...], la: float, b: tuple[float, ...], lb: float,
             skip: tuple[bool, float] | None = None) -> bool:
    """True when a seam of length la with joints at distances a can be laid along an edge
    of length lb with joints at b (read either way) with every one of its joints within
    SEP of one there; skip is the (read backwards?, offset) that lays the seam on itself."""
    for back in (False, True):
        other = tuple(sorted(lb - x for x in b)) if back else b
        for y in other:
            o = y - a[0]
            if not -1.0 <= o <= lb - la + 1.0:
                continue
            if skip is not None and skip[0] == back and abs(skip[1] - o) < SEP:
                continue
            if all(any(abs(x + o - z) < SEP for z in other) for x in a):
                return True
    return False


class _Ledger:
    """The joints placed so far, seam by seam, to tell whether a new seam's joints would
    let a part fit a place or a turn that is not its own."""

    def __init__(self) -> None:
        self.seams: list[tuple[tuple, float, tuple[float, ...], tuple[float, ...]]] = []

    def clashes(self, kind: tuple, chain: tuple[Part, ...], length: float,
                pick: tuple[float, ...]) -> bool:
        """True when joints at distances pick along a new seam make some seam fit
        somewhere it should not (the seam itself read backwards included). Round seams
        are compared by the joints' angles on their circle, a quarter turn apart or not:
        a part turned a quarter about the centre of its arc keeps to the circle."""
        if kind[0] == "arc":
            turns = _angles(chain, pick)
            if _turns_onto(turns, turns, kind[1], itself=True):
                return True
            return any(k == kind and (_turns_onto(turns, t, kind[1])
                                      or _turns_onto(t, turns, kind[1]))
                       for k, _, _, t in self.seams)
        if _lays_on(pick, length, pick, length, (False, 0.0)):
            return True
        for k, n, p, _ in self.seams:  # another seam, laid anywhere along this one or it
            if k == kind and (_lays_on(pick, length, p, n) if length <= n + 1.0
                              else _lays_on(p, n, pick, length)):
                return True
        return False

    def add(self, kind: tuple, chain: tuple[Part, ...], length: float,
            pick: tuple[float, ...]) -> None:
        angles = _angles(chain, pick) if kind[0] == "arc" else ()
        self.seams.append((kind, length, pick, angles))


def _angles(chain: tuple[Part, ...], pick: tuple[float, ...]) -> tuple[float, ...]:
    """The angles (degrees) of joints on a round seam, about its centre."""
    arc = chain[0]
    assert isinstance(arc, Arc)
    c = arc.center
    return tuple(math.degrees(math.atan2(q.y - c.y, q.x - c.x)) % 360.0
                 for q in (_along(chain, d)[0] for d in pick))


def _turns_onto(a: tuple[float, ...], b: tuple[float, ...], radius: float,
                itself: bool = False) -> bool:
    """True when a quarter turn (or none, unless itself) takes every angle of a within
    SEP mm of one of b's, on a circle of that radius."""
    tol = math.degrees(SEP / radius)
    for k in range(1 if itself else 0, 4):
        if all(any(abs((x + 90.0 * k - y + 180.0) % 360.0 - 180.0) < tol for y in b)
               for x in a):
            return True
    return False


def _pick(spots: list[float], length: float, count: int,
          ok: Callable[[tuple[float, ...]], bool]) -> tuple[float, ...]:
    """Joint distances for one seam, nearest the wanted fractions, that ok accepts; ()
    when none is."""
    wanted = (0.38,) if count == 1 else (0.28, 0.74)
    def by(f: float) -> Callable[[float], tuple[float, float]]:
        return lambda d: (abs(d / length - f), d)
    ranked = [sorted(spots, key=by(f)) for f in wanted]
    options: list[tuple[float, ...]]
    if count == 1:
        options = [(d,) for d in ranked[0][:80]]
    else:
        options = [(a, b) for a in ranked[0][:16] for b in ranked[1][:16]
                   if b - a >= 2 * KEY_RADIUS + 4.0]
    return next((pick for pick in options if ok(pick)), ())


def seam_keys(regs: list[Region], bm: BoardMarks, joints: str = "dowels"
              ) -> list[tuple[Point, Point]]:
    """(centre, unit normal of the seam there) of the joints on every seam of MIN_SEAM mm
    or more (see the module's rulings)."""
    reach = KEY_RADIUS + MARK_CLEAR + (TAB_SHIFT if joints == "tabs" else 0.0)
    ledger = _Ledger()
    keys: list[tuple[Point, Point]] = []
    for _, _, chain in region_seams(regs):
        length = sum(p.length for p in chain)
        if length < MIN_SEAM:
            continue
        marks = _marks_near(chain, bm, reach)
        spots = [d for d in _clear_spots(chain, regs, marks, reach)
                 if all(_along(chain, d)[0].distance(k) > 2 * KEY_RADIUS + 1.0
                        for k, _ in keys)]
        kind = seam_kind(chain)

        def ok(pick: tuple[float, ...], kind=kind, chain=chain, length=length) -> bool:
            return not ledger.clashes(kind, chain, length, pick)
        pick: tuple[float, ...] = ()
        for count in ((2, 1) if length > TWO_AT else (1, 2)):
            pick = _pick(spots, length, count, ok)
            if pick:
                break
        if pick:
            ledger.add(kind, chain, length, pick)
            keys += [_normal_at(chain, d) for d in pick]
    return keys


def _normal_at(chain: tuple[Part, ...], d: float) -> tuple[Point, Point]:
    """The point d mm along a chain and the unit normal of the chain there."""
    p, part, _ = _along(chain, d)
    if isinstance(part, Arc):
        r = p.distance(part.center)
        return p, Point((p.x - part.center.x) / r, (p.y - part.center.y) / r)
    return p, Point(-(part.b.y - part.a.y) / part.length, (part.b.x - part.a.x) / part.length)


def _between_two(p: Point, regs: list[Region]) -> bool:
    """True when a notch at p lies on the seam of exactly two regions and its whole disc
    (with 0.5 mm to spare) is inside those two: not into an island or a third part."""
    owners = [r for r in regs if r.inside(p)]
    if len(owners) != 2:
        return False
    ring = [Point.polar(p, KEY_RADIUS + 0.5, 30.0 * k) for k in range(12)]
    return all(any(o.inside(q) for o in owners) for q in ring)


def joint_discs(keys: list[tuple[Point, Point]], regs: list[Region], joints: str
                ) -> list[tuple[Point, int, int]]:
    """(disc centre, region that gains the disc or -1, region that loses it) per key.
    Dowels: a disc centred on the seam, cut from both parts. Tabs: a disc pushed
    TAB_SHIFT into one part, added to the other (a knob with a narrower neck), the side
    alternating from key to key."""
    out = []
    for k, (p, n) in enumerate(keys):
        owners = [i for i, r in enumerate(regs) if r.inside(p)]
        if joints == "dowels":
            out += [(p, -1, owners[0]), (p, -1, owners[1])]
            continue
        order = [(owners[0], owners[1]), (owners[1], owners[0])][::1 if k % 2 == 0 else -1]
        choices = []
        for give, take in order:
            c = _pushed(p, n, regs[take], regs[give])
            if c is not None:
                choices.append((not _grows(regs[give], c), c, give, take))
        if not choices:
            out += [(p, -1, owners[0]), (p, -1, owners[1])]
            continue
        best = max(choices, key=lambda ch: ch[0])  # the first that keeps the part's size
        out.append((best[1], best[2], best[3]))
    return out


def _grows(r: Region, c: Point) -> bool:
    """True when a knob at c would stick out of a region's bounding box."""
    x0, y0, x1, y1 = bbox_of(list(r.boundary))
    g = KEY_RADIUS - TOL
    return c.x - g < x0 or c.y - g < y0 or c.x + g > x1 or c.y + g > y1


def _pushed(p: Point, n: Point, into: Region, other: Region) -> Point | None:
    """p moved TAB_SHIFT into a region across the seam (along its normal n, one way or
    the other), its disc (with 0.5 mm to spare) inside the two regions; None when neither
    way is."""
    for s in (1.0, -1.0):
        q = Point(p.x + s * TAB_SHIFT * n.x, p.y + s * TAB_SHIFT * n.y)
        ring = [Point.polar(q, KEY_RADIUS + 0.5, 30.0 * j) for j in range(12)]
        if into.inside(q) and all(into.inside(x) or other.inside(x) for x in ring):
            return q
    return None


def jointed(r: Region, discs: list[tuple[Point, bool]]) -> Region:
    """A region with joint discs added (True) or cut away (False)."""
    if not discs:
        return Region(r.boundary, r.inside, r.centre, r.boundary, r.where)
    rings = tuple(Arc(c, KEY_RADIUS, 0.0, 360.0) for c, _ in discs)
    added = [c for c, add in discs if add]
    cut = [c for c, add in discs if not add]

    def inside(p: Point) -> bool:
        if any(p.distance(c) < KEY_RADIUS - TOL for c in added):
            return True
        return r.inside(p) and not any(p.distance(c) < KEY_RADIUS - TOL for c in cut)

    def in_any(p: Point) -> bool:
        return any(p.distance(c) < KEY_RADIUS - TOL for c, _ in discs)
    edge = clip_parts(r.boundary, rings, lambda m: not in_any(m))
    for ring, (_, add) in zip(rings, discs, strict=True):
        edge += clip_parts((ring,), r.boundary, (lambda m: not r.inside(m)) if add else r.inside)
    return Region(edge, inside, r.centre, edge, r.where)
