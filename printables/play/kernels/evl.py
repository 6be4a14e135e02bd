"""The EVL playout kernel: stacks as a list of strings per heptagon, markers as a list per
pentagon, hands, marker counts and passes as ints; unstack walks by depth-first search.

Agrees with games/evl_rules.py (the reference) on every ruling there: placements onto empty
or own stacks below four, unstacks walking 1..height steps without entering a heptagon
twice (nothing crosses or lands on a full stack), claims after an unstack only (an
opponent's marker goes back, 12 markers each, board order), a pass only without another
move, and the end at the target number of markers or after two passes in a row.
Codes: a placement is the path (h,), an unstack its path (base.encode_path), PASS below.
A state remembers whether a move was played: the engine writes hand and passes into every
position it plays to, so to_position does too from then on (before, the given position's).

Adjudication at the ply cap: the game's ruling (GameSpec.adjudicate, rulings.more_markers:
more markers wins, equal counts draw), from the kernel's counts.
"""

from __future__ import annotations

from typing import Any

from printables.boards import Board
from printables.games.evl_rules import LETTER, MARKERS, MAX_HEIGHT, PIECES
from printables.games.model import GameSpec, Move, Position
from printables.games.rulings import more_markers
from printables.play.kernel import DRAW
from printables.play.kernels.base import BASE, FastKernel, decode_path, more_wins, path_move

PASS = -1


class State:
    """stacks[i]: the pieces on space i bottom to top ('b', 'w'; '' also for a pentagon);
    marker[i]: 0, or 1 / 2 for the side holding pentagon i; held, hand: per side."""

    __slots__ = ("stacks", "marker", "to_move", "hand", "held", "passes", "moved",
                 "moves", "result", "base")

    def __init__(self, stacks: list[str], marker: list[int], to_move: int, hand: list[int],
                 held: list[int], passes: int, base: Position) -> None:
        self.stacks, self.marker, self.to_move = stacks, marker, to_move
        self.hand, self.held, self.passes, self.base = hand, held, passes, base
        self.moved = False
        self.moves: list[int] | None = None
        self.result: int | None = None

    def copy(self) -> State:
        s = State(self.stacks[:], self.marker[:], self.to_move, self.hand[:], self.held[:],
                  self.passes, self.base)
        s.moved, s.moves, s.result = self.moved, self.moves, self.result
        return s


class EvlKernel(FastKernel):
    """EVL on a board of heptagons and pentagons (board.data['ring'] round each pentagon)."""

    ruling = staticmethod(more_markers)

    def __init__(self, game: GameSpec, board: Board) -> None:
        super().__init__(game, board)
        idx, names = self.index, self.names
        self.hepts = [i for i, n in enumerate(names) if board.space(n).kind == "heptagon"]
        self.pents = [i for i, n in enumerate(names) if board.space(n).kind == "pentagon"]
        self.edge = [tuple(idx[t] for t in board.neighbours(n, "edge")) for n in names]
        ring = board.data["ring"]
        #: per pentagon: the pairs of its heptagons that do not share a side
        self.pairs = [(p, tuple((idx[x], idx[y]) for i, x in enumerate(ring[names[p]])
                                for y in ring[names[p]][i + 1:]
                                if y not in board.neighbours(x, "edge")))
                      for p in self.pents]
        self.letters = (LETTER[self.sides[0]], LETTER[self.sides[1]])

    # ------------------------------------------------------------------ conversion
    def from_position(self, pos: Position) -> State:
        stacks = [""] * len(self.names)
        for name, stack in pos.stacks.items():
            stacks[self.index[name]] = stack
        marker = [0] * len(self.names)
        held = [0, 0]
        for name, side in pos.markers.items():
            v = self.sides.index(side) + 1
            marker[self.index[name]] = v
            held[v - 1] += 1
        hand = [pos.hand[s] if s in pos.hand
                else PIECES - sum(st.count(LETTER[s]) for st in pos.stacks.values())
                for s in self.sides]
        state = State(stacks, marker, self.sides.index(pos.to_move), hand, held,
                      int(pos.state.get("passes", 0)), pos)
        state.result = self._ended(state)
        return state

    def to_position(self, state: State) -> Position:
        if not state.moved:
            return state.base
        names, sides = self.names, self.sides
        stacks = {names[i]: st for i, st in enumerate(state.stacks) if st}
        markers = {names[i]: sides[v - 1] for i, v in enumerate(state.marker) if v}
        hand = {s: state.hand[i] for i, s in enumerate(sides)}
        extra = {**state.base.state, "passes": state.passes}
        return state.base.with_(stacks=stacks, markers=markers, hand=hand, state=extra,
                                to_move=sides[state.to_move])

    def move_of(self, state: State, code: Any) -> Move:
        if code == PASS:
            return Move(special="pass")
        return path_move(self, code, drop=code < BASE)

    def _adjudicate(self, state: State) -> int:
        return more_wins(*state.held)

    # ------------------------------------------------------------------ rules
    def _ended(self, state: State) -> int | None:
        target = int(state.base.options.get("target", 10))
        a, b = state.held
        if a >= target:
            return 0
        if b >= target:
            return 1
        if state.passes >= 2:
            return 0 if a > b else 1 if b > a else DRAW
        return None

    def _generate(self, state: State) -> list[int]:
        stacks = state.stacks
        me = self.letters[state.to_move]
        out: list[int] = []
        if state.hand[state.to_move] > 0:
            out = [h + 1 for h in self.hepts
                   if not (st := stacks[h]) or (st[-1] == me and len(st) < MAX_HEIGHT)]
        for h in self.hepts:
            st = stacks[h]
            if len(st) >= 2 and st[-1] == me:
                stacks[h] = ""
                self._walks(stacks, [h], h + 1, BASE, len(st), len(st), out)
                stacks[h] = st
        return out or [PASS]

    def _walks(self, stacks: list[str], path: list[int], code: int, mul: int, height: int,
               steps_left: int, out: list[int]) -> None:
        """Append the unstacks extending path (the start's stack lifted, `height` high)."""
        for nxt in self.edge[path[-1]]:
            if nxt in path:
                continue
            here = len(stacks[nxt])
            longer = code + (nxt + 1) * mul
            if here + height - (len(path) - 1) <= MAX_HEIGHT:
                out.append(longer)
            if steps_left > 1 and here + 1 <= MAX_HEIGHT:
                path.append(nxt)
                self._walks(stacks, path, longer, mul * BASE, height, steps_left - 1, out)
                path.pop()

    def _no_move_result(self, state: State) -> int | None:
        return None  # never reached: a side without a move passes

    def _apply(self, state: State, code: int) -> None:
        me = state.to_move
        state.moved = True
        state.to_move = 1 - me
        if code == PASS:
            state.passes += 1
            state.result = self._ended(state)
            return
        state.passes = 0
        stacks = state.stacks
        if code < BASE:
            stacks[code - 1] += self.letters[me]
            state.hand[me] -= 1
            return
        path = decode_path(code)
        moving = stacks[path[0]]
        stacks[path[0]] = ""
        for k, h in enumerate(path[1:-1]):
            stacks[h] += moving[k]
        stacks[path[-1]] += moving[len(path) - 2:]
        self._claim(state, me)
        state.result = self._ended(state)

    def _claim(self, state: State, me: int) -> None:
        """The mover claims every pentagon where it controls a pair, while markers last."""
        stacks, marker, held = state.stacks, state.marker, state.held
        letter, v = self.letters[me], me + 1
        for p, pairs in self.pairs:
            if marker[p] == v or held[me] >= MARKERS:
                continue
            for x, y in pairs:
                sx, sy = stacks[x], stacks[y]
                if sx and sy and sx[-1] == letter == sy[-1]:
                    if marker[p]:
                        held[marker[p] - 1] -= 1
                    marker[p] = v
                    held[me] += 1
                    break


def make(game: GameSpec, board: Board) -> EvlKernel | None:
    """The kernel for a board of heptagons and pentagons with its rings, else None."""
    ring = board.data.get("ring")
    if ring is None or len(board.names) >= BASE:
        return None
    return EvlKernel(game, board)
