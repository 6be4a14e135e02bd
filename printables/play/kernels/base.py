"""What every fast kernel shares: integer spaces from a Board, path codes, the generic parts
of the Kernel contract, and the random playout loop over a kernel's own move generator.

A fast kernel numbers a board's spaces 0..n-1 in board order (Board.names) and builds its
tables (neighbours, rays, lines) from the Board once. Its states are small objects of
lists and ints, changed in place; a state caches its legal move codes and its result
until the next apply, so `result`, `legal` and `apply` of one ply generate moves once.

Move codes are ints: a path of spaces s0, s1, ... is sum((s_i + 1) * BASE**i), so a code
names its path without a table (see encode_path, decode_path). A kernel may add higher
digits for a move's other parts (a take, a relocation) or reserve small codes for words
(pass, swap).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from printables.boards import Board
from printables.games.model import GameSpec, Move, Position
from printables.play.kernel import DRAW, adjudication


class CountState:
    """A state of cells (ints, 0 empty) with piece counts per side or kind, the side to
    move, and the cached move codes and result of this ply (see the module docstring)."""

    __slots__ = ("cells", "to_move", "count", "moves", "result", "base")

    def __init__(self, cells: list[int], to_move: int, count: list[int],
                 base: Position) -> None:
        self.cells, self.to_move, self.count, self.base = cells, to_move, count, base
        self.moves: list[int] | None = None
        self.result: int | None = None

    def copy(self) -> CountState:
        s = CountState(self.cells[:], self.to_move, self.count[:], self.base)
        s.moves, s.result = self.moves, self.result
        return s


def more_wins(a: int, b: int) -> int:
    """The adjudication 'more wins': side 0 with more of a, side 1 with more of b, else a
    draw."""
    return 0 if a > b else 1 if b > a else DRAW


#: the radix of path codes: larger than any board's number of spaces a kernel accepts
BASE = 1024


def encode_path(path: Sequence[int]) -> int:
    """The int code of a path of space numbers.

    >>> encode_path([0, 5]), decode_path(encode_path([3, 0, 7]))
    (6145, [3, 0, 7])
    """
    code, mul = 0, 1
    for s in path:
        code += (s + 1) * mul
        mul *= BASE
    return code


def decode_path(code: int) -> list[int]:
    """The path of space numbers a code names (encode_path's inverse)."""
    out = []
    while code:
        code, digit = divmod(code, BASE)
        out.append(digit - 1)
    return out


class FastKernel:
    """The generic half of a fast kernel; a game's kernel subclasses it.

    FastKernel.__init__ sets `game`, `board`, `sides`, `names` (board order) and `index`
    (name -> int). A subclass defines `from_position`, `to_position`, `move_of`,
    `_generate(state)` (the legal codes of the side to move; called only while
    state.result is None) and `_apply(state, code)` (which also sets state.result when the
    move ends the game), and `_no_move_result` where having no move does not lose; `seats`
    where players can change sides. States carry `to_move` (side index), `moves` (cached
    codes or None), `result` and a `copy()` method.

    Adjudication: a subclass names in `ruling` the game ruling (printables.games.rulings)
    that its `_adjudicate(state)` computes from its own state (None and DRAW for a game
    without one). Where the game's GameSpec.adjudicate is that ruling it is used; a game
    with another ruling (a game file's, say) is adjudicated by its own, on the Position.
    """

    #: the GameSpec.adjudicate that _adjudicate computes (None: none, a draw)
    ruling: Callable[[Board, Position], str] | None = None

    def __init__(self, game: GameSpec, board: Board) -> None:
        self.game = game
        self.board = board
        self.sides: tuple[str, ...] = game.sides
        self.names: tuple[str, ...] = board.names
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.unswapped = tuple(range(len(self.sides)))

    # ------------------------------------------------------------------ the contract
    def copy(self, state: Any) -> Any:
        """An independent copy of a state."""
        return state.copy()

    def to_move(self, state: Any) -> int:
        """Index into sides of the side to move."""
        return int(state.to_move)

    def legal(self, state: Any) -> list[Hashable]:
        """The legal move codes of the side to move (empty when the game is over)."""
        if state.moves is None:
            self._settle(state)
        return list(state.moves)

    def result(self, state: Any) -> int | None:
        """None while the game goes on, else the winner's side index or DRAW."""
        if state.moves is None:
            self._settle(state)
        result: int | None = state.result  # _settle set it
        return result

    def apply(self, state: Any, code: Hashable) -> None:
        """Play a legal move code in place."""
        self._apply(state, code)
        state.moves = None

    def seats(self, state: Any) -> tuple[int, ...]:
        """Per side, the seat playing it: nobody changes sides unless a kernel says so."""
        return self.unswapped

    def adjudicate(self, state: Any) -> int:
        """The game's ruling at the ply cap (see the class docstring)."""
        if self.game.adjudicate is self.ruling:
            return self._adjudicate(state)
        return adjudication(self.game, self.board, self.to_position(state))

    def code_of(self, state: Any, move: Move) -> Hashable:
        """The code of a legal Move of this state (ValueError when it is not legal)."""
        for code in self.legal(state):
            if self.move_of(state, code) == move:
                return code
        raise ValueError(f"{move} is not a legal move here")

    def random_playout(self, state: Any, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        """Uniformly random legal moves in place until the game ends or max_plies more
        plies; (result or adjudication, plies played). The same choices as
        playout_by_steps over legal/apply/result, so seeded runs agree with it."""
        settle, play = self._settle, self._apply
        randrange = rng.randrange
        for ply in range(max_plies):
            if state.moves is None:
                settle(state)
            if state.result is not None:
                return state.result, ply
            moves = state.moves
            if not moves:
                return self.adjudicate(state), ply
            play(state, moves[randrange(len(moves))])
            state.moves = None
        if state.moves is None:
            settle(state)
        result = state.result
        return (self.adjudicate(state) if result is None else result), max_plies

    def _at_cap(self, state: Any, plies: int) -> tuple[int, int]:
        """What a playout that played all its plies returns: the result after the last
        ply (a compiled playout may not have looked) or else the adjudication."""
        state.moves = None
        result = self.result(state)
        return (self.adjudicate(state) if result is None else result), plies

    # ------------------------------------------------------------------ for subclasses
    def _settle(self, state: Any) -> None:
        """Fill state.moves (and state.result where having no move decides the game)."""
        state.moves = [] if state.result is not None else self._generate(state)
        if not state.moves and state.result is None:
            state.result = self._no_move_result(state)

    def _no_move_result(self, state: Any) -> int | None:
        """The result when the side to move has no legal move (None: the game goes on)."""
        return 1 - int(state.to_move)

    def _generate(self, state: Any) -> list[int]:
        raise NotImplementedError

    def _apply(self, state: Any, code: Any) -> None:
        raise NotImplementedError

    def move_of(self, state: Any, code: Hashable) -> Move:
        raise NotImplementedError

    def _adjudicate(self, state: Any) -> int:
        """`ruling` computed from the kernel's state."""
        return DRAW

    def from_position(self, pos: Position) -> Any:
        raise NotImplementedError

    def to_position(self, state: Any) -> Position:
        raise NotImplementedError


def path_move(kernel: FastKernel, code: int, drop: bool = False) -> Move:
    """The engine's Move for a plain path code (a drop when drop)."""
    return Move(path=tuple(kernel.names[s] for s in decode_path(code)), drop=drop)

