"""The rule booklet: cover with the board, contents, the rules from rules_text/<game>.md with
the piece art, the setup diagram and checked example diagrams, credits; A5 by default, and
optionally imposed 2-up in saddle-stitch order for printing on A4 or letter."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (CondPageBreak, KeepTogether, NextPageTemplate, PageBreak,
                                Paragraph, Spacer, Table, TableStyle)

from printables.errors import UsageError
from printables.games import GameSpec
from printables.positions import bundled_layouts
from printables.products import markup
from printables.products.booklet_examples import (Example, load_examples, piece_scene,
                                                  setup_layout)
from printables.products.booklet_flow import (MM, BookletDoc, FormCache, Heading, Metrics,
                                              SceneFlowable, metrics, styles, table_of_contents)
from printables.products.diagram import position_scene
from printables.products.boards_cmd import get_theme
from printables.products.common import board_items
from printables.products.impose import check_fit, impose
from printables.render.scene import Scene
from printables.render.theme import Ink

#: Booklet page sizes (portrait, mm) by the names --paper accepts.
PAGES: dict[str, tuple[float, float]] = {"A5": (148.0, 210.0), "A4": (210.0, 297.0),
                                         "letter": (215.9, 279.4),
                                         "half-letter": (139.7, 215.9)}
#: Sheets --impose accepts, and the booklet page size that folds out of each.
SHEETS: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "letter": (215.9, 279.4)}
FOLDED = {"A4": "A5", "letter": "half-letter"}
#: The rules section the example diagrams go in front of (else they go before Credits).
EXAMPLES_BEFORE = ("strategy hint", "credits")


@dataclass(frozen=True)
class Booklet:
    """A typeset booklet: PDF bytes and the number of pages."""

    pdf: bytes
    pages: int


def choose(name: str, table: Mapping[str, tuple[float, float]], what: str) -> str:
    """The canonical key of a case-insensitive paper or sheet name, or a UsageError.

    >>> choose("a5", PAGES, "paper")
    'A5'
    """
    for key in table:
        if key.lower() == str(name).lower():
            return key
    raise UsageError(f"unknown {what} {name!r}; valid: {', '.join(table)}", input=str(name))


def bundled_rules() -> Path:
    """The rules_text/ folder shipped with the project."""
    return bundled_layouts().parent / "rules_text"


def read_rules(game: GameSpec, rules_dir: Path) -> tuple[str, tuple, tuple[markup.Section, ...]]:
    """The parsed rules text of a game: title, intro blocks, sections."""
    path = rules_dir / f"{game.name}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise UsageError(f"no rules text for {game.name}: cannot read {path}",
                         input=str(path)) from None
    return markup.sections(markup.parse(text, str(path)))


@dataclass(frozen=True)
class Typeset:
    """What every part of a booklet is set with: theme, page metrics, styles, board forms."""

    theme: Mapping[str, Ink]
    m: Metrics
    st: Mapping[str, ParagraphStyle]
    forms: FormCache

    def scene(self, scene: Scene, max_w: float, max_h: float) -> SceneFlowable:
        """A flowable drawing scene at most max_w x max_h mm."""
        return SceneFlowable(scene, self.theme, max_w, max_h, self.forms)

    def para(self, markdown: str, style: str, **kw) -> Paragraph:
        """A paragraph of Markdown-subset inline text."""
        return Paragraph(markup.inline(markdown), self.st[style], **kw)


def build_booklet(game: GameSpec, paper: str = "A5", theme_name: str = "colour",
                  layouts_dir: Path | None = None, rules_dir: Path | None = None) -> Booklet:
    """Typeset a game's rule booklet on pages of `paper`; every example is checked first."""
    size = PAGES[choose(paper, PAGES, "paper")]
    theme = get_theme(theme_name)
    layouts = Path(layouts_dir) if layouts_dir else bundled_layouts()
    _, intro, sections = read_rules(game, Path(rules_dir) if rules_dir else bundled_rules())
    setup = setup_layout(game, layouts)
    examples = load_examples(game, layouts)
    m = metrics(*size)
    ts = Typeset(theme, m, styles(m), FormCache())
    setup_scene = position_scene(game, setup.position, theme, reserve=True)
    room = smallest_room(game)
    example_scenes = [position_scene(game, ex.position, theme, move=ex.move,
                                     captures=ex.captures) for ex in examples]

    def story() -> list:
        out = cover(game, ts) + contents(ts) + [block_flow(b, "intro", i, ts, level=0)
                                                for i, b in enumerate(intro)]
        figures = {"components": components_figure(game, setup.position.options, ts),
                   "setup": [figure(ts, setup_scene, setup.position.title or
                                    "The starting position", "", m.frame_w, m.frame_h * 0.62)]}
        placed = False
        for i, sec in enumerate(sections):
            key = sec.title.strip().lower()
            if not placed and key in EXAMPLES_BEFORE:
                out += leftover(figures) + examples_section(examples, example_scenes, room, ts)
                placed = True
            if key == "credits":
                out.append(CondPageBreak(m.frame_h * 0.45 * MM))
            out += section_flow(sec, i, ts) + figures.pop(key, [])
        if not placed:
            out += leftover(figures) + examples_section(examples, example_scenes, room, ts)
        return out

    doc = BookletDoc(io.BytesIO(), m, f"{game.title}: rules", game.designer,
                     f"{game.title} · rules")
    pdf = doc.build_twice(story, ts.forms)
    return Booklet(pdf, doc.page)


def leftover(figures: dict[str, list]) -> list:
    """Figures whose section the rules text lacks (printed before the examples), emptied."""
    out = [f for key in sorted(figures) for f in figures[key]]
    figures.clear()
    return out


def cover(game: GameSpec, ts: Typeset) -> list:
    """The cover page: title, designer, the board drawing, a line on what is inside."""
    board = game.board()
    scene = Scene(board.width, board.height, board_items(board, ts.theme), title=game.title)
    fh = ts.m.frame_h * MM
    return [NextPageTemplate("body"), Spacer(1, fh * 0.06),
            Paragraph(markup.escape(game.title), ts.st["cover.title"]),
            Paragraph(f"a game by {markup.escape(game.designer)}", ts.st["cover.by"]),
            Spacer(1, fh * 0.06), ts.scene(scene, ts.m.frame_w, ts.m.frame_h * 0.62),
            Spacer(1, fh * 0.05),
            Paragraph("Rules, components, setup and worked examples", ts.st["cover.small"]),
            PageBreak()]


def contents(ts: Typeset) -> list:
    """The contents page."""
    return [Paragraph("Contents", ts.st["toc.title"]), table_of_contents(ts.st), PageBreak()]


def section_flow(sec: markup.Section, index: int, ts: Typeset) -> list:
    """Flowables for one `##` section: its heading (TOC + outline) and its blocks."""
    return [Heading(markup.inline(sec.title), markup.plain(sec.title), ts.st["h2"], 0,
                    f"s{index}")] + [block_flow(b, f"s{index}", j, ts)
                                     for j, b in enumerate(sec.blocks)]


def block_flow(b: markup.Block, key: str, j: int, ts: Typeset, level: int = 1) -> Paragraph:
    """One block as a paragraph: a `###` heading (TOC + outline entry at level), bullet,
    numbered item or plain paragraph."""
    if b.kind == "heading":
        return Heading(markup.inline(b.text), markup.plain(b.text), ts.st["h3"], level,
                       f"{key}.{j}")
    if b.kind == "bullet":
        return ts.para(b.text, "bullet", bulletText="•")
    if b.kind == "number":
        return ts.para(b.text, "number", bulletText=f"{b.number}.")
    return ts.para(b.text, "body")


def figure(ts: Typeset, scene: Scene, caption: str, note: str, max_w: float,
           max_h: float) -> KeepTogether:
    """A diagram with its caption (and a grey note) kept on one page."""
    return KeepTogether(figure_parts(ts, scene, caption, note, max_w, max_h))


def figure_parts(ts: Typeset, scene: Scene, caption: str, note: str, max_w: float,
                 max_h: float) -> list:
    """The flowables of a figure: space, diagram, caption, note."""
    parts: list = [Spacer(1, ts.m.body * 0.4), ts.scene(scene, max_w, max_h),
                   ts.para(caption, "caption")]
    parts.append(ts.para(note, "note") if note else Spacer(1, ts.m.body * 0.8))
    return parts


def text_height(ts: Typeset, parts: list, width: float) -> float:
    """Height in mm of flowables stacked in a column width mm wide."""
    total = 0.0
    for f in parts:
        total += f.wrap(width * MM, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter()
    return total / MM


#: Boards wider than this (width / height) get their caption below, others beside them.
WIDE = 1.15


def examples_intro(examples: tuple[Example, ...]) -> str:
    """The paragraph that opens the Examples section (mentions drops only where shown)."""
    drops = any(e.move is not None and e.move.drop for e in examples)
    marks = (", a red cross marks each piece the move captures, and a red ring marks a space "
             "where a piece is placed" if drops else
             " and a red cross marks each piece the move captures")
    return ("Every diagram below is a position checked against the rules by the program that "
            f"made this booklet. The red arrow shows the move in question{marks}. Moves are "
            "written in the notation explained above.")


#: Smallest space (its room, in mm as printed) a two-to-a-page diagram may show; boards
#: with smaller spaces get one diagram per page at the full frame width.
MIN_PRINTED_ROOM = 5.5


def smallest_room(game: GameSpec) -> float:
    """The smallest room of the spaces the game's pieces stand on, relative to board width."""
    board = game.board()
    kinds = {c.stands_on for c in game.components(game.options())}
    rooms = [s.room for s in board.spaces if s.kind in kinds] or [s.room for s in board.spaces]
    return min(rooms) / board.width


def examples_section(examples: tuple[Example, ...], scenes: list[Scene], room: float,
                     ts: Typeset) -> list:
    """The Examples section: an introduction and one checked diagram per example file. Two
    to a page (beside their captions for square or tall boards, above them for wide ones),
    or one to a page at full width when two to a page would print the spaces too small.
    No example files (a game file may list none): no section."""
    if not examples:
        return []
    head = [Heading("Examples", "Examples", ts.st["h2"], 0, "examples"),
            Paragraph(examples_intro(examples), ts.st["body"])]
    fw, fh = ts.m.frame_w, ts.m.frame_h
    intro = text_height(ts, head, fw)
    cap = max(text_height(ts, [ts.para(e.title, "caption"), ts.para(e.note, "note")], fw)
              for e in examples) + ts.m.body * 0.4 / MM
    aspect = scenes[0].width / scenes[0].height
    side_w, side_h = min(0.6 * fw, (fh - intro) / 2 - 7.5), fh / 2 - 7.5
    wide_h = (fh - 2 * cap) / 2 - 1.0
    wide = aspect > WIDE
    two_up_width = min(fw, wide_h * aspect) if wide else min(side_w, side_h * aspect)
    if room * two_up_width < MIN_PRINTED_ROOM:
        figs = [figure_parts(ts, sc, ex.title, ex.note, fw, fh - cap - intro - 2.0)
                for ex, sc in zip(examples, scenes)]
    elif wide:
        figs = [figure_parts(ts, sc, ex.title, ex.note, fw, wide_h)
                for ex, sc in zip(examples, scenes)]
    else:
        figs = [[side_by_side(ts, sc, ex, side_w, side_h)] for ex, sc in zip(examples, scenes)]
    return [KeepTogether(head + figs[0])] + [KeepTogether(f) for f in figs[1:]]


def side_by_side(ts: Typeset, scene: Scene, ex: Example, max_w: float, max_h: float) -> Table:
    """One example as a row: the diagram at most max_w x max_h mm, its caption to the right."""
    w = scene.width * min(max_w / scene.width, max_h / scene.height)
    words = [ts.para(ex.title, "caption.side"), ts.para(ex.note, "note.side")]
    table = Table([[ts.scene(scene, w, max_h), words]],
                  colWidths=[(w + 5.0) * MM, (ts.m.frame_w - w - 5.0) * MM], hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("FONTNAME", (0, 0), (-1, -1), "Vera"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 3 * MM),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 3 * MM)]))
    return table


def components_figure(game: GameSpec, options: Mapping, ts: Typeset) -> list:
    """The piece art of every component with its count, two to a row."""
    cells = []
    size = min(16.0, ts.m.frame_w / 8)
    for c in game.components(options):
        label = f"<b>{c.count} ×</b> {markup.escape(c.label)}"
        if c.back:
            label += f" (the back shows {markup.escape(c.back)})"
        cells.append([ts.scene(piece_scene(c.art, size), size + 1, size + 1),
                      Paragraph(label, ts.st["cell"])])
    rows = [sum(cells[i:i + 2], []) + [""] * (2 * (2 - len(cells[i:i + 2])))
            for i in range(0, len(cells), 2)]
    col = ts.m.frame_w / 2 * MM
    widths = [(size + 3) * MM, col - (size + 3) * MM] * 2
    table = Table(rows, colWidths=widths, hAlign="CENTER")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("FONTNAME", (0, 0), (-1, -1), "Vera"),
                               ("TOPPADDING", (0, 0), (-1, -1), 2),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]))
    return [KeepTogether([Spacer(1, ts.m.body * 0.3), table, Spacer(1, ts.m.body)])]


def booklet_outputs(game: GameSpec, paper: str | None = None, impose_on: str | None = None,
                    theme_name: str = "colour", layouts_dir: Path | None = None,
                    rules_dir: Path | None = None) -> list[tuple[str, bytes]]:
    """The files of `printables booklet`: (name, bytes) for the booklet and, with impose_on,
    its imposed print copy. The page size defaults to A5 (half-letter when imposing on
    letter); an explicit paper must fit 2-up on the sheet."""
    sheet = choose(impose_on, SHEETS, "sheet for --impose") if impose_on else None
    page = choose(paper, PAGES, "paper") if paper else (FOLDED[sheet] if sheet else "A5")
    if sheet:
        check_fit(PAGES[page], SHEETS[sheet], sheet)
    booklet = build_booklet(game, page, theme_name, layouts_dir, rules_dir)
    theme = "" if theme_name == "colour" else f"-{theme_name}"
    suffix = ("" if page == "A5" else f"-{page.lower()}") + theme
    files = [(f"{game.name}-booklet{suffix}.pdf", booklet.pdf)]
    if sheet:
        files.append((f"{game.name}-booklet-imposed-{sheet.lower()}{theme}.pdf",
                      impose(booklet.pdf, SHEETS[sheet], sheet)))
    return files
