"""Laser files: what a maker sends to the cutter (sizes, layers, hygiene, kerf, DXF)."""

from __future__ import annotations

import io
import re
import sys

import pytest

from printables.cli import main
from printables.errors import UsageError
from printables.games import GAMES
from printables.geometry import Arc, Segment, bbox_of, part_key
from printables.geometry.paths import merge_parts, total_length
from printables.products.laser.request import PROFILES
from printables.products.laser.sheets import (
    board_sheets,
    laser_files,
    laser_sheets,
    piece_sheets,
    render_sheet,
)
from printables.products.pieces.art import piece_diameters, spares
from printables.render.paths import runs
from printables.render.scene import Circle, Group, Path
from tests.conftest import laser_request

LINE_LAYERS = ("cut-inner", "cut-outer", "score")


def layer_items(scene, names):
    for g in scene.items:
        if isinstance(g, Group) and g.layer in names:
            yield from g.items


def parts_of(scene, names=LINE_LAYERS):
    out = []
    for it in layer_items(scene, names):
        if isinstance(it, Circle):
            out.append(Arc(it.center, it.radius, 0.0, 360.0))
        else:
            out.extend(it.parts)
    return out


@pytest.fixture(scope="module")
def default_sheets():
    req = laser_request()
    return {name: laser_sheets(g, req) for name, g in GAMES.items()}


@pytest.fixture(scope="module")
def small_dugi():
    return laser_sheets(GAMES["dugi"], laser_request(sheet="300x200", kerf="0.2"))


@pytest.fixture(scope="module")
def default_svgs(default_sheets):
    req = laser_request()
    return {s.name: render_sheet(s, req).decode() for sheets in default_sheets.values()
            for s in sheets}


# ----------------------------------------------------------------------------- every file

def test_every_game_has_a_board_and_piece_sheets(default_sheets):
    for name, sheets in default_sheets.items():
        names = [s.name for s in sheets]
        assert f"{name}-laser-board-1" in names
        assert any("-laser-pieces-" in n for n in names), name


def test_no_text_element_in_any_laser_svg(default_svgs, small_dugi):
    svgs = list(default_svgs.values()) + [render_sheet(s, laser_request()).decode()
                                          for s in small_dugi]
    for svg in svgs:
        assert "<text" not in svg and "<tspan" not in svg
        assert 'id="layer-engrave"' in svg or "pieces" in svg


def test_every_stroke_is_a_hairline(default_svgs):
    for name, svg in default_svgs.items():
        strokes = re.findall(r'<(?:path|circle)[^>]*>', svg)
        assert strokes
        for el in strokes:
            if 'stroke="' in el:
                assert 'stroke-width="0.025"' in el, (name, el[:120])
            else:
                assert 'fill="#' in el  # engraving: a filled area, no stroke at all


def test_svg_is_in_exact_millimetres(default_svgs):
    for svg in default_svgs.values():
        root = svg[svg.index("<svg"):svg.index(">", svg.index("<svg"))]
        assert all(a in root for a in ('width="600mm"', 'height="400mm"', 'viewBox="0 0 600 400"'))


@pytest.mark.parametrize("which", ["default", "small"])
def test_nothing_lies_outside_the_sheet(default_sheets, small_dugi, which):
    sheets = ([s for v in default_sheets.values() for s in v] if which == "default"
              else small_dugi)
    for s in sheets:
        everything = parts_of(s.scene, LINE_LAYERS + ("engrave", "reference"))
        x0, y0, x1, y1 = bbox_of(everything)
        assert x0 >= 0 and y0 >= 0 and x1 <= s.scene.width and y1 <= s.scene.height, s.name


def test_no_segment_or_arc_is_cut_or_scored_twice(default_sheets, small_dugi):
    for s in [s for v in default_sheets.values() for s in v] + small_dugi:
        parts = parts_of(s.scene)
        ks = [part_key(p) for p in parts]
        assert len(ks) == len(set(ks)), s.name
        # nor does any line overlap or continue another along its carrier
        assert len(merge_parts(parts)) == len(parts), s.name


def test_layers_are_named_coloured_and_ordered_inside_out(default_svgs):
    svg = default_svgs["rosenkreuz-laser-pieces-dark-1"]
    order = re.findall(r'inkscape:label="([^"]+)"', svg)
    assert order == ["reference", "engrave", "score", "cut-outer"]
    assert 'stroke="#FF0000"' in svg and 'stroke="#0000FF"' in svg and 'fill="#000000"' in svg
    boxes = render_sheet(piece_sheets(GAMES["rosenkreuz"], laser_request())[0],
                         laser_request(profile="boxes")).decode()
    assert 'stroke="#000000"' in boxes and 'fill="#00FF00"' in boxes
    assert 'stroke="#FF0000"' not in re.search(r'id="layer-cut-outer".*', boxes).group(0)


def test_reference_square_is_100_mm_on_a_layer_of_its_own(default_sheets):
    for s in [s for v in default_sheets.values() for s in v]:
        ref = list(layer_items(s.scene, ("reference",)))
        square = ref[0].parts
        x0, y0, x1, y1 = bbox_of(square)
        assert len(square) == 4 and (x1 - x0, y1 - y0) == pytest.approx((100, 100))
        assert all(not it.closed for it in ref[1:])  # the note: single strokes
        for p in parts_of(s.scene, ("cut-outer", "cut-inner")):
            assert part_key(p) not in {part_key(q) for q in square}


# ----------------------------------------------------------------------------- boards

def test_rosenkreuz_grid_lines_are_scored_exactly_once(default_sheets):
    board = GAMES["rosenkreuz"].board()
    pitch = board.spaces[0].room
    scene = default_sheets["rosenkreuz"][0].scene
    score = parts_of(scene, ("score",))
    assert all(isinstance(p, Segment) for p in score)
    assert total_length(score) == pytest.approx(2 * 8 * 7 * pitch)
    xs = sorted({round(p.a.x, 6) for p in score if abs(p.a.x - p.b.x) < 1e-9})
    ys = sorted({round(p.a.y, 6) for p in score if abs(p.a.y - p.b.y) < 1e-9})
    assert len(xs) == len(ys) == 8 and len(score) == 16  # one run per grid line
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([pitch] * 7)
    cuts = [total_length(it.parts) for it in layer_items(scene, ("cut-outer",))]
    assert 4 * board.width in [pytest.approx(c) for c in cuts]  # the board's outline, once


def test_rosenkreuz_dark_squares_labels_and_title_are_engraved(default_sheets):
    scene = default_sheets["rosenkreuz"][0].scene
    (engrave,) = layer_items(scene, ("engrave",))
    squares = [c for c in _runs(engrave.parts) if len(c) == 4
               and all(isinstance(p, Segment) for p in c)
               and total_length(c) == pytest.approx(4 * 25.0)]
    assert len(squares) == 25  # a1 and the other corners are dark: 25 of 49
    assert len(_runs(engrave.parts)) > 25 + 28  # plus every coordinate label, plus the title


def _runs(parts):
    """The parts of each run, as the renderers walk them (render.paths.runs)."""
    return [r.parts for r in runs(parts)]


def test_dugi_rings_are_true_circles_and_arcs_in_svg(default_sheets, small_dugi):
    radii = [45 + 15 * k for k in range(8)]
    whole = render_sheet(default_sheets["dugi"][0], laser_request()).decode()
    score = re.search(r'id="layer-score".*?</g>', whole).group(0)
    found = sorted(float(r) for r in re.findall(r'<circle[^>]* r="([\d.]+)"', score))
    assert found == radii
    assert len(re.findall(r"L", score)) == 24  # the 24 sector lines, nothing polygonal
    part = render_sheet(small_dugi[0], laser_request()).decode()
    arcs = {float(r) for r in re.findall(r"A([\d.]+) ", re.search(
        r'id="layer-score".*?</g>', part).group(0))}
    assert arcs and arcs <= set(radii)


def test_a_board_larger_than_the_sheet_is_split_along_space_boundaries(small_dugi):
    boards = [s for s in small_dugi if "-board-" in s.name]
    notes = [s.scene.title for s in boards]
    # four parts round the dead zone, and the dead zone disc (in the room a part leaves)
    assert sum(t.count("Dugi board part") for t in notes) == 5
    for s in boards:
        assert "along space boundaries" in s.scene.title
        cut = parts_of(s.scene, ("cut-outer",))
        assert cut
    disc = [s for s in boards if "centre disc" in s.scene.title]
    assert len(disc) == 1
    whole = board_sheets(GAMES["dugi"], laser_request())[0].scene
    (eng,) = layer_items(whole, ("engrave",))
    pieces = [next(layer_items(s.scene, ("engrave",))) for s in boards]
    assert sum(len(_runs(p.parts)) for p in pieces) == len(_runs(eng.parts))


def test_unsplittable_board_on_a_small_sheet_is_a_clear_error():
    with pytest.raises(UsageError, match="use a larger --sheet"):
        laser_sheets(GAMES["dugi"], laser_request(sheet="110x110", parts="board"))


# ----------------------------------------------------------------------------- pieces

@pytest.mark.parametrize("game", ["rosenkreuz", "dugi", "evl"])
def test_kerf_makes_disc_cuts_half_a_kerf_larger(game):
    g = GAMES[game]
    sizes = set(piece_diameters(g, g.board()).values())
    for k in (0.0, 0.3):
        sheets = piece_sheets(g, laser_request(kerf=str(k)))
        radii = {round(c.radius, 6) for s in sheets
                 for c in layer_items(s.scene, ("cut-outer",)) if isinstance(c, Circle)}
        assert radii and radii <= {round(d / 2 + k / 2, 6) for d in sizes}


def test_kerf_moves_polygon_cuts_out_by_half_a_kerf():
    plain = piece_sheets(GAMES["evl"], laser_request())
    kerfed = piece_sheets(GAMES["evl"], laser_request(kerf="0.4"))
    for a, b in zip(plain, kerfed):
        pa = [it for it in layer_items(a.scene, ("cut-outer",)) if isinstance(it, Path)]
        pb = [it for it in layer_items(b.scene, ("cut-outer",)) if isinstance(it, Path)]
        assert len(pa) == len(pb) > 0
        for x, y in zip(pa, pb):
            bx, by = bbox_of(x.parts), bbox_of(y.parts)
            assert by[2] - by[0] == pytest.approx(bx[2] - bx[0] + 0.4)


def test_every_piece_is_on_a_sheet(default_sheets):
    for name, sheets in default_sheets.items():
        g = GAMES[name]
        want = sum((c.count + spares(c.count)) * (2 if c.back else 1)
                   for c in g.components(g.options()))
        got = sum(len(list(layer_items(s.scene, ("cut-outer",)))) for s in sheets
                  if "-pieces-" in s.name)
        assert got == want, name


# ----------------------------------------------------------------------------- DXF

def _read(data: bytes):
    ezdxf = pytest.importorskip("ezdxf")
    return ezdxf.read(io.StringIO(data.decode("utf-8")))


def test_dxf_reads_back_in_mm_with_the_expected_entities(default_sheets):
    sheet = default_sheets["rosenkreuz"][0]
    doc = _read(render_sheet(sheet, laser_request(fmt="dxf")))
    assert doc.header["$INSUNITS"] == 4 and doc.units == 4
    assert {"CUT_OUTER", "SCORE", "ENGRAVE", "REFERENCE"} <= {lay.dxf.name for lay in doc.layers}
    counts: dict[tuple[str, str], int] = {}
    for e in doc.modelspace():
        counts[(e.dxf.layer, e.dxftype())] = counts.get((e.dxf.layer, e.dxftype()), 0) + 1
    assert counts[("CUT_OUTER", "LWPOLYLINE")] == 2  # board outline and title plate
    assert counts[("SCORE", "LWPOLYLINE")] == len(list(layer_items(sheet.scene, ("score",))))
    assert counts[("ENGRAVE", "HATCH")] == 1
    (hatch,) = doc.modelspace().query("HATCH")
    (engrave,) = layer_items(sheet.scene, ("engrave",))
    assert len(hatch.paths) == len(_runs(engrave.parts))
    colours = {lay.dxf.name: lay.rgb for lay in doc.layers}
    assert colours["CUT_OUTER"] == (255, 0, 0) and colours["SCORE"] == (0, 0, 255)


def _ring_radius(e) -> float:
    (x0, y0, _, _, b0), (x1, y1, _, _, b1) = e.get_points()
    assert abs(b0) == pytest.approx(1) and abs(b1) == pytest.approx(1)  # two half circles
    return round(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / 2, 6)


def test_dugi_rings_are_true_circles_in_dxf(default_sheets):
    radii = {45.0 + 15 * k for k in range(8)}
    doc = _read(render_sheet(default_sheets["dugi"][0], laser_request(fmt="dxf")))
    score = [e for e in doc.modelspace() if e.dxf.layer == "SCORE"]
    rings = [e for e in score if e.closed and len(e) == 2]
    assert sorted(_ring_radius(e) for e in rings) == sorted(radii)
    assert sum(not e.closed and len(e) == 2 for e in score) == 24  # the sector lines


def test_files_are_deterministic():
    pytest.importorskip("ezdxf")
    req_svg, req_dxf = laser_request(parts="pieces"), laser_request(parts="pieces", fmt="dxf")
    g = GAMES["network"]
    assert laser_files(g, req_svg) == laser_files(g, req_svg)
    assert laser_files(g, req_dxf) == laser_files(g, req_dxf)


def test_dxf_without_the_extra_says_how_to_install(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "ezdxf", None)
    with pytest.raises(UsageError, match=r'pip install "printables\[dxf\]"'):
        laser_files(GAMES["dugi"], laser_request(fmt="dxf"))
    assert main(["laser", "dugi", "--format", "dxf", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'pip install "printables[dxf]"' in err
    assert not list(tmp_path.iterdir())


# ----------------------------------------------------------------------------- command line

def test_laser_command_writes_one_file_per_sheet(tmp_path, capsys):
    assert main(["laser", "dugi", "--sheet", "300x200", "--kerf", "0.1", "--parts", "board",
                 "-o", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    n = len(board_sheets(GAMES["dugi"], laser_request(sheet="300x200", kerf="0.1")))
    assert n >= 3 and names == sorted(f"dugi-laser-board-300x200-{i}.svg"
                                      for i in range(1, n + 1))


def test_sheet_size_and_variant_are_in_the_file_names_so_sets_never_mix(tmp_path):
    """`laser dugi --sheet 150x150` then `laser dugi` in one folder: two complete sets side
    by side, told apart by name (main wrote both as dugi-laser-board-N, leaving the
    smaller sheets' extra parts among the new ones)."""
    args = ["--parts", "board", "-o", str(tmp_path)]
    assert main(["laser", "dugi", "--sheet", "150x150", *args]) == 0
    small = {p.name for p in tmp_path.iterdir()}
    assert main(["laser", "dugi", *args]) == 0
    default = {p.name for p in tmp_path.iterdir()} - small
    n = len(board_sheets(GAMES["dugi"], laser_request(sheet="150x150")))
    assert small == {f"dugi-laser-board-150x150-{i}.svg" for i in range(1, n + 1)}
    m = len(board_sheets(GAMES["dugi"], laser_request()))
    assert default == {f"dugi-laser-board-{i}.svg" for i in range(1, m + 1)}
    assert main(["laser", "network", "--size", "12", "--sheet", "300x200", *args]) == 0
    assert {p.name for p in tmp_path.glob("network-*")} >= {
        "network-laser-size12-board-300x200-1.svg"}


@pytest.mark.parametrize("args, word", [
    (["--sheet", "80x80"], "too small"), (["--kerf", "-1"], "kerf"), (["--kerf", "wide"], "kerf"),
    (["--profile", "boxs"], "boxes"), (["--parts", "lid"], "board and pieces"),
    (["--format", "pdf"], "pdf")])
def test_bad_options_give_one_line_and_status_2(tmp_path, capsys, args, word):
    assert main(["laser", "rosenkreuz", *args, "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and word in err


def test_profiles_exist():
    assert set(PROFILES) == {"default", "boxes", "lightburn"}
