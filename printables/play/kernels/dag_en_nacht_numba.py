"""The Dag en Nacht kernel compiled with numba (the optional `play` extra): the pure-Python
kernel (printables.play.kernels.dag_en_nacht) with its move generator, its move, its line
check and its whole random playout as numba functions over int8 arrays.

Everything else (conversions, results, adjudication, codes) is the pure-Python kernel's;
the differential test checks this kernel against the engine as it does the others.
Compiled functions are cached on disk (cache=True); playouts draw from numba's generator,
seeded from the caller's random.Random.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from printables.boards import Board
from printables.games.model import GameSpec, Position
from printables.play.kernel import DRAW
from printables.play.kernels.arrays import ArrayStates, cached, step_codes
from printables.play.kernels.base import BASE, CountState, decode_path
from printables.play.kernels.dag_en_nacht import DagEnNachtKernel
from printables.play.kernels.dag_en_nacht import make as make_python

GOING_ON = -2


@cached
def _wins(cells: Any, s: int, v: int, strict: bool, light: Any, rays: Any, raylen: Any,
          run: Any) -> bool:
    """True when a line through the stone on s wins for side value v (run: scratch)."""
    for d in range(4):
        if d >= 2 and not light[s]:
            break
        back = 0
        for k in range(raylen[s, d, 1]):
            if cells[rays[s, d, 1, k]] != v:
                break
            back += 1
        ahead = 0
        for k in range(raylen[s, d, 0]):
            if cells[rays[s, d, 0, k]] != v:
                break
            ahead += 1
        length = back + 1 + ahead
        if d >= 2:
            if length >= 4:
                return True
            continue
        if length < 5:
            continue
        if not strict:
            return True
        for k in range(back):
            run[back - 1 - k] = rays[s, d, 1, k]
        run[back] = s
        for k in range(ahead):
            run[back + 1 + k] = rays[s, d, 0, k]
        for i in range(length - 4):
            if light[run[i]] and light[run[i + 4]]:
                return True
    return False


@cached
def _generate(cells: Any, v: int, in_hand: int, dark: Any, shifts: Any, nshift: Any,
              out: Any) -> int:
    """Write every drop (origin -1) and shift of side value v into out; return how many."""
    m = 0
    if in_hand > 0:
        for s in dark:
            if cells[s] == 0:
                out[m, 0] = -1
                out[m, 1] = s
                m += 1
    for s in dark:
        if cells[s] == v:
            for j in range(nshift[s]):
                t = shifts[s, j]
                if cells[t] == 0:
                    out[m, 0] = s
                    out[m, 1] = t
                    m += 1
    return m


@cached
def _playout(cells: Any, hand: Any, to_move: int, max_plies: int, seed: int, alternating: bool,
             light: Any, dark: Any, shifts: Any, nshift: Any, rays: Any, raylen: Any,
             out: Any, run: Any) -> tuple[int, int, int]:
    """(result, or GOING_ON at the cap; plies; side to move), in place. The state must be
    one where the game goes on."""
    np.random.seed(seed)
    for ply in range(max_plies):
        v = to_move + 1
        m = _generate(cells, v, hand[to_move], dark, shifts, nshift, out)
        if m == 0:
            return DRAW, ply, to_move
        i = np.random.randint(0, m)
        origin, target = out[i, 0], out[i, 1]
        if origin < 0:
            hand[to_move] -= 1
        else:
            cells[origin] = 0
        cells[target] = v
        to_move = 1 - to_move
        if _wins(cells, target, v, alternating and v == 1, light, rays, raylen, run):
            return v - 1, ply + 1, to_move
    return GOING_ON, max_plies, to_move


class DagEnNachtNumbaKernel(ArrayStates, DagEnNachtKernel):
    """The Dag en Nacht kernel with compiled move generation, line checks and playouts."""

    array_fields, array_types = ("cells", "count"), ("int8", "int64")

    def __init__(self, game: GameSpec, board: Board, n: int) -> None:
        super().__init__(game, board, n)
        count = len(self.names)
        longest = max(len(ray) for rays in self.rays for pair in rays for ray in pair) or 1
        self.np_light = np.array(self.light, np.bool_)
        self.np_dark = np.array(self.dark, np.int16)
        self.np_shifts = np.zeros((count, 4), np.int16)
        self.np_nshift = np.array([len(t) for t in self.shifts], np.int16)
        self.np_rays = np.zeros((count, 4, 2, longest), np.int16)
        self.np_raylen = np.zeros((count, 4, 2), np.int16)
        for s in range(count):
            self.np_shifts[s, :len(self.shifts[s])] = self.shifts[s]
            for d, pair in enumerate(self.rays[s]):
                for side, ray in enumerate(pair):
                    self.np_raylen[s, d, side] = len(ray)
                    self.np_rays[s, d, side, :len(ray)] = ray
        self.out = np.zeros((len(self.dark) * 5 + 1, 2), np.int16)
        self.run = np.zeros(2 * longest + 1, np.int16)
        # load (or, the first time, compile) the playout now, not inside a timed run
        self.random_playout(self.from_position(Position(game.name, game.sides[0])),
                            random.Random(0), 0)

    def _generate(self, state: CountState) -> list[int]:
        m = _generate(state.cells, state.to_move + 1, state.count[state.to_move],
                      self.np_dark, self.np_shifts, self.np_nshift, self.out)
        return step_codes(self.out, m)

    def _apply(self, state: CountState, code: int) -> None:
        v = state.to_move + 1
        if code < BASE:
            target = code - 1
            state.count[v - 1] -= 1
        else:
            origin, target = decode_path(code)
            state.cells[origin] = 0
        state.cells[target] = v
        strict = v == 1 and bool(state.base.options.get("black_alternating"))
        if _wins(state.cells, target, v, strict, self.np_light, self.np_rays, self.np_raylen,
                 self.run):
            state.result = state.to_move
        state.to_move = 1 - state.to_move

    def random_playout(self, state: CountState, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        if self.result(state) is not None:
            return state.result, 0  # type: ignore[return-value]
        result, plies, to_move = _playout(
            state.cells, state.count, state.to_move, max_plies, rng.getrandbits(32),
            bool(state.base.options.get("black_alternating")), self.np_light, self.np_dark,
            self.np_shifts, self.np_nshift, self.np_rays, self.np_raylen, self.out, self.run)
        state.to_move, state.moves = int(to_move), None
        state.result = None if result in (GOING_ON, DRAW) else int(result)
        if result == GOING_ON:
            return self._at_cap(state, int(plies))
        return int(result), int(plies)


def make(game: GameSpec, board: Board) -> DagEnNachtNumbaKernel | None:
    """The compiled kernel where the pure-Python one applies, else None."""
    python = make_python(game, board)
    return None if python is None else DagEnNachtNumbaKernel(game, board, python.n)
