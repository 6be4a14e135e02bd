"""Position diagrams: a board with pieces on their anchors, a move arrow, captured spaces and
each player's reserve; at physical size (callers scale the scene).

EVL stacks are drawn as discs shifted upwards one above the other (at most the top four
show) with the stack height written on the top disc; markers sit on their pentagons.
With ``reserve=True`` a strip under the board shows the first player's reserve and a strip
above it the second player's: piece art and how many pieces are not on the board.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from printables.boards import Board
from printables.games import GameSpec, Move, Position, get_game
from printables.geometry import Point, Segment
from printables.products.common import board_items
from printables.products.piece_art import piece_diameters, piece_items
from printables.render.pdf import text_width
from printables.render.scene import Circle, Group, Item, Path, Polygon, Scene, Text, baseline
from printables.render.theme import Ink

#: EVL: upward shift of each stack layer, as a share of the piece diameter.
STACK_STEP = 0.06
#: EVL: most layers drawn for one stack (the count tells the rest).
STACK_SHOWN = 4
#: Height of each reserve strip (first player below the board, second above).
RESERVE_STRIP = 16.0


def _game(game: GameSpec | str) -> GameSpec:
    return get_game(game) if isinstance(game, str) else game


def art_of(game: GameSpec, options: Mapping | None = None) -> dict[tuple[str, str], str]:
    """(side, kind) -> art key from the game's components."""
    return {(c.side, c.kind): c.art for c in game.components(game.options(options))}


def _move(p: Point, dx: float, dy: float) -> Point:
    return Point(p.x + dx, p.y + dy)


def piece_layer(game: GameSpec, board: Board, pos: Position, dx: float = 0.0,
                dy: float = 0.0) -> tuple[Item, ...]:
    """The pieces of a position (EVL: stacks and markers) as one scene group per space."""
    sizes = piece_diameters(game, board, options=pos.options)
    arts = art_of(game, pos.options)
    items: list[Item] = []
    for space in board.spaces:
        c = _move(space.anchor, dx, dy)
        if space.name in pos.pieces:
            piece = pos.pieces[space.name]
            key = (piece.side, piece.kind)
            items.append(Group(piece_items(arts[key], c, sizes[key])))
        if space.name in pos.stacks:
            items.append(stack_group(pos.stacks[space.name], c, sizes[("black", "piece")]))
        if space.name in pos.markers:
            side = pos.markers[space.name]
            items.append(Group(piece_items(arts[(side, "marker")], c, sizes[(side, "marker")])))
    return (Group(tuple(items), layer="pieces"),) if items else ()


def stack_group(stack: str, center: Point, d: float) -> Group:
    """An EVL stack (letters b/w bottom to top) as shifted discs with its height on top."""
    shown = stack[-STACK_SHOWN:]
    step = STACK_STEP * d
    base = center.y - step * (len(shown) - 1) / 2
    items: list[Item] = []
    for i, letter in enumerate(shown):
        tone = "black" if letter == "b" else "white"
        items.extend(piece_items(f"piece-{tone}", Point(center.x, base + i * step), d))
    if len(stack) > 1:
        top = Point(center.x, base + (len(shown) - 1) * step)
        tone = "black" if stack[-1] == "b" else "white"
        items.append(Text(baseline(top, 0.36 * d), str(len(stack)), 0.36 * d,
                          f"piece.count.{tone}"))
    return Group(tuple(items))


def arrow_items(points: list[Point], head: float, start_gap: float = 0.0) -> tuple[Item, ...]:
    """An arrow through points: a line in style 'arrow' ending in a head in 'arrow.head',
    its start moved start_gap along the first leg (to keep a stack's count readable)."""
    pts = [p for i, p in enumerate(points) if i == 0 or not p.is_close(points[i - 1], 1e-6)]
    if len(pts) < 2:
        return ()
    first = pts[0].distance(pts[1])
    gap = min(start_gap, first / 3)
    pts[0] = Point(pts[0].x + (pts[1].x - pts[0].x) * gap / first,
                   pts[0].y + (pts[1].y - pts[0].y) * gap / first)
    tip, prev = pts[-1], pts[-2]
    length = tip.distance(prev)
    ux, uy = (tip.x - prev.x) / length, (tip.y - prev.y) / length
    back = Point(tip.x - ux * head, tip.y - uy * head)
    half = head * 0.45
    left = Point(back.x - uy * half, back.y + ux * half)
    right = Point(back.x + uy * half, back.y - ux * half)
    line_end = Point(tip.x - ux * head * 0.6, tip.y - uy * head * 0.6)
    parts = tuple(Segment(a, b) for a, b in zip(pts[:-1], pts[1:-1] + [line_end]))
    return (Path(parts, "arrow"), Polygon((tip, left, right), "arrow.head"))


def move_items(board: Board, move: Move, d: float, dx: float = 0.0,
               dy: float = 0.0) -> tuple[Item, ...]:
    """A move drawn on the board: an arrow along its path (a drop: a ring round the space;
    Rosenkreuz relocation: a second arrow to the relocation square)."""
    if move.special or not move.path:
        return ()

    def at(name: str) -> Point:
        """The anchor of a space, moved with the board."""
        return _move(board.space(name).anchor, dx, dy)

    head = min(5.0, max(2.5, 0.3 * d))
    if move.drop:
        return (Circle(at(move.path[0]), 0.62 * d, "arrow"),)
    items = list(arrow_items([at(s) for s in move.path], head, 0.3 * d))
    if move.relocate:
        items.extend(arrow_items([at(move.target), at(move.relocate)], head))
    return tuple(items)


def captured_items(board: Board, spaces: Iterable[str], d: float, dx: float = 0.0,
                   dy: float = 0.0) -> tuple[Item, ...]:
    """A cross (style 'captured') over each captured space's anchor."""
    items: list[Item] = []
    r = 0.38 * d
    for name in sorted(set(spaces)):
        c = _move(board.space(name).anchor, dx, dy)
        items.append(Path((Segment(Point(c.x - r, c.y - r), Point(c.x + r, c.y + r)),), "captured"))
        items.append(Path((Segment(Point(c.x - r, c.y + r), Point(c.x + r, c.y - r)),), "captured"))
    return tuple(items)


def reserve_counts(game: GameSpec, pos: Position) -> list[tuple[str, str, str, int]]:
    """(side, kind, art, pieces not on the board) per component; EVL counts its hand."""
    out = []
    for c in game.components(game.options(pos.options)):
        if game.name == "evl" and c.kind == "piece":
            on_board = sum(s.count(c.side[0]) for s in pos.stacks.values())
            n = pos.hand.get(c.side, c.count - on_board)
        elif game.name == "evl":
            n = c.count - sum(1 for o in pos.markers.values() if o == c.side)
        else:
            n = c.count - sum(1 for p in pos.pieces.values() if (p.side, p.kind) == (c.side, c.kind))
        out.append((c.side, c.kind, c.art, max(0, n)))
    return out


def count_words(n: int, kind: str) -> str:
    """How many pieces of a kind, in words.

    >>> count_words(1, "stone"), count_words(12, "marker"), count_words(7, "dark")
    ('1 stone', '12 markers', '7 dark')
    """
    plural = "" if n == 1 or kind in ("dark", "light") else "s"
    return f"{n} {kind}{plural}"


def reserve_strip(game: GameSpec, board: Board, pos: Position, side: str, y: float) -> Group:
    """One player's reserve, centred in a strip whose bottom is at y: name, art and counts."""
    sizes = piece_diameters(game, board, options=pos.options)
    entries = [e for e in reserve_counts(game, pos) if e[0] == side]
    big = max(sizes[(side, kind)] for _, kind, _, _ in entries)
    d_show = min(big, RESERVE_STRIP - 4.0)
    mid = y + RESERVE_STRIP / 2
    text = 3.6
    label = side.title() + ":"
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


def position_items(game: GameSpec, pos: Position, theme: Mapping[str, Ink], dy: float = 0.0,
                   move: Move | None = None, captures: Iterable[str] = (),
                   reserve: bool = False) -> tuple[tuple[Item, ...], float, float]:
    """The items of a position diagram with its bottom edge at dy, and its width and height."""
    board = game.board(pos.options)
    strip = RESERVE_STRIP if reserve else 0.0
    by = dy + strip
    items: list[Item] = list(board_items(board, theme, dy=by))
    items.extend(piece_layer(game, board, pos, dy=by))
    d = min(piece_diameters(game, board, options=pos.options).values())
    marks = list(captures) + ([move.take] if move is not None and move.take else [])
    extra = captured_items(board, marks, d, dy=by)
    if move is not None:
        extra += move_items(board, move, d, dy=by)
    if extra:
        items.append(Group(extra, layer="move"))
    if reserve:
        items.append(reserve_strip(game, board, pos, game.sides[0], dy))
        items.append(reserve_strip(game, board, pos, game.sides[1], by + board.height))
    return tuple(items), board.width, board.height + 2 * strip


def position_scene(game: GameSpec | str, position: Position, theme: Mapping[str, Ink], *,
                   move: Move | None = None, captures: Iterable[str] = (),
                   reserve: bool = False) -> Scene:
    """The board with the position's pieces, the move's arrow, captured spaces crossed out
    and (reserve=True) each player's reserve in a strip; at physical size, no footer."""
    g = _game(game)
    items, w, h = position_items(g, position, theme, 0.0, move, captures, reserve)
    return Scene(w, h, items, title=position.title or f"{g.title} position")
