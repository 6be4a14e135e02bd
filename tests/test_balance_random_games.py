"""Balance's random games played in one compiled call (kernel.PlaysRandomGames, the
generic kernel's run_game) tally exactly what balance's ply-by-ply loop tallies for the
same game: each compiled game's codes are replayed through play_plies (every code must be
legal there) and the two tallies compared, on every example game the generic kernel plays
(Hex with its pie swap among them). And a compiled game's moves are uniformly random:
its first ply, drawn many times, is a chi-square fit to the legal moves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

import pytest

from printables.play.balance import play_plies
from printables.play.kernel import GameTally, Kernel, PlaysRandomGames
from printables.play.kernels import numba_available
from printables.play.kernels.generic import make_compiled
from tests.test_kernels_generic import SIZES, game_and_start

GAMES_EACH = 6
MAX_PLIES = 400


class Replay:
    """A player that plays the given codes in order, each checked legal first."""

    spec = "replay"

    def __init__(self, codes: list[Hashable]) -> None:
        self.codes = iter(codes)

    def choose(self, kernel: Kernel, state: Any, moves: list[Hashable], rng: random.Random,
               plies_left: int) -> Hashable:
        code = next(self.codes)
        assert code in moves, f"{code} is not legal here"
        return code


def _compiled(name: str) -> tuple[Any, Any]:
    if not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    game, start = game_and_start(name)
    kernel = make_compiled(game, game.board(start.options))
    assert kernel is not None
    return kernel, start


@pytest.mark.slow  # plays on the compiled interpreter (minutes' compile on a cold folder)
@pytest.mark.parametrize("name", sorted(SIZES))
def test_a_compiled_random_game_tallies_what_the_ply_loop_tallies(name: str) -> None:
    kernel, start = _compiled(name)
    assert isinstance(kernel, PlaysRandomGames)
    # a playout first: numba then compiles run_game for its constant pairs=True, which a
    # random game must not be given (it once was, where a process had played one before)
    kernel.random_playout(kernel.from_position(start), random.Random(1), 20)
    for seed in range(GAMES_EACH):
        fast = kernel.random_game(kernel.from_position(start), random.Random(seed),
                                  MAX_PLIES, MAX_PLIES)
        assert _replayed(kernel, start, fast, MAX_PLIES) == fast, f"{name} seed {seed}"


def _replayed(kernel: Kernel, start: Any, tally: GameTally, max_plies: int) -> GameTally:
    player = Replay(tally.codes)
    return play_plies(kernel, kernel.from_position(start), [player, player],
                      random.Random(0), max_plies, keep=max_plies)


@pytest.mark.slow
def test_a_compiled_random_game_names_who_swapped_as_the_ply_loop_does() -> None:
    kernel, start = _compiled("hex")  # the pie swap is offered once, at the second ply
    swapped = []
    for seed in range(3000):
        fast = kernel.random_game(kernel.from_position(start), random.Random(seed), 6, 6)
        if fast.swap_side is not None:
            swapped.append(fast)
            assert _replayed(kernel, start, fast, 6) == fast
    assert len(swapped) >= 5 and {t.swap_side for t in swapped} == {1}


@pytest.mark.slow
def test_a_compiled_random_game_keeps_only_the_codes_asked_for() -> None:
    kernel, start = _compiled("connect-four")
    tally = kernel.random_game(kernel.from_position(start), random.Random(3), MAX_PLIES, 2)
    assert isinstance(tally, GameTally) and len(tally.codes) == 2 and tally.plies > 2


@pytest.mark.slow
def test_a_compiled_random_game_draws_every_first_move_equally_often() -> None:
    kernel, start = _compiled("breakthrough")
    moves = kernel.legal(kernel.from_position(start))
    draws = 200 * len(moves)
    rng = random.Random(7)
    seen = Counter(kernel.random_game(kernel.from_position(start), rng, 1, 1).codes[0]
                   for _ in range(draws))
    assert set(seen) == set(moves)
    expected = draws / len(moves)
    chi2 = sum((seen[m] - expected) ** 2 / expected for m in moves)
    # 21 degrees of freedom (22 opening moves): p = 0.001 at 46.8
    assert len(moves) == 22 and chi2 < 46.8
