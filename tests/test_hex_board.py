"""Hex boards: cell counts, six neighbours inside, names as hex players write them, the exact
cell size in the printed PDF, and laser files that cut or score every shared edge once."""

from __future__ import annotations

import ctypes
import math
from pathlib import Path

import pytest

from printables.boards.hex import hex_board
from printables.geometry import part_key
from printables.geometry.paths import merge_parts, total_length
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 11])
def test_hexhex_has_3n_n_minus_1_plus_1_cells(n, orientation):
    b = hex_board("t", "T", "hexhex", n, orientation=orientation)
    assert len(b.spaces) == 3 * n * (n - 1) + 1
    assert len(set(b.names)) == len(b.names)
    degrees = [len(b.neighbours(s)) for s in b.names]
    inside = 3 * (n - 2) * (n - 1) + 1 if n >= 2 else 0
    assert degrees.count(6) == inside
    if n >= 2:
        assert degrees.count(3) == 6  # the six corners


@pytest.mark.parametrize("m,n", [(1, 1), (3, 5), (11, 11), (14, 9)])
@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_rhombus_has_m_times_n_cells(m, n, orientation):
    b = hex_board("t", "T", "rhombus", m, n, orientation=orientation)
    assert len(b.spaces) == m * n
    degrees = [len(b.neighbours(s)) for s in b.names]
    assert degrees.count(6) == max(0, m - 2) * max(0, n - 2)


@pytest.mark.parametrize("shape,orientation", [("hexhex", "pointy"), ("hexhex", "flat"),
                                               ("rhombus", "pointy"), ("rhombus", "flat")])
def test_neighbours_are_one_cell_apart_and_share_an_edge(shape, orientation):
    cell = 17.5
    b = hex_board("t", "T", shape, 4, 5, cell, orientation)
    for s in b.spaces:
        assert s.room == cell
        edges = {part_key(e) for e in s.shape.edges()}
        for t in b.neighbours(s.name):
            other = b.space(t)
            assert s.anchor.distance(other.anchor) == pytest.approx(cell, abs=1e-6)
            assert len(edges & {part_key(e) for e in other.shape.edges()}) == 1
        across = [p for p in s.shape.points]
        width = max(p.x for p in across) - min(p.x for p in across)
        height = max(p.y for p in across) - min(p.y for p in across)
        flats = width if orientation == "pointy" else height
        assert flats == pytest.approx(cell, abs=2e-6)


def test_names_follow_hex_and_havannah_boards():
    hexgame = hex_board("t", "T", "rhombus", 11, 11)
    a1, k11 = hexgame.space("a1"), hexgame.space("k11")
    assert a1.anchor.y > k11.anchor.y and a1.anchor.x < k11.anchor.x  # a1 top left
    assert hexgame.space("b1").anchor.y == pytest.approx(a1.anchor.y)  # letters across
    assert hexgame.space("a2").anchor.x > a1.anchor.x  # each row shifted right
    hav = hex_board("t", "T", "hexhex", 5, orientation="flat")
    col_a = sorted((s for s in hav.spaces if s.name[0] == "a"), key=lambda s: s.anchor.y)
    assert [s.name for s in col_a] == ["a1", "a2", "a3", "a4", "a5"]
    assert {s.name for s in hav.spaces if s.name[0] == "i"} == {f"i{k}" for k in range(5, 10)}
    assert len([s for s in hav.spaces if s.name[0] == "e"]) == 9
    labels = {lb.text for lb in hav.labels}
    assert set("abcdefghi") | {str(k) for k in range(1, 10)} == labels


def test_tricolour_never_gives_two_neighbours_the_same_colour():
    from printables.boards.hex import tricolour
    b = hex_board("t", "T", "hexhex", 6, colour=tricolour)
    for s in b.spaces:
        assert all(b.space(t).colour != s.colour for t in b.neighbours(s.name))


def _pdf_paths(pdf_path: Path):
    import pypdfium2
    import pypdfium2.raw as raw
    page = pypdfium2.PdfDocument(str(pdf_path))[0]
    for obj in page.get_objects():
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        pts = []
        for i in range(raw.FPDFPath_CountSegments(obj.raw)):
            seg = raw.FPDFPath_GetPathSegment(obj.raw, i)
            x, y = ctypes.c_float(), ctypes.c_float()
            raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
            pts.append((x.value, y.value))
        yield pts, obj.get_matrix().a  # points per drawing unit


def test_cell_size_is_exact_in_the_printed_pdf(tmp_path, capsys):
    """honeycomb.toml asks for cell = "22mm" (flat cells: 22 mm from top edge to bottom)."""
    code, out, err = run_cli(["board", str(ROOT / "examples" / "honeycomb.toml"), "-o",
                              str(tmp_path)], capsys)
    assert code == 0, err
    hexes = [(p, k) for p, k in _pdf_paths(tmp_path / "honeycomb-board.pdf") if len(p) == 7]
    assert len(hexes) == 61
    for pts, k in hexes:
        ys = [y for _, y in pts]
        mm = (max(ys) - min(ys)) * k * 25.4 / 72
        assert mm == pytest.approx(22.0, abs=1e-3)
        side = math.dist(pts[0], pts[1]) * k * 25.4 / 72
        assert side == pytest.approx(22.0 / math.sqrt(3), abs=1e-3)


def test_laser_scores_every_shared_edge_once():
    from printables.gamefile import load_game_file as get_game
    from printables.products.laser.sheets import board_sheets
    from printables.render.scene import Group
    from tests.conftest import laser_request
    game = get_game(str(ROOT / "examples" / "honeycomb.toml"))
    board = game.board()
    edges = {part_key(e): e for s in board.spaces for e in s.shape.edges()}
    assert len(edges) == 210  # 61 cells x 6 edges, 150 of them shared by two cells
    sheets = board_sheets(game, laser_request())
    assert len(sheets) == 1
    lines = [p for g in sheets[0].scene.items if isinstance(g, Group)
             and g.layer in ("score", "cut-inner", "cut-outer") for it in g.items for p in it.parts]
    keys = [part_key(p) for p in lines]
    assert len(keys) == len(set(keys)) and len(merge_parts(lines)) == len(lines)
    score = [p for g in sheets[0].scene.items if isinstance(g, Group) and g.layer == "score"
             for it in g.items for p in it.parts]
    side = next(iter(edges.values())).length
    assert total_length(score) == pytest.approx(len(edges) * side, abs=1e-3)


@pytest.mark.parametrize("args,word", [
    (("hexagon", "pointy", 3, 3), "unknown hex shape"),
    (("hexhex", "sideways", 3, 3), "unknown hex orientation"),
    (("hexhex", "pointy", 0, 0), "1..13"),
    (("rhombus", "pointy", 27, 3), "1..26"),
])
def test_bad_hex_parameters_are_usage_errors(args, word):
    from printables.errors import UsageError
    shape, orientation, m, n = args
    with pytest.raises(UsageError, match=word):
        hex_board("t", "T", shape, m, n, orientation=orientation)
