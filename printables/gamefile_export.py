"""`printables export GAME`: any game -> the text of a game file that rebuilds its board.

The [board] section is read off the built board, never off the game's name: the relation
names tell the topology (orthogonal: square, adjacent: hex, ring: rings, crosspoint:
segments, edge: heptagon) and the board's geometry and data give its parameters. Square
colours and kinds the base colouring does not explain are written out cell by cell, so the
exported board has the same spaces, shapes and neighbours (same JSON export).

Rulings (ours): the exported game is named ``<name>-variant`` (a game file may not take a
built-in name); its rules point at the built-in rules text; examples are left out, since
the built-in ones are checked by an engine the game file does not have.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from printables.boards import Board
from printables.errors import printable
from printables.games import GameSpec


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
    from printables.boards.square import checker, parse_square, spiral_colouring
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
    for cell, value in by_cell.items():
        groups.setdefault(value, []).append(cell)
    return [f"[board.{name}]"] + [f"{_q(k)} = {_q(v)}" for k, v in groups.items()]


def _board_section(board: Board) -> list[str]:
    rel, d = board.relations, board.data
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
    from printables.products.setup_cmd import load_setup
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


def export_game(game: GameSpec) -> str:
    """The game file text for a game (its default options and board size)."""
    from printables.positions import game_content
    board = game.board()
    rules = game_content(game).rules
    name = game.name if game.source else f"{game.name}-variant"
    lines = [f"# {printable(game.title)}, exported by `printables export {game.name}`.",
             "# Copy the rules file next to this one (and write its name below) to edit it.",
             f"rules = {_q(str(Path(rules).resolve()))}", "examples = []", "",
             "[game]", f"name = {_q(name)}", f"title = {_q(game.title)}",
             f"designer = {_q(game.designer)}", f"sides = {_q(list(game.sides))}",
             f"first = {_q(game.first or game.sides[0])}",
             f"summary = {_q(game.board_summary)}"]
    lines += [f"{k} = {_q(v)}" for k, v in game.extra.items() if k in ("year", "licence", "source")]
    lines += ["", "[board]"] + _board_section(board)
    for c in game.components(game.options()):
        lines += ["", "[[component]]", f"side = {_q(c.side)}", f"kind = {_q(c.kind)}",
                  f"count = {c.count}", f"art = {_q(c.art)}", f"label = {_q(c.label)}",
                  f"stands_on = {_q(c.stands_on)}"]
        if c.back:
            lines.append(f"back = {_q(c.back)}")
    lines += [""] + _setup_section(game)
    return "\n".join(lines) + "\n"
