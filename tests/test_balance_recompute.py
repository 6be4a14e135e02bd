"""Every figure of balance.md, recomputed from games.jsonl alone, without the report's code.

A run with two variants, two levels (so a ladder), games stopped at a low ply cap (so
timeouts and draws) and Network's pie rule (so changes of sides) writes its report; this
test reads the per-game records and computes each figure again from its definition in the
README (Wilson interval, Elo, Newcombe's difference, the SPRT, quantiles written out here),
then parses every number of every table and list in balance.md and checks it equals the
recomputed one to the digits printed. It also checks balance.json's copies to its 4
decimals, and that the records file is the one balance.json names.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter, defaultdict

import pytest

Z = 1.959963984540054
ARGS = ("network", "--variants", "pie=false;pie=3", "--levels", "random,flat:3",
        "--games", "40", "--max-plies", "30", "--seed", "4", "--jobs", "1")


def wilson(score: float, n: int) -> tuple[float, float]:
    p, z2 = score / n, Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(p: float) -> float:
    return 800.0 if p >= 1 else -800.0 if p <= 0 else 400 * math.log10(p / (1 - p))


def percentile(values: list[int], q: float) -> float:
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = int(pos)
    return xs[lo] + (xs[min(lo + 1, len(xs) - 1)] - xs[lo]) * (pos - lo)


def median(values: list[int]) -> float:
    return percentile(values, 0.5)


def close(text: str, value: float, scale: float = 1.0) -> None:
    """The printed number text equals value * scale to the digits printed."""
    digits = len(text.split(".")[1]) if "." in text else 0
    assert abs(float(text) - value * scale) <= 0.5 * 10 ** -digits + 1e-9, (text, value)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    from printables.cli import main
    out = tmp_path_factory.mktemp("recompute")
    assert main(["balance", *ARGS, "-o", str(out)]) == 0
    records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    return out, records, (out / "balance.md").read_text()


def table(md: str, heading: str) -> list[list[str]]:
    """The cells of the Markdown table under heading (header rows dropped)."""
    part = md.split(f"## {heading}")[1].split("\n## ")[0]
    rows = [line for line in part.splitlines() if line.startswith("|")]
    return [[c.strip() for c in row.strip("|").split("|")] for row in rows[2:]]


def numbers(cell: str) -> list[str]:
    return re.findall(r"[-+]?\d+(?:\.\d+)?", cell)


def rows_of(run, heading: str, count: int) -> tuple[dict, list[list[str]]]:
    """The records by stream, and the count rows of the table under heading."""
    _, records, md = run
    rows = table(md, heading)
    assert len(rows) == count
    return groups(records), rows


def groups(records: list[dict]) -> dict[tuple[str, str, str], list[dict]]:
    out: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for r in records:
        out[(r["variant"], r["kind"], r["pairing"])].append(r)
    return out


def test_the_records_are_the_ones_balance_json_names(run):
    out, records, _ = run
    data = json.loads((out / "balance.json").read_text())
    assert data["records"] == {"file": "games.jsonl", "games": len(records),
                               "sha256": hashlib.sha256((out / "games.jsonl").read_bytes())
                               .hexdigest()}
    assert any(r["capped"] for r in records) and any(r["winner_seat"] is None for r in records)
    assert any(r["swap"] is not None for r in records if r["kind"] == "self")


def _selfplay(rs: list[dict]) -> dict:
    n = len(rs)
    w = sum(r["winner_seat"] == 0 for r in rs)
    lost = sum(r["winner_seat"] == 1 for r in rs)
    d = n - w - lost
    plies = [r["plies"] for r in rs]
    mean = sum(plies) / n
    total = sum(plies) or 1
    return {"n": n, "w": w, "l": lost, "d": d, "score": (w + d / 2) / n,
            "balance": 1 - abs(w - lost) / n, "completion": sum(not r["capped"] for r in rs) / n,
            "timeouts": sum(r["capped"] for r in rs), "mean": mean, "median": median(plies),
            "sd": math.sqrt(sum((x - mean) ** 2 for x in plies) / n),
            "p95": percentile(plies, 0.95), "branch": sum(r["branch"] for r in rs) / total,
            "branch_max": max(r["branch_max"] for r in rs),
            "decisions": sum(r["decisions"] for r in rs) / total}


def test_every_first_player_figure(run):
    by, rows = rows_of(run, "First player, per level and variant", 4)
    for variant, level, games, score, elo_cell, bal, comp, draws, timeouts, plies, branch, \
            dec in rows:
        f = _selfplay(by[(variant, "self", f"{level}-{level}")])
        assert int(games) == f["n"]
        s, lo, hi = numbers(score)
        close(s, f["score"], 100)
        close(lo, wilson(f["w"] + f["d"] / 2, f["n"])[0], 100)
        close(hi, wilson(f["w"] + f["d"] / 2, f["n"])[1], 100)
        close(elo_cell, elo(f["score"]))
        close(bal, f["balance"])
        close(numbers(comp)[0], f["completion"], 100)
        close(numbers(draws)[0], f["d"] / f["n"], 100)
        assert int(timeouts) == f["timeouts"]
        for text, key in zip(numbers(plies), ("mean", "median", "sd", "p95"), strict=True):
            close(text, f[key])
        b_mean, b_max = numbers(branch)
        close(b_mean, f["branch"])
        assert int(b_max) == f["branch_max"]
        close(numbers(dec)[0], f["decisions"], 100)


def test_every_difference_between_variants(run):
    by, rows = rows_of(run, "Variants against the first", 2)
    for level, variant, against, diff, clear in rows:
        a = _selfplay(by[(variant, "self", f"{level}-{level}")])
        b = _selfplay(by[(against, "self", f"{level}-{level}")])
        (l1, u1), (l2, u2) = wilson(a["score"] * a["n"], a["n"]), wilson(b["score"] * b["n"],
                                                                         b["n"])
        d = a["score"] - b["score"]
        lo = d - math.sqrt((a["score"] - l1) ** 2 + (u2 - b["score"]) ** 2)
        hi = d + math.sqrt((u1 - a["score"]) ** 2 + (b["score"] - l2) ** 2)
        got = numbers(diff)
        for text, value in zip(got, (d, lo, hi), strict=True):
            close(text, value, 100)
        assert clear == ("yes" if lo > 0 or hi < 0 else "no")


def test_every_ladder_figure(run):
    by, rows = rows_of(run, "Ladder: does each level beat the one before it?", 2)
    for variant, pairing, games, wld, score, gap, conf, sprt, verdict in rows:
        stronger, weaker = pairing.split(" vs ")
        rs = by[(variant, "ladder", f"{stronger}-{weaker}")]
        mine = [r["index"] % 2 for r in rs]
        w = sum(r["winner_seat"] == m for r, m in zip(rs, mine, strict=True))
        d = sum(r["winner_seat"] is None for r in rs)
        n = len(rs)
        lost = n - w - d
        p = (w + d / 2) / n
        assert int(games) == n and wld == f"{w}-{lost}-{d}"
        s, lo, hi = numbers(score)
        close(s, p, 100)
        close(lo, wilson(w + d / 2, n)[0], 100)
        close(hi, wilson(w + d / 2, n)[1], 100)
        close(gap, elo(p))
        close(conf, 0.5 * (1 + math.erf((p - 0.5) / math.sqrt(0.25 / n) / math.sqrt(2))))
        llr = w * math.log(0.6 / 0.5) + lost * math.log(0.4 / 0.5)
        want = "H1" if llr >= math.log(0.95 / 0.05) else "H0" if llr <= math.log(
            0.05 / 0.95) else "undecided"
        assert sprt == want
        lo, hi = wilson(w + d / 2, n)
        if want == "H1":
            assert verdict == f"{stronger} beats {weaker} (SPRT)"
        elif want == "H0":
            assert verdict == f"{stronger} does not beat {weaker} (SPRT)"
        elif lo > 0.5:
            assert verdict.startswith(f"{stronger} beats {weaker} (Wilson 95 % interval above")
        elif hi < 0.5:
            assert verdict.startswith(f"{stronger} does not beat {weaker} (Wilson")
        else:
            assert verdict.startswith(f"not decided: {stronger} against {weaker}")


def test_every_change_of_sides(run):
    by, rows = rows_of(run, "Changes of sides (the pie swap)", 4)
    for variant, level, games, swaps, scores in rows:
        rs = by[(variant, "self", f"{level}-{level}")]
        first, second = (sum(r["swap"] == s for r in rs) for s in (0, 1))
        assert swaps == f"{first} / {second}" and int(games) == len(rs)
        for text, pick in zip(scores.split(" / "), (True, False), strict=True):
            chosen = [r for r in rs if (r["swap"] is not None) == pick]
            if not chosen:
                assert text == "-"
                continue
            value = sum(0.5 if r["winner_seat"] is None else r["winner_seat"] == 0
                        for r in chosen) / len(chosen)
            close(numbers(text)[0], value, 100)
    ladder = [line for line in run[2].split("## Changes of sides")[1].split("\n## ")[0]
              .splitlines() if line.startswith("- ")]
    assert len(ladder) == 2
    for line in ladder:
        variant, rest = line[2:].split(" · ", 1)
        stronger, weaker = rest.split(": swaps by ")[0].split(" vs ")
        rs = by[(variant, "ladder", f"{stronger}-{weaker}")]
        mine = Counter(r["swap"] == r["index"] % 2 for r in rs if r["swap"] is not None)
        assert f"swaps by {stronger} {mine[True]}, by {weaker} {mine[False]} ({len(rs)} " \
            "games)" in line


def test_every_opening(run):
    out, records, md = run
    by = groups(records)
    part = md.split("## Openings most played")[1]
    lines = [line for line in part.splitlines() if line.startswith("- ")]
    assert len(lines) == 4
    for line in lines:
        variant, rest = line[2:].split(", ", 1)
        level, listed = rest.split(": ", 1)
        rs = by[(variant, "self", f"{level}-{level}")]
        games: dict[str, list[float]] = defaultdict(list)
        for r in rs:
            if r["opening"]:
                seat = r["winner_seat"]
                games[r["opening"][0]].append(0.5 if seat is None else 1.0 - seat)
        top = sorted(games.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:5]
        shown = re.findall(r"(\S+) \((\d+) games, ([\d.]+) %\)", listed)
        assert [(m, int(n)) for m, n, _ in shown] == [(m, len(v)) for m, v in top]
        for (_, _, pct), (_, v) in zip(shown, top, strict=True):
            close(pct, sum(v) / len(v), 100)


def test_balance_json_holds_the_same_figures_to_4_decimals(run):
    out, records, md = run
    data = json.loads((out / "balance.json").read_text())
    by = groups(records)
    for v in data["variants"]:
        for level, s in v["selfplay"].items():
            f = _selfplay(by[(v["label"], "self", f"{level}-{level}")])
            assert s["first_player"]["score"] == round(f["score"], 4)
            lo, hi = wilson(f["w"] + f["d"] / 2, f["n"])
            assert s["first_player"]["wilson95"] == [round(lo, 4), round(hi, 4)]
            assert s["duration"]["sd"] == round(f["sd"], 4)
            assert s["branching"]["mean"] == round(f["branch"], 4)
