"""The layout reader: positions from TOML, and one clear error per bad input."""

from __future__ import annotations

import pytest

from printables.errors import LayoutError
from printables.games import GAMES, Move, Piece
from printables.positions import load_layout_text, parse_move

GOOD = '''
game = "rosenkreuz"
title = "A quiet opening"
to_move = "rose"
[pieces.rose]
dark = ["a1", "c1"]
light = ["b1"]
[pieces.cross]
dark = ["a7"]

[[check]]
move = "c1-c2"
legal = true
'''


def test_reads_pieces_by_kind():
    lay = load_layout_text(GOOD, "good.toml")
    assert lay.position.pieces == {"a1": Piece("rose", "dark"), "c1": Piece("rose", "dark"),
                                   "b1": Piece("rose", "light"), "a7": Piece("cross", "dark")}
    assert lay.position.title == "A quiet opening"
    assert lay.checks[0].move == Move(path=("c1", "c2"))


@pytest.mark.parametrize("bad,line,words", [
    (GOOD.replace('"c1"]', '"c9"]'), 6, "unknown space 'c9'"),
    (GOOD.replace("[pieces.cross]", "[pieces.crux]"), 8, "unknown side 'crux'"),
    (GOOD.replace("light = [", "medium = ["), 7, "unknown kind 'medium'"),
    (GOOD.replace('to_move = "rose"', 'to_move = "rose'), 4, "bad TOML"),
    (GOOD.replace('"c1-c2"', '"c1--c2"'), 12, "does not parse"),
    (GOOD.replace('game = "rosenkreuz"', 'game = "rosenkruez"'), 2, "did you mean 'rosenkreuz'"),
])
def test_errors_name_file_line_and_value(bad, line, words):
    with pytest.raises(LayoutError) as e:
        load_layout_text(bad, "bad.toml")
    assert words in str(e.value)
    assert str(e.value).startswith(f"bad.toml:{line}: ")
    assert "\n" not in str(e.value)


def test_too_many_pieces_of_a_kind():
    names = ", ".join(f'"{f}{r}"' for f in "abcd" for r in (3, 4))
    with pytest.raises(LayoutError, match="8 dark Roses on the board; the game has 7"):
        load_layout_text(GOOD.replace('dark = ["a1", "c1"]', f"dark = [{names}]"), "x.toml")


def test_move_parser_rejects_unknown_spaces():
    g = GAMES["network"]
    with pytest.raises(LayoutError, match="unknown space 'i9'"):
        parse_move(g, g.board(), "+i9")
    assert parse_move(g, g.board(), "+b1") == Move(path=("b1",), drop=True)
    # the crossed-out corner is a named space: the move parses (the engine refuses it)
    assert parse_move(g, g.board(), "+a1") == Move(path=("a1",), drop=True)


def test_duplicate_space_points_at_the_second_mention():
    text = GOOD.replace('dark = ["a7"]', 'dark = ["b1"]')
    with pytest.raises(LayoutError, match=r"^x.toml:9: space 'b1' holds two pieces"):
        load_layout_text(text, "x.toml")


def test_toml_error_at_end_of_file_names_the_last_line():
    with pytest.raises(LayoutError, match=r"^x.toml:3: bad TOML"):
        load_layout_text('game = "dugi"\nto_move = "black"\nblack = ["a1",\n', "x.toml")
