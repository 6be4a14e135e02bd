"""The Chameleons kernel compiled with numba (the optional `play` extra): the pure-Python
kernel (printables.play.kernels.chameleons) with its move generator (jump chains by an
explicit-stack search with undo), its move and its whole random playout as numba functions
over int8 arrays.

Everything else (conversions, results, adjudication, codes) is the pure-Python kernel's;
the differential test checks this kernel against the engine as it does the others.
Compiled functions are cached on disk (cache=True). Playouts draw from numba's generator,
seeded from the caller's random.Random: the same seed gives the same games every run.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from printables.boards import Board
from printables.games.model import GameSpec, Position
from printables.play.kernels.arrays import ArrayStates, compiled, inlined, path_codes
from printables.play.kernels.base import decode_path
from printables.play.kernels.chameleons import ChameleonsKernel, State
from printables.play.kernels.chameleons import make as make_python

GOING_ON, NO_WINNER = -2, -3
#: the longest path and the most moves one position may have (far above what occurs)
MAX_PATH, MAX_MOVES = 64, 8192


@inlined
def _flip(cells: Any, count: Any, spaces: Any, k: int, v: int) -> None:
    """The pieces of value v on spaces[:k] change sides."""
    for i in range(k):
        cells[spaces[i]] = 3 - v
    count[v - 1] -= k
    count[2 - v] += k


@inlined
def _generate(cells: Any, v: int, opp: Any, jover: Any, jland: Any, njump: Any, steps: Any,
              nstep: Any, paths: Any, plen: Any, work: Any) -> int:
    """Write every legal move of side value v (paths, lengths); return how many: the jump
    chains where there are any, else the steps. work: scratch rows (spaces on notice, the
    search's path, next jump, victims, flipped, the side's pieces); work[6, 0] is left
    holding how many spaces are on notice (for _play)."""
    n = cells.shape[0]
    notice, own = work[0], work[5]
    k_notice = k_own = 0
    for s in range(n):
        if cells[s] == v:
            own[k_own] = s
            k_own += 1
            if opp[s]:
                notice[k_notice] = s
                k_notice += 1
    work[6, 0] = k_notice
    m = 0
    for i in range(k_own):
        s = own[i]
        for j in range(njump[s]):  # search only from a piece that has a first jump
            w = cells[jover[s, j]]
            if w != 0 and w != v and cells[jland[s, j]] == 0:
                m = _chains(cells, v, s, k_notice, jover, jland, njump, paths, plen, work, m)
                break
    if m > 0:
        return m
    for i in range(k_own):
        s = own[i]
        for j in range(nstep[s]):
            t = steps[s, j]
            if cells[t] == 0:
                paths[m, 0] = s
                paths[m, 1] = t
                plen[m] = 2
                m += 1
    return m


@inlined
def _chains(cells: Any, v: int, s: int, k_notice: int, jover: Any, jland: Any, njump: Any,
            paths: Any, plen: Any, work: Any, m: int) -> int:
    """Append every jump chain of the piece on s (every prefix a move), searching with an
    explicit stack and undoing each jump on the way back; return the new move count."""
    notice, path, next_k, victim, flipped = work[0], work[1], work[2], work[3], work[4]
    path[0], next_k[0] = s, 0
    depth = k_flip = 0
    while depth >= 0:
        at, k = path[depth], next_k[depth]
        if k < njump[at]:
            next_k[depth] = k + 1
            over, land = jover[at, k], jland[at, k]
            w = cells[over]
            if w == 0 or w == v or cells[land] != 0:
                continue
            cells[over], cells[at], cells[land] = 0, 0, v
            victim[depth] = w
            if depth == 0:  # the first jump: the other pieces on notice change sides
                k_flip = 0
                for i in range(k_notice):
                    if notice[i] != s:
                        flipped[k_flip] = notice[i]
                        cells[notice[i]] = 3 - v
                        k_flip += 1
            depth += 1
            path[depth], next_k[depth] = land, 0
            if m >= paths.shape[0]:
                raise ValueError("more jump chains than the move buffer holds")
            for i in range(depth + 1):
                paths[m, i] = path[i]
            plen[m] = depth + 1
            m += 1
        elif depth == 0:
            break
        else:
            land, at = path[depth], path[depth - 1]
            if depth == 1:
                for i in range(k_flip):
                    cells[flipped[i]] = v
            cells[land], cells[at] = 0, v
            cells[jover[at, next_k[depth - 1] - 1]] = victim[depth - 1]
            depth -= 1
    return m


@compiled
def _on_notice(cells: Any, v: int, opp: Any, notice: Any) -> int:
    """Write the spaces of side value v's pieces on opposing spaces; return how many."""
    k = 0
    for s in range(cells.shape[0]):
        if cells[s] == v and opp[s]:
            notice[k] = s
            k += 1
    return k


@inlined
def _play(cells: Any, count: Any, v: int, path: Any, length: int, opp: Any, over_of: Any,
          adjacent: Any, on_notice: Any, k_on_notice: int, notice: Any) -> None:
    """Play a step or jump chain of side value v: captures and colour changes. on_notice:
    the side's pieces on notice before the move (k_on_notice of them); notice: scratch."""
    start, end = path[0], path[length - 1]
    k = 0
    for i in range(k_on_notice):
        if on_notice[i] != start:
            notice[k] = on_notice[i]
            k += 1
    cells[start] = 0
    if length == 2 and adjacent[start, end]:
        _flip(cells, count, notice, k, v)
    else:
        for i in range(length - 1):
            over = over_of[path[i], path[i + 1]]
            count[cells[over] - 1] -= 1
            cells[over] = 0
            if i == 0:
                _flip(cells, count, notice, k, v)
    cells[end] = v
    if opp[start] and opp[end]:
        cells[end] = 3 - v
        count[v - 1] -= 1
        count[2 - v] += 1


@inlined
def _result(count: Any) -> int:
    """The winner by elimination, or GOING_ON."""
    if (count[0] == 0) != (count[1] == 0):
        return 0 if count[1] == 0 else 1
    return GOING_ON


@compiled
def _playout(cells: Any, count: Any, to_move: int, max_plies: int, seed: int, opp: Any,
             jover: Any, jland: Any, njump: Any, steps: Any, nstep: Any, over_of: Any,
             adjacent: Any, paths: Any, plen: Any, work: Any) -> tuple[int, int, int]:
    """(result, GOING_ON at the cap or NO_WINNER, plies, side to move), in place."""
    np.random.seed(seed)
    for ply in range(max_plies):
        r = _result(count)
        if r != GOING_ON:
            return r, ply, to_move
        v = to_move + 1
        m = _generate(cells, v, opp[v], jover, jland, njump, steps, nstep, paths, plen, work)
        if m == 0:
            if count[0] == 0 and count[1] == 0:
                return NO_WINNER, ply, to_move
            return 1 - to_move, ply, to_move
        i = np.random.randint(0, m)
        _play(cells, count, v, paths[i], plen[i], opp[v], over_of, adjacent, work[0],
              work[6, 0], work[4])
        to_move = 1 - to_move
    return _result(count), max_plies, to_move


class ChameleonsNumbaKernel(ArrayStates, ChameleonsKernel):
    """The Chameleons kernel with compiled move generation and playouts."""

    array_fields, array_types = ("cells", "count"), ("int8", "int64")

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        n = len(self.names)
        self.np_opp = np.array([[False] * n, self.opposing[1], self.opposing[2]], np.bool_)
        self.np_jover = np.zeros((n, 8), np.int16)
        self.np_jland = np.zeros((n, 8), np.int16)
        self.np_njump = np.array([len(j) for j in self.jumps], np.int16)
        self.np_steps = np.zeros((n, 8), np.int16)
        self.np_nstep = np.array([len(t) for t in self.steps], np.int16)
        self.np_over = np.full((n, n), -1, np.int16)
        self.np_adjacent = np.zeros((n, n), np.bool_)
        for s in range(n):
            for j, (over, land) in enumerate(self.jumps[s]):
                self.np_jover[s, j], self.np_jland[s, j] = over, land
                self.np_over[s, land] = over
            for j, t in enumerate(self.steps[s]):
                self.np_steps[s, j] = t
                self.np_adjacent[s, t] = True
        self.paths = np.zeros((MAX_MOVES, MAX_PATH), np.int16)
        self.plen = np.zeros(MAX_MOVES, np.int16)
        self.work = np.zeros((7, max(n, MAX_PATH)), np.int16)
        # load (or, the first time, compile) the playout now, not inside a timed run
        self.random_playout(self.from_position(Position(game.name, game.sides[0])),
                            random.Random(0), 0)

    def _generate(self, state: State) -> list[int]:
        v = state.to_move + 1
        m = _generate(state.cells, v, self.np_opp[v], self.np_jover, self.np_jland,
                      self.np_njump, self.np_steps, self.np_nstep, self.paths, self.plen,
                      self.work)
        return path_codes(self.paths[:m], self.plen[:m])

    def _apply(self, state: State, code: int) -> None:
        v = state.to_move + 1
        path = np.array(decode_path(code), np.int16)
        opp, work = self.np_opp[v], self.work
        k = _on_notice(state.cells, v, opp, work[0])
        _play(state.cells, state.count, v, path, len(path), opp, self.np_over,
              self.np_adjacent, work[0], k, work[4])
        state.to_move = 1 - state.to_move
        state.result = self._eliminated(state)

    def random_playout(self, state: State, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        result, plies, to_move = _playout(
            state.cells, state.count, state.to_move, max_plies, rng.getrandbits(32),
            self.np_opp, self.np_jover, self.np_jland, self.np_njump, self.np_steps,
            self.np_nstep, self.np_over, self.np_adjacent, self.paths, self.plen, self.work)
        state.to_move, state.moves = int(to_move), None
        state.result = self._eliminated(state)
        if result in (GOING_ON, NO_WINNER):  # at the cap, or no chameleons at all
            return self._at_cap(state, int(plies))
        return int(result), int(plies)


def make(game: GameSpec, board: Board) -> ChameleonsNumbaKernel | None:
    """The compiled kernel where the pure-Python one applies (at most 8 neighbours a
    square), else None."""
    if make_python(game, board) is None or len(board.names) >= 2 ** 15:
        return None
    return ChameleonsNumbaKernel(game, board)
