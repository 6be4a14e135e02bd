"""The Danadazo playout kernel: segments as ints, capture lines, slides and barrier quads
as tables, and piece, general and guard counts kept as pieces are taken.

Agrees with games/danadazo_rules.py (the reference) on every ruling there: steps crosspoint
and crosscorner, a guard's crosscell step only with no enemy next to it and no capture,
generals sliding round the bends, custodian capture by the moved piece only (the defender's
general only while at most one guard is left), no forbidden barrier, the win by taking the
opposing general(s), the lone general's draw after 20 plies, and a side with no move
losing. Codes: the path (origin, target) (base.encode_path).

Adjudication at the ply cap: the game's (it has no ruling: a draw).
"""

from __future__ import annotations

from typing import Any

from printables.boards import Board
from printables.games.danadazo_rules import GUARD_LIMIT, LONE_KEY, LONE_LIMIT
from printables.games.model import GameSpec, Move, Piece, Position
from printables.play.kernel import DRAW
from printables.play.kernels.base import BASE, FastKernel, decode_path, path_move

KINDS = ("pawn", "guard", "general")
PAWN, GUARD, GENERAL = 0, 1, 2


class State:
    """cells: 0 empty, else 1 + 4 * side + kind (KINDS); pieces, generals: per side;
    guards: defender guards; lone: the lone-general count (None: not kept)."""

    __slots__ = ("cells", "to_move", "pieces", "generals", "guards", "lone", "moves",
                 "result", "base")

    def __init__(self, cells: list[int], to_move: int, base: Position) -> None:
        self.cells, self.to_move, self.base = cells, to_move, base
        self.pieces = [0, 0]
        self.generals = [0, 0]
        self.guards = 0
        self.lone: int | None = None
        self.moves: list[int] | None = None
        self.result: int | None = None

    def copy(self) -> State:
        s = State(self.cells[:], self.to_move, self.base)
        s.pieces, s.generals, s.guards = self.pieces[:], self.generals[:], self.guards
        s.lone, s.moves, s.result = self.lone, self.moves, self.result
        return s


class DanadazoKernel(FastKernel):
    """Danadazo on a segment board with its line, diagonal and lattice data."""

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        idx, names, data = self.index, self.names, board.data
        self.cross = [tuple(idx[t] for t in board.neighbours(n, "crosspoint")) for n in names]
        self.corner = [tuple(idx[t] for t in board.neighbours(n, "crosscorner"))
                       for n in names]
        self.cell = [tuple(idx[t] for t in board.neighbours(n, "crosscell")) for n in names]
        self.line = {(idx[a], idx[b]): idx[c] for (a, b), c in data["line"].items()}
        #: capture[s]: (victim space, the space beyond it) on every line of three from s
        self.capture = [tuple((idx[v], idx[c]) for rel, key in (("crosspoint", "line"),
                                                                ("crosscorner", "diagonal"))
                              for v in board.neighbours(n, rel)
                              if (c := data[key].get((n, v))) is not None)
                        for n in names]
        points = data["points"]
        #: quads[t]: the four spaces round each point at an end of t
        self.quads = [tuple(tuple(idx[s] for s in points[p]) for p in data["ends"][n]
                            if len(points[p]) == 4) for n in names]

    # ------------------------------------------------------------------ conversion
    def from_position(self, pos: Position) -> State:
        state = State([0] * len(self.names), self.sides.index(pos.to_move), pos)
        for name, piece in pos.pieces.items():
            side, kind = self.sides.index(piece.side), KINDS.index(piece.kind)
            state.cells[self.index[name]] = 1 + 4 * side + kind
            self._count(state, side, kind, 1)
        state.lone = pos.state.get(LONE_KEY)
        state.result = self._decided(state)
        return state

    def to_position(self, state: State) -> Position:
        pieces = {self.names[i]: Piece(self.sides[(v - 1) >> 2], KINDS[(v - 1) & 3])
                  for i, v in enumerate(state.cells) if v}
        extra = {k: v for k, v in state.base.state.items() if k != LONE_KEY}
        if state.lone is not None:
            extra[LONE_KEY] = state.lone
        return state.base.with_(pieces=pieces, to_move=self.sides[state.to_move], state=extra)

    def move_of(self, state: State, code: Any) -> Move:
        return path_move(self, code)

    # ------------------------------------------------------------------ bookkeeping
    @staticmethod
    def _count(state: State, side: int, kind: int, n: int) -> None:
        state.pieces[side] += n
        if kind == GENERAL:
            state.generals[side] += n
        elif kind == GUARD:
            state.guards += n

    @staticmethod
    def _lone_side(state: State) -> bool:
        return any(state.pieces[s] == 1 and state.generals[s] == 1 for s in (0, 1))

    def _decided(self, state: State) -> int | None:
        if state.generals[1] == 0:
            return 0
        if state.generals[0] == 0:
            return 1
        if self._lone_side(state) and (state.lone or 0) >= LONE_LIMIT:
            return DRAW
        return None

    # ------------------------------------------------------------------ moves
    def _generate(self, state: State) -> list[int]:
        cells, side = state.cells, state.to_move
        out: list[int] = []
        for origin, v in enumerate(cells):
            if not v or (v - 1) >> 2 != side:
                continue
            found = dict.fromkeys(self._targets(state, origin, (v - 1) & 3))
            for t in found:
                if not self._closes_barrier(cells, origin, t):
                    out.append(origin + 1 + (t + 1) * BASE)
        return out

    def _targets(self, state: State, origin: int, kind: int) -> list[int]:
        cells = state.cells
        if kind == GENERAL:
            out = []
            line = self.line
            for first in self.cross[origin]:
                prev, cur = origin, first  # type: int, int | None
                while cur is not None and not cells[cur]:
                    out.append(cur)
                    prev, cur = cur, line.get((prev, cur))
        else:
            out = [t for t in self.cross[origin] if not cells[t]]
        out += [t for t in self.corner[origin] if not cells[t]]
        if kind == GUARD:
            out += self._guard_crosscell(state, origin)
        return out

    def _guard_crosscell(self, state: State, origin: int) -> list[int]:
        cells = state.cells
        v = cells[origin]
        side = (v - 1) >> 2
        for s in self.cross[origin] + self.corner[origin]:
            if cells[s] and (cells[s] - 1) >> 2 != side:
                return []
        out = []
        cells[origin] = 0
        for t in self.cell[origin]:
            if not cells[t]:
                cells[t] = v
                if not self._captures(state, t):
                    out.append(t)
                cells[t] = 0
        cells[origin] = v
        return out

    def _captures(self, state: State, at: int) -> list[int]:
        """Enemy spaces the piece on `at` sandwiches against a friend (no repeats)."""
        cells = state.cells
        side = (cells[at] - 1) >> 2
        found: list[int] = []
        for victim_at, beyond in self.capture[at]:
            w, b = cells[victim_at], cells[beyond]
            if (w and (w - 1) >> 2 != side and b and (b - 1) >> 2 == side
                    and not (w == 1 + 4 + GENERAL and state.guards > GUARD_LIMIT)
                    and victim_at not in found):
                found.append(victim_at)
        return found

    def _closes_barrier(self, cells: list[int], origin: int, target: int) -> bool:
        v = cells[origin]
        side = (v - 1) >> 2
        for four in self.quads[target]:
            if origin in four:
                continue
            strong = (v - 1) & 3 != PAWN
            for s in four:
                if s == target:
                    continue
                p = cells[s]
                if not p or (p - 1) >> 2 != side:
                    break
                strong = strong or (p - 1) & 3 != PAWN
            else:
                if strong:
                    return True
        return False

    def _apply(self, state: State, code: int) -> None:
        cells = state.cells
        origin, target = decode_path(code)
        lone_before = self._lone_side(state)
        cells[target] = cells[origin]
        cells[origin] = 0
        for s in self._captures(state, target):
            w = cells[s]
            cells[s] = 0
            self._count(state, (w - 1) >> 2, (w - 1) & 3, -1)
        if not self._lone_side(state):
            state.lone = None
        elif lone_before:
            state.lone = (state.lone or 0) + 1
        else:
            state.lone = 0
        state.to_move = 1 - state.to_move
        state.result = self._decided(state)


def make(game: GameSpec, board: Board) -> DanadazoKernel | None:
    """The kernel for a segment board with the data Danadazo's engine reads, else None."""
    need = ("line", "diagonal", "points", "interior_points", "ends")
    if any(key not in board.data for key in need) or len(board.names) >= BASE:
        return None
    return DanadazoKernel(game, board)
