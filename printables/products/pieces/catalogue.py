"""The piece-art catalogue: every art name a game file may use, drawn with its name under it
(docs/piece-art.png in the game file reference is this scene; a test keeps the two in step)."""

from __future__ import annotations

from printables.geometry import Point
from printables.products.pieces.art import ART, piece_items
from printables.render.scene import Group, Item, Scene, Text

COLUMNS = 6
CELL_W, CELL_H, DIAMETER = 34.0, 34.0, 22.0


def catalogue_scene() -> Scene:
    """One cell per art name, in ART order, COLUMNS to a row."""
    names = list(ART)
    rows = -(-len(names) // COLUMNS)
    height = rows * CELL_H
    items: list[Item] = []
    for i, name in enumerate(names):
        x = (i % COLUMNS + 0.5) * CELL_W
        y = height - (i // COLUMNS) * CELL_H
        items += piece_items(name, Point(x, y - DIAMETER / 2 - 2.0), DIAMETER)
        items.append(Text(Point(x, y - DIAMETER - 7.5), name, 3.4, "text"))
    return Scene(COLUMNS * CELL_W, height, (Group(tuple(items), layer="pieces"),),
                 title="printables piece art")
