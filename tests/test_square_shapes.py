"""Space shapes on square boards (issue #41): round pits, rounded squares and spans (a
mancala's long stores), as a player sees them and as the relations join them."""

from __future__ import annotations

from pathlib import Path

import pytest

from printables.errors import LayoutError
from printables.gamefile import game_from_text
from printables.geometry import Circle, Outline

GAME = """rules = "r.md"
[game]
title = "Pits"
designer = "A. Tester"
sides = ["south", "north"]
[board]
topology = "square"
files = 4
ranks = 2
cell = "20mm"
colouring = "plain"
BOARD
[[component]]
side = "south"
kind = "seed"
count = 4
art = "stone-white"
[[component]]
side = "north"
kind = "seed"
count = 4
art = "stone-black"
[setup]
empty = true
"""
PITS = """[board.shapes]
circle = ["b1", "c1", "b2", "c2"]
[board.spans]
west = ["a1", "a2"]
east = ["d1", "d2"]
[board.colours]
brown = ["west", "east"]
[board.kinds]
store = ["west", "east"]
"""


def game(tmp_path: Path, board: str):
    (tmp_path / "r.md").write_text("# Pits\n")
    return game_from_text(GAME.replace("BOARD", board), str(tmp_path / "pits.toml"))


def test_pits_are_circles_and_stores_span_their_cells(tmp_path):
    board = game(tmp_path, PITS).board()
    assert board.names == ("west", "b1", "c1", "east", "b2", "c2")
    assert isinstance(board.space("b1").shape, Circle)
    pit = board.space("b1").shape
    assert pit.radius < 10.0  # inside its 20 mm cell, clear of the next pit
    west = board.space("west")
    assert isinstance(west.shape, Outline) and (west.colour, west.kind) == ("brown", "store")
    assert west.room == pytest.approx(20.0)
    assert west.anchor.y == pytest.approx((board.space("b1").anchor.y
                                           + board.space("b2").anchor.y) / 2)


def test_a_span_joins_what_its_cells_joined(tmp_path):
    board = game(tmp_path, PITS).board()
    assert set(board.neighbours("west", "orthogonal")) == {"b1", "b2"}
    assert "west" in board.neighbours("b1", "orthogonal")
    assert set(board.neighbours("west", "diagonal")) == {"b1", "b2"}
    assert not any(n in ("a1", "a2", "d1", "d2") for s in board.names
                   for n in board.neighbours(s))


def test_files_with_no_cell_lose_their_letters_and_stores_print_their_names(tmp_path):
    board = game(tmp_path, PITS).board()
    texts = [lb.text for lb in board.labels]
    assert "a" not in texts and "d" not in texts and texts.count("b") == 2
    assert "west" in texts and "east" in texts


def test_rounded_squares(tmp_path):
    board = game(tmp_path, "[board.shapes]\nrounded = [\"a1\"]\n").board()
    assert isinstance(board.space("a1").shape, Outline)
    assert len(board.space("a1").shape.parts) == 8


@pytest.mark.parametrize("table, words", [
    ("[board.spans]\nwest = [\"a1\", \"b2\"]\n", "one rectangle"),
    ("[board.spans]\nwest = [\"a1\", \"a2\"]\neast = [\"a2\", \"b2\"]\n", "already in span"),
    ("[board.spans]\nb1 = [\"a1\", \"a2\"]\n", "not a cell's name"),
    ("[board.spans]\nwest = [\"a1\", \"z2\"]\n", "not a cell of this board"),
    ("[board.shapes]\nhexagon = [\"a1\"]\n", "valid: square, circle, rounded"),
    ("[board.spans]\nwest = [\"a1\", \"a2\"]\n[board.colours]\nred = [\"a1\"]\n",
     "'a1', which is not a cell"),
])
def test_bad_shapes_and_spans_are_one_line(tmp_path, table, words):
    with pytest.raises(LayoutError) as e:
        game(tmp_path, table)
    assert words in e.value.message and e.value.line is not None
