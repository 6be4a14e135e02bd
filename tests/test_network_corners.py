"""Network's corner cells (issue 12): named spaces a position file may name, where no stone
may ever stand, kept out of every count of usable spaces and exported as their own kind."""

from __future__ import annotations

import json

import pytest

from printables.games import GAMES, Piece, Position
from printables.games.model import first_problem
from printables.positions import load_layout_text, parse_move

GAME = GAMES["network"]
CORNERS = {8: ("a1", "h1", "a8", "h8"), 10: ("a1", "j1", "a10", "j10"),
           12: ("a1", "l1", "a12", "l12")}
#: Ten Black stones, no two touching, none in White's goals: Black is in the move phase.
MOVING = ["b2", "d2", "f2", "b4", "d4", "f4", "b6", "d6", "f6", "c8"]


def layout(body: str, options: str = "") -> str:
    return f'game = "network"\ntitle = "t"\nto_move = "black"\n{options}\n{body}'


@pytest.mark.parametrize("n", [8, 10, 12])
def test_corners_are_named_spaces_of_their_own_kind_outside_the_usable_count(n):
    board = GAME.board({"size": n})
    assert {s.name for s in board.spaces if s.kind == "corner"} == set(CORNERS[n])
    usable = [s for s in board.spaces if s.kind == "cell"]
    assert len(usable) == n * n - 4  # 60 on 8x8
    for corner in CORNERS[n]:
        assert board.has(corner)
        assert board.neighbours(corner) == ()
        assert all(corner not in board.neighbours(s.name) for s in usable)


def test_json_export_gives_the_corners_their_own_kind(cli, tmp_path):
    code, _, err = cli("board", "network", "--format", "json", "-o", tmp_path)
    assert code == 0, err
    data = json.loads((tmp_path / "network-board.json").read_text())
    kinds = {s["name"]: s["kind"] for s in data["spaces"]}
    assert sorted(n for n, k in kinds.items() if k == "corner") == ["a1", "a8", "h1", "h8"]
    assert sum(k == "cell" for k in kinds.values()) == 60
    b1 = next(s for s in data["spaces"] if s["name"] == "b1")
    assert "a1" not in b1["neighbours"]["orthogonal"]


@pytest.mark.parametrize("n", [8, 10, 12])
def test_a_drop_on_a_corner_is_illegal_not_an_unknown_space(cli, tmp_path, n):
    checks = "".join(f'[[check]]\nmove = "+{c}"\nlegal = false\n\n' for c in CORNERS[n])
    f = tmp_path / "corner-drop.toml"
    f.write_text(layout("[pieces]\nblack = []\nwhite = []\n\n" + checks,
                        f"options = {{ size = {n} }}"))
    code, out, err = cli("validate", f)
    assert code == 0, out + err
    assert out.strip().splitlines()[-1] == "4 passed, 0 failed"


def test_a_move_onto_a_corner_is_illegal(cli, tmp_path):
    f = tmp_path / "corner-move.toml"
    black = ", ".join(f'"{s}"' for s in MOVING)
    f.write_text(layout(f'[pieces]\nblack = [{black}]\nwhite = ["e5"]\n\n'
                        '[[check]]\nlegal = true\n\n'
                        '[[check]]\nmove = "b2-a1"\nlegal = false\n\n'
                        '[[check]]\nmove = "b2-b1"\nlegal = true\n'))
    code, out, err = cli("validate", f)
    assert code == 0, out + err
    board = GAME.board()
    p = Position("network", "black", {s: Piece("black", "stone") for s in MOVING}
                 | {"e5": Piece("white", "stone")}, GAME.options({}))
    assert parse_move(GAME, board, "b2-a1") not in GAME.rules.legal_moves(board, p)


def test_a_stone_standing_on_a_corner_makes_the_position_illegal():
    text = layout('[pieces]\nblack = ["a1"]\nwhite = []\n\n[[check]]\nlegal = false\n')
    lay = load_layout_text(text, "corner.toml")
    problem = first_problem(GAME.rules, lay.board, lay.position)
    assert problem is not None and "corner" in problem
