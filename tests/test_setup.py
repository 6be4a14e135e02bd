"""Setup files place exactly what GAMES.md lists; the setup command draws them and reports
bad layout files in one line with file and line."""

from __future__ import annotations

import io
import re

import pytest

from printables.games import GAMES, Piece
from printables.positions import load_layout, setup_path
from tests.conftest import needs_png

FILES = "abcdefghijklmnopqrs"
SVG = "{http://www.w3.org/2000/svg}"


def _square(f: int, r: int) -> str:
    return f"{FILES[f]}{r + 1}"


def rosenkreuz_expected() -> dict[str, Piece]:
    """Rose on ranks 1-2, Cross on ranks 6-7, each piece on a square of its own colour
    (a square is dark when file index + rank index is even)."""
    out = {}
    for side, ranks in (("rose", (0, 1)), ("cross", (5, 6))):
        for r in ranks:
            for f in range(7):
                out[_square(f, r)] = Piece(side, "dark" if (f + r) % 2 == 0 else "light")
    return out


def chameleons_expected() -> dict[str, Piece]:
    """Every cell of Dark's spiral arm a Dark chameleon, every cell of Light's a Light one,
    d4 empty (the arms as issue 12 lists them, rim inward)."""
    dark = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "g2", "g3", "g4", "g5", "g6", "f6", "e6", "d6", "c6", "b6", "b5", "b4", "b3", "c3", "d3", "e3", "e4"]  # noqa: E501 (data)
    light = ["g7", "f7", "e7", "d7", "c7", "b7", "a7", "a6", "a5", "a4", "a3", "a2", "b2", "c2", "d2", "e2", "f2", "f3", "f4", "f5", "e5", "d5", "c5", "c4"]  # noqa: E501 (data)
    return ({s: Piece("dark", "chameleon") for s in dark}
            | {s: Piece("light", "chameleon") for s in light})


def danadazo_expected() -> dict[str, Piece]:
    """Attackers on the 14 straight perimeter segments (generals a3a4, e3e4), Defenders as
    GAMES.md lists them."""
    def seg(x0, y0, x1, y1):
        return f"{'abcde'[x0]}{y0 + 1}{'abcde'[x1]}{y1 + 1}"
    perimeter = [seg(x, y, x + 1, y) for y in (0, 5) for x in range(4)]
    perimeter += [seg(x, y, x, y + 1) for x in (0, 4) for y in range(5)]
    # the two perimeter segments at each of the corners (0,0) and (4,5) form the bends
    straight = [s for s in perimeter if s not in ("a1b1", "a1a2", "d6e6", "e5e6")]
    assert len(straight) == 14
    out = {s: Piece("attacker", "pawn") for s in straight}
    out["a3a4"] = out["e3e4"] = Piece("attacker", "general")
    out["c3c4"] = Piece("defender", "general")
    for s in ("b3c3", "c3d3", "b4c4", "c4d4", "b3b4", "d3d4"):
        out[s] = Piece("defender", "guard")
    for s in ("c1c2", "c5c6", "b2c2", "c2d2", "b5c5", "c5d5"):
        out[s] = Piece("defender", "pawn")
    return out


def dugi_expected() -> dict[str, Piece]:
    """Black on a1..a12, White on a13..a24."""
    return {f"a{i}": Piece("black" if i <= 12 else "white", "stone") for i in range(1, 25)}


#: The documented games' setups as GAMES.md lists them (a game's own tests below ask only
#: its GameSpec and its setup file).
EXPECTED = {
    "rosenkreuz": rosenkreuz_expected,
    "chameleons": chameleons_expected,
    "danadazo": danadazo_expected,
    "dugi": dugi_expected,
    "evl": dict,
    "dag-en-nacht": dict,
    "network": dict,
}
FIRST = {"rosenkreuz": "rose", "chameleons": "dark", "evl": "black", "dag-en-nacht": "black",
         "danadazo": "attacker", "dugi": "black", "network": "black"}


def first_side(game: str) -> str:
    """The side that moves first, as the GameSpec says."""
    g = GAMES[game]
    return g.first or g.sides[0]


def test_the_documented_games_move_first_as_games_md_says():
    assert {g: first_side(g) for g in FIRST} == FIRST


@pytest.mark.parametrize("game", list(GAMES))
def test_every_setup_is_the_games_and_its_first_side_moves(game):
    pos = load_layout(setup_path(game)).position
    assert pos.game == game and pos.to_move == first_side(game)


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_setup_places_what_games_md_lists(game):
    pos = load_layout(setup_path(game)).position
    assert dict(pos.pieces) == EXPECTED[game]()
    assert not pos.stacks and not pos.markers
    if game == "evl":
        assert dict(pos.hand) == {"black": 28, "white": 28}


@pytest.mark.parametrize("game", ["rosenkreuz", "chameleons", "danadazo", "dugi"])
def test_full_setups_use_every_component_once(game):
    g = GAMES[game]
    pos = load_layout(setup_path(game)).position
    counts: dict[tuple[str, str], int] = {}
    for p in pos.pieces.values():
        counts[(p.side, p.kind)] = counts.get((p.side, p.kind), 0) + 1
    assert counts == {(c.side, c.kind): c.count for c in g.components(g.options())}


@pytest.mark.parametrize("game", list(GAMES))
def test_setup_command_writes_pdf_of_scene_size(cli, tmp_path, game):
    import pypdf

    from printables.products.setup import setup_scene
    from printables.render.theme import THEMES
    code, out, err = cli("setup", game, "-o", tmp_path)
    assert code == 0, err
    path = tmp_path / f"{game}-setup.pdf"
    assert out.strip() == str(path)
    page = pypdf.PdfReader(io.BytesIO(path.read_bytes())).pages[0]
    scene = setup_scene(GAMES[game], load_layout(setup_path(game)), THEMES["colour"])
    assert abs(float(page.mediabox.width) - scene.width * 72 / 25.4) < 0.01
    assert abs(float(page.mediabox.height) - scene.height * 72 / 25.4) < 0.01


@pytest.mark.parametrize("game", list(GAMES))
def test_setup_svg_draws_each_piece_and_a_scale_bar(cli, tmp_path, game):
    import xml.etree.ElementTree as ET
    code, _, err = cli("setup", game, "--format", "svg", "-o", tmp_path)
    assert code == 0, err
    text = (tmp_path / f"{game}-setup.svg").read_text()
    assert "100 mm" in text and GAMES[game].title in text
    root = ET.fromstring(text)
    layers = {g.get("id"): g for g in root.iter(SVG + "g") if g.get("id")}
    n = len(load_layout(setup_path(game)).position.pieces)
    drawn = [g for g in layers.get("layer-pieces", []) if g.tag == SVG + "g"]
    assert len(drawn) == n
    # games that start empty show both reserves, full ones none
    assert ("layer-reserve-" + first_side(game) in layers) == (n == 0)
    assert sum(k.startswith("layer-reserve-") for k in layers) == (2 if n == 0 else 0)


@needs_png
def test_setup_png(cli, tmp_path):
    code, _, err = cli("setup", "evl", "--format", "png", "--theme", "mono", "-o", tmp_path)
    assert code == 0, err
    assert (tmp_path / "evl-setup-mono.png").read_bytes()[:4] == b"\x89PNG"


BAD_LAYOUTS = {
    "bad-toml.toml": ('game = "dugi"\nto_move = black\n[pieces]\nblack = ["a1"]\n', 2),
    "bad-space.toml": ('game = "dugi"\nto_move = "black"\n\n[pieces]\nblack = ["a1"]\n'
                       'white = ["z99"]\n', 6),
    "bad-kind.toml": ('game = "danadazo"\nto_move = "attacker"\n[pieces.attacker]\n'
                      'king = ["a2a3"]\n', 4),
}


@pytest.mark.parametrize("name", list(BAD_LAYOUTS))
def test_malformed_layout_is_one_line_with_file_and_line(cli, tmp_path, name):
    text, line = BAD_LAYOUTS[name]
    path = tmp_path / name
    path.write_text(text)
    out_dir = tmp_path / "out"
    code, _, err = cli("setup", "--layout", path, "-o", out_dir)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert str(path) in err
    m = re.search(re.escape(str(path)) + r":(\d+):", err)
    assert m, err
    if line is not None:
        assert int(m.group(1)) == line
    assert not out_dir.exists() or list(out_dir.iterdir()) == []


def test_layout_for_another_game_is_refused(cli, tmp_path):
    code, _, err = cli("setup", "network", "--layout", setup_path("dugi"), "-o", tmp_path)
    assert code == 2 and err.count("\n") == 1 and "dugi" in err and "network" in err


def test_tweaked_layout_is_drawn_under_its_own_name(cli, tmp_path):
    path = tmp_path / "opening.toml"
    path.write_text('game = "dugi"\ntitle = "Two counters"\nto_move = "black"\n'
                    '[pieces]\nblack = ["a1"]\nwhite = ["c5"]\n')
    code, out, err = cli("setup", "--layout", path, "--format", "svg", "-o", tmp_path)
    assert code == 0, err
    svg = (tmp_path / "dugi-setup-opening.svg").read_text()
    assert "Two counters" in svg and "reconstructed" not in svg
    assert 'id="layer-reserve-black"' in svg  # 11 counters of each side are off the board


def test_missing_game_and_layout(cli, tmp_path):
    code, _, err = cli("setup", "-o", tmp_path)
    assert code == 2 and err.count("\n") == 1
