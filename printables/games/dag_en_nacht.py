"""Dag en Nacht (Chris Huntoon): n x n checkered board (n odd, 11..19), light corners."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache, partial
from typing import Any

from printables.boards import Board
from printables.boards.square import checker, parse_square, square_board
from printables.errors import UsageError
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

DEFAULT_GRID = 175.0
SIZES = (11, 13, 15, 17, 19)


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Board size must be odd, 11..19; black_alternating is a yes/no option."""
    n = options.get("size")
    if isinstance(n, bool) or not isinstance(n, int) or n not in SIZES:
        raise UsageError(f"Dag en Nacht size {n!r} is not valid; valid sizes: "
                         f"{', '.join(map(str, SIZES))}", input=str(n))
    if not isinstance(options.get("black_alternating"), bool):
        raise UsageError("Dag en Nacht option black_alternating must be true or false",
                         input=str(options.get("black_alternating")))
    return dict(options)


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """The n x n board, light corners (a1 light)."""
    n = options["size"]
    return square_board("dag-en-nacht", "Dag en Nacht", n, size or DEFAULT_GRID, checker(False))


def stones_per_player(n: int) -> int:
    """Half the dark squares, rounded up.

    >>> stones_per_player(15)
    56
    """
    dark = (n * n) // 2
    return (dark + 1) // 2


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """Stones for Black and White."""
    count = stones_per_player(options["size"])
    return (Component("black", "stone", count, "stone-black", "black stone", "square"),
            Component("white", "stone", count, "stone-white", "white stone", "square"))


# ----------------------------------------------------------------------------- rules

SIDES = ("black", "white")
KIND = "stone"
ORTHOGONAL = ((1, 0), (0, 1))
DIAGONAL = ((1, 1), (1, -1))


#: The opponent of a side (games.model.next_side over this game's two sides).
other = partial(next_side, sides=SIDES)


@cache
def _grid(board: Board) -> tuple[int, dict[tuple[int, int], str], dict[str, bool]]:
    """Board side n, (file, rank) -> name, and name -> True when the square is light."""
    cells = {parse_square(s.name): s.name for s in board.spaces}
    n = max(f for f, _ in cells) + 1
    light = {s.name: s.colour == "light" for s in board.spaces}
    return n, cells, light


@cache
def _coords(board: Board) -> dict[str, tuple[int, int]]:
    """Name -> (file, rank), 0-based."""
    return {s.name: parse_square(s.name) for s in board.spaces}


@cache
def _squares(board: Board) -> tuple[tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...]]:
    """Dark squares in board order, and each dark square with its light orthogonal neighbours."""
    _, _, light = _grid(board)
    dark = tuple(s for s in board.names if not light[s])
    return dark, tuple((s, tuple(t for t in board.neighbours(s, "orthogonal") if light[t]))
                       for s in dark)


def in_hand(board: Board, pos: Position, side: str) -> int:
    """Stones a side has not yet dropped: its supply minus its stones on the board."""
    n, _, _ = _grid(board)
    return stones_per_player(n) - sum(1 for p in pos.pieces.values() if p.side == side)


def _runs(board: Board, pos: Position, side: str,
          directions: tuple[tuple[int, int], ...], least: int) -> list[tuple[str, ...]]:
    """Maximal runs of at least `least` of the side's stones along the given directions."""
    _, cells, _ = _grid(board)
    coords = _coords(board)
    mine = {coords[s] for s, p in pos.pieces.items() if p.side == side}
    runs = []
    for f, r in sorted(mine):
        for df, dr in directions:
            if (f - df, r - dr) in mine:
                continue  # not the start of a run
            k = 1
            while (f + k * df, r + k * dr) in mine:
                k += 1
            if k >= least:
                runs.append(tuple(cells[(f + i * df, r + i * dr)] for i in range(k)))
    return runs


def winning_line(board: Board, pos: Position, side: str) -> tuple[str, ...] | None:
    """A run of the side's stones that wins, or None.

    Orthogonal: five or more in a row (under black_alternating Black needs five whose end
    squares are light; stones beyond those five do not spoil it). Diagonal: four or more in
    a row on light squares (a diagonal never changes colour).
    """
    _, _, light = _grid(board)
    strict = side == "black" and bool(pos.options.get("black_alternating"))
    for run in _runs(board, pos, side, ORTHOGONAL, 5):
        if (not strict or any(light[run[i]] and light[run[i + 4]]
                                                for i in range(len(run) - 4))):
            return run
    for run in _runs(board, pos, side, DIAGONAL, 4):
        if light[run[0]]:
            return run
    return None


def _moves(board: Board, pos: Position) -> list[Move]:
    """Drops on empty dark squares (while stones remain in hand), then shifts."""
    dark, shifts = _squares(board)
    side, pieces = pos.to_move, pos.pieces
    moves = []
    if in_hand(board, pos, side) > 0:
        moves = [Move(path=(s,), drop=True) for s in dark if s not in pieces]
    for s, targets in shifts:
        p = pieces.get(s)
        if p is not None and p.side == side:
            moves.extend(Move(path=(s, t)) for t in targets if t not in pieces)
    return moves


def legal_moves(board: Board, pos: Position) -> list[Move]:
    """Every legal drop and shift for the side to move; none once a line has won."""
    if any(winning_line(board, pos, s) for s in SIDES):
        return []
    return _moves(board, pos)


def play(board: Board, pos: Position, move: Move) -> Outcome:
    """Apply a legal drop or shift (nothing is ever captured)."""
    pieces = dict(pos.pieces)
    if move.drop:
        pieces[move.target] = Piece(pos.to_move, KIND)
    else:
        pieces[move.target] = pieces.pop(move.origin)
    return Outcome(pos.with_(pieces=pieces, to_move=other(pos.to_move)), ())


def winner(board: Board, pos: Position) -> str | None:
    """The side with a winning line; 'draw' when the side to move has no legal move."""
    lines = [s for s in SIDES if winning_line(board, pos, s)]
    if lines:
        return lines[0] if len(lines) == 1 else other(pos.to_move)
    return "draw" if not _has_move(board, pos) else None


def _has_move(board: Board, pos: Position) -> bool:
    """True when the side to move has a drop or a shift (_moves, stopping at the first)."""
    dark, shifts = _squares(board)
    side, pieces = pos.to_move, pos.pieces
    if in_hand(board, pos, side) > 0 and any(s not in pieces for s in dark):
        return True
    return any((p := pieces.get(s)) is not None and p.side == side
               and any(t not in pieces for t in targets) for s, targets in shifts)


def moves_made(board: Board, pos: Position, side: str) -> int:
    """Turns a side has played: a drop per stone, plus a shift per stone on a light square.

    A stone reaches a light square only by a shift and never moves again, and nothing is
    captured, so the count is exact.
    """
    _, _, light = _grid(board)
    return sum(2 if light[s] else 1 for s, p in pos.pieces.items() if p.side == side)


def position_problems(board: Board, pos: Position) -> Iterator[str]:
    """Why the position cannot occur in a game (stones, turn count, a finished game)."""
    strange = [s for s in sorted(pos.pieces)
               if pos.pieces[s] not in (Piece("black", KIND), Piece("white", KIND))]
    for s in strange:
        yield f"{s} holds {pos.pieces[s]}; pieces are black or white stones"
    if strange:
        return  # the counts below assume stones
    for side in SIDES:
        if in_hand(board, pos, side) < 0:
            n, _, _ = _grid(board)
            yield f"{side} has more than {stones_per_player(n)} stones on the board"
    made = {s: moves_made(board, pos, s) for s in SIDES}
    lead = 0 if pos.to_move == "black" else 1
    if made["black"] != made["white"] + lead:
        yield (f"black has played {made['black']} turns and white {made['white']} "
               f"(a drop per stone, a shift per stone on a light square); with "
               f"{pos.to_move} to move black must have played {lead} more")
    if winning_line(board, pos, pos.to_move):
        yield f"{pos.to_move} is to move but already has a winning line"


GAME = GameSpec(
    name="dag-en-nacht", title="Dag en Nacht", designer="Chris Huntoon",
    board_summary="n x n checkered board (n odd, 11..19, default 15), corners light",
    sides=("black", "white"), kinds={"black": ("stone",), "white": ("stone",)},
    build_board=build_board, components=components,
    default_options={"size": 15, "black_alternating": False}, check_options=check_options,
    rules=Engine(legal_moves, play, winner, position_problems),
)
