"""Derived geometry for the rules vocabulary, as plain tables: compile_tables(board,
ruleset, options) -> Tables, the one precomputation the generic engine (and the compiled
kernel, which turns it into arrays) reads. Spaces are numbered in board order.

Rulings (RULES_SPEC "Principles"; ours where it was open):

- Straight lines are derived from geometry, never tabulated: along a relation, the space
  straight ahead of a step a->b is the neighbour c of b (c != a) whose direction turns least
  from a->b, if that turn is under 50 degrees and under half the smallest angle between two
  of b's neighbours (on points joined to all 8 neighbours, a line does not bend 45 degrees
  at the board's edge); two equally good: no continuation. A ray
  stops at the board's end, or before it would come back to its start or to a space it
  already holds (a ring is a closed loop; nothing loops for ever).
- A step a->b is forward for a side when the angle between b - a and the side's forward
  direction is under 89 degrees, backward over 91, else sideways. Default forwards: the
  first of two sides north, the second south.
- Space-set words resolve in this order: a [rules.zones] zone; a built-in zone (far-row and
  home-row: the spaces farthest/nearest along the side's forward, within 0.001 mm; goal:
  the side's goal.SIDE spaces; opponent-goal: every other side's; edges: the spaces on the
  side's [board.edges]); a colour class; a space kind; a space name.
- Goal areas are a side's goal spaces split into groups joined by any relation of the
  board; edge areas are its [board.edges] edges, one per compass word (boards.edges).
- Gravity: the next space a compass way is the neighbour (under any relation) whose
  direction is within 22.5 degrees of it (the nearest; two alike: none).
- Spaces coloured ``unused`` or of kind ``dead`` (dead cells) are never a target.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from printables.boards import Board
from printables.boards.edges import DIRECTIONS, edge_spaces, unit
from printables.errors import LayoutError
from printables.games.model import Move
from printables.games.rules.vocabulary import EVERY_SIDE, RuleSet, SpaceSet, resolve

#: A straight line goes on while it turns less than this (degrees).
STRAIGHT = 50.0
#: A step within this many degrees of 90 from a side's forward is sideways.
SIDEWAYS = 1.0
#: A gravity step lies within this many degrees of its compass way.
GRAVITY = 22.5
#: Two anchors this close (mm) along a direction are on one row (far-row, home-row).
ROW_TOLERANCE = 1e-3
#: The built-in zone words.
BUILT_IN_ZONES = ("far-row", "home-row", "goal", "opponent-goal", "edges")
#: Default forward directions of a two-side game.
DEFAULT_FORWARD = ("north", "south")

Ray = tuple[int, ...]
#: a straight run of spaces, the space before it and the space after it (-1: none)
Window = tuple[tuple[int, ...], int, int]


@dataclass(frozen=True, eq=False)
class Tables:
    """Everything the mechanisms read, by space number (board order).

    neighbours[rel][s]: s's neighbours under rel, in the board's order; rays[rel][s][k]:
    the straight line from s through its k-th neighbour; back[rel][s][k]: the space before
    s on that line (-1 at the board's end); heading[side][rel][s][k]: forward, backward or
    sideways for that side; sets[(words, side)]: a space set resolved for a side;
    blocked[side]: where a side's pieces never stand (no_entry and dead cells); areas:
    goal and edge areas per side; below[way][s]: the next space that way (gravity).
    """

    rules: RuleSet
    names: tuple[str, ...]
    index: Mapping[str, int]
    neighbours: Mapping[str, tuple[tuple[int, ...], ...]]
    rays: Mapping[str, tuple[tuple[Ray, ...], ...]]
    back: Mapping[str, tuple[tuple[int, ...], ...]]
    heading: Mapping[str, Mapping[str, tuple[tuple[str, ...], ...]]]
    sets: Mapping[tuple[SpaceSet, str], frozenset[int]]
    blocked: Mapping[str, frozenset[int]]
    goal_areas: Mapping[str, tuple[frozenset[int], ...]]
    edge_areas: Mapping[str, tuple[frozenset[int], ...]]
    below: Mapping[str, tuple[int, ...]]
    adjacency: tuple[tuple[int, ...], ...]
    #: (path, placed space or -1) -> its Move, made once (moves are immutable values)
    paths: dict[tuple[tuple[int, ...], int], Move] = field(default_factory=dict, repr=False)
    #: (relation, n) -> per space, the straight windows of n spaces it starts (windows())
    _windows: dict[tuple[str, int], Any] = field(default_factory=dict, repr=False)

    def space_set(self, words: SpaceSet, side: str) -> frozenset[int]:
        """A space set of the rules, resolved for a side."""
        return self.sets[(words, side)]

    def windows(self, rel: str, n: int) -> tuple[tuple[Window, ...], ...]:
        """Per space s, the straight runs of n spaces along rel that start at s, each once
        (of a run and its reverse, the one whose first space comes first in board order),
        with the space before it and after it on its line (-1 at the board's end)."""
        key = (rel, n)
        if key not in self._windows:
            out = []
            for s, rays in enumerate(self.rays[rel]):
                mine = []
                for k, ray in enumerate(rays):
                    if len(ray) >= n - 1 and s < ray[n - 2]:
                        mine.append(((s, *ray[:n - 1]), self.back[rel][s][k],
                                     ray[n - 1] if len(ray) >= n else -1))
                out.append(tuple(mine))
            self._windows[key] = tuple(out)
        return self._windows[key]  # type: ignore[no-any-return]

    def move(self, path: tuple[int, ...], place: int = -1) -> Move:
        """The Move of a path of space numbers (a drop when one space: +X), placing a piece
        on place afterwards when it is a space (X-Y/Z)."""
        found = self.paths.get((path, place))
        if found is None:
            names = self.names
            found = Move(path=tuple(names[i] for i in path), drop=len(path) == 1,
                         place=names[place] if place >= 0 else None)
            self.paths[(path, place)] = found
        return found


def compile_tables(board: Board, ruleset: RuleSet, options: Mapping[str, Any]) -> Tables:
    """The tables of a ruleset under options on a board (cached: boards and rulesets are
    immutable)."""
    return _compiled(board, ruleset, tuple(sorted(options.items())))


@lru_cache(maxsize=64)
def _compiled(board: Board, ruleset: RuleSet, options: tuple[tuple[str, Any], ...]) -> Tables:
    rules = resolve(ruleset, dict(options))
    names = board.names
    index = {n: i for i, n in enumerate(names)}
    anchors = tuple((s.anchor.x, s.anchor.y) for s in board.spaces)
    for rel in relations_used(rules):
        if rel not in board.relations:
            raise LayoutError(f"the rules move along {rel!r}, which this board does not have; "
                              f"its relations: {', '.join(board.relations)}")
    neighbours = {rel: tuple(tuple(index[n] for n in board.neighbours(name, rel))
                             for name in names) for rel in board.relations}
    used = relations_used(rules)
    limits = {rel: tuple(min(STRAIGHT, _spread(anchors, nb, s) / 2) for s in range(len(names)))
              for rel, nb in neighbours.items() if rel in used}
    rays = {rel: tuple(tuple(_ray(anchors, nb, limits[rel], s, n) for n in nb[s])
                       for s in range(len(names)))
            for rel, nb in neighbours.items() if rel in used}
    back = {rel: tuple(tuple(_straight(anchors, neighbours[rel], limits[rel], ray[0], s)
                             if ray else -1 for ray in rays[rel][s])
                       for s in range(len(names)))
            for rel in rays}
    forward = forwards(rules)
    heading = {side: {rel: tuple(tuple(_heading(anchors[s], anchors[n], way) for n in nb[s])
                                 for s in range(len(names)))
                      for rel, nb in neighbours.items() if rel in rays}
               for side, way in forward.items()}
    adjacency = tuple(tuple(index[n] for n in board.neighbours(name)) for name in names)
    sides_edges = dict(rules.edges)
    edges = edge_spaces(board, [w for ws in sides_edges.values() for w in ws])
    edge_areas = {side: tuple(frozenset(index[n] for n in edges[w]) for w in sides_edges.get(
        side, ())) for side in rules.sides}
    goals = {side: frozenset(i for i, s in enumerate(board.spaces) if _is_goal(s.colour, side))
             for side in rules.sides}
    goal_areas = {side: _areas(goals[side], adjacency) for side in rules.sides}
    resolver = _Resolver(board, rules, index, anchors, forward, goals, edge_areas)
    sets = {(words, side): resolver.resolve(words, side)
            for words in space_sets(rules) for side in rules.sides}
    dead = frozenset(i for i, s in enumerate(board.spaces)
                     if s.kind == "dead" or s.colour == "unused")
    blocked = {side: dead | sets[(rules.turn.no_entry, side)] for side in rules.sides}
    below = {way: tuple(_below(anchors, adjacency, s, way) for s in range(len(names)))
             for way in {p.gravity for p in rules.place if p.gravity}}
    return Tables(rules, names, index, neighbours, rays, back, heading, sets, blocked,
                  goal_areas, edge_areas, below, adjacency)


def relations_used(rules: RuleSet) -> tuple[str, ...]:
    """Every relation a rule names, in first-use order."""
    out: list[str] = []
    for m in rules.move:
        out += [*m.along, *(m.then_place.along if m.then_place else ())]
    for c in rules.capture:
        out += c.along
    for w in rules.win:
        out += w.along
    for p in rules.place:
        out += p.friendly_neighbours.along if p.friendly_neighbours else ()
    if rules.turn.max_group:
        out += rules.turn.max_group.along
    return tuple(dict.fromkeys(out))


def space_sets(rules: RuleSet) -> tuple[SpaceSet, ...]:
    """Every space set a rule names (the empty set too), each once."""
    found: list[SpaceSet] = [(), rules.turn.no_entry]
    for p in rules.place:
        found += [p.on, p.not_on]
    for m in rules.move:
        found += [m.on, m.not_on, m.from_]
    for c in rules.capture:
        found.append(c.hostile)
    for r in rules.promote:
        found.append(r.zone)
    for w in rules.win:
        found += [w.on, w.ends_on, w.reach]
    return tuple(dict.fromkeys(found))


def forwards(rules: RuleSet) -> dict[str, str]:
    """Each side's forward compass word: as [rules] forward gives, else the default of a
    two-side game; sides of a larger game without one have none."""
    given = dict(rules.turn.forward)
    if len(rules.sides) == 2:
        return {s: given.get(s, d) for s, d in zip(rules.sides, DEFAULT_FORWARD, strict=True)}
    return given


def _is_goal(colour: str, side: str) -> bool:
    return colour == f"goal.{side}" or colour.startswith(f"goal.{side}.")


def _angle(u: tuple[float, float], v: tuple[float, float]) -> float:
    """The angle between two vectors, in degrees (0..180)."""
    nu, nv = math.hypot(*u), math.hypot(*v)
    if nu == 0 or nv == 0:
        return 180.0
    c = (u[0] * v[0] + u[1] * v[1]) / (nu * nv)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def _spread(anchors: tuple[tuple[float, float], ...], nb: tuple[tuple[int, ...], ...],
            b: int) -> float:
    """The smallest angle (degrees) between the directions from b to two of its neighbours
    (360 with fewer than two)."""
    bx, by = anchors[b]
    ways = [(anchors[n][0] - bx, anchors[n][1] - by) for n in nb[b]]
    return min((_angle(u, v) for i, u in enumerate(ways) for v in ways[i + 1:]),
               default=360.0)


def _straight(anchors: tuple[tuple[float, float], ...], nb: tuple[tuple[int, ...], ...],
              limits: tuple[float, ...], a: int, b: int) -> int:
    """The space straight ahead of the step a->b among b's neighbours, or -1: the least
    turn, under limits[b]: 50 degrees and half the smallest angle between two of b's
    neighbours (so where b's neighbours lie 45 degrees apart, a 45 degree turn at the
    board's edge is no straight line)."""
    ax, ay = anchors[a]
    bx, by = anchors[b]
    d = (bx - ax, by - ay)
    best, least, tie = -1, limits[b], False
    for c in nb[b]:
        if c == a:
            continue
        turn = _angle(d, (anchors[c][0] - bx, anchors[c][1] - by))
        if turn < least - 1e-9:
            best, least, tie = c, turn, False
        elif abs(turn - least) <= 1e-9 and c != best:
            tie = True
    return -1 if tie else best


def _ray(anchors: tuple[tuple[float, float], ...], nb: tuple[tuple[int, ...], ...],
         limits: tuple[float, ...], start: int, first: int) -> Ray:
    """The straight line from start through first, to the board's end or before it comes
    back to a space it holds."""
    ray = [first]
    prev, here = start, first
    while True:
        nxt = _straight(anchors, nb, limits, prev, here)
        if nxt < 0 or nxt == start or nxt in ray:
            return tuple(ray)
        ray.append(nxt)
        prev, here = here, nxt


def _heading(a: tuple[float, float], b: tuple[float, float], way: str) -> str:
    turn = _angle((b[0] - a[0], b[1] - a[1]), unit(way))
    if turn < 90 - SIDEWAYS:
        return "forward"
    return "backward" if turn > 90 + SIDEWAYS else "sideways"


def _below(anchors: tuple[tuple[float, float], ...], adjacency: tuple[tuple[int, ...], ...],
           s: int, way: str) -> int:
    best, least, tie = -1, GRAVITY, False
    for n in adjacency[s]:
        turn = _angle((anchors[n][0] - anchors[s][0], anchors[n][1] - anchors[s][1]),
                      unit(way))
        if turn < least - 1e-9:
            best, least, tie = n, turn, False
        elif abs(turn - least) <= 1e-9 and n != best:
            tie = True
    return -1 if tie else best


def _areas(spaces: frozenset[int], adjacency: tuple[tuple[int, ...], ...]
           ) -> tuple[frozenset[int], ...]:
    """spaces split into groups joined by adjacency, in order of their first space."""
    seen: set[int] = set()
    out = []
    for start in sorted(spaces):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for n in adjacency[todo.pop()]:
                if n in spaces and n not in group:
                    group.add(n)
                    todo.append(n)
        seen |= group
        out.append(frozenset(group))
    return tuple(out)


class _Resolver:
    """Space-set words -> space numbers, for one board and one resolved ruleset."""

    def __init__(self, board: Board, rules: RuleSet, index: Mapping[str, int],
                 anchors: tuple[tuple[float, float], ...], forward: Mapping[str, str],
                 goals: Mapping[str, frozenset[int]],
                 edge_areas: Mapping[str, tuple[frozenset[int], ...]]) -> None:
        self.board, self.rules, self.index, self.anchors = board, rules, index, anchors
        self.forward, self.goals, self.edge_areas = forward, goals, edge_areas
        self.zones = dict(rules.zones)

    def resolve(self, words: Iterable[str], side: str) -> frozenset[int]:
        out: set[int] = set()
        for word in words:
            out |= self.word(word, side)
        return frozenset(out)

    def word(self, word: str, side: str) -> frozenset[int]:
        if word in self.zones:
            per_side = dict(self.zones[word])
            if EVERY_SIDE in per_side:
                return self.resolve(per_side[EVERY_SIDE], side)
            return self.resolve(per_side.get(side, ()), side)
        if word in BUILT_IN_ZONES:
            return self.built_in(word, side)
        spaces = self.board.spaces
        found = frozenset(i for i, s in enumerate(spaces)
                          if s.colour == word or _is_goal(s.colour, word[5:])
                          and word.startswith("goal.")) or frozenset(
            i for i, s in enumerate(spaces) if s.kind == word)
        if found:
            return found
        if word in self.index:
            return frozenset((self.index[word],))
        raise LayoutError(f"the rules name {word!r}, which is no zone, colour, kind or space "
                          "of this board")

    def built_in(self, word: str, side: str) -> frozenset[int]:
        if word == "goal":
            return self.goals[side]
        if word == "opponent-goal":
            return frozenset().union(*(g for s, g in self.goals.items() if s != side))
        if word == "edges":
            return frozenset().union(*self.edge_areas.get(side, ()))
        way = self.forward.get(side)
        if way is None:
            raise LayoutError(f"{word} needs a forward direction for {side}; give [rules] "
                              f"forward = {{ {side} = \"north\", ... }}")
        ux, uy = unit(way)
        depth = [x * ux + y * uy for x, y in self.anchors]
        live = [i for i, s in enumerate(self.board.spaces)
                if s.kind != "dead" and s.colour != "unused"]
        edge = max(depth[i] for i in live) if word == "far-row" else min(depth[i] for i in live)
        return frozenset(i for i in live if abs(depth[i] - edge) <= ROW_TOLERANCE)


def compass_words() -> tuple[str, ...]:
    """The compass words a forward direction or gravity may name."""
    return tuple(DIRECTIONS)
