"""Captures made after a move or a placement ([[rules.capture]]: custodial, surround,
outflank, line) and promotion ([[rules.promote]]), on a board of cells (moves.Cells).

Rulings (ours, where RULES_SPEC left them open):

- Capture rules act in the order the file lists them, each on the board the one before
  left, always from the space the moved or placed piece landed on, and only for the mover.
- custodial: along each straight line from the landing space, a run of ``run`` enemy pieces
  (all of the victim kinds) directly followed by a piece of the mover, or by an empty
  hostile space, is removed; a longer or shorter run is safe. outflank: the same run is
  turned over to the mover (it keeps its kind) instead.
- surround: an enemy piece (of the victim kinds) next to the landing space is removed when
  every one of its neighbours along the relations holds a piece of the mover or is an
  empty hostile space (the board's edge protects it).
- line: a move that puts its piece in a straight row of ``length`` pieces of the mover
  removes one enemy piece of the mover's choice (written xZ); with protect_lines, pieces in
  such a row of their own are taken only when every enemy piece stands in one.
- A piece is promoted when its move ends in the zone (after the captures).
"""

from __future__ import annotations

from collections.abc import Iterator

from printables.games.model import Piece
from printables.games.rules.lines import Tables
from printables.games.rules.moves import Cells, is_enemy
from printables.games.rules.vocabulary import CaptureRule


def _victim(piece: Piece | None, side: str, rule: CaptureRule) -> bool:
    return is_enemy(piece, side) and (not rule.pieces or piece.kind in rule.pieces)  # type: ignore[union-attr]


def after_action(t: Tables, cells: Cells, side: str, landing: int, action: str
                 ) -> tuple[list[int], list[int]]:
    """Apply every custodial, surround and outflank rule the action triggers, in place;
    (spaces captured, spaces turned over)."""
    captured: list[int] = []
    flipped: list[int] = []
    for rule in t.rules.capture:
        if not rule.guard.for_side(side) or action not in rule.after or rule.type == "line":
            continue
        if rule.type == "surround":
            found = list(_surrounded(t, cells, side, landing, rule))
        else:
            found = list(_runs(t, cells, side, landing, rule))
        for s in dict.fromkeys(found):
            p = cells[s]
            if p is None:
                continue
            if rule.type == "outflank":
                cells[s] = Piece(side, p.kind)
                flipped.append(s)
            else:
                cells[s] = None
                captured.append(s)
    return captured, flipped


def _enclosing(t: Tables, cells: Cells, side: str, s: int, rule: CaptureRule) -> bool:
    p = cells[s]
    if p is not None:
        return p.side == side
    return bool(rule.hostile) and s in t.space_set(rule.hostile, side)


def _runs(t: Tables, cells: Cells, side: str, landing: int, rule: CaptureRule
          ) -> Iterator[int]:
    """Custodial and outflank: the enemy runs the landing piece encloses."""
    lo, hi = rule.run
    for rel in rule.along:
        for ray in t.rays[rel][landing]:
            n = 0
            while n < len(ray) and _victim(cells[ray[n]], side, rule):
                n += 1
            if lo <= n <= hi and n < len(ray) and _enclosing(t, cells, side, ray[n], rule):
                yield from ray[:n]


def _surrounded(t: Tables, cells: Cells, side: str, landing: int, rule: CaptureRule
                ) -> Iterator[int]:
    for rel in rule.along:
        for n in t.neighbours[rel][landing]:
            if not _victim(cells[n], side, rule):
                continue
            around = {m for r in rule.along for m in t.neighbours[r][n]}
            if around and all(_enclosing(t, cells, side, m, rule) for m in around):
                yield n


def flips_any(t: Tables, cells: Cells, side: str, landing: int, action: str) -> bool | None:
    """For a required outflank: whether the action at landing turns anything over (None
    when no required outflank rule applies to it)."""
    rules = [r for r in t.rules.capture if r.type == "outflank" and r.required
             and r.guard.for_side(side) and action in r.after]
    if not rules:
        return None
    return any(next(_runs(t, cells, side, landing, r), None) is not None for r in rules)


def line_rules(t: Tables, side: str, action: str) -> list[CaptureRule]:
    """The side's line-capture rules an action triggers."""
    return [r for r in t.rules.capture if r.type == "line" and r.guard.for_side(side)
            and action in r.after]


def windows_through(t: Tables, rel: str, s: int, n: int) -> Iterator[tuple[int, ...]]:
    """The straight runs of n spaces along rel that hold s."""
    starts = {s} | {x for ray in t.rays[rel][s] for x in ray[:n - 1]}
    for c in sorted(starts):
        for ray in t.rays[rel][c]:
            if len(ray) >= n - 1:
                window = (c, *ray[:n - 1])
                if s in window:
                    yield window


def in_line(t: Tables, cells: Cells, side: str, s: int, rule: CaptureRule) -> bool:
    """True when s is in a straight row of `length` of side's pieces along the rule's
    relations."""
    return any(all((p := cells[x]) is not None and p.side == side for x in w)
               for rel in rule.along for w in windows_through(t, rel, s, rule.length))


def removable(t: Tables, cells: Cells, side: str, rule: CaptureRule) -> list[int]:
    """The enemy pieces a line lets the mover remove."""
    enemies = [s for s, p in enumerate(cells) if is_enemy(p, side)]
    if not rule.protect_lines:
        return enemies
    free = [s for s in enemies if not in_line(t, cells, cells[s].side, s, rule)]  # type: ignore[union-attr]
    return free or enemies


def promote(t: Tables, cells: Cells, side: str, landing: int) -> None:
    """Promote the piece on landing when its kind promotes there (in place)."""
    piece = cells[landing]
    if piece is None:
        return
    for r in t.rules.promote:
        if r.piece == piece.kind and r.guard.for_side(side) and \
                landing in t.space_set(r.zone, side):
            cells[landing] = Piece(piece.side, r.to)
            return
