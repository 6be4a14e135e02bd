"""Scene -> PNG through the SVG renderer and cairosvg (needs the system cairo library)."""

from __future__ import annotations

from typing import Mapping

from printables.errors import RenderError
from printables.render.scene import Scene
from printables.render.svg import render_svg
from printables.render.theme import Ink

DEFAULT_DPI = 150
CAIRO_HINT = ("PNG output needs the system cairo library (Debian/Ubuntu: apt-get install "
              "libcairo2; macOS: brew install cairo); SVG, PDF and JSON work without it")


def png_available() -> bool:
    """True when cairosvg and the cairo library can be loaded."""
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


def render_png(scene: Scene, theme: Mapping[str, Ink], dpi: int = DEFAULT_DPI) -> bytes:
    """PNG bytes of a scene at dpi on a white background; pixel size = mm / 25.4 * dpi."""
    try:
        import cairosvg
    except (ImportError, OSError):
        raise RenderError(CAIRO_HINT) from None
    width = round(scene.width / 25.4 * dpi)
    height = round(scene.height / 25.4 * dpi)
    return cairosvg.svg2png(bytestring=render_svg(scene, theme), output_width=width,
                            output_height=height, background_color="white")
