"""A game file's ``[game] engine``: a built-in game's rules engine checking a game file.

``engine = "rosenkreuz"`` gives the game file that built-in game's per-game code: its rules
engine (GameSpec.rules, so examples and setups are checked and captioned as the built-in
game's are), its caption tally, its option checks and its fast playout kernels
(GameSpec.engine names them). `printables export` writes the key for a built-in game.

Rulings (ours): an engine checks only what it was written for. The file must have the
engine's sides, kinds of pieces, placement (stacks or one piece per space), [game.state]
keys and [game.options] keys (the defaults may differ), and a board with the engine's
spaces: the same names in the same order, kinds, colours and neighbours under every
relation, for every option the game is built with (the mm size may differ: no engine
reads it). Anything else is refused with one line naming the first difference, when the
file is read or when a board of other options is built, so an engine never runs on a
board it cannot check. The built board carries the engine's board data (its parameters,
such as Network's size) under the file's own. Piece counts are the file's at its default
options and the engine's at any other (the engine knows how they follow the options). A
file without a summary whose board is the engine's at the same size too is described by
the engine's summary (it is the board that summary describes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from printables.boards import Board
from printables.errors import LayoutError, PrintablesError, quote
from printables.gamefile.fields import fail_at
from printables.gamefile.sides import goal_class
from printables.games import GAMES, GameSpec
from printables.games.model import Component, first_problem
from printables.positions import SourceReader


def read_engine(r: SourceReader, g: Mapping[str, Any]) -> GameSpec | None:
    """The built-in game [game] engine names, None when the key is absent, else a
    LayoutError naming the valid engines."""
    name = g.get("engine")
    if name is None:
        return None
    if not isinstance(name, str) or name not in GAMES:
        raise fail_at(r, f"[game] engine {name!r} is not a built-in rules engine; valid: "
                      f"{', '.join(GAMES)}", name, "engine")
    notation = g.get("notation")
    if notation is not None and notation != name:
        raise r.fail(f"[game] notation {notation!r} differs from engine {name!r}; an engine "
                     "writes moves in its own notation: leave notation out", key="notation")
    return GAMES[name]


def with_engine(r: SourceReader, spec: GameSpec, engine: GameSpec,
                own_summary: bool = False) -> GameSpec:
    """spec with engine's rules, tally, option checks, kernels, seating and (unless the
    file gives its own) ply-cap ruling, after checking that the engine was written for the
    file's game (see the module's rulings); else a LayoutError at the line of the engine
    key. Without its own summary, a file whose board is the engine's at its default size
    too is described by the engine's summary."""
    problem = engine_problem(spec, engine)
    if problem:
        raise r.fail(f"engine {quote(engine.name)} cannot check this game: {problem}; an "
                     f"engine checks only the game it was written for", key="engine")
    out = replace(spec, rules=engine.rules, tally=engine.tally, notation=None,
                  check_options=engine.check_options, engine=engine.name,
                  adjudicate=spec.adjudicate or engine.adjudicate, seats=engine.seats,
                  build_board=_checked_builder(spec, engine, r.path),
                  components=_counted(spec, engine))
    ours, theirs = spec.board(), engine.board(engine.options(spec.default_options))
    if not own_summary and (ours.width, ours.height) == (theirs.width, theirs.height):
        out = replace(out, board_summary=engine.board_summary)
    if out.setup_position is not None and engine.rules is not None:
        problem = first_problem(engine.rules, out.board(), out.setup_position)
        if problem:
            raise r.fail(f"[setup] is not a position of {engine.title} by its rules engine: "
                         f"{problem}", key="setup")
    return out


def engine_problem(spec: GameSpec, engine: GameSpec) -> str | None:
    """Why engine cannot check the game file's game (its sides, kinds, placement, state,
    options or board differ from the engine's), or None when it can."""
    return _game_difference(spec, engine) or board_problem(spec, engine)


def board_problem(spec: GameSpec, engine: GameSpec) -> str | None:
    """Why the game file's board (at its default options) is not the engine's, or None."""
    try:
        theirs = engine.board(engine.options(spec.default_options))
    except PrintablesError as e:
        return f"[game.options] are not options of engine {quote(engine.name)}: {e.message}"
    return board_difference(spec.board(), theirs)


def game_difference(spec: GameSpec, engine: GameSpec) -> str | None:
    """What the game file's game (not its board) has that the engine does not expect."""
    return _game_difference(spec, engine)


def _game_difference(spec: GameSpec, engine: GameSpec) -> str | None:
    """What the game file's game has that the engine does not expect, or None."""
    if spec.sides != engine.sides:
        return f"its sides are {', '.join(spec.sides)}; give sides = {list(engine.sides)}"
    ours = {s: set(k) for s, k in spec.kinds.items()}
    theirs = {s: set(k) for s, k in engine.kinds.items()}
    if ours != theirs:
        want = "; ".join(f"{s}: {', '.join(k)}" for s, k in engine.kinds.items())
        return f"its pieces must be of the engine's kinds ({want}), and no neutral pieces"
    if spec.placement != engine.placement:
        return "its pieces must be placed as the engine's ([game.stacks] as exported)"
    if dict(spec.state_types) != dict(engine.state_types):
        want = ", ".join(engine.state_types) or "none"
        return f"[game.state] must name the engine's state keys ({want})"
    if set(spec.default_options) != set(engine.default_options):
        want = ", ".join(engine.default_options) or "none"
        return f"[game.options] must name the engine's options ({want})"
    return None


def board_difference(board: Board, engine_board: Board) -> str | None:
    """The first way a game file's board differs from the engine's in what a rules engine
    reads (space names in order, kinds, colours, neighbours), or None."""
    if board.names != engine_board.names:
        extra = [n for n in board.names if not engine_board.has(n)]
        missing = [n for n in engine_board.names if not board.has(n)]
        if extra or missing:
            return (f"the board has {len(board.names)} spaces, the engine's "
                    f"{len(engine_board.names)}"
                    + (f" (no space {missing[0]})" if missing else f" ({extra[0]} is extra)"))
        return "the board lists its spaces in another order than the engine's"
    for ours in board.spaces:
        other = engine_board.space(ours.name)
        if ours.kind != other.kind:
            return f"space {ours.name} is a {ours.kind}, the engine's a {other.kind}"
        if goal_class(ours.colour) != other.colour:
            return f"space {ours.name} is coloured {ours.colour}, the engine's {other.colour}"
    if set(board.relations) != set(engine_board.relations):
        return (f"the board's relations are {', '.join(sorted(board.relations))}, the "
                f"engine's {', '.join(sorted(engine_board.relations))}")
    for rel, theirs in engine_board.relations.items():
        for name in board.names:
            if board.neighbours(name, rel) != theirs.get(name, ()):
                return f"space {name}'s {rel} neighbours differ from the engine's"
    return None


def _counted(spec: GameSpec, engine: GameSpec
             ) -> Callable[[Mapping[str, Any]], tuple[Component, ...]]:
    """spec's components, counted as the file says at its default options and as the
    engine counts them at any other (Dag en Nacht's stones follow the board size)."""
    ours = spec.components(spec.default_options)
    defaults = dict(spec.default_options)

    def components(options: Mapping[str, Any]) -> tuple[Component, ...]:
        merged = {**defaults, **options}
        if merged == defaults:
            return ours
        counts = {(c.side, c.kind): c.count
                  for c in engine.components(engine.options(merged))}
        return tuple(replace(c, count=counts.get((c.side, c.kind), c.count)) for c in ours)
    return components


def _checked_builder(spec: GameSpec, engine: GameSpec, path: str
                     ) -> Callable[[Mapping[str, Any], float | None], Board]:
    """spec's board builder, refusing a board (of any options) the engine cannot check and
    giving the board the engine's board data under its own."""
    build = spec.build_board

    def checked(options: Mapping[str, Any], size: float | None) -> Board:
        board = build(options, size)
        theirs = engine.board(options)
        problem = board_difference(board, theirs)
        if problem:
            shown = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
            raise LayoutError(f"engine {quote(engine.name)} cannot check this game's board "
                              f"with {shown or 'its default options'}: {problem}", file=path)
        return replace(board, data=MappingProxyType({**theirs.data, **board.data}))
    return checked
