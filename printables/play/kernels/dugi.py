"""The Dugi playout kernel: spaces as ints with the engine's four rays per space, counters
per side kept as they are taken.

Agrees with games/dugi.py (the reference) on every ruling there: slides any distance along
a ring (both ways round, one move where both ways reach a target) or a sector line, nothing
through the dead zone, custodian capture by the mover only (rings wrap round for it), a
side with two counters or fewer losing, and a side to move without a move losing.
Codes: the path (origin, target) (base.encode_path).

Adjudication: uniformly random games last thousands of plies (about 4,800 on average), so
many reach the ply cap; they are scored by the game's ruling (GameSpec.adjudicate,
rulings.more_pieces: more counters on the board wins, equal counts draw), computed from the
kernel's counts. `printables play` and the balance players cap Dugi at DUGI_PLY_CAP plies
unless told otherwise.
"""

from __future__ import annotations

from typing import Any

from printables.boards import Board
from printables.games.dugi import DIRECTIONS, LOSING_COUNT, step
from printables.games.model import GameSpec, Move, Piece, Position
from printables.games.rulings import more_pieces
from printables.play.kernels.base import (
    BASE,
    CountState,
    FastKernel,
    decode_path,
    more_wins,
    path_move,
)

#: the ply cap a Dugi playout is adjudicated at unless a caller chooses another
DUGI_PLY_CAP = 1000


#: cells: 0 empty, 1 black, 2 white; count: counters per side.
State = CountState


class DugiKernel(FastKernel):
    """Dugi on a ring board (board.data 'coords' and 'rings')."""

    ruling = staticmethod(more_pieces)

    #: the ply cap callers use for this game unless told otherwise
    ply_cap = DUGI_PLY_CAP

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        idx = self.index
        self.rays: list[tuple[tuple[int, ...], ...]] = []
        for name in self.names:
            lines = []
            for direction in DIRECTIONS:
                line, here = [], step(board, name, direction)
                while here is not None and here != name:
                    line.append(idx[here])
                    here = step(board, here, direction)
                lines.append(tuple(line))
            self.rays.append(tuple(lines))
        #: the (neighbour, the space behind it) pairs a counter landing on s may enclose
        self.pairs = [tuple((line[0], line[1]) for line in lines if len(line) >= 2)
                      for lines in self.rays]

    # ------------------------------------------------------------------ conversion
    def from_position(self, pos: Position) -> State:
        cells = [0] * len(self.names)
        count = [0, 0]
        for name, piece in pos.pieces.items():
            v = self.sides.index(piece.side) + 1
            cells[self.index[name]] = v
            count[v - 1] += 1
        state = State(cells, self.sides.index(pos.to_move), count, pos)
        state.result = self._decided(state)
        return state

    def to_position(self, state: State) -> Position:
        pieces = {self.names[i]: Piece(self.sides[v - 1], "stone")
                  for i, v in enumerate(state.cells) if v}
        return state.base.with_(pieces=pieces, to_move=self.sides[state.to_move])

    def move_of(self, state: State, code: Any) -> Move:
        return path_move(self, code)

    def _adjudicate(self, state: State) -> int:
        return more_wins(*state.count)

    # ------------------------------------------------------------------ rules
    @staticmethod
    def _decided(state: State) -> int | None:
        me = state.to_move
        for side in (me, 1 - me):
            if state.count[side] <= LOSING_COUNT:
                return 1 - side
        return None

    def _generate(self, state: State) -> list[int]:
        cells = state.cells
        v = state.to_move + 1
        out: list[int] = []
        for s, c in enumerate(cells):
            if c != v:
                continue
            seen = set()
            code = s + 1
            for line in self.rays[s]:
                for t in line:
                    if cells[t]:
                        break
                    if t not in seen:
                        seen.add(t)
                        out.append(code + (t + 1) * BASE)
        return out

    def _apply(self, state: State, code: int) -> None:
        cells = state.cells
        origin, target = decode_path(code)
        v = cells[origin]
        cells[origin] = 0
        cells[target] = v
        w = 3 - v
        for near, behind in self.pairs[target]:
            if cells[near] == w and cells[behind] == v:
                cells[near] = 0
                state.count[w - 1] -= 1
        state.to_move = 1 - state.to_move
        state.result = self._decided(state)


def make(game: GameSpec, board: Board) -> DugiKernel | None:
    """The kernel for a ring board with the data Dugi's engine reads, else None."""
    if "coords" not in board.data or "rings" not in board.data or len(board.names) >= BASE:
        return None
    return DugiKernel(game, board)
