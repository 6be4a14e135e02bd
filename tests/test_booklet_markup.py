"""The Markdown subset of rules_text/*.md and its Paragraph markup."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from printables.errors import LayoutError
from printables.products.booklet import markup

RULES = Path(__file__).resolve().parent.parent / "rules_text"


def test_blocks_of_every_kind():
    text = ("# Title\n\nIntro line one\nline two.\n\n## Part\n\n### Sub\n\n- first\n  more\n"
            "- second\n\n1. one\n2. two\n\nEnd.\n")
    blocks = markup.parse(text)
    assert [(b.kind, b.level, b.number, b.text) for b in blocks] == [
        ("heading", 1, 0, "Title"), ("para", 0, 0, "Intro line one line two."),
        ("heading", 2, 0, "Part"), ("heading", 3, 0, "Sub"), ("bullet", 0, 0, "first more"),
        ("bullet", 0, 0, "second"), ("number", 0, 1, "one"), ("number", 0, 2, "two"),
        ("para", 0, 0, "End.")]


def test_sections_split_on_level_two():
    title, intro, sections = markup.sections(markup.parse("# T\n\nhi\n\n## A\n\nx\n\n## B\n\ny"))
    assert title == "T"
    assert [b.text for b in intro] == ["hi"]
    assert [(s.title, [b.text for b in s.blocks]) for s in sections] == [("A", ["x"]), ("B", ["y"])]


def test_heading_without_space_is_an_error_naming_the_line():
    with pytest.raises(LayoutError, match="needs a space") as e:
        markup.parse("para\n\n##Bad", "rules.md")
    assert e.value.line == 3


@pytest.mark.parametrize("text,expected", [
    ("a < b & c", "a &lt; b &amp; c"),
    ("**bold** and *it*", "<b>bold</b> and <i>it</i>"),
    ("`x<y`", '<font name="Vera-Bold" color="#7a3b10">x&lt;y</font>'),
    ("`**not bold**`", '<font name="Vera-Bold" color="#7a3b10">**not bold**</font>'),
    ("2 * 3 * 4", "2 * 3 * 4"),
    ("**Drop phase:** go", "<b>Drop phase:</b> go"),
])
def test_inline_markup(text, expected):
    assert markup.inline(text) == expected


@pytest.mark.parametrize("font", ["Vera.ttf", "VeraBd.ttf", "VeraIt.ttf"])
def test_every_rules_character_has_a_vera_glyph(font):
    """No missing-glyph boxes: every character of every rules text is in Vera's cmap."""
    cmap = TTFont("probe", font).face.charToGlyph
    missing = {(p.name, ch) for p in sorted(RULES.glob("*.md"))
               for ch in p.read_text(encoding="utf-8") if ch not in "\n\r" and ord(ch) not in cmap}
    assert not missing
