"""InHand: the placement of a [rules] game whose pieces enter from a hand (a piece per
space, as OnSpaces, plus a hand per placing side).

A position file's [hand] gives side -> pieces of its placed kind not yet placed (``neutral``:
the neutral supply); a side it leaves out gets its component count less its pieces of that
kind on the board, so every position holds every hand in full and equal positions compare
equal. Rulings (ours): captured pieces go to the box, never back to a hand, so a hand may
be smaller than that default (a file says so with [hand]); a check's `after` compares the
pieces and the side to move, not the hands (they follow from the moves).
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
    Position,
    Shown,
    Source,
    read_side,
)


@dataclass(frozen=True)
class InHand:
    """A piece per space, and a hand for each side that places (placed: side -> kind)."""

    placed: tuple[tuple[str, str], ...]
    tables: tuple[str, ...] = ("pieces", "hand")

    def read(self, r: Source, game: GameSpec, board: Board, data: Mapping[str, Any],
             options: Mapping[str, Any]) -> Contents:
        """[pieces] as OnSpaces reads it, and [hand] side -> count (default: the side's
        components of its placed kind less those on the board)."""
        out = OnSpaces().read(r, game, board, data, options)
        kinds = dict(self.placed)
        hand: dict[str, int] = {}
        for side, count in r.table(data, "hand").items():
            read_side(r, game, side, "[hand]")
            if side not in kinds:
                raise r.fail(f"[hand] {side} places no pieces in this game; sides with a "
                             f"hand: {', '.join(kinds)}", key=side)
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 10**6:
                raise r.fail(f"hand of {side} must be a whole number >= 0", key=side)
            hand[side] = count
        pieces = out["pieces"]
        for side, kind in self.placed:
            if side not in hand:
                on = sum(1 for p in pieces.values() if (p.side, p.kind) == (side, kind))
                hand[side] = max(0, supply(game, options, side, kind) - on)
        return {"pieces": pieces, "hand": hand}

    def count_problem(self, game: GameSpec, pos: Position) -> tuple[str, str] | None:
        """More pieces (board and hand) of a kind than the game has."""
        problem = OnSpaces().count_problem(game, pos)
        if problem is not None or game.flipping_pieces:
            return problem
        for side, kind in self.placed:
            n = pos.hand.get(side, 0) + sum(1 for p in pos.pieces.values()
                                            if (p.side, p.kind) == (side, kind))
            have = supply(game, pos.options, side, kind)
            if n > have:
                return (f"{side} has {n} {kind}s on the board and in hand; the game has "
                        f"{have}", "hand")
        return None

    def compared(self, pos: Position) -> Contents:
        """Every space's piece."""
        return OnSpaces().compared(pos)

    def off_board(self, pos: Position, c: Component) -> int:
        """The component's count less its pieces on the board (in hand or in the box)."""
        return OnSpaces().off_board(pos, c)

    def shown(self, board: Board, pos: Position) -> Iterator[Shown]:
        """Each piece, seen from above."""
        return OnSpaces().shown(board, pos)


def supply(game: GameSpec, options: Mapping[str, Any], side: str, kind: str) -> int:
    """How many pieces of a kind a side has in all (its components)."""
    return sum(c.count for c in game.components(game.options(options))
               if (c.side, c.kind) == (side, kind))
