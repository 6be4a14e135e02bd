"""A small Markdown subset for rules_text/*.md: headings, paragraphs, bullets, numbered items,
**bold**, *italic* and `code`; inline text becomes reportlab Paragraph markup.

Parse fully, then build: parse() turns text into Block values, inline() turns one block's text
into escaped Paragraph markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printables.errors import LayoutError


@dataclass(frozen=True)
class Block:
    """One block of a rules text.

    kind: 'heading' (level 1..3), 'para', 'bullet' or 'number' (number = the item's label).
    text: the raw inline text (Markdown), lines joined by spaces.
    """

    kind: str
    text: str
    level: int = 0
    number: int = 0
    line: int = 0


@dataclass(frozen=True)
class Section:
    """A `##` section: its heading and its blocks (### headings included)."""

    title: str
    blocks: tuple[Block, ...]


_HEADING = re.compile(r"^(#{1,3})\s+(.*\S)\s*$")
_BULLET = re.compile(r"^[-*]\s+(.*)$")
_NUMBER = re.compile(r"^(\d{1,3})[.)]\s+(.*)$")


def parse(text: str, path: str = "<text>") -> tuple[Block, ...]:
    """Blocks of a Markdown-subset text, in order.

    >>> [(b.kind, b.text) for b in parse("# T\\n\\nA b\\nc.\\n\\n- x\\n1. y")]
    [('heading', 'T'), ('para', 'A b c.'), ('bullet', 'x'), ('number', 'y')]
    """
    blocks: list[Block] = []
    current: list[str] = []
    start = 0
    kind, number = "para", 0

    def flush() -> None:
        if current:
            blocks.append(Block(kind, " ".join(current), number=number, line=start))
            current.clear()

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if raw.startswith(("    ", "\t")) and current and kind != "para":
            current.append(line)  # continuation of a list item
            continue
        if not line:
            flush()
            continue
        m = _HEADING.match(line)
        if m:
            flush()
            blocks.append(Block("heading", m.group(2), level=len(m.group(1)), line=n))
            continue
        item = _BULLET.match(line) or _NUMBER.match(line)
        if item:
            flush()
            kind, start = ("bullet", n) if item.re is _BULLET else ("number", n)
            number = int(item.group(1)) if kind == "number" else 0
            current.append(item.group(item.re.groups))
            continue
        if raw.startswith("#"):
            raise LayoutError(f"heading {line!r} needs a space after the #", file=path, line=n)
        if not current:
            kind, number, start = "para", 0, n
        current.append(line)
    flush()
    return tuple(blocks)


def sections(blocks: tuple[Block, ...]) -> tuple[str, tuple[Block, ...], tuple[Section, ...]]:
    """Split blocks into the `#` title, the blocks before the first `##`, and the sections."""
    title = ""
    intro: list[Block] = []
    out: list[tuple[str, list[Block]]] = []
    for b in blocks:
        if b.kind == "heading" and b.level == 1:
            title = title or b.text
        elif b.kind == "heading" and b.level == 2:
            out.append((b.text, []))
        elif out:
            out[-1][1].append(b)
        else:
            intro.append(b)
    return title, tuple(intro), tuple(Section(t, tuple(bs)) for t, bs in out)


def escape(text: str) -> str:
    """Escape the characters Paragraph markup treats specially.

    >>> escape("a < b & c > d")
    'a &lt; b &amp; c &gt; d'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")


def inline(text: str, code_font: str = "Vera-Bold", code_colour: str = "#7a3b10") -> str:
    """Paragraph markup for one block's inline text: escaped, with bold, italic and code.

    >>> inline("**Rose** moves *first*: `a1` < b & c")
    '<b>Rose</b> moves <i>first</i>: <font name="Vera-Bold" color="#7a3b10">a1</font> &lt; b &amp; c'
    """
    parts = _CODE.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f'<font name="{code_font}" color="{code_colour}">{escape(part)}</font>')
        else:
            s = _BOLD.sub(r"<b>\1</b>", escape(part))
            out.append(_ITALIC.sub(r"<i>\1</i>", s))
    return "".join(out)


def plain(text: str) -> str:
    """The inline text without Markdown marks (for bookmarks and the text layer).

    >>> plain("**Drop phase:** put `a1` *here*")
    'Drop phase: put a1 here'
    """
    s = _CODE.sub(r"\1", text)
    s = _BOLD.sub(r"\1", s)
    return _ITALIC.sub(r"\1", s)
