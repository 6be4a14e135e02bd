"""The Dag en Nacht playout kernel: cells as a list of ints, stones in hand counted, and a
win looked for only along the lines through the stone just placed.

Agrees with games/dag_en_nacht.py (the reference): drops on empty dark squares while stones
remain in hand, shifts from a dark square to an empty light orthogonal neighbour; five in
an orthogonal row wins (under black_alternating Black needs five whose end squares are
light), four on a light diagonal wins; a side to move with no move draws. Only the mover
can make a line (nothing is ever taken), and only through the square it played to, so
after a move only that square's four lines are read; a position from a file is read whole.
Codes: a drop is the path (s,), a shift (s, t) (base.encode_path).

Adjudication at the ply cap: the game's (it has no ruling: a draw).
"""

from __future__ import annotations

from typing import Any

from printables.boards import Board
from printables.boards.square import parse_square, square_name
from printables.games.dag_en_nacht import KIND, stones_per_player
from printables.games.model import GameSpec, Move, Piece, Position
from printables.play.kernel import DRAW
from printables.play.kernels.base import BASE, CountState, FastKernel, decode_path, path_move

#: (file step, rank step) of the four lines, orthogonal first
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))


class DagEnNachtKernel(FastKernel):
    """Dag en Nacht on an n x n board of chess-named squares."""

    def __init__(self, game: GameSpec, board: Board, n: int) -> None:
        super().__init__(game, board)
        idx = self.index
        self.n = n
        self.supply = stones_per_player(n)
        self.light = [board.space(name).colour == "light" for name in self.names]
        self.dark = [i for i, lit in enumerate(self.light) if not lit]
        self.shifts = [tuple(idx[t] for t in board.neighbours(name, "orthogonal")
                             if self.light[idx[t]]) for name in self.names]
        coords = [parse_square(name) for name in self.names]
        at = {c: i for i, c in enumerate(coords)}
        #: rays[s][d]: the squares outward from s along LINES[d], then back along it
        self.rays = [[(self._ray(at, f, r, df, dr), self._ray(at, f, r, -df, -dr))
                      for df, dr in LINES] for f, r in coords]

    @staticmethod
    def _ray(at: dict[tuple[int, int], int], f: int, r: int, df: int,
             dr: int) -> tuple[int, ...]:
        out = []
        while (f := f + df, r := r + dr) in at:
            out.append(at[f, r])
        return tuple(out)

    # ------------------------------------------------------------------ conversion
    def from_position(self, pos: Position) -> CountState:
        cells = [0] * len(self.names)
        hand = [self.supply, self.supply]
        for name, piece in pos.pieces.items():
            v = self.sides.index(piece.side) + 1
            cells[self.index[name]] = v
            hand[v - 1] -= 1
        state = CountState(cells, self.sides.index(pos.to_move), hand, pos)  # count: in hand
        strict = bool(pos.options.get("black_alternating"))
        lines = [v for v in (1, 2)
                 if any(c == v and self._wins(cells, s, v, strict and v == 1)
                        for s, c in enumerate(cells))]
        if lines:
            state.result = lines[0] - 1 if len(lines) == 1 else 1 - state.to_move
        return state

    def to_position(self, state: CountState) -> Position:
        pieces = {self.names[i]: Piece(self.sides[v - 1], KIND)
                  for i, v in enumerate(state.cells) if v}
        return state.base.with_(pieces=pieces, to_move=self.sides[state.to_move])

    def move_of(self, state: CountState, code: Any) -> Move:
        return path_move(self, code, drop=code < BASE)

    # ------------------------------------------------------------------ rules
    def _no_move_result(self, state: CountState) -> int | None:
        return DRAW

    def _generate(self, state: CountState) -> list[int]:
        cells = state.cells
        v = state.to_move + 1
        out = [s + 1 for s in self.dark if not cells[s]] if state.count[v - 1] > 0 else []
        shifts = self.shifts
        for s in self.dark:
            if cells[s] == v:
                out.extend(s + 1 + (t + 1) * BASE for t in shifts[s] if not cells[t])
        return out

    def _apply(self, state: CountState, code: int) -> None:
        cells = state.cells
        v = state.to_move + 1
        if code < BASE:
            target = code - 1
            state.count[v - 1] -= 1
        else:
            origin, target = decode_path(code)
            cells[origin] = 0
        cells[target] = v
        strict = v == 1 and bool(state.base.options.get("black_alternating"))
        if self._wins(cells, target, v, strict):
            state.result = state.to_move
        state.to_move = 1 - state.to_move

    def _wins(self, cells: list[int], s: int, v: int, strict: bool) -> bool:
        """True when a line through the stone on s wins for its side (value v)."""
        light = self.light
        for d, (ahead, back) in enumerate(self.rays[s]):
            if d >= 2 and not light[s]:
                break  # a diagonal wins only on light squares
            run = [s]
            for t in ahead:
                if cells[t] != v:
                    break
                run.append(t)
            before = []
            for t in back:
                if cells[t] != v:
                    break
                before.append(t)
            run = before[::-1] + run
            if d >= 2:
                if len(run) >= 4:
                    return True
            elif len(run) >= 5 and (not strict or any(
                    light[run[i]] and light[run[i + 4]] for i in range(len(run) - 4))):
                return True
        return False


def make(game: GameSpec, board: Board) -> DagEnNachtKernel | None:
    """The kernel for a square board of chess-named squares, else None."""
    try:
        coords = [parse_square(name) for name in board.names]
    except (ValueError, IndexError):
        return None
    if not coords or len(coords) >= BASE or any(
            square_name(f, r) != name for (f, r), name in zip(coords, board.names, strict=True)):
        return None
    return DagEnNachtKernel(game, board, max(f for f, _ in coords) + 1)
