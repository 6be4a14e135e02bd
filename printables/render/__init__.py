"""Back ends: scene.py is the drawing model, each other module turns Scenes into one format.

This module owns the one table from a format name to its back end, RENDERERS, so products
pick a format by name in one place. Every entry takes a sequence of Scenes (the pages), a
theme (or laser profile) and keyword options, and returns the file's bytes. Only PDF holds
several pages in one file (MULTI_PAGE); the others take exactly one Scene. The back ends
load their optional libraries themselves on first use (ezdxf for DXF, cairosvg for PNG);
reportlab, a required one, costs a command that writes only SVG about 30 ms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from printables.render.dxf import render_dxf
from printables.render.lbrn2 import render_lbrn2
from printables.render.pdf import render_pdf
from printables.render.png import DEFAULT_DPI, render_png
from printables.render.scene import Scene
from printables.render.svg import render_svg
from printables.render.theme import Ink

Renderer = Callable[..., bytes]
Pages = Sequence[Scene]
Theme = Mapping[str, Ink]


def _one(scenes: Pages, fmt: str) -> Scene:
    if len(scenes) != 1:
        raise ValueError(f"a {fmt} file holds one page, not {len(scenes)}")
    return scenes[0]


def _svg(scenes: Pages, theme: Theme, *, laser: bool = False, **_: Any) -> bytes:
    return render_svg(_one(scenes, "svg"), theme, laser=laser)


def _pdf(scenes: Pages, theme: Theme, *, title: str = "", **_: Any) -> bytes:
    return render_pdf(scenes, theme, title=title)


def _png(scenes: Pages, theme: Theme, *, dpi: float | None = None, **_: Any) -> bytes:
    return render_png(_one(scenes, "png"), theme, DEFAULT_DPI if dpi is None else dpi)


def _dxf(scenes: Pages, theme: Theme, *, layers: Mapping[str, Any] | None = None,
         **_: Any) -> bytes:
    return render_dxf(_one(scenes, "dxf"), theme, layers)


def _lbrn2(scenes: Pages, theme: Theme, *, layers: Mapping[str, Any], **_: Any) -> bytes:
    return render_lbrn2(_one(scenes, "lbrn2"), theme, layers)


#: Format name -> function(scenes, theme, **options) -> bytes.
RENDERERS: dict[str, Renderer] = {"svg": _svg, "pdf": _pdf, "png": _png, "dxf": _dxf,
                                  "lbrn2": _lbrn2}
#: Formats whose one file holds every page; the others are written one file per page.
MULTI_PAGE = frozenset({"pdf"})


def render(fmt: str, scenes: Pages, theme: Theme, **options: Any) -> bytes:
    """The bytes of one file of the given format. Options a back end has no use for are
    ignored (dpi means nothing to SVG), so a product passes one set for all its formats.
    Callers check fmt against the formats their product offers (a UsageError for users);
    an unknown name here is a bug: KeyError."""
    return RENDERERS[fmt](scenes, theme, **options)


def render_pages(fmt: str, scenes: Pages, theme: Theme, **options: Any) -> list[bytes]:
    """One file for a multi-page format, else one file per Scene."""
    if fmt in MULTI_PAGE:
        return [render(fmt, scenes, theme, **options)]
    return [render(fmt, [s], theme, **options) for s in scenes]
