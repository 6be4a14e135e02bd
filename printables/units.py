"""Lengths, counts and paper sizes: parse once, in millimetres.

Rulings: numbers are ASCII digits only (no Arabic-Indic, fullwidth, superscript or circled
digits), at most MAX_DIGITS digits per number and with a non-zero denominator, so no value
a user types can overflow, divide by zero or hit Python's integer-string limit. (The
raster size limit lives with the PNG renderer, printables.render.png.)
"""

from __future__ import annotations

import re
from fractions import Fraction

from printables.errors import UsageError, quote

#: Millimetres per point (1/72 inch, the unit of PDF and of font sizes), and the other way.
MM_PER_PT, PT_PER_MM = 25.4 / 72, 72.0 / 25.4
MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, '"': 25.4, "pt": MM_PER_PT}

#: Paper sizes by name, portrait (width, height) in mm.
PAPERS: dict[str, tuple[float, float]] = {
    "A5": (148.0, 210.0),
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "Letter": (215.9, 279.4),
    "Legal": (215.9, 355.6),
    "Tabloid": (279.4, 431.8),
}

#: Largest length we accept anywhere (a 2 m sheet is already beyond any printer or laser).
MAX_LENGTH = 2000.0

#: Most digits in one number (a length in mm needs 4 before and a few after the point).
MAX_DIGITS = 12


_NUM = rf"[0-9]{{1,{MAX_DIGITS}}}"
_LENGTH = re.compile(rf"^\s*({_NUM}(?:\.{_NUM})?(?:/{_NUM})?|\.{_NUM})\s*(mm|cm|in|\"|pt)?\s*$",
                     re.ASCII)


def parse_length(text: str | float, what: str = "length", zero_ok: bool = False) -> float:
    """Parse a positive length such as '175', '17.5cm', '3/4in' into millimetres; with
    zero_ok a length of 0 is allowed too (a kerf, a tab width).

    >>> parse_length("3/4in")
    19.05
    >>> parse_length("17.5cm")
    175.0
    """
    if isinstance(text, (int, float)):
        value = float(text)
    else:
        m = _LENGTH.match(str(text))
        if not m:
            raise UsageError(f"{what} {quote(text)} is not a length; use a number of mm "
                             "such as 175, or 17.5cm, 7in, 3/4in", input=str(text))
        number = m.group(1)
        if "/" in number and not Fraction(number.split("/")[1]):
            raise UsageError(f"{what} {quote(text)} divides by zero; write a fraction such as "
                             "3/4in", input=str(text))
        value = float(Fraction(number)) * MM_PER_UNIT[m.group(2) or "mm"]
    if not (value > 0 or (zero_ok and value == 0)):
        raise UsageError(f"{what} {quote(text)} must be greater than 0 mm", input=str(text))
    if value > MAX_LENGTH:
        raise UsageError(f"{what} {quote(text)} is larger than {MAX_LENGTH:.0f} mm; "
                         "use a size a printer or laser can take", input=str(text))
    return round(value, 6)


def parse_count(text: str, what: str = "number", low: int = 0, high: int = 10**6) -> int:
    """A whole number written in ASCII digits, between low and high, or UsageError.

    >>> parse_count("19", "size", 1, 25)
    19
    """
    s = str(text).strip()
    if not is_count(s, max(MAX_DIGITS, len(str(high)))):
        raise UsageError(f"{what} {quote(text)} is not a whole number; write digits 0-9 "
                         f"such as {low}", input=str(text))
    n = int(s)
    if not low <= n <= high:
        raise UsageError(f"{what} {quote(text)} is out of range; valid: {low}..{high}",
                         input=str(text))
    return n


def is_count(text: str, digits: int = MAX_DIGITS) -> bool:
    """True for a run of at most `digits` ASCII digits (what parse_count takes; a range
    whose top has more digits allows that many).

    >>> is_count("12"), is_count("\u0661\u0662"), is_count("\u00b2"), is_count("1" * 40)
    (True, False, False, False)
    """
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def non_ascii_digit(text: str) -> str | None:
    """The first digit-like character of text that is not 0-9 (e.g. Arabic-Indic, fullwidth,
    superscript, circled), or None.

    >>> non_ascii_digit("\uff11\uff12mm"), non_ascii_digit("12mm")
    ('１', None)
    """
    return next((ch for ch in str(text) if not ch.isascii() and
                 (ch.isdigit() or ch.isnumeric() or ch.isdecimal())), None)


def parse_paper(name: str) -> tuple[float, float]:
    """Portrait paper size in mm by case-insensitive name.

    >>> parse_paper("letter")
    (215.9, 279.4)
    """
    for key, size in PAPERS.items():
        if key.lower() == str(name).lower():
            return size
    raise UsageError(f"unknown paper {quote(name)}; valid: {', '.join(PAPERS)}", input=str(name))


def paper_name(name: str) -> str:
    """The canonical spelling of a paper name.

    >>> paper_name("a4")
    'A4'
    """
    parse_paper(name)
    return next(k for k in PAPERS if k.lower() == name.lower())


def parse_sheet(text: str) -> tuple[float, float]:
    """Parse a sheet size 'WxH' (each a length) into mm.

    >>> parse_sheet("600x400")
    (600.0, 400.0)
    """
    parts = str(text).lower().split("x")
    if len(parts) != 2:
        raise UsageError(f"sheet {quote(text)} is not WxH; use for example 600x400 (mm)",
                         input=str(text))
    return (parse_length(parts[0], "sheet width"), parse_length(parts[1], "sheet height"))
