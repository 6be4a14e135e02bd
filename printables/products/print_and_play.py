"""The kit's one-file print-and-play PDF: a print plan, then every printable part, padded so
the whole file can be printed double-sided in one job.

Rulings (ours):
- Two jobs when card and paper differ (many duplex units stop at 105-163 g/m2): job 1 is
  every part on card, printed single-sided; job 2 the booklet on paper, double-sided. A
  part on card with printed backs (Chameleons' pieces) is fed twice: fronts (its odd
  pages), then the printed sheets turned over along the long edge and fed again for the
  backs (its even pages); a ring mark at the top of each front and back meets its partner
  when the sheet is held to the light, so one test sheet shows the feed is right.
- The file can still be one duplex job, flipping on the long edge, for a duplex unit that
  takes card. Every part starts on a front side (an odd page); single-sided parts (board
  pages, piece sheets of one-sided pieces) get an "intentionally blank" back after each
  page, so nothing is printed on the back of a board tile or a piece sheet, and job 1
  prints the odd pages of its parts only.
- Two-sided pieces keep their front/back page pairs: their backs are mirrored for a
  long-edge flip already (see products.pieces.sheet).
- The imposed booklet is made for a short-edge flip (booklet-imposed.pdf on its own). In
  this file its back sides are turned 180 degrees, which is exactly what turns a short-edge
  flip into a long-edge flip, so the whole file needs one setting.
- Each part has a PDF bookmark; the first page is the plan with a 100 mm scale bar.
- Every embedded font subset gets its own six-letter tag (ISO 32000-1, 9.6.4): each part
  tags its own subsets from AAAAAA on (see render.pdf), so the parts merged here would
  share a tag across different subsets, and RIPs that trust tags swap glyphs. Tags are
  given again in the order the fonts are met, so the same file gets the same tags.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import DictionaryObject, NameObject, PdfObject

from printables.games import GameSpec
from printables.games.model import byline
from printables.geometry import Point
from printables.products.common import SCALE_BAR, fit_size, frame_rect, line, scale_bar
from printables.products.pieces.art import punch_diameters, punch_name
from printables.render.fonts import wrap_words
from printables.render.pdf import render_pdf, subset_tag
from printables.render.scene import Group, Item, Scene, Text
from printables.render.theme import THEMES, Ink
from printables.units import PAPERS, PT_PER_MM

BLANK_TEXT = "This page is intentionally blank"
MARGIN = 15.0


@dataclass(frozen=True)
class Part:
    """One part of the file: its bookmark title, source file, how it prints and on what
    (card parts go in job 1, single-sided; paper parts in job 2, double-sided)."""

    title: str
    source: str
    two_sided: bool
    turn_backs: bool  # turn every back side 180 degrees (short-edge imposition)
    stock: str
    note: str
    card: bool = True

    @property
    def job(self) -> int:
        """1: card, single-sided (fed twice when it has backs); 2: paper, duplex."""
        return 1 if self.card else 2


def parts_of(game: GameSpec, board_pages: int) -> tuple[Part, ...]:
    """The parts of a game's print-and-play file, in printing order."""
    opts = game.options(None)
    two_sided = any(c.back for c in game.components(opts))
    board_note = (f"{board_pages - 1} tiles; their first page (page {{first}}) shows how to "
                  "cut, overlap and glue them" if board_pages > 1
                  else "cut along the crop marks (or keep the margin)")
    sizes = punch_diameters(game, game.board(opts), opts)
    punch = ", or punch the discs" if all(punch_name(d) for d in sizes.values()) else ""
    pieces_note = ("fronts and backs: the backs land behind their fronts" if two_sided
                   else f"cut along the grid{punch}")
    return (
        Part("Board", "board.pdf", False, False, "160-200 g/m2 card, or paper glued on card",
             board_note),
        Part("Pieces", "pieces.pdf", two_sided, False,
             "160-250 g/m2 card" if two_sided else "160-250 g/m2 card, or paper glued on card",
             pieces_note),
        Part("Rule booklet", "booklet-imposed.pdf", True, True, "80-100 g/m2 paper",
             "fold the stack in the middle, staple on the fold", card=False),
    )


# ----------------------------------------------------------------------------- pages

def blank_scene(width: float, height: float) -> Scene:
    """A back page with only a small centred note saying it is blank on purpose."""
    note = Text(Point(width / 2, height / 2), BLANK_TEXT, 3.0, "text.small")
    return Scene(width, height, (Group((note,), layer="page"),), title=BLANK_TEXT)


@dataclass(frozen=True)
class PlanRow:
    """One part on the plan: first and last page in the file, and the part itself."""

    part: Part
    first: int
    last: int
    sheet: str  # paper name of the part's pages


def _table(rows: list[PlanRow], x: float, y: float, width: float) -> list[Item]:
    """The table of parts: part, pages, how to print, paper, what to do after."""
    cols = (0.0, 0.17, 0.28, 0.58)
    heads = ("Part", "Pages", "How", "Paper / card")
    items: list[Item] = [Text(Point(x + k * width, y), h, 3.2, "text.bold", anchor="start")
                         for k, h in zip(cols, heads, strict=True)]
    items.append(line(Point(x, y - 1.8), Point(x + width, y - 1.8), "scale.frame"))
    for r in rows:
        y -= 11.0
        p = r.part
        sides = (f"job {p.job}: " + ("double-sided, long-edge flip" if not p.card else
                                    "fed twice, fronts then backs"
                                    if p.two_sided else "odd pages, single-sided"))
        cells = (p.title, f"{r.first}-{r.last}", sides, f"{r.sheet} · {p.stock}")
        for k, (col, text) in enumerate(zip(cols, cells, strict=True)):
            room = ((cols[k + 1] if k + 1 < len(cols) else 1.0) - col) * width - 2.0
            items.append(Text(Point(x + col * width, y), text, fit_size(text, 3.0, room),
                              "text", anchor="start"))
        note = p.note.format(first=r.first)
        items.append(Text(Point(x, y - 4.2), note, fit_size(note, 2.7, width), "text.small",
                          anchor="start"))
    return items


def plan_scene(game: GameSpec, rows: list[PlanRow], total: int,
               paper: tuple[float, float]) -> Scene:
    """Page 1: what is in the file, how to print it in one job or part by part."""
    w, h = paper
    x, width = MARGIN, w - 2 * MARGIN
    y = h - MARGIN - 6
    title = f"{game.title}: print plan"
    items: list[Item] = [Text(Point(x, y), title, fit_size(title, 7.0, width, "sans-bold"),
                              "text.bold", anchor="start"),
                         Text(Point(x, y - 6), f"{byline(game.designer)} · {total} pages",
                              3.2, "text.small", anchor="start")]
    y -= 18
    lines: tuple[str, ...] = plan_lines(rows)
    sheets = sorted({r.sheet for r in rows})
    if len(sheets) > 1:
        lines += (f"This file mixes paper sizes ({', '.join(sheets)}): if your printer cannot "
                  "switch paper within a job, print each part as its own job.",)
    for para in lines:
        for text in wrap_words(para, 3.4, width):
            items.append(Text(Point(x, y), text, 3.4, "text", anchor="start"))
            y -= 5.0
        y -= 1.5
    y -= 4
    items.extend(_table(rows, x, y, width))
    y -= 11.0 * len(rows) + 16
    items.extend(_check(x, y, width))
    return Scene(w, h, (Group(tuple(items), layer="plan"),), title=title)


def _pages(rows: list[PlanRow]) -> str:
    """'3-6 and 7-10' for the rows' page ranges."""
    spans = [f"{r.first}-{r.last}" for r in rows]
    return spans[0] if len(spans) == 1 else ", ".join(spans[:-1]) + " and " + spans[-1]


def plan_lines(rows: list[PlanRow]) -> tuple[str, ...]:
    """The plan's instructions, a paragraph each: two jobs when card and paper differ, how
    to feed a card part with backs twice (and the ring-mark test), one duplex job for a
    duplex unit that takes card."""
    card = [r for r in rows if r.part.card]
    paper = [r for r in rows if not r.part.card]
    backs = [r for r in card if r.part.two_sided]
    lines = ["Print at 100 % (\"actual size\", not \"fit to page\")."
             + (" Two jobs: card and paper differ, and many duplex units stop at 105-163 "
                "g/m2." if card and paper else "")]
    single = [r for r in card if not r.part.two_sided]
    if single:
        lines.append(f"Job 1, on card, single-sided: the odd pages of {_pages(single)}; the "
                     "even ones are blank backs, there for a duplex unit that takes card.")
    if backs:
        lines.append(f"{'Then, also on card' if single else 'Job 1, on card'}, the part with "
                     f"backs (pages {_pages(backs)}): print its odd pages, turn the "
                     "printed sheets over along the LONG edge (like a page of a book), feed "
                     "them again top edge first, then print its even pages. Try one sheet "
                     "first: held to the light, its two ring marks at the top must meet; if "
                     "they do not, feed the sheets the other way up.")
    if paper:
        lines.append(f"Job {1 + bool(card)}, on paper, double-sided, flipping on the LONG "
                     f"edge: pages {_pages(paper)}. The booklet's backs are turned here for "
                     "that flip; its own file, booklet-imposed.pdf, is for a SHORT-edge flip.")
    if card and paper:
        lines.append("A duplex unit that takes card prints the whole file in one "
                     "double-sided job, flipping on the LONG edge: the blank backs keep every "
                     "part on its own sheets.")
    return tuple(lines)


def _check(x: float, y: float, width: float) -> list[Item]:
    """How to check the scale, with a 100 mm bar right on this page."""
    head = "Check the scale before printing the rest"
    texts = ("Print this page first and measure the bar below with a ruler: it must be",
             "100 mm from 0 to 100. If it is not, turn off \"fit to page\" or \"shrink",
             "oversized pages\" in the print dialog and print again.")
    items: list[Item] = [Text(Point(x, y), head, 3.6, "text.bold", anchor="start")]
    for text in texts:
        y -= 5.2
        items.append(Text(Point(x, y), text, fit_size(text, 3.4, width), "text", anchor="start"))
    y -= 14
    items.append(scale_bar(x, y))
    items.append(frame_rect(x - 2, y - 3, x + SCALE_BAR + 2, y + 7, "scale.frame"))
    return items


# ----------------------------------------------------------------------------- assembly

def _size(page: PageObject) -> tuple[float, float]:
    box = page.mediabox
    w, h = float(box.width) / PT_PER_MM, float(box.height) / PT_PER_MM
    if int(page.get("/Rotate", 0) or 0) % 180:
        w, h = h, w
    return w, h


def _paper_label(page: PageObject) -> str:
    """The name of a page's paper size (A4, Letter, ...), or its size in mm."""
    w, h = sorted(_size(page))
    for name, (pw, ph) in PAPERS.items():
        if abs(w - pw) < 1 and abs(h - ph) < 1:
            return name
    return f"{w:.0f} x {h:.0f} mm"


#: The blank pages made so far, by their size (mm, rounded): one page object for each size.
_Blanks = dict[tuple[float, float], PageObject]


def _blank(writer: PdfWriter, size: tuple[float, float], cache: _Blanks) -> None:
    key = (round(size[0], 3), round(size[1], 3))
    if key not in cache:
        pdf = render_pdf([blank_scene(*size)], _theme(), BLANK_TEXT)
        cache[key] = PdfReader(io.BytesIO(pdf)).pages[0]
    writer.add_page(cache[key])


def print_and_play(game: GameSpec, files: dict[str, bytes], paper: tuple[float, float]) -> bytes:
    """The one-file print-and-play PDF of a game from its part files (see module docstring)."""
    readers: dict[str, PdfReader] = {p: PdfReader(io.BytesIO(files[p])) for p in
               ("board.pdf", "pieces.pdf", "booklet-imposed.pdf") if p in files}
    board_pages = len(readers["board.pdf"].pages) if "board.pdf" in readers else 0
    parts = [p for p in parts_of(game, board_pages) if p.source in readers]
    rows, page = [], 3  # the plan and its blank back come first
    for p in parts:
        n = len(readers[p.source].pages) * (1 if p.two_sided else 2)
        n += n % 2
        rows.append(PlanRow(p, page, page + n - 1, _paper_label(readers[p.source].pages[0])))
        page += n
    writer = PdfWriter()
    cache: _Blanks = {}
    plan = render_pdf([plan_scene(game, rows, page - 1, paper)], _theme(), "print plan")
    writer.add_page(PdfReader(io.BytesIO(plan)).pages[0])
    _blank(writer, paper, cache)
    for row in rows:
        _add_part(writer, readers[row.part.source], row.part, cache)
    writer.add_outline_item(title="Print plan", page_number=0)
    for row in rows:
        writer.add_outline_item(title=f"{row.part.title} (pages {row.first}-{row.last})",
                                page_number=row.first - 1)
    retag_font_subsets(writer)
    writer.add_metadata({"/Title": f"{game.title}: print and play", "/Producer": "printables"})
    writer.page_mode = "/UseOutlines"
    buf = io.BytesIO()
    writer.write(buf)
    return strip_id(buf.getvalue())


def _add_part(writer: PdfWriter, reader: PdfReader, part: Part, cache: _Blanks) -> None:
    """The pages of one part; single-sided pages each get a blank back, a two-sided part
    with an odd page count gets one at its end."""
    pages = list(reader.pages)
    for i, src in enumerate(pages):
        page = writer.add_page(src)
        if part.turn_backs and i % 2 == 1:
            page.rotate(180)
        if not part.two_sided:
            _blank(writer, _size(src), cache)
    if part.two_sided and len(pages) % 2:
        _blank(writer, _size(pages[-1]), cache)


def _fonts_of(resources: PdfObject | None, seen_forms: set[int]) -> Iterator[DictionaryObject]:
    """Every font dictionary reachable from a resource dictionary (forms included)."""
    if not isinstance(resources, DictionaryObject):
        return
    fonts = resources.get("/Font")
    if fonts is not None:
        fonts = fonts.get_object()
        for key in sorted(fonts):
            font = fonts[key].get_object()
            yield font
            for desc in font.get("/DescendantFonts", ()):
                yield desc.get_object()
    xobjects = resources.get("/XObject")
    if xobjects is not None:
        xobjects = xobjects.get_object()
        for key in sorted(xobjects):
            ref = xobjects[key]
            form = ref.get_object()
            mark = id(form)
            if form.get("/Subtype") == "/Form" and mark not in seen_forms:
                seen_forms.add(mark)
                res = form.get("/Resources")
                yield from _fonts_of(res.get_object() if res is not None else None, seen_forms)


def retag_font_subsets(writer: PdfWriter) -> int:
    """Give every distinct embedded font subset of a merged file its own tag; return how
    many were tagged (a subset is named TAG+Font in /BaseFont and its /FontName)."""
    done: dict[int, str] = {}
    forms: set[int] = set()
    for page in writer.pages:
        res = page.get("/Resources")
        for font in _fonts_of(res.get_object() if res is not None else None, forms):
            base = str(font.get("/BaseFont", ""))
            if id(font) in done or not re.match(r"^/[A-Z]{6}\+", base):
                continue
            name = f"/{subset_tag(len(done))}+{base[8:]}"
            done[id(font)] = name
            font[NameObject("/BaseFont")] = NameObject(name)
            desc = font.get("/FontDescriptor")
            if desc is not None:
                desc.get_object()[NameObject("/FontName")] = NameObject(name)
    return len(done)


def strip_id(pdf: bytes) -> bytes:
    """pypdf writes a random /ID; replace it with one derived from the content (same bytes)."""
    pattern = rb"/ID \[<[0-9a-f]+> <[0-9a-f]+>\]"
    digest = hashlib.md5(re.sub(pattern, b"", pdf)).hexdigest()
    return re.sub(pattern, f"/ID [<{digest}> <{digest}>]".encode(), pdf)


def _theme() -> dict[str, Ink]:
    return THEMES["colour"]
