"""A game file's [rules] on its GameSpec: the generic engine (GenericRules) as its rules,
its caption tally and ply-cap ruling, a placement that keeps hands when pieces are placed,
and the [state] keys the rules declare.

Rulings (ours): [rules] goes with neither [game.stacks] (stacked pieces are not in the
vocabulary) nor ``notation`` (its moves are written in the plain notation); a [game.state]
beside it must name exactly the keys the rules keep. With ``engine`` too, the built-in
engine plays on its own board (the file's game and board are the engine's: checked as for
``engine`` alone) and the [rules] play on any other board (the engine's game, with other
sides, pieces, stacks, state or options, is refused as for ``engine`` alone);
GameSpec.extra["rules_note"] says which engine plays, and `validate` prints it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from printables.boards import Board
from printables.gamefile.engine import board_problem, game_difference
from printables.gamefile.reader import parse_toml
from printables.gamefile.rules import read_rules
from printables.gamefile.rules_check import Game
from printables.games import GameSpec
from printables.games.model import OnSpaces, Position, first_problem
from printables.games.rules import GenericRules
from printables.games.rules.engine import state_keys
from printables.games.rules.placement import InHand
from printables.positions import SourceReader

#: extra key: the sentence `validate` prints about which engine checks the file.
NOTE = "rules_note"


#: GameSpec.extra key: a game file's [rules] tables as it wrote them (comments kept, the text
#: key left out), which export writes back.
RULES_TOML = "rules_toml"


def rules_toml(source: str) -> str:
    """The lines of a game file's source inside [rules], [rules.*] and [[rules.*]] tables,
    but for the rules' text key."""
    out, inside = [], False
    for line in source.splitlines():
        head = re.match(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?", line)
        if head:
            inside = head.group(1).strip('"') == "rules" or head.group(1).startswith("rules.")
        if inside and not re.match(r"^\s*text\s*=", line):
            out.append(line)
    return "\n".join(out).strip()


def vocabulary(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The file's [rules] table, or None when it has none (or names only a Markdown file)."""
    v = data.get("rules")
    return v if isinstance(v, Mapping) else None


def with_rules(r: SourceReader, spec: GameSpec, data: Mapping[str, Any]) -> GameSpec:
    """spec played by the generic engine of its [rules] (checked against its board, sides,
    components and options)."""
    table = vocabulary(data)
    assert table is not None
    g = data.get("game", {})
    for key, why in (("stacks", "stacked pieces"), ("notation", "another game's notation")):
        if key in g:
            raise r.fail(f"[game] {key} does not go with [rules] ({why} are not in the rules "
                         "vocabulary); leave one out", key=key)
    board = spec.board()
    edges = {s: tuple(v) for s, v in data["board"].get("edges", {}).items()}
    game = Game(board, spec.sides, spec.first or spec.sides[0], spec.kinds,
                dict(spec.default_options), edges)
    ruleset = read_rules(r, table, game)
    declared = dict(spec.state_types)
    wanted = state_keys(ruleset)
    if "state" in g and declared != wanted:
        raise r.fail(f"[game.state] names {', '.join(declared) or 'nothing'} but the rules "
                     f"keep {', '.join(wanted) or 'no state'}; leave [game.state] out",
                     key="state")

    def supply(options: Mapping[str, Any]) -> dict[str, int]:
        comps = spec.components(options)
        return {side: sum(c.count for c in comps if (c.side, c.kind) == (side, kind))
                for side, kind in ruleset.placed_kind}

    rules = GenericRules(ruleset, supply)
    placement = InHand(ruleset.placed_kind) if ruleset.places else OnSpaces()
    out = replace(spec, rules=rules, tally=rules.tally, adjudicate=rules.adjudicate,
                  seats=rules.seats, placement=placement, state_types=wanted,
                  extra={**spec.extra, NOTE: "checked by its [rules]"})
    if spec.setup_position is not None:
        setup = _with_hand(out, board, spec.setup_position)
        out = replace(out, setup_position=setup)
        problem = first_problem(rules, board, setup)
        if problem:
            raise r.fail(f"[setup] is not a position of these rules: {problem}", key="setup")
    return out


def _with_hand(spec: GameSpec, board: Board, pos: Position) -> Position:
    """The setup with every hand in full (a setup of an empty board gives none)."""
    if not isinstance(spec.placement, InHand) or pos.hand:
        return pos
    hand = {}
    for side, kind in spec.placement.placed:
        have = sum(c.count for c in spec.components(pos.options) if (c.side, c.kind) ==
                   (side, kind))
        hand[side] = max(0, have - sum(1 for p in pos.pieces.values() if p == (side, kind)))
    return pos.with_(hand=hand)


def engine_or_rules(r: SourceReader, spec: GameSpec, engine: GameSpec,
                    data: Mapping[str, Any]) -> GameSpec | None:
    """With both ``engine`` and [rules]: None when the engine can check the file's game (the
    caller then gives it the engine, which refuses a game that is not its own, as for
    ``engine`` alone), else, when only the board differs, spec played by its [rules], with a
    note naming why the engine does not apply."""
    if game_difference(spec, engine) is not None:
        return None
    problem = board_problem(spec, engine)
    if problem is None:
        return None
    out = with_rules(r, spec, data)
    note = (f"checked by its [rules] (engine {engine.name} plays only its own board: "
            f"{problem})")
    return replace(out, extra={**out.extra, NOTE: note})


#: The built-in games written in the rules vocabulary (export writes them, the tests read
#: them): printables/games/rules_data/NAME.toml.
RULES_DATA = Path(__file__).resolve().parent.parent / "games" / "rules_data"


def bundled_rules_text(name: str) -> str | None:
    """The [rules] tables a built-in game is written as, or None for a game without."""
    path = RULES_DATA / f"{name}.toml"
    return path.read_text(encoding="utf-8") if path.is_file() else None


def as_rules(game: GameSpec) -> GameSpec:
    """A built-in game played by the generic engine of its bundled [rules] (same name,
    board, components and options): what the differential tests compare with its own
    engine."""
    text = bundled_rules_text(game.name)
    if text is None:
        raise ValueError(f"{game.name} is not written in the rules vocabulary")
    path = str(RULES_DATA / f"{game.name}.toml")
    r, data = parse_toml(text, path)
    ctx = Game(game.board(), game.sides, game.first or game.sides[0], game.kinds,
               dict(game.default_options), {s: tuple(v) for s, v in
                                            game.extra.get("edges", {}).items()})
    ruleset = read_rules(r, data["rules"], ctx)

    def supply(options: Mapping[str, Any]) -> dict[str, int]:
        comps = game.components(game.options(options))
        return {side: sum(c.count for c in comps if (c.side, c.kind) == (side, kind))
                for side, kind in ruleset.placed_kind}

    rules = GenericRules(ruleset, supply)
    placement = InHand(ruleset.placed_kind) if ruleset.places else OnSpaces()
    return replace(game, rules=rules, tally=rules.tally, adjudicate=rules.adjudicate,
                   seats=rules.seats, placement=placement,
                   state_types=state_keys(ruleset), engine=None)
