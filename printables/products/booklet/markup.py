"""A small Markdown subset for rules_text/*.md: headings, paragraphs, bullets, numbered items,
**bold**, *italic* and `code`; inline text becomes reportlab Paragraph markup.

Our rulings are marked the way Markdown marks footnotes: a sentence that states a ruling the
original rules do not make ends in a reference `[^key]`, and a definition line anywhere in
the file gives the ruling, then indented `Why:` and `Original:` lines (the reason, and a
paraphrase of the original wording it interprets):

    Black makes the first move.[^first]

    [^first]: Black moves first.
        Why: the original does not say who starts.
        Original: the rules describe the setup but name no first player.

The booklet draws each reference as a numbered marker (R1, R2, ...) and lists the rulings on
a page of their own.

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
    key: str = ""  # 'ruling' blocks: the key their references use


@dataclass(frozen=True)
class Ruling:
    """One of our rulings: its key, the ruling in a sentence, why we made it, and what the
    original says (in our words), with the line of its definition."""

    key: str
    text: str
    why: str
    original: str
    line: int = 0


@dataclass(frozen=True)
class Section:
    """A `##` section: its heading and its blocks (### headings included)."""

    title: str
    blocks: tuple[Block, ...]


_HEADING = re.compile(r"^(#{1,3})\s+(.*\S)\s*$")
_BULLET = re.compile(r"^[-*]\s+(.*)$")
_NUMBER = re.compile(r"^(\d{1,3})[.)]\s+(.*)$")
_RULING = re.compile(r"^\[\^([a-z0-9-]+)\]:\s*(.*)$")
_REF = re.compile(r"\[\^([a-z0-9-]+)\]")


def parse(text: str, path: str = "<text>") -> tuple[Block, ...]:
    """Blocks of a Markdown-subset text, in order.

    >>> [(b.kind, b.text) for b in parse("# T\\n\\nA b\\nc.\\n\\n- x\\n1. y")]
    [('heading', 'T'), ('para', 'A b c.'), ('bullet', 'x'), ('number', 'y')]
    """
    blocks: list[Block] = []
    current: list[str] = []
    start = 0
    kind, number, key = "para", 0, ""

    def flush() -> None:
        if current:
            blocks.append(Block(kind, " ".join(current), number=number, line=start, key=key))
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
        ruling = _RULING.match(line)
        if ruling:
            flush()
            kind, start, key, number = "ruling", n, ruling.group(1), 0
            current.append(ruling.group(2))
            continue
        item = _BULLET.match(line) or _NUMBER.match(line)
        if item:
            flush()
            kind, start, key = ("bullet", n, "") if item.re is _BULLET else ("number", n, "")
            number = int(item.group(1)) if kind == "number" else 0
            current.append(item.group(item.re.groups))
            continue
        if raw.startswith("#"):
            raise LayoutError(f"heading {line!r} needs a space after the #", file=path, line=n)
        if not current:
            kind, number, start, key = "para", 0, n, ""
        current.append(line)
    flush()
    return tuple(blocks)


def sections(blocks: tuple[Block, ...]) -> tuple[str, tuple[Block, ...], tuple[Section, ...]]:
    """Split blocks into the `#` title, the blocks before the first `##`, and the sections."""
    title = ""
    intro: list[Block] = []
    out: list[tuple[str, list[Block]]] = []
    for b in blocks:
        if b.kind == "ruling":
            continue
        if b.kind == "heading" and b.level == 1:
            title = title or b.text
        elif b.kind == "heading" and b.level == 2:
            out.append((b.text, []))
        elif out:
            out[-1][1].append(b)
        else:
            intro.append(b)
    return title, tuple(intro), tuple(Section(t, tuple(bs)) for t, bs in out)


_FIELD = re.compile(r"\b(Why|Original):\s*")


def rulings(blocks: tuple[Block, ...], path: str = "<text>") -> tuple[Ruling, ...]:
    """The rulings a text defines, in the order their references first appear; a reference
    without a definition, a definition nobody refers to, or one lacking Why or Original
    raises LayoutError naming the file and line.

    >>> text = "Black starts.[^a]\\n\\n[^a]: Black starts.\\n    Why: open.\\n    Original: silent."
    >>> [(r.key, r.why) for r in rulings(parse(text))]
    [('a', 'open.')]
    """
    defs: dict[str, Ruling] = {}
    for b in blocks:
        if b.kind != "ruling":
            continue
        parts = _FIELD.split(b.text)
        fields = dict(zip(parts[1::2], (p.strip() for p in parts[2::2])))
        if b.key in defs or not parts[0].strip() or set(fields) != {"Why", "Original"}:
            raise LayoutError(f"ruling [^{b.key}] needs one definition: the ruling, then "
                              "'Why:' and 'Original:' lines", file=path, line=b.line)
        defs[b.key] = Ruling(b.key, parts[0].strip(), fields["Why"], fields["Original"],
                             b.line)
    order: list[str] = []
    for b in blocks:
        for key in _REF.findall(b.text) if b.kind != "ruling" else ():
            if key not in defs:
                raise LayoutError(f"[^{key}] refers to no ruling; define it with a line "
                                  f"'[^{key}]: ...'", file=path, line=b.line)
            if key not in order:
                order.append(key)
    unused = [r for k, r in defs.items() if k not in order]
    if unused:
        raise LayoutError(f"ruling [^{unused[0].key}] is defined but no sentence refers to "
                          "it", file=path, line=unused[0].line)
    return tuple(defs[k] for k in order)


def marker(number: int, colour: str = "#9c4a00") -> str:
    """The Paragraph markup of a ruling marker: a raised, bold 'R1'."""
    return f'<super><font name="Vera-Bold" color="{colour}">R{number}</font></super>'


def escape(text: str) -> str:
    """Escape the characters Paragraph markup treats specially.

    >>> escape("a < b & c > d")
    'a &lt; b &amp; c &gt; d'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")


def inline(text: str, code_font: str = "Vera-Bold", code_colour: str = "#7a3b10",
           marks: dict[str, int] | None = None) -> str:
    """Paragraph markup for one block's inline text: escaped, with bold, italic and code,
    and each ruling reference `[^key]` drawn as its marker (numbered by marks; without
    marks the reference is dropped).

    >>> print(inline("**Rose** moves *first*: `a1` < b & c"))  # doctest: +NORMALIZE_WHITESPACE
    <b>Rose</b> moves <i>first</i>:
    <font name="Vera-Bold" color="#7a3b10">a1</font> &lt; b &amp; c
    """
    parts = _CODE.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f'<font name="{code_font}" color="{code_colour}">{escape(part)}</font>')
        else:
            s = _BOLD.sub(r"<b>\1</b>", escape(part))
            s = _ITALIC.sub(r"<i>\1</i>", s)
            out.append(_REF.sub(lambda m: marker(marks[m.group(1)]) if marks and
                                m.group(1) in marks else "", s))
    return "".join(out)


def plain(text: str) -> str:
    """The inline text without Markdown marks (for bookmarks and the text layer).

    >>> plain("**Drop phase:** put `a1` *here*")
    'Drop phase: put a1 here'
    """
    s = _CODE.sub(r"\1", _REF.sub("", text))
    s = _BOLD.sub(r"\1", s)
    return _ITALIC.sub(r"\1", s)
