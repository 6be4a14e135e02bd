"""Scene -> DXF bytes (needs ezdxf, the optional `dxf` extra): millimetres, one DXF layer per
scene layer, true arcs.

Every run of a path (end to end segments and arcs) becomes one LWPOLYLINE, arcs kept exact
as bulges; a run that returns to its start, and every circle, is a *closed* LWPOLYLINE, so
laser software sees each cut as one closed shape. Paths in a filled style (engraved areas)
become solid HATCH entities with the same polyline boundaries. Each layer gets the
profile's colour as true colour and the nearest AutoCAD colour index (ACI) for programs
that ignore true colour. Units are declared as millimetres ($INSUNITS = 4, $MEASUREMENT =
1) and the header's $EXTMIN/$EXTMAX hold the drawing's extents. Layers a caller names as
`hidden` (a laser sheet's reference: measured, never cut) are off and set not to plot. Same
scene, same bytes: the time stamps and GUIDs ezdxf would write are fixed.
"""

from __future__ import annotations

import io
import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from printables.geometry import Arc, Part, bbox_of
from printables.render.paths import Run, halves, runs
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene, one_page
from printables.render.theme import Ink, ink


def rgb(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' as a tuple of ints.

    >>> rgb("#00A000")
    (0, 160, 0)
    """
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def aci(colour: str) -> int:
    """The AutoCAD colour index nearest to a '#rrggbb' colour (1..255; 7 for black).

    >>> aci("#FF0000"), aci("#0000FF"), aci("#000000")
    (1, 5, 7)
    """
    from ezdxf.colors import DXF_DEFAULT_COLORS, int2rgb
    r, g, b = rgb(colour)
    if (r, g, b) in ((0, 0, 0), (255, 255, 255)):
        return 7

    def dist(i: int) -> int:
        q = int2rgb(DXF_DEFAULT_COLORS[i])
        return int((q[0] - r) ** 2 + (q[1] - g) ** 2 + (q[2] - b) ** 2)
    return min(range(1, 256), key=lambda i: (dist(i), i))


def _colour(i: Ink) -> str:
    return (i.stroke or i.fill or "#000000").upper()


def _bulge_points(run: Run, closed: bool) -> list[tuple[float, float, float]]:
    """(x, y, bulge) vertices of a run; full circles split into two halves; an open run
    ends with its last point."""
    pts = []
    for p in run.parts:
        for q in (halves(p) if isinstance(p, Arc) else [p]):
            bulge = math.tan(math.radians(q.sweep) / 4) if isinstance(q, Arc) else 0.0
            pts.append((q.start.x, q.start.y, bulge))
    if not closed:
        pts.append((*run.ends[-1], 0.0))
    return pts


class _Writer:
    def __init__(self, doc: Any, theme: Mapping[str, Ink],
                 layers: Mapping[str, tuple[str, str]], hidden: Collection[str] = ()) -> None:
        self.doc = doc
        self.msp = doc.modelspace()
        self.theme = theme
        self.layers = layers
        self.hidden = hidden

    def layer(self, name: str | None) -> tuple[str, str]:
        """DXF layer name and its colour for a scene layer, created on first use."""
        dxf_name, style = self.layers.get(name or "", ((name or "0").upper(), "default"))
        colour = _colour(ink(self.theme, style))
        if dxf_name not in self.doc.layers:
            lay = self.doc.layers.add(dxf_name)
            lay.color = aci(colour)
            lay.rgb = rgb(colour)
            if name in self.hidden:
                lay.off()
                lay.dxf.plot = 0
        return dxf_name, colour

    def attribs(self, layer: tuple[str, str], style: str) -> dict[str, Any]:
        colour = _colour(ink(self.theme, style))
        out: dict[str, Any] = {"layer": layer[0]}
        if colour != layer[1]:
            r, g, b = rgb(colour)
            out["true_color"] = (r << 16) | (g << 8) | b
        return out

    def polylines(self, parts: Sequence[Part], at: dict[str, Any]) -> None:
        for run in runs(parts):
            closed = run.closes
            self.msp.add_lwpolyline(_bulge_points(run, closed), format="xyb", close=closed,
                                    dxfattribs=at)

    def hatch(self, parts: Sequence[Part], at: dict[str, Any]) -> None:
        h = self.msp.add_hatch(dxfattribs=at)
        h.set_solid_fill(color=aci(_colour(ink(self.theme, "engrave"))), style=0)
        if "true_color" in at:
            h.dxf.true_color = at["true_color"]
        for run in runs(parts):
            h.paths.add_polyline_path(_bulge_points(run, True), is_closed=True)

    def item(self, it: Item, layer: tuple[str, str]) -> None:
        if isinstance(it, Group):
            inner = self.layer(it.layer) if it.layer else layer
            for child in it.items:
                self.item(child, inner)
            return
        at = self.attribs(layer, getattr(it, "style", "default"))
        if isinstance(it, Circle):
            self.polylines((Arc(it.center, it.radius, 0.0, 360.0),), at)
        elif isinstance(it, Polygon):
            self.msp.add_lwpolyline([(p.x, p.y) for p in it.points], close=True, dxfattribs=at)
        elif isinstance(it, Path) and it.closed and ink(self.theme, it.style).fill:
            self.hatch(it.parts, at)
        elif isinstance(it, Path):
            self.polylines(it.parts, at)
        else:
            raise TypeError(f"no DXF entity for {type(it).__name__}")


def _scene_parts(items: Sequence[Item]) -> list[Any]:
    """Every segment, arc and point the scene draws (its exact extent)."""
    out: list[Any] = []
    for it in items:
        if isinstance(it, Group):
            out += _scene_parts(it.items)
        elif isinstance(it, Circle):
            out.append(Arc(it.center, it.radius, 0.0, 360.0))
        elif isinstance(it, Polygon):
            out += list(it.points)
        elif isinstance(it, Path):
            out += list(it.parts)
    return out


def _set_extents(doc: Any, scene: Scene) -> None:
    """$EXTMIN/$EXTMAX: the exact extent of what is drawn (arcs by their true extreme
    points; ezdxf's own pass bounds a bulge by its control points, a little loose)."""
    parts = _scene_parts(scene.items)
    if not parts:
        return
    x0, y0, x1, y1 = bbox_of(parts)
    msp = doc.modelspace()  # ezdxf copies the model space's extents to the header on write
    msp.dxf.extmin = doc.header["$EXTMIN"] = (x0, y0, 0.0)
    msp.dxf.extmax = doc.header["$EXTMAX"] = (x1, y1, 0.0)


def _fix_class_order(doc: Any) -> None:
    """Register the CLASS entries in a fixed order: ezdxf adds one per entity type in use
    in the order of a set, which changes with Python's hash seed, so two runs could write
    different bytes. The required classes first (as ezdxf has them), then the rest sorted;
    ezdxf's own pass at writing then finds them all present."""
    from ezdxf.sections.classes import REQ_R2004, REQUIRED_CLASSES
    for name in [*REQUIRED_CLASSES.get(doc.dxfversion, REQ_R2004),
                 *sorted(doc.entitydb.dxf_types_in_use())]:
        doc.classes.add_class(name)


def render_dxf(scene: Scene, theme: Mapping[str, Ink],
               layers: Mapping[str, tuple[str, str]] | None = None,
               hidden: Collection[str] = ()) -> bytes:
    """The DXF file of a scene, in mm; layers maps a scene layer to (DXF layer name, style
    key of the layer's colour); the scene layers in hidden get a DXF layer that is off and
    does not plot. Raises ImportError without ezdxf."""
    import ezdxf
    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no clock, no random GUIDs
    try:
        doc = ezdxf.new("R2010", units=4, setup=False)
        doc.header["$INSUNITS"] = 4
        doc.header["$MEASUREMENT"] = 1
        w = _Writer(doc, theme, layers or {}, hidden)
        for name in (layers or {}):
            w.layer(name)
        for item in scene.items:
            w.item(item, w.layer(None) if not isinstance(item, Group) else ("0", "#000000"))
        _set_extents(doc, scene)
        _fix_class_order(doc)
        stream = io.StringIO()
        doc.write(stream)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed
    return stream.getvalue().encode(doc.output_encoding)


def dxf_file(scenes: Sequence[Scene], theme: Mapping[str, Ink], *,
             layers: Mapping[str, tuple[str, str]] | None = None, hidden: Collection[str] = (),
             **_: Any) -> bytes:
    """The DXF file of a one-page scene list (the entry of render.RENDERERS)."""
    return render_dxf(one_page(scenes, "dxf"), theme, layers, hidden)
