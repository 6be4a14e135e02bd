"""balance.pdf: the balance report's figures on A4 pages, as many as they need.

A function of balance.json's data only (printables.play.report.report_data), so the same
command gives the same bytes. Its pages are Scenes written by the PDF back end, as every
other PDF of the project is.

Rulings: blocks flow down A4 pages, a new page starting where the next row would not fit:
the first player's score with its 95 % interval for every level and variant (a dot and a
bar, the 50 % line marked; the scale repeats on each page the chart runs onto), the
ladder's verdicts, the changes of sides (for a game with a "change sides" rule), the
other figures, a game-length histogram for every level and variant (two to a row), and
the method with its caveat. Intervals and percentages are printed from the exact figures,
rounded once.
"""

from __future__ import annotations

from typing import Any

from printables.games.model import byline
from printables.geometry import Point, Segment
from printables.render import render
from printables.render.scene import Circle, Item, Path, Polygon, Scene, Text
from printables.render.theme import Ink
from printables.units import MM_PER_PT

CAVEAT = ("Engines are not people: random and Monte-Carlo players show what the rules "
          "allow, not what skilled players would choose.")
INK, GREY, LIGHT, ACCENT = "#222222", "#999999", "#d4d4d4", "#1f5fa8"
#: How the report's items are drawn (its theme): text, headings, notes in grey, the score
#: chart's grid (the 50 % line darker), the 95 % intervals, dots and histogram bars.
REPORT_INKS: dict[str, Ink] = {
    "text": Ink(fill=INK), "bold": Ink(fill=INK, font="sans-bold"), "note": Ink(fill=GREY),
    "grid": Ink(stroke=LIGHT, width=0.4 * MM_PER_PT),
    "half": Ink(stroke=GREY, width=0.6 * MM_PER_PT),
    "axis": Ink(stroke=GREY, width=0.5 * MM_PER_PT),
    "interval": Ink(stroke=ACCENT, width=2 * MM_PER_PT), "mark": Ink(fill=ACCENT)}
PAGE_W, PAGE_H, MARGIN = 210 / MM_PER_PT, 297 / MM_PER_PT, 18 / MM_PER_PT
ROW_H, LINE_H, TABLE_H = 16.0, 12.0, 11.0
HIST_W, HIST_H, HIST_GAP = (PAGE_W - 2 * MARGIN - 20) / 2, 110.0, 34.0


def pct(x: float) -> str:
    """A share as a percentage with one decimal."""
    return f"{100 * x:.1f} %"


def interval(f: dict[str, Any]) -> str:
    """A score with its Wilson interval, each rounded once."""
    lo, hi = f["wilson95"]
    return f"{pct(f['score'])} [{100 * lo:.1f}, {100 * hi:.1f}]"


class _Pages:
    """A4 pages in points from the bottom left; y is where the next block starts, and
    room(h) starts a new page when h points would not fit above the bottom margin."""

    def __init__(self) -> None:
        self.pages: list[list[Item]] = [[]]
        self.y = PAGE_H - MARGIN

    def room(self, h: float) -> bool:
        """Make room for h points; True when a new page was started for it."""
        if self.y - h >= MARGIN:
            return False
        self.pages.append([])
        self.y = PAGE_H - MARGIN
        return True

    def at(self, x: float, y: float) -> Point:
        return Point(x * MM_PER_PT, y * MM_PER_PT)

    def text(self, x: float, y: float, text: str, size: float = 9, style: str = "text",
             anchor: str = "start") -> None:
        self.pages[-1].append(Text(self.at(x, y), text, size * MM_PER_PT, style, anchor))

    def line(self, x0: float, y0: float, x1: float, y1: float, style: str) -> None:
        self.pages[-1].append(Path((Segment(self.at(x0, y0), self.at(x1, y1)),), style))

    def dot(self, x: float, y: float, r: float) -> None:
        self.pages[-1].append(Circle(self.at(x, y), r * MM_PER_PT, "mark"))

    def bar(self, x: float, y: float, w: float, h: float) -> None:
        self.pages[-1].append(Polygon((self.at(x, y), self.at(x + w, y),
                                       self.at(x + w, y + h), self.at(x, y + h)), "mark"))

    def heading(self, text: str, below: float) -> None:
        """A block's title, on the page that has room for it and `below` points more."""
        self.room(14 + below)
        self.text(MARGIN, self.y - 10, text, 10, "bold")
        self.y -= 24

    def note(self, text: str, size: float = 8, width: int = 110) -> None:
        """A wrapped line of text."""
        for part in wrap(text, width):
            self.room(LINE_H)
            self.text(MARGIN, self.y - 8, part, size)
            self.y -= LINE_H - 2

    def scenes(self, title: str) -> list[Scene]:
        return [Scene(210.0, 297.0, tuple(items), title) for items in self.pages]


def to_pdf(data: dict[str, Any]) -> bytes:
    """balance.pdf (see the module rulings)."""
    doc = _Pages()
    _header(doc, data)
    _score_chart(doc, data)
    _ladder(doc, data)
    _changes_of_sides(doc, data)
    _figures_table(doc, data)
    _histograms(doc, data)
    _method(doc, data)
    title = f"{data['title']}: balance"
    return render("pdf", doc.scenes(title), REPORT_INKS, title=title)


def rows(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(label, self-play figures) for every variant and level, in report order."""
    return [(f"{v['label']} · {level}", s) for v in data["variants"]
            for level, s in v["selfplay"].items()]


def _header(doc: _Pages, data: dict[str, Any]) -> None:
    doc.text(MARGIN, doc.y - 14, f"{data['title']}: what self-play shows", 16, "bold")
    doc.text(MARGIN, doc.y - 30, f"{byline(data['designer'])} · seed {data['seed']} · "
             f"players {', '.join(data['players'])} · printables "
             f"{data['versions']['printables']}", 8.5)
    doc.y -= 50


def _score_chart(doc: _Pages, data: dict[str, Any]) -> None:
    """The first player's score per level and variant: dot, 95 % bar, 50 % line."""
    x0, x1 = MARGIN + 150.0, PAGE_W - MARGIN - 70
    doc.heading("First player's score (draws count half), with its Wilson 95 % interval",
                ROW_H + 20)
    todo = rows(data)
    while todo:
        fit = max(1, int((doc.y - MARGIN - 20) // ROW_H))
        chunk, todo = todo[:fit], todo[fit:]
        top, bottom = doc.y, doc.y - ROW_H * len(chunk) - 6
        for k in range(11):
            x = x0 + (x1 - x0) * k / 10
            doc.line(x, bottom, x, top, "half" if k == 5 else "grid")
            doc.text(x - 7, bottom - 10, f"{10 * k}%", 7, "note")
        for i, (label, s) in enumerate(chunk):
            y = top - ROW_H * (i + 0.5) - 3
            f = s["first_player"]
            lo, hi = f["wilson95"]
            doc.text(MARGIN, y - 3, label[:32], 8)
            doc.line(x0 + (x1 - x0) * lo, y, x0 + (x1 - x0) * hi, y, "interval")
            doc.dot(x0 + (x1 - x0) * f["score"], y, 2.6)
            doc.text(x1 + 6, y - 3, f"{pct(f['score'])}  n={s['games']}", 7.5)
        doc.y = bottom - 24
        if todo:
            doc.room(PAGE_H)  # the rest of the chart on a new page


def _ladder(doc: _Pages, data: dict[str, Any]) -> None:
    ladders = [(v["label"], lad) for v in data["variants"] for lad in v["ladder"]]
    doc.heading("Ladder: does each level beat the one before it?", LINE_H)
    if not ladders:
        doc.note("One level only: no ladder.", 8.5)
    for label, lad in ladders:
        doc.note(f"{label}: {lad['verdict']}. Score {interval(lad)} over {lad['games']} "
                 f"games (W-L-D {lad['wins']}-{lad['losses']}-{lad['draws']}), SPRT "
                 f"{lad['sprt']['verdict']}")
    doc.y -= 12


def _changes_of_sides(doc: _Pages, data: dict[str, Any]) -> None:
    """How often each player changed sides, and the first player's score with and
    without (only for a game with a change-sides rule)."""
    if not data.get("changes_sides"):
        return
    doc.heading("Changes of sides (the pie swap): who swapped, and the first player's score",
                LINE_H)
    for line in swap_lines(data):
        doc.note(line)
    doc.y -= 12


def swap_lines(data: dict[str, Any]) -> list[str]:
    """One sentence per level and variant on the changes of sides, then the ladder's."""
    out = []
    for v in data["variants"]:
        for level, s in v["selfplay"].items():
            w = s["swaps"]
            out.append(f"{v['label']} · {level}: swaps by the first player "
                       f"{w['by_first']}, by the second {w['by_second']} ({s['games']} "
                       f"games); first player's score {_maybe(w['first_score_with'])} in "
                       f"games with a swap, {_maybe(w['first_score_without'])} without")
    return out + ladder_swap_lines(data)


def ladder_swap_lines(data: dict[str, Any]) -> list[str]:
    """One sentence per ladder pairing on who changed sides."""
    return [f"{v['label']} · {lad['stronger']} vs {lad['weaker']}: swaps by "
            f"{lad['stronger']} {lad['swaps']['by_stronger']}, by {lad['weaker']} "
            f"{lad['swaps']['by_weaker']} ({lad['games']} games)"
            for v in data["variants"] for lad in v["ladder"]]


def _maybe(x: float | None) -> str:
    return "- (none)" if x is None else pct(x)


FIGURE_COLUMNS = ("", "balance", "completion", "draws", "timeouts", "plies mean / p95",
                  "branching", "decisions")
FIGURE_XS = (0, 150, 195, 245, 285, 330, 400, 450)


def _figures_table(doc: _Pages, data: dict[str, Any]) -> None:
    """The other figures of each level and variant, one row each."""
    doc.heading("Other figures", TABLE_H * 2)
    head = True
    for label, s in rows(data):
        if doc.room(TABLE_H) or head:
            for x, name in zip(FIGURE_XS, FIGURE_COLUMNS, strict=True):
                doc.text(MARGIN + x, doc.y - 8, name, 7.5, "note")
            doc.y -= TABLE_H
            head = False
        d = s["duration"]
        cells = (label[:32], f"{s['balance']:.3f}", pct(s["completion"]), pct(s["draws"]),
                 str(s["timeouts"]), f"{d['mean']:.0f} / {d['p95']:.0f}",
                 f"{s['branching']['mean']:.1f}", pct(s["decision_moves"]))
        for x, cell in zip(FIGURE_XS, cells, strict=True):
            doc.text(MARGIN + x, doc.y - 8, cell, 7.5)
        doc.y -= TABLE_H
    doc.y -= 12


def _histograms(doc: _Pages, data: dict[str, Any]) -> None:
    """A game-length histogram per level and variant, two to a row, every one of them."""
    doc.heading("Game length (plies): how many games ended in each band",
                HIST_H + HIST_GAP)
    todo = rows(data)
    for i in range(0, len(todo), 2):
        doc.room(HIST_H + HIST_GAP)
        for j, (label, s) in enumerate(todo[i:i + 2]):
            _histogram(doc, MARGIN + j * (HIST_W + 20), doc.y - HIST_H - 12, label, s)
        doc.y -= HIST_H + HIST_GAP


def _histogram(doc: _Pages, x: float, y: float, label: str, s: dict[str, Any]) -> None:
    hist = s["length_histogram"]
    counts, width = hist["counts"], hist["width"]
    doc.text(x, y + HIST_H + 4, f"{label[:40]} (mean {s['duration']['mean']:.0f})", 8)
    doc.line(x, y, x + HIST_W, y, "axis")
    if not counts:
        return
    peak = max(counts)
    bar = HIST_W / len(counts)
    for k, n in enumerate(counts):
        if n:
            doc.bar(x + k * bar + 0.5, y, bar - 1, (HIST_H - 6) * n / peak)
    doc.text(x, y - 9, "0", 7, "note")
    doc.text(x + HIST_W, y - 9, f"{width * len(counts)}", 7, "note", anchor="end")
    doc.text(x + HIST_W, y + HIST_H - 8, f"peak {peak}", 7, "note", anchor="end")


def _method(doc: _Pages, data: dict[str, Any]) -> None:
    doc.heading("Method", LINE_H * 4)
    for line in (stopping_text(data),
                 "Each game is seeded by its place in the game list, so the figures depend "
                 "only on the seed and the list; every game's record is in games.jsonl.",
                 f"A game still running at {data['max_plies']} plies is stopped and "
                 "adjudicated by the game's ruling (a timeout).",
                 "random: uniform legal moves; flat:N: N playouts in all, dealt over the "
                 "moves; mcts:N: UCT with N playouts a move.", CAVEAT):
        doc.note(line)
        doc.y -= 2


def stopping_text(data: dict[str, Any]) -> str:
    """How the run decided how many games to play, in a sentence."""
    st = data["stopping"]
    own = (f"Each level against itself played {st['games']} games" if st["ci"] is None else
           f"Each level against itself played until the first player's 95 % interval was "
           f"+-{100 * st['ci']:g} points (checked from {st['min_games']} games on)")
    return f"{own}; ladder pairings stop by {st['ladder']}."


def wrap(text: str, width: int) -> list[str]:
    """text in lines of at most width characters, broken between words."""
    words, out, line = text.split(), [], ""
    for w in words:
        if line and len(line) + len(w) + 1 > width:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    return out + [line] if line else out
