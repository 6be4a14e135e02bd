"""Piece sheets: counts per kind in the SVG, duplex mirror, sizes that fit, paper sizes."""

from __future__ import annotations

import io
import json
import math
import xml.etree.ElementTree as ET

import pytest

from printables.games import GAMES
from printables.geometry import Point
from printables.products.pieces.art import (
    ART,
    PUNCH_SHARE,
    piece_diameters,
    piece_items,
    spares,
)
from printables.products.pieces.sheet import BOTTOM, MARGIN, build_pieces, piece_sheet
from printables.products.requests import GameRequest, PiecesRequest
from printables.render.scene import Polygon
from printables.render.theme import THEMES
from printables.units import PAPERS


def render_pieces(game, fmt: str, paper: str = "A4", dpi: int = 150):
    """The pieces product's files of game's standard request in fmt on paper."""
    texts = {"paper": paper, "dpi": str(dpi)}
    return build_pieces(game, PiecesRequest.read(GameRequest(), fmt, texts))


SVG = "{http://www.w3.org/2000/svg}"
CUTGUIDE = THEMES["colour"]["cutguide"].stroke

#: Components of the documented games as GAMES.md lists them: (side, kind) -> count. The
#: sheet tests below take every game's counts from its GameSpec; this table checks those
#: specs against the document.
DOCUMENTED = {
    "rosenkreuz": {("rose", "dark"): 7, ("rose", "light"): 7, ("cross", "dark"): 7,
                   ("cross", "light"): 7},
    "chameleons": {("dark", "chameleon"): 24, ("light", "chameleon"): 24},
    "evl": {("black", "piece"): 28, ("white", "piece"): 28, ("black", "marker"): 12,
            ("white", "marker"): 12},
    # 15 x 15 board: 112 dark squares, half of them per player
    "dag-en-nacht": {("black", "stone"): 56, ("white", "stone"): 56},
    "danadazo": {("attacker", "pawn"): 12, ("attacker", "general"): 2, ("defender", "pawn"): 6,
                 ("defender", "guard"): 6, ("defender", "general"): 1},
    "dugi": {("black", "stone"): 12, ("white", "stone"): 12},
    "network": {("black", "stone"): 10, ("white", "stone"): 10},
}
#: Count plus spares (10 % rounded, at least 2), worked out by hand.
WITH_SPARES = {1: 3, 2: 4, 6: 8, 7: 9, 10: 12, 12: 14, 15: 17, 24: 26, 25: 28, 28: 31, 56: 62}


def components(game: str) -> dict[tuple[str, str], int]:
    """(side, kind) -> count of a game's pieces, as its GameSpec gives them."""
    g = GAMES[game]
    return {(c.side, c.kind): c.count for c in g.components(g.options())}


def with_spares(game: str) -> dict[tuple[str, str], int]:
    """(side, kind) -> how many pieces the sheet should hold: count plus spares."""
    return {k: n + spares(n) for k, n in components(game).items()}


@pytest.mark.parametrize("game", sorted(DOCUMENTED))
def test_components_are_what_games_md_lists(game):
    assert components(game) == DOCUMENTED[game]


def test_spares_are_a_tenth_rounded_and_at_least_two():
    assert {n: n + spares(n) for n in WITH_SPARES} == WITH_SPARES


def svg_pages(game: str, paper: str = "A4") -> list[ET.Element]:
    """The sheet's SVG pages, parsed."""
    return [ET.fromstring(data) for _, data in render_pieces(GAMES[game], "svg", paper)]


def kind_layers(root: ET.Element) -> dict[str, ET.Element]:
    """Layer id (without 'layer-pieces-') -> layer element."""
    return {g.get("id")[len("layer-pieces-"):]: g for g in root.iter(SVG + "g")
            if (g.get("id") or "").startswith("layer-pieces-")}


def cut_outlines(group: ET.Element) -> int:
    """Shapes in a piece group drawn in the cut-guide ink."""
    return sum(1 for e in group.iter() if e.get("stroke") == CUTGUIDE)


@pytest.mark.parametrize("game", list(GAMES))
def test_svg_has_count_plus_spares_of_every_kind(game):
    counted: dict[tuple[str, str], int] = {}
    for root in svg_pages(game):
        for name, layer in kind_layers(root).items():
            if name.endswith("-back"):
                continue
            side, kind = name.split("-", 1)
            pieces = [g for g in layer if g.tag == SVG + "g"]
            assert all(cut_outlines(g) == 1 for g in pieces), "one cut outline per piece"
            counted[(side, kind)] = counted.get((side, kind), 0) + len(pieces)
    assert counted == with_spares(game)


@pytest.mark.parametrize("game", list(GAMES))
def test_json_dump_agrees(game):
    (name, data), = render_pieces(GAMES[game], "json")
    assert name == f"{game}-pieces.json"
    sheet = json.loads(data)
    counted: dict[tuple[str, str], int] = {}
    for page in sheet["pages"]:
        for p in page["pieces"]:
            if p["face"] == "front":
                counted[(p["side"], p["kind"])] = counted.get((p["side"], p["kind"]), 0) + 1
                assert p["spare"] == (p["index"] > components(game)[(p["side"], p["kind"])])
    assert counted == with_spares(game)


def _centres(layer: ET.Element) -> list[tuple[float, float]]:
    """Each piece group's centre: its first circle (backs: the bleed disc)."""
    out = []
    for g in layer:
        c = next(g.iter(SVG + "circle"))
        out.append((float(c.get("cx")), float(c.get("cy"))))
    return out


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_chameleons_backs_mirror_fronts(paper):
    pages = svg_pages("chameleons", paper)
    assert len(pages) % 2 == 0
    width = PAPERS[paper][0]
    checked = 0
    for front, back in zip(pages[::2], pages[1::2]):
        f_layers, b_layers = kind_layers(front), kind_layers(back)
        assert sorted(b_layers) == sorted(k + "-back" for k in f_layers)
        for name, layer in f_layers.items():
            fronts = _centres(layer)
            backs = _centres(b_layers[name + "-back"])
            assert len(fronts) == len(backs)
            for (fx, fy), (bx, by) in zip(fronts, backs):
                assert abs(bx - (width - fx)) <= 0.1 and abs(by - fy) <= 0.1
                checked += 1
    assert checked == 52


def test_chameleons_back_shows_the_other_face():
    sheet = piece_sheet(GAMES["chameleons"], PAPERS["A4"])
    front, back = sheet.pages[0], sheet.pages[1]
    assert (front.face, back.face) == ("front", "back")
    for f, b in zip(front.pieces, back.pieces):
        assert f.art != b.art and {f.art, b.art} == {"chameleon-dark", "chameleon-light"}


@pytest.mark.parametrize("game", list(GAMES))
def test_pieces_fit_their_spaces(game):
    g = GAMES[game]
    board = g.board()
    sizes = piece_diameters(g, board)
    for c in g.components(g.options()):
        d = sizes[(c.side, c.kind)]
        rooms = [s.room for s in board.spaces if s.kind == c.stands_on]
        assert rooms, f"{game} has no {c.stands_on} spaces"
        if c.stands_on in ("segment", "bend"):
            continue  # a segment's room is its length: checked against neighbours below
        assert 0.7 * min(rooms) <= d <= 0.8 * min(rooms) + 1e-9


def test_danadazo_pieces_on_touching_segments_do_not_overlap():
    g = GAMES["danadazo"]
    board = g.board()
    d = max(piece_diameters(g, board).values())
    ends = board.data["ends"]
    names = board.names
    closest = min(board.space(a).anchor.distance(board.space(b).anchor)
                  for i, a in enumerate(names) for b in names[i + 1:]
                  if set(ends[a]) & set(ends[b]))
    assert d <= closest - 3.0, (d, closest)
    assert abs(d - 0.55 * board.data["pitch"]) < 0.1


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_sheet_pieces_inside_margins_and_apart(game, paper):
    w, h = PAPERS[paper]
    for page in piece_sheet(GAMES[game], (w, h)).pages:
        ps = page.pieces
        for p in ps:
            r = p.diameter / 2
            assert p.center.x - r >= MARGIN - 1e-6 and p.center.x + r <= w - MARGIN + 1e-6
            assert p.center.y - r >= MARGIN - 1e-6 and p.center.y + r <= h - MARGIN + 1e-6
        for i, a in enumerate(ps):
            for b in ps[i + 1:]:
                assert a.center.distance(b.center) >= (a.diameter + b.diameter) / 2 + 2.0


@pytest.mark.parametrize("paper", ["A4", "Letter", "A5"])
def test_pdf_pages_are_the_paper_size(paper):
    import pypdf
    (name, data), = render_pieces(GAMES["chameleons"], "pdf", paper)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) >= 2 and len(reader.pages) % 2 == 0
    w, h = PAPERS[paper]
    for page in reader.pages:
        box = page.mediabox
        assert abs(float(box.width) - w * 72 / 25.4) < 0.01
        assert abs(float(box.height) - h * 72 / 25.4) < 0.01


def test_small_paper_spreads_over_more_pages():
    assert len(piece_sheet(GAMES["evl"], PAPERS["A5"]).pages) > len(
        piece_sheet(GAMES["evl"], PAPERS["A4"]).pages)


def test_diameter_sets_the_largest_kind_and_keeps_proportions():
    g = GAMES["evl"]
    board = g.board()
    default = piece_diameters(g, board)
    sized = piece_diameters(g, board, 25.0)
    assert sized[("black", "piece")] == 25.0
    ratio = default[("black", "marker")] / default[("black", "piece")]
    assert abs(sized[("white", "marker")] / 25.0 - ratio) < 1e-6


def test_rose_and_cross_art_shapes():
    rose = piece_items("rose-dark", Point(0, 0), 20.0)
    outer = [i for i in rose if i.style.startswith("piece.symbol.rose.petal")]
    inner = [i for i in rose if i.style.startswith("piece.symbol.rose.inner")]
    assert len(outer) == 5 and len(inner) == 5
    assert max(p.parts[0].radius for p in inner) < min(p.parts[0].radius for p in outer)
    cross, = [i for i in piece_items("cross-light", Point(0, 0), 20.0) if isinstance(i, Polygon)]
    pts = cross.points
    assert len(pts) == 12
    # flared arms: the arm's end is much wider than where it meets the centre
    top = sorted((p for p in pts if p.y > 7), key=lambda p: p.x)
    inner = min(abs(p.x) for p in pts if 0 < p.y < 2 and p.x > 0)
    assert top[-1].x - top[0].x > 5 * inner
    assert max(math.hypot(p.x, p.y) for p in pts) < 10.0


def test_every_component_art_is_drawable():
    arts = {c.art for g in GAMES.values() for c in g.components(g.options())}
    assert arts <= set(ART)
    for art in ART:
        assert all(i.style.startswith("piece.") for i in piece_items(art, Point(0, 0), 10.0)
                   if hasattr(i, "style"))


def test_cli_pieces_files(cli, tmp_path):
    code, out, err = cli("pieces", "chameleons", "--format", "svg", "-o", tmp_path)
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chameleons-pieces-1.svg",
                                                          "chameleons-pieces-2.svg"]
    code, _, _ = cli("pieces", "network", "--paper", "letter", "--diameter", "18", "-o", tmp_path)
    assert code == 0 and (tmp_path / "network-pieces-letter-18mm.pdf").exists()


@pytest.mark.parametrize("args", [["--paper", "B5"], ["--diameter", "300"], ["--diameter", "x"],
                                  ["--theme", "neon"]])
def test_cli_pieces_bad_values_one_line_exit_2(cli, tmp_path, args):
    code, _, err = cli("pieces", "dugi", *args, "-o", tmp_path)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_same_sheet_twice_same_bytes():
    a = render_pieces(GAMES["rosenkreuz"], "pdf")
    b = render_pieces(GAMES["rosenkreuz"], "pdf")
    assert a == b


# ----------------------------------------------------------------------------- cutting aids

#: Default piece sizes of the documented games: snapped to a common punch where one is within
#: 75-100 % of the size the board's spaces allow (worked out by hand from piece_diameters).
PUNCHED = {"rosenkreuz": (20.0, "20 mm punch"), "chameleons": (20.0, "20 mm punch"),
           "evl": (20.0, "20 mm punch"), "danadazo": (19.05, "19.05 mm, 3/4 in punch"),
           "network": (15.875, "15.875 mm, 5/8 in punch"),
           "dugi": (11.0, "11 mm, cut by hand"), "dag-en-nacht": (9.3, "9.3 mm, cut by hand")}


@pytest.mark.parametrize("game", list(GAMES))
def test_default_sizes_fit_their_spaces_and_the_sheet_says_which(game):
    import pypdf
    g = GAMES[game]
    sheet = piece_sheet(g, PAPERS["A4"])
    largest = max(p.diameter for pg in sheet.pages for p in pg.pieces)
    room = max(piece_diameters(g, g.board()).values())
    assert PUNCH_SHARE * room - 1e-9 <= largest <= room + 1e-9
    (_, data), = render_pieces(g, "pdf")
    text = " ".join(pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text().split())
    assert f"{largest:g} mm" in text
    if game in PUNCHED:
        d, said = PUNCHED[game]
        assert largest == pytest.approx(d) and said in text


def test_evl_markers_are_pentagons_and_keep_their_size():
    sheet = piece_sheet(GAMES["evl"], PAPERS["A4"])
    markers = {p.diameter for pg in sheet.pages for p in pg.pieces if p.kind == "marker"}
    assert markers == {12.5}


def test_diameter_overrides_the_punch():
    sheet = piece_sheet(GAMES["evl"], PAPERS["A4"], 18.0)
    assert max(p.diameter for pg in sheet.pages for p in pg.pieces) == 18.0


def _lines(data: bytes, page: int = 0):
    import pypdf

    from tests.pdfgeom import page_geometry, segments
    reader = pypdf.PdfReader(io.BytesIO(data))
    return reader, segments(page_geometry(reader.pages[page], reader))


def test_gutter_gives_every_cell_its_own_lines_with_waste_between(cli, tmp_path):
    status, _, _ = cli("pieces", "network", "--gutter", "2", "--output", tmp_path)
    assert status == 0
    data = (tmp_path / "network-pieces-gutter2.pdf").read_bytes()
    _, segs = _lines(data)
    sheet = piece_sheet(GAMES["network"], PAPERS["A4"], gutter=2.0)
    pieces = sheet.pages[0].pieces
    xs = sorted({round(a[0], 3) for a, b in segs if abs(a[0] - b[0]) < 1e-6})
    d = pieces[0].diameter
    for p in pieces:  # each piece has a line 1.5 mm left and right of it
        assert round(p.center.x - d / 2 - 1.5, 3) in xs and round(p.center.x + d / 2 + 1.5, 3) in xs
    row = sorted({p.center.x for p in pieces if p.center.y == pieces[0].center.y})
    assert row[1] - row[0] == pytest.approx(d + 3.0 + 2.0)
    gaps = [b - a for a, b in zip(xs, xs[1:])]
    assert min(gaps) == pytest.approx(2.0, abs=1e-3)  # the waste strip between two cells


def test_gutter_out_of_range_is_one_line_exit_2(cli, tmp_path):
    status, out, err = cli("pieces", "network", "--gutter", "25", "--output", tmp_path)
    assert status == 2 and "gutter" in err and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("game", ["evl", "chameleons", "dag-en-nacht", "danadazo"])
def test_crop_marks_continue_every_cut_line_into_the_margins(game):
    g = GAMES[game]
    (_, data), = render_pieces(g, "pdf")
    sheet = piece_sheet(g, PAPERS["A4"])
    w, h = PAPERS["A4"]
    reader, segs = _lines(data)
    guides = sheet.pages[0].guides
    left = min(min(s.a.x, s.b.x) for s in guides)
    right = max(max(s.a.x, s.b.x) for s in guides)
    inside = lambda x, y: left - 1e-3 <= x <= right + 1e-3  # noqa: E731
    from tests.pdfgeom import circles, page_geometry
    ring = [c for c in circles(page_geometry(reader.pages[0], reader), stroke=True)
            if c[1] > h - MARGIN]  # a two-sided sheet's ring mark, crossed: not crop marks

    def in_ring(a, b) -> bool:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        return any(abs(mid[0] - x) < 0.01 and abs(mid[1] - y) < 0.01 for x, y, _ in ring)
    segs = [(a, b) for a, b in segs if not in_ring(a, b)]
    marks = [(a, b) for a, b in segs if not (inside(*a) and inside(*b))
             or (abs(a[0] - b[0]) < 1e-6 and min(a[1], b[1]) >= h - MARGIN - 3.0)
             or (abs(a[0] - b[0]) < 1e-6 and max(a[1], b[1]) <= BOTTOM + 3.0)]
    rows = {round(s.a.y, 3) for s in guides if abs(s.a.y - s.b.y) < 1e-9}
    for y in rows:  # a mark left and right of every row line, inside the printable area
        ends = [(a, b) for a, b in marks if abs(a[1] - y) < 1e-3 and abs(b[1] - y) < 1e-3]
        assert len(ends) == 2, y
        for a, b in ends:
            assert min(a[0], b[0]) >= 5.0 and max(a[0], b[0]) <= w - 5.0
    tops = {round(a[0], 3) for a, b in marks if abs(a[0] - b[0]) < 1e-6 and a[1] > h / 2}
    bottoms = {round(a[0], 3) for a, b in marks if abs(a[0] - b[0]) < 1e-6 and a[1] < h / 2}
    upright = [s for s in guides if abs(s.a.x - s.b.x) < 1e-9]
    first_row = max(max(s.a.y, s.b.y) for s in guides)
    if len({round(abs(s.a.y - s.b.y), 6) for s in upright}) == 1:
        # one cell size: every column line, of any row, is marked top and bottom
        assert tops == bottoms == {round(s.a.x, 3) for s in upright}
    else:
        assert tops == {round(s.a.x, 3) for s in upright
                        if abs(max(s.a.y, s.b.y) - first_row) < 1e-9}
    # no mark touches the header or footer text
    for a, b in marks:
        assert min(a[1], b[1]) >= 7.0 and max(a[1], b[1]) <= h - 7.5


# ----------------------------------------------------------------------------- bleed

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
EXAMPLE_FILES = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))


def _game(ref: str):
    from printables.gamefile import load_game_file
    return GAMES[ref] if ref in GAMES else load_game_file(ref)


@pytest.mark.parametrize("theme", ["colour", "mono"])
@pytest.mark.parametrize("ref", sorted(GAMES) + EXAMPLE_FILES)
def test_every_piece_bleeds_in_its_own_colour_with_no_rim(ref, theme):
    """The 1 mm under each face is the face's outer fill, unstroked: no white ring and no
    dark rim outside the cut line (game files with their own side colours included)."""
    from printables.products.pieces.sheet import sheet_scenes
    from printables.render.scene import Group as SceneGroup
    from printables.render.theme import ink
    inks = THEMES[theme]
    game = _game(ref)
    checked = 0
    for scene in sheet_scenes(piece_sheet(game, PAPERS["A4"])):
        for layer in scene.items:
            if not (isinstance(layer, SceneGroup) and (layer.layer or "").startswith("pieces-")):
                continue
            for piece in layer.items:
                under, outer = piece.items[0], piece.items[1]
                assert ink(inks, under.style).fill == ink(inks, outer.style).fill is not None
                assert ink(inks, under.style).stroke is None
                checked += 1
    assert checked > 0


def test_a_game_file_piece_prints_its_colour_between_cut_line_and_bleed_edge():
    """Pixels of amazons' black pieces (a side colour of the game file), 0.6 mm outside the
    cut line: the piece's fill all round, where main printed white with a dark rim."""
    from PIL import Image
    game = _game(str(ROOT / "examples" / "amazons.toml"))
    sheet = json.loads(render_pieces(game, "json")[0][1])
    (_, png), = [f for f in render_pieces(game, "png", dpi=300) if f[0].endswith("-1.png")
                 or f[0].endswith("pieces.png")]
    img = Image.open(io.BytesIO(png)).convert("RGB")
    px = 300 / 25.4
    page_h = sheet["paper"][1]
    black = [p for p in sheet["pages"][0]["pieces"] if p["side"] == "black"]
    assert black
    for p in black[:3]:
        (cx, cy), r = p["center"], p["diameter"] / 2 + 0.6
        for k in range(24):
            a = 2 * math.pi * k / 24
            x, y = cx + r * math.cos(a), page_h - (cy + r * math.sin(a))
            colour = img.getpixel((round(x * px), round(y * px)))
            assert all(abs(c - 0x2a) <= 12 for c in colour), (p["index"], k, colour)
