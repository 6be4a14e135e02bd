"""Lengths and paper sizes: parse once, in millimetres."""

from __future__ import annotations

import re
from fractions import Fraction

from printables.errors import UsageError

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, '"': 25.4, "pt": 25.4 / 72}

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

_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?(?:/\d+)?|\.\d+)\s*(mm|cm|in|\"|pt)?\s*$")


def parse_length(text: str | float, what: str = "length") -> float:
    """Parse a positive length such as '175', '17.5cm', '3/4in' into millimetres.

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
            raise UsageError(f"{what} {str(text)!r} is not a length; use a number of mm "
                             "such as 175, or 17.5cm, 7in, 3/4in", input=str(text))
        value = float(Fraction(m.group(1))) * MM_PER_UNIT[m.group(2) or "mm"]
    if not value > 0:
        raise UsageError(f"{what} {text!r} must be greater than 0 mm", input=str(text))
    if value > MAX_LENGTH:
        raise UsageError(f"{what} {text!r} is larger than {MAX_LENGTH:.0f} mm; "
                         "use a size a printer or laser can take", input=str(text))
    return round(value, 6)


def parse_paper(name: str) -> tuple[float, float]:
    """Portrait paper size in mm by case-insensitive name.

    >>> parse_paper("letter")
    (215.9, 279.4)
    """
    for key, size in PAPERS.items():
        if key.lower() == str(name).lower():
            return size
    raise UsageError(f"unknown paper {name!r}; valid: {', '.join(PAPERS)}", input=str(name))


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
        raise UsageError(f"sheet {text!r} is not WxH; use for example 600x400 (mm)",
                         input=str(text))
    return (parse_length(parts[0], "sheet width"), parse_length(parts[1], "sheet height"))
