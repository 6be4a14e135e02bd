"""Every kernel's random playout, stopped at every ply count, says what the engine says.

A playout told to play at most k plies must stop after min(k, the game's length) plies and
return the result at the position it stopped at: the winner where the last ply it played
ended the game (a compiled Danadazo playout once called such a win a draw, looking for a
taken general only before each ply), else the game's adjudication. The check
(differential.stop_at_every_ply) stops each sampled game at every ply count near its end
and a stride of counts before, on the pure-Python and the compiled kernels of every game;
a new kernel joins by adding its factory to KERNELS.

The sample: per game and seed, a random game from the setup is played to its end; the
start is its position END_WINDOW plies before the end (games from the setup end late:
Dugi's last about 4,800 plies), and the playout from there is stopped at every ply count
up to one past its end; where that playout is long (Dugi's can run to thousands of plies
again), at every count of its last END_WINDOW plies and STRIDES counts spread before.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from printables.games import get_game
from printables.games.model import GameSpec, Position
from printables.loading import load
from printables.play.kernel import Kernel
from printables.play.kernels import FAST_KERNELS, NUMBA_KERNELS, numba_available
from printables.play.kernels.differential import stop_at_every_ply
from printables.play.kernels.generic import make_compiled, make_pure
from printables.positions import load_layout, setup_path
from tests.test_kernels_generic import SIZES as GENERIC_SIZES
from tests.test_kernels_generic import game_and_start

SEEDS = 3
END_WINDOW = 40
STRIDES = 20
SHORT = 300  # plies: a playout this short is stopped at every count
LIMIT = 20_000  # plies: more than any random game of the seven lasts


def _numba(name: str) -> Callable[[GameSpec, object], Kernel]:
    def make(game: GameSpec, board: object) -> Kernel:
        if not numba_available():
            pytest.skip("numba is not installed (the play extra)")
        return load(NUMBA_KERNELS[name])(game, board)  # type: ignore[no-any-return]
    return make


#: (game, kernel kind) -> factory(game, board): every kernel a playout can run on
KERNELS: dict[tuple[str, str], Callable[..., Kernel]] = {
    **{(name, "fast"): make for name, make in FAST_KERNELS.items()},
    **{(name, "numba"): _numba(name) for name in NUMBA_KERNELS},
}


def _stops(length: int) -> list[int] | None:
    """Every ply count for a short playout (None), else a sample (see the docstring)."""
    if length <= SHORT:
        return None
    near_end = range(length - END_WINDOW, length + 2)
    return sorted(set(range(0, near_end[0], -(-near_end[0] // STRIDES))) | set(near_end))


#: the pure-Python Dugi kernel plays its thousands of plies slowly (about 25 s here)
SLOW = {("dugi", "fast")}
#: games whose random games run to thousands of plies (Dugi's): on the plain-Python path,
#: the same source as the compiled one at ten times the cost, a minute each, so only their
#: compiled playouts are stopped at every ply
PURE_TOO_LONG = {"rules:dugi", "dugi-small"}


@pytest.mark.parametrize(("name", "kind"), [
    pytest.param(*key, marks=pytest.mark.slow) if key in SLOW else key
    for key in sorted(KERNELS)])
def test_a_playout_stopped_at_any_ply_gives_the_engines_result(name: str, kind: str) -> None:
    game = get_game(name)
    setup = load_layout(setup_path(name))
    kernel = KERNELS[name, kind](game, setup.board)
    _check_every_stop(kernel, setup.position)


def _check_every_stop(kernel: Kernel, setup: Position, seeds: int = SEEDS) -> None:
    problems: list[str] = []
    ended = 0
    for seed in range(seeds):
        state = kernel.from_position(setup)
        length = kernel.random_playout(state, random.Random(seed), LIMIT)[1]
        state = kernel.from_position(setup)
        kernel.random_playout(state, random.Random(seed), max(0, length - END_WINDOW))
        start = kernel.to_position(state)
        again = kernel.from_position(start)
        length = kernel.random_playout(again, random.Random(1000 + seed), LIMIT)[1]
        ended += length < LIMIT
        problems += stop_at_every_ply(kernel, start, 1000 + seed, limit=LIMIT,
                                      stops=_stops(length))
    assert not problems, "\n".join(problems[:5])
    assert ended == seeds  # every sampled game ended by the rules: its last ply was checked


#: the generic kernel of every game file's [rules] it plays (tests/test_kernels_generic.py
#: names them), on its plain-Python and its compiled path
GENERIC = [pytest.param(name, kind, id=f"{name}-{kind}")
           for name in sorted(GENERIC_SIZES) for kind in ("pure", "compiled")
           if not (kind == "pure" and name in PURE_TOO_LONG)]


@pytest.mark.slow  # the generic kernel's playouts are most of this file's time
@pytest.mark.parametrize(("name", "kind"), GENERIC)
def test_a_generic_playout_stopped_at_any_ply_gives_the_engines_result(name: str,
                                                                        kind: str) -> None:
    if kind == "compiled" and not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    game, start = game_and_start(name)
    kernel = (make_pure if kind == "pure" else make_compiled)(game, game.board(start.options))
    assert kernel is not None
    # the plain-Python path runs the same source as the compiled one, ten times slower: one
    # sampled game (Dugi's run to thousands of plies), the compiled path SEEDS
    _check_every_stop(kernel, start, seeds=1 if kind == "pure" else SEEDS)


def test_a_danadazo_win_on_the_last_allowed_ply_is_a_win(cli):
    # the game: the defender takes the attacker's general on ply 242
    if not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    outs = [cli("play", "danadazo", "--games", "1", "--seed", "1", "--kernel", "numba",
                "--max-plies", str(cap))[1] for cap in (242, 243)]
    for out in outs:
        assert "results: attacker 0, defender 1, draws 0" in out, out
