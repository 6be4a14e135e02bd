"""Piece art: one vector drawing per `Component.art` key, at any centre and diameter.

Every piece is a disc (EVL markers: a regular pentagon) plus a symbol, drawn as scene items
whose style keys start with ``piece.`` so a theme picks the inks. Proportions scale with
the diameter, so a piece reads the same at 9 mm on a diagram and at 20 mm on a sheet.

Punches (``punch_diameters``, ours): piece sheets snap each round piece to the largest
common craft punch (1 in, 3/4 in, 5/8 in, 25 mm, 20 mm, 15 mm) that is no larger than its
default size and at least 75 % of it, so a club can punch the discs out; pieces with no such
punch (and pentagon markers) keep their default size and are cut by hand.

Default sizes (``piece_diameters``): about 80 % of the ``room`` of the smallest space of the
kind a piece stands on. Danadazo pieces stand on segments whose room is their length; 80 %
of that would cover the neighbouring segments, so they are sized from the lattice pitch
instead: 0.55 x pitch. Two pieces on segments meeting at a right angle have their centres
pitch / sqrt(2) = 0.71 x pitch apart, which leaves a gap of at least 0.15 x pitch.

Spares (``spares``, ours): 10 % of a kind's count, at least 2, on piece sheets and laser
sheets alike.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from printables.boards import Board
from printables.games import Component, GameSpec
from printables.geometry import Arc, Point, Segment, regular_polygon
from printables.render.scene import Circle, Item, Path, Polygon

#: Smallest and largest piece diameter --diameter accepts.
MIN_DIAMETER, MAX_DIAMETER = 5.0, 150.0
#: Largest --gutter accepted (mm).
MAX_GUTTER = 20.0
#: Fraction of a space's room a piece takes by default.
ROOM_SHARE = 0.8
#: Danadazo: piece diameter as a fraction of the lattice pitch (see the module docstring).
SEGMENT_SHARE = 0.55
#: Space kinds that are lines, sized by the pitch rather than their room.
LINE_KINDS = ("segment", "bend")


# ----------------------------------------------------------------------------- building blocks

def spares(count: int) -> int:
    """Spare pieces of a kind: 10 % of the count, rounded, and at least 2.

    >>> spares(7), spares(24), spares(28), spares(56)
    (2, 2, 3, 6)
    """
    return max(2, int(count / 10 + 0.5))


def ring(center: Point, radius: float, width: float, style: str) -> Path:
    """A circular ring of a given stroke width (its middle line at radius)."""
    return Path((Arc(center, radius, 0.0, 360.0),), style, closed=True, width=width)


def disc(center: Point, d: float, tone: str, rim: bool = False) -> tuple[Item, ...]:
    """A disc of diameter d in style piece.disc.<tone>, with an inner dark rim if asked."""
    items: list[Item] = [Circle(center, d / 2, f"piece.disc.{tone}")]
    if rim:
        items.append(ring(center, d / 2 - 0.025 * d, 0.05 * d, f"piece.rim.{tone}"))
    return tuple(items)


def pentagon_points(center: Point, d: float) -> tuple[Point, ...]:
    """The corners of a regular pentagon, apex up, whose circumscribed circle has diameter d."""
    return regular_polygon(center, d / 2, 5, 90.0).points


def rose(center: Point, d: float, tone: str) -> tuple[Item, ...]:
    """A heraldic rose: five barbs, five outer petals, five inner petals and a seeded centre."""
    items: list[Item] = []
    barb = f"piece.symbol.rose.barb.{tone}"
    for k in range(5):
        a = 90.0 + 36.0 + k * 72.0  # between two outer petals
        tip = Point.polar(center, 0.42 * d, a)
        items.append(Polygon((Point.polar(center, 0.2 * d, a - 16), tip,
                              Point.polar(center, 0.2 * d, a + 16)), barb))
    petal = f"piece.symbol.rose.petal.{tone}"
    for k in range(5):
        items.append(ring_petal(Point.polar(center, 0.19 * d, 90.0 + k * 72.0), 0.175 * d, d,
                                petal))
    inner = f"piece.symbol.rose.inner.{tone}"
    for k in range(5):
        items.append(ring_petal(Point.polar(center, 0.09 * d, 90.0 + 36.0 + k * 72.0),
                                0.105 * d, d, inner))
    items.append(Path((Arc(center, 0.075 * d, 0.0, 360.0),), f"piece.symbol.rose.centre.{tone}",
                      closed=True, width=0.025 * d))
    return tuple(items)


def ring_petal(center: Point, radius: float, d: float, style: str) -> Path:
    """One round petal: a filled circle outlined in the disc's colour so overlaps show."""
    return Path((Arc(center, radius, 90.0, 360.0),), style, closed=True, width=0.025 * d)


def cross(center: Point, d: float, tone: str) -> tuple[Item, ...]:
    """A cross pattee: four arms narrow at the centre and flaring towards their ends."""
    inner, outer, length = 0.055 * d, 0.17 * d, 0.37 * d
    arm = ((-outer, length), (outer, length), (inner, inner))  # the up arm, then its corner
    points: list[Point] = []
    for k in range(4):  # up, right, down, left: rotate the up arm clockwise by k quarters
        c, s = round(math.cos(-k * math.pi / 2)), round(math.sin(-k * math.pi / 2))
        points.extend(Point(center.x + x * c - y * s, center.y + x * s + y * c) for x, y in arm)
    return (Polygon(tuple(points), f"piece.symbol.cross.{tone}"),)


def spiral(center: Point, d: float, tone: str) -> tuple[Item, ...]:
    """A curled chameleon tail: half-circle arcs about two alternating centres."""
    step = 0.075 * d
    arcs = []
    radius, angle = step / 2, 180.0
    for k in range(5):
        c = Point(center.x + (step / 2 if k % 2 == 0 else -step / 2), center.y)
        arcs.append(Arc(c, radius, angle, 180.0))
        angle = (angle + 180.0) % 360.0
        radius += step
    return (Path(tuple(arcs), f"piece.symbol.spiral.{tone}", width=0.06 * d),)


def dot(center: Point, d: float, share: float, tone: str) -> tuple[Item, ...]:
    """A centred dot whose diameter is share x d."""
    return (Circle(center, share * d / 2, f"piece.symbol.dot.{tone}"),)


def marker(center: Point, d: float, tone: str) -> tuple[Item, ...]:
    """An EVL marker: a pentagon token with a smaller pentagon line inside."""
    rim = () if tone == "black" else (Polygon(pentagon_points(center, d), "piece.rim.marker"),)
    face = Polygon(pentagon_points(center, d * (0.86 if rim else 1.0)), f"piece.marker.{tone}")
    inner = Path(tuple(_edges(pentagon_points(center, 0.55 * d))), f"piece.symbol.ring.{tone}",
                 closed=True, width=0.04 * d)
    return rim + (face, inner)


def _edges(points: tuple[Point, ...]) -> list[Segment]:
    return [Segment(a, b) for a, b in zip(points, points[1:] + points[:1])]


# ----------------------------------------------------------------------------- the art table

def _rosenkreuz(symbol: Callable[[Point, float, str], tuple[Item, ...]], tone: str
                ) -> Callable[[Point, float], tuple[Item, ...]]:
    return lambda c, d: disc(c, d, tone, rim=tone == "light") + symbol(c, d, tone)


def _chameleon(tone: str) -> Callable[[Point, float], tuple[Item, ...]]:
    return lambda c, d: disc(c, d, f"chameleon.{tone}", rim=tone == "light") + spiral(c, d, tone)


def _stack_piece(tone: str) -> Callable[[Point, float], tuple[Item, ...]]:
    return lambda c, d: disc(c, d, tone, rim=tone == "white") + (
        ring(c, 0.3 * d, 0.04 * d, f"piece.symbol.ring.{tone}"),)


def _danadazo(side: str, dot_share: float) -> Callable[[Point, float], tuple[Item, ...]]:
    def draw(c: Point, d: float) -> tuple[Item, ...]:
        """A Danadazo piece: a plain disc in the side's colour, with a dot if any."""
        return disc(c, d, side) + (dot(c, d, dot_share, side) if dot_share else ())
    return draw


def _stone(tone: str) -> Callable[[Point, float], tuple[Item, ...]]:
    return lambda c, d: disc(c, d, tone, rim=tone == "white")


ART: Mapping[str, Callable[[Point, float], tuple[Item, ...]]] = {
    "rose-dark": _rosenkreuz(rose, "dark"),
    "rose-light": _rosenkreuz(rose, "light"),
    "cross-dark": _rosenkreuz(cross, "dark"),
    "cross-light": _rosenkreuz(cross, "light"),
    "chameleon-dark": _chameleon("dark"),
    "chameleon-light": _chameleon("light"),
    "piece-black": _stack_piece("black"),
    "piece-white": _stack_piece("white"),
    "marker-black": lambda c, d: marker(c, d, "black"),
    "marker-white": lambda c, d: marker(c, d, "white"),
    "pawn-attacker": _danadazo("attacker", 0.0),
    "general-attacker": _danadazo("attacker", 0.5),
    "pawn-defender": _danadazo("defender", 0.0),
    "guard-defender": _danadazo("defender", 0.24),
    "general-defender": _danadazo("defender", 0.5),
    "stone-black": _stone("black"),
    "stone-white": _stone("white"),
}

#: Arts whose outline is a pentagon rather than a circle.
PENTAGON_ARTS = ("marker-black", "marker-white")

ArtFn = Callable[[Point, float], tuple[Item, ...]]
#: Shapes a game file's side draws in its own colours (art = "stone", ...).
SIDE_SHAPES = ("stone", "ring", "dot", "cross")
#: Arts a game file adds at run time (side-coloured shapes, designer SVG), by key.
DESIGNED: dict[str, ArtFn] = {}


def register_art(key: str, draw: ArtFn) -> None:
    """Make a run-time art drawable by key (its last word after '-' is its material)."""
    DESIGNED[key] = draw


def side_art(shape: str, tone: str,
             symbol: Callable[[Point, float], tuple[Item, ...]] | None = None) -> ArtFn:
    """A disc in the inks of tone (piece.disc.TONE) with a shape's symbol in
    piece.symbol.TONE / piece.rim.TONE, or a designer's symbol drawn by symbol(c, d) (with
    shape "ring", a ring near the rim round it, as round a Xiangqi piece's character)."""
    def draw(c: Point, d: float) -> tuple[Item, ...]:
        out = disc(c, d, tone)
        if symbol is not None:  # a designer's drawing or lettering; a ring goes round it
            near_rim = (ring(c, 0.41 * d, 0.04 * d, f"piece.rim.{tone}"),)
            return out + (near_rim if shape == "ring" else ()) + symbol(c, d)
        if shape == "ring":
            return out + (ring(c, 0.3 * d, 0.06 * d, f"piece.rim.{tone}"),)
        if shape == "dot":
            return out + (Circle(c, 0.16 * d, f"piece.symbol.{tone}"),)
        if shape == "cross":
            return out + tuple(Polygon(p.points, f"piece.symbol.{tone}")
                               for p in cross(c, d, tone) if isinstance(p, Polygon))
        return out
    return draw


def piece_items(art: str, center: Point, diameter: float) -> tuple[Item, ...]:
    """One piece (disc and symbol) drawn at center with the given diameter in mm.

    >>> len(piece_items("stone-black", Point(0, 0), 20.0))
    1
    """
    draw = ART.get(art) or DESIGNED.get(art)
    if draw is None:
        raise KeyError(f"no piece art {art!r}; known: {', '.join(ART)}")
    return draw(center, diameter)


def outline_items(art: str, center: Point, diameter: float, style: str) -> tuple[Item, ...]:
    """The piece's outline (circle or pentagon) in a style: the cut guide of a sheet."""
    if art in PENTAGON_ARTS:
        return (Path(tuple(_edges(pentagon_points(center, diameter))), style, closed=True),)
    return (Circle(center, diameter / 2, style),)


# ----------------------------------------------------------------------------- sizes

def smallest_room(board: Board, kind: str) -> float:
    """The room of the smallest space of a kind on a board (ValueError if it has none)."""
    rooms = [s.room for s in board.spaces if s.kind == kind]
    if not rooms:
        raise ValueError(f"the {board.game} board has no space of kind {kind!r}")
    return min(rooms)


def default_diameter(component: Component, board: Board) -> float:
    """The diameter a piece gets by default: the component's own size when it has one, else
    80 % of its smallest space's room (segments: 0.55 x the lattice pitch), rounded down to
    0.1 mm."""
    if component.size is not None:
        return component.size
    if component.stands_on in LINE_KINDS:
        pitch = board.data.get("pitch") or smallest_room(board, "segment")
        size = SEGMENT_SHARE * pitch
    else:
        size = ROOM_SHARE * smallest_room(board, component.stands_on)
    return math.floor(size * 10 + 1e-6) / 10


def piece_diameters(game: GameSpec, board: Board, diameter: float | None = None,
                    options: Mapping[str, Any] | None = None) -> dict[tuple[str, str], float]:
    """(side, kind) -> diameter in mm; a given diameter sets the largest kind and scales the
    others in proportion (EVL markers stay smaller than stack pieces).

    >>> from printables.games import GAMES
    >>> g = GAMES["rosenkreuz"]; piece_diameters(g, g.board())[("rose", "dark")]
    20.0
    """
    comps = game.components(game.options(options))
    sizes = {(c.side, c.kind): default_diameter(c, board) for c in comps}
    if diameter is not None:
        k = diameter / max(sizes.values())
        sizes = {key: round(v * k, 6) for key, v in sizes.items()}
    return sizes


# ----------------------------------------------------------------------------- punches

#: Common craft punches: name and diameter in mm, largest first.
PUNCHES: tuple[tuple[str, float], ...] = (
    ("1 in", 25.4), ("25 mm", 25.0), ("20 mm", 20.0), ("3/4 in", 19.05),
    ("5/8 in", 15.875), ("15 mm", 15.0))
#: A punch is used only if it is at least this share of the piece's default size.
PUNCH_SHARE = 0.75


def snap_to_punch(diameter: float) -> tuple[str, float] | None:
    """The largest punch no larger than diameter and at least PUNCH_SHARE of it, or None.

    >>> snap_to_punch(20.8), snap_to_punch(19.8), snap_to_punch(12.5)
    (('20 mm', 20.0), ('3/4 in', 19.05), None)
    """
    for name, d in PUNCHES:
        if PUNCH_SHARE * diameter - 1e-9 <= d <= diameter + 1e-9:
            return name, d
    return None


def punch_name(diameter: float) -> str | None:
    """The name of the punch of exactly this diameter (within 0.01 mm), if any.

    >>> punch_name(19.05), punch_name(19.0)
    ('3/4 in', None)
    """
    return next((n for n, d in PUNCHES if abs(d - diameter) < 0.01), None)


def punch_diameters(game: GameSpec, board: Board, options: Mapping[str, Any] | None = None
                    ) -> dict[tuple[str, str], float]:
    """(side, kind) -> diameter: the default sizes, each round piece snapped to a punch
    (see snap_to_punch); pentagon pieces and pieces whose size the game sets keep it."""
    comps = {(c.side, c.kind): c for c in game.components(game.options(options))}
    sizes = piece_diameters(game, board, None, options)
    for key, d in sizes.items():
        c = comps[key]
        punch = None if c.art in PENTAGON_ARTS or c.size is not None else snap_to_punch(d)
        if punch:
            sizes[key] = punch[1]
    return sizes
