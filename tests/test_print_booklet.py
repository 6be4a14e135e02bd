"""Booklet text the program decides: the tile count a rules text prints comes from the
tiling plan the kit uses, and a number the program does not know is refused."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from printables.errors import UsageError
from printables.games import GAMES
from printables.products.booklet.book import build_booklet, derive_numbers, tile_pages
from printables.products.kit_build import KitTask, build_game
from printables.units import PAPERS


def booklet_text(name: str) -> str:
    reader = PdfReader(io.BytesIO(build_booklet(GAMES[name]).pdf))
    return " ".join(" ".join(p.extract_text().split()) for p in reader.pages)


def test_dugi_booklet_says_six_pages_of_a4_as_the_kit_prints():
    text = booklet_text("dugi")
    assert "six pages of A4, six of letter, or two of A3" in text
    board = PdfReader(io.BytesIO(build_game(KitTask("dugi", "A4"))["dugi/board.pdf"]))
    assert len(board.pages) - 1 == tile_pages(GAMES["dugi"], PAPERS["A4"]) == 6  # + assembly


def test_a_board_that_fits_one_page_counts_one():
    assert derive_numbers("{tiles:A4}", GAMES["evl"], "x.md") == "one"


def test_an_unknown_number_is_refused_naming_the_file():
    with pytest.raises(UsageError, match=re.escape("x.md: unknown number '{tiles:B7}'")):
        derive_numbers("on {tiles:B7} pages", GAMES["dugi"], "x.md")


def test_no_cover_label_prints_under_6_pt():
    from printables.products.booklet.book import LEAST_LABEL, Typeset, cover
    from printables.products.booklet.flow import FormCache, SceneFlowable, metrics, styles
    from printables.render.scene import Group, Text
    from printables.render.theme import THEMES
    m = metrics(148.0, 210.0)
    ts = Typeset(THEMES["colour"], m, styles(m), FormCache())
    dropped = 0
    for game in GAMES.values():
        (flow,) = [f for f in cover(game, ts) if isinstance(f, SceneFlowable)]
        flow.wrap(m.frame_w * 72 / 25.4, m.frame_h * 72 / 25.4)
        labels = [t for g in flow.scene.items if isinstance(g, Group) and g.layer == "labels"
                  for t in g.items if isinstance(t, Text)]
        assert all(t.size * flow.scale >= LEAST_LABEL - 1e-9 for t in labels), game.name
        dropped += not labels
    assert dropped == 2  # EVL's and Dugi's boards are too fine for the cover's scale


@pytest.mark.parametrize("name", sorted(GAMES))
def test_player_aid_gives_movement_and_capture_from_the_rules_texts_summaries(name):
    from printables.positions import bundled_rules
    from printables.products.booklet.book import SUMMARY, read_rules
    _, _, sections, _ = read_rules(GAMES[name], bundled_rules())
    chosen = {s.title.lower(): s for s in sections}
    reader = PdfReader(io.BytesIO(build_booklet(GAMES[name]).pdf))
    aid = " ".join(reader.pages[-1].extract_text().split())
    assert "Player aid Playing a turn" in aid
    for key in [k for k in ("moving", "capturing") if k in chosen]:  # no captures: none
        (short,) = [b.text for b in chosen[key].blocks if b.text.startswith(SUMMARY)]
        words = re.sub(r"[*`]", "", short).split()
        assert " ".join(words[2:10]) in aid, (key, words[:10])
    for key in ("Playing a turn", "Moving", "Capturing", "End of the game", "Notation"):
        assert key in aid or key.lower() not in chosen, key


RULES = __import__("pathlib").Path(__file__).resolve().parent.parent / "rules_text"


@pytest.mark.parametrize("name", sorted(set(GAMES) - {"dugi"}))  # Dugi's is the designer's
def test_the_no_legal_move_rule_is_marked_as_our_ruling_in_every_game(name):
    text = (RULES / f"{name}.md").read_text()
    lines = [ln for ln in text.splitlines() if not ln.startswith(("[^", "    "))
             and re.search(r"no legal (move|drop)", ln)]
    assert lines and all("[^" in ln for ln in lines), lines


def test_one_name_per_rule_in_rules_texts_and_captions():
    from printables.products.booklet.examples import load_examples
    layouts = RULES.parent / "layouts"
    words = " ".join((RULES / f"{g}.md").read_text() for g in GAMES)
    words += " ".join(e.title + " " + e.explain for g in GAMES.values()
                      for e in load_examples(g, layouts))
    for other in ("pie rule", "alternating option"):
        assert other not in words.lower()


@pytest.mark.parametrize("size, last, corner, goal", [
    (8, "h", "h8", "b8 to g8"), (10, "j", "j10", "b10 to i10"), (12, "l", "l12", "b12 to k12")])
def test_network_components_describe_the_variants_board(size, last, corner, goal):
    """The Components text of Network's booklet describes the board the booklet shows:
    the 12 x 12 booklet says 12×12 and its corners and goals, not the standard 8×8."""
    reader = PdfReader(io.BytesIO(build_booklet(GAMES["network"],
                                                options={"size": size}).pdf))
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    part = text[text.index("A square board of"):text.index("Setup", text.index("A square"))]
    assert f"{size}×{size} cells" in part and corner in part and goal in part
    assert f"lettered a to {last}" in part and f"1 to {size} from" in part
    if size != 8:
        assert "8×8" not in part and "h8" not in part
