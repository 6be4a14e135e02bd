"""The generic playout kernel: any game whose rules engine is GenericRules (a game file's
[rules]) plays on one interpreter of rule tables (generic_core over generic_tables),
compiled by numba where it is installed and plain Python otherwise. No game needs code of
its own: kernel_for and numba_kernel_for pick this kernel for every GenericRules game whose
rules the interpreter supports (generic_tables.unsupported says which do not; those keep
the reference kernel), never by the game's name.

States are small objects of three int64 arrays (cells, hand, st: side to move, pie swap
used, plies since the last capture), the Position they started from (options and other
fields), the tables and work area of its options, and the cached codes and result of the
ply (base.FastKernel). The tables are
built per options on the first position of those options and kept.

The differential test (tests/test_kernels_generic.py) proves the kernel equal to the
engine, move for move, on both paths.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Hashable
from types import ModuleType
from typing import Any

import numpy as np

from printables.boards import Board
from printables.errors import LayoutError
from printables.games.model import GameSpec, Move, Piece, Position
from printables.games.rules.engine import GenericRules
from printables.games.rules.moves import NEUTRAL
from printables.play.kernel import DRAW, GameTally, adjudication, game_seats
from printables.play.kernels import generic_tables as gt
from printables.play.kernels.base import FastKernel
from printables.play.kernels.generic_jit import PURE_SUFFIX

#: the generic kernel's interpreter, compiled or (with PURE_SUFFIX) as plain Python
_CORE = "printables.play.kernels.generic_core"


def core(pure: bool) -> ModuleType:
    """generic_core compiled (where numba is installed), or its plain-Python copy."""
    if not pure:
        return importlib.import_module(_CORE)
    name = _CORE + PURE_SUFFIX
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(_CORE)
    assert spec is not None and spec.origin is not None
    copy = importlib.util.spec_from_file_location(name, spec.origin)
    assert copy is not None and copy.loader is not None
    module = importlib.util.module_from_spec(copy)
    sys.modules[name] = module
    copy.loader.exec_module(module)
    return module


def compiled_available() -> bool:
    """True when numba (and so numpy) can be imported."""
    try:
        importlib.import_module("numba")
    except ImportError:
        return False
    return True


class GenericState:
    """A position as arrays, its tables and the cached codes and result of this ply."""

    __slots__ = ("cells", "hand", "st", "base", "k", "w", "moves", "result")

    def __init__(self, cells: Any, hand: Any, st: Any, base: Position, k: Any, w: Any) -> None:
        self.cells, self.hand, self.st, self.base, self.k = cells, hand, st, base, k
        self.w = w  # the work area of these tables (shared, not copied)
        self.moves: list[int] | None = None
        self.result: int | None = None

    @property
    def to_move(self) -> int:
        return int(self.st[0])

    def copy(self) -> GenericState:
        s = GenericState(self.cells.copy(), self.hand.copy(), self.st.copy(), self.base,
                         self.k, self.w)
        s.moves, s.result = self.moves, self.result
        return s


class GenericKernel(FastKernel):
    """The generic kernel of one GenericRules game on one board (compiled, or the
    plain-Python path when `pure`)."""

    def __init__(self, game: GameSpec, board: Board, *, pure: bool = False) -> None:
        super().__init__(game, board)
        assert isinstance(game.rules, GenericRules)
        self.rules: GenericRules = game.rules
        self.pure = pure
        self.core = core(pure)
        self._tables: dict[int, tuple[Any, Any, Any, Any]] = {}
        self._entries: dict[str, Any] = {}
        #: id of an options' tables (kept in _tables) -> the seats after the pie swap
        self._swapped_seats: dict[int, tuple[int, ...]] = {}
        rs = self.rules.ruleset
        self.owners = (*rs.sides, NEUTRAL)

    # ------------------------------------------------------------------ tables
    def _setup(self, pos: Position) -> tuple[Any, Any, Any, Any]:
        """(K, work area, builder, tables) for the position's options, made once."""
        t = self.rules.tables(self.board, pos)
        found = self._tables.get(id(t))
        if found is None:
            pieces = [Piece(c.side, c.kind) for c in
                      self.game.components(self.game.options(pos.options))]
            rules = t.rules
            for side in rules.sides:
                pieces += [Piece(side, r.to) for r in rules.promote]
                pieces += [Piece(side, k) for s, k in rules.placed_kind if s == side]
            pieces += [Piece(NEUTRAL, k) for k in rules.neutral_kinds]
            pieces += [Piece(side, m.then_place.piece) for side in rules.sides
                       for m in rules.move if m.then_place]
            pieces += sorted(set(pos.pieces.values()))
            builder = gt.Builder(t, pieces)
            k = builder.build()
            w = gt.work(k, len(t.names), len(rules.sides), gt.move_bound(k, len(t.names)))
            found = self._tables[id(t)] = (k, w, builder, t)
        return found

    def _call(self, name: str) -> Any:
        """A function of the interpreter. Compiled, once it has run: its machine code's
        entry point, skipping numba's dispatch, which types every argument on each call
        (the rule tables are some sixty arrays: 19 of a ply's 25 microseconds). Safe
        because every game's tables have the same types (generic_tables.FLAGS), so each
        function has one compiled version for arguments from Python; a version numba made
        for a constant argument of a call inside the interpreter (Literal types: run_game
        from playout, pairs=True folded in) is never taken for it."""
        found = self._entries.get(name)
        if found is not None:
            return found
        function = getattr(self.core, name)
        overloads = getattr(function, "overloads", None)
        if not overloads:
            return function
        from numba.core.types import Literal  # compiled: numba is installed

        plain = [cres for sig, cres in overloads.items()
                 if not any(isinstance(arg, Literal) for arg in sig)]
        if len(plain) == 1:
            self._entries[name] = plain[0].entry_point
            return self._entries[name]
        return function

    # ------------------------------------------------------------------ conversions
    def from_position(self, pos: Position) -> GenericState:
        k, w, b, t = self._setup(pos)
        cells = np.zeros(len(t.names), np.int64)
        for name, piece in pos.pieces.items():
            if piece not in b.piece_id:
                raise ValueError(f"{piece} on {name} is no piece of this game")
            cells[t.index[name]] = b.piece_id[piece]
        hand = np.zeros(len(self.owners), np.int64)
        for side, count in self.rules.hands(t, pos).items():
            hand[self.owners.index(side)] = count
        st = np.zeros(4, np.int64)
        st[0] = self.sides.index(pos.to_move)
        st[1] = int(bool(pos.state.get("swapped")))
        st[2] = int(pos.state.get("quiet", 0))
        return GenericState(cells, hand, st, pos, k, w)

    def to_position(self, state: GenericState) -> Position:
        _, _, b, t = self._setup(state.base)
        names, pieces_of = t.names, b.pieces
        pieces = {names[s]: pieces_of[int(p)] for s, p in enumerate(state.cells) if p}
        rules = t.rules
        extra: dict[str, Any] = {}
        if rules.places:
            extra["hand"] = {side: int(state.hand[self.owners.index(side)])
                             for side, _ in rules.placed_kind}
        keep: dict[str, Any] = {}
        if state.st[1]:
            keep["swapped"] = True
        if rules.end.quiet_moves is not None and state.st[2]:
            keep["quiet"] = int(state.st[2])
        return state.base.with_(pieces=pieces, state=keep, to_move=self.sides[state.to_move],
                                **extra)

    def move_of(self, state: GenericState, code: Hashable) -> Move:
        c = self.core
        assert isinstance(code, int)
        if code == c.PASS:
            return Move(special="pass")
        if code == c.SWAP:
            return Move(special="swap")
        _, _, _, t = self._setup(state.base)
        if code >= c.CHAIN:
            w = state.w
            d = self._call("chain_of")(state.k, state.cells, state.hand, state.st[0], code,
                                       w.hops, 0)
            if d < 0:
                raise ValueError(f"{code} is no chain of hops here")
            chain: Move = t.move(tuple(int(s) for s in w.hops[0, c.H_PATH, :d + 1]))
            return chain
        o, rest = code % c.BASE - 1, code // c.BASE
        target, place = rest % c.BASE - 1, rest // c.BASE - 1
        move: Move = t.move((o,) if target < 0 else (o, target), place)
        return move

    # ------------------------------------------------------------------ the contract
    def seats(self, state: GenericState) -> tuple[int, ...]:
        if self.game.seats is None:
            return self.unswapped
        if getattr(self.game.seats, "__self__", None) is self.rules:  # the [rules]' own
            if not state.st[1]:
                return self.unswapped
            found = self._swapped_seats.get(id(state.k))  # per options, as the tables
            if found is None:
                found = self.rules.seats(state.base.with_(state={"swapped": True}))
                self._swapped_seats[id(state.k)] = found
            return found
        return game_seats(self.game, self.to_position(state))

    def adjudicate(self, state: GenericState) -> int:
        rules_cap = self.rules.ruleset.end.cap
        if getattr(self.game.adjudicate, "__self__", None) is self.rules:
            if rules_cap != "most-pieces":
                return DRAW
            return int(self.core.most_pieces(state.k, state.cells))
        return adjudication(self.game, self.board, self.to_position(state))

    def _settle(self, state: GenericState) -> None:
        w = state.w
        r, m = self._call("settle")(state.k, state.cells, state.hand, state.st, w.out, w)
        self._check_room(w)
        if r == self.core.GOING_ON:
            state.moves, state.result = w.out[:m].tolist(), None
        else:
            state.moves, state.result = [], int(r)

    def _apply(self, state: GenericState, code: Any) -> None:
        w = state.w
        self._call("play")(state.k, state.cells, state.hand, state.st, code, w.found, w.log,
                           w.hops)
        state.result = None

    def _check_room(self, w: Any) -> None:
        """Raise where a position had more chains of hops than the work area holds
        (gt.move_bound; the interpreter listed only those that fit)."""
        if w.hops[0, self.core.H_COUNT, w.hops.shape[2] - 1]:
            w.hops[0, self.core.H_COUNT, w.hops.shape[2] - 1] = 0
            raise RuntimeError("a position with more chains of hops than the generic "
                               "kernel's move buffer holds (generic_tables.move_bound)")

    def random_playout(self, state: GenericState, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        if self.pure:
            return super().random_playout(state, rng, max_plies)
        r, plies = self._call("playout")(state.k, state.cells, state.hand, state.st, max_plies,
                                         rng.getrandbits(32), state.w)
        state.moves, state.result = None, None
        self._check_room(state.w)
        if r == self.core.GOING_ON:
            return self._at_cap(state, int(plies))
        return int(r), int(plies)

    def random_game(self, state: GenericState, rng: random.Random, max_plies: int,
                    keep: int) -> GameTally:
        """A whole game of random moves in one compiled call (kernel.PlaysRandomGames):
        every legal code listed each ply (no pairs), so the branching is the legal move
        count, as balance's per-ply loop sees it."""
        codes = np.zeros(min(keep, max_plies), np.int64)
        w = state.w
        r, plies = self._call("run_game")(state.k, state.cells, state.hand, state.st,
                                          max_plies, rng.getrandbits(32), w, False, codes)
        state.moves, state.result = None, None
        self._check_room(w)
        capped = r == self.core.GOING_ON
        result = self.adjudicate(state) if capped else int(r)
        swap_side = int(w.tally[3])
        return GameTally(result, int(plies), capped, int(w.tally[0]), int(w.tally[1]),
                         int(w.tally[2]), codes[:min(keep, plies)].tolist(),
                         None if swap_side < 0 else swap_side)


def unsupported_of(game: GameSpec, board: Board) -> str | None:
    """What of the game's rules (under its default options) the generic kernel does not
    play on this board, or None when it plays them all."""
    rules = game.rules
    if not isinstance(rules, GenericRules):
        return "rules that are not a game file's [rules]"
    try:
        t = rules.tables(board, Position(game.name, game.sides[0],
                                         options=game.options({})))
    except LayoutError as e:  # a board the rules cannot be laid on: the engine says why
        return str(e)
    return gt.unsupported(t.rules, len(t.names))


def applies(game: GameSpec, board: Board) -> bool:
    """True when the generic kernel can play this game on this board."""
    return unsupported_of(game, board) is None


def make(game: GameSpec, board: Board) -> GenericKernel | None:
    """The generic kernel (compiled where numba is installed), or None where it does not
    apply."""
    if not applies(game, board):
        return None
    return GenericKernel(game, board, pure=not compiled_available())


def make_pure(game: GameSpec, board: Board) -> GenericKernel | None:
    """The generic kernel on its plain-Python path, or None where it does not apply."""
    return GenericKernel(game, board, pure=True) if applies(game, board) else None


def make_compiled(game: GameSpec, board: Board) -> GenericKernel | None:
    """The generic kernel compiled by numba, or None where it does not apply."""
    return GenericKernel(game, board, pure=False) if applies(game, board) else None
