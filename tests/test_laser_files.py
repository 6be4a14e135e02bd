"""Laser files a maker can send as they are: checked on every sheet at four sheet sizes
(reference, clearance, colours), read back as DXF and LightBurn projects, boards split at
150 x 150 mm into parts with labels and registration, two-sided pieces."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path as Path_

import pytest

from printables.cli import main
from printables.games import GAMES
from printables.geometry import Arc, Point, Segment, bbox_of, part_key
from printables.geometry.offset import part_distance
from printables.geometry.paths import contains_point, is_full, merge_parts
from printables.products.laser.board import board_marks
from printables.products.laser.materials import MATERIALS
from printables.products.laser.pieces import component_part, piece_parts
from printables.products.laser.request import LAYERS, PROFILES
from printables.products.laser.sheets import (
    BAR,
    BAR_SQUARE,
    REFERENCE,
    laser_sheets,
    reference_note,
    render_sheet,
    split_room,
)
from printables.products.laser.split import KEY_RADIUS, split_parts
from printables.products.laser.stroke import stroke_length
from printables.products.pieces.art import spares
from printables.render.dxf import aci
from printables.render.lbrn2 import palette_index, path_lists
from printables.render.paths import runs as path_runs
from printables.render.scene import Circle, Group, Path
from tests.conftest import laser_request

pytestmark = pytest.mark.slow  # every laser file at four sheet sizes: a minute and more

SIZES = ("600x400", "300x200", "200x150", "150x150")


def items(scene, name):
    for g in scene.items:
        if isinstance(g, Group) and g.layer == name:
            yield from g.items


def parts(it):
    return (Arc(it.center, it.radius, 0.0, 360.0),) if isinstance(it, Circle) else it.parts


def runs(ps):
    """The parts of each run, as the renderers walk them (render.paths.runs)."""
    return [r.parts for r in path_runs(ps)]


@pytest.fixture(scope="module", params=SIZES)
def sized(request):
    req = laser_request(sheet=request.param)
    return request.param, [s for g in GAMES.values() for s in laser_sheets(g, req)]


# ----------------------------------------------------------------------------- every sheet

def _reference(scene):
    closed = [bbox_of(list(it.parts)) for it in items(scene, "reference") if it.closed]
    dims = sorted((round(b[2] - b[0], 6), round(b[3] - b[1], 6)) for b in closed)
    return closed, dims


def test_reference_is_100_mm_and_touches_no_part(sized):
    size, sheets = sized
    for s in sheets:
        closed, dims = _reference(s.scene)
        bar = sorted([(REFERENCE, BAR), (BAR_SQUARE, BAR_SQUARE)])
        upright = sorted([(BAR, REFERENCE), (BAR_SQUARE, BAR_SQUARE)])
        assert dims in ([(REFERENCE, REFERENCE)], bar, upright), (size, s.name, dims)
        x0 = min(b[0] for b in closed)
        y0 = min(b[1] for b in closed)
        x1 = max(b[2] for b in closed)
        y1 = max(b[3] for b in closed)
        for name in ("cut-outer", "cut-inner"):
            for it in items(s.scene, name):
                b = bbox_of(list(parts(it)))
                assert b[0] >= x1 or b[2] <= x0 or b[1] >= y1 or b[3] <= y0, (size, s.name)


def test_nothing_is_cut_or_scored_twice_and_all_lies_on_the_sheet(sized):
    size, sheets = sized
    for s in sheets:
        lines = [p for n in ("cut-inner", "cut-outer", "score") for it in items(s.scene, n)
                 for p in parts(it)]
        keys = [part_key(p) for p in lines]
        assert len(keys) == len(set(keys)) and len(merge_parts(lines)) == len(lines), s.name
        x0, y0, x1, y1 = bbox_of(lines)
        assert x0 >= 0 and y0 >= 0 and x1 <= s.scene.width and y1 <= s.scene.height


def test_no_sheet_holds_only_a_reference_or_a_title(sized):
    size, sheets = sized
    for s in sheets:
        cuts = [it for it in items(s.scene, "cut-outer")]
        plates = 1 if "title plate" in s.scene.title else 0
        assert len(cuts) > plates, (size, s.name)


def _marks(scene):
    for name in ("score", "engrave"):
        for it in items(scene, name):
            yield from parts(it)


def test_no_score_or_engrave_within_1_mm_of_a_foreign_cut(sized):
    """A mark that lies inside one part's outline keeps 1 mm from every other part's cut
    (its own part's cuts, notches and holes included, are its own business)."""
    size, sheets = sized
    for s in sheets:
        chains = []
        for n in ("cut-outer", "cut-inner"):
            for it in items(s.scene, n):
                ps = parts(it)
                chains.append((bbox_of(list(ps)), ps))
        for p in _marks(s.scene):
            m = p.midpoint()
            near = [c for c in chains if c[0][0] - 1 < m.x < c[0][2] + 1
                    and c[0][1] - 1 < m.y < c[0][3] + 1]
            home = [c for c in near if c[0][0] <= m.x <= c[0][2] and c[0][1] <= m.y <= c[0][3]
                    and contains_point(c[1], m)]
            for b, ps in near:
                hole = any(h[0][0] <= b[0] and b[2] <= h[0][2] and h[0][1] <= b[1]
                           and b[3] <= h[0][3] and ps is not h[1] for h in home)
                if home and not hole and all(ps is not h[1] for h in home):
                    for q in (p.start, m, p.end):
                        assert min(part_distance(c, q) for c in ps) >= 1.0, (size, s.name)


def test_every_operation_has_its_own_colour_in_every_profile():
    for name, prof in PROFILES.items():
        colours = [(prof[style].stroke or prof[style].fill).upper() for _, _, style in LAYERS]
        assert len(set(colours)) == 5, name
        assert len({aci(c) for c in colours}) == 5, name
        assert len({palette_index(c) for c in colours}) == 5, name
    assert [PROFILES["lightburn"][style].stroke or PROFILES["lightburn"][style].fill
            for style in ("engrave", "score", "cut.inner", "cut.outer", "reference")] == [
        "#000000", "#0000FF", "#FF0000", "#00E000", "#F36926"]  # LightBurn C00 .. C03, T1


def test_reference_note_is_short_single_stroke_lettering(sized):
    size, sheets = sized
    for s in sheets[:3]:
        note = [it for it in items(s.scene, "reference") if not it.closed]
        length = sum(p.length for it in note for p in it.parts)
        assert 0 < length < 250, (size, s.name)  # was 0.6 m of outlined glyphs
    assert stroke_length("100 MM SQUARE", 2.0) < 150


# ----------------------------------------------------------------------------- DXF

@pytest.fixture(scope="module")
def dxf_docs():
    ezdxf = pytest.importorskip("ezdxf")
    req = laser_request(sheet="300x200", fmt="dxf")
    out = []
    for name in ("rosenkreuz", "dugi", "danadazo", "chameleons"):
        for s in laser_sheets(GAMES[name], req):
            data = render_sheet(s, req)
            out.append((s, ezdxf.read(io.StringIO(data.decode()))))
    return out


def test_dxf_audits_clean_and_every_cut_is_a_closed_lwpolyline(dxf_docs):
    ezdxf_bbox = pytest.importorskip("ezdxf.bbox")
    for sheet, doc in dxf_docs:
        auditor = doc.audit()
        assert not auditor.has_errors, sheet.name
        layers = {lay.dxf.name: lay for lay in doc.layers}
        assert {"CUT_INNER", "CUT_OUTER", "SCORE", "ENGRAVE", "REFERENCE"} <= set(layers)
        assert len({layers[n].color for n in ("CUT_INNER", "CUT_OUTER", "SCORE", "ENGRAVE",
                                               "REFERENCE")}) == 5
        cuts = [e for e in doc.modelspace() if e.dxf.layer.startswith("CUT")]
        assert cuts and all(e.dxftype() == "LWPOLYLINE" and e.closed for e in cuts), sheet.name
        n_cut = sum(len(runs(parts(it))) for it in items(sheet.scene, "cut-outer"))
        assert sum(e.dxf.layer == "CUT_OUTER" for e in cuts) == n_cut
        assert all(e.dxftype() == "HATCH" for e in doc.modelspace() if e.dxf.layer == "ENGRAVE")
        lo, hi = doc.header["$EXTMIN"], doc.header["$EXTMAX"]
        assert 0 <= lo[0] < hi[0] <= sheet.scene.width and 0 <= lo[1] < hi[1] <= sheet.scene.height
        exact = ezdxf_bbox.extents(doc.modelspace(), fast=False)  # arcs flattened finely
        assert max(abs(lo[0] - exact.extmin.x), abs(lo[1] - exact.extmin.y),
                   abs(hi[0] - exact.extmax.x), abs(hi[1] - exact.extmax.y)) < 0.01, sheet.name


def test_dxf_reference_layer_is_off_and_never_plotted(dxf_docs):
    """The reference is there to measure, not to cut: its layer is off and set not to plot;
    every layer with work on it is on and plots."""
    for sheet, doc in dxf_docs:
        layers = {lay.dxf.name: lay for lay in doc.layers}
        ref = layers["REFERENCE"]
        assert ref.is_off() and ref.dxf.plot == 0, sheet.name
        assert any(e.dxf.layer == "REFERENCE" for e in doc.modelspace())
        for name in ("CUT_INNER", "CUT_OUTER", "SCORE", "ENGRAVE"):
            assert layers[name].is_on() and layers[name].dxf.plot == 1, (sheet.name, name)


# ----------------------------------------------------------------------------- LightBurn

def _svg_points(svg: str, height: float) -> list[tuple[float, float]]:
    pts = []
    for d in re.findall(r' d="([^"]+)"', svg):
        for cmd in re.finditer(r"([MLA])([^MLAZ]+)", d):
            nums = [float(v) for v in cmd.group(2).split()]
            pts.append((nums[-2], height - nums[-1]))
    for c in re.findall(r"<circle [^>]*>", svg):
        cx, cy = (float(re.search(rf' {k}="([^"]+)"', c).group(1)) for k in ("cx", "cy"))
        pts.append((cx, height - cy))
    return pts


def _lbrn2_points(root) -> list[tuple[float, float]]:
    pts = []
    for sh in root.iter("Shape"):
        if sh.get("Type") == "Ellipse":
            xf = [float(v) for v in sh.find("XForm").text.split()]
            pts.append((xf[4], xf[5]))
        else:
            for x, y in re.findall(r"V([-\d.]+) ([-\d.]+)", sh.find("VertList").text):
                pts.append((float(x), float(y)))
    return pts


@pytest.mark.parametrize("game, material", [("dugi", "3mm-plywood"),
                                            ("rosenkreuz", "2mm-card")])
def test_lbrn2_layers_shapes_and_settings(game, material):
    req = laser_request(fmt="lbrn2", material=material)
    sheet = laser_sheets(GAMES[game], req)[0]
    data = render_sheet(sheet, req)
    root = ET.fromstring(data)
    assert root.tag == "LightBurnProject"
    settings = {cs.find("name").get("Value"): cs for cs in root.iter("CutSetting")}
    assert list(settings) == ["T1", "Engrave", "Score", "Cut Inner", "Cut Outer"]
    preset = MATERIALS[material]
    for (layer, _, _), cs in zip(LAYERS, settings.values()):
        assert float(cs.find("speed").get("Value")) == preset[layer].speed
        assert float(cs.find("maxPower").get("Value")) == preset[layer].power
        assert int(cs.find("numPasses").get("Value")) == preset[layer].passes
    assert settings["T1"].find("doOutput").get("Value") == "0"
    assert settings["Engrave"].get("type") == "Scan"
    indices = {cs.find("index").get("Value") for cs in settings.values()}
    assert len(indices) == 5
    used = {sh.get("CutIndex") for sh in root.iter("Shape")}
    assert used <= indices and len(used) >= 4
    # every vertex is a point of the SVG of the same sheet, within 0.01 mm
    svg = render_sheet(sheet, laser_request()).decode()
    ours = _svg_points(svg, sheet.scene.height)
    for x, y in _lbrn2_points(root):
        assert min(math.hypot(x - a, y - b) for a, b in ours) <= 0.01


def _read_path(verts: str, prims: str):
    """(vertices, primitives) of a LightBurn path: vertices as dicts of points."""
    vs = []
    for chunk in re.findall(r"V[^V]+", verts):
        nums = dict(re.findall(r"(c[01][xy])([-\d.]+)", chunk))
        x, y = re.match(r"V([-\d.]+) ([-\d.]+)", chunk).groups()
        v = {"p": (float(x), float(y))}
        for k in ("c0", "c1"):
            if k + "y" in nums:  # "c0x1" alone marks a handle that is not there
                v[k] = (float(nums[k + "x"]), float(nums[k + "y"]))
        vs.append(v)
    return vs, re.findall(r"([LB])(\d+) (\d+)", prims)


def test_lbrn2_curves_stay_on_the_arc():
    arc = Arc(Point(170.0, 170.0), 165.0, 10.0, 100.0)
    verts, prims = path_lists(path_runs([arc, Segment(arc.end, arc.start)])[0])
    vs, ps = _read_path(verts, prims)
    assert [k for k, _, _ in ps] == ["B", "B", "B", "L"] and ps[-1][2] == "0"  # closed
    for _kind, i, j in ps[:3]:
        a, b = vs[int(i)], vs[int(j)]
        for t in (0.25, 0.5, 0.75):
            u = 1 - t
            x = (u ** 3 * a["p"][0] + 3 * u * u * t * a["c0"][0] + 3 * u * t * t * b["c1"][0]
                 + t ** 3 * b["p"][0])
            y = (u ** 3 * a["p"][1] + 3 * u * u * t * a["c0"][1] + 3 * u * t * t * b["c1"][1]
                 + t ** 3 * b["p"][1])
            assert math.hypot(x - 170, y - 170) == pytest.approx(165.0, abs=0.001)


def test_lbrn2_write_read_write_round_trip():
    req = laser_request(fmt="lbrn2")
    sheet = laser_sheets(GAMES["dugi"], req)[0]
    data = render_sheet(sheet, req)
    assert render_sheet(sheet, req) == data  # same sheet, same bytes
    root = ET.fromstring(data)
    ET.indent(root, space=" ")
    again = ('<?xml version="1.0" encoding="UTF-8"?>\n'
             + ET.tostring(root, encoding="unicode") + "\n").encode()
    assert again == data
    shapes = list(root.iter("Shape"))
    n_items = sum(len(runs(parts(it))) if isinstance(it, Path) else 1
                  for g in sheet.scene.items for it in g.items)
    assert len(shapes) == n_items


# ----------------------------------------------------------------------------- splits

SPLIT_CASES = [(name, None) for name in GAMES] + [("dag-en-nacht", {"size": 19})]


@pytest.mark.parametrize("name, options", SPLIT_CASES)
def test_every_board_splits_at_150_with_labels_and_registration(name, options):
    game = GAMES[name]
    req = laser_request(sheet="150x150")
    board = game.board(game.options(options))
    bm = board_marks(game, board)
    room = split_room(req)
    got = split_parts(game.title, board, bm, room)
    assert len(got) > 1
    notches: list[tuple[int, Point]] = []
    for i, p in enumerate(got):
        w, h = p.box[2] - p.box[0], p.box[3] - p.box[1]
        assert (w <= room[0] and h <= room[1]) or (h <= room[0] and w <= room[1]), name
        assert p.label and p.label.endswith(f"/{len(got)}"), (name, p.name)
        notches += [(i, a.center) for a in p.marks.cut
                    if isinstance(a, Arc) and abs(a.radius - KEY_RADIUS) < 1e-9]
    assert notches, name
    for i, c in notches:  # each notch has its partner in another part, within 0.05 mm
        partners = [j for j, d in notches if j != i and d.distance(c) <= 0.05]
        assert len(partners) == 1, (name, c)
    discs = [p for p in got if "centre disc" in p.note]
    assert all(any(i == k for i, _ in notches) for k, p in enumerate(got) if p not in discs)


# ----------------------------------------------------------------------------- pieces

def test_chameleons_pieces_are_glue_up_pairs_in_two_materials():
    game = GAMES["chameleons"]
    tones = piece_parts(game, game.board())
    assert set(tones) == {"dark", "light"}
    n = sum(c.count + spares(c.count) for c in game.components(game.options()))
    assert n == 48 + 4
    for ps, how in tones.values():
        assert len(ps) == n and "glue any disc" in how
        # every piece is dark one side and light the other: any disc pairs with any, so
        # no face carries a number
        assert all(p.pair == 0 for p in ps)
        assert all(len(p.marks.score) == len(ps[0].marks.score) for p in ps)
    plain = piece_parts(GAMES["rosenkreuz"], GAMES["rosenkreuz"].board())
    comp = game.components(game.options())[0]
    unnumbered = component_part(comp, 20.0)
    numbered = component_part(comp, 20.0, pair=12)
    extra = set(numbered.marks.score) - set(unnumbered.marks.score)
    assert extra and all(isinstance(p, Segment) for p in extra)  # "12" in the stroke font
    assert all(part_distance(numbered.marks.cut[0], q.start) >= 1.0 for q in extra)
    sheets = laser_sheets(game, laser_request(parts="pieces"))
    discs = sum(len(list(items(s.scene, "cut-outer"))) for s in sheets)
    assert discs == 2 * n  # 96 discs plus 8 spares
    assert all("glue" in s.scene.title for s in sheets)
    assert all(not p.pair for ps, _ in plain.values() for p in ps)


def test_light_pieces_have_no_score_ring_next_to_the_cut():
    for name in ("dag-en-nacht", "chameleons", "network"):
        game = GAMES[name]
        for ps, _ in piece_parts(game, game.board()).values():
            p = ps[0]
            (outline,) = p.marks.cut
            for q in p.marks.score:
                for x in (q.start, q.midpoint(), q.end):
                    assert part_distance(outline, x) >= 1.0 - 1e-9, name


def test_discs_are_packed_hexagonally_with_kerf_plus_2_mm():
    req = laser_request(kerf="0.2", parts="pieces")
    sheet = laser_sheets(GAMES["dag-en-nacht"], req)[0]
    discs = sorted((round(it.center.y, 3), it.center.x, it.radius)
                    for it in items(sheet.scene, "cut-outer"))
    rows = sorted({y for y, _, _ in discs})
    r = discs[0][2]
    pitch = 2 * r + 0.2 + 2.0
    assert rows[1] - rows[0] == pytest.approx(pitch * math.sqrt(3) / 2, abs=2e-3)
    first = [x for y, x, _ in discs if y == rows[0]]
    second = [x for y, x, _ in discs if y == rows[1]]
    assert first[1] - first[0] == pytest.approx(pitch)
    assert second[0] - first[0] == pytest.approx(pitch / 2)


def test_tabs_leave_two_bridges_on_small_discs():
    req = laser_request(parts="pieces", tabs="0.3")
    sheet = laser_sheets(GAMES["dag-en-nacht"], req)[0]  # 9.3 mm stones
    cuts = list(items(sheet.scene, "cut-outer"))
    arcs = [p for it in cuts for p in it.parts]
    assert arcs and all(isinstance(a, Arc) and not is_full(a) for a in arcs)
    gap = math.radians(180.0 - abs(arcs[0].sweep)) * arcs[0].radius
    assert gap == pytest.approx(0.3)
    big = laser_sheets(GAMES["rosenkreuz"], req)[0]  # 20 mm: no tabs
    assert all(isinstance(it, Circle) for it in items(big.scene, "cut-outer"))


# ----------------------------------------------------------------------------- command line

def test_all_on_a_small_sheet_makes_the_others_and_names_the_failures(tmp_path, capsys):
    status = main(["laser", "--all", "--sheet", "110x110", "-o", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2 and "not made:" in err and "dugi" in err and "evl" in err
    assert "Traceback" not in err
    made = {f.name.split("-laser-")[0] for f in tmp_path.iterdir()}
    assert {"rosenkreuz", "chameleons", "danadazo"} <= made and "dugi" not in made


def test_no_reference_option_and_game_options(tmp_path):
    assert main(["laser", "dag-en-nacht", "--no-reference", "--option", "size=19",
                 "--parts", "board", "-o", str(tmp_path)]) == 0
    (f,) = tmp_path.glob("*.svg")
    svg = f.read_text()
    assert 'inkscape:label="reference"' not in svg
    assert svg.count("<path") >= 1 and "19 x 19" not in svg
    req = laser_request(parts="board", options=("size=19",))
    sheet = laser_sheets(GAMES["dag-en-nacht"], req)[0]
    (eng,) = items(sheet.scene, "engrave")
    squares = [r for r in runs(eng.parts) if len(r) == 4 and all(isinstance(p, Segment)
                                                                  for p in r)]
    assert len(squares) >= (19 * 19) // 2


def test_lbrn2_from_the_command_line(tmp_path):
    assert main(["laser", "network", "--format", "lbrn2", "--material", "3mm-acrylic",
                 "-o", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.lbrn2"))
    assert files and all(ET.parse(f).getroot().tag == "LightBurnProject" for f in files)


@pytest.mark.parametrize("args, word", [(["--material", "oak"], "3mm-plywood"),
                                        (["--tabs", "5"], "tabs"),
                                        (["--option", "bogus=1"], "option")])
def test_bad_laser_options_are_one_line(tmp_path, capsys, args, word):
    assert main(["laser", "network", *args, "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert word in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["rosenkreuz", "dugi", "evl"])
def test_puzzle_tabs_fit_their_sockets(name):
    from printables.geometry.paths import clean_paths
    game = GAMES[name]
    board = game.board()
    bm = board_marks(game, board)
    got = split_parts(game.title, board, bm, split_room(laser_request(sheet="150x150")),
                      joints="tabs")
    arcs = [(i, a) for i, p in enumerate(got) for a in p.marks.cut
            if isinstance(a, Arc) and abs(a.radius - KEY_RADIUS) < 1e-9]
    assert arcs
    for i, a in arcs:  # the knob's arc in one part is the socket's arc in the other
        twins = [b for j, b in arcs if j != i and b.center.distance(a.center) <= 0.05]
        assert twins and all(abs(abs(b.sweep) - abs(a.sweep)) < 0.05 for b in twins)
        assert abs(a.sweep) > 180.0  # a knob wider than its neck: the parts lock
    for p in got:
        assert all(c.closed for c in clean_paths(p.marks.cut)), (name, p.name)


# ----------------------------------------------------------------------------- LightBurn's shape

FIXTURE = Path_(__file__).parent / "data" / "laser" / "structure.lbrn2"
_NUM = r"-?\d+(?:\.\d+)?"
_HANDLE = rf"(?:c0x1|c0x{_NUM}c0y{_NUM})(?:c1x1|c1x{_NUM}c1y{_NUM})"
VERTEX = re.compile(rf"V{_NUM} {_NUM}{_HANDLE}")


def _shape_of(root) -> dict[str, tuple[set, set]]:
    """Per element tag (a Shape by its Type): the attribute names and child tags seen."""
    out: dict[str, tuple[set, set]] = {}
    for el in root.iter():
        key = f"Shape:{el.get('Type')}" if el.tag == "Shape" else (
            f"CutSetting:{el.get('type')}" if el.tag == "CutSetting" else el.tag)
        attrs, kids = out.setdefault(key, (set(), set()))
        attrs.update(el.attrib)
        kids.update(k.tag for k in el)
    return out


def _vertices(text: str) -> list[str]:
    return re.findall(r"V[^V]+", text)


def test_the_fixture_itself_has_lightburns_path_shape():
    root = ET.parse(FIXTURE).getroot()
    for sh in root.iter("Shape"):
        if sh.get("Type") == "Path":
            assert all(VERTEX.fullmatch(v) for v in _vertices(sh.find("VertList").text))


@pytest.mark.parametrize("fmt_args", [{}, {"profile": "lightburn", "material": "2mm-card"}])
def test_lbrn2_has_the_structure_of_lightburns_own_files(fmt_args):
    """Every element, attribute and child our projects write is one the fixture (LightBurn's
    structure, from the public format description) has; every path has its own VertID and
    PrimID; every vertex carries both handle markers; both tubes' power; the machine class
    in the notes; the reference on the tool layer T1, not output."""
    want = _shape_of(ET.parse(FIXTURE).getroot())
    req = laser_request(fmt="lbrn2", sheet="300x200", **fmt_args)
    sheets = laser_sheets(GAMES["dugi"], req)[:2] + laser_sheets(GAMES["chameleons"], req)[-1:]
    for sheet in sheets:
        root = ET.fromstring(render_sheet(sheet, req))
        for key, (attrs, kids) in _shape_of(root).items():
            assert key in want, key
            assert attrs <= want[key][0] and kids <= want[key][1], (key, attrs, kids)
        paths = [sh for sh in root.iter("Shape") if sh.get("Type") == "Path"]
        assert paths
        ids = [sh.get("VertID") for sh in paths]
        assert ids == [str(i) for i in range(len(paths))]
        assert all(sh.get("PrimID") == sh.get("VertID") for sh in paths)
        for sh in paths:
            verts = _vertices(sh.find("VertList").text)
            assert verts and all(VERTEX.fullmatch(v) for v in verts), verts[:3]
            n = len(verts)
            for _, i, j in re.findall(r"([LB])(\d+) (\d+)", sh.find("PrimList").text):
                assert int(i) < n and int(j) < n
        for cs in root.iter("CutSetting"):
            for tube in ("", "2"):
                low = float(cs.find("minPower" + tube).get("Value"))
                high = float(cs.find("maxPower" + tube).get("Value"))
                assert low <= high
                if cs.get("type") != "Tool":
                    assert 10 <= low < high, cs.find("name").get("Value")
        (tool,) = [cs for cs in root.iter("CutSetting") if cs.get("type") == "Tool"]
        assert tool.find("index").get("Value") == "30" and tool.find("name").get("Value") == "T1"
        assert tool.find("doOutput").get("Value") == "0"
        notes = root.find("Notes")
        assert "40-60 W CO2 laser" in notes.get("Notes") and notes.get("ShowOnLoad") == "1"


@pytest.mark.parametrize("kerf", ["0", "0.15", "0.3"])
def test_tab_bridges_are_the_tab_width_after_the_beam(kerf):
    """The material left between the two cut arcs is --tabs wide: the beam's path leaves a
    gap of tabs + kerf, and the beam takes half a kerf at each end."""
    tabs = 0.3
    req = laser_request(parts="pieces", tabs=str(tabs), kerf=kerf)
    sheet = laser_sheets(GAMES["dag-en-nacht"], req)[0]  # 9.3 mm stones get tabs
    arcs = [p for it in items(sheet.scene, "cut-outer") for p in it.parts]
    assert len(arcs) >= 2 and all(isinstance(a, Arc) and not is_full(a) for a in arcs)
    k = float(kerf)
    for a in arcs[:40]:
        assert a.radius == pytest.approx(9.3 / 2 + k / 2)
        twin = min((b for b in arcs if b is not a and b.center.is_close(a.center)),
                   key=lambda b: b.start.distance(a.end))
        gap = a.end.distance(twin.start)  # the chord of the uncut gap on the beam's path
        assert gap - k == pytest.approx(tabs, abs=1e-3), (kerf, gap)


def test_no_reference_takes_sheets_under_110_mm(cli, tmp_path):
    code, _, err = cli("laser", "rosenkreuz", "--parts", "pieces", "--sheet", "60x60",
                       "-o", tmp_path)
    assert code == 2 and "--no-reference" in err and len(err.strip().splitlines()) == 1
    code, _, err = cli("laser", "rosenkreuz", "--parts", "pieces", "--sheet", "60x60",
                       "--no-reference", "-o", tmp_path)
    assert code == 0, err
    files = sorted(tmp_path.glob("*.svg"))
    assert files and all('width="60mm"' in f.read_text() for f in files)
    code, _, err = cli("laser", "rosenkreuz", "--sheet", "35x80", "--no-reference",
                       "-o", tmp_path / "tiny")
    assert code == 2 and "30 mm of room" in err and not (tmp_path / "tiny").exists()


def test_svg_reference_is_on_lightburns_tool_layer_colour():
    """LightBurn makes a layer per colour when it imports an SVG: the reference is drawn
    in the colour of its tool layer T1 (never output), and its note says to keep that
    layer's output off should the import pick a numbered layer for it."""
    for profile in ("default", "lightburn"):
        req = laser_request(profile=profile, sheet="300x200")
        svg = render_sheet(laser_sheets(GAMES["network"], req)[0], req).decode()
        ref = svg[svg.index('inkscape:label="reference"'):]
        ref = ref[:ref.index("</g>")]
        assert 'stroke="#F36926"' in ref and "#F36926" not in svg.replace(ref, "")
    note = [it for it in items(laser_sheets(GAMES["network"], laser_request())[0].scene,
                               "reference") if not it.closed]
    assert note  # the note is stroke lettering: its text is in the file's title
    assert "OUTPUT OFF" in reference_note(True, laser_request())


@pytest.mark.parametrize("kerf", ["0", "0.3"])
def test_tab_knobs_stay_out_of_the_margin(kerf):
    """A tab's knob may stick out of its part's region: the split makes room for it, so
    no cut comes within the 5 mm margin (Dugi at 150 x 150 had knobs 0.15 mm into it)."""
    req = laser_request(sheet="150x150", kerf=kerf, joints="tabs", parts="board")
    for s in laser_sheets(GAMES["dugi"], req):
        lines = [p for n in ("cut-inner", "cut-outer") for it in items(s.scene, n)
                 for p in parts(it)]
        x0, y0, x1, y1 = bbox_of(lines)
        assert min(x0, y0, s.scene.width - x1, s.scene.height - y1) >= 5.0 - 1e-6, s.name
