"""Laser sheet scene -> SVG bytes, for cutter software rather than for print.

Differences from the print SVG renderer: every closed sub-path of a path ends with ``Z``
(cutter software treats an unclosed run as an open line that cannot be filled), engraved
areas are one compound path with ``fill-rule="evenodd"`` (nested outlines knock out, as
laser software fills them), there is never a ``<text>`` element, and the sheet's note is
kept in ``<title>`` and ``<desc>``. Sizes are mm with a viewBox in mm; arcs are ``A``
commands, full circles ``<circle>`` elements; output is deterministic.
"""

from __future__ import annotations

import math
from typing import Mapping

from printables.geometry import Arc, Part, Point, Segment
from printables.render.scene import Circle, Group, Item, Path, Scene
from printables.render.svg import escape, num, quoteattr
from printables.render.theme import Ink, ink

INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"


class _Writer:
    def __init__(self, scene: Scene, theme: Mapping[str, Ink]) -> None:
        self.h = scene.height
        self.theme = theme

    def xy(self, p: Point) -> str:
        return f"{num(p.x)} {num(self.h - p.y)}"

    def arc(self, a: Arc, end: Point) -> list[str]:
        if abs(a.sweep) >= 360.0 - 1e-9:
            half = Arc(a.center, a.radius, a.start_angle, a.sweep / 2)
            return self.arc(half, half.end) + self.arc(
                Arc(a.center, a.radius, half.end_angle, a.sweep / 2), end)
        large = 1 if abs(a.sweep) > 180.0 else 0
        sweep = 0 if a.sweep > 0 else 1  # counter-clockwise with y up is clockwise on screen
        r = num(a.radius)
        return [f"A{r} {r} 0 {large} {sweep} {num(end.x)} {num(self.h - end.y)}"]

    def d(self, parts: tuple[Part, ...], closed: bool) -> str:
        """Path data: M at every gap, Z after every run that returns to its start.

        The hot loop of laser output (lettering is thousands of arcs), so end points are
        computed here once per part with the formulas of Point.polar."""
        out: list[str] = []
        h = self.h
        fx = fy = lx = ly = None
        for p in parts:
            if type(p) is Segment:
                sx, sy, ex, ey = p.a.x, p.a.y, p.b.x, p.b.y
            else:
                c, r = p.center, p.radius
                t0 = math.radians(p.start_angle)
                t1 = math.radians(p.start_angle + p.sweep)
                sx, sy = c.x + r * math.cos(t0), c.y + r * math.sin(t0)
                ex, ey = c.x + r * math.cos(t1), c.y + r * math.sin(t1)
            if lx is None or abs(lx - sx) > 1e-6 or abs(ly - sy) > 1e-6:
                if closed and fx is not None and abs(lx - fx) <= 1e-6 and abs(ly - fy) <= 1e-6:
                    out.append("Z")
                out.append(f"M{num(sx)} {num(h - sy)}")
                fx, fy = sx, sy
            if type(p) is Segment:
                out.append(f"L{num(ex)} {num(h - ey)}")
            else:
                out.extend(self.arc(p, Point(ex, ey)))
            lx, ly = ex, ey
        if closed and fx is not None and abs(lx - fx) <= 1e-6 and abs(ly - fy) <= 1e-6:
            out.append("Z")
        return " ".join(out)

    def paint(self, style: str) -> str:
        i = ink(self.theme, style)
        out = {"fill": i.fill or "none"}
        if i.fill:
            out["fill-rule"] = "evenodd"
        if i.stroke:
            out["stroke"] = i.stroke
            out["stroke-width"] = num(i.width)
        return "".join(f" {k}={quoteattr(v)}" for k, v in out.items())

    def element(self, item: Item) -> str:
        if isinstance(item, Circle):
            return (f'<circle cx="{num(item.center.x)}" cy="{num(self.h - item.center.y)}" '
                    f'r="{num(item.radius)}"{self.paint(item.style)}/>')
        if isinstance(item, Path):
            return f'<path d="{self.d(item.parts, item.closed)}"{self.paint(item.style)}/>'
        if isinstance(item, Group):
            head = ""
            if item.layer:
                head = (f' id={quoteattr("layer-" + item.layer)} inkscape:groupmode="layer" '
                        f'inkscape:label={quoteattr(item.layer)}')
            return f"<g{head}>" + "".join(self.element(c) for c in item.items) + "</g>"
        raise TypeError(f"a laser sheet cannot hold a {type(item).__name__}")


def render_laser_svg(scene: Scene, theme: Mapping[str, Ink]) -> bytes:
    """The SVG file of a laser sheet scene, UTF-8 bytes, same scene same bytes."""
    w = _Writer(scene, theme)
    body = "".join(w.element(item) for item in scene.items)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE_NS}" '
            f'version="1.1" width="{num(scene.width)}mm" height="{num(scene.height)}mm" '
            f'viewBox="0 0 {num(scene.width)} {num(scene.height)}">')
    meta = ""
    if scene.title:
        meta = f"<title>{escape(scene.title)}</title><desc>{escape(scene.title)}</desc>"
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + head + meta + body
            + "</svg>\n").encode("utf-8")
