"""EVL rules engine: placing, unstacking along heptagon paths, claiming pentagons, passing.

A position holds ``stacks`` (heptagon -> pieces bottom to top, ``b``/``w``), ``markers``
(pentagon -> side), ``hand`` (side -> pieces not yet placed; 28 minus the pieces on the board
when missing) and ``state["passes"]`` (passes in a row, 0 when missing).

Rules (seed 000 and the GAMES.md rulings):
- A turn is a placement, an unstack, or, only when neither is possible, a pass.
- Placement ``+X``: one piece from hand onto an empty heptagon or onto a heptagon whose top
  piece is the mover's, making it at most four high.
- Unstack ``X-Y-...``: lift a whole stack (two or more pieces, mover's piece on top) and walk
  it 1..height steps from heptagon to side-sharing heptagon, never entering a heptagon twice
  (the start included). Each heptagon left behind on the way, except the start, keeps the
  bottom piece of the moving stack; the rest lands on the last heptagon. Pieces go on top of
  whatever is there. When the walk ends no heptagon may hold more than four: a stack of four
  can be neither crossed nor landed on.
- After an unstack (never after a placement) the mover claims every pentagon for which they
  control two of its heptagons that do not share a side, putting a marker on it (an opposing
  marker there goes back). Markers are limited to 12 per player: when a single unstack
  qualifies for more, they go on in board order until the supply runs out, which happens only
  when the mover has reached any target anyway.
- The game ends when a player holds ``target`` markers (10, option 12) or after two passes in
  a row; then more markers wins and equal is a draw.

Notation: ``+X``; ``X-Y-Z`` every heptagon of the path; the published short form joins straight
runs with commas (``B2-B4,A4-A5`` = B2-B3-B4-A4-A5), and a run ``X-Y`` whose ends do not touch
means the straight line between them. A path is straight when every step points within
:data:`STRAIGHT_DEG` of the direction from its first to its last space; on this board the
straight lines longer than one step are the row segments.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from functools import lru_cache, partial

from printables.boards import Board
from printables.games.model import Move, Outcome, Position, next_side

SIDES = ("black", "white")
LETTER = {"black": "b", "white": "w"}
OWNER = {"b": "black", "w": "white"}
MAX_HEIGHT = 4
PIECES = 28
MARKERS = 12
STRAIGHT_DEG = 30.0
PASS = Move(special="pass")


# ----------------------------------------------------------------------------- small helpers

#: The opponent of a side (games.model.next_side over this game's two sides).
other = partial(next_side, sides=SIDES)


def controller(stack: str) -> str | None:
    """The side owning the top piece of a stack string, or None when it is empty.

    >>> controller("bbw"), controller("")
    ('white', None)
    """
    return OWNER[stack[-1]] if stack else None


def hand_of(pos: Position, side: str) -> int:
    """Pieces side still has in hand (28 minus its pieces on the board when not given)."""
    if side in pos.hand:
        return pos.hand[side]
    return PIECES - sum(s.count(LETTER[side]) for s in pos.stacks.values())


def marker_count(pos: Position, side: str) -> int:
    """Pentagons side holds."""
    return sum(1 for owner in pos.markers.values() if owner == side)


def tally(board: Board, pos: Position) -> str:
    """The pentagons each side holds and the passes in a row, for captions: 'Black holds
    11 pentagons, White none. Black passed last turn.'"""
    def held(n: int) -> str:
        return "none" if n == 0 else f"{n} pentagon{'' if n == 1 else 's'}"
    black, white = (marker_count(pos, s) for s in SIDES)
    if black == white:
        text = (f"Black and White hold {held(black)} each." if black else
                "Neither player holds a pentagon yet.")
    else:
        text = f"Black holds {held(black)}, White {held(white)}."
    passes = int(pos.state.get("passes", 0))
    if passes == 1:
        text += f" {other(pos.to_move).capitalize()} passed last turn."
    elif passes >= 2:
        text += " Both players have passed, one after the other."
    return text


def heptagons(board: Board) -> tuple[str, ...]:
    """Heptagon names in board order."""
    return tuple(s.name for s in board.spaces_of_kind("heptagon"))


@lru_cache(maxsize=16)
def capture_pairs(board: Board) -> dict[str, tuple[tuple[str, str], ...]]:
    """For each pentagon, the pairs of its heptagons that do not share a side (they claim it)."""
    out = {}
    for pent in (s.name for s in board.spaces_of_kind("pentagon")):
        ring = board.data["ring"][pent]
        out[pent] = tuple((x, y) for i, x in enumerate(ring) for y in ring[i + 1:]
                          if y not in board.neighbours(x, "edge"))
    return out


# ----------------------------------------------------------------------------- moves

def placements(board: Board, pos: Position) -> list[Move]:
    """Every placement the side to move may make, in board order."""
    me = pos.to_move
    if hand_of(pos, me) <= 0:
        return []
    out = []
    for h in heptagons(board):
        stack = pos.stacks.get(h, "")
        if not stack or (controller(stack) == me and len(stack) < MAX_HEIGHT):
            out.append(Move(path=(h,), drop=True))
    return out


def _walks(board: Board, path: tuple[str, ...], stacks: Mapping[str, str],
           steps_left: int) -> Iterator[tuple[str, ...]]:
    """Simple paths extending path by 1..steps_left steps (pruned: nothing passes a full stack)."""
    for nxt in board.neighbours(path[-1], "edge"):
        if nxt in path:
            continue
        longer = path + (nxt,)
        yield longer
        if steps_left > 1 and len(stacks.get(nxt, "")) + 1 <= MAX_HEIGHT:
            yield from _walks(board, longer, stacks, steps_left - 1)


def spread(stacks: Mapping[str, str], path: tuple[str, ...]) -> dict[str, str]:
    """Stacks after unstacking the stack on path[0] along path (no legality check).

    >>> spread({"A1": "bbw", "A3": "w"}, ("A1", "A2", "A3"))
    {'A3': 'wbw', 'A2': 'b'}
    """
    moving = stacks[path[0]]
    new = {k: v for k, v in stacks.items() if k != path[0]}
    for k, h in enumerate(path[1:-1]):
        new[h] = new.get(h, "") + moving[k]
    new[path[-1]] = new.get(path[-1], "") + moving[len(path) - 2:]
    return new


def unstacks(board: Board, pos: Position) -> list[Move]:
    """Every unstack the side to move may make: by start in board order, then path order."""
    me = pos.to_move
    out = []
    for h in heptagons(board):
        stack = pos.stacks.get(h, "")
        if len(stack) < 2 or controller(stack) != me:
            continue
        rest = {k: v for k, v in pos.stacks.items() if k != h}
        for path in _walks(board, (h,), rest, len(stack)):
            landing = len(rest.get(path[-1], "")) + len(stack) - (len(path) - 2)
            if landing <= MAX_HEIGHT:
                out.append(Move(path=path))
    return out


def legal_moves(board: Board, pos: Position) -> list[Move]:
    """Placements, then unstacks; a lone pass when there is neither; [] once the game is over."""
    if winner(board, pos) is not None:
        return []
    moves = placements(board, pos) + unstacks(board, pos)
    return moves or [PASS]


def claims(board: Board, stacks: Mapping[str, str], side: str) -> list[str]:
    """Pentagons (board order) where side controls two heptagons that do not share a side."""
    out = []
    for pent, pairs in capture_pairs(board).items():
        if any(controller(stacks.get(x, "")) == side == controller(stacks.get(y, ""))
               for x, y in pairs):
            out.append(pent)
    return out


def play(board: Board, pos: Position, move: Move) -> Outcome:
    """Apply a legal move; the other side moves next and state['passes'] is updated."""
    me = pos.to_move
    hand = {s: hand_of(pos, s) for s in SIDES}
    state = dict(pos.state)
    state["passes"] = int(pos.state.get("passes", 0)) + 1 if move.special == "pass" else 0
    if move.special == "pass":
        return Outcome(pos.with_(to_move=other(me), hand=hand, state=state))
    if move.drop:
        h = move.path[0]
        stacks = dict(pos.stacks)
        stacks[h] = stacks.get(h, "") + LETTER[me]
        hand[me] -= 1
        return Outcome(pos.with_(stacks=stacks, to_move=other(me), hand=hand, state=state))
    stacks = spread(pos.stacks, move.path)
    markers = dict(pos.markers)
    supply = MARKERS - marker_count(pos, me)
    taken = []
    for pent in claims(board, stacks, me):
        if markers.get(pent) != me and supply > 0:
            markers[pent] = me
            taken.append(pent)
            supply -= 1
    return Outcome(pos.with_(stacks=stacks, markers=markers, to_move=other(me), hand=hand,
                             state=state), tuple(sorted(taken)))


def winner(board: Board, pos: Position) -> str | None:
    """The side holding the target number of markers; after two passes in a row, the side with
    more markers or 'draw'; None while the game goes on."""
    target = int(pos.options.get("target", 10))
    counts = {s: marker_count(pos, s) for s in SIDES}
    for s in SIDES:
        if counts[s] >= target:
            return s
    if int(pos.state.get("passes", 0)) >= 2:
        if counts["black"] == counts["white"]:
            return "draw"
        return max(SIDES, key=counts.__getitem__)
    return None


def position_problems(board: Board, pos: Position) -> Iterator[str]:
    """Why the position breaks the rules (spaces, stack heights, counts)."""
    if pos.to_move not in SIDES:
        yield f"unknown side to move {pos.to_move!r}"
        return
    for h, stack in sorted(pos.stacks.items()):
        if not board.has(h) or board.space(h).kind != "heptagon":
            yield f"pieces on {h}, which is not a heptagon"
        if not stack or set(stack) - set(OWNER):
            yield f"stack on {h} is {stack!r}; write pieces bottom to top with b and w"
        if len(stack) > MAX_HEIGHT:
            yield f"stack of {len(stack)} on {h}; a stack is at most {MAX_HEIGHT} high"
    for p, owner in sorted(pos.markers.items()):
        if not board.has(p) or board.space(p).kind != "pentagon":
            yield f"marker on {p}, which is not a pentagon"
        if owner not in SIDES:
            yield f"marker on {p} belongs to unknown side {owner!r}"
    for s in SIDES:
        if hand_of(pos, s) < 0:
            yield f"{s} has a negative hand"
        total = hand_of(pos, s) + sum(st.count(LETTER[s]) for st in pos.stacks.values())
        if total > PIECES:
            yield f"{s} has {total} pieces on the board and in hand; the game has {PIECES}"
        if marker_count(pos, s) > MARKERS:
            yield f"{s} holds {marker_count(pos, s)} pentagons; there are {MARKERS} markers"
    passes = pos.state.get("passes", 0)
    if isinstance(passes, bool) or not isinstance(passes, int) or not 0 <= passes <= 2:
        yield f"state passes = {passes!r}; it counts passes in a row: 0, 1 or 2"
    target = int(pos.options.get("target", 10))
    if all(marker_count(pos, s) >= target for s in SIDES):
        yield f"both players hold {target} pentagons"




# ----------------------------------------------------------------------------- notation

def _unit(board: Board, a: str, b: str) -> tuple[float, float]:
    pa, pb = board.space(a).anchor, board.space(b).anchor
    d = math.hypot(pb.x - pa.x, pb.y - pa.y)
    return (pb.x - pa.x) / d, (pb.y - pa.y) / d


@lru_cache(maxsize=8192)
def straight_run(board: Board, start: str, end: str) -> tuple[str, ...] | None:
    """The shortest heptagon path from start to end whose every step points within
    STRAIGHT_DEG of the start-to-end direction, or None.

    >>> from printables.boards.heptagon import evl_board
    >>> straight_run(evl_board(), "B1", "B4"), straight_run(evl_board(), "A2", "B3")
    (('B1', 'B2', 'B3', 'B4'), None)
    """
    if start == end:
        return None
    ux, uy = _unit(board, start, end)
    limit = math.cos(math.radians(STRAIGHT_DEG))
    frontier: list[tuple[str, ...]] = [(start,)]
    seen = {start}
    while frontier:
        nxt_frontier: list[tuple[str, ...]] = []
        for path in frontier:
            for n in board.neighbours(path[-1], "edge"):
                vx, vy = _unit(board, path[-1], n)
                if n in seen or vx * ux + vy * uy < limit:
                    continue
                if n == end:
                    return path + (n,)
                seen.add(n)
                nxt_frontier.append(path + (n,))
        frontier = nxt_frontier
    return None


def normalize_move(board: Board, move: Move, runs: tuple[tuple[str, ...], ...]) -> Move:
    """Expand the short form: each non-touching pair inside a run becomes its straight line,
    runs are joined end to start (a repeated junction space is written once)."""
    if move.drop or move.special:
        return move
    path: list[str] = []
    for run in runs:
        for name in run:
            if path and name == path[-1]:
                continue
            if path and name not in board.neighbours(path[-1], "edge"):
                line = straight_run(board, path[-1], name)
                if line is not None:
                    path.extend(line[1:])
                    continue
            path.append(name)
    return Move(path=tuple(path), take=move.take, relocate=move.relocate)


def _segments(board: Board, path: tuple[str, ...]) -> list[list[str]]:
    """Split a path greedily into maximal straight runs."""
    segs = [[path[0]]]
    for name in path[1:]:
        seg = segs[-1]
        if straight_run(board, seg[0], name) == tuple(seg) + (name,):
            seg.append(name)
        else:
            segs.append([name])
    return segs


def format_move(board: Board, move: Move) -> str:
    """The published notation: ``+B6``, ``B1-B4``, ``B2-B4,A4-A5``, ``pass``.

    >>> from printables.boards.heptagon import evl_board
    >>> format_move(evl_board(), Move(path=("B2", "B3", "B4", "A4", "A5")))
    'B2-B4,A4-A5'
    >>> format_move(evl_board(), Move(path=("C4", "B4")))  # not adjacent: shown as written
    'C4-B4'
    """
    if move.special:
        return move.special
    if move.drop:
        return "+" + move.path[0]
    segs = _segments(board, move.path)
    if any(len(s) == 1 for s in segs[:-1]):  # no straight run (an illegal path): write it all
        return "-".join(move.path)
    text = ",".join(f"{s[0]}-{s[-1]}" for s in segs if len(s) > 1)
    if len(segs[-1]) == 1:  # a last single space hangs on with a dash
        text += "-" + segs[-1][0]
    return text
