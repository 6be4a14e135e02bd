"""Playout kernel benchmark: run `python benchmarks/kernels.py` from the repository (numba,
from the play extra, for the compiled rows). Prints a Markdown table and writes
benchmarks/kernels.json; `--games rosenkreuz,danadazo` measures only those games (and then
writes a JSON file only where `--json FILE` names one). `--help` lists the options.

Per game, uniformly random self-play from the setup, in this one process: plies per
CPU-second (time.process_time, so per core) of the bare rules engine (its own winner,
legal_moves and play, called in a plain loop: BareEngine), the reference kernel (the
contract over the engine, which also sorts and de-duplicates the moves and asks for the
winner twice a ply), the pure-Python kernel and, where there is one, the numba kernel;
each plays games for at least SECONDS of CPU (the engine and the reference at least
REFERENCE_SECONDS), seeded. Ratios are against the bare engine measured in the same run
(the reference kernel is 1.15-2x slower than it, so ratios against that flattered the
kernels), so a busy machine shows as one in the absolute numbers more than in the ratios.
Dugi games are capped at the kernel's ply cap (1000 plies, then adjudicated by material),
the others at 2000 (none reaches it).

Numba's first-run compile: a fresh process imports the numba kernel and builds it (which
compiles and caches its functions, cache=True) with NUMBA_CACHE_DIR pointing to an empty
folder, then a second process with the same folder loads them from the cache; both times
include importing numba itself.

Goals (issue 28, now measured against the bare engine): >= 100x the engine and >= 100,000
plies/s per core for every game, >= 1,000,000 for Chameleons, the pure-Python kernel >= 5x.

The generic kernel (issue 38; `--games` of GENERIC_ORDER, in a second table): random
games per CPU-second from the start, whole games, of the generic kernel compiled (the
interpreter of a game file's [rules]) beside, in the same run, the hand-written numba
kernel of a built-in game written as [rules] (rules:NAME, capped alike) or OpenSpiel's
same game played by the same loop through its Python API (pyspiel: legal_actions, a
uniformly random one, apply_action, until is_terminal). Targets: rules:NAME at least 1/3
of its hand-written kernel; the example games at least OpenSpiel's rate.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from printables.games import GAMES  # noqa: E402
from printables.play.kernel import ReferenceKernel  # noqa: E402
from printables.play.kernels import NUMBA_KERNELS, kernel_for, numba_available, numba_kernel_for  # noqa: E402
from printables.play.kernels.generic import make_compiled, unsupported_of  # noqa: E402
from printables.play.selfplay import ply_cap  # noqa: E402
from printables.positions import load_layout, setup_path  # noqa: E402
from tests.test_kernels_generic import game_and_start  # noqa: E402

SECONDS = float(os.environ.get("KERNEL_BENCH_SECONDS", "2"))
REFERENCE_SECONDS = float(os.environ.get("KERNEL_BENCH_REFERENCE_SECONDS", "3"))
ORDER = ("rosenkreuz", "chameleons", "evl", "dag-en-nacht", "danadazo", "dugi", "network")
#: the generic kernel's rows: built-in games written as [rules], then example game files
GENERIC_ORDER = ("rules:dag-en-nacht", "rules:dugi", "rules:network", "breakthrough", "hex",
                 "amazons", "checkers", "othello", "connect-four", "tic-tac-toe", "gomoku",
                 "dugi-small", "dag-en-nacht-13")
#: example game -> OpenSpiel's name for the same game (tests/openspiel_adapters.py)
SPIEL = {"breakthrough": "breakthrough", "hex": "hex(swap=true)", "amazons": "amazons",
         "checkers": "checkers", "othello": "othello", "connect-four": "connect_four",
         "tic-tac-toe": "tic_tac_toe", "gomoku": "gomoku"}


def plies_per_second(kernel, start, cap: int, seconds: float, seed: int = 1) -> dict:
    """Random games from start until `seconds` of CPU have passed (at least one game)."""
    rng = random.Random(seed)
    plies = games = 0
    spent = 0.0
    while spent < seconds or games == 0:
        state = kernel.from_position(start)
        t = time.process_time()
        _, n = kernel.random_playout(state, rng, cap)
        spent += time.process_time() - t
        plies += n
        games += 1
    return {"plies_per_s": plies / spent, "games_per_s": games / spent, "games": games,
            "mean_length": plies / games}


class BareEngine:
    """Random play straight on a game's rules engine: each ply the winner, the legal
    moves and the move played, and nothing else (what the engine itself costs)."""

    def __init__(self, game, board) -> None:
        self.rules, self.board = game.rules, board

    def from_position(self, pos):
        return [pos]

    def random_playout(self, state, rng: random.Random, max_plies: int) -> tuple[int, int]:
        rules, board, pos = self.rules, self.board, state[0]
        for ply in range(max_plies):
            if rules.winner(board, pos) is not None:
                return 0, ply
            moves = list(rules.legal_moves(board, pos))
            if not moves:
                return 0, ply
            pos = rules.play(board, pos, moves[rng.randrange(len(moves))]).position
        state[0] = pos
        return 0, max_plies


def compile_seconds(game: str) -> dict:
    """Wall seconds to import and build a numba kernel in a fresh process: with an empty
    cache (compiling) and again with that cache (loading)."""
    code = ("import time; t = time.perf_counter()\n"
            "from printables.games import get_game\n"
            "from printables.play.kernels import numba_kernel_for\n"
            f"g = get_game({game!r}); numba_kernel_for(g, g.board())\n"
            "print(time.perf_counter() - t)")
    out = {}
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        for label in ("compile_s", "cached_s"):
            done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                                  capture_output=True, text=True, check=True)
            out[label] = float(done.stdout.strip().splitlines()[-1])
    return out


def measure(name: str) -> dict:
    """One game's row."""
    game = GAMES[name]
    setup = load_layout(setup_path(name))
    start = setup.position
    board = setup.board or game.board(start.options)
    fast = kernel_for(game, board)
    cap = ply_cap(fast)
    row: dict = {"game": name, "ply_cap": cap}
    row["engine"] = plies_per_second(BareEngine(game, board), start, cap, REFERENCE_SECONDS)
    row["reference"] = plies_per_second(ReferenceKernel(game, board), start, cap,
                                        REFERENCE_SECONDS)
    row["python"] = plies_per_second(fast, start, cap, SECONDS)
    if name in NUMBA_KERNELS and numba_available():
        row["numba_build"] = compile_seconds(name)
        row["numba"] = plies_per_second(numba_kernel_for(game, board), start, cap, SECONDS)
    return row


def spiel_games_per_second(name: str, seconds: float, seed: int = 1) -> dict | None:
    """Random whole games of OpenSpiel's game through pyspiel, or None without it."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    games = plies = 0
    spent = 0.0
    while spent < seconds or games == 0:
        t = time.process_time()
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            plies += 1
        spent += time.process_time() - t
        games += 1
    return {"games_per_s": games / spent, "games": games, "mean_length": plies / games}


def measure_generic(name: str) -> dict:
    """One row of the generic kernel's table."""
    game, start = game_and_start(name)
    board = game.board(start.options)
    row: dict = {"game": name}
    missing = unsupported_of(game, board)
    if missing:
        row["unsupported"] = missing
    if name.startswith("rules:"):
        builtin = GAMES[name.removeprefix("rules:")]
        setup = load_layout(setup_path(builtin.name))
        hand = numba_kernel_for(builtin, setup.board or builtin.board(setup.position.options))
        cap = ply_cap(hand)
        row["hand_numba"] = plies_per_second(hand, setup.position, cap, SECONDS)
    else:
        cap = ply_cap(ReferenceKernel(game, board))
        spiel = spiel_games_per_second(SPIEL[name], SECONDS) if name in SPIEL else None
        if spiel is not None:
            row["openspiel"] = spiel
    row["ply_cap"] = cap
    kernel = make_compiled(game, board) if not missing else None
    if kernel is not None:
        kernel.random_playout(kernel.from_position(start), random.Random(0), 1)  # compile
        row["generic"] = plies_per_second(kernel, start, cap, SECONDS)
    else:
        row["generic_reference"] = plies_per_second(ReferenceKernel(game, board), start, cap,
                                                    SECONDS)
    return row


def generic_table(rows: list[dict]) -> str:
    """The generic kernel's table: games/s and the target each row is held to."""
    lines = ["| game | generic compiled games/s | compared with games/s | ratio | target |",
             "|---|---|---|---|---|"]
    for row in rows:
        gen = row.get("generic")
        mine = (f"{gen['games_per_s']:,.1f}" if gen else
                f"not played ({row.get('unsupported')}); reference "
                f"{row['generic_reference']['games_per_s']:,.2f}")
        rate = gen["games_per_s"] if gen else row["generic_reference"]["games_per_s"]
        if "hand_numba" in row:
            other, what, need = row["hand_numba"]["games_per_s"], "hand-written numba", 1 / 3
        elif "openspiel" in row:
            other, what, need = row["openspiel"]["games_per_s"], "OpenSpiel", 1.0
        else:
            lines.append(f"| {row['game']} | {mine} | - | - | - |")
            continue
        ratio = rate / other
        verdict = "met" if ratio >= need else f"missed by {need / ratio:.1f}x"
        lines.append(f"| {row['game']} | {mine} | {what} {other:,.1f} | {ratio:.2f} | "
                     f">= {need:.2f}: {verdict} |")
    return "\n".join(lines)


def table(rows: list[dict]) -> str:
    """The Markdown table the benchmarks page (docs/explanations/benchmarks.md) shows: rates,
    and ratios against the bare engine."""
    lines = ["| game | engine plies/s | reference kernel (x engine) | pure Python plies/s "
             "(x engine) | numba plies/s (x engine, x Python) | numba compile / cached "
             "load |", "|---|---|---|---|---|---|"]
    for row in rows:
        eng = row["engine"]["plies_per_s"]
        ref = row["reference"]["plies_per_s"]
        py = row["python"]["plies_per_s"]
        nb = row.get("numba")
        numba = (f"{nb['plies_per_s']:,.0f} ({nb['plies_per_s'] / eng:,.0f}x, "
                 f"{nb['plies_per_s'] / py:.1f}x)" if nb else "-")
        build = row.get("numba_build")
        built = f"{build['compile_s']:.1f} s / {build['cached_s']:.2f} s" if build else "-"
        lines.append(f"| {row['game']} | {eng:,.0f} | {ref:,.0f} ({ref / eng:.2f}x) | "
                     f"{py:,.0f} ({py / eng:.1f}x) | {numba} | {built} |")
    return "\n".join(lines)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: which games, and where the JSON goes."""
    parser = argparse.ArgumentParser(
        description="Random-playout plies per CPU-second of the bare rules engine, the "
                    "reference kernel, the pure-Python kernel and the numba kernel, per "
                    "game, in one run.")
    parser.add_argument("--games", default=",".join(ORDER),
                        help="comma-separated games to measure, in this order (default: "
                             f"all: {','.join(ORDER)}); generic: the generic kernel's "
                             f"rows ({','.join(GENERIC_ORDER)})")
    parser.add_argument("--json", type=Path, default=None,
                        help="write the rows here (default: benchmarks/kernels.json for a "
                             "run of all games, no file for a run of some)")
    args = parser.parse_args(argv)
    args.games = [g.strip() for g in args.games.split(",") if g.strip()]
    if args.games == ["generic"]:
        args.games = list(GENERIC_ORDER)
    unknown = [g for g in args.games if g not in ORDER + GENERIC_ORDER]
    if unknown or not args.games:
        parser.error(f"--games: unknown game(s) {', '.join(unknown) or '(none given)'}; "
                     f"valid: {', '.join(ORDER + GENERIC_ORDER)}, or generic (all of "
                     "the generic kernel's)")
    if args.json is None and list(args.games) == list(ORDER):
        args.json = HERE / "kernels.json"
    if args.json is None and list(args.games) == list(GENERIC_ORDER):
        args.json = HERE / "generic_kernel.json"
    return args


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    rows = [measure(name) for name in args.games if name in ORDER]
    generic = [measure_generic(name) for name in args.games if name in GENERIC_ORDER]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print(f"{platform.machine()}, {os.cpu_count()} cores, load average "
          f"{load:.1f}, Python {platform.python_version()}" if load is not None else "")
    if rows:
        print(table(rows))
    if generic:
        print(generic_table(generic))
    rows += generic
    result = {"machine": platform.machine(), "python": platform.python_version(),
              "load_average": load, "rows": rows}
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
