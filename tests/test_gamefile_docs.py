"""The designer's guide to game files (docs/designer/game-files.md): its pictures
(docs/gamefile-*.png) are what our renderer makes of the examples today, and its four-sides
snippet is a game file that reads. (Every key is documented by the generated reference:
tests/test_docs_reference.py.) `pytest tests/test_gamefile_docs.py --regen-golden` rewrites
the pictures."""

from __future__ import annotations

from pathlib import Path

import pytest

from docs.gen.key_reference import game_file_markdown, position_file_markdown
from printables.gamefile import game_from_text, load_game_file
from printables.positions import load_setup
from printables.products.board_sheet import board_scene
from printables.products.setup import setup_scene
from printables.render.png import png_available, render_png
from printables.render.theme import THEMES

ROOT = Path(__file__).resolve().parents[1]
DPI = 60


PAGE = ROOT / "docs" / "designer" / "game-files.md"


def page_text() -> str:
    return PAGE.read_text(encoding="utf-8")


def snippet(marker: str) -> str:
    """The ```toml block after the page's line holding marker."""
    text = page_text()
    return text.split(marker, 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]


def four_sides(tmp_path: Path):
    (tmp_path / "r.md").write_text("# Four\n\n## Setup\n\nEmpty.\n")
    path = tmp_path / "four.toml"
    path.write_text('rules = "r.md"\n' + snippet("<!-- four-sides -->"))
    return game_from_text(path.read_text(), str(path))


def pictures(tmp_path: Path) -> dict[str, bytes]:
    colour = THEMES["colour"]
    out = {}
    for name, layout in (("go9", None), ("morris", "morris/a-mill.toml"),
                         ("star-halma", None), ("amazons", None), ("surakarta", None),
                         ("xiangqi", None), ("oware", None)):
        game = load_game_file(ROOT / "examples" / f"{name}.toml")
        lay = load_setup(game, ROOT / "examples" / layout if layout else None)
        scene = (board_scene(game, game.board(), colour) if name in ("go9", "surakarta")
                 else setup_scene(game, lay, colour))
        out[f"gamefile-{name}.png"] = render_png(scene, colour, DPI)
    game = four_sides(tmp_path)
    out["gamefile-sides.png"] = render_png(setup_scene(game, load_setup(game), colour),
                                           colour, DPI)
    out["gamefile-sides-mono.png"] = render_png(
        setup_scene(game, load_setup(game), THEMES["mono"]), THEMES["mono"], DPI)
    return out


@pytest.mark.skipif(not png_available(), reason="system cairo library not installed")
def test_the_pages_pictures_are_current(tmp_path, regen_golden):
    section = page_text()
    for name, data in pictures(tmp_path).items():
        path = ROOT / "docs" / name
        assert f"](../{name})" in section, name
        if regen_golden:
            path.write_bytes(data)
        assert path.read_bytes() == data, f"{name}: run with --regen-golden and review"



def test_the_reference_documents_the_new_keys():
    page = game_file_markdown() + position_file_markdown()
    for key in ("[side.NAME]", "fill", "line", "pattern", "size", "[board.edges]",
                "points", "triangle", "layout", "diagonals", "stars", "file_labels",
                "rank_labels", "corners", "[board.points]", "lines", "[board.labels]",
                "order", "reconstructed", "[game.stacks]", "[game.state]", "[game.options]",
                "notation", "neutral", ".svg", "stone", "ring", "dot", "cross",
                "connections", "undrawn", "drawn", "[board.guides]", "dead", "[[board.curves]]",
                "[board.shapes]", "[board.spans]", "piles", "text", "font", "[setup.stacks]"):
        assert f"`{key}`" in page or f"`{key} " in page, key
