"""GAME-print-and-play.pdf printed as one duplex job (long-edge flip), simulated from its pages:
sheet k carries pages 2k+1 (front) and 2k+2 (back)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from printables.games import GAMES
from printables.products.kit_build import KitTask, build_game
from printables.products.print_and_play import BLANK_TEXT
from tests.pdfgeom import PT, circles, page_geometry

PARTS = ("Print plan", "Board", "Pieces", "Rule booklet")


@pytest.fixture(scope="module", params=[(g, "A4") for g in sorted(GAMES)]
                + [("dugi", "A3"), ("chameleons", "Letter")], ids=lambda p: "-".join(p))
def kit(request):
    """One game's print files on a kit paper: name -> bytes."""
    game, paper = request.param
    files = build_game(KitTask(game, paper))
    return game, {k.split("/", 1)[1]: v for k, v in files.items()}


def _reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def _parts(reader: PdfReader) -> list[tuple[str, int]]:
    """(bookmark title, first page index) of every part, in order."""
    return [(o.title, reader.get_destination_page_number(o)) for o in reader.outline]


def _size(page) -> tuple[float, float]:
    w, h = float(page.mediabox.width) / PT, float(page.mediabox.height) / PT
    return (h, w) if int(page.get("/Rotate", 0) or 0) % 180 else (w, h)


def test_bookmarks_name_every_part_and_each_part_starts_on_a_front(kit):
    game, files = kit
    reader = _reader(files[f"{game}-print-and-play.pdf"])
    parts = _parts(reader)
    assert [t.split(" (")[0] for t, _ in parts] == list(PARTS)
    assert parts[0][1] == 0
    for title, first in parts:
        assert first % 2 == 0, f"{title} starts on page {first + 1}, a back side"
    assert len(reader.pages) % 2 == 0
    assert "print plan" in reader.pages[0].extract_text()


def _is_blank(page) -> bool:
    """Only the 'intentionally blank' note is on the page: no path, one line of text."""
    geo = page_geometry(page, None)
    return not geo.paths and page.extract_text().strip() == BLANK_TEXT


def test_single_sided_parts_get_blank_backs_and_blanks_are_blank(kit):
    game, files = kit
    reader = _reader(files[f"{game}-print-and-play.pdf"])
    parts = _parts(reader) + [("end", len(reader.pages))]
    two_sided = {"Pieces": any(c.back for c in GAMES[game].components(GAMES[game].options(None))),
                 "Rule booklet": True}
    for (title, first), (_, end) in zip(parts, parts[1:]):
        name = title.split(" (")[0]
        source = {"Board": "board.pdf", "Pieces": "pieces.pdf",
                  "Rule booklet": "booklet-imposed.pdf"}.get(name)
        n_src = len(_reader(files[source]).pages) if source else 1
        for i in range(first, end, 2):
            front, back = reader.pages[i], reader.pages[i + 1]
            assert _size(front) == pytest.approx(_size(back), abs=0.01)
            assert not _is_blank(front), (title, i + 1)
            if not two_sided.get(name, False):
                assert _is_blank(back), f"{title}: page {i + 2} should be a blank back"
        expected = n_src * (1 if two_sided.get(name) else 2)
        assert end - first == expected + expected % 2, title


def test_blank_page_renders_white_outside_its_note(kit):
    import pypdfium2 as pdfium
    game, files = kit
    data = files[f"{game}-print-and-play.pdf"]
    pdf = pdfium.PdfDocument(data)
    img = pdf[1].render(scale=1).to_pil().convert("L")  # page 2: the plan's back
    w, h = img.size
    dark = [(x, y) for y in range(h) for x in range(0, w, 2) if img.getpixel((x, y)) < 200]
    assert dark, "the note should be visible"
    assert all(abs(y - h / 2) < 8 and abs(x - w / 2) < w / 4 for x, y in dark)


def test_two_sided_pieces_land_behind_their_fronts_with_a_long_edge_flip():
    files = {k.split("/", 1)[1]: v for k, v in build_game(KitTask("chameleons", "A4")).items()}
    reader = _reader(files["chameleons-print-and-play.pdf"])
    parts = dict((t.split(" (")[0], i) for t, i in _parts(reader))
    n = len(_reader(files["pieces.pdf"]).pages)
    checked = 0
    for i in range(parts["Pieces"], parts["Pieces"] + n, 2):
        front, back = reader.pages[i], reader.pages[i + 1]
        width = _size(front)[0]
        height = _size(front)[1]
        guides = [c for c in circles(page_geometry(front, reader), stroke=True)
                  if c[1] < height - 10.0]  # not the ring mark in the top margin
        bleeds = [c for c in circles(page_geometry(back, reader), stroke=False)]
        assert guides
        for x, y, d in guides:
            # a long-edge flip turns the sheet about its vertical centre line
            behind = (width - x, y)
            best = min(((bx - behind[0]) ** 2 + (by - behind[1]) ** 2) ** 0.5
                       for bx, by, bd in bleeds if bd >= d)
            assert best <= 0.5, (i + 1, x, y, best)
            checked += 1
    assert checked >= 30


def test_booklet_backs_are_turned_for_the_long_edge_flip():
    """Imposed for a short-edge flip; turning every back by 180 degrees makes the long-edge
    flip of the whole file put the same page behind each page as the short-edge flip."""
    files = {k.split("/", 1)[1]: v for k, v in build_game(KitTask("dugi", "A4")).items()}
    reader = _reader(files["dugi-print-and-play.pdf"])
    imposed = _reader(files["booklet-imposed.pdf"])
    first = dict((t.split(" (")[0], i) for t, i in _parts(reader))["Rule booklet"]
    pages = reader.pages[first:first + len(imposed.pages)]
    assert len(pages) == len(imposed.pages) and len(imposed.pages) % 2 == 0
    for k, (page, source) in enumerate(zip(pages, imposed.pages)):
        assert page.extract_text() == source.extract_text()
        assert int(page.get("/Rotate", 0) or 0) % 360 == (180 if k % 2 else 0)


def test_print_plan_names_pages_flip_edge_paper_and_scale_check(kit):
    game, files = kit
    reader = _reader(files[f"{game}-print-and-play.pdf"])
    text = " ".join(reader.pages[0].extract_text().split())
    for title, first in _parts(reader)[1:]:
        pages = title.split("(pages ")[1].rstrip(")")
        assert f"{title.split(' (')[0]} {pages}" in text
        assert int(pages.split("-")[0]) == first + 1
    for phrase in ("LONG edge", "SHORT-edge", "100 mm", "g/m2", "blank backs", "Job 1", "Job 2"):
        assert phrase in text, phrase
