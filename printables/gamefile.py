"""Game files: a designer's own game in one TOML file -> the same GameSpec a built-in game has.

A game file has sections [game], [board], [[component]] and [setup], and top-level keys
``rules`` (a Markdown file in the rules_text/ subset) and ``examples`` (glob patterns of
position files), both relative to the game file (README, "Your own game", lists every key).

Parse fully, then build: every problem raises one LayoutError naming the file, the line
and what would be valid, before anything is written. Rulings made here (ours):

- A game file has no rules engine: its setup and examples are read (spaces, sides and kinds
  must exist, piece counts must not exceed the components) but no move is checked.
- The game's name is ``[game] name`` or else the file name without .toml; it must not be
  a built-in game's name (it names the kit folder).
- Every side needs at least one component; the first side moves first unless ``first``
  says otherwise. ``stands_on`` defaults to the kind of the board's first space.
- A pattern in ``examples`` that matches no file is an error (it is most likely a typo).
- Every file is read through the bounded reader (outputs.read_regular_file); the paths a
  game file names (rules, examples) stay inside its folder (outputs.resolve_inside,
  outputs.bounded_glob); texts are bounded before any layout (MAX_TEXT, MAX_LABEL).
"""

from __future__ import annotations

from collections import Counter
import hashlib
import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Mapping

from printables.boards import Board
from printables.errors import LayoutError, PrintablesError, quote
from printables.gamefile_board import board_builder, fail_at, unknown_key
from printables.games import Component, GameSpec, Position, register
from printables.outputs import (MAX_RULES_BYTES, bounded_glob, file_kind, read_regular_file,
                                resolve_inside)
from printables.positions import MAX_FILE_BYTES, _Reader, bundled_rules, read_position
from printables.units import MAX_LENGTH

TOP_KEYS = ("game", "board", "component", "setup", "rules", "examples")
GAME_KEYS = ("name", "title", "designer", "sides", "first", "year", "licence", "source",
             "summary")
COMPONENT_KEYS = ("side", "kind", "count", "art", "label", "back", "stands_on")
SETUP_KEYS = ("empty", "pieces", "title", "to_move")
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
MAX_COUNT = 500
#: Longest game name (it names the kit folder and every file of the game).
MAX_NAME = 40
#: Longest title, designer, summary, kind or [game] detail (characters); a piece label's.
MAX_TEXT, MAX_LABEL = 200, 60
#: Smallest board side we print: below it no piece fits and labels are unreadable.
MIN_BOARD = 40.0

_LOADED: dict[tuple[str, str], GameSpec] = {}


def is_game_file(path: str | Path) -> bool:
    """True when a .toml file is a game file (it has a [game] table), not a position file."""
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES, "a game file")
        data = tomllib.loads(raw.decode("utf-8"))
    except (PrintablesError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return False
    return isinstance(data.get("game"), Mapping)


def load_game_file(path: str | Path) -> GameSpec:
    """Read, check and register a game file (the same file read twice is one GameSpec)."""
    p = Path(path)
    try:
        raw = read_regular_file(p, MAX_FILE_BYTES, "a game file (.toml)")
        source = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LayoutError("file is not UTF-8 text", file=str(p)) from None
    except PrintablesError as e:
        hint = ("; give the path of a .toml game file such as examples/honeycomb.toml"
                if e.message.startswith("cannot read") else "")
        raise LayoutError(e.message.replace("cannot read file", "cannot read game file") + hint,
                          file=str(p)) from None
    key = (str(p.resolve()), hashlib.sha256(raw).hexdigest())
    if key not in _LOADED:
        _LOADED[key] = game_from_text(source, str(p))
    return register(_LOADED[key])


def game_from_text(source: str, path: str = "<string>") -> GameSpec:
    """The GameSpec a game file's text describes (not registered)."""
    r = _Reader(path, source)
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise LayoutError(f"bad TOML: {str(e).split(' (at')[0]}", file=path,
                          line=int(m.group(1)) if m else 1) from None
    except RecursionError:
        raise LayoutError("bad TOML: arrays or tables nested too deeply", file=path) from None
    _known(r, data, TOP_KEYS, "the top level")
    base = Path(path).parent
    head = _game_section(r, data, Path(path))
    build, summary = board_builder(r, _table(r, data, "board"), head["name"], head["title"])
    board = _try(r, lambda: build({}, None), "board")
    if not MIN_BOARD <= min(board.width, board.height) <= max(board.width, board.height) \
            <= MAX_LENGTH:
        raise r.fail(f"the board would be {board.width:.0f} x {board.height:.0f} mm; give a "
                     f"cell or size that makes it {MIN_BOARD:g} to {MAX_LENGTH:g} mm",
                     key="board")
    comps = _components(r, data, head["sides"], board)
    _some_cell_in_play(r, board)
    kinds = {s: tuple(dict.fromkeys(c.kind for c in comps if c.side == s)) for s in head["sides"]}
    spec = GameSpec(
        name=head["name"], title=head["title"], designer=head["designer"],
        board_summary=head["summary"] or summary, sides=head["sides"], kinds=kinds,
        build_board=build, components=lambda options, comps=comps: comps,
        flipping_pieces=any(c.back for c in comps), first=head["first"],
        rules_file=_rules(r, data, base), example_files=_examples(r, data, base),
        source=Path(path), extra=head["extra"])
    return replace(spec, setup_position=_setup(r, data, spec))


# ----------------------------------------------------------------------------- helpers

def _known(r: _Reader, table: Mapping, keys: tuple[str, ...], where: str,
           section: str | None = None) -> None:
    unknown = sorted(set(table) - set(keys))
    if unknown:
        raise unknown_key(r, unknown[0], where, section, keys)


def _table(r: _Reader, data: Mapping, key: str) -> Mapping:
    v = data.get(key)
    if not isinstance(v, Mapping):
        raise r.fail(f"[{key}] is missing or not a table; see the README section "
                     f"'Your own game' for what goes in it", key=key)
    return v


def _text(r: _Reader, table: Mapping, key: str, where: str, default: str | None = None,
          most: int = MAX_TEXT) -> str:
    v = table.get(key, default)
    if not isinstance(v, str) or not v.strip():
        raise r.fail(f"{where} {key} is missing or empty; write {key} = \"...\"", key=key)
    if len(v.strip()) > most:
        raise r.fail(f"{where} {key} is {len(v.strip())} characters long; give at most {most}",
                     key=key)
    return v.strip()


def _try(r: _Reader, make: Callable[[], Any], key: str) -> Any:
    """Run a builder; its user errors become one line at the key's line of the file."""
    try:
        return make()
    except LayoutError:
        raise
    except PrintablesError as e:
        raise r.fail(e.message, key=key) from None


def _game_section(r: _Reader, data: Mapping, path: Path) -> dict[str, Any]:
    g = _table(r, data, "game")
    _known(r, g, GAME_KEYS, "[game]", "game")
    name = g.get("name", path.stem.lower().replace(" ", "-").replace("_", "-"))
    if not isinstance(name, str) or not _NAME.match(name) or len(name) > MAX_NAME:
        raise r.fail(f"game name {quote(name)} is not valid; use up to {MAX_NAME} lower-case "
                     "letters, digits and hyphens, such as \"hex-race\"",
                     value=name if "name" in g and len(str(name)) <= MAX_NAME else None,
                     key="name")
    sides = g.get("sides")
    if (not isinstance(sides, list) or len(sides) < 2
            or not all(isinstance(s, str) and _NAME.match(s) and len(s) <= MAX_NAME for s in sides)
            or len(set(sides)) != len(sides)):
        raise r.fail("[game] sides must list two or more different side names, such as "
                     "sides = [\"black\", \"white\"]", key="sides")
    first = g.get("first", sides[0])
    if first not in sides:
        raise fail_at(r, f"[game] first {first!r} is not a side; valid: {', '.join(sides)}",
                      first, "first")
    extra = {k: g[k] for k in ("year", "licence", "source") if k in g}
    for k, v in extra.items():
        if not isinstance(v, (str, int)) or isinstance(v, bool) or len(str(v)) > MAX_TEXT:
            raise r.fail(f"[game] {k} must be text (at most {MAX_TEXT} characters) or a year",
                         key=k)
    summary = g.get("summary")
    return {"name": name, "title": _text(r, g, "title", "[game]"),
            "designer": _text(r, g, "designer", "[game]"), "sides": tuple(sides),
            "first": first, "extra": extra,
            "summary": _text(r, g, "summary", "[game]") if summary is not None else None}


def _components(r: _Reader, data: Mapping, sides: tuple[str, ...],
                board: Board) -> tuple[Component, ...]:
    from printables.products.pieces.art import ART
    rows = data.get("component")
    if not isinstance(rows, list) or not rows or not all(isinstance(c, Mapping) for c in rows):
        raise r.fail("the game has no pieces; add one [[component]] table per kind of "
                     "piece (side, kind, count, art)", key="component")
    counts = Counter(s.kind for s in board.spaces)
    board_kinds = tuple(sorted(counts, key=lambda k: -counts[k]))  # most common first
    out = []
    for c in rows:
        _known(r, c, COMPONENT_KEYS, "[[component]]", "component")
        side = c.get("side")
        if side not in sides:
            raise fail_at(r, f"[[component]] side {side!r} is not a side of the game; valid: "
                         f"{', '.join(sides)}", side, "side")
        kind = _text(r, c, "kind", "[[component]]")
        count = c.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            raise r.fail(f"[[component]] count must be a whole number 1..{MAX_COUNT}",
                         key="count")
        art = c.get("art")
        if not isinstance(art, str) or art not in ART:  # a list or table is no art name
            raise fail_at(r, f"unknown piece art {art!r}; valid: {', '.join(ART)}", art, "art")
        back = c.get("back")
        if back is not None and (back not in sides or back == side):
            raise fail_at(r, f"[[component]] back {back!r} must be another side; valid: "
                         f"{', '.join(s for s in sides if s != side)}", back, "back")
        stands = c.get("stands_on", board_kinds[0])
        if stands not in board_kinds:
            raise r.fail(f"[[component]] stands_on {stands!r} is not a kind of space on this "
                         f"board; valid: {', '.join(board_kinds)}", value=stands)
        if any((o.side, o.kind) == (side, kind) for o in out):
            raise r.fail(f"two [[component]] tables for {side} {kind}", value=kind, nth=2)
        label = _text(r, c, "label", "[[component]]", f"{side} {kind}", MAX_LABEL)
        out.append(Component(side, kind, count, art, label, stands, back))
    for s in sides:
        if not any(c.side == s for c in out):
            raise r.fail(f"side {s!r} has no [[component]]; give it at least one kind of "
                         "piece", value=s)
    return tuple(out)


def _some_cell_in_play(r: _Reader, board: Board) -> None:
    """A board keeps at least one cell in play (not all of them dead)."""
    if all(s.colour == "unused" for s in board.spaces):
        raise r.fail("every cell of the board is dead; leave cells to play on", key="dead")


def _rules(r: _Reader, data: Mapping, base: Path) -> Path:
    rules = data.get("rules")
    if not isinstance(rules, str) or not rules.strip():
        raise r.fail("rules is missing; write rules = \"my-game.md\" (a Markdown file next "
                     "to the game file) before the first [table]", key="rules")
    try:  # inside the game file's folder, or the bundled rules text (as `export` writes)
        path = resolve_inside(base, rules, "rules", also=[bundled_rules()])
    except PrintablesError as e:
        raise r.fail(e.message, key="rules") from None
    kind = file_kind(path)
    if kind == "missing":
        raise r.fail(f"rules file {rules!r} not found (looked for {path}); give the path of "
                     "a Markdown file relative to the game file", value=rules)
    if kind != "file":
        raise r.fail(f"rules file {rules!r} is a {kind}, not a regular file; give a Markdown "
                     "file", value=rules)
    if path.stat().st_size > MAX_RULES_BYTES:
        raise r.fail(f"rules file {rules!r} is more than {MAX_RULES_BYTES} bytes; a rules "
                     f"text is at most {MAX_RULES_BYTES} bytes", value=rules)
    return path


def _examples(r: _Reader, data: Mapping, base: Path) -> tuple[Path, ...]:
    patterns = data.get("examples", [])
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise r.fail("examples must be a list of file patterns such as "
                     "[\"my-game/*.toml\"]", key="examples")
    out: list[Path] = []
    for pattern in patterns:
        found = _try(r, lambda pattern=pattern: bounded_glob(base, pattern, "examples"),
                     "examples")
        if not found:
            raise r.fail(f"examples pattern {pattern!r} matches no file (relative to "
                         f"{base}/)", value=pattern)
        out.extend(p for p in found if p not in out)
    return tuple(out)


def _setup(r: _Reader, data: Mapping, game: GameSpec) -> Position:
    s = _table(r, data, "setup")
    _known(r, s, SETUP_KEYS, "[setup]", "setup")
    title = _text(r, s, "title", "[setup]", f"{game.title}: the starting position")
    if s.get("empty") is True:
        if "pieces" in s:
            raise r.fail("[setup] has both empty = true and pieces; keep one", key="empty")
        to_move = s.get("to_move", game.first)
        if to_move not in game.sides:
            raise fail_at(r, f"[setup] to_move {to_move!r} is not a side; valid: "
                          f"{', '.join(game.sides)}", to_move, "to_move")
        return Position(game.name, to_move, title=title)
    if "pieces" not in s:
        raise r.fail("[setup] needs pieces ([setup.pieces], as in position files) or "
                     "empty = true", key="setup")
    table = {"to_move": s.get("to_move", game.first), "pieces": s["pieces"], "title": title}
    position = read_position(r, game, table)
    board = game.board()
    for cell in position.pieces:
        if board.space(cell).colour == "unused":
            raise r.fail(f"[setup] puts a piece on {cell}, a dead cell; use a cell in play",
                         value=cell)
    return position


def unchecked_report(path: str | Path) -> str | None:
    """For `validate`: the line to print for a game file or a position file of a game
    without a rules engine (after reading it, which checks spaces, sides and kinds), or
    None for a position file a rules engine checks."""
    from printables.games import get_game
    from printables.positions import load_layout
    if is_game_file(path):
        game = load_game_file(path)
        for example in game.example_files or ():
            if load_layout(example).position.game != game.name:  # as the booklet refuses it
                raise LayoutError(f"this example is for {load_layout(example).position.game}, "
                                  f"not {game.name} (named in examples of {path})",
                                  file=str(example))
        n = len(game.example_files or ())
        return (f"{path}: game file read: setup and {n} example{'s' if n != 1 else ''} name "
                "spaces, sides and kinds that exist; not checked by a rules engine")
    layout = load_layout(path)
    if get_game(layout.position.game).rules is None:
        return (f"{path}: spaces, sides and kinds exist; not checked by a rules engine "
                f"({layout.position.game} has none)")
    return None


def validate_all(paths, say: Callable[[str], None],
                 notice: Callable[[str], None] | None = None):
    """For `validate`: check results and read errors of the files named (folders searched
    for *.toml, skipping what is not a regular file with a notice), as
    positions.validate_paths gives them; game files and the position files of games without
    a rules engine are read here and reported through say instead."""
    from printables.positions import expand_paths, validate_paths
    for path in expand_paths(paths, notice):
        if isinstance(path, PrintablesError):
            yield path
            continue
        if not path.is_file():  # a FIFO or device named directly: the reader says what
            yield from validate_paths([path])
            continue
        try:
            note = unchecked_report(path)
        except PrintablesError as e:
            if not is_game_file(path):  # let the position-file reader say what is wrong
                yield from validate_paths([path])
                continue
            if not e.file:
                e.file = str(path)
            yield e
            continue
        if note is None:
            yield from validate_paths([path])
        else:
            say(note)
