"""The playout-kernel contract, and the reference kernel that every fast kernel must equal.

A kernel plays one game (with fixed options, on one board) over states of its own choosing
(arrays, bitboards, ints), changed in place. Players and `printables play`/`balance` speak
only this contract, so any kernel can stand in for any other. The reference kernel wraps the
game's rules engine (GameSpec.rules: legal_moves/play/winner) and is the source of truth: a fast
kernel is proven equal to it move for move by the differential tests.

Move codes are opaque, hashable values that a kernel gives for one state (fast kernels use
ints); `move_of` turns one into the engine's Move, `code_of` the other way.

Results: None while the game goes on, else the index into `sides` of the winner, or DRAW.

Rulings: a game that reaches `max_plies` is adjudicated by the kernel's `adjudicate`
(documented per kernel: for example a material count); the reference kernel's adjudication
is a draw unless the game defines one.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from printables.boards import Board
from printables.games.model import GameSpec, Move, Position, Rules

#: result value for a drawn game
DRAW = -1


class Kernel(Protocol):
    """A playout engine for one game with fixed options, on one board."""

    game: GameSpec
    board: Board
    sides: tuple[str, ...]

    def from_position(self, pos: Position) -> Any:
        """A new state for a Position of this game (options must match the kernel's)."""

    def to_position(self, state: Any) -> Position:
        """The Position a state stands for (equal to what the reference engine reaches)."""

    def copy(self, state: Any) -> Any:
        """An independent copy of a state."""

    def to_move(self, state: Any) -> int:
        """Index into sides of the side to move."""

    def legal(self, state: Any) -> list[Hashable]:
        """The legal move codes of the side to move (no duplicates; empty when over)."""

    def apply(self, state: Any, code: Hashable) -> None:
        """Play a legal move code in place."""

    def result(self, state: Any) -> int | None:
        """None while the game goes on, else the winner's side index or DRAW."""

    def adjudicate(self, state: Any) -> int:
        """The result given to a game stopped at the ply cap (side index or DRAW)."""

    def move_of(self, state: Any, code: Hashable) -> Move:
        """The engine's Move for a legal code of this state."""

    def code_of(self, state: Any, move: Move) -> Hashable:
        """The code of a legal Move of this state."""

    def random_playout(self, state: Any, rng: random.Random, max_plies: int) -> tuple[int, int]:
        """Play uniformly random legal moves in place until the game ends or max_plies
        more plies were played; (result or adjudication, plies played)."""


@dataclass
class ReferenceKernel:
    """The contract over a game's rules engine: states are Positions, codes are Moves.

    Slow and obviously right; the fast kernels are checked against it.
    """

    game: GameSpec
    board: Board
    rules: Rules = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.game.rules is None:
            raise ValueError(f"{self.game.name} has no rules engine to play with")
        self.rules = self.game.rules

    @property
    def sides(self) -> tuple[str, ...]:
        return self.game.sides

    def from_position(self, pos: Position) -> list[Position]:
        return [pos]  # a one-item box, so apply can change the state in place

    def to_position(self, state: list[Position]) -> Position:
        return state[0]

    def copy(self, state: list[Position]) -> list[Position]:
        return [state[0]]

    def to_move(self, state: list[Position]) -> int:
        return self.sides.index(state[0].to_move)

    def legal(self, state: list[Position]) -> list[Hashable]:
        if self.result(state) is not None:
            return []
        return sorted(set(self.rules.legal_moves(self.board, state[0])), key=repr)

    def apply(self, state: list[Position], code: Hashable) -> None:
        assert isinstance(code, Move)
        state[0] = self.rules.play(self.board, state[0], code).position

    def result(self, state: list[Position]) -> int | None:
        w = self.rules.winner(self.board, state[0])
        if w is None:
            return None
        return DRAW if w == "draw" else self.sides.index(w)

    def adjudicate(self, state: list[Position]) -> int:
        return DRAW

    def move_of(self, state: list[Position], code: Hashable) -> Move:
        assert isinstance(code, Move)
        return code

    def code_of(self, state: list[Position], move: Move) -> Hashable:
        return move

    def random_playout(self, state: list[Position], rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        return playout_by_steps(self, state, rng, max_plies)


def playout_by_steps(kernel: Kernel, state: Any, rng: random.Random,
                     max_plies: int) -> tuple[int, int]:
    """The obvious random playout over legal/apply/result, for any kernel."""
    for ply in range(max_plies):
        result = kernel.result(state)
        if result is not None:
            return result, ply
        moves = kernel.legal(state)
        if not moves:  # engines that end a game by having no move report it in result
            return kernel.adjudicate(state), ply
        kernel.apply(state, moves[rng.randrange(len(moves))])
    result = kernel.result(state)
    return (kernel.adjudicate(state) if result is None else result), max_plies
