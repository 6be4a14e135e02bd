"""The Dugi kernel compiled with numba (the optional `play` extra): the pure-Python kernel
(printables.play.kernels.dugi) with its move generator, its move and its whole random
playout as numba functions over int8 arrays.

Everything else (conversions, results, adjudication, codes) is the pure-Python kernel's,
so the two agree by construction where they share code and by the differential test where
they do not. Compiled functions are cached on disk (cache=True): the first run in a fresh
environment compiles them (benchmarks/kernels.py reports how long), later runs load them.
Playouts draw from numba's own generator, seeded from the caller's random.Random, so a
seed gives the same games every run (not the same games as the pure-Python kernel).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from printables.boards import Board
from printables.games.dugi import LOSING_COUNT
from printables.games.model import GameSpec, Position
from printables.play.kernels.arrays import ArrayStates, cached, step_codes
from printables.play.kernels.base import BASE, decode_path
from printables.play.kernels.dugi import DugiKernel, State

#: the numba playout's "no result yet"
GOING_ON = -2


@cached
def _generate(cells: Any, v: int, rays: Any, raylen: Any, seen: Any, out: Any) -> int:
    """Write the (origin, target) of every legal slide of side value v into out."""
    m = 0
    for s in range(cells.shape[0]):
        if cells[s] != v:
            continue
        first = m
        for d in range(4):
            for k in range(raylen[s, d]):
                t = rays[s, d, k]
                if cells[t] != 0:
                    break
                if not seen[t]:
                    seen[t] = True
                    out[m, 0] = s
                    out[m, 1] = t
                    m += 1
        for j in range(first, m):
            seen[out[j, 1]] = False
    return m


@cached
def _play(cells: Any, count: Any, origin: int, target: int, pairs: Any, npairs: Any) -> None:
    """Slide and take what the moved counter encloses."""
    v = cells[origin]
    cells[origin] = 0
    cells[target] = v
    w = 3 - v
    for j in range(npairs[target]):
        near, behind = pairs[target, j, 0], pairs[target, j, 1]
        if cells[near] == w and cells[behind] == v:
            cells[near] = 0
            count[w - 1] -= 1


@cached
def _decided(count: Any, me: int, losing: int) -> int:
    if count[me] <= losing:
        return 1 - me
    if count[1 - me] <= losing:
        return me
    return GOING_ON


@cached
def _playout(cells: Any, count: Any, to_move: int, max_plies: int, seed: int, rays: Any,
             raylen: Any, pairs: Any, npairs: Any, seen: Any, out: Any,
             losing: int) -> tuple[int, int, int]:
    """(result or GOING_ON at the cap, plies, side to move at the end), in place."""
    np.random.seed(seed)
    for ply in range(max_plies):
        r = _decided(count, to_move, losing)
        if r != GOING_ON:
            return r, ply, to_move
        m = _generate(cells, to_move + 1, rays, raylen, seen, out)
        if m == 0:
            return 1 - to_move, ply, to_move
        i = np.random.randint(0, m)
        _play(cells, count, out[i, 0], out[i, 1], pairs, npairs)
        to_move = 1 - to_move
    return _decided(count, to_move, losing), max_plies, to_move


class DugiNumbaKernel(ArrayStates, DugiKernel):
    """The Dugi kernel with compiled move generation and playouts (states hold arrays)."""

    array_fields, array_types = ("cells", "count"), ("int8", "int64")

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        n = len(self.names)
        longest = max(len(line) for lines in self.rays for line in lines)
        self.np_rays = np.zeros((n, 4, longest), np.int16)
        self.np_raylen = np.zeros((n, 4), np.int16)
        self.np_pairs = np.zeros((n, 4, 2), np.int16)
        self.np_npairs = np.zeros(n, np.int16)
        for s, lines in enumerate(self.rays):
            for d, line in enumerate(lines):
                self.np_raylen[s, d] = len(line)
                self.np_rays[s, d, :len(line)] = line
            for j, pair in enumerate(self.pairs[s]):
                self.np_pairs[s, j] = pair
            self.np_npairs[s] = len(self.pairs[s])
        self.seen = np.zeros(n, np.bool_)
        self.out = np.zeros((4 * n * 12 + 1, 2), np.int16)
        # load (or, the first time, compile) the playout now, not inside a timed run
        self.random_playout(self.from_position(Position(game.name, game.sides[0])),
                            random.Random(0), 0)

    def _generate(self, state: State) -> list[int]:
        m = _generate(state.cells, state.to_move + 1, self.np_rays, self.np_raylen,
                      self.seen, self.out)
        return step_codes(self.out, m)

    def _apply(self, state: State, code: int) -> None:
        origin, target = decode_path(code)
        _play(state.cells, state.count, origin, target, self.np_pairs, self.np_npairs)
        state.to_move = 1 - state.to_move
        state.result = self._decided(state)

    def random_playout(self, state: State, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        result, plies, to_move = _playout(
            state.cells, state.count, state.to_move, max_plies, rng.getrandbits(32),
            self.np_rays, self.np_raylen, self.np_pairs, self.np_npairs, self.seen, self.out,
            LOSING_COUNT)
        state.to_move, state.moves = int(to_move), None
        state.result = self._decided(state)
        if result == GOING_ON:
            return self._at_cap(state, int(plies))
        return int(result), int(plies)


def make(game: GameSpec, board: Board) -> DugiNumbaKernel | None:
    """The compiled kernel where the pure-Python one applies, else None."""
    if "coords" not in board.data or "rings" not in board.data or len(board.names) >= BASE:
        return None
    return DugiNumbaKernel(game, board)
