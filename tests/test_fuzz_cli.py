"""Position files fuzzed through the real command line (the hypothesis profile's number of
examples: 100 by default, 10,000 with PRINTABLES_HYPOTHESIS=thorough; see tests/conftest.py):
`validate` never raises, exits 0, 1 or 2, and every line it writes to stderr is one of ours,
never a traceback. A smaller run goes through
`setup --layout`, which also draws the position."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.games import GAMES
from printables.positions import AFTER_KEYS, CHECK_KEYS, TOP_KEYS
from tests.conftest import run_cli

pytestmark = pytest.mark.slow
EXAMPLES = settings().max_examples  # the profile's, loaded by tests/conftest.py

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
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + "}"


def _pool() -> list[str]:
    """TOML values, written once (one draw per value keeps 10,000 examples fast): scalars,
    lists, tables, nested lists, wrong types of every kind."""
    import random
    rng = random.Random(17)
    scalars = [True, False, -3, -1, 0, 1, 2, 3, 5, 8, 10, 12, 15, 19, 28, 30, 2**63 - 1, -2**63,
               10**6, 10**6 + 1, *SPACES, *ODD_TEXT, "black", "white", "dark", "light", "none",
               "draw", "a1-a2", "+d4", "pass", "bbw", "attacker", "a1-a2 xb2 =c3"]
    values = [toml(v) for v in scalars]
    for _ in range(150):
        values.append(toml([rng.choice(scalars) for _ in range(rng.randint(0, 3))]))
        values.append(toml({rng.choice(SPACES[:6] + JUNK_KEYS[:3]): rng.choice(scalars)
                            for _ in range(rng.randint(0, 2))}))
    values += ["[[1], []]", "[[\"a1\"]]", "{a = {b = 1}}", "1.5", "nan", "1979-05-27"]
    return sorted(set(values))


VALUE_POOL = _pool()


def table(draw, keys: list[str]) -> list[str]:
    chosen = draw(st.lists(st.sampled_from(keys), max_size=4, unique=True))
    return [f"{json.dumps(k)} = {draw(st.sampled_from(VALUE_POOL))}" for k in chosen]


@st.composite
def layout_file(draw) -> bytes:
    """Mostly-valid TOML built from the real keys, random values, and random damage."""
    game = draw(st.sampled_from(sorted(GAMES) + ["chess"]))
    spec = GAMES.get(game, GAMES["dugi"])
    lines = [f'game = "{game}"', f'to_move = "{draw(st.sampled_from(list(spec.sides) + ["x"]))}"']
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
    return data


def assert_ours(code: int, err: str) -> None:
    assert code in (0, 1, 2), err
    assert "Traceback" not in err
    assert all(line.startswith("printables: ") for line in err.splitlines()), err
    if code == 2:
        assert "printables: error: " in err


@given(data=layout_file())
def test_validate_survives_fuzzed_position_files(data, tmp_path, capsys):
    f = tmp_path / "fuzz.toml"
    f.write_bytes(data)
    code, _, err = run_cli(["validate", str(f)], capsys)
    assert_ours(code, err)


@settings(max_examples=max(EXAMPLES // 40, 10))
@given(data=layout_file())
def test_setup_survives_fuzzed_position_files(data, tmp_path, capsys):
    f = tmp_path / "fuzz.toml"
    f.write_bytes(data)
    out = tmp_path / "out"
    shutil.rmtree(out, ignore_errors=True)
    code, _, err = run_cli(["setup", "--layout", str(f), "--format", "svg", "-o", str(out)],
                           capsys)
    assert_ours(code, err)
    assert code in (0, 2)
    if code == 2:
        assert not out.exists() or not any(out.iterdir())
