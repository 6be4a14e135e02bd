"""The figures of a balance run, from the game records (printables.play.balance.play_game).

Names follow Ludii's metrics where it has one: advantage (the first player's score),
balance, completion, drawishness (draws), timeouts, duration, branching factor, decision
moves. Figures are rounded to 4 decimals, so the JSON reads cleanly and is the same bytes
on every run.

Rulings:
- Advantage is the first player's score, a draw counting half (stats.py); its Elo
  equivalent is the rating gap that predicts that score.
- Balance = 1 - |first player's win share - second player's win share|, draws excluded.
- Completion = share of games the rules ended (not stopped at the ply cap); timeouts are
  the others, scored by the kernel's adjudication.
- Branching factor: the mean over all plies of the number of legal moves, and its max;
  decision moves: the share of plies that had more than one legal move.
- Openings: the most played first moves and first two moves (at most 5 each, most played
  first, ties in notation order), each with its games and the first player's score.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from typing import Any

from printables.play.stats import Sprt, diff_interval, elo, p_above_half, quantile, wilson

TOP_OPENINGS = 5
HISTOGRAM_BINS = 20


def r4(x: float) -> float:
    """A figure rounded for the report."""
    return round(float(x), 4)


def advantage(score: float, n: int) -> dict[str, Any]:
    """A score with its Wilson interval and Elo equivalents."""
    p = score / n if n else 0.5
    lo, hi = wilson(score, n)
    return {"score": r4(p), "wilson95": [r4(lo), r4(hi)], "elo": round(elo(p), 1),
            "elo95": [round(elo(lo), 1), round(elo(hi), 1)]}


def selfplay_summary(records: list[dict[str, Any]], sides: tuple[str, ...]) -> dict[str, Any]:
    """Every figure of a level playing itself."""
    n = len(records)
    wins = Counter(r["winner_seat"] for r in records)
    first, second, draws = wins[0], wins[1], wins[None]
    plies = sorted(r["plies"] for r in records)
    total_plies = sum(plies) or 1
    capped = sum(r["capped"] for r in records)
    colour = Counter(sides[r["result"]] for r in records if r["winner_seat"] is not None)
    out = {
        "games": n,
        "first_player": {"wins": first, "losses": second, "draws": draws,
                         **advantage(first + draws / 2, n)},
        "wins_by_side": {s: colour[s] for s in sides},
        "balance": r4(1 - abs(first - second) / n) if n else 1.0,
        "completion": r4((n - capped) / n) if n else 0.0,
        "draws": r4(draws / n) if n else 0.0,
        "timeouts": capped,
        "duration": duration(plies),
        "branching": {"mean": r4(sum(r["branch"] for r in records) / total_plies),
                      "max": max((r["branch_max"] for r in records), default=0)},
        "decision_moves": r4(sum(r["decisions"] for r in records) / total_plies),
        "openings": {"first_move": openings(records, 1), "two_moves": openings(records, 2)},
        "length_histogram": histogram(plies),
    }
    swaps = sum(r["swapped"] for r in records)
    if swaps:
        out["swaps"] = swaps
    return out


def duration(plies: list[int]) -> dict[str, float]:
    """Mean, median, standard deviation and 95th percentile of sorted game lengths."""
    if not plies:
        return {"mean": 0.0, "median": 0.0, "sd": 0.0, "p95": 0.0}
    sd = statistics.pstdev(plies) if len(plies) > 1 else 0.0
    return {"mean": r4(statistics.fmean(plies)), "median": r4(statistics.median(plies)),
            "sd": r4(sd), "p95": r4(quantile(plies, 0.95))}


def openings(records: list[dict[str, Any]], depth: int) -> list[dict[str, Any]]:
    """The most played openings of `depth` moves, with the first player's score."""
    games: dict[str, list[float]] = defaultdict(list)
    for r in records:
        if len(r["opening"]) >= depth:
            seat = r["winner_seat"]
            games[" ".join(r["opening"][:depth])].append(0.5 if seat is None else 1.0 - seat)
    top = sorted(games.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:TOP_OPENINGS]
    return [{"moves": k, "games": len(v), "first_score": r4(sum(v) / len(v))} for k, v in top]


def histogram(plies: list[int]) -> dict[str, Any]:
    """Game lengths in HISTOGRAM_BINS equal bins from 0 to the longest game."""
    if not plies:
        return {"width": 1, "counts": []}
    width = max(1, math.ceil((plies[-1] + 1) / HISTOGRAM_BINS))
    counts = [0] * math.ceil((plies[-1] + 1) / width)
    for p in plies:
        counts[p // width] += 1
    return {"width": width, "counts": counts}


def ladder_summary(records: list[dict[str, Any]], stronger: str, weaker: str,
                   sprt: Sprt) -> dict[str, Any]:
    """Does the stronger level beat the weaker one? Its score (the stronger level moves
    first in even-numbered games), interval, Elo gap and the SPRT's verdict."""
    wins = losses = draws = 0
    for r in records:
        mine = 0 if r["index"] % 2 == 0 else 1
        if r["winner_seat"] is None:
            draws += 1
        elif r["winner_seat"] == mine:
            wins += 1
        else:
            losses += 1
    n = len(records)
    adv = advantage(wins + draws / 2, n)
    verdict = sprt.verdict(wins, losses)
    lo = adv["wilson95"][0]
    says = (f"{stronger} beats {weaker}" if verdict == "H1" or lo > 0.5 else
            f"{stronger} does not beat {weaker}" if verdict == "H0" or adv["wilson95"][1] < 0.5
            else f"not decided: {stronger} against {weaker}")
    return {"stronger": stronger, "weaker": weaker, "games": n, "wins": wins,
            "losses": losses, "draws": draws, **adv,
            "confidence_stronger": r4(p_above_half(wins + draws / 2, n)),
            "sprt": {"test": sprt.describe(), "llr": r4(sprt.llr(wins, losses)),
                     "verdict": verdict or "undecided"},
            "verdict": says}


def differences(variants: list[dict[str, Any]], players: tuple[str, ...]) -> list[dict]:
    """Each variant against the first, per level: the first player's score difference
    with Newcombe's interval."""
    out: list[dict] = []
    if len(variants) < 2:
        return out
    base = variants[0]
    for level in players:
        b = base["selfplay"][level]["first_player"]
        nb = base["selfplay"][level]["games"]
        for v in variants[1:]:
            f = v["selfplay"][level]["first_player"]
            nv = v["selfplay"][level]["games"]
            d, lo, hi = diff_interval(f["wins"] + f["draws"] / 2, nv,
                                      b["wins"] + b["draws"] / 2, nb)
            out.append({"level": level, "variant": v["label"], "against": base["label"],
                        "difference": r4(d), "newcombe95": [r4(lo), r4(hi)],
                        "clear": lo > 0 or hi < 0})
    return out
