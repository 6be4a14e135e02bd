"""Benchmark of `printables balance` against the issue's targets (run on a quiet machine):

- random against random, `--ci 0.02` (about 2,400 games, +-2 points) for each of the seven
  games: target <= 60 s each on 2 cores;
- MCTS-100 against MCTS-100, 400 games, for Chameleons, EVL, Network and Rosenkreuz (and the
  others when asked): target <= 10 minutes each;
- with --ladder N: MCTS-100 against random, exactly N games per game (colours alternating,
  no SPRT stop), for "MCTS-100 beats random in >= 90 % of 100 games".

Each `balance` run is `python -m printables balance ...` as a subprocess from the
repository, timed from outside; its speed.json gives games/s and plies/s. The ladder games
are played with the runner's own functions (tasks_for, play_game) on its local worker
pool. Results go to benchmarks/balance_results.json (balance_ladder_results.json with
--ladder-only), with the load average before and
after each run (the machine may be shared); --keep DIR also keeps each run's
balance.json there as random-GAME.json, self-GAME.json and ladder-GAME.json.

    python benchmarks/balance.py                      # random, every game; MCTS, four games
    python benchmarks/balance.py --random-only        # the first part only
    python benchmarks/balance.py --mcts-games 40 evl  # a shorter MCTS run of one game
    python benchmarks/balance.py --ladder 100 --ladder-only --keep docs/balance
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from printables.play.balance import LocalPool, plan_for, tasks_for  # noqa: E402
from printables.play.metrics import ladder_summary  # noqa: E402
from printables.play.report import rounded  # noqa: E402

GAMES = ("rosenkreuz", "chameleons", "evl", "dag-en-nacht", "danadazo", "dugi", "network")
MCTS_GAMES = ("chameleons", "evl", "network", "rosenkreuz")
TARGETS = {"random_ci_s": 60.0, "mcts_400_s": 600.0, "ladder_score": 0.9}


def load() -> float:
    """The 1-minute load average."""
    return round(os.getloadavg()[0], 2)


def run(args: list[str], workers: int, keep: Path | None, name: str) -> dict:
    """One balance run: wall seconds, its speed.json and its first figures."""
    with tempfile.TemporaryDirectory() as tmp:
        before = load()
        t = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "printables", "balance", *args,
                               "--jobs", str(workers), "-o", tmp], cwd=ROOT,
                              capture_output=True, text=True)
        wall = time.perf_counter() - t
        if proc.returncode:
            return {"args": args, "error": proc.stderr.strip()}
        speed = json.loads((Path(tmp) / "speed.json").read_text())
        data = json.loads((Path(tmp) / "balance.json").read_text())
        if keep is not None:
            shutil.copyfile(Path(tmp) / "balance.json", keep / f"{name}.json")
    first = data["variants"][0]["selfplay"][data["players"][0]]
    return {"args": args, "wall_s": round(wall, 2), "games": first["games"],
            "first_player": first["first_player"], "plies_per_s": speed["plies_per_s"],
            "games_per_s": speed["games_per_s"], "kernel": data.get("kernel"),
            "kernels": speed["kernels"], "load": [before, load()]}


def ladder(game: str, games: int, workers: int, keep: Path | None,
           level: str = "mcts:100") -> dict:
    """level (MCTS-100) against random, exactly `games` games (seed 1), colours
    alternating."""
    plan = plan_for(game, [], "", f"random,{level}", games=games, seed=1)
    pairing = plan.pairings()[-1]
    tasks = tasks_for(plan, plan.variants[0], pairing, 0, games)
    before = load()
    t = time.perf_counter()
    with LocalPool(workers) as pool:
        records = sorted(pool(tasks), key=lambda r: r["index"])
    wall = time.perf_counter() - t
    out = rounded(ladder_summary(records, pairing.a, pairing.b, plan.sprt))
    plies = sum(r["plies"] for r in records)
    out.update({"game": game, "seed": plan.seed, "kernel": plan.kernel,
                "stopped_by": f"fixed {games} games", "seconds": round(wall, 1),
                "plies": plies, "mean_plies": round(plies / games, 1),
                "timeouts": sum(r["capped"] for r in records), "load": [before, load()]})
    if keep is not None:
        (keep / f"ladder-{game}.json").write_text(json.dumps(out, indent=1) + "\n")
    return out


def _print(kind: str, game: str, r: dict) -> None:
    print(f"{kind:<9} {game:<13} {r.get('wall_s', r.get('seconds', '-')):>8} s  "
          f"{r.get('games', '-')} games  {r.get('plies_per_s', '')} {r.get('score', '')} "
          f"load {r.get('load', '-')}  {r.get('error', '')}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="games to run (default: all / the MCTS four)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--mcts-games", type=int, default=400)
    ap.add_argument("--random-only", action="store_true")
    ap.add_argument("--mcts-only", action="store_true")
    ap.add_argument("--ladder", type=int, default=0, help="MCTS-100 vs random games a game")
    ap.add_argument("--ladder-only", action="store_true")
    ap.add_argument("--ladder-level", default="mcts:100", help="the level that plays random")
    ap.add_argument("--keep", type=Path, help="keep each run's balance.json in this folder")
    opts = ap.parse_args()
    results: dict = {"targets": TARGETS, "random_ci": {}, "mcts": {}, "ladder": {}}
    if not (opts.mcts_only or opts.ladder_only):
        for game in opts.games or GAMES:
            r = results["random_ci"][game] = run([game, "--ci", "0.02"], opts.workers,
                                                 opts.keep, f"random-{game}")
            _print("random", game, r)
    if not (opts.random_only or opts.ladder_only):
        for game in opts.games or MCTS_GAMES:
            r = results["mcts"][game] = run([game, "--levels", "mcts:100", "--games",
                                             str(opts.mcts_games)], opts.workers, opts.keep,
                                            f"self-{game}")
            _print("mcts:100", game, r)
    for game in (opts.games or GAMES) if opts.ladder else ():
        r = results["ladder"][game] = ladder(game, opts.ladder, opts.workers, opts.keep,
                                              opts.ladder_level)
        _print("ladder", game, r)
    name = "balance_results.json" if not opts.ladder_only else "balance_ladder_results.json"
    (HERE / name).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
