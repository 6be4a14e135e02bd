"""`printables kit all`: the whole tree for every game, reproducible, with index and manifest."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from pypdf import PdfReader

from printables.games import GAMES
from tests.conftest import needs_png, run_cli

EXPECTED = ["board.pdf", "board.svg", "pieces.pdf", "booklet.pdf", "booklet-imposed.pdf"]
A4 = (210.0, 297.0)
PT = 72 / 25.4
pytestmark = pytest.mark.kit


@pytest.fixture(scope="module")
def kit_dirs(tmp_path_factory):
    """Two runs of `printables kit all` into two folders."""
    from printables.cli import main
    dirs = []
    for name in ("first", "second"):
        out = tmp_path_factory.mktemp(name)
        assert main(["kit", "all", "--output", str(out)]) == 0
        dirs.append(out)
    return dirs


def test_every_game_has_its_files(kit_dirs):
    out = kit_dirs[0]
    for game in GAMES:
        folder = out / game
        for name in EXPECTED + [f"{game}-print-and-play.pdf"]:
            assert (folder / name).stat().st_size > 1000, (game, name)
        lasers = sorted((folder / "laser").glob("*.svg"))
        assert lasers and all(p.name.startswith(f"{game}-laser-") for p in lasers)
    assert (out / "index.html").exists() and (out / "manifest.json").exists()


@needs_png
def test_previews_are_pngs(kit_dirs):
    for game in GAMES:
        for name in ("board.png", "setup.png"):
            assert (kit_dirs[0] / game / name).read_bytes().startswith(b"\x89PNG"), (game, name)


def test_second_run_gives_the_same_manifest(kit_dirs):
    a, b = (json.loads((d / "manifest.json").read_text()) for d in kit_dirs)
    assert a == b
    for row in a["files"]:
        data = (kit_dirs[0] / row["file"]).read_bytes()
        assert len(data) == row["size"] and hashlib.sha256(data).hexdigest() == row["sha256"]


def test_index_links_every_game_and_preview(kit_dirs):
    html = (kit_dirs[0] / "index.html").read_text()
    for game, spec in GAMES.items():
        assert spec.title in html and f'href="{game}/booklet.pdf"' in html
    assert len(re.findall(r'<img src="[a-z-]+/board.png"', html)) == len(GAMES)


def test_print_and_play_holds_board_pieces_and_imposed_booklet_in_order(kit_dirs):
    folder = kit_dirs[0] / "dugi"
    counts = [len(PdfReader(folder / n).pages) for n in ("board.pdf", "pieces.pdf",
                                                         "booklet-imposed.pdf")]
    merged = PdfReader(folder / "dugi-print-and-play.pdf")
    # the plan and a blank back on each single-sided page (board, pieces) come in between
    assert len(merged.pages) == 2 + 2 * counts[0] + 2 * counts[1] + counts[2]
    assert "print plan" in merged.pages[0].extract_text()
    assert "assembling 6 tiles" in merged.pages[2].extract_text()
    assert "row 1, column 1 of 2 x 3" in merged.pages[4].extract_text()


def test_large_board_is_tiled_on_a4(kit_dirs):
    reader = PdfReader(kit_dirs[0] / "dugi" / "board.pdf")
    assert len(reader.pages) == 7  # the assembly page, then 2 x 3 tiles (seams clear of text)
    for page in reader.pages:
        w, h = float(page.mediabox.width) / PT, float(page.mediabox.height) / PT
        assert (round(w, 1), round(h, 1)) in (A4, A4[::-1])


def test_kit_summary_and_bad_game(tmp_path, capsys):
    code, _, err = run_cli(["kit", "dugy", "--output", str(tmp_path)], capsys)
    assert code == 2 and "did you mean 'dugi'" in err
