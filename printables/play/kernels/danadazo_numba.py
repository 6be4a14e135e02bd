"""The Danadazo kernel compiled with numba (the optional `play` extra): the pure-Python
kernel (printables.play.kernels.danadazo) with its move generator, its move and its whole
random playout as numba functions over int8 arrays.

Everything else (conversions, results, adjudication, codes) is the pure-Python kernel's;
the differential test checks this kernel against the engine as it does the others.
Compiled functions are cached on disk (cache=True); playouts draw from numba's generator,
seeded from the caller's random.Random. Inside a playout the lone-general count is an int,
-1 where the pure-Python state keeps None.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from numba import njit

from printables.boards import Board
from printables.games.danadazo_rules import GUARD_LIMIT, LONE_LIMIT
from printables.games.model import GameSpec, Position
from printables.play.kernel import DRAW
from printables.play.kernels.arrays import ArrayStates, step_codes
from printables.play.kernels.base import decode_path
from printables.play.kernels.danadazo import GENERAL, GUARD, PAWN, DanadazoKernel, State
from printables.play.kernels.danadazo import make as make_python

GOING_ON = -2
DEFENDER_GENERAL = 1 + 4 + GENERAL


@njit(cache=True)
def _captures(cells: Any, at: int, guards: int, cap: Any, ncap: Any, found: Any) -> int:
    """Write the enemy spaces the piece on `at` sandwiches into found; return how many."""
    side = (cells[at] - 1) >> 2
    k = 0
    for j in range(ncap[at]):
        victim_at, beyond = cap[at, j, 0], cap[at, j, 1]
        w, b = cells[victim_at], cells[beyond]
        if w == 0 or (w - 1) >> 2 == side or b == 0 or (b - 1) >> 2 != side:
            continue
        if w == DEFENDER_GENERAL and guards > GUARD_LIMIT:
            continue
        seen = False
        for i in range(k):
            seen = seen or found[i] == victim_at
        if not seen:
            found[k] = victim_at
            k += 1
    return k


@njit(cache=True)
def _closes_barrier(cells: Any, origin: int, target: int, quads: Any, nquad: Any) -> bool:
    v = cells[origin]
    side = (v - 1) >> 2
    for q in range(nquad[target]):
        inside = False
        for i in range(4):
            inside = inside or quads[target, q, i] == origin
        if inside:
            continue
        strong = (v - 1) & 3 != PAWN
        closed = True
        for i in range(4):
            s = quads[target, q, i]
            if s == target:
                continue
            p = cells[s]
            if p == 0 or (p - 1) >> 2 != side:
                closed = False
                break
            strong = strong or (p - 1) & 3 != PAWN
        if closed and strong:
            return True
    return False


@njit(cache=True)
def _generate(cells: Any, side: int, guards: int, t: Any, out: Any, work: Any) -> int:
    """Write the (origin, target) of every legal move of side into out; return how many.
    t: the tables (see DanadazoNumbaKernel.tables); work: scratch rows."""
    cross, ncross, corner, ncorner, cell, ncell, line, cap, ncap, quads, nquad = t
    targets, seen, found = work[0], work[1], work[2]
    m = 0
    for origin in range(cells.shape[0]):
        v = cells[origin]
        if v == 0 or (v - 1) >> 2 != side:
            continue
        kind = (v - 1) & 3
        k = 0
        for j in range(ncross[origin]):
            first = cross[origin, j]
            if kind != GENERAL:
                if cells[first] == 0:
                    targets[k] = first
                    k += 1
                continue
            prev, cur = origin, first
            while cur >= 0 and cells[cur] == 0:
                targets[k] = cur
                k += 1
                prev, cur = cur, line[prev, cur]
        for j in range(ncorner[origin]):
            if cells[corner[origin, j]] == 0:
                targets[k] = corner[origin, j]
                k += 1
        if kind == GUARD:
            k = _guard_crosscell(cells, origin, side, guards, t, targets, k, found)
        for i in range(k):
            s = targets[i]
            if seen[s] or _closes_barrier(cells, origin, s, quads, nquad):
                seen[s] = True
                continue
            seen[s] = True
            out[m, 0] = origin
            out[m, 1] = s
            m += 1
        for i in range(k):
            seen[targets[i]] = 0
    return m


@njit(cache=True)
def _guard_crosscell(cells: Any, origin: int, side: int, guards: int, t: Any, targets: Any,
                     k: int, found: Any) -> int:
    """Append the guard's crosscell steps (no enemy next to it, no capture) to targets."""
    cross, ncross, corner, ncorner, cell, ncell, line, cap, ncap, quads, nquad = t
    for j in range(ncross[origin]):
        p = cells[cross[origin, j]]
        if p != 0 and (p - 1) >> 2 != side:
            return k
    for j in range(ncorner[origin]):
        p = cells[corner[origin, j]]
        if p != 0 and (p - 1) >> 2 != side:
            return k
    v = cells[origin]
    cells[origin] = 0
    for j in range(ncell[origin]):
        c = cell[origin, j]
        if cells[c] == 0:
            cells[c] = v
            if _captures(cells, c, guards, cap, ncap, found) == 0:
                targets[k] = c
                k += 1
            cells[c] = 0
    cells[origin] = v
    return k


@njit(cache=True)
def _lone_side(pieces: Any, generals: Any) -> bool:
    return (pieces[0] == 1 and generals[0] == 1) or (pieces[1] == 1 and generals[1] == 1)


@njit(cache=True)
def _play(cells: Any, origin: int, target: int, guards: int, lone: int, pieces: Any,
          generals: Any, cap: Any, ncap: Any, found: Any) -> tuple[int, int]:
    """Move, take, count; (guards, lone-general count or -1) after the move."""
    lone_before = _lone_side(pieces, generals)
    cells[target] = cells[origin]
    cells[origin] = 0
    k = _captures(cells, target, guards, cap, ncap, found)
    for i in range(k):
        w = cells[found[i]]
        cells[found[i]] = 0
        side, kind = (w - 1) >> 2, (w - 1) & 3
        pieces[side] -= 1
        if kind == GENERAL:
            generals[side] -= 1
        elif kind == GUARD:
            guards -= 1
    if lone_before:
        lone = max(lone, 0) + 1
    elif _lone_side(pieces, generals):
        lone = 0
    else:
        lone = -1
    return guards, lone


@njit(cache=True)
def _playout(cells: Any, to_move: int, pieces: Any, generals: Any, guards: int, lone: int,
             max_plies: int, seed: int, t: Any, out: Any,
             work: Any) -> tuple[int, int, int, int, int]:
    """(result or GOING_ON at the cap, plies, side to move, guards, lone), in place."""
    np.random.seed(seed)
    cap, ncap = t[7], t[8]
    for ply in range(max_plies):
        if generals[1] == 0:
            return 0, ply, to_move, guards, lone
        if generals[0] == 0:
            return 1, ply, to_move, guards, lone
        if _lone_side(pieces, generals) and lone >= LONE_LIMIT:
            return DRAW, ply, to_move, guards, lone
        m = _generate(cells, to_move, guards, t, out, work)
        if m == 0:
            return 1 - to_move, ply, to_move, guards, lone
        i = np.random.randint(0, m)
        guards, lone = _play(cells, out[i, 0], out[i, 1], guards, lone, pieces, generals,
                             cap, ncap, work[2])
        to_move = 1 - to_move
    return GOING_ON, max_plies, to_move, guards, lone


class DanadazoNumbaKernel(ArrayStates, DanadazoKernel):
    """The Danadazo kernel with compiled move generation and playouts."""

    array_fields = ("cells", "pieces", "generals")
    array_types = ("int8", "int64", "int64")

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        n = len(self.names)
        line = np.full((n, n), -1, np.int16)
        for (a, b), c in self.line.items():
            line[a, b] = c
        quads = np.zeros((n, max(len(q) for q in self.quads) or 1, 4), np.int16)
        for s, qs in enumerate(self.quads):
            for j, four in enumerate(qs):
                quads[s, j] = four
        caps = np.zeros((n, max(len(c) for c in self.capture) or 1, 2), np.int16)
        for s, pairs in enumerate(self.capture):
            for j, pair in enumerate(pairs):
                caps[s, j] = pair
        #: the tables the compiled functions read, in _generate's order
        self.tables = (*self._padded(self.cross), *self._padded(self.corner),
                       *self._padded(self.cell), line, caps,
                       np.array([len(c) for c in self.capture], np.int16), quads,
                       np.array([len(q) for q in self.quads], np.int16))
        self.out = np.zeros((n * n + 1, 2), np.int16)
        self.work = np.zeros((3, 4 * n), np.int16)
        # load (or, the first time, compile) the playout now, not inside a timed run
        self.random_playout(self.from_position(Position(game.name, game.sides[0])),
                            random.Random(0), 0)

    @staticmethod
    def _padded(rows: list[tuple[int, ...]]) -> tuple[Any, Any]:
        table = np.zeros((len(rows), max(len(r) for r in rows) or 1), np.int16)
        for s, row in enumerate(rows):
            table[s, :len(row)] = row
        return table, np.array([len(r) for r in rows], np.int16)

    def _generate(self, state: State) -> list[int]:
        m = _generate(state.cells, state.to_move, state.guards, self.tables, self.out,
                      self.work)
        return step_codes(self.out, m)

    def _apply(self, state: State, code: int) -> None:
        origin, target = decode_path(code)
        guards, lone = _play(state.cells, origin, target, state.guards,
                             -1 if state.lone is None else state.lone, state.pieces,
                             state.generals, self.tables[7], self.tables[8], self.work[2])
        state.guards, state.lone = int(guards), None if lone < 0 else int(lone)
        state.to_move = 1 - state.to_move
        state.result = self._decided(state)

    def random_playout(self, state: State, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        result, plies, to_move, guards, lone = _playout(
            state.cells, state.to_move, state.pieces, state.generals, state.guards,
            -1 if state.lone is None else state.lone, max_plies, rng.getrandbits(32),
            self.tables, self.out, self.work)
        state.to_move, state.guards, state.moves = int(to_move), int(guards), None
        state.lone = None if lone < 0 else int(lone)
        state.result = self._decided(state)
        if result == GOING_ON:
            return self.adjudicate(state), int(plies)
        return int(result), int(plies)


def make(game: GameSpec, board: Board) -> DanadazoNumbaKernel | None:
    """The compiled kernel where the pure-Python one applies, else None."""
    return None if make_python(game, board) is None else DanadazoNumbaKernel(game, board)
