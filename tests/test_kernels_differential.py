"""Every fast playout kernel equals its rules engine (the reference), position by position.

Per game: every bundled layout (its legal moves and every successor, then one random game
from it, which also covers the layouts' options), then seeded random games from the setup
with the kernel choosing the moves. At every position reached: the Position round trip,
the result, the legal move set (as engine Moves); the successor Position of the move
played, and of every legal move on every FULL_EVERY-th position. Each game's row in SIZES
gives (random games from the setup, FULL_EVERY, ply cap), chosen so that each game checks
at least 2,000 positions in a few seconds. Measured (positions / successors compared in
full, with their results / CPU seconds, pure Python; numba the same counts in 2-9 s):
chameleons 2,266 / 12,013 / 1.2; dag-en-nacht 2,195 / 27,133 / 7.2; danadazo 4,224 /
22,168 / 2.1; dugi 2,696 / 15,428 / 4.2; evl 2,454 / 26,328 / 1.7; network 2,664 / 21,856
/ 6.8; rosenkreuz 3,163 / 23,588 / 4.2 (on a machine with load average 10).

Where numba is installed (the play extra), each game's numba kernel (NUMBA_KERNELS) is
checked the same way, and its compiled random playout is checked to end where the engine
says the game ends (or at the cap) and to repeat itself for a seed.

Size knob: PRINTABLES_KERNEL_CHECK=N multiplies the number of random games by N (for a big
run: PRINTABLES_KERNEL_CHECK=50 pytest tests/test_kernels_differential.py).
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter

import pytest

from printables.games import get_game
from printables.games.model import first_problem
from printables.loading import load
from printables.play.kernel import DRAW, ReferenceKernel
from printables.play.kernels import FAST_KERNELS, NUMBA_KERNELS, numba_available
from printables.play.kernels.differential import differential_run
from printables.positions import load_layout, setup_path

pytestmark = pytest.mark.slow  # every kernel against its engine on thousands of positions: minutes

SCALE = int(os.environ.get("PRINTABLES_KERNEL_CHECK", "1"))
MIN_POSITIONS = 2000

#: game -> (random games from the setup, full successor check every n-th position, ply cap)
SIZES = {
    "chameleons": (30, 3, 400),
    "dag-en-nacht": (4, 10, 400),
    "danadazo": (6, 6, 400),
    "dugi": (3, 25, 200),
    "evl": (20, 4, 400),
    "network": (22, 6, 400),
    "rosenkreuz": (40, 4, 400),
}
#: game -> option changes the setup is also played under (as many games again each)
VARIANTS: dict[str, tuple[dict, ...]] = {
    "dag-en-nacht": ({"size": 11, "black_alternating": True}, {"size": 13}),
    "evl": ({"target": 12},),
    "network": ({"pie": True}, {"pie": 5, "size": 10}),
}


def _factory(name: str, compiled: bool):
    if not compiled:
        return FAST_KERNELS[name]
    if not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    return load(NUMBA_KERNELS[name])


CASES = [(name, False) for name in sorted(SIZES)] + [(name, True) for name in
                                                      sorted(NUMBA_KERNELS)]


@pytest.mark.parametrize(("name", "compiled"), CASES)
def test_kernel_equals_engine(name: str, compiled: bool) -> None:
    games, every, cap = SIZES[name]
    game = get_game(name)
    tally = differential_run(_factory(name, compiled), game, games=games * SCALE,
                             full_every=every, max_plies=cap,
                             variants=VARIANTS.get(name, ()))
    assert not tally.problems, "\n".join(tally.problems[:5])
    assert tally.positions >= MIN_POSITIONS
    assert tally.successors >= tally.positions // every


def test_every_registered_kernel_is_checked() -> None:
    assert set(FAST_KERNELS) <= set(SIZES)


@pytest.mark.parametrize("name", sorted(SIZES))
def test_kernel_refuses_nothing_it_was_written_for(name: str) -> None:
    game = get_game(name)
    assert FAST_KERNELS[name](game, game.board()) is not None


@pytest.mark.parametrize("name", sorted(NUMBA_KERNELS))
def test_compiled_playout_ends_where_the_engine_says(name: str) -> None:
    game = get_game(name)
    setup = load_layout(setup_path(name))
    kernel = _factory(name, True)(game, setup.board)
    ref = ReferenceKernel(game, setup.board)
    for seed in range(20):
        state = kernel.from_position(setup.position)
        result, plies = kernel.random_playout(state, random.Random(seed), 300)
        pos = kernel.to_position(state)
        assert game.rules is not None and first_problem(game.rules, setup.board, pos) is None
        engine = ref.result(ref.from_position(pos))
        if plies < 300:
            assert engine is not None and result == engine
        else:
            assert engine is None and result in (0, 1, DRAW)
        again = kernel.from_position(setup.position)
        assert kernel.random_playout(again, random.Random(seed), 300) == (result, plies)
        assert kernel.to_position(again) == pos


#: games whose compiled playout draws its move by rejection sampling (random_move shows it)
SAMPLED = ("danadazo", "rosenkreuz")


@pytest.mark.parametrize("name", SAMPLED)
def test_compiled_playout_draws_uniformly_over_the_legal_moves(name: str) -> None:
    """At positions along random games, 40 draws per legal move: every draw is legal and
    the counts pass a chi-square test far out in its tail (a sampler that skipped or
    favoured moves fails it)."""
    game = get_game(name)
    setup = load_layout(setup_path(name))
    kernel = _factory(name, True)(game, setup.board)
    rng, checked = random.Random(5), 0
    for _ in range(4):
        state = kernel.from_position(setup.position)
        for ply in range(60):
            legal = kernel.legal(state)
            if not legal:
                break
            if ply % 10 == 9 and len(legal) > 1:
                draws = Counter(kernel.random_move(state, random.Random(seed))
                                for seed in range(40 * len(legal)))
                assert set(draws) <= set(legal)
                chi2 = sum((draws[c] - 40) ** 2 / 40 for c in legal)
                df = len(legal) - 1
                assert chi2 < df + 6 * math.sqrt(2 * df) + 10, (ply, chi2, df)
                checked += 1
            kernel.apply(state, rng.choice(legal))
    assert checked >= 12
