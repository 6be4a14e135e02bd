"""Position diagrams: pieces on anchors, EVL stacks and markers, arrows, captures, reserves."""

from __future__ import annotations

import pytest

from printables.games import GAMES, Move, Piece, Position
from printables.geometry import Point
from printables.positions import load_layout, setup_path
from printables.products.diagram import RESERVE_STRIP, position_scene
from printables.render.scene import Circle, Group, Path, Polygon, Text
from printables.render.theme import THEMES

THEME = THEMES["colour"]


def layer(scene, name):
    """The top-level group with this layer name, or None."""
    return next((i for i in scene.items if isinstance(i, Group) and i.layer == name), None)


def first_circle(group: Group) -> Circle:
    return next(i for i in group.items if isinstance(i, Circle))


@pytest.mark.parametrize("game", list(GAMES))
def test_setup_pieces_sit_on_their_anchors(game):
    pos = load_layout(setup_path(game)).position
    board = GAMES[game].board(pos.options)
    scene = position_scene(game, pos, THEME)
    pieces = layer(scene, "pieces")
    groups = list(pieces.items) if pieces else []
    assert len(groups) == len(pos.pieces)
    centres = sorted((round(first_circle(g).center.x, 6), round(first_circle(g).center.y, 6))
                     for g in groups)
    anchors = sorted((round(board.space(s).anchor.x, 6), round(board.space(s).anchor.y, 6))
                     for s in pos.pieces)
    assert centres == anchors
    for g in groups:
        c = first_circle(g)
        assert 0 <= c.center.x - c.radius and c.center.x + c.radius <= scene.width
        assert 0 <= c.center.y - c.radius and c.center.y + c.radius <= scene.height


def test_danadazo_setup_pieces_do_not_overlap():
    pos = load_layout(setup_path("danadazo")).position
    discs = [first_circle(g) for g in layer(position_scene("danadazo", pos, THEME), "pieces").items]
    assert len(discs) == 27
    for i, a in enumerate(discs):
        for b in discs[i + 1:]:
            assert a.center.distance(b.center) >= a.radius + b.radius + 3.0


def test_evl_stacks_and_markers():
    pos = Position("evl", "black", stacks={"B2": "bbw", "C4": "w", "A1": "bwbwb"},
                   markers={"AB3": "black"}, hand={"black": 23, "white": 24})
    board = GAMES["evl"].board()
    groups = {}
    for g in layer(position_scene("evl", pos, THEME), "pieces").items:
        for name in ("B2", "C4", "A1", "AB3"):
            a = board.space(name).anchor
            if any(isinstance(i, (Circle, Polygon)) and _near(i, a) for i in g.items):
                groups[name] = g
    assert sorted(groups) == ["A1", "AB3", "B2", "C4"]
    discs = {n: [i for i in g.items if isinstance(i, Circle) and i.style.startswith("piece.disc")]
             for n, g in groups.items()}
    assert len(discs["B2"]) == 3 and len(discs["C4"]) == 1 and len(discs["A1"]) == 4
    assert [i.style for i in discs["B2"]] == ["piece.disc.black", "piece.disc.black",
                                              "piece.disc.white"]
    ys = [d.center.y for d in discs["B2"]]
    assert ys == sorted(ys) and ys[-1] > ys[0]  # each layer drawn above the one below
    texts = {n: [i.text for i in g.items if isinstance(i, Text)] for n, g in groups.items()}
    assert texts == {"B2": ["3"], "C4": [], "A1": ["5"], "AB3": []}
    assert any(isinstance(i, Polygon) and len(i.points) == 5 for i in groups["AB3"].items)


def _near(item, p: Point, tol: float = 2.0) -> bool:
    c = item.center if isinstance(item, Circle) else Point(
        sum(q.x for q in item.points) / len(item.points),
        sum(q.y for q in item.points) / len(item.points))
    return c.distance(p) <= tol


def test_move_arrow_runs_from_origin_to_target():
    g = GAMES["rosenkreuz"]
    board = g.board()
    pos = Position("rosenkreuz", "rose", pieces={"a2": Piece("rose", "dark")})
    scene = position_scene(g, pos, THEME, move=Move(path=("a2", "a3", "a4")))
    items = layer(scene, "move").items
    line, = [i for i in items if isinstance(i, Path) and i.style == "arrow"]
    head, = [i for i in items if isinstance(i, Polygon) and i.style == "arrow.head"]
    start, a2 = line.parts[0].start, board.space("a2").anchor
    assert abs(start.x - a2.x) < 1e-6 and 0 < start.y - a2.y <= 0.3 * 20.0 + 1e-6  # off the piece
    assert head.points[0].is_close(board.space("a4").anchor)
    assert len(line.parts) == 2


def test_drop_ring_relocation_and_captures():
    g = GAMES["rosenkreuz"]
    board = g.board()
    pos = Position("rosenkreuz", "rose")
    drop = position_scene(g, pos, THEME, move=Move(path=("d4",), drop=True))
    ring, = layer(drop, "move").items
    assert isinstance(ring, Circle) and ring.style == "arrow"
    assert ring.center.is_close(board.space("d4").anchor)
    move = Move(path=("a6", "a7"), take="c7", relocate="a1")
    scene = position_scene(g, pos, THEME, move=move, captures=("b6",))
    items = layer(scene, "move").items
    assert sum(isinstance(i, Polygon) and i.style == "arrow.head" for i in items) == 2
    crosses = [i for i in items if isinstance(i, Path) and i.style == "captured"]
    assert len(crosses) == 4  # two strokes each on b6 and the taken c7
    mids = {(round(i.parts[0].midpoint().x, 6), round(i.parts[0].midpoint().y, 6)) for i in crosses}
    assert mids == {(round(board.space(s).anchor.x, 6), round(board.space(s).anchor.y, 6))
                    for s in ("b6", "c7")}


def test_no_move_no_move_layer():
    scene = position_scene("dugi", Position("dugi", "black"), THEME)
    assert layer(scene, "move") is None and layer(scene, "pieces") is None


def test_evl_reserve_strips():
    pos = Position("evl", "black", hand={"black": 28, "white": 28})
    board = GAMES["evl"].board()
    plain = position_scene("evl", pos, THEME)
    scene = position_scene("evl", pos, THEME, reserve=True)
    assert plain.height == pytest.approx(board.height)
    assert scene.height == pytest.approx(board.height + 2 * RESERVE_STRIP)
    for side, y_range in (("black", (0, RESERVE_STRIP)),
                          ("white", (scene.height - RESERVE_STRIP, scene.height))):
        strip = layer(scene, f"reserve-{side}")
        texts = [i.text for i in strip.items if isinstance(i, Text)]
        assert texts == [side.title() + ":", "28 pieces", "12 markers"]
        for g in (i for i in strip.items if isinstance(i, Group)):
            for i in g.items:
                if isinstance(i, Circle):
                    assert y_range[0] <= i.center.y - i.radius and i.center.y + i.radius <= y_range[1]


def test_reserve_counts_pieces_off_the_board():
    pos = Position("network", "white", pieces={"b1": Piece("black", "stone"),
                                               "c1": Piece("black", "stone"),
                                               "a3": Piece("white", "stone")})
    scene = position_scene("network", pos, THEME, reserve=True)
    texts = {side: [i.text for i in layer(scene, f"reserve-{side}").items if isinstance(i, Text)]
             for side in ("black", "white")}
    assert texts == {"black": ["Black:", "8 stones"], "white": ["White:", "9 stones"]}
