"""Players for self-play over any playout kernel: uniform random, flat Monte-Carlo, UCT.

A player sees only the Kernel protocol (printables.play.kernel), so a fast kernel stands
in for the reference one without a change here. Every choice draws from the rng the game
gives, so a game is a function of its seed.

Player specs, as `balance --levels` writes them (comma-separated levels):
- ``random``: a uniformly random legal move.
- ``flat:N``: flat Monte-Carlo: N random playouts in all, dealt to the legal moves in turn
  (in an order drawn from the rng), so each gets N // moves or one more; with fewer
  playouts than moves only the first N are tried. The move with the best mean result.
- ``mcts:N``: UCT (Kocsis and Szepesvari) with N playouts per move, exploration constant
  sqrt(2), one node expanded per playout, the most visited move played.
- ``mcts:N:D``: the same with playouts truncated after D plies and scored by `material`.
- ``mcts:Ts`` (``mcts:1s``, ``mcts:0.25s``; ``mcts:Ts:D`` truncated): UCT with a time budget
  per move instead of a playout count: it plays playouts until T seconds have passed (at
  least one). Its games depend on the machine and its load, so a seed no longer gives the
  same games; a playout count keeps that promise (balance's same seed, same figures).

Rulings:
- A result scores 1 for the winner, 0 for the loser, 1/2 each for a draw; a playout that
  reaches the game's ply cap is scored by the kernel's adjudication.
- Values belong to players (seats), not colours: a search scores each playout for every
  seat through the seats of the position the playout ended in (Kernel.seats), and a tree
  node keeps the value for the seat that chose the move into it. So a move that changes
  who plays which colour (Network's pie swap) is valued for the player who makes it, as
  the colour that player will hold.
- `material`, the evaluation of a truncated playout: the share of the pieces (pieces and
  markers; for a stack, its top piece) that belong to the side, mapped to [0, 1]; 1/2 when
  nobody has any. It needs no per-game code, and per game it means: Rosenkreuz, Danadazo,
  Dugi: captured pieces; Chameleons: flipped and captured chameleons; EVL: pentagon
  markers and controlled stacks; Dag en Nacht and Network: both sides always hold equal
  or near-equal stones, so it is close to 1/2 and truncation mostly saves time, not
  judgement (documented in the self-play guide, docs/designer/self-play.md).
- A position with one legal move is answered at once, without search.
- No move may win by its place in the kernel's legal order (which lists, say, all drops
  before all steps): flat Monte-Carlo tries the moves in an order drawn from the rng and
  keeps the first best; UCT expands a node's untried moves in random order and plays the
  most visited move, equal visits going to the better mean (with fewer playouts than
  moves, every move gets one playout at most, and this is what decides).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from printables.errors import UsageError
from printables.play.kernel import DRAW, Kernel, seat_to_move

#: UCT's exploration constant
EXPLORATION = math.sqrt(2)


class Player(Protocol):
    """Chooses a move for the side to move."""

    @property
    def spec(self) -> str:
        """The level's name as --levels writes it."""

    def choose(self, kernel: Kernel, state: Any, moves: list[Hashable], rng: random.Random,
               plies_left: int) -> Hashable:
        """One of moves (the legal codes of state); plies_left is what the ply cap allows."""


def score(result: int, side: int) -> float:
    """What a result is worth to side: 1 win, 0 loss, 1/2 draw."""
    if result == DRAW:
        return 0.5
    return 1.0 if result == side else 0.0


def material(kernel: Kernel, state: Any, side: int) -> float:
    """The side's share of the pieces on the board in [0, 1] (1/2 when there are none)."""
    pos = kernel.to_position(state)
    counts = dict.fromkeys(kernel.sides, 0)
    for piece in pos.pieces.values():
        if piece.side in counts:
            counts[piece.side] += 1
    for owner in pos.markers.values():
        if owner in counts:
            counts[owner] += 1
    initials = {s[0]: s for s in kernel.sides}
    for stack in pos.stacks.values():
        if stack and stack[-1] in initials:
            counts[initials[stack[-1]]] += 1
    total = sum(counts.values())
    return 0.5 if total == 0 else counts[kernel.sides[side]] / total


@dataclass(frozen=True)
class RandomPlayer:
    """A uniformly random legal move."""

    spec: str = "random"

    def choose(self, kernel: Kernel, state: Any, moves: list[Hashable], rng: random.Random,
               plies_left: int) -> Hashable:
        return moves[rng.randrange(len(moves))]


def _playout(kernel: Kernel, state: Any, rng: random.Random, plies_left: int,
             depth: int | None) -> tuple[float, ...]:
    """Play state out at random in place; its value to each seat (player), through the
    seats of the position it ends in."""
    cap = plies_left if depth is None else min(depth, plies_left)
    result, plies = kernel.random_playout(state, rng, max(cap, 0))
    if depth is not None and plies >= cap and plies < plies_left \
            and kernel.result(state) is None:  # truncated: judged, not adjudicated
        by_side = [material(kernel, state, side) for side in range(len(kernel.sides))]
    else:
        by_side = [score(result, side) for side in range(len(kernel.sides))]
    seats = kernel.seats(state)
    by_seat = by_side[:]
    for side, seat in enumerate(seats):
        by_seat[seat] = by_side[side]
    return tuple(by_seat)


@dataclass(frozen=True)
class FlatMonteCarlo:
    """Flat Monte-Carlo: N playouts dealt over the legal moves in turn, best mean wins."""

    playouts: int
    spec: str = "flat"

    def choose(self, kernel: Kernel, state: Any, moves: list[Hashable], rng: random.Random,
               plies_left: int) -> Hashable:
        if len(moves) == 1:
            return moves[0]
        seat = seat_to_move(kernel, state)
        order = list(moves)
        rng.shuffle(order)
        tried = min(self.playouts, len(order))
        totals, counts = [0.0] * tried, [0] * tried
        for k in range(self.playouts):
            i = k % tried
            s = kernel.copy(state)
            kernel.apply(s, order[i])
            totals[i] += _playout(kernel, s, rng, plies_left - 1, None)[seat]
            counts[i] += 1
        best = max(range(tried), key=lambda i: (totals[i] / counts[i], -i))
        return order[best]


class _Node:
    """A UCT node: the position after `code` was chosen by the player in seat `chooser`;
    `untried` is None until the search first stands on the node (see Uct)."""

    __slots__ = ("code", "chooser", "children", "untried", "visits", "value")

    def __init__(self, code: Hashable | None, chooser: int,
                 untried: list[Hashable] | None = None) -> None:
        self.code, self.chooser, self.untried = code, chooser, untried
        self.children: list[_Node] = []
        self.visits, self.value = 0, 0.0

    def best_child(self) -> _Node:
        """The child with the highest UCB1 bound (first on ties)."""
        log_n = math.log(self.visits)
        sqrt = math.sqrt
        best, best_u = self.children[0], -1.0
        for c in self.children:
            u = c.value / c.visits + EXPLORATION * sqrt(log_n / c.visits)
            if u > best_u:
                best, best_u = c, u
        return best


@dataclass(frozen=True)
class Uct:
    """UCT Monte-Carlo tree search with a playout budget, optionally truncated playouts.

    A node's value is the chooser's (the seat that chose the move into it), so UCB1 at a
    node ranks its children for the player to move there, whatever colour that player
    holds after them (see the module rulings).

    Speed (a move of MCTS-100 is 100 of these iterations, so what each one costs in Python
    counts next to a compiled playout): a node lists its legal moves only when the search
    stands on it again, not when it is made (most leaves never are), so a new leaf costs
    one apply and its playout; a finished game is scored by the playout itself (0 plies);
    UCB1 is a plain loop. tests/test_uct.py checks that it plays the same moves, with the
    same tree, as a textbook implementation.
    """

    playouts: int
    depth: int | None = None
    spec: str = "mcts"
    #: a time budget per move in seconds, instead of the playout count (None: the count)
    seconds: float | None = None

    def choose(self, kernel: Kernel, state: Any, moves: list[Hashable], rng: random.Random,
               plies_left: int) -> Hashable:
        if len(moves) == 1:
            return moves[0]
        return most_visited(self.search(kernel, state, moves, rng, plies_left)).code

    def search(self, kernel: Kernel, state: Any, moves: list[Hashable], rng: random.Random,
               plies_left: int) -> _Node:
        """The search tree's root after the playout budget."""
        root = _Node(None, -1, list(moves))
        if self.seconds is not None:
            clock = time.perf_counter
            until = clock() + self.seconds
            self._iterate(kernel, state, root, rng, plies_left)
            while clock() < until:
                self._iterate(kernel, state, root, rng, plies_left)
            return root
        for _ in range(self.playouts):
            self._iterate(kernel, state, root, rng, plies_left)
        return root

    def _iterate(self, kernel: Kernel, state: Any, root: _Node, rng: random.Random,
                 plies_left: int) -> None:
        """One selection, expansion, playout and backup."""
        s = kernel.copy(state)
        node, path, ply = root, [root], 0
        apply = kernel.apply
        while True:  # selection
            if node.untried is None:
                node.untried = kernel.legal(s)
            if node.untried or not node.children:
                break
            node = node.best_child()
            apply(s, node.code)
            path.append(node)
            ply += 1
        if node.untried and ply < plies_left:  # expansion, in random order
            code = node.untried.pop(rng.randrange(len(node.untried)))
            child = _Node(code, seat_to_move(kernel, s))
            apply(s, code)
            ply += 1
            node.children.append(child)
            path.append(child)
        values = _playout(kernel, s, rng, plies_left - ply, self.depth)
        for n in path:  # backup: each node keeps the value for the seat that chose it
            n.visits += 1
            if n.chooser >= 0:
                n.value += values[n.chooser]


def most_visited(root: _Node) -> _Node:
    """The root's child with the most visits, equal visits to the better mean (first on
    ties)."""
    return max(root.children, key=lambda c: (c.visits, c.value / c.visits))


def _seconds(text: str) -> float | None:
    """A time budget's seconds (a plain decimal > 0 and <= 3600), or None."""
    digits = text.replace(".", "", 1)
    if not (digits.isascii() and digits.isdigit()):
        return None
    value = float(text)
    return value if 0 < value <= 3600 else None


def make_player(spec: str) -> Player:
    """The player a spec names (see the module docstring); UsageError names valid specs."""
    parts = spec.strip().lower().split(":")
    kind, numbers = parts[0], parts[1:]
    valid = ("valid: random, flat:N, mcts:N, mcts:N:DEPTH, mcts:Ts, mcts:Ts:DEPTH (N, DEPTH "
             "whole numbers >= 1; T seconds, such as 1s or 0.5s, at most 3600s)")
    if kind == "mcts" and numbers and numbers[0].endswith("s"):
        seconds = _seconds(numbers[0][:-1])
        if seconds is None or not all(x.isascii() and x.isdigit() and int(x) >= 1
                                      for x in numbers[1:2]) or len(numbers) > 2:
            raise UsageError(f"player {spec!r} is not valid; {valid}", input=spec)
        depth = int(numbers[1]) if len(numbers) == 2 else None
        return Uct(0, depth, spec=":".join(["mcts"] + numbers), seconds=seconds)
    if not all(x.isascii() and x.isdigit() and int(x) >= 1 for x in numbers):
        raise UsageError(f"player {spec!r} is not valid; {valid}", input=spec)
    ints = [int(x) for x in numbers]
    if kind == "random" and not ints:
        return RandomPlayer()
    if kind == "flat" and len(ints) == 1:
        return FlatMonteCarlo(ints[0], spec=f"flat:{ints[0]}")
    if kind == "mcts" and len(ints) in (1, 2):
        depth = ints[1] if len(ints) == 2 else None
        return Uct(ints[0], depth, spec=":".join(["mcts"] + numbers))
    raise UsageError(f"player {spec!r} is not valid; {valid}", input=spec)
