"""Position diagrams: pieces on anchors, EVL stacks and markers, arrows, captures, reserves."""

from __future__ import annotations

import pytest

from printables.games import GAMES, Move, Piece, Position
from printables.geometry import Arc, Point, Segment
from printables.positions import load_layout, load_setup, setup_path
from printables.products.booklet.diagram import RESERVE_STRIP, position_scene, relation_route
from printables.products.common import footer_height
from printables.products.setup import (
    FOOTER,
    FOOTER_STACKED,
    RECONSTRUCTED_NOTE,
    footer_items,
    setup_scene,
)
from printables.render.fonts import text_width
from printables.render.scene import Circle, Group, Path, Polygon, Text
from printables.render.theme import THEMES, ink

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
        assert c.center.x - c.radius >= 0 and c.center.x + c.radius <= scene.width
        assert c.center.y - c.radius >= 0 and c.center.y + c.radius <= scene.height


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
    bands = {n: [i for i in g.items if isinstance(i, Polygon) and i.style.startswith("piece.disc")]
             for n, g in groups.items()}
    assert len(bands["B2"]) == 3 and len(bands["A1"]) == 5 and not bands["C4"]
    assert [ink(THEME, i.style).fill for i in bands["B2"]] == [BLACK, BLACK, WHITE]
    assert [ink(THEME, i.style).fill for i in bands["A1"]] == [BLACK, WHITE, BLACK, WHITE, BLACK]
    ys = [min(p.y for p in b.points) for b in bands["A1"]]
    assert ys == sorted(ys) and ys[-1] > ys[0]  # each layer drawn above the one below
    heights = [max(p.y for p in b.points) - min(p.y for p in b.points) for b in bands["A1"]]
    assert heights[-1] > heights[0]  # the top piece, which controls the stack, is marked
    texts = {n: [i.text for i in g.items if isinstance(i, Text)] for n, g in groups.items()}
    assert texts == {"B2": ["3"], "C4": [], "A1": ["5"], "AB3": []}
    assert any(isinstance(i, Polygon) and len(i.points) == 5 for i in groups["AB3"].items)


BLACK = ink(THEME, "piece.disc.black").fill
WHITE = ink(THEME, "piece.disc.white").fill


def test_evl_mixed_stack_in_a_booklet_example_shows_every_layer():
    """Every mixed stack of the four-high unstack example (B2: black, white, white, black) is
    drawn layer by layer in the colours the file gives, bottom to top."""
    from printables.positions import bundled_layouts
    layout = load_layout(bundled_layouts() / "evl" / "unstack-comma-path.toml")
    pos = layout.position
    board = GAMES["evl"].board()
    mixed = {n: st for n, st in pos.stacks.items() if len(set(st)) > 1}
    assert mixed
    scene = position_scene("evl", pos, THEME)
    for name, stack in mixed.items():
        a = board.space(name).anchor
        group, = [g for g in layer(scene, "pieces").items
                  if any(isinstance(i, Polygon) and _near(i, a, 4.0) for i in g.items)
                  and any(isinstance(i, Polygon) and i.style.startswith("piece.disc")
                          for i in g.items)]
        fills = [ink(THEME, i.style).fill for i in group.items
                 if isinstance(i, Polygon) and i.style.startswith("piece.disc")]
        assert fills == [BLACK if c == "b" else WHITE for c in stack]


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
    halo, ring = layer(drop, "move").items
    assert ring.style == "arrow" and halo.style == "arrow.halo" and halo.width > ring.width
    arc, = ring.parts
    assert isinstance(arc, Arc) and abs(arc.sweep) == pytest.approx(360.0)
    assert arc.center.is_close(board.space("d4").anchor)
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
                    assert y_range[0] <= i.center.y - i.radius and i.center.y + i.radius <= y_range[1]  # noqa: E501 (data)


def test_reserve_counts_pieces_off_the_board():
    pos = Position("network", "white", pieces={"b1": Piece("black", "stone"),
                                               "c1": Piece("black", "stone"),
                                               "a3": Piece("white", "stone")})
    scene = position_scene("network", pos, THEME, reserve=True)
    texts = {side: [i.text for i in layer(scene, f"reserve-{side}").items if isinstance(i, Text)]
             for side in ("black", "white")}
    assert texts == {"black": ["Black:", "8 stones"], "white": ["White:", "9 stones"]}


# ------------------------------------------------------------------ arrows follow the board

def arrow_path(scene, style: str = "arrow") -> Path:
    """The single arrow line of a diagram."""
    line, = [i for i in layer(scene, "move").items if isinstance(i, Path) and i.style == style]
    return line


def samples(parts, step: float = 0.5) -> list[Point]:
    """Points every ~step mm along segments and arcs."""
    out: list[Point] = []
    for part in parts:
        n = max(2, int(part.length / step) + 1)
        for k in range(n + 1):
            f = k / n
            if isinstance(part, Segment):
                out.append(Point(part.a.x + (part.b.x - part.a.x) * f,
                                 part.a.y + (part.b.y - part.a.y) * f))
            else:
                out.append(Point.polar(part.center, part.radius, part.start_angle + part.sweep * f))
    return out


@pytest.mark.parametrize("game, a, b, route", [
    ("rosenkreuz", "a2", "a4", ("a2", "a3", "a4")),  # a2-b3-a4 is as short: orthogonal first
    ("chameleons", "c3", "e5", ("c3", "d4", "e5")),  # diagonal is shorter
    ("rosenkreuz", "c1", "c4", ("c1", "c2", "c3", "c4")),
    ("dugi", "a22", "a3", ("a22", "a23", "a24", "a1", "a2", "a3")),  # the short way round
    ("dugi", "a7", "d7", ("a7", "b7", "c7", "d7")),
    ("danadazo", "e2e3", "c6d6", ("e2e3", "e3e4", "e4e5", "ne", "c6d6")),
    ("danadazo", "e2e3", "e3e4", ("e2e3", "e3e4")),
])
def test_relation_route(game, a, b, route):
    assert relation_route(GAMES[game].board(), a, b) == route


def test_dugi_ring_arrow_stays_on_its_ring():
    board = GAMES["dugi"].board()
    pos = Position("dugi", "black", pieces={"a22": Piece("black", "stone")})
    line = arrow_path(position_scene("dugi", pos, THEME, move=Move(path=("a22", "a3"))))
    centre = Point(board.width / 2, board.height / 2)
    radius = board.space("a22").anchor.distance(centre)
    half = board.space("a22").room / 2  # ring a is this wide on either side of its anchors
    pts = samples(line.parts)
    assert max(abs(p.distance(centre) - radius) for p in pts) < half / 2
    # it goes the short way round: past a24 and a1, nowhere near the far side of the ring
    for name in ("a23", "a24", "a1", "a2"):
        assert min(p.distance(board.space(name).anchor) for p in pts) < half / 2
    assert min(p.distance(board.space("a12").anchor) for p in pts) > radius


def test_dugi_ring_arrow_is_a_smooth_curve():
    pos = Position("dugi", "black", pieces={"d12": Piece("black", "stone")})
    line = arrow_path(position_scene("dugi", pos, THEME, move=Move(path=("d12", "d9"))))
    assert any(isinstance(p, Arc) for p in line.parts)
    for p, q in zip(line.parts, line.parts[1:]):  # end to end, no kinks
        assert p.end.is_close(q.start, 1e-6)
        assert _heading(p, end=True) == pytest.approx(_heading(q, end=False), abs=1e-6)


def _heading(part, end: bool) -> float:
    """Direction (radians) of travel at a part's end or start."""
    import math
    if isinstance(part, Segment):
        return math.atan2(part.b.y - part.a.y, part.b.x - part.a.x)
    angle = math.radians(part.end_angle if end else part.start_angle)
    turn = math.copysign(math.pi / 2, part.sweep)
    return math.atan2(math.sin(angle + turn), math.cos(angle + turn))


def test_danadazo_long_move_follows_the_line_round_the_bend():
    board = GAMES["danadazo"].board()
    pitch = board.data["pitch"]
    pos = Position("danadazo", "defender", pieces={"e2e3": Piece("defender", "general")})
    line = arrow_path(position_scene("danadazo", pos, THEME, move=Move(path=("e2e3", "c6d6"))))
    pts = samples(line.parts)
    for name in ("e3e4", "e4e5", "ne"):
        assert min(p.distance(board.space(name).anchor) for p in pts) < 0.25 * pitch
    # never cuts across a cell: every point stays near the bars of the spaces it passes
    bars = [q for n in ("e2e3", "e3e4", "e4e5", "ne", "c6d6")
            for q in samples(board.space(n).shape.parts, 0.2)]
    assert all(min(p.distance(q) for q in bars) < 0.2 * pitch for p in pts)


@pytest.mark.parametrize("game, path", [
    ("rosenkreuz", ("c1", "c4")),  # a jump over a line of friends
    ("chameleons", ("c3", "e5")),
    ("chameleons", ("a3", "c3", "e3", "e5")),  # a multi-jump keeps its sharp corners
])
def test_jumps_stay_straight(game, path):
    board = GAMES[game].board()
    line = arrow_path(position_scene(game, Position(game, GAMES[game].sides[0]), THEME,
                                     move=Move(path=path)))
    assert all(isinstance(p, Segment) for p in line.parts)
    corners = [board.space(s).anchor for s in path[1:-1]]
    for c in corners:
        assert any(p.b.is_close(c, 1e-6) for p in line.parts)
    for p, q in zip(line.parts, line.parts[1:]):
        if any(p.b.is_close(c, 1e-6) for c in corners):
            continue
        cross = (p.b.x - p.a.x) * (q.b.y - q.a.y) - (p.b.y - p.a.y) * (q.b.x - q.a.x)
        assert abs(cross) < 1e-6


# ----------------------------------------------------------------------------- mark sizes

def width(item: Path) -> float:
    """The stroke width a path is drawn with (its own, else its style's)."""
    return item.width if item.width is not None else ink(THEME, item.style).width


def _room(game: str) -> float:
    return min(s.room for s in GAMES[game].board().spaces)


def _marked(game: str):
    """A diagram of a two-space move with a capture, and its arrow, head and cross items."""
    board = GAMES[game].board()
    a, b, c = (board.spaces[i].name for i in (0, len(board.spaces) // 2, -1))
    scene = position_scene(game, Position(game, GAMES[game].sides[0]), THEME,
                           move=Move(path=(a, b)), captures=(c,))
    items = layer(scene, "move").items
    head, = [i for i in items if isinstance(i, Polygon) and i.style == "arrow.head"]
    crosses = [i for i in items if isinstance(i, Path) and i.style == "captured"]
    return items, arrow_path(scene), head, crosses


@pytest.mark.parametrize("game", list(GAMES))
def test_marks_grow_with_the_spaces(game):
    room = _room(game)
    _, line, head, crosses = _marked(game)
    assert width(line) >= 0.07 * room - 1e-9
    assert all(width(c) >= 0.08 * room - 1e-9 for c in crosses) and len(crosses) == 2
    tip, left, right = head.points
    length = tip.distance(Point((left.x + right.x) / 2, (left.y + right.y) / 2))
    assert length >= 0.25 * room - 1e-9 and length >= 3 * width(line)
    assert left.distance(right) >= 2.5 * width(line)


def test_danadazo_marks_are_bolder_than_rosenkreuz_marks():
    assert width(_marked("danadazo")[1]) > width(_marked("rosenkreuz")[1]) > 0.8


def test_dag_en_nacht_arrow_reads_at_booklet_scale():
    pos = load_layout(setup_path("dag-en-nacht")).position
    assert GAMES["dag-en-nacht"].board(pos.options).spaces[0].room < 12  # the 15 x 15 board
    _, line, _, crosses = _marked("dag-en-nacht")
    assert width(line) * 0.35 >= 0.5 and all(width(c) * 0.35 >= 0.5 for c in crosses)


@pytest.mark.parametrize("game", ["rosenkreuz", "dugi"])
def test_marks_have_a_white_halo_underneath(game):
    items, line, head, crosses = _marked(game)
    halos = [i for i in items if isinstance(i, Path) and i.style == "arrow.halo"]
    under = next(h for h in halos if h.parts == line.parts)
    assert items.index(under) < items.index(line) and width(under) > width(line) * 1.3
    outline = next(h for h in halos if h.closed)
    assert items.index(outline) < items.index(head)
    assert [p.a for p in outline.parts] == list(head.points)
    cross_halos = [i for i in items if isinstance(i, Path) and i.style == "captured.halo"]
    assert len(cross_halos) == len(crosses)
    assert max(items.index(h) for h in cross_halos) < min(items.index(c) for c in crosses)
    for style in ("arrow.halo", "captured.halo"):
        assert ink(THEME, style).stroke == "#ffffff"
    assert ink(THEME, "arrow.halo").fill == "#ffffff"


# ----------------------------------------------------------------------------- setup footer

def _text_box(t: Text, theme) -> tuple[float, float, float, float]:
    """Extent (x0, y0, x1, y1) of a text item in Vera metrics (ascender 0.76, descender 0.24)."""
    w = text_width(t.text, t.size, ink(theme, t.style).font)
    x0 = {"start": t.position.x, "middle": t.position.x - w / 2, "end": t.position.x - w}[t.anchor]
    return x0, t.position.y - 0.24 * t.size, x0 + w, t.position.y + 0.76 * t.size


def _box(items, theme) -> tuple[float, float, float, float]:
    boxes = []
    for i in items:
        if isinstance(i, Text):
            boxes.append(_text_box(i, theme))
        elif isinstance(i, Polygon):
            boxes.append((min(p.x for p in i.points), min(p.y for p in i.points),
                          max(p.x for p in i.points), max(p.y for p in i.points)))
        elif isinstance(i, Group):
            boxes.append(_box(i.items, theme))
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("theme", ["colour", "mono"])
def test_setup_footer_text_keeps_clear_of_the_scale_bar(game, theme):
    th = THEMES[theme]
    g = GAMES[game]
    scene = setup_scene(g, load_setup(g), th, bundled=True)
    footer = layer(scene, "footer")
    bar = next(i for i in footer.items if isinstance(i, Group) and i.layer == "scale")
    bx0, by0, bx1, by1 = _box(bar.items, th)
    texts = [i for i in footer.items if isinstance(i, Text)]
    top = footer_height(scene.width, FOOTER, FOOTER_STACKED)  # a narrow sheet stacks it
    assert any(RECONSTRUCTED_NOTE in t.text or "reconstructed" in t.text for t in texts) \
        == bool(g.reconstructed)
    for t in texts:
        x0, y0, x1, y1 = _text_box(t, th)
        assert x0 >= 0 and x1 <= scene.width and y0 >= 0 and y1 <= top, t.text
        apart = x1 + 5.0 <= bx0 or y0 >= by1 + 0.5 or y1 <= by0
        assert apart, f"{t.text!r} runs into the scale bar"
    for a, b in zip(texts, texts[1:]):  # lines never overlap one another
        if a.position.x == b.position.x:
            assert _text_box(a, th)[1] >= _text_box(b, th)[3] - 1e-6


@pytest.mark.parametrize("width", [150.0, 180.0, 240.0])
def test_footer_wraps_the_note_on_narrow_sheets(width):
    g = GAMES["danadazo"]
    items = footer_items(g, load_setup(g), width, True, THEME)
    bar = next(i for i in items if isinstance(i, Group) and i.layer == "scale")
    bx0, _, _, by1 = _box(bar.items, THEME)
    small = [i for i in items if isinstance(i, Text) and i.style == "text.small"]
    assert " ".join(t.text for t in small).endswith(RECONSTRUCTED_NOTE)
    for t in small:  # left of the scale bar, or (a narrow sheet) above it
        x0, y0, x1, y1 = _text_box(t, THEME)
        assert (x1 + 5.0 <= bx0 or y0 >= by1) and y0 >= 0.0 and t.size >= 1.8


def test_relocation_arrow_curves_off_the_move_line():
    """Rosenkreuz c6-c7 xe5 =c2: the relocation arrow must not run along file c."""
    from printables.games import GAMES
    from printables.games.model import Move
    from printables.geometry import Arc
    from printables.products.booklet.diagram import move_items
    from printables.render.scene import Path
    board = GAMES["rosenkreuz"].board()
    items = move_items(board, Move(path=("c6", "c7"), take="e5", relocate="c2"), 20.0)
    paths = [i for i in items if isinstance(i, Path) and i.style == "arrow"]
    assert len(paths) == 2
    relocation = paths[1]
    assert any(isinstance(p, Arc) for p in relocation.parts)
    file_x = board.space("c4").anchor.x
    pitch = board.space("d4").anchor.x - file_x
    farthest = max(abs(q.x - file_x) for p in relocation.parts for q in (p.start, p.end))
    assert farthest > 0.5 * pitch
