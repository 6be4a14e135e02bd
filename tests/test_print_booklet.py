"""Booklet text the program decides: the tile count a rules text prints comes from the
tiling plan the kit uses, and a number the program does not know is refused."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from printables.errors import UsageError
from printables.games import GAMES
from printables.products.booklet.book import build_booklet, derive_numbers, tile_pages
from printables.products.kit import KitRequest, build_game
from printables.units import PAPERS


def booklet_text(name: str) -> str:
    reader = PdfReader(io.BytesIO(build_booklet(GAMES[name]).pdf))
    return " ".join(" ".join(p.extract_text().split()) for p in reader.pages)


def test_dugi_booklet_says_six_pages_of_a4_as_the_kit_prints():
    text = booklet_text("dugi")
    assert "six pages of A4, six of letter, or two of A3" in text
    board = PdfReader(io.BytesIO(build_game(KitRequest("dugi", "A4"))["dugi/board.pdf"]))
    assert len(board.pages) - 1 == tile_pages(GAMES["dugi"], PAPERS["A4"]) == 6  # + assembly


def test_a_board_that_fits_one_page_counts_one():
    assert derive_numbers("{tiles:A4}", GAMES["evl"], "x.md") == "one"


def test_an_unknown_number_is_refused_naming_the_file():
    with pytest.raises(UsageError, match=re.escape("x.md: unknown number '{tiles:B7}'")):
        derive_numbers("on {tiles:B7} pages", GAMES["dugi"], "x.md")
