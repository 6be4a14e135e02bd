"""Network rules engine: drops, steps, the group limit, goals, networks, the pie swap.

Rulings (GAMES.md section 7, seed 004, plus those this engine makes where the text is open):

- Cells: every square but the four corners. The corners are named spaces of kind
  ``corner`` (a file may name them), but a stone may never stand in one: a drop or step
  there is illegal, and a position with a stone on one is not a position of the game.
  Nor may a stone stand in one of the opponent's goals; a player's own goals are open.
- Group limit: no player may ever have three or more stones in one group of stones joined
  orthogonally or diagonally (8-connected). Goals count like any other cell.
- Drop phase: a player with fewer than 10 stones on the board drops one on an empty cell.
  Move phase: a player with all 10 stones on the board moves one of them to one of the
  eight neighbouring cells (orthogonal or diagonal), which must be empty; the stone must be
  allowed on its new cell and the group limit must hold after the move. The phase is judged
  for each player from their own stone count (Black drops first, so Black starts moving
  first). The board size options 10 and 12 keep 10 stones each.
- Link: two stones of one player are linked when they lie on one row, column or diagonal
  with no stone of either colour on the cells between them.
- Network: a chain of 6 or more distinct stones of one player, each linked to the next,
  starting in one of the player's goals and ending in the other; every other stone of the
  chain lies outside both goals (so the chain holds exactly one stone per goal), and the
  chain changes direction at every inner stone (it never runs straight through a stone).
- Win: the first player with a network wins. A move that would complete a network for
  both players at once is illegal (the seed forbids it). A move that completes only the
  opponent's network (a step that unblocks one of their lines) is legal, and the opponent
  wins. A position where both players hold a network cannot arise; it is reported as a
  position problem and scores as a draw.
- No legal move: the player passes (move ``pass``); the seed names no other outcome and a
  network is the only way to win. When neither player has a legal move, the game is drawn.
- Pie option, as the seed suggests "after 3 or 5 drops": with ``pie = true`` (or 3) White
  may answer the third drop (Black, White, Black) with ``swap`` instead of dropping; with
  ``pie = 5``, the fifth. The players then exchange colours: the board stays as it is, the
  player who now holds White (the one who dropped first) is to move, and
  ``state.swapped = true`` records that the swap was used (it is allowed once).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache, partial

from printables.boards import Board
from printables.games.model import Move, Outcome, Piece, Position, next_side

SIDES = ("black", "white")
STONES = 10
MIN_NETWORK = 6
MAX_GROUP = 2
#: The eight directions (file step, rank step), in a fixed order.
DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
#: The four line axes, each as one of its two directions.
AXES = ((1, 0), (0, 1), (1, 1), (1, -1))
#: The kind of the four unused corner spaces.
CORNER = "corner"
PASS = Move(special="pass")
SWAP = Move(special="swap")

Pieces = Mapping[str, Piece]


#: The opponent of a side (games.model.next_side over this game's two sides).
other = partial(next_side, sides=SIDES)


def coords(name: str) -> tuple[int, int]:
    """0-based (file, rank) of a cell name.

    >>> coords("h8")
    (7, 7)
    """
    return ord(name[0]) - 97, int(name[1:]) - 1


def cell(board: Board, f: int, r: int) -> str | None:
    """The cell at 0-based file and rank, or None off the board or on a corner."""
    return _cells(board).get((f, r))


@lru_cache(maxsize=8)
def _cells(board: Board) -> Mapping[tuple[int, int], str]:
    """(file, rank) -> the cell's name, for every cell of the board but the corners (the
    rules ask for cells in their inner loops; boards are immutable)."""
    out = {}
    for name in board.names:
        f, r = coords(name)
        if f >= 0 and r >= 0 and f"{chr(97 + f)}{r + 1}" == name \
                and board.space(name).kind != CORNER:
            out[(f, r)] = name
    return out


@lru_cache(maxsize=8)
def _neighbour_table(board: Board) -> Mapping[str, tuple[str, ...]]:
    """Per space of the board, the up to eight cells touching it, in DIRECTIONS order."""
    cells = _cells(board)
    out = {}
    for name in board.names:
        f, r = coords(name)
        out[name] = tuple(c for df, dr in DIRECTIONS
                          if (c := cells.get((f + df, r + dr))) is not None)
    return out


def goal_index(board: Board, side: str, name: str) -> int | None:
    """0 or 1 when name lies in the side's first or second goal, else None.

    Black's goals are the bottom (0) and top (1) rows, White's the left (0) and right (1)
    files, corners excluded.
    """
    n = board.data["size"]
    f, r = coords(name)
    line = r if side == "black" else f
    across = f if side == "black" else r
    if not 0 < across < n - 1:
        return None
    return 0 if line == 0 else 1 if line == n - 1 else None


def allowed(board: Board, side: str, name: str) -> bool:
    """True when a stone of side may stand on name (not a corner, not an opponent goal)."""
    return board.space(name).kind != CORNER and goal_index(board, other(side), name) is None


def count(pieces: Pieces, side: str) -> int:
    """Stones of one side on the board."""
    return sum(1 for p in pieces.values() if p.side == side)


def neighbours(board: Board, name: str) -> Iterator[str]:
    """The up to eight cells touching name."""
    known = _neighbour_table(board).get(name)
    if known is not None:
        yield from known
        return
    f, r = coords(name)
    for df, dr in DIRECTIONS:
        c = cell(board, f + df, r + dr)
        if c is not None:
            yield c


def friends(board: Board, pieces: Pieces, side: str, name: str) -> list[str]:
    """Stones of side touching name."""
    return [c for c in neighbours(board, name) if c in pieces and pieces[c].side == side]


def groups(board: Board, pieces: Pieces, side: str) -> list[list[str]]:
    """8-connected groups of the side's stones, each sorted, in order of first stone."""
    seen: set[str] = set()
    out = []
    for start in sorted(n for n, p in pieces.items() if p.side == side):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            here = todo.pop()
            group.append(here)
            for c in friends(board, pieces, side, here):
                if c not in seen:
                    seen.add(c)
                    todo.append(c)
        out.append(sorted(group))
    return out


def joins_small_group(board: Board, pieces: Pieces, side: str, name: str) -> bool:
    """True when a side's stone added on name keeps every group at two stones or fewer."""
    touching = friends(board, pieces, side, name)
    if not touching:
        return True
    return len(touching) == 1 and not [c for c in friends(board, pieces, side, touching[0])
                                       if c != name]


def links(board: Board, pieces: Pieces, name: str) -> Iterator[tuple[tuple[int, int], str]]:
    """(direction, stone) for the nearest stone in each direction that is a friend of name's."""
    side = pieces[name].side
    f0, r0 = coords(name)
    for df, dr in DIRECTIONS:
        f, r = f0 + df, r0 + dr
        while (c := cell(board, f, r)) is not None and c not in pieces:
            f, r = f + df, r + dr
        if c is not None and pieces[c].side == side:
            yield (df, dr), c


def network(board: Board, pieces: Pieces, side: str) -> tuple[str, ...] | None:
    """One network of side (its stones from goal 0 to goal 1), or None when there is none."""
    stones = sorted(n for n, p in pieces.items() if p.side == side)
    goal = {n: goal_index(board, side, n) for n in stones}
    if len(stones) < MIN_NETWORK or not {0, 1} <= set(goal.values()):
        return None
    graph = {n: tuple(links(board, pieces, n)) for n in stones}

    def extend(path: list[str], last: tuple[int, int] | None) -> tuple[str, ...] | None:
        for direction, nxt in graph[path[-1]]:
            if direction == last or nxt in path or goal[nxt] == 0:
                continue
            if goal[nxt] == 1:
                if len(path) + 1 >= MIN_NETWORK:
                    return tuple(path + [nxt])
                continue
            found = extend(path + [nxt], direction)
            if found:
                return found
        return None

    for start in stones:
        if goal[start] == 0:
            found = extend([start], None)
            if found:
                return found
    return None


def _unblocks(board: Board, pieces: Pieces, side: str, name: str) -> bool:
    """True when name lies between two stones of side on one line (emptying it may link them)."""
    f0, r0 = coords(name)
    for df, dr in AXES:
        ends = []
        for sign in (1, -1):
            f, r = f0 + sign * df, r0 + sign * dr
            while (c := cell(board, f, r)) is not None and c not in pieces:
                f, r = f + sign * df, r + sign * dr
            ends.append(c is not None and pieces[c].side == side)
        if all(ends):
            return True
    return False


def _double_network(board: Board, pieces: Pieces, side: str, vacated: str | None) -> bool:
    """True when, after side's move, both players hold a network (such a move is illegal).

    The opponent can only gain a network when the move empties a cell on one of their lines.
    """
    opponent = other(side)
    if vacated is None or not _unblocks(board, pieces, opponent, vacated):
        return False
    return (network(board, pieces, opponent) is not None
            and network(board, pieces, side) is not None)


def pie_drops(options: Mapping[str, object]) -> int:
    """After how many drops White may swap: 0 (no pie rule), 3 or 5.

    >>> pie_drops({"pie": True}), pie_drops({"pie": 5}), pie_drops({"pie": False})
    (3, 5, 0)
    """
    pie = options.get("pie")
    return 3 if pie is True else (pie if pie in (3, 5) else 0)


def can_swap(pos: Position) -> bool:
    """True when White may answer the pie rule's last drop (the 3rd or 5th) with a swap."""
    drops = pie_drops(pos.options)
    return (drops > 0 and not pos.state.get("swapped") and pos.to_move == "white"
            and len(pos.pieces) == drops
            and count(pos.pieces, "black") == (drops + 1) // 2)


def seats(pos: Position) -> tuple[int, ...]:
    """Who plays each colour: (1, 0) after the pie swap (the player who dropped first
    holds White), else (0, 1) (GameSpec.seats).

    >>> seats(Position("network", "white", state={"swapped": True}))
    (1, 0)
    """
    return (1, 0) if pos.state.get("swapped") else (0, 1)


def _candidates(board: Board, pos: Position, side: str) -> Iterator[Move]:
    """The side's legal moves, lazily, ignoring whether the game is over; no pass."""
    pieces = pos.pieces
    if count(pieces, side) < STONES:
        for name in board.names:
            if (name not in pieces and allowed(board, side, name)
                    and joins_small_group(board, pieces, side, name)):
                yield Move(path=(name,), drop=True)
    else:
        for name in board.names:
            if name not in pieces or pieces[name].side != side:
                continue
            rest = {k: v for k, v in pieces.items() if k != name}
            for target in neighbours(board, name):
                if (target in pieces or not allowed(board, side, target)
                        or not joins_small_group(board, rest, side, target)):
                    continue
                after = dict(rest)
                after[target] = pieces[name]
                if not _double_network(board, after, side, name):
                    yield Move(path=(name, target))
    if side == pos.to_move and can_swap(pos):
        yield SWAP


def _has_move(board: Board, pos: Position, side: str) -> bool:
    return next(_candidates(board, pos, side), None) is not None


def winner(board: Board, pos: Position) -> str | None:
    """The side with a network, 'draw' when nobody can move, or None while the game goes on."""
    black = network(board, pos.pieces, "black") is not None
    white = network(board, pos.pieces, "white") is not None
    if black or white:
        return "draw" if black and white else "black" if black else "white"
    if not _has_move(board, pos, pos.to_move) and not _has_move(board, pos, other(pos.to_move)):
        return "draw"
    return None


def legal_moves(board: Board, pos: Position) -> list[Move]:
    """Every distinct legal move for the side to move (pass when there is none); [] at the end."""
    if winner(board, pos) is not None:
        return []
    moves = list(_candidates(board, pos, pos.to_move))
    return moves or [PASS]


def play(board: Board, pos: Position, move: Move) -> Outcome:
    """Apply a drop, a step, a pass or the pie swap."""
    side = pos.to_move
    if move.special == "swap":
        return Outcome(pos.with_(state={**pos.state, "swapped": True}))
    if move.special == "pass":
        return Outcome(pos.with_(to_move=other(side)))
    pieces = dict(pos.pieces)
    if move.drop:
        pieces[move.target] = Piece(side, "stone")
    else:
        pieces[move.target] = pieces.pop(move.origin)
    return Outcome(pos.with_(pieces=pieces, to_move=other(side)))


def position_problems(board: Board, pos: Position) -> Iterator[str]:
    """Why the position cannot occur in Network."""
    for side in SIDES:
        if count(pos.pieces, side) > STONES:
            yield f"{side} has {count(pos.pieces, side)} stones; each player has {STONES}"
    for name, piece in sorted(pos.pieces.items()):
        if piece.side not in SIDES or piece.kind != "stone":
            yield f"{name} holds an unknown piece {piece.side} {piece.kind}"
            return  # groups and goals below are of known sides' stones
        if board.space(name).kind == CORNER:
            yield f"{piece.side} stone on {name}, an unused corner; no stone may stand there"
        if not allowed(board, piece.side, name):
            yield f"{piece.side} stone on {name}, in {other(piece.side)}'s goal"
    for side in SIDES:
        for group in groups(board, pos.pieces, side):
            if len(group) > MAX_GROUP:
                yield f"{side} has {len(group)} stones in one group: {', '.join(group)}"
    swapped = pos.state.get("swapped", False)
    if not isinstance(swapped, bool):
        yield "state.swapped must be true or false"
    if swapped and not pos.options.get("pie"):
        yield "state.swapped is set but the pie option is off"
    if all(network(board, pos.pieces, side) for side in SIDES):
        yield "both players hold a network; the game ends at the first one"


