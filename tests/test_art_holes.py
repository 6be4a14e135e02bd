"""SVG art keeps its holes (issue #41): the subpaths of one element are filled together by
its fill rule, so a ring prints as a ring in PDF, PNG and the laser's engrave layer. The
tests look at pixels: the middle of the hole shows the piece's disc, the band shows the
art."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from printables.gamefile import load_game_file
from printables.geometry import Point
from printables.products.laser.model import move_marks
from printables.products.laser.pieces import piece_marks
from printables.products.pieces.art import piece_items
from printables.render.pdf import render_pdf
from printables.render.png import render_png, svg_to_png
from printables.render.scene import Path as ScenePath
from printables.render.scene import Scene
from printables.render.svg import render_svg
from printables.render.theme import THEMES, Ink
from tests.conftest import needs_png
from tests.test_gamefile_art import GAME

DISC, ART = (0xc0, 0x39, 0x2b), (0x11, 0x11, 0x11)
SIZE, D = 40.0, 30.0  # the scene's side and the piece's diameter, mm


def ring(r: float, clockwise: bool, n: int = 48) -> str:
    """A circle of radius r round (50, 50) as path data, n corners, either way round."""
    sign = -1 if clockwise else 1
    pts = [(50 + r * math.cos(sign * 2 * math.pi * k / n), 50 + r * math.sin(sign * 2 * math.pi
                                                                         * k / n))
           for k in range(n)]
    return "M" + " L".join(f"{x:.3f} {y:.3f}" for x, y in pts) + " Z"


def svg(rule: str, hole_reversed: bool) -> str:
    d = ring(45, False) + " " + ring(25, hole_reversed)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<path fill="#111111" fill-rule="{rule}" d="{d}"/></svg>')


def art_key(tmp_path: Path, text: str) -> str:
    (tmp_path / "r.md").write_text("# Art\n")
    (tmp_path / "ring.svg").write_text(text)
    path = tmp_path / "g.toml"
    path.write_text(GAME.replace("ART", "ring.svg"))
    game = load_game_file(path)
    return next(c.art for c in game.components({}) if c.side == "red")


def piece_scene(key: str) -> Scene:
    return Scene(SIZE, SIZE, piece_items(key, Point(SIZE / 2, SIZE / 2), D))


def sample(img: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour at a point given in mm from the scene's top-left."""
    k = img.width / SIZE
    return img.convert("RGB").getpixel((round(x_mm * k), round(y_mm * k)))


def near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= 24


def png_pixels(scene: Scene, theme=THEMES["colour"]) -> Image.Image:
    return Image.open(io.BytesIO(render_png(scene, theme, 200)))


def pdf_pixels(scene: Scene) -> Image.Image:
    doc = pdfium.PdfDocument(render_pdf([scene], THEMES["colour"]))
    return doc[0].render(scale=200 / 72).to_pil()


def laser_pixels(key: str) -> Image.Image:
    """The piece's engrave layer as a laser sheet draws it (one even-odd path)."""
    marks = move_marks(piece_marks(key, D)[0], SIZE / 2, SIZE / 2)
    parts = tuple(p for f in marks.fills for c in f.contours for p in c)
    scene = Scene(SIZE, SIZE, (ScenePath(parts, "engrave", closed=True),))
    theme = {"default": Ink(), "engrave": Ink(fill="#000000")}
    return Image.open(io.BytesIO(svg_to_png(render_svg(scene, theme, laser=True), 200)))


@needs_png
@pytest.mark.parametrize("rule, reversed_hole", [("nonzero", True), ("evenodd", False),
                                                 ("evenodd", True)])
def test_a_ring_prints_as_a_ring(tmp_path, rule, reversed_hole):
    key = art_key(tmp_path, svg(rule, reversed_hole))
    scene = piece_scene(key)
    # the art's 100 units fill 0.7 of the piece: the band runs from 25 to 45 units out
    middle, band = (SIZE / 2, SIZE / 2), (SIZE / 2 + 35 * 0.7 * D / 100, SIZE / 2)
    for name, img in (("png", png_pixels(scene)), ("pdf", pdf_pixels(scene))):
        assert near(sample(img, *middle), DISC), (name, sample(img, *middle))
        assert near(sample(img, *band), ART), (name, sample(img, *band))
    laser = laser_pixels(key)
    assert near(sample(laser, *middle), (255, 255, 255))  # the hole is not engraved
    assert near(sample(laser, *band), (0, 0, 0))


@needs_png
def test_a_nonzero_hole_drawn_the_same_way_round_is_filled_over(tmp_path):
    """SVG's own reading: under nonzero, an inner circle running the same way as the outer
    one adds to the fill; the print and the laser agree on it."""
    key = art_key(tmp_path, svg("nonzero", False))
    scene = piece_scene(key)
    middle = (SIZE / 2, SIZE / 2)
    assert near(sample(png_pixels(scene), *middle), ART)
    assert near(sample(pdf_pixels(scene), *middle), ART)
    assert near(sample(laser_pixels(key), *middle), (0, 0, 0))


def test_the_fill_rule_is_read_and_checked(tmp_path):
    from printables.errors import LayoutError
    from printables.gamefile.art import read_art
    (tmp_path / "a.svg").write_text(svg("evenodd", False))
    art = read_art(tmp_path / "a.svg")
    assert len(art.shapes) == 1 and art.shapes[0].rule == "evenodd"
    assert len(art.shapes[0].subpaths) == 2
    (tmp_path / "b.svg").write_text(svg("evenodd", False).replace("evenodd", "inherit"))
    with pytest.raises(LayoutError, match="fill-rule 'inherit' is not nonzero or evenodd"):
        read_art(tmp_path / "b.svg")
