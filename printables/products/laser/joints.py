"""Joints between the parts of a split board: where they go on each seam, and the round
dowel notches or puzzle tabs cut there.

A dowel joint is a circle of KEY_RADIUS (a 4 mm dowel pin, or a disc cut from scrap)
centred on the seam, half cut from each part; both parts' notches come from the same
circle, so they line up exactly. A tab joint is that circle pushed TAB_SHIFT into one part
and added to the other: a round knob with a narrower neck, its socket cut from the same arc.

Rulings made here:

- every seam (the whole boundary two parts share, a chain of sides) of MIN_SEAM mm or more
  gets one joint, a seam over TWO_AT mm two, where they keep the assembly unique;
- the joints make the assembly unique at any angle (a part turns to any angle, and round
  a circle to any angle about its centre; it is never turned over, its face being
  engraved): two joints of a part on one straight side, or on one circle, are never as
  far apart (within 2 * SEP) as two joints of another part on a side or circle the first
  could be laid along (any straight side; a circle of the same radius with the two parts
  on its two sides), unless they are the same two joints (_Ledger); and parts of one
  outline, or a part that takes its own outline after a turn (a square a quarter, Dugi's
  centre disc any angle), never have their joints alike (:mod:`.congruence`; a seam's
  joints move, a step at a time, until they differ). A seam that cannot keep that with
  its joints gets one joint fewer, down to none (it is then shorter than TWO_AT or other
  seams hold its parts). tests/test_laser_assembly.py checks what fits where, at any
  angle, from the finished outlines;
- a joint's circle keeps MARK_CLEAR (1 mm) from every scored and engraved line that does
  not run along the seam itself (a beam merges lines closer than that), and its disc stays
  inside the two parts it joins;
- a tab's knob goes to the part it alternates to, unless that makes the part larger than
  it was and the other way round does not.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Literal

from printables.geometry import TOL, Arc, Part, Point, bbox_of
from printables.geometry.offset import part_distance
from printables.geometry.paths import chain_parts, clip_parts, merge_parts, subtract_parts
from printables.products.laser.board import BoardMarks
from printables.products.laser.congruence import look_alikes
from printables.products.laser.model import Box
from printables.products.laser.region import Region, line_of, point_on

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


def _clear_spots(chain: tuple[Part, ...], regs: list[Region], marks: list[tuple[Box, Part]],
                 reach: float
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


#: What a region's outline runs along at a joint (see _carrier).
Carrier = tuple[Literal["line"]] | tuple[Literal["arc"], float, bool]
#: Which line or circle a part lies on: ("line", unit x, unit y, offset) or ("arc", centre
#: x, centre y, radius), rounded (see _line_key).
LineKey = tuple[str, float, float, float]
#: A pair of joints on one carrier of a region: (region, carrier, joint, joint, distance).
JointPair = tuple[int, Carrier, Point, Point, float]
#: A seam to place joints on: (region, region, chain of parts, clear distances along it).
Seam = tuple[int, int, tuple[Part, ...], list[float]]


def _carrier(part: Part, region: Region) -> Carrier:
    """What a region's outline runs along at a joint on this part of a seam: ("line",) for
    a straight side, ("arc", radius, inside) for a round one, inside True when the region
    is inside the circle there. Two parts' joints can only meet on carriers that match:
    any two straight sides (a part turns to any angle), or arcs of one radius with one part
    inside the circle and the other outside."""
    if isinstance(part, Arc):
        mid = part.midpoint()
        c = part.center
        k = (part.radius - 0.5) / part.radius
        probe = Point(c.x + (mid.x - c.x) * k, c.y + (mid.y - c.y) * k)
        return ("arc", round(part.radius, 2), region.inside(probe))
    return ("line",)


def _line_key(part: Part) -> LineKey:
    """Which line or circle a part lies on (joints on one carrier of a region can pair)."""
    if isinstance(part, Arc):
        return ("arc", round(part.center.x, 3), round(part.center.y, 3), round(part.radius, 3))
    ln = line_of(part)
    return ("line", round(ln.u.x, 6), round(ln.u.y, 6), round(ln.c, 3))


def _meet(a: Carrier, b: Carrier) -> bool:
    """True when joints on carrier kinds a and b can meet: two lines, or arcs of one radius
    with the parts on the two sides of the circle."""
    if a[0] == "line" or b[0] == "line":
        return a[0] == b[0]
    return abs(a[1] - b[1]) < 0.01 and a[2] != b[2]


class _Ledger:
    """The joints placed so far, to tell whether new ones would let a part pair two of its
    joints with two of another part's in any place or turn that is not its own.

    Two joints of a part pair with two of another's only where the two outlines run along
    each other at both: on a carrier each (a straight side, or a circle of one radius with
    the parts on its two sides), after any rotation (a part turns to any angle, not only a
    quarter, and round a circle to any angle about its centre). So a pair of joints on one
    carrier of a part must not be as far apart (within 2 * SEP, each joint then within SEP
    of its partner) as any pair on a matching carrier of another part, unless the two
    pairs are the same two joints: the part in its own place."""

    def __init__(self, regs: list[Region]) -> None:
        self.regs = regs
        # (region, line key) -> (carrier kind, joints on it)
        self.runs: dict[tuple[int, LineKey], tuple[Carrier, list[Point]]] = {}

    def joints_on(self, i: int, j: int, chain: tuple[Part, ...], pick: tuple[float, ...]
                  ) -> list[tuple[Point, list[tuple[int, LineKey, Carrier]]]]:
        """Each picked joint's centre, with (region, line key, carrier kind) of both sides."""
        out: list[tuple[Point, list[tuple[int, LineKey, Carrier]]]] = []
        for d in pick:
            at, part, _ = _along(chain, d)
            key = _line_key(part)
            out.append((at, [(r, key, _carrier(part, self.regs[r])) for r in (i, j)]))
        return out

    def clashes(self, i: int, j: int, chain: tuple[Part, ...], pick: tuple[float, ...]) -> bool:
        """True when joints at distances pick along the seam of regions i and j would make
        some pair of joints pair where it should not (see the class)."""
        new = self.joints_on(i, j, chain, pick)
        runs = {k: (kind, list(pts)) for k, (kind, pts) in self.runs.items()}
        for at, sides in new:
            for r, key, kind in sides:
                runs.setdefault((r, key), (kind, []))[1].append(at)
        fresh = {id(at) for at, _ in new}
        pairs = [(r, kind, x, y, x.distance(y)) for (r, _), (kind, pts) in runs.items()
                 for x, y in itertools.combinations(pts, 2)]
        mine = [p for p in pairs if id(p[2]) in fresh or id(p[3]) in fresh]
        return any(_pairs_meet(p, q) for p in mine for q in pairs)

    def add(self, i: int, j: int, chain: tuple[Part, ...], pick: tuple[float, ...]) -> None:
        """Keep the picked joints of a seam."""
        for at, sides in self.joints_on(i, j, chain, pick):
            for r, key, kind in sides:
                self.runs.setdefault((r, key), (kind, []))[1].append(at)


def _pairs_meet(p: JointPair, q: JointPair) -> bool:
    """True when two pairs of joints (region, carrier kind, joint, joint, distance) on two
    parts could pair with each other and are not the same two joints."""
    if p[0] == q[0] or not _meet(p[1], q[1]) or abs(p[4] - q[4]) >= 2 * SEP:
        return False
    same = ({(round(p[2].x, 6), round(p[2].y, 6)), (round(p[3].x, 6), round(p[3].y, 6))}
            == {(round(q[2].x, 6), round(q[2].y, 6)), (round(q[3].x, 6), round(q[3].y, 6))})
    return not same


def _wanted(count: int, shift: int) -> tuple[float, ...]:
    """Where along a seam its joints go, as fractions of its length: 0.38 for one, 0.28 and
    0.74 for two; a shift moves the first by 0.06 a step, alternately later and earlier
    (to tell apart parts whose joints would otherwise sit alike)."""
    off = 0.06 * ((shift + 1) // 2) * (1 if shift % 2 else -1)
    first = min(0.85, max(0.12, (0.38 if count == 1 else 0.28) + off))
    return (first,) if count == 1 else (first, 0.74)


def _pick(spots: list[float], length: float, count: int,
          ok: Callable[[tuple[float, ...]], bool], shift: int = 0) -> tuple[float, ...]:
    """Joint distances for one seam, nearest the wanted fractions, that ok accepts; ()
    when none is."""
    wanted = _wanted(count, shift)
    def by(f: float) -> Callable[[float], tuple[float, float]]:
        return lambda d: (abs(d / length - f), d)
    ranked = [sorted(spots, key=by(f)) for f in wanted]
    options: list[tuple[float, ...]]
    if count == 1:
        options = [(d,) for d in ranked[0][:80]]
    else:
        options = [(min(a, b), max(a, b)) for a in ranked[0][:16] for b in ranked[1][:16]
                   if abs(b - a) >= 2 * KEY_RADIUS + 4.0]
    return next((pick for pick in options if ok(pick)), ())


#: Rounds of moving joints to tell alike parts apart before giving up, and one more per
#: region: a board in many parts of one outline (Dugi's outer ring in 24 sectors on a
#: small sheet) needs a move for nearly every one of them.
ROUNDS = 16


def seam_keys(regs: list[Region], bm: BoardMarks, joints: str = "dowels"
              ) -> list[tuple[Point, Point]]:
    """(centre, unit normal of the seam there) of the joints on every seam of MIN_SEAM mm
    or more (see the module's rulings): placed seam by seam, then, while two parts of one
    outline (or one part turned onto itself) would have the same joints, the joints of a
    seam of one of them move and all are placed again."""
    reach = KEY_RADIUS + MARK_CLEAR + (TAB_SHIFT if joints == "tabs" else 0.0)
    seams = [(i, j, chain, _clear_spots(chain, regs, _marks_near(chain, bm, reach), reach))
             for i, j, chain in region_seams(regs) if sum(p.length for p in chain) >= MIN_SEAM]
    shifts = [0] * len(seams)
    keys, picks = _place(regs, seams, shifts)
    for _ in range(ROUNDS + len(regs)):
        owned: list[list[Point]] = [[] for _ in regs]
        for (i, j, chain, _), pick in zip(seams, picks, strict=True):
            for d in pick:
                owned[i].append(_along(chain, d)[0])
                owned[j].append(_along(chain, d)[0])
        alike = look_alikes(regs, owned, SEP)
        if not alike:
            break
        region, place, _ = alike[0]
        mine = [n for n, (i, j, _, _) in enumerate(seams) if region in (i, j) and picks[n]]
        apart = [n for n in mine if place not in seams[n][:2]] or mine
        if not apart:
            break
        # move one seam's joints up to four steps before the next seam's (moving every
        # seam of a round part alike would keep it alike)
        shifts[min(apart, key=lambda n: (shifts[n] >= 4, -shifts[n], n))] += 1
        keys, picks = _place(regs, seams, shifts)
    return keys


def _place(regs: list[Region], seams: list[Seam], shifts: list[int]
           ) -> tuple[list[tuple[Point, Point]], list[tuple[float, ...]]]:
    """The joints of every seam (keys, and each seam's distances along it), one seam
    after another, each clear of the joints before it (see _Ledger)."""
    ledger = _Ledger(regs)
    keys: list[tuple[Point, Point]] = []
    picks: list[tuple[float, ...]] = []
    for (i, j, chain, clear), shift in zip(seams, shifts, strict=True):
        length = sum(p.length for p in chain)
        spots = [d for d in clear if all(_along(chain, d)[0].distance(k) > 2 * KEY_RADIUS + 1.0
                                         for k, _ in keys)]

        def ok(pick: tuple[float, ...], i: int = i, j: int = j,
               chain: tuple[Part, ...] = chain) -> bool:
            return not ledger.clashes(i, j, chain, pick)
        pick: tuple[float, ...] = ()
        for count in ((2, 1) if length > TWO_AT else (1, 2)):
            pick = _pick(spots, length, count, ok, shift)
            if pick:
                break
        if pick:
            ledger.add(i, j, chain, pick)
            keys += [_normal_at(chain, d) for d in pick]
        picks.append(pick)
    return keys, picks


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
