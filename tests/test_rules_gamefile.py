"""Game files with [rules] downstream: export writes the three built-in games' rules, an
edited board keeps them (the engine plays its own board, the [rules] any other), the
examples in examples/ validate, caption and play with no Python, and self-play stops at the
rules' ply cap with their ruling."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printables.gamefile import load_game_file
from printables.games import GAMES
from printables.games.rules import GenericRules
from printables.play.kernels import kernel_for
from printables.positions import bundled_layouts, load_layout
from printables.products.booklet.examples import load_examples

ROOT = Path(__file__).resolve().parents[1]


def exported(cli, tmp_path: Path, name: str, *edits: tuple[str, str]) -> Path:
    target = tmp_path / f"{name}.toml"
    assert cli("export", name, "-o", target)[0] == 0
    text = target.read_text()
    for old, new in edits:
        text, n = re.subn(old, new, text, count=1)
        assert n == 1, old
    target.write_text(text)
    return target


@pytest.mark.parametrize("name", ["dag-en-nacht", "dugi", "network"])
def test_export_writes_the_rules_and_the_engine_plays_its_own_board(cli, tmp_path, name):
    target = exported(cli, tmp_path, name)
    text = target.read_text()
    assert "\n[rules]\ntext = " in text and "[[rules." in text
    assert not re.search(r"(?m)^rules = ", text)  # the Markdown is named inside [rules]
    game = load_game_file(target)
    assert game.rules is GAMES[name].rules and game.engine == name
    code, out, _ = cli("validate", target)
    assert code == 0
    assert (f"checked by the rules engine of {name} (its own board; the [rules] play on "
            "any other)") in out


@pytest.mark.slow  # plays on the compiled interpreter (minutes' compile on a cold numba folder)
def test_a_five_ring_dugi_keeps_its_rules(cli, tmp_path):
    target = exported(cli, tmp_path, "dugi", (r"(?m)^rings = 7$", "rings = 5"),
                      (r'(?m)^examples = .*$', "examples = []"),
                      (r'"a13", "a14", .*"a24"\]', '"a13", "a14", "a15", "a16", "a17", '
                       '"a18", "a19", "a20", "a21", "a22", "a23", "a24"]'))
    game = load_game_file(target)
    assert isinstance(game.rules, GenericRules)
    assert game.board().spaces[-1].name == "e24" and len(game.board().spaces) == 120
    code, out, err = cli("validate", target)
    assert code == 0, err
    assert "checked by its [rules] (engine dugi plays only its own board: the board has " \
           "120 spaces, the engine's 168" in out
    code, out, err = cli("play", target, "--games", "2", "--max-plies", "60")
    assert code == 0 and "2 games" in out, err


def test_a_dag_en_nacht_of_another_size_plays_by_its_rules(cli, tmp_path):
    target = exported(cli, tmp_path, "dag-en-nacht", (r"(?m)^files = 15$", "files = 12"),
                      (r"(?m)^ranks = 15$", "ranks = 12"), (r"(?m)^size = 15$", "size = 12"),
                      (r'(?m)^examples = .*$', "examples = []"))
    game = load_game_file(target)
    assert isinstance(game.rules, GenericRules) and len(game.board().spaces) == 144
    board = game.board()
    start = game.setup_position
    assert start is not None and len(game.rules.legal_moves(board, start)) == 72  # dark


@pytest.mark.parametrize("name", ["dugi-small", "dag-en-nacht-13"])
@pytest.mark.slow  # plays on the compiled interpreter (minutes' compile on a cold numba folder)
def test_the_examples_validate_caption_and_play_with_no_python(cli, tmp_path, name):
    path = ROOT / "examples" / f"{name}.toml"
    game = load_game_file(path)
    assert isinstance(game.rules, GenericRules) and game.engine is None
    code, out, err = cli("validate", path)
    assert code == 0, out + err
    assert "checked by its [rules]" in out and ", 0 failed" in out
    code, out, err = cli("play", path, "--games", "5")
    # the generic kernel plays it: compiled where numba is installed, else plain Python
    assert code == 0 and ("(numba kernel)" in out or "(fast kernel)" in out), err
    assert type(kernel_for(game, game.board())).__name__ == "GenericKernel"


def test_captions_state_what_the_engine_found(cli, tmp_path):
    code, _, err = cli("booklet", ROOT / "examples" / "dugi-small.toml", "-o", tmp_path)
    assert code == 0, err
    game = load_game_file(ROOT / "examples" / "dugi-small.toml")
    captions = [e.outcome for e in load_examples(game, bundled_layouts())]
    assert "Black plays b2-b4, capturing c4. Black wins." in captions
    assert "Black plays c1-c5, capturing c6. Nobody has won yet." in captions


@pytest.mark.slow
@pytest.mark.parametrize(("name", "extra"), [("dag-en-nacht-13", ()),
                                             ("dugi-small", ("--max-plies", "200"))])
def test_the_examples_balance(cli, tmp_path, name, extra):
    # Dugi's random games run to the ply cap: 200 plies keep this test short
    code, out, err = cli("balance", ROOT / "examples" / f"{name}.toml", "--games", "100",
                         "-o", tmp_path, *extra)
    assert code == 0, err
    assert (tmp_path / "balance.md").exists() and "100 games" in err


def test_a_capped_game_is_ruled_by_the_rules(tmp_path):
    game = load_game_file(ROOT / "examples" / "dugi-small.toml")
    assert game.adjudicate is not None and game.rules.max_plies == 1000  # type: ignore[union-attr]
    pos = load_layout(ROOT / "examples" / "dugi-small" / "capture-along-a-ring.toml").position
    board = game.board()
    assert game.adjudicate(board, pos) == "draw"  # 4 counters each
    fewer = pos.with_(pieces={k: v for k, v in pos.pieces.items() if k != "a11"})
    assert game.adjudicate(board, fewer) == "black"
    dag = load_game_file(ROOT / "examples" / "dag-en-nacht-13.toml")
    assert dag.adjudicate is not None and dag.adjudicate(dag.board(), dag.setup_position) \
        == "draw"
