"""Positions are values: frozen mappings, equal and hashed by content, pickled as themselves;
engines report every reason a position cannot occur, the first of them as before."""

from __future__ import annotations

import copy
import pickle

import pytest

from printables.games import GAMES, Piece, Position
from printables.games.model import first_problem
from printables.positions import bundled_layouts, load_layout, position_problems

MAPPINGS = ("pieces", "options", "stacks", "markers", "hand", "state")


def test_position_mappings_are_read_only_copies():
    pieces = {"a1": Piece("black", "stone")}
    pos = Position("dugi", "black", pieces=pieces)
    pieces["b2"] = Piece("white", "stone")  # the caller's dict is not the position's
    assert "b2" not in pos.pieces
    for name in MAPPINGS:
        with pytest.raises(TypeError):
            getattr(pos, name)["x"] = 1
    with pytest.raises(TypeError):
        pos.pieces.update({"c3": Piece("white", "stone")})
    with pytest.raises(TypeError):
        del pos.pieces["a1"]


def test_positions_hash_by_content():
    a = Position("dugi", "black", pieces={"a1": Piece("black", "stone")}, title="one")
    b = Position("dugi", "black", pieces={"a1": Piece("black", "stone")}, title="two")
    c = a.with_(to_move="white")
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert len({a, b, c}) == 2


def test_positions_pickle_and_copy_as_themselves():
    pos = load_layout(bundled_layouts() / "evl" / "setup.toml").position
    for twin in (pickle.loads(pickle.dumps(pos)), copy.deepcopy(pos), copy.copy(pos)):
        assert twin == pos and hash(twin) == hash(pos)
        with pytest.raises(TypeError):
            twin.stacks["x"] = "b"


def test_every_bundled_position_first_problem_is_position_problem():
    files = sorted(bundled_layouts().glob("*/*.toml"))
    assert len(files) >= 20
    for path in files:
        layout = load_layout(path)
        game = GAMES[layout.position.game]
        board = layout.board or game.board(layout.position.options)
        problems = position_problems(game, board, layout.position)
        assert first_problem(game.rules, board, layout.position) == (problems[0] if problems
                                                                 else None), path


def test_position_problems_lists_every_reason():
    game = GAMES["network"]
    board = game.board()
    stones = {f"{c}{r}": Piece("black", "stone") for c in "bcdefg" for r in "234"}
    pos = Position("network", "black", pieces=stones, state={"swapped": 3})
    problems = position_problems(game, board, pos)
    assert problems[0] == first_problem(game.rules, board, pos)
    assert any("stones; each player has" in p for p in problems)
    assert any("in one group" in p for p in problems)
    assert "state.swapped must be true or false" in problems
    assert position_problems(game, board, Position("network", "black")) == ()


def test_board_index_is_a_declared_field():
    import dataclasses
    board = GAMES["dugi"].board()
    fields = {f.name: f for f in dataclasses.fields(board)}
    assert not fields["_index"].init and not fields["_names"].init
    assert board.has(board.names[0]) and board.space(board.names[0]).name == board.names[0]
