"""Benchmarks: run `python benchmarks/run.py` (needs the bench extra: pip install ".[bench]").

Prints a table and writes benchmarks/results.json. Targets (2-core machine): kit all <= 5 s;
our 8x8 SVG no slower than python-chess's (ratio <= 1.0); board PDFs <= 40 KB; booklets
<= 400 KB; all bundled layouts validated in <= 1 s.
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RUNS = 20


def median_ms(fn, runs: int = RUNS) -> float:
    """Median wall time of fn over runs, in ms (one warm-up call first)."""
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def bench_kit(out: Path) -> dict:
    """Wall time of `printables kit all` in a cold process, and the sizes it wrote."""
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "printables.cli", "kit", "all", "-o", str(out)],
                          capture_output=True, text=True)
    wall = time.perf_counter() - t
    if proc.returncode != 0:
        raise SystemExit(f"kit all failed: {proc.stderr.strip()}")
    manifest = json.loads((out / "manifest.json").read_text())
    sizes: dict[str, list[int]] = {}
    for row in manifest["files"]:
        name = row["file"].split("/")[-1]
        kind = "laser svg" if "/laser/" in row["file"] else (
            "print-and-play.pdf" if name.endswith("print-and-play.pdf") else name)
        sizes.setdefault(kind, []).append(row["size"])
    return {"kit_all_s": round(wall, 2), "files": len(manifest["files"]),
            "sizes_kb": {k: {"min": round(min(v) / 1024, 1), "max": round(max(v) / 1024, 1)}
                         for k, v in sorted(sizes.items())}}


def bench_render() -> dict:
    """Median board render time per game, SVG and PDF (scene build included)."""
    from printables.games import GAMES
    from printables.products.board_sheet import board_scene
    from printables.render.pdf import render_pdf
    from printables.render.svg import render_svg
    from printables.render.theme import THEMES
    theme = THEMES["colour"]
    out = {}
    for name, g in GAMES.items():
        board = g.board()
        out[name] = {
            "svg_ms": round(median_ms(lambda: render_svg(board_scene(g, board, theme), theme)), 2),
            "pdf_ms": round(median_ms(lambda: render_pdf([board_scene(g, board, theme)], theme)), 2),
        }
    return out


def bench_chess() -> dict:
    """Our Network 8x8 board SVG against python-chess's chess.svg.board(), same process."""
    import chess
    import chess.svg

    from printables.games import GAMES
    from printables.products.board_sheet import board_scene
    from printables.render.svg import render_svg
    from printables.render.theme import THEMES
    g, theme = GAMES["network"], THEMES["colour"]
    board = g.board()
    ours = median_ms(lambda: render_svg(board_scene(g, board, theme), theme), 50)
    theirs = median_ms(lambda: chess.svg.board(chess.Board()), 50)
    return {"ours_ms": round(ours, 2), "python_chess_ms": round(theirs, 2),
            "ratio": round(ours / theirs, 2)}


def bench_playouts(seconds: float = 1.0) -> dict:
    """Random playouts per second per game (each to its end or 400 plies)."""
    from printables.games import GAMES
    from printables.positions import load_layout, setup_path
    out = {}
    for name, g in GAMES.items():
        start = load_layout(setup_path(name)).position
        board = g.board(start.options)
        rng = random.Random(1)
        games = plies = 0
        t = time.perf_counter()
        while time.perf_counter() - t < seconds:
            pos = start
            for _ in range(400):
                if g.winner(board, pos) is not None:
                    break
                moves = g.legal_moves(board, pos)
                if not moves:
                    break
                pos = g.play(board, pos, rng.choice(moves)).position
                plies += 1
            games += 1
        elapsed = time.perf_counter() - t
        out[name] = {"playouts_per_s": round(games / elapsed, 2),
                     "plies_per_s": round(plies / elapsed)}
    return out


def bench_validate() -> dict:
    """Time to load and check every bundled layout (in process, after imports)."""
    from printables.positions import check_layout, layout_paths, load_layout
    paths = layout_paths([ROOT / "layouts"])

    def run() -> int:
        return sum(len(check_layout(load_layout(p))) for p in paths)
    checks = run()
    ms = median_ms(run, 5)
    return {"files": len(paths), "checks": checks, "ms": round(ms, 1)}


def bench_laser(runs: int = 3) -> dict:
    """The kit's laser work (every game's files, 600 x 400 mm sheets, no kerf): median
    CPU seconds in this process, and the bytes written."""
    from printables.games import GAMES
    from printables.products.laser import laser_files, laser_request
    req = laser_request()
    times, size = [], 0
    for _ in range(runs):
        t = time.process_time()
        files = [f for g in GAMES.values() for f in laser_files(g, req)]
        times.append(time.process_time() - t)
        size = sum(len(data) for _, data in files)
    return {"laser_s": round(statistics.median(times), 2), "files": len(files),
            "kb": round(size / 1024)}


def table(results: dict) -> str:
    """The results as a readable text table with targets."""
    kit, chess_r, val = results["kit"], results["chess"], results["validate"]
    lines = [f"machine: {results['machine']}", "",
             f"{'measure':<44}{'value':>12}  target",
             f"{'kit all, cold process (s)':<44}{kit['kit_all_s']:>12}  <= 5",
             f"{'8x8 SVG: ours / python-chess':<44}{chess_r['ratio']:>12}  <= 1.0"
             f"   ({chess_r['ours_ms']} ms vs {chess_r['python_chess_ms']} ms)",
             f"{'validate all layouts (ms)':<44}{val['ms']:>12}  <= 1000"
             f"   ({val['files']} files, {val['checks']} checks)",
             f"{'kit laser files, all games (CPU s)':<44}{results['laser']['laser_s']:>12}"
             f"   ({results['laser']['files']} files, {results['laser']['kb']} KB)", "",
             f"{'board render, median of ' + str(RUNS):<28}{'svg ms':>10}{'pdf ms':>10}"
             f"{'playouts/s':>12}{'plies/s':>10}"]
    for name, r in results["render"].items():
        p = results["playouts"][name]
        lines.append(f"{name:<28}{r['svg_ms']:>10}{r['pdf_ms']:>10}{p['playouts_per_s']:>12}"
                     f"{p['plies_per_s']:>10}")
    lines += ["", f"{'output kind':<28}{'min KB':>10}{'max KB':>10}"]
    for kind, s in kit["sizes_kb"].items():
        lines.append(f"{kind:<28}{s['min']:>10}{s['max']:>10}")
    return "\n".join(lines)


def main() -> None:
    """Run every benchmark, print the table, write results.json."""
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        kit = bench_kit(Path(tmp) / "output")
    results = {"machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                          f"{platform.python_version()}",
               "kit": kit, "chess": bench_chess(), "validate": bench_validate(),
               "render": bench_render(), "playouts": bench_playouts(),
               "laser": bench_laser()}
    print(table(results))
    (HERE / "results.json").write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
