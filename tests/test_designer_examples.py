"""The four games of issue #41 in examples/, each a shape a player of that game knows:
Surakarta (loops drawn, not moves), Xiangqi (river crossed, palace diagonals, lettered
pieces), Oware (four seeds a pit, two stores) and Jungle (lettered animals, lakes, traps
and dens). Their board JSON counts are pinned here; each validates and builds a kit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printables.gamefile import load_game_file
from printables.geometry import Circle, Outline
from printables.products.board_sheet import board_json
from tests.conftest import run_cli
from tests.test_gamefile import kit_ok

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("surakarta", "xiangqi", "oware", "jungle")
#: spaces, drawn lines, connections, curves (lines and connections: points boards only)
COUNTS = {"surakarta": (36, 60, 60, 8), "xiangqi": (90, 162, 169, 0),
          "oware": (14, None, None, None), "jungle": (63, None, None, None)}


def data(name: str) -> dict:
    game = load_game_file(ROOT / "examples" / f"{name}.toml")
    return board_json(game, game.board(), {})


def pairs(d: dict, key: str) -> set[frozenset[str]]:
    return {frozenset(p) for p in d[key]}


@pytest.mark.parametrize("name", GAMES)
def test_board_json_counts(name):
    d = data(name)
    spaces, lines, connections, curves = COUNTS[name]
    assert len(d["spaces"]) == spaces
    if lines is not None:
        assert (len(d["lines"]), len(d["connections"]), len(d["curves"])) == (
            lines, connections, curves)


def test_surakarta_loops_are_drawn_and_not_moves():
    d = data("surakarta")
    ends = {frozenset((c["from"], c["to"])) for c in d["curves"]}
    assert ends == {frozenset(p) for p in (("b1", "a2"), ("c1", "a3"), ("e1", "f2"),
                                           ("d1", "f3"), ("f5", "e6"), ("f4", "d6"),
                                           ("b6", "a5"), ("c6", "a4"))}
    assert all(abs(c["arc"]["sweep"]) == pytest.approx(270) for c in d["curves"])
    assert not ends & pairs(d, "connections")
    # the loops join nothing: no point has a curve neighbour (a grid's lattice relations
    # orthogonal and diagonal are there for [rules], whatever is drawn)
    assert all(set(s["neighbours"]) == {"line", "orthogonal", "diagonal"} for s in d["spaces"])


def test_xiangqi_river_is_crossed_but_not_drawn_and_the_palaces_have_diagonals():
    d = data("xiangqi")
    river = {frozenset((f"{f}5", f"{f}6")) for f in "abcdefghi"}
    assert river <= pairs(d, "connections")
    assert river & pairs(d, "lines") == {frozenset(("a5", "a6")), frozenset(("i5", "i6"))}
    by_name = {s["name"]: s for s in d["spaces"]}
    assert set(by_name["e2"]["neighbours"]["line"]) == {"d1", "e1", "f1", "d2", "f2", "d3",
                                                        "e3", "f3"}
    assert sum(s["kind"] == "palace" for s in d["spaces"]) == 18
    game = load_game_file(ROOT / "examples" / "xiangqi.toml")
    assert all("@xiangqi-" in c.art for c in game.components({}))  # lettered, no SVG files
    assert game.extra["lettering"]


def test_oware_has_round_pits_two_stores_and_four_seeds_in_each_pit():
    game = load_game_file(ROOT / "examples" / "oware.toml")
    board = game.board()
    pits = [s for s in board.spaces if s.kind == "pit"]
    stores = [s for s in board.spaces if s.kind == "store"]
    assert len(pits) == 12 and all(isinstance(s.shape, Circle) for s in pits)
    assert [s.name for s in stores] == ["north", "south"]
    assert all(isinstance(s.shape, Outline) for s in stores)
    pos = game.setup_position
    assert sorted(pos.piles) == sorted(s.name for s in pits)
    assert {len(p) for p in pos.piles.values()} == {4} and not pos.pieces
    assert all(c.side == "neutral" for c in game.components({}))


def test_jungle_has_lakes_traps_dens_and_lettered_animals():
    d = data("jungle")
    kinds = [s["kind"] for s in d["spaces"]]
    assert (kinds.count("water"), kinds.count("trap"), kinds.count("den")) == (12, 6, 2)
    colours = {s["kind"]: s["colour"] for s in d["spaces"]}
    assert len({colours["water"], colours["trap"], colours["den"], colours["square"]}) == 4
    game = load_game_file(ROOT / "examples" / "jungle.toml")
    texts = sorted(t for t, _ in game.extra["lettering"].values())
    assert texts == sorted(["E8", "L7", "T6", "P5", "W4", "D3", "C2", "R1"] * 2)


@pytest.mark.parametrize("name", GAMES)
def test_examples_validate(name, capsys):
    code, out, err = run_cli(["validate", str(ROOT / "examples" / f"{name}.toml")], capsys)
    assert code == 0, out + err
    assert "0 failed" in out


@pytest.mark.kit
@pytest.mark.parametrize("name", GAMES)
def test_examples_build_a_complete_kit(name, tmp_path, capsys):
    kit_ok(ROOT / "examples" / f"{name}.toml", tmp_path, capsys)
    manifest = json.loads((tmp_path / name / "manifest.json").read_text())
    assert manifest


@pytest.mark.parametrize("name", ["xiangqi", "oware"])
def test_same_input_same_bytes_in_fresh_processes(name, tmp_path):
    """Lettering (fonts, fitted glyphs) and counted setups draw the same bytes in two
    processes with different hash seeds."""
    import os
    import subprocess
    import sys
    out = []
    for seed in ("1", "2"):
        folder = tmp_path / seed
        env = {**os.environ, "PYTHONHASHSEED": seed}
        for product in ("pieces", "setup"):
            subprocess.run([sys.executable, "-m", "printables", product,
                            str(ROOT / "examples" / f"{name}.toml"), "--format", "svg", "-o",
                            str(folder)], check=True, env=env, capture_output=True)
        out.append({p.name: p.read_bytes() for p in sorted(folder.iterdir())})
    assert out[0] == out[1] and len(out[0]) >= 2
