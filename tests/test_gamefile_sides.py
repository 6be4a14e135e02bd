"""Game-file sides: colours reach pieces, goals and edges; contrast is checked; piece sizes,
neutral pieces, points boards and triangle grids read from the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printables.gamefile import game_from_text
from printables.geometry import Point
from printables.products.pieces.art import piece_diameters, piece_items
from printables.render.theme import PALETTE, THEMES, ink

BASE = """rules = "r.md"
[game]
name = "NAME"
title = "Sides test"
designer = "A. Tester"
sides = ["red", "blue"]
[board]
topology = "square"
files = 6
cell = "25mm"
colouring = "plain"
[board.colours]
"goal.red" = ["a6", "b6"]
[board.edges]
blue = ["west", "east"]
[side.red]
fill = "#c0392b"
line = "#2a0a05"
pattern = "dark"
[side.blue]
fill = "#1f5fa8"
[[component]]
side = "red"
kind = "man"
count = 6
art = "stone"
size = "15mm"
[[component]]
side = "blue"
kind = "man"
count = 6
art = "ring"
[setup]
empty = true
"""


def load(tmp_path: Path, text: str, name: str = "sides-a"):
    (tmp_path / "r.md").write_text("# T\n\n## Setup\n\nEmpty.\n")
    path = tmp_path / "g.toml"
    path.write_text(text.replace("NAME", name))
    return game_from_text(path.read_text(), str(path))


def test_side_colours_reach_pieces_goals_and_edges(tmp_path):
    game = load(tmp_path, BASE)
    comps = {c.side: c for c in game.components({})}
    disc = piece_items(comps["red"].art, Point(0, 0), 20.0)[0]
    assert ink(THEMES["colour"], disc.style).fill == "#c0392b"
    assert ink(THEMES["mono"], disc.style).fill == "#5a5a5a"  # pattern dark
    board = game.board()
    goal = board.space("a6")
    assert ink(THEMES["colour"], "space." + goal.colour).fill == "#e09c95"  # half tint
    assert ink(THEMES["mono"], "space." + goal.colour).hatch == 2.0
    edges = [d for d in board.decorations if d.style.startswith("edge.side.blue")]
    assert len(edges) == 12  # six cells down each of the west and east edges
    assert ink(THEMES["colour"], edges[0].style).fill == "#1f5fa8"


def test_two_game_files_keep_their_own_reds(tmp_path):
    a = load(tmp_path, BASE, "sides-a")
    b = load(tmp_path, BASE.replace("#c0392b", "#e74c3c"), "sides-b")
    ra = piece_items(a.components({})[0].art, Point(0, 0), 20.0)[0]
    rb = piece_items(b.components({})[0].art, Point(0, 0), 20.0)[0]
    assert ink(THEMES["colour"], ra.style).fill == "#c0392b"
    assert ink(THEMES["colour"], rb.style).fill == "#e74c3c"


def test_piece_size_is_kept_exactly(tmp_path):
    game = load(tmp_path, BASE)
    sizes = piece_diameters(game, game.board())
    assert sizes[("red", "man")] == 15.0
    assert sizes[("blue", "man")] == 20.0  # 80 % of the 25 mm cell


def test_low_contrast_names_the_colour_pair(tmp_path):
    from printables.errors import LayoutError
    text = BASE.replace('fill = "#1f5fa8"', 'fill = "#f0e6d0"\nline = "#f5ecd6"')
    with pytest.raises(LayoutError) as e:
        load(tmp_path, text)
    msg = str(e.value)
    assert "side blue" in msg and "#f0e6d0" in msg and "#f5ecd6" in msg and "3:1" in msg
    assert PALETTE["plain"].colour in msg  # the plain squares it would stand on


def test_a_goal_of_a_side_without_colours_is_refused(tmp_path):
    """goal.red without [side.red] would fall back to no colour of its own: refused, and
    the goal colours that would draw are named."""
    from printables.errors import LayoutError
    text = BASE.replace('[side.red]\nfill = "#c0392b"\nline = "#2a0a05"\npattern = "dark"\n', "")
    with pytest.raises(LayoutError, match=r"unknown colour 'goal.red' .*valid: goal.black, "
                       r"goal.white, goal.blue \(goal.SIDE needs a \[side.SIDE\]"):
        load(tmp_path, text.replace('art = "stone"', 'art = "stone-black"'))


@pytest.mark.parametrize("bad, words", [
    ('fill = "red"', "is not a colour"),
    ('pattern = "stripes"', "pattern 'stripes'"),
    ('size = "2mm"', "must be 5 to 100 mm"),
])
def test_bad_side_values_are_one_line(cli, tmp_path, bad, words):
    key = bad.split(" =")[0]
    lines = [ln for ln in BASE.splitlines()]
    if key == "size":
        text = BASE.replace('size = "15mm"', bad)
    else:
        i = lines.index("[side.blue]")
        lines.insert(i + 1, bad)
        text = "\n".join(lines).replace('fill = "#1f5fa8"', "" if key == "fill" else
                                        'fill = "#1f5fa8"')
    (tmp_path / "r.md").write_text("# T\n")
    (tmp_path / "g.toml").write_text(text.replace("NAME", "sides-bad"))
    code, _, err = cli("board", tmp_path / "g.toml", "-o", tmp_path / "out")
    assert code == 2 and words in err and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()


NEUTRAL = BASE.replace("[setup]\nempty = true", """[[component]]
kind = "wall"
count = 10
art = "stone-black"
[setup]
[setup.pieces.red]
man = ["a1"]
[setup.pieces.neutral]
wall = ["c3", "d4"]""")


def test_neutral_pieces_belong_to_no_side(tmp_path):
    game = load(tmp_path, NEUTRAL)
    assert game.sides == ("red", "blue") and game.kinds["neutral"] == ("wall",)
    pos = game.setup_position
    assert pos.pieces["c3"] == ("neutral", "wall")
    wall = [c for c in game.components({}) if c.kind == "wall"][0]
    assert wall.label == "wall"


POINTS = """rules = "r.md"
[game]
name = "NAME"
title = "Points"
designer = "A. Tester"
sides = ["black", "white"]
[board]
topology = "points"
BOARD
[[component]]
side = "black"
kind = "stone"
count = 5
art = "stone-black"
[[component]]
side = "white"
kind = "stone"
count = 5
art = "stone-white"
[setup]
empty = true
"""


@pytest.mark.parametrize("board, points, lines", [
    ('layout = "grid"\nfiles = 19', 361, 684),
    ('layout = "grid"\nfiles = 15\ncell = "12mm"', 225, 420),
    ('layout = "grid"\nfiles = 5\ndiagonals = "alquerque"', 25, 56),
    # Fanorona: 76 orthogonal lines + 32 diagonals
    ('layout = "grid"\nfiles = 9\nranks = 5\ndiagonals = "alquerque"', 45, 108),
    ('layout = "morris"\ncorners = true', 24, 40),
    ('layout = "free"\nlines = ["a-b-c", "c-a"]\n[board.points]\na = [0, 0]\nb = [2, 0]\n'
     'c = [1, 1.5]', 3, 3),
], ids=["go19", "gomoku15", "alquerque", "fanorona", "twelve-men", "free"])
def test_points_layouts(tmp_path, board, points, lines):
    game = load(tmp_path, POINTS.replace("BOARD", board), "pts")
    b = game.board()
    assert (len(b.spaces), len(b.lines)) == (points, lines)


def test_triangle_grid_and_labels(cli, tmp_path):
    text = POINTS.replace('topology = "points"\nBOARD',
                          'topology = "triangle"\nshape = "hexagon"\nside = 4\n'
                          '[board.labels]\nd4 = "centre"')
    (tmp_path / "r.md").write_text("# T\n")
    (tmp_path / "g.toml").write_text(text.replace("NAME", "tri"))
    code, _, err = cli("board", tmp_path / "g.toml", "--format", "json", "-o", tmp_path)
    assert code == 0, err
    data = json.loads((tmp_path / "tri-board.json").read_text())
    assert data["points"] == 37 and len(data["lines"]) == 90
    code, _, err = cli("board", tmp_path / "g.toml", "--format", "svg", "-o", tmp_path)
    assert ">centre<" in (tmp_path / "tri-board.svg").read_text()


def test_bad_line_names_the_point(cli, tmp_path):
    text = POINTS.replace("BOARD", 'layout = "free"\nlines = ["a-z"]\n[board.points]\n'
                          'a = [0, 0]\nb = [1, 0]')
    (tmp_path / "r.md").write_text("# T\n")
    (tmp_path / "g.toml").write_text(text.replace("NAME", "bad-line"))
    code, _, err = cli("board", tmp_path / "g.toml", "-o", tmp_path / "o")
    assert code == 2 and "'z'" in err and ":10:" in err, err  # the lines key


HEX = """rules = "r.md"
[game]
name = "hex-edges"
title = "Hex"
designer = "Piet Hein"
sides = ["red", "blue"]
[board]
topology = "hex"
shape = "rhombus"
columns = 11
rows = 11
cell = "15mm"
[board.edges]
red = ["north", "south"]
blue = ["west", "east"]
[[component]]
side = "red"
kind = "stone"
count = 61
art = "stone"
[[component]]
side = "blue"
kind = "stone"
count = 60
art = "stone"
[setup]
empty = true
"""


def test_hex_edges_go_whole_to_one_side(tmp_path):
    from printables.geometry.paths import contains_point, shape_parts
    board = load(tmp_path, HEX).board()
    owner: dict[str, set[str]] = {"red": set(), "blue": set()}
    for d in board.decorations:
        if not d.style.startswith("edge."):
            continue
        pts = d.shape.points
        mid = Point(sum(p.x for p in pts) / 4, sum(p.y for p in pts) / 4)
        cell = next(s.name for s in board.spaces if contains_point(shape_parts(s.shape), mid))
        owner[d.style.split(".")[2]].add(cell)
    assert owner["blue"] == {f"{c}{r}" for c in "ak" for r in range(1, 12)}
    assert owner["red"] == {f"{c}{r}" for c in "abcdefghijk" for r in (1, 11)}
    from printables.boards.edges import outer_sides
    bands = [d for d in board.decorations if d.style.startswith("edge.")]
    assert len(bands) == len(outer_sides(board)) == 8 * 11 - 2  # every outer side, once
