"""Square-grid boards with chess-style names and coordinate labels round the grid.

Also owns the square-board colourings: the checkerboard and the double spiral (two arms
that wind in from opposite corners to the centre cell, as on the Chameleons board).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from printables.boards.model import Board, Decoration, Label, Space, freeze_relations
from printables.errors import UsageError
from printables.geometry import Arc, Point, Polygon, Segment, Stroke

#: Width of the border that carries the coordinate labels, as a fraction of the grid side.
BORDER_FRACTION = 0.04
MIN_BORDER = 6.0

FILES = string.ascii_lowercase


def square_name(file: int, rank: int) -> str:
    """Chess-style name from 0-based file and rank.

    >>> square_name(0, 0), square_name(18, 18)
    ('a1', 's19')
    """
    return f"{FILES[file]}{rank + 1}"


def parse_square(name: str) -> tuple[int, int]:
    """0-based (file, rank) of a chess-style name.

    >>> parse_square("h8")
    (7, 7)
    """
    return FILES.index(name[0]), int(name[1:]) - 1


def checker(dark_when_even: bool) -> Callable[[int, int], str]:
    """A colour function: 'dark' or 'light' by the parity of file + rank."""
    def colour(f: int, r: int) -> str:
        even = (f + r) % 2 == 0
        return "dark" if even == dark_when_even else "light"
    return colour


#: Headings of the spiral walk, turning left (anticlockwise) each time: east, north, west, south.
_HEADINGS = ((1, 0), (0, 1), (-1, 0), (0, -1))


def spiral_arms(n: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The two arms of a double spiral on an n x n grid (n odd), each in order rim inward.

    Two walkers start together: the dark arm at a1 heading east, the light arm at the
    opposite corner heading west. They take turns stepping; each turns left whenever the
    cell ahead is off the grid or already walked by either arm, and each stops after
    (n*n - 1) / 2 cells, so the centre cell is left to neither. The light arm is the dark
    arm turned half a turn.

    >>> dark, light = spiral_arms(3)
    >>> dark, light
    (('a1', 'b1', 'c1', 'c2'), ('c3', 'b3', 'a3', 'a2'))
    """
    if not isinstance(n, int) or n < 3 or n % 2 == 0:
        raise UsageError(f"a double spiral needs an odd grid side of at least 3 "
                         f"(3, 5, 7, ...), not {n!r}")
    length = (n * n - 1) // 2
    taken: set[tuple[int, int]] = set()
    walkers: list[list[Any]] = [[(0, 0), 0, [(0, 0)]], [(n - 1, n - 1), 2, [(n - 1, n - 1)]]]
    taken.update({(0, 0), (n - 1, n - 1)})
    for _ in range(length - 1):
        for walker in walkers:
            (f, r), heading, cells = walker
            for turn in range(4):
                df, dr = _HEADINGS[(heading + turn) % 4]
                ahead = (f + df, r + dr)
                if 0 <= ahead[0] < n and 0 <= ahead[1] < n and ahead not in taken:
                    break
            else:  # pragma: no cover - cannot happen on an odd grid
                raise AssertionError(f"spiral walk stuck at {square_name(f, r)}")
            taken.add(ahead)
            cells.append(ahead)
            walker[0], walker[1] = ahead, (heading + turn) % 4
    dark, light = (tuple(square_name(f, r) for f, r in w[2]) for w in walkers)
    return dark, light


def spiral_colouring(n: int, centre: str = "spiral") -> Callable[[int, int], str]:
    """A colour function for the double spiral: 'dark' on the dark arm, 'light' on the
    light arm, centre (default 'spiral') on the middle cell."""
    dark, light = spiral_arms(n)
    table = {name: "dark" for name in dark} | {name: "light" for name in light}

    def colour(f: int, r: int) -> str:
        return table.get(square_name(f, r), centre)
    return colour


def colour_boundaries(n: int, colour: Callable[[int, int], str],
                      classes: frozenset[str] = frozenset({"dark", "light"})
                      ) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The lines between neighbouring cells of two different colour classes (both in
    classes), as chains of grid corners (0..n, (0, 0) = a1's bottom-left), each chain
    walked end to end and straight runs merged. On the double spiral they are the two
    boundary curves that wind in from the rim to opposite corners of the centre cell."""
    def differ(a: tuple[int, int], b: tuple[int, int]) -> bool:
        ca, cb = colour(*a), colour(*b)
        return ca != cb and ca in classes and cb in classes

    links: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for f in range(n):
        for r in range(n):
            edges = []
            if f + 1 < n and differ((f, r), (f + 1, r)):
                edges.append(((f + 1, r), (f + 1, r + 1)))
            if r + 1 < n and differ((f, r), (f, r + 1)):
                edges.append(((f, r + 1), (f + 1, r + 1)))
            for a, b in edges:
                links.setdefault(a, []).append(b)
                links.setdefault(b, []).append(a)
    return _chains(links)


#: Width of the line between two spiral arms, as a fraction of a cell's side.
BOUNDARY_WIDTH = 0.07


def spiral(center: Point, pitch: float, turns: float = 2.5) -> Stroke:
    """A spiral of half-circle arcs with alternating centres, growing by a constant step:
    the art on a spiral arms board's centre cell."""
    step = pitch * 0.4 / (2 * turns)  # radius gain per half turn
    arcs = []
    # two centres on a horizontal line, step apart: the classic two-centre spiral
    c_right = Point(center.x + step / 2, center.y)
    c_left = Point(center.x - step / 2, center.y)
    radius = step / 2
    angle = 180.0
    for k in range(int(turns * 2)):
        c = c_right if k % 2 == 0 else c_left
        arcs.append(Arc(c, radius, angle, 180.0))
        angle = (angle + 180.0) % 360.0
        radius += step
    return Stroke(tuple(arcs), max(0.6, pitch * 0.03))


def boundary_decorations(n: int, colour: Callable[[int, int], str], pitch: float,
                         origin: Point, width: float,
                         style: str = "boundary") -> tuple[Decoration, ...]:
    """The colour boundaries of an n x n grid (see colour_boundaries) as thick strokes in mm,
    for a board whose a1 cell has its bottom-left corner at origin."""
    out = []
    for chain in colour_boundaries(n, colour):
        pts = [Point(origin.x + f * pitch, origin.y + r * pitch) for f, r in chain]
        parts = tuple(Segment(a, b) for a, b in zip(pts, pts[1:]))
        out.append(Decoration(Stroke(parts, width), style, "decor"))
    return tuple(out)


def _chains(links: dict[tuple[int, int], list[tuple[int, int]]]
            ) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Walk an edge graph into chains (ends first, then closed loops), merging straight runs."""
    used: set[frozenset[tuple[int, int]]] = set()
    chains: list[tuple[tuple[int, int], ...]] = []
    starts = sorted(v for v, ns in links.items() if len(ns) != 2) + sorted(links)
    for start in starts:
        for first in sorted(links[start]):
            if frozenset((start, first)) in used:
                continue
            chain, here = [start], start
            nxt: tuple[int, int] | None = first
            while nxt is not None:
                used.add(frozenset((here, nxt)))
                chain.append(nxt)
                here = nxt
                nxt = next((v for v in sorted(links[here]) if frozenset((here, v)) not in used),
                           None)
            chains.append(_straighten(chain))
    return tuple(chains)


def _straighten(chain: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """A chain of grid corners less the corners where it runs straight on."""
    out = [chain[0]]
    for prev, here, nxt in zip(chain, chain[1:], chain[2:]):
        if (here[0] - prev[0], here[1] - prev[1]) != (nxt[0] - here[0], nxt[1] - here[1]):
            out.append(here)
    out.append(chain[-1])
    return tuple(out)


def square_board(game: str, title: str, n: int, grid_size: float,
                 colour: Callable[[int, int], str],
                 kind: Callable[[int, int], str] = lambda f, r: "square",
                 skip: frozenset[str] = frozenset(),
                 decorations: Callable[[float, Point], tuple[Decoration, ...]] = lambda p, o: (),
                 data: Mapping[str, Any] | None = None, ranks: int | None = None) -> Board:
    """An n-file x ranks board (ranks defaults to n) whose grid is grid_size mm wide (plus a
    label border), squares named a1.. from the bottom-left; skip names squares that are not
    spaces (they are still drawn as cells)."""
    ranks = n if ranks is None else ranks
    pitch = grid_size / n
    height = pitch * ranks
    border = max(MIN_BORDER, max(grid_size, height) * BORDER_FRACTION)
    origin = Point(border, border)
    spaces = []
    for r in range(ranks):
        for f in range(n):
            name = square_name(f, r)
            if name in skip:
                continue
            x0, y0 = origin.x + f * pitch, origin.y + r * pitch
            poly = Polygon((Point(x0, y0), Point(x0 + pitch, y0),
                            Point(x0 + pitch, y0 + pitch), Point(x0, y0 + pitch)))
            spaces.append(Space(name, kind(f, r), colour(f, r), poly,
                                Point(x0 + pitch / 2, y0 + pitch / 2), pitch))
    rel = _grid_relations(spaces, n, ranks)
    w, h = grid_size + 2 * border, height + 2 * border
    outline = Polygon((Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)))
    frame = Polygon((origin, Point(origin.x + grid_size, origin.y),
                     Point(origin.x + grid_size, origin.y + height),
                     Point(origin.x, origin.y + height)))
    decos = (Decoration(frame, "grid.frame", "grid"),) + tuple(decorations(pitch, origin))
    return Board(game=game, title=title, width=w, height=h, spaces=tuple(spaces),
                 relations=freeze_relations(rel), outline=outline, decorations=decos,
                 labels=coordinate_labels(n, pitch, origin, border, ranks),
                 data=data or {})


def _grid_relations(spaces: list[Space], n: int, ranks: int) -> dict[str, dict[str, list[str]]]:
    """Orthogonal and diagonal neighbours among the spaces of an n x ranks grid."""
    names = {s.name for s in spaces}
    rel: dict[str, dict[str, list[str]]] = {"orthogonal": {}, "diagonal": {}}
    for s in spaces:
        f, r = parse_square(s.name)
        for relation, steps in (("orthogonal", ((0, -1), (-1, 0), (1, 0), (0, 1))),
                                ("diagonal", ((-1, -1), (1, -1), (-1, 1), (1, 1)))):
            out = []
            for df, dr in steps:
                if 0 <= f + df < n and 0 <= r + dr < ranks:
                    other = square_name(f + df, r + dr)
                    if other in names:
                        out.append(other)
            rel[relation][s.name] = out
    return rel


def isolate(board: Board, cells: frozenset[str]) -> Board:
    """The board with cells taken out of every relation (they stay named spaces)."""
    if not cells:
        return board
    return replace(board, relations=freeze_relations(
        {rel: {s: () if s in cells else [t for t in ns if t not in cells]
               for s, ns in m.items()} for rel, m in board.relations.items()}))


def dead_cell_marks(cells: frozenset[str] | set[str], pitch: float,
                    origin: Point) -> tuple[Decoration, ...]:
    """Cells that are not spaces: a grey square with a cross in it (Network's corners)."""
    out = []
    inset = pitch * 0.2
    for name in sorted(cells, key=parse_square):
        f, r = parse_square(name)
        x0, y0 = origin.x + f * pitch, origin.y + r * pitch
        cell = (Point(x0, y0), Point(x0 + pitch, y0), Point(x0 + pitch, y0 + pitch),
                Point(x0, y0 + pitch))
        out.append(Decoration(Polygon(cell), "corner.unused", "decor"))
        a, b = Point(x0 + inset, y0 + inset), Point(x0 + pitch - inset, y0 + pitch - inset)
        c, d = Point(x0 + inset, y0 + pitch - inset), Point(x0 + pitch - inset, y0 + inset)
        out.append(Decoration(Stroke((Segment(a, b),), pitch * 0.04), "corner.cross"))
        out.append(Decoration(Stroke((Segment(c, d),), pitch * 0.04), "corner.cross"))
    return tuple(out)


def coordinate_labels(n: int, pitch: float, origin: Point, border: float,
                      ranks: int | None = None) -> tuple[Label, ...]:
    """File letters below and above the grid, rank numbers left and right of it."""
    ranks = n if ranks is None else ranks
    size = min(border * 0.55, pitch * 0.45)
    far = origin.x + n * pitch + border / 2
    labels = []
    for i in range(max(n, ranks)):
        c = origin.x + (i + 0.5) * pitch
        if i < n:
            labels.append(Label(Point(c, border / 2), FILES[i], size, "label.coord"))
            labels.append(Label(Point(c, origin.y + ranks * pitch + border / 2), FILES[i],
                                size, "label.coord"))
        if i < ranks:
            labels.append(Label(Point(border / 2, c), str(i + 1), size, "label.coord"))
            labels.append(Label(Point(far, c), str(i + 1), size, "label.coord"))
    return tuple(labels)
