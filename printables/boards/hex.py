"""Hex boards: a hex-hex of radius n (3n(n-1)+1 cells) or an m x n rhombus, pointy or flat.

Cells are regular hexagons; ``cell`` is the distance across flats in mm, which is also the
distance between neighbouring centres and the diameter of the largest piece that fits.
Cells are addressed by axial coordinates (q, r); the six neighbours of (q, r) are (q+1, r),
(q+1, r-1), (q, r-1), (q-1, r), (q-1, r+1), (q, r+1), in that order ('adjacent').

Names follow the boards hex players know (our choice of which convention goes with which
shape and orientation):

- rhombus (the Hex board): letters a.. across the columns, numbers 1.. down the rows, a1 at
  the top-left corner, each row shifted half a cell to the right of the one above. Letters
  are printed above and below the board, numbers left and right.
- hex-hex, flat cells (as on Havannah boards): letters a.. for the columns from left to
  right, numbers from the lower-left edge upward, so the left column runs a1..an and the
  right one from n to 2n-1. Letters are printed below the columns, numbers on the left.
- hex-hex, pointy cells (as on Abalone boards): letters for the rows from the bottom,
  numbers along each row from the left on the same diagonal system.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable
from types import MappingProxyType

from printables.boards.model import Board, Decoration, Label, Space, freeze_relations
from printables.errors import UsageError
from printables.geometry import Point, Polygon

SHAPES = ("hexhex", "rhombus")
ORIENTATIONS = ("pointy", "flat")
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: Blank margin round the outermost labels, in cells.
MARGIN = 0.35
LABEL_SIZE = 0.32  # of the cell
LETTERS = string.ascii_lowercase


def hexhex_cells(n: int) -> list[tuple[int, int]]:
    """Axial coordinates of a hex-hex of radius n (n cells along each side), in order of q
    then r.

    >>> len(hexhex_cells(1)), len(hexhex_cells(5))
    (1, 61)
    """
    k = n - 1
    return [(q, r) for q in range(-k, k + 1) for r in range(-k, k + 1) if abs(q + r) <= k]


def rhombus_cells(m: int, n: int) -> list[tuple[int, int]]:
    """Axial coordinates of an m (columns) x n (rows) rhombus, row by row from the top."""
    return [(q, r) for r in range(n) for q in range(m)]


def _basis(shape: str, orientation: str, pitch: float) -> tuple[Point, Point]:
    """Board vectors of one step in q and one step in r (see the module docstring)."""
    h, w = pitch * math.sqrt(3) / 2, pitch
    return {
        ("rhombus", "pointy"): (Point(w, 0), Point(w / 2, -h)),
        ("rhombus", "flat"): (Point(h, -w / 2), Point(0, -w)),
        ("hexhex", "flat"): (Point(h, w / 2), Point(0, w)),
        ("hexhex", "pointy"): (Point(w / 2, h), Point(w, 0)),
    }[(shape, orientation)]


def _number_axis(shape: str, q: int, r: int) -> int:
    """The coordinate the number of a cell counts (before shifting it to start at 1)."""
    return r if shape == "rhombus" else q + r


def cell_names(shape: str, cells: list[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """(q, r) -> name such as 'c7' (see the module docstring).

    >>> names = cell_names("hexhex", hexhex_cells(2)); names[(-1, 0)], names[(1, 0)]
    ('a1', 'c3')
    """
    q0 = min(q for q, _ in cells)
    v0 = min(_number_axis(shape, q, r) for q, r in cells)
    return {(q, r): f"{LETTERS[q - q0]}{_number_axis(shape, q, r) - v0 + 1}" for q, r in cells}


def _check(shape: str, orientation: str, m: int, n: int) -> None:
    if shape not in SHAPES:
        raise UsageError(f"unknown hex shape {shape!r}; valid: {', '.join(SHAPES)}", input=shape)
    if orientation not in ORIENTATIONS:
        raise UsageError(f"unknown hex orientation {orientation!r}; valid: "
                         f"{', '.join(ORIENTATIONS)}", input=orientation)
    limit = 13 if shape == "hexhex" else 26
    for value in (m, n):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= limit:
            raise UsageError(f"hex {shape} size {value!r} is not valid; use a whole number "
                             f"1..{limit}", input=str(value))


def _labels(shape: str, cells: list[tuple[int, int]], names: dict[tuple[int, int], str],
            centre: Callable[[int, int], Point], size: float
            ) -> list[Label]:
    """Letters at the ends of each letter line, numbers at the ends of each number line."""
    by_letter: dict[int, list[tuple[int, int]]] = {}
    by_number: dict[int, list[tuple[int, int]]] = {}
    for q, r in cells:
        by_letter.setdefault(q, []).append((q, r))
        by_number.setdefault(_number_axis(shape, q, r), []).append((q, r))
    both = shape == "rhombus"
    out = []
    step_n = (1, 0) if shape == "rhombus" else (1, -1)
    axes: tuple[tuple[dict[int, list[tuple[int, int]]], tuple[int, int],
                      Callable[[tuple[int, int]], str]], ...] = (
        (by_letter, (0, 1), lambda c: names[c].rstrip("0123456789")),
        (by_number, step_n, lambda c: names[c].lstrip(LETTERS)))
    for lines, step, part in axes:
        for key in sorted(lines):
            line = sorted(lines[key], key=lambda c: c[0] * step[0] + c[1] * step[1])
            ends = [(line[0], -1)] + ([(line[-1], 1)] if both else [])
            for (q, r), sign in ends:
                at = centre(q + sign * step[0], r + sign * step[1])
                out.append(Label(at, part((q, r)), size, "label.coord"))
    return out


def _frame(corners: list[Point], labels: list[Label], size: float, pad: float
           ) -> tuple[float, float, float, float]:
    """The shift that puts cells and labels pad mm inside the board, and the board's size."""
    xs = [p.x for p in corners] + [lb.position.x + d for lb in labels for d in (-size, size)]
    ys = [p.y for p in corners] + [lb.position.y + d for lb in labels for d in (-size, size)]
    return (pad - min(xs), pad - min(ys), max(xs) - min(xs) + 2 * pad,
            max(ys) - min(ys) + 2 * pad)


def hex_board(game: str, title: str, shape: str, m: int, n: int | None = None,
              cell: float = 20.0, orientation: str = "pointy",
              colour: Callable[[int, int], str] = lambda q, r: "plain") -> Board:
    """A hex board: shape 'hexhex' (radius m) or 'rhombus' (m columns x n rows, n defaults
    to m), cells cell mm across flats. colour(q, r) gives each cell's colour class.

    data keys: ``coords`` name -> (q, r); ``shape``, ``orientation``, ``size`` (m, n),
    ``cell`` (mm across flats).

    >>> b = hex_board("g", "G", "hexhex", 4); len(b.spaces), len(b.neighbours("d4"))
    (37, 6)
    """
    n = m if n is None else n
    _check(shape, orientation, m, n)
    if not cell > 0:
        raise UsageError(f"hex cell size {cell!r} must be greater than 0 mm", input=str(cell))
    cells = hexhex_cells(m) if shape == "hexhex" else rhombus_cells(m, n)
    names = cell_names(shape, cells)
    u, v = _basis(shape, orientation, cell)
    radius = cell / math.sqrt(3)
    first = 30.0 if orientation == "pointy" else 0.0

    def raw(q: int, r: int) -> Point:
        return Point(q * u.x + r * v.x, q * u.y + r * v.y)

    size = cell * LABEL_SIZE
    labels = _labels(shape, cells, names, raw, size)
    corners = [Point.polar(raw(q, r), radius, first + 60 * k) for q, r in cells for k in range(6)]
    dx, dy, width, height = _frame(corners, labels, size, MARGIN * cell)
    snapped: dict[tuple[float, float], Point] = {}

    def snap(p: Point) -> Point:
        key = (round(p.x + dx, 6), round(p.y + dy, 6))
        return snapped.setdefault(key, Point(*key))

    spaces = []
    for q, r in cells:
        c = raw(q, r)
        poly = Polygon(tuple(snap(Point.polar(c, radius, first + 60 * k)) for k in range(6)))
        spaces.append(Space(names[(q, r)], "cell", colour(q, r), poly,
                            Point(c.x + dx, c.y + dy), cell))
    rel = {"adjacent": {names[(q, r)]: [names[(q + a, r + b)] for a, b in DIRECTIONS
                                        if (q + a, r + b) in names] for q, r in cells}}
    labels = [Label(Point(lb.position.x + dx, lb.position.y + dy), lb.text, lb.size, lb.style)
              for lb in labels]
    outline = Polygon((Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)))
    data = MappingProxyType({"coords": MappingProxyType({names[c]: c for c in cells}),
                             "shape": shape, "orientation": orientation, "size": (m, n),
                             "cell": cell})
    return Board(game=game, title=title, width=width, height=height, spaces=tuple(spaces),
                 relations=freeze_relations(rel), outline=outline,
                 decorations=(Decoration(outline, "board.ground", "ground"),),
                 labels=tuple(labels), data=data)


def tricolour(q: int, r: int) -> str:
    """Three colour classes so that no two neighbours share one: dark, light and blank
    (blank has no ink of its own, so it prints as a plain white cell).

    >>> {tricolour(0, 0), tricolour(1, 0), tricolour(0, 1)} == {"dark", "light", "blank"}
    True
    """
    return ("dark", "light", "blank")[(q - r) % 3]
