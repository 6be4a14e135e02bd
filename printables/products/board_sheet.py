"""The printed board sheet: the board at full size plus a footer with title and scale bar."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printables.boards import Board
from printables.games import GameSpec
from printables.games.model import byline
from printables.geometry import Arc, Circle, Outline, Part, Point, Polygon, Segment, Shape, Stroke
from printables.products.common import (
    INSET,
    MIN_WIDTH,
    board_items,
    credit_block,
    credit_lines,
    fit_size,
    footer_height,
    footer_layout,
    scale_bar,
)
from printables.render.scene import Group, Item, Scene, Text
from printables.render.theme import Ink, ink

#: Height of the strip under the board that carries the title and the 100 mm scale bar;
#: on a board too narrow for the title beside the bar, title and credit go above it.
FOOTER = 14.0
FOOTER_STACKED = 26.0
#: The title's size and the credit's; where the scale bar's cells start (y).
TITLE_SIZE, CREDIT_SIZE, BAR_Y = 4.2, 2.8, 4.0


def footer(width: float) -> float:
    """The footer's height on a board sheet this wide."""
    return footer_height(width, FOOTER, FOOTER_STACKED)


def sheet_size(board: Board) -> tuple[float, float]:
    """Width and height in mm of a board's printed sheet (board + footer), at least wide
    enough for the whole scale bar (MIN_WIDTH; a narrower board is centred)."""
    w = max(board.width, MIN_WIDTH)
    return w, board.height + footer(w)


def footer_items(game: GameSpec, width: float, theme: Mapping[str, Ink]) -> list[Item]:
    """Title, credit and scale bar. The text keeps BAR_GAP from the bar, left of it, or
    above it when the sheet is narrow: the title shrinks to fit; the credit shrinks a little
    on one line, else wraps onto balanced lines (the title moves up for them), then shrinks."""
    height = footer(width)
    bar_x, room, bottom = footer_layout(width, BAR_Y)
    font, title_font = ink(theme, "text.small").font, ink(theme, "title").font
    lines, size = credit_lines([byline(game.designer)], room, CREDIT_SIZE,
                               height - 8.4 - bottom, font)
    title_y, credit_y = (height - 6.0, height - 10.5) if len(lines) == 1 else (
        height - 4.4, height - 8.4)
    items: list[Item] = [Text(Point(INSET, title_y), game.title,
                              fit_size(game.title, TITLE_SIZE, room, title_font), "title",
                              anchor="start")]
    items += credit_block(lines, size, credit_y, room, font)
    items.append(scale_bar(bar_x, BAR_Y))
    return items


def board_scene(game: GameSpec, board: Board, theme: Mapping[str, Ink]) -> Scene:
    """The board sheet: the board drawing above a footer with title, credit and scale bar."""
    w, h = sheet_size(board)
    dx, dy = (w - board.width) / 2, h - board.height
    footer_group = Group(tuple(footer_items(game, w, theme)), layer="footer")
    return Scene(w, h, board_items(board, theme, dx=dx, dy=dy) + (footer_group,),
                 title=f"{game.title} board")


#: A JSON object (board_json's data: nested lists, objects, names and numbers)
Json = dict[str, Any]


def board_json(game: GameSpec, board: Board, options: Mapping[str, Any]) -> Json:
    """The board as plain data: every space with name, kind, colour, anchor, outline (arcs as
    centre/radius/angles) and neighbours by relation; a points board also gives what
    points_json gives."""

    def pt(p: Point) -> list[float]:
        return [round(p.x, 6), round(p.y, 6)]

    def part(q: Part) -> Json:
        if isinstance(q, Segment):
            return {"type": "line", "from": pt(q.a), "to": pt(q.b)}
        assert isinstance(q, Arc)
        return {"type": "arc", "center": pt(q.center), "radius": round(q.radius, 6),
                "start_angle": round(q.start_angle, 6), "sweep": round(q.sweep, 6),
                "from": pt(q.start), "to": pt(q.end)}

    def outline(shape: Shape) -> Json:
        if isinstance(shape, Polygon):
            return {"type": "polygon", "points": [pt(p) for p in shape.points]}
        if isinstance(shape, Circle):
            return {"type": "circle", "center": pt(shape.center), "radius": round(shape.radius, 6)}
        if isinstance(shape, Outline):
            return {"type": "outline", "parts": [part(q) for q in shape.parts]}
        assert isinstance(shape, Stroke)
        return {"type": "stroke", "width": round(shape.width, 6),
                "parts": [part(q) for q in shape.parts]}

    points = points_json(board, pt, part) if board.data.get("topology") == "points" else {}
    return {
        "game": game.name, "title": game.title, "designer": game.designer,
        "options": dict(options), "units": "mm", "y_axis": "up",
        "width": round(board.width, 6), "height": round(board.height, 6),
        "outline": outline(board.outline),
        "spaces": [{"name": s.name, "kind": s.kind, "colour": s.colour, "anchor": pt(s.anchor),
                    "room": round(s.room, 6), "outline": outline(s.shape),
                    "neighbours": {r: list(m.get(s.name, ())) for r, m in board.relations.items()}}
                   for s in board.spaces],
        **points,
    }


def points_json(board: Board, pt: Callable[[Point], list[float]], part: Callable[[Part], Json]
                ) -> Json:
    """A points board's count of points, its drawn lines (pairs of point names, joining or
    not), its connections (the pairs a piece moves between along a line, drawn or not),
    its curves (the arc, its end points' names, whether it joins them), its guide points
    (mm) and its marked points."""
    connections: dict[frozenset[str], list[str]] = {}
    for a in board.names:
        for b in board.neighbours(a, "line"):
            connections.setdefault(frozenset((a, b)), [a, b])
    return {"points": len(board.spaces), "lines": [[ln.a, ln.b] for ln in board.lines],
            "connections": list(connections.values()),
            "curves": [{"from": c.a, "to": c.b, "joins": c.joins, "arc": part(c.arc)}
                       for c in board.curves],
            "guides": {n: pt(p) for n, p in board.data.get("guides", {}).items()},
            "marked": list(board.marked)}
