"""Scene -> PNG: cairosvg's rendering of the very SVG :func:`render_svg` writes.

A PNG is never drawn separately, so it cannot disagree with the SVG a user opens. cairosvg
draws the page at the requested dpi (pixels = mm / 25.4 * dpi), then white goes under it;
Pillow (which cairosvg depends on) then writes the pixels as an opaque RGB PNG at zlib
level 3. Measured on the kit's 14 previews: 180 ms and 1.38 MB, against 270 ms and 1.30 MB
at level 6 and 450 ms and 1.48 MB for cairo's own RGBA writer. Same SVG, same bytes: the
file holds no clock. Every PNG carries a pHYs chunk with its dpi (as pixels per metre), so
"print at 100 %" from an image viewer gives the true size.

Our ruling on size: a raster above :data:`MAX_PIXELS` is refused with a RenderError that
names the largest dpi that fits (cairo would otherwise need gigabytes of memory).
cairosvg needs the system cairo library; every other output works without it.
"""

from __future__ import annotations

import gc
import io
import math
import sys
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

from printables.errors import RenderError
from printables.render.scene import Scene, one_page
from printables.render.svg import render_svg
from printables.render.theme import Ink

DEFAULT_DPI = 150
#: Largest raster drawn: 40 megapixels (160 MB while drawing), e.g. 600 x 400 mm at 300 dpi.
MAX_PIXELS = 40_000_000
CAIRO_HINT = ("PNG output needs the system cairo library (Debian/Ubuntu: apt-get install "
              "libcairo2; macOS: brew install cairo); SVG, PDF and JSON work without it")


def _cairosvg() -> Any:
    try:
        import cairosvg.parser
        import cairosvg.surface
    except (ImportError, OSError):
        raise RenderError(CAIRO_HINT) from None
    return cairosvg


def png_available() -> bool:
    """True when cairosvg and the cairo library it draws with can be loaded."""
    try:
        _cairosvg()
    except RenderError:
        return False
    return True


def pixel_size(scene: Scene, dpi: float) -> tuple[int, int]:
    """The raster size in pixels of a scene at dpi (as cairosvg rounds it)."""
    return round(scene.width / 25.4 * dpi), round(scene.height / 25.4 * dpi)


def check_size(scene: Scene, dpi: float) -> None:
    """RenderError when the raster would exceed MAX_PIXELS, naming a dpi that fits."""
    w, h = pixel_size(scene, dpi)
    if w * h > MAX_PIXELS:
        fits = int(dpi * (MAX_PIXELS / (w * h)) ** 0.5)
        while fits > 1 and math.prod(pixel_size(scene, fits)) > MAX_PIXELS:
            fits -= 1  # pixel rounding can tip the estimate over
        raise RenderError(f"a {scene.width:g} x {scene.height:g} mm PNG at {dpi:g} dpi is "
                          f"{w} x {h} pixels, above the {MAX_PIXELS // 1_000_000} megapixel "
                          f"limit; use --dpi {fits} or less, or SVG/PDF", input=str(dpi))


_RAW = "BGRX" if sys.byteorder == "little" else "XRGB"  # cairo's 32-bit pixels, as bytes


def encode_png(surface: Any, dpi: float = DEFAULT_DPI) -> bytes:
    """An opaque cairo ImageSurface (native-endian BGRA words) as RGB PNG bytes (Pillow),
    with a pHYs chunk saying its dpi, so an image viewer prints it at its true size."""
    surface.flush()
    img = Image.frombuffer("RGB", (surface.get_width(), surface.get_height()),
                           surface.get_data(), "raw", _RAW, surface.get_stride(), 1)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3, dpi=(dpi, dpi))
    return buf.getvalue()


def svg_to_png(svg: bytes, dpi: float = DEFAULT_DPI) -> bytes:
    """cairosvg's rendering of SVG bytes at dpi, laid on white, as PNG bytes."""
    cairosvg = _cairosvg()
    drawn = cairosvg.surface.PNGSurface(cairosvg.parser.Tree(bytestring=svg), None, dpi)
    surface = drawn.cairo
    cairo = cairosvg.surface.cairo
    ctx = cairo.Context(surface)  # white under everything, edge pixels included
    ctx.set_operator(cairo.OPERATOR_DEST_OVER)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    data = encode_png(surface, dpi)
    gone = weakref.ref(drawn)
    del drawn, ctx, surface
    _forget_cairo_state(gone)
    return data


def _forget_cairo_state(gone: Callable[[], object] | None = None) -> None:
    """Reset cairo's caches (fonts, glyphs) once every cairo object of a render is freed.

    cairo's cached glyphs depend on what the process drew before: a Dag en Nacht board at
    40 dpi changed the pixels of the next Dugi board. Resetting after each PNG makes a PNG's
    bytes the same whatever was built before it in the same process (kit workers, serve).
    cairo allows the reset only when none of its objects is alive: the render's objects are
    freed by reference counting (checked through `gone`, a weak reference to cairosvg's
    surface), and a full garbage collection runs only if something still holds them."""
    if gone is None or gone() is not None:
        gc.collect()
    _cairosvg().surface.cairo.cairo.cairo_debug_reset_static_data()


def render_png(scene: Scene, theme: Mapping[str, Ink], dpi: float = DEFAULT_DPI) -> bytes:
    """PNG bytes of a scene at dpi on a white background; pixel size = mm / 25.4 * dpi."""
    _cairosvg()
    check_size(scene, dpi)
    return svg_to_png(render_svg(scene, theme), dpi)


def png_file(scenes: Sequence[Scene], theme: Mapping[str, Ink], *, dpi: float | None = None,
             **_: Any) -> bytes:
    """The PNG file of a one-page scene list (the entry of render.RENDERERS)."""
    return render_png(one_page(scenes, "png"), theme, DEFAULT_DPI if dpi is None else dpi)
