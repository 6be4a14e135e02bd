"""The figures of a balance run, from the game records (printables.play.balance.play_game).

Names follow Ludii's metrics where it has one: advantage (the first player's score),
balance, completion, drawishness (draws), timeouts, duration, branching factor, decision
moves. Figures are kept exact here; each output rounds them once (balance.json to 4
decimals, balance.md and balance.pdf to what they print), so no figure is rounded twice.

Rulings:
- Advantage is the first player's score, a draw counting half (stats.py); its Elo
  equivalent is the rating gap that predicts that score.
- Balance = 1 - |first player's wins - second player's wins| / games.
- Completion = share of games the rules ended (not stopped at the ply cap); timeouts are
  the others, scored by the game's adjudication.
- Branching factor: the mean over all plies of the number of legal moves, and its max;
  decision moves: the share of plies that had more than one legal move.
- Openings: the most played first moves and first two moves (at most 5 each, most played
  first, ties in notation order), each with its games and the first player's score.
- Changes of sides (Network's pie swap): how many games each player (first, second; in a
  ladder, stronger, weaker) changed sides in, and the first player's score in the games
  with a change and in those without.
- The ladder's verdict is the SPRT's where it decided; where it did not (the pairing
  reached its cap of games first) the Wilson 95 % interval of the stronger level's score
  decides if it lies wholly above or below 1/2, and the verdict says which test spoke.
"""
from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from printables.play.stats import Sprt, diff_interval, elo, p_above_half, quantile, wilson

TOP_OPENINGS = 5
HISTOGRAM_BINS = 20


def advantage(score: float, n: int) -> dict[str, Any]:
    """A score with its Wilson interval and Elo equivalents."""
    p = score / n if n else 0.5
    lo, hi = wilson(score, n)
    return {"score": p, "wilson95": [lo, hi], "elo": elo(p), "elo95": [elo(lo), elo(hi)]}


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
        "balance": 1 - abs(first - second) / n if n else 1.0,
        "completion": (n - capped) / n if n else 0.0,
        "draws": draws / n if n else 0.0,
        "timeouts": capped,
        "duration": duration(plies),
        "branching": {"mean": sum(r["branch"] for r in records) / total_plies,
                      "max": max((r["branch_max"] for r in records), default=0)},
        "decision_moves": sum(r["decisions"] for r in records) / total_plies,
        "openings": {"first_move": openings(records, 1), "two_moves": openings(records, 2)},
        "length_histogram": histogram(plies),
        "swaps": swaps(records, lambda r: 0),
    }
    return out


def swaps(records: list[dict[str, Any]], mine: Callable[[dict[str, Any]], int],
          who: tuple[str, str] = ("first", "second")) -> dict[str, Any]:
    """How many games each player changed sides in (by_first, by_second: the player in
    seat mine(record) and the other; `who` names them), and the first one's score in the
    games with a change and in those without (None where there are none)."""
    by = Counter(None if r["swap"] is None else r["swap"] == mine(r) for r in records)
    scored: dict[bool, list[float]] = {True: [], False: []}
    for r in records:
        seat = r["winner_seat"]
        scored[r["swap"] is not None].append(0.5 if seat is None else float(seat == mine(r)))
    return {f"by_{who[0]}": by[True], f"by_{who[1]}": by[False],
            f"{who[0]}_score_with": _mean(scored[True]),
            f"{who[0]}_score_without": _mean(scored[False])}


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def duration(plies: list[int]) -> dict[str, float]:
    """Mean, median, standard deviation and 95th percentile of sorted game lengths."""
    if not plies:
        return {"mean": 0.0, "median": 0.0, "sd": 0.0, "p95": 0.0}
    sd = statistics.pstdev(plies) if len(plies) > 1 else 0.0
    return {"mean": statistics.fmean(plies), "median": statistics.median(plies),
            "sd": sd, "p95": quantile(plies, 0.95)}


def openings(records: list[dict[str, Any]], depth: int) -> list[dict[str, Any]]:
    """The most played openings of `depth` moves, with the first player's score."""
    games: dict[str, list[float]] = defaultdict(list)
    for r in records:
        if len(r["opening"]) >= depth:
            seat = r["winner_seat"]
            games[" ".join(r["opening"][:depth])].append(0.5 if seat is None else 1.0 - seat)
    top = sorted(games.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:TOP_OPENINGS]
    return [{"moves": k, "games": len(v), "first_score": sum(v) / len(v)} for k, v in top]


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
        mine = _stronger_seat(r)
        if r["winner_seat"] is None:
            draws += 1
        elif r["winner_seat"] == mine:
            wins += 1
        else:
            losses += 1
    n = len(records)
    adv = advantage(wins + draws / 2, n)
    sprt_says = sprt.verdict(wins, losses)
    says, by = verdict(stronger, weaker, sprt_says, *adv["wilson95"])
    return {"stronger": stronger, "weaker": weaker, "games": n, "wins": wins,
            "losses": losses, "draws": draws, **adv,
            "confidence_stronger": p_above_half(wins + draws / 2, n),
            "sprt": {"test": sprt.describe(), "llr": sprt.llr(wins, losses),
                     "verdict": sprt_says or "undecided"},
            "verdict": says, "verdict_by": by,
            "swaps": swaps(records, _stronger_seat, ("stronger", "weaker"))}


def _stronger_seat(record: dict[str, Any]) -> int:
    """The stronger level's seat in a ladder game: first in even-numbered games."""
    index: int = record["index"]
    return index % 2


def verdict(stronger: str, weaker: str, sprt: str | None, lo: float,
            hi: float) -> tuple[str, str | None]:
    """The ladder's verdict in words and the test that gave it: "SPRT", "Wilson" or None
    (see the module rulings).

    >>> verdict("mcts:100", "random", None, 0.55, 0.7)
    ('mcts:100 beats random (Wilson 95 % interval above 50 %; the SPRT had not decided)', 'Wilson')
    """
    if sprt == "H1":
        return f"{stronger} beats {weaker} (SPRT)", "SPRT"
    if sprt == "H0":
        return f"{stronger} does not beat {weaker} (SPRT)", "SPRT"
    if lo > 0.5:
        return (f"{stronger} beats {weaker} (Wilson 95 % interval above 50 %; the SPRT had "
                "not decided)", "Wilson")
    if hi < 0.5:
        return (f"{stronger} does not beat {weaker} (Wilson 95 % interval below 50 %; the "
                "SPRT had not decided)", "Wilson")
    return f"not decided: {stronger} against {weaker} (neither the SPRT nor the interval)", None


def differences(variants: list[dict[str, Any]], players: tuple[str, ...]) -> list[dict[str, Any]]:
    """Each variant against the first, per level: the first player's score difference
    with Newcombe's interval."""
    out: list[dict[str, Any]] = []
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
                        "difference": d, "newcombe95": [lo, hi], "clear": lo > 0 or hi < 0})
    return out
