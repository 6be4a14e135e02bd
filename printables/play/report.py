"""The balance report: balance.json (every figure), balance.md, balance.pdf and games.jsonl
(every game's record), and running a plan to write them.

All four are functions of the plan and the game records only, so the same command gives
the same bytes; the run's speed (plies/s, games/s, seconds, workers), which no two runs
share, goes to speed.json beside them instead. Figures are exact until written: the JSON
rounds them to 4 decimals, the Markdown and the PDF (report_pdf) to what they print, each
once.

Rulings: games.jsonl holds one line per game, in report order (variant, pairing, game
number), with everything a figure is computed from (seed, result, plies, change of sides,
moves to choose from, opening), so anyone can recompute the report without replaying;
balance.json names it with its SHA-256. A run that fails (a lost Dask scheduler, Ctrl-C)
writes nothing, and removes the output folder if it made it and it is still empty.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import platform
import time
from pathlib import Path
from typing import Any

from printables import __version__
from printables.games import get_game
from printables.outputs import ensure_dir, write_files
from printables.play.balance import (
    LocalPool,
    Plan,
    Progress,
    in_process,
    play_game,
    run_plan,
    setup,
)
from printables.play.cluster import DaskCluster
from printables.play.metrics import differences, ladder_summary, selfplay_summary
from printables.play.report_pdf import (
    CAVEAT,
    interval,
    ladder_swap_lines,
    pct,
    stopping_text,
    to_pdf,
)
from printables.play.stats import MIN_GAMES, wilson

#: decimals balance.json keeps
JSON_DECIMALS = 4
RECORDS = "games.jsonl"


def report_data(plan: Plan, streams: dict[tuple[str, str], list[dict[str, Any]]]
                ) -> dict[str, Any]:
    """Every figure of a run, exact (balance.json rounds them)."""
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
        "changes_sides": game.seats is not None,
        "stopping": {"games": None if plan.ci is not None else plan.games, "ci": plan.ci,
                     "min_games": MIN_GAMES, "ladder": plan.sprt.describe()},
        "versions": {"printables": __version__, "python": platform.python_version(),
                     "kernels": kernels},
        "variants": variants,
        "differences": differences(variants, plan.players),
    }


def game_records(plan: Plan, streams: dict[tuple[str, str], list[dict[str, Any]]],
                 sides: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every game's record, in report order, as games.jsonl holds it."""
    out = []
    for v in plan.variants:
        for p in plan.pairings():
            for r in streams[(v.label, p.key)]:
                first = p.a if p.kind == "self" or r["index"] % 2 == 0 else p.b
                out.append({**r, "variant": v.label, "pairing": p.key, "kind": p.kind,
                            "first": first,
                            "result": "draw" if r["winner_seat"] is None else
                            sides[r["result"]]})
    return out


def to_jsonl(records: list[dict[str, Any]]) -> bytes:
    """games.jsonl's bytes: one record a line, sorted keys."""
    return "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n"
                   for r in records).encode()


def rounded(value: Any, decimals: int = JSON_DECIMALS) -> Any:
    """value with every float in it rounded (and -0.0 written 0.0)."""
    if isinstance(value, float):
        return round(value, decimals) + 0.0
    if isinstance(value, dict):
        return {k: rounded(v, decimals) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [rounded(v, decimals) for v in value]
    return value


def to_json(data: dict[str, Any]) -> bytes:
    """balance.json's bytes: floats to JSON_DECIMALS, sorted keys, one space indent."""
    return (json.dumps(rounded(data), indent=1, sort_keys=True, ensure_ascii=False)
            + "\n").encode()


def to_markdown(data: dict[str, Any]) -> bytes:
    """balance.md: the figures as tables a designer can read."""
    lines = [f"# {data['title']}: what self-play shows", "",
             f"Seed {data['seed']}; players {', '.join(data['players'])}; games end at "
             f"{data['max_plies']} plies at most (then adjudicated). {stopping_text(data)}",
             "", CAVEAT, "", "## First player, per level and variant", "",
             "| variant | level | games | first player score [95 %] | Elo | balance | "
             "completion | draws | timeouts | plies mean / median / sd / p95 | branching "
             "mean / max | decision moves |", "|" + "---|" * 12]
    for v in data["variants"]:
        for level, s in v["selfplay"].items():
            f, d, b = s["first_player"], s["duration"], s["branching"]
            lines.append(f"| {v['label']} | {level} | {s['games']} | {interval(f)} | "
                         f"{f['elo']:+.0f} | {s['balance']:.3f} | {pct(s['completion'])} | "
                         f"{pct(s['draws'])} | {s['timeouts']} | {d['mean']:.1f} / "
                         f"{d['median']:g} / {d['sd']:.1f} / {d['p95']:.0f} | "
                         f"{b['mean']:.1f} / {b['max']} | {pct(s['decision_moves'])} |")
    if data["differences"]:
        lines += ["", "## Variants against the first", "", "| level | variant | against | "
                  "difference in first player score [95 %, Newcombe] | clear? |",
                  "|---|---|---|---|---|"]
        for d in data["differences"]:
            lo, hi = d["newcombe95"]
            lines.append(f"| {d['level']} | {d['variant']} | {d['against']} | "
                         f"{100 * d['difference']:+.1f} points [{100 * lo:+.1f}, "
                         f"{100 * hi:+.1f}] | {'yes' if d['clear'] else 'no'} |")
    lines += _swap_lines(data) + _ladder_lines(data) + _opening_lines(data)
    return ("\n".join(lines) + "\n").encode()


def _swap_lines(data: dict[str, Any]) -> list[str]:
    if not data["changes_sides"]:
        return []
    out = ["", "## Changes of sides (the pie swap)", "",
           "| variant | level | games | swaps by first / second player | first player "
           "score with a swap / without |", "|---|---|---|---|---|"]
    for v in data["variants"]:
        for level, s in v["selfplay"].items():
            w = s["swaps"]
            out.append(f"| {v['label']} | {level} | {s['games']} | {w['by_first']} / "
                       f"{w['by_second']} | {_maybe(w['first_score_with'])} / "
                       f"{_maybe(w['first_score_without'])} |")
    ladders = ladder_swap_lines(data)
    return out + (["", *(f"- {line}" for line in ladders)] if ladders else [])


def _maybe(x: float | None) -> str:
    return "-" if x is None else pct(x)


def _ladder_lines(data: dict[str, Any]) -> list[str]:
    rows = [(v["label"], lad) for v in data["variants"] for lad in v["ladder"]]
    if not rows:
        return []
    out = ["", "## Ladder: does each level beat the one before it?", "",
           "| variant | pairing | games | W-L-D | score [95 %] | Elo gap | P(score > 1/2) | "
           "SPRT | verdict |", "|" + "---|" * 9]
    for label, lad in rows:
        out.append(f"| {label} | {lad['stronger']} vs {lad['weaker']} | {lad['games']} | "
                   f"{lad['wins']}-{lad['losses']}-{lad['draws']} | {interval(lad)} | "
                   f"{lad['elo']:+.0f} | {lad['confidence_stronger']:.4f} | "
                   f"{lad['sprt']['verdict']} | {lad['verdict']} |")
    return out


def _opening_lines(data: dict[str, Any]) -> list[str]:
    out = ["", "## Openings most played (first player's score)", ""]
    for v in data["variants"]:
        for level, s in v["selfplay"].items():
            firsts = ", ".join(f"{o['moves']} ({o['games']} games, {pct(o['first_score'])})"
                               for o in s["openings"]["first_move"])
            out.append(f"- {v['label']}, {level}: {firsts or 'none'}")
    return out


#: The files a balance report writes into its folder.
REPORT_FILES = ("balance.json", "balance.md", "balance.pdf", RECORDS, "speed.json")


def write_report(folder: Any, data: dict[str, Any], records: list[dict[str, Any]],
                 speed: dict[str, Any]) -> list[Any]:
    """Write balance.json, balance.md, balance.pdf, games.jsonl and speed.json into folder,
    each atomically (printables.outputs); the paths written."""
    out = ensure_dir(folder)
    games = to_jsonl(records)
    data = {**data, "records": {"file": RECORDS, "games": len(records),
                                "sha256": hashlib.sha256(games).hexdigest()}}
    speed_bytes = (json.dumps(speed, indent=1, sort_keys=True) + "\n").encode()
    made = (to_json(data), to_markdown(data), to_pdf(data), games, speed_bytes)
    return write_files(out, list(zip(REPORT_FILES, made, strict=True)))


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


def _play(plan: Plan, workers: int, scheduler: str | None,
          progress: Progress | None) -> tuple[Any, str, int]:
    """(streams, where they were played, workers) for a plan."""
    if scheduler is not None:
        with DaskCluster(scheduler, play_game) as cluster:
            workers = cluster.workers()
            streams = run_plan(plan, cluster, max(8, 4 * workers), progress)
            return streams, f"dask {cluster.address}", workers
    if workers > 1:
        with LocalPool(workers) as pool:
            return run_plan(plan, pool, 4 * workers, progress), "local worker processes", \
                workers
    return run_plan(plan, in_process, 8, progress), "this process", workers


def build_report(plan: Plan, folder: Any, workers: int, scheduler: str | None = None,
                 progress: Progress | None = None) -> tuple[list[Any], dict[str, Any]]:
    """Play the plan (in this process for one worker, on local worker processes, or on the
    Dask cluster at scheduler) and write the report; (paths written, speed figures)."""
    started = time.monotonic()
    made = not Path(folder).exists()
    ensure_dir(folder)  # before the games: a bad folder fails at once
    try:
        streams, where, workers = _play(plan, workers, scheduler, progress)
    except BaseException:
        if made:  # nothing half-written: the folder made for the run goes with it
            with contextlib.suppress(OSError):
                Path(folder).rmdir()
        raise
    seconds = time.monotonic() - started
    data = report_data(plan, streams)
    records = game_records(plan, streams, tuple(data["sides"]))
    games = len(records)
    plies = sum(r["plies"] for r in records)
    speed = {"where": where, "workers": workers, "seconds": round(seconds, 3),
             "games": games, "plies": plies, "games_per_s": round(games / seconds, 2),
             "plies_per_s": round(plies / seconds, 1), "kernels": data["versions"]["kernels"]}
    return write_report(folder, data, records, speed), speed
