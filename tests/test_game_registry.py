"""The game registry: register(), game files by path, and the template game's contract."""

from __future__ import annotations

import pytest

from printables.errors import UsageError
from printables.games import GAMES, REGISTERED, all_games, get_game, register

#: The name the template game is registered under here: not "four", which a contributor
#: following CONTRIBUTING may give a built-in copy of the template.
NAME = "template-four"


@pytest.fixture
def four():
    from dataclasses import replace

    from printables.games._template import GAME
    yield register(replace(GAME, name=NAME))
    REGISTERED.pop(NAME, None)


def test_a_registered_game_is_found_by_name_and_checked_by_its_engine(four):
    from printables.positions import check_layout, load_layout_text
    assert get_game(NAME) is four and NAME in all_games() and NAME not in GAMES
    layout = load_layout_text('''game = "template-four"
to_move = "black"
[pieces]
black = ["a1", "b2", "c3"]
white = ["a2", "a3", "a4"]
[[check]]
move = "+d4"
winner = "black"
[[check]]
legal_moves = 19
''')
    assert [r.ok for r in check_layout(layout)] == [True, True]


def test_a_registered_game_gets_a_board_and_pieces(four, tmp_path, capsys):
    from tests.conftest import run_cli
    code, out, err = run_cli(["board", NAME, "--format", "json", "-o", str(tmp_path)], capsys)
    assert code == 0, err
    code, out, err = run_cli(["pieces", NAME, "-o", str(tmp_path)], capsys)
    assert code == 0, err


def test_a_built_in_name_cannot_be_taken():
    from dataclasses import replace

    from printables.games._template import GAME
    with pytest.raises(UsageError, match="built-in game"):
        register(replace(GAME, name="dugi"))


def test_unknown_names_mention_game_files():
    with pytest.raises(UsageError, match="game file"):
        get_game("nonesuch")
