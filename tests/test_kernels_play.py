"""`printables play`: self-play N games on a kernel, the same games for the same seed, a
report a user can read and a JSON file a script can; bad input exits 2 with one line."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from printables.games import GAMES
from printables.play.kernel import DRAW, ReferenceKernel
from printables.play.kernels import FAST_KERNELS, kernel_for, numba_available
from printables.play.selfplay import self_play, start_of
from printables.positions import bundled_layouts

DUGI_SETUP = str(bundled_layouts() / "dugi" / "setup.toml")
GAME_FILE = str(Path(__file__).resolve().parents[1] / "examples" / "crossing.toml")


def test_play_reports_plies_lengths_and_results(cli, tmp_path) -> None:
    out_file = tmp_path / "report.json"
    status, out, err = cli("play", "chameleons", "--games", 30, "--seed", 5,
                           "-o", out_file)
    assert status == 0, err
    lines = out.splitlines()
    default = "numba" if numba_available() else "fast"  # compiled where it is installed
    assert lines[0] == f"chameleons: 30 games, random vs random, seed 5 ({default} kernel)"
    assert "plies/s" in lines[1] and "games/s" in lines[1]
    report = json.loads(out_file.read_text())
    assert report["games"] == 30 and len(report["lengths"]) == 30
    assert report["plies"] == sum(report["lengths"])
    assert sum(report["wins"].values()) + report["draws"] == 30
    assert set(report["results"]) <= {"dark", "light", "draw"}
    assert f"dark {report['wins']['dark']}, light {report['wins']['light']}" in lines[3]


def test_same_seed_same_games_other_seed_other_games(cli, tmp_path) -> None:
    reports = []
    for n, seed in enumerate((7, 7, 8)):
        path = tmp_path / f"{n}.json"
        assert cli("play", "rosenkreuz", "--games", 10, "--seed", seed, "-o", path)[0] == 0
        data = json.loads(path.read_text())
        reports.append((data["lengths"], data["results"]))
    assert reports[0] == reports[1]
    assert reports[0] != reports[2]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_plays_to_a_result(name: str) -> None:
    """A fast kernel where the game declares one (FAST_KERNELS), else the reference kernel
    over its rules engine: either plays whole games."""
    kernel, start, players, cap = start_of(name, "random,random", "fast", None)
    assert isinstance(kernel, ReferenceKernel) == (name not in FAST_KERNELS)
    report = self_play(kernel, start, players, 3, 1, min(cap, 400))
    assert all(r in (0, 1, DRAW) for r in report.results)
    assert all(0 < n <= min(cap, 400) for n in report.lengths)


class FirstCallCompiles:
    """A kernel whose first playout costs CPU time first, as a numba kernel's compile does."""

    def __init__(self, kernel, cost: float) -> None:
        self.kernel, self.cost, self.calls = kernel, cost, 0

    def __getattr__(self, name: str):
        return getattr(self.kernel, name)

    def random_playout(self, state, rng, max_plies):
        self.calls += 1
        if self.calls == 1:
            end = time.process_time() + self.cost
            while time.process_time() < end:
                pass
        return self.kernel.random_playout(state, rng, max_plies)


def test_plies_per_second_leave_out_a_compiled_kernels_first_call() -> None:
    kernel, start, players, _ = start_of("chameleons", "random,random", "fast", None)
    report = self_play(FirstCallCompiles(kernel, 0.5), start, players, 3, 1, 400)
    assert report.cpu_s < 0.5, report.cpu_s  # the games alone: milliseconds
    plain = self_play(kernel, start, players, 3, 1, 400)
    assert (report.lengths, report.results) == (plain.lengths, plain.results)


def test_dugi_is_capped_and_adjudicated_by_material(cli, tmp_path) -> None:
    path = tmp_path / "dugi.json"
    assert cli("play", "dugi", "--games", 2, "--max-plies", 50, "-o", path)[0] == 0
    data = json.loads(path.read_text())
    assert data["lengths"] == [50, 50] and data["capped"] == 2
    kernel, start, _, cap = start_of("dugi", "random,random", "fast", None)
    assert cap == 1000
    state = kernel.from_position(start)
    assert kernel.adjudicate(state) == DRAW  # 12 counters each
    state.count[1] -= 1
    assert kernel.adjudicate(state) == 0


def test_options_and_layouts_start_the_games(cli) -> None:
    status, out, _ = cli("play", "dag-en-nacht", "--games", 2, "--option", "size=11")
    assert status == 0 and out.startswith("dag-en-nacht: 2 games")
    kernel, start, _, _ = start_of("dag-en-nacht", "random,random", "fast", None, ("size=11",))
    assert start.options["size"] == 11 and len(kernel.board.names) == 121
    status, out, _ = cli("play", "network", "--games", 2, "--layout",
                         bundled_layouts() / "network" / "pie-swap.toml")
    assert status == 0, out


def test_the_reference_kernel_plays_the_same_rules(cli) -> None:
    status, out, _ = cli("play", "evl", "--games", 2, "--kernel", "reference")
    assert status == 0 and "(reference kernel)" in out


@pytest.mark.parametrize(("args", "says"), [
    (("play", "network", "--players", "random"), "names 1 player(s)"),
    (("play", "network", "--players", "random,alpha"), "unknown player 'alpha'"),
    (("play", "nope"), "unknown game 'nope'"),
    (("play", "evl", "--games", "0"), "--games"),
    (("play", "evl", "--games", "١٠"), "digits 0-9"),
    (("play", "evl", "--layout", DUGI_SETUP), "a dugi position, not evl"),
    (("play", "evl", "--option", "target=11"), "target"),
    (("play", "evl", "--option", "size=3"), "no option 'size'"),
    (("play", "network", "--kernel", "cuda"), "--kernel"),
    (("play", GAME_FILE), "has no rules engine to play with"),
])
def test_bad_input_exits_2_with_one_line(cli, tmp_path, args, says) -> None:
    out_file = tmp_path / "r.json"
    status, out, err = cli(*args, "-o", out_file)
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and says in err, err
    assert not out_file.exists()


def test_the_fast_kernel_is_what_players_get() -> None:
    for name, game in GAMES.items():
        assert type(kernel_for(game, game.board())).__name__ != "ReferenceKernel", name


@pytest.mark.skipif(not numba_available(), reason="numba is not installed (the play extra)")
def test_numba_games_repeat_for_a_seed(cli, tmp_path) -> None:
    results = []
    for n in range(2):
        path = tmp_path / f"{n}.json"
        assert cli("play", "chameleons", "--kernel", "numba", "--games", 20, "--seed", 3,
                   "-o", path)[0] == 0
        results.append(json.loads(path.read_text())["results"])
    assert results[0] == results[1]
