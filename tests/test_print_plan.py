"""The print plan of a print-and-play file: two jobs when card and paper differ (card
single-sided, paper double-sided), the page ranges of each job read back from the plan
page and checked against the parts' bookmarks, and the ring marks that let a printer
without duplex check the second feed of a two-sided sheet."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from printables.games import GAMES
from printables.products.kit_build import KitTask, build_game
from printables.products.pieces.sheet import RING_MARK_R, piece_sheet, sheet_scenes
from printables.render.scene import Circle, Group
from printables.units import PAPERS


def plan_and_parts(game: str, paper: str = "A4"):
    files = build_game(KitTask(game, paper))
    reader = PdfReader(io.BytesIO(files[f"{game}/{game}-print-and-play.pdf"]))
    text = " ".join(reader.pages[0].extract_text().split())
    parts = {o.title.split(" (")[0]: o.title.split("(pages ")[1].rstrip(")")
             for o in reader.outline[1:]}
    return text, parts


def test_card_and_paper_are_two_jobs_with_the_right_pages():
    text, parts = plan_and_parts("dugi")
    job1 = re.search(r"Job 1, on card, single-sided: the odd pages of ([\d\- and]+);", text)
    assert job1 and job1[1] == f"{parts['Board']} and {parts['Pieces']}"
    job2 = re.search(r"Job 2, on paper, double-sided, flipping on the LONG edge: pages "
                     r"([\d-]+)\.", text)
    assert job2 and job2[1] == parts["Rule booklet"]
    assert "105-163 g/m2" in text


def test_two_sided_card_is_fed_twice_with_a_ring_mark_test():
    text, parts = plan_and_parts("chameleons")
    assert f"the part with backs (pages {parts['Pieces']}): print its odd pages" in text
    assert "over along the LONG edge" in text and "ring marks at the top must meet" in text
    assert f"the odd pages of {parts['Board']};" in text


def rings(scene) -> list[tuple[float, float]]:
    out = []
    for g in scene.items:
        if isinstance(g, Group) and g.layer == "labels":
            out += [(i.center.x, i.center.y) for i in g.items
                    if isinstance(i, Circle) and i.style == "mark" and i.radius == RING_MARK_R]
    return out


def test_ring_marks_meet_through_the_sheet_after_a_long_edge_flip():
    for paper in ("A4", "Letter", "A3"):
        sheet = piece_sheet(GAMES["chameleons"], PAPERS[paper])
        scenes = sheet_scenes(sheet)
        w = sheet.paper[0]
        for front, back in zip(scenes[::2], scenes[1::2], strict=True):
            (f,), (b,) = rings(front), rings(back)
            assert abs((w - f[0]) - b[0]) < 1e-9 and abs(f[1] - b[1]) < 1e-9
            assert abs(f[0] - w / 2) > 10  # off-centre: a short-edge flip shows them apart


def test_one_sided_sheets_have_no_ring_marks():
    sheet = piece_sheet(GAMES["dugi"], PAPERS["A4"])
    assert all(rings(s) == [] for s in sheet_scenes(sheet))
