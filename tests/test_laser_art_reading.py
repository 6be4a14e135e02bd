"""The laser reads piece art by its own rule (pen-drawn styles are scored, other closed
shapes are solid), so the print theme's colours never change what a laser cuts."""

from __future__ import annotations

import pytest

from printables.geometry import Point
from printables.products.laser.pieces import pen_drawn, piece_marks
from printables.products.pieces.art import ART, piece_items
from printables.render.scene import Circle, Path, Polygon
from printables.render.theme import THEMES, Ink


def test_every_art_style_is_read_as_pen_or_solid():
    for art in ART:
        for item in piece_items(art, Point(0.0, 0.0), 20.0):
            if pen_drawn(item.style):
                assert isinstance(item, Path), (art, item.style)  # rims, rings, spirals
            elif isinstance(item, (Circle, Polygon)):
                assert not pen_drawn(item.style)


@pytest.mark.parametrize("art", ["rose-dark", "marker-white", "stone-black", "general-attacker"])
def test_print_theme_colours_do_not_change_laser_pieces(monkeypatch, art):
    before = piece_marks(art, 20.0)
    unfilled = {k: Ink(stroke=v.stroke, width=v.width) for k, v in THEMES["colour"].items()}
    monkeypatch.setitem(THEMES, "colour", unfilled)  # a print theme with no fills at all
    assert piece_marks(art, 20.0) == before
