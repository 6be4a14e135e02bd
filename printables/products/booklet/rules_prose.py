"""The words of a booklet written from a game file's [rules] (prose_sections writes the
sections with them): a generated line (Line: its text and the rule keys it says back, which
`--explain-text` lists), and Words, how one game says its spaces, relations, places, pieces
and sides, each filled in from prose_templates.

The words come from the board (its space kind, its relations: "orthogonally", "round its
ring"), the components (kinds, counts) and the rules (every number derived, in words up to
twenty). Only the rules in force under the booklet's options are said.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printables.games import GameSpec
from printables.games.rules import GenericRules
from printables.games.rules.vocabulary import RuleSet, WinRule, resolve
from printables.products.booklet import prose_templates as P
from printables.products.booklet.examples import NUMBER_WORDS, side_name

_WORDS = {n: w for w, n in NUMBER_WORDS.items() if not w.endswith(("st", "nd", "rd", "th"))
          or w == "zero"}
_NTH = {n: w for w, n in NUMBER_WORDS.items() if w.endswith(("st", "nd", "rd", "th"))
        and w not in _WORDS.values()}


@dataclass(frozen=True)
class Line:
    """One generated block: 'para' or 'bullet', its Markdown text and the rule keys it says."""

    kind: str
    text: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Written:
    """A generated section: its title and its lines."""

    title: str
    lines: tuple[Line, ...]


def ruleset_of(game: GameSpec, options: Mapping[str, Any] | None = None) -> RuleSet | None:
    """The [rules] in force for a game under options, or None for a game played by its own
    engine (a built-in game, or a game file with engine and no [rules])."""
    rules = game.rules
    if not isinstance(rules, GenericRules) or game.source is None:
        return None
    return resolve(rules.ruleset, game.options(options))


def number(n: int) -> str:
    """A count in words up to twenty, else in figures.

    >>> number(5), number(40)
    ('five', '40')
    """
    return _WORDS.get(n, str(n))


def nth(n: int) -> str:
    """'third' for 3 (figures with 'th' past twentieth)."""
    return _NTH.get(n, f"{n}th")


def plural(word: str) -> str:
    """A noun's plural (prose_templates.PLURALS, else s)."""
    return P.PLURALS.get(word, word + "s")


def article(word: str) -> str:
    """'a' or 'an' before a word."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def join(parts: list[str], word: str = "and") -> str:
    """'a, b and c' ('' for none)."""
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {word} {parts[-1]}"


def entry(i: int, rule: Any) -> int:
    """The number of a rule's entry in its game file (1 = the first [[rules.move]]), which
    the reader keeps; i + 1 for a rule made without one."""
    nth = getattr(rule, "source_line", None) if isinstance(rule, WinRule) else getattr(
        rule, "line", None)
    return (nth if nth is not None else i) + 1


def source(table: str, i: int, rule: Any, keys: str) -> str:
    """How a line names the rule entry it says: '[[rules.move]] 2: type, along'."""
    return f"[[rules.{table}]] {entry(i, rule)}: {keys}"


class Words:
    """The words of one game under its options: the board's noun, its sides and pieces, and
    how a space set, a relation and a side are said."""

    def __init__(self, game: GameSpec, rules: RuleSet, options: Mapping[str, Any]) -> None:
        self.game, self.rules, self.opts = game, rules, options
        self.board = game.board(options)
        live = [s for s in self.board.spaces if s.kind != "dead" and s.colour != "unused"]
        kind = Counter(s.kind for s in live).most_common(1)[0][0]
        self.noun = P.NOUNS.get(kind, kind)
        self.live = live
        self.colours = {s.colour for s in self.board.spaces}
        self.kinds = {s.kind for s in self.board.spaces}
        self.comps = game.components(options)

    def fill(self, key: str, **fields: Any) -> str:
        """A template filled in, with the board's noun always at hand."""
        text = P.TEMPLATES[key].format(**{"noun": self.noun, "nouns": plural(self.noun),
                                          **fields})
        return re.sub(r"\b([Aa]) (?=[aeiouAEIOU])", r"\1n ", text)

    def how(self, along: tuple[str, ...], line: bool = False) -> str:
        """The relations a rule works along, in the board's words."""
        words = []
        for rel in along:
            pair = P.RELATIONS.get(rel, (f"along the {rel} lines", f"along the {rel} lines"))
            words.append(pair[line].format(noun=self.noun, nouns=plural(self.noun)))
        return join(words, "or")

    def joined(self, along: tuple[str, ...]) -> str:
        """How two pieces next to each other along these relations are said."""
        return join([P.JOINED.get(r, f"along the {r} lines") for r in along], "or")

    def where(self, words: tuple[str, ...], empty: bool = False) -> str:
        """A space set in words: 'an empty dark square', 'the far row', '`a1`'."""
        if not words:
            return f"any empty {self.noun}" if empty else f"any {self.noun}"
        said = [self._word(w, empty) for w in words]
        return join(said, "or")

    def _word(self, w: str, empty: bool) -> str:
        zones = dict(self.rules.zones)
        if w in P.PLACES:
            return P.PLACES[w]
        if w in zones:
            return f"the {w.replace('-', ' ')} zone"
        if w in self.colours or w in self.kinds:
            noun = self.noun if w in self.colours else ""
            text = " ".join(x for x in ("empty" if empty else "", w, noun) if x)
            return f"{article(text)} {text}"
        return f"`{w}`"

    def piece(self, kinds: tuple[str, ...] = ()) -> str:
        """A rule's pieces in a word: its kinds, else the only kind the sides own, else
        'piece'."""
        owned = sorted({c.kind for c in self.comps if c.side in self.rules.sides})
        chosen = list(kinds) or (owned if len(owned) == 1 else [])
        return join([self.word(k) for k in chosen], "or") if chosen else "piece"

    def word(self, kind: str) -> str:
        """What the components call a kind: the word their labels share after the side's
        name ('black counter', 'white counter': counter), else the kind itself."""
        words = {c.label.split(" ", 1)[1] if c.label.lower().startswith(c.side.lower() + " ")
                 else "" for c in self.comps if c.kind == kind and c.side in self.rules.sides}
        only = words.pop() if len(words) == 1 else ""
        return only if only and " " not in only else kind

    def pieces(self, kinds: tuple[str, ...] = ()) -> str:
        """A rule's pieces in the plural: 'men or kings', 'pieces'."""
        return join([plural(k) for k in self.piece(kinds).split(" or ")], "or")

    def sides(self, names: tuple[str, ...] = ()) -> str:
        """Sides as printed: 'Black and White'."""
        return join([side_name(s) for s in (names or self.rules.sides)])

    def only(self, guard_sides: tuple[str, ...], text: str) -> str:
        """A sentence of an entry for some sides only, said so."""
        if not guard_sides or set(guard_sides) >= set(self.rules.sides):
            return text
        return f"{self.sides(guard_sides)} only: {text[:1].lower()}{text[1:]}"
