"""Every piece reads on every space it can stand on, in both themes: the luminance contrast
(WCAG formula) of the piece's fill, or of its outline, against the space's fill is at least
3:1. The outline counts only when it is drawn at least 0.2 mm wide: white stones on a light
board are told apart by their dark rim, as on any go board."""

from __future__ import annotations

import pytest

from printables.games import GAMES
from printables.geometry import Point
from printables.products.pieces.art import piece_items
from printables.render.scene import Circle, Polygon
from printables.render.theme import THEMES, contrast, ink

LEAST = 3.0
RIM = 0.2


def space_fill(theme, colour: str) -> str:
    """What a space looks like: its fill, else the board ground, else white paper."""
    return (ink(theme, "space." + colour).fill or ink(theme, "board.ground").fill
            or "#ffffff")


def piece_contrast(theme, art: str, background: str) -> float:
    """The best of fill and outline contrast of a piece's outer shape (disc or marker, and the
    rim drawn round it) on a background."""
    items = piece_items(art, Point(0, 0), 20.0)
    outer = items[0]
    assert isinstance(outer, (Circle, Polygon)), art
    pen = ink(theme, outer.style)
    best = contrast(pen.fill, background) if pen.fill else 1.0
    if pen.stroke and pen.width >= RIM:
        best = max(best, contrast(pen.stroke, background))
    for rim in items[1:2]:
        if rim.style.startswith("piece.rim"):
            r = ink(theme, rim.style)
            width = getattr(rim, "width", None) or r.width
            if r.stroke and width >= RIM:
                best = max(best, contrast(r.stroke, background))
            if isinstance(rim, Polygon) and r.fill:  # a marker's dark base
                best = max(best, contrast(r.fill, background))
    return best


def pairs():
    for game in GAMES.values():
        board = game.board()
        for comp in game.components(game.options()):
            colours = sorted({s.colour for s in board.spaces if s.kind == comp.stands_on})
            for colour in colours:
                yield game.name, comp.art, colour


@pytest.mark.parametrize("theme_name", ["colour", "mono"])
def test_every_piece_reads_on_every_space_it_stands_on(theme_name):
    theme = THEMES[theme_name]
    weak = {}
    for game, art, colour in pairs():
        c = piece_contrast(theme, art, space_fill(theme, colour))
        if c < LEAST:
            weak[(game, art, colour)] = round(c, 2)
    assert weak == {}


def test_the_test_sees_every_game_and_network_goals():
    seen = set(pairs())
    assert {g for g, _, _ in seen} == set(GAMES)
    assert any(g == "network" and colour.startswith("goal") for g, _, colour in seen)


def test_black_stones_stand_out_on_network_goal_rows():
    theme = THEMES["colour"]
    stone = ink(theme, "piece.disc.black").fill
    assert contrast(stone, space_fill(theme, "goal.black")) >= LEAST
