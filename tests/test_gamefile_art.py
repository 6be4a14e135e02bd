"""Designer SVG art: what is drawn, and hostile files refused with one line and exit 2
before anything is written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from printables.gamefile.art import path_points, read_art
from printables.geometry import Point

GAME = """rules = "r.md"
[game]
title = "Art test"
designer = "A. Tester"
sides = ["red", "blue"]
[board]
topology = "square"
files = 6
cell = "25mm"
[side.red]
fill = "#c0392b"
[[component]]
side = "red"
kind = "man"
count = 6
art = "ART"
[[component]]
side = "blue"
kind = "man"
count = 6
art = "stone-white"
[setup]
empty = true
"""
GOOD = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect x="2" y="2" width="6" height="6" fill="#222222"/></svg>')


def game(tmp_path: Path, art: str = "art.svg", svg: str | None = GOOD) -> Path:
    (tmp_path / "r.md").write_text("# Art test\n\n## Setup\n\nEmpty.\n")
    if svg is not None:
        (tmp_path / art).write_text(svg)
    path = tmp_path / "g.toml"
    path.write_text(GAME.replace("ART", art))
    return path


HOSTILE = {
    "script": ('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>'
               '<rect width="1" height="1"/></svg>', "element <script> is not allowed"),
    "external href": ('<svg xmlns="http://www.w3.org/2000/svg" '
                      'xmlns:xlink="http://www.w3.org/1999/xlink">'
                      '<image xlink:href="http://example.com/x.png"/></svg>',
                      "is not allowed"),
    "href on a shape": ('<svg xmlns="http://www.w3.org/2000/svg"><path href="#x" d="M0 0 L1 1"/>'
                        '</svg>', "attribute 'href'"),
    "url fill": ('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" '
                 'fill="url(http://example.com/#g)"/></svg>', "refers outside the drawing"),
    "text": ('<svg xmlns="http://www.w3.org/2000/svg"><text x="0" y="0">hi</text></svg>',
             "element <text> is not allowed"),
    "entity": ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>'
               '<svg xmlns="http://www.w3.org/2000/svg">&a;</svg>', "DOCTYPE or ENTITY"),
    "event": ('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" '
              'height="1"/></svg>', "attribute 'onload'"),
    "infinite coordinate": ('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L1e999 0 '
                            'L1 1 Z"/></svg>', "is not a number within"),
    "stray path text": ('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L nan 0 Z"/>'
                        '</svg>', "holds 'n'"),
    "style sheet": ('<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:red}</style>'
                    '<rect width="1" height="1"/></svg>', "element <style> is not allowed"),
    "1 MB of paths": ('<svg xmlns="http://www.w3.org/2000/svg">'
                      + '<path d="M0 0 L1 1 L2 0 Z"/>' * 40_000 + "</svg>",
                      "more than 256000 bytes"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_art_is_one_line_and_exit_2(cli, tmp_path, case):
    svg, words = HOSTILE[case]
    path = game(tmp_path, svg=svg)
    code, out, err = cli("kit", path, "-o", tmp_path / "out")
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert words in err and "art.svg" in err, err
    assert not (tmp_path / "out").exists()


def test_a_fifo_art_file_is_refused_without_waiting(cli, tmp_path):
    path = game(tmp_path, svg=None)
    os.mkfifo(tmp_path / "art.svg")  # nobody writes to it: reading it would block forever
    code, _, err = cli("board", path, "-o", tmp_path / "out")
    assert code == 2 and err.count("\n") == 1, err
    assert "FIFO" in err or "fifo" in err, err
    assert not (tmp_path / "out").exists()


def test_art_outside_the_game_folder_is_refused(cli, tmp_path):
    (tmp_path / "outside.svg").write_text(GOOD)
    inner = tmp_path / "game"
    inner.mkdir()
    path = game(inner, art="../outside.svg", svg=None)
    code, _, err = cli("board", path, "-o", tmp_path / "out")
    assert code == 2 and "outside the game file's folder" in err, err


def test_good_art_is_fitted_onto_the_disc(tmp_path):
    (tmp_path / "a.svg").write_text(GOOD)
    art = read_art(tmp_path / "a.svg")
    assert art.box == (0.0, 0.0, 10.0, 10.0)
    assert len(art.shapes) == 1 and art.shapes[0].fill == "#222222"
    assert art.shapes[0].subpaths[0][1]  # closed


def test_path_commands_relative_curves_and_transforms(tmp_path):
    (subpath, closed), = path_points("x", "m 1 1 h 2 v 2 h -2 z")
    assert closed and subpath == [Point(1, 1), Point(3, 1), Point(3, 3), Point(1, 3)]
    (curve, closed), = path_points("x", "M0 0 C 0 10 10 10 10 0")
    assert not closed and curve[-1] == Point(10, 0) and max(p.y for p in curve) == 7.5
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><g '
           'transform="translate(5,5) scale(2)"><rect width="1" height="1"/></g></svg>')
    (tmp_path / "t.svg").write_text(svg)
    pts = read_art(tmp_path / "t.svg").shapes[0].points
    assert pts[0] == Point(5, 5) and pts[2] == Point(7, 7)


def test_arc_commands_say_what_to_do(tmp_path):
    (tmp_path / "a.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg">'
                                    '<path d="M0 0 A 5 5 0 0 1 10 0"/></svg>')
    from printables.errors import LayoutError
    with pytest.raises(LayoutError, match="save arcs as curves"):
        read_art(tmp_path / "a.svg")


def test_two_art_files_of_one_name_in_two_folders_are_two_arts(tmp_path):
    """a/sun.svg and b/sun.svg are different pieces: each side's pieces draw their own file
    (they once shared one art key, so one side drew the other's art)."""
    from printables.gamefile import load_game_file
    from printables.geometry import Point
    from printables.products.pieces.art import DESIGNED

    path = game(tmp_path, "a/sun.svg", None)
    for folder, colour in (("a", "#222222"), ("b", "#0000ff")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "sun.svg").write_text(GOOD.replace("#222222", colour))
    path.write_text(path.read_text().replace('art = "stone-white"', 'art = "b/sun.svg"'))
    g = load_game_file(path)
    red, blue = (c.art for c in g.components(g.options({})))
    assert red != blue
    assert red.split("@")[0] == "sun" and blue.split("@")[0] == "sun2"
    drawn = {k: repr(DESIGNED[k](Point(0, 0), 20.0)) for k in (red, blue)}
    assert drawn[red] != drawn[blue]
