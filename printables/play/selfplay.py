"""Self-play: N games of one game between named players on a playout kernel, and what they
came to (lengths, results, plies and games per CPU-second). `printables play` prints it.

Rulings: game i of a run with seed S uses its own random.Random(S * 1000003 + i), so a run
is the same for the same seed, however it is split or interrupted; CPU time is the
process's (time.process_time), so plies/s is per core, and it starts after one untimed ply
(a compiled kernel compiles or loads at its first call). A game that reaches the ply cap is
adjudicated by the game's ruling (GameSpec.adjudicate, on every kernel); the cap is the
kernel's `ply_cap` where it has one (Dugi), else the rules' `max_plies` (a game file's
[rules.end]), else DEFAULT_PLY_CAP.
"""

from __future__ import annotations

import contextlib
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from printables.errors import UsageError
from printables.games import get_game
from printables.games.model import GameSpec, Position
from printables.play.kernel import DRAW, Kernel, ReferenceKernel
from printables.play.kernels import kernel_for, numba_available, numba_kernel_for
from printables.positions import load_layout, setup_path

#: the players self-play knows (the balance players add theirs)
PLAYERS = ("random",)
#: the ply cap of a game whose kernel names none
DEFAULT_PLY_CAP = 2000


def parse_players(text: str, game: GameSpec) -> tuple[str, ...]:
    """'random,random' -> one player name per side; a UsageError naming what is valid."""
    names = tuple(p.strip().lower() for p in text.split(","))
    if len(names) != len(game.sides):
        raise UsageError(f"--players {text!r} names {len(names)} player(s); {game.name} has "
                         f"{len(game.sides)} sides ({', '.join(game.sides)}), for example "
                         f"{','.join(['random'] * len(game.sides))}", input=text)
    for name in names:
        if name not in PLAYERS:
            raise UsageError(f"unknown player {name!r} in --players; valid: "
                             f"{', '.join(PLAYERS)}", input=text)
    return names


def start_of(game_name: str, players: str, kernel_name: str | None, layout_file: str | None,
             options: tuple[str, ...] = ()) -> tuple[Kernel, Position, tuple[str, ...], int]:
    """What `printables play` plays: (kernel, start position, players, default ply cap).

    The start is the layout file's position, else the game's setup under the options;
    kernel_name is fast, numba, reference or None (numba where installed and it applies,
    else fast). UsageError for a game without a rules
    engine, options given with a layout, or numba asked for where it is not installed."""
    game = get_game(game_name)
    if game.rules is None:
        raise UsageError(f"{game.name} has no rules engine to play with (a game file without "
                         "[rules] is drawn, not played)", input=game_name)
    names = parse_players(players, game)
    if layout_file is not None:
        if options:
            raise UsageError("--option goes with the setup; a --layout file names its own "
                             "options", input=options[0])
        layout = load_layout(layout_file)
        if layout.position.game != game.name:
            raise UsageError(f"{layout_file} is a {layout.position.game} position, not "
                             f"{game.name}", input=layout_file)
        start, board = layout.position, layout.board or game.board(layout.position.options)
    else:
        opts = game.options(game.parse_options(options))
        start = game.setup_position or load_layout(setup_path(game.name)).position
        start = start.with_(options={**start.options, **opts})
        board = game.board(opts)
    fast = kernel_for(game, board)
    cap = ply_cap(fast)
    if kernel_name == "reference":
        return cast(Kernel, ReferenceKernel(game, board)), start, names, cap
    if kernel_name == "numba":
        return numba_kernel_for(game, board), start, names, cap
    if kernel_name is None and numba_available():  # the default: compiled where it applies
        with contextlib.suppress(UsageError):
            return numba_kernel_for(game, board), start, names, cap
    return fast, start, names, cap


def ply_cap(kernel: Kernel) -> int:
    """The ply cap self-play uses on a kernel unless told otherwise: the kernel's, else the
    rules' own (a game file's [rules.end] max_plies), else DEFAULT_PLY_CAP."""
    rules_cap = getattr(kernel.game.rules, "max_plies", DEFAULT_PLY_CAP)
    return int(getattr(kernel, "ply_cap", rules_cap))


@dataclass(frozen=True)
class PlayReport:
    """What N games came to. results: per game the winner's side index or DRAW."""

    game: str
    sides: tuple[str, ...]
    players: tuple[str, ...]
    kernel: str
    seed: int
    max_plies: int
    lengths: tuple[int, ...]
    results: tuple[int, ...]
    capped: int
    cpu_s: float

    def summary(self) -> dict[str, Any]:
        """The report as plain data (what -o writes): everything but the timings is
        the same for the same seed."""
        plies = sum(self.lengths)
        wins = {side: sum(1 for r in self.results if r == i) for i, side in enumerate(self.sides)}
        cpu = max(self.cpu_s, 1e-9)
        return {
            "game": self.game, "players": list(self.players), "kernel": self.kernel,
            "seed": self.seed, "games": len(self.lengths), "max_plies": self.max_plies,
            "plies": plies,
            "length_mean": round(statistics.fmean(self.lengths), 2) if self.lengths else 0,
            "length_median": statistics.median(self.lengths) if self.lengths else 0,
            "wins": wins, "draws": sum(1 for r in self.results if r == DRAW),
            "capped": self.capped, "lengths": list(self.lengths),
            "results": [self.sides[r] if r != DRAW else "draw" for r in self.results],
            "timing": {"cpu_s": round(self.cpu_s, 4), "plies_per_s": round(plies / cpu),
                       "games_per_s": round(len(self.lengths) / cpu, 2)},
        }


def self_play(kernel: Kernel, start: Position, players: tuple[str, ...], games: int,
              seed: int, max_plies: int, kernel_name: str = "fast",
              progress: Callable[[int], None] | None = None) -> PlayReport:
    """Play `games` games from start; progress(1) after each one."""
    if any(p != "random" for p in players):
        raise UsageError(f"self-play knows only the players {', '.join(PLAYERS)}")
    lengths, results = [], []
    capped = 0
    cpu = 0.0
    _first_call(kernel, start)
    for i in range(games):
        rng = random.Random(seed * 1000003 + i)
        state = kernel.from_position(start)
        t = time.process_time()
        result, plies = kernel.random_playout(state, rng, max_plies)
        cpu += time.process_time() - t
        if plies >= max_plies and kernel.result(state) is None:
            capped += 1
        lengths.append(plies)
        results.append(result)
        if progress is not None:
            progress(1)
    return PlayReport(kernel.game.name, tuple(kernel.sides), players, kernel_name, seed,
                      max_plies, tuple(lengths), tuple(results), capped, cpu)


def _first_call(kernel: Kernel, start: Position) -> None:
    """One untimed ply: a compiled kernel compiles (or loads its machine code) at its first
    call, which is a start-up cost, not a ply's; plies/s counts plies only."""
    kernel.random_playout(kernel.from_position(start), random.Random(0), 1)


def describe(report: PlayReport) -> list[str]:
    """The lines `printables play` prints for a report."""
    s = report.summary()
    t = s["timing"]
    wins = ", ".join(f"{side} {n}" for side, n in s["wins"].items())
    return [
        f"{report.game}: {s['games']} games, {' vs '.join(report.players)}, seed "
        f"{report.seed} ({report.kernel} kernel)",
        f"plies: {s['plies']:,} in {t['cpu_s']:.2f} s cpu: {t['plies_per_s']:,} plies/s, "
        f"{t['games_per_s']:,} games/s",
        f"length: mean {s['length_mean']}, median {s['length_median']}",
        f"results: {wins}, draws {s['draws']} ({s['capped']} adjudicated at the ply cap "
        f"of {report.max_plies})",
    ]
