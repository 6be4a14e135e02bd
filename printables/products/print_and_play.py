"""The kit's one-file print-and-play PDF: a print plan, then every printable part, padded so
the whole file can be printed double-sided in one job.

Rulings (ours):
- The file is meant for one duplex job, flipping on the long edge. Every part starts on a
  front side (an odd page); single-sided parts (board pages, piece sheets of one-sided
  pieces) get an "intentionally blank" back after each page, so nothing is printed on the
  back of a board tile or a piece sheet.
- Two-sided pieces keep their front/back page pairs: their backs are mirrored for a
  long-edge flip already (see products.pieces.sheet).
- The imposed booklet is made for a short-edge flip (booklet-imposed.pdf on its own). In
  this file its back sides are turned 180 degrees, which is exactly what turns a short-edge
  flip into a long-edge flip, so the whole file needs one setting.
- Each part has a PDF bookmark; the first page is the plan with a 100 mm scale bar.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass

from pypdf import PdfReader, PdfWriter

from printables.games import GameSpec
from printables.geometry import Point
from printables.products.common import SCALE_BAR, fit_size, frame_rect, line, scale_bar
from printables.render.pdf import PT_PER_MM, render_pdf
from printables.render.scene import Group, Item, Scene, Text
from printables.render.theme import THEMES
from printables.units import PAPERS

BLANK_TEXT = "This page is intentionally blank"
MARGIN = 15.0


@dataclass(frozen=True)
class Part:
    """One part of the file: its bookmark title, source file, how it prints and on what."""

    title: str
    source: str
    two_sided: bool
    turn_backs: bool  # turn every back side 180 degrees (short-edge imposition)
    stock: str
    note: str


def parts_of(game: GameSpec, board_pages: int) -> tuple[Part, ...]:
    """The parts of a game's print-and-play file, in printing order."""
    two_sided = any(c.back for c in game.components(game.options(None)))
    board_note = (f"{board_pages - 1} tiles; their first page (page {{first}}) shows how to "
                  "cut, overlap and glue them" if board_pages > 1
                  else "cut along the crop marks (or keep the margin)")
    pieces_note = ("fronts and backs: the backs land behind their fronts" if two_sided
                   else "cut along the grid, or punch the discs")
    return (
        Part("Board", "board.pdf", False, False, "160-200 g/m2 card, or paper glued on card",
             board_note),
        Part("Pieces", "pieces.pdf", two_sided, False,
             "160-250 g/m2 card" if two_sided else "paper, glued on card before cutting",
             pieces_note),
        Part("Rule booklet", "booklet-imposed.pdf", True, True, "80-100 g/m2 paper",
             "fold the stack in the middle, staple on the fold"),
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
    heads = ("Part", "Pages", "Sides", "Paper / card")
    items: list[Item] = [Text(Point(x + k * width, y), h, 3.2, "text.bold", anchor="start")
                         for k, h in zip(cols, heads)]
    items.append(line(Point(x, y - 1.8), Point(x + width, y - 1.8), "scale.frame"))
    for r in rows:
        y -= 11.0
        p = r.part
        sides = ("double-sided, long-edge flip" if p.two_sided else "single-sided (blank backs)")
        cells = (p.title, f"{r.first}-{r.last}", sides, f"{r.sheet} · {p.stock}")
        for k, (col, text) in enumerate(zip(cols, cells)):
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
                         Text(Point(x, y - 6), f"a game by {game.designer} · {total} pages",
                              3.2, "text.small", anchor="start")]
    y -= 18
    lines: tuple[str, ...]
    lines = ("Print the whole file double-sided, flipping on the LONG edge, at 100 %",
             "(\"actual size\", not \"fit to page\"). Blank backs are already in place, so",
             "every part starts on a fresh sheet and nothing lands on a board's back.",
             "The booklet's backs are turned here for the long-edge flip; its own file,",
             "booklet-imposed.pdf, is for a SHORT-edge flip.",
             "No duplex printer? Print the listed pages of each part on their own:",
             "single-sided parts: odd pages only; double-sided parts: all their pages.")
    sheets = sorted({r.sheet for r in rows})
    if len(sheets) > 1:
        lines += (f"This file mixes paper sizes ({', '.join(sheets)}): if your printer cannot "
                  "switch paper", "within a job, print each part as its own job.")
    for text in lines:
        items.append(Text(Point(x, y), text, fit_size(text, 3.4, width), "text", anchor="start"))
        y -= 5.2
    y -= 6
    items.extend(_table(rows, x, y, width))
    y -= 11.0 * len(rows) + 16
    items.extend(_check(x, y, width))
    return Scene(w, h, (Group(tuple(items), layer="plan"),), title=title)


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

def _size(page) -> tuple[float, float]:
    box = page.mediabox
    w, h = float(box.width) / PT_PER_MM, float(box.height) / PT_PER_MM
    if int(page.get("/Rotate", 0) or 0) % 180:
        w, h = h, w
    return w, h


def _paper_label(page) -> str:
    """The name of a page's paper size (A4, Letter, ...), or its size in mm."""
    w, h = sorted(_size(page))
    for name, (pw, ph) in PAPERS.items():
        if abs(w - pw) < 1 and abs(h - ph) < 1:
            return name
    return f"{w:.0f} x {h:.0f} mm"


def _blank(writer: PdfWriter, size: tuple[float, float], cache: dict) -> None:
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
    cache: dict = {}
    plan = render_pdf([plan_scene(game, rows, page - 1, paper)], _theme(), "print plan")
    writer.add_page(PdfReader(io.BytesIO(plan)).pages[0])
    _blank(writer, paper, cache)
    for row in rows:
        _add_part(writer, readers[row.part.source], row.part, cache)
    writer.add_outline_item(title="Print plan", page_number=0)
    for row in rows:
        writer.add_outline_item(title=f"{row.part.title} (pages {row.first}-{row.last})",
                                page_number=row.first - 1)
    writer.add_metadata({"/Title": f"{game.title}: print and play", "/Producer": "printables"})
    writer.page_mode = "/UseOutlines"
    buf = io.BytesIO()
    writer.write(buf)
    return strip_id(buf.getvalue())


def _add_part(writer: PdfWriter, reader: PdfReader, part: Part, cache: dict) -> None:
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


def strip_id(pdf: bytes) -> bytes:
    """pypdf writes a random /ID; replace it with one derived from the content (same bytes)."""
    pattern = rb"/ID \[<[0-9a-f]+> <[0-9a-f]+>\]"
    digest = hashlib.md5(re.sub(pattern, b"", pdf)).hexdigest()
    return re.sub(pattern, f"/ID [<{digest}> <{digest}>]".encode(), pdf)


def _theme():
    return THEMES["colour"]
