"""Worked examples a booklet finds for itself: for each mechanism a game file's [rules]
declare (each place and move rule, each capture, promotion, each way to win, and each
restriction a player could break), a position from the engine's own games that shows it,
written as an example position file (title, explain, pieces, checks) whose caption the
booklet generates from the engine as for any example.

The search (ours, deterministic): GAMES self-play games, each from the setup with its own
seeded random choice of legal moves, up to PLIES plies. Every move played, and for a
mechanism not yet seen every legal move of the position, is tested against each mechanism;
the first CANDIDATES finds of each are kept. The clarity score of a find is the number of
pieces left on the board once every piece the point does not need is taken off (a piece
stays when taking it off would change what the example shows: the move's legality, what it
captures or flips, who wins, or the mechanism), fewest first, then the first found. Same
game file, same examples, same bytes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from printables.boards import Board
from printables.games import GameSpec, Move, Position, first_problem
from printables.games.rules import GenericRules
from printables.games.rules.vocabulary import RuleSet
from printables.products.booklet.rules_prose import entry, ruleset_of

#: Self-play games searched, plies per game at most, finds kept per mechanism, and the seed.
GAMES, PLIES, CANDIDATES, SEED = 6, 300, 3, 39
#: Moves tried at most in each of the searches beyond the moves played.
BUDGET = 1500


@dataclass(frozen=True)
class Mechanism:
    """Something the rules declare that an example can show: key ('move.1', 'win.0',
    'forbid.must_capture'), kind (place, move, capture, promote, win, forbid), the rule
    entry (or None) and the [rules] key it comes from."""

    key: str
    kind: str
    rule: Any
    source: str
    relaxed: RuleSet | None = None  # forbid: the rules without the restriction


@dataclass(frozen=True)
class Found:
    """A position and move that show a mechanism (the move is illegal for a forbid)."""

    mechanism: Mechanism
    position: Position
    move: Move
    legal: bool
    game: int
    ply: int

    @property
    def score(self) -> tuple[int, int, int]:
        """The clarity score: pieces on the board, then where it was found."""
        return (len(self.position.pieces), self.game, self.ply)


#: A restriction a player could break: (key, how the rules read without it).
RELAXATIONS: tuple[tuple[str, Callable[[RuleSet], RuleSet]], ...] = (
    ("must_capture", lambda r: replace(r, turn=replace(r.turn, must_capture="no"))),
    ("toward", lambda r: replace(r, move=tuple(replace(m, toward=()) for m in r.move))),
    ("required", lambda r: replace(r, capture=tuple(replace(c, required=False)
                                                    for c in r.capture))),
    ("gravity", lambda r: replace(r, place=tuple(replace(p, gravity=None) for p in r.place))),
    ("on", lambda r: replace(r, place=tuple(replace(p, on=(), not_on=()) for p in r.place),
                             move=tuple(replace(m, on=(), not_on=(), from_=())
                                        for m in r.move))),
    ("no_entry", lambda r: replace(r, turn=replace(r.turn, no_entry=()))),
    ("max_group", lambda r: replace(r, turn=replace(r.turn, max_group=None))),
    ("friendly_neighbours", lambda r: replace(r, place=tuple(
        replace(p, friendly_neighbours=None) for p in r.place))),
)


def mechanisms(rules: RuleSet) -> list[Mechanism]:
    """Every mechanism of a ruleset, in the order a booklet teaches them."""
    out = [Mechanism(f"place.{i}", "place", r, f"[[rules.place]] {entry(i, r)}")
           for i, r in enumerate(rules.place)]
    out += [Mechanism(f"move.{i}", "move", r, f"[[rules.move]] {entry(i, r)}")
            for i, r in enumerate(rules.move)]
    out += [Mechanism(f"capture.{i}", "capture", r, f"[[rules.capture]] {entry(i, r)}")
            for i, r in enumerate(rules.capture)]
    out += [Mechanism(f"promote.{i}", "promote", r, f"[[rules.promote]] {entry(i, r)}")
            for i, r in enumerate(rules.promote)]
    out += [Mechanism(f"win.{i}", "win", r, f"[[rules.win]] {entry(i, r)}")
            for i, r in enumerate(rules.win)]
    if rules.end.no_move in ("loses", "wins") and rules.turn.pass_ == "never":
        out.append(Mechanism("win.no_move", "win", None, "[rules.end] no_move"))
    for key, relax in RELAXATIONS:
        loose = relax(rules)
        if loose != rules:
            out.append(Mechanism(f"forbid.{key}", "forbid", None, f"[rules] {key}", loose))
    return out


class Search:
    """The engines a search asks: the game's own, and one per narrowed or relaxed ruleset."""

    def __init__(self, game: GameSpec, options: Mapping[str, Any]) -> None:
        engine = game.rules
        assert isinstance(engine, GenericRules)
        rules = ruleset_of(game, options)
        assert rules is not None
        self.game, self.rules, self.engine = game, rules, engine
        self.board: Board = game.board(options)
        self.mechs = mechanisms(rules)
        self._subs: dict[RuleSet, GenericRules] = {}

    def sub(self, rules: RuleSet) -> GenericRules:
        """An engine of a changed ruleset (made once)."""
        if rules not in self._subs:
            self._subs[rules] = GenericRules(rules, self.engine.supply)
        return self._subs[rules]

    def legal(self, rules: RuleSet, pos: Position) -> set[Move]:
        """The legal moves of pos under rules."""
        return set(self.sub(rules).legal_moves(self.board, pos))

    def shows(self, m: Mechanism, pos: Position, move: Move) -> bool:
        """True when playing move from pos shows the mechanism (for a forbid: the move is
        illegal only because of the restriction)."""
        b, r = self.board, self.rules
        if m.kind == "forbid":
            assert m.relaxed is not None
            return move in self.legal(m.relaxed, pos) and move not in self.legal(r, pos)
        if m.kind == "place":
            return move.drop and move in self.legal(replace(r, place=(m.rule,), move=()), pos)
        if m.kind == "move":
            return not move.drop and move in self.legal(replace(r, move=(m.rule,), place=()),
                                                        pos)
        out = self.engine.play(b, pos, move)
        after = out.position
        if m.kind == "promote":
            was, now = pos.pieces.get(move.origin), after.pieces.get(move.target)
            return (was is not None and now is not None and was.kind == m.rule.piece
                    and now.kind == m.rule.to)
        if m.kind == "capture":  # more taken or turned than without this capture rule
            plain = self.sub(replace(r, capture=tuple(c for c in r.capture
                                                      if c is not m.rule))).play(b, pos, move)
            return bool(changed(pos, after, out.captures)
                        - changed(pos, plain.position, plain.captures))
        winner = self.engine.winner(b, after)
        if winner in (None, "draw"):
            return False
        drawn = replace(r.end, no_move="draw")  # the rule alone decides, and no other does
        if m.rule is None:  # no move left: the rules without their win conditions agree
            return (self.sub(replace(r, win=())).winner(b, after) == winner
                    and self.sub(replace(r, end=drawn)).winner(b, after) != winner)
        others = tuple(w for w in r.win if w is not m.rule)
        return (self.sub(replace(r, win=(m.rule,), end=drawn)).winner(b, after) == winner
                and self.sub(replace(r, win=others, end=drawn)).winner(b, after) != winner)


def changed(before: Position, after: Position, captured: tuple[str, ...]) -> set[str]:
    """The spaces a move took pieces from or turned over (not its own landing)."""
    flipped = {s for s, p in after.pieces.items()
               if s in before.pieces and before.pieces[s].side != p.side}
    return set(captured) | flipped


def search(s: Search, wanted: list[Mechanism]) -> dict[str, list[Found]]:
    """The first CANDIDATES finds of each wanted mechanism in the self-play games: first
    among the moves played (and, for a forbid, the moves only the restriction forbids),
    then, for a mechanism still unseen, among every legal move of the same positions
    (each game's last first: near its end a game is closest to a win), and last among
    those moves with only the pieces they use left on the board (what a game rarely
    reaches: the last enemy piece taken). The last two try BUDGET moves per mechanism."""
    finds: dict[str, list[Found]] = {m.key: [] for m in wanted}
    plies = list(self_play(s))
    late = sorted(plies, key=lambda p: (p[0], -p[1]))
    for scan in ("played", "all", "reduced"):
        need = CANDIDATES if scan == "played" else 1
        for m in wanted:
            budget = BUDGET
            for g, ply, pos, moves, played in plies if scan == "played" else late:
                if len(finds[m.key]) >= need or budget <= 0:
                    break
                tried = ([played] if scan == "played" and m.kind != "forbid"
                         else tried_moves(s, m, pos, moves))[:budget]
                budget -= len(tried) if scan != "played" else 0
                hit = next(((p, mv) for p, mv in tries(s, pos, tried, scan == "reduced")
                            if s.shows(m, p, mv)), None)
                if hit is not None:
                    finds[m.key].append(Found(m, hit[0], hit[1], m.kind != "forbid", g, ply))
    return finds


def tries(s: Search, pos: Position, moves: list[Move], reduced: bool
          ) -> Iterator[tuple[Position, Move]]:
    """(position, move) to test: as played, or with only the pieces the move uses (those on
    its path and those it takes) when reduced."""
    for mv in moves:
        if not reduced:
            yield pos, mv
            continue
        used = set(mv.path) | set(s.engine.play(s.board, pos, mv).captures)
        small = pos.with_(pieces={k: v for k, v in pos.pieces.items() if k in used})
        rest = [n for n in s.board.names if n in pos.pieces and n not in used]
        while rest and s.engine.winner(s.board, small) is not None:  # over already: add back
            n = rest.pop(0)
            small = small.with_(pieces={**small.pieces, n: pos.pieces[n]})
        if not first_problem(s.engine, s.board, small) and mv in s.legal(s.rules, small):
            yield small, mv


def self_play(s: Search) -> Iterator[tuple[int, int, Position, list[Move], Move]]:
    """(game, ply, position, its legal moves, the move played) of the GAMES seeded games."""
    start = s.game.setup_position
    assert start is not None
    for g in range(GAMES):
        rng, pos = random.Random(SEED * 1000 + g), start
        for ply in range(min(PLIES, s.rules.end.max_plies)):
            moves = s.engine.legal_moves(s.board, pos)
            if not moves:
                break
            played = rng.choice(moves)
            yield g, ply, pos, moves, played
            pos = s.engine.play(s.board, pos, played).position


def tried_moves(s: Search, m: Mechanism, pos: Position, moves: list[Move]) -> list[Move]:
    """The moves a position is searched for a mechanism not yet seen: its forbidden moves
    (for a forbid), else every legal move."""
    if m.kind == "forbid":
        assert m.relaxed is not None
        legal = set(moves)
        return [mv for mv in s.sub(m.relaxed).legal_moves(s.board, pos) if mv not in legal]
    return moves


def story(s: Search, f: Found, pos: Position) -> tuple[Any, ...] | None:
    """What an example shows from pos, compared when pieces are taken off: legality, what
    the move takes or turns, who wins; None when it no longer shows the mechanism or the
    position could not occur."""
    if first_problem(s.engine, s.board, pos) or s.engine.winner(s.board, pos) is not None:
        return None
    if (f.move in s.legal(s.rules, pos)) != f.legal or not s.shows(f.mechanism, pos, f.move):
        return None
    if not f.legal:
        return ("forbidden",)
    out = s.engine.play(s.board, pos, f.move)
    return (tuple(sorted(changed(pos, out.position, out.captures))),
            s.engine.winner(s.board, out.position))


def pruned(s: Search, f: Found) -> Found:
    """The find with every piece the point does not need taken off (board order, one pass,
    twice), the hands left as they were and the memory of past positions dropped."""
    pos = f.position.with_(state={k: v for k, v in f.position.state.items() if k != "seen"})
    pos = full_hands(s, pos)
    want = story(s, f, pos)
    if want is None:
        return f
    keep = set(f.move.path) | {x for x in (f.move.place, f.move.take) if x}
    for _ in range(2):
        for name in [n for n in s.board.names if n in pos.pieces and n not in keep]:
            fewer = full_hands(s, pos.with_(pieces={k: v for k, v in pos.pieces.items()
                                                    if k != name}))
            if story(s, f, fewer) == want:
                pos = fewer
    return replace(f, position=pos)


def full_hands(s: Search, pos: Position) -> Position:
    """pos with every hand as a position file reads it by default: the side's pieces of its
    placed kind less those on the board (pieces taken off go back to the hand)."""
    if not pos.hand:
        return pos
    supply = s.engine.supply(pos.options)
    hand = {side: max(0, supply.get(side, pos.hand[side]) - sum(
        1 for p in pos.pieces.values() if (p.side, p.kind) == (side, kind)))
        for side, kind in s.rules.placed_kind}
    return pos.with_(hand={**pos.hand, **hand})


def best(s: Search, finds: list[Found]) -> Found | None:
    """The clearest of a mechanism's finds, pruned (see the module's clarity score)."""
    return min((pruned(s, f) for f in finds), key=lambda f: f.score, default=None)


def found_examples(game: GameSpec, options: Mapping[str, Any] | None = None,
                   skip: frozenset[str] = frozenset()) -> list[Found]:
    """The clearest example of each mechanism of a [rules] game (but those in skip, which
    the designer's own examples show), in teaching order; [] for another game."""
    opts = game.options(options)
    if ruleset_of(game, opts) is None or game.setup_position is None:
        return []
    s = Search(game, opts)
    wanted = [m for m in s.mechs if m.key not in skip]
    finds = search(s, wanted)
    out = [best(s, finds[m.key]) for m in wanted]
    return [f for f in out if f is not None]


def shown_by(game: GameSpec, examples: list[tuple[Position, Move]],
             options: Mapping[str, Any] | None = None) -> frozenset[str]:
    """The mechanisms a designer's examples already show (their featured moves)."""
    opts = game.options(options)
    if ruleset_of(game, opts) is None:
        return frozenset()
    s = Search(game, opts)
    return frozenset(m.key for m in s.mechs for pos, mv in examples
                     if pos.options == opts and safe_shows(s, m, pos, mv))


def safe_shows(s: Search, m: Mechanism, pos: Position, move: Move) -> bool:
    """shows, for a designer's move that may be illegal (then it shows only a forbid)."""
    legal = move in set(s.engine.legal_moves(s.board, pos))
    return (m.kind == "forbid" or legal) and s.shows(m, pos, move)
