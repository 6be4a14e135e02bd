"""The balance report: balance.json (every figure), balance.md and a two-page balance.pdf.

All three are functions of the plan and the game records only, so the same command gives
the same bytes; the run's speed (plies/s, games/s, seconds, workers), which no two runs
share, goes to speed.json beside them instead.

Rulings: the PDF is A4, page 1 the first player's score with its 95 % interval for every
level and variant (a dot and a bar, the 50 % line marked) and the ladder's verdicts; page 2
the game-length histogram of every level and variant and the method and its caveat.
"""

from __future__ import annotations

import io
import json
import platform
import time
from typing import Any

from reportlab.lib.colors import HexColor

from printables import __version__
from printables.games import get_game
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
from printables.render.pdf import PT_PER_MM, new_canvas

CAVEAT = ("Engines are not people: random and Monte-Carlo players show what the rules "
          "allow, not what skilled players would choose.")
INK, GREY, ACCENT = HexColor("#222222"), HexColor("#999999"), HexColor("#1f5fa8")


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

PAGE_W, PAGE_H, MARGIN = 210 * PT_PER_MM, 297 * PT_PER_MM, 18 * PT_PER_MM


def to_pdf(data: dict) -> bytes:
    """balance.pdf: two A4 pages (see the module rulings)."""
    buf = io.BytesIO()
    c = new_canvas(buf, 210, 297, title=f"{data['title']}: balance")
    y = _header(c, data, PAGE_H - MARGIN)
    y = _score_chart(c, data, y - 10)
    y = _ladder_text(c, data, y - 16)
    _figures_table(c, data, y - 16)
    c.showPage()
    y = _histograms(c, data, PAGE_H - MARGIN)
    _method(c, data, max(y - 10, MARGIN + 80))
    c.showPage()
    c.save()
    return buf.getvalue()


def _text(c: Any, x: float, y: float, text: str, size: float = 9, font: str = "Vera",
          color: Any = INK) -> None:
    c.setFont(font, size)
    c.setFillColor(color)
    c.drawString(x, y, text)


def _header(c: Any, data: dict, y: float) -> float:
    _text(c, MARGIN, y - 14, f"{data['title']}: what self-play shows", 16, "Vera-Bold")
    _text(c, MARGIN, y - 30, f"a game by {data['designer']} · seed {data['seed']} · players "
          f"{', '.join(data['players'])} · printables {data['versions']['printables']}", 8.5)
    return y - 40


def _rows(data: dict) -> list[tuple[str, dict]]:
    return [(f"{v['label']} · {level}", s) for v in data["variants"]
            for level, s in v["selfplay"].items()]


def _score_chart(c: Any, data: dict, top: float) -> float:
    """The first player's score per level and variant: dot, 95 % bar, 50 % line."""
    rows = _rows(data)[:28]
    label_w, row_h = 150.0, 16.0
    x0, x1 = MARGIN + label_w, PAGE_W - MARGIN - 70
    _text(c, MARGIN, top, "First player's score (draws count half), with its Wilson 95 % "
          "interval", 10, "Vera-Bold")
    top -= 14
    bottom = top - row_h * len(rows) - 6
    c.setStrokeColor(GREY)
    c.setLineWidth(0.4)
    for k in range(0, 11):
        x = x0 + (x1 - x0) * k / 10
        c.setDash(1, 2) if k != 5 else c.setDash()
        c.line(x, bottom, x, top)
        _text(c, x - 7, bottom - 10, f"{10 * k}%", 7, color=GREY)
    c.setDash()
    for i, (label, s) in enumerate(rows):
        y = top - row_h * (i + 0.5) - 3
        f = s["first_player"]
        lo, hi = f["wilson95"]
        _text(c, MARGIN, y - 3, label[:32], 8)
        c.setStrokeColor(ACCENT)
        c.setFillColor(ACCENT)
        c.setLineWidth(2)
        c.line(x0 + (x1 - x0) * lo, y, x0 + (x1 - x0) * hi, y)
        c.circle(x0 + (x1 - x0) * f["score"], y, 2.6, stroke=0, fill=1)
        _text(c, x1 + 6, y - 3, f"{_pct(f['score'])}  n={s['games']}", 7.5)
    return bottom - 12


def _ladder_text(c: Any, data: dict, y: float) -> float:
    _text(c, MARGIN, y, "Ladder: does each level beat the one before it?", 10, "Vera-Bold")
    y -= 14
    ladders = [(v["label"], lad) for v in data["variants"] for lad in v["ladder"]]
    if not ladders:
        _text(c, MARGIN, y, "One level only: no ladder.", 8.5)
    for label, lad in ladders[:14]:
        _text(c, MARGIN, y, f"{label}: {lad['verdict']} - score {_interval(lad)} over "
              f"{lad['games']} games (W-L-D {lad['wins']}-{lad['losses']}-{lad['draws']}), "
              f"SPRT {lad['sprt']['verdict']}", 8)
        y -= 12
    return y - 12 if not ladders else y


FIGURE_COLUMNS = ("", "balance", "completion", "draws", "timeouts", "plies mean / p95",
                  "branching", "decisions")


def _figures_table(c: Any, data: dict, y: float) -> None:
    """The other figures of each level and variant, one row each."""
    _text(c, MARGIN, y, "Other figures", 10, "Vera-Bold")
    xs = (MARGIN, MARGIN + 150, MARGIN + 195, MARGIN + 245, MARGIN + 285, MARGIN + 330,
          MARGIN + 400, MARGIN + 450)
    y -= 14
    for x, head in zip(xs, FIGURE_COLUMNS, strict=True):
        _text(c, x, y, head, 7.5, color=GREY)
    for label, s in _rows(data)[:24]:
        y -= 11
        d = s["duration"]
        cells = (label[:32], f"{s['balance']:.3f}", _pct(s["completion"]), _pct(s["draws"]),
                 str(s["timeouts"]), f"{d['mean']:.0f} / {d['p95']:.0f}",
                 f"{s['branching']['mean']:.1f}", _pct(s["decision_moves"]))
        for x, cell in zip(xs, cells, strict=True):
            _text(c, x, y, cell, 7.5)


def _histograms(c: Any, data: dict, top: float) -> float:
    """A small game-length histogram per level and variant, two to a row."""
    rows = _rows(data)[:8]
    _text(c, MARGIN, top - 12, "Game length (plies): how many games ended in each band", 10,
          "Vera-Bold")
    w, h, gap = (PAGE_W - 2 * MARGIN - 20) / 2, 110.0, 34.0
    y = top - 30
    for i, (label, s) in enumerate(rows):
        x = MARGIN + (i % 2) * (w + 20)
        if i % 2 == 0 and i:
            y -= h + gap
        _histogram(c, x, y - h, w, h, label, s)
    return y - h - gap


def _histogram(c: Any, x: float, y: float, w: float, h: float, label: str, s: dict) -> None:
    hist = s["length_histogram"]
    counts, width = hist["counts"], hist["width"]
    _text(c, x, y + h + 4, f"{label[:40]} (mean {s['duration']['mean']:.0f})", 8)
    c.setStrokeColor(GREY)
    c.setLineWidth(0.5)
    c.line(x, y, x + w, y)
    if not counts:
        return
    peak = max(counts)
    bar = w / len(counts)
    c.setFillColor(ACCENT)
    for k, n in enumerate(counts):
        if n:
            c.rect(x + k * bar + 0.5, y, bar - 1, (h - 6) * n / peak, stroke=0, fill=1)
    _text(c, x, y - 9, "0", 7, color=GREY)
    end = f"{width * len(counts)}"
    _text(c, x + w - 6 * len(end) / 1.6, y - 9, end, 7, color=GREY)
    _text(c, x + w - 50, y + h - 8, f"peak {peak}", 7, color=GREY)


def _method(c: Any, data: dict, y: float) -> None:
    _text(c, MARGIN, y, "Method", 10, "Vera-Bold")
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
            _text(c, MARGIN, y, part, 8)
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


def progress_line(event: dict[str, Any]) -> str:
    """One progress line: where the run is, games/s and the running interval."""
    n, score = event["done"], event["score"]
    lo, hi = wilson(score, n)
    who = "first player" if event["kind"] == "self" else "stronger level"
    rate = n / event["seconds"] if event["seconds"] > 0 else 0.0
    return (f"{event['variant']} {event['pairing']}: {n}/{event['cap']} games, "
            f"{rate:.1f} games/s, {who} {100 * score / n:.1f} % [{100 * lo:.1f}, "
            f"{100 * hi:.1f}]")


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
