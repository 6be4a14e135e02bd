"""Footers of board and setup sheets: the title and credit never meet the 100 mm scale bar,
and the whole bar is on the sheet, for every game and example game file, at the default
size and at the smallest and a narrow size (the text then goes above the bar)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printables.gamefile import load_game_file
from printables.games import GAMES
from printables.positions import load_setup
from printables.products.board_sheet import board_scene
from printables.products.common import SCALE_BAR
from printables.products.setup import setup_scene
from printables.products.variant import MIN_BOARD
from printables.render.fonts import text_width
from printables.render.scene import Group, Polygon, Scene, Text
from printables.render.theme import THEMES, ink

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))
THEME = THEMES["colour"]
Box = tuple[float, float, float, float]


def game_of(ref: str):
    return GAMES[ref] if ref in GAMES else load_game_file(ref)


def text_box(t: Text) -> Box:
    """The box a line of text covers (unrotated footer text): descent to cap height."""
    w = text_width(t.text, t.size, ink(THEME, t.style).font)
    x0 = t.position.x - {"start": 0.0, "middle": w / 2, "end": w}[t.anchor]
    return x0, t.position.y - 0.25 * t.size, x0 + w, t.position.y + 0.8 * t.size


def footer_boxes(scene: Scene) -> tuple[list[Box], Box, list[Box]]:
    """(the footer's text boxes, the scale bar's cells, the bar's label boxes)."""
    footer, = [g for g in scene.items if isinstance(g, Group) and g.layer == "footer"]
    assert min(i.size for i in footer.items if isinstance(i, Text)) >= 1.8, "readable text"
    texts = [text_box(i) for i in footer.items if isinstance(i, Text)]
    bar, = [g for g in footer.items if isinstance(g, Group) and g.layer == "scale"]
    pts = [p for i in bar.items if isinstance(i, Polygon) for p in i.points]
    cells = (min(p.x for p in pts), min(p.y for p in pts), max(p.x for p in pts),
             max(p.y for p in pts))
    return texts, cells, [text_box(i) for i in bar.items if isinstance(i, Text)]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_footer(scene: Scene) -> None:
    texts, cells, labels = footer_boxes(scene)
    assert cells[2] - cells[0] == pytest.approx(SCALE_BAR)
    assert cells[0] >= 0 and cells[2] <= scene.width, "the whole bar is on the sheet"
    bar = (min(b[0] for b in [cells, *labels]), cells[1], max(b[2] for b in [cells, *labels]),
           max(b[3] for b in labels))
    hits = [b for b in texts if overlap(b, bar)]
    assert hits == [], f"footer text meets the scale bar: {hits} vs {bar}"
    assert all(b[0] >= 0 and b[2] <= scene.width for b in texts + labels), "text on the sheet"
    for i, a in enumerate(texts):  # the title and credit lines do not overprint each other
        assert not any(overlap(a, b) for b in texts[i + 1:]), texts


@pytest.mark.parametrize("ref", sorted(GAMES) + EXAMPLES)
def test_board_footer_text_never_meets_the_scale_bar(ref):
    game = game_of(ref)
    check_footer(board_scene(game, game.board(), THEME))


@pytest.mark.parametrize("size", [MIN_BOARD, 125.0])
@pytest.mark.parametrize("ref", sorted(GAMES) + EXAMPLES)
def test_narrow_board_footers_put_the_text_above_the_whole_scale_bar(ref, size):
    game = game_of(ref)
    board = game.board(size=size)
    scene = board_scene(game, board, THEME)
    check_footer(scene)
    assert scene.width >= SCALE_BAR


@pytest.mark.parametrize("ref", sorted(GAMES) + EXAMPLES)
def test_setup_footer_text_never_meets_the_scale_bar(ref):
    game = game_of(ref)
    layout = load_setup(game)
    check_footer(setup_scene(game, layout, THEME, bundled=ref in GAMES))


def test_a_long_credit_wraps_beside_the_bar():
    """Star Halma's credit (two names and two dates) on two lines left of the bar, at its
    full size, where main ran it under the bar."""
    game = game_of(str(ROOT / "examples" / "star-halma.toml"))
    scene = board_scene(game, game.board(), THEME)
    texts, cells, _ = footer_boxes(scene)
    credit = [b for b in texts if b[1] < cells[3] + 2.0]
    assert len(credit) == 2 and all(b[2] < cells[0] for b in credit)


@pytest.mark.parametrize("cell", ["10mm", "19mm"])
def test_a_narrow_setup_keeps_the_whole_bar_and_the_credit_above_it(cell):
    """A game file with a small board (Crossing at 60 mm and 114 mm wide): the setup sheet
    is at least as wide as the bar, the credit goes above it."""
    from printables.gamefile import game_from_text
    path = ROOT / "examples" / "crossing.toml"
    text = path.read_text().replace('cell = "24mm"', f'cell = "{cell}"')
    game = game_from_text(text, str(path))
    assert game.board().width < SCALE_BAR + 40
    scene = setup_scene(game, load_setup(game), THEME, bundled=False)
    check_footer(scene)
