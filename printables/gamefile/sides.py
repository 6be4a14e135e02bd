"""A game file's sides and their colours: [side.NAME] tables -> inks, goal colours, edges.

A side may give ``fill`` and ``line`` (#rrggbb) and a mono ``pattern``; its pieces drawn
in a side-coloured art (``art = "stone"``, ``"ring"``, ``"dot"``, ``"cross"``, or a
designer's SVG on a disc) take them, and so do its goal cells (``goal.NAME`` in
[board.colours]) and its edges ([board.edges]). The inks are added to both themes under
keys ending with the game's name (``piece.disc.side.red.my-game``), so two game files that
both have a side called red keep their own reds.

Rulings (ours):

- Goal cells are the side's fill mixed half and half with white, so a piece of any side
  still reads on them; the mono theme hatches them (``pattern``: white, light, grey, dark,
  black: hatching from none to dense; a piece takes the grey of that name). Sides that
  give no pattern share out the unused ones, lightest fill to lightest pattern.
- A side's pieces must read on every space they can stand on, by the 3:1 contrast rule the
  built-in games are held to: the better of fill and line against the space's fill (the
  board's ground on a points board). The error names both colours and the ratio.
- Edges (``[board.edges] red = ["north", "south"]``): each outer side of a cell goes to the
  asked-for direction nearest the way the board's outline (its convex hull) faces there,
  within 60 degrees, so the zigzag edge of a Hex rhombus goes to one side whole; drawn as
  a band inside the edge cells (clear of the labels outside), in the side's fill. On a
  points board, the lines along the outermost points that way, drawn thick.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from printables.boards import Board, Decoration
from printables.boards.edges import DIRECTIONS as DIRECTIONS  # re-exported: compass words
from printables.boards.edges import cell_edge_sides, outermost_points
from printables.geometry import Point, Polygon, Segment, Stroke
from printables.positions import SourceReader
from printables.render.theme import INK, THEMES, Ink, add_inks, contrast, ink, luminance

#: The keys of a [side.NAME] table -> what each means (the game-file reference prints them).
SIDE_KEYS = {
    "fill": "the pieces' colour, `\"#rrggbb\"` (default white); goal cells take a tint of it",
    "line": "rims, symbols and edge lines (default near-black)",
    "pattern": "the mono theme: `white`, `light`, `grey`, `dark` or `black` (the pieces' grey, "
               "the goal cells' hatching); default: sides share out the unused ones by "
               "lightness",
}
#: Mono pattern -> (grey of a piece, hatch spacing in mm of a goal cell or None).
PATTERNS: Mapping[str, tuple[str, float | None]] = {
    "white": ("#ffffff", None), "light": ("#d0d0d0", 4.0), "grey": ("#9a9a9a", 3.0),
    "dark": ("#5a5a5a", 2.0), "black": ("#1c1c1c", 1.2)}
#: The side name a component without a side (a neutral piece) gets.
NEUTRAL = "neutral"
LEAST = 3.0
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class SideColours:
    """One side's colours: piece fill, line (rims, symbols, edge lines), mono pattern."""

    fill: str
    line: str
    pattern: str


def read_sides(r: SourceReader, data: Mapping[str, Any], sides: tuple[str, ...]
               ) -> dict[str, SideColours]:
    """The [side.NAME] tables (NAME a side of the game, or neutral), checked."""
    table = data.get("side", {})
    if not isinstance(table, Mapping):
        raise r.fail("[side] must hold one table per side, such as [side.red] with "
                     "fill = \"#c0392b\"", key="side")
    out = {}
    for name, t in table.items():
        if name not in (*sides, NEUTRAL):
            raise r.fail(f"[side.{name}]: {name!r} is not a side; valid: "
                         f"{', '.join((*sides, NEUTRAL))}", key=name)
        if not isinstance(t, Mapping):
            raise r.fail(f"[side.{name}] must be a table with fill, line and pattern",
                         key=name)
        unknown = sorted(set(t) - set(SIDE_KEYS))
        if unknown:
            raise r.fail(f"unknown key {unknown[0]!r} in [side.{name}]; valid: "
                         f"{', '.join(SIDE_KEYS)}", key=unknown[0])
        fill = _colour(r, t, "fill", name, "#ffffff")
        line = _colour(r, t, "line", name, INK)
        pattern = t.get("pattern", "")
        if pattern not in ("", *PATTERNS):
            raise r.fail(f"[side.{name}] pattern {pattern!r}; valid: {', '.join(PATTERNS)}",
                         value=pattern)
        out[name] = SideColours(fill.lower(), line.lower(), pattern)
    return default_patterns(out)


def default_patterns(colours: dict[str, SideColours]) -> dict[str, SideColours]:
    """Sides without a pattern get the unused ones, lightest fill to the lightest
    pattern, spread over the grey scale so no two sides look alike in mono.

    >>> c = default_patterns({"a": SideColours("#ffff00", INK, ""),
    ...                       "b": SideColours("#000080", INK, "")})
    >>> c["a"].pattern, c["b"].pattern
    ('white', 'black')
    """
    free = [p for p in PATTERNS if p not in {c.pattern for c in colours.values()}]
    todo = sorted((s for s, c in colours.items() if not c.pattern),
                  key=lambda s: -luminance(colours[s].fill))
    out = dict(colours)
    for i, side in enumerate(todo):
        if len(todo) == 1:  # alone: the pattern nearest its own lightness
            k = round((1 - luminance(colours[side].fill) ** (1 / 2.2)) * (len(free) - 1))
        else:
            k = round(i * (len(free) - 1) / (len(todo) - 1))
        out[side] = replace(colours[side], pattern=free[min(k, len(free) - 1)] if free
                            else "grey")
    return out


def _colour(r: SourceReader, t: Mapping[str, Any], key: str, side: str, default: str) -> str:
    v = t.get(key, default)
    if not isinstance(v, str) or not _HEX.match(v):
        raise r.fail(f"[side.{side}] {key} {v!r} is not a colour; write \"#rrggbb\", such "
                     "as \"#c0392b\"", key=key)
    return v


def tone(side: str, game: str) -> str:
    """The style tone of a side's own colours: art keys end with the side (the laser's
    material), inks with the game's name.

    >>> tone("red", "my-game")
    'side.red.my-game'
    """
    return f"side.{side}.{game}"


def _tint(colour: str, share: float = 0.5) -> str:
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(v + (255 - v) * share):02x}" for v in rgb)


def register_inks(game: str, colours: Mapping[str, SideColours]) -> None:
    """Add every side's inks to both themes (pieces, symbols, goals, edges)."""
    for theme in THEMES:
        inks: dict[str, Ink] = {}
        for side, c in colours.items():
            t, grey, hatch = tone(side, game), *PATTERNS[c.pattern]
            mono = theme == "mono"
            fill, line = (grey, INK) if mono else (c.fill, c.line)
            symbol = ("#ffffff" if contrast(grey, "#ffffff") > 3 else INK) if mono else c.line
            inks[f"piece.disc.{t}"] = Ink(fill=fill, stroke=line, width=0.3)
            inks[f"piece.symbol.{t}"] = Ink(fill=symbol, stroke=fill, width=0.2)
            inks[f"piece.rim.{t}"] = Ink(stroke=symbol)
            inks[f"piece.count.{t}"] = Ink(fill=symbol, font="sans-bold")  # a stack's height
            inks[f"space.goal.{side}.{game}"] = (
                Ink(stroke=INK, width=0.3, hatch=hatch) if mono
                else Ink(fill=_tint(c.fill), stroke=INK, width=0.3))
            inks[f"edge.{t}"] = Ink(fill=fill, stroke=line, width=0.3)
        add_inks(theme, inks)


def piece_problem(side: str, c: SideColours, board: Board, kind: str) -> str | None:
    """Why a side's pieces would not read on the spaces of a kind (colour theme), or None."""
    theme = THEMES["colour"]
    for s in board.spaces:
        if s.kind != kind:
            continue
        bg = (ink(theme, "space." + s.colour).fill or ink(theme, "board.ground").fill
              or "#ffffff")
        best = max(contrast(c.fill, bg), contrast(c.line, bg))
        if best < LEAST:
            return (f"side {side}: its pieces (fill {c.fill}, line {c.line}) have contrast "
                    f"{best:.1f}:1 on the {s.colour} spaces ({bg}), less than "
                    f"{LEAST:g}:1; give [side.{side}] a darker or lighter fill or line")
    return None


def side_coloured(board: Board, game: str, colours: Mapping[str, SideColours],
                  edges: Mapping[str, list[str]]) -> Board:
    """The board with goal.SIDE cells in that side's inks and its edges drawn."""
    spaces = tuple(replace(s, colour=f"{s.colour}.{game}")
                   if s.colour.startswith("goal.") and s.colour[5:] in colours else s
                   for s in board.spaces)
    wanted = {way: tone(side, game) for side, ways in edges.items() for way in ways}
    decos = line_edges(board, wanted) if board.lines else cell_edges(board, wanted)
    return replace(board, spaces=spaces, decorations=board.decorations + decos)


def goal_class(colour: str) -> str:
    """A space's colour class without a game's own goal inks (side_coloured's suffix).

    >>> goal_class("goal.red.my-game"), goal_class("dark")
    ('goal.red', 'dark')
    """
    return re.sub(r"^(goal\.[a-z0-9-]+)\..*$", r"\1", colour)


def line_edges(board: Board, wanted: Mapping[str, str]) -> tuple[Decoration, ...]:
    """Points boards: the lines along the outermost points that way, drawn thick."""
    pitch = min(s.room for s in board.spaces)
    out = []
    for way, t in wanted.items():
        far = set(outermost_points(board, way))
        for ln in board.lines:
            if ln.a in far and ln.b in far:
                pa, pb = board.space(ln.a).anchor, board.space(ln.b).anchor
                out.append(Decoration(Stroke((Segment(pa, pb),), 0.12 * pitch), f"edge.{t}",
                                      "grid"))
    return tuple(out)


def cell_edges(board: Board, wanted: Mapping[str, str]) -> tuple[Decoration, ...]:
    """Cell boards: each outer cell side goes to the asked-for direction nearest the way
    the board's outline faces there (boards.edges.cell_edge_sides); drawn as a band inside
    the cell."""
    pitch = min(s.room for s in board.spaces)
    return tuple(Decoration(_band(e, inward, 0.1 * pitch), f"edge.{wanted[way]}", "decor")
                 for e, inward, _, way in cell_edge_sides(board, wanted))


def _band(e: Segment, inward: Point, width: float) -> Polygon:
    """A band width mm wide along a cell's side, inside the cell."""
    ox, oy = inward.x * width, inward.y * width
    return Polygon((e.a, e.b, Point(e.b.x + ox, e.b.y + oy), Point(e.a.x + ox, e.a.y + oy)))
