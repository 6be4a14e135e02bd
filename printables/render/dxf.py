"""Scene -> DXF bytes (needs ezdxf, the optional `dxf` extra): millimetres, one DXF layer per
scene layer, true arcs.

Lines become LINE, arcs ARC and full circles CIRCLE entities. A closed path in a filled
style (an engraved area), or one made of several outlines (lettering), becomes closed
LWPOLYLINEs, one per outline, arcs kept exact as bulges, so laser software can fill them.
Units are declared as millimetres ($INSUNITS = 4, $MEASUREMENT = 1). Same scene, same
bytes: the time stamps and GUIDs ezdxf would write are fixed.
"""

from __future__ import annotations

import io
import math
from typing import Mapping

from printables.geometry import Arc, Part, Segment
from printables.render.paths import Run, halves, is_full, runs
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene
from printables.render.theme import Ink, ink

#: AutoCAD colour indices of the plain colours, for programs that ignore true colour.
ACI = {"#FF0000": 1, "#FFFF00": 2, "#00FF00": 3, "#00FFFF": 4, "#0000FF": 5, "#FF00FF": 6,
       "#000000": 7, "#FFFFFF": 7}


def rgb(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' as a tuple of ints.

    >>> rgb("#00A000")
    (0, 160, 0)
    """
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _colour(i: Ink) -> str:
    return (i.stroke or i.fill or "#000000").upper()


def _bulge_points(run: Run) -> list[tuple[float, float, float]]:
    """(x, y, bulge) vertices of a closed run; full circles split into two halves."""
    pts = []
    for p in run.parts:
        for q in (halves(p) if isinstance(p, Arc) else [p]):
            bulge = math.tan(math.radians(q.sweep) / 4) if isinstance(q, Arc) else 0.0
            pts.append((q.start.x, q.start.y, bulge))
    return pts


class _Writer:
    def __init__(self, doc, theme: Mapping[str, Ink], layers: Mapping[str, tuple[str, str]]):
        self.doc = doc
        self.msp = doc.modelspace()
        self.theme = theme
        self.layers = layers

    def layer(self, name: str | None) -> tuple[str, str]:
        """DXF layer name and its colour for a scene layer, created on first use."""
        dxf_name, style = self.layers.get(name or "", ((name or "0").upper(), "default"))
        colour = _colour(ink(self.theme, style))
        if dxf_name not in self.doc.layers:
            lay = self.doc.layers.add(dxf_name)
            lay.color = ACI.get(colour, 7)
            lay.rgb = rgb(colour)
        return dxf_name, colour

    def attribs(self, layer: tuple[str, str], style: str) -> dict:
        colour = _colour(ink(self.theme, style))
        out = {"layer": layer[0]}
        if colour != layer[1]:
            out["true_color"] = (lambda r, g, b: (r << 16) | (g << 8) | b)(*rgb(colour))
        return out

    def part(self, p: Part, at: dict) -> None:
        if isinstance(p, Segment):
            self.msp.add_line((p.a.x, p.a.y), (p.b.x, p.b.y), dxfattribs=at)
        elif is_full(p):
            self.msp.add_circle((p.center.x, p.center.y), p.radius, dxfattribs=at)
        else:
            a = p if p.sweep > 0 else p.reversed()
            self.msp.add_arc((a.center.x, a.center.y), a.radius, a.start_angle % 360.0,
                             (a.start_angle + a.sweep) % 360.0, dxfattribs=at)

    def item(self, it: Item, layer: tuple[str, str]) -> None:
        if isinstance(it, Group):
            inner = self.layer(it.layer) if it.layer else layer
            for child in it.items:
                self.item(child, inner)
            return
        at = self.attribs(layer, getattr(it, "style", "default"))
        if isinstance(it, Circle):
            self.msp.add_circle((it.center.x, it.center.y), it.radius, dxfattribs=at)
        elif isinstance(it, Polygon):
            self.msp.add_lwpolyline([(p.x, p.y) for p in it.points], close=True, dxfattribs=at)
        elif isinstance(it, Path) and it.closed and (ink(self.theme, it.style).fill
                                                     or len(runs(it.parts)) > 1):
            for run in runs(it.parts):
                self.msp.add_lwpolyline(_bulge_points(run), format="xyb", close=True,
                                        dxfattribs=at)
        elif isinstance(it, Path):
            for p in it.parts:
                self.part(p, at)
        else:
            raise TypeError(f"no DXF entity for {type(it).__name__}")


def render_dxf(scene: Scene, theme: Mapping[str, Ink],
               layers: Mapping[str, tuple[str, str]] | None = None) -> bytes:
    """The DXF file of a scene, in mm; layers maps a scene layer to (DXF layer name, style
    key of the layer's colour). Raises ImportError without ezdxf."""
    import ezdxf
    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no clock, no random GUIDs
    try:
        doc = ezdxf.new("R2010", units=4, setup=False)
        doc.header["$INSUNITS"] = 4
        doc.header["$MEASUREMENT"] = 1
        w = _Writer(doc, theme, layers or {})
        for name in (layers or {}):
            w.layer(name)
        for item in scene.items:
            w.item(item, w.layer(None) if not isinstance(item, Group) else ("0", "#000000"))
        stream = io.StringIO()
        doc.write(stream)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed
    return stream.getvalue().encode(doc.output_encoding)
