"""Bad [rules] get one line: a matrix of game files, each with one mistake in its rules (a
wrong value for every key of the key table, and every contradiction the reader knows),
run through `printables board FILE -o DIR` like a user would. Each must exit with status 2
and print exactly one line that names the file and the line of the mistake, with no
traceback and nothing written. A game whose rules never end stops at the ply cap.
"""

from __future__ import annotations

import json
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from printables.gamefile.rule_keys import ENTRY_SECTIONS, RULE_KEYS, Key

#: A valid game file's head: a 5 x 5 checkered board, two sides, a neutral arrow, a king.
HEAD = """
[game]
name = "bad-rules"
title = "Bad rules"
designer = "us"
sides = ["black", "white"]
[game.options]
pie = false

[board]
topology = "square"
files = 5
cell = "20mm"
colouring = "checker"
corner = "dark"
[board.edges]
black = ["north", "south"]
white = ["east", "west"]

[[component]]
side = "black"
kind = "stone"
count = 10
art = "stone-black"
[[component]]
side = "black"
kind = "king"
count = 2
art = "stone-black"
[[component]]
side = "white"
kind = "stone"
count = 10
art = "stone-white"
[[component]]
kind = "arrow"
count = 10
art = "dot"

[setup]
empty = true
"""

#: The valid [rules] every case changes one thing in (sections -> tables or lists).
BASE: dict[str, Any] = {
    "rules": {"text": "g.md"},
    "rules.zones": {"home": ["a1", "b1"]},
    "rules.place": [{"sides": ["white"]}, {"sides": ["black"], "piece": "stone"}],
    "rules.move": [{"type": "step", "along": ["orthogonal"]}],
    "rules.capture": [{"type": "custodial", "along": ["orthogonal"]}],
    "rules.promote": [{"piece": "stone", "to": "king", "zone": "far-row"}],
    "rules.win": [{"line": 3, "along": ["orthogonal"]}],
    "rules.end": {"no_move": "draw"},
    "rules.variant": [{"if": "pie", "swap": 1}],
}


def toml_value(v: Any) -> str:
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) \
            + " }"
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return json.dumps(v)


def write_rules(rules: dict[str, Any]) -> str:
    out = []
    for section, body in rules.items():
        entries = body if isinstance(body, list) else [body]
        for entry in entries:
            out.append(f"[[{section}]]" if isinstance(body, list) else f"[{section}]")
            out += [f"{json.dumps(k) if not re.fullmatch(r'[a-z_]+', k) else k} = "
                    f"{toml_value(v)}" for k, v in entry.items()]
            out.append("")
    return "\n".join(out)


def changed(section: str, key: str, value: Any) -> dict[str, Any]:
    """BASE with key set to value in the first table of section (guards: in the move)."""
    rules = json.loads(json.dumps(BASE))
    where = "rules.move" if section == "entry" else section
    if where == "rules.move.then_place":
        rules["rules.move"][0]["then_place"] = {"piece": "arrow", key: value}
        return rules
    if where == "rules.zones":
        rules["rules.zones"]["bad"] = value
        return rules
    table = rules[where][0] if isinstance(rules[where], list) else rules[where]
    if where == "rules.variant" and key not in table:
        table.pop("swap")
    table[key] = value
    return rules


#: kind of value -> wrong values for it
WRONG: dict[str, tuple[Any, ...]] = {
    "text": (5,),
    "choice": ("nonsense", 3),
    "choices": ("nonsense", []),
    "count": (-1, "many", True),
    "bool": ("yes", 1),
    "spaces": ("nowhere", 7, "empty"),
    "relations": ("sideways", 3),
    "kind": ("dragon", 2),
    "kinds": ("dragon",),
    "compass": ("up",),
    "sides": ("green",),
    "condition": ("no-such-option", 4),
    "group": ({"size": "two", "along": ["orthogonal"]}, {"along": ["orthogonal"]}),
    "neighbours": ({"at_most": 1, "along": ["ring"]},),
    "forward": ({"green": "north"}, {"black": "up"}),
    "zone": (["nowhere"], {"green": ["a1"]}),
    "run": (0, {"at_least": 3, "at_most": 1}),
    "then_place": ("arrow", {"piece": "dragon"}, {"piece": "arrow", "type": "hop"}),
}


def key_cases() -> Iterator[tuple[str, str, Any, str]]:
    """(case id, rules text, the key the error must point at, a word the message names)."""
    for row in RULE_KEYS:
        if row.kind == "variant":
            continue
        key = "bad" if row.section == "rules.zones" else (
            "then_place" if row.section == "rules.move.then_place" else row.key)
        if row.section == "rules.move.then_place" and row.key == "piece":
            continue  # the then_place row of [[rules.move]] tries wrong pieces
        for n, value in enumerate(WRONG[row.kind]):
            if (row.section, row.key, repr(value)) in SKIP:
                continue
            yield (f"{row.section}.{row.key}-{n}", write_rules(changed(row.section, row.key,
                                                                       value)), key, row)


#: (section, key, repr(value)) of wrong values that are not wrong for that key
SKIP: set[tuple[str, str, str]] = set()

#: (case id, section -> change, the key the error points at (None: the table), a word the
#: message names)
CONTRADICTIONS: list[tuple[str, dict[str, Any], str | None, str]] = [
    ("chain on a step", {"rules.move": [{"type": "step", "along": ["orthogonal"],
                                         "chain": "optional"}]}, "chain", "hops"),
    ("distance on a step", {"rules.move": [{"along": ["orthogonal"], "distance": 2}]},
     "distance", "step"),
    ("leap without distance", {"rules.move": [{"type": "leap", "along": ["orthogonal"]}]},
     "type", "distance"),
    ("over on a slide", {"rules.move": [{"type": "slide", "along": ["orthogonal"],
                                         "over": "own"}]}, "over", "hops"),
    ("distance on a hop", {"rules.move": [{"type": "hop", "along": ["orthogonal"],
                                           "distance": 2}]}, "distance", "hop"),
    ("onto on a hop", {"rules.move": [{"type": "hop", "along": ["orthogonal"],
                                       "onto": ["enemy"]}]}, "onto", "hop"),
    ("captures over own", {"rules.move": [{"type": "hop", "along": ["orthogonal"],
                                           "over": "own", "captures": True}]}, "captures",
     "own"),
    ("move without along", {"rules.move": [{"type": "step"}]}, None, "along"),
    ("a relation the board lacks", {"rules.move": [{"along": ["ring"]}]}, "along", "ring"),
    ("run on surround", {"rules.capture": [{"type": "surround", "along": ["orthogonal"],
                                            "run": 2}]}, "run", "surround"),
    ("length on custodial", {"rules.capture": [{"type": "custodial", "along": ["orthogonal"],
                                                "length": 3}]}, "length", "custodial"),
    ("required on custodial", {"rules.capture": [{"type": "custodial",
                                                  "along": ["orthogonal"],
                                                  "required": True}]}, "required", "custodial"),
    ("hostile on outflank", {"rules.capture": [{"type": "outflank", "along": ["orthogonal"],
                                                "hostile": "home"}]}, "hostile", "outflank"),
    ("capture without type", {"rules.capture": [{"along": ["orthogonal"]}]}, None, "type"),
    ("capture without along", {"rules.capture": [{"type": "line"}]}, None, "along"),
    ("two win conditions", {"rules.win": [{"line": 3, "reach": "home",
                                           "along": ["orthogonal"]}]}, "reach", "exactly one"),
    ("no win condition", {"rules.win": [{"along": ["orthogonal"]}]}, None, "exactly one"),
    ("line without along", {"rules.win": [{"line": 3}]}, "line", "along"),
    ("exact with connect", {"rules.win": [{"connect": "edges", "along": ["orthogonal"],
                                           "exact": True}]}, "exact", "connect"),
    ("turn with line", {"rules.win": [{"line": 3, "along": ["orthogonal"], "turn": True}]},
     "turn", "line"),
    ("along with reach", {"rules.win": [{"reach": "home", "along": ["orthogonal"]}]},
     "along", "reach"),
    ("capture names own kind", {"rules.win": [{"sides": ["white"], "capture": "arrow"}]},
     "capture", "arrow"),
    ("passes without passing", {"rules.end": {"passes": 2}}, "passes", "pass"),
    ("all_stuck without passing", {"rules.end": {"all_stuck": "draw"}}, "all_stuck", "pass"),
    ("passes with when-stuck", {"rules": {"text": "g.md", "pass": "when-stuck"},
                                "rules.end": {"passes": 2}}, "passes", "any-time"),
    ("must_capture without captures", {"rules": {"text": "g.md", "must_capture": "any"},
                                       "rules.capture": []}, "must_capture", "capture"),
    ("when without a hand", {"rules.place": [], "rules.move": [
        {"along": ["orthogonal"], "when": "hand-empty"}]}, None, "hand"),
    ("shared supply without placing", {"rules": {"text": "g.md", "supply": "shared"},
                                       "rules.place": []}, "supply", "place"),
    ("nothing to do", {"rules.place": [], "rules.move": []}, None, "no way to play"),
    ("zone named far-row", {"rules.zones": {"far-row": ["a1"]}}, "far-row", "built-in"),
    ("zone naming a zone", {"rules.zones": {"home": ["a1"], "away": ["home"]}}, "away",
     "not of other zones"),
    ("place as a table", {"rules.place": {"on": "dark"}}, "place", "list of tables"),
    ("piece of a side with two kinds", {"rules.place": [{"sides": ["black"]}]}, None,
     "several kinds"),
    ("a side placing two kinds", {"rules.place": [
        {"sides": ["black"], "piece": "stone"}, {"sides": ["black"], "piece": "king"}]},
     "piece", "one kind"),
    ("promote without zone", {"rules.promote": [{"piece": "stone", "to": "king"}]}, None,
     "zone"),
    ("promote to a kind of nobody", {"rules.promote": [{"piece": "stone", "to": "queen",
                                                        "zone": "far-row"}]}, "to", "queen"),
    ("variant without if", {"rules.variant": [{"swap": 1}]}, None, "if or unless"),
    ("variant with an unknown key", {"rules.variant": [{"if": "pie", "line": 3}]}, "line",
     "unknown key"),
    ("unknown key in [rules]", {"rules": {"text": "g.md", "turns": 2}}, "turns",
     "unknown key"),
    ("unknown key in a move", {"rules.move": [{"along": ["orthogonal"], "jump": True}]},
     "jump", "unknown key"),
    ("unknown key in [rules.end]", {"rules.end": {"timeout": 3}}, "timeout", "unknown key"),
    ("swap beyond the board", {"rules": {"text": "g.md", "swap": 26}}, "swap", "spaces"),
    ("connect goals without goals", {"rules.win": [{"sides": ["black"], "connect": "goals",
                                                    "along": ["orthogonal"]}]}, "connect",
     "goal.black"),
    ("then_place leap without distance", {"rules.move": [
        {"type": "slide", "along": ["orthogonal"],
         "then_place": {"piece": "arrow", "type": "leap"}}]}, "then_place", "distance"),
    ("then_place of another side's kind", {"rules.move": [
        {"sides": ["white"], "along": ["orthogonal"],
         "then_place": {"piece": "king"}}]}, "then_place", "king"),
    ("if with a bad value type", {"rules.move": [{"along": ["orthogonal"],
                                                  "if": {"pie": [1]}}]}, "if", "pie"),
    ("rules text that is not there", {"rules": {"text": "nowhere.md"}}, "text", "nowhere"),
]


def contradiction_rules(change: dict[str, Any]) -> str:
    rules = json.loads(json.dumps(BASE))
    rules.update(change)
    return write_rules({k: v for k, v in rules.items() if v != []})


@contextmanager
def bounded(seconds: int) -> Iterator[None]:
    """Fail (not hang) if the block runs longer than seconds."""
    def stop(signum: int, frame: Any) -> None:
        raise AssertionError(f"no answer within {seconds} s: the reader hangs")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run_bad(cli, tmp_path: Path, rules: str, extra_head: str = "") -> tuple[str, Path]:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "g.md").write_text("# Bad rules\n\n## Overview\n\nA test.\n")
    path = folder / "bad.toml"
    path.write_text(HEAD.replace("[board]", extra_head + "\n[board]", 1) + "\n" + rules)
    out = tmp_path / "out"
    with bounded(120):
        code, stdout, err = cli("board", path, "-o", out)
    assert code == 2, (code, err)
    assert "Traceback" not in err and stdout == "", err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printables: error: "), err
    assert not out.exists() or not any(out.iterdir()), "something was written"
    return lines[0], path


def line_of(message: str, path: Path) -> str:
    m = re.search(re.escape(str(path)) + r":(\d+):", message)
    assert m, f"no file:line in {message}"
    return path.read_text().splitlines()[int(m.group(1)) - 1]


CASES = list(key_cases())


def test_the_matrix_has_at_least_a_hundred_files():
    assert len(CASES) + len(CONTRADICTIONS) >= 100, len(CASES) + len(CONTRADICTIONS)


@pytest.mark.parametrize(("case", "rules", "key", "row"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_value_gets_one_line_at_its_key(cli, tmp_path, case: str, rules: str, key: str,
                                              row: Key):
    message, path = run_bad(cli, tmp_path, rules)
    assert re.match(rf"^\s*\"?{re.escape(key)}\"?\s*=", line_of(message, path)), message
    section = "[[" if row.section in ENTRY_SECTIONS else "["
    assert key in message or section in message, message


@pytest.mark.parametrize(("case", "change", "key", "word"), CONTRADICTIONS,
                         ids=[c[0] for c in CONTRADICTIONS])
def test_contradictory_rules_get_one_line(cli, tmp_path, case: str, change: dict, key: str | None,
                                         word: str):
    message, path = run_bad(cli, tmp_path, contradiction_rules(change))
    assert word in message, message
    line = line_of(message, path)
    if key is not None:
        assert key in line, (line, message)


@pytest.mark.parametrize(("head", "word"), [
    ('[game.stacks]\npiece = "stone"\npiece_space = "square"\nmarker = "king"\n'
     'marker_space = "square"\nletters = { black = "b", white = "w" }\n', "stacks"),
    ('[game.state]\nquiet = "int"\n', "[game.state]"),
])
def test_game_keys_that_do_not_go_with_rules(cli, tmp_path, head: str, word: str):
    message, _ = run_bad(cli, tmp_path, write_rules(BASE), head)
    assert word in message, message


def test_a_setup_the_rules_forbid_is_refused(cli, tmp_path):
    rules = dict(BASE, **{"rules": {"text": "g.md", "no_entry": "home"}})
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "g.md").write_text("# G\n")
    path = folder / "bad.toml"
    path.write_text(HEAD.replace("[setup]\nempty = true", '[setup]\n[setup.pieces]\n'
                                 'white = ["a1"]') + "\n" + write_rules(rules))
    code, _, err = cli("board", path, "-o", tmp_path / "out")
    assert code == 2 and "[setup] is not a position of these rules" in err, err
    assert "a1" in err


@pytest.mark.slow  # plays on the compiled interpreter (minutes' compile on a cold numba folder)
def test_rules_that_never_end_stop_at_the_ply_cap(cli, tmp_path):
    rules = write_rules({"rules": {"text": "g.md"},
                         "rules.move": [{"type": "step", "along": ["orthogonal"]}],
                         "rules.end": {"max_plies": 50}})
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "g.md").write_text("# G\n")
    path = folder / "endless.toml"
    path.write_text(HEAD.replace("[setup]\nempty = true", '[setup]\n[setup.pieces]\n'
                                 'white = ["e5"]\n[setup.pieces.black]\nstone = ["a1"]')
                    + "\n" + rules)
    with bounded(120):
        code, out, err = cli("play", path, "--games", "3")
    assert code == 0, err
    assert "3 adjudicated at the ply cap of 50" in out, out
