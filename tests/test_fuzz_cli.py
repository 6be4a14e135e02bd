"""Position files and game files fuzzed through the real command line, in-process: 0
tracebacks (issue 35).

Sizes (hypothesis; tests/conftest.py loads the profile): by default a small run (100
position files through `validate`, 10 through `setup --layout` and 10 through `play
--layout`, 60 game files), with PRINTABLES_HYPOTHESIS=thorough the full one: 5,000
position files through `validate`, 250 through `setup --layout` and 250 through `play
--layout`, and 3,000 game files through `validate` (every tenth also through `board
--format json`). .ci/run runs the thorough size: about 65 s of cpu (measured: 292 s of
wall time on two cores loaded ten deep; a little over a minute on quiet ones).

Position files are the real keys with random values (to_move included: tables and lists
were tracebacks), and random damage. Game files are a good game file with one to four
random changes: values swapped for values of every type (huge, empty, nested, paths out of
the folder, a FIFO, /dev/zero), lines dropped, duplicated or cut.

The contract for every run: exit 0, 1 or 2 (0 or 2 where no claim is checked), never a
traceback, every stderr line ours (`printables: ...`, at most ~300 characters), no run
longer than a few seconds (a SIGALRM stops a hang), and on exit 2 no file written.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.errors import MAX_LINE
from printables.games import GAMES
from printables.positions import AFTER_KEYS, CHECK_KEYS, TOP_KEYS
from tests.conftest import run_cli
from tests.test_reliability_matrix import BIG, GOOD, Hang, _alarm, make_world

pytestmark = pytest.mark.slow
EXAMPLES = settings().max_examples  # the profile's, loaded by tests/conftest.py
THOROUGH = EXAMPLES >= 10_000
#: position files through validate: 5,000 in the thorough run, the profile's by default
POSITIONS = 5_000 if THOROUGH else EXAMPLES
#: game files: 3,000 in the thorough run, 60 in the default one
GAME_FILES = 3_000 if THOROUGH else 60
#: position files also drawn by `setup --layout` and by `play --layout`
DRAWN = max(POSITIONS // 20, 10)
#: seconds a single run may take before the SIGALRM calls it a hang
HANG = 10.0

JUNK_KEYS = ["x", "colour", "note", "explain", "size", "pie", "target", "passes", "swapped",
             "lone_general_moves", "black_alternating", "", "a.b", "\u00e9", "1"]
OPTION_KEYS = sorted({k for g in GAMES.values() for k in g.default_options})
STATE_KEYS = sorted({k for g in GAMES.values() for k in g.state_types})
SPACES = ["a1", "a2", "b2", "d4", "h8", "s19", "A1", "B4", "AB3", "CD6", "c3c4", "ne", "g5",
          "zz", "", "a0"]
ODD_TEXT = ["", " ", "\u00e9", "\u0661", "\uff11", "\u00b2", "\n", "\x1b[31m", "a\u0000b",
            "x" * 300, "1/0", "-", "+", "="]


def toml(value) -> str:
    """A value in TOML's inline syntax."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(max(min(value, 2**63 - 1), -2**63))
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"


def _pool() -> list[str]:
    """TOML values, written once (one draw per value keeps 10,000 examples fast): scalars,
    lists, tables, nested lists, wrong types of every kind."""
    rng = random.Random(17)
    scalars = [True, False, -3, -1, 0, 1, 2, 3, 5, 8, 10, 12, 15, 19, 28, 30, 2**63 - 1, -2**63,
               10**6, 10**6 + 1, *SPACES, *ODD_TEXT, "black", "white", "dark", "light", "none",
               "draw", "a1-a2", "+d4", "pass", "bbw", "attacker", "a1-a2 xb2 =c3"]
    values = [toml(v) for v in scalars]
    for _ in range(150):
        values.append(toml([rng.choice(scalars) for _ in range(rng.randint(0, 3))]))
        values.append(toml({rng.choice(SPACES[:6] + JUNK_KEYS[:3]): rng.choice(scalars)
                            for _ in range(rng.randint(0, 2))}))
    values += ["[[1], []]", "[[\"a1\"]]", "{a = {b = 1}}", "1.5", "nan", "1979-05-27",
               "[\"black\"]", "{a = 1}"]
    return sorted(set(values))


VALUE_POOL = _pool()


def table(draw, keys: list[str]) -> list[str]:
    chosen = draw(st.lists(st.sampled_from(keys), max_size=4, unique=True))
    return [f"{json.dumps(k)} = {draw(st.sampled_from(VALUE_POOL))}" for k in chosen]


#: each game's real space names (a clean file puts pieces on them)
BOARD_SPACES = {name: [s.name for s in g.board().spaces] for name, g in GAMES.items()}


@st.composite
def clean_file(draw, game: str) -> tuple[str, bytes]:
    """A position file that reads: the game's own sides, kinds and spaces, a few pieces,
    sometimes a check that a move is legal (true or not): setup draws it, play plays it."""
    spec = GAMES[game]
    lines = [f'game = "{game}"', f'to_move = "{draw(st.sampled_from(list(spec.sides)))}"']
    spaces = draw(st.lists(st.sampled_from(BOARD_SPACES[game]), max_size=8, unique=True))
    for side in spec.sides:
        mine = spaces[: len(spaces) // 2] if side == spec.sides[0] else spaces[len(spaces) // 2:]
        kind = draw(st.sampled_from(list(spec.kinds[side])))
        if mine:
            lines += [f"[pieces.{side}]", f"{kind} = {toml(mine)}"]
    if draw(st.booleans()):
        move = f"{draw(st.sampled_from(BOARD_SPACES[game]))}-" \
               f"{draw(st.sampled_from(BOARD_SPACES[game]))}"
        lines += ["[[check]]", f"move = {json.dumps(move)}",
                  f"legal = {toml(draw(st.booleans()))}"]
    return game, ("\n".join(lines) + "\n").encode()


@st.composite
def layout_file(draw) -> tuple[str, bytes]:
    """(game, file): a clean file a fifth of the time (clean_file), else mostly-valid TOML
    built from the real keys, random values (to_move too, a quarter of the time), and
    random damage."""
    game = draw(st.sampled_from(sorted(GAMES) + ["chess"]))
    if game in GAMES and draw(st.integers(0, 4)) == 0:
        return draw(clean_file(game))
    spec = GAMES.get(game, GAMES["dugi"])
    mover = (draw(st.sampled_from(VALUE_POOL)) if draw(st.integers(0, 3)) == 0 else
             json.dumps(draw(st.sampled_from(list(spec.sides) + ["x"]))))
    lines = [f'game = "{game}"', f"to_move = {mover}"]
    lines += table(draw, [k for k in TOP_KEYS if k not in ("game", "to_move")] + JUNK_KEYS[:3])
    if draw(st.booleans()):
        lines.append("[options]")
        lines += table(draw, OPTION_KEYS + JUNK_KEYS[:2])
    if draw(st.booleans()):
        lines.append("[state]")
        lines += table(draw, STATE_KEYS + JUNK_KEYS[:2])
    side = draw(st.sampled_from(list(spec.sides) + ["nobody"]))
    kinds = spec.kinds.get(side, ("stone",))
    lines.append(f"[pieces.{side}]")
    for kind in draw(st.lists(st.sampled_from(list(kinds) + ["bogus"]), max_size=2, unique=True)):
        names = draw(st.lists(st.sampled_from(SPACES), max_size=5))
        lines.append(f"{kind} = {toml(names)}")
    for _ in range(draw(st.integers(0, 2))):
        lines.append("[[check]]")
        lines += table(draw, list(CHECK_KEYS) + JUNK_KEYS[:2])
        if draw(st.booleans()):
            lines.append("[check.after]")
            lines += table(draw, list(AFTER_KEYS) + JUNK_KEYS[:2])
    data = ("\n".join(lines) + "\n").encode()
    if draw(st.integers(0, 3)) == 0:  # damage: cut, or splice in random bytes
        i = draw(st.integers(0, len(data)))
        data = data[:i] + draw(st.binary(max_size=6)) + data[i + draw(st.integers(0, 4)):]
    return game, data


def run(args: list[str], capsys) -> tuple[int, str]:
    """The CLI in-process, stopped by SIGALRM if it hangs; (status, stderr)."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    try:
        code, _, err = run_cli(args, capsys)
    except Hang:
        pytest.fail(f"{args} did not finish in {HANG} s")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return code, err


def assert_ours(code: int, err: str, where: str = "") -> None:
    assert code in (0, 1, 2), where + err
    assert "Traceback" not in err, where + err
    assert all(line.startswith("printables: ") and len(line) <= MAX_LINE + 40
               for line in err.splitlines()), where + err
    if code == 2:
        assert "printables: error: " in err, where + err


@settings(max_examples=POSITIONS)
@given(case=layout_file())
def test_validate_survives_fuzzed_position_files(case, tmp_path, capsys):
    f = tmp_path / "fuzz.toml"
    f.write_bytes(case[1])
    assert_ours(*run(["validate", str(f)], capsys))


@settings(max_examples=DRAWN)
@given(case=layout_file())
def test_setup_survives_fuzzed_position_files(case, tmp_path, capsys):
    f = tmp_path / "fuzz.toml"
    f.write_bytes(case[1])
    out = tmp_path / "out"
    shutil.rmtree(out, ignore_errors=True)
    code, err = run(["setup", "--layout", str(f), "--format", "svg", "-o", str(out)], capsys)
    assert_ours(code, err)
    assert code in (0, 2)
    if code == 2:
        assert not out.exists() or not any(out.iterdir())


@settings(max_examples=DRAWN)
@given(case=layout_file())
def test_play_survives_fuzzed_position_files(case, tmp_path, capsys):
    game, data = case
    f = tmp_path / "fuzz.toml"
    f.write_bytes(data)
    report = tmp_path / "report.json"
    report.unlink(missing_ok=True)
    code, err = run(["play", game, "--layout", str(f), "--games", "1", "--max-plies", "50",
                     "--kernel", "reference", "-o", str(report)], capsys)
    assert_ours(code, err)
    assert code in (0, 2)
    assert (code == 0) == report.exists()


# ---------------------------------------------------------------------------- game files

SCALARS = [True, False, 0, 1, -1, 4, 26, 27, 500, 501, 2**63 - 1, 1.5, "", " ", "a1", "d4",
           "z9", "black", "white", "red", "stone", "stone-black", "square", "hex", "rings",
           "map", "checker", "spiral", "goal.black", "goal.nobody", "20mm", "0mm", "-5mm",
           "1e9mm", "nan", "g.md", "/etc/passwd", "../../etc/passwd", "/proc/self/environ",
           "ex/*.toml", "/*/*.toml", "**/*", "../*", "fifo", "zero", "ex/../../*", "\u0661",
           "\x1b[31m", "a\nb", "dugi", "x" * 300, BIG[:5000], "art.svg", "bad.svg"]


def value(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if roll < 0.6 or depth > 2:
        return rng.choice(SCALARS)
    if roll < 0.85:
        return [value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(["a", "side", "kind", "x"]): value(rng, depth + 1)
            for _ in range(rng.randint(0, 2))}


def damaged(rng: random.Random) -> str:
    """GOOD with one to four random changes (none, one time in eight: the good path must
    be taken too)."""
    lines = GOOD.splitlines()
    for _ in range(0 if rng.random() < 1 / 8 else rng.randint(1, 4)):
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
            lines.insert(i, f"{rng.choice(['x', 'colour', 'rules', 'dead', 'label', 'art'])} = "
                            f"{toml(value(rng))}")
        else:
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
        if not lines:
            break
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> Path:
    """One game folder, with a FIFO, a /dev/zero link, a good and a bad SVG for the paths
    to name; returns the game file."""
    game = make_world(tmp_path_factory.mktemp("fuzz"))
    os.mkfifo(game.parent / "fifo")
    (game.parent / "zero").symlink_to("/dev/zero")
    (game.parent / "art.svg").write_text('<svg viewBox="0 0 10 10"><circle cx="5" cy="5" '
                                         'r="4"/></svg>')
    (game.parent / "bad.svg").write_text("<svg><script>alert(1)</script></svg>")
    return game


@pytest.fixture(scope="module")
def registry():
    """The games registered before; put back after each game file (a game file registers
    its name)."""
    from printables import gamefile
    from printables.games import REGISTERED
    saved = dict(REGISTERED)

    def reset() -> None:
        REGISTERED.clear()
        REGISTERED.update(saved)
        gamefile.forget_loaded()
    yield reset
    reset()


SEEN = {0: 0, 1: 0, 2: 0}


@settings(max_examples=GAME_FILES)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzzed_game_files(seed, world, registry, capsys):
    text = damaged(random.Random(seed))
    world.write_text(text)
    out = world.parent.parent / "out"
    commands = [["validate", str(world)]]
    if seed % 10 == 0:
        commands.append(["board", str(world), "--format", "json", "-o", str(out)])
    try:
        for args in commands:
            code, err = run(args, capsys)
            assert_ours(code, err, f"{args[0]} of:\n{text[:2000]}\n")
            if code == 2 and args[0] == "board":
                assert not out.exists() or not any(out.iterdir()), text
            SEEN[code] += 1
    finally:
        registry()
        shutil.rmtree(out, ignore_errors=True)
    assert sorted(p.name for p in world.parent.iterdir()) == [
        "art.svg", "bad.svg", "ex", "fifo", "g.md", "g.toml", "zero"]


def test_both_paths_of_the_game_file_fuzz_ran():
    """The fuzzed game files reached both good and bad ends (run after the fuzz)."""
    if not SEEN[2]:
        pytest.skip("the game-file fuzz did not run in this session")
    assert SEEN[2] > GAME_FILES // 3 and SEEN[0] > 0, SEEN
