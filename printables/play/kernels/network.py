"""The Network playout kernel: cells as a list of ints with neighbour, ray and goal tables,
and a network looked for only when a move can have made one.

Agrees with games/network_rules.py (the reference) on every ruling there: drops while a
player has fewer than 10 stones, then steps to a touching cell; no group of three; no stone
in a corner or an opponent's goal; a step that would give both players a network is
illegal; the first network wins; a side with no move passes, and the game is drawn when
neither side can move; the pie swap after the 3rd (or 5th) drop. After a drop only the
dropper can have gained a network (a stone only blocks the other's lines); after a step the
other player too, but only when the emptied cell lay between two of their stones on a line,
so networks are searched only then (and only with six stones and both goals reached).
Codes: a drop is the path (s,), a step (s, t) (base.encode_path), PASS and SWAP below.

Adjudication at the ply cap: the game's (it has no ruling: a draw). Seats: after the pie
swap each player plays the other colour (seats, as network_rules.seats).
"""

from __future__ import annotations

from typing import Any

from printables.boards import Board
from printables.games.model import GameSpec, Move, Piece, Position
from printables.games.network_rules import (
    AXES,
    CORNER,
    DIRECTIONS,
    MIN_NETWORK,
    STONES,
    coords,
    goal_index,
    pie_drops,
)
from printables.play.kernel import DRAW
from printables.play.kernels.base import BASE, FastKernel, decode_path, path_move

PASS, SWAP = -1, -2


class State:
    """cells: 0 empty, 1 black, 2 white; count: stones per side; swapped: the pie is used."""

    __slots__ = ("cells", "to_move", "count", "swapped", "moves", "result", "base")

    def __init__(self, cells: list[int], to_move: int, count: list[int], swapped: bool,
                 base: Position) -> None:
        self.cells, self.to_move, self.count, self.swapped = cells, to_move, count, swapped
        self.base = base
        self.moves: list[int] | None = None
        self.result: int | None = None

    def copy(self) -> State:
        s = State(self.cells[:], self.to_move, self.count[:], self.swapped, self.base)
        s.moves, s.result = self.moves, self.result
        return s


class NetworkKernel(FastKernel):
    """Network on its n x n board (corners unused), any size option."""

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        names = self.names
        usable = [board.space(n).kind != CORNER for n in names]
        at = {coords(n): i for i, n in enumerate(names) if usable[i]}
        self.near: list[tuple[int, ...]] = []
        #: rays[s][d]: the usable cells outward from s along DIRECTIONS[d]
        self.rays: list[tuple[tuple[int, ...], ...]] = []
        for name in names:
            f, r = coords(name)
            self.near.append(tuple(at[f + df, r + dr] for df, dr in DIRECTIONS
                                   if (f + df, r + dr) in at))
            self.rays.append(tuple(self._ray(at, f, r, df, dr) for df, dr in DIRECTIONS))
        # per side value v (1, 2): goal[v][s] in (0, 1, None), allowed[v][s]
        self.goal: list[list[int | None]] = [[], [], []]
        self.allowed: list[list[bool]] = [[], [], []]
        for v, side in ((1, "black"), (2, "white")):
            opp = "white" if side == "black" else "black"
            self.goal[v] = [goal_index(board, side, n) for n in names]
            self.allowed[v] = [usable[i] and goal_index(board, opp, n) is None
                               for i, n in enumerate(names)]
        #: pairs of opposite directions (the four axes), as indices into DIRECTIONS
        self.axes = [(DIRECTIONS.index(a), DIRECTIONS.index((-a[0], -a[1]))) for a in AXES]

    @staticmethod
    def _ray(at: dict[tuple[int, int], int], f: int, r: int, df: int,
             dr: int) -> tuple[int, ...]:
        out = []
        while (f := f + df, r := r + dr) in at:
            out.append(at[f, r])
        return tuple(out)

    # ------------------------------------------------------------------ conversion
    def from_position(self, pos: Position) -> State:
        cells = [0] * len(self.names)
        count = [0, 0]
        for name, piece in pos.pieces.items():
            v = self.sides.index(piece.side) + 1
            cells[self.index[name]] = v
            count[v - 1] += 1
        state = State(cells, self.sides.index(pos.to_move), count,
                      bool(pos.state.get("swapped")), pos)
        black, white = (self._network(cells, count, v) for v in (1, 2))
        if black or white:
            state.result = DRAW if black and white else 0 if black else 1
        return state

    def to_position(self, state: State) -> Position:
        pieces = {self.names[i]: Piece(self.sides[v - 1], "stone")
                  for i, v in enumerate(state.cells) if v}
        extra = dict(state.base.state)
        if state.swapped:
            extra["swapped"] = True
        return state.base.with_(pieces=pieces, to_move=self.sides[state.to_move], state=extra)

    def move_of(self, state: State, code: Any) -> Move:
        if code == PASS:
            return Move(special="pass")
        if code == SWAP:
            return Move(special="swap")
        return path_move(self, code, drop=code < BASE)

    def seats(self, state: State) -> tuple[int, ...]:
        """After the pie swap the player who dropped first plays White."""
        return (1, 0) if state.swapped else (0, 1)

    # ------------------------------------------------------------------ moves
    def _settle(self, state: State) -> None:
        if state.result is not None:
            state.moves = []
            return
        moves = self._candidates(state, state.to_move + 1, True)
        if not moves:
            if self._candidates(state, 2 - state.to_move, False):
                moves = [PASS]
            else:
                state.result = DRAW
        state.moves = moves

    def _candidates(self, state: State, v: int, own_turn: bool) -> list[int]:
        """The legal moves of side value v, ignoring whether the game is over; no pass.
        For the side not to move, stops at the first move found."""
        cells, allowed, small = state.cells, self.allowed[v], self._small
        out: list[int] = []
        if state.count[v - 1] < STONES:
            for s, c in enumerate(cells):
                if not c and allowed[s] and small(cells, v, s):
                    out.append(s + 1)
                    if not own_turn:
                        return out
        else:
            for s, c in enumerate(cells):
                if c != v:
                    continue
                cells[s] = 0
                for t in self.near[s]:
                    if not cells[t] and allowed[t] and small(cells, v, t):
                        cells[t] = v
                        double = self._double_network(state, v, s)
                        cells[t] = 0
                        if not double:
                            out.append(s + 1 + (t + 1) * BASE)
                            if not own_turn:
                                cells[s] = v
                                return out
                cells[s] = v
        if own_turn and self._can_swap(state):
            out.append(SWAP)
        return out

    def _small(self, cells: list[int], v: int, s: int) -> bool:
        """True when a stone of value v added on s keeps every group at two stones or fewer
        (the engine's joins_small_group)."""
        near = self.near
        touching = [t for t in near[s] if cells[t] == v]
        if not touching:
            return True
        if len(touching) > 1:
            return False
        return not any(cells[u] == v and u != s for u in near[touching[0]])

    def _can_swap(self, state: State) -> bool:
        drops = pie_drops(state.base.options)
        return (drops > 0 and not state.swapped and state.to_move == 1
                and sum(state.count) == drops and state.count[0] == (drops + 1) // 2)

    # ------------------------------------------------------------------ networks
    def _unblocks(self, cells: list[int], v: int, s: int) -> bool:
        """True when s lies between two stones of value v on one line."""
        rays = self.rays[s]
        for a, b in self.axes:
            if self._nearest(cells, rays[a]) == v and self._nearest(cells, rays[b]) == v:
                return True
        return False

    @staticmethod
    def _nearest(cells: list[int], ray: tuple[int, ...]) -> int:
        for t in ray:
            if cells[t]:
                return cells[t]
        return 0

    def _double_network(self, state: State, v: int, vacated: int) -> bool:
        cells = state.cells
        w = 3 - v
        if not self._unblocks(cells, w, vacated):
            return False
        return self._network(cells, state.count, w) and self._network(cells, state.count, v)

    def _network(self, cells: list[int], count: list[int], v: int) -> bool:
        """True when side value v holds a network."""
        if count[v - 1] < MIN_NETWORK:
            return False
        goal = self.goal[v]
        stones = [s for s, c in enumerate(cells) if c == v]
        ends = {goal[s] for s in stones}
        if 0 not in ends or 1 not in ends:
            return False
        graph = {s: [(d, t) for d, ray in enumerate(self.rays[s])
                     if (t := self._first(cells, ray)) >= 0 and cells[t] == v]
                 for s in stones}

        def extend(path: list[int], last: int) -> bool:
            for d, nxt in graph[path[-1]]:
                g = goal[nxt]
                if d == last or g == 0 or nxt in path:
                    continue
                if g == 1:
                    if len(path) + 1 >= MIN_NETWORK:
                        return True
                    continue
                path.append(nxt)
                if extend(path, d):
                    return True
                path.pop()
            return False

        return any(goal[s] == 0 and extend([s], -1) for s in stones)

    @staticmethod
    def _first(cells: list[int], ray: tuple[int, ...]) -> int:
        for t in ray:
            if cells[t]:
                return t
        return -1

    # ------------------------------------------------------------------ play
    def _apply(self, state: State, code: int) -> None:
        if code == SWAP:
            state.swapped = True
            return
        v = state.to_move + 1
        state.to_move = 1 - state.to_move
        if code == PASS:
            return
        cells, count = state.cells, state.count
        if code < BASE:
            cells[code - 1] = v
            count[v - 1] += 1
            if self._network(cells, count, v):
                state.result = v - 1
            return
        origin, target = decode_path(code)
        cells[origin] = 0
        cells[target] = v
        mine = self._network(cells, count, v)
        theirs = self._unblocks(cells, 3 - v, origin) and self._network(cells, count, 3 - v)
        if mine or theirs:
            state.result = DRAW if mine and theirs else (v - 1 if mine else 2 - v)


def make(game: GameSpec, board: Board) -> NetworkKernel | None:
    """The kernel for a Network board (its data names the size), else None."""
    if "size" not in board.data or len(board.names) >= BASE:
        return None
    try:
        for name in board.names:
            coords(name)
    except ValueError:
        return None
    return NetworkKernel(game, board)
