"""Pieces every printed page shares: board drawing items, scale bar and page furniture
(the one file namer, file_stem, is printables.products.variant's)."""

from __future__ import annotations

from collections.abc import Mapping

from printables.boards import Board
from printables.geometry import Point, Polygon, Segment, bbox_of, hatch_lines, scale_shape
from printables.render.fonts import text_width
from printables.render.scene import Group, Item, Path, Text, baseline, from_shape
from printables.render.scene import Polygon as ScenePolygon
from printables.render.theme import Ink, ink

SCALE_BAR = 100.0
#: Page furniture rule (ours): no ink within this many mm of any edge of a printed page;
#: many home printers lose 4-5 mm, and a driver that shrinks to fit breaks the scale.
SAFE_EDGE = 5.0
#: Where page furniture may start: SAFE_EDGE plus half a millimetre for line widths.
EDGE_ROOM = SAFE_EDGE + 0.5


def board_items(board: Board, theme: Mapping[str, Ink], k: float = 1.0,
                dx: float = 0.0, dy: float = 0.0) -> tuple[Item, ...]:
    """The drawing of a board (layers ground, spaces, grid, decor, labels), scaled by k and
    moved by (dx, dy); mono inks with a hatch are drawn as clipped hatch lines."""
    def t(shape):
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


def hatching(shape, style_ink: Ink) -> tuple[Item, ...]:
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
