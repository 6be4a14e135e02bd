"""The vocabulary's win conditions ([[rules.win]]) and the position counts the end of a game
reads, on a board of cells (moves.Cells) and the hands.

Rulings (ours, where RULES_SPEC left them open):

- line: a window of N spaces on one straight line, each holding a piece of the side (of
  the counted kinds); exact: the run it lies in has exactly N; on: every space of the
  window is in the set; ends_on: its two end spaces are.
- connect: the side's areas are its goal areas (goal.SIDE spaces split into groups) or
  its edges ([board.edges], one per compass word); with fewer than two there is nothing to
  connect. Linked by adjacency along the relations (plain connect: a group of the side's
  pieces touching every area, of at least ``min`` pieces), or by sight (the nearest piece
  along a straight line, nothing between); with ``turn``, ``ends_only`` or sight the
  condition is a chain of distinct pieces, each linked to the next, touching every area
  (turn: no two links in a row on one straight line; ends_only: only the chain's two ends
  stand in an area; min: at least that many pieces).
- opponent_at_most and capture count an opponent's pieces on the board and in its hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from printables.games.rules.lines import Tables
from printables.games.rules.moves import NEUTRAL, Cells
from printables.games.rules.vocabulary import WinRule


def counts(cells: Cells, side: str, kind: str | None = None) -> int:
    """The side's pieces on the board (of one kind, when given)."""
    return sum(1 for p in cells if p is not None and p.side == side
               and (kind is None or p.kind == kind))


def meets(t: Tables, cells: Cells, hand: Mapping[str, int], side: str, rule: WinRule) -> bool:
    """True when the side meets one win condition."""
    condition = rule.condition
    if condition == "line":
        return has_line(t, cells, side, rule)
    if condition == "connect":
        return connected(t, cells, side, rule)
    opponents = [s for s in t.rules.sides if s != side]
    if condition == "opponent_at_most":
        limit = rule.opponent_at_most
        assert limit is not None
        return all(counts(cells, o) + _in_hand(t, hand, o, None) <= limit for o in opponents)
    if condition == "capture":
        return all(counts(cells, o, rule.capture) + _in_hand(t, hand, o, rule.capture) == 0
                   for o in opponents)
    reach = t.space_set(rule.reach, side)
    return any((p := cells[s]) is not None and p.side == side
               and (not rule.pieces or p.kind in rule.pieces) for s in reach)


def _in_hand(t: Tables, hand: Mapping[str, int], side: str, kind: str | None) -> int:
    placed = t.rules.placed(side)
    if placed is None or (kind is not None and kind != placed):
        return 0
    return hand.get(side, 0)


def _own(cells: Cells, side: str, kinds: tuple[str, ...]) -> tuple[list[int], list[bool]]:
    """The side's spaces (of the counted kinds) in board order, and per space whether it is
    one of them (one pass over the board: the win checks run once per candidate move)."""
    if kinds:
        mine = [s for s, p in enumerate(cells)
                if p is not None and p.side == side and p.kind in kinds]
    else:
        mine = [s for s, p in enumerate(cells) if p is not None and p.side == side]
    own = [False] * len(cells)
    for s in mine:
        own[s] = True
    return mine, own


def has_line(t: Tables, cells: Cells, side: str, rule: WinRule) -> bool:
    """The side has a line as the rule describes."""
    n = rule.line
    assert n is not None
    mine, own = _own(cells, side, rule.pieces)
    on = t.space_set(rule.on, side) if rule.on else None
    ends = t.space_set(rule.ends_on, side) if rule.ends_on else None
    if len(mine) < n:
        return False
    for rel in rule.along:
        windows = t.windows(rel, n)
        for s in mine:
            for window, before, after in windows[s]:
                if not all(own[x] for x in window):
                    continue
                if rule.exact and ((before >= 0 and own[before]) or (after >= 0
                                                                     and own[after])):
                    continue
                if on is not None and not all(x in on for x in window):
                    continue
                if ends is not None and not (window[0] in ends and window[-1] in ends):
                    continue
                return True
    return False


def areas(t: Tables, side: str, rule: WinRule) -> tuple[frozenset[int], ...]:
    """The areas a connect condition joins for a side."""
    return (t.goal_areas if rule.connect == "goals" else t.edge_areas).get(side, ())


def connected(t: Tables, cells: Cells, side: str, rule: WinRule) -> bool:
    """The side connects its areas as the rule describes."""
    zones = areas(t, side, rule)
    if len(zones) < 2:
        return False
    mine, own = _own(cells, side, rule.pieces)
    if len(mine) < rule.min or not all(any(own[s] for s in z) for z in zones):
        return False
    where = {s: frozenset(i for i, z in enumerate(zones) if s in z) for s in mine}
    if rule.link == "adjacent" and not rule.turn and not rule.ends_only:
        return _group_joins(t, own, mine, where, len(zones), rule)
    return _chain_joins(t, cells, own, mine, where, len(zones), rule)


def _group_joins(t: Tables, own: list[bool], mine: list[int],
                 where: Mapping[int, frozenset[int]], n_areas: int, rule: WinRule) -> bool:
    seen: set[int] = set()
    for start in mine:
        if start in seen or not where[start]:
            continue
        group, todo, touched = {start}, [start], set(where[start])
        while todo:
            here = todo.pop()
            for rel in rule.along:
                for n in t.neighbours[rel][here]:
                    if own[n] and n not in group:
                        group.add(n)
                        touched |= where[n]
                        todo.append(n)
        seen |= group
        if len(touched) == n_areas and len(group) >= rule.min:
            return True
    return False


def _links(t: Tables, cells: Cells, own: list[bool], s: int, rule: WinRule
           ) -> list[tuple[int, int, int]]:
    """(piece linked, first space of the link, space beyond it on the same line) per link."""
    out = []
    for rel in rule.along:
        for ray in t.rays[rel][s]:
            for j, x in enumerate(ray):
                if cells[x] is None and rule.link == "sight":
                    continue
                if own[x]:
                    out.append((x, ray[0], ray[j + 1] if j + 1 < len(ray) else -1))
                break
    return out


def _chain_joins(t: Tables, cells: Cells, own: list[bool], mine: list[int],
                 where: Mapping[int, frozenset[int]], n_areas: int, rule: WinRule) -> bool:
    links: dict[int, list[tuple[int, int, int]]] = {}  # made as the search reaches a piece
    everything = frozenset(range(n_areas))
    least = max(rule.min, 2)

    def extend(path: list[int], touched: frozenset[int], beyond: int) -> bool:
        here = path[-1]
        if here not in links:
            links[here] = _links(t, cells, own, here, rule)
        for nxt, first, after in links[here]:
            if nxt in path or (rule.turn and first == beyond):
                continue
            inside = where[nxt]
            if rule.ends_only and inside:
                if inside - touched and touched | inside == everything and \
                        len(path) + 1 >= least:
                    return True
                continue
            now = touched | inside
            if now == everything and len(path) + 1 >= least:
                return True
            path.append(nxt)
            found = extend(path, now, after)
            path.pop()
            if found:
                return True
        return False

    return any(extend([s], where[s], -1) for s in mine if where[s])


def most_pieces(t: Tables, cells: Cells) -> str:
    """The side with the most pieces on the board, or 'draw' when sides tie for most."""
    tally = {s: counts(cells, s) for s in t.rules.sides if s != NEUTRAL}
    best = max(tally.values())
    leaders = [s for s, n in tally.items() if n == best]
    return leaders[0] if len(leaders) == 1 else "draw"
