"""The named board colours a designer marks spaces with (render.theme.PALETTE): every two
print apart in colour, on a grey printer and in the mono theme, pieces read on each, and a
camp painted `light` on a `plain` board shows (it vanished when both were #f1e8cf)."""

from __future__ import annotations

import io
import itertools
import math
import re

import pytest

from docs.gen.key_reference import game_file_markdown
from printables.gamefile import game_from_text
from printables.gamefile.board import COLOUR_CLASSES
from printables.products.board_sheet import board_scene
from printables.render.png import render_png
from printables.render.theme import PALETTE, THEMES, ink
from tests.conftest import needs_png
from tests.test_print_grey import grey, grey_contrast

#: Least colour difference (CIE76 delta E) between two palette colours: four times the
#: difference a reader just notices (2.3), so two colours side by side read as two.
LEAST_DELTA_E = 9.5
#: Least difference of grey level (0-255) between two palette colours printed in grey.
LEAST_GREY = 8
#: Both bare paper in the mono theme (documented in PALETTE).
MONO_TWINS = {frozenset({"blank", "plain"})}
PAIRS = list(itertools.combinations(PALETTE, 2))


def lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB #rrggbb colour."""
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.mark.parametrize("a, b", PAIRS)
def test_every_two_colours_print_apart_in_colour(a, b):
    fa, fb = (ink(THEMES["colour"], f"space.{n}").fill for n in (a, b))
    assert math.dist(lab(fa), lab(fb)) >= LEAST_DELTA_E, (a, fa, b, fb)


@pytest.mark.parametrize("a, b", PAIRS)
def test_every_two_colours_print_apart_in_grey(a, b):
    fa, fb = (ink(THEMES["colour"], f"space.{n}").fill for n in (a, b))
    assert abs(grey(fa) - grey(fb)) >= LEAST_GREY, (a, grey(fa), b, grey(fb))


@pytest.mark.parametrize("a, b", PAIRS)
def test_every_two_colours_hatch_apart_in_mono(a, b):
    if frozenset({a, b}) in MONO_TWINS:
        pytest.skip("blank and plain are both bare paper in mono (documented)")
    ia, ib = (ink(THEMES["mono"], f"space.{n}") for n in (a, b))
    assert (ia.hatch, ia.hatch_angle % 180 if ia.hatch else None, ia.hatch_cross) != \
        (ib.hatch, ib.hatch_angle % 180 if ib.hatch else None, ib.hatch_cross), (a, b)
    assert not ia.fill and not ib.fill  # mono hatches, it does not fill


@pytest.mark.parametrize("name", list(PALETTE))
def test_black_and_white_pieces_read_on_every_colour(name):
    fill = ink(THEMES["colour"], f"space.{name}").fill
    piece_black = ink(THEMES["colour"], "piece.disc.black").fill
    piece_white = ink(THEMES["colour"], "piece.disc.white").fill
    assert grey_contrast(piece_black, fill) >= 3.0
    assert grey_contrast(piece_white, fill) >= 3.0 or grey_contrast(
        ink(THEMES["colour"], "piece.disc.white").stroke, fill) >= 3.0


def test_a_game_file_may_name_every_colour_and_the_reference_lists_them():
    text = game_file_markdown()
    for name, swatch in PALETTE.items():
        assert name in COLOUR_CLASSES
        assert re.search(rf"`{name}` \| `{swatch.colour}`", text), name


CAMPS = """
rules = "x.md"
[game]
title = "Camps"
designer = "traditional"
sides = ["black", "white"]
[board]
topology = "square"
files = 5
cell = "20mm"
colouring = "plain"
[board.colours]
light = ["c1", "c5"]
red = ["c3"]
[[component]]
side = "black"
kind = "man"
count = 2
art = "stone-black"
[[component]]
side = "white"
kind = "man"
count = 2
art = "stone-white"
[setup]
empty = true
"""


@needs_png
@pytest.mark.parametrize("theme", ["colour", "mono"])
def test_light_camps_show_on_a_plain_board(theme, tmp_path):
    from PIL import Image
    (tmp_path / "x.md").write_text("# Camps\n")
    game = game_from_text(CAMPS, str(tmp_path / "camps.toml"))
    board = game.board()
    png = render_png(board_scene(game, board, THEMES[theme]), THEMES[theme], 100)
    img = Image.open(io.BytesIO(png)).convert("L")
    scale = 100 / 25.4

    def cell_pixels(name: str) -> list[int]:
        s = board.space(name)
        xs = [p.x for p in s.shape.points]
        ys = [p.y for p in s.shape.points]
        h = board_scene(game, board, THEMES[theme]).height
        box = (round((min(xs) + 1) * scale), round((h - max(ys) + 1) * scale),
               round((max(xs) - 1) * scale), round((h - min(ys) - 1) * scale))
        return list(img.crop(box).tobytes())
    plain, camp, throne = (cell_pixels(n) for n in ("b1", "c1", "c3"))
    assert sorted(plain) != sorted(camp)  # the camp is not drawn as the plain cell
    assert sorted(camp) != sorted(throne)
