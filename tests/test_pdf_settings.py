"""reportlab's settings are ours only while our canvases write: importing and using the PDF
back end leaves reportlab's globals as the process set them, and every PDF we write uses
binary Flate streams whatever those globals say (same bytes in a web worker that another
library's PDF touched first)."""

from __future__ import annotations

from reportlab import rl_config

from printables.games import GAMES
from printables.products.board_sheet import board_scene
from printables.products.booklet.book import build_booklet
from printables.render.pdf import render_pdf
from printables.render.theme import THEMES


def _board_pdf() -> bytes:
    game = GAMES["dugi"]
    theme = THEMES["colour"]
    return render_pdf([board_scene(game, game.board(), theme)], theme)


def test_the_pdf_back_end_leaves_reportlabs_globals_alone():
    assert rl_config.useA85 == 1  # reportlab's own default, though render.pdf is imported
    pdf = _board_pdf()
    assert rl_config.useA85 == 1
    assert b"/ASCII85Decode" not in pdf and b"/FlateDecode" in pdf


def test_a_pdf_is_the_same_whatever_the_process_set(monkeypatch):
    ours = _board_pdf()
    monkeypatch.setattr(rl_config, "useA85", 1)
    assert _board_pdf() == ours
    monkeypatch.setattr(rl_config, "useA85", 0)
    assert _board_pdf() == ours
    assert rl_config.useA85 == 0  # put back as it was


def test_a_booklet_writes_binary_streams_too():
    before = rl_config.useA85
    pdf = build_booklet(GAMES["network"], "A5").pdf
    assert rl_config.useA85 == before
    assert b"/ASCII85Decode" not in pdf and b"/FlateDecode" in pdf
