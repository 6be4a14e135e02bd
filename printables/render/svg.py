"""Scene -> SVG bytes: mm-sized, viewBox in mm, Inkscape layers, deterministic, text escaped."""

from __future__ import annotations

from typing import Mapping

import svgwrite

from printables.geometry import Arc, Point, Segment
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene, Text
from printables.render.theme import Ink, ink

FONT_FAMILY = "Bitstream Vera Sans, DejaVu Sans, Verdana, sans-serif"
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"


def num(v: float) -> str:
    """A compact, deterministic decimal for SVG coordinates (4 decimals, 0.1 micron).

    >>> num(1.50000), num(-0.00001), num(2.0)
    ('1.5', '0', '2')
    """
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class _Writer:
    """Holds the drawing, page height (for the y flip), theme and clip counter."""

    def __init__(self, scene: Scene, theme: Mapping[str, Ink]) -> None:
        self.h = scene.height
        self.theme = theme
        self.clips = 0
        self.dwg = svgwrite.Drawing(size=(f"{num(scene.width)}mm", f"{num(scene.height)}mm"),
                                    viewBox=f"0 0 {num(scene.width)} {num(scene.height)}",
                                    debug=False, profile="full")
        self.dwg.attribs["xmlns:inkscape"] = INKSCAPE_NS
        if scene.title:
            self.dwg.set_desc(title=scene.title)

    def xy(self, p: Point) -> str:
        return f"{num(p.x)} {num(self.h - p.y)}"

    def paint(self, style: str, width: float | None = None, closed: bool = True) -> dict:
        i = ink(self.theme, style)
        attrs = {"fill": i.fill if (i.fill and closed) else "none"}
        w = width if width is not None else i.width
        if i.stroke and w > 0:
            attrs["stroke"] = i.stroke
            attrs["stroke-width"] = num(w)
            if not closed:
                attrs["stroke-linecap"] = i.cap
            attrs["stroke-linejoin"] = "round"
        return attrs

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

    def element(self, item: Item):
        d = self.dwg
        if isinstance(item, Polygon):
            return d.polygon([(float(num(p.x)), float(num(self.h - p.y))) for p in item.points],
                             **self.paint(item.style))
        if isinstance(item, Circle):
            return d.circle(center=(num(item.center.x), num(self.h - item.center.y)),
                            r=num(item.radius), **self.paint(item.style))
        if isinstance(item, Path):
            return d.path(d=self.path_d(item.parts, item.closed),
                          **self.paint(item.style, item.width, item.closed))
        if isinstance(item, Text):
            return self.text(item)
        if isinstance(item, Group):
            return self.group(item)
        raise TypeError(f"cannot render {type(item).__name__}")

    def text(self, item: Text):
        i = ink(self.theme, item.style)
        x, y = num(item.position.x), num(self.h - item.position.y)
        attrs = {"font-family": FONT_FAMILY, "font-size": num(item.size),
                 "text-anchor": item.anchor, "fill": i.fill or "#000000"}
        if i.font == "sans-bold":
            attrs["font-weight"] = "bold"
        if item.rotation:
            attrs["transform"] = f"rotate({num(-item.rotation)} {x} {y})"
        return self.dwg.text(item.text, insert=(x, y), **attrs)

    def group(self, item: Group):
        g = self.dwg.g()
        if item.layer:
            g.attribs["id"] = "layer-" + item.layer
            g.attribs["inkscape:groupmode"] = "layer"
            g.attribs["inkscape:label"] = item.layer
        if item.clip is not None:
            from printables.render.scene import from_shape
            self.clips += 1
            cid = f"clip{self.clips}"
            cp = self.dwg.defs.add(self.dwg.clipPath(id=cid))
            cp.add(self.element(from_shape(item.clip, "default")))
            g.attribs["clip-path"] = f"url(#{cid})"
        for child in item.items:
            g.add(self.element(child))
        return g


def render_svg(scene: Scene, theme: Mapping[str, Ink]) -> bytes:
    """The SVG document of a scene, UTF-8 bytes, same scene same bytes."""
    w = _Writer(scene, theme)
    for item in scene.items:
        w.dwg.add(w.element(item))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + w.dwg.tostring() + "\n").encode("utf-8")
