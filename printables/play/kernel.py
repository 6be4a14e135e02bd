"""The playout-kernel contract, and the reference kernel that every fast kernel must equal.

A kernel plays one game (with fixed options, on one board) over states of its own choosing
(arrays, bitboards, ints), changed in place. Players and `printables play`/`balance` speak
only this contract, so any kernel can stand in for any other. The reference kernel wraps the
game's rules engine (GameSpec.rules: legal_moves/play/winner) and is the source of truth: a fast
kernel is proven equal to it move for move by the differential tests
(printables.play.kernels.differential, which any new kernel can be run through).

Move codes are opaque, hashable values that a kernel gives for one state (fast kernels use
ints); `move_of` turns one into the engine's Move, `code_of` the other way.

Results: None while the game goes on, else the index into `sides` of the winner, or DRAW.

Sides and seats: a side is a colour (an index into `sides`); a seat is a player, seat i
being the one who held side i at the start. They differ only after a "change sides" rule
(Network's pie swap: the same player is then to move, with the other colour).
`seats(state)` gives, per side, the seat now playing it (GameSpec.seats; the identity for
a game without such a rule). Whoever scores a game or a search for a player (the players'
UCT values, balance's first-player figures) maps a result through the seats of the state
it was reached in, never through the colour alone; `seat_to_move` is the chooser's seat.

Rulings: a game that reaches `max_plies` is scored by `adjudicate`, which every kernel
takes from the game's one ruling, GameSpec.adjudicate (a side or "draw" for the board and
position reached; None: a draw); a fast kernel may compute the same ruling from its own
state, and the differential test checks that it equals the game's at every position.
`random_playout` checks the result after the last ply it plays: a game won on that ply is
a win, not an adjudication.

A kernel may also play a whole game of uniformly random moves in one call and tally it
(PlaysRandomGames, a GameTally): balance's random-against-random games then never come
back to Python between plies. tests/test_balance_random_games.py replays each such game
through balance's per-ply loop and checks that its tally is the same.

Adding a kernel (the generic kernel of a game file's [rules], say): implement every method
of Kernel below, `seats` and `adjudicate` included (adjudication(game, board, pos) and
game_seats(game, pos) give the game's answers for a Position), register it, and run it
through tests/test_kernels_differential.py and tests/test_kernels_stop.py.
"""
from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from printables.boards import Board
from printables.games.model import GameSpec, Move, Position, Rules

#: result value for a drawn game
DRAW = -1


class Kernel(Protocol):
    """A playout engine for one game with fixed options, on one board."""

    game: GameSpec
    board: Board

    @property
    def sides(self) -> tuple[str, ...]:
        """The game's sides, in seat order (read only: an attribute or a property)."""

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

    def seats(self, state: Any) -> tuple[int, ...]:
        """Per side, the seat (player) playing it now (see the module docstring)."""

    def adjudicate(self, state: Any) -> int:
        """The result given to a game stopped at the ply cap (side index or DRAW): the
        game's ruling, GameSpec.adjudicate."""

    def move_of(self, state: Any, code: Hashable) -> Move:
        """The engine's Move for a legal code of this state."""

    def code_of(self, state: Any, move: Move) -> Hashable:
        """The code of a legal Move of this state."""

    def random_playout(self, state: Any, rng: random.Random, max_plies: int) -> tuple[int, int]:
        """Play uniformly random legal moves in place until the game ends or max_plies
        more plies were played; (result, plies played), the result after the last ply
        played, and the adjudication only where the game goes on there."""


@dataclass
class ReferenceKernel:
    """The contract over a game's rules engine: states are Positions, codes are Moves.

    Slow and obviously right; the fast kernels are checked against it.
    """

    game: GameSpec
    board: Board
    rules: Rules = field(init=False, repr=False)
    #: the last position asked for its result, and the answer (result and legal both ask,
    #: and the callers ask them one after the other about one position)
    _last: tuple[Any, str | None] = field(init=False, repr=False, compare=False,
                                          default=(None, None))

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
        moves: list[Move] = sorted(set(self.rules.legal_moves(self.board, state[0])),
                                   key=move_order)
        return list(moves)

    def apply(self, state: list[Position], code: Hashable) -> None:
        assert isinstance(code, Move)
        state[0] = self.rules.play(self.board, state[0], code).position

    def result(self, state: list[Position]) -> int | None:
        pos, (last, w) = state[0], self._last
        if pos is not last:  # positions never change: the same object, the same answer
            w = self.rules.winner(self.board, pos)
            self._last = (pos, w)
        if w is None:
            return None
        return DRAW if w == "draw" else self.sides.index(w)

    def seats(self, state: list[Position]) -> tuple[int, ...]:
        return game_seats(self.game, state[0])

    def adjudicate(self, state: list[Position]) -> int:
        return adjudication(self.game, self.board, state[0])

    def move_of(self, state: list[Position], code: Hashable) -> Move:
        assert isinstance(code, Move)
        return code

    def code_of(self, state: list[Position], move: Move) -> Hashable:
        return move

    def random_playout(self, state: list[Position], rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        return playout_by_steps(self, state, rng, max_plies)


def move_order(move: Move) -> str:
    """The reference kernel's order of legal moves: by repr (fixed across runs, unlike a
    set's), written out for Move so that sorting does not pay for dataclass repr.

    >>> m = Move(path=("a1", "b2"), take="c3")
    >>> move_order(m) == repr(m)
    True
    """
    if type(move) is not Move:
        return repr(move)
    return (f"Move(path={move.path!r}, drop={move.drop!r}, take={move.take!r}, "
            f"relocate={move.relocate!r}, special={move.special!r}, place={move.place!r})")


def adjudication(game: GameSpec, board: Board, pos: Position) -> int:
    """The game's ruling for a game stopped at pos (GameSpec.adjudicate) as a result:
    a side index, or DRAW (also where the game has no ruling)."""
    if game.adjudicate is None:
        return DRAW
    ruling = game.adjudicate(board, pos)
    return DRAW if ruling == "draw" else game.sides.index(ruling)


@dataclass
class GameTally:
    """What balance records of a game while it is played: result (a side, or DRAW; the
    adjudication when capped), plies, whether the ply cap stopped it, the legal moves
    summed over the plies and the most at one ply, the plies with a choice (more than one
    move), the first codes played (as many as asked for), and the side whose move first
    changed the seats (None: nobody's)."""

    result: int
    plies: int
    capped: bool
    branch: int
    branch_max: int
    decisions: int
    codes: list[Hashable]
    swap_side: int | None


@runtime_checkable
class PlaysRandomGames(Protocol):
    """A kernel that plays a whole game of uniformly random legal moves in one call."""

    def random_game(self, state: Any, rng: random.Random, max_plies: int,
                    keep: int) -> GameTally:
        """Play state out in place, each ply a uniformly random legal move, until the game
        ends or max_plies plies; its tally, keeping the first `keep` codes."""
        ...


def game_seats(game: GameSpec, pos: Position) -> tuple[int, ...]:
    """Per side, the seat playing it in pos (GameSpec.seats; the identity without)."""
    return game.seats(pos) if game.seats else tuple(range(len(game.sides)))


def seat_to_move(kernel: Kernel, state: Any) -> int:
    """The seat (player) to move in a state."""
    return kernel.seats(state)[kernel.to_move(state)]


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
