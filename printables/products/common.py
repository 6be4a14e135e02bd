"""Pieces every printed page shares: board drawing items, scale bar and page furniture
(the one file namer, file_stem, is printables.products.variant's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from printables.boards import Board
from printables.geometry import (
    Point,
    Polygon,
    Segment,
    Shape,
    bbox_of,
    hatch_lines,
    scale_shape,
)
from printables.render.fonts import text_width, wrap_words
from printables.render.scene import Group, Item, Path, Text, baseline, from_shape
from printables.render.scene import Polygon as ScenePolygon
from printables.render.theme import Ink, ink

SCALE_BAR = 100.0
#: Text beside a scale bar keeps this far from it (mm); footer text keeps INSET from a
#: sheet's sides, and needs SIDE_ROOM left of the bar, or it goes above the bar.
BAR_GAP = 6.0
INSET = 3.0
SIDE_ROOM = 40.0
#: The least width of a sheet with a footer: the whole scale bar and its insets.
MIN_WIDTH = SCALE_BAR + 2 * INSET
#: Credit lines: line pitch (share of the size), least size when wrapped, least share of the
#: size before lines are wrapped instead.
CREDIT_PITCH = 1.25
CREDIT_MIN = 1.8
CREDIT_SHRINK = 0.9
#: Page furniture rule (ours): no ink within this many mm of any edge of a printed page;
#: many home printers lose 4-5 mm, and a driver that shrinks to fit breaks the scale.
SAFE_EDGE = 5.0
#: Where page furniture may start: SAFE_EDGE plus half a millimetre for line widths.
EDGE_ROOM = SAFE_EDGE + 0.5

#: what board_items scales: a shape, or a label's position
_Scaled = TypeVar("_Scaled", Point, Shape)


def board_items(board: Board, theme: Mapping[str, Ink], k: float = 1.0,
                dx: float = 0.0, dy: float = 0.0) -> tuple[Item, ...]:
    """The drawing of a board (layers ground, spaces, grid, decor, labels), scaled by k and
    moved by (dx, dy); mono inks with a hatch are drawn as clipped hatch lines."""
    def t(shape: _Scaled) -> _Scaled:
        return scale_shape(shape, k, dx, dy)

    ground = [from_shape(t(d.shape), d.style) for d in board.decorations if d.layer == "ground"]
    spaces: list[Item] = []
    for s in board.spaces:
        style = "space." + s.colour
        shape = t(s.shape)
        spaces.append(from_shape(shape, style))
        spaces.extend(hatching(shape, ink(theme, style)))
    layers: dict[str, list[Item]] = {"grid": [], "decor": []}
    for d in board.decorations:
        if d.layer in layers:
            shape = t(d.shape)
            layers[d.layer].append(from_shape(shape, d.style))
            layers[d.layer].extend(hatching(shape, ink(theme, d.style)))
    labels = [Text(baseline(t(lb.position), lb.size * k), lb.text, lb.size * k, lb.style,
                   rotation=lb.rotation) for lb in board.labels]
    out: list[Item] = []
    for name, items in (("ground", ground), ("spaces", spaces), ("grid", layers["grid"]),
                        ("decor", layers["decor"]), ("labels", labels)):
        if items:
            out.append(Group(tuple(items), layer=name))
    return tuple(out)


def hatching(shape: Shape, style_ink: Ink) -> tuple[Item, ...]:
    """Hatch lines clipped to a shape when its ink asks for hatching (mono theme), else ()."""
    if not style_ink.hatch:
        return ()
    angles = (style_ink.hatch_angle,) + ((style_ink.hatch_angle + 90.0,)
                                         if style_ink.hatch_cross else ())
    lines = tuple(Path((seg,), "hatch") for a in angles for seg in
                  hatch_lines(bbox_of([shape]), style_ink.hatch, a))
    return (Group(lines, clip=shape),)


def scale_bar(x: float, y: float) -> Group:
    """A 100 mm scale bar with centimetre ticks, its left end at (x, y), label above."""
    items: list[Item] = []
    h = 2.0
    for i in range(10):
        x0 = x + i * 10
        cell = Polygon((Point(x0, y), Point(x0 + 10, y), Point(x0 + 10, y + h), Point(x0, y + h)))
        items.append(from_shape(cell, "scale.bar" if i % 2 == 0 else "scale.frame"))
    items.append(Text(Point(x, y + h + 1.2), "0", 2.4, "text.small", anchor="start"))
    items.append(Text(Point(x + SCALE_BAR, y + h + 1.2), "100 mm", 2.4, "text.small", anchor="end"))
    items.append(Text(Point(x + SCALE_BAR / 2, y + h + 1.2), "print at 100 % (no 'fit to page')",
                      2.4, "text.small"))
    return Group(tuple(items), layer="scale")


def beside_bar(width: float) -> bool:
    """True when a footer this wide has SIDE_ROOM for text left of its scale bar.

    >>> beside_bar(189.0), beside_bar(120.0)
    (True, False)
    """
    return width - SCALE_BAR - BAR_GAP - 2 * INSET >= SIDE_ROOM


def footer_height(width: float, beside: float, above: float) -> float:
    """A footer's height on a sheet this wide: `beside` with its text left of the scale bar,
    `above` with the text over it (see footer_layout)."""
    return beside if beside_bar(width) else above


def footer_layout(width: float, bar_y: float) -> tuple[float, float, float]:
    """Where a footer this wide puts its scale bar (its cells from bar_y up) and its text:
    (the bar's left end, the text's room, the lowest the text may reach). The text goes
    left of the bar, down to 1 mm above the sheet's edge, or, when that leaves it less than
    SIDE_ROOM, above the bar and its labels, the bar centred.

    >>> footer_layout(189.0, 4.0), footer_layout(120.0, 4.0)
    ((86.0, 77.0, 1.0), (10.0, 114.0, 10.5))
    """
    if beside_bar(width):
        bar_x = width - SCALE_BAR - INSET
        return bar_x, bar_x - BAR_GAP - INSET, 1.0
    return (width - SCALE_BAR) / 2, width - 2 * INSET, bar_y + 6.5


def credit_block(lines: list[str], size: float, top: float, room: float,
                 font: str = "sans") -> list[Text]:
    """Credit lines (see credit_lines) set from a first baseline at top, INSET from the
    sheet's left edge, each shrunk to the room if it must."""
    return [Text(Point(INSET, top - CREDIT_PITCH * size * i), line,
                 fit_size(line, size, room, font), "text.small", anchor="start")
            for i, line in enumerate(lines)]


def balanced_lines(text: str, size: float, room: float, font: str = "sans") -> list[str]:
    """As few lines as wrap_words needs for room, but as even in width as whole words allow
    (no lone last word).

    >>> balanced_lines("board and setup reconstructed from the rules", 2.6, 50.0)
    ['board and setup', 'reconstructed from the rules']
    """
    n = len(wrap_words(text, size, room, font))
    lo = max(text_width(w, size, font) for w in text.split())
    hi = room
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if len(wrap_words(text, size, mid, font)) <= n else (mid, hi)
    return wrap_words(text, size, hi, font)


def credit_lines(paragraphs: list[str], room: float, size: float, depth: float,
                 font: str = "sans") -> tuple[list[str], float]:
    """Credit paragraphs set in a column room mm wide, and their text size: one line each
    when a slightly smaller size (down to CREDIT_SHRINK) fits, else wrapped at the largest
    size (from `size` down to CREDIT_MIN) whose lines fit in depth mm (from the first
    baseline down to the lowest descent).

    >>> credit_lines(["a game by A. Designer"], 100.0, 2.8, 4.0)
    (['a game by A. Designer'], 2.8)
    >>> credit_lines(["a game by A. Designer, after a much older game"], 40.0, 2.8, 4.6)[0]
    ['a game by A. Designer,', 'after a much older game']
    """
    widest = max(text_width(p, size, font) for p in paragraphs)
    fitted = size * min(1.0, room / max(widest, 1e-9))
    if fitted >= CREDIT_SHRINK * size:
        return list(paragraphs), fitted
    while True:
        lines = [ln for p in paragraphs for ln in balanced_lines(p, size, room, font)]
        if CREDIT_PITCH * size * (len(lines) - 1) + 0.24 * size <= depth or size <= CREDIT_MIN:
            return lines, size
        size = max(CREDIT_MIN, size - 0.1)


def fit_size(text: str, size: float, room: float, font: str = "sans") -> float:
    """The text size, shrunk so the text fits in room mm (never grown).

    >>> fit_size("ab", 10.0, 1000.0)
    10.0
    """
    return min(size, size * room / max(text_width(text, size, font), 1e-9))


def frame_rect(x0: float, y0: float, x1: float, y1: float, style: str) -> ScenePolygon:
    """A rectangle item."""
    return ScenePolygon((Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)), style)


def line(a: Point, b: Point, style: str) -> Path:
    """A single straight line item."""
    return Path((Segment(a, b),), style)
