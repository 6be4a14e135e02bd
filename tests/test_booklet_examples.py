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
    assert ex.caption.startswith("Rose plays d3-d4, capturing d5. Nobody has won yet. The group is "
                                 "three to two.")  # the engine states the result itself


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


def bundled(game: str, stem: str):
    from printables.positions import bundled_layouts
    path = bundled_layouts() / game / f"{stem}.toml"
    return example_of(GAMES[game], path, validated(GAMES[game], path))


def test_caption_names_the_movers_own_loss_and_no_false_flip():
    suicide = bundled("rosenkreuz", "suicide")
    assert "losing its own piece on d4" in suicide.outcome and not suicide.flips
    minor = bundled("rosenkreuz", "sideways-capture")
    assert minor.captures == ("d4",) and not minor.flips and "turns over" not in minor.outcome


def test_caption_names_the_piece_that_changes_sides():
    ex = bundled("chameleons", "on-notice-not-moved")
    assert ex.flips and "turns over to" in ex.outcome
    assert all(s not in ex.move.path for s in ex.flips)


def test_evl_claims_are_not_captures():
    ex = bundled("evl", "capture-two-pentagons")
    assert ex.claims == ("AB2", "AB3") and ex.captures == ()
    assert "claiming AB2 and AB3" in ex.outcome


def test_illegal_featured_move_is_drawn_struck_through():
    from printables.products.booklet.diagram import Marks, position_scene
    ex = bundled("network", "double-network-illegal")
    assert not ex.legal and ex.move.path == ("f4", "e5")
    scene = position_scene(GAMES["network"], ex.position, THEMES["colour"],
                           marks=Marks(ex.move, ex.legal))
    styles = [i.style for i in scene.walk() if hasattr(i, "style")]
    assert "strike" in styles and "arrow" in styles
    legal = position_scene(GAMES["network"], ex.position, THEMES["colour"],
                           marks=Marks(ex.move, True))
    assert "strike" not in [i.style for i in legal.walk() if hasattr(i, "style")]
