"""Benchmarks: run `python benchmarks/run.py` from the repository (needs the bench extra:
pip install ".[bench]"). Prints tables and writes benchmarks/results.json.

- The kit: `python -m printables kit all -o TMP` as a subprocess, 5 runs; median wall, cpu
  (user + system of the process and its workers) and peak memory (largest resident set of
  any one of its processes). Targets on the 2-core machine: wall <= 1.8 s, cpu <= 3.5 s,
  peak <= 100 MiB. Also as ratios against baselines run in this same process, so a busy
  machine shows as a busy machine: a plain copy of the kit's files (shutil.copytree) and,
  for the board SVG, python-chess's chess.svg.board().
- Scaling: n x n square boards (n up to 80) against time, for the board SVG and PDF and the
  laser board file (one sheet, and split over 600 x 400 mm sheets), with the exponent k of
  a least-squares fit time ~ spaces^k over n >= 16. The games cap their sizes at 25 files
  (letters a-y), so the boards are built with the square board builder directly, its file
  letters widened to single characters beyond 'z' for this benchmark only.
- Bytecode: the timed processes run with Python's bytecode cache on, in a folder of this
  run (PYTHONPYCACHEPREFIX), warmed by one untimed kit and one untimed reference first: an
  installed program has its modules compiled at install, so a cold start is measured as
  a user meets it, not as Python compiling ~110 source files each time (which a checkout
  run under PYTHONDONTWRITEBYTECODE=1 would add: about 0.25 s a process).
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import platform
import random
import shutil
import statistics
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RUNS = 20
KIT_RUNS = 5
SIZES = (8, 16, 24, 32, 48, 64, 80)
TARGETS = {"wall_s": 1.8, "cpu_s": 3.5, "peak_mib": 100}
WIDE_FILES = (string.ascii_lowercase + string.ascii_uppercase + "αβγδεζηθικλμνξοπρστυφχψω"
              + "ΓΔΘΛΞΠΣΦΨΩ")


def median_ms(fn, runs: int = RUNS) -> float:
    """Median wall time of fn over runs, in ms (one warm-up call first)."""
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def run_kit(out: Path) -> dict:
    """One cold `kit all` process: wall and cpu seconds, peak MiB (wait4 rusage)."""
    return run_process([sys.executable, "-m", "printables", "kit", "all", "--no-cache",
                        "-o", str(out)])


def use_bytecode_cache(folder: Path) -> None:
    """Give the processes this run starts a bytecode cache in folder, and fill it: one
    untimed kit and one untimed reference (see the module docstring)."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    os.environ["PRINTABLES_CACHE"] = str(folder / "cache")  # not the user's cache
    run_kit(folder / "warm-up")
    run_process([sys.executable, "-c", REFERENCE])


#: The fixed reference: a cold process that typesets a 48-page A5 reportlab document of
#: paragraphs and simple drawings (a workload of the same libraries, fixed for all time, so
#: the kit's ratio to it shows the kit's own speed whatever the machine's).
REFERENCE = """
import io
from reportlab.lib.pagesizes import A5
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import SimpleDocTemplate, Paragraph, PageBreak
from reportlab.graphics.shapes import Drawing, Rect, Circle
styles = getSampleStyleSheet()
words = ("stone board ring sector move capture line piece side turn rule win draw "
         "place jump step corner edge centre spiral arm").split()
story = []
for page in range(48):
    story.append(Paragraph(f"Chapter {page + 1}", styles["Heading2"]))
    for k in range(4):
        i = page * 4 + k
        story.append(Paragraph(" ".join(words[(i * 7 + j * 3) % len(words)]
                                        for j in range(90)) + ".", styles["BodyText"]))
    d = Drawing(300, 120)
    for n in range(120):
        d.add(Rect((n % 20) * 15, (n // 20) * 20, 14, 19, fillColor=None))
        d.add(Circle((n % 20) * 15 + 7, (n // 20) * 20 + 9, 5))
    story += [d, PageBreak()]
SimpleDocTemplate(io.BytesIO(), pagesize=A5, invariant=1).build(story)
"""
PAIRED_RUNS = 7


def run_process(args: list[str]) -> dict:
    """One cold process: wall and cpu seconds, peak MiB (wait4 rusage)."""
    with tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            raise SystemExit(f"{' '.join(args[1:3])} failed: {err.read().decode().strip()}")
    return {"wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime,
            "peak_mib": usage.ru_maxrss / 1024}


def bench_paired() -> dict:
    """PAIRED_RUNS pairs, in turns: a cold `kit all --no-cache` and the fixed reference; the
    median of the per-pair wall ratios, and a second (cached) `kit all` into the same folder
    against the cold one."""
    kit_cmd = [sys.executable, "-m", "printables", "kit", "all"]
    ratios, warm, rows = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PRINTABLES_CACHE"] = str(Path(tmp) / "cache")  # not the user's cache
        for i in range(PAIRED_RUNS):
            out = str(Path(tmp) / f"kit{i}")
            cold = run_process(kit_cmd + ["--no-cache", "-o", out])
            ref = run_process([sys.executable, "-c", REFERENCE])
            again = run_process(kit_cmd + ["-o", out])
            ratios.append(cold["wall_s"] / ref["wall_s"])
            warm.append(again["wall_s"] / cold["wall_s"])
            rows.append({"kit": cold, "reference": ref, "rebuild": again})
    med = statistics.median
    return {"ratio": round(med(ratios), 2), "rebuild_share": round(med(warm), 3),
            "kit_wall_s": round(med(r["kit"]["wall_s"] for r in rows), 2),
            "kit_cpu_s": round(med(r["kit"]["cpu_s"] for r in rows), 2),
            "kit_peak_mib": round(max(r["kit"]["peak_mib"] for r in rows), 1),
            "reference_wall_s": round(med(r["reference"]["wall_s"] for r in rows), 2),
            "rebuild_wall_s": round(med(r["rebuild"]["wall_s"] for r in rows), 2)}


def bench_watch() -> dict:
    """Per example game file: seconds from a save (a new title) to the new board.png on
    disk under `kit FILE --watch` (the watch loop in this process, after its first build)."""
    import threading

    from printables.products.kit import kit_requests, watch_kits
    out: dict[str, float] = {}
    for game_file in sorted((ROOT / "examples").glob("*.toml")):
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "src"
            os.environ["PRINTABLES_CACHE"] = str(Path(tmp) / "cache")  # not the user's cache
            shutil.copytree(ROOT / "examples", src)
            path, kit = src / game_file.name, Path(tmp) / "kit"
            log: list[str] = []
            done = threading.Event()
            t = threading.Thread(target=watch_kits, args=(
                kit_requests([str(path)], jobs="1"), kit, log.append, done.is_set))
            t.start()
            while sum("the rest:" in line for line in log) < 1:
                time.sleep(0.01)
            name = next(p for p in kit.iterdir() if p.is_dir() and not p.name.startswith("."))
            png = name / "board.png"
            first = png.read_bytes()
            text = path.read_text()
            start = time.perf_counter()
            path.write_text(text.replace('title = "', 'title = "New ', 1))
            while png.read_bytes() == first:
                time.sleep(0.005)
            out[game_file.stem] = round(time.perf_counter() - start, 3)
            while sum("the rest:" in line for line in log) < 2:
                time.sleep(0.01)
            done.set()
            t.join()
    return out


def kit_sizes(out: Path) -> dict:
    """File count, total bytes and size range per kind of file, from the manifest."""
    manifest = json.loads((out / "manifest.json").read_text())
    sizes: dict[str, list[int]] = {}
    for row in manifest["files"]:
        name = row["file"].split("/")[-1]
        kind = "laser svg" if "/laser/" in row["file"] else (
            "print-and-play.pdf" if name.endswith("print-and-play.pdf") else name)
        sizes.setdefault(kind, []).append(row["size"])
    return {"files": len(manifest["files"]),
            "mb": round(sum(map(sum, sizes.values())) / 1e6, 1),
            "sizes_kb": {k: {"min": round(min(v) / 1024, 1), "max": round(max(v) / 1024, 1)}
                         for k, v in sorted(sizes.items())}}


def bench_kit() -> dict:
    """Medians of KIT_RUNS cold kit builds, and the copy baseline on the kit's own bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        rows = [run_kit(Path(tmp) / f"kit{i}") for i in range(KIT_RUNS)]
        out = Path(tmp) / "kit0"
        copies = iter(range(10 ** 6))
        copy_ms = median_ms(lambda: shutil.copytree(out, Path(tmp) / f"copy{next(copies)}"), 5)
        result = {k: round(statistics.median(r[k] for r in rows), 2) for k in TARGETS}
        result.update(runs=[{k: round(v, 2) for k, v in r.items()} for r in rows],
                      copy_ms=round(copy_ms, 1),
                      wall_per_copy=round(result["wall_s"] * 1000 / copy_ms, 1),
                      **kit_sizes(out))
    return result


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
            "svg_ms": round(median_ms(
                lambda g=g, board=board: render_svg(board_scene(g, board, theme), theme)), 2),
            "pdf_ms": round(median_ms(
                lambda g=g, board=board: render_pdf([board_scene(g, board, theme)], theme)), 2),
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


def _bench_game(n: int, grid: float):
    """A Dag en Nacht game spec whose board is an n x n square grid of side grid mm."""
    from printables.boards.square import checker, square_board
    from printables.games import GAMES
    return dataclasses.replace(
        GAMES["dag-en-nacht"], name=f"bench-{n}-{grid:g}",
        build_board=lambda o, s: square_board("dag-en-nacht", "Dag en Nacht", n, grid,
                                              checker(False)))


def _cpu_ms(fn) -> float:
    t = time.process_time()
    fn()
    return (time.process_time() - t) * 1000


def bench_scaling() -> dict:
    """Per n: spaces and cpu ms of board SVG, board PDF, laser on one sheet, laser split."""
    import printables.boards.square as square
    from printables.products.board_sheet import board_scene
    from printables.products.laser.sheets import board_sheets, render_sheet
    from printables.products.requests import GameRequest, LaserRequest
    from printables.render.pdf import render_pdf
    from printables.render.svg import render_svg
    from printables.render.theme import THEMES
    theme, req = THEMES["colour"], LaserRequest.read(GameRequest(), "svg", {})

    def laser(g) -> int:
        sheets = board_sheets(g, req)
        for s in sheets:
            render_sheet(s, req)
        return len(sheets)

    def measure(n: int) -> dict:
        small, big = _bench_game(n, 300.0), _bench_game(n, 700.0)  # 700 mm: split in 4
        board = small.board()
        row = {"n": n, "spaces": len(board.spaces),
               "svg_ms": _cpu_ms(lambda: render_svg(board_scene(small, board, theme), theme)),
               "pdf_ms": _cpu_ms(lambda: render_pdf([board_scene(small, board, theme)], theme)),
               "laser_ms": _cpu_ms(lambda: laser(small))}
        big.board()
        row["laser_split_ms"] = _cpu_ms(lambda: row.update(split_sheets=laser(big)))
        return row
    saved, square.FILES = square.FILES, WIDE_FILES
    rows = []
    try:
        laser(_bench_game(4, 300.0))  # warm-up: fonts and glyph outlines load on first use
        for n in SIZES:
            row = measure(n)
            rows.append({k: round(v, 1) if isinstance(v, float) else v for k, v in row.items()})
    finally:
        square.FILES = saved
    fit = {k: exponent([r["spaces"] for r in rows if r["n"] >= 16],
                       [r[k] for r in rows if r["n"] >= 16])
           for k in ("svg_ms", "pdf_ms", "laser_ms", "laser_split_ms")}
    return {"rows": rows, "exponents": fit}


def exponent(xs: list[float], ys: list[float]) -> float:
    """k of the least-squares fit y ~ x^k on log-log axes.

    >>> exponent([1, 2, 4], [3, 6, 12])
    1.0
    """
    lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
    mx, my = statistics.fmean(lx), statistics.fmean(ly)
    k = (sum((a - mx) * (b - my) for a, b in zip(lx, ly, strict=True))
         / sum((a - mx) ** 2 for a in lx))
    return round(k, 2)


def bench_playouts(seconds: float = 0.5) -> dict:
    """Random playouts per second per game (each to its end or 400 plies)."""
    from printables.games import GAMES
    from printables.positions import load_layout, setup_path
    out = {}
    for name, g in GAMES.items():
        rules = g.rules
        if rules is None:  # a game without a rules engine has no playouts to time
            continue
        start = load_layout(setup_path(name)).position
        board = g.board(start.options)
        rng = random.Random(1)
        games = plies = 0
        t = time.perf_counter()
        while time.perf_counter() - t < seconds:
            pos = start
            for _ in range(400):
                if rules.winner(board, pos) is not None:
                    break
                moves = rules.legal_moves(board, pos)
                if not moves:
                    break
                pos = rules.play(board, pos, rng.choice(moves)).position
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
    from printables.products.laser.sheets import laser_files
    from printables.products.requests import GameRequest, LaserRequest
    req = LaserRequest.read(GameRequest(), "svg", {})
    times, size = [], 0
    for _ in range(runs):
        t = time.process_time()
        files = [f for g in GAMES.values() for f in laser_files(g, req)]
        times.append(time.process_time() - t)
        size = sum(len(data) for _, data in files)
    return {"laser_s": round(statistics.median(times), 2), "files": len(files),
            "kb": round(size / 1024)}


def kit_table(kit: dict, chess_r: dict) -> list[str]:
    """The kit's medians against targets and baselines."""
    lines = [f"{'kit all, cold process, median of ' + str(KIT_RUNS):<44}{'value':>10}  target"]
    for key, label in (("wall_s", "wall (s)"), ("cpu_s", "cpu (s)"), ("peak_mib", "peak (MiB)")):
        ok = "ok" if kit[key] <= TARGETS[key] else f"missed by {kit[key] - TARGETS[key]:.2f}"
        lines.append(f"{'  ' + label:<44}{kit[key]:>10}  <= {TARGETS[key]}  {ok}")
    lines += [f"{'  files / MB':<44}{kit['files']:>6} / {kit['mb']}",
              f"{'  wall / copying its files (x)':<44}{kit['wall_per_copy']:>10}"
              f"  (copy {kit['copy_ms']} ms)",
              f"{'8x8 board SVG / python-chess (x)':<44}{chess_r['ratio']:>10}"
              f"  ({chess_r['ours_ms']} ms vs {chess_r['python_chess_ms']} ms)"]
    return lines


def scaling_table(scaling: dict) -> list[str]:
    """Spaces against cpu ms per stage, and the fitted exponents."""
    head = ("n", "spaces", "svg ms", "pdf ms", "laser ms", "split ms", "sheets")
    lines = ["".join(f"{h:>10}" for h in head)]
    for r in scaling["rows"]:
        lines.append("".join(f"{v:>10}" for v in (
            f"{r['n']}x{r['n']}", r["spaces"], r["svg_ms"], r["pdf_ms"], r["laser_ms"],
            r["laser_split_ms"], r["split_sheets"])))
    e = scaling["exponents"]
    lines.append(f"{'exponent k (ms ~ spaces^k, n >= 16)':<20}".ljust(20)
                 + "".join(f"{e[k]:>10}" for k in ("svg_ms", "pdf_ms", "laser_ms",
                                                   "laser_split_ms")))
    return lines


def table(results: dict) -> str:
    """The results as readable text tables with targets."""
    val = results["validate"]
    lines = [f"machine: {results['machine']}", ""] + kit_table(results["kit"], results["chess"])
    lines += [f"{'validate all layouts (ms)':<44}{val['ms']:>10}  <= 1000"
              f"   ({val['files']} files, {val['checks']} checks)", "",
              f"{'kit laser files, all games (CPU s)':<44}{results['laser']['laser_s']:>10}"
              f"   ({results['laser']['files']} files, {results['laser']['kb']} KB)", "",
              "scaling: square boards, cpu ms (board 300 mm; split: 700 mm on 600 x 400 sheets)"]
    lines += scaling_table(results["scaling"]) + [
        "", f"{'board render, median of ' + str(RUNS):<28}{'svg ms':>10}{'pdf ms':>10}"
            f"{'playouts/s':>12}{'plies/s':>10}"]
    for name, r in results["render"].items():
        p = results["playouts"][name]
        lines.append(f"{name:<28}{r['svg_ms']:>10}{r['pdf_ms']:>10}{p['playouts_per_s']:>12}"
                     f"{p['plies_per_s']:>10}")
    pr = results["paired"]
    lines += ["", f"paired with the fixed reference, median of {PAIRED_RUNS} pairs:",
              f"{'  cold kit all / reference (wall)':<44}{pr['ratio']:>10}  <= 3.0"
              f"  ({pr['kit_wall_s']} s vs {pr['reference_wall_s']} s; kit cpu "
              f"{pr['kit_cpu_s']} s, peak {pr['kit_peak_mib']} MiB)",
              f"{'  unchanged rerun / cold kit all (wall)':<44}{pr['rebuild_share']:>10}"
              f"  <= 0.10  ({pr['rebuild_wall_s']} s)",
              f"{'  --watch: save to new board.png (s)':<44}"
              + ", ".join(f"{k} {v}" for k, v in results["watch"].items()) + "  < 1"]
    lines += ["", f"{'output kind':<28}{'min KB':>10}{'max KB':>10}"]
    for kind, s in results["kit"]["sizes_kb"].items():
        lines.append(f"{kind:<28}{s['min']:>10}{s['max']:>10}")
    return "\n".join(lines)


def main() -> None:
    """Run every benchmark, print the tables, write results.json."""
    sys.path.insert(0, str(ROOT))
    bytecode = tempfile.TemporaryDirectory()
    use_bytecode_cache(Path(bytecode.name))
    results = {"machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                          f"{platform.python_version()}, load {os.getloadavg()[0]:.1f}",
               "kit": bench_kit(), "chess": bench_chess(), "validate": bench_validate(),
               "scaling": bench_scaling(), "render": bench_render(),
               "playouts": bench_playouts(), "laser": bench_laser(),
               "paired": bench_paired(), "watch": bench_watch()}
    bytecode.cleanup()
    print(table(results))
    (HERE / "results.json").write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
