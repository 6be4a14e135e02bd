"""Triangle grids: points on a triangular lattice, each joined by lines to its six
neighbours, in the shape of a triangle, a hexagon or a six-pointed star (the
Chinese-checkers board), built on :func:`printables.boards.points.points_board`.

Points have axial coordinates (q, r) as on a hex board: the six neighbours of (q, r) are
(q+-1, r), (q, r+-1), (q+1, r-1), (q-1, r+1). Naming (ours): rows are lettered a.. from the
bottom, points numbered 1.. from the left along each row (a1 is the bottom-left point); the
row letters print left of the rows and each point's number small below it (a star's rows
start at many places, so no edge could carry the numbers).
"""

from __future__ import annotations

import math
import string
from collections.abc import Mapping

from printables.boards.model import Board
from printables.boards.point_lines import Extras
from printables.boards.points import LABEL_OFFSET, NO_EXTRAS, points_board
from printables.errors import UsageError

SHAPES = ("triangle", "hexagon", "star")
#: A point's number sits this far (in pitches) straight below it: between the two lines to
#: the row below, clear of a piece of the default size (radius 0.4) on the point.
NUMBER_BELOW = 0.55
_STEPS = ((1, 0), (0, 1), (-1, 1))  # each line once: east, north-east, north-west


def lattice(shape: str, n: int) -> list[tuple[int, int]]:
    """Axial coordinates of a triangle of side n, a hexagon of side n, or a star whose
    centre hexagon has side n + 1 and whose six points have n rows each.

    >>> len(lattice("triangle", 4)), len(lattice("hexagon", 5)), len(lattice("star", 4))
    (10, 61, 121)
    """
    if shape == "triangle":
        return [(q, r) for r in range(n) for q in range(n - r)]
    k = n - 1 if shape == "hexagon" else n

    def in_hex(q: int, r: int, size: int) -> bool:
        return max(abs(q), abs(r), abs(q + r)) <= size
    if shape == "hexagon":
        return [(q, r) for r in range(-k, k + 1) for q in range(-k, k + 1) if in_hex(q, r, k)]
    if shape != "star":
        raise UsageError(f"triangle-grid shape {shape!r}: valid: {', '.join(SHAPES)}")
    span = 2 * k  # the star is two triangles of side 3k + 1 laid over each other
    out = []
    for r in range(-span, span + 1):
        for q in range(-span, span + 1):
            s = -q - r
            if min(q, r, s) >= -k or max(q, r, s) <= k:
                out.append((q, r))
    return out


def triangle_board(game: str, title: str, shape: str, n: int, pitch: float,
                   space_labels: Mapping[str, str] | None = None,
                   extras: Extras = NO_EXTRAS) -> Board:
    """A triangle grid of points (see lattice) with pitch mm between neighbours;
    space_labels and extras as for points_board.

    >>> b = triangle_board("t", "T", "triangle", 5, 20.0)
    >>> len(b.spaces), len(b.lines), b.neighbours("a1", "line")
    (15, 30, ('a2', 'b1'))
    """
    if not 2 <= n <= 13:
        raise UsageError(f"a triangle grid's side is 2 to 13 points, not {n}")
    cells = lattice(shape, n)
    rows = sorted({r for _, r in cells})
    if len(rows) > len(string.ascii_lowercase):
        raise UsageError(f"a triangle grid has at most 26 rows, not {len(rows)}")
    h = math.sqrt(3) / 2

    def xy(q: int, r: int) -> tuple[float, float]:
        return (q + r / 2, r * h)
    names: dict[tuple[int, int], str] = {}
    for i, r in enumerate(rows):
        row = sorted(q for q, rr in cells if rr == r)
        for j, q in enumerate(row):
            names[(q, r)] = f"{string.ascii_lowercase[i]}{j + 1}"
    order = sorted(names, key=lambda c: (c[1], c[0]))
    coords = {names[c]: xy(*c) for c in order}
    lines = [(names[c], names[(c[0] + dq, c[1] + dr)]) for c in order for dq, dr in _STEPS
             if (c[0] + dq, c[1] + dr) in names]
    left = min(x for x, _ in coords.values()) - LABEL_OFFSET  # clear of an edge piece
    labels = [(left, xy(0, r)[1], string.ascii_lowercase[i]) for i, r in enumerate(rows)]
    numbers = [(x, y - NUMBER_BELOW, name[1:]) for name, (x, y) in coords.items()]
    return points_board(game, title, coords, lines, pitch, (), labels, space_labels,
                        {"topology": "triangle", "shape": shape, "side": n}, extras, numbers)
