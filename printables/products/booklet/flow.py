"""Booklet typesetting with reportlab Platypus: paragraph styles on the Vera fonts, a Flowable
that draws a Scene (and a figure that shrinks to the room a page has left), headings that
feed the table of contents and the PDF outline, what a booklet is set with (Typeset), and
the document template (cover and body pages, page numbers, TrimBox, invariant output)."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from printables.products.booklet import markup
from printables.render.fonts import register_fonts
from printables.render.pdf import Canvas, draw_scene
from printables.render.scene import Item, Scene
from printables.render.theme import Ink
from printables.units import PT_PER_MM

if TYPE_CHECKING:
    from printables.products.booklet.examples import Example

MM = PT_PER_MM
#: The booklet's text colours, as reportlab colours: reportlab parses a colour given as a
#: string each time a line of text is drawn (about 3,500 times for the kit's booklets).
INK = HexColor("#1a1a1a")
ACCENT = HexColor("#2f5d50")
GREY = HexColor("#666666")


def register_family() -> None:
    """Register the four Vera faces and tie them into one family for <b> and <i> markup."""
    register_fonts()
    if "Vera-BoldItalic" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("Vera-BoldItalic", "VeraBI.ttf"))
    registerFontFamily("Vera", normal="Vera", bold="Vera-Bold", italic="Vera-Italic",
                       boldItalic="Vera-BoldItalic")


@dataclass(frozen=True)
class Metrics:
    """Page geometry in mm and the body font size in pt for one booklet paper size."""

    width: float
    height: float
    margin_x: float
    margin_top: float
    margin_bottom: float
    body: float

    @property
    def frame_w(self) -> float:
        """Width of the text frame in mm."""
        return self.width - 2 * self.margin_x

    @property
    def frame_h(self) -> float:
        """Height of the text frame in mm."""
        return self.height - self.margin_top - self.margin_bottom


def metrics(width: float, height: float) -> Metrics:
    """Margins and body size for a page: A5-like pages get 9.5 pt text, larger pages more.

    >>> metrics(148, 210).frame_w
    120.0
    """
    if width < 180:
        return Metrics(width, height, 14.0, 13.0, 16.0, 9.5)
    return Metrics(width, height, 20.0, 18.0, 20.0, 11.0)


def styles(m: Metrics) -> dict[str, ParagraphStyle]:
    """The paragraph styles of a booklet, all on the Vera family."""
    register_family()
    b = m.body
    base = ParagraphStyle("body", fontName="Vera", fontSize=b, leading=b * 1.36,
                          textColor=INK, spaceAfter=b * 0.55, allowWidows=0, allowOrphans=0,
                          bulletFontName="Vera", bulletFontSize=b)

    def s(name: str, **kw: Any) -> ParagraphStyle:
        return ParagraphStyle(name, parent=base, **kw)

    return {
        "body": base,
        "bullet": s("bullet", leftIndent=b * 1.5, bulletIndent=b * 0.3, spaceAfter=b * 0.3),
        "number": s("number", leftIndent=b * 1.9, bulletIndent=b * 0.2, spaceAfter=b * 0.3),
        "h2": s("h2", fontName="Vera-Bold", fontSize=b * 1.45, leading=b * 1.8,
                textColor=ACCENT, spaceBefore=b * 1.1, spaceAfter=b * 0.5, keepWithNext=1),
        "h3": s("h3", fontName="Vera-Bold", fontSize=b * 1.1, leading=b * 1.4,
                spaceBefore=b * 0.6, spaceAfter=b * 0.3, keepWithNext=1),
        "caption": s("caption", fontName="Vera-Bold", fontSize=b * 0.95, leading=b * 1.25,
                     alignment=TA_CENTER, spaceBefore=b * 0.3, spaceAfter=b * 0.1),
        "outcome": s("outcome", fontSize=b * 0.92, leading=b * 1.22, alignment=TA_CENTER,
                     spaceAfter=b * 0.15),
        "outcome.side": s("outcome.side", fontSize=b * 0.92, leading=b * 1.22,
                          spaceAfter=b * 0.3),
        "note": s("note", fontSize=b * 0.9, leading=b * 1.2, alignment=TA_CENTER,
                  textColor=GREY, spaceAfter=b * 1.2),
        "caption.side": s("caption.side", fontName="Vera-Bold", fontSize=b * 0.95,
                          leading=b * 1.25, spaceAfter=b * 0.4),
        "note.side": s("note.side", fontSize=b * 0.9, leading=b * 1.2, textColor=GREY,
                       spaceAfter=0),
        "ruling": s("ruling", spaceBefore=b * 0.5, spaceAfter=b * 0.15, keepWithNext=1),
        "ruling.detail": s("ruling.detail", fontSize=b * 0.92, leading=b * 1.22,
                           leftIndent=b * 1.5, spaceAfter=b * 0.1),
        "aid": s("aid", fontSize=b * 0.88, leading=b * 1.18, spaceAfter=b * 0.3),
        "aid.bullet": s("aid.bullet", fontSize=b * 0.88, leading=b * 1.18, leftIndent=b * 1.3,
                        bulletIndent=b * 0.2, bulletFontSize=b * 0.88, spaceAfter=b * 0.2),
        "aid.h": s("aid.h", fontName="Vera-Bold", fontSize=b, leading=b * 1.3,
                   textColor=ACCENT, spaceBefore=b * 0.4, spaceAfter=b * 0.2),
        "cell": s("cell", fontSize=b * 0.95, leading=b * 1.2, spaceAfter=0),
        "cover.title": s("cover.title", fontName="Vera-Bold", fontSize=b * 3.4,
                         leading=b * 4.0, alignment=TA_CENTER, textColor=ACCENT),
        "cover.by": s("cover.by", fontSize=b * 1.35, leading=b * 1.8, alignment=TA_CENTER),
        "cover.small": s("cover.small", fontSize=b * 0.95, leading=b * 1.3,
                         alignment=TA_CENTER, textColor=GREY),
        "toc.title": s("toc.title", fontName="Vera-Bold", fontSize=b * 1.45, leading=b * 1.8,
                       textColor=ACCENT, spaceAfter=b),
        "toc0": s("toc0", fontName="Vera-Bold", leftIndent=b * 1.5, firstLineIndent=-b * 1.5,
                  spaceBefore=b * 0.15, spaceAfter=0),
        "toc1": s("toc1", fontSize=b * 0.92, leading=b * 1.25, leftIndent=b * 2.5,
                  firstLineIndent=-b * 1.5, textColor=GREY, spaceAfter=0),
    }


#: Contents leaders: the distance between dots (pt), the room kept for page numbers (in
#: widths of the digit 0) and the least gap between an entry's text and its first dot.
DOT_PITCH = 6.0
PAGE_DIGITS = 3
DOT_GAP = 4.0


class Contents(TableOfContents):  # type: ignore[misc]  # reportlab ships no types
    """A table of contents that can start from another one's entries (so a rebuilt story
    needs no extra layout pass), with leader dots on one grid for every entry and level and
    page numbers right-aligned in one column."""

    def seed(self, other: TableOfContents) -> None:
        """Start from the entries another table of contents collected."""
        self._entries = list(other._entries)

    def shift(self, page: int, by: int) -> None:
        """Move the entries on page (and after it) by pages, as when pages go in before it."""
        self._entries = [(e[0], e[1], e[2] + by if e[2] >= page else e[2]) + tuple(e[3:])
                         for e in self._entries]

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        """Lay out as reportlab does, then draw each entry's end with aligned leaders."""
        size: tuple[float, float] = super().wrap(avail_w, avail_h)

        def entry_end(canvas: Canvas, kind: str, label: str) -> None:
            page, level = (int(v) for v in label.split(",")[:2])
            draw_leader(canvas, self.getLevelStyle(level), str(page), avail_w)

        self.canv.setNamedCB("drawTOCEntryEnd", entry_end)
        return size


def draw_leader(canvas: Canvas, style: ParagraphStyle, page: str, width: float) -> None:
    """Dots from the end of the entry's text to the page-number column, each on the grid
    that counts DOT_PITCH back from that column (so dots line up from entry to entry), and
    the page number right-aligned at width."""
    x, y = canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]
    column = width - PAGE_DIGITS * pdfmetrics.stringWidth("0", style.fontName, style.fontSize)
    canvas.saveState()
    canvas.setFillColor(style.textColor)
    canvas.setFont(style.fontName, style.fontSize)
    dot = column - DOT_PITCH
    while dot > x + DOT_GAP:
        canvas.drawCentredString(dot, y, ".")
        dot -= DOT_PITCH
    canvas.drawRightString(width, y, page)
    canvas.restoreState()


def _tocs(story: list[Flowable]) -> list[Contents]:
    return [f for f in story if isinstance(f, Contents)]


def table_of_contents(st: Mapping[str, ParagraphStyle]) -> Contents:
    """A table of contents on the Vera styles, dotted leaders on every level."""
    toc = Contents(dotsMinLevel=0, tableStyle=TableStyle(
        [("VALIGN", (0, 0), (-1, -1), "TOP"), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
         ("LEFTPADDING", (0, 0), (-1, -1), 0), ("FONTNAME", (0, 0), (-1, -1), "Vera")]))
    toc.levelStyles = [st["toc0"], st["toc1"]]
    return toc


#: Scene layers that make up a board drawing; shared by every diagram of a booklet.
BOARD_LAYERS = ("ground", "spaces", "grid", "decor", "labels")


class FormCache:
    """Board drawings already stored as PDF form XObjects on a canvas: each distinct board
    is drawn once per document and reused by every diagram (smaller files, faster builds).
    Forms are numbered per canvas (board0, board1, ...), so a PDF's bytes do not depend on
    how many builds came before it; the cache holds the canvas itself, not its id, which a
    later canvas could reuse."""

    def __init__(self) -> None:
        self.canvas: Canvas | None = None
        self.names: dict[tuple[Item, ...], str] = {}
        self.drawing = True

    def form(self, canv: Canvas, items: tuple[Item, ...], width: float, height: float,
             theme: Mapping[str, Ink]) -> str:
        """The name of the form holding these board items on this canvas, drawn if new."""
        if canv is not self.canvas:
            self.canvas, self.names = canv, {}
        if items not in self.names:
            name = f"board{len(self.names)}"
            pad = max(width, height)
            canv.beginForm(name, -pad * MM, -pad * MM, 2 * pad * MM, 2 * pad * MM)
            draw_scene(canv, Scene(width, height, items), theme)
            canv.endForm()
            self.names[items] = name
        return self.names[items]


def split_board(scene: Scene) -> tuple[tuple[Item, ...], tuple[Item, ...]]:
    """The scene's leading board-layer groups, and the rest of its items."""
    n = 0
    while n < len(scene.items) and getattr(scene.items[n], "layer", None) in BOARD_LAYERS:
        n += 1
    return scene.items[:n], scene.items[n:]


class SceneFlowable(Flowable):  # type: ignore[misc]  # reportlab ships no types
    """A Scene drawn centred, scaled to fit the frame width and at most max_w x max_h mm;
    its board layers come from a shared FormCache when one is given."""

    def __init__(self, scene: Scene, theme: Mapping[str, Ink], max_w: float | None = None,
                 max_h: float | None = None, forms: FormCache | None = None) -> None:
        super().__init__()
        self.scene = scene
        self.theme = theme
        self.max_w = max_w
        self.max_h = max_h
        self.forms = forms
        self.hAlign = "CENTER"
        self.scale = 1.0

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        """Size in points after scaling the scene to the allowed box."""
        w = min(avail_w / MM, self.max_w or avail_w / MM)
        h = self.max_h or 10_000.0
        self.scale = min(w / self.scene.width, h / self.scene.height)
        self.width = self.scene.width * self.scale * MM
        self.height = self.scene.height * self.scale * MM
        return self.width, self.height

    def draw(self) -> None:
        """Draw the scene at the flowable's origin (the board through the form cache)."""
        if self.forms and not self.forms.drawing:
            return
        board, rest = split_board(self.scene) if self.forms else ((), self.scene.items)
        if board and self.forms:  # a board split off only when there is a cache
            name = self.forms.form(self.canv, board, self.scene.width, self.scene.height,
                                   self.theme)
            self.canv.saveState()
            self.canv.scale(self.scale, self.scale)
            self.canv.doForm(name)
            self.canv.restoreState()
        draw_scene(self.canv, Scene(self.scene.width, self.scene.height, rest), self.theme,
                   0.0, 0.0, self.scale)


class FitFigure(Flowable):  # type: ignore[misc]  # reportlab ships no types
    """A diagram with its caption, kept on one page. The diagram takes its full size when
    the page has room, else shrinks to the room left down to `least` of that size (so a
    figure fills the end of a page instead of leaving it blank), else goes to the next
    page whole. `make(w, h)` gives the diagram drawn for at most w x h mm (its labels
    sized for that), so a shrunk diagram keeps its labels legible."""

    def __init__(self, make: Callable[[float, float], Scene], theme: Mapping[str, Ink],
                 max_w: float, max_h: float, caption: list[Flowable], least: float = 1.0,
                 forms: FormCache | None = None, above: list[Flowable] | None = None,
                 page_h: float | None = None) -> None:
        super().__init__()
        self.page_h = page_h  # the frame's height in points (None: no limit known)
        self.make, self.theme, self.forms = make, theme, forms
        self.max_w, self.max_h, self.least = max_w, max_h, least
        self.caption, self.above = caption, above or []
        self.diagram: SceneFlowable | None = None

    def _text_height(self, flowables: list[Flowable], avail_w: float) -> float:
        height: float = sum(f.wrap(avail_w, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                            for f in flowables)
        return height

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        """The figure's size: what goes above (a section's heading), its caption, and the
        diagram at full size or shrunk to the room left (see the class)."""
        cap = self._text_height(self.above, avail_w) + self._text_height(self.caption, avail_w)
        full = SceneFlowable(self.make(self.max_w, self.max_h), self.theme, self.max_w,
                             self.max_h, self.forms)
        fw, fh = full.wrap(avail_w, avail_h)
        room = avail_h - cap
        self.diagram = full
        # never taller than a whole page holds; shrink to the room left if allowed
        page = (self.page_h or avail_h) - cap
        if fh > room and (room >= self.least * fh or room >= page - 1e-6):
            k = room / fh
            self.diagram = SceneFlowable(self.make(self.max_w * k, self.max_h * k), self.theme,
                                         self.max_w * k, self.max_h * k, self.forms)
            fw, fh = self.diagram.wrap(avail_w, room)
        self.width, self.height = avail_w, fh + cap
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        """Never split: the caption stays with its diagram."""
        return []

    def draw(self) -> None:
        """What goes above, the diagram centred, the caption below it."""
        assert self.diagram is not None
        y = self._stack(self.above, self.height) - self.diagram.height
        self.diagram.drawOn(self.canv, (self.width - self.diagram.width) / 2, y)
        self._stack(self.caption, y)

    def _stack(self, flowables: list[Flowable], y: float) -> float:
        """Draw flowables downwards from y; where the last one ends."""
        for f in flowables:
            y -= f.getSpaceBefore()
            _, h = f.wrap(self.width, 1e6)
            y -= h
            f.drawOn(self.canv, 0, y)
            y -= f.getSpaceAfter()
        return y


class Heading(Paragraph):  # type: ignore[misc]  # reportlab ships no types
    """A section heading that becomes a TOC entry and a PDF outline entry."""

    def __init__(self, text: str, plain: str, style: ParagraphStyle, level: int,
                 key: str) -> None:
        super().__init__(text, style)
        self.outline = (level, plain, key)


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
    scenes: dict[tuple[int | str, float, float], tuple[Example | None, Scene]] = field(
        default_factory=dict)

    def scene(self, scene: Scene, max_w: float, max_h: float) -> SceneFlowable:
        """A flowable drawing scene at most max_w x max_h mm."""
        return SceneFlowable(scene, self.theme, max_w, max_h, self.forms)

    def para(self, markdown: str, style: str, **kw: Any) -> Paragraph:
        """A paragraph of Markdown-subset inline text."""
        return Paragraph(markup.inline(markdown, marks=dict(self.marks)), self.st[style], **kw)


def _no_draw(*args: object, **kwargs: object) -> None:
    return None


class PlacingFrame(Frame):  # type: ignore[misc]  # reportlab ships no types
    """A Frame that, while `drawing` is False, places flowables (wrap, split, move down)
    without drawing them: a layout pass only needs where things go, and the drawn build
    that follows checks every contents entry it produced."""

    drawing = True

    def _add(self, flowable: Flowable, canv: Canvas, trySplit: int = 0) -> int:
        if self.drawing:
            placed: int = super()._add(flowable, canv, trySplit)  # 1 placed, 0 no room
            return placed
        flowable.drawOn = _no_draw  # shadows the method on this (throw-away) flowable
        try:
            placed = super()._add(flowable, canv, trySplit)
            return placed
        finally:
            del flowable.drawOn


class BookletDoc(BaseDocTemplate):  # type: ignore[misc]  # reportlab ships no types
    """Cover and body page templates, page numbers on the outer corners, outline entries and
    TOC notifications for every Heading, TrimBox = page."""

    def __init__(self, buf: io.BytesIO, m: Metrics, title: str, author: str,
                 footer: str) -> None:
        register_family()
        super().__init__(buf, pagesize=(m.width * MM, m.height * MM), invariant=1,
                         initialFontName="Vera", pageCompression=1, title=title,
                         author=author, creator="printables", subject="rules booklet",
                         leftMargin=m.margin_x * MM, rightMargin=m.margin_x * MM,
                         topMargin=m.margin_top * MM, bottomMargin=m.margin_bottom * MM)
        self.m = m
        self.footer = footer
        self.used: list[float] = []  # per page of the last pass: share of the frame used
        body = PlacingFrame(self.leftMargin, self.bottomMargin, self.width, self.height,
                            id="body", leftPadding=0, rightPadding=0, topPadding=0,
                            bottomPadding=0)
        cover = PlacingFrame(self.leftMargin, self.bottomMargin, self.width, self.height,
                             id="cover", leftPadding=0, rightPadding=0, topPadding=0,
                             bottomPadding=0)
        self.frames = (body, cover)
        self.addPageTemplates([PageTemplate("cover", [cover], onPage=self._trim),
                               PageTemplate("body", [body], onPage=self._furniture)])

    def handle_pageEnd(self) -> None:
        """Note how much of the page's frame was used (a share), then end the page."""
        f = self.frame
        self.used.append((f._y2 - f._y) / max(f._y2 - f._y1, 1e-9))
        super().handle_pageEnd()

    def _trim(self, canv: Canvas, doc: BookletDoc) -> None:
        canv.setTrimBox((0, 0, self.pagesize[0], self.pagesize[1]))

    def _furniture(self, canv: Canvas, doc: BookletDoc) -> None:
        self._trim(canv, doc)
        n = canv.getPageNumber()
        y = self.m.margin_bottom * MM * 0.45
        size = self.m.body * 0.9
        canv.saveState()
        canv.setFont("Vera-Bold", size)
        canv.setFillColor(ACCENT)
        left, right = self.leftMargin, self.pagesize[0] - self.rightMargin
        (canv.drawRightString(right, y, str(n)) if n % 2 else canv.drawString(left, y, str(n)))
        canv.setFont("Vera", size * 0.9)
        canv.setFillColor(GREY)
        (canv.drawString(left, y, self.footer) if n % 2 else
         canv.drawRightString(right, y, self.footer))
        canv.restoreState()

    def build_twice(self, make_story: Callable[[], list[Flowable]], forms: FormCache) -> bytes:
        """Lay out once without drawing scenes (cheap) to collect the contents entries, then
        build a fresh story, seeded with them, with everything drawn; multiBuild repeats that
        build only if a page number moved. Returns the final build's PDF bytes.
        (Platypus edits flowables while it lays them out, so each build gets new ones.)"""
        return self.build_seeded(make_story(), self.layout(make_story(), forms), forms)

    def layout(self, story: list[Flowable], forms: FormCache) -> list[Contents]:
        """One layout pass without drawing scenes; the story's contents after it (each
        holding the entries it collected) to seed a drawn build; self.page is its last
        page."""
        forms.drawing = False
        self.used = []
        for frame in self.frames:
            frame.drawing = False
        try:  # one layout pass collects every contents entry (maxPasses=0 stops after it)
            self.multiBuild(story, maxPasses=0, canvasmaker=Canvas)
        except IndexError:
            pass  # entries not yet confirmed: the drawn build below confirms them, or repeats
        finally:
            for frame in self.frames:
                frame.drawing = True
        return _tocs(story)

    def build_seeded(self, story: list[Flowable], tocs: list[Contents],
                     forms: FormCache) -> bytes:
        """The drawn build of a fresh story whose contents start from tocs' entries."""
        forms.drawing = True
        for old, new in zip(tocs, _tocs(story), strict=True):
            new.seed(old)
        out = io.BytesIO()
        self.filename = out
        self.multiBuild(story, canvasmaker=Canvas)
        return out.getvalue()

    def afterFlowable(self, flowable: Flowable) -> None:
        """Bookmark headings, add them to the outline and tell the TOC their page."""
        outline = getattr(flowable, "outline", None)
        if outline is None:
            return
        level, text, key = outline
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(text, key, level=level, closed=level > 0)
        self.notify("TOCEntry", (level, text, self.page, key))
