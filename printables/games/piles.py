"""Several pieces on one space: counts (Oware's four seeds in a pit) and ordered stacks (a
column of men), for a game file that says ``piles = true``.

The placement reads what OnSpaces reads, and more:

- [pieces]: side -> spaces, or side -> kind -> spaces, as for OnSpaces; a kind may instead
  map spaces to counts (``seed = { b1 = 4, c1 = 4 }``);
- [stacks]: space -> its pieces bottom to top, each written as the side (when the side has
  one kind) or "SIDE KIND" (``e5 = ["white", "black king"]``).

Rulings (ours): a space holding one piece is in Position.pieces, as in every other game, so
an engine that knows one piece per space reads it; a space holding two or more is in
Position.piles, bottom to top; a count of 0 leaves the space empty; a space may not appear
both in [pieces] and in [stacks], nor twice. A diagram draws a pile of alike pieces as one
piece with the count beside it, and a mixed stack from the side (as EVL's).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from printables.boards import Board
from printables.games.model import (
    Component,
    Contents,
    GameSpec,
    OnSpaces,
    Piece,
    Position,
    Shown,
    Source,
    kind_entries,
    read_side,
    read_space,
)

#: Most pieces one count or stack may put on a space.
MOST = 500


@dataclass(frozen=True)
class Piles(OnSpaces):
    """A piece per space, or several: counts and ordered stacks (see the module docstring)."""

    tables: tuple[str, ...] = ("pieces", "stacks")

    def read(self, r: Source, game: GameSpec, board: Board, data: Mapping[str, Any],
             options: Mapping[str, Any]) -> Contents:
        """[pieces] with counts, and [stacks]."""
        on: dict[str, list[Piece]] = {}
        for side, spec in r.table(data, "pieces").items():
            read_side(r, game, side, "[pieces]")
            for kind, where in kind_entries(r, game, side, spec):
                for name, n in _spaces(r, where, f"pieces.{side}.{kind}"):
                    read_space(r, board, game, name)
                    if name in on:
                        raise r.fail(f"space {name!r} is given twice; give its pieces in one "
                                     "place (a count, or a stack)", value=name, nth=2)
                    on[name] = [Piece(side, kind)] * n
        for name, stack in r.table(data, "stacks").items():
            read_space(r, board, game, name)
            if name in on:
                raise r.fail(f"space {name!r} is given in [pieces] and in [stacks]; keep one",
                             key=name)
            on[name] = _stack(r, game, name, stack)
        pieces = {s: ps[0] for s, ps in on.items() if len(ps) == 1}
        piles = {s: tuple(ps) for s, ps in on.items() if len(ps) > 1}
        return {"pieces": pieces, "piles": piles}

    def count_problem(self, game: GameSpec, pos: Position) -> tuple[str, str] | None:
        """More pieces of a component on the board than it counts."""
        for c in game.components(pos.options):
            n = self._on_board(pos, c)
            if n > c.count:
                return f"{n} {c.label}s on the board; the game has {c.count}", "pieces"
        return None

    def compared(self, pos: Position) -> Contents:
        """Every space's piece and every pile."""
        return {"pieces": {k: tuple(v) for k, v in sorted(pos.pieces.items())},
                "piles": {k: tuple(map(tuple, v)) for k, v in sorted(pos.piles.items())}}

    @staticmethod
    def _on_board(pos: Position, c: Component) -> int:
        own = Piece(c.side, c.kind)
        return sum(1 for p in pos.pieces.values() if p == own) + sum(
            pile.count(own) for pile in pos.piles.values())

    def off_board(self, pos: Position, c: Component) -> int:
        """The component's count less its pieces on the board (piles included)."""
        return max(0, c.count - self._on_board(pos, c))

    def shown(self, board: Board, pos: Position) -> Iterator[Shown]:
        """Each piece from above; each pile of alike pieces as one with its count; each
        mixed stack from the side."""
        for name in board.names:
            if name in pos.pieces:
                yield Shown(name, *pos.pieces[name])
            elif name in pos.piles:
                pile = pos.piles[name]
                top = pile[-1]
                if all(p == top for p in pile):
                    yield Shown(name, top.side, top.kind, number=len(pile))
                else:
                    yield Shown(name, top.side, top.kind, tuple(p.side for p in pile),
                                kinds=tuple(p.kind for p in pile))


def _spaces(r: Source, where: Any, what: str) -> list[tuple[str, int]]:
    """A list of spaces (one piece each) or a table space -> count."""
    if not isinstance(where, Mapping):
        return [(name, 1) for name in r.string_list(where, what)]
    out = []
    for name, n in where.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MOST:
            raise r.fail(f"{what}: the count on {name} must be a whole number 0..{MOST}",
                         key=name)
        if n:
            out.append((name, n))
    return out


def _stack(r: Source, game: GameSpec, name: str, stack: Any) -> list[Piece]:
    """A stack's pieces, bottom to top, each "SIDE" or "SIDE KIND"."""
    if (not isinstance(stack, list) or not 2 <= len(stack) <= MOST
            or not all(isinstance(x, str) for x in stack)):
        raise r.fail(f"[stacks] {name} must list two or more pieces bottom to top, each a "
                     "side or \"SIDE KIND\", such as [\"white\", \"black king\"]", key=name)
    out = []
    for text in stack:
        side, _, kind = text.partition(" ")
        read_side(r, game, side, f"[stacks] {name}")
        kinds = game.kinds[side]
        if not kind and len(kinds) != 1:
            raise r.fail(f"[stacks] {name}: {text!r} needs its kind, \"{side} KIND\"; kinds: "
                         f"{', '.join(kinds)}", value=text)
        kind = kind or kinds[0]
        if kind not in kinds:
            raise r.fail(f"[stacks] {name}: unknown kind {kind!r} for {side}; kinds: "
                         f"{', '.join(kinds)}", value=text)
        out.append(Piece(side, kind))
    return out
