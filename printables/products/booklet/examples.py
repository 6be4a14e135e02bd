"""Booklet examples: the game's checked positions from layouts/<game>/, validated before they
are printed, with the move each diagram shows and its caption; piece art scenes; the
pieces each side has off the board (reserve_counts, which diagrams and setups draw)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from printables.boards import Board
from printables.errors import CheckFailedError, PrintablesError
from printables.games import GameSpec, Move, Position, first_problem
from printables.geometry import Point
from printables.positions import (
    Check,
    Layout,
    check_layout,
    format_move,
    game_content,
    load_layout,
    notation_problems,
    parse_move,
)
from printables.products.pieces.art import piece_items
from printables.render.scene import Scene


@dataclass(frozen=True)
class Example:
    """One printed example: the position, the move drawn (if any), whether the engine allows
    it, what it captures, claims (a mark left on the space, EVL) and flips, and its caption:
    the title, the sentence generated from the checks (`outcome`), the file's own `explain`
    sentence, the other moves the file checks (`note`) and the pieces in hand (`hand`)."""

    path: str
    title: str
    position: Position
    move: Move | None
    captures: tuple[str, ...]
    note: str
    topic: int = 0
    legal: bool = True
    claims: tuple[str, ...] = ()
    flips: tuple[str, ...] = ()
    outcome: str = ""
    explain: str = ""
    hand: str = ""
    checked: bool = True

    @property
    def caption(self) -> str:
        """What the diagram shows, in sentences: outcome, explanation, other checks, hand."""
        return " ".join(t for t in (self.outcome, self.explain, self.note, self.hand) if t)


def reserve_counts(game: GameSpec, pos: Position) -> list[tuple[str, str, str, int]]:
    """(side, kind, art, pieces not on the board) per component, as the game's placement
    counts them (a hand, where pieces enter from one)."""
    return [(c.side, c.kind, c.art, game.placement.off_board(pos, c))
            for c in game.components(game.options(pos.options))]


def example_paths(game: GameSpec, layouts_dir: Path) -> list[Path]:
    """The game's example files: a game file's own, else every *.toml in layouts/<game>/
    but setup.toml, by name."""
    return list(game_content(game, layouts_dir).examples)


def validated(game: GameSpec, path: Path) -> Layout:
    """Load a layout and run its checks; raise CheckFailedError naming file and check if one
    fails (the booklet never prints an unchecked example)."""
    layout = load_layout(path)
    if layout.position.game != game.name:
        raise CheckFailedError(f"this file is for {layout.position.game}, not {game.name}",
                               file=str(path))
    results = check_layout(layout) if checkable(game) else notation_problems(game, layout)
    for res in results:  # a game without an engine: the checks any notation allows
        if not res.ok:
            raise CheckFailedError(f"check {res.number} fails: {res.reason}; the booklet "
                                   f"prints this example, so fix the file or remove it",
                                   file=str(path))
    return layout


_CARDINALS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
              "seventeen", "eighteen", "nineteen", "twenty")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
             "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth")
#: Number words and ordinals a caption's free text may use for a count, by value.
NUMBER_WORDS = {w: n for n, w in enumerate(_CARDINALS)} | {
    w: n for n, w in enumerate(_ORDINALS, 1)}


@dataclass(frozen=True)
class Facts:
    """What the engine says a caption's free text may claim: pentagons (marker spaces)
    held by each side and claimed by the move, passes in a row, who passed before the move
    and who passes in it. Ruling (ours): a game counts passes in state['passes']."""

    marker_counts: frozenset[int]
    passes: int
    passed_before: str | None
    passing: str | None
    winner: str = "none"  # after the move ('none', 'draw' or a side)


def facts_of(game: GameSpec, board: Board, before: Position, after: Position, move: Move | None,
             claims: tuple[str, ...]) -> Facts:
    """The engine's facts of an example (after = before for a position or a refused move)."""
    counts = {sum(1 for o in p.markers.values() if o == side) for p in (after,)
              for side in game.sides} | ({len(claims)} if claims else set())
    passed = int(before.state.get("passes", 0) or 0)
    earlier = None
    if passed:
        i = game.sides.index(before.to_move)
        earlier = game.sides[(i - 1) % len(game.sides)]
    passing = before.to_move if move is not None and move.special == "pass" else None
    return Facts(frozenset(counts), int(after.state.get("passes", 0) or 0), earlier, passing,
                 winner_of(game, board, after))


def winner_of(game: GameSpec, board: Board, pos: Position) -> str:
    """Who has won a position by the engine: a side, 'draw', or 'none' (also for a position
    that cannot arise)."""
    rules = game.rules
    assert rules is not None, game.name
    if first_problem(rules, board, pos) is not None:
        return "none"
    return rules.winner(board, pos) or "none"


def claim_problem(game: GameSpec, board: Board, text: str, facts: Facts) -> str | None:
    """Why a file's own caption text (title or `explain`) contradicts the engine, or None.
    Read claims: a count of marker spaces ('ten pentagons', 'a tenth pentagon') must be
    one a side holds after the move or the number the move claims; a count of passes the
    passes in a row after it; 'X passed' must name who passed before the move, 'X passes'
    (or 'X's pass') the side passing in it; 'X wins' (X the side just before, or the clause's first)
    the side the engine says has won.

    >>> from printables.games import GAMES
    >>> g = GAMES["evl"]
    >>> f = Facts(frozenset({11, 0, 1}), 0, None, None)
    >>> claim_problem(g, g.board(), "Black now holds ten pentagons.", f)
    "'ten pentagons': the engine counts 0, 1 or 11"
    >>> claim_problem(g, g.board(), "Black now holds eleven pentagons.", f) is None
    True
    >>> claim_problem(g, g.board(), "White passed last turn.", Facts(frozenset(), 2, "black",
    ...               "white"))
    "'White passed': the engine says Black passed"
    """
    words = "|".join([*NUMBER_WORDS, r"\d+"])
    kinds = "|".join(sorted(marker_kinds(game)) or ["(?!)"])
    for m in re.finditer(rf"\b({words})\s+(?:\w+\s+)?({kinds}|pass)(?:e?s)?\b", text,
                         re.IGNORECASE):
        n = NUMBER_WORDS.get(m[1].lower()) if not m[1].isdigit() else int(m[1])
        allowed = {facts.passes} if m[2].lower() == "pass" else set(facts.marker_counts)
        if n not in allowed:
            counts = tuple(str(v) for v in sorted(allowed))
            return f"{m[0]!r}: the engine counts {_join(counts, 'or')}"
    sides = "|".join(re.escape(side_name(s)) for s in game.sides)
    for m in re.finditer(rf"\b({sides})(?:'s)?\s+(?:\w+\s+){{0,2}}(passed|passes|pass)\b", text,
                         re.IGNORECASE):
        said = m[1].lower()
        truth = facts.passed_before if m[2].lower() == "passed" else facts.passing
        if said != truth:
            who = f"{side_name(truth)} {m[2].lower()}" if truth else f"nobody {m[2].lower()}"
            return f"{m[0]!r}: the engine says {who}"
    for m in re.finditer(r"\b(wins|has won)\b", text):
        clause = re.split(r"[.;:,]", text[:m.start()])[-1]
        named = re.findall(rf"\b({sides})\b", clause, re.IGNORECASE)
        right_before = re.search(rf"\b({sides})\s+$", clause, re.IGNORECASE)
        if right_before:  # 'X wins'; else the clause's subject: 'X takes ... and wins'
            named = [right_before[1]]
        if named and named[0].lower() != facts.winner:
            truth = "nobody has won" if facts.winner == "none" else (
                "it is a draw" if facts.winner == "draw" else f"{side_name(facts.winner)} wins")
            return f"'{named[0]} ... {m[1]}': the engine says {truth}"
    return None


def marker_kinds(game: GameSpec) -> set[str]:
    """The space kinds a game's markers stand on (EVL: pentagons), from its components."""
    comps = game.components(game.options(None))
    return {c.stands_on for c in comps if c.kind == "marker"}


def setup_layout(game: GameSpec, layouts_dir: Path) -> Layout:
    """The validated setup position of a game."""
    path = game_content(game, layouts_dir).setup
    if isinstance(path, Layout):  # a game file's own [setup], read when it loaded
        return path
    if not path.exists():
        raise CheckFailedError("the setup position is missing; the booklet needs it",
                               file=str(path))
    return validated(game, path)


def on_variant(game: GameSpec, layout: Layout, variant: Mapping[str, Any]) -> Layout | None:
    """The layout moved onto a variant's board (its options updated with variant: the
    options that differ from the game's defaults), or None when a space it or one of its
    checks names is not on that board. Its checks are not run here (see holds_on)."""
    pos = layout.position
    if all(pos.options.get(k, game.default_options.get(k)) == v for k, v in variant.items()):
        return layout
    opts = game.options({**pos.options, **variant})
    board = game.board(opts)
    names = [*pos.pieces, *pos.stacks, *pos.markers]
    for c in layout.checks:
        if c.move is not None:
            names += [*c.move.path, *(n for n in (c.move.take, c.move.relocate,
                                                  c.move.place) if n)]
        if c.after is not None:
            names += [*c.after.pieces, *c.after.stacks, *c.after.markers]
    if not all(board.has(n) for n in names):
        return None
    checks = tuple(replace(c, after=c.after.with_(options=opts)) if c.after is not None else c
                   for c in layout.checks)
    return replace(layout, position=pos.with_(options=opts), checks=checks, board=board)


def holds_on(game: GameSpec, layout: Layout, variant: Mapping[str, Any]) -> Layout | None:
    """The layout on the variant's board when every one of its checks still holds there
    (run by the rules engine on that board), else None. A game without an engine keeps
    every layout whose spaces exist on the board (its examples are printed unchecked)."""
    moved = on_variant(game, layout, variant)
    if moved is None or moved is layout or not checkable(game):
        return moved
    return moved if all(r.ok for r in check_layout(moved)) else None


def load_examples(game: GameSpec, layouts_dir: Path,
                  variant: Mapping[str, Any] | None = None) -> tuple[Example, ...]:
    """Every example of a game, validated, with its move, captures and caption note, in
    order: an example's own ``order = N`` first (1 first); then, for a game file, the order
    its examples list names them; for a built-in game, teaching order: plain moves,
    captures, forbidden moves, ends of game (then file name). With a variant (options that
    differ from the defaults), each file is still validated on its own board, then kept
    only if its checks hold on the variant's board, and drawn there (see holds_on)."""
    kept = []
    for p in example_paths(game, layouts_dir):
        original = validated(game, p)
        layout = holds_on(game, original, variant or {})
        if layout is not None:
            kept.append((p, original, layout))
    layouts = [original for _, original, _ in kept]
    found = [example_of(game, p, layout) for p, _, layout in kept]
    if not any(e.captures or e.claims for e in found):  # a game without captures: say none
        found = [replace(e, outcome=e.outcome.replace(NOTHING, "")) for e in found]
    listed = game.example_files is not None

    def key(i: int) -> tuple[bool, int, int] | tuple[bool, int, int, str]:
        order = layouts[i].order
        if listed:
            return (order is None, order or 0, i)
        return (order is None, order or 0, found[i].topic, Path(found[i].path).name)
    return tuple(found[i] for i in sorted(range(len(found)), key=key))


def side_name(side: str) -> str:
    """A side as printed in captions.

    >>> side_name("rose")
    'Rose'
    """
    return side[:1].upper() + side[1:]


def featured(checks: tuple[Check, ...]) -> Check | None:
    """The check an example's diagram shows: the first check with a move, in file order (the
    file's author puts the move its title is about first), else None."""
    return next((c for c in checks if c.move is not None), None)


def example_of(game: GameSpec, path: Path, layout: Layout) -> Example:
    """The Example for a validated layout: its featured move (or the position alone), what
    that move does by the engine, and the caption sentences made from the file's checks."""
    pos = layout.position
    board = layout.board or game.board(pos.options)
    title = pos.title or path.stem.replace("-", " ").capitalize()
    check = featured(layout.checks)
    rules = game.rules
    if rules is None:
        return unchecked_example(game, path, layout, title, check)
    hand = hand_sentence(game, board, pos)
    if check is None:
        check_claims(game, board, path, layout, facts_of(game, board, pos, pos, None, ()))
        outcome = position_sentence(game, board, pos, layout.checks)
        ends = winner_of(game, board, pos) != "none"
        return Example(str(path), title, pos, None, (), "", 3 if ends else 2,
                       outcome=outcome, explain=layout.explain, hand=hand)
    assert check.move is not None, "featured() picks a check with a move"
    legal_set = set(rules.legal_moves(board, pos))
    legal = check.move in legal_set
    taken: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()
    flips: tuple[str, ...] = ()
    own_loss: tuple[str, ...] = ()
    turned: dict[str, str] = {}
    result = ""
    after = pos
    if legal:
        out = rules.play(board, pos, check.move)
        after = out.position
        taken, claims = split_claims(out.position, tuple(sorted(out.captures)))
        flips = flipped(pos, out.position, check.move, tuple(out.captures))
        turned = {s: side_name(out.position.pieces[s].side) for s in flips}
        own_loss = lost(pos, out.position, check.move, taken) if pos.pieces else ()
        winner = winner_of(game, board, out.position)
        result = tally_sentence(game, board, out.position) + winner_sentence(winner)
    check_claims(game, board, path, layout, facts_of(game, board, pos, after, check.move,
                                                     claims))
    text = notation(game, board, check)
    outcome = move_sentence(pos, check, text, legal, taken, claims, turned, own_loss) + result
    others = [c for c in layout.checks if c.move is not None and c.move != check.move]
    note = others_sentence([notation(game, board, c) for c in others if c.move not in legal_set],
                           [notation(game, board, c) for c in others if c.move in legal_set])
    if legal and winner != "none":
        rank = 3
    else:
        rank = 2 if not legal else (1 if taken or claims or flips else 0)
    # a piece of the mover's that turned over and was then jumped changed sides too: its
    # diagram mark says so beside the capture cross, as the legend promises
    marked = tuple(sorted(set(flips) | set(own_captures(pos, taken))))
    return Example(str(path), title, pos, check.move, taken, note, rank, legal, claims, marked,
                   outcome, layout.explain, hand)


def check_claims(game: GameSpec, board: Board, path: Path, layout: Layout, facts: Facts) -> None:
    """CheckFailedError naming the file when its title or explain contradicts the engine
    (see claim_problem): the booklet prints no caption the engine would disprove."""
    for what, text in (("title", layout.position.title), ("explain", layout.explain)):
        problem = claim_problem(game, board, text, facts) if text else None
        if problem is not None:
            raise CheckFailedError(f"the {what} is not true by the rules engine: {problem}",
                                   file=str(path))


def tally_sentence(game: GameSpec, board: Board, pos: Position) -> str:
    """' Black holds 11 pentagons, White none.': the game's own tally of a position (its
    GameSpec.tally hook), or ''."""
    text = game.tally(board, pos) if game.tally is not None else ""
    return f" {text}" if text else ""


def checkable(game: GameSpec) -> bool:
    """True when the game has a rules engine to check examples with (game files do not)."""
    return game.rules is not None


#: Caption words of an example no rules engine has checked (a game file's).
UNCHECKED = "Not checked by a rules engine."


def unchecked_example(game: GameSpec, path: Path, layout: Layout, title: str,
                      check: Check | None) -> Example:
    """An example of a game without an engine: the move it names is drawn as written (struck
    through when the file says legal = false), and the caption says only what the file says
    (nothing is generated from an engine)."""
    who = side_name(layout.position.to_move)
    legal = check is None or check.legal is not False
    if check is None:
        outcome = f"{who} to move."
    else:
        assert check.move is not None, "featured() picks a check with a move"
        board = layout.board or game.board(layout.position.options)
        move = check.move_text or format_move(game, board, check.move)
        outcome = f"{who} plays {move}." if legal else f"{who} may not play {move}."
        if check.winner not in (None, "none"):
            outcome += " Draw." if check.winner == "draw" else f" {side_name(check.winner)} wins."
    return Example(str(path), title, layout.position, check.move if check else None,
                   tuple(check.captures or ()) if check and legal else (), UNCHECKED, 0,
                   legal=legal, outcome=outcome, explain=layout.explain, checked=False)


def split_claims(after: Position, captured: tuple[str, ...]
                 ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Captured spaces split into pieces taken off and spaces claimed (the engine leaves a
    marker of the mover's on them, as EVL's pentagons)."""
    claims = tuple(s for s in captured if s in after.markers)
    return tuple(s for s in captured if s not in claims), claims


def flipped(before: Position, after: Position, move: Move,
            taken: tuple[str, ...]) -> tuple[str, ...]:
    """Spaces whose piece changed sides (a Chameleons piece turning over): a piece the move
    did not touch, or the moved piece itself on its landing space."""
    if move.special:  # a swap exchanges the players, not the pieces
        return ()
    passed = set(move.path) | set(taken) | {move.relocate} - {None}
    out = {s for s, p in before.pieces.items() if s not in passed
           and s in after.pieces and after.pieces[s].side != p.side}
    mover = before.pieces.get(move.origin) if move.path and not move.drop else None
    land = move.relocate or (move.target if move.path else None)
    if mover is not None and land is not None and land in after.pieces \
            and after.pieces[land].side != mover.side:
        out.add(land)  # the moved piece itself turned over where it landed
    return tuple(sorted(out))


def lost(before: Position, after: Position, move: Move,
         taken: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Spaces where the mover loses a piece of its own by its move (a Rosenkreuz suicide):
    the mover's pieces that are gone, the moved piece counted on its landing space. A
    space the move captures is not counted again (a Chameleons piece that turned over and
    was then jumped is a capture: see own_captures)."""
    if move.special or not move.path:
        return ()
    mover = before.to_move
    own = {s for s, p in before.pieces.items() if p.side == mover and s != move.origin}
    if not move.drop:
        own.add(move.relocate or move.target)
    return tuple(sorted(s for s in own if s not in after.pieces and s not in taken))


def own_captures(before: Position, taken: tuple[str, ...]) -> tuple[str, ...]:
    """Captured spaces whose piece was the mover's own before the move (it changed sides
    during the move, then was taken)."""
    return tuple(s for s in taken if s in before.pieces
                 and before.pieces[s].side == before.to_move)


def others_sentence(bad: list[str], good: list[str]) -> str:
    """The other moves a file checks: 'Also checked: a1-a2 is not allowed; b1-b2 is.'"""
    parts = []
    if bad:
        parts.append(f"{_join(tuple(bad))} {'is' if len(bad) == 1 else 'are'} not allowed")
    if good:
        verb = "is" if len(good) == 1 else "are"
        parts.append(f"{_join(tuple(good))} {verb + ' allowed' if not bad else verb}")
    return f"Also checked: {'; '.join(parts)}." if parts else ""


def hand_sentence(game: GameSpec, board: Board, pos: Position) -> str:
    """'In hand: Black 4 stones, White none.' for games whose pieces enter from a hand (the
    engine offers drops on the empty setup board), else ''."""
    empty = Position(game.name, game.sides[0], options=pos.options)
    drops = [m for m in game.rules.legal_moves(board, empty) if m.drop] if game.rules else []
    if not drops:
        return ""
    kinds = {board.space(m.target).kind for m in drops}
    stands = {(c.side, c.kind) for c in game.components(game.options(pos.options))
              if c.stands_on in kinds}
    words = []
    for side in game.sides:
        counts = [(kind, n) for s, kind, _, n in reserve_counts(game, pos)
                  if s == side and (s, kind) in stands]
        said = ", ".join(plural_words(n, kind) for kind, n in counts if n) or "none"
        words.append(f"{side_name(side)} {said}")
    return "In hand: " + ", ".join(words) + "."


def plural_words(n: int, kind: str) -> str:
    """'1 stone', '3 stones'.

    >>> plural_words(1, "stone"), plural_words(3, "piece")
    ('1 stone', '3 pieces')
    """
    return f"{n} {kind}{'' if n == 1 else 's'}"


def notation(game: GameSpec, board: Board, check: Check) -> str:
    """A check's move in the game's notation, or as the file writes it when the game's
    notation does not read back as the same move."""
    assert check.move is not None, "only a check with a move has a notation"
    text = format_move(game, board, check.move)
    try:
        same = parse_move(game, board, text) == check.move
    except PrintablesError:
        same = False
    return text if same else (check.move_text or text)


#: What a caption says of a move the file claims captures nothing (dropped in games whose
#: examples never capture, where it would only puzzle).
NOTHING = " and captures nothing"
#: How captions say a special move: (done, not allowed).
SPECIAL_WORDS = {"pass": ("passes", "may not pass"), "swap": ("swaps colours", "may not swap")}


def move_sentence(pos: Position, check: Check, move_text: str, legal: bool,
                  taken: tuple[str, ...], claims: tuple[str, ...],
                  turned: Mapping[str, str], own_loss: tuple[str, ...] = ()) -> str:
    """What the featured move does, by the engine: 'Black may not play +d8: the rules do
    not allow it.', 'Rose plays d3-d4, capturing d5.' (the tally and who has won follow)."""
    who = side_name(pos.to_move)
    assert check.move is not None, "the featured check has a move"
    done, refused = SPECIAL_WORDS.get(check.move.special or "",
                                      (f"plays {move_text}", f"may not play {move_text}"))
    if not legal:
        return f"{who} {refused}: the rules do not allow it."
    what = []
    own = own_captures(pos, taken)
    if taken:
        what.append("capturing " + _join(taken))
        if own:
            what[-1] += (f" ({_join(own)} {'was' if len(own) == 1 else 'were'} its own until "
                         f"{'it' if len(own) == 1 else 'they'} turned over)")
    if claims:
        what.append("claiming " + _join(claims))
    if own_loss:
        what.append(f"losing its own piece{'s' if len(own_loss) > 1 else ''} on "
                    f"{_join(own_loss)}")
    for side in sorted(set(turned.values())):
        spaces = tuple(s for s in sorted(turned) if turned[s] == side)
        what.append(f"and the piece{'s' if len(spaces) > 1 else ''} on {_join(spaces)} "
                    f"{'turn' if len(spaces) > 1 else 'turns'} over to {side}")
    note = f"{who} {done}" + (", " + ", ".join(what) if what else "") + "."
    note = note.replace(", and the piece", " and the piece", 1) if not (taken or claims) \
        else note
    if check.captures == () and not what and not check.move.special:
        note = note[:-1] + NOTHING + "."
    return note


def winner_sentence(winner: str | None, after: bool = True) -> str:
    """' Black wins.', ' The game is drawn.', ' Nobody has won yet.' or ''."""
    if winner is None:
        return ""
    if winner == "none":
        return " Nobody has won yet." if after else " Nobody has won."
    if winner == "draw":
        return " The game is drawn."
    return f" {side_name(winner)} {'wins' if after else 'has won'}."


def position_sentence(game: GameSpec, board: Board, pos: Position, checks: tuple[Check, ...]
                      ) -> str:
    """What a position-only example shows, by the engine: why it cannot arise, or who is to
    move, how many moves they have when the file counts them, and who has won."""
    problem = first_problem(game.rules, board, pos) if game.rules else None
    if problem is not None:
        return f"This position cannot arise in a game: {problem}."
    who = side_name(pos.to_move)
    text = f"{who} to move."
    assert game.rules is not None, game.name
    n = len(game.rules.legal_moves(board, pos))
    if n == 0:
        text = f"{who} is to move and has no legal move."
    elif n == 1 and any(c.legal_moves == 1 for c in checks):
        text = f"{who} is to move and has one legal move."
    winner = winner_of(game, board, pos)
    return text + tally_sentence(game, board, pos) + winner_sentence(winner, after=False)


def _join(names: tuple[str, ...], word: str = "and") -> str:
    """'a1', 'a1 and b2', 'a1, b2 and c3'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {word} " + names[-1]


# ----------------------------------------------------------------------------- scenes

def piece_scene(art: str, diameter: float) -> Scene:
    """One piece's art centred in a square scene with a 0.5 mm margin."""
    c = Point(diameter / 2 + 0.5, diameter / 2 + 0.5)
    return Scene(diameter + 1.0, diameter + 1.0, tuple(piece_items(art, c, diameter)),
                 title=art)


def move_forms(moves: list[Move]) -> str:
    """A sentence saying how the given moves are written (for a rules text without a
    Notation section), naming only the forms they use.

    >>> move_forms([Move(("a3", "a4")), Move(("d4",), drop=True)])[-59:]
    'it reaches (a3-a4); a placed piece as + and its space (+d4)'
    >>> move_forms([])
    ''
    """
    forms: dict[str, str] = {}
    for m in moves:
        if m.drop:
            forms.setdefault("drop", f"a placed piece as + and its space (+{m.origin})")
        elif len(m.path) == 2:
            forms.setdefault("step", "the space a piece leaves, a dash and the space it "
                             f"reaches ({'-'.join(m.path)})")
        else:
            forms.setdefault("path", f"a move through several spaces as each space in turn "
                             f"({'-'.join(m.path)})")
        if m.take:
            forms.setdefault("take", f"a piece the mover takes as x and its space (x{m.take})")
    if not forms:
        return ""
    first, *rest = forms.values()
    if not first.startswith("a "):
        first = "as " + first
    return "; ".join([f"A move is written {first}", *rest])
