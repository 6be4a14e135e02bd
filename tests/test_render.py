"""Renderers: exact physical sizes, deterministic bytes, escaped text, arcs as arcs."""

from __future__ import annotations

import io
import re

import pytest

from printables.games import GAMES
from printables.geometry import Arc, Point
from printables.products.board_sheet import board_scene, sheet_size
from printables.render.pdf import render_pdf
from printables.render.scene import Path, Scene, Text
from printables.render.svg import render_svg
from printables.render.theme import THEMES
from tests.conftest import needs_png

SQUARE = ["rosenkreuz", "chameleons", "dag-en-nacht", "network"]


def scene_of(name, theme="colour"):
    g = GAMES[name]
    return board_scene(g, g.board(), THEMES[theme])


@pytest.mark.parametrize("name", SQUARE)
def test_pdf_page_box_equals_sheet_size(name):
    from pypdf import PdfReader
    pdf = render_pdf([scene_of(name)], THEMES["colour"])
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    w, h = sheet_size(GAMES[name].board())
    assert float(page.mediabox.width) * 25.4 / 72 == pytest.approx(w, abs=0.01)
    assert float(page.mediabox.height) * 25.4 / 72 == pytest.approx(h, abs=0.01)
    assert float(page.trimbox.width) == pytest.approx(float(page.mediabox.width))


def test_pdf_embeds_its_fonts():
    from pypdf import PdfReader
    page = PdfReader(io.BytesIO(render_pdf([scene_of("network")], THEMES["colour"]))).pages[0]
    fonts = page["/Resources"]["/Font"]
    assert fonts
    for f in fonts.values():
        f = f.get_object()
        if "/DescendantFonts" in f:
            f = f["/DescendantFonts"][0].get_object()
        assert "/FontFile2" in f["/FontDescriptor"].get_object()


@pytest.mark.parametrize("name", SQUARE)
def test_svg_is_in_mm_with_matching_viewbox(name):
    svg = render_svg(scene_of(name), THEMES["colour"]).decode()
    w, h = sheet_size(GAMES[name].board())
    root = re.search(r"<svg[^>]*>", svg).group(0)
    width = re.search(r'\bwidth="([\d.]+)mm"', root).group(1)
    height = re.search(r'\bheight="([\d.]+)mm"', root).group(1)
    vb = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', root)
    assert float(width) == pytest.approx(w) and float(height) == pytest.approx(h)
    assert float(vb.group(1)) == pytest.approx(w) and float(vb.group(2)) == pytest.approx(h)
    assert 'inkscape:groupmode="layer"' in svg


@pytest.mark.parametrize("theme", ["colour", "mono"])
def test_same_scene_same_bytes(theme):
    a, b = scene_of("chameleons", theme), scene_of("chameleons", theme)
    assert render_svg(a, THEMES[theme]) == render_svg(b, THEMES[theme])
    assert render_pdf([a], THEMES[theme]) == render_pdf([b], THEMES[theme])


def test_text_is_escaped_in_svg():
    s = Scene(50, 20, (Text(Point(1, 1), 'a<b & "c" \U0001F3B2', 3, "text"),))
    svg = render_svg(s, THEMES["colour"]).decode()
    assert "a&lt;b &amp; &quot;c&quot;" in svg or "a&lt;b &amp; \"c\"" in svg
    render_pdf([s], THEMES["colour"])  # renders without crashing


def test_arcs_are_svg_arc_commands():
    s = Scene(50, 50, (Path((Arc(Point(25, 25), 10, 0, 90),), "default"),))
    d = re.search(r' d="([^"]+)"', render_svg(s, THEMES["colour"]).decode()).group(1)
    # (35,25) to (25,35) ccw in y-up: through (32.07, 32.07), i.e. screen (32.07, 17.93)
    assert d == "M35 25 A10 10 0 0 0 25 15"


def test_mono_theme_hatches_dark_squares_without_large_fills():
    svg = render_svg(scene_of("rosenkreuz", "mono"), THEMES["mono"]).decode()
    assert "clip-path" in svg
    fills = set(re.findall(r'fill="(#[0-9a-fA-F]{6})"', svg))
    assert fills <= {"#1a1a1a", "#555555", "#ffffff"}  # text and small marks only


@needs_png
@pytest.mark.parametrize("dpi", [72, 150])
def test_png_pixel_size_matches_dpi(dpi):
    from PIL import Image

    from printables.render.png import render_png
    scene = scene_of("rosenkreuz")
    png = render_png(scene, THEMES["colour"], dpi)
    img = Image.open(io.BytesIO(png))
    assert img.size == (round(scene.width / 25.4 * dpi), round(scene.height / 25.4 * dpi))
    assert render_png(scene, THEMES["colour"], dpi) == png


def test_png_without_cairo_says_what_to_install(monkeypatch):
    import builtins

    from printables.errors import RenderError
    from printables.render import png as png_mod
    real = builtins.__import__

    def fake(name, *a, **k):
        if name.startswith("cairosvg"):
            raise OSError("no library called cairo was found")
        return real(name, *a, **k)
    monkeypatch.setattr(builtins, "__import__", fake)
    with pytest.raises(RenderError, match="libcairo2"):
        png_mod.render_png(scene_of("rosenkreuz"), THEMES["colour"])


def _dark_pixels(img) -> int:
    return sum(img.convert("L").histogram()[:90])


def test_text_halo_keeps_the_letters_visible_in_pdf_and_png():
    """A halo is drawn under the letters; the letters themselves must still show."""
    import pypdfium2

    from printables.geometry import Polygon as GeoPolygon
    from printables.render.scene import Group, from_shape
    ground = from_shape(GeoPolygon((Point(0, 0), Point(40, 0), Point(40, 20), Point(0, 20))),
                        "space.dark")
    scene = Scene(40, 20, (Group((ground,)), Text(Point(20, 7), "abc", 8, "label.ring")))
    svg = render_svg(scene, THEMES["colour"]).decode()
    # cairosvg ignores paint-order: the halo is a stroked copy of the text under the letters
    assert "paint-order" not in svg
    halo, letters = re.findall(r"<text [^>]*>abc</text>", svg)
    assert 'stroke="#ffffff"' in halo and "stroke" not in letters
    pdf = render_pdf([scene], THEMES["colour"])
    page = pypdfium2.PdfDocument(pdf)[0].render(scale=4).to_pil()
    plain = render_pdf([Scene(40, 20, (Group((ground,)),))], THEMES["colour"])
    base = _dark_pixels(pypdfium2.PdfDocument(plain)[0].render(scale=4).to_pil())
    assert _dark_pixels(page) > base + 50  # the letters add dark pixels on the white halo
    from printables.render.png import png_available
    if png_available():
        from PIL import Image

        from printables.render.png import render_png
        png = Image.open(io.BytesIO(render_png(scene, THEMES["colour"], 300)))
        png_base = Image.open(io.BytesIO(render_png(Scene(40, 20, (Group((ground,)),)),
                                                    THEMES["colour"], 300)))
        assert _dark_pixels(png) > _dark_pixels(png_base) + 50


@needs_png
@pytest.mark.parametrize("name", ["dugi", "evl"])
def test_png_is_cairosvgs_rendering_of_our_svg(name):
    """PNG and SVG cannot disagree: the PNG's pixels are cairosvg's rendering of the SVG."""
    import cairosvg
    from PIL import Image, ImageChops

    from printables.render.png import _forget_cairo_state, render_png
    scene = scene_of(name)
    _forget_cairo_state()  # both start from clean cairo caches (other tests draw with cairo)
    ours = Image.open(io.BytesIO(render_png(scene, THEMES["colour"], 40))).convert("RGB")
    ref = cairosvg.svg2png(bytestring=render_svg(scene, THEMES["colour"]), dpi=40)
    _forget_cairo_state()
    ref = Image.open(io.BytesIO(ref)).convert("RGBA")
    ref = Image.alpha_composite(Image.new("RGBA", ref.size, "white"), ref).convert("RGB")
    assert ours.size == ref.size
    assert max(hi for _, hi in ImageChops.difference(ours, ref).getextrema()) <= 2


def test_png_above_the_pixel_limit_is_refused_in_one_line(cli, tmp_path):
    code, out, err = cli("board", "dugi", "--format", "png", "--dpi", "1200", "-o", tmp_path)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "megapixel" in err and "--dpi" in err
    assert not list(tmp_path.iterdir())


def test_laser_mode_closes_every_run_and_refuses_text():
    from printables.render.scene import Group
    ring = (Arc(Point(10, 10), 5, 0, 360), Arc(Point(10, 10), 2, 0, -360))
    s = Scene(20, 20, (Group((Path(ring, "engrave", closed=True),), layer="engrave"),))
    theme = {"default": THEMES["colour"]["default"], "engrave": THEMES["colour"]["point"]}
    svg = render_svg(s, theme, laser=True).decode()
    d = re.search(r' d="([^"]+)"', svg).group(1)
    assert d.count("M") == 2 and d.count("Z") == 2 and d.count("A") == 4
    assert 'fill-rule="evenodd"' in svg and 'inkscape:label="engrave"' in svg
    with pytest.raises(TypeError, match="text"):
        render_svg(Scene(20, 20, (Text(Point(1, 1), "x", 3, "text"),)), theme, laser=True)


def test_svg_builds_leave_the_garbage_collector_as_they_found_it():
    """The board SVG pauses the cyclic collector while it builds; afterwards it runs again,
    also after a failed build and after builds in many threads at once, and stays off for
    a caller that had turned it off."""
    import gc
    import threading

    scene, theme = scene_of("dugi"), THEMES["colour"]
    assert gc.isenabled()
    render_svg(scene, theme)
    assert gc.isenabled()
    with pytest.raises(TypeError):
        render_svg(Scene(10, 10, (Text(Point(1, 1), "x", 3.0, "default"),)), theme, laser=True)
    assert gc.isenabled()
    outs: list[bytes] = []
    threads = [threading.Thread(target=lambda: outs.extend(render_svg(scene, theme)
                                                           for _ in range(5)))
               for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert gc.isenabled() and len(set(outs)) == 1 and len(outs) == 40
    gc.disable()
    try:
        render_svg(scene, theme)
        assert not gc.isenabled()
    finally:
        gc.enable()
