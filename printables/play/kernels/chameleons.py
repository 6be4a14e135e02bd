"""The Chameleons playout kernel: cells as a list of ints, jump chains by depth-first search
with undo, counts kept as pieces are taken and change sides.

Agrees with games/chameleons_rules.py (the reference) on every ruling there: compulsory
jump chains (every prefix a move), pieces on notice changing sides after a step or the
first jump, the mover judged where it lands, elimination judged after the whole move, and
a side with no move losing. A code is the move's path (base.encode_path).

Adjudication at the ply cap: the game's ruling (GameSpec.adjudicate, rulings.more_pieces:
more chameleons on the board wins, equal counts draw), from the kernel's counts.
"""

from __future__ import annotations

from typing import Any

from printables.boards import Board
from printables.boards.square import parse_square, square_name
from printables.games.chameleons_rules import DIRECTIONS, KIND
from printables.games.model import GameSpec, Move, Piece, Position
from printables.games.rulings import more_pieces
from printables.play.kernels.base import BASE, FastKernel, decode_path, more_wins, path_move


class State:
    """cells: 0 empty, 1 a dark chameleon, 2 a light one; count: chameleons per side."""

    __slots__ = ("cells", "to_move", "count", "moves", "result", "base")

    def __init__(self, cells: list[int], to_move: int, count: list[int],
                 result: int | None, base: Position) -> None:
        self.cells, self.to_move, self.count = cells, to_move, count
        self.moves: list[int] | None = None
        self.result, self.base = result, base

    def copy(self) -> State:
        s = State(self.cells[:], self.to_move, self.count[:], self.result, self.base)
        s.moves = self.moves
        return s


class ChameleonsKernel(FastKernel):
    """Chameleons on any board of chess-named squares (the engine's own geometry)."""

    ruling = staticmethod(more_pieces)

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        idx = self.index
        coords = {parse_square(n): i for n, i in idx.items()}
        self.steps: list[tuple[int, ...]] = []
        self.jumps: list[tuple[tuple[int, int], ...]] = []
        for name in self.names:
            f, r = parse_square(name)
            near, far = [], []
            for df, dr in DIRECTIONS:
                a, b = (f + df, r + dr), (f + 2 * df, r + 2 * dr)
                if a in coords:
                    near.append(coords[a])
                    if b in coords:
                        far.append((coords[a], coords[b]))
            self.steps.append(tuple(near))
            self.jumps.append(tuple(far))
        # opposing[v][s]: a piece of value v (1 dark, 2 light) stands on an opposing space
        colours = [board.space(n).colour for n in self.names]
        self.opposing = [(), tuple(c != "dark" for c in colours),
                         tuple(c != "light" for c in colours)]
        self.adjacent = [frozenset(t) for t in self.steps]
        #: (from, to) of every jump -> the space jumped over
        self.over = {(a, t): o for a, js in enumerate(self.jumps) for o, t in js}

    # ------------------------------------------------------------------ conversion
    def from_position(self, pos: Position) -> State:
        cells = [0] * len(self.names)
        count = [0, 0]
        for name, piece in pos.pieces.items():
            v = self.sides.index(piece.side) + 1
            cells[self.index[name]] = v
            count[v - 1] += 1
        state = State(cells, self.sides.index(pos.to_move), count, None, pos)
        state.result = self._eliminated(state)
        return state

    def to_position(self, state: State) -> Position:
        pieces = {self.names[i]: Piece(self.sides[v - 1], KIND)
                  for i, v in enumerate(state.cells) if v}
        return state.base.with_(pieces=pieces, to_move=self.sides[state.to_move])

    def move_of(self, state: State, code: Any) -> Move:
        return path_move(self, code)

    def _adjudicate(self, state: State) -> int:
        return more_wins(*state.count)

    # ------------------------------------------------------------------ rules
    @staticmethod
    def _eliminated(state: State) -> int | None:
        a, b = state.count
        if (a == 0) != (b == 0):
            return 0 if b == 0 else 1
        return None

    def _no_move_result(self, state: State) -> int | None:
        if state.count[0] == 0 and state.count[1] == 0:
            return None  # no chameleons at all: the engine names no winner
        return 1 - state.to_move

    def _generate(self, state: State) -> list[int]:
        cells = state.cells
        v = state.to_move + 1
        opp = self.opposing[v]
        notice = [s for s, c in enumerate(cells) if c == v and opp[s]]
        out: list[int] = []
        chain = self._chain
        jumps = self.jumps
        for s, c in enumerate(cells):
            if c == v:
                for over, land in jumps[s]:
                    w = cells[over]
                    if w and w != v and not cells[land]:
                        chain(cells, v, s, over, land, s + 1, BASE, notice, out)
        if out:
            return out
        steps = self.steps
        for s, c in enumerate(cells):
            if c == v:
                for t in steps[s]:
                    if not cells[t]:
                        out.append(s + 1 + (t + 1) * BASE)
        return out

    def _chain(self, cells: list[int], v: int, at: int, over: int, land: int, code: int,
               mul: int, notice: list[int] | None, out: list[int]) -> None:
        """Play the jump at->land over `over` (with undo), record it, and extend it."""
        victim = cells[over]
        cells[over] = 0
        cells[at] = 0
        cells[land] = v
        flipped: list[int] = []
        if notice is not None:  # the first jump: the other pieces on notice change sides
            flipped = [s for s in notice if s != at]
            for s in flipped:
                cells[s] = 3 - v
        code += (land + 1) * mul
        out.append(code)
        mul *= BASE
        for o, t in self.jumps[land]:
            w = cells[o]
            if w and w != v and not cells[t]:
                self._chain(cells, v, land, o, t, code, mul, None, out)
        for s in flipped:
            cells[s] = v
        cells[land] = 0
        cells[at] = v
        cells[over] = victim

    def _apply(self, state: State, code: int) -> None:
        cells, count = state.cells, state.count
        v = state.to_move + 1
        opp = self.opposing[v]
        path = decode_path(code)
        start, end = path[0], path[-1]
        notice = [s for s, c in enumerate(cells) if c == v and opp[s] and s != start]
        cells[start] = 0
        if len(path) == 2 and end in self.adjacent[start]:
            self._flip(cells, count, notice, v)
        else:
            over_of = self.over
            for i in range(len(path) - 1):
                over = over_of[path[i], path[i + 1]]
                count[cells[over] - 1] -= 1
                cells[over] = 0
                if i == 0:
                    self._flip(cells, count, notice, v)
        cells[end] = v
        if opp[start] and opp[end]:
            self._flip(cells, count, [end], v)
        state.to_move = 1 - state.to_move
        state.result = self._eliminated(state)

    @staticmethod
    def _flip(cells: list[int], count: list[int], spaces: list[int], v: int) -> None:
        """The pieces of value v on spaces change sides."""
        for s in spaces:
            cells[s] = 3 - v
        count[v - 1] -= len(spaces)
        count[2 - v] += len(spaces)


def make(game: GameSpec, board: Board) -> ChameleonsKernel | None:
    """The kernel for a board of chess-named squares, else None."""
    try:
        names = [parse_square(n) for n in board.names]
    except (ValueError, IndexError):
        return None
    if len(names) >= BASE or any(square_name(f, r) != n
                                 for (f, r), n in zip(names, board.names, strict=True)):
        return None
    return ChameleonsKernel(game, board)
