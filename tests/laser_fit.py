"""Which ways the parts of a split board fit together, judged from their cut outlines alone
(what the maker holds), under every rotation (any angle, about any point). Used by
tests/test_laser_assembly.py; independent of how the laser code places its joints (it
sees only the finished outlines, flattened to chords, and works with numpy).

- A *joint* is a circle of KEY_RADIUS some arcs of an outline lie on: a dowel notch or a
  tab's socket (its centre outside the part) or a tab's knob (inside).
- A *pairing* puts part P (moved by a motion T) against part A (in its place) with two or
  more of P's joints within PAIRED mm of one of A's each (notch to notch, knob to socket,
  never knob to knob); beside each paired joint the two outlines run together (within
  CONTACT mm, their directions within ALONG degrees), and no point DEEP mm inside P lands
  DEEP mm inside A (the parts lie side by side). The motions tried are all those that take
  one pair of P's joints onto one pair of A's (distance within 2 * PAIRED): every motion
  that pairs two joints is one of them, so no angle is missed. A pairing is *wrong*
  unless P is A's neighbour and T leaves it where it is.
- An *assembly* puts a part in every place with the same outline there (joint arcs
  included, within CONGRUENT mm); places are counted per part, so a board with one part
  per place, each only in its own way, has exactly one assembly.

Ruling (ours): board parts are engraved and scored on one face, so a part turned over
(mirrored) is not a way it goes in; `mirror=True` tries those too, for reports.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from printables.geometry import Arc, Segment
from printables.geometry.paths import is_full, merge_parts
from printables.products.laser.joints import KEY_RADIUS
from printables.products.laser.model import LaserPart

#: Two joint centres this close (mm) pair (a 4 mm dowel needs far less slack).
PAIRED = 1.0
#: Beside a paired joint the two outlines run together: the fixed part's outline between
#: BESIDE mm from the joint's centre (just outside its circle) is within CONTACT of the
#: moved part's.
BESIDE = (KEY_RADIUS + 0.15, KEY_RADIUS + 0.45)
CONTACT = 0.5
ALONG = 3.0
#: A placed outline matches a place when every vertex and sampled point is this close.
CONGRUENT = 0.3
#: Interior samples: spacing, and their least depth inside a part (mm).
GRID = 1.0
DEEP = 1.0


def _flatten(parts) -> np.ndarray:
    """The outline as chords: an (M, 4) array of x0, y0, x1, y1."""
    rows = []
    for p in parts:
        if isinstance(p, Segment):
            rows.append((p.a.x, p.a.y, p.b.x, p.b.y))
            continue
        assert isinstance(p, Arc)
        n = max(2, math.ceil(abs(p.sweep) / math.degrees(2 * math.acos(
            max(-1.0, 1 - 0.02 / p.radius)))))
        angles = [math.radians(p.start_angle + p.sweep * k / n) for k in range(n + 1)]
        pts = [(p.center.x + p.radius * math.cos(a), p.center.y + p.radius * math.sin(a))
               for a in angles]
        rows += [(*a, *b) for a, b in itertools.pairwise(pts)]
    return np.array(rows, dtype=float)


def inside(edges: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Even-odd test of points (N, 2) against closed chords."""
    x0, y0, x1, y1 = (edges[:, i][None, :] for i in range(4))
    px, py = pts[:, 0][:, None], pts[:, 1][:, None]
    crosses = (y0 > py) != (y1 > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        xs = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
    return ((crosses & (px < xs)).sum(axis=1) % 2) == 1


def inside_grid(edges: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """`inside` for every point of a grid (row i at ys[i], column j at xs[j]), by scanline:
    each row meets the chords once, and a point is inside when an odd number of those
    crossings lie to its right. The crossings are worked out as `inside` does, so the
    answer is the same bit for bit; the cost is rows x chords, not points x chords."""
    x0, y0, x1, y1 = (edges[:, i] for i in range(4))
    out = np.zeros((len(ys), len(xs)), dtype=bool)
    for lo in range(0, len(ys), 256):
        py = ys[lo:lo + 256][:, None]
        row, k = np.nonzero((y0[None, :] > py) != (y1[None, :] > py))
        with np.errstate(divide="ignore", invalid="ignore"):
            cx = x0[k] + (py[row, 0] - y0[k]) * (x1[k] - x0[k]) / (y1[k] - y0[k])
        order = np.lexsort((cx, row))
        row, cx = row[order], cx[order]
        ends = np.searchsorted(row, np.arange(len(py) + 1))
        for i in range(len(py)):
            seg = cx[ends[i]:ends[i + 1]]
            right = len(seg) - np.searchsorted(seg, xs, side="right")
            out[lo + i] = right % 2 == 1
    return out


def distance(edges: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Each point's distance to the nearest chord."""
    a, b = edges[:, :2][None, :, :], edges[:, 2:][None, :, :]
    p = pts[:, None, :]
    d = b - a
    t = np.clip(((p - a) * d).sum(-1) / np.maximum((d * d).sum(-1), 1e-12), 0.0, 1.0)
    q = a + t[..., None] * d
    return np.sqrt(((p - q) ** 2).sum(-1)).min(axis=1)


#: The raster of points deep inside a part: cell size (mm).
CELL = 0.5


@dataclass
class Shape:
    """A part's outline as numbers: chords, vertices, joints (centre, is a knob), points
    deep inside it, and a raster of where it is deep (origin, cell, mask)."""

    edges: np.ndarray
    vertices: np.ndarray
    joints: np.ndarray
    knobs: np.ndarray
    deep: np.ndarray
    origin: np.ndarray
    mask: np.ndarray
    dense: np.ndarray
    ways: np.ndarray
    beside: list[np.ndarray]

    @classmethod
    def of(cls, part: LaserPart) -> Shape:
        cut = part.marks.cut
        edges = _flatten(cut)
        ends = [(q.x, q.y) for p in merge_parts(cut) if not is_full(p)
                for q in (p.start, p.end)] or [(0.0, 0.0)]
        vertices = _unique(np.array(ends))
        centres = _unique(np.array([(p.center.x, p.center.y) for p in cut
                                    if isinstance(p, Arc) and abs(p.radius - KEY_RADIUS) < 1e-6
                                    ] or np.zeros((0, 2))))
        knobs = inside(edges, centres) if len(centres) else np.zeros(0, dtype=bool)
        lo = edges[:, :2].min(axis=0).clip(max=edges[:, 2:].min(axis=0))
        hi = edges[:, :2].max(axis=0).clip(min=edges[:, 2:].max(axis=0))
        deep = _deep_points(edges, lo, hi, GRID)
        cells = _deep_points(edges, lo, hi, CELL, grid=True)
        dense = _dense(edges, 0.05)
        beside = [_beside(dense, c) for c in centres]
        return cls(edges, vertices, centres, knobs, deep, lo, cells, dense,
                   _ways(beside), beside)


def _dense(edges: np.ndarray, step: float) -> np.ndarray:
    """Points along the chords, at most step mm apart."""
    out = []
    for x0, y0, x1, y1 in edges:
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
        t = np.arange(n) / n
        out.append(np.stack([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t], axis=1))
    return np.concatenate(out)


def _beside(dense: np.ndarray, centre: np.ndarray) -> np.ndarray:
    """The outline's points where it leaves a joint's circle: BESIDE mm from its centre."""
    r = np.hypot(*(dense - centre).T)
    return dense[(r >= BESIDE[0]) & (r <= BESIDE[1])]


def _ways(beside: list[np.ndarray]) -> np.ndarray:
    """The unit direction of the seam at each joint: from the outline where it leaves the
    joint's circle on one side to where it leaves on the other."""
    out = []
    for near in beside:
        if len(near) < 2:
            out.append((1.0, 0.0))
            continue
        far = near[np.argmax(np.hypot(*(near - near[0]).T))]
        side = np.hypot(*(near - far).T) < np.hypot(*(near - near[0]).T)
        d = near[side].mean(axis=0) - near[~side].mean(axis=0)
        out.append(tuple(d / max(float(np.hypot(*d)), 1e-12)))
    return np.array(out, dtype=float).reshape(-1, 2)


def _deep_points(edges: np.ndarray, lo: np.ndarray, hi: np.ndarray, step: float,
                 grid: bool = False) -> np.ndarray:
    """Points every step mm at least DEEP inside the outline (grid: a boolean raster over
    the box, cell (i, j) centred at lo + (j + 0.5, i + 0.5) * step): the cells inside,
    less those within DEEP + a cell of a cell outside (a disc-shaped erosion)."""
    xs = np.arange(lo[0] + step / 2, hi[0], step)
    ys = np.arange(lo[1] + step / 2, hi[1], step)
    gx, gy = np.meshgrid(xs, ys)
    pts = np.stack([gx.ravel(), gy.ravel()], axis=1)
    mask = inside_grid(edges, xs, ys)
    r = math.ceil(DEEP / step) + 1
    padded = np.pad(mask, r, constant_values=False)
    deep = mask.copy()
    for di in range(-r, r + 1):
        for dj in range(-r, r + 1):
            if di * di + dj * dj <= r * r:
                deep &= padded[r + di:r + di + mask.shape[0], r + dj:r + dj + mask.shape[1]]
    return deep if grid else pts[deep.ravel()]


def _unique(pts: np.ndarray, tol: float = 0.01) -> np.ndarray:
    out: list[np.ndarray] = []
    for p in pts:
        if not any(np.hypot(*(p - q)) < tol for q in out):
            out.append(p)
    return np.array(out).reshape(-1, 2)


@dataclass(frozen=True)
class Motion:
    """Turn the part over (x -> -x) or not, turn it by `angle` degrees, then move it."""

    mirror: bool
    angle: float
    dx: float
    dy: float

    def apply(self, pts: np.ndarray) -> np.ndarray:
        p = pts * np.array([-1.0, 1.0]) if self.mirror else pts
        a = math.radians(self.angle)
        c, s = math.cos(a), math.sin(a)
        return np.stack([c * p[:, 0] - s * p[:, 1] + self.dx,
                         s * p[:, 0] + c * p[:, 1] + self.dy], axis=1)

    def apply_edges(self, edges: np.ndarray) -> np.ndarray:
        return np.concatenate([self.apply(edges[:, :2]), self.apply(edges[:, 2:])], axis=1)

    @property
    def still(self) -> bool:
        """True when the motion leaves a part where it is (within 1 degree and 0.5 mm)."""
        a = (self.angle + 180.0) % 360.0 - 180.0
        return not self.mirror and abs(a) < 1.0 and math.hypot(self.dx, self.dy) < 0.5


def motion_onto(j1, j2, k1, k2, mirror: bool) -> Motion:
    """The motion taking the (mirrored) segment j1 j2 onto k1 k2, midpoints together."""
    s = np.array([-1.0, 1.0]) if mirror else np.array([1.0, 1.0])
    a, b = j1 * s, j2 * s
    angle = math.degrees(math.atan2(k2[1] - k1[1], k2[0] - k1[0])
                         - math.atan2(b[1] - a[1], b[0] - a[0]))
    r = math.radians(angle)
    m = (a + b) / 2
    c, sn = math.cos(r), math.sin(r)
    t = (k1 + k2) / 2 - np.array([c * m[0] - sn * m[1], sn * m[0] + c * m[1]])
    return Motion(mirror, angle % 360.0, float(t[0]), float(t[1]))


def paired(P: Shape, A: Shape, T: Motion) -> tuple[tuple[int, int], ...]:
    """(P's joint, A's joint) pairs within PAIRED once P moves by T; a knob pairs only with
    a socket, and two notches or sockets pair (a dowel). Joints of one part are more than
    2 * PAIRED apart, so each joint has at most one partner."""
    moved = T.apply(P.joints)
    d = np.hypot(*(moved[:, None, :] - A.joints[None, :, :]).transpose(2, 0, 1))
    ok = (d < PAIRED) & ~(P.knobs[:, None] & A.knobs[None, :])
    return tuple((int(i), int(k)) for i, k in zip(*np.nonzero(ok)))


def apart(P: Shape, A: Shape, T: Motion) -> bool:
    """True when no point deep inside P lands deep inside A once P moves by T."""
    if not len(P.deep):
        return True
    q = (T.apply(P.deep) - A.origin) / CELL
    j, i = np.floor(q[:, 0]).astype(int), np.floor(q[:, 1]).astype(int)
    ok = (i >= 0) & (j >= 0) & (i < A.mask.shape[0]) & (j < A.mask.shape[1])
    return not A.mask[i[ok], j[ok]].any()


def touching(P: Shape, A: Shape, T: Motion, pairs: tuple[tuple[int, int], ...]) -> bool:
    """True when, beside each of A's paired joints, A's outline runs along P's (moved by
    T): where A's outline leaves the joint's circle (BESIDE mm from its centre, the seam
    on either side of a notch or a knob's neck) it lies within CONTACT of P's outline, and
    the two seams there run within ALONG degrees of one direction."""
    moved = T.apply_edges(P.edges)
    for i, k in pairs:
        near = A.beside[k]
        if not len(near) or (distance(_within(moved, near, CONTACT), near) > CONTACT).any():
            return False
        if not seams_run_alike(P, A, T, i, k):
            return False
    return True


def seams_run_alike(P: Shape, A: Shape, T: Motion, i: int, k: int) -> bool:
    """P's seam at its joint i, moved by T, runs within ALONG degrees of A's at joint k."""
    turn = math.radians(T.angle)
    u = P.ways[i] * (np.array([-1.0, 1.0]) if T.mirror else 1.0)
    u = np.array([math.cos(turn) * u[0] - math.sin(turn) * u[1],
                  math.sin(turn) * u[0] + math.cos(turn) * u[1]])
    return abs(float(u @ A.ways[k])) >= math.cos(math.radians(ALONG))


def _within(edges: np.ndarray, pts: np.ndarray, reach: float) -> np.ndarray:
    """The chords whose boxes come within reach of the points' box: a chord left out is
    farther than reach from every point, so no nearest distance up to reach changes (one
    far chord is kept when none is near, so distances stay defined)."""
    lo, hi = pts.min(axis=0) - reach, pts.max(axis=0) + reach
    x0, x1 = np.minimum(edges[:, 0], edges[:, 2]), np.maximum(edges[:, 0], edges[:, 2])
    y0, y1 = np.minimum(edges[:, 1], edges[:, 3]), np.maximum(edges[:, 1], edges[:, 3])
    keep = (x1 >= lo[0]) & (x0 <= hi[0]) & (y1 >= lo[1]) & (y0 <= hi[1])
    return edges[keep] if keep.any() else edges[:1]


Parts = Sequence[LaserPart] | Sequence[Shape]


def shapes_of(parts: Parts) -> list[Shape]:
    """The parts as Shapes (work done once per split: pass the result to the functions
    below in place of the parts)."""
    return [p if isinstance(p, Shape) else Shape.of(p) for p in parts]


def pairings(parts: Parts, mirror: bool = False) -> list[tuple[int, int, Motion, tuple]]:
    """Every pairing (fixed part, moved part, motion, joints paired) of two or more joints,
    each once (the earlier part in the list fixed), the moved part turned over too when
    mirror; a part is named by its index in the list."""
    shapes = shapes_of(parts)
    out = []
    # P moved onto A by T is A moved onto P by T's inverse: one order of each two parts
    for a, p in itertools.combinations(range(len(parts)), 2):
        A, P = shapes[a], shapes[p]
        if len(A.joints) < 2 or len(P.joints) < 2:
            continue
        seen: set = set()
        for k1, k2 in itertools.combinations(range(len(A.joints)), 2):
            d = float(np.hypot(*(A.joints[k1] - A.joints[k2])))
            for j1, j2 in itertools.permutations(range(len(P.joints)), 2):
                if abs(float(np.hypot(*(P.joints[j1] - P.joints[j2]))) - d) > 2 * PAIRED:
                    continue
                for turned in (False, True) if mirror else (False,):
                    T = motion_onto(P.joints[j1], P.joints[j2], A.joints[k1], A.joints[k2],
                                    turned)
                    pairs = paired(P, A, T)
                    key = (turned, pairs)
                    if len(pairs) < 2 or key in seen:
                        continue
                    seen.add(key)
                    if touching(P, A, T, pairs) and apart(P, A, T):
                        out.append((a, p, T, pairs))
    return out


def neighbours(parts: Parts) -> set[tuple[int, int]]:
    """Parts that share a joint in place (either order)."""
    shapes = shapes_of(parts)
    still = Motion(False, 0.0, 0.0, 0.0)
    return {(a, b) for a, b in itertools.permutations(range(len(parts)), 2)
            if paired(shapes[b], shapes[a], still)}


def wrong_pairings(parts: Parts, mirror: bool = False) -> list[tuple[int, int, Motion, tuple]]:
    """Pairings of two or more joints that are not a part in its own place."""
    shapes = shapes_of(parts)
    near = neighbours(shapes)
    return [(a, p, T, pairs) for a, p, T, pairs in pairings(shapes, mirror)
            if not (T.still and (a, p) in near)]


def congruent(P: Shape, B: Shape, T: Motion) -> bool:
    """True when P moved by T has B's outline: the same vertices, chords on B's outline."""
    if len(P.vertices) != len(B.vertices):
        return False
    v = T.apply(P.vertices)
    if not all(np.hypot(*(B.vertices - x).T).min() <= CONGRUENT for x in v):
        return False
    mids = (P.edges[:, :2] + P.edges[:, 2:]) / 2
    return bool((distance(B.edges, T.apply(mids)) <= CONGRUENT).all())


def places(parts: Parts, mirror: bool = False) -> list[list[tuple[int, Motion]]]:
    """For each part's place, every (part, motion) that has the outline there (turned over
    too when mirror)."""
    shapes = shapes_of(parts)
    out = []
    for B in shapes:
        far = _farthest(B.vertices)
        d = float(np.hypot(*(B.vertices[far[0]] - B.vertices[far[1]])))
        found: list[tuple[int, Motion]] = []
        for i, P in enumerate(shapes):
            if len(P.vertices) != len(B.vertices):
                continue
            gaps = np.hypot(*(P.vertices[:, None, :] - P.vertices[None, :, :]).transpose(2, 0, 1))
            for j1, j2 in zip(*np.nonzero(np.abs(gaps - d) <= CONGRUENT)):
                for turned in (False, True) if mirror else (False,):
                    T = motion_onto(P.vertices[j1], P.vertices[j2], B.vertices[far[0]],
                                    B.vertices[far[1]], turned)
                    if congruent(P, B, T) and not any(
                            i == n and _same(T, U) for n, U in found):
                        found.append((i, T))
        out.append(found)
    return out


def _farthest(v: np.ndarray) -> tuple[int, int]:
    gaps = np.hypot(*(v[:, None, :] - v[None, :, :]).transpose(2, 0, 1))
    i, j = np.unravel_index(int(np.argmax(gaps)), gaps.shape)
    return int(i), int(j)


def _same(T: Motion, U: Motion) -> bool:
    a = (T.angle - U.angle + 180.0) % 360.0 - 180.0
    return T.mirror == U.mirror and abs(a) < 1.0 and math.hypot(T.dx - U.dx, T.dy - U.dy) < 0.5


def assemblies(parts: Parts, mirror: bool = False) -> int:
    """How many ways the parts fill their places (the product, over places, of the ways a
    part has that place's outline): 1 when every place takes only its own part, as is."""
    total = 1
    for found in places(parts, mirror):
        total *= len(found)
    return total
