"""Dugi (Andrew Dubber): 7 rings x 24 sectors round a central dead zone.

Rules engine (GAMES.md section 6, seed 003), with the rulings this engine makes:

- A move slides one counter any distance over empty spaces, either along its ring (both
  ways round; the ring is a closed loop, so a move may cross the a24/a1 line) or along its
  sector line (outward to ring a, inward to ring g). Nothing passes through the dead zone:
  ring g has no inward neighbour, so g5 cannot reach g17. No jumps, no diagonal moves.
  A ring move that can reach its target both ways round is one move (``a5-a9``).
- Capture is custodian and made by the mover only: after the move, each enemy counter
  next to the moved counter (along the ring either way, or along the sector line either
  way) with a counter of the mover directly behind it in the same line is removed. Rings
  wrap round for this (a counter on a24 between a23 and a1 can be taken); sector lines do
  not continue across the dead zone. Two enemy counters in a row are not taken. One move
  may take up to four counters. A counter that moves between two enemies is safe.
- Win: a side with two counters or fewer has lost; a side to move with no legal move has
  lost. Black moves first (our ruling).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache, partial
from typing import Any

from printables.boards import Board
from printables.boards.rings import dugi_board
from printables.games.model import (
    Component,
    Engine,
    GameSpec,
    Move,
    Outcome,
    Piece,
    Position,
    next_side,
)
from printables.games.rulings import more_pieces

SIDES = ("black", "white")
COUNTERS = 12
#: A side with this many counters or fewer has lost.
LOSING_COUNT = 2
#: The four line directions: (ring step, sector step) on 0-based (ring, sector) coordinates.
DIRECTIONS = ((0, 1), (0, -1), (-1, 0), (1, 0))


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """The ring board (see printables.boards.rings)."""
    return dugi_board(size)


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """12 black and 12 white counters."""
    return (Component("black", "stone", 12, "stone-black", "black counter", "sector"),
            Component("white", "stone", 12, "stone-white", "white counter", "sector"))


#: The opponent of a side (games.model.next_side over this game's two sides).
other = partial(next_side, sides=SIDES)


def step(board: Board, name: str, direction: tuple[int, int]) -> str | None:
    """The neighbouring space in a direction, or None at the rim or the dead zone.

    >>> from printables.boards.rings import dugi_board
    >>> b = dugi_board()
    >>> step(b, "a24", (0, 1)), step(b, "g5", (1, 0)), step(b, "a5", (-1, 0))
    ('a1', None, None)
    """
    ring, sector = board.data["coords"][name]
    rings = board.data["rings"]
    r = ring + direction[0]
    if not 0 <= r < len(rings):
        return None
    return str(rings[r][(sector + direction[1]) % len(rings[r])])


@lru_cache(maxsize=8)
def rays(board: Board) -> Mapping[str, tuple[tuple[str, ...], ...]]:
    """Per space, the spaces met going out in each direction (rings stop before coming back)."""
    out = {}
    for name in board.names:
        lines = []
        for direction in DIRECTIONS:
            line, here = [], step(board, name, direction)
            while here is not None and here != name:
                line.append(here)
                here = step(board, here, direction)
            lines.append(tuple(line))
        out[name] = tuple(lines)
    return out


def _slides(board: Board, pieces: Mapping[str, Piece], origin: str) -> Iterator[str]:
    """Every empty space a counter on origin can slide to, direction by direction."""
    for line in rays(board)[origin]:
        for here in line:
            if here in pieces:
                break
            yield here


def _moves(board: Board, pos: Position) -> list[Move]:
    """Legal moves of the side to move, ignoring whether the game is over."""
    out: list[Move] = []
    for name in board.names:
        piece = pos.pieces.get(name)
        if piece is not None and piece.side == pos.to_move:
            targets = dict.fromkeys(_slides(board, pos.pieces, name))
            out.extend(Move(path=(name, target)) for target in targets)
    return out


def count(pos: Position, side: str) -> int:
    """Counters of one side on the board."""
    return sum(1 for p in pos.pieces.values() if p.side == side)


def legal_moves(board: Board, pos: Position) -> list[Move]:
    """Every distinct legal move for the side to move; [] once the game is over."""
    if count(pos, pos.to_move) <= LOSING_COUNT or count(pos, other(pos.to_move)) <= LOSING_COUNT:
        return []
    return _moves(board, pos)


def captured_by(board: Board, pieces: Mapping[str, Piece], landing: str) -> tuple[str, ...]:
    """Enemy counters the counter on landing encloses against a friend, sorted."""
    mover = pieces[landing].side
    out = set()
    for line in rays(board)[landing]:
        if len(line) < 2 or line[0] not in pieces or line[1] not in pieces:
            continue
        if pieces[line[0]].side != mover and pieces[line[1]].side == mover:
            out.add(line[0])
    return tuple(sorted(out))


def play(board: Board, pos: Position, move: Move) -> Outcome:
    """Slide the counter, take what it encloses, hand the turn over."""
    pieces = dict(pos.pieces)
    pieces[move.target] = pieces.pop(move.origin)
    taken = captured_by(board, pieces, move.target)
    for name in taken:
        del pieces[name]
    return Outcome(pos.with_(pieces=pieces, to_move=other(pos.to_move)), taken)


def winner(board: Board, pos: Position) -> str | None:
    """The side that has won, or None while the game goes on."""
    for side in (pos.to_move, other(pos.to_move)):
        if count(pos, side) <= LOSING_COUNT:
            return other(side)
    if not _has_move(board, pos):
        return other(pos.to_move)
    return None


def _has_move(board: Board, pos: Position) -> bool:
    """True when the side to move has a move (what _moves finds first, without the rest)."""
    return any(piece.side == pos.to_move and next(_slides(board, pos.pieces, name), None)
               is not None for name, piece in pos.pieces.items())


def position_problems(board: Board, pos: Position) -> Iterator[str]:
    """Why the position cannot occur in Dugi."""
    for side in SIDES:
        if count(pos, side) > COUNTERS:
            yield f"{side} has {count(pos, side)} counters; the game has {COUNTERS}"
    for name, piece in sorted(pos.pieces.items()):
        if piece.side not in SIDES or piece.kind != "stone":
            yield f"{name} holds an unknown piece {piece.side} {piece.kind}"
    if all(count(pos, side) <= LOSING_COUNT for side in SIDES):
        yield (f"both sides have {LOSING_COUNT} counters or fewer; the game ends as soon as "
               "one side is down to two")


GAME = GameSpec(
    name="dugi", title="Dugi", designer="Andrew Dubber",
    board_summary="7 rings x 24 sectors round a dead zone, 300 mm",
    sides=("black", "white"), kinds={"black": ("stone",), "white": ("stone",)},
    build_board=build_board, components=components,
    rules=Engine(legal_moves, play, winner, position_problems),
    adjudicate=more_pieces,
)
