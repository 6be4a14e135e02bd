"""The reference kernel's shortcuts equal the obvious computation: its move order is the
order of the moves' reprs, and its remembered result is the engine's winner of the
position it is asked about, move after move of random games of every built-in game."""

from __future__ import annotations

import random

import pytest

from printables.games import GAMES
from printables.play.kernel import DRAW, ReferenceKernel, move_order
from printables.positions import load_layout, setup_path


@pytest.mark.parametrize("name", sorted(GAMES))
def test_order_and_result_equal_repr_and_winner(name: str) -> None:
    game = GAMES[name]
    setup = load_layout(setup_path(name))
    kernel = ReferenceKernel(game, setup.board)
    rules, rng, seen = game.rules, random.Random(name), 0
    assert rules is not None
    for _ in range(2):
        state = kernel.from_position(setup.position)
        for _ in range(40):
            pos = state[0]
            w = rules.winner(setup.board, pos)
            want = None if w is None else DRAW if w == "draw" else game.sides.index(w)
            assert kernel.result(state) == want
            moves = kernel.legal(state)
            assert moves == ([] if want is not None else
                             sorted(set(rules.legal_moves(setup.board, pos)), key=repr))
            assert [move_order(m) for m in moves] == [repr(m) for m in moves]
            assert kernel.result(state) == want  # asked again: the same answer
            if not moves:
                break
            kernel.apply(state, rng.choice(moves))
            seen += 1
    assert seen >= 20
