"""The README's strip of boards and the documentation's gallery show what `printables kit
all` makes today: each committed preview in docs/gallery/ is byte for byte the board.png a
kit writes (refresh: copy output/GAME/board.png)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printables.games import GAMES
from tests.conftest import needs_png

GALLERY = Path(__file__).resolve().parent.parent / "docs" / "gallery"


@needs_png
@pytest.mark.parametrize("name", sorted(GAMES))
def test_gallery_preview_is_the_kits_board_png(name):
    from printables.products.kit_parts import kit_part_files
    from printables.products.requests import GameRequest, parts_of_kit
    parts = {k: r for k, r in parts_of_kit(GAMES[name], GameRequest(), "A4").items()
             if k == "board.png"}
    files = kit_part_files(GAMES[name], parts)
    preview = GALLERY / f"{name}.png"
    assert preview.exists(), f"docs/gallery/{name}.png is missing: copy the kit's " \
                             f"{name}/board.png there (`printables kit {name}`)"
    assert preview.read_bytes() == files["board.png"], (
        f"docs/gallery/{name}.png is stale: copy the kit's {name}/board.png over it")
