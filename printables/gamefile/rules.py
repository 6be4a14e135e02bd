"""A game file's [rules] -> a RuleSet (printables.games.rules.vocabulary), checked against
the one key table (gamefile.rule_keys.RULE_KEYS), the board, the sides and the components.

Parse fully, then build: every mistake is one LayoutError naming the game file and the line
of the key (inside the right [[rules.move]] entry), what is wrong and the valid choices:
an unknown key or mechanism, a relation the board does not have, a space-set word that is
no zone, colour, kind or space, a kind no component provides, an option the game does not
have, contradictory settings (a chain on a step, a distance on a hop, two win conditions in
one entry...). Rulings (ours): a side places one kind of piece; every side gets at least one
way to play (a place or a move rule); zone definitions name no other zone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from printables.boards.edges import DIRECTIONS
from printables.errors import LayoutError, quote
from printables.gamefile.rule_keys import ENTRY_SECTIONS, VARIANT_KEYS, Key, keys_of
from printables.gamefile.rules_check import (
    Game,
    Table,
    capture_checks,
    locate,
    move_checks,
    ruleset_checks,
    win_checks,
)
from printables.games.rules.lines import BUILT_IN_ZONES
from printables.games.rules.vocabulary import (
    EVERY_SIDE,
    Along,
    CaptureRule,
    Condition,
    End,
    Guard,
    MoveRule,
    PlaceRule,
    PromoteRule,
    RuleSet,
    ThenPlace,
    Turn,
    Variant,
    WinRule,
)
from printables.positions import SourceReader

#: Words that describe what stands on a space, never where it is.
CONTENT_WORDS = ("empty", "enemy", "own")
#: Largest count a rule may give.
MOST = 10**6


class _Bad(Exception):
    """A value that does not fit its key (turned into a LayoutError at the key's line)."""


def shown(v: Any) -> str:
    """A value as the file writes it: text quoted (and cut short), true/false, numbers.

    >>> shown("x"), shown(True), shown(3)
    ("'x'", 'true', '3')
    """
    if isinstance(v, str):
        return quote(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    return quote(v) if not isinstance(v, int) else str(v)


def read_rules(r: SourceReader, rules: Mapping[str, Any], game: Game) -> RuleSet:
    """The RuleSet a game file's [rules] table describes, or a LayoutError."""
    return _Reader(r, game, rules).ruleset()


class _Reader:
    def __init__(self, r: SourceReader, game: Game, rules: Mapping[str, Any]) -> None:
        self.r, self.game, self.rules = r, game, rules
        self.zones: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {}
        self.colours = {s.colour for s in game.board.spaces}
        self.space_kinds = {s.kind for s in game.board.spaces}

    # ------------------------------------------------------------------ errors

    def fail(self, t: Table, key: str | None, message: str) -> LayoutError:
        line = locate(self.r.source, t.section, t.nth, key)
        if line is None:
            return self.r.fail(message, key=key or t.section.split(".")[-1])
        return LayoutError(message, file=self.r.path, line=line, input=key)

    def get(self, t: Table, key: str, default: Any = None, **context: Any) -> Any:
        """The parsed value of one key (default when absent)."""
        if key not in t.data:
            return default
        row = keys_of(t.section)[key]
        try:
            return self.parse(row, t.data[key], **context)
        except _Bad as e:
            raise self.fail(t, key, f"{t.where} {key}: {e}") from None

    def known(self, t: Table, extra: tuple[str, ...] = ()) -> None:
        if not isinstance(t.data, Mapping):
            raise self.fail(t, None, f"{t.where} must be a table of keys")
        valid = (*keys_of(t.section), *extra)
        for key in t.data:
            if key not in valid:
                raise self.fail(t, key, f"unknown key {quote(key)} in {t.where}; valid: "
                                f"{', '.join(valid)}")

    # ------------------------------------------------------------------ values

    def parse(self, row: Key, v: Any, **context: Any) -> Any:
        parser = getattr(self, f"_{row.kind}")
        return parser(row, v, **context)

    def _text(self, row: Key, v: Any) -> str:
        if not isinstance(v, str) or not v.strip():
            raise _Bad(f"give a file name in quotes, such as {row.example.split('= ')[1]}")
        return v

    def _choice(self, row: Key, v: Any) -> str:
        if v not in row.choices:
            raise _Bad(f"{shown(v)} is not one of {', '.join(row.choices)}")
        return str(v)

    def _choices(self, row: Key, v: Any) -> tuple[str, ...]:
        items = [v] if isinstance(v, str) else v
        if not isinstance(items, list) or not items:
            raise _Bad(f"give one or a list of {', '.join(row.choices)}")
        return tuple(dict.fromkeys(self._choice(row, x) for x in items))

    def _count(self, row: Key, v: Any) -> int:
        high = MOST if row.high is None else row.high
        if isinstance(v, bool) or not isinstance(v, int) or not row.low <= v <= high:
            raise _Bad(f"{shown(v)} is not a whole number {row.low}..{high}")
        return v

    def _bool(self, row: Key, v: Any) -> bool:
        if not isinstance(v, bool):
            raise _Bad(f"{shown(v)} is not true or false")
        return v

    def _words(self, v: Any, what: str) -> list[str]:
        items = [v] if isinstance(v, str) else v
        if not isinstance(items, list) or not items or not all(isinstance(x, str)
                                                                 for x in items):
            raise _Bad(f"give {what} in quotes, or a list of them")
        return list(dict.fromkeys(items))

    def _relations(self, row: Key, v: Any) -> tuple[str, ...]:
        rels = self._words(v, "a relation")
        for rel in rels:
            if rel not in self.game.board.relations:
                raise _Bad(f"the board has no relation {quote(rel)}; its relations: "
                           f"{', '.join(self.game.board.relations)}")
        return tuple(rels)

    def _spaces(self, row: Key, v: Any, zones: bool = True) -> tuple[str, ...]:
        words = self._words(v, "a space-set word")
        for w in words:
            self.space_word(w, zones)
        return tuple(words)

    def space_word(self, w: str, zones: bool = True) -> None:
        if zones and w in self.zones:
            return
        if not zones and w in self.rules.get("zones", {}):
            raise _Bad(f"{quote(w)} is a zone; a zone is made of colours, kinds, spaces and "
                       "built-in zones, not of other zones")
        if w in CONTENT_WORDS:
            raise _Bad(f"{quote(w)} says what stands on a space, not where; a space set "
                       "names zones, colours, kinds or spaces")
        if w in BUILT_IN_ZONES or w in self.colours or w in self.space_kinds \
                or self.game.board.has(w) or any(c.startswith(w + ".") and w.startswith(
                    "goal.") for c in self.colours):
            return
        valid = [*(self.zones if zones else ()), *BUILT_IN_ZONES, *sorted(self.colours),
                 *sorted(self.space_kinds)]
        raise _Bad(f"{quote(w)} is no zone, colour, kind or space of this board; valid: "
                   f"{', '.join(valid)}, or a space name such as {self.game.board.names[0]}")

    def _group(self, row: Key, v: Any, count_key: str = "size") -> Along:
        if not isinstance(v, Mapping) or set(v) != {count_key, "along"}:
            raise _Bad(f"write it as {row.example.split('= ', 1)[1]}")
        n = v[count_key]
        low = 1 if count_key == "size" else 0
        if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= MOST:
            raise _Bad(f"{count_key} {shown(n)} is not a whole number >= {low}")
        return Along(n, self._relations(row, v["along"]))

    def _neighbours(self, row: Key, v: Any) -> Along:
        return self._group(row, v, "at_most")

    def _forward(self, row: Key, v: Any) -> tuple[tuple[str, str], ...]:
        if not isinstance(v, Mapping) or not v:
            raise _Bad(f"write it as {row.example.split('= ', 1)[1]}")
        for side, way in v.items():
            if side not in self.game.sides:
                raise _Bad(f"{quote(side)} is not a side; sides: {', '.join(self.game.sides)}")
            if way not in DIRECTIONS:
                raise _Bad(f"{quote(way)} is not a compass word; valid: {', '.join(DIRECTIONS)}")
        return tuple(v.items())

    def _compass(self, row: Key, v: Any) -> str:
        if v not in DIRECTIONS:
            raise _Bad(f"{shown(v)} is not a compass word; valid: {', '.join(DIRECTIONS)}")
        return str(v)

    def _sides(self, row: Key, v: Any) -> tuple[str, ...]:
        sides = self._words(v, "a side")
        for s in sides:
            if s not in self.game.sides:
                raise _Bad(f"{quote(s)} is not a side; sides: {', '.join(self.game.sides)}")
        return tuple(sides)

    def _condition(self, row: Key, v: Any) -> tuple[Condition, ...]:
        options = self.game.options
        if isinstance(v, str):
            pairs: list[tuple[str, Any]] = [(v, None)]
        elif isinstance(v, Mapping) and v:
            pairs = list(v.items())
        else:
            raise _Bad("give an option's name, or a table option -> value such as "
                       "{ pie = 5 }")
        for name, value in pairs:
            if name not in options:
                raise _Bad(f"the game has no option {quote(name)}; options: "
                           f"{', '.join(options) or 'none ([game.options] declares them)'}")
            if value is not None and not isinstance(value, (bool, int, str)):
                raise _Bad(f"option {name} is compared with a number, true/false or text")
        return tuple(pairs)

    def _kind(self, row: Key, v: Any, sides: tuple[str, ...] = (),
              neutral: bool = False) -> str:
        owners = (*(sides or self.game.sides), *(("neutral",) if neutral else ()))
        valid = sorted({k for s in owners for k in self.game.kinds.get(s, ())})
        if not isinstance(v, str) or v not in valid:
            raise _Bad(f"no component provides a piece of kind {shown(v)}"
                       f"{' for ' + ', '.join(sides) if sides else ''}; kinds: "
                       f"{', '.join(valid)}")
        return v

    def _kinds(self, row: Key, v: Any, sides: tuple[str, ...] = ()) -> tuple[str, ...]:
        return tuple(self._kind(row, k, sides) for k in self._words(v, "a kind"))

    def _run(self, row: Key, v: Any) -> tuple[int, int]:
        if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MOST:
            return v, v
        if isinstance(v, Mapping) and v and set(v) <= {"at_least", "at_most"}:
            lo, hi = v.get("at_least", 1), v.get("at_most", MOST)
            if all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= MOST
                   for x in (lo, hi)) and lo <= hi:
                return lo, hi
        raise _Bad("give a whole number >= 1, or { at_least = N, at_most = M } with N <= M")

    # ------------------------------------------------------------------ tables

    def ruleset(self) -> RuleSet:
        top = Table("rules", 0, self.rules)
        lists = (*(s.split(".", 1)[1] for s in ENTRY_SECTIONS), "zones", "end", "variant")
        self.known(top, lists)
        self.read_zones()
        turn = self.turn(top)
        place = tuple(self.place(t) for t in self.entries("place"))
        move = tuple(self.move(t) for t in self.entries("move"))
        capture = tuple(self.capture(t) for t in self.entries("capture"))
        promote = tuple(self.promote(t) for t in self.entries("promote"))
        win = tuple(self.win(t) for t in self.entries("win"))
        end = self.end()
        variants = tuple(self.variant(t) for t in self.entries("variant"))
        rs = RuleSet(self.game.sides, self.game.first, turn, tuple(self.zones.items()), place,
                     move, capture, promote, win, end, variants,
                     self.placed_kinds(place, move), tuple(self.game.edges.items()),
                     tuple(self.game.kinds.get("neutral", ())))
        ruleset_checks(self, rs, top)
        return rs

    def entries(self, name: str) -> list[Table]:
        section = f"rules.{name}"
        v = self.rules.get(name, [])
        if isinstance(v, Mapping) and name in ("zones", "end"):
            return [Table(section, 0, v)]
        if not isinstance(v, list) or not all(isinstance(x, Mapping) for x in v):
            where = Table(section, 0, {}) if locate(self.r.source, section, 0, None) \
                else Table("rules", 0, self.rules)
            raise self.fail(where, name if where.section == "rules" else None,
                            f"[[{section}]] must be a list of tables: write each entry under "
                            f"its own [[{section}]] line")
        return [Table(section, i, x) for i, x in enumerate(v)]

    def read_zones(self) -> None:
        v = self.rules.get("zones", {})
        t = Table("rules.zones", 0, v)
        if not isinstance(v, Mapping):
            raise self.fail(Table("rules", 0, self.rules), "zones",
                            "[rules.zones] must be a table: name = space set")
        row = keys_of("rules.zones")["NAME"]
        for name, spec in v.items():
            if not re.fullmatch(r"[a-z][a-z0-9-]*", name) or name in BUILT_IN_ZONES:
                raise self.fail(t, name, f"zone name {quote(name)}: use lower-case letters, "
                                "digits and hyphens, not a built-in zone "
                                f"({', '.join(BUILT_IN_ZONES)})")
            try:
                if isinstance(spec, Mapping):
                    per = tuple((s, self._spaces(row, x, zones=False))
                                for s, x in self._zone_sides(spec))
                else:
                    per = ((EVERY_SIDE, self._spaces(row, spec, zones=False)),)
            except _Bad as e:
                raise self.fail(t, name, f"[rules.zones] {name}: {e}") from None
            self.zones[name] = per

    def _zone_sides(self, spec: Mapping[str, Any]) -> list[tuple[str, Any]]:
        for side in spec:
            if side not in self.game.sides:
                raise _Bad(f"{quote(side)} is not a side; sides: {', '.join(self.game.sides)}")
        return list(spec.items())

    def guard(self, t: Table) -> Guard:
        return Guard(self.get(t, "sides", ()), self.get(t, "if", ()), self.get(t, "unless", ()))

    def turn(self, t: Table) -> Turn:
        return Turn(self.get(t, "pass", "never"), self.get(t, "swap"),
                    self.get(t, "no_entry", ()), self.get(t, "max_group"),
                    self.get(t, "must_capture", "no"), self.get(t, "forward", ()),
                    self.get(t, "supply", "own"))

    def place(self, t: Table) -> PlaceRule:
        self.known(t)
        g = self.guard(t)
        return PlaceRule(g, self.get(t, "piece", sides=g.sides), self.get(t, "on", ()),
                         self.get(t, "not_on", ()), self.get(t, "friendly_neighbours"),
                         self.get(t, "gravity"), t.nth)

    def move(self, t: Table) -> MoveRule:
        self.known(t)
        g = self.guard(t)
        if "along" not in t.data:
            raise self.fail(t, None, f"{t.where} needs along: the relations it moves along; "
                            f"this board's: {', '.join(self.game.board.relations)}")
        kind = self.get(t, "type", "step")
        over = self.get(t, "over", "enemy")
        along = self.get(t, "along")
        m = MoveRule(along, g, self.get(t, "pieces", (), sides=g.sides), kind,
                     self.get(t, "toward", ()), self.get(t, "onto", ("empty",)),
                     self.get(t, "on", ()), self.get(t, "not_on", ()), self.get(t, "from", ()),
                     self.get(t, "distance"), over, self.get(t, "captures", over == "enemy"),
                     self.get(t, "chain", "no"), self.get(t, "when", "always"),
                     self.then_place(t, along, g), t.nth)
        move_checks(self, t, m)
        return m

    def then_place(self, t: Table, along: tuple[str, ...], g: Guard) -> ThenPlace | None:
        v = t.data.get("then_place")
        if v is None:
            return None
        sub = Table("rules.move.then_place", t.nth, v)
        if not isinstance(v, Mapping):
            raise self.fail(t, "then_place", f"{t.where} then_place must be a table such as "
                            f"{keys_of('rules.move')['then_place'].example.split('= ', 1)[1]}")
        unknown = sorted(set(v) - set(keys_of(sub.section)))
        if unknown or "piece" not in v:
            raise self.fail(t, "then_place", f"{t.where} then_place takes "
                            f"{', '.join(keys_of(sub.section))} (piece required)")
        rows = keys_of(sub.section)
        key = "piece"
        try:
            piece = self._kind(rows["piece"], v["piece"], g.sides, neutral=True)
            key = "type"
            kind = self._choice(rows["type"], v.get("type", "slide"))
            key = "along"
            rels = self._relations(rows["along"], v["along"]) if "along" in v else along
            key = "distance"
            dist = self._count(rows["distance"], v["distance"]) if "distance" in v else None
        except _Bad as e:
            raise self.fail(t, "then_place", f"{t.where} then_place {key}: {e}") from None
        if kind == "leap" and dist is None:
            raise self.fail(t, "then_place", f"{t.where} then_place: a leap needs distance")
        return ThenPlace(piece, kind, rels, dist)

    def capture(self, t: Table) -> CaptureRule:
        self.known(t)
        g = self.guard(t)
        if "type" not in t.data or "along" not in t.data:
            raise self.fail(t, None, f"{t.where} needs type (custodial, surround, outflank, "
                            "line) and along (the relations it works along)")
        kind = self.get(t, "type")
        run = self.get(t, "run", (1, MOST) if kind == "outflank" else (1, 1))
        c = CaptureRule(kind, g, self.get(t, "along"), run, self.get(t, "hostile", ()),
                        self.get(t, "pieces", ()), self.get(t, "after", ("move", "place")),
                        self.get(t, "required", False), self.get(t, "length", 3),
                        self.get(t, "remove", 1), self.get(t, "protect_lines", False), t.nth)
        capture_checks(self, t, c)
        return c

    def promote(self, t: Table) -> PromoteRule:
        self.known(t)
        g = self.guard(t)
        for key in ("piece", "to", "zone"):
            if key not in t.data:
                raise self.fail(t, None, f"{t.where} needs piece, to and zone")
        return PromoteRule(self.get(t, "piece", sides=g.sides), self.get(t, "to", sides=g.sides),
                           self.get(t, "zone"), g, self.get(t, "ends_move", True), t.nth)

    def win(self, t: Table) -> WinRule:
        self.known(t)
        g = self.guard(t)
        opponents = tuple(s for s in self.game.sides if not g.sides or s not in g.sides)
        w = WinRule(g, self.get(t, "line"), self.get(t, "exact", False), self.get(t, "on", ()),
                    self.get(t, "ends_on", ()), self.get(t, "connect"),
                    self.get(t, "link", "adjacent"), self.get(t, "turn", False),
                    self.get(t, "min", 0), self.get(t, "ends_only", False),
                    self.get(t, "reach", ()), self.get(t, "opponent_at_most"),
                    self.get(t, "capture", sides=opponents), self.get(t, "result", "wins"),
                    self.get(t, "along", ()), self.get(t, "pieces", (), sides=g.sides), t.nth)
        win_checks(self, t, w)
        return w

    def end(self) -> End:
        (t,) = self.entries("end") if "end" in self.rules else [Table("rules.end", 0, {})]
        self.known(t)
        e = End(self.get(t, "no_move", "loses"), self.get(t, "all_stuck", "draw"),
                self.get(t, "passes"), self.get(t, "both_win", "mover"),
                self.get(t, "max_plies", 400), self.get(t, "cap", "draw"),
                self.get(t, "quiet_moves"), self.get(t, "repetition"))
        passing = self.rules.get("pass", "never") != "never" or e.no_move == "pass"
        for key in ("all_stuck", "passes"):
            if key in t.data and not passing:
                raise self.fail(t, key, f"[rules.end] {key} is about passing, but nobody "
                                "may pass: give [rules] pass = \"when-stuck\" or "
                                "\"any-time\", or leave it out")
        if "passes" in t.data and self.rules.get("pass") != "any-time":
            raise self.fail(t, "passes", "[rules.end] passes counts passes in a row, which "
                            "only pass = \"any-time\" allows; leave it out or give that")
        return e

    def variant(self, t: Table) -> Variant:
        self.known(t)
        if "if" not in t.data and "unless" not in t.data:
            raise self.fail(t, None, f"{t.where} needs if or unless: the options it is for")
        top = keys_of("rules")
        changes = []
        for key in VARIANT_KEYS:
            if key in t.data:
                try:
                    changes.append(("pass_" if key == "pass" else key,
                                    self.parse(top[key], t.data[key])))
                except _Bad as e:
                    raise self.fail(t, key, f"{t.where} {key}: {e}") from None
        return Variant(Guard(if_=self.get(t, "if", ()), unless=self.get(t, "unless", ())),
                       tuple(changes))

    def placed_kinds(self, place: tuple[PlaceRule, ...], move: tuple[MoveRule, ...]
                     ) -> tuple[tuple[str, str], ...]:
        """side -> the one kind it places (from its place rules and then_place), checked."""
        found: dict[str, set[str]] = {}
        for i, p in enumerate(place):
            t = Table("rules.place", i, {})
            for side in p.guard.sides or self.game.sides:
                kinds = self.game.kinds[side]
                if p.piece is None and len(kinds) > 1:
                    raise self.fail(t, None, f"{t.where}: {side} has several kinds "
                                    f"({', '.join(kinds)}); give piece")
                if p.piece is None or p.piece in kinds:
                    found.setdefault(side, set()).add(p.piece or kinds[0])
                    if len(found[side]) > 1:
                        raise self.fail(t, "piece", f"{t.where}: {side} would place "
                                        f"{' and '.join(sorted(found[side]))}; a side "
                                        "places one kind of piece")
        for m in move:
            if m.then_place is not None:
                neutral = m.then_place.piece in self.game.kinds.get("neutral", ())
                for side in ("neutral",) if neutral else (m.guard.sides or self.game.sides):
                    if neutral or m.then_place.piece in self.game.kinds[side]:
                        found.setdefault(side, set()).add(m.then_place.piece)
        for side, placed in found.items():
            if len(placed) > 1:
                raise self.r.fail(f"[rules] {side} would place {' and '.join(sorted(placed))}; "
                                  "a side places one kind of piece", key="place")
        order = (*self.game.sides, "neutral")
        return tuple((s, found[s].pop()) for s in order if s in found)
