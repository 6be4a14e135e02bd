"""The printed board sheet: the board at full size plus a footer with title and scale bar."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printables.boards import Board
from printables.games import GameSpec
from printables.games.model import byline
from printables.geometry import Arc, Circle, Outline, Point, Polygon, Segment, Stroke
from printables.products.common import SCALE_BAR, board_items, scale_bar
from printables.render.scene import Group, Item, Scene, Text
from printables.render.theme import Ink

#: Height of the strip under the board that carries the title and the 100 mm scale bar.
FOOTER = 14.0


def sheet_size(board: Board) -> tuple[float, float]:
    """Width and height in mm of a board's printed sheet (board + footer)."""
    return board.width, board.height + FOOTER


def board_scene(game: GameSpec, board: Board, theme: Mapping[str, Ink]) -> Scene:
    """The board sheet: the board drawing above a footer with title, credit and scale bar."""
    w, h = sheet_size(board)
    footer: list[Item] = [
        Text(Point(3.0, FOOTER - 6.0), game.title, 4.2, "title", anchor="start"),
        Text(Point(3.0, FOOTER - 10.5), byline(game.designer), 2.8, "text.small",
             anchor="start"),
        scale_bar(w - SCALE_BAR - 3.0, 4.0)]
    footer_group = Group(tuple(footer), layer="footer")
    return Scene(w, h, board_items(board, theme, dy=FOOTER) + (footer_group,),
                 title=f"{game.title} board")


def board_json(game: GameSpec, board: Board, options: Mapping[str, Any]) -> dict:
    """The board as plain data: every space with name, kind, colour, anchor, outline (arcs as
    centre/radius/angles) and neighbours by relation; a points board also gives what
    points_json gives."""

    def pt(p: Point) -> list[float]:
        return [round(p.x, 6), round(p.y, 6)]

    def part(q) -> dict:
        if isinstance(q, Segment):
            return {"type": "line", "from": pt(q.a), "to": pt(q.b)}
        assert isinstance(q, Arc)
        return {"type": "arc", "center": pt(q.center), "radius": round(q.radius, 6),
                "start_angle": round(q.start_angle, 6), "sweep": round(q.sweep, 6),
                "from": pt(q.start), "to": pt(q.end)}

    def outline(shape) -> dict:
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


def points_json(board: Board, pt: Callable[[Point], list[float]], part: Callable) -> dict:
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
