"""Scene -> SVG bytes through svgwrite: the one module that writes SVG, for print and laser.

Every SVG the project writes (boards, setups, piece sheets, laser sheets) comes from
:func:`render_svg`. Guarantees in both modes: width and height in mm, a viewBox in mm,
y flipped from the Scene's y-up, arcs as ``A`` commands and full circles as ``<circle>``,
named groups as Inkscape layers, text escaped (characters XML forbids dropped), and the
same scene gives the same bytes (svgwrite writes attributes sorted; numbers are ours).

``laser=True`` is the mode for cutter software. Our rulings for it: every closed run of a
path ends with ``Z`` (an unclosed run is an open line a cutter cannot fill), filled
(engraved) paths are one compound path with ``fill-rule="evenodd"`` so nested outlines
knock out, a ``<text>`` item is an error (laser lettering is outlines), and the sheet's
note goes in ``<title>`` and ``<desc>``. Print mode draws a text halo as a stroked copy of
the text under it (renderers such as cairosvg ignore ``paint-order``).

svgwrite runs with ``debug=False`` in production; tests set :data:`VALIDATE` so svgwrite's
validator checks every element and attribute the products write. Speed: attributes are set
once per element, numbers formatted once per document, and :func:`_xml` writes svgwrite's
elements in one pass instead of svgwrite's get_xml() copy into ElementTree and ElementTree's
serialiser (Network's board SVG: 2.1 ms of cpu before, 1.1 ms after); under :data:`VALIDATE` every
document is also written by svgwrite's own ``tostring()`` and the two texts must agree.
"""

from __future__ import annotations

import gc
import re
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import svgwrite
from svgwrite.base import Desc, Title
from svgwrite.container import Group as SvgGroup
from svgwrite.extensions import Inkscape
from svgwrite.masking import ClipPath
from svgwrite.path import Path as SvgPath
from svgwrite.shapes import Circle as SvgCircle
from svgwrite.shapes import Polygon as SvgPolygon
from svgwrite.shapes import Polyline as SvgPolyline
from svgwrite.text import Text as SvgText
from svgwrite.utils import strlist

from printables.geometry import Arc, Part, Segment
from printables.render.paths import halves, is_full, runs
from printables.render.scene import (
    Circle,
    Group,
    Item,
    Path,
    Polygon,
    Scene,
    Text,
    from_shape,
    one_page,
)
from printables.render.theme import HALO, Ink, ink

FONT_FAMILY = "Bitstream Vera Sans, DejaVu Sans, Verdana, sans-serif"
#: Tests set this to True: svgwrite then validates every element and attribute.
VALIDATE = False

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """Text without the characters XML 1.0 forbids (svgwrite escapes the rest).

    >>> xml_text('a<b\x07')
    'a<b'
    """
    return _NOT_XML.sub("", text)


def num(v: float) -> str:
    """A compact, deterministic decimal for SVG coordinates (4 decimals, 0.1 micron).

    >>> num(1.50000), num(-0.00001), num(2.0)
    ('1.5', '0', '2')
    """
    s = f"{v:.4f}".rstrip("0")  # correctly rounded, like round(v, 4)
    if s[-1] == ".":
        s = s[:-1]
    return "0" if s == "-0" else s


class _Writer:
    """One document: page height (for the y flip), theme, mode, clip count, paint cache."""

    def __init__(self, dwg: svgwrite.Drawing, scene: Scene, theme: Mapping[str, Ink],
                 laser: bool) -> None:
        self.dwg = dwg
        self.h = scene.height
        self.theme = theme
        self.laser = laser
        self.clips = 0
        self._paint: dict[tuple[str, float | None, bool], dict[str, str]] = {}
        self._nums: dict[float, str] = {}
        self.check = dwg.debug

    def num(self, v: float) -> str:
        """num(v), each value formatted once per document (a grid repeats its coordinates)."""
        s = self._nums.get(v)
        if s is None:
            s = self._nums[v] = num(v)
        return s

    def make(self, el: Any, attrs: Mapping[str, str]) -> Any:
        """el with attrs set in one step; through svgwrite's checks when it validates."""
        if self.check:
            el.update(attrs)
        else:
            el.attribs.update(attrs)
        return el

    def paint(self, style: str, width: float | None = None, closed: bool = True) -> dict[str, str]:
        key = (style, width, closed)
        if key not in self._paint:
            self._paint[key] = (self._laser_paint if self.laser else self._print_paint)(
                ink(self.theme, style), width, closed)
        return self._paint[key]

    @staticmethod
    def _print_paint(i: Ink, width: float | None, closed: bool) -> dict[str, str]:
        w = width if width is not None else i.width
        out = {"fill": i.fill if (i.fill and closed) else "none"}
        if i.stroke and w > 0:
            out.update({"stroke": i.stroke, "stroke-width": num(w), "stroke-linejoin": "round"})
            if not closed:
                out["stroke-linecap"] = i.cap
        return out

    @staticmethod
    def _laser_paint(i: Ink, width: float | None, closed: bool) -> dict[str, str]:
        out = {"fill": i.fill or "none"}
        if i.fill:
            out["fill-rule"] = "evenodd"
        if i.stroke:
            out.update({"stroke": i.stroke, "stroke-width": num(i.width)})
        return out

    def path_d(self, parts: Sequence[Part], closed: bool) -> str:
        """M at every gap; Z after a closed path's runs that return to their start (print
        mode also closes its last run, as SVG's closepath always did here)."""
        out: list[str] = []
        h = self.h
        found = runs(parts)
        for k, run in enumerate(found):
            out.append(f"M{num(run.start[0])} {num(h - run.start[1])}")
            for part, (x, y) in zip(run.parts, run.ends, strict=True):
                if type(part) is Segment:
                    out.append(f"L{num(x)} {num(h - y)}")
                elif is_full(part):
                    out.extend(self.arc_d(a, a.end.x, a.end.y) for a in halves(part))
                else:
                    out.append(self.arc_d(part, x, y))
            if closed and (run.closes or (not self.laser and k == len(found) - 1)):
                out.append("Z")
        return " ".join(out)

    def arc_d(self, arc: Arc, x: float, y: float) -> str:
        """The A command of an arc (under a full turn) ending at (x, y), y up."""
        large = 1 if abs(arc.sweep) > 180.0 else 0
        # ccw in y-up stays ccw on screen after the flip: SVG sweep-flag 0 (negative angles)
        sweep = 0 if arc.sweep > 0 else 1
        r = num(arc.radius)
        return f"A{r} {r} 0 {large} {sweep} {num(x)} {num(self.h - y)}"

    def element(self, item: Item) -> Any:
        f, n, h = self.dwg, self.num, self.h
        if isinstance(item, Path):
            paint = self.paint(item.style, item.width, item.closed)
            if item.fill_rule and not self.laser and paint["fill"] != "none":
                paint = {**paint, "fill-rule": item.fill_rule}
            return self.make(SvgPath(d=self.path_d(item.parts, item.closed), factory=f), paint)
        if isinstance(item, Polygon):
            pts = [(n(p.x), n(h - p.y)) for p in item.points]
            return self.make(SvgPolygon(pts, factory=f), self.paint(item.style))
        if isinstance(item, Circle):
            return self.make(SvgCircle(factory=f), {
                "cx": n(item.center.x), "cy": n(h - item.center.y), "r": n(item.radius),
                **self.paint(item.style)})
        if isinstance(item, Group):
            return self.group(item)
        if isinstance(item, Text):
            if self.laser:
                raise TypeError("a laser sheet cannot hold text; engrave its outlines")
            return self.text(item)
        raise TypeError(f"cannot render {type(item).__name__}")

    def text(self, item: Text) -> Any:
        """One <text>, or a group of a stroked halo copy and the letters on top of it."""
        i = ink(self.theme, item.style)
        x, y = self.num(item.position.x), self.num(self.h - item.position.y)
        at = {"x": x, "y": y, "font-size": num(item.size), "text-anchor": item.anchor}
        if i.font == "sans-bold":
            at["font-weight"] = "bold"
        if item.rotation:
            at["transform"] = f"rotate({num(-item.rotation)} {x} {y})"
        words = xml_text(item.text)
        letters = self.make(SvgText(words, factory=self.dwg), {**at, "fill": i.fill or "#000000"})
        if not i.halo:
            return letters
        g = SvgGroup(factory=self.dwg)
        g.add(self.make(SvgText(words, factory=self.dwg), {
            **at, "fill": i.halo, "stroke": i.halo, "stroke-width": num(item.size * HALO),
            "stroke-linejoin": "round"}))
        g.add(letters)
        return g

    def group(self, item: Group) -> Any:
        g = SvgGroup(factory=self.dwg)
        if item.layer:
            g.update({"id": "layer-" + _name(item.layer), "inkscape:groupmode": "layer",
                      "inkscape:label": xml_text(item.layer)})
        if item.clip is not None:
            self.clips += 1
            clip = ClipPath(id=f"clip{self.clips}", factory=self.dwg)
            clip.add(self.element(from_shape(item.clip, "default")))
            self.dwg.defs.add(clip)
            g["clip-path"] = f"url(#clip{self.clips})"
        for child in item.items:
            g.add(self.element(child))
        return g


def _name(layer: str) -> str:
    """A layer name as an XML id (letters, digits, '-', '_', '.'; anything else '_')."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", layer)


def _drawing(scene: Scene, laser: bool, debug: bool) -> svgwrite.Drawing:
    w, h = num(scene.width), num(scene.height)
    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", debug=debug,
                           profile="full")
    Inkscape(dwg)
    if not laser:
        dwg["font-family"] = FONT_FAMILY
    if scene.title:
        note = xml_text(scene.title)
        dwg.set_desc(title=note, desc=note if laser else None)
    return dwg


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while documents are built.

    An element tree holds no reference cycles (reference counting frees it), but each
    element is a few container objects, and every time a build has made enough of them
    the collector walks the whole heap: on a 80 x 80 board one such pass cost more than
    building the rest of the document, so time grew faster than the number of spaces.
    Builds in several threads at once (the web server) share one pause: the first to
    start records whether the collector ran and stops it, the last to finish restores
    that (also on an error), so a caller that turned the collector off keeps it off."""
    global _building, _was_on
    with _pause_lock:
        if _building == 0:
            _was_on = gc.isenabled()
            gc.disable()
        _building += 1
    try:
        yield
    finally:
        with _pause_lock:
            _building -= 1
            if _building == 0 and _was_on:
                gc.enable()


_pause_lock = threading.Lock()
_building = 0  # documents being built now, in all threads
_was_on = True  # whether the collector ran when the first of them started


def render_svg(scene: Scene, theme: Mapping[str, Ink], laser: bool = False) -> bytes:
    """The SVG document of a scene, UTF-8 bytes, same scene same bytes; laser=True writes
    the cutter mode (see the module docstring). Raises TypeError for text on a laser sheet."""
    with _no_cycle_collection():
        return _document(scene, theme, laser)


def _document(scene: Scene, theme: Mapping[str, Ink], laser: bool) -> bytes:
    dwg = _drawing(scene, laser, VALIDATE)
    w = _Writer(dwg, scene, theme, laser)
    for item in scene.items:
        dwg.add(w.element(item))
    if not dwg.defs.elements:  # svgwrite always holds a <defs>; write it only when used
        dwg.elements.remove(dwg.defs)
    out: list[str] = []
    _xml(dwg, out)
    body = "".join(out)
    if VALIDATE and body != dwg.tostring():
        raise AssertionError("svg._xml wrote other bytes than svgwrite's tostring()")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8")


_ATTRIB = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                         "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"})
_CDATA = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIB_ESCAPED = re.compile('[&<>"\r\n\t]').search  # most values hold none: skip translate


def _escape(value: str) -> str:
    """An attribute value escaped as ElementTree escapes it."""
    return value.translate(_ATTRIB) if _ATTRIB_ESCAPED(value) else value


def _attribs(el: Any) -> dict[str, Any]:
    """An svgwrite element's attributes as its get_xml() sets them (the root's namespaces
    and profile, a path's d, a polygon's points)."""
    if isinstance(el, svgwrite.Drawing):
        return {**el.attribs, "xmlns": "http://www.w3.org/2000/svg",
                "xmlns:xlink": "http://www.w3.org/1999/xlink",
                "xmlns:ev": "http://www.w3.org/2001/xml-events",
                "baseProfile": el.profile, "version": el.version}
    if type(el) is SvgPath:
        return {**el.attribs, "d": strlist(el.commands, " ")}
    if type(el) is SvgPolygon or type(el) is SvgPolyline:
        return {**el.attribs, "points": " ".join([f"{x},{y}" for x, y in el.points])}
    attribs: dict[str, Any] = el.attribs
    return attribs


def _xml(el: Any, out: list[str]) -> None:
    """Append the XML of an svgwrite element and its children to out: the text svgwrite's
    tostring() writes (its get_xml() tree through ElementTree: attributes sorted, None and
    empty values left out, ' />' for an empty element), without building that tree. A kind
    of element this module does not make is written by svgwrite itself."""
    cls = type(el)
    if cls is Title or cls is Desc:
        words = el.xml.text
        out.append(f"<{cls.elementname}>{words.translate(_CDATA)}</{cls.elementname}>"
                   if words else f"<{cls.elementname} />")
        return
    if cls not in _KNOWN and not isinstance(el, svgwrite.Drawing):
        out.append(ET.tostring(el.get_xml(), encoding="unicode"))
        return
    name = cls.elementname
    out.append("<" + name)
    for key, value in sorted(_attribs(el).items()):
        if value is not None:
            text = str(value)
            if text:
                out.append(f' {key}="{_escape(text)}"')
    words = str(el.text) if cls is SvgText else ""
    if not words and not el.elements:
        out.append(" />")
        return
    out.append(">" + words.translate(_CDATA))
    for child in el.elements:
        _xml(child, out)
    out.append(f"</{name}>")


#: The svgwrite elements _Writer makes, written by _xml; others go through svgwrite.
_KNOWN = frozenset({SvgGroup, SvgPath, SvgPolygon, SvgPolyline, SvgCircle, SvgText, ClipPath,
                    svgwrite.container.Defs})


def svg_file(scenes: Sequence[Scene], theme: Mapping[str, Ink], *, laser: bool = False,
             **_: Any) -> bytes:
    """The SVG file of a one-page scene list (the entry of render.RENDERERS)."""
    return render_svg(one_page(scenes, "svg"), theme, laser=laser)
