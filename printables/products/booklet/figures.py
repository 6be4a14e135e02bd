"""The figures of a rule booklet: the setup diagram, and the Examples section, with one
checked diagram per example file and its caption (the title, the sentence the program
writes from the rules engine, the file's own explanation), two to a page or one to a page
at the full frame width, each diagram shrinking to the room a page has left."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from printables.games import GameSpec
from printables.games.model import Position
from printables.products.booklet import markup
from printables.products.booklet.diagram import Marks, position_scene
from printables.products.booklet.examples import Example, move_forms
from printables.products.booklet.flow import MM, FitFigure, Heading, Typeset
from printables.products.variant import variant_words
from printables.render.scene import Scene
from printables.render.theme import Ink

#: How far (a share of its size) a diagram may shrink to use the room left on a page.
LEAST_FIT = 0.7


def figure(ts: Typeset, make: Callable[[float, float], Scene], caption: str, note: str,
           max_w: float, max_h: float, least: float = LEAST_FIT) -> FitFigure:
    """A diagram with its caption (and a grey note) kept on one page, shrinking down to
    `least` of its size to use the room left on a page."""
    below = [ts.para(caption, "caption"),
             ts.para(note, "note") if note else Spacer(1, ts.m.body * 0.8)]
    return FitFigure(make, ts.theme, max_w, max_h, below, least, ts.forms,
                     above=[Spacer(1, ts.m.body * 0.4)], page_h=ts.m.frame_h * MM)


def example_figure(ts: Typeset, make: Callable[[float, float], Scene], ex: Example,
                   max_w: float, max_h: float, least: float) -> FitFigure:
    """An example's figure at the full frame width: space, diagram, caption."""
    return FitFigure(make, ts.theme, max_w, max_h,
                     caption_parts(ts, ex, "") + [Spacer(1, ts.m.body * 0.6)], least, ts.forms,
                     above=[Spacer(1, ts.m.body * 0.4)], page_h=ts.m.frame_h * MM)


def text_height(ts: Typeset, parts: list[Flowable], width: float) -> float:
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


def diagram(game: GameSpec, pos: Position, theme: Mapping[str, Ink], max_w: float,
            max_h: float, reserve: bool = False, marks: Marks | None = None) -> Scene:
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


def example_scene(game: GameSpec, ts: Typeset, ex: Example, w: float, h: float) -> Scene:
    """An example's diagram drawn for at most w x h mm, made once per booklet (its story
    is built more than once)."""
    key = (id(ex), w, h)
    hit = ts.scenes.get(key)
    if hit is None or hit[0] is not ex:
        hit = ts.scenes[key] = (ex, diagram(game, ex.position, ts.theme, w, h,
                                            marks=example_marks(ex)))
    return hit[1]


def examples_section(game: GameSpec, examples: tuple[Example, ...], room: float,
                     ts: Typeset, variant: Mapping[str, Any] | None = None,
                     left_out: int = 0, least: float = LEAST_FIT, spread: int = 0,
                     scale: float = 1.0, sections: tuple[markup.Section, ...] = ()
                     ) -> list[Flowable]:
    """The Examples section: an introduction and one checked diagram per example file. Two
    to a page (beside their captions for square or tall boards, above them for wide ones),
    or one to a page at full width when two to a page would print the spaces too small;
    a full-width diagram is at most `scale` of its full size and shrinks down to `least`
    of that to use the end of a page. The last `spread` examples are set one to a page at
    full size (a booklet that needs a page or two more to fold takes them here, not as
    blank pages). No example files (a game file may list none): no section."""
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
        return example_scene(game, ts, ex, w, h)
    full = fh - cap - intro - 2.0

    def fitted(ex: Example, h: float, k: float, shrink: float) -> FitFigure:
        """A full-width figure at most k of h high, shrinking to `shrink` of that, never
        printing a space smaller than MIN_PRINTED_ROOM."""
        floor = MIN_PRINTED_ROOM / room / min(fw, h * aspect)
        k = min(1.0, max(k, floor))
        return example_figure(ts, lambda w, h: scene(ex, w, h), ex, fw, h * k,
                              max(shrink, min(1.0, floor / k)))
    spread_from = len(examples) - spread
    figs: list[Flowable] = []
    for n, ex in enumerate(examples):
        if n >= spread_from:
            figs.append(fitted(ex, full, 1.0, 1.0))
        elif room * two_up_width < MIN_PRINTED_ROOM or (wide and two_up_width
                                                        < WIDE_TWO_UP * fw):
            figs.append(fitted(ex, full, scale, least))
        elif wide:
            figs.append(fitted(ex, wide_h, scale, least))
        else:
            figs.append(side_by_side(ts, scene(ex, side_w, side_h), ex, side_w, side_h))
    if isinstance(figs[0], FitFigure):  # the heading and the opening go on its page
        figs[0].above = head + figs[0].above
        return figs
    return [KeepTogether(head + [figs[0]])] + figs[1:]


def caption_parts(ts: Typeset, ex: Example, side: str) -> list[Flowable]:
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
