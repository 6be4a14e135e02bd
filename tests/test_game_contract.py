"""The game contract: every built-in game's rules engine is one GameSpec.rules, a placement
strategy reads and counts positions from the game's own components, and the hints products
use (kit order, --size as cells) come from what the game gives, not from its name."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from printables.errors import LayoutError, MoveSyntaxError
from printables.gamefile import load_game_file
from printables.games import GAMES, Component, Move, Rules, first_problem
from printables.games.model import OnSpaces, Stacks
from printables.positions import (
    Layout,
    _Reader,
    bundled_layouts,
    bundled_rules,
    format_move,
    game_content,
    load_layout_text,
    parse_move,
    read_position,
    setup_path,
)
from printables.products.kit import kit_requests
from printables.products.kit_build import work_plan
from printables.products.variant import read_variant, size_counts_cells

HOOKS = [name for name in Rules.__dict__ if not name.startswith("_")]


def test_the_rules_contract_names_the_six_hooks():
    assert sorted(HOOKS) == ["format_move", "legal_moves", "normalize_move", "play",
                             "position_problems", "winner"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_built_in_game_has_a_whole_engine(name):
    game = GAMES[name]
    assert game.rules is not None
    assert all(callable(getattr(game.rules, hook)) for hook in HOOKS)
    layout = load_layout_text(setup_path(name).read_text(), str(setup_path(name)))
    board = game.board(layout.position.options)
    assert first_problem(game.rules, board, layout.position) is None
    assert game.rules.legal_moves(board, layout.position)


def _evl_with(pieces: int, markers: int):
    """EVL as a game whose components count other numbers of pieces and markers."""
    evl = GAMES["evl"]
    return replace(evl, components=lambda options: tuple(
        c for side in evl.sides for c in (
            Component(side, "piece", pieces, f"piece-{side}", f"{side} piece", "heptagon"),
            Component(side, "marker", markers, f"marker-{side}", f"{side} marker",
                      "pentagon"))))


def _read(game, text):
    """The position of a position file's text, read for game."""
    return read_position(_Reader("x.toml", text), game, tomllib.loads(text))


def test_stack_counts_come_from_the_games_components():
    text = 'to_move = "black"\n[stacks]\nA1 = "bbb"\nA2 = "bb"\n'
    assert _read(GAMES["evl"], text).hand == {"black": 23, "white": 28}
    assert _read(_evl_with(9, 2), text).hand == {"black": 4, "white": 9}
    with pytest.raises(LayoutError, match="black has 5 pieces .* the game has 4"):
        _read(_evl_with(4, 2), text)
    markers = 'to_move = "black"\n[markers]\nAB1 = "white"\nAB2 = "white"\nAB3 = "white"\n'
    assert _read(_evl_with(9, 3), markers).markers["AB3"] == "white"
    with pytest.raises(LayoutError, match="white has more than 2 markers"):
        _read(_evl_with(9, 2), markers)


def test_each_game_reads_only_the_tables_of_its_placement():
    assert isinstance(GAMES["evl"].placement, Stacks)
    assert all(isinstance(g.placement, OnSpaces) for n, g in GAMES.items() if n != "evl")
    with pytest.raises(LayoutError, match=r"'stacks' is not for Dugi; it uses \[pieces\]"):
        _read(GAMES["dugi"], 'to_move = "black"\n[stacks]\na1 = "b"\n')
    with pytest.raises(LayoutError, match=r"'pieces' is not for EVL; it uses \[stacks\] and"):
        _read(GAMES["evl"], 'to_move = "black"\n[pieces]\nblack = ["A1"]\n')


def test_a_game_without_an_engine_uses_the_plain_notation():
    plain = replace(GAMES["evl"], rules=None)
    board = plain.board()
    with pytest.raises(MoveSyntaxError):
        parse_move(plain, board, "B2-B4,A4-A5")  # comma runs are EVL's notation only
    move = parse_move(GAMES["evl"], board, "B2-B4,A4-A5")
    assert format_move(plain, board, move) == "B2-B3-B4-A4-A5"
    assert format_move(GAMES["evl"], board, move) == "B2-B4,A4-A5"
    assert format_move(plain, board, Move(path=("a7", "b6"), take="c3")) == "a7-b6 xc3"


def test_the_kit_starts_with_the_heaviest_laser_files():
    plan = work_plan(kit_requests(sorted(GAMES)))
    assert (plan[0].game, plan[0].paper, plan[0].part) == ("rosenkreuz", "A4", "laser")  # 28
    # roses and crosses as line art
    assert len(plan) == 2 * len(GAMES)


def test_size_counts_cells_where_the_game_has_a_whole_number_size_option():
    assert {n for n, g in GAMES.items() if size_counts_cells(g)} == {"dag-en-nacht", "network"}
    assert read_variant(GAMES["network"], "10")[0]["size"] == 10
    assert read_variant(GAMES["dugi"], "250")[1] == 250.0


def test_a_games_texts_are_the_game_files_own_else_the_bundled_ones():
    dugi = game_content(GAMES["dugi"])
    assert dugi.rules == bundled_rules() / "dugi.md"
    assert dugi.setup == bundled_layouts() / "dugi" / "setup.toml"
    assert dugi.examples and all(p.parent.name == "dugi" and p.name != "setup.toml"
                                 for p in dugi.examples)
    orbit = load_game_file(Path(__file__).resolve().parents[1] / "examples" / "orbit.toml")
    own = game_content(orbit)
    assert own.rules == orbit.rules_file and own.examples == orbit.example_files
    assert isinstance(own.setup, Layout) and own.setup.position == orbit.setup_position
