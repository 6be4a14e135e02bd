"""The Danadazo kernel compiled with numba (the optional `play` extra): the pure-Python
kernel (printables.play.kernels.danadazo) with its move generator, its move and its whole
random playout as numba functions over int8 cells and uint16 tables (unsigned, so an index
needs no negative-index check).

Everything else (conversions, results, adjudication, codes) is the pure-Python kernel's;
the differential test checks this kernel against the engine as it does the others.
Functions are compiled by arrays.compiled (cached on disk, no reference counting).
Playouts draw from numba's generator, seeded from the caller's random.Random, one move a
ply by rejection sampling (_sample), uniform over the legal moves: a drawn move's barrier
check is the only one made. A candidate move is one int: origin | target << SHIFT. Inside
a playout the lone-general count is an int, -1 where the pure-Python state keeps None.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from printables.boards import Board
from printables.games.danadazo_rules import GUARD_LIMIT, LONE_LIMIT
from printables.games.model import GameSpec, Position
from printables.play.kernel import DRAW
from printables.play.kernels.arrays import ArrayStates, compiled
from printables.play.kernels.base import BASE, decode_path
from printables.play.kernels.danadazo import GENERAL, GUARD, PAWN, DanadazoKernel, State
from printables.play.kernels.danadazo import make as make_python

GOING_ON = -2
DEFENDER_GENERAL = 1 + 4 + GENERAL
SHIFT = 10  # bits of a space in a candidate: spaces are < BASE = 2 ** SHIFT
MASK = (1 << SHIFT) - 1
NONE = 0xFFFF  # the line table's "no next space"
assert 1 << SHIFT == BASE


@compiled
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


@compiled
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


@compiled
def _candidates(cells: Any, side: int, guards: int, t: Any, cand: Any, seen: Any,
                found: Any) -> int:
    """Write side's distinct moves but for the barrier check (_legal) into cand; return how
    many. t: the tables (see DanadazoNumbaKernel.tables); seen: n falses, kept so."""
    cross, ncross, corner, ncorner, line = t[0], t[1], t[2], t[3], t[6]
    plain, n, u = t[11], cells.shape[0], 0
    for origin in range(n):
        v = cells[origin]
        if v == 0 or (v - 1) >> 2 != side:
            continue
        kind, first = (v - 1) & 3, u
        for j in range(ncross[origin]):
            prev, cur = origin, cross[origin, j]
            while cur < n and cells[cur] == 0:
                cand[u] = origin | (cur << SHIFT)
                u += 1
                if kind != GENERAL:
                    break
                prev, cur = cur, line[prev, cur]
        for j in range(ncorner[origin]):
            s = corner[origin, j]
            if cells[s] == 0:
                cand[u] = origin | (s << SHIFT)
                u += 1
        if kind == GUARD and _unthreatened(cells, origin, side, cross, ncross, corner,
                                           ncorner):
            u = _crosscell_steps(cells, origin, guards, t, cand, u, found)
        if (plain[origin] >> (1 if kind == GENERAL else 0)) & 1 == 0:
            u = _drop_repeats(cand, first, u, seen)
    return u


@compiled
def _drop_repeats(cand: Any, first: int, u: int, seen: Any) -> int:
    """Keep the first candidate of each target among cand[first:u]; return the new end."""
    k = first
    for i in range(first, u):
        s = (cand[i] >> SHIFT) & MASK
        if not seen[s]:
            seen[s] = True
            cand[k] = cand[i]
            k += 1
    for i in range(first, k):
        seen[(cand[i] >> SHIFT) & MASK] = False
    return k


@compiled
def _unthreatened(cells: Any, origin: int, side: int, cross: Any, ncross: Any, corner: Any,
                  ncorner: Any) -> bool:
    """True when no enemy piece is next to origin (crosspoint or crosscorner): the one
    condition a guard's crosscell step has before it is made."""
    for j in range(ncross[origin]):
        p = cells[cross[origin, j]]
        if p != 0 and (p - 1) >> 2 != side:
            return False
    for j in range(ncorner[origin]):
        p = cells[corner[origin, j]]
        if p != 0 and (p - 1) >> 2 != side:
            return False
    return True


@compiled
def _crosscell_steps(cells: Any, origin: int, guards: int, t: Any, cand: Any, u: int,
                     found: Any) -> int:
    """Append the guard on origin's crosscell steps that take nothing to cand from u;
    return the new count."""
    cell, ncell, cap, ncap = t[4], t[5], t[7], t[8]
    v = cells[origin]
    cells[origin] = 0
    for j in range(ncell[origin]):
        s = cell[origin, j]
        if cells[s] == 0:
            cells[s] = v
            if _captures(cells, s, guards, cap, ncap, found) == 0:
                cand[u] = origin | (s << SHIFT)
                u += 1
            cells[s] = 0
    cells[origin] = v
    return u


@compiled
def _legal(cells: Any, c: int, t: Any) -> bool:
    """The last check of candidate c: it closes no barrier."""
    return not _closes_barrier(cells, c & MASK, (c >> SHIFT) & MASK, t[9], t[10])


@compiled
def _generate(cells: Any, side: int, guards: int, t: Any, cand: Any, seen: Any,
              found: Any) -> int:
    """Write every legal move of side into cand (as candidates); return how many."""
    u = _candidates(cells, side, guards, t, cand, seen, found)
    m = 0
    for i in range(u):
        if _legal(cells, cand[i], t):
            cand[m] = cand[i]
            m += 1
    return m


@compiled
def _sample(cells: Any, side: int, guards: int, t: Any, cand: Any, seen: Any,
            found: Any) -> int:
    """A uniformly random legal move of side (a candidate), or -1 for none.

    Rejection sampling: a candidate drawn gets its last check (_legal), and if illegal is
    dropped before drawing again. Legal moves are never dropped, so the move returned is
    uniform over them, and most candidates are never checked."""
    u = _candidates(cells, side, guards, t, cand, seen, found)
    while u > 0:
        i = np.random.randint(0, u)
        code: int = cand[i]
        if _legal(cells, code, t):
            return code
        u -= 1
        cand[i] = cand[u]
    return -1


@compiled
def _draw(cells: Any, side: int, guards: int, seed: int, t: Any, cand: Any, seen: Any,
          found: Any) -> int:
    """_sample with the generator seeded first (one draw, as a playout makes it)."""
    np.random.seed(seed)
    return _sample(cells, side, guards, t, cand, seen, found)


@compiled
def _lone_side(pieces: Any, generals: Any) -> bool:
    lone: bool = (pieces[0] == 1 and generals[0] == 1) or (pieces[1] == 1 and generals[1] == 1)
    return lone


@compiled
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
    if not _lone_side(pieces, generals):
        lone = -1
    elif lone_before:
        lone = max(lone, 0) + 1
    else:
        lone = 0
    return guards, lone


@compiled
def _playout(cells: Any, to_move: int, pieces: Any, generals: Any, guards: int, lone: int,
             max_plies: int, seed: int, t: Any, cand: Any, seen: Any,
             found: Any) -> tuple[int, int, int, int, int]:
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
        c = _sample(cells, to_move, guards, t, cand, seen, found)
        if c < 0:
            return 1 - to_move, ply, to_move, guards, lone
        guards, lone = _play(cells, c & MASK, (c >> SHIFT) & MASK, guards, lone, pieces,
                             generals, cap, ncap, found)
        to_move = 1 - to_move
    return GOING_ON, max_plies, to_move, guards, lone


class DanadazoNumbaKernel(ArrayStates, DanadazoKernel):
    """The Danadazo kernel with compiled move generation and playouts."""

    array_fields = ("cells", "pieces", "generals")
    array_types = ("int8", "int64", "int64")

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        n = len(self.names)
        line = np.full((n, n), NONE, np.uint16)
        for (a, b), c in self.line.items():
            line[a, b] = c
        quads = np.zeros((n, max(len(q) for q in self.quads) or 1, 4), np.uint16)
        for s, qs in enumerate(self.quads):
            for j, four in enumerate(qs):
                quads[s, j] = four
        caps = np.zeros((n, max(len(c) for c in self.capture) or 1, 2), np.uint16)
        for s, pairs in enumerate(self.capture):
            for j, pair in enumerate(pairs):
                caps[s, j] = pair
        #: the tables the compiled functions read, in _candidates' order; the last: per
        #: space, its plain bits (see _plain)
        self.tables = (*self._padded(self.cross), *self._padded(self.corner),
                       *self._padded(self.cell), line, caps,
                       np.array([len(c) for c in self.capture], np.uint16), quads,
                       np.array([len(q) for q in self.quads], np.uint16),
                       np.array([self._plain(s) for s in range(n)], np.uint8))
        self.cand = np.zeros(n * n + 1, np.int32)
        self.seen = np.zeros(n, np.bool_)
        self.found = np.zeros(n, np.uint16)
        # load (or, the first time, compile) the playout now, not inside a timed run
        self.random_playout(self.from_position(Position(game.name, game.sides[0])),
                            random.Random(0), 0)

    def _plain(self, s: int) -> int:
        """Bit 0: a pawn or guard on s reaches no space twice (its crosspoint, crosscorner
        and crosscell neighbours are distinct); bit 1: nor does a general (its slides on
        the empty board and its crosscorner steps), so their candidates need no
        de-duplication."""
        steps = self.cross[s] + self.corner[s] + self.cell[s]
        reach = list(self.corner[s])
        for first in self.cross[s]:
            prev, cur = s, first  # type: int, int | None
            while cur is not None and cur != s and cur not in reach[len(self.corner[s]):]:
                reach.append(cur)
                prev, cur = cur, self.line.get((prev, cur))
            if cur is not None and cur != s:
                return int(len(set(steps)) == len(steps))  # a slide comes back on itself
        return int(len(set(steps)) == len(steps)) | int(len(set(reach)) == len(reach)) << 1

    @staticmethod
    def _padded(rows: list[tuple[int, ...]]) -> tuple[Any, Any]:
        table = np.zeros((len(rows), max(len(r) for r in rows) or 1), np.uint16)
        for s, row in enumerate(rows):
            table[s, :len(row)] = row
        return table, np.array([len(r) for r in rows], np.uint16)

    def _generate(self, state: State) -> list[int]:
        m = _generate(state.cells, state.to_move, state.guards, self.tables, self.cand,
                      self.seen, self.found)
        cand = self.cand[:m].astype(np.int64)  # all at once: see arrays.step_codes
        codes: list[int] = ((cand & MASK) + 1 + (((cand >> SHIFT) & MASK) + 1) * BASE).tolist()
        return codes

    def _apply(self, state: State, code: int) -> None:
        origin, target = decode_path(code)
        guards, lone = _play(state.cells, origin, target, state.guards,
                             -1 if state.lone is None else state.lone, state.pieces,
                             state.generals, self.tables[7], self.tables[8], self.found)
        state.guards, state.lone = int(guards), None if lone < 0 else int(lone)
        state.to_move = 1 - state.to_move
        state.result = self._decided(state)

    def random_move(self, state: State, rng: random.Random) -> int | None:
        """The code of a legal move drawn as the compiled playout draws one (uniformly),
        None where there is none."""
        if self.result(state) is not None:
            return None
        c = int(_draw(state.cells, state.to_move, state.guards, rng.getrandbits(32),
                      self.tables, self.cand, self.seen, self.found))
        return None if c < 0 else (c & MASK) + 1 + (((c >> SHIFT) & MASK) + 1) * BASE

    def random_playout(self, state: State, rng: random.Random,
                       max_plies: int) -> tuple[int, int]:
        result, plies, to_move, guards, lone = _playout(
            state.cells, state.to_move, state.pieces, state.generals, state.guards,
            -1 if state.lone is None else state.lone, max_plies, rng.getrandbits(32),
            self.tables, self.cand, self.seen, self.found)
        state.to_move, state.guards, state.moves = int(to_move), int(guards), None
        state.lone = None if lone < 0 else int(lone)
        state.result = self._decided(state)
        if result == GOING_ON:
            return self._at_cap(state, int(plies))
        return int(result), int(plies)


def make(game: GameSpec, board: Board) -> DanadazoNumbaKernel | None:
    """The compiled kernel where the pure-Python one applies, else None."""
    return None if make_python(game, board) is None else DanadazoNumbaKernel(game, board)
