"""A designer's piece art: an SVG file of shapes and paths -> a symbol drawn on the piece.

The file is read through the bounded reader (a regular file of at most MAX_BYTES) and
sanitised before anything is drawn: only the elements in SHAPES and the containers in
CONTAINERS are kept (descriptive elements in IGNORED are skipped); a script, text, image,
``use``, style sheet, entity declaration, event attribute, ``href`` or ``url(...)`` stops
the build with one line naming the file and what is not allowed. Paths are read here
(M L H V C S Q T Z, absolute and relative; curves flattened into CURVE_STEPS segments), as
are transforms (matrix, translate, scale, rotate).

Rulings (ours): the drawing's viewBox (else width x height) is fitted, centred, into
ART_SHARE of the piece's diameter, over a disc in the side's colours; the subpaths of one
element are filled together by its ``fill-rule`` (nonzero, SVG's default, or evenodd), so
the inside of an A, a P or a ring stays open, and an open subpath is filled as if closed,
as SVG does; a shape with only a stroke is drawn with it. In the mono theme fills become greys
of the same lightness. The laser engraves filled shapes and scores stroked ones, as it
does the catalogue's art.
"""

from __future__ import annotations

import hashlib
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from printables.errors import LayoutError
from printables.gamefile.reader import read_bytes
from printables.geometry import Point, Segment
from printables.render.scene import Item, Polygon
from printables.render.scene import Path as ScenePath
from printables.render.theme import INK, THEMES, Ink, add_inks, luminance

MAX_BYTES = 256_000
MAX_POINTS = 20_000
MAX_COORD = 1e6
CURVE_STEPS = 12
ART_SHARE = 0.7
SHAPES = ("path", "circle", "ellipse", "rect", "polygon", "polyline", "line")
CONTAINERS = ("svg", "g")
IGNORED = ("title", "desc", "metadata", "namedview", "defs")
WHAT = "an SVG file of shapes and paths (at most 256000 bytes)"
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}){1,2}$")
NAMED = {"black": "#000000", "white": "#ffffff", "none": None}
Matrix = tuple[float, float, float, float, float, float]
ID: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


#: One subpath of a shape: its points, and whether it closes.
Subpath = tuple[tuple[Point, ...], bool]


@dataclass(frozen=True)
class Shape:
    """One drawn element of the art in its own units: its subpaths (point chains, each
    closed or not), its fill and stroke (#rrggbb or None), stroke width and fill rule."""

    subpaths: tuple[Subpath, ...]
    fill: str | None
    stroke: str | None
    width: float
    rule: str = "nonzero"

    @property
    def points(self) -> tuple[Point, ...]:
        """Every point of every subpath."""
        return tuple(q for pts, _ in self.subpaths for q in pts)

    @property
    def areas(self) -> tuple[tuple[Point, ...], ...]:
        """The subpaths a fill covers (three points or more; SVG closes open ones)."""
        return tuple(pts for pts, _ in self.subpaths if len(pts) >= 3)


@dataclass(frozen=True)
class Art:
    """A sanitised drawing: its shapes and its box (x, y, width, height)."""

    shapes: tuple[Shape, ...]
    box: tuple[float, float, float, float]
    #: sha256 of the file's bytes this drawing was read from (the build cache keys by it)
    sha256: str = ""


def _bad(path: str, message: str) -> LayoutError:
    return LayoutError(f"{message}; an art file holds only shapes and paths "
                       f"({', '.join(CONTAINERS + SHAPES)})", file=path)


def read_art(path: Path) -> Art:
    """The sanitised drawing of an SVG art file, or one LayoutError naming the file."""
    raw = read_bytes(path, MAX_BYTES, WHAT, "art file")
    text = raw.decode("utf-8", "replace")
    p = str(path)
    if re.search(r"<!(DOCTYPE|ENTITY)", text, re.I):
        raise _bad(p, "a DOCTYPE or ENTITY declaration is not allowed")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise LayoutError(f"not a readable SVG file ({e})", file=p) from None
    if _local(root.tag) != "svg":
        raise _bad(p, f"the file's root is <{_local(root.tag)}>, not <svg>")
    shapes = list(_walk(p, root, ID, {"fill": "#000000", "stroke": None, "width": 1.0,
                                      "rule": "nonzero"}))
    if sum(len(s.points) for s in shapes) > MAX_POINTS:
        raise _bad(p, f"the drawing has more than {MAX_POINTS} points")
    if not all(math.isfinite(v) and abs(v) <= MAX_COORD for s in shapes
               for v in (*(c for q in s.points for c in (q.x, q.y)), s.width)):
        raise _bad(p, f"a coordinate is not a number within +-{MAX_COORD:g}")
    if not shapes:
        raise _bad(p, "the drawing has no shapes")
    return Art(tuple(shapes), _box(p, root, shapes), hashlib.sha256(raw).hexdigest())


def art_unchanged(read: Mapping[str, str]) -> bool:
    """True when every art file (path -> sha256 of the bytes drawn) still holds those
    bytes: a game file read before may be reused only then."""
    for path, digest in read.items():
        try:
            raw = read_bytes(path, MAX_BYTES, WHAT, "art file")
        except LayoutError:
            return False
        if hashlib.sha256(raw).hexdigest() != digest:
            return False
    return True


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


class _Paint(TypedDict):
    """The paint an element inherits and passes on to its children."""

    fill: str | None
    stroke: str | None
    width: float
    rule: str


def _walk(p: str, el: ET.Element, m: Matrix, paint: _Paint) -> Iterator[Shape]:
    name = _local(el.tag)
    if name in IGNORED:
        return
    if name not in CONTAINERS + SHAPES:
        raise _bad(p, f"element <{name}> is not allowed")
    attrs = _attributes(p, el)
    m = _mul(m, _transform(p, attrs.get("transform", "")))
    paint = _paint(p, attrs, paint)
    if name in CONTAINERS:
        for child in el:
            yield from _walk(p, child, m, paint)
        return
    subpaths = tuple((tuple(_apply(m, q) for q in pts), closed)
                     for pts, closed in _geometry(p, name, attrs) if len(pts) >= 2)
    if subpaths:  # one element: its subpaths are filled together, by its fill rule
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        fill = paint["fill"] if any(len(pts) >= 3 for pts, _ in subpaths) else None
        yield Shape(subpaths, fill, paint["stroke"], paint["width"] * scale, paint["rule"])


def _attributes(p: str, el: ET.Element) -> dict[str, str]:
    out = {}
    for key, value in el.attrib.items():
        k = _local(key)
        if "href" in k.lower() or k.lower().startswith("on"):
            raise _bad(p, f"attribute {k!r} on <{_local(el.tag)}> is not allowed (no "
                          "links, no scripts)")
        if "url(" in value.replace(" ", "").lower() or "javascript:" in value.lower():
            raise _bad(p, f"attribute {k}={value[:40]!r} refers outside the drawing")
        out[k] = value
    if el.text and el.text.strip() and _local(el.tag) not in IGNORED:
        raise _bad(p, f"<{_local(el.tag)}> holds text")
    for prop in attrs_from_style(out.pop("style", "")):
        out.setdefault(*prop)
    return out


def attrs_from_style(style: str) -> list[tuple[str, str]]:
    """The fill, stroke and stroke-width properties of a style attribute.

    >>> attrs_from_style("fill:#fff; stroke-width: 2")
    [('fill', '#fff'), ('stroke-width', '2')]
    """
    out = []
    for decl in style.split(";"):
        if ":" in decl:
            k, v = (x.strip() for x in decl.split(":", 1))
            if k in ("fill", "stroke", "stroke-width", "fill-rule"):
                out.append((k, v))
    return out


def _paint(p: str, attrs: dict[str, str], inherited: _Paint) -> _Paint:
    out = inherited.copy()
    for key in ("fill", "stroke"):
        if key in attrs:
            out[key] = _colour(p, attrs[key])
    if "stroke-width" in attrs:
        out["width"] = _number(p, attrs["stroke-width"], "stroke-width")
    if "fill-rule" in attrs:
        rule = attrs["fill-rule"].strip()
        if rule not in ("nonzero", "evenodd"):
            raise _bad(p, f"fill-rule {rule!r} is not nonzero or evenodd")
        out["rule"] = rule
    return out


def _colour(p: str, v: str) -> str | None:
    v = v.strip().lower()
    if v in NAMED:
        return NAMED[v]
    if _HEX.match(v):
        return v if len(v) == 7 else "#" + "".join(c * 2 for c in v[1:])
    raise _bad(p, f"colour {v!r} is not #rrggbb, black, white or none")


def _number(p: str, v: str, what: str) -> float:
    m = _NUM.match(v.strip())
    if not m:
        raise _bad(p, f"{what} {v!r} is not a number")
    return float(m.group())


def _numbers(p: str, v: str) -> list[float]:
    return [float(x) for x in _NUM.findall(v)]


def _geometry(p: str, name: str, a: dict[str, str]) -> list[tuple[list[Point], bool]]:
    def n(key: str) -> float:
        return _number(p, a.get(key, "0"), key)
    if name == "path":
        return path_points(p, a.get("d", ""))
    if name in ("circle", "ellipse"):
        rx = n("r") if name == "circle" else n("rx")
        ry = n("r") if name == "circle" else n("ry")
        steps = 48
        return [([Point(n("cx") + rx * math.cos(2 * math.pi * k / steps),
                        n("cy") + ry * math.sin(2 * math.pi * k / steps))
                  for k in range(steps)], True)]
    if name == "rect":
        x, y, w, h = n("x"), n("y"), n("width"), n("height")
        return [([Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)], True)]
    if name == "line":
        return [([Point(n("x1"), n("y1")), Point(n("x2"), n("y2"))], False)]
    v = _numbers(p, a.get("points", ""))
    pts = [Point(v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)]
    return [(pts, name == "polygon")]


def path_points(p: str, d: str) -> list[tuple[list[Point], bool]]:
    """A path's subpaths as point chains (curves flattened), each with whether it closes.

    >>> path_points("x", "M0 0 L10 0 l0 10 z")
    [([Point(x=0.0, y=0.0), Point(x=10.0, y=0.0), Point(x=10.0, y=10.0)], True)]
    """
    stray = re.search(r"[^MmLlHhVvCcSsQqTtZzAa0-9eE.,+\-\s]", d)
    if stray:
        raise _bad(p, f"path data holds {stray.group()!r}, which is not a path command or a "
                      "number")
    tokens = re.findall(r"[MmLlHhVvCcSsQqTtZzAa]|" + _NUM.pattern, d)
    out: list[tuple[list[Point], bool]] = []
    cur: list[Point] = []
    here, start, ctrl = Point(0, 0), Point(0, 0), None
    i, cmd = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                if cur:
                    out.append((cur, True))
                cur, here, ctrl = [], start, None
                continue
        if cmd in "Aa":
            raise _bad(p, "path arc commands (A) are not supported; save arcs as curves")
        if not cmd:
            raise _bad(p, f"path data {d[:30]!r} does not start with a command")
        need = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2}[cmd.upper()]
        args = tokens[i:i + need]
        if len(args) < need or any(t.isalpha() for t in args):
            raise _bad(p, f"path data near {' '.join(tokens[i - 1:i + need])!r} is incomplete")
        v = [float(t) for t in args]
        i += need
        rel = cmd.islower()

        def pt(x: float, y: float, here: Point = here, rel: bool = rel) -> Point:
            return Point(here.x + x, here.y + y) if rel else Point(x, y)
        up = cmd.upper()
        if up == "M":
            if cur:
                out.append((cur, False))
            here = start = pt(v[0], v[1])
            cur, ctrl = [here], None
            cmd = "l" if rel else "L"  # further pairs are lines
            continue
        if up in "LHV":
            nxt = (pt(v[0], v[1]) if up == "L" else
                   Point(here.x + v[0] if rel else v[0], here.y) if up == "H" else
                   Point(here.x, here.y + v[0] if rel else v[0]))
            cur.append(nxt)
            here, ctrl = nxt, None
            continue
        if up in "CS":
            c1 = (pt(v[0], v[1]) if up == "C" else
                  Point(2 * here.x - ctrl.x, 2 * here.y - ctrl.y) if ctrl else here)
            c2, end = (pt(v[2], v[3]), pt(v[4], v[5])) if up == "C" else (pt(v[0], v[1]),
                                                                          pt(v[2], v[3]))
            cur.extend(_bezier((here, c1, c2, end)))
            here, ctrl = end, c2
            continue
        c1 = (pt(v[0], v[1]) if up == "Q" else
              Point(2 * here.x - ctrl.x, 2 * here.y - ctrl.y) if ctrl else here)
        end = pt(v[2], v[3]) if up == "Q" else pt(v[0], v[1])
        cur.extend(_bezier((here, c1, end)))
        here, ctrl = end, c1
    if cur:
        out.append((cur, False))
    return out


def _bezier(ctrl: tuple[Point, ...]) -> list[Point]:
    out = []
    for k in range(1, CURVE_STEPS + 1):
        t = k / CURVE_STEPS
        pts = list(ctrl)
        while len(pts) > 1:
            pts = [Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                   for a, b in zip(pts, pts[1:], strict=False)]
        out.append(pts[0])
    return out


def _transform(p: str, text: str) -> Matrix:
    m = ID
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = _numbers(p, args)
        if name == "matrix" and len(v) == 6:
            t = tuple(v)
        elif name == "translate" and v:
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate" and len(v) in (1, 3):
            c, s = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            t = (c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy)
        else:
            raise _bad(p, f"transform {name}({args}) is not matrix, translate, scale or "
                          "rotate")
        m = _mul(m, tuple(float(x) for x in t))  # type: ignore[arg-type]
    return m


def _mul(a: Matrix, b: Matrix) -> Matrix:
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1],
            a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
            a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


def _apply(m: Matrix, q: Point) -> Point:
    return Point(m[0] * q.x + m[2] * q.y + m[4], m[1] * q.x + m[3] * q.y + m[5])


def _box(p: str, root: ET.Element, shapes: list[Shape]) -> tuple[float, float, float, float]:
    v = _numbers(p, root.attrib.get("viewBox", ""))
    if len(v) == 4 and v[2] > 0 and v[3] > 0:
        return (v[0], v[1], v[2], v[3])
    xs = [q.x for s in shapes for q in s.points]
    ys = [q.y for s in shapes for q in s.points]
    return (min(xs), min(ys), max(max(xs) - min(xs), 1e-6), max(max(ys) - min(ys), 1e-6))


def art_symbol(art: Art, style_prefix: str) -> Callable[[Point, float], tuple[Item, ...]]:
    """A drawer (c, d) -> the art's items fitted into ART_SHARE x d round c (SVG y down,
    board y up), styled style_prefix.N for the Nth distinct paint (see register_art_inks)."""
    x0, y0, w, h = art.box
    paints = art_paints(art)

    def draw(c: Point, d: float) -> tuple[Item, ...]:
        k = ART_SHARE * d / max(w, h)

        def at(q: Point) -> Point:
            return Point(c.x + (q.x - x0 - w / 2) * k, c.y - (q.y - y0 - h / 2) * k)
        out: list[Item] = []
        for s in art.shapes:
            n = paints.index((s.fill, s.stroke))
            if s.fill:
                out.append(filled(tuple(tuple(at(q) for q in pts) for pts in s.areas),
                                  f"piece.symbol.{style_prefix}.{n}", s.rule))
            if s.stroke:
                for sub, closed in s.subpaths:
                    pts = tuple(at(q) for q in sub)
                    ring = pts + pts[:1] if closed else pts
                    edges = tuple(Segment(a, b) for a, b in zip(ring, ring[1:], strict=False))
                    out.append(ScenePath(edges, f"piece.rim.{style_prefix}.{n}",
                                         width=s.width * k))
        return tuple(out)
    return draw


def filled(contours: tuple[tuple[Point, ...], ...], style: str, rule: str) -> Item:
    """A filled shape of one or more point rings: one ring is a polygon; several are one
    compound path filled by rule, so the holes of an A or a ring stay open.

    >>> sq = (Point(0, 0), Point(4, 0), Point(4, 4), Point(0, 4))
    >>> hole = (Point(1, 1), Point(1, 3), Point(3, 3), Point(3, 1))
    >>> type(filled((sq,), "s", "nonzero")).__name__, filled((sq, hole), "s", "evenodd").fill_rule
    ('Polygon', 'evenodd')
    """
    if len(contours) == 1:
        return Polygon(contours[0], style)
    parts = tuple(Segment(a, b) for ring in contours
                  for a, b in zip(ring, ring[1:] + ring[:1], strict=True) if a != b)
    return ScenePath(parts, style, closed=True, fill_rule=rule)


def art_paints(art: Art) -> list[tuple[str | None, str | None]]:
    """The art's distinct (fill, stroke) pairs in drawing order."""
    return list(dict.fromkeys((s.fill, s.stroke) for s in art.shapes))


def _grey(colour: str) -> str:
    v = round(255 * luminance(colour) ** (1 / 2.2))
    return f"#{v:02x}{v:02x}{v:02x}"


def register_art_inks(art: Art, style_prefix: str) -> None:
    """The inks of the art's paints, in both themes (mono: greys of the same lightness)."""
    for theme in THEMES:
        inks: dict[str, Ink] = {}
        for n, (fill, stroke) in enumerate(art_paints(art)):
            f, s = fill, stroke
            if theme == "mono":
                f, s = (_grey(f) if f else None), (INK if s else None)
            inks[f"piece.symbol.{style_prefix}.{n}"] = Ink(fill=f)
            inks[f"piece.rim.{style_prefix}.{n}"] = Ink(stroke=s)
        add_inks(theme, inks)
