"""Checks of a whole [rules] table and where its keys are written: the pieces of the
game-file reader (gamefile.rules) that look past one key. A rule's settings that contradict
each other (a chain on a step, two win conditions in one entry, passes nobody may make...)
and what the whole ruleset needs (a way to play, forward directions where they are read, a
way to capture where captures are compulsory) are each one LayoutError at the line of the
key, found in the right [[rules.move]] entry by locate().
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from printables.boards import Board
from printables.errors import LayoutError
from printables.gamefile.rule_keys import ENTRY_SECTIONS
from printables.games.rules.vocabulary import CaptureRule, MoveRule, RuleSet, WinRule

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?")


@dataclass(frozen=True)
class Game:
    """What the reader checks names against: the game file's default board, sides in turn
    order, first side, kinds per side (``neutral`` for pieces of no side), options with
    their defaults and [board.edges]."""

    board: Board
    sides: tuple[str, ...]
    first: str
    kinds: Mapping[str, tuple[str, ...]]
    options: Mapping[str, Any] = field(default_factory=dict)
    edges: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass
class Table:
    """One table of [rules] being read: its section, which entry of a list it is, its
    keys' rows."""

    section: str
    nth: int
    data: Mapping[str, Any]

    @property
    def where(self) -> str:
        """The table as an error names it: [rules.end], [[rules.move]] entry 2."""
        if self.section in (*ENTRY_SECTIONS, "rules.variant"):
            return f"[[{self.section}]] entry {self.nth + 1}"
        return f"[{self.section}]"


class Reader(Protocol):
    """What the checks ask of the reader: the game and an error at a key of a table."""

    game: Game

    def fail(self, t: Table, key: str | None, message: str) -> LayoutError:
        """The LayoutError for message at key's line in table t."""
        ...


def move_checks(rd: Reader, t: Table, m: MoveRule) -> None:
    """Contradictory settings of a move rule."""
    hop_only = ("over", "captures", "chain")
    if m.type != "hop":
        for key in hop_only:
            if key in t.data:
                raise rd.fail(t, key, f"{t.where} {key} is for hops; this move is a {m.type}")
    else:
        for key in ("distance", "onto"):
            if key in t.data:
                raise rd.fail(t, key, f"{t.where} {key} is not for hops (a hop goes over one "
                              "piece to the empty space beyond)")
    if m.type == "leap" and m.distance is None:
        raise rd.fail(t, "type", f"{t.where} a leap needs distance: how many spaces")
    if m.type == "step" and "distance" in t.data:
        raise rd.fail(t, "distance", f"{t.where} a step goes one space; leave out distance or "
                      "make it a slide or a leap")
    if m.type == "hop" and m.over != "enemy" and m.captures and "captures" in t.data \
            and m.over == "own":
        raise rd.fail(t, "captures", f"{t.where} a hop over own pieces captures nothing; "
                      "leave out captures or hop over enemy or any")


def capture_checks(rd: Reader, t: Table, c: CaptureRule) -> None:
    """Keys that do not go with the capture's type."""
    allowed = {"custodial": ("run", "hostile", "pieces"), "surround": ("hostile", "pieces"),
               "outflank": ("run", "required"), "line": ("length", "remove", "protect_lines")}
    specific = ("run", "hostile", "pieces", "required", "length", "remove", "protect_lines")
    for key in specific:
        if key in t.data and key not in allowed[c.type]:
            article = "an" if c.type[0] in "aeiou" else "a"
            raise rd.fail(t, key, f"{t.where} {key} is not for {article} {c.type} capture; "
                          f"it takes {', '.join(allowed[c.type])}")


def win_checks(rd: Reader, t: Table, w: WinRule) -> None:
    """Exactly one condition per entry, with only its own keys."""
    conditions = [k for k in ("line", "connect", "reach", "opponent_at_most", "capture")
                  if k in t.data]
    if len(conditions) != 1:
        raise rd.fail(t, conditions[1] if len(conditions) > 1 else None,
                      f"{t.where} needs exactly one condition: line, connect, reach, "
                      f"opponent_at_most or capture (found {', '.join(conditions) or 'none'})")
    own = {"line": ("exact", "on", "ends_on", "along"),
           "connect": ("link", "turn", "min", "ends_only", "along")}
    for key in ("exact", "on", "ends_on", "link", "turn", "min", "ends_only", "along"):
        if key in t.data and key not in own.get(conditions[0], ()):
            raise rd.fail(t, key, f"{t.where} {key} does not go with {conditions[0]}")
    if conditions[0] in own and not w.along:
        raise rd.fail(t, conditions[0], f"{t.where} {conditions[0]} needs along: the "
                      f"relations; this board's: {', '.join(rd.game.board.relations)}")
    if w.connect == "goals":
        colours = {s.colour for s in rd.game.board.spaces}
        missing = [s for s in (w.guard.sides or rd.game.sides)
                   if not any(c == f"goal.{s}" or c.startswith(f"goal.{s}.") for c in colours)]
        if missing:
            raise rd.fail(t, "connect", f"{t.where} connect = \"goals\" needs goal spaces of "
                          f"{missing[0]} (colour goal.{missing[0]} in [board.colours])")
    if w.connect == "edges":
        missing = [s for s in (w.guard.sides or rd.game.sides) if len(rd.game.edges.get(s, ()))
                   < 2]
        if missing:
            raise rd.fail(t, "connect", f"{t.where} connect = \"edges\" needs two or more "
                          f"edges for {missing[0]} in [board.edges] (such as {missing[0]} = "
                          "[\"north\", \"south\"])")


def ruleset_checks(rd: Reader, rs: RuleSet, top: Table) -> None:
    """What the whole ruleset must hold: something to do, forwards where needed, capturing
    where must_capture asks, no phase that can never come."""
    if not rs.place and not rs.move:
        raise rd.fail(top, None, "[rules] gives no way to play: add a [[rules.place]] or a "
                      "[[rules.move]]")
    needs_forward = any(m.toward for m in rs.move) or any(
        w in ("far-row", "home-row") for words in _all_words(rs) for w in words)
    if needs_forward and len(rs.sides) > 2:
        missing = [s for s in rs.sides if s not in dict(rs.turn.forward)]
        if missing:
            raise rd.fail(top, "forward", f"[rules] forward is needed for {missing[0]} (toward, "
                          "far-row and home-row read it); give forward = { SIDE = \"north\", "
                          "... } for every side")
    can_capture = rs.capture or any("enemy" in m.onto or (m.type == "hop" and m.captures)
                                    for m in rs.move)
    if rs.turn.must_capture != "no" and not can_capture:
        raise rd.fail(top, "must_capture", "[rules] must_capture needs a way to capture: a "
                      "move onto enemies, a capturing hop or a [[rules.capture]]")
    if rs.turn.supply == "shared" and not rs.place:
        raise rd.fail(top, "supply", "[rules] supply is about placing from the hands, but "
                      "the rules place nothing; add a [[rules.place]] or leave supply out")
    if any(m.when != "always" for m in rs.move) and not rs.places:
        raise rd.fail(top, None, "[[rules.move]] when is about the hand, but no side places "
                      "pieces from one; leave when out")
    if rs.turn.swap is not None and rs.turn.swap > len(rd.game.board.spaces):
        raise rd.fail(top, "swap", f"[rules] swap {rs.turn.swap} is more pieces than the "
                      f"board has spaces ({len(rd.game.board.spaces)})")


def _all_words(rs: RuleSet) -> list[tuple[str, ...]]:
    words: list[tuple[str, ...]] = [rs.turn.no_entry]
    words += [w for p in rs.place for w in (p.on, p.not_on)]
    words += [w for m in rs.move for w in (m.on, m.not_on, m.from_)]
    words += [c.hostile for c in rs.capture] + [p.zone for p in rs.promote]
    words += [w for x in rs.win for w in (x.on, x.ends_on, x.reach)]
    words += [ws for _, per in rs.zones for _, ws in per]
    return words


def locate(source: str, section: str, nth: int, key: str | None) -> int | None:
    """The line of key in the nth [section] / [[section]] table of source (the table's
    header line when key is None or not written there), or None when the table is not
    written with a header (an inline table)."""
    start = end = None
    seen = 0
    lines = source.splitlines()
    for i, text in enumerate(lines, 1):
        m = _HEADER.match(text)
        if not m:
            continue
        if start is not None:
            end = i
            break
        if m.group(1).replace(" ", "").strip('"') == section:
            if seen == nth:
                start = i
            seen += 1
    if start is None:
        return None
    if key is not None:
        pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
        for i in range(start, (end or len(lines) + 1) - 1):
            if pattern.match(lines[i]):
                return i + 1
    return start
