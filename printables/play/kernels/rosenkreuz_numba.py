"""The Rosenkreuz kernel compiled with numba (the optional `play` extra): the pure-Python
kernel (printables.play.kernels.rosenkreuz) with its move generator (the same shortcuts:
only far-rank moves are played out, on a copy), its move and its whole random playout as
numba functions over int8 arrays.

Everything else (conversions, results, adjudication, codes) is the pure-Python kernel's;
the differential test checks this kernel against the engine as it does the others.
Functions are compiled by arrays.compiled (cached on disk, no reference counting).
Playouts draw from numba's generator, seeded from the caller's random.Random, one move a
ply by rejection sampling (_sample), uniform over the legal moves: a sideways or backward
step's landing group is looked at only when that step is drawn. A move is a row (origin,
target, take, relocate), -1 for a part it does not have.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from printables.boards import Board
from printables.games.model import GameSpec, Position
from printables.play.kernels.arrays import ArrayStates, compiled, path_codes
from printables.play.kernels.base import decode_path, encode_path
from printables.play.kernels.rosenkreuz import RosenkreuzKernel, State
from printables.play.kernels.rosenkreuz import make as make_python

GOING_ON, NO_WINNER = -2, -3


@compiled
def _group(cells: Any, start: int, orth: Any, north: Any, seen: Any, out: Any) -> int:
    """Write the orthogonally connected pieces of start's colour holding start into out."""
    c = (cells[start] - 1) & 1
    out[0] = start
    seen[start] = True
    k, i = 1, 0
    while i < k:
        here = out[i]
        i += 1
        for j in range(north[here]):
            n = orth[here, j]
            if not seen[n] and cells[n] != 0 and (cells[n] - 1) & 1 == c:
                seen[n] = True
                out[k] = n
                k += 1
    for j in range(k):
        seen[out[j]] = False
    return k


@compiled
def _land(cells: Any, count: Any, origin: int, t: int, orth: Any, north: Any, rank: Any,
          far: Any, work: Any) -> tuple[bool, bool]:
    """Move, then minor, then major capture or suicide, in place; (took, attains)."""
    seen, group, removed = work[0], work[1], work[2]
    v = cells[origin]
    side = (v - 1) >> 1
    cells[origin] = 0
    victim = cells[t]
    cells[t] = v
    if victim != 0:
        count[victim - 1] -= 1
        if count[victim - 1] == 0:
            return True, False
    k = _group(cells, t, orth, north, seen, group)
    mine = 0
    for i in range(k):
        if (cells[group[i]] - 1) >> 1 == side:
            mine += 1
    theirs = k - mine
    r = 0
    if theirs > 0 and mine != theirs:
        far_side_is_theirs = mine > theirs
        for i in range(k):
            s = group[i]
            if ((cells[s] - 1) >> 1 != side) != far_side_is_theirs:
                continue
            for j in range(north[s]):
                n = orth[s, j]
                if cells[n] != 0 and (cells[n] - 1) & 1 == (cells[s] - 1) & 1 and \
                        ((cells[n] - 1) >> 1 != side) != far_side_is_theirs:
                    removed[r] = s
                    r += 1
                    break
    kinds = 0  # a bit per kind of piece removed
    for i in range(r):
        kinds |= 1 << (cells[removed[i]] - 1)
        count[cells[removed[i]] - 1] -= 1
        cells[removed[i]] = 0
    gone = False
    for kind in range(4):
        gone = gone or ((kinds >> kind) & 1 == 1 and count[kind] == 0)
    took = victim != 0 or (r > 0 and mine > theirs)
    return took, cells[t] == v and not gone and rank[t] == far[side]


@compiled
def _candidates(cells: Any, count: Any, side: int, t: Any, out: Any, maybe: Any, work: Any,
                copy_cells: Any, copy_count: Any) -> tuple[int, int]:
    """Write side's moves known legal into out (rows of 4) and the sideways or backward
    steps short of the far rank whose legality needs their landing group (_outnumbers)
    into maybe (origin, target); return how many of each."""
    rays, raylen, raydr, rank, colour, orth, north, home, nhome, forward, far = t
    for k in range(4):
        if count[k] == 0:
            return 0, 0
    m = u = 0
    fwd = forward[side]
    for origin in range(cells.shape[0]):
        v = cells[origin]
        if v == 0 or (v - 1) >> 1 != side:
            continue
        mine = (v - 1) & 1
        for d in range(8):
            k = 0
            n = raylen[origin, d]
            while k < n and cells[rays[origin, d, k]] != 0 and \
                    (cells[rays[origin, d, k]] - 1) >> 1 == side:
                k += 1
            if k == n:
                continue
            target = rays[origin, d, k]
            w = cells[target]
            if w != 0 and not (mine == colour[target] and (w - 1) & 1 != colour[target]):
                continue
            if rank[target] == far[side]:
                m = _far_moves(cells, count, side, origin, target, raydr[d], t, out, m, work,
                               copy_cells, copy_count)
            elif raydr[d] == fwd or w != 0:
                out[m, 0], out[m, 1], out[m, 2], out[m, 3] = origin, target, -1, -1
                m += 1
            elif not _lonely(cells, origin, target, mine, orth, north):
                maybe[u, 0], maybe[u, 1] = origin, target
                u += 1
    return m, u


@compiled
def _generate(cells: Any, count: Any, side: int, t: Any, out: Any, maybe: Any, work: Any,
              copy_cells: Any, copy_count: Any) -> int:
    """Write every legal move of side into out (rows of 4); return how many."""
    orth, north = t[5], t[6]
    m, u = _candidates(cells, count, side, t, out, maybe, work, copy_cells, copy_count)
    for i in range(u):
        origin, target = maybe[i, 0], maybe[i, 1]
        if _outnumbers(cells, origin, target, cells[origin], orth, north, work):
            out[m, 0], out[m, 1], out[m, 2], out[m, 3] = origin, target, -1, -1
            m += 1
    return m


@compiled
def _sample(cells: Any, count: Any, side: int, t: Any, out: Any, maybe: Any, work: Any,
            copy_cells: Any, copy_count: Any) -> int:
    """The row of out holding a uniformly random legal move of side, or -1 for none.

    Rejection sampling: draw among the known-legal moves and the unresolved candidates
    alike; an unresolved one drawn is resolved, and if illegal dropped before drawing
    again. Legal moves are never dropped, so the move returned is uniform over them, and
    most candidates are never resolved."""
    orth, north = t[5], t[6]
    m, u = _candidates(cells, count, side, t, out, maybe, work, copy_cells, copy_count)
    while m + u > 0:
        i: int = np.random.randint(0, m + u)
        if i < m:
            return i
        origin, target = maybe[i - m, 0], maybe[i - m, 1]
        if _outnumbers(cells, origin, target, cells[origin], orth, north, work):
            out[m, 0], out[m, 1], out[m, 2], out[m, 3] = origin, target, -1, -1
            return m
        u -= 1
        maybe[i - m, 0], maybe[i - m, 1] = maybe[u, 0], maybe[u, 1]
    return -1


@compiled
def _draw(cells: Any, count: Any, side: int, seed: int, t: Any, out: Any, maybe: Any,
          work: Any, copy_cells: Any, copy_count: Any) -> int:
    """_sample with the generator seeded first (one draw, as a playout makes it)."""
    np.random.seed(seed)
    return _sample(cells, count, side, t, out, maybe, work, copy_cells, copy_count)


@compiled
def _lonely(cells: Any, origin: int, target: int, c: int, orth: Any, north: Any) -> bool:
    """True when no other piece of colour c touches target: a piece of colour c landing
    there forms a group of one, which takes nothing."""
    for j in range(north[target]):
        n = orth[target, j]
        if n != origin and cells[n] != 0 and (cells[n] - 1) & 1 == c:
            return False
    return True


@compiled
def _outnumbers(cells: Any, origin: int, target: int, v: int, orth: Any, north: Any,
                work: Any) -> bool:
    """True when v moved from origin to the empty target takes by major capture: its side
    outnumbers the other in the landing group (then some opponent piece touches one of its
    own and is taken). The caller has seen that the group is not target alone."""
    side = (v - 1) >> 1
    cells[origin] = 0
    cells[target] = v
    k = _group(cells, target, orth, north, work[0], work[1])
    mine = 0
    for i in range(k):
        if (cells[work[1, i]] - 1) >> 1 == side:
            mine += 1
    cells[target] = 0
    cells[origin] = v
    return 0 < k - mine < mine


@compiled
def _far_moves(cells: Any, count: Any, side: int, origin: int, target: int, dr: int, t: Any,
               out: Any, m: int, work: Any, copy_cells: Any, copy_count: Any) -> int:
    rays, raylen, raydr, rank, colour, orth, north, home, nhome, forward, far = t
    for s in range(cells.shape[0]):  # a loop, not a slice copy: no runtime (_nrt=False)
        copy_cells[s] = cells[s]
    for k in range(4):
        copy_count[k] = count[k]
    took, attains = _land(copy_cells, copy_count, origin, target, orth, north, rank, far,
                          work)
    if not attains:
        if took or dr == forward[side]:
            out[m, 0], out[m, 1], out[m, 2], out[m, 3] = origin, target, -1, -1
            m += 1
        return m
    c = (copy_cells[target] - 1) & 1
    for victim in range(cells.shape[0]):
        w = copy_cells[victim]
        if w == 0 or (w - 1) >> 1 == side:
            continue
        copy_cells[victim] = 0
        found = False
        for r in range(home.shape[1]):
            for j in range(nhome[side, r, c]):
                s = home[side, r, c, j]
                if copy_cells[s] == 0:
                    out[m, 0], out[m, 1], out[m, 2], out[m, 3] = origin, target, victim, s
                    m += 1
                    found = True
            if found:
                break
        if not found:
            out[m, 0], out[m, 1], out[m, 2], out[m, 3] = origin, target, victim, -1
            m += 1
        copy_cells[victim] = w
    return m


@compiled
def _play(cells: Any, count: Any, move: Any, t: Any, work: Any) -> None:
    rays, raylen, raydr, rank, colour, orth, north, home, nhome, forward, far = t
    target = move[1]
    _land(cells, count, move[0], target, orth, north, rank, far, work)
    if move[2] >= 0:
        count[cells[move[2]] - 1] -= 1
        cells[move[2]] = 0
        if move[3] >= 0:
            cells[move[3]] = cells[target]
            cells[target] = 0


@compiled
def _result(count: Any) -> int:
    lost0 = count[0] == 0 or count[1] == 0
    lost1 = count[2] == 0 or count[3] == 0
    if lost0 != lost1:
        return 1 if lost0 else 0
    return NO_WINNER if lost0 else GOING_ON


@compiled
def _playout(cells: Any, count: Any, to_move: int, max_plies: int, seed: int, t: Any,
             out: Any, maybe: Any, work: Any, copy_cells: Any,
             copy_count: Any) -> tuple[int, int, int]:
    """(result, GOING_ON at the cap or NO_WINNER, plies, side to move), in place."""
    np.random.seed(seed)
    for ply in range(max_plies):
        r = _result(count)
        if r != GOING_ON:
            return r, ply, to_move
        i = _sample(cells, count, to_move, t, out, maybe, work, copy_cells, copy_count)
        if i < 0:
            return 1 - to_move, ply, to_move
        _play(cells, count, out[i], t, work)
        to_move = 1 - to_move
    return _result(count), max_plies, to_move


class RosenkreuzNumbaKernel(ArrayStates, RosenkreuzKernel):
    """The Rosenkreuz kernel with compiled move generation and playouts."""

    array_fields, array_types = ("cells", "count"), ("int8", "int64")

    def __init__(self, game: GameSpec, board: Board, n: int) -> None:
        super().__init__(game, board, n)
        count = len(self.names)
        longest = max(len(line) for lines in self.rays for _, line in lines)
        rays = np.zeros((count, 8, longest), np.int16)
        raylen = np.zeros((count, 8), np.int16)
        for s, lines in enumerate(self.rays):
            for d, (_, line) in enumerate(lines):
                raylen[s, d] = len(line)
                rays[s, d, :len(line)] = line
        raydr = np.array([dr for dr, _ in self.rays[0]], np.int16)
        orth = np.zeros((count, 4), np.int16)
        for s, ns in enumerate(self.orth):
            orth[s, :len(ns)] = ns
        widest = max(len(sq) for side in self.home for rank in side for sq in rank) or 1
        home = np.zeros((2, n, 2, widest), np.int16)
        nhome = np.zeros((2, n, 2), np.int16)
        for side, ranks in enumerate(self.home):
            for r, by_colour in enumerate(ranks):
                for c, squares in enumerate(by_colour):
                    nhome[side, r, c] = len(squares)
                    home[side, r, c, :len(squares)] = squares
        #: the tables the compiled functions read, in their order
        self.tables = (rays, raylen, raydr, np.array(self.rank, np.int16),
                       np.array(self.colour, np.int16), orth,
                       np.array([len(o) for o in self.orth], np.int16), home, nhome,
                       np.array(self.forward, np.int16), np.array(self.far, np.int16))
        self.out = np.zeros((8 * count * count + 64, 4), np.int16)
        self.maybe = np.zeros((8 * count, 2), np.int16)
        self.work = np.zeros((3, count), np.int16)
        self.copy_cells = np.zeros(count, np.int8)
        self.copy_count = np.zeros(4, np.int64)
        # load (or, the first time, compile) the playout now, not inside a timed run
        self.random_playout(self.from_position(Position(game.name, game.sides[0])),
                            random.Random(0), 0)

    def _generate(self, state: State) -> list[int]:
        m = _generate(state.cells, state.count, state.to_move, self.tables, self.out,
                      self.maybe, self.work, self.copy_cells, self.copy_count)
        return path_codes(self.out[:m])

    def _apply(self, state: State, code: int) -> None:
        path = decode_path(code)
        move = np.array(path + [-1] * (4 - len(path)), np.int16)
        _play(state.cells, state.count, move, self.tables, self.work)
        state.to_move = 1 - state.to_move
        state.result = self._loser_result(state.count)

    def random_move(self, state: State, rng: random.Random) -> int | None:
        """The code of a legal move drawn as the compiled playout draws one (uniformly),
        None where there is none."""
        if self.result(state) is not None:
            return None
        i = _draw(state.cells, state.count, state.to_move, rng.getrandbits(32), self.tables,
                  self.out, self.maybe, self.work, self.copy_cells, self.copy_count)
        return None if i < 0 else encode_path([int(x) for x in self.out[i] if x >= 0])

    def random_playout(self, state: State, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        result, plies, to_move = _playout(
            state.cells, state.count, state.to_move, max_plies, rng.getrandbits(32),
            self.tables, self.out, self.maybe, self.work, self.copy_cells, self.copy_count)
        state.to_move, state.moves = int(to_move), None
        state.result = self._loser_result(state.count)
        if result in (GOING_ON, NO_WINNER):
            return self._at_cap(state, int(plies))
        return int(result), int(plies)


def make(game: GameSpec, board: Board) -> RosenkreuzNumbaKernel | None:
    """The compiled kernel where the pure-Python one applies, else None."""
    python = make_python(game, board)
    return None if python is None else RosenkreuzNumbaKernel(game, board, python.n)
