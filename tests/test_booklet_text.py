"""What a first-time reader sees in every booklet's text: no zero counts, no program option
names, legends only for marks the game uses, every example caption with its generated
outcome, no heading or colon-ended sentence left at a page foot, no blank page."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from printables.games import GAMES
from printables.positions import bundled_layouts
from printables.products.booklet import markup
from printables.products.booklet.book import booklet_outputs, bundled_rules
from printables.products.booklet.examples import load_examples

BOOKLET_GAMES = sorted(GAMES)
LABEL = re.compile(r"^(\w{1,4}|dead zone|\w+: .*(stones?|pieces?|markers?|counters?|left))$")
PIECE_WORDS = r"(stones?|pieces?|markers?|chameleons?|pawns?|guards?|generals?|counters?|dark|light)"  # noqa: E501 (data)


@pytest.fixture(scope="module", params=BOOKLET_GAMES)
def booklet(request):
    game = GAMES[request.param]
    (name, pdf), = booklet_outputs(game)
    doc = pdfium.PdfDocument(pdf)
    pages = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    return game, pages


def body_lines(game, page: str) -> list[str]:
    """A page's text lines without the running footer and page number."""
    footer = f"{game.title} · rules"
    lines = [ln.strip() for ln in page.replace("\r", "").split("\n")]
    return [ln for ln in lines if ln and ln != footer and not ln.isdigit()
            and not ln.endswith(footer) and not ln.startswith(footer)]


def flat(pages: list[str]) -> str:
    return " ".join(" ".join(pages).split())


def test_no_zero_counts(booklet):
    game, pages = booklet
    assert not re.search(rf"(?<![\d.,])0 {PIECE_WORDS}\b", flat(pages))


def test_no_program_option_names(booklet):
    game, pages = booklet
    text = flat(pages)
    for key in game.default_options:
        if "_" in key or key == "pie":
            assert f"{key} =" not in text and f"({key})" not in text, key
    assert "black_alternating" not in text and "pie = " not in text


def test_capture_legend_only_where_examples_capture(booklet):
    game, pages = booklet
    examples = load_examples(game, bundled_layouts())
    captures = any(e.captures or (e.move is not None and e.move.take) for e in examples)
    assert ("red cross marks each piece" in flat(pages)) == captures


def test_every_caption_has_its_generated_outcome(booklet):
    game, pages = booklet
    text = flat(pages)
    for ex in load_examples(game, bundled_layouts()):
        assert " ".join(ex.outcome.split()) in text, ex.path
        assert ex.outcome.endswith(".")
        if ex.move is not None and not ex.move.special:
            assert ("may not" in ex.outcome) == (not ex.legal)


def headings(game) -> set[str]:
    text = (bundled_rules() / f"{game.name}.md").read_text(encoding="utf-8")
    return {markup.plain(b.text) for b in markup.parse(text) if b.kind == "heading"} | {
        "Examples", "Where the rules were silent", "Contents"}


def test_no_heading_or_colon_sentence_ends_a_page(booklet):
    game, pages = booklet
    heads = headings(game)
    for n, page in enumerate(pages[:-1], 1):
        lines = [ln for ln in body_lines(game, page) if not LABEL.match(ln)]
        if not lines:
            continue
        assert lines[-1] not in heads, (n, lines[-1])
        assert not lines[-1].endswith(":"), (n, lines[-1])


def test_no_blank_page(booklet):
    game, pages = booklet
    for n, page in enumerate(pages[1:], 2):
        assert body_lines(game, page), n


def printed_sizes(pdf: bytes) -> dict[int, float]:
    """The smallest printed text height in pt on each page after the cover (pdfium's loose
    character box: the font's full height, which for the Vera fonts equals the size)."""
    import ctypes

    import pypdfium2.raw as raw
    doc = pdfium.PdfDocument(pdf)
    out = {}
    for i in range(1, len(doc)):
        tp = doc[i].get_textpage()
        sizes = []
        for k in range(tp.count_chars()):
            if not chr(raw.FPDFText_GetUnicode(tp.raw, k)).strip():
                continue
            box = raw.FS_RECTF()
            raw.FPDFText_GetLooseCharBox(tp.raw, k, ctypes.byref(box))
            sizes.append(abs(box.top - box.bottom))
        if sizes:
            out[i + 1] = min(sizes)
    return out


@pytest.mark.parametrize("name", ["network", "evl", "dag-en-nacht"])
def test_every_label_and_word_prints_at_six_points_or_more(name):
    (_, pdf), = booklet_outputs(GAMES[name])
    small = {page: round(size, 1) for page, size in printed_sizes(pdf).items() if size < 5.9}
    assert small == {}


def test_contents_fit_on_one_page(booklet):
    game, pages = booklet
    assert "Contents" in pages[1] and "Player aid" in pages[1]
    assert "Player aid" not in pages[2]


def test_piece_legend_never_opens_a_page(booklet):
    """The components legend stays on the page of the text that introduces it."""
    game, pages = booklet
    for n, page in enumerate(pages[2:], 3):
        lines = [ln for ln in body_lines(game, page) if not LABEL.match(ln)]
        assert not (lines and re.match(r"^\d+ × ", lines[0])), (n, lines[0])
