"""Lettering on pieces (issue #41): one to three characters of any script a bundled, named
or system font covers, drawn as glyph outlines in print and in the laser files, holes and
all; a text no font covers is one line naming the character."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from printables.errors import LayoutError
from printables.gamefile import game_from_text
from printables.geometry import Point
from printables.products.laser.pieces import piece_marks
from printables.products.pieces import lettering
from printables.products.pieces.art import piece_items
from printables.render.png import render_png
from printables.render.scene import Path as ScenePath
from printables.render.scene import Scene
from printables.render.theme import THEMES
from tests.conftest import needs_png

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "examples" / "xiangqi" / "fonts" / "xiangqi-glyphs.ttf"
GAME = """rules = "r.md"
[game]
title = "Letters"
designer = "A. Tester"
sides = ["gold", "blue"]
[board]
topology = "square"
files = 5
cell = "25mm"
colouring = "plain"
[side.gold]
fill = "#f4e17d"
line = "#111111"
[[component]]
side = "gold"
kind = "king"
count = 1
COMPONENT
[[component]]
side = "blue"
kind = "king"
count = 1
art = "stone-white"
[setup]
empty = true
"""


def game(tmp_path: Path, component: str):
    (tmp_path / "r.md").write_text("# Letters\n")
    return game_from_text(GAME.replace("COMPONENT", component), str(tmp_path / "g.toml"))


def fails(tmp_path: Path, component: str) -> LayoutError:
    with pytest.raises(LayoutError) as e:
        game(tmp_path, component)
    return e.value


def art(g) -> str:
    return next(c.art for c in g.components({}) if c.side == "gold")


def test_lettering_is_one_shape_of_outlines_on_the_disc(tmp_path):
    key = art(game(tmp_path, 'text = "KQ"'))
    items = piece_items(key, Point(0, 0), 20.0)
    letters = [i for i in items if isinstance(i, ScenePath) and i.fill_rule]
    assert len(letters) == 1 and letters[0].fill_rule == "nonzero"
    assert letters[0].style.startswith("piece.symbol.side.gold.")
    xs = [q.x for p in letters[0].parts for q in (p.start, p.end)]
    ys = [q.y for p in letters[0].parts for q in (p.start, p.end)]
    assert max(ys) - min(ys) <= 10.0 + 1e-6 and max(xs) - min(xs) <= 0.68 * 20 + 1e-6
    assert abs((max(xs) + min(xs)) / 2) < 1e-6 and abs((max(ys) + min(ys)) / 2) < 1e-6


def test_a_ring_goes_round_the_letters(tmp_path):
    plain = piece_items(art(game(tmp_path, 'text = "A"')), Point(0, 0), 20.0)
    ringed = piece_items(art(game(tmp_path, 'text = "A"\nart = "ring"')), Point(0, 0), 20.0)
    assert len(ringed) == len(plain) + 1


@needs_png
@pytest.mark.parametrize("text", ["O", "車"])
def test_the_inside_of_a_letter_stays_open_in_print_and_laser(tmp_path, text):
    component = f'text = "{text}"' + (f'\nfont = "{FONT.name}"' if text != "O" else "")
    if text != "O":
        (tmp_path / FONT.name).write_bytes(FONT.read_bytes())
    key = art(game(tmp_path, component))
    size, d = 30.0, 26.0
    scene = Scene(size, size, piece_items(key, Point(size / 2, size / 2), d))
    img = Image.open(io.BytesIO(render_png(scene, THEMES["colour"], 300))).convert("RGB")
    k = img.width / size
    if text == "O":  # the counter of the O is the middle of the piece
        assert img.getpixel((round(size / 2 * k), round(size / 2 * k))) == (0xf4, 0xe1, 0x7d)
    marks, _ = piece_marks(key, d)
    contours = [c for f in marks.fills for c in f.contours]
    assert len(contours) >= 2  # outlines and their holes, engraved as one even-odd area
    assert not marks.score or all(p.length > 0 for p in marks.score)


def test_texts_that_cannot_be_are_one_line(tmp_path):
    e = fails(tmp_path, 'text = "KING"')
    assert "one to 3 letters" in e.message and e.line is not None
    e = fails(tmp_path, 'text = "K"\nart = "cross"')
    assert "draws it on art stone or ring" in e.message
    e = fails(tmp_path, 'art = "stone"\nfont = "x.ttf"')
    assert "give text too" in e.message


def test_a_character_no_font_has_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(lettering, "system_fonts", lambda: ())
    e = fails(tmp_path, 'text = "車"')
    assert "no font on this system has '車' (U+8ECA)" in e.message
    (tmp_path / FONT.name).write_bytes(FONT.read_bytes())
    e = fails(tmp_path, f'text = "K"\nfont = "{FONT.name}"')
    assert "has no 'K'" in e.message
    (tmp_path / "bad.ttf").write_bytes(b"not a font at all")
    e = fails(tmp_path, 'text = "K"\nfont = "bad.ttf"')
    assert "not a font file that can be read" in e.message
    e = fails(tmp_path, 'text = "K"\nfont = "../outside.ttf"')
    assert "outside" in e.message


def test_a_system_font_is_found_for_a_script_vera_lacks(tmp_path, monkeypatch):
    monkeypatch.setattr(lettering, "system_fonts", lambda: (FONT,))
    g = game(tmp_path, 'text = "馬"')
    assert piece_items(art(g), Point(0, 0), 20.0)


def test_latin_letters_use_the_bundled_font():
    assert lettering.font_for("R1") == lettering.BUNDLED


def test_a_damaged_font_is_one_line(tmp_path):
    from fontTools.ttLib import TTFont
    data = bytearray(FONT.read_bytes())
    entry = TTFont(str(FONT)).reader.tables["glyf"]
    for i in range(entry.offset, entry.offset + entry.length):
        data[i] = 0xff  # every glyph's outline is garbage; the character map is intact
    (tmp_path / "damaged.ttf").write_bytes(bytes(data))
    e = fails(tmp_path, 'text = "車"\nfont = "damaged.ttf"')
    assert "damaged.ttf" in e.message and e.line is not None


def test_a_lettering_font_is_an_input_of_the_build_cache_and_the_watch(tmp_path):
    """Editing the font a game file's pieces are lettered in changes the build's key (the
    kit is rebuilt, not reused) and the watch watches it, as it does art files."""
    import shutil

    from printables.gamefile import load_game_file
    from printables.products.build_keys import art_read, game_inputs

    src = Path(__file__).resolve().parents[1] / "examples"
    shutil.copy(src / "xiangqi.toml", tmp_path)
    shutil.copy(src / "xiangqi.md", tmp_path)
    shutil.copytree(src / "xiangqi", tmp_path / "xiangqi")
    font = tmp_path / "xiangqi" / "fonts" / "xiangqi-glyphs.ttf"
    before = art_read(load_game_file(tmp_path / "xiangqi.toml"))
    assert str(font) in before
    assert font in game_inputs(load_game_file(tmp_path / "xiangqi.toml"))
    font.write_bytes(font.read_bytes() + b"\0" * 4)  # still a font; other bytes
    after = art_read(load_game_file(tmp_path / "xiangqi.toml"))
    assert after[str(font)] != before[str(font)]
