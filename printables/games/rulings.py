"""Rulings a game declares for a game stopped at the ply cap (GameSpec.adjudicate).

A ruling takes the board and the position reached and names the winning side or "draw".
Every playout kernel (the reference one over the rules engine, the pure-Python and the
compiled ones) scores a capped game by its game's ruling, so a game has one ruling however
it is played. These are our rulings, not the designers': the games' own rules end every
game by the rules, but self-play has to stop somewhere.

Rulings (ours): `more_pieces` gives the game to the side with more pieces on the board
(Dugi's counters, Chameleons' chameleons, Rosenkreuz's pieces of both colours);
`more_markers` to the side holding more markers (EVL's pentagons). Equal counts draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from printables.boards import Board
from printables.games.model import Position


def most(owners: Iterable[str]) -> str:
    """The side that owns the most of owners (one entry per thing owned); "draw" when two
    sides tie for the most or nobody owns anything.

    >>> most(["black", "white", "black"]), most(["white"]), most(["a", "b"]), most([])
    ('black', 'white', 'draw', 'draw')
    """
    ranked = Counter(owners).most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return "draw"
    return ranked[0][0]


def more_pieces(board: Board, pos: Position) -> str:
    """More pieces on the board wins; equal counts draw (our ruling)."""
    return most(p.side for p in pos.pieces.values())


def more_markers(board: Board, pos: Position) -> str:
    """More markers held wins; equal counts draw (our ruling)."""
    return most(pos.markers.values())
