"""Tiling a board larger than the paper: coverage, exact overlaps, page boxes."""

from __future__ import annotations

import io

import pytest

from printables.games import GAMES
from printables.products.board_sheet import board_scene, sheet_size
from printables.products.tiling import MARGIN, OVERLAP, plan_tiles, tile_area, page_pdf
from printables.render.theme import THEMES
from printables.units import PAPERS

PT = 72 / 25.4


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3"])
def test_dugi_plan_covers_the_board_with_exact_overlap(paper):
    w, h = sheet_size(GAMES["dugi"].board())
    assert w >= 300 and h >= 300
    plan = plan_tiles(w, h, PAPERS[paper])
    assert plan.pages > 1
    room_w, room_h = tile_area(plan.paper)
    # sample the board on a 1 mm grid: every point is on some tile, nothing missing
    for i in range(int(w) + 1):
        for j in range(0, int(h) + 1, 7):
            x, y = min(i, w), min(j, h)
            assert any(t.x - 1e-9 <= x <= t.x + t.w + 1e-9 and t.y - 1e-9 <= y <= t.y + t.h + 1e-9
                       for t in plan.tiles), (x, y)
    for t in plan.tiles:
        assert t.w <= room_w + 1e-9 and t.h <= room_h + 1e-9
        right = [u for u in plan.tiles if u.row == t.row and u.col == t.col + 1]
        below = [u for u in plan.tiles if u.col == t.col and u.row == t.row + 1]
        if right:
            assert t.x + t.w - right[0].x == pytest.approx(OVERLAP)
        if below:  # rows count from the top: the row below starts lower
            assert below[0].y + below[0].h - t.y == pytest.approx(OVERLAP)
    assert min(t.x for t in plan.tiles) == 0 and max(t.x + t.w for t in plan.tiles) == pytest.approx(w)
    assert min(t.y for t in plan.tiles) == 0 and max(t.y + t.h for t in plan.tiles) == pytest.approx(h)


def test_dugi_tiled_pdf_pages_are_a4_with_trimbox_on_the_tile():
    from pypdf import PdfReader
    g = GAMES["dugi"]
    scene = board_scene(g, g.board(), THEMES["colour"])
    plan = plan_tiles(scene.width, scene.height, PAPERS["A4"])
    reader = PdfReader(io.BytesIO(page_pdf(scene, THEMES["colour"], PAPERS["A4"], "Dugi")))
    assert len(reader.pages) == plan.pages
    for page, tile in zip(reader.pages, plan.tiles):
        assert float(page.mediabox.width) / PT == pytest.approx(plan.paper[0], abs=0.01)
        assert float(page.mediabox.height) / PT == pytest.approx(plan.paper[1], abs=0.01)
        assert float(page.trimbox.width) / PT == pytest.approx(tile.w, abs=0.01)
        assert float(page.trimbox.height) / PT == pytest.approx(tile.h, abs=0.01)
        assert float(page.trimbox.left) / PT == pytest.approx(MARGIN, abs=0.01)
        text = page.extract_text()
        assert f"row {tile.row} / column {tile.col}" in text


def test_a_board_that_fits_is_one_centred_page():
    from pypdf import PdfReader
    g = GAMES["rosenkreuz"]
    scene = board_scene(g, g.board(), THEMES["colour"])
    reader = PdfReader(io.BytesIO(page_pdf(scene, THEMES["colour"], PAPERS["Letter"], "R")))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert float(page.mediabox.width) / PT == pytest.approx(215.9, abs=0.01)
    assert float(page.trimbox.width) / PT == pytest.approx(scene.width, abs=0.01)
    left = float(page.trimbox.left) / PT
    assert left == pytest.approx((215.9 - scene.width) / 2, abs=0.01)
