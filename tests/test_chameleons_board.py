"""The Chameleons board as published: two spiral arms, exported and drawn (issue 12)."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from printables.games import GAMES
from tests.conftest import needs_png

DARK = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "g2", "g3", "g4", "g5", "g6", "f6", "e6", "d6", "c6", "b6", "b5", "b4", "b3", "c3", "d3", "e3", "e4"]  # noqa: E501 (data)
LIGHT = ["g7", "f7", "e7", "d7", "c7", "b7", "a7", "a6", "a5", "a4", "a3", "a2", "b2", "c2", "d2", "e2", "f2", "f3", "f4", "f5", "e5", "d5", "c5", "c4"]  # noqa: E501 (data)
DPI = 150


def test_json_export_has_the_two_arms_and_the_spiral(cli, tmp_path):
    code, _, err = cli("board", "chameleons", "--format", "json", "-o", tmp_path)
    assert code == 0, err
    data = json.loads((tmp_path / "chameleons-board.json").read_text())
    by_colour: dict[str, set[str]] = {}
    for s in data["spaces"]:
        by_colour.setdefault(s["colour"], set()).add(s["name"])
    assert by_colour == {"dark": set(DARK), "light": set(LIGHT), "spiral": {"d4"}}
    kinds = {s["name"]: s["kind"] for s in data["spaces"]}
    assert kinds["d4"] == "spiral"
    assert sum(k == "square" for k in kinds.values()) == 48


def test_boundary_lines_part_the_arms_and_reach_the_centre():
    board = GAMES["chameleons"].board()
    lines = [d for d in board.decorations if d.style == "boundary"]
    assert len(lines) == 2
    pitch = board.space("a1").room
    a1 = board.space("a1").shape.points[0]
    length = sum(p.length for d in lines for p in d.shape.parts) / pitch
    # every dark/light neighbour pair shares one side of boundary: 34 cell sides in all
    pairs = {frozenset((s, n)) for s in DARK for n in board.neighbours(s, "orthogonal")
             if n in LIGHT}
    assert length == pytest.approx(len(pairs)) == pytest.approx(34)
    ends = {((p.x - a1.x) / pitch, (p.y - a1.y) / pitch) for d in lines
            for p in (d.shape.parts[0].start, d.shape.parts[-1].end)}
    rounded = {(round(x, 6), round(y, 6)) for x, y in ends}
    # from the rim (left side at rank 1|2, right side at rank 6|7) to two corners of d4
    assert rounded == {(0, 1), (7, 6), (3, 3), (4, 4)}


def dark_run(img: Image.Image, x: int, y: int, vertical: bool) -> int:
    """How many pixels in a row are dark (< 90 of 255) through (x, y), across a line."""
    grey = img.convert("L")
    def dark(i: int) -> bool:
        return grey.getpixel((x, i) if vertical else (i, y)) < 90
    start = y if vertical else x
    lo = hi = start
    while dark(lo - 1):
        lo -= 1
    while dark(hi + 1):
        hi += 1
    return hi - lo + 1 if dark(start) else 0


@needs_png
@pytest.mark.parametrize("theme", ["colour", "mono"])
def test_png_shows_a_thick_line_between_the_arms_only(cli, tmp_path, theme):
    code, _, err = cli("board", "chameleons", "--format", "png", "--theme", theme,
                       "--dpi", DPI, "-o", tmp_path)
    assert code == 0, err
    img = Image.open(next(tmp_path.glob("*.png")))
    board = GAMES["chameleons"].board()
    mm = DPI / 25.4
    height = img.height / mm

    def px(name: str, dx: float, dy: float) -> tuple[int, int]:
        """Pixel of a point given in cell sides from a cell's centre (board frame)."""
        s = board.space(name)
        x, y = s.anchor.x + dx * s.room, s.anchor.y + dy * s.room
        return round(x * mm), round((height - 14.0 - y) * mm)

    # b1 (Dark's arm) below b2 (Light's arm): the boundary; a1 beside b1: same arm
    across = dark_run(img, *px("b1", 0, 0.5), vertical=True)
    along = dark_run(img, *px("a1", 0.5, 0), vertical=False)
    assert across >= 0.07 * board.space("a1").room * mm * 0.9  # ~1.7 mm thick
    assert 0 < along < across / 2
    if theme == "colour":
        # printed in greyscale the two arms still differ clearly in tone
        grey = img.convert("L")
        dark = grey.getpixel(px("c1", 0.3, 0.3))
        light = grey.getpixel(px("c2", 0.3, 0.3))
        assert light - dark > 60


@pytest.mark.parametrize("side, jumps", [
    ("dark", ("b4-d4", "b6-d4", "d6-d4", "f6-d4")),
    ("light", ("f4-d4", "f2-d4", "d2-d4", "b2-d4")),
])
def test_setup_gives_either_side_exactly_four_jumps(cli, tmp_path, side, jumps):
    from printables.positions import setup_path
    text = setup_path("chameleons").read_text()
    position = text[:text.index("[[check]]")].replace('to_move = "dark"', f'to_move = "{side}"')
    checks = "[[check]]\nlegal = true\nlegal_moves = 4\n\n" + "".join(
        f'[[check]]\nmove = "{m}"\nlegal = true\ncaptures = ["{over(m)}"]\n\n'
        for m in jumps)
    f = tmp_path / f"setup-{side}.toml"
    f.write_text(position + checks)
    code, out, err = cli("validate", f)
    assert code == 0, out + err
    assert out.strip().splitlines()[-1] == "5 passed, 0 failed"


def over(move: str) -> str:
    """The space a straight two-space jump passes over."""
    (a, b) = move.split("-")
    return chr((ord(a[0]) + ord(b[0])) // 2) + str((int(a[1]) + int(b[1])) // 2)
