"""What a laser does to one physical part, as plain data: lines to cut, lines to score,
areas to engrave. Parts are built in their own frame and placed on sheets later."""

from __future__ import annotations

from dataclasses import dataclass

from printables.geometry import Part, Point
from printables.geometry.paths import move_part, rotate_point, signed_area

#: A closed run of segments and arcs, end to end.
Contour = tuple[Part, ...]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Fill:
    """Engraved areas that belong together (one space, one label), with a point that says
    where they sit (which part of a split board takes them) and whether they are lettering
    (a label, the title: kept 1 mm clear of every cut) or an area (a dark space, which
    ends on its own sides, where one of them is a cut)."""

    contours: tuple[Contour, ...]
    at: Point
    text: bool = False


@dataclass(frozen=True)
class Marks:
    """Lines to cut (closed outlines once chained), lines to score, areas to engrave."""

    cut: tuple[Part, ...] = ()
    score: tuple[Part, ...] = ()
    fills: tuple[Fill, ...] = ()

    def __add__(self, other: Marks) -> Marks:
        return Marks(self.cut + other.cut, self.score + other.score, self.fills + other.fills)


@dataclass(frozen=True)
class LaserPart:
    """One piece of material to cut out: its marks in its own frame, its nominal extent
    (the cut outline's bounding box), a note for the person at the machine and what is
    written on it (part label, glue-up pair)."""

    name: str
    marks: Marks
    box: Box
    note: str = ""
    tone: str = ""
    label: str = ""  # the text scored on the part (a split board's part label)
    pair: int = 0  # the glue-up pair number of one face of a two-sided piece


@dataclass(frozen=True)
class Placement:
    """A part turned by `turn` degrees (0 or 90) and moved so its box starts at (x, y)."""

    part: LaserPart
    x: float
    y: float
    turn: float = 0.0


def contour_reversed(c: Contour) -> Contour:
    """The same closed run traversed the other way."""
    return tuple(p.reversed() for p in reversed(c))


def ccw_contour(c: Contour) -> Contour:
    """The contour running counter-clockwise (positive area)."""
    return c if signed_area(c) >= 0 else contour_reversed(c)


def turned_box(box: Box, turn: float) -> Box:
    """A box turned counter-clockwise about the origin by 0 or 90 degrees.

    >>> turned_box((0, 0, 30, 10), 90)
    (-10, 0, 0, 30)
    """
    x0, y0, x1, y1 = box
    if turn == 0:
        return box
    if turn == 90:
        return (-y1, x0, -y0, x1)
    raise ValueError(f"parts turn by 0 or 90 degrees, not {turn}")


def move_marks(marks: Marks, dx: float, dy: float, turn: float = 0.0) -> Marks:
    """Marks turned about the origin by turn degrees, then moved by (dx, dy)."""
    def mv(p: Part) -> Part:
        return move_part(p, dx, dy, turn)

    def mp(p: Point) -> Point:
        q = rotate_point(p, turn) if turn else p
        return Point(q.x + dx, q.y + dy)
    return Marks(tuple(mv(p) for p in marks.cut), tuple(mv(p) for p in marks.score),
                 tuple(Fill(tuple(tuple(mv(p) for p in c) for c in f.contours), mp(f.at),
                            f.text) for f in marks.fills))


def placed_marks(pl: Placement) -> Marks:
    """A placement's marks in sheet coordinates."""
    x0, y0, _, _ = turned_box(pl.part.box, pl.turn)
    return move_marks(pl.part.marks, pl.x - x0, pl.y - y0, pl.turn)


def placed_box(pl: Placement) -> Box:
    """A placement's nominal extent on the sheet."""
    x0, y0, x1, y1 = turned_box(pl.part.box, pl.turn)
    return (pl.x, pl.y, pl.x + x1 - x0, pl.y + y1 - y0)
