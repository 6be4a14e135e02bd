"""Which move an example diagram shows, its caption note, the order of examples, and the
flowable that scales a scene to the frame."""

from __future__ import annotations

from pathlib import Path

import pytest

from printables.errors import CheckFailedError
from printables.games import GAMES
from printables.positions import load_layout_text
from printables.products.booklet.examples import example_of, validated
from printables.products.booklet.flow import MM, SceneFlowable
from printables.render.scene import Scene
from printables.render.theme import THEMES

GAME = GAMES["rosenkreuz"]
BACKWARD = """
game = "rosenkreuz"
title = "No backward step without a capture"
to_move = "rose"
[pieces.rose]
dark = ["d4"]
light = ["d3", "b2"]
[pieces.cross]
dark = ["f6"]
light = ["c6"]
"""
MAJOR = """
game = "rosenkreuz"
title = "Three against two"
to_move = "rose"
[pieces.rose]
dark = ["c4", "d3", "e4"]
light = ["b1"]
[pieces.cross]
dark = ["d5", "d6"]
light = ["b7"]
"""


def example(text: str, name: str = "example.toml"):
    layout = load_layout_text(text, name)
    return example_of(GAME, Path(name), layout)


def test_only_illegal_and_plain_moves_shows_the_first_move():
    ex = example(BACKWARD + '[[check]]\nmove = "d4-c3"\nlegal = false\n'
                 '[[check]]\nmove = "b2-b1"\nlegal = false\n'
                 '[[check]]\nmove = "d4-d5"\nlegal = true\n')
    assert ex.move.path == ("d4", "c3")
    assert ex.captures == ()
    assert ex.note == "Rose may not play d4-c3. Nor b2-b1. Allowed: d4-d5."
    assert ex.topic == 2


def test_a_move_with_claimed_outcome_is_featured():
    ex = example(MAJOR + '[[check]]\nmove = "d3-c3"\nlegal = false\n'
                 '[[check]]\nmove = "d3-d4"\nlegal = true\ncaptures = ["d5"]\n')
    assert ex.move.path == ("d3", "d4")
    assert ex.captures == ("d5",)
    assert ex.note == "Rose plays d3-d4, capturing on d5. Not allowed here: d3-c3."
    assert ex.topic == 1


def test_position_only_example():
    ex = example(MAJOR + '[[check]]\nlegal = true\nwinner = "none"\n')
    assert ex.move is None and ex.note == "Rose to move; nobody has won yet."
    assert ex.title == "Three against two"


def test_untitled_file_gets_a_title_from_its_name():
    text = MAJOR.replace('title = "Three against two"\n', "")
    assert example(text, "major-capture.toml").title == "Major capture"


def test_failing_check_names_file_and_check(tmp_path):
    path = tmp_path / "wrong.toml"
    path.write_text(MAJOR + '[[check]]\nlegal_moves = 1\n[[check]]\nmove = "d3-d4"\n'
                    'captures = ["d6"]\n', encoding="utf-8")
    with pytest.raises(CheckFailedError) as e:
        validated(GAME, path)
    assert str(path) in str(e.value) and "check 1 fails" in str(e.value)
    assert "\n" not in str(e.value)


def test_scene_flowable_fits_the_frame_width_and_height():
    f = SceneFlowable(Scene(200.0, 100.0, ()), THEMES["colour"])
    w, h = f.wrap(100 * MM, 500 * MM)
    assert (w / MM, h / MM) == pytest.approx((100.0, 50.0))
    g = SceneFlowable(Scene(100.0, 200.0, ()), THEMES["colour"], max_h=50.0)
    w, h = g.wrap(120 * MM, 500 * MM)
    assert (w / MM, h / MM) == pytest.approx((25.0, 50.0))
