"""The Network kernel compiled with numba (the optional `play` extra): the pure-Python
kernel (printables.play.kernels.network) with its move generator, its network search (an
explicit-stack search over the same links and turns) and its whole random playout as numba
functions over int8 arrays.

The pure-Python kernel's conversions, results, codes and move bookkeeping are kept; its
move generator and network search are replaced by the compiled ones, so the differential
test checks those against the engine. Compiled functions are cached on disk (cache=True);
playouts draw from numba's generator, seeded from the caller's random.Random.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from printables.boards import Board
from printables.games.model import GameSpec, Position
from printables.games.network_rules import MIN_NETWORK, STONES, pie_drops
from printables.play.kernel import DRAW
from printables.play.kernels.arrays import ArrayStates, cached, step_codes
from printables.play.kernels.network import SWAP, NetworkKernel, State
from printables.play.kernels.network import make as make_python

GOING_ON = -2
DROP, SWAP_ROW = -1, -2


@cached
def _small(cells: Any, v: int, s: int, near: Any, nnear: Any) -> bool:
    """A stone of value v added on s keeps every group at two stones or fewer."""
    touching, first = 0, -1
    for j in range(nnear[s]):
        t = near[s, j]
        if cells[t] == v:
            touching += 1
            first = t
    if touching == 0:
        return True
    if touching > 1:
        return False
    for j in range(nnear[first]):
        u = near[first, j]
        if cells[u] == v and u != s:
            return False
    return True


@cached
def _first(cells: Any, rays: Any, raylen: Any, s: int, d: int) -> int:
    for k in range(raylen[s, d]):
        t: int = rays[s, d, k]
        if cells[t] != 0:
            return t
    return -1


@cached
def _unblocks(cells: Any, v: int, s: int, rays: Any, raylen: Any, axes: Any) -> bool:
    """s lies between two stones of value v on one line."""
    for i in range(4):
        a = _first(cells, rays, raylen, s, axes[i, 0])
        b = _first(cells, rays, raylen, s, axes[i, 1])
        if a >= 0 and b >= 0 and cells[a] == v and cells[b] == v:
            return True
    return False


@cached
def _network(cells: Any, count: Any, v: int, goal: Any, rays: Any, raylen: Any,
             work: Any) -> bool:
    """Side value v holds a network (the engine's search: links, no straight runs)."""
    if count[v - 1] < MIN_NETWORK:
        return False
    g = goal[v]
    n = cells.shape[0]
    has0 = has1 = False
    for s in range(n):
        if cells[s] == v:
            has0 = has0 or g[s] == 0
            has1 = has1 or g[s] == 1
    if not (has0 and has1):
        return False
    link = work[0]  # link[s * 8 + d]: the stone s links to in direction d, or -1
    for s in range(n):
        if cells[s] == v:
            for d in range(8):
                t = _first(cells, rays, raylen, s, d)
                link[s * 8 + d] = t if t >= 0 and cells[t] == v else -1
    path, last, next_d, in_path = work[1], work[2], work[3], work[4]
    for start in range(n):
        if cells[start] != v or g[start] != 0:
            continue
        depth = 0
        path[0], last[0], next_d[0] = start, -1, 0
        in_path[start] = 1
        found = False
        while depth >= 0 and not found:
            here, d = path[depth], next_d[depth]
            if d == 8:
                in_path[here] = 0
                depth -= 1
                continue
            next_d[depth] = d + 1
            nxt = link[here * 8 + d]
            if nxt < 0 or d == last[depth] or g[nxt] == 0 or in_path[nxt] == 1:
                continue
            if g[nxt] == 1:
                found = depth + 2 >= MIN_NETWORK
                continue
            depth += 1
            path[depth], last[depth], next_d[depth] = nxt, d, 0
            in_path[nxt] = 1
        for i in range(max(depth, 0) + 1):
            in_path[path[i]] = 0
        if found:
            return True
    return False


@cached
def _candidates(cells: Any, count: Any, v: int, own_turn: bool, can_swap: bool, t: Any,
                out: Any, work: Any) -> int:
    """Write the legal moves of side value v (origin or DROP, target; SWAP_ROW) into out;
    for the side not to move stop at the first. Returns how many."""
    near, nnear, rays, raylen, goal, allowed, axes = t
    ok = allowed[v]
    m = 0
    n = cells.shape[0]
    if count[v - 1] < STONES:
        for s in range(n):
            if cells[s] == 0 and ok[s] and _small(cells, v, s, near, nnear):
                out[m, 0], out[m, 1] = DROP, s
                m += 1
                if not own_turn:
                    return m
    else:
        w = 3 - v
        for s in range(n):
            if cells[s] != v:
                continue
            cells[s] = 0
            for j in range(nnear[s]):
                tgt = near[s, j]
                if cells[tgt] != 0 or not ok[tgt] or not _small(cells, v, tgt, near, nnear):
                    continue
                cells[tgt] = v
                double = (_unblocks(cells, w, s, rays, raylen, axes)
                          and _network(cells, count, w, goal, rays, raylen, work)
                          and _network(cells, count, v, goal, rays, raylen, work))
                cells[tgt] = 0
                if not double:
                    out[m, 0], out[m, 1] = s, tgt
                    m += 1
                    if not own_turn:
                        cells[s] = v
                        return m
            cells[s] = v
    if own_turn and can_swap:
        out[m, 0], out[m, 1] = SWAP_ROW, -1
        m += 1
    return m


@cached
def _playout(cells: Any, count: Any, to_move: int, swapped: bool, drops: int, max_plies: int,
             seed: int, t: Any, out: Any, work: Any) -> tuple[int, int, int, bool]:
    """(result or GOING_ON at the cap, plies, side to move, swapped), in place. The state
    must be one where the game goes on."""
    near, nnear, rays, raylen, goal, allowed, axes = t
    np.random.seed(seed)
    for ply in range(max_plies):
        v = to_move + 1
        can_swap = (drops > 0 and not swapped and to_move == 1
                    and count[0] + count[1] == drops and count[0] == (drops + 1) // 2)
        m = _candidates(cells, count, v, True, can_swap, t, out, work)
        if m == 0:
            if _candidates(cells, count, 3 - v, False, False, t, out, work) == 0:
                return DRAW, ply, to_move, swapped
            to_move = 1 - to_move  # a pass
            continue
        i = np.random.randint(0, m)
        origin, target = out[i, 0], out[i, 1]
        if origin == SWAP_ROW:
            swapped = True
            continue
        to_move = 1 - to_move
        cells[target] = v
        if origin == DROP:
            count[v - 1] += 1
            if _network(cells, count, v, goal, rays, raylen, work):
                return v - 1, ply + 1, to_move, swapped
            continue
        cells[origin] = 0
        mine = _network(cells, count, v, goal, rays, raylen, work)
        theirs = (_unblocks(cells, 3 - v, origin, rays, raylen, axes)
                  and _network(cells, count, 3 - v, goal, rays, raylen, work))
        if mine or theirs:
            return (DRAW if mine and theirs else v - 1 if mine else 2 - v), ply + 1, \
                to_move, swapped
    return GOING_ON, max_plies, to_move, swapped


class NetworkNumbaKernel(ArrayStates, NetworkKernel):
    """The Network kernel with compiled move generation, network search and playouts."""

    array_fields, array_types = ("cells", "count"), ("int8", "int64")

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        n = len(self.names)
        near = np.zeros((n, 8), np.int16)
        for s, ns in enumerate(self.near):
            near[s, :len(ns)] = ns
        longest = max(len(r) for rays in self.rays for r in rays) or 1
        rays = np.zeros((n, 8, longest), np.int16)
        raylen = np.zeros((n, 8), np.int16)
        for s, lines in enumerate(self.rays):
            for d, line in enumerate(lines):
                raylen[s, d] = len(line)
                rays[s, d, :len(line)] = line
        goal = np.full((3, n), -1, np.int8)
        allowed = np.zeros((3, n), np.bool_)
        for v in (1, 2):
            goal[v] = [-1 if g is None else g for g in self.goal[v]]
            allowed[v] = self.allowed[v]
        #: the tables the compiled functions read, in their order
        self.tables = (near, np.array([len(x) for x in self.near], np.int16), rays, raylen,
                       goal, allowed, np.array(self.axes, np.int16))
        self.out = np.zeros((8 * n + 2, 2), np.int16)
        self.work = np.zeros((5, 8 * n), np.int16)
        # load (or, the first time, compile) the playout now, not inside a timed run
        self.random_playout(self.from_position(Position(game.name, game.sides[0])),
                            random.Random(0), 0)

    def _candidates(self, state: State, v: int, own_turn: bool) -> list[int]:
        m = _candidates(state.cells, state.count, v, own_turn,
                        own_turn and self._can_swap(state), self.tables, self.out, self.work)
        codes = step_codes(self.out, m)
        if m and self.out[m - 1, 0] == SWAP_ROW:  # the swap comes last when there is one
            codes[-1] = SWAP
        return codes

    def _network(self, cells: Any, count: Any, v: int) -> bool:
        near, nnear, rays, raylen, goal, allowed, axes = self.tables
        if isinstance(cells, list):  # from_position asks before its state holds arrays
            cells, count = np.array(cells, np.int8), np.array(count, np.int64)
        return bool(_network(cells, count, v, goal, rays, raylen, self.work))

    def _unblocks(self, cells: Any, v: int, s: int) -> bool:
        near, nnear, rays, raylen, goal, allowed, axes = self.tables
        return bool(_unblocks(cells, v, s, rays, raylen, axes))

    def random_playout(self, state: State, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        if state.result is not None:  # the compiled playout finds a blocked board itself
            return state.result, 0
        result, plies, to_move, swapped = _playout(
            state.cells, state.count, state.to_move, state.swapped,
            pie_drops(state.base.options), max_plies, rng.getrandbits(32), self.tables,
            self.out, self.work)
        state.to_move, state.swapped, state.moves = int(to_move), bool(swapped), None
        state.result = None if result == GOING_ON else int(result)
        if result == GOING_ON:
            return self._at_cap(state, int(plies))
        return int(result), int(plies)


def make(game: GameSpec, board: Board) -> NetworkNumbaKernel | None:
    """The compiled kernel where the pure-Python one applies, else None."""
    return None if make_python(game, board) is None else NetworkNumbaKernel(game, board)
