"""A forbidden drop onto a stack (EVL's booklet: +B4 on a stack of four) is marked without
hiding the stack: ring and bar are drawn under the pieces, the ring wider than the stack and
the bar's ends past its corners; a forbidden drop on an empty space is drawn as before."""

from __future__ import annotations

from pathlib import Path

from printables.games import GAMES, Move, Position
from printables.geometry import Arc
from printables.positions import load_layout
from printables.products.booklet.diagram import Marks, position_scene
from printables.render.scene import Group, Polygon
from printables.render.theme import THEMES

ROOT = Path(__file__).resolve().parents[1]
THEME = THEMES["colour"]


def layers(scene) -> list[str]:
    return [i.layer for i in scene.items if isinstance(i, Group) and i.layer]


def test_a_forbidden_drop_on_a_stack_leaves_the_stack_readable():
    pos = load_layout(ROOT / "layouts" / "evl" / "illegal-stack-of-five.toml").position
    scene = position_scene("evl", pos, THEME, marks=Marks(Move(("B4",), drop=True), False))
    order = layers(scene)
    assert order.count("move") == 1 and order.index("move") < order.index("pieces")
    marks = next(i for i in scene.items if isinstance(i, Group) and i.layer == "move").items
    c = GAMES["evl"].board().space("B4").anchor
    pieces = next(i for i in scene.items if isinstance(i, Group) and i.layer == "pieces")
    corners = [p for g in pieces.items for i in g.items if isinstance(i, Polygon)
               for p in i.points if abs(p.x - c.x) < 12 and abs(p.y - c.y) < 12]
    half_w = max(abs(p.x - c.x) for p in corners)
    half_h = max(abs(p.y - c.y) for p in corners)
    ring, = [i.parts[0] for i in marks if i.style == "arrow"]
    assert isinstance(ring, Arc) and ring.radius > max(half_w, half_h) + 1.0  # shows round it
    bar, = [i.parts[0] for i in marks if i.style == "strike"]
    for end in (bar.start, bar.end):  # each end shows past the stack's corner
        assert abs(end.x - c.x) > half_w + 0.5 and abs(end.y - c.y) > half_h + 0.5


def test_a_forbidden_drop_on_an_empty_space_is_drawn_over_the_board():
    pos = Position("network", "black")
    scene = position_scene("network", pos, THEME, marks=Marks(Move(("a2",), drop=True), False))
    assert layers(scene)[-1] == "move"  # nothing stands on a2: the mark is on top
    marks = scene.items[-1].items
    assert {i.style for i in marks} >= {"arrow", "strike"}
