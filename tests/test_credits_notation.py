"""Two sentences every booklet and sheet prints about a game: who made it (a traditional game
is credited as one, never "a game by traditional") and how its moves are written (the
booklet refers to a notation only when its rules text explains one)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from printables.gamefile import load_game_file
from printables.games import GAMES
from printables.products.board_sheet import board_scene
from printables.products.booklet.book import booklet_outputs
from printables.render.scene import Text
from printables.render.theme import get_theme

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def booklet_text(game) -> str:
    (_, pdf), = booklet_outputs(game)
    doc = pdfium.PdfDocument(pdf)
    return " ".join(" ".join(doc[i].get_textpage().get_text_range().split())
                    for i in range(len(doc)))


@pytest.mark.parametrize("name", ["go9", "morris"])
def test_traditional_games_are_credited_as_traditional(name):
    game = load_game_file(EXAMPLES / f"{name}.toml")
    texts = [i.text for i in board_scene(game, game.board(), get_theme("colour")).walk()
             if isinstance(i, Text)]
    assert "a traditional game" in texts
    assert not any("a game by" in t for t in texts)
    assert game.credit().startswith("a traditional game")


def test_a_named_designer_keeps_a_game_by():
    assert GAMES["network"].credit() == "a game by Sid Sackson"


def test_booklet_without_a_notation_section_says_how_moves_are_written():
    text = booklet_text(load_game_file(EXAMPLES / "morris.toml"))
    assert "notation explained above" not in text
    assert "A move is written" in text


def test_booklet_with_a_notation_section_refers_to_it():
    text = booklet_text(load_game_file(EXAMPLES / "orbit.toml"))
    assert "Moves are written in the notation explained above." in text
