"""Benchmark: a cold single-product command against a script that loads only that product's
build. Run `python benchmarks/single_product.py` from the repository; prints a table and
writes benchmarks/single_product.json.

For each product, in turns, RUNS pairs of cold processes on the game network:
- the command, `python -m printables PRODUCT network --format FMT -o TMP`;
- the reference, `python -c SCRIPT`: the script imports the games, the product's request
  type and the module of its build (the product table names it) and nothing else, reads the
  same request and writes the same files (checked byte for byte after every pair).
Each row gives the medians of cpu seconds (user + system, wait4 rusage) and the median of
the per-pair ratios command / reference; the target is a ratio of at most TARGET. Cpu rather
than wall, and ratios of neighbouring runs, so a busy machine shows as noise, not as a
slower program. The processes run with a bytecode cache of this run (PYTHONPYCACHEPREFIX),
filled by one untimed pair first, as an installed program has its modules compiled.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from printables.products.registry import PRODUCTS  # noqa: E402  (the checkout's table)

RUNS = 15
TARGET = 1.2
GAME = "network"

#: The reference: only what one product's build needs, the same request, the same files.
SCRIPT = """
import sys
from pathlib import Path
from printables.games import get_game
from printables.products.requests import GameRequest, {request}
from {module} import {function}
game = get_game({game!r})
request = {request}.read(GameRequest.from_texts(game), {fmt!r}, {{}})
for name, data in {function}(game, request):
    (Path(sys.argv[1]) / name).write_bytes(data)
"""


def formats() -> dict[str, str]:
    """Product -> the format it is timed in (board: svg, the issue's case; else its first)."""
    return {name: "svg" if name == "board" else p.formats()[0] for name, p in PRODUCTS.items()}


def reference(product: str, fmt: str) -> str:
    """The reference script of a product."""
    p = PRODUCTS[product]
    module, _, function = p.builder.partition(":")
    return SCRIPT.format(request=p.request.__name__, module=module, function=function,
                         game=GAME, fmt=fmt)


def cpu(args: list[str]) -> float:
    """One cold process's cpu seconds (user + system); it must succeed."""
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            raise SystemExit(f"{' '.join(args[:4])} failed: {err.read().decode().strip()}")
    return usage.ru_utime + usage.ru_stime


def files(folder: Path) -> dict[str, bytes]:
    """Every file in folder, name -> bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def pair(product: str, fmt: str, tmp: Path, i: int) -> tuple[float, float]:
    """(command cpu, reference cpu) of one pair; SystemExit if their files differ."""
    out_cmd, out_ref = tmp / f"{product}-cmd-{i}", tmp / f"{product}-ref-{i}"
    out_ref.mkdir()
    a = cpu([sys.executable, "-m", "printables", product, GAME, "--format", fmt,
             "-o", str(out_cmd)])
    b = cpu([sys.executable, "-c", reference(product, fmt), str(out_ref)])
    if files(out_cmd) != files(out_ref):
        raise SystemExit(f"{product}: the command and the reference wrote different files")
    return a, b


def bench(product: str, fmt: str, tmp: Path) -> dict:
    """RUNS pairs of one product (after one untimed pair): medians and the ratio."""
    pair(product, fmt, tmp, 0)
    runs = [pair(product, fmt, tmp, i) for i in range(1, RUNS + 1)]
    med = statistics.median
    ratio = med(a / b for a, b in runs)
    return {"product": product, "format": fmt, "command_cpu_s": round(med(a for a, _ in runs), 3),
            "reference_cpu_s": round(med(b for _, b in runs), 3), "ratio": round(ratio, 3),
            "ok": ratio <= TARGET}


def main() -> None:
    """Time every product, print the table, write single_product.json."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        os.environ["PRINTABLES_CACHE"] = str(Path(tmp) / "cache")
        load_before = os.getloadavg()[0]
        for product, fmt in formats().items():
            rows.append(bench(product, fmt, Path(tmp)))
        load_after = os.getloadavg()[0]
    print(f"cold single-product commands on {GAME}, cpu s, median of {RUNS} pairs "
          f"(load {load_before:.2f} -> {load_after:.2f}); target ratio <= {TARGET}")
    print(f"{'product':<16}{'format':<8}{'command':>9}{'reference':>11}{'ratio':>8}")
    for r in rows:
        print(f"{r['product']:<16}{r['format']:<8}{r['command_cpu_s']:>9.3f}"
              f"{r['reference_cpu_s']:>11.3f}{r['ratio']:>8.2f}{'' if r['ok'] else '  over'}")
    result = {"python": platform.python_version(), "machine": platform.machine(),
              "cpus": os.cpu_count(), "load": [round(load_before, 2), round(load_after, 2)],
              "runs": RUNS, "target": TARGET, "rows": rows}
    (HERE / "single_product.json").write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
