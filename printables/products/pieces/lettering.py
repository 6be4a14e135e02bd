"""Lettering on a piece: one to three characters drawn as glyph outlines (Xiangqi's 車 and
馬, a chess set's K and Q), the same outlines in print, PNG and the laser files.

The font: a font file the game names (a game file's ``font``: that font or an error), else
Bitstream Vera Bold (bundled with reportlab), else the first font of the system's font
folders, in sorted order, that has every character; a text no font covers is refused with
one line naming the first character it lacks. Outlines are read with fontTools: TrueType
curves as they are, PostScript (CFF) curves turned into quadratic ones first
(fontTools.pens.cu2quPen), then
every quadratic curve fitted by arcs (products.laser.text.quad_arcs), as the laser's own
lettering is.

Rulings (ours): the letters' inked box is fitted, centred, into LETTER_HEIGHT of the piece's
diameter in height and LETTER_WIDTH in width, whichever is tighter, so one character and
three sit alike on the disc; they are one shape filled by the non-zero rule (fonts wind
their holes against their outlines), so the inside of an A or of 車's boxes stays open.
"""

from __future__ import annotations

import os
import struct
import unicodedata
from collections.abc import Callable
from functools import cache
from pathlib import Path

import reportlab
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.ttLib import TTFont, TTLibError

from printables.errors import UsageError
from printables.geometry import Arc, Part, Point, Segment, bbox_of
from printables.products.laser.text import GLYPH_FIT, QuadPen, quad_arcs
from printables.render.scene import Item
from printables.render.scene import Path as ScenePath

#: The most characters a piece's text may have.
MOST = 3
#: The letters' inked box, as shares of the piece's diameter: at most this tall, this wide.
LETTER_HEIGHT, LETTER_WIDTH = 0.5, 0.68
BUNDLED = Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf"
FONT_SUFFIXES = (".ttf", ".otf", ".ttc")
#: Where fonts live on Linux, macOS and Windows.
SYSTEM_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.fonts",
                  "~/.local/share/fonts", "/Library/Fonts", "/System/Library/Fonts",
                  "~/Library/Fonts", os.path.join(os.environ.get("WINDIR", "C:/Windows"), "Fonts"))
#: Largest font file read (a full CJK font is about 20 MB).
MAX_FONT_BYTES = 40_000_000

Contour = tuple[Part, ...]


def check_text(text: str) -> str:
    """The text, in composed form, when it is one to MOST printable characters; else a
    UsageError saying what is allowed.

    >>> check_text("車"), check_text("Kt")
    ('車', 'Kt')
    """
    t = unicodedata.normalize("NFC", text.strip()) if isinstance(text, str) else ""
    if not 1 <= len(t) <= MOST or any(unicodedata.category(ch)[0] in "CZ" for ch in t):
        raise UsageError(f"a piece's text is one to {MOST} letters, digits or signs, without "
                         f"spaces, not {text!r}", input=str(text))
    return t


@cache
def _font(path: str) -> TTFont:
    return TTFont(path, fontNumber=0, lazy=True)


def covers(path: Path, text: str) -> bool:
    """True when the font file has a glyph for every character of text (False for a file
    fontTools cannot read)."""
    try:
        cmap = _font(str(path)).getBestCmap() or {}
    except (TTLibError, OSError, AssertionError, KeyError, ValueError, struct.error):
        return False  # not a font, or a damaged one
    return all(ord(ch) in cmap for ch in text)


def system_fonts() -> tuple[Path, ...]:
    """The font files of the system's font folders, in sorted order (same machine, same
    choice)."""
    out: list[Path] = []
    for folder in SYSTEM_FOLDERS:
        root = Path(folder).expanduser()
        if root.is_dir():
            out += [p for p in root.rglob("*") if p.suffix.lower() in FONT_SUFFIXES
                    and p.is_file()]
    return tuple(sorted(set(out), key=str))


def font_for(text: str, preferred: Path | None = None) -> Path:
    """The font a piece's text is drawn in (see the module docstring)."""
    if preferred is not None:  # the designer's choice: that font, or an error
        if covers(preferred, text):
            return preferred
        missing = next(ch for ch in text if not covers(preferred, ch))
        raise UsageError(f"the font {preferred.name} has no {missing!r} "
                         f"(U+{ord(missing):04X}); give a font that has it", input=text)
    for path in (BUNDLED, *system_fonts()):
        if covers(path, text):
            return path
    missing = next(ch for ch in text if not any(covers(p, ch) for p in (BUNDLED,
                                                                          *system_fonts())))
    raise UsageError(f"no font on this system has {missing!r} (U+{ord(missing):04X}); give "
                     "the component a font file that has it (font = \"fonts/my-font.ttf\")",
                     input=text)


@cache
def _glyph(path: str, char: str) -> tuple[float, tuple[Contour, ...]]:
    """A character's advance and contours in font units (origin on the baseline)."""
    font = _font(path)
    glyphs = font.getGlyphSet()
    name = font.getBestCmap()[ord(char)]
    pen = QuadPen(glyphs)
    upem = font["head"].unitsPerEm
    glyphs[name].draw(Cu2QuPen(pen, upem / 2000, reverse_direction=False))
    fit = GLYPH_FIT * upem / 2048
    out = []
    for steps in pen.contours:
        if len(steps) < 2:
            continue
        parts: list[Part] = []
        cur = Point(*map(float, steps[0][-1]))
        for step in steps[1:]:
            nxt = Point(*map(float, step[-1]))
            if step[0] == "L":
                if not nxt.is_close(cur):
                    parts.append(Segment(cur, nxt))
            else:
                parts.extend(quad_arcs(cur, Point(*map(float, step[1])), nxt, fit))
            cur = nxt
        if parts:
            out.append(tuple(parts))
    return float(glyphs[name].width), tuple(out)


def _moved(p: Part, k: float, dx: float, dy: float) -> Part:
    if isinstance(p, Segment):
        return Segment(Point(p.a.x * k + dx, p.a.y * k + dy), Point(p.b.x * k + dx, p.b.y * k + dy))
    return Arc(Point(p.center.x * k + dx, p.center.y * k + dy), p.radius * k, p.start_angle,
               p.sweep)


def text_contours(text: str, font: Path, center: Point, d: float) -> tuple[Contour, ...]:
    """The glyph contours of text set in font, fitted onto a piece of diameter d at center."""
    x = 0.0
    raw: list[Contour] = []
    for ch in text:
        advance, contours = _glyph(str(font), ch)
        raw += [tuple(_moved(p, 1.0, x, 0.0) for p in c) for c in contours]
        x += advance
    if not raw:
        raise UsageError(f"the text {text!r} draws nothing in {font.name}", input=text)
    x0, y0, x1, y1 = bbox_of([p for c in raw for p in c])
    k = min(LETTER_HEIGHT * d / max(y1 - y0, 1e-9), LETTER_WIDTH * d / max(x1 - x0, 1e-9))
    dx, dy = center.x - k * (x0 + x1) / 2, center.y - k * (y0 + y1) / 2
    return tuple(tuple(_moved(p, k, dx, dy) for p in c) for c in raw)


def lettering(text: str, font: Path, style: str
              ) -> Callable[[Point, float], tuple[Item, ...]]:
    """A drawer (c, d) -> the text's outlines on a piece: one compound shape filled by the
    non-zero rule, in style."""
    def draw(c: Point, d: float) -> tuple[Item, ...]:
        parts = tuple(p for contour in text_contours(text, font, c, d) for p in contour)
        return (ScenePath(parts, style, closed=True, fill_rule="nonzero"),)
    return draw
