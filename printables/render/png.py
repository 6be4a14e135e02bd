"""Scene -> PNG, drawn straight onto a cairo image surface (cairocffi, the library cairosvg
is built on). Drawing the Scene directly is about ten times faster than writing SVG and
parsing it back with cairosvg, which was most of the kit's time. Needs the system cairo
library; every other output works without it."""

from __future__ import annotations

import io
import math
from typing import Mapping

from printables.errors import RenderError
from printables.geometry import Segment
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene, Text, from_shape
from printables.render.theme import HALO, Ink, ink

DEFAULT_DPI = 150
FONT_FACE = "DejaVu Sans"  # Bitstream Vera's metric-compatible successor, on most systems
CAIRO_HINT = ("PNG output needs the system cairo library (Debian/Ubuntu: apt-get install "
              "libcairo2; macOS: brew install cairo); SVG, PDF and JSON work without it")
_CAPS = {"butt": 0, "round": 1, "square": 2}


def _cairo():
    try:
        import cairocffi
    except (ImportError, OSError):
        raise RenderError(CAIRO_HINT) from None
    return cairocffi


def png_available() -> bool:
    """True when cairocffi and the cairo library can be loaded."""
    try:
        _cairo()
    except RenderError:
        return False
    return True


def _rgb(value: str) -> tuple[float, float, float]:
    v = value.lstrip("#")
    return tuple(int(v[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


class _Painter:
    def __init__(self, ctx, theme: Mapping[str, Ink]) -> None:
        self.ctx = ctx
        self.theme = theme

    def trace(self, parts, closed: bool) -> None:
        ctx = self.ctx
        current = None
        for part in parts:
            if current is None or not part.start.is_close(current, 1e-4):
                ctx.move_to(part.start.x, part.start.y)
            if isinstance(part, Segment):
                ctx.line_to(part.b.x, part.b.y)
            else:
                a0, a1 = math.radians(part.start_angle), math.radians(part.end_angle)
                arc = ctx.arc if part.sweep > 0 else ctx.arc_negative
                arc(part.center.x, part.center.y, part.radius, a0, a1)
            current = part.end
        if closed:
            ctx.close_path()

    def paint(self, style: str, width: float | None, closed: bool) -> None:
        i = ink(self.theme, style)
        ctx = self.ctx
        w = width if width is not None else i.width
        if i.fill and closed:
            ctx.set_source_rgb(*_rgb(i.fill))
            ctx.fill_preserve()
        if i.stroke and w > 0:
            ctx.set_source_rgb(*_rgb(i.stroke))
            ctx.set_line_width(w)
            ctx.set_line_cap(_CAPS[i.cap] if not closed else 0)
            ctx.set_line_join(1)
            ctx.stroke_preserve()
        ctx.new_path()

    def draw(self, item: Item) -> None:
        ctx = self.ctx
        if isinstance(item, Polygon):
            ctx.move_to(item.points[0].x, item.points[0].y)
            for p in item.points[1:]:
                ctx.line_to(p.x, p.y)
            ctx.close_path()
            self.paint(item.style, None, True)
        elif isinstance(item, Circle):
            ctx.new_sub_path()
            ctx.arc(item.center.x, item.center.y, item.radius, 0, 2 * math.pi)
            self.paint(item.style, None, True)
        elif isinstance(item, Path):
            self.trace(item.parts, item.closed)
            self.paint(item.style, item.width, item.closed)
        elif isinstance(item, Text):
            self.text(item)
        elif isinstance(item, Group):
            ctx.save()
            if item.clip is not None:
                clip = from_shape(item.clip, "default")
                self.draw_path_only(clip)
                ctx.clip()
            for child in item.items:
                self.draw(child)
            ctx.restore()
        else:
            raise TypeError(f"cannot render {type(item).__name__}")

    def draw_path_only(self, item: Item) -> None:
        ctx = self.ctx
        if isinstance(item, Polygon):
            self.trace([Segment(a, b) for a, b in zip(item.points, item.points[1:] + item.points[:1])],
                       True)
        elif isinstance(item, Circle):
            ctx.new_sub_path()
            ctx.arc(item.center.x, item.center.y, item.radius, 0, 2 * math.pi)
        elif isinstance(item, Path):
            self.trace(item.parts, True)

    def text(self, item: Text) -> None:
        i = ink(self.theme, item.style)
        ctx = self.ctx
        ctx.save()
        ctx.select_font_face(FONT_FACE, 0, 1 if i.font == "sans-bold" else 0)
        ctx.set_font_size(item.size)
        ctx.translate(item.position.x, item.position.y)
        ctx.rotate(math.radians(item.rotation))
        ctx.scale(1, -1)  # text reads upright in the y-up frame
        width = ctx.text_extents(item.text)[4]
        dx = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor]
        ctx.move_to(dx, 0)
        if i.halo:  # the outline first, the letters on top
            ctx.text_path(item.text)
            ctx.set_source_rgb(*_rgb(i.halo))
            ctx.set_line_width(item.size * HALO)
            ctx.set_line_join(1)
            ctx.stroke()
            ctx.move_to(dx, 0)
        ctx.set_source_rgb(*_rgb(i.fill or "#000000"))
        ctx.show_text(item.text)
        ctx.restore()


def render_png(scene: Scene, theme: Mapping[str, Ink], dpi: int = DEFAULT_DPI) -> bytes:
    """PNG bytes of a scene at dpi on a white background; pixel size = mm / 25.4 * dpi."""
    cairo = _cairo()
    width = round(scene.width / 25.4 * dpi)
    height = round(scene.height / 25.4 * dpi)
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    k = dpi / 25.4
    ctx.translate(0, height)
    ctx.scale(k, -k)  # mm, y up
    painter = _Painter(ctx, theme)
    for item in scene.items:
        painter.draw(item)
    surface.flush()
    buf = io.BytesIO()
    surface.write_to_png(buf)
    return buf.getvalue()
