"""Scene -> LightBurn project (.lbrn2) bytes: one layer (CutSetting) per scene layer, shapes
in millimetres.

The structure follows the files LightBurn itself saves (an XML ``LightBurnProject`` root;
``CutSetting`` elements whose child elements each carry a ``Value``; ``Shape`` elements
that name their layer by ``CutIndex``). A layer's index is the LightBurn palette colour
nearest to the profile's colour for it, so a project and an SVG made with the same profile
show the same layer colours. Engraved areas sit on a ``Scan`` (fill) layer, everything else
on ``Cut`` (line) layers; the reference layer is kept but not output (``doOutput`` 0).

Full circles are ``Ellipse`` shapes; other runs are ``Path`` shapes, written as LightBurn
1.7 writes them: the shape carries its own ``VertID`` and ``PrimID`` (numbered from 0 in
file order, never shared: LightBurn links shapes that share an ID to one geometry), a
``VertList`` of vertices ``V x y`` each followed by its two Bezier handles, ``c0x X c0y Y``
leaving and ``c1x X c1y Y`` entering, or the marker ``c0x1`` / ``c1x1`` for a handle that is
not there (a vertex between two lines is ``V x yc0x1c1x1``), and a ``PrimList`` of ``L i j``
lines and ``B i j`` cubic curves. LightBurn paths have no arcs, so each arc becomes cubic
curves of at most 45 degrees (within 0.001 mm of the circle at the radii we draw). A cut
setting names both tubes' power (``maxPower``/``maxPower2``, ``minPower``/``minPower2``);
a layer kept only as a guide is a tool layer (``T1``, index 30, ``type="Tool"``), which
LightBurn never sends to the laser. Y grows upward, as in the scene. Same scene, same
bytes.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printables.geometry import Arc, Point
from printables.render.paths import Run, runs
from printables.render.scene import Circle, Group, Item, Path, Scene, one_page
from printables.render.theme import Ink

#: LightBurn's layer palette, C00 onward (the colours LightBurn shows for layer indices).
PALETTE = ("#000000", "#0000FF", "#FF0000", "#00E000", "#D0D000", "#FF8000", "#00E0E0",
           "#FF00FF", "#B4B4B4", "#0000A0", "#A00000", "#00A000")
#: LightBurn's first tool layer: shown, never output (guides, our reference).
TOOL_INDEX = 30
#: Largest arc sweep one cubic curve stands for.
MAX_SWEEP = 45.0
APP_VERSION = "1.7.00"


@dataclass(frozen=True)
class CutLayer:
    """One LightBurn layer: name, palette index, speed mm/s, power % (the most, and the
    least LightBurn runs at in corners), passes, fill (scan) or line (cut), output or kept
    only as a guide (a tool layer)."""

    name: str
    index: int
    speed: float
    power: float
    passes: int = 1
    fill: bool = False
    output: bool = True
    min_power: float | None = None


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
        for k in ("c0", "c1"):
            s += f"{k}x{num(v[k].x)}{k}y{num(v[k].y)}" if k in v else f"{k}x1"
        text.append(s)
    return "".join(text), "".join(f"{k}{i} {j}" for k, i, j in prims)


def _value(parent: ET.Element, tag: str, value: object) -> None:
    ET.SubElement(parent, tag, Value=str(value))


def _cut_setting(root: ET.Element, layer: CutLayer, priority: int) -> None:
    kind = "Scan" if layer.fill else "Cut" if layer.output else "Tool"
    cs = ET.SubElement(root, "CutSetting", type=kind)
    _value(cs, "index", layer.index)
    _value(cs, "name", layer.name)
    low = layer.power if layer.min_power is None else layer.min_power
    for tube in ("", "2"):
        _value(cs, "minPower" + tube, num(low))
        _value(cs, "maxPower" + tube, num(layer.power))
    _value(cs, "speed", num(layer.speed))
    _value(cs, "numPasses", layer.passes)
    if layer.fill:
        _value(cs, "interval", "0.1")
    _value(cs, "priority", priority)
    _value(cs, "doOutput", 1 if layer.output else 0)


def _shapes(root: ET.Element, item: Item, index: int, ids: list[int]) -> None:
    """Shapes of an item on a layer; ids holds the next free VertID/PrimID."""
    if isinstance(item, Circle):
        sh = ET.SubElement(root, "Shape", Type="Ellipse", CutIndex=str(index),
                           Rx=num(item.radius), Ry=num(item.radius))
        ET.SubElement(sh, "XForm").text = f"1 0 0 1 {num(item.center.x)} {num(item.center.y)}"
    elif isinstance(item, Path):
        for run in runs(item.parts):
            sh = ET.SubElement(root, "Shape", Type="Path", CutIndex=str(index),
                               VertID=str(ids[0]), PrimID=str(ids[0]))
            ids[0] += 1
            ET.SubElement(sh, "XForm").text = "1 0 0 1 0 0"
            verts, prims = path_lists(run)
            ET.SubElement(sh, "VertList").text = verts
            ET.SubElement(sh, "PrimList").text = prims
    elif isinstance(item, Group):
        for child in item.items:
            _shapes(root, child, index, ids)
    else:
        raise TypeError(f"no LightBurn shape for {type(item).__name__}")


def render_lbrn2(scene: Scene, theme: Mapping[str, Ink], layers: Mapping[str, CutLayer]
                 ) -> bytes:
    """The LightBurn project of a laser sheet scene: layers maps each scene layer to its
    LightBurn layer; layers are listed, and run, in the order given. The scene's title is
    the project's notes, shown when the project is opened."""
    root = ET.Element("LightBurnProject", AppVersion=APP_VERSION, FormatVersion="1",
                      MaterialHeight="0", MirrorX="False", MirrorY="False")
    indices = [lay.index for lay in layers.values()]
    if len(set(indices)) != len(indices):
        raise ValueError("two LightBurn layers share a palette index")
    for priority, layer in enumerate(layers.values()):
        _cut_setting(root, layer, priority)
    ids = [0]
    for item in scene.items:
        if not isinstance(item, Group) or item.layer is None or item.layer not in layers:
            raise ValueError(f"a LightBurn project holds laser layers only, not {item!r:.40}")
        _shapes(root, item, layers[item.layer].index, ids)
    ET.SubElement(root, "Notes", ShowOnLoad="1" if scene.title else "0", Notes=scene.title)
    ET.indent(root, space=" ")
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8")


def lbrn2_file(scenes: Sequence[Scene], theme: Mapping[str, Ink], *,
               layers: Mapping[str, CutLayer], **_: Any) -> bytes:
    """The LightBurn project of a one-page scene list (the entry of render.RENDERERS)."""
    return render_lbrn2(one_page(scenes, "lbrn2"), theme, layers)
