"""Examples of a game without a rules engine: the checks any notation allows (the mover's
piece on the origin, a different destination, captures of opponents' pieces), in
`validate` and in the booklet; and the order the designer gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

GAME = """rules = "r.md"
examples = EXAMPLES
[game]
name = "checks-test"
title = "Checks"
designer = "A. Tester"
sides = ["red", "blue"]
[board]
topology = "square"
files = 8
cell = "20mm"
[[component]]
side = "red"
kind = "man"
count = 8
art = "stone-black"
[[component]]
side = "blue"
kind = "man"
count = 8
art = "stone-white"
[setup]
empty = true
"""
EXAMPLE = """game = "../g.toml"
title = "TITLE"
to_move = "red"
ORDER
[pieces]
red = ["d1", "b2"]
blue = ["g7", "c3"]

[[check]]
MOVE
"""


def write(tmp_path: Path, examples: dict[str, tuple[str, str]], listed: str = '["ex/*.toml"]'
          ) -> Path:
    (tmp_path / "r.md").write_text("# Checks\n\n## Setup\n\nEmpty.\n")
    (tmp_path / "ex").mkdir(exist_ok=True)
    for name, (move, order) in examples.items():
        (tmp_path / "ex" / f"{name}.toml").write_text(
            EXAMPLE.replace("TITLE", f"Example {name}").replace("MOVE", move)
            .replace("ORDER", order))
    path = tmp_path / "g.toml"
    path.write_text(GAME.replace("EXAMPLES", listed))
    return path


@pytest.mark.parametrize("move, words", [
    ('move = "f6-f7"', "there is no piece on f6"),
    ('move = "d1-d1"', "goes from d1 to d1"),
    ('move = "g7-g6"', "the piece on g7 is blue's, but red is to move"),
    ('move = "d1-d7 xg6"', "captures on g6, which is empty"),
    ('move = "d1-d2"\ncaptures = ["b2"]', "holds red's piece, not an opponent's"),
    ('move = "+c3"', "c3 is not empty"),
])
def test_notation_checks_fail_in_validate_and_the_booklet(cli, tmp_path, move, words):
    path = write(tmp_path, {"a": (move, "")})
    code, out, err = cli("validate", path)
    assert code == 1 and "check 1: FAIL" in out and words in out, out + err
    code, _, err = cli("booklet", path, "-o", tmp_path / "out")
    assert code == 2 and words in err and err.count("\n") == 1, err
    assert not list((tmp_path / "out").glob("**/*.*"))  # no file written


@pytest.mark.parametrize("move", ['move = "d1-d7 xg7"', 'move = "+e4"',
                                  'move = "d1-d5"\nlegal = false'])
def test_moves_the_notation_allows_pass_without_a_verdict(cli, tmp_path, move):
    path = write(tmp_path, {"a": (move, "")})
    code, out, err = cli("validate", path)
    assert code == 0 and "0 passed, 0 failed" in out, out + err


@pytest.mark.parametrize("move", ['move = "d1-d1"', 'move = "f6-f7"', 'move = "+c3"',
                                  'move = "d1-d7 xg6"'])
def test_an_illegal_claim_the_notation_confirms_passes(cli, tmp_path, move):
    path = write(tmp_path, {"a": (move + "\nlegal = false", "")})
    code, out, err = cli("validate", path)
    assert code == 0 and "check 1: ok" in out and "1 passed, 0 failed" in out, out + err


def booklet_titles(cli, tmp_path: Path, path: Path) -> list[str]:
    code, _, err = cli("booklet", path, "-o", tmp_path / "out")
    assert code == 0, err
    pdf = next((tmp_path / "out").glob("*booklet.pdf"))
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    found = [(text.find(f"Example {n}"), n) for n in "abc"]
    return [n for at, n in sorted(found) if at >= 0]


def test_order_key_sets_the_booklet_order(cli, tmp_path):
    path = write(tmp_path, {"a": ('move = "d1-d2"', "order = 3"),
                            "b": ('move = "d1-d3"', "order = 1"),
                            "c": ('move = "d1-d4"', "order = 2")})
    assert booklet_titles(cli, tmp_path, path) == ["b", "c", "a"]


def test_the_examples_list_order_is_kept(cli, tmp_path):
    path = write(tmp_path, {n: ('move = "d1-d2"', "") for n in "abc"},
                 listed='["ex/c.toml", "ex/a.toml", "ex/b.toml"]')
    assert booklet_titles(cli, tmp_path, path) == ["c", "a", "b"]


def test_bad_order_is_one_line(cli, tmp_path):
    path = write(tmp_path, {"a": ('move = "d1-d2"', 'order = "first"')})
    code, out, err = cli("validate", path)
    assert code == 2 and "'order' must be a whole number" in err, out + err


def test_an_illegal_claim_is_printed_as_forbidden(cli, tmp_path):
    path = write(tmp_path, {"a": ('move = "d1-d1"\nlegal = false', "")})
    code, _, err = cli("booklet", path, "-o", tmp_path / "out")
    assert code == 0, err
    pdf = next((tmp_path / "out").glob("*booklet.pdf"))
    text = " ".join(p.extract_text() for p in PdfReader(pdf).pages).replace("\n", " ")
    assert "Red may not play d1-d1." in text and "Not checked by a rules engine" in text


def test_anyone_may_move_a_neutral_piece(cli, tmp_path):
    path = write(tmp_path, {"a": ('move = "e5-e6"', "")})
    game = path.read_text().replace("[setup]", '[[component]]\nkind = "neutron"\ncount = 1\n'
                                    'art = "stone-black"\n[setup]')
    path.write_text(game)
    example = tmp_path / "ex" / "a.toml"
    neutron = '[pieces.neutral]\nneutron = ["e5"]\n\n[[check]]'
    example.write_text(example.read_text().replace("[[check]]", neutron))
    code, out, err = cli("validate", path)
    assert code == 0 and "0 failed" in out, out + err
