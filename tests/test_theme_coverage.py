"""Every style key a product uses has a real entry in both themes (no silent fallback)."""

from __future__ import annotations

import pytest

from printables.games import GAMES
from printables.render.scene import Group, Scene
from printables.render.theme import THEMES


def resolved_key(theme, key: str) -> str:
    """The theme entry a key resolves to (same dotted-prefix walk as theme.ink)."""
    k = key
    while k not in theme:
        if "." not in k:
            return "default"
        k = k.rsplit(".", 1)[0]
    return k


def styles(scene: Scene) -> set[str]:
    return {item.style for item in scene.walk() if not isinstance(item, Group)}


def product_scenes(game, theme):
    from printables.positions import bundled_layouts, layout_paths, load_layout
    from printables.products.board_sheet import board_scene
    from printables.products.booklet.diagram import position_scene
    from printables.products.pieces.sheet import piece_sheet, sheet_scenes
    from printables.units import parse_paper
    yield board_scene(game, game.board(), theme)
    yield from sheet_scenes(piece_sheet(game, parse_paper("A4")))
    for path in layout_paths([bundled_layouts() / game.name]):
        layout = load_layout(path)
        move = next((c.move for c in layout.checks if c.move is not None), None)
        captures = next((c.captures for c in layout.checks if c.captures), ())
        yield position_scene(game, layout.position, theme, move=move, captures=captures,
                             reserve=True)


@pytest.mark.parametrize("theme_name", ["colour", "mono"])
def test_every_used_style_has_an_entry(theme_name):
    theme = THEMES[theme_name]
    missing = set()
    for game in GAMES.values():
        for scene in product_scenes(game, theme):
            missing |= {s for s in styles(scene) if resolved_key(theme, s) == "default"}
    assert missing == set()
