"""The rule booklet: cover with the board, contents, the rules from rules_text/<game>.md with
the piece art, the setup diagram and checked example diagrams, credits; A5 by default, and
optionally imposed 2-up in saddle-stitch order for printing on A4 or letter.

Variants (ours): with game options that differ from the defaults the cover board, the
component counts, the setup and every example are drawn on the variant's board, and the
cover and the Examples section say which variant the booklet shows. An example is kept
only if all its checks still hold on that board (the rules engine runs them there); the
others are left out and the Examples section says how many (see examples.holds_on).
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepInFrame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from printables.errors import PrintablesError, UsageError
from printables.games import GameSpec
from printables.outputs import MAX_RULES_BYTES, read_regular_file
from printables.positions import bundled_layouts, bundled_rules, game_content
from printables.products.board_sheet import board_scene
from printables.products.booklet import markup
from printables.products.booklet.diagram import Marks, board_drawing, position_scene
from printables.products.booklet.examples import (
    Example,
    example_paths,
    load_examples,
    move_forms,
    on_variant,
    piece_scene,
    setup_layout,
)
from printables.products.booklet.flow import (
    MM,
    BookletDoc,
    FormCache,
    Heading,
    Metrics,
    SceneFlowable,
    metrics,
    styles,
    table_of_contents,
)
from printables.products.booklet.impose import impose
from printables.products.booklet.pages import PAGES, SHEETS, booklet_pages, choose
from printables.products.tiling import fits_on_page, keep_clear, plan_tiles
from printables.products.variant import file_stem, variant_parts, variant_words
from printables.render.scene import Group, Scene
from printables.render.theme import Ink, get_theme
from printables.units import PAPERS

#: The rules section the example diagrams go in front of (else they go before Credits).
EXAMPLES_BEFORE = ("strategy hint", "credits")


@dataclass(frozen=True)
class Booklet:
    """A typeset booklet: PDF bytes and the number of pages."""

    pdf: bytes
    pages: int


def read_rules(game: GameSpec, rules_dir: Path) -> tuple[str, tuple, tuple[markup.Section, ...],
                                                         tuple[markup.Ruling, ...]]:
    """The parsed rules text of a game: title, intro blocks, sections, our rulings."""
    path = game_content(game, rules_dir=rules_dir).rules
    try:  # bounded, regular files only (a FIFO or /dev/zero is refused at once)
        text = read_regular_file(path, MAX_RULES_BYTES, "a rules text (Markdown)").decode()
    except UnicodeDecodeError:
        raise UsageError(f"rules text of {game.name} is not UTF-8 text", file=str(path),
                         input=str(path)) from None
    except PrintablesError as e:
        raise UsageError(f"no rules text for {game.name}: {e.message}", file=str(path),
                         input=str(path)) from None
    blocks = markup.parse(derive_numbers(text, game, str(path)), str(path))
    return markup.sections(blocks) + (markup.rulings(blocks, str(path)),)


#: A number the rules text takes from the program, e.g. {tiles:A4}: the board's tile pages.
DERIVED = re.compile(r"\{(\w+):(\w+)\}")
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve")


def derive_numbers(text: str, game: GameSpec, path: str) -> str:
    """The rules text with each {tiles:PAPER} replaced by the number of tile pages the kit
    prints the board on (1 when it fits one page), in words up to twelve, so the text says
    what the program does (ruling: numbers the program decides are never typed in)."""
    def number(m: re.Match) -> str:
        key, arg = m[1], m[2]
        papers = {name.lower(): name for name in PAPERS}
        if key != "tiles" or arg.lower() not in papers:
            raise UsageError(f"{path}: unknown number {m[0]!r}; valid: {{tiles:PAPER}} with "
                             f"PAPER one of {', '.join(PAPERS)}", input=m[0])
        n = tile_pages(game, PAPERS[papers[arg.lower()]])
        return _WORDS[n] if n < len(_WORDS) else str(n)
    return DERIVED.sub(number, text)


def tile_pages(game: GameSpec, paper: tuple[float, float]) -> int:
    """How many pages the kit's board.pdf prints the board on (tiles, not the assembly
    page): the tiling plan's count, or 1 when the board fits a page."""
    theme = get_theme("colour")
    scene = board_scene(game, game.board(), theme)
    if fits_on_page(scene.width, scene.height, paper):
        return 1
    return plan_tiles(scene.width, scene.height, paper, avoid=keep_clear(scene, theme)).pages


@dataclass(frozen=True)
class Typeset:
    """What every part of a booklet is set with: theme, page metrics, styles, board forms."""

    theme: Mapping[str, Ink]
    m: Metrics
    st: Mapping[str, ParagraphStyle]
    forms: FormCache
    marks: Mapping[str, int] = field(default_factory=dict)  # ruling key -> its number
    #: Diagrams already drawn for this booklet (its story is built more than once):
    #: (id(example), max_w, max_h) -> (example, scene).
    scenes: dict = field(default_factory=dict)

    def scene(self, scene: Scene, max_w: float, max_h: float) -> SceneFlowable:
        """A flowable drawing scene at most max_w x max_h mm."""
        return SceneFlowable(scene, self.theme, max_w, max_h, self.forms)

    def para(self, markdown: str, style: str, **kw) -> Paragraph:
        """A paragraph of Markdown-subset inline text."""
        return Paragraph(markup.inline(markdown, marks=dict(self.marks)), self.st[style], **kw)


def build_booklet(game: GameSpec, paper: str = "A5", theme_name: str = "colour",
                  layouts_dir: Path | None = None, rules_dir: Path | None = None,
                  options: Mapping[str, Any] | None = None) -> Booklet:
    """Typeset a game's rule booklet on pages of `paper` for the game's options (default:
    the standard game); every example is checked first."""
    size = PAGES[choose(paper, PAGES, "paper")]
    theme = get_theme(theme_name)
    layouts = Path(layouts_dir) if layouts_dir else bundled_layouts()
    _, intro, sections, rulings = read_rules(game, Path(rules_dir) if rules_dir
                                             else bundled_rules())
    opts = game.options(options)
    variant = {k: v for k, v in opts.items() if game.default_options.get(k) != v}
    setup = setup_layout(game, layouts)
    moved = on_variant(game, setup, variant) or setup_missing(game, setup, variant)
    if moved is not setup:
        moved = replace(moved, position=moved.position.with_(title=(
            f"{setup.position.title or 'The starting position'} ({variant_words(variant)})")))
    setup = moved
    examples = load_examples(game, layouts, variant)
    left_out = len(example_paths(game, layouts)) - len(examples)
    m = metrics(*size)
    ts = Typeset(theme, m, styles(m), FormCache(),
                 {r.key: i for i, r in enumerate(rulings, 1)})
    setup_scene = diagram(game, setup.position, theme, m.frame_w, m.frame_h * 0.62,
                          reserve=True)
    room = smallest_room(game, opts)

    def story(notes: int = 0) -> list:
        out = cover(game, ts, opts) + contents(ts) + [block_flow(b, "intro", i, ts, level=0)
                                                      for i, b in enumerate(intro)]
        figures = {"components": components_figure(game, setup.position.options, ts),
                   "setup": [figure(ts, setup_scene, setup.position.title or
                                    "The starting position", "", m.frame_w, m.frame_h * 0.62)]}
        placed = False
        for i, sec in enumerate(sections):
            key = sec.title.strip().lower()
            if not placed and key in EXAMPLES_BEFORE:
                out += leftover(figures) + examples_section(game, examples, room, ts,
                                                            variant, left_out, sections)
                placed = True
            if key == "credits":
                out += rulings_page(rulings, ts)
                out.append(CondPageBreak(m.frame_h * 0.25 * MM))
            figs = figures.pop(key, [])
            out += section_flow(sec, i, ts, keep_last=bool(figs)) + figs
        if not placed:
            out += leftover(figures) + examples_section(game, examples, room, ts, variant,
                                                        left_out, sections)
        return out + notes_pages(notes, ts) + player_aid(sections, ts)

    def doc() -> BookletDoc:
        return BookletDoc(io.BytesIO(), m, f"{game.title}: rules", game.designer,
                          f"{game.title} · rules")

    # The pages a folded booklet needs are notes pages, not blank ones. Notes pages are one
    # page each and go in before the last page (the player aid), so one layout pass without
    # them tells how many, and moves the last page's contents entries; the drawn build
    # confirms both (multiBuild repeats it if an entry moved).
    first = doc()
    tocs = first.layout(story(), ts.forms)
    notes = -first.page % 4
    for toc in tocs:
        toc.shift(first.page, notes)
    pdf = first.build_seeded(story(notes), tocs, ts.forms)
    if -(first.page - notes) % 4 != notes:  # the contents moved a page: count again
        again = doc()
        notes = -(first.page - notes) % 4
        pdf = again.build_twice(lambda: story(notes), ts.forms)
        first = again
    return Booklet(pdf, first.page)


#: The rules sections a player aid on the back cover repeats, in this order.
AID_SECTIONS = ("playing a turn", "moving", "capturing", "end of the game", "notation")
#: How a rules section's own summary paragraph begins (the player aid prints it alone).
SUMMARY = "**In short:**"


def aid_blocks(sec: markup.Section) -> list[markup.Block]:
    """What the player aid repeats of a section: its summary paragraph when it has one
    (a paragraph starting 'In short:'), else its blocks up to its first subsection."""
    short = [b for b in sec.blocks if b.kind == "para" and b.text.startswith(SUMMARY)]
    if short:
        return short[:1]
    out = []
    for b in sec.blocks:
        if b.kind == "heading":  # a subsection (variants, matches): not for the aid
            break
        out.append(b)
    return out


def player_aid(sections: tuple[markup.Section, ...], ts: Typeset) -> list:
    """The back cover: a one-page player aid repeating how a turn goes, how pieces move and
    capture (each section's own summary), how the game ends and the notation, set small and
    shrunk to fit."""
    chosen = {sec.title.strip().lower(): sec for sec in sections}
    parts: list = []
    for key in AID_SECTIONS:
        sec = chosen.get(key)
        if sec is None:
            continue
        parts.append(Paragraph(markup.inline(sec.title), ts.st["aid.h"]))
        parts.extend(aid_block(b, ts) for b in aid_blocks(sec))
    if not parts:
        return []
    head = Heading("Player aid", "Player aid", ts.st["h2"], 0, "aid")
    return [PageBreak(), head, KeepInFrame(ts.m.frame_w * MM, ts.m.frame_h * 0.9 * MM, parts,
                                           mode="shrink")]


def aid_block(b: markup.Block, ts: Typeset) -> Paragraph:
    """One rules block in the player aid's small type."""
    text = markup.inline(b.text, marks=dict(ts.marks))
    if b.kind == "bullet":
        return Paragraph(text, ts.st["aid.bullet"], bulletText="•")
    if b.kind == "number":
        return Paragraph(text, ts.st["aid.bullet"], bulletText=f"{b.number}.")
    return Paragraph(text, ts.st["aid"])


def notes_pages(count: int, ts: Typeset) -> list:
    """`count` pages headed Notes, ruled for writing (where a folded booklet needs pages)."""
    out: list = []
    for _ in range(count):
        out += [PageBreak(), Paragraph("Notes", ts.st["toc.title"]),
                RuledLines(ts.m.frame_w, ts.m.frame_h * 0.85, ts.m.body * 2.2 / MM)]
    return out


class RuledLines(Flowable):
    """Evenly spaced thin grey lines to write on, width x height mm, pitch mm apart."""

    def __init__(self, width: float, height: float, pitch: float) -> None:
        super().__init__()
        self.width, self.height, self.pitch = width * MM, height * MM, pitch * MM

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        """The ruled area, never taller than the room left."""
        self.height = min(self.height, avail_h)
        return self.width, self.height

    def draw(self) -> None:
        """The lines, from the top down."""
        c = self.canv
        c.setStrokeColor("#bbbbbb")
        c.setLineWidth(0.4)
        y = self.height - self.pitch
        while y >= 0:
            c.line(0, y, self.width, y)
            y -= self.pitch


def leftover(figures: dict[str, list]) -> list:
    """Figures whose section the rules text lacks (printed before the examples), emptied."""
    out = [f for key in sorted(figures) for f in figures[key]]
    figures.clear()
    return out


def rulings_page(rulings: tuple[markup.Ruling, ...], ts: Typeset) -> list:
    """The section 'Where the rules were silent': each of our rulings with its marker, the
    reason for it and what the original says (empty when the text marks no ruling)."""
    if not rulings:
        return []
    out: list = [CondPageBreak(ts.m.frame_h * 0.3 * MM),
                 Heading("Where the rules were silent", "Where the rules were silent",
                         ts.st["h2"], 0, "rulings"),
                 Paragraph("The original rules leave a few questions open, and now and then "
                           "this kit plays a rule differently. Each sentence of this booklet "
                           "that states such a ruling of ours carries a marker such as "
                           f"{markup.marker(1)}; here is every ruling, why we made it and "
                           "what the original says.", ts.st["body"])]
    for i, r in enumerate(rulings, 1):
        out.append(KeepTogether([
            Paragraph(f"{markup.marker(i)} <b>{markup.inline(r.text)}</b>", ts.st["ruling"]),
            Paragraph("<i>Why:</i> " + markup.inline(r.why), ts.st["ruling.detail"]),
            Paragraph("<i>The original:</i> " + markup.inline(r.original),
                      ts.st["ruling.detail"])]))
    return out


def setup_missing(game: GameSpec, setup, variant: Mapping[str, Any]):
    """The UsageError for a setup that does not fit a variant's board."""
    raise UsageError(f"{setup.path}: the setup has pieces on spaces that the board of "
                     f"{game.title} ({variant_words(variant)}) does not have",
                     input=str(setup.path))


#: A cover title takes at most this many lines; a longer one is set smaller, down to
#: COVER_TITLE_LEAST of its size (ours).
COVER_TITLE_LINES = 2
COVER_TITLE_LEAST = 0.4
#: The least size of a label printed anywhere (6 pt, in mm).
LEAST_LABEL = 6 * 25.4 / 72


def cover(game: GameSpec, ts: Typeset, options: Mapping[str, Any] | None = None) -> list:
    """The cover page: title, designer, the board drawing (of the options' board), a line
    on what is inside and, for a variant, which one. A long title wraps onto a second line,
    then shrinks; the board drawing gives up the height the text needs, so the cover is
    always one page. The board is drawn scaled to the page; its labels are left out when
    that scale would print any of them under 6 pt (ruling: the cover is a picture; the
    board sheet names spaces)."""
    opts = game.options(options)
    board = game.board(opts)
    variant = {k: v for k, v in opts.items() if game.default_options.get(k) != v}
    inside = "Rules, components, setup and worked examples"
    if variant:
        inside += f"; this booklet shows the {variant_words(variant)}"
    fw, fh = ts.m.frame_w * MM, ts.m.frame_h * MM
    title = cover_title(game.title, ts.st["cover.title"], fw)
    by = Paragraph(markup.escape(game.credit()), ts.st["cover.by"])
    small = Paragraph(markup.escape(inside), ts.st["cover.small"])
    text_h = sum(p.wrap(fw, fh)[1] for p in (title, by, small))
    room = max(10.0, min(ts.m.frame_h * 0.62, (fh * 0.8 - text_h) / MM))  # spacers: 0.17
    k = min(ts.m.frame_w / board.width, room / board.height)
    items = board_drawing(board, ts.theme)
    if any(lb.size * k < LEAST_LABEL for lb in board.labels):
        items = tuple(i for i in items if not (isinstance(i, Group) and i.layer == "labels"))
    scene = Scene(board.width, board.height, items, title=game.title)
    return [NextPageTemplate("body"), Spacer(1, fh * 0.06), title, by,
            Spacer(1, fh * 0.06), ts.scene(scene, ts.m.frame_w, room),
            Spacer(1, fh * 0.05), small, PageBreak()]


def cover_title(text: str, style: ParagraphStyle, width: float) -> Paragraph:
    """The title paragraph: its own style if it takes at most COVER_TITLE_LINES lines at
    width (points), else the largest smaller size (5 % steps) that does, down to
    COVER_TITLE_LEAST of it."""
    k = 1.0
    while True:
        st = style if k == 1.0 else ParagraphStyle(f"{style.name}.{k:.2f}", parent=style,
                                                    fontSize=style.fontSize * k,
                                                    leading=style.leading * k)
        p = Paragraph(markup.escape(text), st)
        p.wrap(width, 10_000)
        if len(p.blPara.lines) <= COVER_TITLE_LINES or k <= COVER_TITLE_LEAST + 1e-9:
            return p
        k = round(k - 0.05, 2)


def contents(ts: Typeset) -> list:
    """The contents page."""
    return [Paragraph("Contents", ts.st["toc.title"]), table_of_contents(ts.st), PageBreak()]


def section_flow(sec: markup.Section, index: int, ts: Typeset, keep_last: bool = False) -> list:
    """Flowables for one `##` section: its heading (TOC + outline) and its blocks. A block
    ending in a colon stays with the next one (the list it introduces); with keep_last the
    last block stays with what follows (a legend or a diagram of the section)."""
    blocks = [block_flow(b, f"s{index}", j, ts) for j, b in enumerate(sec.blocks)]
    for j, (b, f) in enumerate(zip(sec.blocks, blocks)):
        if markup.plain(b.text).rstrip().endswith(":") or (keep_last and j == len(blocks) - 1):
            f.keepWithNext = 1
    return [Heading(markup.inline(sec.title), markup.plain(sec.title), ts.st["h2"], 0,
                    f"s{index}")] + blocks


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
    parts: list = [Spacer(1, ts.m.body * 0.4), ts.scene(scene, max_w, max_h),
                   ts.para(caption, "caption")]
    parts.append(ts.para(note, "note") if note else Spacer(1, ts.m.body * 0.8))
    return KeepTogether(parts)


def figure_parts(ts: Typeset, scene: Scene, ex: Example, max_w: float, max_h: float) -> list:
    """The flowables of an example figure: space, diagram, caption."""
    return [Spacer(1, ts.m.body * 0.4), ts.scene(scene, max_w, max_h)] + \
        caption_parts(ts, ex, "") + [Spacer(1, ts.m.body * 0.6)]


def text_height(ts: Typeset, parts: list, width: float) -> float:
    """Height in mm of flowables stacked in a column width mm wide."""
    total = 0.0
    for f in parts:
        total += f.wrap(width * MM, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter()
    return total / MM


#: Boards wider than this (width / height) get their caption below, others beside them.
WIDE = 1.15


def examples_intro(examples: tuple[Example, ...], explained: bool = True) -> str:
    """The paragraph that opens the Examples section; it explains only the marks that the
    game's diagrams use, and refers to the notation only where the rules text explains it
    (explained: it has a Notation section), else says the forms the examples write."""
    moves = [e.move for e in examples if e.move is not None and e.move.path]
    marks = []
    if any(not m.drop for m in moves):
        marks.append("a red arrow shows the move in question")
    if any(m.drop for m in moves):
        marks.append("a red ring marks the space where a piece is placed")
    if any(not e.legal for e in examples if e.move is not None and e.move.path):
        marks.append("a dark bar across the arrow or ring marks a move the rules forbid")
    if any(e.captures or (e.move is not None and e.move.take) for e in examples):
        marks.append("a red cross marks each piece the move captures")
    if any(e.claims for e in examples):
        marks.append("a green diamond marks each space the move claims")
    if any(e.flips for e in examples):
        marks.append("a blue broken ring marks each piece that changes sides")
    if all(e.checked for e in examples):
        text = ("Every diagram below is a position checked against the rules by the program "
                "that made this booklet, and each caption says what the move does")
    else:
        text = ("The diagrams below are drawn from the game's example files; no rules engine "
                "has checked them")
    if marks:
        text += ". In the diagrams " + _sentence_list(marks)
    if explained:
        return text + ". Moves are written in the notation explained above."
    forms = move_forms(moves)
    return text + (". " + forms if forms else "") + "."



def _sentence_list(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


#: Least printed size of a space label in a diagram, in mm (6.3 pt).
LABEL_MM = 6.3 / 72 * 25.4


def diagram(game: GameSpec, pos, theme, max_w: float, max_h: float, reserve: bool = False,
            marks: Marks | None = None) -> Scene:
    """A position diagram whose space labels print at LABEL_MM or more when the diagram is
    fitted into max_w x max_h mm."""
    plain = position_scene(game, pos, theme, reserve=reserve, marks=marks)
    scale = min(max_w / plain.width, max_h / plain.height, 1.0)
    return position_scene(game, pos, theme, reserve=reserve, marks=marks,
                          label_size=LABEL_MM / scale)


def example_marks(ex: Example) -> Marks:
    """What an example's diagram marks."""
    return Marks(ex.move, ex.legal, ex.captures, ex.claims, ex.flips)


#: A wide board goes one to a page unless two to a page still print it this share of the
#: frame width (EVL's stacks and labels need the room).
WIDE_TWO_UP = 0.75
#: Smallest space (its room, in mm as printed) a two-to-a-page diagram may show; boards
#: with smaller spaces get one diagram per page at the full frame width.
MIN_PRINTED_ROOM = 5.5


def smallest_room(game: GameSpec, options: Mapping[str, Any] | None = None) -> float:
    """The smallest room of the spaces the game's pieces stand on, relative to board width."""
    board = game.board(options)
    kinds = {c.stands_on for c in game.components(game.options(options))}
    rooms = [s.room for s in board.spaces if s.kind in kinds] or [s.room for s in board.spaces]
    return min(rooms) / board.width


def variant_note(variant: Mapping[str, Any], left_out: int) -> str:
    """The sentence that says which variant the examples show and how many were left out.

    >>> variant_note({"size": 19}, 2)[:60]
    'The diagrams show the variant: size 19. 2 examples whose che'
    >>> variant_note({"size": 19}, 1).endswith("is left out (the standard booklet has them).")
    True
    """
    if not variant:
        return ""
    text = f"The diagrams show the {variant_words(variant)}."
    if left_out:
        text += (f" {left_out} example{'s' if left_out != 1 else ''} whose checks do not hold "
                 "on its board " + ("is" if left_out == 1 else "are") +
                 " left out (the standard booklet has them).")
    return text


def examples_section(game: GameSpec, examples: tuple[Example, ...], room: float,
                     ts: Typeset, variant: Mapping[str, Any] | None = None,
                     left_out: int = 0, sections: tuple[markup.Section, ...] = ()) -> list:
    """The Examples section: an introduction and one checked diagram per example file. Two
    to a page (beside their captions for square or tall boards, above them for wide ones),
    or one to a page at full width when two to a page would print the spaces too small.
    No example files (a game file may list none): no section."""
    note = variant_note(variant or {}, left_out)
    if not examples:
        return [Paragraph(markup.escape(note), ts.st["body"])] if note else []
    explained = any("notation" in s.title.lower() for s in sections)
    opening = " ".join(t for t in (examples_intro(examples, explained), note) if t)
    head = [Heading("Examples", "Examples", ts.st["h2"], 0, "examples"),
            Paragraph(opening, ts.st["body"])]
    fw, fh = ts.m.frame_w, ts.m.frame_h
    intro = text_height(ts, head, fw)
    cap = max(text_height(ts, caption_parts(ts, e, ""), fw) for e in examples) \
        + ts.m.body * 0.4 / MM
    board = game.board(examples[0].position.options)
    aspect = board.width / board.height
    side_w, side_h = min(0.6 * fw, (fh - intro) / 2 - 7.5), fh / 2 - 7.5
    wide_h = (fh - 2 * cap) / 2 - 1.0
    wide = aspect > WIDE
    two_up_width = min(fw, wide_h * aspect) if wide else min(side_w, side_h * aspect)

    def scene(ex: Example, w: float, h: float) -> Scene:
        key = (id(ex), w, h)
        hit = ts.scenes.get(key)
        if hit is None or hit[0] is not ex:
            hit = ts.scenes[key] = (ex, diagram(game, ex.position, ts.theme, w, h,
                                                marks=example_marks(ex)))
        return hit[1]

    if room * two_up_width < MIN_PRINTED_ROOM or (wide and two_up_width < WIDE_TWO_UP * fw):
        h = fh - cap - intro - 2.0
        figs = [figure_parts(ts, scene(ex, fw, h), ex, fw, h) for ex in examples]
    elif wide:
        figs = [figure_parts(ts, scene(ex, fw, wide_h), ex, fw, wide_h) for ex in examples]
    else:
        figs = [[side_by_side(ts, scene(ex, side_w, side_h), ex, side_w, side_h)]
                for ex in examples]
    return [KeepTogether(head + figs[0])] + [KeepTogether(f) for f in figs[1:]]


def caption_parts(ts: Typeset, ex: Example, side: str) -> list:
    """An example's caption: the title in bold, the generated outcome and the file's own
    explanation, then (in grey) the other moves checked and the pieces in hand."""
    suffix = ".side" if side else ""
    parts = [ts.para(ex.title, "caption" + suffix),
             ts.para(" ".join(t for t in (ex.outcome, ex.explain) if t), "outcome" + suffix)]
    rest = " ".join(t for t in (ex.note, ex.hand) if t)
    if rest:
        parts.append(ts.para(rest, "note" + suffix))
    return parts


def side_by_side(ts: Typeset, scene: Scene, ex: Example, max_w: float, max_h: float) -> Table:
    """One example as a row: the diagram at most max_w x max_h mm, its caption to the right."""
    w = scene.width * min(max_w / scene.width, max_h / scene.height)
    table = Table([[ts.scene(scene, w, max_h), caption_parts(ts, ex, "side")]],
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
    # one flowable, not a KeepTogether, so the paragraph before it can keep with it
    table.spaceBefore, table.spaceAfter = ts.m.body * 0.3, ts.m.body
    return [table]


def booklet_outputs(game: GameSpec, paper: str | None = None, impose_on: str | None = None,
                    theme_name: str = "colour", layouts_dir: Path | None = None,
                    rules_dir: Path | None = None,
                    options: Mapping[str, Any] | None = None) -> list[tuple[str, bytes]]:
    """The files of `printables booklet`: (name, bytes) for the booklet and, with impose_on,
    its imposed print copy. The page size defaults to A5 (half-letter when imposing on
    letter); an explicit paper must fit 2-up on the sheet."""
    page, sheet = booklet_pages(paper, impose_on)
    booklet = build_booklet(game, page, theme_name, layouts_dir, rules_dir, options)
    page_part = "" if page == "A5" else page.lower()
    tags = variant_parts(game, game.options(options), None)
    files = [(file_stem(game.name, "booklet", page_part, *tags, theme_name=theme_name) + ".pdf",
              booklet.pdf)]
    if sheet:
        files.append((file_stem(game.name, "booklet", "imposed", sheet.lower(), *tags,
                                theme_name=theme_name) + ".pdf",
                      impose(booklet.pdf, SHEETS[sheet], sheet)))
    return files
