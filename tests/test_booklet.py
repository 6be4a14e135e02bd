"""The rule booklet: page size, fonts, text layer, contents and outline, checked examples,
imposition, refusal to print a failing example, same bytes twice."""

from __future__ import annotations

import io
import math
import re
import shutil
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from printables.cli import main
from printables.errors import UsageError
from printables.games import GAMES
from printables.positions import bundled_layouts
from printables.products.booklet import markup
from printables.products.booklet.book import booklet_outputs, bundled_rules
from printables.products.booklet.examples import example_paths
from printables.products.booklet.impose import PT_PER_MM

GAME = "rosenkreuz"


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return dict(booklet_outputs(GAMES[GAME], impose_on="A4"))


@pytest.fixture(scope="module")
def pdf(files) -> bytes:
    return files[f"{GAME}-booklet.pdf"]


@pytest.fixture(scope="module")
def pages_text(pdf) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


def flat(text: str) -> str:
    return " ".join(text.split())


def section_titles() -> list[str]:
    text = (bundled_rules() / f"{GAME}.md").read_text(encoding="utf-8")
    return [markup.plain(s.title) for s in markup.sections(markup.parse(text))[2]]


def test_file_names(files):
    assert sorted(files) == [f"{GAME}-booklet-imposed-a4.pdf", f"{GAME}-booklet.pdf"]


def test_every_page_is_a5(pdf):
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= 8
    for page in reader.pages:
        for box in (page.mediabox, page.trimbox):
            assert abs(float(box.width) / PT_PER_MM - 148.0) < 0.1
            assert abs(float(box.height) / PT_PER_MM - 210.0) < 0.1


def _fonts(resources, found: dict[str, bool]) -> None:
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        desc = font.get("/FontDescriptor")
        if desc is None and "/DescendantFonts" in font:
            desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        found[str(font["/BaseFont"])] = desc is not None and "/FontFile2" in desc.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if "/Resources" in xobject:
            _fonts(xobject["/Resources"].get_object(), found)


@pytest.mark.parametrize("name", [f"{GAME}-booklet.pdf", f"{GAME}-booklet-imposed-a4.pdf"])
def test_every_font_is_embedded(files, name):
    found: dict[str, bool] = {}
    for page in PdfReader(io.BytesIO(files[name])).pages:
        _fonts(page["/Resources"].get_object(), found)
    assert found and all(found.values()), found
    assert all("Vera" in f for f in found)


def test_text_layer_has_designer_and_every_heading(pages_text):
    text = flat(" ".join(pages_text))
    assert GAMES[GAME].designer in text
    for title in section_titles() + ["Contents", "Examples"]:
        assert title in text, title
    assert "\u25a1" not in text and "\ufffd" not in text


def test_every_example_is_printed_with_its_title(pages_text):
    from printables.positions import load_layout
    text = flat(" ".join(pages_text))
    for path in example_paths(GAMES[GAME], bundled_layouts()):
        assert flat(load_layout(path).position.title) in text, path.name


def test_contents_page_numbers_point_at_the_headings(pages_text):
    contents = pages_text[1]
    assert "Contents" in contents
    for title in section_titles():
        m = re.search(re.escape(title) + r"[ .]*?(\d+)\s*$", contents, re.M)
        assert m, title
        page = int(m.group(1))
        assert title in pages_text[page - 1], (title, page)


def test_outline_has_every_section(pdf):
    reader = PdfReader(io.BytesIO(pdf))
    top = [item.title for item in reader.outline if not isinstance(item, list)]
    rules = section_titles()
    rules.insert(rules.index("Credits"), "Where the rules were silent")
    rules.append("Player aid")
    assert top == rules[:top.index("Examples")] + ["Examples"] + rules[top.index("Examples"):]


def test_page_numbers_on_every_page_but_the_cover(pdf):
    doc = pdfium.PdfDocument(pdf)
    footers = []
    for page in doc:
        w, _ = page.get_size()
        footers.append(page.get_textpage().get_text_bounded(0, 0, w, 14 * PT_PER_MM).split())
    assert footers[0] == []
    for n, words in enumerate(footers[1:], 2):
        assert str(n) in words, (n, words)


def test_imposed_copy(files, pdf):
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    doc = pdfium.PdfDocument(files[f"{GAME}-booklet-imposed-a4.pdf"])
    assert len(doc) == 2 * math.ceil(pages / 4)
    for page in doc:
        w, h = page.get_size()
        assert abs(w / PT_PER_MM - 297.0) < 0.1 and abs(h / PT_PER_MM - 210.0) < 0.1
    first = doc[0]
    w, h = first.get_size()
    left = first.get_textpage().get_text_bounded(0, 0, w / 2, h)
    right = first.get_textpage().get_text_bounded(w / 2, 0, w, h)
    assert GAMES[GAME].title in right and GAMES[GAME].designer in flat(right)
    last = 4 * math.ceil(pages / 4)
    assert left.strip() == (str(last) if last == pages else "") or str(last) in left


def test_cli_writes_the_same_bytes(tmp_path, files, capsys):
    assert main(["booklet", GAME, "--impose", "a4", "-o", str(tmp_path)]) == 0
    for name, data in files.items():
        assert (tmp_path / name).read_bytes() == data
    assert f"{GAME}-booklet.pdf" in capsys.readouterr().out


def _layout_copy(tmp_path: Path) -> Path:
    root = tmp_path / "layouts"
    shutil.copytree(bundled_layouts() / GAME, root / GAME)
    return root


def test_broken_example_stops_the_build(tmp_path, capsys):
    root = _layout_copy(tmp_path)
    victim = example_paths(GAMES[GAME], root)[0]
    checks = victim.read_text(encoding="utf-8").count("[[check]]")
    with victim.open("a", encoding="utf-8") as f:
        f.write("\n[[check]]\nlegal_moves = 99999\n")
    out = tmp_path / "out"
    assert main(["booklet", GAME, "--layouts", str(root), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert victim.name in err and f"check {checks + 1}" in err
    assert not list(out.glob("*.pdf")) if out.exists() else True


def test_a_changed_claim_in_a_copied_layout_stops_the_build(tmp_path, capsys):
    """The caption says what the engine says: a copy whose claimed winner is changed is
    refused, naming the file and the check, and nothing is written."""
    root = _layout_copy(tmp_path)
    victim = root / GAME / "win-colour-gone.toml"
    text = victim.read_text(encoding="utf-8")
    assert 'winner = "rose"' in text
    victim.write_text(text.replace('winner = "rose"', 'winner = "cross"'), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["booklet", GAME, "--layouts", str(root), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and victim.name in err and "winner" in err
    assert not out.exists() or not list(out.glob("*.pdf"))


def test_the_back_cover_is_a_player_aid(pdf, pages_text):
    """The back cover is a player aid with the turn, the end and the notation."""
    body = [flat(t.split("· rules", 1)[-1]) for t in pages_text]
    last = body[-1]
    assert last.startswith("Player aid")
    for title in ("Playing a turn", "End of the game", "Notation"):
        assert title in last


def page_texts(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    texts = [flat(doc[i].get_textpage().get_text_range().split("· rules", 1)[-1])
             for i in range(len(doc))]
    return [re.sub(r"^\d+ ", "", t) for t in texts]  # the page number on odd pages


def notes_pages(texts: list[str]) -> list[int]:
    return [n for n, t in enumerate(texts) if t.startswith("Notes")]


ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_GAMES = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))


@cache
def both_booklets(ref: str) -> tuple[bytes, bytes]:
    """(plain, folded) booklet of a game or example game file."""
    from printables.gamefile import load_game_file
    from printables.products.booklet.book import build_booklets
    game = GAMES[ref] if ref in GAMES else load_game_file(ref)
    plain, folded = build_booklets(game, fold=True)
    return plain.pdf, folded.pdf


@pytest.mark.parametrize("ref", sorted(GAMES) + EXAMPLE_GAMES)
@pytest.mark.slow  # 27 booklets built twice
def test_a_booklet_has_notes_pages_only_where_a_fold_needs_them(ref):
    """The A5 booklet has no Notes page (ours: it is not folded, so it needs no multiple of
    four); the copy for folding comes to a multiple of four, with at most three ruled
    Notes pages, just before the player aid, and only the pages the plain one lacks."""
    plain, folded = (page_texts(b) for b in both_booklets(ref))
    assert notes_pages(plain) == []
    assert len(folded) % 4 == 0 and folded[-1].startswith("Player aid")
    notes = notes_pages(folded)
    assert notes == list(range(len(folded) - 1 - len(notes), len(folded) - 1))
    assert len(notes) == len(folded) - len(plain) <= 3


@pytest.mark.slow  # 27 booklets built twice (shared with the test above)
def test_booklets_pack_their_pages_before_padding_them():
    """Page breaks pack the content first and a layout that folds without notes pages is
    preferred: the folded booklets of the seven games and the example game files need at
    most two Notes pages for every three booklets (before packing: 24 for 14 booklets; with
    it, 5 for those 14 and 17 for all 27 of this release), and Star Halma (3 Notes pages of
    12 before) folds in 8 pages."""
    folded = {ref: page_texts(both_booklets(ref)[1]) for ref in sorted(GAMES) + EXAMPLE_GAMES}
    assert sum(len(notes_pages(t)) for t in folded.values()) <= 2 * len(folded) // 3
    halma = folded[str(ROOT / "examples" / "star-halma.toml")]
    assert len(halma) == 8 and notes_pages(halma) == []


def test_missing_setup_stops_the_build(tmp_path, capsys):
    root = _layout_copy(tmp_path)
    (root / GAME / "setup.toml").unlink()
    assert main(["booklet", GAME, "--layouts", str(root), "-o", str(tmp_path / "o")]) == 2
    assert "setup.toml" in capsys.readouterr().err


@pytest.mark.parametrize("args,message", [
    (["--page-size", "A3"], "unknown booklet page size 'A3'"),
    (["--impose", "A3"], "unknown sheet"),
    (["--page-size", "A5", "--impose", "letter"], "do not fit 2-up on letter"),
    (["--page-size", "A4", "--impose", "A4"], "do not fit 2-up on A4"),
])
def test_bad_paper_choices(tmp_path, capsys, args, message):
    assert main(["booklet", GAME, *args, "-o", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err


def test_paper_defaults_follow_the_sheet():
    with pytest.raises(UsageError):
        booklet_outputs(GAMES[GAME], "letter", "letter")
