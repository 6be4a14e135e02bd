"""Scene -> LightBurn project (.lbrn2) bytes: one layer (CutSetting) per scene layer, shapes
in millimetres.

The structure follows the files LightBurn itself saves (an XML ``LightBurnProject`` root;
``CutSetting`` elements whose child elements each carry a ``Value``; ``Shape`` elements
that name their layer by ``CutIndex``). A layer's index is the LightBurn palette colour
nearest to the profile's colour for it, so a project and an SVG made with the same profile
show the same layer colours. Engraved areas sit on a ``Scan`` (fill) layer, everything else
on ``Cut`` (line) layers; the reference layer is kept but not output (``doOutput`` 0).

Full circles are ``Ellipse`` shapes; other runs are ``Path`` shapes: a ``VertList`` of
vertices ``V x y`` (with Bezier control points ``c0x/c0y`` leaving and ``c1x/c1y``
entering a vertex) and a ``PrimList`` of ``L i j`` lines and ``B i j`` cubic curves. LightBurn
paths have no arcs, so each arc becomes cubic curves of at most 45 degrees (within 0.001 mm
of the circle at the radii we draw). Y grows upward, as in the scene. Same scene, same
bytes.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any, Mapping

from printables.geometry import Arc, Point
from printables.render.paths import Run, runs
from printables.render.scene import Circle, Group, Item, Path, Scene
from printables.render.theme import Ink

#: LightBurn's layer palette, C00 onward (the colours LightBurn shows for layer indices).
PALETTE = ("#000000", "#0000FF", "#FF0000", "#00E000", "#D0D000", "#FF8000", "#00E0E0",
           "#FF00FF", "#B4B4B4", "#0000A0", "#A00000", "#00A000")
#: Largest arc sweep one cubic curve stands for.
MAX_SWEEP = 45.0
APP_VERSION = "1.7.00"


@dataclass(frozen=True)
class CutLayer:
    """One LightBurn layer: name, palette index, speed mm/s, power %, passes, fill (scan)
    or line (cut), output or kept only as a guide."""

    name: str
    index: int
    speed: float
    power: float
    passes: int = 1
    fill: bool = False
    output: bool = True


def palette_index(colour: str) -> int:
    """Index of the LightBurn palette colour nearest to '#rrggbb'.

    >>> palette_index("#FF0000"), palette_index("#00FF00"), palette_index("#00A000")
    (2, 3, 11)
    """
    def rgb(c: str) -> tuple[int, int, int]:
        c = c.lstrip("#")
        return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
    r, g, b = rgb(colour)
    return min(range(len(PALETTE)), key=lambda i: sum((x - y) ** 2 for x, y in
                                                      zip(rgb(PALETTE[i]), (r, g, b))))


def num(v: float) -> str:
    """A coordinate with up to 4 decimals, no trailing zeros, no '-0'."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _cubics(a: Arc) -> list[tuple[Point, Point, Point, Point]]:
    """An arc as cubic Bezier curves of at most MAX_SWEEP degrees each."""
    n = max(1, math.ceil(abs(a.sweep) / MAX_SWEEP - 1e-9))
    step = a.sweep / n
    k = 4.0 / 3.0 * math.tan(math.radians(step) / 4)
    out = []
    for i in range(n):
        t0 = math.radians(a.start_angle + step * i)
        t1 = math.radians(a.start_angle + step * (i + 1))
        p0 = Point.polar(a.center, a.radius, math.degrees(t0))
        p3 = Point.polar(a.center, a.radius, math.degrees(t1))
        p1 = Point(p0.x - k * a.radius * math.sin(t0), p0.y + k * a.radius * math.cos(t0))
        p2 = Point(p3.x + k * a.radius * math.sin(t1), p3.y - k * a.radius * math.cos(t1))
        out.append((p0, p1, p2, p3))
    return out


def path_lists(run: Run) -> tuple[str, str]:
    """(VertList, PrimList) text of one run; a run ending at its start is closed."""
    closed = run.closes
    verts: list[dict[str, Any]] = [{"p": run.parts[0].start}]
    prims: list[tuple[str, int, int]] = []
    for part in run.parts:
        if isinstance(part, Arc):
            for _p0, p1, p2, p3 in _cubics(part):
                verts[-1]["c0"] = p1
                verts.append({"p": p3, "c1": p2})
                prims.append(("B", len(verts) - 2, len(verts) - 1))
        else:
            verts.append({"p": part.end})
            prims.append(("L", len(verts) - 2, len(verts) - 1))
    if closed:  # the last vertex is the first: fold it back
        last = verts.pop()
        if "c1" in last:
            verts[0]["c1"] = last["c1"]
        kind, i, _ = prims[-1]
        prims[-1] = (kind, i, 0)
    text = []
    for v in verts:
        s = f"V{num(v['p'].x)} {num(v['p'].y)}"
        if "c0" in v:
            s += f"c0x{num(v['c0'].x)}c0y{num(v['c0'].y)}"
        if "c1" in v:
            s += f"c1x{num(v['c1'].x)}c1y{num(v['c1'].y)}"
        text.append(s)
    return "".join(text), "".join(f"{k}{i} {j}" for k, i, j in prims)


def _value(parent: ET.Element, tag: str, value: object) -> None:
    ET.SubElement(parent, tag, Value=str(value))


def _cut_setting(root: ET.Element, layer: CutLayer, priority: int) -> None:
    cs = ET.SubElement(root, "CutSetting", type="Scan" if layer.fill else "Cut")
    _value(cs, "index", layer.index)
    _value(cs, "name", layer.name)
    _value(cs, "minPower", num(layer.power))
    _value(cs, "maxPower", num(layer.power))
    _value(cs, "speed", num(layer.speed))
    _value(cs, "numPasses", layer.passes)
    if layer.fill:
        _value(cs, "interval", "0.1")
    _value(cs, "priority", priority)
    _value(cs, "doOutput", 1 if layer.output else 0)


def _shapes(root: ET.Element, item: Item, index: int) -> None:
    if isinstance(item, Circle):
        sh = ET.SubElement(root, "Shape", Type="Ellipse", CutIndex=str(index),
                           Rx=num(item.radius), Ry=num(item.radius))
        ET.SubElement(sh, "XForm").text = f"1 0 0 1 {num(item.center.x)} {num(item.center.y)}"
    elif isinstance(item, Path):
        for run in runs(item.parts):
            sh = ET.SubElement(root, "Shape", Type="Path", CutIndex=str(index))
            ET.SubElement(sh, "XForm").text = "1 0 0 1 0 0"
            verts, prims = path_lists(run)
            ET.SubElement(sh, "VertList").text = verts
            ET.SubElement(sh, "PrimList").text = prims
    elif isinstance(item, Group):
        for child in item.items:
            _shapes(root, child, index)
    else:
        raise TypeError(f"no LightBurn shape for {type(item).__name__}")


def render_lbrn2(scene: Scene, theme: Mapping[str, Ink], layers: Mapping[str, CutLayer]
                 ) -> bytes:
    """The LightBurn project of a laser sheet scene: layers maps each scene layer to its
    LightBurn layer; layers are listed, and run, in the order given."""
    root = ET.Element("LightBurnProject", AppVersion=APP_VERSION, FormatVersion="1",
                      MaterialHeight="0", MirrorX="False", MirrorY="False")
    indices = [lay.index for lay in layers.values()]
    if len(set(indices)) != len(indices):
        raise ValueError("two LightBurn layers share a palette index")
    for priority, layer in enumerate(layers.values()):
        _cut_setting(root, layer, priority)
    for item in scene.items:
        if not isinstance(item, Group) or item.layer is None or item.layer not in layers:
            raise ValueError(f"a LightBurn project holds laser layers only, not {item!r:.40}")
        _shapes(root, item, layers[item.layer].index)
    ET.SubElement(root, "Notes", ShowOnLoad="0", Notes=scene.title)
    ET.indent(root, space=" ")
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8")
