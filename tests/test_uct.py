"""The fast UCT (players.Uct) against a straightforward implementation of the same search.

Uct saves Python work per iteration (a node lists its moves only when the search comes
back to it, UCB1 as a plain loop, a finished game scored by its 0-ply playout). Here the
obvious version, which lists every new node's moves at once and takes max() over a key,
must build the same tree (the same children, visits and values, in the same order) and
choose the same move from the same seed, on every game, on both the compiled and the
pure-Python kernels, at the start and later in seeded random games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

import pytest

from printables.games import GAMES
from printables.play.balance import setup
from printables.play.kernels import NUMBA_KERNELS, numba_available
from printables.play.players import EXPLORATION, Uct, _playout, most_visited

ENGINE_GAMES = sorted(name for name, g in GAMES.items() if g.rules is not None)
KERNELS = ["fast"] + (["numba"] if numba_available() else [])
PLIES_LEFT = 200  # bounds the playouts (Dugi's random games run past 1,000 plies)


class Obvious:
    """UCT as the textbook writes it: each node made with its list of legal moves."""

    def __init__(self, code: Hashable | None, mover: int, untried: list[Hashable]) -> None:
        self.code, self.mover, self.untried = code, mover, untried
        self.children: list[Obvious] = []
        self.visits, self.value = 0, 0.0


def obvious_search(kernel: Any, state: Any, playouts: int, rng: random.Random,
                   plies_left: int, depth: int | None = None) -> Obvious:
    root = Obvious(None, -1, kernel.legal(state))
    for _ in range(playouts):
        s = kernel.copy(state)
        node, path, ply = root, [root], 0
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children, key=lambda c: c.value / c.visits
                       + EXPLORATION * math.sqrt(log_n / c.visits))
            kernel.apply(s, node.code)
            path.append(node)
            ply += 1
        if node.untried and ply < plies_left:
            code = node.untried.pop(rng.randrange(len(node.untried)))
            mover = kernel.to_move(s)
            kernel.apply(s, code)
            ply += 1
            child = Obvious(code, mover, kernel.legal(s))
            node.children.append(child)
            node, path = child, path + [child]
        v0 = _playout(kernel, s, rng, plies_left - ply, depth, 0)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.value += (v0, 1.0 - v0)[n.mover]
    return root


def _tree(node: Any) -> tuple:
    return (node.code, node.visits, node.value, tuple(_tree(c) for c in node.children))


@pytest.mark.parametrize("kernel_name", KERNELS)
@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_fast_uct_builds_the_obvious_tree_and_plays_its_move(name: str, kernel_name: str):
    if kernel_name == "numba" and name not in NUMBA_KERNELS:
        pytest.skip("no compiled kernel")
    game, board, kernel, start = setup(name, (), kernel_name)
    walk = random.Random(11)
    state = kernel.from_position(start)
    checked = 0
    for ply in range(40):
        moves = kernel.legal(state)
        if not moves:
            break
        if ply in (0, 7, 25) and len(moves) > 1:
            for seed, (playouts, depth) in enumerate([(40, None), (25, 6)]):
                fast = Uct(playouts, depth).search(kernel, state, moves, random.Random(seed),
                                                   PLIES_LEFT)
                slow = obvious_search(kernel, state, playouts, random.Random(seed),
                                      PLIES_LEFT, depth)
                assert _tree(fast) == _tree(slow), (name, ply, seed)
                assert most_visited(fast).code == max(
                    slow.children, key=lambda c: (c.visits, c.value / c.visits)).code
                checked += 1
        kernel.apply(state, moves[walk.randrange(len(moves))])
    assert checked >= 2
