"""Benchmark of `printables balance` against the issue's targets (run on a quiet machine):

- random against random, `--ci 0.02` (about 2,400 games, +-2 points) for each of the seven
  games: target <= 60 s each on 2 cores;
- MCTS-100 against MCTS-100, 400 games, for Chameleons, EVL, Network and Rosenkreuz (and the
  others when asked): target <= 10 minutes each.

Each run is `python -m printables balance ...` as a subprocess from the repository, timed
from outside; its speed.json gives games/s and plies/s. Results go to
benchmarks/balance_results.json.

    python benchmarks/balance.py                      # random, every game; MCTS, four games
    python benchmarks/balance.py --random-only        # the first part only
    python benchmarks/balance.py --mcts-games 40 evl  # a shorter MCTS run of one game
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GAMES = ("rosenkreuz", "chameleons", "evl", "dag-en-nacht", "danadazo", "dugi", "network")
MCTS_GAMES = ("chameleons", "evl", "network", "rosenkreuz")
TARGETS = {"random_ci_s": 60.0, "mcts_400_s": 600.0}


def run(args: list[str], workers: int) -> dict:
    """One balance run: wall seconds, its speed.json and its first figures."""
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "printables", "balance", *args,
                               "--workers", str(workers), "-o", tmp], cwd=ROOT,
                              capture_output=True, text=True)
        wall = time.perf_counter() - t
        if proc.returncode:
            return {"args": args, "error": proc.stderr.strip()}
        speed = json.loads((Path(tmp) / "speed.json").read_text())
        data = json.loads((Path(tmp) / "balance.json").read_text())
    first = data["variants"][0]["selfplay"][data["players"][0]]
    return {"args": args, "wall_s": round(wall, 2), "games": first["games"],
            "first_player": first["first_player"], "plies_per_s": speed["plies_per_s"],
            "games_per_s": speed["games_per_s"], "kernels": speed["kernels"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="games to run (default: all / the MCTS four)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--mcts-games", type=int, default=400)
    ap.add_argument("--random-only", action="store_true")
    ap.add_argument("--mcts-only", action="store_true")
    opts = ap.parse_args()
    results: dict = {"targets": TARGETS, "random_ci": {}, "mcts": {}}
    if not opts.mcts_only:
        for game in opts.games or GAMES:
            r = run([game, "--ci", "0.02"], opts.workers)
            results["random_ci"][game] = r
            print(f"random {game:<13} {r.get('wall_s', '-'):>8} s  {r.get('games', '-')} games "
                  f" {r.get('plies_per_s', '-')} plies/s  {r.get('error', '')}", flush=True)
    if not opts.random_only:
        for game in opts.games or MCTS_GAMES:
            r = run([game, "--players", "mcts:100", "--games", str(opts.mcts_games)],
                    opts.workers)
            results["mcts"][game] = r
            print(f"mcts:100 {game:<11} {r.get('wall_s', '-'):>8} s  {r.get('games', '-')} "
                  f"games  {r.get('plies_per_s', '-')} plies/s  {r.get('error', '')}",
                  flush=True)
    (HERE / "balance_results.json").write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
