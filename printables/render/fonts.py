"""Font metrics: the one place that knows which fonts we set text in, how wide text is and
how it breaks into lines.

Every product measures text here (to fit, wrap and centre it) and every back end sets it in
the same fonts, so a width measured for layout is the width printed. The fonts are the
Bitstream Vera TTFs bundled with reportlab, embedded in every PDF; SVG and PNG name the same
family.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

#: A theme Ink's font -> (registered reportlab name, bundled TTF file).
FONTS = {"sans": ("Vera", "Vera.ttf"), "sans-bold": ("Vera-Bold", "VeraBd.ttf"),
         "sans-italic": ("Vera-Italic", "VeraIt.ttf")}


def register_fonts() -> None:
    """Register reportlab's bundled Bitstream Vera TTFs (once per process)."""
    registered = pdfmetrics.getRegisteredFontNames()
    for name, file in FONTS.values():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, file))


def font_name(style_font: str) -> str:
    """The registered reportlab font name for an Ink font (sans for an unknown one)."""
    return FONTS.get(style_font, FONTS["sans"])[0]


def text_width(text: str, size: float, font: str = "sans") -> float:
    """Width in mm of text set in a Vera font at size mm.

    >>> round(text_width("Dugi", 10.0), 2)
    23.16
    """
    register_fonts()
    return float(pdfmetrics.stringWidth(text, font_name(font), size))


def wrap_words(text: str, size: float, room: float, font: str = "sans") -> list[str]:
    """Text broken into lines of whole words no wider than room at size (a word wider than
    room gets a line of its own).

    >>> wrap_words("board and setup reconstructed", 2.6, 30.0)
    ['board and setup', 'reconstructed']
    """
    lines: list[str] = []
    for word in text.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(trial, size, font) <= room:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines
