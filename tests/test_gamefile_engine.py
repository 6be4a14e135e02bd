"""A game file's `[game] engine`: `export GAME -o FILE` then `kit FILE` gives the built-in
kit byte for byte (the examples checked and captioned by the engine), and an engine refuses,
in one line, a name that is not an engine and a game it was not written for."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from printables.gamefile import load_game_file
from printables.games import GAMES
from printables.play.kernel import ReferenceKernel
from printables.play.kernels import kernel_for

pytestmark = pytest.mark.kit


def kit_files(folder: Path, name: str) -> dict[str, bytes]:
    """Every file of a kit folder, by its path inside it with the game's name as GAME."""
    return {str(p.parent.relative_to(folder) / re.sub(rf"^{re.escape(name)}-", "GAME-", p.name)):
            p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def manifest_of(data: bytes, name: str) -> dict:
    """A kit manifest with what names the kit's source left out: the game's name (the kit
    folder and file names), the command that built it and its cache key (made from the
    inputs, which name the source)."""
    m = json.loads(data)
    assert {m["kit"].pop(k) for k in ("command", "key", "game")}
    text = json.dumps(m, sort_keys=True)
    return json.loads(re.sub(rf"\b{re.escape(name)}(?=[/-])", "GAME", text))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_export_then_kit_gives_the_built_in_kit_byte_for_byte(cli, tmp_path, name):
    target = tmp_path / "src" / f"my-{name}.toml"
    assert cli("export", name, "-o", target)[0] == 0
    assert f'engine = "{name}"' in target.read_text()
    for source, out in ((name, "built"), (target, "mine")):
        code, _, err = cli("kit", source, "-o", tmp_path / out, "--jobs", "1")
        assert code == 0, err
    built = kit_files(tmp_path / "built" / name, name)
    mine = kit_files(tmp_path / "mine" / f"{name}-variant", f"{name}-variant")
    assert sorted(built) == sorted(mine)
    assert {"booklet.pdf", "GAME-print-and-play.pdf", "setup.png"} <= set(built)
    differ = sorted(k for k in built if built[k] != mine[k])
    assert differ == ["manifest.json"], differ  # it names the source: compared below
    assert manifest_of(built["manifest.json"], name) == manifest_of(
        mine["manifest.json"], f"{name}-variant")


def test_an_exported_game_is_checked_by_its_engine(tmp_path, cli):
    target = tmp_path / "rk.toml"
    assert cli("export", "rosenkreuz", "-o", target)[0] == 0
    game = load_game_file(target)
    assert game.rules is GAMES["rosenkreuz"].rules and game.engine == "rosenkreuz"
    assert game.board_summary == GAMES["rosenkreuz"].board_summary
    for named in (target.parent / "rk", target):  # the examples, or the game file
        code, out, _ = cli("validate", named)
        assert code == 0 and "not checked by a rules engine" not in out
        assert re.search(r"(\d+) passed, 0 failed", out).group(1) != "0"
    assert "checked by the rules engine of rosenkreuz" in out


def test_a_bigger_board_keeps_the_engine_and_describes_itself(tmp_path, cli):
    target = tmp_path / "rk.toml"
    assert cli("export", "rosenkreuz", "-o", target)[0] == 0
    target.write_text(re.sub(r'(?m)^size = "175mm"', 'size = "210mm"', target.read_text()))
    game = load_game_file(target)
    assert game.rules is GAMES["rosenkreuz"].rules
    assert game.board().width > GAMES["rosenkreuz"].board().width
    assert game.board_summary != GAMES["rosenkreuz"].board_summary
    code, _, err = cli("booklet", target, "-o", tmp_path / "out")
    assert code == 0, err


def edited(tmp_path: Path, cli, name: str, old: str, new: str) -> Path:
    target = tmp_path / f"{name}.toml"
    assert cli("export", name, "-o", target)[0] == 0
    text = target.read_text()
    assert re.search(old, text), old
    target.write_text(re.sub(old, new, text, count=1))
    return target


@pytest.mark.parametrize("name,old,new,said", [
    ("rosenkreuz", r'engine = "rosenkreuz"', 'engine = "chess"',
     "engine 'chess' is not a built-in rules engine; valid: rosenkreuz, chameleons, evl"),
    ("rosenkreuz", r"(?m)^files = 7$", "files = 9",
     "engine 'rosenkreuz' cannot check this game: the board has 63 spaces, the engine's 49"),
    ("chameleons", r'colouring = "spiral"', 'colouring = "checker"',
     "engine 'chameleons' cannot check this game: space b1 is coloured light, the engine's dark"),
    ("rosenkreuz", r'sides = \["rose", "cross"\]', 'sides = ["rose", "thorn"]',
     "engine 'rosenkreuz' cannot check this game: its sides are rose, thorn"),
    ("network", r'(?m)^engine = "network"', 'engine = "dag-en-nacht"',
     "engine 'dag-en-nacht' cannot check this game"),
    ("evl", r"(?m)^target = 10$", "target = 99",
     "[game.options] are not options of engine 'evl'"),
])
def test_an_engine_refuses_a_game_it_was_not_written_for(tmp_path, cli, name, old, new,
                                                          said):
    target = edited(tmp_path, cli, name, old, new)
    if "thorn" in new:  # the rest of the file names the side too
        target.write_text(target.read_text().replace('"cross"', '"thorn"')
                          .replace("pieces.cross]", "pieces.thorn]"))
    code, out, err = cli("board", target, "-o", tmp_path / "out")
    assert code == 2 and said in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_an_engine_refuses_a_board_of_other_options_it_cannot_check(tmp_path, cli):
    target = tmp_path / "nw.toml"
    assert cli("export", "network", "-o", target)[0] == 0
    code, _, err = cli("board", target, "--option", "size=10", "-o", tmp_path / "out")
    assert code == 2 and "engine 'network' cannot check this game's board with" in err, err
    assert len(err.strip().splitlines()) == 1


def test_an_exported_game_plays_with_the_engine_s_kernels(tmp_path, cli):
    target = tmp_path / "dugi.toml"
    assert cli("export", "dugi", "-o", target)[0] == 0
    runs = [cli("play", game, "--games", "10", "--seed", "3") for game in ("dugi", target)]
    assert [code for code, _, _ in runs] == [0, 0], runs
    built, mine = (out.splitlines() for _, out, _ in runs)
    kernel = built[0][built[0].rindex("("):]  # the default: numba where installed, else fast
    assert kernel in ("(numba kernel)", "(fast kernel)"), built[0]
    assert mine[0].endswith(kernel) and mine[0].startswith("dugi-variant: "), mine[0]
    same = [line for line in built[1:] if "plies/s" not in line]  # timings vary
    assert same and same == [line for line in mine[1:] if "plies/s" not in line]
    game = load_game_file(target)
    assert game.adjudicate is GAMES["dugi"].adjudicate  # the engine's ruling at the ply cap
    fast = type(kernel_for(GAMES["dugi"], GAMES["dugi"].board()))
    assert fast is not ReferenceKernel and type(kernel_for(game, game.board())) is fast
