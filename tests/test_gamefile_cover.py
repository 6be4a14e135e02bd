"""The booklet cover lays out a long title: wrapped, then shrunk, never spilling the
tagline onto a page of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
TAGLINE = "Rules, components, setup and worked examples"


@pytest.mark.parametrize("title", [
    "The Long Game of Many Crossings",
    "The Extraordinarily Long-Named Game of Many Crossings and Returns",
    "An Even Longer Title For A Game That Simply Will Not Stop Going On And On Across "
    "The Whole Of Its Cover Page Forever",
])
def test_a_long_title_stays_on_the_cover(cli, tmp_path, title):
    source = (ROOT / "examples" / "crossing.toml").read_text()
    old = next(ln for ln in source.splitlines() if ln.startswith("title = "))
    (tmp_path / "crossing.toml").write_text(source.replace(old, f'title = "{title}"', 1)
                                            .replace('examples = ["crossing/*.toml"]',
                                                     "examples = []"))
    (tmp_path / "crossing.md").write_text((ROOT / "examples" / "crossing.md").read_text())
    code, _, err = cli("booklet", tmp_path / "crossing.toml", "-o", tmp_path / "out")
    assert code == 0, err
    pages = PdfReader(next((tmp_path / "out").glob("*-booklet.pdf"))).pages
    cover = pages[0].extract_text()
    assert TAGLINE in cover.replace("\n", " ")
    assert "Contents" in pages[1].extract_text()  # page 2 is the contents, not a spill
    words = title.split()
    assert words[0] in cover and words[-1] in cover
