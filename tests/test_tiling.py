"""Tiling a board larger than the paper: coverage, overlaps, page boxes, orientation."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printables.games import GAMES
from printables.products.board_sheet import board_scene, sheet_size
from printables.products.tiling import (
    BLEED,
    OVERLAP,
    content_origin,
    keep_clear,
    page_orientation,
    page_pdf,
    plan_tiles,
    registration_marks,
    tile_area,
)
from printables.render.pdf import render_pdf
from printables.render.theme import THEMES
from printables.units import PAPERS

PT = 72 / 25.4


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3"])
def test_dugi_plan_covers_the_board_with_a_glue_strip_and_bleed_at_each_seam(paper):
    w, h = sheet_size(GAMES["dugi"].board())
    assert w >= 300 and h >= 300
    plan = plan_tiles(w, h, PAPERS[paper])
    assert plan.pages > 1
    room_w, room_h = tile_area(plan.paper)
    for t in plan.tiles:
        assert t.w <= room_w + 1e-9 and t.h <= room_h + 1e-9
        right = [u for u in plan.tiles if u.row == t.row and u.col == t.col + 1]
        below = [u for u in plan.tiles if u.col == t.col and u.row == t.row + 1]
        if right:  # the right page's trim line is this page's seam; the strip is under it
            assert right[0].trim_left == t.seam_right
            assert t.x + t.w - t.seam_right == pytest.approx(OVERLAP)
            assert right[0].trim_left - right[0].x == pytest.approx(BLEED)
        if below:  # rows count from the top: the row below starts lower
            assert below[0].trim_top == t.seam_bottom
            assert t.seam_bottom - t.y == pytest.approx(OVERLAP)
    assert min(t.x for t in plan.tiles) == 0 and max(t.x + t.w for t in plan.tiles) == pytest.approx(w)  # noqa: E501 (data)
    assert min(t.y for t in plan.tiles) == 0 and max(t.y + t.h for t in plan.tiles) == pytest.approx(h)  # noqa: E501 (data)


def test_dugi_tiled_pdf_is_an_assembly_page_then_tiles_with_trimbox_on_the_tile():
    g = GAMES["dugi"]
    theme = THEMES["colour"]
    scene = board_scene(g, g.board(), theme)
    plan = plan_tiles(scene.width, scene.height, PAPERS["A4"], avoid=keep_clear(scene, theme))
    reader = PdfReader(io.BytesIO(page_pdf(scene, theme, PAPERS["A4"], "Dugi")))
    assert len(reader.pages) == plan.pages + 1
    assert f"assembling {plan.pages} tiles" in reader.pages[0].extract_text()
    for page, tile in zip(reader.pages[1:], plan.tiles, strict=True):
        assert float(page.mediabox.width) / PT == pytest.approx(plan.paper[0], abs=0.01)
        assert float(page.mediabox.height) / PT == pytest.approx(plan.paper[1], abs=0.01)
        # the TrimBox runs along the cut lines of the trimmed sides and holds the rest of
        # the tile and the registration crosses before them; the BleedBox adds 2 mm of
        # board past each cut line
        trim = [float(v) / PT for v in page.trimbox]
        bleed = [float(v) / PT for v in page.bleedbox]
        dx, dy = content_origin(tile, plan)
        left = tile.x + dx if tile.trim_left is None else tile.trim_left + dx
        top = tile.y + tile.h + dy if tile.trim_top is None else tile.trim_top + dy
        assert trim[0] <= left + 0.01 and trim[2] >= tile.x + tile.w + dx - 0.01
        assert trim[1] <= tile.y + dy + 0.01 and trim[3] >= top - 0.01
        if tile.trim_left is not None:
            assert trim[0] == pytest.approx(left, abs=0.01)
            assert bleed[0] == pytest.approx(left - BLEED, abs=0.01)
        if tile.trim_top is not None:
            assert trim[3] == pytest.approx(top, abs=0.01)
            assert bleed[3] == pytest.approx(top + BLEED, abs=0.01)
        kept = 0
        for mark in registration_marks(tile, plan):
            for seg in mark.parts:
                beyond = any((tile.trim_left is not None and p.x < left - 0.01)
                             or (tile.trim_top is not None and p.y > top + 0.01)
                             for p in (seg.a, seg.b))
                if beyond:  # a row-join mark in the top margin: it falls away with the cut
                    continue
                kept += 1
                for p in (seg.a, seg.b):
                    assert trim[0] - 0.01 <= p.x <= trim[2] + 0.01
                    assert trim[1] - 0.01 <= p.y <= trim[3] + 0.01
        assert kept
        assert bleed[0] <= trim[0] and bleed[1] <= trim[1]
        assert bleed[2] >= trim[2] and bleed[3] >= trim[3]
        text = page.extract_text()
        assert f"row {tile.row}, column {tile.col} of {plan.rows} x {plan.cols}" in text


def test_a_board_that_fits_is_one_centred_page_with_crop_marks():
    from tests.pdfgeom import page_geometry, segments
    g = GAMES["rosenkreuz"]
    scene = board_scene(g, g.board(), THEMES["colour"])
    reader = PdfReader(io.BytesIO(page_pdf(scene, THEMES["colour"], PAPERS["Letter"], "R")))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert float(page.mediabox.width) / PT == pytest.approx(215.9, abs=0.01)
    assert float(page.trimbox.width) / PT == pytest.approx(scene.width, abs=0.01)
    left = float(page.trimbox.left) / PT
    assert left == pytest.approx((215.9 - scene.width) / 2, abs=0.01)
    x0, y0 = left, float(page.trimbox.bottom) / PT
    x1, y1 = x0 + scene.width, y0 + scene.height
    marks = [s for s in segments(page_geometry(page, reader))
             if not (x0 < s[0][0] < x1 and y0 < s[0][1] < y1)]
    # two marks per corner, each on the line of a trim edge, outside the sheet
    assert len(marks) == 8
    for (ax, ay), (_bx, _by) in marks:
        assert min(abs(ax - x0), abs(ax - x1)) < 1e-3 or min(abs(ay - y0), abs(ay - y1)) < 1e-3


def test_a_wide_board_goes_on_landscape_paper():
    g = GAMES["evl"]
    scene = board_scene(g, g.board(), THEMES["colour"])
    assert scene.width > scene.height
    assert page_orientation(scene.width, scene.height, PAPERS["A4"]) == (297.0, 210.0)
    page = PdfReader(io.BytesIO(page_pdf(scene, THEMES["colour"], PAPERS["A4"], "E"))).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)


def test_printing_guide_and_index_state_the_same_tiling_scheme():
    import html
    from pathlib import Path

    from printables.products.kit_store import SCHEME, index_html
    guide = Path(__file__).parent.parent / "docs" / "organiser" / "printing.md"
    assert SCHEME in " ".join(guide.read_text().split())
    page = " ".join(html.unescape(index_html([], {}).decode()).split())
    assert SCHEME in page


def test_assembly_page_and_tiles_say_which_edges_are_cut_and_glued():
    g = GAMES["dugi"]
    theme = THEMES["colour"]
    scene = board_scene(g, g.board(), theme)
    reader = PdfReader(io.BytesIO(page_pdf(scene, theme, PAPERS["A4"], "Dugi board")))
    first = " ".join(reader.pages[0].extract_text().split())
    for phrase in ("Cut the LEFT edge", "Cut the TOP edge", "hatched strip", "half crosses"):
        assert phrase in first
    texts = [" ".join(p.extract_text().split()) for p in reader.pages[1:]]
    assert "trim the left and top edges on the line" in texts[4]  # row 2, column 2
    assert "the hatched right and bottom strips go under the next page" in texts[0]
    assert "no trimming" in texts[0] and "trim the top edge on the line" in texts[3]


@settings(max_examples=200)
@given(st.lists(st.tuples(st.integers(0, 400), st.integers(0, 60)), max_size=25),
       st.integers(0, 20))
def test_seam_hits_counted_in_sorted_ends_match_the_direct_count(spans, overlap):
    """The seam search's per-seam count of labels in the way (sorted ends and bisection)
    is the direct count for every seam on the grid, ends touching exactly included."""
    from printables.products.tiling import STEP, _all_hits, _hits
    blocked = [(a / 2, (a + w) / 2) for a, w in spans]  # on the 0.5 mm grid: exact ties
    seams = [k * STEP for k in range(1, 440)]
    assert _all_hits(seams, blocked, overlap / 2) == [_hits(s, blocked, overlap / 2)
                                                      for s in seams]


def _pixels(pdf: bytes, page: int, dpi: float):
    import numpy as np
    import pypdfium2 as pdfium
    img = pdfium.PdfDocument(pdf)[page].render(scale=dpi / 72, grayscale=True).to_numpy()
    return np.asarray(img if img.ndim == 2 else img[..., 0], dtype=float)


def _strip(img, page_h: float, box, dpi: float):
    """The pixels of a box (x0, y0, x1, y1 in page mm, y up)."""
    k = dpi / 25.4
    x0, y0, x1, y1 = box
    return img[round((page_h - y1) * k):round((page_h - y0) * k), round(x0 * k):round(x1 * k)]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_bleed_box_holds_the_board_printed_past_each_cut_line(paper):
    """Pixels: between each cut line and the BleedBox's edge the tile page shows the board
    as it is at that place of the whole sheet (not blank paper), and the TrimBox's edge is
    the cut line."""
    g = GAMES["dugi"]
    theme = THEMES["colour"]
    scene = board_scene(g, g.board(), theme)
    plan = plan_tiles(scene.width, scene.height, PAPERS[paper], avoid=keep_clear(scene, theme))
    pdf = page_pdf(scene, theme, PAPERS[paper], "Dugi")
    reader = PdfReader(io.BytesIO(pdf))
    dpi = 200
    sheet = _pixels(render_pdf([scene], theme), 0, dpi)
    strips = 0
    for n, tile in enumerate(plan.tiles, 1):
        page = reader.pages[n]
        trim = [float(v) / PT for v in page.trimbox]
        bleed = [float(v) / PT for v in page.bleedbox]
        img = _pixels(pdf, n, dpi)
        dx, dy = content_origin(tile, plan)
        ph = plan.paper[1]
        # clear of the glue strips (hatched) and of the drawn cut line itself
        lo = tile.y if tile.seam_bottom is None else tile.seam_bottom
        hi = tile.y + tile.h if tile.trim_top is None else tile.trim_top - 0.5
        right = tile.x + tile.w if tile.seam_right is None else tile.seam_right
        boxes = []
        if tile.trim_left is not None:
            boxes.append((bleed[0] - dx + 0.2, lo, trim[0] - dx - 0.5, hi))
        if tile.trim_top is not None:
            left = tile.x if tile.trim_left is None else tile.trim_left + 0.5
            boxes.append((left, trim[3] - dy + 0.5, right, bleed[3] - dy - 0.2))
        for x0, y0, x1, y1 in boxes:
            on_page = _strip(img, ph, (x0 + dx, y0 + dy, x1 + dx, y1 + dy), dpi)
            on_sheet = _strip(sheet, scene.height, (x0, y0, x1, y1), dpi)
            h, w = min(on_page.shape[0], on_sheet.shape[0]), min(on_page.shape[1],
                                                                 on_sheet.shape[1])
            assert h > 0 and w > 0
            on_page, on_sheet = on_page[:h, :w], on_sheet[:h, :w]
            assert (on_sheet < 200).mean() > 0.05, "the strip crosses printed board"
            assert abs(on_page - on_sheet).mean() < 6, (n, (x0, y0, x1, y1))
            strips += 1
        if tile.trim_left is not None:
            assert trim[0] - dx == pytest.approx(tile.trim_left, abs=0.01)
        if tile.trim_top is not None:
            assert trim[3] - dy == pytest.approx(tile.trim_top, abs=0.01)
    assert strips >= 5
