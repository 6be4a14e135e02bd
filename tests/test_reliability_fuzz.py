"""Fuzzed game files through the real CLI, in-process: 3,000 by default (set
PRINTABLES_GAMEFILE_FUZZ=30000 for a bigger run; the generator is seeded, so a run is
repeatable, and PRINTABLES_GAMEFILE_FUZZ_SEED picks another seed).

Each file is the matrix's good game file with random damage: values swapped for values of
every type (huge, empty, nested, unhashable, paths out of the folder, FIFOs), lines
dropped, duplicated or cut. Every one goes through `validate` (which reads the game file,
its rules path and its examples) and every tenth also through `board --format json`. The
contract: exit 0 or 2 (1 for validate's failed claims), never a traceback, every stderr
line ours and at most ~300 characters, no run longer than 2 s (a SIGALRM stops a hang),
and on exit 2 no file written.
"""

from __future__ import annotations

import json
import os
import random
import signal
import time

import pytest

from printables.errors import MAX_LINE
from tests.conftest import run_cli
from tests.test_reliability_matrix import BIG, GOOD, Hang, _alarm, make_world

pytestmark = pytest.mark.slow

COUNT = int(os.environ.get("PRINTABLES_GAMEFILE_FUZZ", "3000"))
SEED = int(os.environ.get("PRINTABLES_GAMEFILE_FUZZ_SEED", "22"))
MAX_SECONDS = 2.0

SCALARS = [True, False, 0, 1, -1, 4, 26, 27, 500, 501, 2**63 - 1, 1.5, "", " ", "a1", "d4",
           "z9", "black", "white", "red", "stone", "stone-black", "square", "hex", "rings",
           "map", "checker", "spiral", "goal.black", "goal.nobody", "20mm", "0mm", "-5mm",
           "1e9mm", "nan", "g.md", "/etc/passwd", "../../etc/passwd", "/proc/self/environ",
           "ex/*.toml", "/*/*.toml", "**/*", "../*", "fifo", "zero", "ex/../../*", "\u0661",
           "\x1b[31m", "a\nb", "dugi", "x" * 300, BIG[:5000]]


def toml(value) -> str:
    """A value in TOML's inline syntax."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"


def value(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if roll < 0.6 or depth > 2:
        return rng.choice(SCALARS)
    if roll < 0.85:
        return [value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(["a", "side", "kind", "x"]): value(rng, depth + 1)
            for _ in range(rng.randint(0, 2))}


def damaged(rng: random.Random) -> str:
    """GOOD with one to four random changes."""
    lines = GOOD.splitlines()
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        kind = rng.random()
        if kind < 0.55 and "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {toml(value(rng))}"
        elif kind < 0.7:
            del lines[i]
        elif kind < 0.8:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind < 0.9:
            lines.insert(i, f"{rng.choice(['x', 'colour', 'rules', 'dead', 'label'])} = "
                            f"{toml(value(rng))}")
        else:
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
        if not lines:
            break
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """One game folder, with a FIFO and a /dev/zero link for the paths to name."""
    root = tmp_path_factory.mktemp("fuzz")
    game = make_world(root)
    os.mkfifo(game.parent / "fifo")
    (game.parent / "zero").symlink_to("/dev/zero")
    return root, game


def run(args: list[str], capsys) -> tuple[int, str, float]:
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, MAX_SECONDS * 5)
    start = time.perf_counter()
    try:
        code, _, err = run_cli(args, capsys)
    except Hang:
        pytest.fail(f"{args} did not finish in {MAX_SECONDS * 5} s")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return code, err, time.perf_counter() - start


def test_fuzzed_game_files(world, capsys):
    from printables import gamefile
    from printables.games import REGISTERED
    root, game = world
    out = root / "out"
    rng = random.Random(SEED)
    saved, seen = dict(REGISTERED), {0: 0, 1: 0, 2: 0}
    try:
        for n in range(COUNT):
            text = damaged(rng)
            game.write_text(text)
            commands = [["validate", str(game)]]
            if n % 10 == 0:
                commands.append(["board", str(game), "--format", "json", "-o", str(out)])
            for args in commands:
                code, err, took = run(args, capsys)
                where = f"case {n} ({args[0]}):\n{text[:2000]}"
                assert code in (0, 1, 2), where
                assert "Traceback" not in err and all(
                    line.startswith("printables: ") and len(line) <= MAX_LINE + 40
                    for line in err.splitlines()), f"{where}\n{err}"
                assert took < MAX_SECONDS, f"{where}\ntook {took:.1f} s"
                if code == 2 and args[0] == "board":
                    assert not out.exists() or not any(out.iterdir()), where
                seen[code] += 1
                if out.exists():
                    for p in out.iterdir():
                        p.unlink()
            REGISTERED.clear()
            REGISTERED.update(saved)
            gamefile._LOADED.clear()
    finally:
        REGISTERED.clear()
        REGISTERED.update(saved)
    assert seen[2] > COUNT // 2 and seen[0] > 0, seen  # both paths were exercised
    assert sorted(p.name for p in game.parent.iterdir()) == ["ex", "fifo", "g.md", "g.toml",
                                                              "zero"]
