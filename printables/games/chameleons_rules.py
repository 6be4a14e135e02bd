"""Chameleons rules engine: steps, compulsory jumps (chains), colour changes, wins.

The board (built in games/chameleons.py from boards.square.spiral_arms): 48 cells coloured
as two interlocking spiral arms, Dark's winding in from a1 (a1-g1, g2-g6, f6-b6, b5-b3,
c3-e3, e4) and Light's from g7 (its half turn), with the spiral d4 where they meet. The
engine reads each space's colour from the board, so a step along an arm keeps a
chameleon's colour underfoot and a step across the boundary changes it. Source of the
colouring: the game's definition in the Ludii game system, credited there to World of
Abstract Games. Setup: every cell of an arm holds a chameleon of that arm's colour, d4
empty; either side to move then has exactly four moves, all jumps onto d4.

Our rulings (the published rules do not settle them): Dark moves first; a side with no
legal move on its turn loses.

Terms used below (GAMES.md section 2):
- A space is *opposing* for a side when its colour is not the side's name; the spiral
  (colour ``spiral``) is opposing for both sides.
- A piece of the side to move standing on an opposing space is *on notice*. The status is
  read from the position at the start of the turn, so no extra state is needed.
- After a step, or after the first jump of a chain, every piece on notice except the moving
  one changes sides. The moving piece is judged where its move ends: if it started on notice
  and ends on an opposing space, it changes sides on landing (also when a chain brings it
  back to its starting space); the spaces it passes through on the way do not count.
- A jumped piece leaves the board at once, so a chain may later land where it stood.
- A win by elimination is judged once the whole move is over: a side left without pieces
  after a capture may regain one from a piece that changed sides during the same move.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache, partial

from printables.boards import Board
from printables.boards.square import parse_square, square_name
from printables.games.model import Move, Outcome, Piece, Position, next_side

SIDES = ("dark", "light")
KIND = "chameleon"
TOTAL_PIECES = 48

#: The eight directions, in a fixed order (file step, rank step).
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


#: The opponent of a side (games.model.next_side over this game's two sides).
other = partial(next_side, sides=SIDES)


def opposing(board: Board, space: str, side: str) -> bool:
    """True when the space is not of the side's colour (the spiral never is)."""
    return board.space(space).colour != side


@cache
def _geometry(board: Board) -> tuple[Mapping[str, tuple[str, ...]],
                                     Mapping[str, tuple[tuple[str, str], ...]]]:
    """Per space: the step targets and the (jumped-over, landing) pairs, in DIRECTIONS order."""
    steps: dict[str, tuple[str, ...]] = {}
    jumps: dict[str, tuple[tuple[str, str], ...]] = {}
    for name in board.names:
        f, r = parse_square(name)
        near, far = [], []
        for df, dr in DIRECTIONS:
            a, b = (f + df, r + dr), (f + 2 * df, r + 2 * dr)
            if _on_board(board, *a):
                near.append(square_name(*a))
                if _on_board(board, *b):
                    far.append((square_name(*a), square_name(*b)))
        steps[name], jumps[name] = tuple(near), tuple(far)
    return steps, jumps


def _on_board(board: Board, f: int, r: int) -> bool:
    return f >= 0 and r >= 0 and f < 26 and board.has(square_name(f, r))


def on_notice(board: Board, pos: Position) -> tuple[str, ...]:
    """Spaces of the side to move's pieces that stand on opposing spaces (board order)."""
    side = pos.to_move
    return tuple(s for s in board.names
                 if (p := pos.pieces.get(s)) is not None and p.side == side
                 and opposing(board, s, side))


def _flip(pieces: dict[str, Piece], space: str) -> None:
    p = pieces[space]
    pieces[space] = Piece(other(p.side), p.kind)


def _flip_notice(pieces: dict[str, Piece], notice: tuple[str, ...], mover: str) -> None:
    """Change sides of every piece on notice that is not the moving piece (in place)."""
    for s in notice:
        if s != mover:
            _flip(pieces, s)


def _chains(board: Board, pieces: dict[str, Piece], side: str, at: str, path: tuple[str, ...],
            notice: tuple[str, ...], out: list[Move]) -> None:
    """Append every jump chain that extends path (the piece stands on `at`) to out."""
    _, jumps = _geometry(board)
    for over, land in jumps[at]:
        victim = pieces.get(over)
        if victim is None or victim.side == side or land in pieces:
            continue
        nxt = dict(pieces)
        del nxt[over]
        nxt[land] = nxt.pop(at)
        if len(path) == 1:
            _flip_notice(nxt, notice, path[0])
        new_path = path + (land,)
        out.append(Move(path=new_path))
        _chains(board, nxt, side, land, new_path, notice, out)


def eliminated(pos: Position) -> str | None:
    """The side that has no chameleon left while the other has some, or None."""
    counts = {s: 0 for s in SIDES}
    for p in pos.pieces.values():
        if p.side in counts:
            counts[p.side] += 1
    empty = [s for s in SIDES if counts[s] == 0]
    return empty[0] if len(empty) == 1 else None


def generate_moves(board: Board, pos: Position) -> list[Move]:
    """Jump chains (every prefix is a move) when any first jump exists, else steps."""
    side = pos.to_move
    pieces = dict(pos.pieces)
    notice = on_notice(board, pos)
    jumps: list[Move] = []
    for s in board.names:
        p = pieces.get(s)
        if p is not None and p.side == side:
            _chains(board, pieces, side, s, (s,), notice, jumps)
    if jumps:
        return jumps
    steps, _ = _geometry(board)
    return [Move(path=(s, t)) for s in board.names
            if (p := pieces.get(s)) is not None and p.side == side
            for t in steps[s] if t not in pieces]


def legal_moves(board: Board, pos: Position) -> list[Move]:
    """Every legal move for the side to move; none once a side has no chameleons."""
    if eliminated(pos) is not None:
        return []
    return generate_moves(board, pos)


def play(board: Board, pos: Position, move: Move) -> Outcome:
    """Apply a legal step or jump chain, with its captures and colour changes."""
    side = pos.to_move
    notice = on_notice(board, pos)
    pieces = dict(pos.pieces)
    start, path = move.path[0], move.path
    steps, _ = _geometry(board)
    captures: list[str] = []
    if len(path) == 2 and path[1] in steps[start]:
        pieces[path[1]] = pieces.pop(start)
        _flip_notice(pieces, notice, start)
    else:
        for i, (a, b) in enumerate(zip(path, path[1:])):
            fa, ra = parse_square(a)
            fb, rb = parse_square(b)
            over = square_name((fa + fb) // 2, (ra + rb) // 2)
            del pieces[over]
            captures.append(over)
            pieces[b] = pieces.pop(a)
            if i == 0:
                _flip_notice(pieces, notice, start)
    end = path[-1]
    if start in notice and opposing(board, end, side):
        _flip(pieces, end)
    return Outcome(pos.with_(pieces=pieces, to_move=other(side)), tuple(sorted(captures)))


def winner(board: Board, pos: Position) -> str | None:
    """The side whose opponent has no chameleons, or the opponent of a side that cannot move."""
    out = eliminated(pos)
    if out is not None:
        return other(out)
    if not any(p.side in SIDES for p in pos.pieces.values()):
        return None
    if not generate_moves(board, pos):
        return other(pos.to_move)
    return None


def position_problems(board: Board, pos: Position) -> Iterator[str]:
    """Why the position cannot occur in a game, every reason.

    Besides piece kinds and counts: at the end of a turn the side that just moved keeps at
    most one piece on an opposing space (the piece it moved), because every other piece it
    had on notice has changed sides by then.
    """
    strange = [s for s in sorted(pos.pieces)
               if pos.pieces[s].side not in SIDES or pos.pieces[s].kind != KIND]
    for s in strange:
        p = pos.pieces[s]
        yield f"{s} holds {p.side} {p.kind}; pieces are dark or light chameleons"
    if len(pos.pieces) > TOTAL_PIECES:
        yield f"{len(pos.pieces)} chameleons on the board; the game has {TOTAL_PIECES}"
    if not pos.pieces:
        yield "no chameleons on the board"
    if strange or not pos.pieces:
        return
    last = other(pos.to_move)
    exposed = [s for s in board.names
               if (q := pos.pieces.get(s)) is not None and q.side == last
               and opposing(board, s, last)]
    if len(exposed) > 1:
        yield (f"{last} just moved but has {len(exposed)} chameleons on opposing spaces "
               f"({', '.join(exposed)}); at most the moved one can stand there")


