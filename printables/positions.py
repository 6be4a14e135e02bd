"""Position files (layouts/*.toml) <-> Position, move notation, and checks (validate); the
layout a setup draws (load_setup: a given file or the game's own setup).

Parse fully, then build: a file that cannot be read raises LayoutError naming file, line
and the bad value; a position that parses but breaks the rules is reported by the checks.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printables.boards import Board
from printables.errors import (
    InputError,
    LayoutError,
    MoveSyntaxError,
    PrintablesError,
    UsageError,
    printable,
)
from printables.games import GameSpec, Move, Outcome, Position, get_game
from printables.games.model import (
    OnSpaces,
    first_problem,
    piece_at,
    plain_move,
    plain_notation,
    read_side,
    read_space,
)
from printables.games.piles import Piles
from printables.outputs import file_kind, read_regular_file

#: Largest layout file we read (a position is a few hundred bytes).
MAX_FILE_BYTES = 1_000_000

#: The tables a position's pieces are read from; each game's placement reads some of them.
PLACEMENT_TABLES = ("pieces", "stacks", "markers", "hand")
# Each key table maps a key to its one-line meaning: the reader checks files against the
# keys, and the documentation's position-file reference is printed from the meanings.
#: Keys of a [[check]]; `note` is a free-text comment for the file's reader (never printed).
CHECK_KEYS = {
    "move": "the move the claims are about (move notation); without it they are about the "
            "position itself",
    "legal": "`true` or `false`: the position (without `move`) or the move is legal",
    "winner": "`\"none\"`, `\"draw\"` or a side: who has won (after the move, with `move`)",
    "legal_moves": "the number of distinct legal moves of the side to move",
    "captures": "exactly the spaces whose pieces the move takes (EVL: the pentagons the mover "
                "claims)",
    "after": "`[check.after]`: the whole position after the move (its keys below), compared "
             "exactly",
    "note": "a comment for whoever reads the file (never printed)",
}
TOP_KEYS = {
    "game": "required: a built-in game's name, or the path of a game file relative to this "
            "file",
    "title": "the example's caption in the booklet",
    "options": "the game options of the position, such as `{ size = 15 }` (the game's own "
               "keys)",
    "to_move": "required: the side to move",
    "pieces": "`[pieces]`: side -> spaces, or side -> kind -> spaces (`[pieces.rose]` then "
              "`dark = [\"a1\"]`) for a game with several kinds a side; `[pieces.neutral]` for "
              "pieces of no side",
    "stacks": "`[stacks]` (stacked games such as EVL): space -> the stack's letters, bottom "
              "first (`B2 = \"bbw\"`)",
    "markers": "`[markers]` (stacked games): space -> the side whose marker stands there",
    "hand": "`[hand]`: side -> pieces not yet on the board, for games that place pieces "
            "from a hand (EVL; default: the game's count less those on the board)",
    "state": "`[state]`: what the board cannot show, by the game's own keys (Danadazo: "
             "`lone_general_moves`)",
    "check": "`[[check]]`: a claim the rules engine checks (its keys below); any number",
    "explain": "a sentence the booklet prints after the caption it writes from the engine",
    "order": "where the booklet prints this example among a game file's examples (1 first)",
}
#: Keys of a check's [check.after] table: the position after the move.
AFTER_KEYS = {
    "to_move": "the side to move after the move",
    "pieces": "the pieces after the move, as `[pieces]`",
    "stacks": "the stacks after the move, as `[stacks]`",
    "markers": "the markers after the move, as `[markers]`",
    "hand": "the hands after the move, as `[hand]`",
    "state": "the state after the move, as `[state]`",
}
#: Keys whose value must be a string when present.
TEXT_KEYS = ("title", "explain", "note")


@dataclass(frozen=True)
class Check:
    """One claim of a layout file: about the position, or about playing `move` from it."""

    number: int
    move: Move | None = None
    move_text: str | None = None
    legal: bool | None = None
    winner: str | None = None
    legal_moves: int | None = None
    captures: tuple[str, ...] | None = None
    after: Position | None = None


@dataclass(frozen=True)
class Layout:
    """A parsed layout file: its position and its checks."""

    path: str
    position: Position
    checks: tuple[Check, ...] = ()
    board: Board | None = field(default=None, compare=False)
    explain: str = ""  # the designer's sentence a booklet prints under the generated caption
    order: int | None = None  # where a booklet prints it among the game's examples (1 first)


@dataclass(frozen=True)
class CheckResult:
    """The verdict on one check."""

    path: str
    number: int
    ok: bool
    reason: str = ""


# ----------------------------------------------------------------------------- move notation

_MOVE = re.compile(r"^(?:(?P<special>pass|swap)|\+(?P<drop>[^\s/]+)|(?P<path>[^\sx=+/]+))"
                   r"(?:/(?P<place>[^\s/]+))?"
                   r"(?:\s+x(?P<take>\S+))?(?:\s+=(?P<relocate>\S+))?$")


def parse_move(game: GameSpec, board: Board, text: str) -> Move:
    """Parse move notation (POSITIONS.md) into a Move, checking every space name.

    >>> g = get_game("rosenkreuz"); parse_move(g, g.board(), "a2-a3")
    Move(path=('a2', 'a3'), drop=False, take=None, relocate=None, special=None, place=None)
    """
    if not isinstance(text, str):
        raise MoveSyntaxError(f"move {text!r} must be a string such as \"a2-a3\" or \"+d4\"",
                              input=repr(text))
    src = text.strip()
    m = _MOVE.match(src)
    if not m or len(src) > 200:
        raise MoveSyntaxError(f"move {text!r} does not parse; write +X, X-Y, X-Y-Z, "
                              "X-Y/Z, 'X-Y xZ =W', pass or swap", input=text)
    if m["special"]:
        if m["place"] or m["take"] or m["relocate"]:
            raise MoveSyntaxError(f"move {text!r}: {m['special']} stands alone (no /Z, xZ "
                                  "or =W)", input=text)
        return Move(special=m["special"])

    def space(name: str) -> str:
        if not board.has(name):
            raise MoveSyntaxError(f"move {text!r} names unknown space {name!r} for "
                                  f"{game.name}", input=text)
        return name

    take = space(m["take"]) if m["take"] else None
    relocate = space(m["relocate"]) if m["relocate"] else None
    place = space(m["place"]) if m["place"] else None
    if m["drop"]:
        if relocate or place:
            raise MoveSyntaxError(f"move {text!r}: a drop takes no /Z or =W", input=text)
        return Move(path=(space(m["drop"]),), drop=True, take=take)
    if any(not re.fullmatch(r"[A-Za-z0-9]+", name)
           for run in m["path"].split(",") for name in run.split("-")):
        raise MoveSyntaxError(f"move {text!r} does not parse; a move is X-Y or a path X-Y-Z",
                              input=text)
    runs = tuple(tuple(space(s) for s in run.split("-")) for run in m["path"].split(","))
    move = Move(path=tuple(s for run in runs for s in run), take=take, relocate=relocate,
                place=place)
    written = game.rules or game.notation
    normalize = written.normalize_move if written is not None else plain_move
    meant = normalize(board, move, runs) if all(len(run) >= 2 for run in runs) else None
    if meant is not None and meant.place != place:  # a notation without X-Y/Z
        raise MoveSyntaxError(f"move {text!r}: {game.name} moves place no piece after "
                              "moving; leave out /Z", input=text)
    if meant is None:
        raise MoveSyntaxError(f"move {text!r} does not parse; a move is X-Y or a path X-Y-Z",
                              input=text)
    return meant


def format_move(game: GameSpec, board: Board, move: Move) -> str:
    """Write a Move in the notation parse_move reads.

    >>> g = get_game("evl"); format_move(g, g.board(), Move(path=("B2", "B3", "B4", "A4", "A5")))
    'B2-B4,A4-A5'
    """
    written = game.rules or game.notation
    if written is not None:
        return written.format_move(board, move)
    return plain_notation(board, move)


# ----------------------------------------------------------------------------- reading files

def _line_of(source: str, value: Any, after_key: str | None = None, nth: int = 1) -> int | None:
    """The nth line of source mentioning value (as a TOML string or bare key), or None."""
    needle_q = f'"{value}"'
    lines = source.splitlines()
    for i, line in enumerate(lines, 1):
        stripped = line.split("#", 1)[0]
        v = re.escape(str(value))
        if (needle_q in stripped or re.match(rf"^\s*{v}\s*=", stripped)
                or re.match(rf"^\s*\[\[?[^\]]*(?<![\w-]){v}(?![\w-])[^\]]*\]", stripped)):
            nth -= stripped.count(needle_q) if needle_q in stripped else 1
            if nth <= 0:
                return i
        if after_key and re.match(rf"^\s*\[?\[?\s*{re.escape(after_key)}\b", stripped):
            return i
    return None


class SourceReader:
    """A TOML file's name and text, so every error can name file and line (position files
    here, game files in printables.gamefile)."""

    def __init__(self, path: str, source: str) -> None:
        self.path = path
        self.source = source

    def fail(self, message: str, value: Any = None, key: str | None = None,
             nth: int = 1) -> LayoutError:
        line = _line_of(self.source, value, key, nth) if (value is not None or key) else None
        return LayoutError(message, file=self.path, line=line,
                           input=None if value is None else str(value))

    def table(self, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
        v = data.get(key, {})
        if not isinstance(v, Mapping):
            raise self.fail(f"'{key}' must be a table", key=key)
        return v

    def string_list(self, v: Any, where: str) -> list[str]:
        if isinstance(v, str) or not isinstance(v, list) or not all(isinstance(s, str) for s in v):
            raise self.fail(f"{where} must be a list of space names such as [\"a1\", \"b2\"]",
                            key=where.split(".")[-1])
        return v


_Reader = SourceReader  # the name this module's readers use


def read_position(r: _Reader, game: GameSpec, data: Mapping[str, Any], *,
                  base: Position | None = None) -> Position:
    """Build a Position from a parsed TOML table (a whole file, or a check's 'after')."""
    options = r.table(data, "options") if "options" in data or base is None else base.options
    _known_keys(r, options, tuple(game.default_options), "options")
    for key, value in options.items():
        if not isinstance(value, (bool, int, str)):
            raise r.fail(f"option {key!r} must be a number, true/false or text", key=key)
    try:
        opts = game.options(options)
    except PrintablesError as e:
        raise r.fail(e.message, key="options") from None
    board = game.board(opts)
    _read_state(r, game, data)  # strict keys and types; the table itself is read below
    to_move = data.get("to_move", base.to_move if base else None)
    if to_move is None:
        raise r.fail("'to_move' is missing; write to_move = "
                     f"\"{game.sides[0]}\" or \"{game.sides[1]}\"")
    read_side(r, game, to_move, "to_move")
    state = dict(r.table(data, "state"))
    placement = game.placement
    for key in PLACEMENT_TABLES:
        if key in data and key not in placement.tables:
            raise r.fail(f"'{key}' is not for {game.title}; it uses "
                         f"{' and '.join(f'[{t}]' for t in placement.tables)}", key=key)
    pos = Position(game.name, to_move, options=opts, state=state,
                   title=str(data.get("title", "")),
                   **placement.read(r, game, board, data, opts))
    problem = placement.count_problem(game, pos)
    if problem is not None:
        raise r.fail(problem[0], key=problem[1])
    return pos


def _known_keys(r: _Reader, table: Mapping[str, Any], valid: Collection[str], where: str
                ) -> None:
    """LayoutError naming the first key of table that is not in valid, and the valid keys."""
    unknown = sorted(k for k in table if k not in valid)
    if unknown:
        raise r.fail(f"unknown key {unknown[0]!r} in {where}; valid: "
                     f"{', '.join(valid) or 'none'}", key=unknown[0])


def _text_keys(r: _Reader, table: Mapping[str, Any], where: str) -> None:
    for key in TEXT_KEYS:
        if key in table and not isinstance(table[key], str):
            raise r.fail(f"{where}'{key}' must be text in quotes", key=key)


def _read_state(r: _Reader, game: GameSpec, data: Mapping[str, Any]) -> dict[str, Any]:
    """The [state] table: only the keys the game declares (GameSpec.state_types), each of
    its type (whole numbers 0..10**6)."""
    state = dict(r.table(data, "state"))
    types = dict(game.state_types)
    _known_keys(r, state, tuple(types), "[state]")
    for key, value in state.items():
        want = types[key]
        ok = (isinstance(value, bool) if want is bool else
              type(value) is int and 0 <= value <= 10**6)
        if not ok:
            raise r.fail(f"state {key!r} must be "
                         f"{'true or false' if want is bool else 'a whole number >= 0'}",
                         key=key)
    return state


def _read_check(r: _Reader, game: GameSpec, board: Board, pos: Position, n: int, c: Any) -> Check:
    if not isinstance(c, Mapping):
        raise r.fail(f"check {n} must be a table [[check]]", key="check")
    _known_keys(r, c, CHECK_KEYS, f"check {n}")
    _text_keys(r, c, f"check {n}: ")
    move = None
    if "move" in c:
        try:
            move = parse_move(game, board, c["move"])
        except MoveSyntaxError as e:
            raise LayoutError(e.message, file=r.path, line=_line_of(r.source, c["move"]),
                              input=str(c["move"])) from None
    for key, typ, desc in (("legal", bool, "true or false"),
                           ("legal_moves", int, "a whole number")):
        if key in c and (not isinstance(c[key], typ) or (typ is int and isinstance(c[key], bool))):
            raise r.fail(f"check {n}: '{key}' must be {desc}", key=key)
    winner = c.get("winner")
    if winner is not None and winner not in ("none", "draw", *game.sides):
        raise r.fail(f"check {n}: winner {winner!r} is not valid; valid: none, draw, "
                     f"{', '.join(game.sides)}", value=winner)
    captures = None
    if "captures" in c:
        captures = tuple(read_space(r, board, game, s)
                         for s in r.string_list(c["captures"], "captures"))
    after = None
    if "after" in c:
        if move is None:
            raise r.fail(f"check {n}: 'after' needs a 'move'", key="after")
        after_data = dict(r.table(c, "after"))
        _known_keys(r, after_data, AFTER_KEYS, f"check {n} [check.after]")
        after_data.setdefault("options", dict(pos.options))
        # after a move the other side is to move unless the file says otherwise
        after_data.setdefault("to_move", next(s for s in game.sides if s != pos.to_move))
        after = read_position(r, game, after_data, base=pos)
    return Check(n, move, c.get("move"), c.get("legal"), winner, c.get("legal_moves"),
                 captures, after)


def load_layout_text(source: str, path: str = "<string>", expect_game: str | None = None) -> Layout:
    """Parse a layout file's text into a Layout (position and checks)."""
    r = _Reader(path, source)
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        line = int(m.group(1)) if m else (len(source.splitlines()) or 1)  # "end of document"
        raise LayoutError(f"bad TOML: {str(e).split(' (at')[0]}", file=path, line=line) from None
    except RecursionError:
        raise LayoutError("bad TOML: arrays or tables nested too deeply", file=path) from None
    unknown = sorted(set(data) - set(TOP_KEYS))
    if unknown:
        raise r.fail(f"unknown key {unknown[0]!r}; valid: {', '.join(TOP_KEYS)}", key=unknown[0])
    _text_keys(r, data, "")
    if "game" not in data:
        raise r.fail("'game' is missing; write for example game = \"dugi\"")
    try:
        game = get_game(data["game"], base=Path(path).parent)
    except PrintablesError as e:
        raise r.fail(e.message, value=data["game"]) from None
    if expect_game and game.name != expect_game:
        raise r.fail(f"this file is for {game.name}, expected {expect_game}", value=data["game"])
    pos = read_position(r, game, data)
    board = game.board(pos.options)
    explain = data.get("explain", "")
    if not isinstance(explain, str):
        raise r.fail("'explain' must be a string such as explain = \"...\"", key="explain")
    checks = data.get("check", [])
    if not isinstance(checks, list):
        raise r.fail("'check' must be an array of tables: [[check]]", key="check")
    order = data.get("order")
    if order is not None and (isinstance(order, bool) or not isinstance(order, int)
                              or not 1 <= order <= 999):
        raise r.fail("'order' must be a whole number 1..999 (where the booklet prints this "
                     "example: 1 first)", key="order")
    return Layout(path, pos, tuple(_read_check(r, game, board, pos, i, c)
                                   for i, c in enumerate(checks, 1)), board,
                  explain.strip(), order)


def notation_problems(game: GameSpec, layout: Layout) -> Iterator[CheckResult]:
    """The checks any notation can make without a rules engine (for games that have none):
    a move claimed legal must start on a piece of the side to move or on a neutral piece
    (anyone's, as Neutron's neutron; a drop: on an empty space), go to a different space
    each step, and every space it claims to capture must hold an opponent's piece; a
    failure is a failed check. A move claimed illegal (legal = false) that breaks one of
    these is a passed check; one that breaks none cannot be checked and gives no result."""
    pos = layout.position
    if not isinstance(game.placement, OnSpaces):
        return
    for c in layout.checks:
        m = c.move
        if m is None or m.special:
            continue
        why = _notation_problem(game, pos, m, tuple(c.captures or ()) + ((m.take,) if m.take
                                                                         else ()))
        if c.legal is False and why:
            yield CheckResult(layout.path, c.number, True, f"illegal: {why}")
        elif c.legal is not False and why:
            yield CheckResult(layout.path, c.number, False,
                              f"move {c.move_text!r}: {why} (mark it legal = false if the "
                              "example shows a move the rules forbid)")


def _notation_problem(game: GameSpec, pos: Position, m: Move,
                      taken: tuple[str, ...]) -> str | None:
    mover = pos.to_move
    if m.drop:
        if piece_at(pos, m.origin) is not None and not isinstance(game.placement, Piles):
            return f"{m.origin} is not empty"  # (a game of piles may drop onto a pile)
    else:
        piece = piece_at(pos, m.origin)
        if piece is None:
            return f"there is no piece on {m.origin} to move"
        if piece.side != mover and piece.side in game.sides:  # a neutral piece: anyone's
            return f"the piece on {m.origin} is {piece.side}'s, but {mover} is to move"
        same = next((a for a, b in zip(m.path, m.path[1:]) if a == b), None)
        if same is not None:
            return f"it goes from {same} to {same}; a move goes to another space"
    for t in taken:
        piece = piece_at(pos, t)
        if piece is None:
            return f"it captures on {t}, which is empty"
        if game.flipping_pieces:  # pieces change sides as they are jumped: owner unknown
            continue
        if piece.side == mover or piece.side not in game.sides:
            return f"it captures on {t}, which holds {piece.side}'s piece, not an opponent's"
    return None


def load_layout(path: str | Path) -> Layout:
    """Read and parse one layout file (a regular file of at most MAX_FILE_BYTES)."""
    try:
        source = read_regular_file(path, MAX_FILE_BYTES, "a layout file").decode("utf-8")
    except UnicodeDecodeError:
        raise LayoutError("file is not UTF-8 text", file=str(path)) from None
    except InputError as e:
        raise LayoutError(e.message, file=str(path)) from None
    return load_layout_text(source, str(path))


def expand_paths(paths: Iterable[str | Path],
                 notice: Callable[[str], None] | None = None
                 ) -> Iterator[Path | PrintablesError]:
    """Files named, and *.toml under folders named, in sorted order; a path that names
    nothing yields its LayoutError instead, and the others go on. Under a folder, entries
    that are not regular files (FIFOs, devices, sockets) are skipped, with a one-line notice
    through notice when it is given (the core never prints; the CLI shows it on stderr); a
    file named directly is kept, so reading it reports the problem."""
    say = notice or (lambda text: None)
    for given in paths:
        if not str(given).strip():
            yield LayoutError("an empty path names no file; give a file or a folder", input="")
            continue
        p = Path(given)
        if p.is_dir():
            for f in sorted(p.rglob("*.toml")):
                kind = file_kind(f)
                if kind == "file":
                    yield f
                elif kind != "folder":
                    say(f"skipping {printable(str(f))}: a {kind}, not a regular file")
        elif p.exists() or p.is_symlink():
            yield p
        else:
            yield LayoutError("no such file or folder", file=str(p))


def layout_paths(paths: Iterable[str | Path],
                 notice: Callable[[str], None] | None = None) -> list[Path]:
    """The files expand_paths finds; raise the first path's error, if any."""
    out: list[Path] = []
    for found in expand_paths(paths, notice):
        if isinstance(found, PrintablesError):
            raise found
        out.append(found)
    return out


def validate_paths(paths: Iterable[str | Path],
                   notice: Callable[[str], None] | None = None
                   ) -> Iterator[CheckResult | PrintablesError]:
    """Every check result of the files named (folders searched for *.toml), in order; a
    file or path that cannot be read yields its error instead and the others go on."""
    for path in expand_paths(paths, notice):
        if isinstance(path, PrintablesError):
            yield path
            continue
        try:
            layout = load_layout(path)
        except PrintablesError as e:
            if not e.file:
                e.file = str(path)
            yield e
            continue
        yield from check_layout(layout)


def setup_path(game: str) -> Path:
    """The bundled setup file of a game."""
    return bundled_layouts() / game / "setup.toml"


@dataclass(frozen=True)
class GameContent:
    """Where a game's texts are: rules text, setup (a game file's [setup] as read, or a
    setup file to read) and example position files."""

    rules: Path | None  # None: a game file's [rules] without text (the booklet writes it)
    setup: Layout | Path
    examples: tuple[Path, ...]


def game_content(game: GameSpec, layouts_dir: Path | None = None,
                 rules_dir: Path | None = None) -> GameContent:
    """The one lookup of "the game file's own, else the bundled one": a game file's rules,
    [setup] and examples where it gives them, else rules_text/<name>.md, layouts/<name>/
    setup.toml and the other *.toml there, by name (under layouts_dir and rules_dir when
    given)."""
    layouts = (layouts_dir or bundled_layouts()) / game.name
    rules = game.rules_file or (None if game.source is not None else
                                (rules_dir or bundled_rules()) / f"{game.name}.md")
    setup: Layout | Path = layouts / "setup.toml"
    if game.setup_position is not None:
        setup = Layout(str(game.source), game.setup_position)
    examples = game.example_files
    if examples is None:
        examples = tuple(p for p in sorted(layouts.glob("*.toml")) if p.name != "setup.toml")
    return GameContent(rules, setup, tuple(examples))


def bundled_rules() -> Path:
    """The rules_text/ folder shipped with the project."""
    return bundled_layouts().parent / "rules_text"


def bundled_layouts() -> Path:
    """The layouts/ folder shipped with the project."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "layouts", here.parent / "layouts"):
        if candidate.is_dir():
            return candidate
    return here.parent / "layouts"


# ----------------------------------------------------------------------------- checks

def _diff(game: GameSpec, found: Position, claimed: Position) -> str:
    a, b = game.placement.compared(found), game.placement.compared(claimed)
    parts = []
    for key in a:
        for s in sorted(set(a[key]) | set(b[key])):
            if a[key].get(s) != b[key].get(s):
                parts.append(f"{s}: engine {a[key].get(s)}, file {b[key].get(s)}")
    if found.to_move != claimed.to_move:
        parts.append(f"to_move: engine {found.to_move}, file {claimed.to_move}")
    return "; ".join(parts[:4]) + (" ..." if len(parts) > 4 else "")


def position_problems(game: GameSpec, board: Board, pos: Position) -> tuple[str, ...]:
    """Every reason pos cannot occur in a game, by the game's engine: () when it can (or
    when the game has no engine: a game file's positions are drawn, not judged)."""
    if game.rules is None:
        return ()
    return tuple(game.rules.position_problems(board, pos))


def evaluate(game: GameSpec, board: Board, pos: Position, check: Check) -> str | None:
    """Why a check fails (engine versus file), or None when it holds. Ruling: a game without
    a rules engine fails every check, since nothing can confirm what the file claims."""
    rules = game.rules
    if rules is None:
        return f"{game.name} has no rules engine to check this"
    problem = first_problem(rules, board, pos)
    if check.move is None:
        if check.legal is not None and (problem is None) != check.legal:
            return (f"position is {'illegal: ' + problem if problem else 'legal'}, "
                    f"file says legal = {str(check.legal).lower()}")
        if problem is not None and (check.legal_moves is not None or check.winner is not None):
            return f"position is illegal ({problem})"
        if check.winner is not None:
            w = rules.winner(board, pos) or "none"
            if w != check.winner:
                return f"winner is {w}, file says {check.winner}"
        if check.legal_moves is not None:
            n = len(set(rules.legal_moves(board, pos)))
            if n != check.legal_moves:
                return f"{n} legal moves, file says {check.legal_moves}"
        return None
    if problem is not None:
        return f"position is illegal ({problem})"
    legal = check.move in set(rules.legal_moves(board, pos))
    if check.legal is not None and legal != check.legal:
        return f"move {check.move_text} is {'legal' if legal else 'illegal'}, file says " \
               f"legal = {str(check.legal).lower()}"
    if not legal:
        if check.captures is not None or check.winner is not None or check.after is not None:
            return f"move {check.move_text} is illegal, so nothing follows from it"
        return None
    out: Outcome = rules.play(board, pos, check.move)
    if check.captures is not None and sorted(out.captures) != sorted(check.captures):
        return f"captures {sorted(out.captures)}, file says {sorted(check.captures)}"
    if check.winner is not None:
        w = rules.winner(board, out.position) or "none"
        if w != check.winner:
            return f"winner after the move is {w}, file says {check.winner}"
    if check.after is not None:
        d = _diff(game, out.position, check.after)
        if d:
            return f"position after the move differs: {d}"
    return None


def check_layout(layout: Layout) -> list[CheckResult]:
    """Run every check of a layout through the rules engine."""
    game = get_game(layout.position.game)
    board = layout.board or game.board(layout.position.options)
    return [CheckResult(layout.path, c.number, (why := evaluate(game, board, layout.position, c))
                        is None, why or "") for c in layout.checks]


def load_setup(game: GameSpec | None, layout_file: str | Path | None = None) -> Layout:
    """The layout to draw: a given file (which must be for game, when one is named) or the
    game's bundled setup.toml."""
    if layout_file is None:
        if game is None:
            raise UsageError("missing GAME; name a game or give --layout FILE")
        path = game_content(game).setup
        if isinstance(path, Layout):  # a game file's own [setup]
            return path
        if not path.exists():
            raise UsageError(f"{game.name} has no setup file yet ({path})", input=game.name)
        return load_layout(path)
    layout = load_layout(layout_file)
    if game is not None and layout.position.game != game.name:
        raise UsageError(f"{layout_file}: this layout is for {layout.position.game}, not "
                         f"{game.name}", input=str(layout_file))
    return layout
