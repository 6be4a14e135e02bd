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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from printables.boards import Board
from printables.boards.point_lines import Extras, Place
from printables.boards.square import checker, parse_square, spiral_colouring
from printables.errors import printable
from printables.gamefile.reader import read_bytes
from printables.gamefile.rules_spec import RULES_TOML, bundled_rules_text
from printables.gamefile.sides import goal_class
from printables.games import GAMES, GameSpec
from printables.games.model import Stacks, plain_notation
from printables.games.piles import Piles
from printables.outputs import MAX_RULES_BYTES
from printables.positions import MAX_FILE_BYTES, bundled_layouts, game_content, load_setup
from printables.products.booklet.examples import example_paths, load_examples
from printables.products.booklet.generated import draft_files
from printables.products.pieces.lettering import MAX_FONT_BYTES


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
    spans = board.data.get("spans", {})
    spanned = {c: name for name, cells in spans.items() for c in cells}
    cells = [s for s in board.spaces if s.name not in spans]
    coords = {s.name: parse_square(s.name) for s in cells}
    every = [*coords.values(), *(parse_square(c) for c in spanned)]
    files = max(f for f, _ in every) + 1
    ranks = max(r for _, r in every) + 1
    pitch = board.data.get("cell", board.spaces[0].room)
    dead = [s.name for s in board.spaces if s.colour == "unused"
            and not any(board.neighbours(s.name, rel) for rel in board.relations)]
    bases: dict[tuple[str, str | None], Callable[[int, int], str]] = {
        ("checker", "dark"): checker(True), ("checker", "light"): checker(False),
             ("plain", None): lambda f, r: "plain"}
    if files == ranks and files % 2 == 1 and files >= 3:
        bases[("spiral", None)] = spiral_colouring(files)
    odd = {k: [s.name for s in cells if s.colour != fn(*coords[s.name])
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
    colours = {n: board.space(n).colour for n in odd[(colouring, corner)]}
    colours |= {n: board.space(n).colour for n in spans}
    out += _cell_tables("colours", colours)
    out += _cell_tables("kinds", kinds)
    out += _cell_tables("shapes", board.data.get("shapes", {}))
    if spans:
        out += ["[board.spans]"] + [f"{_q(n)} = {_q(c)}" for n, c in spans.items()]
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
    extras: Extras = d.get("extras", Extras())
    if extras.lines and "lines" not in lay:
        lay["lines"] = _paths(extras.lines)
    for key in ("connections", "drawn", "undrawn"):
        if getattr(extras, key):
            lay[key] = _paths(getattr(extras, key))
    if extras.dead:
        lay["dead"] = list(extras.dead)
    out += [f"{k} = {_q(v)}" for k, v in lay.items()]
    out.append(f"cell = {_mm(d['pitch'])}  # the distance between neighbouring points")
    if points:
        out += ["[board.points]"] + [f"{_q(n)} = {json.dumps(xy)}" for n, xy in points.items()]
    if extras.guides:
        out += ["[board.guides]"] + [f"{_q(n)} = {json.dumps(list(xy))}"
                                     for n, xy in extras.guides.items()]
    out += _cell_tables("colours", {s.name: s.colour for s in board.spaces
                                    if s.colour not in ("point", "unused")})
    out += _cell_tables("kinds", {s.name: s.kind for s in board.spaces
                                  if s.kind not in ("point", "dead")})
    if d.get("space_labels"):
        out += ["[board.labels]"] + [f"{_q(n)} = {_q(t)}" for n, t in d["space_labels"].items()]
    for c in extras.curves:
        out += ["[[board.curves]]", f"from = {_place(c.start)}", f"to = {_place(c.end)}"]
        out += ([f"centre = {_place(c.centre)}"] if c.centre is not None else
                [f"through = {_place(c.through)}"])  # type: ignore[arg-type]
        out += ["clockwise = true"] * c.clockwise + ["joins = true"] * c.joins
    return out


def _paths(pairs: tuple[tuple[str, str], ...]) -> list[str]:
    """Pairs of points as the paths a game file writes ("a-b")."""
    return [f"{a}-{b}" for a, b in pairs]


def _place(p: Place) -> str:
    """A point's name or [x, y] in cells."""
    return json.dumps(p if isinstance(p, str) else list(p))


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
    if not pos.pieces and not pos.piles:
        return out + ["empty = true"]
    alike = {s: pile for s, pile in pos.piles.items() if len(set(pile)) == 1}
    for side in game.kinds:
        for kind in game.kinds[side]:
            singles = [s for s, p in pos.pieces.items() if p == (side, kind)]
            counts = {s: len(pile) for s, pile in alike.items() if pile[0] == (side, kind)}
            if not singles and not counts:
                continue
            if f"[setup.pieces.{side}]" not in out:
                out.append(f"[setup.pieces.{side}]")
            out.append(f"{kind} = {_q(singles)}" if not counts else f"{kind} = {{ " + ", ".join(
                f"{_q(s)} = {n}" for s, n in ({s: 1 for s in singles} | counts).items()) + " }")
    mixed = {s: pile for s, pile in pos.piles.items() if s not in alike}
    if mixed:
        out.append("[setup.stacks]")
        out += [f"{_q(s)} = {_q([f'{p.side} {p.kind}' for p in pile])}"
                for s, pile in mixed.items()]
    return out


def export_game(game: GameSpec, target: Path | None = None) -> str:
    """The game file text for a game (its default options and board size). target: where
    the game file will be written (its rules and examples are named relative to it; None:
    standard output, read from the current folder, with no examples)."""
    board = game.board()
    here = (target or Path("game.toml")).absolute().parent
    rules = game_content(game).rules
    rules_name = (f"{target.stem}.md" if target is not None else None if rules is None
                  else os.path.relpath(Path(rules).resolve(), here))
    examples = ([f"{target.stem}/{p.name}" for p in example_order(game)]
                if target is not None else [])
    if rules is None and target is not None:  # the text and examples [rules] write
        examples += [f"{target.stem}/{p.name}" for p in generated_files(game, target)
                     if p.suffix == ".toml"]
    name = game.name if game.source else f"{game.name}-variant"
    vocabulary = rules_tables(game)
    lines = [f"# {printable(game.title)}, exported by `printables export {game.name}`.",
             "# The rules text and the examples are copies, next to this file: edit them."
             if target is not None else
             "# `printables export GAME -o FILE` also writes the rules and the examples.",
             *([] if vocabulary else [f"rules = {_q(rules_name)}"]),
             f"examples = {_q(examples)}", "",
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
        text, font = game.extra.get("lettering", {}).get(c.art, ("", ""))
        lines += [f"text = {_q(text)}"] * bool(text) + [f"font = {_q(font)}"] * bool(font)
        if c.size is not None:
            lines.append(f"size = {_mm(c.size)}")
        if c.back:
            lines.append(f"back = {_q(c.back)}")
    lines += [""] + _setup_section(game)
    if vocabulary:
        lines += ["", with_text(vocabulary, _q(rules_name)) if rules_name else vocabulary]
    return "\n".join(lines) + "\n"


def rules_tables(game: GameSpec) -> str:
    """The [rules] tables a game is written as: a built-in game's bundled ones, a game
    file's own as it wrote them (their text key left out), or '' for a game without."""
    if game.source is None:
        return (bundled_rules_text(game.engine or game.name) or "").strip()
    return str(game.extra.get(RULES_TOML, ""))


def with_text(tables: str, rules_name: str) -> str:
    """[rules] tables with their text key (the rules Markdown) written first."""
    head = re.search(r"(?m)^\[rules\][ \t]*$", tables)
    if head is None:
        return f"[rules]\ntext = {rules_name}\n\n{tables}"
    return tables[:head.end()] + f"\ntext = {rules_name}" + tables[head.end():]


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
    if isinstance(game.placement, Piles):
        out.append("piles = true  # a space may hold several pieces")
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


def generated_files(game: GameSpec, target: Path) -> dict[Path, bytes]:
    """The rules text and found examples a game file's [rules] write (see
    booklet.generated.draft_files), beside the game file written at target."""
    return draft_files(game, target.with_suffix(".md"), target.parent / target.stem, target)


def exported_files(game: GameSpec, target: Path) -> dict[Path, bytes]:
    """Everything `export -o target` writes: the game file, a copy of the rules text
    next to it, its examples in a folder named after it (each naming the game file) and a
    game file's SVG art and fonts at the same paths relative to it."""
    rules = game_content(game).rules
    out = {target: export_game(game, target).encode("utf-8")}
    if rules is None:  # a game file's [rules] without text: the text they write, to edit
        out.update(generated_files(game, target))
    else:
        out[target.with_suffix(".md")] = read_bytes(rules, MAX_RULES_BYTES, "a rules file",
                                                    "rules file")
    for p in example_order(game):
        text = read_bytes(p, MAX_FILE_BYTES, "a position file", "example").decode("utf-8")
        text = re.sub(r'(?m)^game\s*=\s*"[^"]*"', f"game = {_q('../' + target.name)}", text,
                      count=1)
        out[target.parent / target.stem / p.name] = text.encode("utf-8")
    for art in game.extra.get("art", {}).values():  # a designer's SVG files, kept in place
        if art.lower().endswith(".svg") and game.source is not None:
            out[target.parent / art] = read_bytes(game.source.parent / art, MAX_FILE_BYTES,
                                                  "an SVG art file", "art file")
    for _, font in game.extra.get("lettering", {}).values():  # and the fonts they name
        if font and game.source is not None:
            out[target.parent / font] = read_bytes(game.source.parent / font, MAX_FONT_BYTES,
                                                   "a font file", "font file")
    return out
