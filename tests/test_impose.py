"""Saddle-stitch imposition: sheet count, page order, padding, paper size, centring."""

from __future__ import annotations

import io
import math

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen import canvas

from printables.errors import UsageError
from printables.products.booklet.impose import PT_PER_MM, impose, padded_count, saddle_order

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


def numbered_pdf(pages: int, size: tuple[float, float] = (148.0, 210.0)) -> bytes:
    """A PDF whose page n shows the text 'page n' in its middle."""
    buf = io.BytesIO()
    w, h = size[0] * PT_PER_MM, size[1] * PT_PER_MM
    c = canvas.Canvas(buf, pagesize=(w, h), invariant=1)
    for n in range(1, pages + 1):
        c.drawCentredString(w / 2, h / 2, f"page {n}")
        c.showPage()
    c.save()
    return buf.getvalue()


def halves(pdf: bytes) -> list[tuple[str, str]]:
    """The text of the left and right half of every sheet side."""
    doc = pdfium.PdfDocument(pdf)
    out = []
    for page in doc:
        w, h = page.get_size()
        text = page.get_textpage()
        out.append((text.get_text_bounded(0, 0, w / 2, h).strip(),
                    text.get_text_bounded(w / 2, 0, w, h).strip()))
    return out


def label(index: int | None) -> str:
    return "" if index is None else f"page {index + 1}"


def test_saddle_order_of_eight_pages():
    assert saddle_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]


@pytest.mark.parametrize("pages", [1, 2, 3, 4, 5, 6, 7, 8, 9, 13])
def test_every_page_once_and_sheet_count(pages):
    order = saddle_order(pages)
    assert len(order) == 2 * math.ceil(pages / 4)
    shown = sorted(i for side in order for i in side if i is not None)
    assert shown == list(range(pages))
    assert padded_count(pages) % 4 == 0


@pytest.mark.parametrize("pages", [4, 6, 8, 9])
def test_imposed_sheets_in_reading_order(pages):
    imposed = impose(numbered_pdf(pages), A4, "A4")
    found = halves(imposed)
    assert len(found) == 2 * math.ceil(pages / 4)
    # first side: the last (padded) page on the left, page 1 on the right
    n = padded_count(pages)
    assert found[0][1] == "page 1"
    assert found[0][0] == (f"page {n}" if n == pages else "")
    assert found == [(label(a), label(b)) for a, b in saddle_order(pages)]


def test_folding_the_stack_reads_in_order():
    """Simulate printing double-sided, stacking the sheets and folding them."""
    pages = 12
    sides = halves(impose(numbered_pdf(pages), A4, "A4"))
    sheets = [(sides[i], sides[i + 1]) for i in range(0, len(sides), 2)]
    reading = []
    for front, back in sheets:          # first half of the booklet: right of front, left of back
        reading += [front[1], back[0]]
    for front, back in reversed(sheets):  # second half: right of back, left of front
        reading += [back[1], front[0]]
    assert reading == [f"page {n}" for n in range(1, pages + 1)]


@pytest.mark.parametrize("sheet,name,pages_size", [(A4, "A4", (148.0, 210.0)),
                                                   (LETTER, "letter", (139.7, 215.9))])
def test_sheet_is_landscape_paper(sheet, name, pages_size):
    doc = pdfium.PdfDocument(impose(numbered_pdf(3, pages_size), sheet, name))
    for page in doc:
        w, h = page.get_size()
        assert abs(w / PT_PER_MM - max(sheet)) < 0.1
        assert abs(h / PT_PER_MM - min(sheet)) < 0.1


def test_small_pages_are_centred_with_trim_box():
    from pypdf import PdfReader
    imposed = impose(numbered_pdf(4, (100.0, 150.0)), A4, "A4")
    box = PdfReader(io.BytesIO(imposed)).pages[0].trimbox
    got = [float(v) / PT_PER_MM for v in (box.left, box.bottom, box.right, box.top)]
    assert got == pytest.approx([48.5, 30.0, 248.5, 180.0], abs=0.01)


def test_pages_too_large_for_the_sheet():
    with pytest.raises(UsageError, match="do not fit 2-up on letter"):
        impose(numbered_pdf(2), LETTER, "letter")


def test_same_bytes_twice():
    pdf = numbered_pdf(5)
    assert impose(pdf, A4, "A4") == impose(pdf, A4, "A4")


@pytest.mark.parametrize("sheet, name, size", [(A4, "A4", (148.0, 210.0)),
                                               (LETTER, "letter", (139.7, 215.9))])
def test_every_imposed_side_has_fold_marks_on_the_fold(sheet, name, size):
    """A short line on the fold at the top and at the bottom of every sheet side, clear of
    the 5 mm edge band, so each sheet folds true."""
    from pypdf import PdfReader

    from tests.pdfgeom import page_geometry, segments
    reader = PdfReader(io.BytesIO(impose(numbered_pdf(6, size), sheet, name)))
    for page in reader.pages:
        w, h = float(page.mediabox.width) / PT_PER_MM, float(page.mediabox.height) / PT_PER_MM
        fold = w / 2
        marks = [s for s in segments(page_geometry(page, reader, follow_forms=False))
                 if all(abs(x - fold) < 0.01 for x, _ in s)]
        tops = [s for s in marks if min(y for _, y in s) > h / 2]
        bottoms = [s for s in marks if max(y for _, y in s) < h / 2]
        assert len(tops) == 1 and len(bottoms) == 1, marks
        for s in tops + bottoms:
            assert all(5.0 <= y <= h - 5.0 for _, y in s)
            assert abs(s[0][1] - s[1][1]) >= 3.0  # long enough to see
