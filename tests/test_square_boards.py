"""The four square boards: counts, colours, names, goals (GAMES.md sections 1, 2, 4, 7)."""

from __future__ import annotations

import pytest

from printables.errors import UsageError
from printables.games import GAMES


def colours(board):
    out = {}
    for s in board.spaces:
        out[s.colour] = out.get(s.colour, 0) + 1
    return out


def test_rosenkreuz_49_spaces_dark_corners():
    b = GAMES["rosenkreuz"].board()
    assert len(b.spaces) == 49
    assert colours(b) == {"dark": 25, "light": 24}
    for corner in ("a1", "g1", "a7", "g7"):
        assert b.space(corner).colour == "dark"
    assert b.space("b1").colour == "light"


def test_rosenkreuz_default_grid_is_175mm_and_fits_a_page():
    b = GAMES["rosenkreuz"].board()
    xs = [p.x for s in b.spaces for p in s.shape.points]
    assert max(xs) - min(xs) == pytest.approx(175.0, abs=1e-9)
    assert b.width <= 190 and b.height <= 259 - 14


def test_chameleons_spiral_centre():
    b = GAMES["chameleons"].board()
    assert colours(b) == {"dark": 24, "light": 24, "spiral": 1}
    assert b.space("d4").kind == "spiral"
    assert any(d.style == "spiral" for d in b.decorations)


@pytest.mark.parametrize("n", [11, 15, 19])
def test_dag_en_nacht_sizes(n):
    b = GAMES["dag-en-nacht"].board({"size": n})
    assert len(b.spaces) == n * n
    assert b.space("a1").colour == "light"
    assert colours(b)["light"] == (n * n + 1) // 2
    assert b.has(f"{'abcdefghijklmnopqrs'[n - 1]}{n}")


def test_dag_en_nacht_15_has_113_light_squares():
    assert colours(GAMES["dag-en-nacht"].board())["light"] == 113


@pytest.mark.parametrize("n", [12, 21, 9, "15"])
def test_dag_en_nacht_bad_sizes_fail_cleanly(n):
    with pytest.raises(UsageError, match="valid sizes: 11, 13, 15, 17, 19"):
        GAMES["dag-en-nacht"].board({"size": n})


def test_network_8_goals_and_corners():
    b = GAMES["network"].board()
    assert len(b.spaces_of_kind("cell")) == 60
    for corner in ("a1", "h1", "a8", "h8"):
        assert b.space(corner).kind == "corner"  # named, drawn, never usable
    black = sorted(s.name for s in b.spaces if s.colour == "goal.black")
    white = sorted(s.name for s in b.spaces if s.colour == "goal.white")
    assert black == sorted([f"{f}1" for f in "bcdefg"] + [f"{f}8" for f in "bcdefg"])
    assert white == sorted([f"a{r}" for r in range(2, 8)] + [f"h{r}" for r in range(2, 8)])


@pytest.mark.parametrize("n", [10, 12])
def test_network_options(n):
    assert len(GAMES["network"].board({"size": n}).spaces_of_kind("cell")) == n * n - 4


def test_square_relations_are_symmetric_and_orthogonal_share_an_edge():
    from printables.geometry import part_key
    for name in ("rosenkreuz", "chameleons", "dag-en-nacht", "network"):
        b = GAMES[name].board()
        for rel, m in b.relations.items():
            for s, ns in m.items():
                for n in ns:
                    assert s in m[n], (name, rel, s, n)
        for s, ns in b.relations["orthogonal"].items():
            mine = {part_key(e) for e in b.space(s).shape.edges()}
            for n in ns:
                assert len(mine & {part_key(e) for e in b.space(n).shape.edges()}) == 1


@pytest.mark.parametrize("game", ["rosenkreuz", "chameleons", "evl", "dag-en-nacht",
                                  "danadazo", "network"])
def test_default_sheet_fits_a4_and_letter_inside_10mm(game):
    """GAMES.md: every board but Dugi fits one A4 and one Letter page inside 10 mm margins."""
    from printables.products.board_sheet import sheet_size
    w, h = sheet_size(GAMES[game].board())
    assert w <= 190.0 + 1e-9 and h <= 259.0 + 1e-9, (w, h)
