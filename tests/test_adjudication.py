"""One ruling per game for a game stopped at the ply cap, the same on every kernel.

A game's ruling is declared with the game (GameSpec.adjudicate: Dugi, Chameleons and
Rosenkreuz more pieces, EVL more markers, the others none, a draw). The reference kernel
scores a capped game by it, and so do the pure-Python and the compiled kernels, from their
own counts. Here the same random games (the moves drawn from the engine's legal moves, then
played on every kernel) are stopped at the cap: every kernel must give the same result
there, and the game's ruling must be what it gives.
"""

from __future__ import annotations

import random

import pytest

from printables.games import GAMES, get_game
from printables.games.rulings import more_markers, more_pieces
from printables.loading import load
from printables.play.kernel import DRAW, ReferenceKernel
from printables.play.kernels import FAST_KERNELS, NUMBA_KERNELS, numba_available
from printables.positions import load_layout, setup_path

#: game -> plies its games are stopped at (Dugi's random games never end this soon)
CAPS = {"chameleons": 40, "dag-en-nacht": 60, "danadazo": 80, "dugi": 150, "evl": 25,
        "network": 20, "rosenkreuz": 40}
GAMES_EACH = 6


def test_each_game_declares_the_ruling_the_readme_gives() -> None:
    rulings = {name: g.adjudicate for name, g in GAMES.items() if g.rules is not None}
    assert rulings == {"chameleons": more_pieces, "dugi": more_pieces,
                       "rosenkreuz": more_pieces, "evl": more_markers,
                       "dag-en-nacht": None, "danadazo": None, "network": None}


@pytest.mark.slow  # every kernel plays capped games to the end: minutes in all
@pytest.mark.parametrize("name", sorted(CAPS))
def test_the_kernels_adjudicate_the_same_capped_games_alike(name: str) -> None:
    game = get_game(name)
    setup = load_layout(setup_path(name))
    ref = ReferenceKernel(game, setup.board)
    kernels = [ref, FAST_KERNELS[name](game, setup.board)]
    if numba_available():
        kernels.append(load(NUMBA_KERNELS[name])(game, setup.board))
    decisive = 0
    for seed in range(GAMES_EACH):
        rng = random.Random(seed)
        states = [k.from_position(setup.position) for k in kernels]
        for _ in range(CAPS[name]):
            moves = ref.legal(states[0])
            if not moves:
                break
            move = moves[rng.randrange(len(moves))]
            for k, s in zip(kernels, states, strict=True):
                k.apply(s, k.code_of(s, move))
        results = [k.result(s) for k, s in zip(kernels, states, strict=True)]
        assert len(set(results)) == 1, (seed, results)
        if results[0] is not None:
            continue
        rulings = [k.adjudicate(s) for k, s in zip(kernels, states, strict=True)]
        ruling = game.adjudicate(setup.board, ref.to_position(states[0])) \
            if game.adjudicate else "draw"
        want = DRAW if ruling == "draw" else game.sides.index(ruling)
        assert rulings == [want] * len(kernels), (seed, rulings, want)
        decisive += want != DRAW
    if game.adjudicate is not None:  # material differs after this many plies
        assert decisive > 0
