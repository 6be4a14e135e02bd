"""Assemble every tiled board from its PDF pages the way the pages tell a person to, then
compare the result with the untiled board.

Everything is read back from the PDF: each page's row and column from its text, the trim
lines, crosses and half crosses from the lines painted in its margins, where the board sits
on the page from the transform of the board drawing (a form XObject) and its clip. Pages
are placed only by their marks: a page laid over its neighbour is moved until each half
cross starting on its trim line lies on the neighbour's cross (rows first, then the joined
rows). Then, sampling the board every mm:
- every board point lands where page 1 puts it, within 0.2 mm (so every line of the board
  continues across the seams);
- exactly one page shows it from content it still has after trimming that is not a glue
  strip (no gap, no double overlap), and that page is the top one there;
- the board drawing on the tiles is the untiled board's drawing.
The same check run on the tiles made before issue 13 (tests/data/) finds a 10 mm error.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables.games import GAMES
from printables.products.board_sheet import board_scene
from printables.products.common import EDGE_ROOM
from printables.products.tiling import fits_on_page, keep_clear, page_pdf, plan_tiles
from printables.render.pdf import render_pdf
from printables.render.theme import THEMES
from printables.units import PAPERS
from tests.pdfgeom import PT, apply, page_geometry, segments

pytestmark = pytest.mark.slow  # every tiled board assembled from its PDF pages

TOL = 0.01       # marks must coincide to this (mm)
LINE_TOL = 0.2   # board lines continue across seams within this (mm)
OLD_TILES = Path(__file__).parent / "data" / "dugi-a4-tiles-before-issue-13.pdf"


@dataclass
class TilePage:
    row: int
    col: int
    width: float
    height: float
    ctm: tuple            # board drawing: form units (pt) -> page pt
    clip: tuple           # where the board is drawn, page mm
    trim_x: float | None  # vertical trim line (page mm)
    trim_y: float | None
    crosses: list         # centres of full crosses
    arms: list            # (start on a trim line, end, 'x' or 'y' trim)
    glue: list            # clip boxes of the hatched strips


def _length(s):
    (x0, y0), (x1, y1) = s
    return ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5


def read_tiles(data: bytes) -> list[TilePage]:
    """Every tile page of a board PDF, with what a person sees on it."""
    reader = PdfReader(io.BytesIO(data))
    tiles = []
    for page in reader.pages:
        found = re.search(r"row (\d+)[ ,/]+column (\d+) of", page.extract_text())
        if not found:
            continue  # the assembly page
        w, h = float(page.mediabox.width) / PT, float(page.mediabox.height) / PT
        geo = page_geometry(page, reader, follow_forms=False)
        sheet = geo.forms[0]
        segs = segments(geo)
        axis = [s for s in segs if abs(s[0][0] - s[1][0]) < 1e-6 or abs(s[0][1] - s[1][1]) < 1e-6]
        # trim lines cross the page, stopping EDGE_ROOM short of its edges
        trims = [s for s in axis if _length(s) >= min(w, h) - 2 * EDGE_ROOM - 1e-6]
        tx = [s[0][0] for s in trims if abs(s[0][0] - s[1][0]) < 1e-6]
        ty = [s[0][1] for s in trims if abs(s[0][1] - s[1][1]) < 1e-6]
        short = [s for s in axis if _length(s) < 20]
        crosses = _crosses(short)
        arms = []
        for s in short:
            for a, b in (s, s[::-1]):
                if tx and abs(a[0] - tx[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6:
                    arms.append((a, b, "x"))
                if ty and abs(a[1] - ty[0]) < 1e-6 and abs(a[0] - b[0]) < 1e-6:
                    arms.append((a, b, "y"))
        glue = sorted({p.clip for p in geo.paths if p.clip is not None and p.form is None
                       and p.stroke and len(p.points) == 2})
        tiles.append(TilePage(int(found[1]), int(found[2]), w, h, sheet.ctm, sheet.clip,
                              tx[0] if tx else None, ty[0] if ty else None, crosses, arms, glue))
    return tiles


def _crosses(short):
    """Centres of pairs of equal perpendicular segments crossing at their middles."""
    out = []
    mids = [(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), _length((a, b)), abs(a[0] - b[0]) < 1e-6)
            for a, b in short]
    for i, (m, n, vertical) in enumerate(mids):
        for m2, n2, v2 in mids[i + 1:]:
            if vertical != v2 and abs(n - n2) < 1e-6 and abs(m[0] - m2[0]) < 1e-6 \
                    and abs(m[1] - m2[1]) < 1e-6:
                out.append(m)
    return out


def _margin_crosses(t: TilePage, side: str):
    """Crosses in the top/bottom margins ('x': for the seam on the right) or in the side
    margins ('y': for the seam below)."""
    x0, y0, x1, y1 = t.clip
    if side == "x":
        return sorted((c for c in t.crosses if not y0 <= c[1] <= y1), key=lambda c: c[1])
    return sorted((c for c in t.crosses if not x0 <= c[0] <= x1), key=lambda c: c[0])


def _offset(under: TilePage, at: tuple, over: TilePage, axis: str,
            cols_pair=None) -> tuple[float, float]:
    """Where `over` goes (offset added to its page mm) so its half crosses on the `axis`
    trim line lie on `under`'s crosses; `under` is at `at`. Fails if the marks disagree."""
    arms = sorted((a for a in over.arms if a[2] == axis),
                  key=lambda a: a[0][1] if axis == "x" else a[0][0])
    crosses = _margin_crosses(under, axis)
    if cols_pair is not None:
        arms, crosses = [arms[cols_pair[0]]], [crosses[cols_pair[1]]]
    assert arms, f"tile {over.row},{over.col}: no half cross on its trim line"
    assert len(arms) == len(crosses), (len(arms), len(crosses))
    offsets = [(at[0] + c[0] - a[0][0], at[1] + c[1] - a[0][1]) for a, c in zip(arms, crosses)]
    for o in offsets[1:]:
        assert abs(o[0] - offsets[0][0]) < TOL and abs(o[1] - offsets[0][1]) < TOL, offsets
    for (start, end, _), c in zip(arms, crosses):
        # the arm runs along one line of the cross, from its centre outwards
        assert _length(((start[0] + offsets[0][0], start[1] + offsets[0][1]),
                        (at[0] + c[0], at[1] + c[1]))) < TOL
        assert _length((start, end)) <= 3.5
    return offsets[0]


def place(tiles: list[TilePage]) -> dict[tuple[int, int], tuple[float, float]]:
    """Offsets (mm) of every page on the table, tile (1, 1) at (0, 0): rows first (each
    page by its left neighbour's crosses), then each joined row by the row above."""
    by = {(t.row, t.col): t for t in tiles}
    rows, cols = max(t.row for t in tiles), max(t.col for t in tiles)
    pos: dict[tuple[int, int], tuple[float, float]] = {}
    for r in range(1, rows + 1):
        row = {1: (0.0, 0.0)}
        for c in range(2, cols + 1):
            row[c] = _offset(by[(r, c - 1)], row[c - 1], by[(r, c)], "x")
        if r == 1:
            shift = (0.0, 0.0)
        else:
            first = _offset(by[(r - 1, 1)], pos[(r - 1, 1)], by[(r, 1)], "y",
                            cols_pair=(0, 0) if cols > 1 else None)
            shift = first
            if cols > 1:  # the joined row must also meet the crosses at its far end
                last = _offset(by[(r - 1, cols)], pos[(r - 1, cols)], by[(r, cols)], "y",
                               cols_pair=(-1, -1))
                moved = (row[cols][0] + shift[0], row[cols][1] + shift[1])
                assert _length((moved, last)) < TOL, (moved, last)
        for c in range(1, cols + 1):
            pos[(r, c)] = (row[c][0] + shift[0], row[c][1] + shift[1])
    return pos


def board_to_table(t: TilePage, at, bx: float, by: float) -> tuple[float, float]:
    x, y = apply(t.ctm, bx * PT, by * PT)
    return x / PT + at[0], y / PT + at[1]


def line_error(tiles, pos, width, height) -> float:
    """Largest distance between where a page and tile 1 put the same board point."""
    ref = {(t.row, t.col): t for t in tiles}[(1, 1)]
    worst = 0.0
    for t in tiles:
        for bx, by in ((0, 0), (width, 0), (0, height), (width, height)):
            a = board_to_table(t, pos[(t.row, t.col)], bx, by)
            b = board_to_table(ref, (0, 0), bx, by)
            worst = max(worst, _length((a, b)))
    return worst


def _inside(p, box) -> bool:
    return box[0] - 1e-9 <= p[0] <= box[2] + 1e-9 and box[1] - 1e-9 <= p[1] <= box[3] + 1e-9


def check_cover(tiles, pos, width, height, step=1.0):
    """Every board point (on a step grid) is shown by exactly one page: the top one there,
    from board it still has after trimming, outside its glue strips."""
    ref = {(t.row, t.col): t for t in tiles}[(1, 1)]
    order = sorted(tiles, key=lambda t: (t.row, t.col))  # gluing order: later lies on top

    def paper(t):  # the page after trimming, on the table
        ox, oy = pos[(t.row, t.col)]
        return (ox + (t.trim_x if t.trim_x is not None else 0.0), oy,
                ox + t.width, oy + (t.trim_y if t.trim_y is not None else t.height))

    def shift(t, box):
        ox, oy = pos[(t.row, t.col)]
        return (box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy)
    papers = [paper(t) for t in order]
    clips = [shift(t, t.clip) for t in order]
    glues = [[shift(t, g) for g in t.glue] for t in order]
    y = step / 2
    while y < height:
        x = step / 2
        while x < width:
            p = board_to_table(ref, (0, 0), x, y)
            showing = [i for i in range(len(order)) if _inside(p, papers[i])
                       and _inside(p, clips[i]) and not any(_inside(p, g) for g in glues[i])]
            top = max((i for i in range(len(order)) if _inside(p, papers[i])), default=None)
            assert len(showing) == 1 and showing[0] == top, (x, y, showing, top)
            x += step
        y += step


def _scene(game):
    g = GAMES[game]
    return board_scene(g, g.board(), THEMES["colour"])


TILED = [(g, p) for g in sorted(GAMES) for p in ("A4", "Letter", "A3")
         if not fits_on_page(_scene(g).width, _scene(g).height, PAPERS[p])]


def test_dugi_is_tiled_on_every_kit_paper():
    assert {p for g, p in TILED if g == "dugi"} == {"A4", "Letter", "A3"}


@pytest.mark.parametrize("game,paper", TILED)
def test_tiles_assemble_into_the_untiled_board(game, paper):
    scene = _scene(game)
    data = page_pdf(scene, THEMES["colour"], PAPERS[paper], f"{game} board")
    tiles = read_tiles(data)
    plan = plan_tiles(scene.width, scene.height, PAPERS[paper],
                      avoid=keep_clear(scene, THEMES["colour"]))
    assert len(tiles) == plan.pages > 1
    pos = place(tiles)
    assert line_error(tiles, pos, scene.width, scene.height) <= LINE_TOL
    check_cover(tiles, pos, scene.width, scene.height)
    _same_drawing(data, scene)


def _same_drawing(data: bytes, scene) -> None:
    """The board drawn on the tiles is the untiled board's drawing (same paths, same mm)."""
    reader = PdfReader(io.BytesIO(data))
    page = next(p for p in reader.pages if "row 1, column 1 of" in p.extract_text())
    tiled = page_geometry(page, reader)
    ctm = [f for f in tiled.forms][0].ctm
    inv_x, inv_y = ctm[4] / PT, ctm[5] / PT
    ours = sorted((round(x - inv_x, 2), round(y - inv_y, 2)) for p in tiled.paths
                  if p.form is not None for x, y in p.points)
    flat = PdfReader(io.BytesIO(render_pdf([scene], THEMES["colour"])))
    theirs = sorted((round(x, 2), round(y, 2))
                    for p in page_geometry(flat.pages[0], flat).paths for x, y in p.points)
    assert len(ours) == len(theirs) > 1000
    assert max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(ours, theirs)) < 0.05


#: Boards a user made larger than the paper (game, size in mm, paper).
USER = [("rosenkreuz", 400.0, "A4"), ("danadazo", 400.0, "Letter"), ("evl", 450.0, "A4"),
        ("dugi", 500.0, "A3")]


@pytest.mark.parametrize("game,size,paper", USER)
def test_user_sized_boards_assemble_too(game, size, paper):
    g = GAMES[game]
    scene = board_scene(g, g.board(g.options(None), size), THEMES["colour"])
    tiles = read_tiles(page_pdf(scene, THEMES["colour"], PAPERS[paper], "big board"))
    assert len(tiles) > 1
    pos = place(tiles)
    assert line_error(tiles, pos, scene.width, scene.height) <= LINE_TOL
    check_cover(tiles, pos, scene.width, scene.height, step=2.0)


def _brick_scene():
    """A 300 x 400 mm sheet whose two labels leave no straight column seam on A4 within two
    columns, but one per row: a grid line every 10 mm and the two labels."""
    from printables.geometry import Point, Segment
    from printables.render.scene import Group, Scene, Text
    from printables.render.scene import Path as ScenePath
    lines = [ScenePath((Segment(Point(x, 0), Point(x, 400)),), "mark") for x in range(0, 301, 10)]
    lines += [ScenePath((Segment(Point(0, y), Point(300, y)),), "mark") for y in range(0, 401, 10)]
    labels = [Text(Point(125, 350), "upper label", 5.0, "text"),
              Text(Point(167, 50), "lower label", 5.0, "text")]
    return Scene(300, 400, (Group(tuple(lines)), Group(tuple(labels), layer="labels")))


def test_rows_get_their_own_seams_when_a_straight_grid_would_cross_text():
    theme = THEMES["colour"]
    scene = _brick_scene()
    boxes = keep_clear(scene, theme)
    plan = plan_tiles(300, 400, PAPERS["A4"], avoid=boxes)
    assert (plan.rows, plan.cols) == (2, 2) and plan.xseams[0] != plan.xseams[1]
    for sx0, sy0, sx1, sy1 in plan.glue_strips():
        assert all(b[2] <= sx0 or b[0] >= sx1 or b[3] <= sy0 or b[1] >= sy1 for b in boxes)
    tiles = read_tiles(page_pdf(scene, theme, PAPERS["A4"], "brick"))
    pos = place(tiles)
    assert line_error(tiles, pos, 300, 400) <= LINE_TOL
    check_cover(tiles, pos, 300, 400)


def test_no_text_on_a_seam_or_in_a_glue_strip():
    from printables.products.tiling import CLEARANCE
    for game, paper in TILED:
        scene = _scene(game)
        boxes = keep_clear(scene, THEMES["colour"])
        plan = plan_tiles(scene.width, scene.height, PAPERS[paper], avoid=boxes)
        for sx0, sy0, sx1, sy1 in plan.glue_strips():
            for bx0, by0, bx1, by1 in boxes:
                apart = bx1 <= sx0 or bx0 >= sx1 or by1 <= sy0 or by0 >= sy1
                assert apart, (game, paper, (sx0, sy0, sx1, sy1), (bx0, by0, bx1, by1))
        assert CLEARANCE >= 1.0


def test_the_same_check_fails_on_the_tiles_made_before():
    """Before issue 13 the only marks were crosses at every tile corner; laying page 2's
    left crosses on page 1's right crosses (as the README said) puts the board 10 mm off."""
    tiles = read_tiles(OLD_TILES.read_bytes())
    assert tiles and not any(t.arms for t in tiles)
    by = {(t.row, t.col): t for t in tiles}
    a, b = by[(1, 1)], by[(1, 2)]
    right = sorted((c for c in a.crosses if c[0] > a.width / 2), key=lambda c: c[1])
    left = sorted((c for c in b.crosses if c[0] < b.width / 2), key=lambda c: c[1])
    offset = (right[0][0] - left[0][0], right[0][1] - left[0][1])
    error = line_error([a, b], {(1, 1): (0, 0), (1, 2): offset}, 300, 300)
    assert error > LINE_TOL and error == pytest.approx(10.0, abs=0.1)
    with pytest.raises(AssertionError):
        place(tiles)
