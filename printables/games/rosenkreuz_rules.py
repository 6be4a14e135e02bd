"""Rosenkreuz rules engine: steps, jumps, minor/major/attainment capture, suicide, wins.

Rulings (GAMES.md section 1, plus those this engine had to make where the text is open):

- Each player moves pieces of their own symbol ("side"); a piece's kind is its colour.
- A step goes to any of the eight neighbouring squares. A jump leaps over one friendly piece
  or an unbroken line of them (friendly: the mover's symbol, either colour) and lands on the
  first square after the line. Steps and jumps land on an empty square, or on an opponent
  piece that can be taken by minor capture. One direction gives at most one move.
- Forward (straight or diagonal) moves are always allowed; sideways and backward ones only
  when the move takes at least one opponent piece (minor, major or attainment). Losing own
  pieces by suicide does not count as taking.
- Inside one move: minor capture, then major capture or suicide (judged on the one group of
  the moved piece's colour that holds it), then attainment capture.
- Winning ends the move at once: when a step of the move leaves either side without pieces
  of one colour, the later steps are skipped (a minor capture that takes the opponent's last
  light piece is not followed by suicide, nor by attainment).
- Attainment capture is compulsory: a surviving piece on the far rank always takes one
  opponent piece (any colour, anywhere), then is relocated to an empty square of its own
  colour on the rank nearest its owner's edge that has one. The choice of square happens
  after the take, so the square just emptied counts; the far-rank square the piece stands on
  does not. If no such square exists anywhere the piece stays where it is (`X-Y xZ`).
  Relocating sets off no further capture.
- Suicide removes the mover's own pieces; `captures` lists only opponent pieces the mover took.
- Win: a side without dark pieces or without light pieces has lost (even through its own
  suicide); a side to move with no legal move has lost.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from types import MappingProxyType

from printables.boards import Board
from printables.boards.square import parse_square, square_name
from printables.games.model import Move, Outcome, Piece, Position, next_side

SIDES = ("rose", "cross")
COLOURS = ("dark", "light")
PIECES_PER_COLOUR = 7
#: Rank step of a forward move (rank index grows up the board).
FORWARD = {"rose": 1, "cross": -1}
#: The eight directions (file step, rank step), in a fixed order.
DIRECTIONS = ((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1))
ORTHOGONAL = "orthogonal"


#: The opponent of a side (games.model.next_side over this game's two sides).
other = partial(next_side, sides=SIDES)


def _size(board: Board) -> int:
    """Files (= ranks) of the square board."""
    return int(round(len(board.spaces) ** 0.5))


def far_rank(board: Board, side: str) -> int:
    """0-based rank a side's pieces must reach for attainment capture."""
    return _size(board) - 1 if FORWARD[side] > 0 else 0


def home_ranks(board: Board, side: str) -> tuple[int, ...]:
    """0-based ranks ordered from the side's own edge to the far edge."""
    ranks = tuple(range(_size(board)))
    return ranks if FORWARD[side] > 0 else ranks[::-1]


@lru_cache(maxsize=8)
def rays(board: Board) -> Mapping[str, tuple[tuple[int, tuple[str, ...]], ...]]:
    """square -> (rank step, squares outward to the edge) for each of the eight directions."""
    n = _size(board)
    out = {}
    for name in board.names:
        f, r = parse_square(name)
        lines = []
        for df, dr in DIRECTIONS:
            line = []
            k = 1
            while 0 <= f + k * df < n and 0 <= r + k * dr < n:
                line.append(square_name(f + k * df, r + k * dr))
                k += 1
            lines.append((dr, tuple(line)))
        out[name] = tuple(lines)
    return MappingProxyType(out)


def minor_capturable(board: Board, mover: Piece, square: str, victim: Piece | None) -> bool:
    """True when mover may land on square by minor capture of victim standing there."""
    colour = board.space(square).colour
    return (victim is not None and victim.side != mover.side and victim.kind != colour
            and mover.kind == colour)


def colour_loser(pieces: Mapping[str, Piece]) -> tuple[str, ...]:
    """Sides (in side order) that have no pieces left of some colour."""
    have = {(p.side, p.kind) for p in pieces.values()}
    return tuple(s for s in SIDES if any((s, c) not in have for c in COLOURS))


def group_of(board: Board, pieces: Mapping[str, Piece], start: str) -> tuple[str, ...]:
    """The orthogonally connected pieces of start's colour (any symbol) holding start, sorted."""
    colour = pieces[start].kind
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for n in board.neighbours(here, ORTHOGONAL):
            if n not in seen and n in pieces and pieces[n].kind == colour:
                seen.add(n)
                todo.append(n)
    return tuple(sorted(seen))


def _touching(board: Board, squares: tuple[str, ...], others: tuple[str, ...]) -> list[str]:
    """Those of squares orthogonally next to at least one of others."""
    near = set(others)
    return [s for s in squares if any(n in near for n in board.neighbours(s, ORTHOGONAL))]


@dataclass(frozen=True)
class Landing:
    """A move resolved up to (not including) attainment capture.

    pieces: the placement after minor capture and major capture or suicide.
    captures: opponent squares taken so far. attains: the moved piece survived on the far
    rank and the game goes on, so an attainment capture follows.
    """

    pieces: Mapping[str, Piece]
    captures: tuple[str, ...]
    attains: bool


def _gone(pieces: Mapping[str, Piece], lost: list[Piece]) -> bool:
    """True when some piece kind in lost has no piece of its side and colour left."""
    if not lost:
        return False
    left = set(pieces.values())
    return any(p not in left for p in lost)


def _major(board: Board, pieces: dict[str, Piece], side: str,
           target: str) -> list[tuple[str, Piece]]:
    """Apply major capture or suicide in place; return the squares emptied with their pieces."""
    group = group_of(board, pieces, target)
    mine = tuple(s for s in group if pieces[s].side == side)
    theirs = tuple(s for s in group if pieces[s].side != side)
    if not theirs or len(mine) == len(theirs):
        return []
    removed = (_touching(board, theirs, mine) if len(mine) > len(theirs)
               else _touching(board, mine, theirs))
    return [(s, pieces.pop(s)) for s in removed]


def land(board: Board, pieces: Mapping[str, Piece], origin: str, target: str) -> Landing:
    """Move the piece on origin to target and settle minor, then major capture or suicide.

    The move stops as soon as a side has lost every piece of one colour.
    """
    new = dict(pieces)
    mover = new.pop(origin)
    victim = new.get(target)
    new[target] = mover
    captures = [target] if victim is not None else []
    if victim is not None and _gone(new, [victim]):
        return Landing(new, tuple(captures), False)
    removed = _major(board, new, mover.side, target)
    captures += [s for s, p in removed if p.side != mover.side]
    attains = (new.get(target) == mover and not _gone(new, [p for _, p in removed])
               and parse_square(target)[1] == far_rank(board, mover.side))
    return Landing(new, tuple(captures), attains)


def targets(board: Board, pieces: Mapping[str, Piece], origin: str) -> Iterator[tuple[str, int]]:
    """(target, rank step) of every step or jump geometry allows from origin, in order."""
    mover = pieces[origin]
    for dr, line in rays(board)[origin]:
        k = 0
        while k < len(line) and line[k] in pieces and pieces[line[k]].side == mover.side:
            k += 1
        if k < len(line) and (line[k] not in pieces
                              or minor_capturable(board, mover, line[k], pieces[line[k]])):
            yield line[k], dr


def relocations(board: Board, pieces: Mapping[str, Piece], square: str) -> tuple[str, ...]:
    """Where the piece on square (on the far rank) may be relocated: empty squares of its
    colour on the nearest rank to its owner's edge that has one (never its own square)."""
    piece = pieces[square]
    for rank in home_ranks(board, piece.side):
        found = tuple(square_name(f, rank) for f in range(_size(board))
                      if square_name(f, rank) not in pieces
                      and board.space(square_name(f, rank)).colour == piece.kind)
        if found:
            return found
    return ()


def attainments(board: Board, landing: Landing, target: str) -> Iterator[tuple[str, str | None]]:
    """Every (take, relocate) choice of an attainment capture, in board order."""
    side = landing.pieces[target].side
    for victim in board.names:
        piece = landing.pieces.get(victim)
        if piece is None or piece.side == side:
            continue
        after = {s: p for s, p in landing.pieces.items() if s != victim}
        spots = relocations(board, after, target)
        if not spots:
            yield victim, None
        for spot in spots:
            yield victim, spot


def iter_moves(board: Board, pos: Position) -> Iterator[Move]:
    """Every legal move of the side to move, in a deterministic order (none if game over)."""
    if colour_loser(pos.pieces):
        return
    side = pos.to_move
    for origin in board.names:
        piece = pos.pieces.get(origin)
        if piece is None or piece.side != side:
            continue
        for target, dr in targets(board, pos.pieces, origin):
            landing = land(board, pos.pieces, origin, target)
            if landing.attains:
                for take, spot in attainments(board, landing, target):
                    yield Move(path=(origin, target), take=take, relocate=spot)
            elif dr == FORWARD[side] or landing.captures:
                yield Move(path=(origin, target))


def legal_moves(board: Board, pos: Position) -> list[Move]:
    """All legal moves for pos.to_move ([] when the game is over)."""
    return list(iter_moves(board, pos))


def play(board: Board, pos: Position, move: Move) -> Outcome:
    """Apply a legal move: captures, suicide, attainment; the other side moves next."""
    origin, target = move.path
    landing = land(board, pos.pieces, origin, target)
    if landing.attains != (move.take is not None):
        raise ValueError(f"move {move} does not fit the attainment rule here")
    pieces = dict(landing.pieces)
    captures = list(landing.captures)
    if move.take is not None:
        del pieces[move.take]
        captures.append(move.take)
        if move.relocate is not None:
            pieces[move.relocate] = pieces.pop(target)
    return Outcome(pos.with_(pieces=pieces, to_move=other(pos.to_move)),
                   tuple(sorted(captures)))


def winner(board: Board, pos: Position) -> str | None:
    """The winning side, or None while the game goes on (or when both sides lost a colour)."""
    losers = colour_loser(pos.pieces)
    if len(losers) == 1:
        return other(losers[0])
    if losers:
        return None
    if next(iter_moves(board, pos), None) is None:
        return other(pos.to_move)
    return None


def position_problems(board: Board, pos: Position) -> Iterator[str]:
    """Why pos cannot occur in a game."""
    for side in SIDES:
        for colour in COLOURS:
            n = sum(1 for p in pos.pieces.values() if p == (side, colour))
            if n > PIECES_PER_COLOUR:
                yield f"{n} {colour} {side} pieces; the game has {PIECES_PER_COLOUR}"
    for square, piece in pos.pieces.items():
        if piece.side not in SIDES or piece.kind not in COLOURS or not board.has(square):
            yield f"{square}: {piece} is not a Rosenkreuz piece on the board"
    if len(colour_loser(pos.pieces)) == 2:
        yield "both sides have lost every piece of one colour; the game ends at the first"


