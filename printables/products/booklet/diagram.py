"""Position diagrams: a board with pieces on their anchors, a move arrow, captured spaces and
each player's reserve; at physical size (callers scale the scene).

EVL stacks are drawn from the side, one band per piece in its colour, bottom piece lowest, the
top band thicker with the stack height on it; single pieces and markers are seen from above.
Marks: a red arrow for the move (struck through by a dark bar when the rules forbid it), a
red ring round a drop space (struck through likewise; a forbidden drop onto a piece or stack
is drawn under it, ring as wide as the space, so what stands there stays readable), a red
cross on each captured piece, a green diamond round each space claimed, a blue broken ring
round each piece that flips.
Space labels are redrawn at a size given by the caller (so they print at 6 pt or more) with
a white halo drawn as a stroked copy under each label.
With ``reserve=True`` a strip under the board shows the first player's reserve and a strip
above it the second player's: piece art and how many pieces are not on the board.

A move's arrow follows the board: between two path spaces that are not neighbours it runs
through the spaces of the shortest chain along one relation (round a Dugi ring, round a
Danadazo bend; a jump stays straight), its corners at those spaces rounded. Arrows and
capture crosses are sized from the board's smallest space and drawn on a white halo.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from printables.boards import Board
from printables.games import GameSpec, Move, Position, get_game
from printables.geometry import TOL, Arc, Part, Point, Segment
from printables.products.booklet.examples import reserve_counts
from printables.products.common import board_items
from printables.products.pieces.art import piece_diameters, piece_items
from printables.render.fonts import text_width
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene, Text, baseline
from printables.render.theme import Ink

#: EVL stacks seen from the side: band height and column width as shares of the piece
#: diameter, the most the column may take, and how many bands thick the top band is.
STACK_BAND = 0.2
STACK_WIDTH = 1.0
STACK_COLUMN = 1.0
STACK_TOP = 1.6
#: Height of each reserve strip (first player below the board, second above).
RESERVE_STRIP = 16.0
#: Move marks in proportion to the board's smallest space room (share of the room), with
#: least widths in mm: the booklet prints diagrams down to 0.35x, where 1.5 mm is 0.5 mm.
ARROW_SHARE = 0.07
ARROW_MIN = 1.5
CROSS_SHARE = 0.08
CROSS_MIN = 1.5
#: Arrow head length: a share of the room, but at least this many arrow widths.
HEAD_SHARE = 0.25
HEAD_PER_WIDTH = 3.6
#: White halo under arrows and crosses on either side, as a share of the stroke width.
HALO = 0.3
#: A forbidden drop onto an occupied space (drawn under its pieces): the ring's radius as a
#: share of the space's room (at least the usual drop ring's), and how far the bar's ends
#: reach across and up from the centre, as a share of that radius.
DROP_ROOM = 0.5
DROP_REACH = 0.9
#: Corners of a route turning more than this (degrees) stay sharp.
MAX_ROUNDED_TURN = 150.0


def _game(game: GameSpec | str) -> GameSpec:
    return get_game(game) if isinstance(game, str) else game


def art_of(game: GameSpec, options: Mapping[str, Any] | None = None
           ) -> dict[tuple[str, str], str]:
    """(side, kind) -> art key from the game's components."""
    return {(c.side, c.kind): c.art for c in game.components(game.options(options))}


def _move(p: Point, dx: float, dy: float) -> Point:
    return Point(p.x + dx, p.y + dy)


def piece_layer(game: GameSpec, board: Board, pos: Position, dx: float = 0.0,
                dy: float = 0.0) -> tuple[Item, ...]:
    """The pieces of a position (stacks too, where the game stacks) as one scene group per
    thing on a space, as the game's placement shows them."""
    sizes = piece_diameters(game, board, options=pos.options)
    arts = art_of(game, pos.options)
    items: list[Item] = []
    for shown in game.placement.shown(board, pos):
        space = board.space(shown.space)
        c = _move(space.anchor, dx, dy)
        key = (shown.side, shown.kind)
        if len(shown.stack) > 1:
            kinds = shown.kinds or (shown.kind,) * len(shown.stack)
            tones = tuple(disc_tone(arts[k]) for k in zip(shown.stack, kinds, strict=True))
            items.append(stack_group(tones, c, sizes[key]))
        else:
            spots = cluster(shown.number, sizes[key], space.room)
            drawn = tuple(it for q in spots
                          for it in piece_items(arts[key], Point(c.x + q.x, c.y + q.y),
                                                sizes[key]))
            if shown.number > 1:
                drawn += count_badge(shown.number, c, sizes[key], space.room, len(spots))
            items.append(Group(drawn))
    return (Group(tuple(items), layer="pieces"),) if items else ()


def disc_tone(art: str) -> str:
    """The tone of a piece's disc (its first shape's style, piece.disc.TONE): the colour a
    stack band of that piece is drawn in.

    >>> disc_tone("piece-black"), disc_tone("stone-white")
    ('black', 'white')
    """
    first = piece_items(art, Point(0.0, 0.0), 10.0)[0]
    style = getattr(first, "style", "")
    return style.removeprefix("piece.disc.") if style.startswith("piece.disc.") else "white"


#: A pile's count: the badge's radius and its number's size as shares of the space's room.
BADGE_SHARE, BADGE_TEXT = 0.17, 0.22


#: Most alike pieces drawn one by one on a space (more: one piece and the number).
CLUSTER_MOST = 9


def cluster(n: int, d: float, room: float) -> tuple[Point, ...]:
    """Where n alike pieces of diameter d sit on a space of this room, as offsets from its
    anchor: all of them round a ring (one in the middle from 7 on) when they fit inside
    the space, else one in the middle.

    >>> len(cluster(4, 8.0, 24.0)), len(cluster(4, 20.0, 24.0)), len(cluster(12, 5.0, 40.0))
    (4, 1, 1)
    """
    if n <= 1 or n > CLUSTER_MOST:
        return (Point(0.0, 0.0),)
    middle = n >= 7
    ring = n - middle
    radius = 0.55 * d / math.sin(math.pi / ring) if ring > 1 else 0.0
    if radius + d / 2 > 0.48 * room:
        return (Point(0.0, 0.0),)
    out = [Point.polar(Point(0.0, 0.0), radius, 90.0 + k * 360.0 / ring) for k in range(ring)]
    return (Point(0.0, 0.0),) * middle + tuple(out)


def count_badge(n: int, center: Point, d: float, room: float, drawn: int = 1
                ) -> tuple[Item, ...]:
    """How many alike pieces stand on a space: the number on a white disc, at the piece's
    upper right, or at the space's when the pieces are drawn one by one (it reads on any
    piece and any space)."""
    r = BADGE_SHARE * room if drawn > 1 else max(BADGE_SHARE * room, 0.3 * d)
    off = 0.5 * room * 0.62 if drawn > 1 else 0.5 * d * 0.75
    at = Point(center.x + off, center.y + off)
    size = min(BADGE_TEXT * room, 1.1 * r) * (0.8 if n >= 10 else 1.0)
    return (Circle(at, r, "count.badge"),
            Text(baseline(at, size), str(n), size, "count.text"))


def stack_group(stack: tuple[str, ...], center: Point, d: float) -> Group:
    """A stack of two or more pieces (their sides, bottom to top), drawn from the side: one
    band per piece in its side's colour (piece.disc.<side>), bottom piece lowest, so the
    order inside the stack shows; the top band, the piece that controls the stack, is drawn
    thicker and carries the stack's height."""
    band = min(STACK_BAND * d, STACK_COLUMN * d / (len(stack) + STACK_TOP - 1))
    heights = [band] * (len(stack) - 1) + [band * STACK_TOP]
    y = center.y - sum(heights) / 2
    half = d * STACK_WIDTH / 2
    items: list[Item] = []
    for tone, h in zip(stack, heights):
        items.append(Polygon((Point(center.x - half, y), Point(center.x + half, y),
                              Point(center.x + half, y + h), Point(center.x - half, y + h)),
                             f"piece.disc.{tone}"))
        y += h
    tone = stack[-1]
    size = min(0.9 * heights[-1], 0.36 * d)
    items.append(Text(baseline(Point(center.x, y - heights[-1] / 2), size), str(len(stack)),
                      size, f"piece.count.{tone}"))
    return Group(tuple(items))


@dataclass(frozen=True)
class MarkSizes:
    """Stroke sizes of a diagram's move marks in mm: arrow width, arrow head length, capture
    cross width; each mark also gets a white halo HALO x its width wide on either side."""

    arrow: float
    head: float
    cross: float

    def halo(self, width: float) -> float:
        """The width of the white stroke drawn under a mark of this width."""
        return width * (1 + 2 * HALO)


def mark_sizes(board: Board) -> MarkSizes:
    """Arrow and capture-mark sizes in proportion to the board's smallest space room, never
    below the widths that still read at the smallest booklet scale."""
    room = min(s.room for s in board.spaces)
    arrow = max(ARROW_SHARE * room, ARROW_MIN)
    return MarkSizes(arrow, max(HEAD_SHARE * room, HEAD_PER_WIDTH * arrow),
                     max(CROSS_SHARE * room, CROSS_MIN))


def _shortest(graph: Mapping[str, tuple[str, ...]], a: str, b: str) -> tuple[str, ...] | None:
    """Breadth-first shortest chain of spaces from a to b in one relation, or None."""
    prev: dict[str, str | None] = {a: None}
    frontier = [a]
    while frontier and b not in prev:
        nxt = []
        for s in frontier:
            for n in graph.get(s, ()):
                if n not in prev:
                    prev[n] = s
                    nxt.append(n)
        frontier = nxt
    if b not in prev:
        return None
    chain = [b]
    while prev[chain[-1]] is not None:
        chain.append(prev[chain[-1]])  # type: ignore[arg-type]
    return tuple(reversed(chain))


def relation_route(board: Board, a: str, b: str) -> tuple[str, ...]:
    """The spaces an arrow from a to b passes: (a, b) for neighbours, else the shortest chain
    that keeps to one relation (ties: the order of board.relations), else (a, b).

    >>> from printables.games import get_game
    >>> relation_route(get_game("dugi").board(), "a22", "a3")
    ('a22', 'a23', 'a24', 'a1', 'a2', 'a3')
    """
    if a == b or b in board.neighbours(a) or curve_between(board, a, b) is not None:
        return (a, b)
    best: tuple[str, ...] | None = None
    for rel in board.relations:
        chain = _shortest(board.relations[rel], a, b)
        if chain is not None and (best is None or len(chain) < len(best)):
            best = chain
    return best or (a, b)


def curve_between(board: Board, a: str, b: str) -> tuple[Point, ...] | None:
    """Points along the board's curve from a to b (Surakarta's loops: a capture rides
    round them), ends left out; None when no curve runs between them."""
    for c in board.curves:
        if {c.a, c.b} == {a, b} and a != b:
            n = max(2, math.ceil(abs(c.arc.sweep) / CURVE_STEP))
            pts = tuple(Point.polar(c.arc.center, c.arc.radius,
                                    c.arc.start_angle + c.arc.sweep * k / n) for k in range(1, n))
            return pts if c.a == a else pts[::-1]
    return None


#: An arrow round a curve bends at a point every this many degrees of the curve.
CURVE_STEP = 10.0


def move_route(board: Board, path: tuple[str, ...]) -> tuple[tuple[str, bool], ...]:
    """The spaces a move's arrow runs through, each flagged True when the route added it (the
    arrow may round its corner there) and False for the move's own spaces (sharp corners)."""
    out = [(path[0], False)]
    for a, b in zip(path, path[1:]):
        out.extend((s, True) for s in relation_route(board, a, b)[1:-1])
        out.append((b, False))
    return tuple(out)


def _unit(a: Point, b: Point) -> Point:
    d = a.distance(b)
    return Point((b.x - a.x) / d, (b.y - a.y) / d)


def fillet(a: Point, p: Point, b: Point, t: float) -> tuple[Point, Arc, Point] | None:
    """The arc rounding the corner a-p-b that touches both legs at distance t from p, with
    its two touching points; None when the legs (nearly) run straight on or double back."""
    u1, u2 = _unit(a, p), _unit(p, b)
    turn = math.atan2(u1.x * u2.y - u1.y * u2.x, u1.x * u2.x + u1.y * u2.y)
    if abs(turn) < 1e-3 or abs(turn) > math.radians(MAX_ROUNDED_TURN) or t <= TOL:
        return None
    r = t / math.tan(abs(turn) / 2)
    side = 1.0 if turn > 0 else -1.0
    t1, t2 = Point(p.x - u1.x * t, p.y - u1.y * t), Point(p.x + u2.x * t, p.y + u2.y * t)
    centre = Point(t1.x - side * u1.y * r, t1.y + side * u1.x * r)
    start = math.degrees(math.atan2(t1.y - centre.y, t1.x - centre.x))
    return t1, Arc(centre, r, start, math.degrees(turn)), t2


def rounded_parts(pts: list[Point], smooth: list[bool], start: Point,
                  end: Point) -> tuple[Part, ...]:
    """Segments from start (on the first leg) through pts[1:-1] to end (on the last leg);
    where smooth[i] the corner at pts[i] is rounded by an arc using at most half of each leg."""
    parts: list[Part] = []
    cur, last = start, len(pts) - 1
    for i in range(1, last):
        a, p, b = pts[i - 1], pts[i], pts[i + 1]
        t = min(a.distance(p), p.distance(b)) / 2
        t = min(t, cur.distance(p), p.distance(end) if i + 1 == last else t)
        corner = fillet(a, p, b, t) if smooth[i] else None
        if corner is None:
            parts.append(Segment(cur, p))
            cur = p
            continue
        t1, arc, t2 = corner
        if not cur.is_close(t1, 1e-6):
            parts.append(Segment(cur, t1))
        parts.append(arc)
        cur = t2
    if not cur.is_close(end, 1e-6) or not parts:
        parts.append(Segment(cur, end))
    return tuple(parts)


def arrow_items(points: list[Point], sizes: MarkSizes, start_gap: float = 0.0,
                smooth: Iterable[bool] = ()) -> tuple[Item, ...]:
    """An arrow through points: a white halo, then a line in style 'arrow' ending in a head in
    'arrow.head'; corners at points flagged in smooth are rounded, and the start is moved
    start_gap along the first leg (off the piece, keeping a stack's count readable)."""
    flags = list(smooth) or [False] * len(points)
    keep = [i for i, p in enumerate(points) if i == 0 or not p.is_close(points[i - 1], 1e-6)]
    pts, flags = [points[i] for i in keep], [flags[i] for i in keep]
    if len(pts) < 2:
        return ()
    head, w = sizes.head, sizes.arrow
    first = pts[0].distance(pts[1])
    start = _along(pts[0], pts[1], min(start_gap, first / 3))
    tip, prev = pts[-1], pts[-2]
    u = _unit(prev, tip)
    back = Point(tip.x - u.x * head, tip.y - u.y * head)
    half = head * 0.45
    tri = (tip, Point(back.x - u.y * half, back.y + u.x * half),
           Point(back.x + u.y * half, back.y - u.x * half))
    end = _along(tip, prev, min(head * 0.6, tip.distance(prev) / 2))
    parts = rounded_parts(pts, flags, start, end)
    outline = tuple(Segment(p, q) for p, q in zip(tri, tri[1:] + tri[:1]))
    return (Path(parts, "arrow.halo", width=sizes.halo(w)),
            Path(outline, "arrow.halo", closed=True, width=2 * HALO * w),
            Path(parts, "arrow", width=w), Polygon(tri, "arrow.head"))


def _along(a: Point, b: Point, dist: float) -> Point:
    """The point dist from a towards b."""
    u = _unit(a, b)
    return Point(a.x + u.x * dist, a.y + u.y * dist)


def ring_items(center: Point, radius: float, sizes: MarkSizes) -> tuple[Item, ...]:
    """A ring round a space where a piece is dropped, with its white halo."""
    arc = (Arc(center, radius, 90.0, 360.0),)
    return (Path(arc, "arrow.halo", width=sizes.halo(sizes.arrow)),
            Path(arc, "arrow", width=sizes.arrow))


def move_items(board: Board, move: Move, d: float, dx: float = 0.0,
               dy: float = 0.0, legal: bool = True) -> tuple[Item, ...]:
    """A move drawn on the board: an arrow along its path that follows the board's lines
    between spaces that are not neighbours (a drop: a ring round the space; Rosenkreuz
    relocation: a second arrow, curving to the side, to the relocation square; a piece
    placed after the move, X-Y/Z: a ring round Z). A move the rules forbid (legal=False) is
    struck through by a dark bar."""
    if move.special or not move.path:
        return ()

    def at(name: str) -> Point:
        """The anchor of a space, moved with the board."""
        return _move(board.space(name).anchor, dx, dy)

    sizes = mark_sizes(board)
    if move.drop:
        c, r = at(move.path[0]), 0.62 * d
        ring = ring_items(c, r, sizes)
        return ring if legal else ring + strike_items(
            Point(c.x - r * 0.95, c.y - r * 0.95), Point(c.x + r * 0.95, c.y + r * 0.95), sizes)
    route = move_route(board, move.path)
    points: list[Point] = []
    flags: list[bool] = []
    for i, (s, flag) in enumerate(route):
        round_curve = curve_between(board, route[i - 1][0], s) if i else None
        for q in round_curve or ():
            points.append(_move(q, dx, dy))
            flags.append(True)
        points.append(at(s))
        flags.append(flag)
    items = list(arrow_items(points, sizes, 0.3 * d, flags))
    if move.relocate:
        a, b = at(move.target), at(move.relocate)
        centre = _move(_board_centre(board), dx, dy)
        items.extend(arrow_items([a, bow_point(a, b, centre), b], sizes, 0.3 * d,
                                 [False, True, False]))
    if move.place:
        items.extend(ring_items(at(move.place), 0.62 * d, sizes))
    if not legal:
        items.extend(strike_across(points, sizes))
    return tuple(items)


def covered_drop_items(board: Board, space: str, d: float, dy: float = 0.0
                       ) -> tuple[Item, ...]:
    """A forbidden drop onto a space that holds a piece or stack, to be drawn under the
    pieces: a ring as wide as the space (its room) round what stands there and the dark bar
    across it, its ends showing past the piece's corners."""
    c, sizes = _move(board.space(space).anchor, 0.0, dy), mark_sizes(board)
    r = max(0.62 * d, DROP_ROOM * board.space(space).room)
    k = r * DROP_REACH
    return ring_items(c, r, sizes) + strike_items(Point(c.x - k, c.y - k),
                                                  Point(c.x + k, c.y + k), sizes)


def strike_across(points: list[Point], sizes: MarkSizes) -> tuple[Item, ...]:
    """A bar across the middle of the longest leg of an arrow through points."""
    legs = [(a.distance(b), a, b) for a, b in zip(points, points[1:]) if a.distance(b) > TOL]
    if not legs:
        return ()
    _, a, b = max(legs, key=lambda leg: leg[0])
    u = _unit(a, b)
    m = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
    half = max(sizes.head * 0.9, 2.5 * sizes.arrow)
    # the bar leans 60 degrees off the arrow, like a slash through a sign
    vx, vy = u.x * 0.5 - u.y * 0.866, u.y * 0.5 + u.x * 0.866
    return strike_items(Point(m.x - vx * half, m.y - vy * half),
                        Point(m.x + vx * half, m.y + vy * half), sizes)


def strike_items(a: Point, b: Point, sizes: MarkSizes) -> tuple[Item, ...]:
    """A dark bar from a to b on a white halo: 'this move is not allowed'."""
    seg = (Segment(a, b),)
    w = sizes.arrow * 1.3
    return (Path(seg, "strike.halo", width=sizes.halo(w)), Path(seg, "strike", width=w))


def claimed_items(board: Board, spaces: Iterable[str], d: float, dx: float = 0.0,
                  dy: float = 0.0) -> tuple[Item, ...]:
    """A diamond (style 'claimed', on a white halo) round each space the move claims."""
    w = mark_sizes(board).cross
    out: list[Item] = []
    for name in sorted(set(spaces)):
        c = _move(board.space(name).anchor, dx, dy)
        r = 0.55 * d
        pts = (Point(c.x, c.y + r), Point(c.x + r, c.y), Point(c.x, c.y - r), Point(c.x - r, c.y))
        segs = tuple(Segment(p, q) for p, q in zip(pts, pts[1:] + pts[:1]))
        out.append(Path(segs, "claimed.halo", closed=True, width=w * (1 + 2 * HALO)))
        out.append(Path(segs, "claimed", closed=True, width=w))
    return tuple(out)


def flipped_items(board: Board, spaces: Iterable[str], d: float, dx: float = 0.0,
                  dy: float = 0.0) -> tuple[Item, ...]:
    """A broken ring (four arcs, style 'flipped', on a white halo) round each piece that
    turns over to the other side."""
    w = mark_sizes(board).arrow
    out: list[Item] = []
    for name in sorted(set(spaces)):
        c = _move(board.space(name).anchor, dx, dy)
        for k in range(4):
            arc = (Arc(c, 0.6 * d, 20.0 + 90.0 * k, 50.0),)
            out.append(Path(arc, "flipped.halo", width=w * (1 + 2 * HALO)))
            out.append(Path(arc, "flipped", width=w))
    return tuple(out)


def _board_centre(board: Board) -> Point:
    """The mean of the space anchors."""
    xs = [s.anchor.x for s in board.spaces]
    ys = [s.anchor.y for s in board.spaces]
    return Point(sum(xs) / len(xs), sum(ys) / len(ys))


def bow_point(a: Point, b: Point, towards: Point, bow: float = 0.3) -> Point:
    """A point beside the middle of a-b, bow x its length away, on the side of `towards`:
    a relocation arrow curves through it, so it never runs along the move's own arrow.

    >>> bow_point(Point(0, 0), Point(0, 10), Point(5, 5))
    Point(x=3.0, y=5.0)
    """
    length = a.distance(b)
    nx, ny = (b.y - a.y) / length, -(b.x - a.x) / length  # right of a -> b
    mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
    if (towards.x - mx) * nx + (towards.y - my) * ny < 0:
        nx, ny = -nx, -ny
    return Point(mx + nx * bow * length, my + ny * bow * length)


def captured_items(board: Board, spaces: Iterable[str], d: float, dx: float = 0.0,
                   dy: float = 0.0) -> tuple[Item, ...]:
    """A cross (style 'captured', on a white halo) over each captured space's anchor."""
    halos: list[Item] = []
    items: list[Item] = []
    r = 0.38 * d
    w = mark_sizes(board).cross
    for name in sorted(set(spaces)):
        c = _move(board.space(name).anchor, dx, dy)
        for seg in (Segment(Point(c.x - r, c.y - r), Point(c.x + r, c.y + r)),
                    Segment(Point(c.x - r, c.y + r), Point(c.x + r, c.y - r))):
            halos.append(Path((seg,), "captured.halo", width=w * (1 + 2 * HALO)))
            items.append(Path((seg,), "captured", width=w))
    return tuple(halos + items)


def count_words(n: int, kind: str) -> str:
    """How many pieces of a kind, in words.

    >>> count_words(1, "stone"), count_words(12, "marker"), count_words(7, "dark")
    ('1 stone', '12 markers', '7 dark')
    >>> count_words(9, "man"), count_words(2, "box")
    ('9 men', '2 boxes')
    """
    if n == 1 or kind in ("dark", "light"):
        return f"{n} {kind}"
    if kind.endswith("man"):
        return f"{n} {kind[:-3]}men"
    return f"{n} {kind}{'es' if kind.endswith(('s', 'x', 'ch', 'sh')) else 's'}"


def reserve_strip(game: GameSpec, board: Board, pos: Position, side: str, y: float,
                  least: float = 0.0) -> Group:
    """One player's reserve, centred in a strip whose bottom is at y: name, art and counts
    (the words at least `least` mm high)."""
    sizes = piece_diameters(game, board, options=pos.options)
    every = [e for e in reserve_counts(game, pos) if e[0] == side]
    entries = [e for e in every if e[3]]  # no "0 markers": a kind with none left is not shown
    big = max(sizes[(side, kind)] for _, kind, _, _ in every)
    d_show = min(big, RESERVE_STRIP - 4.0)
    mid = y + RESERVE_STRIP / 2
    text = max(3.6, min(least, RESERVE_STRIP * 0.45))
    label = side.title() + (":" if entries else ": none left")
    if side not in game.sides:
        label = "Neutral:" if entries else "Neutral: none left"
    pieces = [(art, count_words(n, kind), d_show * sizes[(side, kind)] / big)
              for _, kind, art, n in entries]
    total = text_width(label, text, "sans-bold") + sum(
        2.0 + d + 1.5 + text_width(t, text) for _, t, d in pieces) + 2.0 * (len(pieces) - 1)
    x = board.width / 2 - total / 2
    items: list[Item] = [Text(baseline(Point(x, mid), text), label, text, "text.bold",
                              anchor="start")]
    x += text_width(label, text, "sans-bold") + 2.0
    for art, words, d in pieces:
        items.append(Group(piece_items(art, Point(x + d / 2, mid), d)))
        x += d + 1.5
        items.append(Text(baseline(Point(x, mid), text), words, text, "text", anchor="start"))
        x += text_width(words, text) + 4.0
    return Group(tuple(items), layer=f"reserve-{side}")


@dataclass(frozen=True)
class Marks:
    """What a diagram marks besides the pieces: the move (and whether the rules allow it),
    pieces captured, spaces claimed, pieces flipped."""

    move: Move | None = None
    legal: bool = True
    captures: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()
    flips: tuple[str, ...] = ()


def mark_items(board: Board, marks: Marks, d: float, dy: float) -> tuple[Item, ...]:
    """The move layer's items: crosses, diamonds, broken rings, then the arrow on top."""
    move = marks.move
    taken = list(marks.captures) + ([move.take] if move is not None and move.take else [])
    extra = captured_items(board, taken, d, dy=dy)
    extra += claimed_items(board, marks.claims, d, dy=dy)
    extra += flipped_items(board, marks.flips, d, dy=dy)
    if move is not None:
        extra += move_items(board, move, d, dy=dy, legal=marks.legal)
    return extra


def diagram_labels(board: Board, items: tuple[Item, ...], least: float) -> tuple[Item, ...]:
    """Board items with the labels layer redrawn: every label at least `least` mm high, in
    'label.diagram' ink on a halo drawn as a stroked copy underneath ('label.diagram.halo'),
    so names read on dark spaces and whatever renderer draws them."""
    out: list[Item] = []
    for item in items:
        if not (isinstance(item, Group) and item.layer == "labels"):
            out.append(item)
            continue
        halos, texts = [], []
        for t in item.items:
            assert isinstance(t, Text), "a board's labels layer holds only text"
            if t.size >= least:  # already large (a name across a dark disc): left as drawn
                texts.append(t)
                continue
            size = least
            at = Point(t.position.x, t.position.y - 0.36 * (size - t.size))
            halos.append(Text(at, t.text, size, "label.diagram.halo", t.anchor, t.rotation))
            texts.append(Text(at, t.text, size, "label.diagram", t.anchor, t.rotation))
        out.append(Group(tuple(halos + texts), layer="labels"))
    return tuple(out)


#: Board drawings already made: (id(board), id(theme), dy) -> (board, theme, items).
_DRAWINGS: dict[tuple[int, int, float],
                tuple[Board, Mapping[str, Ink], tuple[Item, ...]]] = {}


def board_drawing(board: Board, theme: Mapping[str, Ink], dy: float = 0.0) -> tuple[Item, ...]:
    """board_items of a board at physical size moved up dy, made once per board, theme and
    dy: every diagram of a game (each booklet builds its story more than once) shares it."""
    key = (id(board), id(theme), dy)
    hit = _DRAWINGS.get(key)
    if hit is None or hit[0] is not board or hit[1] is not theme:
        hit = _DRAWINGS[key] = (board, theme, board_items(board, theme, dy=dy))
    return hit[2]


def position_items(game: GameSpec, pos: Position, theme: Mapping[str, Ink], dy: float = 0.0,
                   move: Move | None = None, captures: Iterable[str] = (),
                   reserve: bool = False, marks: Marks | None = None,
                   label_size: float = 0.0, size: float | None = None
                   ) -> tuple[tuple[Item, ...], float, float]:
    """The items of a position diagram with its bottom edge at dy, and its width and height.
    `marks` (or the older move and captures) say what to mark; label_size > 0 redraws the
    space labels at least that high, haloed; size is the board's length in mm (None: the
    game's own)."""
    board = game.board(pos.options, size)
    reserve = reserve and any(n for _, _, _, n in reserve_counts(game, pos))
    owners = reserve_owners(game)
    below, above = owners[0::2], owners[1::2]
    strip = RESERVE_STRIP if reserve else 0.0
    by = dy + strip * len(below)
    drawn = board_drawing(board, theme, by)
    items: list[Item] = list(diagram_labels(board, drawn, label_size) if label_size else drawn)
    d = min(piece_diameters(game, board, options=pos.options).values())
    marks = marks or Marks(move, True, tuple(captures))
    if marks.move is not None and covered_drop(game, board, pos, marks):
        items.append(Group(covered_drop_items(board, marks.move.path[0], d, by), layer="move"))
        marks = replace(marks, move=None)  # drawn under the pieces: the stack stays readable
    items.extend(piece_layer(game, board, pos, dy=by))
    extra = mark_items(board, marks, d, by)
    if extra:
        items.append(Group(extra, layer="move"))
    if reserve:
        for i, side in enumerate(below):  # the first side nearest the board
            items.append(reserve_strip(game, board, pos, side, by - (i + 1) * strip,
                                       label_size))
        for i, side in enumerate(above):
            items.append(reserve_strip(game, board, pos, side, by + board.height + i * strip,
                                       label_size))
    return tuple(items), board.width, board.height + len(owners) * strip


def covered_drop(game: GameSpec, board: Board, pos: Position, marks: Marks) -> bool:
    """True when the marks show a forbidden drop onto a space that holds a piece or stack
    (EVL's drop on a stack of four): its ring and bar go under the pieces
    (covered_drop_items), so what stands there stays readable, the mark showing round it."""
    move = marks.move
    return (move is not None and move.drop and not marks.legal and bool(move.path)
            and any(shown.space == move.path[0] for shown in game.placement.shown(board, pos)))


def reserve_owners(game: GameSpec) -> tuple[str, ...]:
    """Whose reserves a setup shows, in order: every side, then the neutral pieces (kinds
    held by no side) if the game has any. Strips alternate below and above the board."""
    return tuple(game.sides) + tuple(s for s in game.kinds if s not in game.sides)


def position_scene(game: GameSpec | str, position: Position, theme: Mapping[str, Ink], *,
                   move: Move | None = None, captures: Iterable[str] = (),
                   reserve: bool = False, marks: Marks | None = None,
                   label_size: float = 0.0) -> Scene:
    """The board with the position's pieces, its marks (the move's arrow, captured pieces
    crossed out, claims, flips) and (reserve=True) each player's reserve in a strip; at
    physical size, no footer."""
    g = _game(game)
    items, w, h = position_items(g, position, theme, 0.0, move, captures, reserve, marks,
                                 label_size)
    return Scene(w, h, items, title=position.title or f"{g.title} position")
