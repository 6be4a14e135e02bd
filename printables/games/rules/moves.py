"""The vocabulary's ways to make a move: placing from the hand ([[rules.place]]) and moving
a piece on the board ([[rules.move]]: step, slide, leap, hop and chains of hops, with
then_place), over the plain tables of lines.compile_tables.

Each generator gives (Move, Effect) pairs for one side on a board of cells (a list, by space
number, of the Piece on each space or None); what happens after the action (capture rules,
promotion, the filters that make a move illegal) is the engine's. Rulings (ours, where
RULES_SPEC left them open):

- A piece that hops is lifted from its origin (a chain may come back to it). An enemy piece
  a capturing hop jumps is gone at once (as in OpenSpiel's checkers: a chain may land where
  it stood, and on a space it landed on before); a piece jumped without being captured
  stays, and is never jumped twice; a hop that captures nothing never lands where the chain
  has been. So every chain ends: each hop takes a piece or lands somewhere new. Hops capture
  only enemy pieces, even over ``any``.
- A chain stops where the piece reaches a zone that promotes it, when the promotion ends
  the move (ends_move, the default).
- A slide or hop passes only through spaces on its straight line; `on`/`not_on` and the
  side's no-entry spaces restrict where a piece lands, not what it passes.
- then_place needs a piece of that kind in the placer's hand (the mover's own kind) or the
  neutral supply (a neutral kind); it goes on an empty space the moved piece could reach
  from where it landed, that way, on the board as it stands after the move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from printables.games.model import Move, Piece
from printables.games.rules.lines import Tables
from printables.games.rules.vocabulary import MoveRule, PlaceRule, ThenPlace

#: The owner of neutral pieces (a game file's pieces of no side).
NEUTRAL = "neutral"

Cells = list[Piece | None]


@dataclass(frozen=True)
class Effect:
    """What a move does besides moving its piece: the spaces it captures by hopping or
    replacement, the kind it lays down (a placement), and the owner and kind of a
    then_place piece."""

    captures: tuple[int, ...] = ()
    placed: str | None = None
    then_owner: str | None = None
    then_kind: str | None = None


#: The effect of a plain move (no capture, nothing placed).
PLAIN = Effect()


def is_enemy(piece: Piece | None, side: str) -> bool:
    """True for a piece of another side (neutral pieces are nobody's enemy)."""
    return piece is not None and piece.side != side and piece.side != NEUTRAL


def placements(t: Tables, cells: Cells, side: str, hand: Mapping[str, int]
               ) -> Iterator[tuple[Move, Effect]]:
    """Every placement of the side's [[rules.place]] rules (none with an empty hand)."""
    kind = t.rules.placed(side)
    if kind is None or taken_from(t, hand, side) is None:
        return
    effect = Effect(placed=kind)
    for rule in t.rules.place:
        if rule.guard.for_side(side) and (rule.piece or kind) == kind:
            for s in _place_targets(t, cells, side, rule):
                yield t.move((s,)), effect


def taken_from(t: Tables, hand: Mapping[str, int], side: str) -> str | None:
    """The hand a placement of side takes its piece from: its own while it holds one; with
    a shared supply, else the next side's in turn that holds one; None: nothing to place."""
    if hand.get(side, 0) > 0:
        return side
    if t.rules.turn.supply != "shared":
        return None
    sides = t.rules.sides
    i = sides.index(side)
    return next((s for s in sides[i + 1:] + sides[:i] if hand.get(s, 0) > 0), None)


def _place_targets(t: Tables, cells: Cells, side: str, rule: PlaceRule) -> Iterator[int]:
    on = t.space_set(rule.on, side) if rule.on else None
    not_on = t.space_set(rule.not_on, side)
    blocked = t.blocked[side]
    below = t.below[rule.gravity] if rule.gravity else None
    for s in range(len(cells)):
        if cells[s] is not None or s in blocked or s in not_on or (on is not None
                                                                   and s not in on):
            continue
        if below is not None and below[s] >= 0 and cells[below[s]] is None:
            continue  # it would fall further
        if rule.friendly_neighbours and _friends(t, cells, side, s, rule) > \
                rule.friendly_neighbours.count:
            continue
        yield s


def _friends(t: Tables, cells: Cells, side: str, s: int, rule: PlaceRule) -> int:
    assert rule.friendly_neighbours is not None
    seen = {n for rel in rule.friendly_neighbours.along for n in t.neighbours[rel][s]}
    return sum(1 for n in seen if (p := cells[n]) is not None and p.side == side)


def board_moves(t: Tables, cells: Cells, side: str, hand: Mapping[str, int],
                origins: Sequence[int] | None = None) -> Iterator[tuple[Move, Effect]]:
    """Every move of the side's [[rules.move]] rules from its pieces (on origins only, when
    given), with then_place expanded."""
    in_hand = hand.get(side, 0) > 0
    rules = [r for r in t.rules.move if r.guard.for_side(side)
             and (r.when == "always" or (r.when == "in-hand") == in_hand)]
    if not rules:
        return
    for s in range(len(cells)) if origins is None else origins:
        piece = cells[s]
        if piece is None or piece.side != side:
            continue
        for rule in rules:
            if rule.pieces and piece.kind not in rule.pieces:
                continue
            if rule.from_ and s not in t.space_set(rule.from_, side):
                continue
            for path, effect in _from(t, cells, side, rule, s):
                move = t.move(path)
                if rule.then_place is None:
                    yield move, effect
                else:
                    yield from _then_place(t, cells, side, hand, rule.then_place, path,
                                           move, effect)


def _from(t: Tables, cells: Cells, side: str, rule: MoveRule, s: int
          ) -> Iterator[tuple[tuple[int, ...], Effect]]:
    """The paths and effects of one rule for the piece on s."""
    if rule.type == "hop":
        yield from hops(t, cells, side, rule, s)
        return
    lands = _landing(t, side, rule)
    for rel in rule.along:
        heads = t.heading[side][rel][s] if rule.toward else None
        for k, ray in enumerate(t.rays[rel][s]):
            if heads is not None and heads[k] not in rule.toward:
                continue
            for target in _reach(cells, side, rule, ray):
                if lands(target):
                    yield (s, target), (PLAIN if cells[target] is None
                                        else Effect(captures=(target,)))


def _reach(cells: Cells, side: str, rule: MoveRule, ray: tuple[int, ...]) -> Iterator[int]:
    """The spaces a step, slide or leap along one ray may end on (before `on` and no-entry
    are checked): empty ones, and an enemy where the rule lands on enemies."""
    enemy = "enemy" in rule.onto
    empty = "empty" in rule.onto
    if rule.type == "leap":
        n = rule.distance or 2
        if len(ray) >= n:
            here = cells[ray[n - 1]]
            if (here is None and empty) or (enemy and is_enemy(here, side)):
                yield ray[n - 1]
        return
    most = 1 if rule.type == "step" else (rule.distance or len(ray))
    for space in ray[:most]:
        piece = cells[space]
        if piece is None:
            if empty:
                yield space
            continue
        if enemy and is_enemy(piece, side):
            yield space
        return


def _landing(t: Tables, side: str, rule: MoveRule) -> Callable[[int], bool]:
    on = t.space_set(rule.on, side) if rule.on else None
    not_on = t.space_set(rule.not_on, side)
    blocked = t.blocked[side]
    return lambda s: s not in blocked and s not in not_on and (on is None or s in on)


def hops(t: Tables, cells: Cells, side: str, rule: MoveRule, origin: int
         ) -> Iterator[tuple[tuple[int, ...], Effect]]:
    """The hops (and chains of hops) of one rule for the piece on origin."""
    piece = cells[origin]
    assert piece is not None
    lands = _landing(t, side, rule)
    promote = _promotion(t, side, piece.kind, ends_only=True)
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def over(p: Piece | None) -> bool:
        if p is None:
            return False
        return (rule.over == "any" or (rule.over == "own" and p.side == side)
                or (rule.over == "enemy" and is_enemy(p, side)))

    def extend(path: tuple[int, ...], hopped: tuple[int, ...]) -> None:
        here = path[-1]
        gone = {h for h in hopped if rule.captures and is_enemy(cells[h], side)}
        for rel in rule.along:
            heads = t.heading[side][rel][here] if rule.toward else None
            for k, ray in enumerate(t.rays[rel][here]):
                if len(ray) < 2 or (heads is not None and heads[k] not in rule.toward):
                    continue
                mid, land = ray[0], ray[1]
                if mid in hopped or not over(cells[mid]) or not lands(land) or (
                        cells[land] is not None and land != origin and land not in gone):
                    continue
                takes = rule.captures and is_enemy(cells[mid], side)
                if not takes and land in path[1:]:
                    continue  # a hop that takes nothing never lands where the chain was
                step, taken = path + (land,), hopped + (mid,)
                ends = rule.chain == "no" or land in promote
                before = len(out)
                if not ends:
                    extend(step, taken)
                if ends or rule.chain == "optional" or len(out) == before:
                    out.append((step, taken))

    extend((origin,), ())
    for path, hopped in out:
        taken = tuple(h for h in hopped if is_enemy(cells[h], side)) if rule.captures else ()
        yield path, Effect(captures=taken)


def _promotion(t: Tables, side: str, kind: str, ends_only: bool) -> dict[int, str]:
    """Space -> the kind a piece of this kind becomes there (only promotions that end a
    move, when ends_only)."""
    out: dict[int, str] = {}
    for r in t.rules.promote:
        if r.piece == kind and r.guard.for_side(side) and (r.ends_move or not ends_only):
            for s in t.space_set(r.zone, side):
                out.setdefault(s, r.to)
    return out


def promoted(t: Tables, side: str, kind: str, landing: int) -> str | None:
    """The kind a piece of this kind becomes when its move ends on landing, or None."""
    return _promotion(t, side, kind, ends_only=False).get(landing)


def _then_place(t: Tables, cells: Cells, side: str, hand: Mapping[str, int], then: ThenPlace,
                path: tuple[int, ...], move: Move, effect: Effect
                ) -> Iterator[tuple[Move, Effect]]:
    """The move followed by each placement then_place allows."""
    owner = NEUTRAL if then.piece in t.rules.neutral_kinds else side
    if hand.get(owner, 0) <= 0:
        return
    after = list(cells)
    after[path[-1]] = after[path[0]]
    if path[-1] != path[0]:
        after[path[0]] = None
    for c in effect.captures:
        after[c] = None
    seen: dict[int, None] = {}
    for rel in then.along:
        for ray in t.rays[rel][path[-1]]:
            most = 1 if then.type == "step" else (then.distance or len(ray))
            if then.type == "leap":
                n = then.distance or 2
                if len(ray) >= n and after[ray[n - 1]] is None:
                    seen[ray[n - 1]] = None
                continue
            for here in ray[:most]:
                if after[here] is not None:
                    break
                seen[here] = None
    blocked = t.blocked.get(owner, t.blocked[side] if owner == side else frozenset())
    placed = Effect(effect.captures, None, owner, then.piece)
    for s in sorted(seen):
        if s not in blocked:
            yield t.move(path, s), placed
