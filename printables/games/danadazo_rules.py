"""Danadazo rules engine: moves along segments, custodian captures, barriers, wins.

The rules, as seed 001 and the GAMES.md rulings give them (our wording):

- Pawns and guards step one space crosspoint or crosscorner onto an empty space. A guard
  may also step one space crosscell, but only when no enemy piece stands crosspoint or
  crosscorner next to the space it leaves, and only when the step would capture nothing.
- A general slides any distance crosspoint over empty spaces, following its line round a
  bend ("rounding"), or steps one space crosscorner.
- Custodian capture: after the move, an enemy piece next to the moved piece is taken when
  a friendly piece (any kind) stands beyond it on the same straight line of three spaces:
  a crosspoint line (``board.data["line"]``, round a bend too) or a crosscorner staircase
  (``board.data["diagonal"]``). Only the side that moves captures, and only with the moved
  piece; a piece may stand between two enemies safely.
- The defender's general is taken that way only while at most one defender guard is on
  the board (counted before the move).
- No move may leave four pieces of the mover's side round an interior lattice point when
  one of the four is a guard or a general (a forbidden barrier).
- Win: capture the opposing general(s). A side reduced to a lone general draws when it
  survives 20 moves (plies) counted from its next move: ``state["lone_general_moves"]``
  holds the plies played since then (and goes when that general is taken). A side to
  move without a legal move loses (ruling).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import partial

from printables.boards import Board
from printables.games.model import Move, Outcome, Piece, Position, next_side

SIDES = ("attacker", "defender")
LONE_KEY = "lone_general_moves"
#: Plies a lone general must survive to draw (ten per player).
LONE_LIMIT = 20
#: The defender's general can be captured once this many guards or fewer remain.
GUARD_LIMIT = 1
#: How many pieces of each (side, kind) the game has.
COUNTS = {("attacker", "pawn"): 12, ("attacker", "general"): 2, ("defender", "pawn"): 6,
          ("defender", "guard"): 6, ("defender", "general"): 1}

Pieces = Mapping[str, Piece]


#: The opponent of a side (games.model.next_side over this game's two sides).
other = partial(next_side, sides=SIDES)


def guards(pieces: Pieces) -> int:
    """How many defender guards are on the board."""
    return sum(1 for p in pieces.values() if p == ("defender", "guard"))


def generals(pieces: Pieces, side: str) -> int:
    """How many generals side has on the board."""
    return sum(1 for p in pieces.values() if p == (side, "general"))


def lone_side(pieces: Pieces) -> str | None:
    """The side reduced to a single general and nothing else, if any (attacker first)."""
    for side in SIDES:
        own = [p for p in pieces.values() if p.side == side]
        if len(own) == 1 and own[0].kind == "general":
            return side
    return None


def captures_at(board: Board, pieces: Pieces, at: str) -> list[str]:
    """Enemy spaces the piece standing on `at` sandwiches against a friend, sorted."""
    side = pieces[at].side
    found = []
    for relation, key in (("crosspoint", "line"), ("crosscorner", "diagonal")):
        cont = board.data[key]
        for victim_at in board.neighbours(at, relation):
            victim = pieces.get(victim_at)
            if victim is None or victim.side == side:
                continue
            beyond = pieces.get(cont.get((at, victim_at), ""))
            if beyond is None or beyond.side != side:
                continue
            if victim == ("defender", "general") and guards(pieces) > GUARD_LIMIT:
                continue
            found.append(victim_at)
    return sorted(set(found))


def forbidden_barrier(board: Board, pieces: Pieces, side: str) -> str | None:
    """An interior point surrounded by four pieces of side including a non-pawn, or None."""
    for point in board.data["interior_points"]:
        four = [pieces.get(s) for s in board.data["points"][point]]
        if all(p is not None and p.side == side for p in four) and \
                any(p is not None and p.kind != "pawn" for p in four):
            return str(point)
    return None


def closes_barrier(board: Board, pieces: Pieces, origin: str, target: str) -> bool:
    """True when moving the piece on origin to target closes a forbidden barrier.

    A barrier that was not there before must include the moved piece, so only the points
    at the target's ends are looked at.
    """
    mover = pieces[origin]
    points = board.data["points"]
    for point in board.data["ends"][target]:
        four = points[point]
        if len(four) != 4 or origin in four:
            continue
        strong = mover.kind != "pawn"
        for space in four:
            if space == target:
                continue
            p = pieces.get(space)
            if p is None or p.side != mover.side:
                break
            strong = strong or p.kind != "pawn"
        else:
            if strong:
                return True
    return False


def _slides(board: Board, pieces: Pieces, origin: str) -> list[str]:
    """Empty spaces a general reaches crosspoint, nearest first, one line after the other."""
    out = []
    for first in board.neighbours(origin, "crosspoint"):
        prev, cur = origin, first
        while cur is not None and cur not in pieces:
            out.append(cur)
            prev, cur = cur, board.data["line"].get((prev, cur))
    return out


def _moved(pieces: Pieces, origin: str, target: str) -> dict[str, Piece]:
    new = dict(pieces)
    new[target] = new.pop(origin)
    return new


def _guard_crosscell(board: Board, pieces: Pieces, origin: str) -> list[str]:
    """Crosscell steps of the guard on origin (no enemy next to origin, no capture)."""
    side = pieces[origin].side
    near = board.neighbours(origin, "crosspoint") + board.neighbours(origin, "crosscorner")
    if any(s in pieces and pieces[s].side != side for s in near):
        return []
    return [t for t in board.neighbours(origin, "crosscell")
            if t not in pieces and not captures_at(board, _moved(pieces, origin, t), t)]


def targets(board: Board, pieces: Pieces, origin: str) -> list[str]:
    """Every space the piece on origin may move to, before the barrier rule."""
    kind = pieces[origin].kind
    if kind == "general":
        out = _slides(board, pieces, origin)
    else:
        out = [t for t in board.neighbours(origin, "crosspoint") if t not in pieces]
    out += [t for t in board.neighbours(origin, "crosscorner") if t not in pieces]
    if kind == "guard":
        out += _guard_crosscell(board, pieces, origin)
    return out


def _decided(pos: Position) -> str | None:
    """The winner by generals or the lone-general draw, ignoring move availability."""
    if generals(pos.pieces, "defender") == 0:
        return "attacker"
    if generals(pos.pieces, "attacker") == 0:
        return "defender"
    if lone_side(pos.pieces) and pos.state.get(LONE_KEY, 0) >= LONE_LIMIT:
        return "draw"
    return None


def _moves(board: Board, pos: Position) -> Iterator[Move]:
    """Legal moves of the side to move, one by one, in board order."""
    side = pos.to_move
    for origin in board.names:
        piece = pos.pieces.get(origin)
        if piece is None or piece.side != side:
            continue
        for target in dict.fromkeys(targets(board, pos.pieces, origin)):
            if not closes_barrier(board, pos.pieces, origin, target):
                yield Move(path=(origin, target))


def legal_moves(board: Board, pos: Position) -> list[Move]:
    """Every legal move of the side to move, in board order; [] once the game is over."""
    if _decided(pos) is not None:
        return []
    return list(_moves(board, pos))


def play(board: Board, pos: Position, move: Move) -> Outcome:
    """Move the piece, take what it sandwiches, advance the lone-general count."""
    origin, target = move.path[0], move.path[-1]
    pieces = _moved(pos.pieces, origin, target)
    taken = captures_at(board, pieces, target)
    for s in taken:
        del pieces[s]
    state = dict(pos.state)
    if not lone_side(pieces):
        state.pop(LONE_KEY, None)  # also when the lone general was taken: no count is left
    elif lone_side(pos.pieces):
        state[LONE_KEY] = int(state.get(LONE_KEY, 0)) + 1
    else:
        state[LONE_KEY] = 0
    new = pos.with_(pieces=pieces, to_move=other(pos.to_move), state=state)
    return Outcome(new, tuple(taken))


def winner(board: Board, pos: Position) -> str | None:
    """The side that took the opposing general(s), 'draw' after a lone general's 20 moves,
    the opponent of a side to move that cannot move, else None."""
    decided = _decided(pos)
    if decided is not None:
        return decided
    if next(_moves(board, pos), None) is None:
        return other(pos.to_move)
    return None


def tally(board: Board, pos: Position) -> str:
    """For captions: how many of a lone general's 20 moves have been played ('' when no
    side is down to its general)."""
    lone = lone_side(pos.pieces)
    if lone is None:
        return ""
    n = int(pos.state.get(LONE_KEY, 0))
    played = "none has been played yet" if n == 0 else \
        f"{n} {'has' if n == 1 else 'have'} been played"
    return (f"The {lone.capitalize()}s are down to their general: of the {LONE_LIMIT} moves "
            f"it must survive, {played}.")


def _piece_problem(board: Board, pos: Position) -> str | None:
    for name, piece in sorted(pos.pieces.items()):
        if not board.has(name):
            return f"{name} is not a space of the Danadazo board"
        if (piece.side, piece.kind) not in COUNTS:
            return f"{piece.side} has no {piece.kind}s in Danadazo"
    for (side, kind), most in COUNTS.items():
        n = sum(1 for p in pos.pieces.values() if p == (side, kind))
        if n > most:
            return f"{n} {side} {kind}s on the board; the game has {most}"
    return None


def position_problems(board: Board, pos: Position) -> Iterator[str]:
    """Why the position cannot occur (pieces, barriers, generals, lone count)."""
    if pos.to_move not in SIDES:
        yield f"unknown side to move {pos.to_move!r}"
        return
    problem = _piece_problem(board, pos)
    if problem:
        yield problem
        return  # barriers and generals below are of known pieces on the board
    for side in SIDES:
        point = forbidden_barrier(board, pos.pieces, side)
        if point:
            yield f"the {side}s' barrier round {point} holds a guard or general"
    if generals(pos.pieces, "attacker") == 0 and generals(pos.pieces, "defender") == 0:
        yield "neither side has a general left"
    count = pos.state.get(LONE_KEY, 0)
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= LONE_LIMIT:
        yield f"{LONE_KEY} must be a whole number from 0 to {LONE_LIMIT}, not {count!r}"
    if count and lone_side(pos.pieces) is None:
        yield f"{LONE_KEY} is {count} but neither side is down to a lone general"
    unknown = sorted(set(pos.state) - {LONE_KEY})
    if unknown:
        yield f"unknown state key {unknown[0]!r}; Danadazo keeps only {LONE_KEY}"


