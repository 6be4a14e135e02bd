"""Space shapes on a square grid: round pits, rounded squares, and spans (a rectangle of
cells that is one space: a mancala's long store).

:func:`shaped` takes a square board and returns it with some cells drawn as circles or
rounded squares and some rectangles of cells merged into one space each. Rulings (ours):

- a circle is inscribed in its cell less a margin of PIT_MARGIN of the cell on each side,
  so neighbouring pits never touch, and its room is its diameter; a rounded square keeps
  the cell's size with corners of ROUNDING x the cell;
- a span is named by the designer (a name of letters and digits, like a point's); it is
  drawn as a rectangle with rounded corners, inset like a pit, over its cells, which stop
  being spaces; its neighbours under each relation are its cells' neighbours outside it
  (a cell of another span counts as that span); its room is its shorter side; its name
  prints small inside it, near its foot;
- a file or rank all of whose cells went into spans loses its coordinate labels (a letter
  round the board that names no space would mislead).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from printables.boards.model import Board, Label, Space, freeze_relations
from printables.boards.square import parse_square
from printables.errors import UsageError
from printables.geometry import Arc, Circle, Outline, Part, Point, Segment, bbox_of

SHAPES = ("square", "circle", "rounded")
#: A pit's gap to its cell's side, and a span's inset, as a fraction of the cell.
PIT_MARGIN = 0.06
#: The corner radius of a rounded square or span, as a fraction of the cell.
ROUNDING = 0.25
#: A span's name: its size as a fraction of the cell, and its height above the foot.
SPAN_LABEL = 0.22


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float) -> Outline:
    """A rectangle with corners rounded to radius r, counter-clockwise from its foot.

    >>> o = rounded_rect(0, 0, 10, 4, 1)
    >>> len(o.parts), o.parts[0].a
    (8, Point(x=1, y=0))
    """
    r = min(r, (x1 - x0) / 2, (y1 - y0) / 2)
    parts: list[Part] = []
    corners = ((x1 - r, y0 + r, -90.0), (x1 - r, y1 - r, 0.0), (x0 + r, y1 - r, 90.0),
               (x0 + r, y0 + r, 180.0))
    start = Point(x0 + r, y0)
    for cx, cy, a in corners:
        arc = Arc(Point(cx, cy), r, a, 90.0)
        parts += [Segment(start, arc.start), arc]
        start = arc.end
    return Outline(tuple(parts))


def _cell_shape(space: Space, shape: str, pitch: float) -> Circle | Outline:
    c = space.anchor
    if shape == "circle":
        return Circle(c, pitch * (0.5 - PIT_MARGIN))
    h = pitch / 2
    return rounded_rect(c.x - h, c.y - h, c.x + h, c.y + h, ROUNDING * pitch)


def _span_box(name: str, cells: Sequence[str], board: Board) -> tuple[float, float, float, float]:
    """The box of a span's cells, which must be every cell of one rectangle."""
    coords = [parse_square(c) for c in cells]
    files = {f for f, _ in coords}
    ranks = {k for _, k in coords}
    if (len(set(coords)) != len(coords)
            or len(coords) != (max(files) - min(files) + 1) * (max(ranks) - min(ranks) + 1)):
        raise UsageError(f"span {name} must list every cell of one rectangle of cells once, "
                         f"such as [\"a1\", \"a2\"]", input=name)
    return bbox_of([board.space(c).shape for c in cells])


def shaped(board: Board, shapes: Mapping[str, str], spans: Mapping[str, Sequence[str]],
           colours: Mapping[str, str] | None = None, kinds: Mapping[str, str] | None = None
           ) -> Board:
    """The board with cells shaped (cell -> circle, rounded or square) and spans merged
    (name -> its cells); colours and kinds give a span's colour and kind (default: its
    first cell's)."""
    pitch = min(s.room for s in board.spaces)  # the cell (before any pit shrinks it)
    owner = {c: name for name, cells in spans.items() for c in cells}
    for c in owner:
        if not board.has(c):
            raise UsageError(f"span {owner[c]} names {c!r}, which is not a cell of the board",
                             input=c)
    merged: dict[str, Space] = {}
    for name, cells in spans.items():
        if board.has(name):
            raise UsageError(f"span name {name!r} is a cell's name; give the span another",
                             input=name)
        x0, y0, x1, y1 = _span_box(name, cells, board)
        m = PIT_MARGIN * pitch
        first = board.space(cells[0])
        merged[name] = Space(name, (kinds or {}).get(name, first.kind),
                             (colours or {}).get(name, first.colour),
                             rounded_rect(x0 + m, y0 + m, x1 - m, y1 - m, ROUNDING * pitch),
                             Point((x0 + x1) / 2, (y0 + y1) / 2), min(x1 - x0, y1 - y0))
    spaces: list[Space] = []
    placed: set[str] = set()
    for s in board.spaces:
        span = owner.get(s.name)
        if span is not None:  # the span stands where the first of its cells stood
            if span not in placed:
                placed.add(span)
                spaces.append(merged[span])
            continue
        shape = shapes.get(s.name, "square")
        drawn = _cell_shape(s, shape, pitch) if shape != "square" else s.shape
        room = 2 * drawn.radius if isinstance(drawn, Circle) else s.room  # a pit's inside
        spaces.append(replace(s, shape=drawn, room=room))
    relations = {rel: _merged_neighbours(m, owner, spans) for rel, m in board.relations.items()}
    data = {**board.data, "cell": pitch,
            "shapes": {c: sh for c, sh in shapes.items() if sh != "square"},
            "spans": {name: list(cells) for name, cells in spans.items()}}
    return replace(board, spaces=tuple(spaces), relations=freeze_relations(relations),
                   labels=_labels(board, owner, merged, pitch), data=data)


def _merged_neighbours(rel: Mapping[str, Sequence[str]], owner: Mapping[str, str],
                       spans: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for s, ns in rel.items():
        me = owner.get(s, s)
        seen = out.setdefault(me, [])
        for n in ns:
            other = owner.get(n, n)
            if other != me and other not in seen:
                seen.append(other)
    return out


def _labels(board: Board, owner: Mapping[str, str], merged: Mapping[str, Space],
            pitch: float) -> tuple[Label, ...]:
    """The board's labels less those of files and ranks left with no cell, plus each
    span's name."""
    left = [parse_square(s.name) for s in board.spaces if s.name not in owner]
    files = {chr(97 + f) for f, _ in left}
    ranks = {str(k + 1) for _, k in left}
    kept = tuple(lb for lb in board.labels
                 if not (lb.style == "label.coord"
                         and (lb.text.isalpha() and lb.text not in files
                              or lb.text.isdigit() and lb.text not in ranks)))
    names = []
    for s in merged.values():
        x0, y0, _, _ = bbox_of([s.shape])
        names.append(Label(Point(s.anchor.x, y0 + math.floor(10 * pitch * SPAN_LABEL) / 10),
                           s.name, SPAN_LABEL * pitch, "label.ring"))
    return kept + tuple(names)
