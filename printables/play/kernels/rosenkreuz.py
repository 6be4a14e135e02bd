"""The Rosenkreuz playout kernel: cells as a list of ints, ray tables, counts per side and
colour, and a candidate move resolved only as far as its legality needs.

Agrees with games/rosenkreuz_rules.py (the reference) on every ruling there: steps and jumps
over friendly lines, minor capture, then major capture or suicide, then the compulsory
attainment capture with its relocation; a move ends at once when a side loses its last
piece of a colour; a side without pieces of one colour, or to move without a move, loses.
The engine resolves every candidate fully; here a forward move short of the far rank is
legal as it stands, a sideways or backward one is legal when it takes by minor capture or
its landing group outnumbers the opponent's part of it (then some opponent piece touches
it and is taken), and only a move onto the far rank is played out on a copy.
Codes: the path (origin, target), then the take and the relocation where there are
(base.encode_path).

Adjudication at the ply cap: the game's ruling (GameSpec.adjudicate, rulings.more_pieces:
more pieces of both colours wins, equal counts draw), from the kernel's counts.
"""

from __future__ import annotations

from typing import Any

from printables.boards import Board
from printables.boards.square import parse_square, square_name
from printables.games.model import GameSpec, Move, Piece, Position
from printables.games.rosenkreuz_rules import COLOURS, DIRECTIONS, FORWARD, ORTHOGONAL
from printables.games.rulings import more_pieces
from printables.play.kernel import DRAW
from printables.play.kernels.base import BASE, CountState, FastKernel, decode_path

#: cells: 0 empty, else 1 + 2 * side + colour; count[2 * side + colour]: pieces.
State = CountState


class RosenkreuzKernel(FastKernel):
    """Rosenkreuz on an n x n board of chess-named squares."""

    ruling = staticmethod(more_pieces)

    def __init__(self, game: GameSpec, board: Board, n: int) -> None:
        super().__init__(game, board)
        idx, names = self.index, self.names
        self.n = n
        at = {parse_square(name): i for i, name in enumerate(names)}
        self.rank = [parse_square(name)[1] for name in names]
        self.colour = [COLOURS.index(board.space(name).colour) for name in names]
        self.orth = [tuple(idx[t] for t in board.neighbours(name, ORTHOGONAL))
                     for name in names]
        #: rays[s]: (rank step, squares outward) per direction, in the engine's order
        self.rays = []
        for name in names:
            f, r = parse_square(name)
            lines = []
            for df, dr in DIRECTIONS:
                line, k = [], 1
                while (f + k * df, r + k * dr) in at:
                    line.append(at[f + k * df, r + k * dr])
                    k += 1
                lines.append((dr, tuple(line)))
            self.rays.append(tuple(lines))
        self.forward = [FORWARD[side] for side in self.sides]
        self.far = [n - 1 if FORWARD[side] > 0 else 0 for side in self.sides]
        ranks = list(range(n))
        #: per side: per rank from its own edge, the squares of each colour on it
        self.home = [[[tuple(at[f, r] for f in range(n) if (f, r) in at
                             and self.colour[at[f, r]] == c) for c in (0, 1)]
                      for r in (ranks if FORWARD[side] > 0 else ranks[::-1])]
                     for side in self.sides]

    # ------------------------------------------------------------------ conversion
    def from_position(self, pos: Position) -> State:
        cells = [0] * len(self.names)
        count = [0, 0, 0, 0]
        for name, piece in pos.pieces.items():
            k = 2 * self.sides.index(piece.side) + COLOURS.index(piece.kind)
            cells[self.index[name]] = k + 1
            count[k] += 1
        state = State(cells, self.sides.index(pos.to_move), count, pos)
        state.result = self._loser_result(count)
        return state

    def to_position(self, state: State) -> Position:
        pieces = {self.names[i]: Piece(self.sides[(v - 1) >> 1], COLOURS[(v - 1) & 1])
                  for i, v in enumerate(state.cells) if v}
        return state.base.with_(pieces=pieces, to_move=self.sides[state.to_move])

    def move_of(self, state: State, code: Any) -> Move:
        p = [self.names[s] for s in decode_path(code)]
        return Move(path=(p[0], p[1]), take=p[2] if len(p) > 2 else None,
                    relocate=p[3] if len(p) > 3 else None)

    def _adjudicate(self, state: State) -> int:
        a, b = state.count[0] + state.count[1], state.count[2] + state.count[3]
        return 0 if a > b else 1 if b > a else DRAW

    # ------------------------------------------------------------------ results
    @staticmethod
    def _loser_result(count: list[int]) -> int | None:
        """The winner when exactly one side has lost every piece of a colour."""
        lost = [not (count[0] and count[1]), not (count[2] and count[3])]
        return (1 if lost[0] else 0) if lost[0] != lost[1] else None

    def _no_move_result(self, state: State) -> int | None:
        if 0 in state.count:
            return None  # both sides lost a colour: the engine names no winner
        return 1 - state.to_move

    # ------------------------------------------------------------------ moves
    def _generate(self, state: State) -> list[int]:
        cells, count = state.cells, state.count
        if 0 in count:
            return []
        side = state.to_move
        fwd, far, rank, colour = self.forward[side], self.far[side], self.rank, self.colour
        out: list[int] = []
        for origin, v in enumerate(cells):
            if not v or (v - 1) >> 1 != side:
                continue
            mine = (v - 1) & 1
            for dr, line in self.rays[origin]:
                k = 0
                while k < len(line) and cells[line[k]] and (cells[line[k]] - 1) >> 1 == side:
                    k += 1
                if k == len(line):
                    continue
                t = line[k]
                w = cells[t]
                if w and not (mine == colour[t] and (w - 1) & 1 != colour[t]):
                    continue  # an opponent piece that minor capture cannot take
                code = origin + 1 + (t + 1) * BASE
                if rank[t] == far:
                    self._far_moves(state, origin, t, dr, code, out)
                elif dr == fwd or w or self._outnumbers(cells, origin, t, v):
                    out.append(code)
        return out

    def _outnumbers(self, cells: list[int], origin: int, t: int, v: int) -> bool:
        """True when the piece v moved from origin to the empty t takes by major capture:
        its side outnumbers the other in the landing group, so some piece of the other
        side touches one of its own and is taken."""
        side = (v - 1) >> 1
        cells[origin] = 0
        cells[t] = v
        group = self._group(cells, t)
        mine = sum(1 for s in group if (cells[s] - 1) >> 1 == side)
        cells[t] = 0
        cells[origin] = v
        return 0 < len(group) - mine < mine

    def _group(self, cells: list[int], start: int) -> list[int]:
        """The orthogonally connected pieces of start's colour holding start."""
        c = (cells[start] - 1) & 1
        orth = self.orth
        seen = {start}
        todo = [start]
        while todo:
            here = todo.pop()
            for n in orth[here]:
                if n not in seen and cells[n] and (cells[n] - 1) & 1 == c:
                    seen.add(n)
                    todo.append(n)
        return sorted(seen)

    def _far_moves(self, state: State, origin: int, t: int, dr: int, code: int,
                   out: list[int]) -> None:
        """The move(s) of a piece onto the far rank, played out on a copy: an attainment
        capture (every take, every relocation) or a plain move."""
        cells, count = state.cells[:], state.count[:]
        side = state.to_move
        took, attains = self._land(cells, count, origin, t)
        if not attains:
            if took or dr == self.forward[side]:
                out.append(code)
            return
        c = (cells[t] - 1) & 1
        for victim, w in enumerate(cells):
            if not w or (w - 1) >> 1 == side:
                continue
            cells[victim] = 0
            spots = self._relocations(cells, side, c)
            cells[victim] = w
            take = code + (victim + 1) * BASE * BASE
            if not spots:
                out.append(take)
            out.extend(take + (spot + 1) * BASE ** 3 for spot in spots)

    def _relocations(self, cells: list[int], side: int, c: int) -> tuple[int, ...]:
        """Empty squares of colour c on the rank nearest side's edge that has one."""
        for by_colour in self.home[side]:
            found = tuple(s for s in by_colour[c] if not cells[s])
            if found:
                return found
        return ()

    def _land(self, cells: list[int], count: list[int], origin: int,
              t: int) -> tuple[bool, bool]:
        """Move, then minor, then major capture or suicide, in place; (an opponent piece
        was taken, an attainment capture follows)."""
        v = cells[origin]
        side = (v - 1) >> 1
        cells[origin] = 0
        victim = cells[t]
        cells[t] = v
        if victim:
            count[victim - 1] -= 1
            if not count[victim - 1]:
                return True, False  # a side lost its last piece of a colour: the move ends
        group = self._group(cells, t)
        mine = [s for s in group if (cells[s] - 1) >> 1 == side]
        theirs = [s for s in group if (cells[s] - 1) >> 1 != side]
        removed: list[int] = []
        if theirs and len(mine) != len(theirs):
            near, far = (mine, theirs) if len(mine) > len(theirs) else (theirs, mine)
            near_set = set(near)
            removed = [s for s in far if any(n in near_set for n in self.orth[s])]
        kinds = set()
        for s in removed:
            kinds.add(cells[s] - 1)
            count[cells[s] - 1] -= 1
            cells[s] = 0
        took = bool(victim) or (bool(removed) and len(mine) > len(theirs))
        gone = any(not count[k] for k in kinds)
        return took, cells[t] == v and not gone and self.rank[t] == self.far[side]

    def _apply(self, state: State, code: int) -> None:
        cells, count = state.cells, state.count
        path = decode_path(code)
        t = path[1]
        self._land(cells, count, path[0], t)
        if len(path) > 2:
            take = path[2]
            count[cells[take] - 1] -= 1
            cells[take] = 0
            if len(path) > 3:
                cells[path[3]] = cells[t]
                cells[t] = 0
        state.to_move = 1 - state.to_move
        state.result = self._loser_result(count)


def make(game: GameSpec, board: Board) -> RosenkreuzKernel | None:
    """The kernel for an n x n board of chess-named squares coloured dark and light."""
    try:
        coords = [parse_square(name) for name in board.names]
    except (ValueError, IndexError):
        return None
    n = int(round(len(coords) ** 0.5))
    if (n * n != len(coords) or len(coords) >= BASE
            or any(square_name(f, r) != name
                   for (f, r), name in zip(coords, board.names, strict=True))
            or any(board.space(name).colour not in COLOURS for name in board.names)):
        return None
    return RosenkreuzKernel(game, board, n)
