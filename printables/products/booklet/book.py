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
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NoReturn

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
from printables.positions import Layout as PositionFile
from printables.positions import bundled_layouts, bundled_rules, game_content
from printables.products.board_sheet import board_scene
from printables.products.booklet import markup
from printables.products.booklet.diagram import board_drawing
from printables.products.booklet.examples import (
    Example,
    example_paths,
    load_examples,
    on_variant,
    piece_scene,
    setup_layout,
)
from printables.products.booklet.figures import (
    LEAST_FIT,
    diagram,
    examples_section,
    figure,
    smallest_room,
)
from printables.products.booklet.flow import (
    MM,
    BookletDoc,
    FormCache,
    Heading,
    Typeset,
    metrics,
    styles,
    table_of_contents,
)
from printables.products.booklet.generated import with_generated
from printables.products.booklet.impose import impose
from printables.products.booklet.pages import PAGES, SHEETS, booklet_pages, choose
from printables.products.booklet.requirements import SUMMARY
from printables.products.booklet.rules_prose import ruleset_of
from printables.products.tiling import fits_on_page, keep_clear, plan_tiles
from printables.products.variant import file_stem, variant_parts, variant_words
from printables.render.scene import Group, Scene
from printables.render.theme import get_theme
from printables.units import PAPERS

#: The rules section the example diagrams go in front of (else they go before Credits).
EXAMPLES_BEFORE = ("strategy hint", "credits")


@dataclass(frozen=True)
class Booklet:
    """A typeset booklet: PDF bytes, the number of pages and how many are notes pages."""

    pdf: bytes
    pages: int
    notes: int = 0


def read_rules(game: GameSpec, rules_dir: Path, options: Mapping[str, Any] | None = None
               ) -> tuple[str, tuple[markup.Block, ...], tuple[markup.Section, ...],
                          tuple[markup.Ruling, ...]]:
    """The parsed rules text of a game (for these options): title, intro blocks, sections,
    our rulings. A game file whose [rules] name no text has none: ('', (), (), ())."""
    path = game_content(game, rules_dir=rules_dir).rules
    if path is None:
        return "", (), (), ()
    try:  # bounded, regular files only (a FIFO or /dev/zero is refused at once)
        text = read_regular_file(path, MAX_RULES_BYTES, "a rules text (Markdown)").decode()
    except UnicodeDecodeError:
        raise UsageError(f"rules text of {game.name} is not UTF-8 text", file=str(path),
                         input=str(path)) from None
    except PrintablesError as e:
        raise UsageError(f"no rules text for {game.name}: {e.message}", file=str(path),
                         input=str(path)) from None
    blocks = markup.parse(derive_numbers(text, game, str(path), options), str(path))
    return markup.sections(blocks) + (markup.rulings(blocks, str(path)),)


#: A number the rules text takes from the program: {tiles:A4}, the board's tile pages;
#: {option:size} (or {option:size-1}, {option:size+2}), a game option's value in the
#: booklet's variant; {letter:size} (or size-1 ...), the letter in that place (1 = a).
DERIVED = re.compile(r"\{(\w+):(\w+)([+-]\d+)?\}")
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve")


def derive_numbers(text: str, game: GameSpec, path: str,
                   options: Mapping[str, Any] | None = None) -> str:
    """The rules text with each {tiles:PAPER} replaced by the number of tile pages the kit
    prints the board on (1 when it fits one page), in words up to twelve, and each
    {option:KEY} or {letter:KEY} by the option's value in these options (the booklet's
    variant) or the letter in that place, so the text says what the program does and
    describes the board the booklet shows (ruling: numbers the program decides are never
    typed in).

    >>> from printables.games import GAMES
    >>> derive_numbers("`{letter:size}{option:size}` and `{letter:size-1}1`", GAMES["network"],
    ...                "x.md", {"size": 12})
    '`l12` and `k1`'
    """
    opts = game.options(options)
    counts = {k: v for k, v in opts.items() if isinstance(v, int) and not isinstance(v, bool)}

    def number(m: re.Match[str]) -> str:
        key, arg, shift = m[1], m[2], int(m[3] or 0)
        papers = {name.lower(): name for name in PAPERS}
        if key == "tiles" and arg.lower() in papers and not shift:
            n = tile_pages(game, PAPERS[papers[arg.lower()]])
            return _WORDS[n] if n < len(_WORDS) else str(n)
        if key in ("option", "letter") and arg in counts:
            n = counts[arg] + shift
            return str(n) if key == "option" else chr(ord("a") + n - 1)
        raise UsageError(f"{path}: unknown number {m[0]!r}; valid: {{tiles:PAPER}} with PAPER "
                         f"one of {', '.join(PAPERS)}, {{option:KEY}} or {{letter:KEY}} with "
                         f"KEY one of {game.name}'s whole-number options "
                         f"({', '.join(sorted(counts)) or 'it has none'})", input=m[0])
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
class Layout:
    """How a booklet's figures are set: `least`, the share of its size a diagram may
    shrink to so it uses the end of a page; `scale`, the share of the frame a full-width
    example may take at most; `spread`, how many examples (from the last) are set one to
    a page at full size."""

    least: float = LEAST_FIT
    scale: float = 1.0
    spread: int = 0


@dataclass(frozen=True)
class Content:
    """Everything a booklet says, read and checked once: its story is built from it for
    each layout tried."""

    game: GameSpec
    ts: Typeset
    opts: Mapping[str, Any]
    intro: tuple[markup.Block, ...]
    sections: tuple[markup.Section, ...]
    rulings: tuple[markup.Ruling, ...]
    setup: PositionFile
    examples: tuple[Example, ...]
    variant: Mapping[str, Any]
    left_out: int

    def doc(self) -> BookletDoc:
        """A fresh document to set the story in."""
        g = self.game
        return BookletDoc(io.BytesIO(), self.ts.m, f"{g.title}: rules", g.designer,
                          f"{g.title} · rules")


def booklet_content(game: GameSpec, paper: str = "A5", theme_name: str = "colour",
                    layouts_dir: Path | None = None, rules_dir: Path | None = None,
                    options: Mapping[str, Any] | None = None) -> Content:
    """Read a game's rules text, setup and examples (every example checked first)."""
    size = PAGES[choose(paper, PAGES, "paper")]
    layouts = Path(layouts_dir) if layouts_dir else bundled_layouts()
    opts = game.options(options)
    title, intro, sections, rulings = read_rules(game, Path(rules_dir) if rules_dir
                                                 else bundled_rules(), opts)
    variant = {k: v for k, v in opts.items() if game.default_options.get(k) != v}
    setup = setup_layout(game, layouts)
    moved = on_variant(game, setup, variant) or setup_missing(game, setup, variant)
    if moved is not setup:
        moved = replace(moved, position=moved.position.with_(title=(
            f"{setup.position.title or 'The starting position'} ({variant_words(variant)})")))
    examples = load_examples(game, layouts, variant)
    if ruleset_of(game, opts) is not None:  # a game file's [rules]: write what is missing
        intro, sections, found = with_generated(game, opts, variant, (title, intro, sections),
                                                examples)
        examples += found
    m = metrics(*size)
    ts = Typeset(get_theme(theme_name), m, styles(m), FormCache(),
                 {r.key: i for i, r in enumerate(rulings, 1)})
    return Content(game, ts, opts, intro, sections, rulings, moved, examples, variant,
                   len(example_paths(game, layouts)) - len(examples))


def booklet_story(c: Content, layout: Layout, notes: int = 0) -> list[Flowable]:
    """The flowables of a booklet, its figures set by layout, with `notes` ruled pages
    before the player aid."""
    ts, m, game = c.ts, c.ts.m, c.game
    room = smallest_room(game, c.opts)
    out = cover(game, ts, c.opts) + contents(ts) + [block_flow(b, "intro", i, ts, level=0)
                                                    for i, b in enumerate(c.intro)]

    def setup_scene(w: float, h: float) -> Scene:
        key = ("setup", w, h)
        if key not in ts.scenes:
            ts.scenes[key] = (None, diagram(game, c.setup.position, ts.theme, w, h,
                                            reserve=True))
        return ts.scenes[key][1]
    figures = {"components": components_figure(game, c.setup.position.options, ts),
               "setup": [figure(ts, setup_scene, c.setup.position.title or
                                "The starting position", "", m.frame_w, m.frame_h * 0.62,
                                layout.least)]}

    def examples() -> list[Flowable]:
        return leftover(figures) + examples_section(game, c.examples, room, ts, c.variant,
                                                    c.left_out, layout.least, layout.spread,
                                                    layout.scale, c.sections)
    placed = False
    for i, sec in enumerate(c.sections):
        key = sec.title.strip().lower()
        if not placed and key in EXAMPLES_BEFORE:
            out += examples()
            placed = True
        if key == "credits":
            out += rulings_page(c.rulings, ts)
        figs = figures.pop(key, [])
        out += section_flow(sec, i, ts, keep_last=bool(figs)) + figs
    if not placed:
        out += examples()
    return out + notes_pages(notes, ts) + player_aid(c.sections, ts)


#: A page in the middle of a booklet that uses less than this share of its frame is nearly
#: empty (a few lines before a figure that would not fit): a layout avoids those as it
#: avoids notes pages.
SPARSE = 0.35


def page_use(c: Content, layout: Layout) -> list[float]:
    """The share of each page's frame a layout uses (one layout pass, nothing drawn)."""
    d = c.doc()
    d.layout(booklet_story(c, layout), c.ts.forms)
    return d.used[:d.page]


def waste(used: list[float]) -> tuple[int, int, int]:
    """(notes pages a fold needs plus nearly empty pages, notes pages, pages) of a layout:
    nearly empty are the pages from the third (after cover and contents) to the last but
    two (the last text page may end short; the player aid is last) that use less than
    SPARSE of the frame."""
    n = len(used)
    notes = -n % 4
    return notes + sum(1 for u in used[2:n - 2] if u < SPARSE), notes, n


def choose_layout(c: Content) -> Layout:
    """The layout to print (ruling, ours): the figures packed (diagrams shrink to use the
    end of a page), unless another layout wastes fewer pages, counting the notes pages a
    fold needs and the nearly empty pages alike (see waste): examples a little smaller or
    smaller still, the figures at full size, or the last one, two, three examples one to
    a page at full size; of equal ones, the one with fewer notes pages, then fewer pages,
    then the first tried."""
    packed = Layout()
    best = (waste(page_use(c, packed)), packed)
    if best[0][0] == 0:
        return packed
    tries = [Layout(scale=0.85), Layout(scale=0.7), Layout(least=1.0)] + [
        Layout(spread=n) for n in range(1, min(3, len(c.examples)) + 1)]
    for layout in tries:
        score = waste(page_use(c, layout))
        if score < best[0]:
            best = (score, layout)
        if score[0] == 0:
            break
    return best[1]


def typeset(c: Content, layout: Layout, fold: bool) -> Booklet:
    """The drawn booklet; folded (`fold`), with the notes pages it needs to come to a
    multiple of four, in before the player aid (ruled, one a page, so the layout pass
    without them tells how many and where the last page's contents entries move; the
    drawn build confirms both, and multiBuild repeats it if an entry moved)."""
    first = c.doc()
    tocs = first.layout(booklet_story(c, layout), c.ts.forms)
    notes = -first.page % 4 if fold else 0
    for toc in tocs:
        toc.shift(first.page, notes)
    pdf = first.build_seeded(booklet_story(c, layout, notes), tocs, c.ts.forms)
    if fold and -(first.page - notes) % 4 != notes:  # the contents moved a page: again
        again = c.doc()
        notes = -(first.page - notes) % 4
        pdf = again.build_twice(lambda: booklet_story(c, layout, notes), c.ts.forms)
        first = again
    return Booklet(pdf, first.page, notes)


def build_booklets(game: GameSpec, paper: str = "A5", theme_name: str = "colour",
                   layouts_dir: Path | None = None, rules_dir: Path | None = None,
                   options: Mapping[str, Any] | None = None, fold: bool = False
                   ) -> tuple[Booklet, Booklet | None]:
    """A game's rule booklet on pages of `paper` for the game's options (default: the
    standard game), and with fold its copy for folding (a multiple of four pages; the
    same booklet when it has that already)."""
    c = booklet_content(game, paper, theme_name, layouts_dir, rules_dir, options)
    layout = choose_layout(c)
    plain = typeset(c, layout, fold=False)
    if not fold:
        return plain, None
    return plain, plain if plain.pages % 4 == 0 else typeset(c, layout, fold=True)


def build_booklet(game: GameSpec, paper: str = "A5", theme_name: str = "colour",
                  layouts_dir: Path | None = None, rules_dir: Path | None = None,
                  options: Mapping[str, Any] | None = None) -> Booklet:
    """A game's rule booklet (see build_booklets)."""
    return build_booklets(game, paper, theme_name, layouts_dir, rules_dir, options)[0]


#: The rules sections a player aid on the back cover repeats, in this order.
AID_SECTIONS = ("playing a turn", "moving", "capturing", "end of the game", "notation")


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


def player_aid(sections: tuple[markup.Section, ...], ts: Typeset) -> list[Flowable]:
    """The back cover: a one-page player aid repeating how a turn goes, how pieces move and
    capture (each section's own summary), how the game ends and the notation, set small and
    shrunk to fit."""
    chosen = {sec.title.strip().lower(): sec for sec in sections}
    parts: list[Flowable] = []
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


def notes_pages(count: int, ts: Typeset) -> list[Flowable]:
    """`count` pages headed Notes, ruled for writing (where a folded booklet needs pages)."""
    out: list[Flowable] = []
    for _ in range(count):
        out += [PageBreak(), Paragraph("Notes", ts.st["toc.title"]),
                RuledLines(ts.m.frame_w, ts.m.frame_h * 0.85, ts.m.body * 2.2 / MM)]
    return out


class RuledLines(Flowable):  # type: ignore[misc]  # reportlab ships no types
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


def leftover(figures: dict[str, list[Flowable]]) -> list[Flowable]:
    """Figures whose section the rules text lacks (printed before the examples), emptied."""
    out = [f for key in sorted(figures) for f in figures[key]]
    figures.clear()
    return out


def rulings_page(rulings: tuple[markup.Ruling, ...], ts: Typeset) -> list[Flowable]:
    """The section 'Where the rules were silent': each of our rulings with its marker, the
    reason for it and what the original says (empty when the text marks no ruling)."""
    if not rulings:
        return []
    out: list[Flowable] = [CondPageBreak(ts.m.frame_h * 0.3 * MM),
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


def setup_missing(game: GameSpec, setup: PositionFile, variant: Mapping[str, Any]) -> NoReturn:
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


def cover(game: GameSpec, ts: Typeset, options: Mapping[str, Any] | None = None
          ) -> list[Flowable]:
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


def contents(ts: Typeset) -> list[Flowable]:
    """The contents page."""
    return [Paragraph("Contents", ts.st["toc.title"]), table_of_contents(ts.st), PageBreak()]


def section_flow(sec: markup.Section, index: int, ts: Typeset, keep_last: bool = False
                 ) -> list[Flowable]:
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


def components_figure(game: GameSpec, options: Mapping[str, Any], ts: Typeset
                      ) -> list[Flowable]:
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
    booklet, folded = build_booklets(game, page, theme_name, layouts_dir, rules_dir, options,
                                     fold=sheet is not None)
    page_part = "" if page == "A5" else page.lower()
    tags = variant_parts(game, game.options(options), None)
    files = [(file_stem(game.name, "booklet", page_part, *tags, theme_name=theme_name) + ".pdf",
              booklet.pdf)]
    if sheet:
        files.append((file_stem(game.name, "booklet", "imposed", sheet.lower(), *tags,
                                theme_name=theme_name) + ".pdf",
                      impose(folded.pdf if folded else booklet.pdf, SHEETS[sheet], sheet)))
    return files
