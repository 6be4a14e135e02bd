"""Scene -> PDF bytes with reportlab: exact page sizes, Vera fonts embedded, invariant output,
TrimBox on every page. draw_scene() also places a scene on any canvas (booklets, tiles).

Every embedded font subset gets its own six-letter tag (ISO 32000-1, 9.6.4): reportlab
names the first subset of each font AAAAAA+, so a page with Vera and Vera Bold carried two
fonts under one tag, and preflight tools and RIPs that trust tags may swap their glyphs.
Our Canvas renames them in order of first appearance (AAAAAA, AAAAAB, ...) as it writes the
file; a tag keeps its length, so the file's offsets hold and the bytes stay deterministic.

Ruling: reportlab takes some settings only from its module globals (rl_config), and reads them
when a canvas writes its file (save). Our Canvas puts ours (SETTINGS) in force for its save
and the process's own back after, so they hold for every PDF we write, whatever else in the
process uses reportlab, and for nothing else. Font metrics are render.fonts'.
"""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

from printables.geometry import Part, Segment
from printables.render.fonts import font_name, register_fonts
from printables.render.paths import runs
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene, Text, from_shape
from printables.render.theme import HALO, Ink, ink
from printables.units import PT_PER_MM

#: reportlab's global settings while one of our canvases writes its file: binary Flate
#: streams, a quarter smaller than ASCII85 text
SETTINGS = {"useA85": 0}
_writing = 0  # our canvases writing now (threads of one process may write at once)
_saved: dict[str, Any] = {}
_lock = threading.Lock()


@contextmanager
def _settings() -> Iterator[None]:
    """SETTINGS in force for the block (nested and concurrent blocks share them); the values
    they replaced come back when the last block ends."""
    global _writing
    with _lock:
        if _writing == 0:
            _saved.update({k: getattr(rl_config, k) for k in SETTINGS})
            for k, v in SETTINGS.items():
                setattr(rl_config, k, v)
        _writing += 1
    try:
        yield
    finally:
        with _lock:
            _writing -= 1
            if _writing == 0:
                for k, v in _saved.items():
                    setattr(rl_config, k, v)


def subset_tag(n: int) -> str:
    """The n-th six-letter subset tag (0 -> AAAAAA, 1 -> AAAAAB, ...).

    >>> subset_tag(0), subset_tag(27)
    ('AAAAAA', 'AAAABB')
    """
    letters = []
    for _ in range(6):
        n, r = divmod(n, 26)
        letters.append(chr(ord("A") + r))
    return "".join(reversed(letters))


#: A subset's name where reportlab writes it: a font's /BaseFont, its descriptor's /FontName.
_SUBSET_NAME = re.compile(rb"(/(?:BaseFont|FontName) /)([A-Z]{6})\+([^\s/\[\]<>(){}%]+)")


def unique_subset_tags(pdf: bytes) -> bytes:
    """The PDF with every distinct font subset (tag and font name) tagged AAAAAA, AAAAAB, ...
    in order of first appearance; the same length, so its cross-reference table holds.

    >>> unique_subset_tags(b"/BaseFont /AAAAAA+Vera /FontName /AAAAAA+Vera-Bold")
    b'/BaseFont /AAAAAA+Vera /FontName /AAAAAB+Vera-Bold'
    """
    tags: dict[tuple[bytes, bytes], bytes] = {}

    def retag(m: re.Match[bytes]) -> bytes:
        key = (m.group(2), m.group(3))
        if key not in tags:
            tags[key] = subset_tag(len(tags)).encode()
        return m.group(1) + tags[key] + b"+" + m.group(3)
    return _SUBSET_NAME.sub(retag, pdf)


class Canvas(rl_canvas.Canvas):  # type: ignore[misc]  # reportlab ships no types
    """A reportlab canvas that writes its file with our SETTINGS and a tag of its own for
    every font subset (booklets pass it to platypus as canvasmaker; new_canvas makes one)."""

    def save(self) -> None:
        """Write the file (to the file object the canvas was made with), with SETTINGS in
        force while reportlab formats it."""
        with _settings():
            data = self.getpdfdata()
        self._filename.write(unique_subset_tags(data))


def new_canvas(buf: io.BytesIO, width: float, height: float, title: str = "") -> rl_canvas.Canvas:
    """A reportlab canvas in points, deterministic (invariant), with Vera as its initial font."""
    register_fonts()
    c = Canvas(buf, pagesize=(width * PT_PER_MM, height * PT_PER_MM), invariant=1,
                         initialFontName="Vera", pageCompression=1)
    c.setCreator("printables")
    c.setAuthor("printables")
    if title:
        c.setTitle(title)
    return c


#: A path's fill rule -> reportlab's fill mode (a path without one keeps the canvas's).
FILL_MODES = {"nonzero": FILL_NON_ZERO, "evenodd": FILL_EVEN_ODD}

_COLORS: dict[str, HexColor] = {}


def _color(value: str) -> HexColor:
    """The reportlab colour of a hex string, parsed once per process (reportlab only reads
    a colour object; a page sets one for nearly every item)."""
    found = _COLORS.get(value)
    if found is None:
        found = _COLORS[value] = HexColor(value)
    return found


def _path(c: rl_canvas.Canvas, parts: Sequence[Part], closed: bool) -> Any:
    p = c.beginPath()
    for run in runs(parts):
        p.moveTo(*run.start)
        for part in run.parts:
            if isinstance(part, Segment):
                p.lineTo(part.b.x, part.b.y)
            else:
                cx, cy, r = part.center.x, part.center.y, part.radius
                p.arcTo(cx - r, cy - r, cx + r, cy + r, startAng=part.start_angle,
                        extent=part.sweep)
    if closed:
        p.close()
    return p


class _Painter:
    def __init__(self, c: rl_canvas.Canvas, theme: Mapping[str, Ink]) -> None:
        self.c = c
        self.theme = theme

    def set_ink(self, style: str, width: float | None, closed: bool) -> tuple[int, int]:
        i = ink(self.theme, style)
        fill = bool(i.fill) and closed
        w = width if width is not None else i.width
        stroke = bool(i.stroke) and w > 0
        if fill and i.fill:
            self.c.setFillColor(_color(i.fill))
        if stroke and i.stroke:
            self.c.setStrokeColor(_color(i.stroke))
            self.c.setLineWidth(w)
            self.c.setLineCap({"butt": 0, "round": 1, "square": 2}[i.cap] if not closed else 0)
            self.c.setLineJoin(1)
        return int(fill), int(stroke)

    def draw(self, item: Item) -> None:
        c = self.c
        if isinstance(item, Polygon):
            fill, stroke = self.set_ink(item.style, None, True)
            if fill or stroke:
                p = c.beginPath()
                p.moveTo(item.points[0].x, item.points[0].y)
                for pt in item.points[1:]:
                    p.lineTo(pt.x, pt.y)
                p.close()
                c.drawPath(p, fill=fill, stroke=stroke)
        elif isinstance(item, Circle):
            fill, stroke = self.set_ink(item.style, None, True)
            if fill or stroke:
                c.circle(item.center.x, item.center.y, item.radius, fill=fill, stroke=stroke)
        elif isinstance(item, Path):
            fill, stroke = self.set_ink(item.style, item.width, item.closed)
            if fill or stroke:
                c.drawPath(_path(c, item.parts, item.closed), fill=fill, stroke=stroke,
                           fillMode=FILL_MODES.get(item.fill_rule or ""))
        elif isinstance(item, Text):
            self.text(item)
        elif isinstance(item, Group):
            self.group(item)
        else:
            raise TypeError(f"cannot render {type(item).__name__}")

    def text(self, item: Text) -> None:
        i = ink(self.theme, item.style)
        c = self.c
        c.saveState()
        c.setFillColor(_color(i.fill or "#000000"))
        c.setFont(font_name(i.font), item.size)
        c.translate(item.position.x, item.position.y)
        if item.rotation:
            c.rotate(item.rotation)
        if i.halo:  # the outline first (text render mode 1: stroke only), letters on top
            width = pdfmetrics.stringWidth(item.text, font_name(i.font), item.size)
            x = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor]
            c.saveState()  # the render mode lives in the graphics state: restore ends it
            c.setStrokeColor(_color(i.halo))
            c.setLineWidth(item.size * HALO)
            c.setLineJoin(1)
            t = c.beginText(x, 0)
            t.setFont(font_name(i.font), item.size)
            t.setTextRenderMode(1)
            t.textOut(item.text)
            c.drawText(t)
            c.restoreState()
        {"start": c.drawString, "middle": c.drawCentredString,
         "end": c.drawRightString}[item.anchor](0, 0, item.text)
        c.restoreState()

    def group(self, item: Group) -> None:
        self.c.saveState()
        if item.clip is not None:
            clip = from_shape(item.clip, "default")
            if isinstance(clip, Circle):
                p = self.c.beginPath()
                p.circle(clip.center.x, clip.center.y, clip.radius)
            elif isinstance(clip, Polygon):
                p = _path(self.c, [Segment(a, b) for a, b in
                                   zip(clip.points, clip.points[1:] + clip.points[:1])], True)
            else:
                assert isinstance(clip, Path)  # from_shape gives a Path for any other shape
                p = _path(self.c, clip.parts, True)
            self.c.clipPath(p, stroke=0, fill=0)
        for child in item.items:
            self.draw(child)
        self.c.restoreState()


def draw_scene(c: rl_canvas.Canvas, scene: Scene, theme: Mapping[str, Ink],
               x: float = 0.0, y: float = 0.0, scale: float = 1.0) -> None:
    """Draw a scene on a canvas whose user units are points, its origin at (x, y) mm."""
    c.saveState()
    c.scale(PT_PER_MM, PT_PER_MM)
    c.translate(x, y)
    c.scale(scale, scale)
    painter = _Painter(c, theme)
    for item in scene.items:
        painter.draw(item)
    c.restoreState()


def render_pdf(pages: Sequence[Scene], theme: Mapping[str, Ink], title: str = "") -> bytes:
    """A PDF with one page per scene, each page exactly its scene's size, TrimBox = page."""
    buf = io.BytesIO()
    c = new_canvas(buf, pages[0].width, pages[0].height, title or pages[0].title)
    for scene in pages:
        w, h = scene.width * PT_PER_MM, scene.height * PT_PER_MM
        c.setPageSize((w, h))
        c.setTrimBox((0, 0, w, h))
        draw_scene(c, scene, theme)
        c.showPage()
    c.save()
    return buf.getvalue()


def pdf_file(scenes: Sequence[Scene], theme: Mapping[str, Ink], *, title: str = "",
             **_: Any) -> bytes:
    """The PDF file of the scenes, a page each (the entry of render.RENDERERS)."""
    return render_pdf(scenes, theme, title=title)
