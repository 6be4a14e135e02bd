"""The EVL kernel compiled with numba (the optional `play` extra): the pure-Python kernel
(printables.play.kernels.evl) with its move generator (unstack walks by an explicit-stack
search with the engine's pruning), its move with the claims, and its whole random playout
as numba functions over int8 arrays.

A state's stacks are an array here: row i is (height, then the pieces bottom to top, 1 for
the first side's, 2 for the second's); conversions to and from Positions go through the
pure-Python kernel's, with the stacks turned into strings. The differential test checks
this kernel against the engine as it does the others. Compiled functions are cached on
disk (cache=True); playouts draw from numba's generator, seeded from the caller's
random.Random.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from printables.boards import Board
from printables.games.evl_rules import MARKERS, MAX_HEIGHT
from printables.games.model import GameSpec, Position
from printables.play.kernel import DRAW
from printables.play.kernels.arrays import ArrayStates, cached, path_codes
from printables.play.kernels.base import decode_path
from printables.play.kernels.evl import PASS, EvlKernel, State
from printables.play.kernels.evl import make as make_python

GOING_ON = -2


@cached
def _generate(st: Any, hand: Any, me: int, t: Any, out: Any, work: Any) -> int:
    """Write every legal move of side me into out (row: path length, then the path; a
    placement has length 1, a pass length 0); return how many."""
    hepts, edge, nedge, pents, pairs, npairs = t
    v = me + 1
    m = 0
    if hand[me] > 0:
        for h in hepts:
            height = st[h, 0]
            if height == 0 or (st[h, height] == v and height < MAX_HEIGHT):
                out[m, 0], out[m, 1] = 1, h
                m += 1
    path, nk = work[0], work[1]
    for h in hepts:
        lifted = st[h, 0]
        if lifted < 2 or st[h, lifted] != v:
            continue
        st[h, 0] = 0
        path[0], nk[0] = h, 0
        depth = 0
        while depth >= 0:
            here, j = path[depth], nk[depth]
            if j == nedge[here]:
                depth -= 1
                continue
            nk[depth] = j + 1
            nxt = edge[here, j]
            seen = False
            for i in range(depth + 1):
                seen = seen or path[i] == nxt
            if seen:
                continue
            below = st[nxt, 0]
            if below + lifted - depth <= MAX_HEIGHT:  # the landing stack after depth+1 steps
                if m >= out.shape[0]:
                    raise ValueError("more unstacks than the move buffer holds")
                out[m, 0] = depth + 2
                for i in range(depth + 1):
                    out[m, 1 + i] = path[i]
                out[m, depth + 2] = nxt
                m += 1
            if lifted - depth > 1 and below + 1 <= MAX_HEIGHT:
                depth += 1
                path[depth], nk[depth] = nxt, 0
        st[h, 0] = lifted
    if m == 0:
        out[0, 0] = 0
        m = 1
    return m


@cached
def _push(st: Any, h: int, piece: int) -> None:
    st[h, 0] += 1
    st[h, st[h, 0]] = piece


@cached
def _play(st: Any, marker: Any, held: Any, hand: Any, me: int, move: Any, t: Any) -> bool:
    """Play a move row of side me in place; True when it was a pass."""
    hepts, edge, nedge, pents, pairs, npairs = t
    v = me + 1
    length = move[0]
    if length == 0:
        return True
    if length == 1:
        _push(st, move[1], v)
        hand[me] -= 1
        return False
    start = move[1]
    lifted = st[start, 0]
    moving = st[start, 1:lifted + 1].copy()
    st[start, 0] = 0
    for k in range(length - 2):
        _push(st, move[2 + k], moving[k])
    last = move[length]
    for k in range(length - 2, lifted):
        _push(st, last, moving[k])
    for i in range(pents.shape[0]):  # claims, in board order, while markers last
        p = pents[i]
        if marker[p] == v or held[me] >= MARKERS:
            continue
        for j in range(npairs[i]):
            x, y = pairs[i, j, 0], pairs[i, j, 1]
            if st[x, 0] > 0 and st[y, 0] > 0 and st[x, st[x, 0]] == v and st[y, st[y, 0]] == v:
                if marker[p] != 0:
                    held[marker[p] - 1] -= 1
                marker[p] = v
                held[me] += 1
                break
    return False


@cached
def _ended(held: Any, passes: int, target: int) -> int:
    if held[0] >= target:
        return 0
    if held[1] >= target:
        return 1
    if passes >= 2:
        return 0 if held[0] > held[1] else 1 if held[1] > held[0] else DRAW
    return GOING_ON


@cached
def _playout(st: Any, marker: Any, held: Any, hand: Any, to_move: int, passes: int,
             target: int, max_plies: int, seed: int, t: Any, out: Any,
             work: Any) -> tuple[int, int, int, int]:
    """(result or GOING_ON at the cap, plies, side to move, passes), in place."""
    np.random.seed(seed)
    for ply in range(max_plies):
        r = _ended(held, passes, target)
        if r != GOING_ON:
            return r, ply, to_move, passes
        m = _generate(st, hand, to_move, t, out, work)
        i = np.random.randint(0, m)
        passes = passes + 1 if _play(st, marker, held, hand, to_move, out[i], t) else 0
        to_move = 1 - to_move
    return _ended(held, passes, target), max_plies, to_move, passes


class EvlNumbaKernel(ArrayStates, EvlKernel):
    """The EVL kernel with compiled move generation, claims and playouts."""

    array_fields, array_types = ("marker", "hand", "held"), ("int8", "int64", "int64")

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        n = len(self.names)
        edge = np.zeros((n, max(len(e) for e in self.edge) or 1), np.int16)
        for s, ns in enumerate(self.edge):
            edge[s, :len(ns)] = ns
        pairs = np.zeros((len(self.pairs), max(len(p) for _, p in self.pairs) or 1, 2),
                         np.int16)
        for i, (_, ps) in enumerate(self.pairs):
            for j, pair in enumerate(ps):
                pairs[i, j] = pair
        #: the tables the compiled functions read, in their order
        self.tables = (np.array(self.hepts, np.int16), edge,
                       np.array([len(e) for e in self.edge], np.int16),
                       np.array([p for p, _ in self.pairs], np.int16), pairs,
                       np.array([len(p) for _, p in self.pairs], np.int16))
        self.out = np.zeros((64 * n + 1, MAX_HEIGHT + 3), np.int16)
        self.work = np.zeros((2, MAX_HEIGHT + 2), np.int16)
        # load (or, the first time, compile) the playout now, not inside a timed run
        self.random_playout(self.from_position(Position(game.name, game.sides[0])),
                            random.Random(0), 0)

    # ------------------------------------------------------------------ conversion
    def from_position(self, pos: Position) -> State:
        state: State = super().from_position(pos)
        # an array where the pure-Python kernel's State holds strings (see to_position)
        st: Any = np.zeros((len(self.names), MAX_HEIGHT + 2), np.int8)
        for i, stack in enumerate(state.stacks):
            st[i, 0] = len(stack)
            for k, letter in enumerate(stack[:MAX_HEIGHT + 1]):
                st[i, 1 + k] = self.letters.index(letter) + 1
        state.stacks = st
        return state

    def to_position(self, state: State) -> Position:
        s = state.copy()
        rows: Any = state.stacks  # the array from_position made
        s.stacks = ["".join(self.letters[p - 1] for p in row[1:row[0] + 1]) for row in rows]
        return super().to_position(s)

    def copy(self, state: State) -> State:
        s: State = super().copy(state)
        s.stacks = state.stacks.copy()
        return s

    # ------------------------------------------------------------------ moves
    def _generate(self, state: State) -> list[int]:
        m = _generate(state.stacks, state.hand, state.to_move, self.tables, self.out,
                      self.work)
        rows = self.out[:m]  # a row: the path's length (0: a pass), then the path
        return [c if c else PASS for c in path_codes(rows[:, 1:], rows[:, 0])]

    def _apply(self, state: State, code: int) -> None:
        me = state.to_move
        path = [] if code == PASS else decode_path(code)
        move = np.zeros(MAX_HEIGHT + 3, np.int16)
        move[0] = len(path)
        move[1:len(path) + 1] = path
        passed = _play(state.stacks, state.marker, state.held, state.hand, me, move,
                       self.tables)
        state.moved = True
        state.to_move = 1 - me
        state.passes = state.passes + 1 if passed else 0
        state.result = self._ended(state)

    def random_playout(self, state: State, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        target = int(state.base.options.get("target", 10))
        result, plies, to_move, passes = _playout(
            state.stacks, state.marker, state.held, state.hand, state.to_move, state.passes,
            target, max_plies, rng.getrandbits(32), self.tables, self.out, self.work)
        state.moved = state.moved or plies > 0
        state.to_move, state.passes, state.moves = int(to_move), int(passes), None
        state.result = self._ended(state)
        if result == GOING_ON:
            return self._at_cap(state, int(plies))
        return int(result), int(plies)


def make(game: GameSpec, board: Board) -> EvlNumbaKernel | None:
    """The compiled kernel where the pure-Python one applies, else None."""
    return None if make_python(game, board) is None else EvlNumbaKernel(game, board)
