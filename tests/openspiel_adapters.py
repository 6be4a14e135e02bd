"""Adapters between OpenSpiel (pyspiel) and the published games of examples/: test code only.

One table, ORACLES: per game, its game file, the pyspiel game that plays the same rules,
how an OpenSpiel state reads as our pieces and side to move (`board_of`), and how a run
of OpenSpiel actions that makes one whole move of ours is written in our notation
(`notation`). Everything else is generic:

- `whole_moves(state)`: OpenSpiel splits some moves over several actions (Amazons: amazon,
  target, arrow; checkers: one action per jump of a chain); a whole move is a run of
  actions by the same player, enumerated depth-first on clones of the state.
- `Match`: one OpenSpiel game followed move by move, with what the board cannot show
  (hands, moves since a capture, whether the swap was used) derived from the whole moves
  played, so it can be written as our Position.

Each adapter reads OpenSpiel's printed board (`str(state)`), whose layout is fixed per
game; the space names are those of our boards (checked by tests/test_openspiel_adapters.py).
Where OpenSpiel's game is ours seen another way, the adapter says so: Breakthrough starts
at the top in OpenSpiel (the board is read upside down, colours exchanged); OpenSpiel's
Hex swap mirrors the first stone, ours exchanges colours (after a swap the board is read
mirrored in its long diagonal, colours exchanged).
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyspiel

import printables.gamefile  # noqa: F401  (get_game reads .toml paths once it is loaded)
from printables.games import GameSpec, get_game
from printables.games.model import Piece, Position, Rules, next_side

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LETTERS = string.ascii_lowercase

#: what the board shows: space -> (side, kind)
Pieces = dict[str, tuple[str, str]]
#: one action of a whole move with the state it was played from
Step = tuple[Any, int]


def square(col: int, rank: int) -> str:
    """Our name of a square or point: column letter from 0, rank number from 1.

    >>> square(0, 1), square(7, 8)
    ('a1', 'h8')
    """
    return f"{LETTERS[col]}{rank}"


# ----------------------------------------------------------------------------- the games
def _grid_rows(text: str) -> list[str]:
    """The rows of a printed board, top row first, without blank lines."""
    return [row for row in text.splitlines() if row.strip()]


def _placements(rows: list[str], ranks: int, marks: dict[str, tuple[str, str]]) -> Pieces:
    """pieces from rows of one character per space, top row = rank `ranks`."""
    return {square(c, ranks - r): marks[ch] for r, row in enumerate(rows)
            for c, ch in enumerate(row) if ch in marks}


def tic_tac_toe_board(state: Any) -> Pieces:
    """Rows top to bottom of x, o and '.'."""
    marks = {"x": ("crosses", "mark"), "o": ("noughts", "mark")}
    return _placements(_grid_rows(str(state)), 3, marks)


def tic_tac_toe_move(steps: list[Step]) -> str:
    """An action is a square, row by row from the top left."""
    (_, a), = steps
    return "+" + square(a % 3, 3 - a // 3)


def connect_four_board(state: Any) -> Pieces:
    """Rows top to bottom of x (first player), o and '.'."""
    marks = {"x": ("red", "disc"), "o": ("yellow", "disc")}
    return _placements(_grid_rows(str(state)), 6, marks)


def connect_four_move(steps: list[Step]) -> str:
    """An action is a column; the disc lands on its lowest empty square."""
    (state, a), = steps
    taken = connect_four_board(state)
    rank = next(r for r in range(1, 7) if square(a, r) not in taken)
    return "+" + square(a, rank)


def gomoku_board(state: Any) -> Pieces:
    """A line naming the side to move, then 15 rows top to bottom of b, w and '.'."""
    marks = {"b": ("black", "stone"), "w": ("white", "stone")}
    return _placements(_grid_rows(str(state))[1:], 15, marks)


def gomoku_move(steps: list[Step]) -> str:
    """An action is row * 15 + column, rows from the top."""
    (_, a), = steps
    return "+" + square(a % 15, 15 - a // 15)


HEX_SWAP = 121


def hex_board(state: Any) -> Pieces:
    """11 indented rows, top (row 1) first, of x (first player), o and '.'; after a swap the
    board is read mirrored and the colours exchanged (see the module's docstring)."""
    swapped = HEX_SWAP in state.history()
    marks = {"x": "blue" if swapped else "red", "o": "red" if swapped else "blue"}
    out: Pieces = {}
    for r, row in enumerate(_grid_rows(str(state))):
        for c, ch in enumerate(row.split()):
            if ch != ".":
                out[square(r, c + 1) if swapped else square(c, r + 1)] = (marks[ch], "stone")
    return out


def hex_move(steps: list[Step]) -> str:
    """An action is row * 11 + column, or 121: the swap."""
    (state, a), = steps
    if a == HEX_SWAP:
        return "swap"
    r, c = divmod(a, 11)
    return "+" + (square(r, c + 1) if HEX_SWAP in state.history() else square(c, r + 1))


def breakthrough_board(state: Any) -> Pieces:
    """Rows 8 to 1 as 'N' + 8 characters; OpenSpiel's b (first player, at the top) is our
    white at the bottom: rank r reads as rank 9 - r."""
    marks = {"b": ("white", "pawn"), "w": ("black", "pawn")}
    rows = [row[1:] for row in _grid_rows(str(state))[:8]]
    return {square(c, 1 + r): marks[ch] for r, row in enumerate(rows)
            for c, ch in enumerate(row) if ch in marks}


def _flip_rank(name: str) -> str:
    return name[0] + str(9 - int(name[1:]))


def breakthrough_move(steps: list[Step]) -> str:
    """action_to_string is 'a7a6' in OpenSpiel's ranks ('a4b5*' for a capture)."""
    (state, a), = steps
    text = state.action_to_string(state.current_player(), a).rstrip("*")
    return f"{_flip_rank(text[:2])}-{_flip_rank(text[2:])}"


#: OpenSpiel's Amazons square number (row * 10 + column from the top left) -> our name
AMAZONS_NAMES = tuple(square(a % 10, 10 - a // 10) for a in range(100))


def amazons_board(state: Any) -> Pieces:
    """10 rows top (rank 10) first: X the first player (white), O black, # an arrow."""
    marks = {"X": ("white", "amazon"), "O": ("black", "amazon"), "#": ("neutral", "arrow")}
    return _placements(_grid_rows(str(state)), 10, marks)


def amazons_move(steps: list[Step]) -> str:
    """Three actions: the amazon, its target, the arrow; each row * 10 + column from the
    top left."""
    (_, a), (_, b), (_, c) = steps
    return f"{AMAZONS_NAMES[a]}-{AMAZONS_NAMES[b]}/{AMAZONS_NAMES[c]}"


def checkers_board(state: Any) -> Pieces:
    """Rows 8 to 1 as 'N' + 8 characters: o and 8 the first player (black man, king),
    + and * white."""
    marks = {"o": ("black", "man"), "8": ("black", "king"),
             "+": ("white", "man"), "*": ("white", "king")}
    rows = [row[1:] for row in _grid_rows(str(state))[:8]]
    return _placements(rows, 8, marks)


def checkers_move(steps: list[Step]) -> str:
    """One action per jump (or the one step), each written 'c3e5'."""
    texts = [s.action_to_string(s.current_player(), a) for s, a in steps]
    return "-".join([texts[0][:2]] + [t[2:] for t in texts])


OTHELLO_PASS = 64


def othello_board(state: Any) -> Pieces:
    """A header line, the column letters, then rows 1 to 8 as 'N x o - ... N'. Names are
    kept: OpenSpiel prints row 1 at the top, our board puts it at the bottom."""
    marks = {"x": ("black", "disc"), "o": ("white", "disc")}
    out: Pieces = {}
    for row in _grid_rows(str(state))[2:10]:
        cells = row.split()
        rank = int(cells[0])
        out.update({square(c, rank): marks[ch] for c, ch in enumerate(cells[1:9])
                    if ch in marks})
    return out


def othello_move(steps: list[Step]) -> str:
    """An action is row * 8 + column from row 1, or 64: a pass."""
    (_, a), = steps
    return "pass" if a == OTHELLO_PASS else "+" + square(a % 8, 1 + a // 8)


@dataclass(frozen=True)
class Oracle:
    """One published game and the OpenSpiel game that plays its rules."""

    name: str  # examples/NAME.toml
    spiel: str  # pyspiel.load_game's argument
    board_of: Callable[[Any], Pieces]
    notation: Callable[[list[Step]], str]
    #: True when OpenSpiel's player 0 plays our second side (Hex, after the swap)
    flips: Callable[[Any], bool] = field(default=lambda state: False)
    #: True when the game places pieces from a hand (Position.hand is kept)
    places: bool = True
    #: the players place from one supply (`supply = "shared"`: Othello's 64 discs)
    shared_supply: bool = False
    #: the hands a game keeps, side -> the kind it places (None: each side's one kind)
    hands: tuple[tuple[str, str], ...] | None = None
    #: Position.state as our rules keep it, from the match so far (a key at its start
    #: value, false or 0, is left out, as the engine leaves it out)
    state_keys: Callable[[Match], dict[str, Any]] = field(default=lambda m: {})

    def game(self) -> GameSpec:
        """Our game, read from its game file."""
        return get_game(str(EXAMPLES / f"{self.name}.toml"))

    def new_state(self) -> Any:
        """OpenSpiel's starting state."""
        return pyspiel.load_game(self.spiel).new_initial_state()


ORACLES = {o.name: o for o in (
    Oracle("tic-tac-toe", "tic_tac_toe", tic_tac_toe_board, tic_tac_toe_move),
    Oracle("connect-four", "connect_four", connect_four_board, connect_four_move),
    Oracle("gomoku", "gomoku", gomoku_board, gomoku_move),
    Oracle("hex", "hex(swap=true)", hex_board, hex_move,
           flips=lambda state: HEX_SWAP in state.history(),
           state_keys=lambda m: {"swapped": "swap" in m.history}),
    Oracle("breakthrough", "breakthrough", breakthrough_board, breakthrough_move,
           places=False),
    Oracle("amazons", "amazons", amazons_board, amazons_move, hands=(("neutral", "arrow"),)),
    Oracle("checkers", "checkers", checkers_board, checkers_move, places=False,
           state_keys=lambda m: {"quiet": m.quiet}),
    Oracle("othello", "othello", othello_board, othello_move, shared_supply=True),
)}


#: whole moves from the start, to depth 1, 2, 3: published perft counts of each game
#: (tic-tac-toe 9 x 8 x 7; connect four 7^3; Othello 4, 12, 56; checkers 7, 49, 302;
#: Breakthrough 22 and 22^2 (the two armies cannot meet in two moves); Amazons 2,176)
PERFT = {
    "tic-tac-toe": (9, 72, 504),
    "connect-four": (7, 49, 343),
    "gomoku": (225, 225 * 224),
    "hex": (121, 121 * 121),  # the reply may also be the swap: 120 cells + swap
    "breakthrough": (22, 484),
    "amazons": (2176,),
    "checkers": (7, 49, 302),
    "othello": (4, 12, 56),
}


# ----------------------------------------------------------------------------- generic part
def whole_moves(state: Any) -> Iterator[tuple[list[Step], Any]]:
    """Every whole move from state: the actions (each with the state it is played from)
    and the state after them. A move goes on while the same player is to move."""
    mover = state.current_player()

    def walk(s: Any, steps: list[Step]) -> Iterator[tuple[list[Step], Any]]:
        for a in s.legal_actions():
            t = s.clone()
            t.apply_action(a)
            done = steps + [(s, a)]
            if not t.is_terminal() and t.current_player() == mover:
                yield from walk(t, done)
            else:
                yield done, t

    yield from walk(state, [])


def outcome(oracle: Oracle, game: GameSpec, state: Any) -> str | None:
    """OpenSpiel's result in our words: None while the game goes on, 'draw', or a side."""
    if not state.is_terminal():
        return None
    returns = state.returns()
    if returns[0] == returns[1]:
        return "draw"
    player = 0 if returns[0] > returns[1] else 1
    return _side(oracle, game, state, player)


def _side(oracle: Oracle, game: GameSpec, state: Any, player: int) -> str:
    order = game.first or game.sides[0]
    first = game.sides.index(order)
    sides = game.sides[first:] + game.sides[:first]
    return sides[1 - player] if oracle.flips(state) else sides[player]


@dataclass
class Match:
    """One OpenSpiel game followed whole move by whole move, readable as our Position.

    pieces is OpenSpiel's board read once per state; hand and quiet are kept as moves are
    played (what each side has left to place; moves since the last capture)."""

    oracle: Oracle
    game: GameSpec
    state: Any
    pieces: Pieces
    hand: dict[str, int]
    history: list[str] = field(default_factory=list)
    movers: list[str] = field(default_factory=list)
    quiet: int = 0

    @classmethod
    def start(cls, oracle: Oracle) -> Match:
        """The game at OpenSpiel's starting state."""
        game, state = oracle.game(), oracle.new_state()
        return cls(oracle, game, state, oracle.board_of(state), _start_hand(oracle, game))

    def moves(self) -> dict[str, tuple[list[Step], Any]]:
        """Our notation of each whole move -> its actions and the state after it."""
        out: dict[str, tuple[list[Step], Any]] = {}
        if self.state.is_terminal():
            return out
        for steps, after in whole_moves(self.state):
            text = self.oracle.notation(steps)
            assert text not in out, f"{self.oracle.name}: two OpenSpiel moves read {text}"
            out[text] = (steps, after)
        return out

    def copy(self) -> Match:
        """A copy to play on (OpenSpiel states are never changed in place here)."""
        return Match(self.oracle, self.game, self.state, self.pieces, dict(self.hand),
                     list(self.history), list(self.movers), self.quiet)

    def play(self, text: str, moves: dict[str, tuple[list[Step], Any]] | None = None) -> None:
        """Play one whole move, named in our notation."""
        _, after = (moves or self.moves())[text]
        mover = self.to_move()
        pieces = self.oracle.board_of(after)
        self.quiet = 0 if removed(self.pieces, pieces, mover, text) else self.quiet + 1
        if self.oracle.places and text.startswith("+"):
            self.hand[self._giver(mover)] -= 1
        if "/" in text:
            self.hand["neutral"] -= 1
        self.state, self.pieces = after, pieces
        self.history.append(text)
        self.movers.append(mover)

    def _giver(self, mover: str) -> str:
        """Whose hand a placement takes from: the mover's; with a shared supply (Othello),
        once it is empty, the next side's in turn order that has a piece."""
        if self.hand[mover] or not self.oracle.shared_supply:
            return mover
        sides = self.game.sides
        i = sides.index(mover)
        return next(s for s in sides[i + 1:] + sides[:i] if self.hand[s])

    def to_move(self) -> str:
        """The side to move in our game; once the game is over, the side after the last
        mover (OpenSpiel has no player to move then; our positions always name one)."""
        if not self.state.is_terminal():
            return _side(self.oracle, self.game, self.state, self.state.current_player())
        return next_side(self.movers[-1], self.game.sides)

    def position(self) -> Position:
        """The OpenSpiel state as our Position (what play() of our engine must give)."""
        return Position(self.game.name, self.to_move(),
                        pieces={k: Piece(*v) for k, v in self.pieces.items()},
                        options=self.game.options(), hand=dict(self.hand),
                        state={k: v for k, v in self.oracle.state_keys(self).items() if v})


def setup_of(game: GameSpec) -> Position:
    """The game file's setup position (every published game has one)."""
    assert game.setup_position is not None, game.name
    return game.setup_position


def rules_of(game: GameSpec) -> Rules:
    """The game file's rules engine (every published game has [rules])."""
    assert game.rules is not None, game.name
    return game.rules


def _start_hand(oracle: Oracle, game: GameSpec) -> dict[str, int]:
    """What each side has to place at the start: its components of the kind it places less
    those the setup puts on the board (games that place pieces; empty otherwise).
    Amazons' arrows come from the neutral hand."""
    if not oracle.places:
        return {}
    kinds = dict(oracle.hands or ((s, game.kinds[s][0]) for s in game.sides))
    setup = setup_of(game).pieces.values()
    return {c.side: c.count - sum(1 for p in setup if p == (c.side, c.kind))
            for c in game.components(game.options()) if kinds.get(c.side) == c.kind}


def removed(before: Pieces, after: Pieces, mover: str, text: str) -> list[str]:
    """The spaces whose opponent pieces the move `text` took off the board: those that are
    gone, and the square a moving piece landed on (replacement). Flipped pieces are not
    captures, nor are the mover's own."""
    landed = text.split("/")[0].split("-")[-1] if "-" in text else None
    return sorted(k for k, (side, _) in before.items()
                  if side != mover and (k not in after or k == landed))


def random_match(oracle: Oracle, rng: random.Random, plies: int | None = None,
                 swap_share: float = 0.5) -> Iterator[tuple[Match, dict[str, Any]]]:
    """A random OpenSpiel game: each position with its whole moves, before the move that
    is chosen (uniformly among whole moves; a swap, where legal, with swap_share)."""
    match = Match.start(oracle)
    while not match.state.is_terminal() and (plies is None or len(match.history) < plies):
        moves = match.moves()
        yield match, moves
        if not moves:
            return
        choice = "swap" if "swap" in moves and rng.random() < swap_share else rng.choice(
            sorted(moves))
        match.play(choice, moves)
    yield match, match.moves()
