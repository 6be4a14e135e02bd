"""Template for a game with a rules engine (copy this file to start one).

A game without an engine needs no Python at all: write a game file (the documentation's
tutorial, "Your first game file"). A game with an engine is a module like this one that
builds a GameSpec and is made findable by name, in one of two ways:

- in this project: add it to the GAMES dict in printables/games/__init__.py, with its
  rules text in rules_text/<name>.md and its setup in layouts/<name>/setup.toml;
- from another package: ``register(GAME)`` at import, or an entry point in the group
  ``printables.games`` that names the GameSpec (``mygame = "my_package.mygame:GAME"``).

This template is a small complete game, so the contract can be tested: *Four* (ours), a
5 x 5 board; players drop a stone on an empty square in turn; four in a row (orthogonal or
diagonal) wins; a full board is a draw. Generic code asks GameSpec fields, never the name.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from printables.boards import Board
from printables.boards.square import checker, parse_square, square_board, square_name
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

SIDES = ("black", "white")
N = 5
LINE = 4
STONES = 13


def build_board(options: Mapping[str, Any], size: float | None) -> Board:
    """A 5 x 5 checkered board, 125 mm unless a size is given."""
    return square_board("four", "Four", N, size or 125.0, checker(True))


def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
    """13 stones a side (enough to fill the board)."""
    return tuple(Component(s, "stone", STONES, f"stone-{s}", f"{s} stone", "square")
                 for s in SIDES)


def _line_of_four(pos: Position, side: str) -> bool:
    mine = {parse_square(s) for s, p in pos.pieces.items() if p.side == side}
    return any(all((f + k * df, r + k * dr) in mine for k in range(LINE))
               for f, r in mine for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)))


def winner(board: Board, pos: Position) -> str | None:
    """The side with four in a row, 'draw' on a full board, else None."""
    for side in SIDES:
        if _line_of_four(pos, side):
            return side
    return "draw" if len(pos.pieces) == len(board.spaces) else None


def legal_moves(board: Board, pos: Position) -> list[Move]:
    """A drop on every empty square, in board order; none once the game is over."""
    if winner(board, pos) is not None:
        return []
    return [Move(path=(s,), drop=True) for s in board.names if s not in pos.pieces]


def play(board: Board, pos: Position, move: Move) -> Outcome:
    """Drop a stone of the side to move; the other side moves next."""
    pieces = dict(pos.pieces)
    pieces[move.target] = Piece(pos.to_move, "stone")
    nxt = next_side(pos.to_move, SIDES)
    return Outcome(pos.with_(pieces=pieces, to_move=nxt))


def position_problems(board: Board, pos: Position) -> Iterator[str]:
    """Black moves first, so Black has as many stones as White or one more."""
    n = {s: sum(1 for p in pos.pieces.values() if p.side == s) for s in SIDES}
    lead = n["black"] - n["white"]
    if lead != (0 if pos.to_move == "black" else 1):
        yield f"black has {n['black']} stones and white {n['white']}, {pos.to_move} to move"


GAME = GameSpec(
    name="four", title="Four", designer="the printables authors",
    board_summary="5x5 board, four in a row", sides=SIDES,
    kinds={s: ("stone",) for s in SIDES}, build_board=build_board, components=components,
    rules=Engine(legal_moves, play, winner, position_problems),
)

__all__ = ["GAME", "square_name"]
