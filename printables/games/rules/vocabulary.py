"""The rules vocabulary as typed objects: what a game file's [rules] says, read and checked
(printables.gamefile.rules reads it), before any board is looked at.

Plain frozen data (tuples, no parsing, no I/O), one class per kind of rule, each field one
key of the game file under the same name (``from_`` for ``from``), so a rule can be said
back in words (the booklet does) and the compiled kernel can read the flags. Space sets are
tuples of words resolved per board and side by lines.compile_tables.

Guards: an entry applies to some sides only (``sides``), and only when game options hold
(``if_``) or do not (``unless``): a condition is (option, value), value None meaning "true
or non-zero". ``resolve(ruleset, options)`` keeps the entries whose options hold and applies
the variants, so the mechanisms never see an option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

#: A set of spaces as the file writes it: words (zones, colours, kinds, names), any of them.
SpaceSet = tuple[str, ...]
#: An option condition: (option, value); value None: the option is true or non-zero.
Condition = tuple[str, Any]


@dataclass(frozen=True)
class Guard:
    """Who an entry is for and under which options: sides (empty: every side), conditions
    that must all hold (if_) and conditions none of which may hold (unless)."""

    sides: tuple[str, ...] = ()
    if_: tuple[Condition, ...] = ()
    unless: tuple[Condition, ...] = ()

    def holds(self, options: Mapping[str, Any]) -> bool:
        """True when the options let the entry apply.

        >>> pie, five = Guard(if_=(("pie", None),)), Guard(if_=(("pie", 5),))
        >>> pie.holds({"pie": 3}), five.holds({"pie": 3})
        (True, False)
        """
        return (all(condition_holds(c, options) for c in self.if_)
                and not any(condition_holds(c, options) for c in self.unless))

    def for_side(self, side: str) -> bool:
        """True when the entry is for this side."""
        return not self.sides or side in self.sides


def condition_holds(condition: Condition, options: Mapping[str, Any]) -> bool:
    """An option condition: the option is true/non-zero (value None), or equals value (a
    bool only equals a bool: true is not 1)."""
    name, value = condition
    have = options.get(name)
    if value is None:
        return bool(have)
    return type(have) is type(value) and have == value


@dataclass(frozen=True)
class Along:
    """`{ at_most = N, along = [...] }` and `{ size = N, along = [...] }`: a number and the
    relations it counts along."""

    count: int
    along: tuple[str, ...]


@dataclass(frozen=True)
class PlaceRule:
    """[[rules.place]]: putting a piece from the hand onto the board."""

    guard: Guard = Guard()
    piece: str | None = None
    on: SpaceSet = ()
    not_on: SpaceSet = ()
    friendly_neighbours: Along | None = None
    gravity: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class ThenPlace:
    """A move's then_place: after moving, a piece put on a space the moved piece could
    reach from where it landed (type and along as a move's)."""

    piece: str
    type: str = "slide"
    along: tuple[str, ...] = ()
    distance: int | None = None


@dataclass(frozen=True)
class MoveRule:
    """[[rules.move]]: moving a piece already on the board."""

    along: tuple[str, ...]
    guard: Guard = Guard()
    pieces: tuple[str, ...] = ()
    type: str = "step"
    toward: tuple[str, ...] = ()
    onto: tuple[str, ...] = ("empty",)
    on: SpaceSet = ()
    not_on: SpaceSet = ()
    from_: SpaceSet = ()
    distance: int | None = None
    over: str = "enemy"
    captures: bool = True
    chain: str = "no"
    when: str = "always"
    then_place: ThenPlace | None = None
    line: int | None = None


@dataclass(frozen=True)
class CaptureRule:
    """[[rules.capture]]: captures other than replacement and hops, made after a move or a
    placement by the mover."""

    type: str
    guard: Guard = Guard()
    along: tuple[str, ...] = ()
    run: tuple[int, int] = (1, 1)
    hostile: SpaceSet = ()
    pieces: tuple[str, ...] = ()
    after: tuple[str, ...] = ("move", "place")
    required: bool = False
    length: int = 3
    remove: int = 1
    protect_lines: bool = False
    line: int | None = None


@dataclass(frozen=True)
class PromoteRule:
    """[[rules.promote]]: a piece that ends its move in the zone becomes another kind."""

    piece: str
    to: str
    zone: SpaceSet
    guard: Guard = Guard()
    ends_move: bool = True
    line: int | None = None


@dataclass(frozen=True)
class WinRule:
    """[[rules.win]]: one condition, checked for every side after every move. Exactly one of
    line, connect, reach, opponent_at_most, capture is set."""

    guard: Guard = Guard()
    line: int | None = None
    exact: bool = False
    on: SpaceSet = ()
    ends_on: SpaceSet = ()
    connect: str | None = None
    link: str = "adjacent"
    turn: bool = False
    min: int = 0
    ends_only: bool = False
    reach: SpaceSet = ()
    opponent_at_most: int | None = None
    capture: str | None = None
    result: str = "wins"
    along: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()
    source_line: int | None = None

    @property
    def condition(self) -> str:
        """The condition's key: line, connect, reach, opponent_at_most or capture."""
        for key in ("line", "connect", "opponent_at_most", "capture"):
            if getattr(self, key) is not None:
                return key
        return "reach"


@dataclass(frozen=True)
class End:
    """[rules.end]: how the game ends besides the win conditions."""

    no_move: str = "loses"
    all_stuck: str = "draw"
    passes: int | None = None
    both_win: str = "mover"
    max_plies: int = 400
    cap: str = "draw"
    quiet_moves: int | None = None
    repetition: int | None = None


@dataclass(frozen=True)
class Turn:
    """[rules]' own keys: what a turn may be, and limits on every position."""

    pass_: str = "never"
    swap: int | None = None
    no_entry: SpaceSet = ()
    max_group: Along | None = None
    must_capture: str = "no"
    forward: tuple[tuple[str, str], ...] = ()
    supply: str = "own"


@dataclass(frozen=True)
class Variant:
    """[[rules.variant]]: [rules] keys that change when options hold (later variants win)."""

    guard: Guard
    changes: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class RuleSet:
    """A game's whole [rules], with what the reader knew of the game: its sides in turn
    order and the first to move, the kind each side places (a side not listed places
    nothing; ``neutral`` for a neutral supply), the board edges each side owns
    ([board.edges]) and the kinds of the neutral pieces."""

    sides: tuple[str, ...]
    first: str = ""
    turn: Turn = Turn()
    zones: tuple[tuple[str, tuple[tuple[str, SpaceSet], ...]], ...] = ()
    place: tuple[PlaceRule, ...] = ()
    move: tuple[MoveRule, ...] = ()
    capture: tuple[CaptureRule, ...] = ()
    promote: tuple[PromoteRule, ...] = ()
    win: tuple[WinRule, ...] = ()
    end: End = End()
    variants: tuple[Variant, ...] = ()
    placed_kind: tuple[tuple[str, str], ...] = ()
    edges: tuple[tuple[str, tuple[str, ...]], ...] = ()
    neutral_kinds: tuple[str, ...] = field(default=())

    def placed(self, side: str) -> str | None:
        """The kind of piece a side places from its hand (None: it places none)."""
        return dict(self.placed_kind).get(side)

    @property
    def places(self) -> bool:
        """True when pieces come from a hand (a place rule, or a then_place of a side's)."""
        return bool(self.placed_kind)


#: The zone key of a zone given for every side at once.
EVERY_SIDE = "*"


def resolve(ruleset: RuleSet, options: Mapping[str, Any]) -> RuleSet:
    """The rules in force under options: entries whose guard's options do not hold are
    dropped (the sides guard stays), each variant whose options hold changes [rules] keys.

    >>> r = RuleSet(("a", "b"), variants=(Variant(Guard(if_=(("pie", None),)),
    ...                                          (("swap", 3),)),))
    >>> resolve(r, {"pie": True}).turn.swap, resolve(r, {"pie": False}).turn.swap
    (3, None)
    """
    def keep(entries: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(e for e in entries if e.guard.holds(options))

    turn = ruleset.turn
    for v in ruleset.variants:
        if v.guard.holds(options):
            turn = replace(turn, **dict(v.changes))
    return replace(ruleset, turn=turn, place=keep(ruleset.place), move=keep(ruleset.move),
                   capture=keep(ruleset.capture), promote=keep(ruleset.promote),
                   win=keep(ruleset.win), variants=())
