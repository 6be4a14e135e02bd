"""`printables export GAME`: any game -> the text of a game file that rebuilds its board.

The [board] section is read off the built board, never off the game's name: the relation
names tell the topology (orthogonal: square, adjacent: hex, ring: rings, crosspoint:
segments, edge: heptagon) and the board's geometry and data give its parameters. Square
colours and kinds the base colouring does not explain are written out cell by cell, so the
exported board has the same spaces, shapes and neighbours (same JSON export).

Rulings (ours): the exported game is named ``<name>-variant`` (a game file may not take a
built-in name). With ``-o FILE`` the rules text and every example position are copied
next to the game file (FILE.md, FILE/*.toml, in the booklet's order) and named relative to
it, so the exported kit's booklet has the same examples; a built-in game's file names its
rules engine (``engine = NAME``), so they are checked and captioned as the built-in
game's. On standard output the rules path is relative to the current folder. The credits'
"reconstructed" note, stacks placement and [state] keys go with the game. No summary is
written: a game file's summary is made from its board (or is its engine's for the engine's
own board), so an edited board (a 5-ring Dugi, without the engine) is described as it is.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

from printables.boards import Board
from printables.boards.square import checker, parse_square, spiral_colouring
from printables.errors import printable
from printables.gamefile.reader import read_bytes
from printables.gamefile.sides import goal_class
from printables.games import GAMES, GameSpec
from printables.games.model import Stacks, plain_notation
from printables.outputs import MAX_RULES_BYTES
from printables.positions import MAX_FILE_BYTES, bundled_layouts, game_content, load_setup
from printables.products.booklet.examples import example_paths, load_examples


def _q(v: Any) -> str:
    """A TOML value (strings and lists of strings in JSON syntax, which TOML reads)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, str, list)):
        return json.dumps(v)
    raise TypeError(v)


def _mm(x: float) -> str:
    return f"\"{round(x, 6):.6f}".rstrip("0").rstrip(".") + "mm\""


def _square_section(board: Board) -> list[str]:
    coords = {s.name: parse_square(s.name) for s in board.spaces}
    files = max(f for f, _ in coords.values()) + 1
    ranks = max(r for _, r in coords.values()) + 1
    pitch = board.spaces[0].room
    dead = [s.name for s in board.spaces if s.colour == "unused"
            and not any(board.neighbours(s.name, rel) for rel in board.relations)]
    bases = {("checker", "dark"): checker(True), ("checker", "light"): checker(False),
             ("plain", None): lambda f, r: "plain"}
    if files == ranks and files % 2 == 1 and files >= 3:
        bases[("spiral", None)] = spiral_colouring(files)
    odd = {k: [s.name for s in board.spaces if s.colour != fn(*coords[s.name])
               and s.name not in dead] for k, fn in bases.items()}
    (colouring, corner) = min(odd, key=lambda k: len(odd[k]))
    kind = Counter(s.kind for s in board.spaces).most_common(1)[0][0]
    kinds = {s.name: s.kind for s in board.spaces
             if s.kind != ("dead" if s.name in dead else kind)}
    out = ["topology = \"square\"", f"files = {files}", f"ranks = {ranks}",
           f"size = {_mm(pitch * files)}  # the grid's width; or cell = the side of a square",
           f"colouring = \"{colouring}\""]
    if corner:
        out.append(f"corner = \"{corner}\"  # colour of a1")
    if kind != "square":
        out.append(f"space_kind = \"{kind}\"")
    if dead:
        out.append(f"dead = {_q(dead)}  # crossed out, in no relation")
    out += _cell_tables("colours", {n: board.space(n).colour for n in odd[(colouring, corner)]})
    out += _cell_tables("kinds", kinds)
    return out


def _cell_tables(name: str, by_cell: dict[str, str]) -> list[str]:
    if not by_cell:
        return []
    groups: dict[str, list[str]] = {}
    for cell, value in by_cell.items():  # goal.red.my-game (a side's own colours): goal.red
        groups.setdefault(goal_class(value), []).append(cell)
    return [f"[board.{name}]"] + [f"{_q(k)} = {_q(v)}" for k, v in groups.items()]


def _points_section(board: Board) -> list[str]:
    """A points or triangle board from the parameters its builder kept (data["layout"])."""
    d = board.data
    lay = dict(d["layout"])
    out = [f"topology = {_q(lay.pop('topology', 'points'))}"]
    points = lay.pop("points", None)
    out += [f"{k} = {_q(v)}" for k, v in lay.items()]
    out.append(f"cell = {_mm(d['pitch'])}  # the distance between neighbouring points")
    if points:
        out += ["[board.points]"] + [f"{_q(n)} = {json.dumps(xy)}" for n, xy in points.items()]
    out += _cell_tables("colours", {s.name: s.colour for s in board.spaces
                                    if s.colour != "point"})
    if d.get("space_labels"):
        out += ["[board.labels]"] + [f"{_q(n)} = {_q(t)}" for n, t in d["space_labels"].items()]
    return out


def _board_section(board: Board) -> list[str]:
    rel, d = board.relations, board.data
    if d.get("topology") == "points":
        return _points_section(board)
    if "orthogonal" in rel:
        return _square_section(board)
    if "ring" in rel:
        return ["topology = \"rings\"", f"rings = {len(d['rings'])}",
                f"sectors = {len(d['sectors'])}",
                f"size = {_mm(2 * d['rim_radius'])}  # the rim diameter",
                f"dead_zone = {_mm(d['dead_zone_radius'])}  # its radius"]
    if "crosspoint" in rel:
        return ["topology = \"segments\"", f"columns = {d['columns'] - 1}",
                f"rows = {d['rows'] - 1}", f"bends = {_q(list(d['bends']))}",
                f"cell = {_mm(d['pitch'])}  # the lattice pitch"]
    if "edge" in rel:
        return ["topology = \"heptagon\"", f"rows = {d['rows']}", f"columns = {d['columns']}",
                f"size = {_mm(board.width)}  # the board's width"]
    if "adjacent" in rel:
        m, n = d["size"]
        shape = (["shape = \"hexhex\"", f"radius = {m}"] if d["shape"] == "hexhex" else
                 ["shape = \"rhombus\"", f"columns = {m}", f"rows = {n}"])
        colours = {s.name: s.colour for s in board.spaces if s.colour != "plain"}
        return (["topology = \"hex\""] + shape + [f"orientation = \"{d['orientation']}\"",
                f"cell = {_mm(d['cell'])}  # across flats",
                f"colouring = \"{'map' if colours else 'plain'}\""]
                + _cell_tables("colours", {s.name: s.colour for s in board.spaces}
                               if colours else {}))
    raise ValueError(f"no game-file topology for the relations {sorted(rel)}")


def _setup_section(game: GameSpec) -> list[str]:
    pos = load_setup(game).position
    out = ["[setup]", f"title = {_q(pos.title or 'The starting position')}",
           f"to_move = {_q(pos.to_move)}"]
    if not pos.pieces:
        return out + ["empty = true"]
    for side in game.sides:
        by_kind = {k: [s for s, p in pos.pieces.items() if p == (side, k)]
                   for k in game.kinds[side]}
        by_kind = {k: v for k, v in by_kind.items() if v}
        if by_kind:
            out.append(f"[setup.pieces.{side}]")
            out += [f"{k} = {_q(v)}" for k, v in by_kind.items()]
    return out


def export_game(game: GameSpec, target: Path | None = None) -> str:
    """The game file text for a game (its default options and board size). target: where
    the game file will be written (its rules and examples are named relative to it; None:
    standard output, read from the current folder, with no examples)."""
    board = game.board()
    here = (target or Path("game.toml")).absolute().parent
    rules = game_content(game).rules
    rules_name = (f"{target.stem}.md" if target is not None
                  else os.path.relpath(Path(rules).resolve(), here))
    examples = ([f"{target.stem}/{p.name}" for p in example_order(game)]
                if target is not None else [])
    name = game.name if game.source else f"{game.name}-variant"
    lines = [f"# {printable(game.title)}, exported by `printables export {game.name}`.",
             "# The rules text and the examples are copies, next to this file: edit them."
             if target is not None else
             "# `printables export GAME -o FILE` also writes the rules and the examples.",
             f"rules = {_q(rules_name)}", f"examples = {_q(examples)}", "",
             "[game]", f"name = {_q(name)}", f"title = {_q(game.title)}",
             f"designer = {_q(game.designer)}", f"sides = {_q(list(game.sides))}",
             f"first = {_q(game.first or game.sides[0])}",
             "# summary: left out, so index.html describes the board as it is built"]
    lines += [f"{k} = {_q(v)}" for k, v in game.extra.items() if k in ("year", "licence", "source")]
    lines += _play_lines(game)
    lines += ["", "[board]"] + _board_section(board) + _edges(game)
    lines += _side_tables(game)
    arts = game.extra.get("art", {})
    for c in game.components(game.options()):
        lines += ["", "[[component]]"] + ([f"side = {_q(c.side)}"] if c.side in game.sides
                                           else ["# no side: a neutral piece"])
        lines += [f"kind = {_q(c.kind)}", f"count = {c.count}",
                  f"art = {_q(arts.get(c.art, c.art))}", f"label = {_q(c.label)}",
                  f"stands_on = {_q(c.stands_on)}"]
        if c.size is not None:
            lines.append(f"size = {_mm(c.size)}")
        if c.back:
            lines.append(f"back = {_q(c.back)}")
    lines += [""] + _setup_section(game)
    return "\n".join(lines) + "\n"


def _edges(game: GameSpec) -> list[str]:
    edges = game.extra.get("edges", {})
    return ["[board.edges]"] + [f"{_q(s)} = {_q(v)}" for s, v in edges.items()] if edges else []


def _side_tables(game: GameSpec) -> list[str]:
    out = []
    for side, (fill, line, pattern) in game.extra.get("sides", {}).items():
        out += ["", f"[side.{side}]", f"fill = {_q(fill)}", f"line = {_q(line)}",
                f"pattern = {_q(pattern)}"]
    return out


def _play_lines(game: GameSpec) -> list[str]:
    """The [game] keys a rules engine's game keeps in a game file: the engine, the
    credits' note on what was reconstructed, a notation (without an engine),
    [game.options], [game.stacks] and [game.state]."""
    engine = game.engine or (game.name if game.source is None and game.rules else None)
    out = [f"engine = {_q(engine)}  # checked by {GAMES[engine].title}'s rules engine"
           ] if engine else []
    if game.reconstructed:
        out.append(f"reconstructed = {_q(list(game.reconstructed))}")
    written = game.rules or game.notation
    notation = next((g for g in GAMES.values() if written is not None and g.rules is written
                     and g.rules.format_move is not plain_notation and not engine), None)
    if notation is not None:
        out.append(f"notation = {_q(notation.name)}  # moves written as in {notation.title}")
    if game.default_options:
        out += ["[game.options]  # what a position file's options may set, and the defaults"]
        out += [f"{k} = {_q(v)}" for k, v in game.default_options.items()]
    if isinstance(game.placement, Stacks):
        p = game.placement
        out += ["[game.stacks]  # pieces stacked as in EVL"] + [
            f"{k} = {_q(getattr(p, k))}" for k in ("piece", "piece_space", "marker",
                                                   "marker_space")]
        out.append("letters = { " + ", ".join(f"{s} = {_q(v)}" for s, v in p.letters.items())
                   + " }")
    if game.state_types:
        out += ["[game.state]"] + [f"{k} = {_q('bool' if t is bool else 'int')}"
                                   for k, t in game.state_types.items()]
    return out


def example_order(game: GameSpec) -> list[Path]:
    """The game's example files in the order its booklet prints them."""
    layouts = bundled_layouts()
    shown = [Path(e.path) for e in load_examples(game, layouts)]
    return shown + [p for p in example_paths(game, layouts) if p not in shown]


def exported_files(game: GameSpec, target: Path) -> dict[Path, bytes]:
    """Everything `export -o target` writes: the game file, a copy of the rules text
    next to it, its examples in a folder named after it (each naming the game file) and a
    game file's SVG art at the same paths relative to it."""
    rules = game_content(game).rules
    out = {target: export_game(game, target).encode("utf-8"),
           target.with_suffix(".md"): read_bytes(rules, MAX_RULES_BYTES, "a rules file",
                                                 "rules file")}
    for p in example_order(game):
        text = read_bytes(p, MAX_FILE_BYTES, "a position file", "example").decode("utf-8")
        text = re.sub(r'(?m)^game\s*=\s*"[^"]*"', f"game = {_q('../' + target.name)}", text,
                      count=1)
        out[target.parent / target.stem / p.name] = text.encode("utf-8")
    for art in game.extra.get("art", {}).values():  # a designer's SVG files, kept in place
        if art.lower().endswith(".svg") and game.source is not None:
            out[target.parent / art] = read_bytes(game.source.parent / art, MAX_FILE_BYTES,
                                                  "an SVG art file", "art file")
    return out
