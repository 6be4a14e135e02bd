"""The balance report: balance.json (every figure), balance.md and a two-page balance.pdf.

All three are functions of the plan and the game records only, so the same command gives
the same bytes; the run's speed (plies/s, games/s, seconds, workers), which no two runs
share, goes to speed.json beside them instead.

Rulings: the PDF is A4, page 1 the first player's score with its 95 % interval for every
level and variant (a dot and a bar, the 50 % line marked) and the ladder's verdicts; page 2
the game-length histogram of every level and variant and the method and its caveat. Its
pages are Scenes written by the PDF back end, as every other PDF of the project is.
"""

from __future__ import annotations

import json
import platform
import time
from typing import Any

from printables import __version__
from printables.games import get_game
from printables.geometry import Point, Segment
from printables.outputs import ensure_dir, write_files
from printables.play.balance import (
    DaskCluster,
    LocalPool,
    Plan,
    Progress,
    in_process,
    run_plan,
    setup,
)
from printables.play.metrics import differences, ladder_summary, selfplay_summary
from printables.play.stats import MIN_GAMES, wilson
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


def report_data(plan: Plan, streams: dict[tuple[str, str], list[dict[str, Any]]]) -> dict:
    """Every figure of a run, as balance.json holds it."""
    game = get_game(plan.game_ref)
    variants, kernels = [], {}
    for v in plan.variants:
        kernel = setup(plan.game_ref, v.options, plan.kernel)[2]
        kernels[v.label] = f"{type(kernel).__module__}.{type(kernel).__name__}"
        selfplay = {p.a: selfplay_summary(streams[(v.label, p.key)], game.sides)
                    for p in plan.pairings() if p.kind == "self"}
        ladder = [ladder_summary(streams[(v.label, p.key)], p.a, p.b, plan.sprt)
                  for p in plan.pairings() if p.kind == "ladder"]
        variants.append({"label": v.label, "options": dict(v.options), "selfplay": selfplay,
                         "ladder": ladder})
    return {
        "game": game.name, "title": game.title, "designer": game.designer,
        "sides": list(game.sides), "seed": plan.seed, "players": list(plan.players),
        "max_plies": plan.max_plies, "kernel": plan.kernel,
        "stopping": {"games": None if plan.ci is not None else plan.games, "ci": plan.ci,
                     "min_games": MIN_GAMES, "ladder": plan.sprt.describe()},
        "versions": {"printables": __version__, "python": platform.python_version(),
                     "kernels": kernels},
        "variants": variants,
        "differences": differences(variants, plan.players),
    }


def to_json(data: dict) -> bytes:
    """balance.json's bytes: sorted keys, one space indent, a final newline."""
    return (json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _interval(f: dict) -> str:
    lo, hi = f["wilson95"]
    return f"{_pct(f['score'])} [{100 * lo:.1f}, {100 * hi:.1f}]"


def to_markdown(data: dict) -> bytes:
    """balance.md: the figures as tables a designer can read."""
    lines = [f"# {data['title']}: what self-play shows", "",
             f"Seed {data['seed']}; players {', '.join(data['players'])}; games end at "
             f"{data['max_plies']} plies at most (then adjudicated). {_stopping(data)}", "",
             CAVEAT, "", "## First player, per level and variant", "",
             "| variant | level | games | first player score [95 %] | Elo | balance | "
             "completion | draws | timeouts | plies mean / median / sd / p95 | branching "
             "mean / max | decision moves |", "|" + "---|" * 12]
    for v in data["variants"]:
        for level, s in v["selfplay"].items():
            f, d, b = s["first_player"], s["duration"], s["branching"]
            lines.append(f"| {v['label']} | {level} | {s['games']} | {_interval(f)} | "
                         f"{f['elo']:+.0f} | {s['balance']:.3f} | {_pct(s['completion'])} | "
                         f"{_pct(s['draws'])} | {s['timeouts']} | {d['mean']:.1f} / "
                         f"{d['median']:g} / {d['sd']:.1f} / {d['p95']:.0f} | "
                         f"{b['mean']:.1f} / {b['max']} | {_pct(s['decision_moves'])} |")
    if data["differences"]:
        lines += ["", "## Variants against the first", "", "| level | variant | against | "
                  "difference in first player score [95 %, Newcombe] | clear? |",
                  "|---|---|---|---|---|"]
        for d in data["differences"]:
            lo, hi = d["newcombe95"]
            lines.append(f"| {d['level']} | {d['variant']} | {d['against']} | "
                         f"{100 * d['difference']:+.1f} points [{100 * lo:+.1f}, "
                         f"{100 * hi:+.1f}] | {'yes' if d['clear'] else 'no'} |")
    lines += _ladder_lines(data) + _opening_lines(data)
    return ("\n".join(lines) + "\n").encode()


def _stopping(data: dict) -> str:
    st = data["stopping"]
    own = (f"Each level against itself played {st['games']} games" if st["ci"] is None else
           f"Each level against itself played until the first player's 95 % interval was "
           f"+-{100 * st['ci']:g} points (checked from {st['min_games']} games on)")
    return f"{own}; ladder pairings stop by {st['ladder']}."


def _ladder_lines(data: dict) -> list[str]:
    rows = [(v["label"], lad) for v in data["variants"] for lad in v["ladder"]]
    if not rows:
        return []
    out = ["", "## Ladder: does each level beat the one before it?", "",
           "| variant | pairing | games | W-L-D | score [95 %] | Elo gap | P(score > 1/2) | "
           "SPRT | verdict |", "|" + "---|" * 9]
    for label, lad in rows:
        out.append(f"| {label} | {lad['stronger']} vs {lad['weaker']} | {lad['games']} | "
                   f"{lad['wins']}-{lad['losses']}-{lad['draws']} | {_interval(lad)} | "
                   f"{lad['elo']:+.0f} | {lad['confidence_stronger']:.4f} | "
                   f"{lad['sprt']['verdict']} | {lad['verdict']} |")
    return out


def _opening_lines(data: dict) -> list[str]:
    out = ["", "## Openings most played (first player's score)", ""]
    for v in data["variants"]:
        for level, s in v["selfplay"].items():
            firsts = ", ".join(f"{o['moves']} ({o['games']} games, {_pct(o['first_score'])})"
                               for o in s["openings"]["first_move"])
            out.append(f"- {v['label']}, {level}: {firsts or 'none'}")
    return out


# ----------------------------------------------------------------------------- PDF

PAGE_W, PAGE_H, MARGIN = 210 / MM_PER_PT, 297 / MM_PER_PT, 18 / MM_PER_PT


class _Page:
    """One A4 page of the report as a Scene, laid out in points from the bottom left (as
    the report's measures are given); items in the order drawn."""

    def __init__(self) -> None:
        self.items: list[Item] = []

    def at(self, x: float, y: float) -> Point:
        return Point(x * MM_PER_PT, y * MM_PER_PT)

    def text(self, x: float, y: float, text: str, size: float = 9, style: str = "text",
             anchor: str = "start") -> None:
        self.items.append(Text(self.at(x, y), text, size * MM_PER_PT, style, anchor))

    def line(self, x0: float, y0: float, x1: float, y1: float, style: str) -> None:
        self.items.append(Path((Segment(self.at(x0, y0), self.at(x1, y1)),), style))

    def dot(self, x: float, y: float, r: float) -> None:
        self.items.append(Circle(self.at(x, y), r * MM_PER_PT, "mark"))

    def bar(self, x: float, y: float, w: float, h: float) -> None:
        self.items.append(Polygon((self.at(x, y), self.at(x + w, y), self.at(x + w, y + h),
                                   self.at(x, y + h)), "mark"))

    def scene(self, title: str) -> Scene:
        return Scene(210.0, 297.0, tuple(self.items), title)


def to_pdf(data: dict) -> bytes:
    """balance.pdf: two A4 pages (see the module rulings)."""
    first, second = _Page(), _Page()
    y = _header(first, data, PAGE_H - MARGIN)
    y = _score_chart(first, data, y - 10)
    y = _ladder_text(first, data, y - 16)
    _figures_table(first, data, y - 16)
    y = _histograms(second, data, PAGE_H - MARGIN)
    _method(second, data, max(y - 10, MARGIN + 80))
    title = f"{data['title']}: balance"
    return render("pdf", [first.scene(title), second.scene(title)], REPORT_INKS, title=title)


def _header(c: _Page, data: dict, y: float) -> float:
    c.text(MARGIN, y - 14, f"{data['title']}: what self-play shows", 16, "bold")
    c.text(MARGIN, y - 30, f"a game by {data['designer']} · seed {data['seed']} · players "
           f"{', '.join(data['players'])} · printables {data['versions']['printables']}", 8.5)
    return y - 40


def _rows(data: dict) -> list[tuple[str, dict]]:
    return [(f"{v['label']} · {level}", s) for v in data["variants"]
            for level, s in v["selfplay"].items()]


def _score_chart(c: _Page, data: dict, top: float) -> float:
    """The first player's score per level and variant: dot, 95 % bar, 50 % line."""
    rows = _rows(data)[:28]
    label_w, row_h = 150.0, 16.0
    x0, x1 = MARGIN + label_w, PAGE_W - MARGIN - 70
    c.text(MARGIN, top, "First player's score (draws count half), with its Wilson 95 % "
           "interval", 10, "bold")
    top -= 14
    bottom = top - row_h * len(rows) - 6
    for k in range(0, 11):
        x = x0 + (x1 - x0) * k / 10
        c.line(x, bottom, x, top, "half" if k == 5 else "grid")
        c.text(x - 7, bottom - 10, f"{10 * k}%", 7, "note")
    for i, (label, s) in enumerate(rows):
        y = top - row_h * (i + 0.5) - 3
        f = s["first_player"]
        lo, hi = f["wilson95"]
        c.text(MARGIN, y - 3, label[:32], 8)
        c.line(x0 + (x1 - x0) * lo, y, x0 + (x1 - x0) * hi, y, "interval")
        c.dot(x0 + (x1 - x0) * f["score"], y, 2.6)
        c.text(x1 + 6, y - 3, f"{_pct(f['score'])}  n={s['games']}", 7.5)
    return bottom - 12


def _ladder_text(c: _Page, data: dict, y: float) -> float:
    c.text(MARGIN, y, "Ladder: does each level beat the one before it?", 10, "bold")
    y -= 14
    ladders = [(v["label"], lad) for v in data["variants"] for lad in v["ladder"]]
    if not ladders:
        c.text(MARGIN, y, "One level only: no ladder.", 8.5)
    for label, lad in ladders[:14]:
        c.text(MARGIN, y, f"{label}: {lad['verdict']} - score {_interval(lad)} over "
               f"{lad['games']} games (W-L-D {lad['wins']}-{lad['losses']}-{lad['draws']}), "
               f"SPRT {lad['sprt']['verdict']}", 8)
        y -= 12
    return y - 12 if not ladders else y


FIGURE_COLUMNS = ("", "balance", "completion", "draws", "timeouts", "plies mean / p95",
                  "branching", "decisions")


def _figures_table(c: _Page, data: dict, y: float) -> None:
    """The other figures of each level and variant, one row each."""
    c.text(MARGIN, y, "Other figures", 10, "bold")
    xs = (MARGIN, MARGIN + 150, MARGIN + 195, MARGIN + 245, MARGIN + 285, MARGIN + 330,
          MARGIN + 400, MARGIN + 450)
    y -= 14
    for x, head in zip(xs, FIGURE_COLUMNS, strict=True):
        c.text(x, y, head, 7.5, "note")
    for label, s in _rows(data)[:24]:
        y -= 11
        d = s["duration"]
        cells = (label[:32], f"{s['balance']:.3f}", _pct(s["completion"]), _pct(s["draws"]),
                 str(s["timeouts"]), f"{d['mean']:.0f} / {d['p95']:.0f}",
                 f"{s['branching']['mean']:.1f}", _pct(s["decision_moves"]))
        for x, cell in zip(xs, cells, strict=True):
            c.text(x, y, cell, 7.5)


def _histograms(c: _Page, data: dict, top: float) -> float:
    """A small game-length histogram per level and variant, two to a row."""
    rows = _rows(data)[:8]
    c.text(MARGIN, top - 12, "Game length (plies): how many games ended in each band", 10,
           "bold")
    w, h, gap = (PAGE_W - 2 * MARGIN - 20) / 2, 110.0, 34.0
    y = top - 30
    for i, (label, s) in enumerate(rows):
        x = MARGIN + (i % 2) * (w + 20)
        if i % 2 == 0 and i:
            y -= h + gap
        _histogram(c, x, y - h, w, h, label, s)
    return y - h - gap


def _histogram(c: _Page, x: float, y: float, w: float, h: float, label: str,
               s: dict) -> None:
    hist = s["length_histogram"]
    counts, width = hist["counts"], hist["width"]
    c.text(x, y + h + 4, f"{label[:40]} (mean {s['duration']['mean']:.0f})", 8)
    c.line(x, y, x + w, y, "axis")
    if not counts:
        return
    peak = max(counts)
    bar = w / len(counts)
    for k, n in enumerate(counts):
        if n:
            c.bar(x + k * bar + 0.5, y, bar - 1, (h - 6) * n / peak)
    c.text(x, y - 9, "0", 7, "note")
    c.text(x + w, y - 9, f"{width * len(counts)}", 7, "note", anchor="end")
    c.text(x + w, y + h - 8, f"peak {peak}", 7, "note", anchor="end")


def _method(c: _Page, data: dict, y: float) -> None:
    c.text(MARGIN, y, "Method", 10, "bold")
    lines = [_stopping(data),
             "Each game is seeded by its place in the game list, so the figures depend only "
             "on the seed and the list.",
             f"A game still running at {data['max_plies']} plies is stopped and adjudicated "
             "(a timeout).",
             "random: uniform legal moves; flat:N: N playouts over the moves; mcts:N: UCT "
             "with N playouts a move.", CAVEAT]
    for line in lines:
        y -= 12
        for part in _wrap(line, 110):
            c.text(MARGIN, y, part, 8)
            y -= 10


def _wrap(text: str, width: int) -> list[str]:
    words, out, line = text.split(), [], ""
    for w in words:
        if len(line) + len(w) + 1 > width:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    return out + [line] if line else out


def write_report(folder: Any, data: dict, speed: dict) -> list[Any]:
    """Write balance.json, balance.md, balance.pdf and speed.json into folder, each
    atomically (printables.outputs); the paths written."""
    out = ensure_dir(folder)
    speed_bytes = (json.dumps(speed, indent=1, sort_keys=True) + "\n").encode()
    return write_files(out, [("balance.json", to_json(data)), ("balance.md",
                       to_markdown(data)), ("balance.pdf", to_pdf(data)),
                       ("speed.json", speed_bytes)])


def progress_line(event: dict[str, Any], width: int | None = None) -> str:
    """One progress line: where the run is, games/s and the running interval; within width
    characters when given (shorter words first, then the pairing's name loses its middle)."""
    n, score = event["done"], event["score"]
    lo, hi = wilson(score, n)
    who = "first player" if event["kind"] == "self" else "stronger level"
    rate = n / event["seconds"] if event["seconds"] > 0 else 0.0
    where = f"{event['variant']} {event['pairing']}"
    interval = f"{100 * score / n:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"
    line = f"{where}: {n}/{event['cap']} games, {rate:.1f} games/s, {who} {interval}"
    if width is None or len(line) <= width:
        return line
    figures = f"{n}/{event['cap']}, {rate:.0f}/s, {who.split()[0]} {interval}"
    keep = width - len(figures) - 3  # ": " and the "~" that marks a cut
    if len(where) > keep + 1:
        where = where[:keep - keep // 2] + "~" + where[len(where) - keep // 2:] if keep > 1 \
            else ""
    return f"{where}: {figures}" if where else figures


def build_report(plan: Plan, folder: Any, workers: int, scheduler: str | None = None,
                 progress: Progress | None = None) -> tuple[list[Any], dict[str, Any]]:
    """Play the plan (in this process for one worker, on local worker processes, or on the
    Dask cluster at scheduler) and write the report; (paths written, speed figures)."""
    started = time.monotonic()
    if scheduler:
        with DaskCluster(scheduler) as cluster:
            ensure_dir(folder)  # before the games: a bad folder fails at once
            where, workers = f"dask {scheduler}", cluster.workers()
            streams = run_plan(plan, cluster, max(8, 4 * workers), progress)
    else:
        ensure_dir(folder)
        if workers > 1:
            with LocalPool(workers) as pool:
                where = "local worker processes"
                streams = run_plan(plan, pool, 4 * workers, progress)
        else:
            where = "this process"
            streams = run_plan(plan, in_process, 8, progress)
    seconds = time.monotonic() - started
    data = report_data(plan, streams)
    games = sum(len(r) for r in streams.values())
    plies = sum(x["plies"] for r in streams.values() for x in r)
    speed = {"where": where, "workers": workers, "seconds": round(seconds, 3),
             "games": games, "plies": plies, "games_per_s": round(games / seconds, 2),
             "plies_per_s": round(plies / seconds, 1), "kernels": data["versions"]["kernels"]}
    return write_report(folder, data, speed), speed
