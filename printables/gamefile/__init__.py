"""Game files: a designer's own game in one TOML file -> the same GameSpec a built-in game has.

A game file has sections [game], [board], [side.NAME], [[component]] and [setup], and
top-level keys ``rules`` (a Markdown file in the rules_text/ subset) and ``examples`` (glob
patterns of position files), both relative to the game file (the documentation's game file
reference lists every key). The package's parts: reader (bounded reads, TOML with lines, the rules
and examples a file names), board (the [board] section), sides (colours, goals, edges), art
(designer SVG), export (any game -> a game file). Importing the package makes get_game read
paths ending in .toml.

Parse fully, then build: every problem raises one LayoutError naming the file, the line
and what would be valid, before anything is written. Rulings made here (ours):

- A game file has no rules engine unless ``[game] engine`` names a built-in one (see
  gamefile.engine): its setup and examples are read (spaces, sides and kinds must exist,
  piece counts must not exceed the components) and their moves get only the checks
  notation allows (positions.notation_problems).
- The game's name is ``[game] name`` or else the file name without .toml; it must not be
  a built-in game's name (it names the kit folder).
- Two to six sides; every side needs at least one component, unless no component has a
  side (a game of neutral pieces only, as Oware's seeds); a component without a side is
  neutral (side ``neutral``, its own reserve, never an opponent). ``piles = true`` lets a
  space hold several pieces (games.piles: counts and ordered stacks). The first side moves
  first unless ``first`` says otherwise. ``stands_on`` defaults to the kind of the board's
  most common space.
- A component's ``size`` is its diameter exactly (not snapped to a punch).
- A pattern in ``examples`` that matches no file is an error (it is most likely a typo);
  examples print in the order the list names them.
- Every file is read through the bounded reader (outputs.read_regular_file); the paths a
  game file names (rules, examples, art) stay inside its folder (outputs.resolve_inside,
  outputs.bounded_glob); texts are bounded before any layout (MAX_NAME, MAX_TEXT,
  MAX_LABEL). A board keeps at least one cell in play; setup pieces stand on cells in play.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from printables.boards import Board
from printables.errors import LayoutError, PrintablesError, UsageError, quote
from printables.gamefile.art import art_symbol, art_unchanged, read_art, register_art_inks
from printables.gamefile.board import GOAL_COLOURS, board_builder, unknown_key
from printables.gamefile.engine import read_engine, with_engine
from printables.gamefile.fields import Builder, fail_at
from printables.gamefile.lettered import LETTERING_KEYS, read_lettering, register_lettered
from printables.gamefile.reader import (
    SourceReader,
    example_files,
    parse_toml,
    read_bytes,
    rules_file,
)
from printables.gamefile.rules_spec import (
    NOTE,
    RULES_TOML,
    engine_or_rules,
    rules_toml,
    vocabulary,
    with_rules,
)
from printables.gamefile.sides import (
    DIRECTIONS,
    NEUTRAL,
    SideColours,
    piece_problem,
    read_sides,
    register_inks,
    side_coloured,
    tone,
)
from printables.games import (
    GAMES,
    Component,
    GameSpec,
    Position,
    get_game,
    register,
    set_file_loader,
)
from printables.games.model import OnSpaces, Placement, Stacks
from printables.games.piles import Piles
from printables.outputs import resolve_inside
from printables.positions import (
    CheckResult,
    Layout,
    check_layout,
    expand_paths,
    load_layout,
    notation_problems,
    read_position,
    validate_paths,
)
from printables.products.pieces.art import ART, SIDE_SHAPES, register_art, side_art
from printables.render.theme import INK
from printables.units import MAX_LENGTH, parse_length

_Reader = SourceReader
_T = TypeVar("_T")

# Each key table maps a key to its one-line meaning: the reader checks files against the
# keys, and the documentation's game-file reference is printed from the meanings.
TOP_KEYS = {
    "game": "`[game]`: the game's names, credits and sides",
    "board": "`[board]`: the board, by its topology",
    "component": "`[[component]]`: one kind of piece of one side",
    "setup": "`[setup]`: the starting position",
    "rules": "required: the rules Markdown file, relative to the game file (with a "
             "`[rules]` table it is that table's `text` key instead); or `[rules]`: how the "
             "game is played (its keys below)",
    "examples": "list of glob patterns of position files, relative to the game file; each "
                "must match a file (default none); the booklet prints them in this order",
    "side": "`[side.NAME]`: the colours of a side's pieces",
}
GAME_KEYS = {
    "name": "file and folder name of the kit (lower case, digits, hyphens; default: the file "
            "name without `.toml`; not a built-in game's name)",
    "title": "required: the name printed on everything (a long one wraps, then shrinks, on "
             "the booklet cover)",
    "designer": "required: who made the game (credited on every product)",
    "sides": "required: two to six side names (lower case, such as `[\"black\", \"white\"]`); "
             "`neutral` is kept for pieces of no side",
    "first": "the side that moves first (default: the first side)",
    "year": "optional credit: the year the game was published, kept with the game and "
            "exported",
    "licence": "optional credit: the licence of the game's rules or design",
    "source": "optional credit: where the rules were published",
    "summary": "the one-line board description on `index.html` (default: made from the "
               "board, with its counts)",
    "reconstructed": "what the setup diagram's credits say was reconstructed from a published "
                     "rules text: `[\"board\"]`, `[\"setup\"]` or both",
    "stacks": "`[game.stacks]`: pieces stacked as in EVL instead of one per space (its keys "
              "below); position files then use `[stacks]`, `[markers]` and `[hand]`",
    "state": "`[game.state]`: keys a position file's `[state]` may hold, each `\"int\"` or "
             "`\"bool\"`",
    "options": "`[game.options]`: options a position file's `options` may set, each with its "
               "default (`pie = false`); `size` sets the files and ranks of a square board",
    "notation": "a built-in game whose move notation the examples use (such as `\"evl\"` "
                "for `B2-B4,A4-A5`); the moves are not checked",
    "engine": "a built-in game whose rules engine plays and checks this game (its examples, "
              "setup, option checks, piece counts and playout kernels); the game must be the "
              "one the engine was written for (sides, kinds, `[game.stacks]`, `[game.state]`, "
              "`[game.options]` and a board with its spaces, kinds, colours and neighbours; the "
              "size in mm may differ): anything else is refused with the first difference; "
              "one of `rosenkreuz`, `chameleons`, `evl`, `dag-en-nacht`, `danadazo`, `dugi`, "
              "`network` (`export` writes it). Without a `summary`, a board of the engine's "
              "size too is described by the engine's summary. With `[rules]` too, the engine "
              "plays on its "
              "own board and the `[rules]` on any other (`validate` says which)",
    "piles": "`true`: a space may hold several pieces, counted (`seed = { b1 = 4 }` in "
             "`[pieces]`) or stacked (`[stacks]` space -> pieces bottom to top, each "
             "`\"SIDE\"` or `\"SIDE KIND\"`); default `false` (one piece a space); not with "
             "`[game.stacks]`",
}
#: Keys of [game.stacks] (pieces stacked as in EVL): games.model.Stacks' fields.
STACKS_KEYS = {
    "piece": "the kind of piece that stacks",
    "piece_space": "the kind of space stacks stand on",
    "marker": "the kind of piece that marks a space as a side's (EVL's pentagon markers)",
    "marker_space": "the kind of space markers stand on",
    "letters": "each side's letter in a stack string, `{ black = \"b\", white = \"w\" }`",
}
#: What a game's credits may say was reconstructed from a published rules text.
RECONSTRUCTED = ("board", "setup")
STATE_TYPES = {"int": int, "bool": bool}
COMPONENT_KEYS = {
    "side": "one of the sides; leave it out for a neutral piece (listed as "
            "`[pieces.neutral]`, with a reserve of its own); when no component has a side, "
            "the sides own no pieces (Oware)",
    "kind": "required: the kind's name, used in position files (`[pieces.red] stone = [...]`)",
    "count": "required: how many (1..500); the piece sheet adds spares",
    "art": "required (unless `text` is given): a piece art name (below); or `stone`, `ring`, "
           "`dot`, `cross` drawn in the side's colours; or the path of a `.svg` file in the game "
           "file's folder",
    "label": "the name printed on sheets and in the booklet (default `\"SIDE KIND\"`)",
    "back": "for a two-sided piece, the side shown on its back (printed double-sided)",
    "stands_on": "the kind of space whose size sizes the piece (default: the board's most "
                 "common kind of space)",
    "size": "the piece's diameter, a length (5 to 100 mm; default 80 % of its space, snapped "
            "to a craft punch)",
    **LETTERING_KEYS,
}
#: Smallest and largest piece a component's size may ask for, in mm.
MIN_PIECE, MAX_PIECE = 5.0, 100.0
SETUP_KEYS = {
    "empty": "`true` when the board starts empty (the setup diagram shows the pieces beside "
             "it)",
    "pieces": "else `[setup.pieces]`, as in position files: side -> spaces, or side -> kind "
              "-> spaces (`[setup.pieces.red]` then `stone = [\"a1\"]`) when a side has several "
              "kinds; with `piles = true` a kind may map spaces to counts (`seed = { b1 = 4 }`)",
    "title": "the setup diagram's caption",
    "to_move": "the side to move first (default `first`)",
    "stacks": "`[setup.stacks]`, as a position file's `[stacks]`: for `piles = true` space -> "
              "pieces bottom to top, for `[game.stacks]` space -> side letters",
    "markers": "`[setup.markers]`, for `[game.stacks]`: as a position file's `[markers]`",
    "hand": "`[setup.hand]`, for `[game.stacks]`: as a position file's `[hand]`",
}
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
MAX_COUNT = 500
#: Longest game or side name (it names the kit folder and every file of the game).
MAX_NAME = 40
#: Longest title, designer, summary, kind or [game] detail (characters); a piece label's.
MAX_TEXT, MAX_LABEL = 200, 60
#: Most sides a game file may have (setup strips, legends and laser sheets fit six).
MAX_SIDES = 6
#: Smallest board side we print: below it no piece fits and labels are unreadable.
MIN_BOARD = 40.0

_LOADED: dict[tuple[str, str, str], GameSpec] = {}


def is_game_file(path: str | Path) -> bool:
    """True when a .toml file is a game file (it has a [game] table), not a position file."""
    try:
        data = tomllib.loads(read_bytes(path).decode("utf-8"))
    except (LayoutError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return False
    return isinstance(data.get("game"), Mapping)


def forget_loaded() -> None:
    """Forget the game files read: the next read parses and checks each again (kit --watch)."""
    _LOADED.clear()


def load_game_file(path: str | Path) -> GameSpec:
    """Read, check and register a game file (the same bytes read twice, with the same art,
    are one GameSpec)."""
    p = Path(path)
    raw = read_bytes(p)
    try:
        source = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LayoutError("file is not UTF-8 text", file=str(p)) from None
    key = (str(p), str(p.absolute()), hashlib.sha256(raw).hexdigest())  # source as typed
    if key not in _LOADED or not art_unchanged(_LOADED[key].extra.get("inputs", {})):
        _LOADED[key] = game_from_text(source, str(p))
    return register(_LOADED[key])


def game_from_text(source: str, path: str = "<string>") -> GameSpec:
    """The GameSpec a game file's text describes (not registered)."""
    r, data = parse_toml(source, path)
    _known(r, data, TOP_KEYS, "the top level")
    base = Path(path).absolute().parent  # paths inside it do not depend on the current folder
    head = _game_section(r, data, Path(path))
    build, summary = board_builder(r, _table(r, data, "board"), head["name"], head["title"])
    build = _sized(r, data["board"], head, build)
    board = _try(r, lambda: build({}, None), "board")
    if not MIN_BOARD <= min(board.width, board.height) <= max(board.width, board.height) \
            <= MAX_LENGTH:
        raise r.fail(f"the board would be {board.width:.0f} x {board.height:.0f} mm; give a "
                     f"cell or size that makes it {MIN_BOARD:g} to {MAX_LENGTH:g} mm",
                     key="board")
    colours = read_sides(r, data, head["sides"])
    build, board = _coloured_board(r, data, head, build, board, colours)
    sources: dict[str, str] = {}  # run-time art key -> the art the file names
    read: dict[str, str] = {}  # each art file read -> the sha256 of the bytes drawn
    letters: dict[str, list[str]] = {}  # lettered art key -> [text, font file or ""]
    comps = _components(r, data, head, board, base, colours, sources, read, letters)
    _some_cell_in_play(r, board)
    owners = head["sides"] + ((NEUTRAL,) if any(c.side == NEUTRAL for c in comps) else ())
    kinds = {s: tuple(dict.fromkeys(c.kind for c in comps if c.side == s)) for s in owners}

    def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
        return comps
    spec = GameSpec(
        name=head["name"], title=head["title"], designer=head["designer"],
        board_summary=head["summary"] or summary, sides=head["sides"], kinds=kinds,
        build_board=build, components=components,
        flipping_pieces=any(c.back for c in comps), first=head["first"],
        rules_file=rules_file(r, data, base), example_files=example_files(r, data, base),
        source=Path(path),
        extra=_extra(head["extra"], data, colours, sources, read, letters),
        reconstructed=head["reconstructed"],
        placement=head["placement"], state_types=head["state_types"],
        default_options=head["options"], check_options=_option_checker(head["options"]),
        notation=head["notation"])
    spec = replace(spec, setup_position=_setup(r, data, spec))
    if vocabulary(data) is not None:  # [rules]: the generic engine, or engine on its board
        spec = replace(spec, extra={**spec.extra, RULES_TOML: rules_toml(source)})
        ruled = (engine_or_rules(r, spec, head["engine"], data) if head["engine"]
                 else with_rules(r, spec, data))
        if ruled is not None:
            return ruled
        with_rules(r, spec, data)  # the engine plays its own board; the [rules] are checked
        spec = replace(spec, extra={**spec.extra, NOTE: "checked by the rules engine of "
                                    f"{head['engine'].name} (its own board; the [rules] "
                                    "play on any other)"})
    if head["engine"] is None:
        return spec
    return with_engine(r, spec, head["engine"], own_summary=head["summary"] is not None)


def _extra(extra: Mapping[str, Any], data: Mapping[str, Any], colours: Mapping[str, SideColours],
           sources: Mapping[str, str], read: Mapping[str, str],
           letters: Mapping[str, list[str]]) -> dict[str, Any]:
    """GameSpec.extra: the credits, what export needs to write the file back (side
    colours, edges, the art each run-time art key was made from, lettering and its font)
    and the files read besides the game file ("inputs": path -> sha256 of the bytes used,
    for the build cache)."""
    out = dict(extra)
    if read:
        out["inputs"] = dict(read)
    if colours:
        out["sides"] = {s: (c.fill, c.line, c.pattern) for s, c in colours.items()}
    if data["board"].get("edges"):
        out["edges"] = {s: list(v) for s, v in data["board"]["edges"].items()}
    if sources:
        out["art"] = dict(sources)
    if letters:
        out["lettering"] = dict(letters)
    return out


def _coloured_board(r: _Reader, data: Mapping[str, Any], head: Mapping[str, Any],
                    build: Builder, board: Board, colours: dict[str, SideColours]
                    ) -> tuple[Builder, Board]:
    """The builder and board with the sides' goal colours and [board.edges] drawn."""
    edges = data["board"].get("edges", {})
    owners = (*head["sides"], NEUTRAL)
    if not isinstance(edges, Mapping) or not all(
            isinstance(v, list) and all(isinstance(w, str) and w in DIRECTIONS for w in v)
            for v in edges.values()):
        raise r.fail("[board.edges] maps a side to the edges drawn in its colour, such as "
                     f"red = [\"north\", \"south\"]; edges: {', '.join(DIRECTIONS)}",
                     key="edges")
    _goals_drawn(r, board, colours)
    for side in edges:
        if side not in owners:
            raise r.fail(f"[board.edges] {side!r} is not a side; valid: {', '.join(owners)}",
                         key=side)
        colours.setdefault(side, SideColours("#ffffff", INK, "white"))
    if not colours:
        return build, board
    register_inks(head["name"], colours)

    def coloured(options: Mapping[str, Any], size: float | None,
                 inner: Builder = build) -> Board:
        return side_coloured(inner(options, size), head["name"], colours, dict(edges))
    return coloured, _try(r, lambda: coloured({}, None), "board")


def _goals_drawn(r: _Reader, board: Board, colours: Mapping[str, SideColours]) -> None:
    """Every goal colour is one the themes draw or a side's own (a [side.NAME] table)."""
    for cls in sorted({s.colour for s in board.spaces if s.colour.startswith("goal.")}):
        if cls not in GOAL_COLOURS and cls[5:] not in colours:
            valid = (*GOAL_COLOURS, *(f"goal.{s}" for s in colours))
            raise r.fail(f"unknown colour {quote(cls)} in [board.colours]; valid: "
                         f"{', '.join(valid)} (goal.SIDE needs a [side.SIDE] table with its "
                         "colours)", key=cls)


# ----------------------------------------------------------------------------- helpers

def _known(r: _Reader, table: Mapping[str, Any], keys: Mapping[str, str], where: str,
           section: str | None = None) -> None:
    unknown = sorted(set(table) - set(keys))
    if unknown:
        raise unknown_key(r, unknown[0], where, section, tuple(keys))


def _table(r: _Reader, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    v = data.get(key)
    if not isinstance(v, Mapping):
        raise r.fail(f"[{key}] is missing or not a table; see the game file reference in "
                     f"the documentation for what goes in it", key=key)
    return v


def _text(r: _Reader, table: Mapping[str, Any], key: str, where: str, default: str | None = None,
          most: int = MAX_TEXT) -> str:
    v = table.get(key, default)
    if not isinstance(v, str) or not v.strip():
        raise r.fail(f"{where} {key} is missing or empty; write {key} = \"...\"", key=key)
    if len(v.strip()) > most:
        raise r.fail(f"{where} {key} is {len(v.strip())} characters long; give at most {most}",
                     key=key)
    return v.strip()


def _try(r: _Reader, make: Callable[[], _T], key: str) -> _T:
    """Run a builder; its user errors become one line at the key's line of the file."""
    try:
        return make()
    except LayoutError:
        raise
    except PrintablesError as e:
        raise r.fail(e.message, key=key) from None


def _game_section(r: _Reader, data: Mapping[str, Any], path: Path) -> dict[str, Any]:
    g = _table(r, data, "game")
    _known(r, g, GAME_KEYS, "[game]", "game")
    name = g.get("name", path.stem.lower().replace(" ", "-").replace("_", "-"))
    if not isinstance(name, str) or not _NAME.match(name) or len(name) > MAX_NAME:
        raise r.fail(f"game name {quote(name)} is not valid; use up to {MAX_NAME} lower-case "
                     "letters, digits and hyphens, such as \"hex-race\"",
                     value=name if "name" in g and len(str(name)) <= MAX_NAME else None,
                     key="name")
    sides = g.get("sides")
    if (not isinstance(sides, list) or not 2 <= len(sides) <= MAX_SIDES
            or not all(isinstance(s, str) and _NAME.match(s) and len(s) <= MAX_NAME
                       for s in sides)
            or len(set(sides)) != len(sides) or NEUTRAL in sides):
        raise r.fail(f"[game] sides must list two or more (at most {MAX_SIDES}) different "
                     "side names, such as sides = [\"black\", \"white\"] (neutral names "
                     "the pieces of no side)", key="sides")
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
            "summary": _text(r, g, "summary", "[game]") if summary is not None else None,
            **_play_keys(r, g, tuple(sides))}


def _play_keys(r: _Reader, g: Mapping[str, Any], sides: tuple[str, ...]) -> dict[str, Any]:
    """[game] reconstructed, [game.stacks], [game.state], [game.options], notation and
    engine (what an exported built-in game keeps)."""
    rebuilt = g.get("reconstructed", [])
    if not isinstance(rebuilt, list) or any(x not in RECONSTRUCTED for x in rebuilt):
        raise r.fail("[game] reconstructed lists what the credits say was reconstructed "
                     f"from the published rules: {', '.join(RECONSTRUCTED)}",
                     key="reconstructed")
    placement = _stacks(r, g.get("stacks"), sides)
    piles = g.get("piles", False)
    if not isinstance(piles, bool) or (piles and "stacks" in g):
        raise r.fail("[game] piles is true (a space may hold several pieces: counts and "
                     "stacks) or false, and not with [game.stacks]", key="piles")
    if piles:
        placement = Piles()
    state = g.get("state", {})
    if not isinstance(state, Mapping) or any(not isinstance(v, str) or v not in STATE_TYPES
                                             for v in state.values()):
        raise r.fail("[game.state] names what a position file's [state] may hold, each "
                     "\"int\" or \"bool\"", key="state")
    options = g.get("options", {})
    if not isinstance(options, Mapping) or not all(isinstance(v, (bool, int, str))
                                                   for v in options.values()):
        raise r.fail("[game.options] names the options a position file may set, each with "
                     "its default (a number, true/false or text), such as pie = false",
                     key="options")
    if "size" in options and (isinstance(options["size"], bool)
                              or not isinstance(options["size"], int)):
        raise r.fail("[game.options] size is the number of cells along a square board's "
                     "side: a whole number", key="size")
    notation = g.get("notation")
    if notation is not None and (not isinstance(notation, str) or notation not in GAMES):
        raise fail_at(r, f"[game] notation {notation!r} is not a built-in game; valid: "
                      f"{', '.join(GAMES)}", notation, "notation")
    return {"reconstructed": tuple(rebuilt), "placement": placement,
            "state_types": {k: STATE_TYPES[v] for k, v in state.items()},
            "options": dict(options), "notation": GAMES[notation].rules if notation else None,
            "engine": read_engine(r, g)}


def _stacks(r: _Reader, t: Any, sides: tuple[str, ...]) -> Placement:
    """[game.stacks]: pieces stacked as in EVL (games.model.Stacks), else one per space."""
    if t is None:
        return OnSpaces()
    letters = t.get("letters") if isinstance(t, Mapping) else None
    if (not isinstance(t, Mapping) or set(t) != set(STACKS_KEYS)
            or not all(isinstance(t[k], str) for k in tuple(STACKS_KEYS)[:4])
            or not isinstance(letters, Mapping) or set(letters) != set(sides)
            or not all(isinstance(v, str) and len(v) == 1 for v in letters.values())
            or len(set(letters.values())) != len(sides)):
        raise r.fail("[game.stacks] (pieces stacked as in EVL) needs piece and piece_space "
                     "(the kind that stacks and the space kind it stacks on), marker and "
                     "marker_space, and letters: each side's one letter in a stack",
                     key="stacks")
    return Stacks(t["piece"], t["piece_space"], t["marker"], t["marker_space"], dict(letters))


def _option_checker(defaults: Mapping[str, Any]
                    ) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A game file's check_options: each option of its default's type (size 1..26)."""
    def check(merged: Mapping[str, Any]) -> dict[str, Any]:
        for key, value in merged.items():
            want = type(defaults[key])
            if type(value) is not want:
                raise UsageError(f"option {key}={value!r}: give "
                                 f"{'true or false' if want is bool else 'a ' + want.__name__}"
                                 f" (default {defaults[key]!r})", input=str(value))
        if "size" in merged and not 2 <= merged["size"] <= 26:
            raise UsageError(f"option size={merged['size']}: give 2..26 cells", input="size")
        return dict(merged)
    return check


def _sized(r: _Reader, b: Mapping[str, Any], head: Mapping[str, Any], build: Builder
           ) -> Builder:
    """With a size option, a square board of size x size cells (the file's own size when
    the option is at its default)."""
    default = head["options"].get("size")
    if default is None:
        return build
    if b.get("topology") != "square" or b.get("files") != b.get("ranks", b.get("files")):
        raise r.fail("the size option sets the files and ranks of a square board; this "
                     "board is not one", key="size")

    def sized(options: Mapping[str, Any], size: float | None) -> Board:
        n = options.get("size", default)
        if n == default:
            return build(options, size)
        other, _ = board_builder(r, {**b, "files": n, "ranks": n}, head["name"], head["title"])
        return other(options, size)
    return sized


def _components(r: _Reader, data: Mapping[str, Any], head: Mapping[str, Any], board: Board,
                base: Path, colours: dict[str, SideColours], sources: dict[str, str],
                read: dict[str, str], letters: dict[str, list[str]]
                ) -> tuple[Component, ...]:
    rows = data.get("component")
    if not isinstance(rows, list) or not rows or not all(isinstance(c, Mapping) for c in rows):
        raise r.fail("the game has no pieces; add one [[component]] table per kind of "
                     "piece (side, kind, count, art)", key="component")
    sides = head["sides"]
    counts = Counter(s.kind for s in board.spaces)
    board_kinds = tuple(sorted(counts, key=lambda k: -counts[k]))  # most common first
    out: list[Component] = []
    for c in rows:
        _known(r, c, COMPONENT_KEYS, "[[component]]", "component")
        side = c.get("side", NEUTRAL)
        if side not in (*sides, NEUTRAL):
            raise fail_at(r, f"[[component]] side {side!r} is not a side of the game; valid: "
                         f"{', '.join(sides)} (or leave side out for a neutral piece)",
                          side, "side")
        kind = _text(r, c, "kind", "[[component]]")
        count = c.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            raise r.fail(f"[[component]] count must be a whole number 1..{MAX_COUNT}",
                         key="count")
        art = _art(r, c, side, head["name"], base, colours, read)
        if art not in ART:
            sources[art] = str(c.get("art", "stone"))
        if "text" in c:
            letters[art] = [str(c["text"]), str(c.get("font", ""))]
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
        if side in colours and art not in ART:
            problem = piece_problem(side, colours[side], board, stands)
            if problem:
                raise r.fail(problem, key=side if f"[side.{side}]" in r.source else "side")
        label = _text(r, c, "label", "[[component]]",
                      kind if side == NEUTRAL else f"{side} {kind}", MAX_LABEL)
        size = _piece_size(r, c)
        out.append(Component(side, kind, count, art, label, stands, back, size))
    neutral_only = all(c.side == NEUTRAL for c in out)  # Oware: every seed is anyone's
    for s in sides:
        if not neutral_only and not any(c.side == s for c in out):
            raise r.fail(f"side {s!r} has no [[component]]; give it at least one kind of "
                         "piece, or give every piece no side (all neutral)", value=s)
    return tuple(out)


def _piece_size(r: _Reader, c: Mapping[str, Any]) -> float | None:
    if "size" not in c:
        return None
    try:
        v = parse_length(c["size"], "[[component]] size")
    except PrintablesError as e:
        raise r.fail(e.message, key="size") from None
    if not MIN_PIECE <= v <= MAX_PIECE:
        raise r.fail(f"[[component]] size {c['size']!r} must be {MIN_PIECE:g} to "
                     f"{MAX_PIECE:g} mm", key="size")
    return v


def _art(r: _Reader, c: Mapping[str, Any], side: str, game: str, base: Path,
         colours: dict[str, SideColours], read: dict[str, str]) -> str:
    """The art key of a component: a catalogue name, a side-coloured shape, or a designer
    SVG file (read, sanitised and registered here, drawn on a disc in the side's colours)."""
    art = c.get("art")
    if "text" in c:  # lettering on a disc in the side's colours (gamefile.lettered)
        text, shape, font, _, digest = read_lettering(r, c, base)
        if digest is not None:
            read[str(font)] = digest
        stem = register_lettered(text, shape, font, game, _coloured(game, side, colours))
        return f"{stem}@{game}-{side}"
    if "font" in c:
        raise r.fail("[[component]] font is the font of its text; give text too", key="font")
    if isinstance(art, str) and art in ART:
        return art
    valid = f"{', '.join(ART)}; or in the side's colours: {', '.join(SIDE_SHAPES)}; or a .svg file"
    if not isinstance(art, str) or not (art in SIDE_SHAPES or art.lower().endswith(".svg")):
        raise fail_at(r, f"unknown piece art {art!r}; valid: {valid}", art, "art")
    sides = _coloured(game, side, colours)
    if art in SIDE_SHAPES:
        for s in sides:
            register_art(f"{art}@{game}-{s}", side_art(art, tone(s, game)))
        return f"{art}@{game}-{side}"
    try:
        path = resolve_inside(base, art, "art")
    except PrintablesError as e:
        raise fail_at(r, e.message, art, "art") from None
    drawing = read_art(path)
    read[str(path)] = drawing.sha256
    stem = _art_stems([p for p in read if p.lower().endswith(".svg")])[str(path)]
    prefix = f"art.{game}.{stem}"
    register_art_inks(drawing, prefix)
    symbol = art_symbol(drawing, prefix)
    for s in sides:
        register_art(f"{stem}@{game}-{s}", side_art("stone", tone(s, game), symbol))
    return f"{stem}@{game}-{side}"


def _art_stems(paths: list[str]) -> dict[str, str]:
    """Each art file's stem in its art keys, in the order the files were first named: the
    file name's letters and digits, numbered from 2 where an earlier file had the same (so
    a/sun.svg and b/sun.svg are two arts, sun and sun2).

    >>> _art_stems(["a/sun.svg", "b/Sun.svg", "c/moon.svg", "d/sun-2.svg"])
    {'a/sun.svg': 'sun', 'b/Sun.svg': 'sun2', 'c/moon.svg': 'moon', 'd/sun-2.svg': 'sun22'}
    """
    out: dict[str, str] = {}
    for p in paths:
        base = re.sub(r"[^a-z0-9]+", "", Path(p).stem.lower()) or "art"
        stem, n = base, 2
        while stem in out.values():
            stem, n = f"{base}{n}", n + 1
        out[p] = stem
    return out


def _coloured(game: str, side: str, colours: dict[str, SideColours]) -> list[str]:
    """The sides whose pieces take their own colours (a side without a [side.NAME] table
    gets white with near-black lines), their inks registered."""
    sides = sorted(set(colours) | {side})
    for s in sides:
        colours.setdefault(s, SideColours("#ffffff", INK, "white"))
    register_inks(game, colours)
    return sides


def _setup(r: _Reader, data: Mapping[str, Any], game: GameSpec) -> Position:
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
    given = {t: s[t] for t in (*tuple(SETUP_KEYS)[4:], "pieces") if t in s}
    if not given:
        raise r.fail("[setup] needs pieces ([setup.pieces], as in position files) or "
                     "empty = true", key="setup")
    table = {"to_move": s.get("to_move", game.first), "title": title, **given}
    position = read_position(r, game, table)
    board = game.board()
    for cell in (*position.pieces, *position.stacks, *position.markers, *position.piles):
        if board.space(cell).colour == "unused":
            raise r.fail(f"[setup] puts a piece on {cell}, a dead cell; use a cell in play",
                         value=cell)
    return position


def _some_cell_in_play(r: _Reader, board: Board) -> None:
    """A board keeps at least one cell in play (not all of them dead)."""
    if all(s.colour == "unused" for s in board.spaces):
        raise r.fail("every cell of the board is dead; leave cells to play on", key="dead")


def unchecked_report(path: str | Path) -> str | None:
    """For `validate`: the line to print for a game file or a position file of a game
    without a rules engine (after reading it, which checks spaces, sides and kinds), or
    None for a position file a rules engine checks."""
    found = _unchecked(path)
    return None if found is None else found[0]


def _unchecked(path: str | Path) -> tuple[str, list[CheckResult]] | None:
    """unchecked_report's line and the notation checks that fail (see
    positions.notation_problems), or None for a position file a rules engine checks."""
    if is_game_file(path):
        game = load_game_file(path)
        layouts = [_example_of(game, example, path) for example in game.example_files or ()]
        if game.rules is not None:  # [game] engine or [rules]: the claims are checked
            n = len(layouts)
            by = game.extra.get(NOTE, f"checked by the rules engine of {game.engine}")
            return (f"{path}: game file read: setup and {n} example{'s' if n != 1 else ''} "
                    f"{by}",
                    [res for lay in layouts for res in check_layout(lay)])
        failed = [res for lay in layouts for res in notation_problems(game, lay)]
        n = len(layouts)
        return (f"{path}: game file read: setup and {n} example{'s' if n != 1 else ''} name "
                "spaces, sides and kinds that exist, and moves start on the mover's piece and "
                "capture opponents; not checked by a rules engine", failed)
    layout = load_layout(path)
    game = get_game(layout.position.game)
    if game.rules is not None:
        return None
    return (f"{path}: spaces, sides and kinds exist; not checked by a rules engine "
            f"({layout.position.game} has none)", list(notation_problems(game, layout)))


def _example_of(game: GameSpec, example: Path, path: str | Path) -> Layout:
    """An example's layout, refused (as the booklet refuses it) when it is another game's."""
    layout = load_layout(example)
    if layout.position.game != game.name:
        raise LayoutError(f"this example is for {layout.position.game}, not {game.name} "
                          f"(named in examples of {path})", file=str(example))
    return layout


def validate_all(paths: Iterable[str | Path], say: Callable[[str], None],
                 notice: Callable[[str], None] | None = None
                 ) -> Iterator[CheckResult | PrintablesError]:
    """For `validate`: check results and read errors of the files named (folders searched
    for *.toml, skipping what is not a regular file with a notice), as
    positions.validate_paths gives them; game files and the position files of games without
    a rules engine are read here and reported through say instead."""
    for path in expand_paths(paths, notice):
        if isinstance(path, PrintablesError):
            yield path
            continue
        if not path.is_file():  # a FIFO or device named directly: the reader says what
            yield from validate_paths([path])
            continue
        try:
            found = _unchecked(path)
        except PrintablesError as e:
            if not is_game_file(path):  # let the position-file reader say what is wrong
                yield from validate_paths([path])
                continue
            if not e.file:
                e.file = str(path)
            yield e
            continue
        if found is None:
            yield from validate_paths([path])
        else:
            say(found[0])
            yield from found[1]


set_file_loader(load_game_file)
