"""A points board's lines and joins declared apart, its curves, guide and dead points and
kinds, and the coordinates every points board prints (issue #41): what a player reads off
the board and what a rules engine reads off its relations."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from printables.boards.point_lines import CurveSpec, Extras
from printables.boards.points import grid_points, points_board
from printables.boards.triangle import triangle_board
from printables.errors import LayoutError, UsageError
from printables.gamefile import game_from_text
from printables.products.board_sheet import board_json

HEAD = """rules = "r.md"
[game]
title = "Points"
designer = "A. Tester"
sides = ["black", "white"]
[[component]]
side = "black"
kind = "man"
count = 4
art = "stone-black"
[[component]]
side = "white"
kind = "man"
count = 4
art = "stone-white"
[setup]
empty = true
"""


def game(tmp_path: Path, board: str, setup: str = ""):
    (tmp_path / "r.md").write_text("# Points\n")
    text = HEAD.replace("[setup]\nempty = true\n", setup or "[setup]\nempty = true\n")
    return game_from_text(text + "[board]\n" + board, str(tmp_path / "points.toml"))


def fails(tmp_path: Path, board: str) -> LayoutError:
    with pytest.raises(LayoutError) as e:
        game(tmp_path, board)
    return e.value


def pairs(data: dict, key: str) -> set[frozenset[str]]:
    return {frozenset(p) for p in data[key]}


RIVER = """topology = "points"
files = 3
ranks = 4
stars = []
undrawn = ["b2-b3"]
connections = ["a1-b2"]
drawn = ["c1-c2"]
"""


def test_an_undrawn_line_still_joins_and_a_drawn_one_joins_nothing(tmp_path):
    g = game(tmp_path, RIVER.replace('drawn = ["c1-c2"]', "").replace(
        'connections = ["a1-b2"]', 'connections = ["a1-b2"]\ndrawn = ["a4-c4"]'))
    board = g.board()
    data = board_json(g, board, {})
    assert {"b2", "b3"} in pairs(data, "connections")
    assert {"b2", "b3"} not in pairs(data, "lines")  # the river's gap is not drawn
    assert {"a1", "b2"} in pairs(data, "connections") and {"a1", "b2"} not in pairs(data,
                                                                                      "lines")
    assert {"a4", "c4"} in pairs(data, "lines") and {"a4", "c4"} not in pairs(data,
                                                                              "connections")
    assert "b3" in board.neighbours("b2", "line") and "b2" in board.neighbours("a1", "line")
    assert "c4" not in board.neighbours("a4", "line")
    # 3 x 4 grid: 17 lines; one undrawn, one more drawn; one connection more
    assert len(data["lines"]) == 17 and len(data["connections"]) == 18


def test_the_river_gap_is_not_drawn(tmp_path):
    board = game(tmp_path, RIVER.replace('drawn = ["c1-c2"]', "")).board()
    b2, b3 = board.space("b2").anchor, board.space("b3").anchor
    mid = ((b2.x + b3.x) / 2, (b2.y + b3.y) / 2)
    drawn = [d.shape.parts[0] for d in board.decorations if d.style == "grid.line"]
    assert not any(math.dist(((p.a.x + p.b.x) / 2, (p.a.y + p.b.y) / 2), mid) < 1e-6
                   for p in drawn)


@pytest.mark.parametrize("extra, words", [
    ('undrawn = ["a1-b2"]', "not a line of the board"),
    ('connections = ["a1-a2"]', "already joined by a line"),
    ('drawn = ["a1-a2"]', "also a line that joins"),
    ('connections = ["a1-z9"]', "'z9', which is not a point"),
    ('dead = ["q7"]', "dead must list points"),
])
def test_joins_that_cannot_be_are_one_line_at_their_key(tmp_path, extra, words):
    board = "topology = \"points\"\nfiles = 3\nstars = []\n" + extra + "\n"
    e = fails(tmp_path, board)
    assert words in e.message
    key = extra.split(" ")[0]
    text = (tmp_path / "points.toml")
    lines = (HEAD + "[board]\n" + board).splitlines()
    assert e.line is not None and lines[e.line - 1].startswith(key), (e.line, text)


SURAKARTA_LOOPS = [("b1", "a2", "a1", True), ("c1", "a3", "a1", True), ("e1", "f2", "f1", False),
                   ("d1", "f3", "f1", False), ("f5", "e6", "f6", False),
                   ("f4", "d6", "f6", False), ("b6", "a5", "a6", False),
                   ("c6", "a4", "a6", False)]


def test_corner_loops_are_drawn_three_quarter_circles_and_not_moves():
    extras = Extras(curves=tuple(CurveSpec(a, b, centre=c, clockwise=cw)
                                 for a, b, c, cw in SURAKARTA_LOOPS))
    plain = grid_points("s", "S", 6, 6, 20.0, marked=())
    board = grid_points("s", "S", 6, 6, 20.0, marked=(), extras=extras)
    assert len(board.curves) == 8
    assert board.relations == plain.relations  # the loops join nothing
    for curve, (a, b, c, _) in zip(board.curves, SURAKARTA_LOOPS, strict=True):
        assert abs(curve.arc.sweep) == pytest.approx(270.0)
        assert curve.arc.center.is_close(board.space(c).anchor)
        assert curve.arc.start.is_close(board.space(a).anchor, 1e-6)
        assert curve.arc.end.is_close(board.space(b).anchor, 1e-6)
        # the loop runs outside the grid: its middle is farther from the board's centre
        mid, centre = curve.arc.midpoint(), board.space(c).anchor
        middle = (board.width / 2, board.height / 2)
        assert math.dist((mid.x, mid.y), middle) > math.dist((centre.x, centre.y), middle)
    # the board grows to hold the outer loops (2 cells beyond the corners)
    assert board.width > plain.width + 2 * 2 * 20.0 - 1e-6


def test_a_curve_that_joins_is_its_own_relation():
    extras = Extras(curves=(CurveSpec("a", "c", through=(1.0, 1.0), joins=True),))
    board = points_board("c", "C", {"a": (0, 0), "b": (1, 0), "c": (2, 0)},
                         [("a", "b"), ("b", "c")], 20.0, extras=extras)
    assert board.neighbours("a", "curve") == ("c",)
    assert board.neighbours("a", "line") == ("b",)
    assert board.curves[0].arc.sweep == pytest.approx(-180.0)  # over the top, clockwise


def test_curve_errors_say_why(tmp_path):
    e = fails(tmp_path, """topology = "points"
files = 3
stars = []
[[board.curves]]
from = "a1"
to = "c2"
centre = "b1"
""")
    assert "not as far from the centre" in e.message
    with pytest.raises(UsageError, match="one straight line"):
        points_board("c", "C", {"a": (0, 0), "b": (1, 0)}, [], 20.0,
                     extras=Extras(curves=(CurveSpec("a", "b", through=(0.5, 0.0)),)))


def test_guide_points_hold_lines_and_curves_but_no_piece(tmp_path):
    g = game(tmp_path, """topology = "points"
layout = "free"
lines = ["a-b"]
drawn = ["b-top"]
[board.points]
a = [0, 0]
b = [1, 0]
[board.guides]
top = [1, 2]
[[board.curves]]
from = "a"
to = [2, 0]
centre = [1, 0]
clockwise = true
""")
    board = g.board()
    data = board_json(g, board, {})
    assert board.names == ("a", "b") and "top" in data["guides"]
    assert ["b", "top"] in data["lines"] and len(data["connections"]) == 1
    assert board.height > 2 * board.data["pitch"]  # room for the guide two cells up
    assert data["curves"][0]["from"] == "a" and data["curves"][0]["to"] == ""
    with pytest.raises(LayoutError, match="not a point of the board"):
        game(tmp_path, "topology = \"points\"\nlayout = \"free\"\nlines = [\"a-top\"]\n"
                       "[board.points]\na = [0, 0]\nb = [1, 0]\n[board.guides]\ntop = [1, 2]\n")


def test_dead_points_are_named_crossed_out_and_never_joined(tmp_path):
    g = game(tmp_path, "topology = \"points\"\nfiles = 3\nstars = []\ndead = [\"b2\"]\n")
    board = g.board()
    b2 = board.space("b2")
    assert (b2.kind, b2.colour) == ("dead", "unused")
    assert all(not board.neighbours("b2", r) for r in board.relations)
    assert "b2" not in board.neighbours("a2", "line")
    assert sum(1 for d in board.decorations if d.style == "corner.cross") == 2
    assert len(board.lines) == 12  # its lines are still drawn
    with pytest.raises(LayoutError, match="dead"):
        game(tmp_path, "topology = \"points\"\nfiles = 3\nstars = []\ndead = [\"b2\"]\n",
             "[setup]\n[setup.pieces]\nblack = [\"b2\"]\n")


def test_kinds_on_a_points_board(tmp_path):
    g = game(tmp_path, """topology = "points"
files = 3
stars = []
space_kind = "field"
[board.kinds]
palace = ["b1", "b2"]
""")
    kinds = {s.name: s.kind for s in g.board().spaces}
    assert kinds["b1"] == "palace" and kinds["a1"] == "field"


def test_a_free_layout_named_as_a_grid_prints_its_files_and_ranks(tmp_path):
    board = game(tmp_path, """topology = "points"
layout = "free"
lines = ["a1-b1-b2"]
[board.points]
a1 = [0, 0]
b1 = [1, 0]
b2 = [1, 1]
""").board()
    texts = sorted(lb.text for lb in board.labels)
    assert texts == ["1", "1", "2", "2", "a", "a", "b", "b"]


def test_a_free_layout_prints_each_points_name_beside_it(tmp_path):
    board = game(tmp_path, """topology = "points"
layout = "free"
lines = ["x-y-z"]
[board.points]
x = [0, 0]
y = [1, 0.5]
z = [2, 0]
""").board()
    by_text = {lb.text: lb for lb in board.labels}
    assert set(by_text) == {"x", "y", "z"}
    for name in "xyz":
        p, q = by_text[name].position, board.space(name).anchor
        assert 0 < math.dist((p.x, p.y), (q.x, q.y)) < board.space(name).room


def test_every_point_of_a_star_prints_its_number():
    board = triangle_board("s", "S", "star", 4, 20.0)
    numbers = [lb for lb in board.labels if lb.text.isdigit()]
    assert len(numbers) == len(board.spaces) == 121
    for s in board.spaces:
        below = [lb for lb in numbers if lb.text == s.name[1:]
                 and abs(lb.position.x - s.anchor.x) < 1e-6
                 and 0 < s.anchor.y - lb.position.y < 0.6 * 20.0]
        assert below, s.name


def test_the_reference_says_what_the_reader_says():
    from docs.gen.key_reference import game_file_markdown
    from printables.gamefile.board import SHAPE_KEYS
    from printables.gamefile.lettered import LETTERING_KEYS
    from printables.gamefile.points import DRAWING_KEYS
    page = game_file_markdown()
    for key, words in {**DRAWING_KEYS, **SHAPE_KEYS, **LETTERING_KEYS}.items():
        assert f"| `{key}` | {words.replace('|', '&#124;')} |" in page, key
