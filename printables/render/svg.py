"""Scene -> SVG bytes: mm-sized, viewBox in mm, Inkscape layers, deterministic, text escaped.

Written as text by this module rather than through svgwrite: svgwrite's per-element factory
and ElementTree round trip made an 8x8 board 2.6x slower than python-chess's board SVG
(benchmarks/), for output we fully control anyway. Attribute values and text are escaped.
"""

from __future__ import annotations

import re
from typing import Mapping
from xml.sax.saxutils import escape as _escape
from xml.sax.saxutils import quoteattr as _quoteattr

from printables.geometry import Arc, Point, Segment
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene, Text, from_shape
from printables.render.theme import HALO, Ink, ink

FONT_FAMILY = "Bitstream Vera Sans, DejaVu Sans, Verdana, sans-serif"
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(text: str) -> str:
    """Text content escaped for XML; characters XML 1.0 forbids are dropped.

    >>> escape('a<b & "c"\x07')
    'a&lt;b &amp; "c"'
    """
    return _escape(_NOT_XML.sub("", text))


def quoteattr(text: str) -> str:
    """An attribute value, quoted and escaped, without characters XML forbids."""
    return _quoteattr(_NOT_XML.sub("", text))


def num(v: float) -> str:
    """A compact, deterministic decimal for SVG coordinates (4 decimals, 0.1 micron).

    >>> num(1.50000), num(-0.00001), num(2.0)
    ('1.5', '0', '2')
    """
    s = repr(round(v, 4) + 0.0)  # + 0.0 turns -0.0 into 0.0
    return s[:-2] if s.endswith(".0") else s


def attrs(**kw: str | None) -> str:
    """Attributes as text, names with '_' written as '-', None skipped; values must be our own
    numbers and colours (use quoteattr for anything a user typed).

    >>> attrs(fill="#fff", stroke_width="0.3", stroke=None)
    ' fill="#fff" stroke-width="0.3"'
    """
    return "".join(f' {k.replace("_", "-")}="{v}"' for k, v in kw.items() if v is not None)


class _Writer:
    """Holds the page height (for the y flip), theme, clip definitions and paint cache."""

    def __init__(self, scene: Scene, theme: Mapping[str, Ink]) -> None:
        self.h = scene.height
        self.theme = theme
        self.defs: list[str] = []
        self._paint: dict[tuple, str] = {}

    def xy(self, p: Point) -> str:
        return f"{num(p.x)} {num(self.h - p.y)}"

    def paint(self, style: str, width: float | None = None, closed: bool = True) -> str:
        key = (style, width, closed)
        if key not in self._paint:
            i = ink(self.theme, style)
            w = width if width is not None else i.width
            stroke = i.stroke if (i.stroke and w > 0) else None
            self._paint[key] = attrs(
                fill=i.fill if (i.fill and closed) else "none", stroke=stroke,
                stroke_width=num(w) if stroke else None,
                stroke_linecap=i.cap if (stroke and not closed) else None,
                stroke_linejoin="round" if stroke else None)
        return self._paint[key]

    def path_d(self, parts, closed: bool) -> str:
        out: list[str] = []
        current: Point | None = None
        for part in parts:
            if current is None or not part.start.is_close(current, 1e-4):
                out.append("M" + self.xy(part.start))
            if isinstance(part, Segment):
                out.append("L" + self.xy(part.b))
            else:
                out.extend(self.arc_d(part))
            current = part.end
        if closed:
            out.append("Z")
        return " ".join(out)

    def arc_d(self, arc: Arc) -> list[str]:
        if abs(arc.sweep) >= 360.0 - 1e-9:  # a full turn: two halves
            half = Arc(arc.center, arc.radius, arc.start_angle, arc.sweep / 2)
            rest = Arc(arc.center, arc.radius, half.end_angle, arc.sweep / 2)
            return self.arc_d(half) + self.arc_d(rest)
        large = 1 if abs(arc.sweep) > 180.0 else 0
        # ccw in y-up stays ccw on screen after the flip: SVG sweep-flag 0 (negative angles)
        sweep = 0 if arc.sweep > 0 else 1
        r = num(arc.radius)
        return [f"A{r} {r} 0 {large} {sweep} {self.xy(arc.end)}"]

    def element(self, item: Item) -> str:
        if isinstance(item, Polygon):
            pts = " ".join(f"{num(p.x)},{num(self.h - p.y)}" for p in item.points)
            return f'<polygon points="{pts}"{self.paint(item.style)}/>'
        if isinstance(item, Circle):
            return (f'<circle cx="{num(item.center.x)}" cy="{num(self.h - item.center.y)}" '
                    f'r="{num(item.radius)}"{self.paint(item.style)}/>')
        if isinstance(item, Path):
            return (f'<path d="{self.path_d(item.parts, item.closed)}"'
                    f'{self.paint(item.style, item.width, item.closed)}/>')
        if isinstance(item, Text):
            return self.text(item)
        if isinstance(item, Group):
            return self.group(item)
        raise TypeError(f"cannot render {type(item).__name__}")

    def text(self, item: Text) -> str:
        i = ink(self.theme, item.style)
        x, y = num(item.position.x), num(self.h - item.position.y)
        bold = ' font-weight="bold"' if i.font == "sans-bold" else ""
        rot = f' transform="rotate({num(-item.rotation)} {x} {y})"' if item.rotation else ""
        halo = (f' stroke="{i.halo}" stroke-width="{num(item.size * HALO)}" '
                f'stroke-linejoin="round" paint-order="stroke"') if i.halo else ""
        return (f'<text x="{x}" y="{y}" font-size="{num(item.size)}"{bold} '
                f'text-anchor="{item.anchor}" fill="{i.fill or "#000000"}"{halo}{rot}>'
                f"{escape(item.text)}</text>")

    def group(self, item: Group) -> str:
        a = ""
        if item.layer:
            a = (f" id={quoteattr('layer-' + item.layer)} inkscape:groupmode=\"layer\" "
                 f"inkscape:label={quoteattr(item.layer)}")
        if item.clip is not None:
            cid = f"clip{len(self.defs) + 1}"
            self.defs.append(f'<clipPath id="{cid}">'
                             f'{self.element(from_shape(item.clip, "default"))}</clipPath>')
            a += f' clip-path="url(#{cid})"'
        return f"<g{a}>" + "".join(self.element(c) for c in item.items) + "</g>"


def render_svg(scene: Scene, theme: Mapping[str, Ink]) -> bytes:
    """The SVG document of a scene, UTF-8 bytes, same scene same bytes."""
    w = _Writer(scene, theme)
    body = "".join(w.element(item) for item in scene.items)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE_NS}" '
            f'version="1.1" width="{num(scene.width)}mm" height="{num(scene.height)}mm" '
            f'viewBox="0 0 {num(scene.width)} {num(scene.height)}" '
            f'font-family="{FONT_FAMILY}">')
    title = f"<title>{escape(scene.title)}</title>" if scene.title else ""
    defs = f"<defs>{''.join(w.defs)}</defs>" if w.defs else ""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + head + title + defs + body
            + "</svg>\n").encode("utf-8")
