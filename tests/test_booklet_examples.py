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
    assert not ex.legal
    assert ex.outcome == "Rose may not play d4-c3: the rules do not allow it."
    assert ex.note == "Also checked: b2-b1 is not allowed; d4-d5 is."
    assert ex.topic == 2


def test_the_first_move_in_the_file_is_featured_with_its_engine_outcome():
    ex = example(MAJOR + '[[check]]\nmove = "d3-d4"\nlegal = true\ncaptures = ["d5"]\n'
                 'winner = "none"\n[[check]]\nmove = "d3-c3"\nlegal = false\n')
    assert ex.move.path == ("d3", "d4") and ex.legal
    assert ex.captures == ("d5",)
    assert ex.outcome == "Rose plays d3-d4, capturing d5. Nobody has won yet."
    assert ex.note == "Also checked: d3-c3 is not allowed."
    assert ex.topic == 1


def test_caption_adds_the_files_explain_sentence():
    text = MAJOR.replace('to_move', 'explain = "The group is three to two."\nto_move')
    ex = example(text + '[[check]]\nmove = "d3-d4"\nlegal = true\n')
    assert ex.explain == "The group is three to two."
    assert ex.caption.startswith("Rose plays d3-d4, capturing d5. The group is three to two.")


def test_explain_must_be_a_string():
    from printables.errors import LayoutError
    with pytest.raises(LayoutError) as e:
        load_layout_text(MAJOR.replace('to_move', 'explain = 3\nto_move'), "x.toml")
    assert "explain" in str(e.value) and "x.toml" in str(e.value)


def test_position_only_example():
    ex = example(MAJOR + '[[check]]\nlegal = true\nwinner = "none"\n')
    assert ex.move is None and ex.outcome == "Rose to move. Nobody has won."
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
