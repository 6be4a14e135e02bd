"""Game files end to end: the examples build complete kits, exported built-in games rebuild
the same boards, bad files fail on one line with nothing written."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from printables.errors import LayoutError
from printables.gamefile import load_game_file
from printables.games import GAMES, get_game
from printables.products.board_sheet import board_json
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("honeycomb", "crossing", "orbit")
KIT_FILES = ("board.pdf", "board.svg", "pieces.pdf", "booklet.pdf", "booklet-imposed.pdf")


def close_json(a, b, where=""):
    """Equal structure and text, numbers within 1e-6 mm."""
    if isinstance(a, dict):
        assert a.keys() == b.keys(), where
        for k in a:
            close_json(a[k], b[k], f"{where}/{k}")
    elif isinstance(a, list):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            close_json(x, y, f"{where}[{i}]")
    elif isinstance(a, float) or isinstance(b, float):
        assert abs(a - b) <= 1e-6, (where, a, b)
    else:
        assert a == b, (where, a, b)


def geometry(game, board) -> dict:
    data = board_json(game, board, {})
    return {k: v for k, v in data.items() if k not in ("game", "title", "designer", "options")}


@pytest.mark.parametrize("name", list(GAMES))
def test_exported_game_rebuilds_the_same_board(name, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # export names the rules relative to where its output goes
    code, text, err = run_cli(["export", name], capsys)
    assert code == 0, err
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    game = load_game_file(path)
    built_in = GAMES[name]
    assert game.name == f"{name}-variant" and game.title == built_in.title
    close_json(geometry(built_in, built_in.board()), geometry(game, game.board()))
    assert game.components({}) == built_in.components(built_in.options())
    # drawn the same, byte for byte (board, labels, decorations, footer)
    for args in (["board", name], ["board", str(path)]):
        assert run_cli(args + ["--format", "svg", "-o", str(tmp_path)], capsys)[0] == 0
    assert (tmp_path / f"{name}-board.svg").read_bytes() == \
        (tmp_path / f"{name}-variant-board.svg").read_bytes()
    # a second export of the game file says the same
    code, again, _ = run_cli(["export", str(path)], capsys)
    assert code == 0 and again.split("\n", 1)[1] == text.split("\n", 1)[1].replace(
        f"printables export {name}`", f"printables export {name}-variant`")


def kit_ok(path: Path, out: Path, capsys) -> str:
    code, stdout, err = run_cli(["kit", str(path), "-o", str(out)], capsys)
    assert code == 0, err
    name = load_game_file(path).name
    folder = out / name
    for f in KIT_FILES + (f"{name}-print-and-play.pdf",):
        assert (folder / f).stat().st_size > 1000, f
    assert list((folder / "laser").glob("*-laser-board-*.svg"))
    assert list((folder / "laser").glob("*-laser-pieces-*.svg"))
    index = (out / "index.html").read_text()
    assert f'href="{name}/board.pdf"' in index
    manifest = json.loads((out / "manifest.json").read_text())
    assert any(r["file"] == f"{name}/pieces.pdf" for r in manifest["files"])
    return name


@pytest.mark.kit
@pytest.mark.parametrize("example", EXAMPLES)
def test_example_game_builds_a_complete_kit(example, tmp_path, capsys):
    kit_ok(ROOT / "examples" / f"{example}.toml", tmp_path, capsys)


@pytest.mark.kit
@pytest.mark.parametrize("name", ["evl", "danadazo", "network"])
def test_exported_game_builds_a_complete_kit(name, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, text, _ = run_cli(["export", name], capsys)
    path = tmp_path / "mine.toml"
    path.write_text(text)
    kit_ok(path, tmp_path / "kit", capsys)


def test_every_command_takes_a_game_file(tmp_path, capsys):
    game = str(ROOT / "examples" / "crossing.toml")
    for args, made in ((["board", game, "--format", "json"], "crossing-board.json"),
                       (["pieces", game], "crossing-pieces.pdf"),
                       (["setup", game, "--format", "svg"], "crossing-setup.svg"),
                       (["booklet", game], "crossing-booklet.pdf"),
                       (["laser", game], "crossing-laser-board-1.svg")):
        code, out, err = run_cli(args + ["-o", str(tmp_path)], capsys)
        assert code == 0, (args, err)
        assert (tmp_path / made).exists(), (args, out)
    board = json.loads((tmp_path / "crossing-board.json").read_text())
    spaces = {s["name"]: s for s in board["spaces"]}
    assert len(spaces) == 6 * 8
    dead = [n for n, s in spaces.items() if s["kind"] == "dead"]
    assert dead == ["a1", "f1", "a8", "f8"]
    assert all(not any(spaces[n]["neighbours"].values()) for n in dead)
    assert "a1" not in spaces["a2"]["neighbours"]["orthogonal"]
    assert spaces["b1"]["colour"] == "goal.black" and spaces["b8"]["colour"] == "goal.white"


def test_validate_reads_game_files_and_says_nothing_was_checked(capsys):
    """Game files without [rules] say nothing was checked; those with [rules] (the
    published games) are checked by the generic engine, every claim holding."""
    games = sorted(ROOT.glob("examples/*.toml"))
    waiting = [g for g in games if waits_for_diagonals(g)]
    paths = [p for g in games if g not in waiting for p in (g, g.parent / g.stem)
             if p.exists()]
    code, out, err = run_cli(["validate", *map(str, paths)], capsys)
    assert code == 0, err
    lines = out.strip().splitlines()
    games = [g for g in games if g not in waiting]
    examples = [e for g in games for e in sorted((g.parent / g.stem).glob("*.toml"))]
    ruled = [g for g in games if re.search(r"(?m)^\[rules\]", g.read_text())]
    plain = {g.stem for g in games if g not in ruled}
    assert len(plain) >= 6 and len(ruled) >= 8
    assert sum("not checked by a rules engine" in line for line in lines) == len(plain) + len(
        [e for e in examples if e.parent.name in plain])
    assert sum("checked by its [rules]" in line for line in lines) == len(ruled)
    assert " 0 failed" in lines[-1]
    assert any(line.endswith("orbit.toml: game file read: setup and 2 examples name spaces, "
                              "sides and kinds that exist, and moves start on the mover's "
                              "piece and capture opponents; not checked by a rules engine")
               for line in lines)


def waits_for_diagonals(path: Path) -> bool:
    """True for a game file that cannot be read only because points grids do not export
    `orthogonal` and `diagonal` relations yet (Gomoku; engine-bugs P1, the lead adds them)."""
    try:
        load_game_file(path)
    except LayoutError as e:
        return "has no relation 'orthogonal'" in e.message
    return False


def test_booklet_marks_examples_as_unchecked(tmp_path, capsys):
    from pypdf import PdfReader
    run_cli(["booklet", str(ROOT / "examples" / "orbit.toml"), "-o", str(tmp_path)], capsys)
    text = " ".join(p.extract_text() for p in PdfReader(tmp_path / "orbit-booklet.pdf").pages)
    text = re.sub(r"\s+", " ", text)
    assert "no rules engine has checked them" in text
    assert text.count("Not checked by a rules engine") == 2
    assert "White plays a7-a5" in text


def test_a_position_file_names_its_game_file_by_path(tmp_path):
    from printables.positions import load_layout
    layout = load_layout(ROOT / "examples" / "honeycomb" / "five.toml")
    assert layout.position.game == "honeycomb"
    assert get_game("honeycomb").source.name == "honeycomb.toml"


def test_a_game_file_may_not_take_a_built_in_name(tmp_path, capsys):
    text = (ROOT / "examples" / "orbit.toml").read_text().replace(
        '[game]\n', '[game]\nname = "dugi"\n')
    shutil.copy(ROOT / "examples" / "orbit.md", tmp_path)
    (tmp_path / "orbit").mkdir()
    for p in (ROOT / "examples" / "orbit").glob("*.toml"):
        shutil.copy(p, tmp_path / "orbit")
    (tmp_path / "g.toml").write_text(text)
    code, _, err = run_cli(["board", str(tmp_path / "g.toml"), "-o", str(tmp_path / "o")],
                           capsys)
    assert code == 2 and "is a built-in game" in err and not (tmp_path / "o").exists()


# ----------------------------------------------------------------------------- bad files

BASE = '''rules = "r.md"

[game]
title = "T"
designer = "D"
sides = ["red", "blue"]

[board]
topology = "square"
files = 5
cell = "20mm"

[[component]]
side = "red"
kind = "stone"
count = 5
art = "stone-black"

[[component]]
side = "blue"
kind = "stone"
count = 5
art = "stone-white"

[setup]
[setup.pieces]
red = ["a1"]
'''

BAD = [
    ("unknown topology", ('topology = "square"', 'topology = "octagon"'),
     "unknown board topology 'octagon'; valid: square, hex, rings, segments, heptagon, "
     "points, triangle", 9),
    ("missing sides", ('sides = ["red", "blue"]\n', ''), "sides must list two or more", None),
    ("one side", ('sides = ["red", "blue"]', 'sides = ["red"]'), "two or more", 6),
    ("component of an unknown side", ('side = "blue"', 'side = "green"'),
     "side 'green' is not a side of the game; valid: red, blue", 20),
    ("setup on a missing space", ('red = ["a1"]', 'red = ["z9"]'), "unknown space 'z9'", 27),
    ("rules file missing", ('rules = "r.md"', 'rules = "nope.md"'),
     "rules file 'nope.md' not found", 1),
    ("negative size", ('cell = "20mm"', 'cell = "-20mm"'), "is not a length", 11),
    ("negative number", ('cell = "20mm"', 'cell = -20'), "must be greater than 0 mm", 11),
    ("unknown art", ('art = "stone-white"', 'art = "meeple"'), "unknown piece art 'meeple'",
     23),
    ("unknown key", ("files = 5", "files = 5\nfiels = 3"), "unknown key 'fiels'", 11),
    ("bad TOML", ('files = 5', 'files = = 5'), "bad TOML", 10),
    ("no setup", ('[setup]\n[setup.pieces]\nred = ["a1"]\n', ''), "[setup] is missing", None),
    ("too many pieces", ('red = ["a1"]', 'red = ["a1", "a2", "a3", "a4", "a5", "b1"]'),
     "6 red stones on the board; the game has 5", None),
    ("first not a side", ('designer = "D"', 'designer = "D"\nfirst = "green"'),
     "first 'green' is not a side", 6),
    ("hex without radius", ('topology = "square"\nfiles = 5', 'topology = "hex"'),
     "[board] radius is missing", None),
    ("board too small", ('cell = "20mm"', 'cell = "2mm"'), "the board would be", 8),
    ("board too large", ('cell = "20mm"', 'cell = "500mm"'), "the board would be", 8),
    ("rules after a table", ('cell = "20mm"', 'cell = "20mm"\nrules = "r.md"'),
     "belongs at the top", 12),
    ("unknown component key", ('count = 5\nart = "stone-white"', 'count = 5\ncolor = 1\n'
                               'art = "stone-white"'), "unknown key 'color' in [[component]]",
     23),
    ("setup to_move", ('[setup.pieces]\nred = ["a1"]', 'empty = true\nto_move = "green"'),
     "to_move 'green' is not a side", 27),
]


@pytest.mark.parametrize("what,change,message,line", BAD, ids=[b[0] for b in BAD])
@pytest.mark.parametrize("command", ["kit", "board"])
def test_bad_game_file_is_one_line_and_writes_nothing(what, change, message, line, command,
                                                     tmp_path, capsys):
    old, new = change
    assert old in BASE
    path = tmp_path / "game.toml"
    path.write_text(BASE.replace(old, new))
    (tmp_path / "r.md").write_text("# T\n\n## Setup\n\nText.\n")
    out = tmp_path / "out"
    code, stdout, err = run_cli([command, str(path), "-o", str(out)], capsys)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert message in err, err
    where = f"{path}:{line}:" if line else f"{path}"
    assert where in err, err
    assert not out.exists()


def test_the_base_game_file_is_good(tmp_path, capsys):
    (tmp_path / "game.toml").write_text(BASE)
    (tmp_path / "r.md").write_text("# T\n\n## Setup\n\nText.\n")
    code, _, err = run_cli(["board", str(tmp_path / "game.toml"), "-o", str(tmp_path)], capsys)
    assert code == 0, err


def test_a_missing_game_file_is_one_line(tmp_path, capsys):
    code, _, err = run_cli(["kit", str(tmp_path / "nope.toml"), "-o", str(tmp_path / "o")],
                           capsys)
    assert code == 2 and "cannot read game file" in err and not (tmp_path / "o").exists()


TOPOLOGY_BOARDS = [
    ('topology = "square"\nfiles = 5\nranks = 3\ncell = "30mm"', 15, (30.0, "square")),
    ('topology = "square"\nfiles = 7\ncolouring = "spiral"', 49, (25.0, "square")),
    ('topology = "hex"\nshape = "rhombus"\ncolumns = 3\nrows = 4\ncell = "1in"', 12,
     (25.4, "cell")),
    ('topology = "hex"\nradius = 3\nsize = "200mm"', 19, None),
    ('topology = "rings"\nrings = 3\nsectors = 8\nsize = "20cm"\ndead_zone = "25mm"', 24,
     None),
    ('topology = "segments"\ncolumns = 2\nrows = 3\nbends = ["sw", "ne"]\ncell = "40mm"', 15,
     (40.0, "segment")),
    ('topology = "heptagon"\nrows = 2\ncolumns = 3\nsize = "150mm"', 8, None),
]


@pytest.mark.parametrize("board,spaces,room", TOPOLOGY_BOARDS,
                         ids=[b[0].split("\n")[0][12:-1] + str(b[1]) for b in TOPOLOGY_BOARDS])
def test_every_topology_takes_its_parameters(board, spaces, room, tmp_path):
    text = BASE.split("[board]")[0] + "[board]\n" + board + "\n\n[[component]]" + \
        BASE.split("[[component]]", 1)[1]
    first = "a1" if "square" in board or "hex" in board else None
    text = text.replace('red = ["a1"]', f'red = ["{first}"]' if first else "")
    if not first:
        text = text.replace("[setup]\n[setup.pieces]\n", "[setup]\nempty = true\n")
    (tmp_path / "r.md").write_text("# T\n")
    path = tmp_path / "g.toml"
    path.write_text(text)
    game = load_game_file(path)
    board_ = game.board()
    assert len(board_.spaces) == spaces
    if room:
        assert board_.spaces[1].room == pytest.approx(room[0])
        assert board_.spaces[1].kind == room[1]
    if "size" in board and "square" not in board and "rings" not in board:
        assert board_.width == pytest.approx(float(board.split('size = "')[1][:3]))
    if "spiral" in board:
        colours = [s.colour for s in board_.spaces]
        assert colours.count("dark") == colours.count("light") == 24
        assert board_.space("d4").colour == "spiral"
    if "rings" in board:
        assert board_.data["rim_radius"] == 100.0 and board_.data["dead_zone_radius"] == 25.0


@pytest.mark.parametrize("example", EXAMPLES)
def test_an_exported_game_file_rebuilds_its_board(example, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # on standard output the export names the original's rules file relative to the current
    # folder (here tmp_path), so outside the folder of again.toml
    monkeypatch.setenv("PRINTABLES_ALLOW_OUTSIDE", "1")
    source = ROOT / "examples" / f"{example}.toml"
    original = load_game_file(source)
    code, text, err = run_cli(["export", str(source)], capsys)
    assert code == 0, err
    (tmp_path / "again.toml").write_text(text.replace(f'name = "{example}"',
                                                      f'name = "{example}-again"'))
    again = load_game_file(tmp_path / "again.toml")
    close_json(geometry(original, original.board()), geometry(again, again.board()))
    assert again.setup_position.pieces == original.setup_position.pieces
    assert again.first == original.first and again.components({}) == original.components({})


def test_reference_lists_every_piece_art_name_and_its_picture_is_current():
    from docs.gen.key_reference import game_file_markdown
    from printables.products.pieces.art import ART
    from printables.products.pieces.catalogue import catalogue_scene
    from printables.render.png import png_available, render_png
    from printables.render.theme import THEMES
    section = game_file_markdown().split("## Piece art names")[1]
    assert all(f"`{name}`" in section for name in ART)
    assert "](../piece-art.png)" in section
    if png_available():
        assert (ROOT / "docs" / "piece-art.png").read_bytes() == \
            render_png(catalogue_scene(), THEMES["colour"], 100)


@pytest.mark.parametrize("seed_file", ["honeycomb", "crossing", "orbit", "go9", "morris",
                                       "amazons", "star-halma", "surakarta", "xiangqi",
                                       "oware", "jungle"])
@pytest.mark.slow  # hundreds of damaged files per example
def test_damaged_game_files_fail_cleanly(seed_file, tmp_path):
    """Lines dropped or values swapped at random: a GameSpec or one PrintablesError, never
    another exception."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from printables.errors import PrintablesError
    from printables.gamefile import game_from_text
    for name in (f"{seed_file}.md",):
        shutil.copy(ROOT / "examples" / name, tmp_path)
    if (ROOT / "examples" / seed_file).is_dir():
        shutil.copytree(ROOT / "examples" / seed_file, tmp_path / seed_file)
    lines = (ROOT / "examples" / f"{seed_file}.toml").read_text().splitlines()
    values = ['"x"', "0", "-3", "true", "[]", '["a1"]', "{}", '"-5mm"', "1e9", '"z99"']

    @settings(max_examples=60, deadline=None, derandomize=True)
    @given(st.lists(st.tuples(st.integers(0, len(lines) - 1), st.integers(-1, len(values) - 1)),
                    min_size=1, max_size=3))
    def damaged(edits):
        text = list(lines)
        for i, v in edits:
            if v < 0:
                text[i] = ""
            elif "=" in text[i]:
                text[i] = text[i].split("=")[0] + "= " + values[v]
        try:
            game_from_text("\n".join(text), str(tmp_path / "g.toml"))
        except PrintablesError as e:
            assert "\n" not in str(e)
    damaged()


def test_the_web_page_offers_the_game_files_of_a_folder(tmp_path):
    pytest.importorskip("flask", reason="the web extra (flask) is not installed")
    from printables.web import create_app
    from printables.web.catalog import check_games_dir
    from printables.web.jobs import Runner
    folder = str(ROOT / "examples")
    assert check_games_dir(folder) == folder
    client = create_app(games_dir=folder, runner=Runner(slots=1, limit=60)).test_client()
    page = client.get("/").data.decode()
    for name in ("honeycomb", "crossing", "orbit", "dugi"):
        assert f'src="/game/{name}/board.svg"' in page
    svg = client.get("/game/orbit/board.svg")
    assert svg.status_code == 200 and b"<title>Orbit board</title>" in svg.data
    (tmp_path / "x.toml").write_text('game = "dugi"\n')  # a position file, not a game file
    from printables.errors import UsageError
    with pytest.raises(UsageError, match="holds no game file"):
        check_games_dir(str(tmp_path))
