"""Print-shop checks on the files a kit writes, read back as a printer or preflight tool
would: no ink within 5 mm of any page edge (every page of every PDF, rasterised), one
subset tag per embedded font subset in each print-and-play file, tile pages' TrimBox on the
cut line (keeping the registration crosses) and BleedBox holding the printed bleed, and
PNGs that say their dpi.

The A4 kits run by default; Letter and A3 are marked slow (the normal run includes them).
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from functools import cache

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from printables.games import GAMES
from printables.products.common import SAFE_EDGE
from printables.products.kit_build import KitTask, build_game
from printables.products.requests import PREVIEW_DPI, SETUP_DPI

#: Rasterising resolution: 60 dpi is 0.42 mm a pixel, fine enough to see a 0.15 mm line.
DPI = 60
#: A pixel counts as ink when it is darker than this (0-255 grey).
INK = 250
PAPERS = [pytest.param("A4"), pytest.param("Letter", marks=pytest.mark.slow),
          pytest.param("A3", marks=pytest.mark.slow)]


@cache
def kit(game: str, paper: str) -> dict[str, bytes]:
    """One game's kit files (print part), built once per test session."""
    return build_game(KitTask(game, paper))


def ink_margins(pdf: bytes, dpi: int = DPI) -> list[dict[str, float]]:
    """Per page: the distance in mm from each page edge to the nearest ink, measured
    conservatively (a pixel with ink counts from its edge nearest the page edge)."""
    doc = pdfium.PdfDocument(pdf)
    out = []
    px = 25.4 / dpi
    for i in range(len(doc)):
        img = doc[i].render(scale=dpi / 72, grayscale=True).to_numpy()
        grey = img if img.ndim == 2 else img[..., 0]
        ys, xs = np.nonzero(grey < INK)
        h, w = grey.shape
        if not len(xs):
            out.append({})
            continue
        out.append({"left": xs.min() * px, "right": (w - 1 - xs.max()) * px,
                    "top": ys.min() * px, "bottom": (h - 1 - ys.max()) * px})
    return out


def too_close(pdf: bytes, edge: float = SAFE_EDGE) -> dict[int, dict[str, float]]:
    """Pages (1-based) with ink nearer than `edge` mm to an edge, and by how much."""
    found = {}
    for n, margins in enumerate(ink_margins(pdf), 1):
        near = {side: round(d, 2) for side, d in margins.items() if d < edge}
        if near:
            found[n] = near
    return found


def test_the_margin_check_sees_ink_at_an_edge():
    from printables.geometry import Point
    from printables.render.pdf import render_pdf
    from printables.render.scene import Group, Scene, Text
    from printables.render.theme import THEMES
    near = Scene(100, 100, (Group((Text(Point(50, 2.0), "edge", 3.0, "text"),)),))
    inside = Scene(100, 100, (Group((Text(Point(50, 50), "middle", 3.0, "text"),)),))
    assert too_close(render_pdf([near], THEMES["colour"])) == {1: {"bottom": pytest.approx(
        1.27, abs=0.5)}}
    assert too_close(render_pdf([inside], THEMES["colour"])) == {}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.slow  # every page rasterised
def test_no_ink_within_5_mm_of_any_page_edge(game, paper):
    files = kit(game, paper)
    pdfs = sorted(name for name in files if name.endswith(".pdf"))
    assert {f"{game}/board.pdf", f"{game}/pieces.pdf", f"{game}/booklet.pdf",
            f"{game}/booklet-imposed.pdf", f"{game}/{game}-print-and-play.pdf"} <= set(pdfs)
    bad = {name: found for name in pdfs if (found := too_close(files[name]))}
    assert bad == {}


def subset_fonts(pdf: bytes, tmp_path) -> list[str]:
    """The names of the embedded subset fonts pdffonts (poppler) lists for a PDF."""
    path = tmp_path / "file.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    rows = out.stdout.splitlines()[2:]
    return [r.split()[0] for r in rows if re.match(r"^[A-Z]{6}\+", r)]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_every_font_subset_of_a_print_and_play_file_has_its_own_tag(game, paper, tmp_path):
    names = subset_fonts(kit(game, paper)[f"{game}/{game}-print-and-play.pdf"], tmp_path)
    assert len(names) >= 3  # board, pieces, plan and booklet each bring subsets
    tags = [n.split("+")[0] for n in names]
    assert len(set(tags)) == len(tags), sorted(tags)


def font_names(pdf: bytes) -> set[str]:
    """Every embedded font's /BaseFont in a PDF (page resources and the forms they use)."""
    reader = PdfReader(io.BytesIO(pdf))
    names: set[str] = set()
    seen: set[int] = set()

    def walk(res) -> None:
        res = res.get_object() if res is not None else None
        if not res:
            return
        for ref in (res.get("/Font") or {}).values():
            font = ref.get_object()
            names.add(str(font["/BaseFont"]))
            for desc in font.get("/DescendantFonts", ()):
                names.add(str(desc.get_object()["/BaseFont"]))
        for ref in (res.get("/XObject") or {}).values():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and id(form) not in seen:
                seen.add(id(form))
                walk(form.get("/Resources"))
    for page in reader.pages:
        walk(page.get("/Resources"))
    return names


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.slow  # a kit's PDFs per game
def test_every_pdf_of_a_kit_gives_each_font_subset_its_own_tag(game):
    """Board, pieces, setup, booklet, imposed booklet and print-and-play: no subset tag is
    shared by two fonts (main named every font's first subset AAAAAA+), and the files are
    the same bytes when built again."""
    files = kit(game, "A4")
    checked = 0
    for name in sorted(n for n in files if n.endswith(".pdf")):
        subsets = sorted(n for n in font_names(files[name]) if re.match(r"^/[A-Z]{6}\+", n))
        tags = [n[1:7] for n in subsets]
        assert len(set(tags)) == len(tags), (name, subsets)
        checked += len(subsets) > 1
    assert checked >= 4
    again = build_game(KitTask(game, "A4"))
    assert {n: again[n] for n in files if n.endswith(".pdf")} == {
        n: files[n] for n in files if n.endswith(".pdf")}


def test_tile_pages_trim_on_the_cut_line_keeping_their_registration_crosses():
    from printables.products.tiling import BLEED
    from tests.pdfgeom import page_geometry, segments
    reader = PdfReader(io.BytesIO(kit("dugi", "A4")["dugi/board.pdf"]))
    pt = 72 / 25.4
    seen = 0
    for page in reader.pages[1:]:
        trim = [float(v) / pt for v in page.trimbox]
        bleed = [float(v) / pt for v in page.bleedbox]
        media = [float(v) / pt for v in page.mediabox]
        lines = segments(page_geometry(page, reader, follow_forms=False))
        # the cut lines: straight lines across the page, clear of its 5 mm edge band
        cuts_x = [s[0][0] for s in lines if abs(s[0][0] - s[1][0]) < 1e-6
                  and abs(s[0][1] - s[1][1]) > media[3] - 2 * SAFE_EDGE - 2]
        cuts_y = [s[0][1] for s in lines if abs(s[0][1] - s[1][1]) < 1e-6
                  and abs(s[0][0] - s[1][0]) > media[2] - 2 * SAFE_EDGE - 2]
        seen += len(cuts_x) + len(cuts_y)
        for x in cuts_x:  # the left cut is the TrimBox's edge, 2 mm of board outside it
            assert trim[0] == pytest.approx(x, abs=0.01)
            assert bleed[0] == pytest.approx(x - BLEED, abs=0.01)
        for y in cuts_y:
            assert trim[3] == pytest.approx(y, abs=0.01)
            assert bleed[3] == pytest.approx(y + BLEED, abs=0.01)
        # registration crosses and half crosses: the short straight marks drawn on the
        # page; all in the TrimBox but those past a cut line (they fall away with it)
        marks = [s for s in lines
                 if ((s[0][0] - s[1][0]) ** 2 + (s[0][1] - s[1][1]) ** 2) ** 0.5 < 5
                 and (abs(s[0][0] - s[1][0]) < 1e-6 or abs(s[0][1] - s[1][1]) < 1e-6)]
        kept = [s for s in marks if not any(x < cut - 0.01 for x in (s[0][0], s[1][0])
                                            for cut in cuts_x)
                and not any(y > cut + 0.01 for y in (s[0][1], s[1][1]) for cut in cuts_y)]
        assert kept
        outside = [s for s in kept for x, y in s
                   if not (trim[0] - 0.01 <= x <= trim[2] + 0.01
                           and trim[1] - 0.01 <= y <= trim[3] + 0.01)]
        assert outside == []
        assert bleed[0] <= trim[0] and bleed[1] <= trim[1]
        assert bleed[2] >= trim[2] and bleed[3] >= trim[3]
        assert media[0] + SAFE_EDGE <= bleed[0] and trim[2] <= media[2] - SAFE_EDGE
    assert seen >= 5  # six tiles, 2 x 3: three left cuts and two top cuts


def png_dpi(data: bytes) -> tuple[float, float]:
    """The resolution a PNG's pHYs chunk states."""
    return Image.open(io.BytesIO(data)).info["dpi"]


@pytest.mark.parametrize("name, dpi", [("board.png", PREVIEW_DPI), ("setup.png", SETUP_DPI)])
def test_kit_pngs_state_their_dpi(name, dpi):
    x, y = png_dpi(kit("dugi", "A4")[f"dugi/{name}"])
    assert x == pytest.approx(dpi, abs=0.01) and y == pytest.approx(dpi, abs=0.01)


def test_board_png_from_the_cli_states_the_asked_dpi(cli, tmp_path):
    code, _, err = cli("board", "evl", "--format", "png", "--dpi", "90", "-o", tmp_path)
    assert code == 0, err
    (png,) = tmp_path.glob("*.png")
    assert png_dpi(png.read_bytes()) == pytest.approx((90, 90), abs=0.01)
