"""Text as engravable outlines: Bitstream Vera glyphs (the TTFs reportlab ships), read with
fontTools, curves fitted by arcs.

Laser software drops or substitutes fonts, so laser files carry no text, only closed
outlines. TrueType outlines are quadratic Bezier curves; each curve becomes a biarc (two
tangent arcs meeting at the incentre of the control triangle), split in halves until it
lies within :data:`GLYPH_FIT` font units of the curve (once per glyph; 0.02 mm at a
20 mm em, less at smaller sizes). The outlines are then plain segments and arcs like
every other line in a laser file: ``A`` in SVG, ARC in DXF, never a polygon.

Contours keep the font's winding: outer contours run clockwise (y up), holes
counter-clockwise, so under the non-zero rule a glyph laid over a counter-clockwise filled
area knocks out of it, which is what laser software does with nested shapes.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import NamedTuple, Protocol

import reportlab
from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

from printables.geometry import Arc, Part, Point, Segment, bbox_of
from printables.geometry.offset import part_distance

#: Largest distance in mm between a glyph's curve and its fitted arcs (a tenth of a
#: typical beam diameter).
FIT = 0.002
#: The same in font units (2048 to the em): FIT at a 20 mm em, finer at smaller sizes.
#: Fit tolerance in font units (Vera: 2048 per em): 0.02 mm on a 20 mm em, under 0.01 mm
#: on lettering up to 10 mm, far below a laser's ~0.1 mm spot. A ten times finer fit
#: doubled the arcs in every file for no visible gain.
GLYPH_FIT = 2.0
FONT_FILES = {"sans": "Vera.ttf", "sans-bold": "VeraBd.ttf"}

Contour = tuple[Part, ...]

#: A point as fontTools' pens give it (ints or floats).
Pt = tuple[float, float]
#: A pen step: ('M', p) starts a contour, then ('L', p) and ('Q', c, p).
Step = tuple[str, Pt] | tuple[str, Pt, Pt]


class QuadPen(BasePen):  # type: ignore[misc]  # fontTools ships no types: BasePen is Any
    """Collects a glyph's contours: a start ('M', p), then ('L', p) and ('Q', c, p) steps.
    The laser's lettering (TrueType) draws into it directly, a piece's lettering through
    Cu2QuPen (so a PostScript font's cubic curves arrive as quadratic ones)."""

    def __init__(self, glyphs: object) -> None:
        super().__init__(glyphs)
        self.contours: list[list[Step]] = []

    def _moveTo(self, pt: Pt) -> None:
        self.contours.append([("M", pt)])

    def _lineTo(self, pt: Pt) -> None:
        self.contours[-1].append(("L", pt))

    def _qCurveToOne(self, p1: Pt, p2: Pt) -> None:
        self.contours[-1].append(("Q", p1, p2))

    def _curveToOne(self, p1: Pt, p2: Pt, p3: Pt
                    ) -> None:  # pragma: no cover - TrueType has none, Cu2QuPen turns them
        raise ValueError("a cubic curve reached the quadratic pen")

    def _closePath(self) -> None:
        c = self.contours[-1]
        start, last = c[0][-1], c[-1][-1]
        if tuple(last) != tuple(start):
            c.append(("L", start))

    _endPath = _closePath


class _Glyph(Protocol):
    """What we use of a fontTools glyph set's glyph."""

    def draw(self, pen: object) -> None: ...


class _Font(NamedTuple):
    """What we read of a font file: its glyphs by name, the best character map, units per
    em and the horizontal metrics (glyph name -> advance width, left side bearing)."""

    glyphs: Mapping[str, _Glyph]
    cmap: Mapping[int, str]
    upem: int
    hmtx: Mapping[str, tuple[int, int]]


@cache
def _font(font: str) -> _Font:
    if font not in FONT_FILES:
        raise KeyError(f"no font {font!r}; known: {', '.join(FONT_FILES)}")
    path = os.path.join(os.path.dirname(reportlab.__file__), "fonts", FONT_FILES[font])
    f = TTFont(path)
    return _Font(f.getGlyphSet(), f.getBestCmap(), f["head"].unitsPerEm, f["hmtx"])


@cache
def _glyph(font: str, char: str) -> tuple[float, tuple[tuple[Step, ...], ...]]:
    """Advance width and contours (a start ('M', p), then ('L', p) and ('Q', c, p) steps),
    in font units."""
    glyphs, cmap, _, hmtx = _font(font)
    name = cmap.get(ord(char), ".notdef")
    pen = QuadPen(glyphs)
    glyphs[name].draw(pen)
    return hmtx[name][0], tuple(tuple(c) for c in pen.contours if len(c) > 1)


def text_width(text: str, size: float, font: str = "sans") -> float:
    """Advance width in mm of text set at size (the em, in mm).

    >>> round(text_width("ab", 10.0), 3)
    12.476
    """
    upem = _font(font).upem
    return sum(_glyph(font, ch)[0] for ch in text) * size / upem


def text_outlines(text: str, size: float, at: Point, anchor: str = "middle",
                  rotation: float = 0.0, font: str = "sans") -> tuple[Contour, ...]:
    """Closed glyph contours of one line of text; at is the baseline point the anchor
    (start, middle, end) refers to; rotation in degrees counter-clockwise about it."""
    upem = _font(font).upem
    k = size / upem
    x = {"start": 0.0, "middle": -0.5, "end": -1.0}[anchor] * text_width(text, size, font)
    t = math.radians(rotation)
    cs, sn = math.cos(t) * k, math.sin(t) * k
    out: list[Contour] = []
    for ch in text:
        ox = x / k  # the glyph origin in font units along the baseline
        for c in _glyph_parts(font, ch):
            out.append(tuple(_placed(p, ox, cs, sn, at) for p in c))
        x += _glyph(font, ch)[0] * k
    return tuple(out)


def _placed(p: Part, ox: float, cs: float, sn: float, at: Point) -> Part:
    """A part in font units moved along the baseline by ox, scaled, turned, put at `at`."""
    def tf(q: Point) -> Point:
        qx = q.x + ox
        return Point(at.x + qx * cs - q.y * sn, at.y + qx * sn + q.y * cs)
    if isinstance(p, Segment):
        return Segment(tf(p.a), tf(p.b))
    turn = math.degrees(math.atan2(sn, cs))
    return Arc(tf(p.center), p.radius * math.hypot(cs, sn), p.start_angle + turn, p.sweep)


@cache
def _glyph_parts(font: str, char: str) -> tuple[Contour, ...]:
    """One glyph's contours in font units, fitted to GLYPH_FIT, origin on the baseline."""
    return tuple(_contour(c, lambda p: Point(float(p[0]), float(p[1])))
                 for c in _glyph(font, char)[1])


def _contour(steps: Sequence[Step], tf: Callable[[Pt], Point]) -> Contour:
    parts: list[Part] = []
    cur = tf(steps[0][-1])
    for step in steps[1:]:
        nxt = tf(step[-1])
        if step[0] == "L":
            if not nxt.is_close(cur):
                parts.append(Segment(cur, nxt))
        else:
            parts.extend(quad_arcs(cur, tf(step[1]), nxt, GLYPH_FIT))
        cur = nxt
    return tuple(parts)


def outlines_bbox(contours: tuple[Contour, ...]) -> tuple[float, float, float, float]:
    """Bounding box of glyph contours."""
    return bbox_of([p for c in contours for p in c])


# ----------------------------------------------------------------------------- biarcs

def _arc_from(p: Point, t: Point, q: Point) -> Part:
    """The arc leaving p in direction t and ending at q (a segment when they line up)."""
    n = Point(-t.y, t.x)
    chord = q - p
    h = n.x * chord.x + n.y * chord.y
    ln2 = chord.x * chord.x + chord.y * chord.y
    if abs(h) <= 1e-6 * math.sqrt(ln2) + 1e-12:  # flatter than a micron in a metre
        return Segment(p, q)
    r = ln2 / (2 * h)  # signed: > 0 centre on the left, counter-clockwise
    c = Point(p.x + n.x * r, p.y + n.y * r)
    a0 = math.degrees(math.atan2(p.y - c.y, p.x - c.x))
    a1 = math.degrees(math.atan2(q.y - c.y, q.x - c.x))
    sweep = (a1 - a0) % 360.0 if r > 0 else -((a0 - a1) % 360.0)
    return Arc(c, abs(r), a0, sweep)


def _unit(v: Point) -> Point:
    n = math.hypot(v.x, v.y)
    return Point(v.x / n, v.y / n)


def _bez(p0: Point, p1: Point, p2: Point, t: float) -> Point:
    u = 1 - t
    return Point(u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                 u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)


def _straight_quad(p0: Point, p1: Point, p2: Point) -> list[Part]:
    """A curve whose control points line up: one segment, or two when it turns back."""
    d = p2 - p0
    u = (p1.x - p0.x) * d.x + (p1.y - p0.y) * d.y
    v = (p2.x - p1.x) * d.x + (p2.y - p1.y) * d.y
    if u >= 0 and v >= 0:
        return [Segment(p0, p2)]
    t = u / (u - v)  # where the curve stops and turns back along the line
    x = _bez(p0, p1, p2, t)
    return [Segment(p0, x), Segment(x, p2)]


def quad_arcs(p0: Point, p1: Point, p2: Point, fit: float = FIT, depth: int = 0) -> list[Part]:
    """A quadratic Bezier curve as tangent arcs (or segments) within fit of it.

    >>> parts = quad_arcs(Point(0, 0), Point(1, 1), Point(2, 0))
    >>> all(isinstance(p, Arc) for p in parts), parts[-1].end.is_close(Point(2, 0))
    (True, True)
    """
    a, b, c = p1.distance(p2), p0.distance(p2), p0.distance(p1)
    if b <= 1e-9:
        return []
    if min(a, c) <= 1e-6 * b:  # control point (almost) on an end: a straight run
        return [Segment(p0, p2)]
    if abs((p1.x - p0.x) * (p2.y - p0.y) - (p1.y - p0.y) * (p2.x - p0.x)) / b <= fit / 2:
        return _straight_quad(p0, p1, p2)  # the curve strays less than fit / 4 from a line
    s = a + b + c
    j = Point((a * p0.x + b * p1.x + c * p2.x) / s, (a * p0.y + b * p1.y + c * p2.y) / s)
    first = _arc_from(p0, _unit(p1 - p0), j)
    second = _arc_from(j, _unit(p2 - p0), p2)
    # within fit when every sample is within fit of one arc or the other (stops at the
    # first sample that is not, and skips the second arc where the first one is near)
    if depth >= 12 or all(part_distance(first, x) <= fit or part_distance(second, x) <= fit
                          for x in (_bez(p0, p1, p2, k / 16) for k in range(1, 16))):
        return [first, second]
    m01 = Point((p0.x + p1.x) / 2, (p0.y + p1.y) / 2)
    m12 = Point((p1.x + p2.x) / 2, (p1.y + p2.y) / 2)
    mid = Point((m01.x + m12.x) / 2, (m01.y + m12.y) / 2)
    return quad_arcs(p0, m01, mid, fit, depth + 1) + quad_arcs(mid, m12, p2, fit, depth + 1)
