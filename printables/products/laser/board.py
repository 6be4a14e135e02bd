"""A game board as laser marks: the outline cut, space outlines and decorations scored,
dark areas, labels and the title engraved.

How each drawn thing becomes a laser operation (one table, :data:`AREA_OPS`):

- the board's outer outline is cut;
- every space outline and every line decoration (grid frame, unused-corner crosses,
  spiral) is scored; shared sides of neighbouring spaces are scored once (path hygiene);
- spaces drawn as thick strokes (Danadazo's bars) are scored along their centre lines: the
  lattice lines merged into full-length runs, the bends as true quarter circles. A scored
  line is what a player reads as "the segment"; scoring both sides of every bar would
  double the laser time and the lines would crowd at every lattice point;
- areas with a dark tone (dark squares, heptagons, Black's goals, the dead zone, lattice
  dots) are fill-engraved; White's goal cells get scored hatching, as on the mono sheet,
  so both goal areas read differently;
- coordinate labels and the title are engraved glyph outlines (Bitstream Vera). A label
  inside an engraved area is knocked out of it; scored lines stop short of a label's box
  (our ruling: Dugi's ring letters sit on a sector line). The title goes in a free corner of the
  board when one is large enough, else on a small title plate cut from the same sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Literal

from printables.boards import Board, Label
from printables.games import GameSpec
from printables.games.model import byline
from printables.geometry import (
    TOL,
    Arc,
    Circle,
    Part,
    Point,
    Polygon,
    Segment,
    Shape,
    Stroke,
    bbox_of,
    hatch_lines,
)
from printables.geometry.paths import (
    clip_parts,
    contains_point,
    intersections,
    merge_parts,
    shape_parts,
)
from printables.products.laser.model import Box, Fill, LaserPart, Marks, ccw_contour
from printables.products.laser.text import outlines_bbox, text_outlines, text_width
from printables.render.scene import baseline
from printables.render.theme import THEMES, ink

#: What the laser does inside a shape ("fill": engrave the area; ("hatch", spacing, angle):
#: score parallel lines, as the mono theme hatches).
AreaOp = Literal["fill"] | tuple[Literal["hatch"], float, float]

#: Board style -> its area operation.
AREA_OPS: dict[str, AreaOp] = {
    "space.dark": "fill",
    "space.heptagon": "fill",
    "space.goal.black": "fill",
    "space.goal.white": ("hatch", 4.0, -45.0),
    "deadzone": "fill",
    "point": "fill",
    "edge": "fill",  # a game file's edge bands in a side's colour (edge.side.red.<game>)
}
TITLE_SIZES = (10.0, 9.0, 8.0, 7.0, 6.0, 5.0)
CREDIT_SHARE = 0.45
#: Clearance in mm round the title block.
TITLE_PAD = 1.5
#: Scored lines stop this many mm short of a label's box.
LABEL_PAD = 0.4


@dataclass(frozen=True)
class Obstacle:
    """Something a split line must not cross and the title must not cover: boundary parts,
    closed or not, and a half width (strokes)."""

    parts: tuple[Part, ...]
    closed: bool
    half: float = 0.0

    @cached_property
    def box(self) -> Box:
        """Bounding box including the half width (computed once: title placement and
        splitting ask for it many times)."""
        x0, y0, x1, y1 = bbox_of(self.parts)
        return (x0 - self.half, y0 - self.half, x1 + self.half, y1 + self.half)


@dataclass(frozen=True)
class BoardMarks:
    """The whole board's marks plus what splitting and title placement need to know."""

    marks: Marks
    obstacles: tuple[Obstacle, ...]
    islands: tuple[Circle, ...]
    outline: Polygon | None
    plate: LaserPart | None


def area_op(style: str) -> AreaOp | None:
    """The area operation for a style (dotted-prefix fallback), or None.

    >>> area_op("space.goal.black"), area_op("space.light")
    ('fill', None)
    """
    k = style
    while True:
        if k in AREA_OPS:
            return AREA_OPS[k]
        if "." not in k:
            return None
        k = k.rsplit(".", 1)[0]


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Segment, ...]:
    return Polygon((Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1))).edges()


def _hatch(shape: Shape, spacing: float, angle: float) -> tuple[Part, ...]:
    edges = shape_parts(shape)
    return clip_parts(hatch_lines(bbox_of([shape]), spacing, angle), edges,
                      lambda p: contains_point(edges, p))


def _label_fill(lb: Label) -> tuple[Fill, Obstacle]:
    font = ink(THEMES["colour"], lb.style).font
    contours = text_outlines(lb.text, lb.size, baseline(lb.position, lb.size), "middle",
                             lb.rotation, font)
    x0, y0, x1, y1 = outlines_bbox(contours)
    return Fill(contours, lb.position, text=True), Obstacle(_rect(x0, y0, x1, y1), True)


#: A closed space's bounding box, outline parts, whether it is engraved, and anchor.
Tone = tuple[Box, tuple[Part, ...], bool, Point]


def _tones(board: Board) -> list[Tone]:
    """(box, outline parts, engraved?, anchor) of every closed space, computed once."""
    out: list[Tone] = []
    for sp in board.spaces:
        if not isinstance(sp.shape, Stroke):
            out.append((bbox_of([sp.shape]), shape_parts(sp.shape),
                        area_op("space." + sp.colour) == "fill", sp.anchor))
    return out


def _off_tone_edge(lb: Label, tones: list[Tone]) -> Label:
    """A label that straddles the edge between an engraved space and a bare one (Dugi's
    ring letters sit on a sector line: half would be knocked out, half engraved) moved to
    the middle of the bare space it overlaps, where it is engraved whole; other labels
    unchanged. Our ruling for the laser: the printed board keeps the letters on the line."""
    w = text_width(lb.text, lb.size) / 2 + 0.2
    h = 0.4 * lb.size
    corners = [Point(lb.position.x + dx, lb.position.y + dy) for dx in (-w, w) for dy in (-h, h)]
    dark: list[Point] = []
    bare: list[Point] = []
    for (x0, y0, x1, y1), parts, engraved, anchor in tones:
        if not any(x0 <= c.x <= x1 and y0 <= c.y <= y1 for c in corners):
            continue
        if any(contains_point(parts, c) for c in corners):
            (dark if engraved else bare).append(anchor)
    if not dark or not bare:
        return lb
    return replace(lb, position=bare[0])


def _space_marks(board: Board) -> tuple[list[Part], list[Fill], list[Obstacle]]:
    score: list[Part] = []
    fills: list[Fill] = []
    obstacles: list[Obstacle] = []
    for s in board.spaces:
        if s.colour == "point":  # a points board: the lines are scored, not the points
            continue
        parts = shape_parts(s.shape)
        score.extend(parts)
        if isinstance(s.shape, Stroke):
            obstacles.append(Obstacle(parts, False, s.shape.width / 2))
            continue
        obstacles.append(Obstacle(parts, True))
        op = area_op("space." + s.colour)
        if op == "fill":
            fills.append(Fill((ccw_contour(parts),), s.anchor))
        elif op:
            score.extend(_hatch(s.shape, op[1], op[2]))
    return score, fills, obstacles


def _decoration_marks(board: Board, islands: tuple[Circle, ...]
                      ) -> tuple[list[Part], list[Fill], list[Obstacle]]:
    score: list[Part] = []
    fills: list[Fill] = []
    obstacles: list[Obstacle] = []
    for d in board.decorations:
        if d.layer == "ground":
            continue
        parts = shape_parts(d.shape)
        if isinstance(d.shape, Stroke):
            score.extend(parts)
            continue
        op = area_op(d.style)
        if op == "fill":
            x0, y0, x1, y1 = bbox_of([d.shape])
            fills.append(Fill((ccw_contour(parts),), Point((x0 + x1) / 2, (y0 + y1) / 2)))
            if d.shape not in islands:
                obstacles.append(Obstacle(parts, True))
        else:
            score.extend(parts)
            if op:
                score.extend(_hatch(d.shape, op[1], op[2]))
    return score, fills, obstacles


def _outside_dots(score: list[Part], board: Board) -> list[Part]:
    """Scored lines less their runs inside engraved discs (Danadazo's lattice dots): the
    engraving covers them anyway."""
    dots = [d.shape for d in board.decorations if isinstance(d.shape, Circle)
            and d.layer != "ground" and area_op(d.style) == "fill"]
    if not dots:
        return score
    rings = tuple(Arc(c.center, c.radius, 0.0, 360.0) for c in dots)
    merged = merge_parts(score)
    return list(clip_parts(merged, rings, lambda p: all(p.distance(c.center) > c.radius - TOL
                                                        for c in dots)))


def find_islands(board: Board) -> tuple[Circle, ...]:
    """Filled circles that no space reaches into (Dugi's dead zone): a split may run through
    one, which then becomes a part of its own."""
    out = []
    for d in board.decorations:
        if isinstance(d.shape, Circle) and area_op(d.style) == "fill" and d.layer != "ground":
            c = d.shape
            inside = [q for s in board.spaces for part in shape_parts(s.shape)
                      for q in (part.start, part.midpoint(), part.end)
                      if q.distance(c.center) < c.radius - TOL]
            if not inside:
                out.append(c)
    return tuple(out)


def board_marks(game: GameSpec, board: Board) -> BoardMarks:
    """Everything the laser does to a board, in the board's frame."""
    islands = find_islands(board)
    score, fills, obstacles = _space_marks(board)
    s2, f2, o2 = _decoration_marks(board, islands)
    score += s2
    fills += f2
    obstacles += o2
    labels = []
    tones = _tones(board)
    for lb in board.labels:
        f, o = _label_fill(_off_tone_edge(lb, tones))
        fills.append(f)
        obstacles.append(o)
        labels.append(o)
    score = _clear_of_labels(score, labels)
    outline = board.outline if isinstance(board.outline, Polygon) else None
    title = title_block(game)
    placed = place_title(title, board, tuple(obstacles))
    plate = None
    if placed is None:
        plate = title_plate(game, title)
    else:
        fills.append(placed)
        x0, y0, x1, y1 = outlines_bbox(placed.contours)
        obstacles.append(Obstacle(_rect(x0, y0, x1, y1), True))
    score = _outside_dots(score, board)
    marks = Marks(shape_parts(board.outline), tuple(score), tuple(fills))
    return BoardMarks(marks, tuple(obstacles), islands, outline, plate)


def _clear_of_labels(score: list[Part], labels: list[Obstacle]) -> list[Part]:
    """Scored lines less their runs through a label's box (LABEL_PAD mm round it): Dugi's
    ring letters sit on a sector line, and a scored line through lettering makes it hard
    to read."""
    boxes = [tuple(b + d for b, d in zip(ob.box, (-LABEL_PAD, -LABEL_PAD, LABEL_PAD,
                                                  LABEL_PAD))) for ob in labels]
    out: list[Part] = []
    for p in score:
        pb = bbox_of([p])
        near = [b for b in boxes if b[0] < pb[2] and b[2] > pb[0] and b[1] < pb[3]
                and b[3] > pb[1]]
        if not near:
            out.append(p)
            continue
        edges = tuple(e for b in near for e in _rect(*b))

        def outside(m: Point, near: list[tuple[float, ...]] = near) -> bool:
            return not any(b[0] < m.x < b[2] and b[1] < m.y < b[3] for b in near)
        out.extend(clip_parts((p,), edges, outside))
    return out


# ----------------------------------------------------------------------------- the title

@dataclass(frozen=True)
class TitleBlock:
    """The game's name and its designer credit, as text to be set at some size."""

    title: str
    credit: str

    def size(self, s: float) -> tuple[float, float]:
        """Width and height of the block with the title at size s."""
        cs = s * CREDIT_SHARE
        w = max(text_width(self.title, s, "sans-bold"), text_width(self.credit, cs))
        return w, s * 0.98 + cs * 1.25

    def outlines(self, s: float, x: float, y: float, anchor: str) -> Fill:
        """Glyph outlines with the block's bottom at y, its left (start) or right (end) at x."""
        cs = s * CREDIT_SHARE
        w, h = self.size(s)
        credit_base = y + 0.24 * cs
        title_base = y + cs * 1.25 + 0.22 * s
        contours = (text_outlines(self.title, s, Point(x, title_base), anchor, 0.0, "sans-bold")
                    + text_outlines(self.credit, cs, Point(x, credit_base), anchor))
        cx = x + w / 2 if anchor == "start" else x - w / 2
        return Fill(contours, Point(cx, y + h / 2), text=True)


def title_block(game: GameSpec) -> TitleBlock:
    """The title block of a game."""
    return TitleBlock(game.title, byline(game.designer))


def _hits(rect: Box, ob: Obstacle) -> bool:
    bx = ob.box
    if bx[0] > rect[2] or bx[2] < rect[0] or bx[1] > rect[3] or bx[3] < rect[1]:
        return False
    x0, y0, x1, y1 = (rect[0] - ob.half, rect[1] - ob.half, rect[2] + ob.half, rect[3] + ob.half)
    edges = _rect(x0, y0, x1, y1)

    def inside(p: Point) -> bool:
        return x0 <= p.x <= x1 and y0 <= p.y <= y1
    for part in ob.parts:
        if inside(part.start) or inside(part.midpoint()):
            return True
        if any(intersections(part, e) for e in edges):
            return True
    return ob.closed and contains_point(ob.parts, Point((x0 + x1) / 2, (y0 + y1) / 2))


def place_title(title: TitleBlock, board: Board, obstacles: tuple[Obstacle, ...]) -> Fill | None:
    """The title in the first free corner of the board, as large as fits (None: no room)."""
    bx0, by0, bx1, by1 = bbox_of([board.outline])
    outline = shape_parts(board.outline)
    for s in TITLE_SIZES:
        w, h = title.size(s)
        inset = TITLE_PAD + 0.3 * s
        for corner in ("bl", "br", "tl", "tr"):
            x0 = bx0 + inset if corner[1] == "l" else bx1 - inset - w
            y0 = by0 + inset if corner[0] == "b" else by1 - inset - h
            rect = (x0 - TITLE_PAD, y0 - TITLE_PAD, x0 + w + TITLE_PAD, y0 + h + TITLE_PAD)
            corners = [Point(rect[0], rect[1]), Point(rect[2], rect[3]),
                       Point(rect[0], rect[3]), Point(rect[2], rect[1])]
            if not all(contains_point(outline, p) for p in corners):
                continue
            if any(_hits(rect, ob) for ob in obstacles):
                continue
            if corner[1] == "l":
                return title.outlines(s, x0, y0, "start")
            return title.outlines(s, x0 + w, y0, "end")
    return None


def title_plate(game: GameSpec, title: TitleBlock, size: float = 8.0) -> LaserPart:
    """A small plate carrying the title, for boards with no free corner."""
    w, h = title.size(size)
    pad = 0.6 * size
    fill = title.outlines(size, pad + w / 2, pad, "middle")
    cut = _rect(0.0, 0.0, w + 2 * pad, h + 2 * pad)
    return LaserPart("title plate", Marks(cut, (), (fill,)), (0.0, 0.0, w + 2 * pad, h + 2 * pad),
                     note=f"{game.title} title plate (no free corner on the board)")

