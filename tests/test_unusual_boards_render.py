"""EVL, Danadazo and Dugi through every format of `printables board`, both themes; Dugi's
sectors as true arcs in SVG, PDF and JSON."""

from __future__ import annotations

import json
import re

import pytest

from printables.games import GAMES
from printables.products.board_sheet import board_scene
from printables.render.png import png_available
from printables.render.svg import render_svg
from printables.render.theme import THEMES

FORMATS = ["svg", "pdf", "json"] + (["png"] if png_available() else [])


@pytest.mark.parametrize("game", ["evl", "danadazo", "dugi"])
@pytest.mark.parametrize("theme", ["colour", "mono"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_and_theme(cli, tmp_path, game, theme, fmt):
    code, out, err = cli("board", game, "--format", fmt, "--theme", theme, "--dpi", "40",
                         "-o", tmp_path)
    assert code == 0, err
    path = tmp_path / out.strip().split("/")[-1]
    data = path.read_bytes()
    magic = {"svg": b"<?xml", "pdf": b"%PDF", "json": b"{", "png": b"\x89PNG"}[fmt]
    assert data.startswith(magic) and len(data) > 2000


def test_dugi_svg_sectors_are_arcs_not_polylines():
    g = GAMES["dugi"]
    svg = render_svg(board_scene(g, g.board(), THEMES["colour"]), THEMES["colour"]).decode()
    spaces = re.search(r'<g id="layer-spaces"[^>]*>(.*?)</g>', svg, re.S).group(1)
    paths = re.findall(r'<path d="([^"]+)"', spaces)
    assert len(paths) == 168 and "<polygon" not in spaces
    for d in paths:  # outer arc, radial line, inner arc, radial line
        assert d.count("A") == 2 and d.count("L") <= 2, d


def test_dugi_pdf_draws_curves():
    import io

    from pypdf import PdfReader

    from printables.render.pdf import render_pdf
    g = GAMES["dugi"]
    pdf = render_pdf([board_scene(g, g.board(), THEMES["colour"])], THEMES["colour"])
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()
    curves = len(re.findall(rb" c[\n ]", content))
    assert curves >= 168 * 2  # Bezier curve operators for the two arcs of every sector


def test_dugi_json_outlines_are_arcs(cli, tmp_path):
    assert cli("board", "dugi", "--format", "json", "-o", tmp_path)[0] == 0
    data = json.loads((tmp_path / "dugi-board.json").read_text())
    assert len(data["spaces"]) == 168
    for s in data["spaces"]:
        kinds = [p["type"] for p in s["outline"]["parts"]]
        assert s["outline"]["type"] == "outline" and kinds.count("arc") == 2, kinds
