"""Back ends: scene.py is the drawing model, each other module turns Scenes into one format.

This module owns the one table from a format name to its back end, RENDERERS, so products
pick a format by name in one place. Every entry names (printables.loading) a function that
takes a sequence of Scenes (the pages), a theme (or laser profile) and keyword options,
and returns the file's bytes; a back end's module, and the library it draws with, is
loaded the first time its format is written. Only PDF holds several pages in one file
(MULTI_PAGE); the others take exactly one Scene (scene.one_page).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from printables.loading import load
from printables.render.scene import Scene
from printables.render.theme import Ink

Pages = Sequence[Scene]
Theme = Mapping[str, Ink]

#: Format name -> "module:function" of its back end: function(scenes, theme, **options).
RENDERERS: dict[str, str] = {"svg": "printables.render.svg:svg_file",
                             "pdf": "printables.render.pdf:pdf_file",
                             "png": "printables.render.png:png_file",
                             "dxf": "printables.render.dxf:dxf_file",
                             "lbrn2": "printables.render.lbrn2:lbrn2_file"}
#: Formats whose one file holds every page; the others are written one file per page.
MULTI_PAGE = frozenset({"pdf"})


def render(fmt: str, scenes: Pages, theme: Theme, **options: Any) -> bytes:
    """The bytes of one file of the given format. Options a back end has no use for are
    ignored (dpi means nothing to SVG), so a product passes one set for all its formats.
    Callers check fmt against the formats their product offers (a UsageError for users);
    an unknown name here is a bug: KeyError."""
    data: bytes = load(RENDERERS[fmt])(scenes, theme, **options)
    return data


def render_pages(fmt: str, scenes: Pages, theme: Theme, **options: Any) -> list[bytes]:
    """One file for a multi-page format, else one file per Scene."""
    if fmt in MULTI_PAGE:
        return [render(fmt, scenes, theme, **options)]
    return [render(fmt, [s], theme, **options) for s in scenes]
