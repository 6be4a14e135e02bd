"""A single-stroke engraving font of our own: capitals, digits and a little punctuation, each
glyph a few straight strokes on a 4 x 6 grid.

A laser traces a stroke once, so a line of this lettering costs a small fraction of the
beam travel of outlined glyphs (which are traced round both sides of every stem and, when
filled, scanned line by line). The reference note and the part labels use it; the board's
own labels and title stay outlined (see :mod:`.text`), because they are read at the table.

Glyph data: strokes separated by spaces, each a run of two-digit points "xy" (x 0..4,
y 0..6, baseline at y = 0). Lower-case letters are set as capitals; a character the font
lacks is set as a question mark. The data was drawn for this project.
"""

from __future__ import annotations

from functools import cache

from printables.geometry import Point, Segment

#: Advance per character and per space, in grid units (the cap height is 6 units).
ADVANCE = 6.0
SPACE = 4.0

GLYPHS: dict[str, str] = {
    "A": "002640 1333", "B": "00063645443303 3342413000", "C": "4536160501103041",
    "D": "00063645413000", "E": "40000646 0333", "F": "000646 0333",
    "G": "45361605011030414323", "H": "0006 4046 0343", "I": "1030 2026 1636",
    "J": "0110304146 2646", "K": "0006 4602 1340", "L": "060040", "M": "0006234640",
    "N": "00064046", "O": "010516364541301001", "P": "00063645443303",
    "Q": "010516364541301001 2240", "R": "00063645443303 3340",
    "S": "453616050413334241301001", "T": "0646 2620", "U": "060110304146", "V": "062046",
    "W": "0610233046", "X": "0046 0640", "Y": "0623 4623 2320", "Z": "06460040",
    "0": "010516364541301001 0145", "1": "152620 1030", "2": "05163645440040",
    "3": "051636454433 1333 334241301001", "4": "30360242", "5": "460603334241301001",
    "6": "453616050110304142331302", "7": "064610", "8": "13334241301001021304051636454433",
    "9": "0110304145361605041343", ".": "2021", ",": "2110", ":": "2425 2021",
    ";": "2425 2110", "-": "1333", "+": "1333 2224", "/": "0046", "(": "36252130",
    ")": "16252110", "=": "1232 1434", "'": "2526", "?": "05163645443322 2021",
}


@cache
def _strokes(char: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    data = GLYPHS.get(char.upper(), GLYPHS["?"])
    return tuple(tuple((int(s[i]), int(s[i + 1])) for i in range(0, len(s), 2))
                 for s in data.split())


def stroke_width(text: str, size: float) -> float:
    """Width in mm of text in the stroke font at a cap height of size mm.

    >>> stroke_width("AB", 6.0), stroke_width("A B", 6.0)
    (10.0, 14.0)
    """
    unit = size / 6.0
    if not text:
        return 0.0
    adv = sum(SPACE if ch == " " else ADVANCE for ch in text)
    return (adv - (ADVANCE - 4.0)) * unit


def stroke_text(text: str, size: float, at: Point, anchor: str = "start"
                ) -> tuple[tuple[Segment, ...], ...]:
    """The strokes of one line of text, each a run of segments; at is the baseline point
    the anchor (start, middle, end) refers to; size is the cap height in mm."""
    unit = size / 6.0
    x = at.x - {"start": 0.0, "middle": 0.5, "end": 1.0}[anchor] * stroke_width(text, size)
    out: list[tuple[Segment, ...]] = []
    for ch in text:
        if ch == " ":
            x += SPACE * unit
            continue
        for run in _strokes(ch):
            pts = [Point(x + px * unit, at.y + py * unit) for px, py in run]
            out.append(tuple(Segment(a, b) for a, b in zip(pts, pts[1:])))
        x += ADVANCE * unit
    return tuple(out)


def stroke_length(text: str, size: float) -> float:
    """Total beam travel in mm of the strokes of a line of text."""
    return sum(s.length for run in stroke_text(text, size, Point(0.0, 0.0)) for s in run)
