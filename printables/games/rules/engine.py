"""GenericRules: the rules engine of any [rules] vocabulary (games.model.Rules), with the
caption tally and the ply-cap adjudication a GameSpec takes.

The turn: the side to move places a piece from its hand or moves one (moves.py); the
capture rules and promotion follow (captures.py); a swap or a pass is a move of its own.
Filters make candidates illegal: a group too large (max_group), nothing turned over (a
required outflank), a win for two sides at once (both_win = illegal); then must_capture
keeps the capturing moves. After every move each side's win conditions are checked
(ends.py). Legal moves come in a fixed order: board order of origin, then of target, then
the rest of the path, the removed space and the placed space; swap and pass last.

Position: pieces; hand (side -> pieces of its placed kind not yet placed, for every side
that places, and ``neutral`` for a neutral supply); state keys only where their rule is
declared and only when not at their start value: ``swapped`` (true), ``passes`` (in a
row), ``quiet`` (plies since the last capture), ``seen`` (digests of the earlier positions
since the last capture or placement), so a position read from a file equals one reached in
play. Rulings (ours):

- The mover is the side before the side to move (a swap keeps the side to move). When two
  sides meet a win condition, both_win decides: the mover wins (if it is one of them, else
  the first of them in turn order), a draw, or the move was illegal (such a position scores
  a draw). A condition with result ``loses`` gives the win to the next side after the
  loser.
- No legal move: with passing (pass = when-stuck, or no_move = pass) the side passes, and
  the game ends by all_stuck when no side has a move; else no_move decides. With
  pass = any-time the game ends after ``passes`` passes in a row (default: one per side).
- The pie rule (swap = N) is offered once N pieces stand on the board, placed in turn from
  the start (each side holds its share of N turns from the first side) and the side whose
  turn it is then is to move, once a game.
- A missing hand entry counts as the side's supply less its pieces of that kind on the
  board (a hand-less position, such as an empty board a booklet asks about).
"""

from __future__ import annotations

import contextlib
import hashlib
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from printables.boards import Board
from printables.games.model import Move, Outcome, Piece, Position, Runs, next_side, plain_move
from printables.games.model import plain_notation as _plain_notation
from printables.games.rules.captures import (
    after_action,
    flips_any,
    line_rules,
    promote,
    removable,
)
from printables.games.rules.captures import in_line as _in_line
from printables.games.rules.ends import counts, meets, most_pieces
from printables.games.rules.lines import Tables, compile_tables
from printables.games.rules.moves import (
    NEUTRAL,
    Cells,
    Effect,
    board_moves,
    placements,
    taken_from,
)
from printables.games.rules.vocabulary import RuleSet, resolve

PASS = Move(special="pass")
SWAP = Move(special="swap")
#: What the memo holds for a position not asked about yet.
_UNKNOWN = object()
#: How many positions' generated moves and results an engine remembers.
MEMO = 256

Supply = Callable[[Mapping[str, Any]], Mapping[str, int]]
Candidate = tuple[Move, Effect]


class GenericRules:
    """The rules engine of a RuleSet. supply(options): side -> pieces its hand starts with
    (the components of its placed kind), for positions that give no hand."""

    def __init__(self, ruleset: RuleSet, supply: Supply | None = None) -> None:
        self.ruleset = ruleset
        self.supply = supply or (lambda options: {})
        self._memo: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._tables: dict[tuple[Any, ...], Tables] = {}
        self._swappers: dict[tuple[Any, ...], tuple[int, ...]] = {}

    # ------------------------------------------------------------------ the Rules contract

    def legal_moves(self, board: Board, pos: Position) -> list[Move]:
        """Every legal move of the side to move (none once the game is over)."""
        t = self.tables(board, pos)
        if self._result(t, pos) is not None:
            return []
        return list(self._moves(t, pos))

    def play(self, board: Board, pos: Position, move: Move) -> Outcome:
        """The position after a legal move, and what the mover captured."""
        t = self.tables(board, pos)
        if move.special == "swap":
            return Outcome(pos.with_(state={**pos.state, "swapped": True}))
        side = pos.to_move
        if move.special == "pass":
            return Outcome(self._next(t, pos, side, dict(pos.pieces), self.hands(t, pos),
                                      captured=False, placed=False, passed=True))
        effect = self._effect(t, pos, move)
        cells = self.cells(t, pos)
        after, captured, _ = act(t, cells, side, move, effect)
        hand = self.hands(t, pos)
        if effect.placed:
            hand[taken_from(t, hand, side) or side] -= 1
        if effect.then_owner:
            hand[effect.then_owner] -= 1
        pieces = {t.names[i]: p for i, p in enumerate(after) if p is not None}
        out = self._next(t, pos, side, pieces, hand, captured=bool(captured),
                         placed=bool(effect.placed), passed=False)
        return Outcome(out, tuple(t.names[i] for i in captured))

    def winner(self, board: Board, pos: Position) -> str | None:
        """The winning side, 'draw', or None while the game goes on."""
        return self._result(self.tables(board, pos), pos)

    def position_problems(self, board: Board, pos: Position) -> Iterator[str]:
        """Why the position cannot occur under these rules."""
        t = self.tables(board, pos)
        yield from problems(self, t, pos)

    def normalize_move(self, board: Board, move: Move, runs: Runs) -> Move | None:
        """Moves are written as the plain notation reads them."""
        return plain_move(board, move, runs)

    def format_move(self, board: Board, move: Move) -> str:
        """The plain notation (X-Y/Z for a then_place)."""
        return _plain_notation(board, move)

    # ------------------------------------------------------------------ GameSpec hooks

    def seats(self, pos: Position) -> tuple[int, ...]:
        """Who plays each side (GameSpec.seats): seat i held side i at the start; after the
        pie swap the player offered it and the one who moved just before exchange colours
        (two sides: (1, 0)). Our ruling for three or more sides: only those two."""
        n = len(self.ruleset.sides)
        if not pos.state.get("swapped"):
            return tuple(range(n))
        key = tuple(sorted(pos.options.items()))
        found = self._swappers.get(key)
        if found is None:
            rules = resolve(self.ruleset, pos.options)
            first = rules.sides.index(rules.first) if rules.first in rules.sides else 0
            offered = (first + (rules.turn.swap or 0)) % n
            seats = list(range(n))
            before = (offered - 1) % n
            seats[offered], seats[before] = before, offered
            found = self._swappers[key] = tuple(seats)
        return found

    def tally(self, board: Board, pos: Position) -> str:
        """What a caption adds that the diagram cannot show: passes in a row, moves without a
        capture, a pie swap made."""
        words = []
        if pos.state.get("swapped"):
            words.append("The players have swapped colours.")
        if pos.state.get("passes"):
            n = pos.state["passes"]
            words.append(f"{n} pass{'es' if n != 1 else ''} in a row so far.")
        if pos.state.get("quiet"):
            n = pos.state["quiet"]
            words.append(f"{n} move{'s' if n != 1 else ''} since the last capture.")
        return " ".join(words)

    def adjudicate(self, board: Board, pos: Position) -> str:
        """The ruling for a game stopped at the ply cap ([rules.end] cap)."""
        t = self.tables(board, pos)
        if t.rules.end.cap == "most-pieces":
            return most_pieces(t, self.cells(t, pos))
        return "draw"

    @property
    def max_plies(self) -> int:
        """The ply cap self-play uses ([rules.end] max_plies)."""
        return self.ruleset.end.max_plies

    # ------------------------------------------------------------------ positions

    def tables(self, board: Board, pos: Position) -> Tables:
        """The compiled tables for the position's options on a board (kept per board and
        options: boards are immutable and compared by identity)."""
        key = (board, *sorted(pos.options.items()))
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = compile_tables(board, self.ruleset, pos.options)
        return found

    def cells(self, t: Tables, pos: Position) -> Cells:
        """The position's pieces by space number."""
        cells: Cells = [None] * len(t.names)
        for name, piece in pos.pieces.items():
            cells[t.index[name]] = piece
        return cells

    def hands(self, t: Tables, pos: Position) -> dict[str, int]:
        """Every placing side's hand (a missing entry: its supply less its pieces of the
        placed kind on the board)."""
        out = {}
        supply = None
        for side, kind in t.rules.placed_kind:
            if side in pos.hand:
                out[side] = pos.hand[side]
                continue
            supply = supply if supply is not None else self.supply(pos.options)
            on = sum(1 for p in pos.pieces.values() if p == (side, kind))
            out[side] = max(0, supply.get(side, 0) - on)
        return out

    def _next(self, t: Tables, pos: Position, side: str, pieces: Mapping[str, Piece],
              hand: Mapping[str, int], *, captured: bool, placed: bool,
              passed: bool) -> Position:
        """The position after side's move: the next side to move and the state kept."""
        state = dict(pos.state)
        end = t.rules.end
        if "passes" in state_keys(t.rules):
            state["passes"] = state.get("passes", 0) + 1 if passed else 0
        if end.quiet_moves is not None:
            state["quiet"] = 0 if captured else state.get("quiet", 0) + 1
        if end.repetition is not None:
            seen = () if captured or placed else (*state.get("seen", ()), digest(pos))
            state["seen"] = seen
        state = {k: v for k, v in state.items() if v}
        return pos.with_(pieces=pieces, hand=hand if t.rules.places else pos.hand,
                         state=state, to_move=next_side(side, t.rules.sides))

    # ------------------------------------------------------------------ moves

    def _moves(self, t: Tables, pos: Position) -> tuple[Move, ...]:
        """The legal moves, remembered per position (no check that the game is over)."""
        key = ("moves", t, pos)
        known = self._memo.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[no-any-return]
        cells = self.cells(t, pos)
        found = [m for m, _ in self.candidates(t, pos, cells, pos.to_move)]
        if can_swap(t, pos, cells):
            found.append(SWAP)
        how = t.rules.turn.pass_
        if how == "any-time" or (not found and (how == "when-stuck"
                                                or t.rules.end.no_move == "pass")):
            found.append(PASS)
        return self._remember(key, tuple(found))  # type: ignore[no-any-return]

    def _remember(self, key: tuple[Any, ...], value: Any) -> Any:
        """Keep value for key among the last MEMO positions asked about; return it."""
        self._memo[key] = value
        if len(self._memo) > MEMO:
            with contextlib.suppress(KeyError):  # another thread made room first
                self._memo.popitem(last=False)
        return value

    def candidates(self, t: Tables, pos: Position, cells: Cells, side: str
                   ) -> list[Candidate]:
        """The side's placements and moves that the filters allow, deduplicated, in order
        (no swap, no pass)."""
        hand = self.hands(t, pos)
        raw: dict[Move, Effect] = {}
        for move, effect in (*placements(t, cells, side, hand), *board_moves(t, cells, side,
                                                                             hand)):
            raw.setdefault(move, effect)
        found = list(raw.items())
        if any(r.type == "line" for r in t.rules.capture):
            found = [c for m, e in found for c in with_takes(t, cells, side, m, e)]
        if filtered(t):
            found = [c for c in found if allowed(self, t, pos, cells, side, c)]
        found = must_capture(t, cells, side, found)
        index = t.index
        found.sort(key=lambda c: order(index, c[0]))
        return found

    def _effect(self, t: Tables, pos: Position, move: Move) -> Effect:
        """The effect of a legal move (generated again from its origin)."""
        cells = self.cells(t, pos)
        side = pos.to_move
        if move.drop:
            kind = t.rules.placed(side)
            return Effect(placed=kind)
        hand = self.hands(t, pos)
        for m, e in board_moves(t, cells, side, hand, origins=(t.index[move.origin],)):
            if (m.path, m.place) == (move.path, move.place):
                return e
        raise ValueError(f"{_plain_notation(t, move)} is not a move of these rules")  # type: ignore[arg-type]

    # ------------------------------------------------------------------ the end

    def _result(self, t: Tables, pos: Position) -> str | None:
        """The result, remembered per position."""
        key = ("result", t, pos)
        known = self._memo.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[no-any-return]
        return self._remember(key, result(self, t, pos))  # type: ignore[no-any-return]


# ---------------------------------------------------------------------- acting

def act(t: Tables, cells: Cells, side: str, move: Move, effect: Effect
        ) -> tuple[Cells, list[int], list[int]]:
    """The board after a placement or move of side (a new list): (cells, spaces captured,
    spaces turned over)."""
    after = list(cells)
    captured = list(effect.captures)
    if move.drop:
        landing = t.index[move.origin]
        after[landing] = Piece(side, effect.placed or "")
        action = "place"
    else:
        path = [t.index[n] for n in move.path]
        piece = after[path[0]]
        after[path[0]] = None
        for c in effect.captures:
            after[c] = None
        landing = path[-1]
        after[landing] = piece
        promote(t, after, side, landing)
        action = "move"
        if move.place and effect.then_kind:
            after[t.index[move.place]] = Piece(effect.then_owner or side, effect.then_kind)
    more, flipped = after_action(t, after, side, landing, action)
    captured += more
    if move.take:
        after[t.index[move.take]] = None
        captured.append(t.index[move.take])
    return after, captured, flipped


def landing_of(t: Tables, move: Move) -> int:
    """The space a placement or move ends on."""
    return t.index[move.target]


def with_takes(t: Tables, cells: Cells, side: str, move: Move, effect: Effect
               ) -> Iterator[Candidate]:
    """A move, or one move per piece a line it forms lets the mover remove (xZ)."""
    rules = line_rules(t, side, "place" if move.drop else "move")
    if not rules or move.take:
        yield move, effect
        return
    after, _, _ = act(t, cells, side, move, effect)
    landing = landing_of(t, move)
    formed = [r for r in rules if _in_line(t, after, side, landing, r)]
    if not formed:
        yield move, effect
        return
    choices = removable(t, after, side, formed[0])
    if not choices:
        yield move, effect
        return
    for s in choices:
        yield Move(move.path, move.drop, t.names[s], move.relocate, move.special,
                   move.place), effect


def allowed(engine: GenericRules, t: Tables, pos: Position, cells: Cells, side: str,
            c: Candidate) -> bool:
    """False when a filter forbids the move: a group too large, a required outflank that
    turns nothing over, a win for two sides at once."""
    move, effect = c
    turn = t.rules.turn
    landing = landing_of(t, move)
    action = "place" if move.drop else "move"
    needs_flip = flips_any(t, _landed(t, cells, side, move, effect), side, landing, action) \
        if any(r.type == "outflank" and r.required for r in t.rules.capture) else None
    if needs_flip is False:
        return False
    if turn.max_group is None and t.rules.end.both_win != "illegal":
        return True
    after, _, _ = act(t, cells, side, move, effect)
    if turn.max_group is not None:
        spots = [landing] + ([t.index[move.place]] if move.place else [])
        if any(group_size(t, after, side, s, turn.max_group.along, turn.max_group.count + 1)
               > turn.max_group.count for s in spots if after[s] is not None
               and after[s].side == side):  # type: ignore[union-attr]
            return False
    if t.rules.end.both_win == "illegal":
        hand = engine.hands(t, pos)
        if wins(t, after, hand, side) and any(wins(t, after, hand, s) for s in t.rules.sides
                                              if s != side):
            return False
    return True


def wins(t: Tables, cells: Cells, hand: Mapping[str, int], side: str) -> bool:
    """True when side meets one of its own win conditions (result wins)."""
    return any(r.result == "wins" and r.guard.for_side(side) and meets(t, cells, hand, side, r)
               for r in t.rules.win)


def _landed(t: Tables, cells: Cells, side: str, move: Move, effect: Effect) -> Cells:
    """The board with the moved or placed piece on its landing space, before any capture
    rule (what an outflank reads)."""
    after = list(cells)
    if move.drop:
        after[t.index[move.origin]] = Piece(side, effect.placed or "")
        return after
    path = [t.index[n] for n in move.path]
    piece = after[path[0]]
    after[path[0]] = None
    for c in effect.captures:
        after[c] = None
    after[path[-1]] = piece
    return after


def group_size(t: Tables, cells: Cells, side: str, start: int, along: Iterable[str],
               limit: int) -> int:
    """The size of side's group holding start, counted up to limit."""
    group, todo = {start}, [start]
    rels = tuple(along)
    while todo and len(group) < limit:
        here = todo.pop()
        for rel in rels:
            for n in t.neighbours[rel][here]:
                p = cells[n]
                if p is not None and p.side == side and n not in group:
                    group.add(n)
                    todo.append(n)
    return len(group)


def must_capture(t: Tables, cells: Cells, side: str, found: list[Candidate]) -> list[Candidate]:
    """Only the capturing moves when must_capture asks (the most capturing, for most)."""
    how = t.rules.turn.must_capture
    if how == "no" or not found:
        return found
    simple = not any(r.type in ("custodial", "surround") for r in t.rules.capture)
    taken = [len(e.captures) + (1 if m.take else 0) if simple
             else len(act(t, cells, side, m, e)[1]) for m, e in found]
    best = max(taken)
    if best == 0:
        return found
    return [c for c, n in zip(found, taken, strict=True)
            if n > 0 and (how == "any" or n == best)]


def order(index: Mapping[str, int], move: Move) -> tuple[Any, ...]:
    """A move's place in the fixed order: origin, target, the rest of the path, the removed
    and the placed space, by board order."""
    path = move.path
    key: tuple[int, ...] = (index[path[0]], index[path[-1]])
    if len(path) > 2:
        key += tuple(index[n] for n in path[1:])
    if move.take or move.place:
        key += (index[move.take] if move.take else -1, index[move.place] if move.place else -1)
    return key


def filtered(t: Tables) -> bool:
    """True when some candidates may be illegal by a filter (max_group, a required
    outflank, both_win = illegal)."""
    return (t.rules.turn.max_group is not None or t.rules.end.both_win == "illegal"
            or any(r.type == "outflank" and r.required for r in t.rules.capture))


def can_swap(t: Tables, pos: Position, cells: Cells) -> bool:
    """True when the pie rule offers the side to move a swap now."""
    n = t.rules.turn.swap
    if not n or pos.state.get("swapped"):
        return False
    sides = t.rules.sides
    first = sides.index(t.rules.first) if t.rules.first in sides else 0
    turns = [sides[(first + i) % len(sides)] for i in range(n)]
    if pos.to_move != sides[(first + n) % len(sides)]:
        return False
    return all(counts(cells, s) == turns.count(s) for s in sides)


def state_keys(rules: RuleSet) -> dict[str, type]:
    """The [state] keys a position of these rules may hold, and their types."""
    out: dict[str, type] = {}
    if rules.turn.swap or any(dict(v.changes).get("swap") for v in rules.variants):
        out["swapped"] = bool
    if rules.turn.pass_ == "any-time" or rules.end.passes is not None:
        out["passes"] = int
    if rules.end.quiet_moves is not None:
        out["quiet"] = int
    return out


def digest(pos: Position) -> str:
    """A short stable digest of what repetition compares: pieces, side to move, hands."""
    text = repr((pos.to_move, sorted((k, tuple(v)) for k, v in pos.pieces.items()),
                 sorted(pos.hand.items())))
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


# ---------------------------------------------------------------------- the result

def winners(t: Tables, cells: Cells, hand: Mapping[str, int]) -> list[str]:
    """The sides a win condition makes winners, in turn order (a condition that loses
    makes the next side a winner)."""
    sides = t.rules.sides
    found: list[str] = []
    for side in sides:
        for rule in t.rules.win:
            if rule.guard.for_side(side) and meets(t, cells, hand, side, rule):
                found.append(side if rule.result == "wins" else next_side(side, sides))
    return sorted(set(found), key=sides.index)


def result(engine: GenericRules, t: Tables, pos: Position) -> str | None:
    """The winning side, 'draw', or None: win conditions first, then the state's draws,
    then a side to move without a move."""
    cells = engine.cells(t, pos)
    end = t.rules.end
    sides = t.rules.sides
    found = winners(t, cells, engine.hands(t, pos))
    if len(found) == 1:
        return found[0]
    if found:
        mover = _mover(pos.to_move, sides)
        if end.both_win == "mover":
            return mover if mover in found else found[0]
        return "draw"
    if end.repetition is not None and \
            pos.state.get("seen", ()).count(digest(pos)) + 1 >= end.repetition:
        return "draw"
    if end.quiet_moves is not None and pos.state.get("quiet", 0) >= end.quiet_moves:
        return "draw"
    if "passes" in state_keys(t.rules) and \
            pos.state.get("passes", 0) >= (end.passes or len(sides)):
        return _stuck(t, cells)
    moves = engine._moves(t, pos)
    if any(m != PASS for m in moves):
        return None
    if not moves:
        return no_move(t, pos)
    if t.rules.turn.pass_ == "any-time":
        return None  # passing on: the passes in a row end the game
    if any(engine.candidates(t, pos, cells, s) for s in sides if s != pos.to_move):
        return None  # the side to move passes; another can still move
    return _stuck(t, cells)


def _mover(to_move: str, sides: tuple[str, ...]) -> str:
    i = sides.index(to_move) if to_move in sides else 0
    return sides[(i - 1) % len(sides)]


def _stuck(t: Tables, cells: Cells) -> str:
    return most_pieces(t, cells) if t.rules.end.all_stuck == "most-pieces" else "draw"


def no_move(t: Tables, pos: Position) -> str:
    """The result when the side to move has no legal move at all (not even a pass)."""
    end = t.rules.end
    side = pos.to_move
    if end.no_move == "wins":
        return side
    if end.no_move == "draw":
        return "draw"
    return next_side(side, t.rules.sides)


def problems(engine: GenericRules, t: Tables, pos: Position) -> Iterator[str]:
    """Why a position cannot occur under the rules."""
    rules = t.rules
    owners = (*rules.sides, NEUTRAL)
    for name, piece in sorted(pos.pieces.items()):
        if piece.side not in owners:
            yield f"{name} holds a piece of {piece.side}, which is no side of the game"
            return
        if piece.side != NEUTRAL and t.index[name] in t.blocked[piece.side]:
            yield f"{piece.side} piece on {name}, where no {piece.side} piece may stand"
    cells = engine.cells(t, pos)
    group = rules.turn.max_group
    if group is not None:
        for side in rules.sides:
            for s, p in enumerate(cells):
                if p is not None and p.side == side and group_size(
                        t, cells, side, s, group.along, group.count + 1) > group.count:
                    yield (f"{side} has more than {group.count} pieces in one group "
                           f"(at {t.names[s]})")
                    break
    for key in pos.state:
        if key not in (*state_keys(rules), "seen"):
            yield f"state {key} has no rule in this game"
    if rules.end.both_win == "illegal" and len(winners(t, cells, engine.hands(t, pos))) > 1:
        yield "two sides meet a win condition at once; such a move is illegal"
