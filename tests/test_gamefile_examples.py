"""The example game files of issue 25: each builds a complete kit, and its board has the
points and lines the game needs (read back from the board JSON the CLI writes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

#: game file -> (spaces, lines, marked points) its board JSON must list
BOARDS = {
    "go9": (81, 144, 5),          # 9 x 9 points: 2 x 9 x 8 lines, the five star points
    "morris": (24, 32, 24),       # 3 squares of 8 points, 8 + 8 + 8 sides + 8 joins, all dotted
    "star-halma": (121, 312, 0),  # a star of side 4 on a triangle grid
    "amazons": (100, 0, 0),       # squares: no lines
}
#: every product a kit holds: (path under the kit folder, what it is)
KIT_FILES = ("board.pdf", "board.svg", "board.png", "setup.png", "pieces.pdf", "booklet.pdf",
             "booklet-imposed.pdf", "{name}-print-and-play.pdf", "manifest.json")


def board_json(cli, name: str, out: Path) -> dict:
    code, _, err = cli("board", EXAMPLES / f"{name}.toml", "--format", "json", "-o", out)
    assert code == 0, err
    return json.loads((out / f"{name}-board.json").read_text())


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_example_board_has_its_points_and_lines(cli, tmp_path, name):
    spaces, lines, marked = BOARDS[name]
    data = board_json(cli, name, tmp_path)
    assert len(data["spaces"]) == spaces
    assert len(data.get("lines", [])) == lines
    assert len(data.get("marked", [])) == marked
    if lines:
        assert data["points"] == spaces
        names = {s["name"] for s in data["spaces"]}
        assert all(a in names and b in names and a != b for a, b in data["lines"])
        # moves follow the lines: every line is a 'line' neighbour relation both ways
        by_name = {s["name"]: s for s in data["spaces"]}
        assert all(b in by_name[a]["neighbours"]["line"] and a in by_name[b]["neighbours"]["line"]
                   for a, b in data["lines"])


def test_go_star_points_and_skipped_i(cli, tmp_path):
    data = board_json(cli, "go9", tmp_path)
    assert data["marked"] == ["c3", "g3", "e5", "c7", "g7"]
    assert "j9" in {s["name"] for s in data["spaces"]}
    assert not any(s["name"].startswith("i") for s in data["spaces"])


def test_morris_joins_the_squares_at_their_midpoints_only(cli, tmp_path):
    data = board_json(cli, "morris", tmp_path)
    lines = {frozenset(pair) for pair in data["lines"]}
    assert frozenset(("d1", "d2")) in lines and frozenset(("d2", "d3")) in lines
    assert frozenset(("a1", "b2")) not in lines  # corners are not joined (Nine Men's Morris)


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_example_builds_a_complete_kit(cli, tmp_path, name):
    code, out, err = cli("kit", EXAMPLES / f"{name}.toml", "-o", tmp_path)
    assert code == 0, err
    kit = tmp_path / name
    for f in KIT_FILES:
        path = kit / f.format(name=name)
        assert path.is_file() and path.stat().st_size > 0, path
    lasers = sorted((kit / "laser").glob("*.svg"))
    assert any("laser-board" in p.name for p in lasers)
    assert any("laser-pieces" in p.name for p in lasers)
    pages = len(PdfReader(kit / "booklet.pdf").pages)
    assert pages >= 4 and pages % 2 == 0


def test_three_sides_each_get_their_own_colour_and_strip(cli, tmp_path):
    code, _, err = cli("setup", EXAMPLES / "star-halma.toml", "--format", "svg", "-o", tmp_path)
    assert code == 0, err
    svg = (tmp_path / "star-halma-setup.svg").read_text()
    for fill in ("#c0392b", "#2e86c1", "#27ae60"):  # each side's pieces in its fill
        assert fill in svg
    code, _, err = cli("pieces", EXAMPLES / "star-halma.toml", "-o", tmp_path)
    assert code == 0, err
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "star-halma-pieces.pdf").pages)
    assert "red peg" in text and "blue peg" in text and "green peg" in text


def test_neutral_arrows_have_their_own_reserve(cli, tmp_path):
    code, _, err = cli("setup", EXAMPLES / "amazons.toml", "--format", "svg", "-o", tmp_path)
    assert code == 0, err
    svg = (tmp_path / "amazons-setup.svg").read_text()
    assert "Neutral:" in svg and "92 arrows" in svg
    assert 'inkscape:label="reserve-neutral"' in svg


def test_designer_art_is_drawn_and_lasered(cli, tmp_path):
    code, _, err = cli("laser", EXAMPLES / "morris.toml", "-o", tmp_path)
    assert code == 0, err
    sun = (tmp_path / "morris-laser-pieces-sun-1.svg").read_text()
    assert "#FF0000" in sun and "#000000" in sun  # discs cut, the sun's shapes engraved
    code, _, err = cli("pieces", EXAMPLES / "morris.toml", "--format", "svg", "-o", tmp_path)
    assert code == 0, err
    sheet = next(tmp_path.glob("morris-pieces*.svg")).read_text()
    assert "#8a4b00" in sheet and "#f3efe0" in sheet  # the art's own colours
    assert "<script" not in sheet
