"""Several pieces on one space (issue #41): counts (Oware's four seeds a pit), ordered
stacks, and games whose pieces are all neutral; the setup diagram and the piece sheet
show the counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from printables.errors import LayoutError
from printables.gamefile import game_from_text
from printables.games import Piece
from printables.positions import load_layout_text, load_setup
from printables.products.pieces.sheet import piece_sheet
from printables.products.setup import setup_scene
from printables.render.scene import Circle, Polygon, Text
from printables.render.theme import THEMES
from printables.units import PAPERS

GAME = """rules = "r.md"
[game]
name = "pits"
title = "Pits"
designer = "traditional"
sides = ["south", "north"]
piles = true
[board]
topology = "square"
files = 4
ranks = 2
cell = "22mm"
colouring = "plain"
[board.shapes]
circle = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]
[[component]]
kind = "seed"
count = 32
art = "stone"
size = "6mm"
SETUP
"""
SEEDS = """[setup.pieces.neutral]
seed = { a1 = 4, b1 = 4, c1 = 4, d1 = 4, a2 = 4, b2 = 4, c2 = 4, d2 = 4 }
"""


def game(tmp_path: Path, setup: str = SEEDS, text: str = GAME):
    (tmp_path / "r.md").write_text("# Pits\n")
    return game_from_text(text.replace("SETUP", setup), str(tmp_path / "pits.toml"))


def fails(tmp_path: Path, setup: str, text: str = GAME) -> LayoutError:
    with pytest.raises(LayoutError) as e:
        game(tmp_path, setup, text)
    return e.value


def test_counts_put_four_seeds_in_every_pit(tmp_path):
    pos = game(tmp_path).setup_position
    assert not pos.pieces and len(pos.piles) == 8
    assert all(pile == (Piece("neutral", "seed"),) * 4 for pile in pos.piles.values())


def test_a_game_of_neutral_pieces_only_has_sides_without_pieces(tmp_path):
    g = game(tmp_path)
    assert g.sides == ("south", "north") and g.kinds["south"] == ()
    mixed = GAME.replace('[[component]]\nkind = "seed"',
                         '[[component]]\nside = "south"\nkind = "man"\ncount = 2\n'
                         'art = "stone"\n[[component]]\nkind = "seed"')
    assert "side 'north' has no [[component]]" in fails(tmp_path, SEEDS, mixed).message


def test_too_many_seeds_and_a_space_given_twice_are_refused(tmp_path):
    e = fails(tmp_path, SEEDS.replace("a1 = 4", "a1 = 8"))
    assert "36 seeds on the board; the game has 32" in e.message
    e = fails(tmp_path, SEEDS + "[setup.stacks]\na1 = [\"neutral\", \"neutral\"]\n")
    assert "in [pieces] and in [stacks]" in e.message and e.line is not None
    e = fails(tmp_path, SEEDS.replace("a1 = 4", "a1 = -1"))
    assert "0..500" in e.message


def test_ordered_stacks_keep_their_order(tmp_path):
    text = GAME.replace('[[component]]\nkind = "seed"\ncount = 32\nart = "stone"\nsize = "6mm"',
                        '[[component]]\nside = "south"\nkind = "man"\ncount = 4\nart = "stone"\n'
                        '[[component]]\nside = "north"\nkind = "man"\ncount = 4\n'
                        'art = "ring"\n[[component]]\nside = "north"\nkind = "king"\n'
                        'count = 1\nart = "dot"')
    g = game(tmp_path, '[setup.pieces]\nsouth = ["a1"]\n[setup.stacks]\n'
                       'b1 = ["south", "north man", "north king"]\n', text)
    assert g.setup_position.pieces == {"a1": Piece("south", "man")}
    assert g.setup_position.piles["b1"] == (Piece("south", "man"), Piece("north", "man"),
                                            Piece("north", "king"))
    e = fails(tmp_path, '[setup.stacks]\nb1 = ["south man", "north"]\n', text)
    assert "needs its kind" in e.message and "man, king" in e.message
    # drawn from the side: three bands, bottom first, in the pieces' colours, and the height
    scene = setup_scene(g, load_setup(g), THEMES["colour"])
    bands = [i for i in scene.walk() if isinstance(i, Polygon) and i.style.startswith(
        "piece.disc.")]
    assert len(bands) == 3 and bands[0].points[0].y < bands[1].points[0].y
    assert [b.style.split(".")[3] for b in bands] == ["south", "north", "north"]


def test_stacks_are_refused_where_a_space_holds_one_piece(tmp_path):
    text = GAME.replace("piles = true\n", "")
    e = fails(tmp_path, '[setup.stacks]\na1 = ["neutral", "neutral"]\n', text)
    assert "'stacks' is not for Pits" in e.message


def test_the_setup_diagram_shows_every_seed_and_the_count(tmp_path):
    g = game(tmp_path)
    scene = setup_scene(g, load_setup(g), THEMES["colour"])
    seeds = [i for i in scene.walk() if isinstance(i, Circle) and i.radius == pytest.approx(3.0)]
    counts = [i.text for i in scene.walk() if isinstance(i, Text) and i.style == "count.text"]
    assert len(seeds) == 32 and counts == ["4"] * 8


def test_the_piece_sheet_says_how_the_seeds_start(tmp_path):
    sheet = piece_sheet(game(tmp_path), PAPERS["A4"])
    heads = [h.text for p in sheet.pages for h in p.headings]
    assert heads[0].startswith("seed: 32 + 3 spares") and heads[0].endswith(
        "at the start 4 on each of 8 spaces")


def test_a_position_file_with_counts_reads_and_compares(tmp_path):
    g = game(tmp_path)
    (tmp_path / "pits.toml").write_text(GAME.replace("SETUP", SEEDS))
    text = ('game = "pits.toml"\nto_move = "south"\n[pieces.neutral]\n'
            'seed = { a1 = 5, b1 = 1 }\n')
    lay = load_layout_text(text, str(tmp_path / "pos.toml"))
    assert lay.position.piles == {"a1": (Piece("neutral", "seed"),) * 5}
    assert lay.position.pieces == {"b1": Piece("neutral", "seed")}
    assert g.placement.compared(lay.position)["piles"]["a1"] == (("neutral", "seed"),) * 5


def test_counts_and_stacks_survive_export(tmp_path):
    from printables.gamefile.export import export_game
    text = GAME.replace('[[component]]\nkind = "seed"',
                        '[[component]]\nside = "south"\nkind = "man"\ncount = 4\nart = "stone"\n'
                        '[[component]]\nside = "north"\nkind = "man"\ncount = 4\nart = "ring"\n'
                        '[[component]]\nkind = "seed"')
    g = game(tmp_path, '[setup.pieces.neutral]\nseed = { a1 = 1, b1 = 4 }\n'
                       '[setup.pieces.south]\nman = ["c2"]\n'
                       '[setup.stacks]\nd2 = ["south", "north"]\n', text)
    target = tmp_path / "out" / "copy.toml"
    target.parent.mkdir()
    (target.parent / "copy.md").write_text("# Pits\n")
    again = game_from_text(export_game(g, target), str(target))
    assert again.setup_position == g.setup_position
    assert again.setup_position.piles["d2"] == (Piece("south", "man"), Piece("north", "man"))
