"""Paths a game file names (rules, examples) stay inside the game file's folder (issue 22,
item 4): `rules = "/etc/passwd"`, `..` and links out are errors naming the key, globs are
bounded in depth, matches and search, and PRINTABLES_ALLOW_OUTSIDE=1 is the one way to
name a file elsewhere."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from printables.errors import InputError
from printables.outputs import GLOB_FILES, bounded_glob, resolve_inside
from tests.conftest import run_cli
from tests.test_reliability_matrix import GOOD, edit, make_world, run_contract


@pytest.fixture(autouse=True)
def registry():
    from printables import gamefile
    from printables.games import REGISTERED
    saved = dict(REGISTERED)
    yield
    REGISTERED.clear()
    REGISTERED.update(saved)
    gamefile._LOADED.clear()


@pytest.mark.parametrize("command", ["kit", "booklet", "board", "validate"])
def test_rules_etc_passwd_exits_2_naming_the_key(command, tmp_path, capsys):
    game = make_world(tmp_path, edit('rules = "g.md"', 'rules = "/etc/passwd"'))
    message = run_contract(capsys, [command, game], tmp_path,
                           "rules '/etc/passwd' is outside the game file's folder")
    assert "g.toml:1: " in message  # the line of the key
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("pattern", ["/*/*.toml", "/*/*/*/*/*/*.toml", "../*.toml",
                                     "ex/../../*.toml", "**/*.toml"])
@pytest.mark.parametrize("command", ["kit", "validate"])
def test_examples_outside_exit_2_naming_the_key_without_searching(pattern, command, tmp_path,
                                                                  capsys):
    game = make_world(tmp_path, edit('"ex/*.toml"', f'"{pattern}"'))
    start = time.perf_counter()
    message = run_contract(capsys, [command, game], tmp_path, "examples")
    assert time.perf_counter() - start < 1
    assert "g.toml:2: " in message and ("leaves the game file's folder" in message
                                        or "parts" in message)


def test_a_link_inside_the_folder_that_leaves_it_is_refused(tmp_path):
    (tmp_path / "secret.md").write_text("# Secret\n")
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "rules.md").symlink_to(tmp_path / "secret.md")
    (folder / "up").symlink_to(tmp_path)
    with pytest.raises(InputError, match="rules 'rules.md' is outside"):
        resolve_inside(folder, "rules.md", "rules")
    with pytest.raises(InputError, match="reaches .*/up, outside"):
        bounded_glob(folder, "up/*.md", "examples")


def test_paths_inside_are_fine_links_included(tmp_path):
    folder = tmp_path / "game"
    (folder / "text").mkdir(parents=True)
    (folder / "text" / "r.md").write_text("# R\n")
    (folder / "r.md").symlink_to(folder / "text" / "r.md")
    assert resolve_inside(folder, "r.md", "rules") == folder / "r.md"
    assert resolve_inside(folder, "text/../r.md", "rules") == folder / "text/../r.md"
    assert bounded_glob(folder, "text/*.md", "examples") == [folder / "text" / "r.md"]
    assert bounded_glob(folder, "*.md", "examples") == [folder / "r.md"]


def test_globs_are_bounded_in_matches_and_depth(tmp_path):
    folder = tmp_path / "game"
    (folder / "many").mkdir(parents=True)
    for i in range(GLOB_FILES + 1):
        (folder / "many" / f"{i}.toml").write_text("")
    with pytest.raises(InputError, match=f"matches more than {GLOB_FILES} files"):
        bounded_glob(folder, "many/*.toml", "examples")
    with pytest.raises(InputError, match="has 4 parts"):
        bounded_glob(folder, "a/b/c/*.toml", "examples")
    assert len(bounded_glob(folder, "many/1?.toml", "examples")) == 10


def test_the_rules_text_is_never_printed_from_outside(tmp_path, capsys):
    """The attack itself: a kit of a game file whose rules name /etc/passwd writes nothing,
    so no booklet.pdf can carry the file."""
    game = make_world(tmp_path, edit('rules = "g.md"', 'rules = "../../../../../etc/passwd"'))
    run_contract(capsys, ["kit", game], tmp_path, "is outside the game file's folder")
    assert not list(tmp_path.rglob("*.pdf"))


def test_allow_outside_lets_a_designer_share_rules_between_folders(tmp_path, capsys,
                                                                   monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "rules.md").write_text((Path(__file__).parent.parent / "examples" /
                                      "orbit.md").read_text())
    game = make_world(tmp_path, edit('rules = "g.md"', 'rules = "../shared/rules.md"'))
    run_contract(capsys, ["board", game, "--format", "json"], tmp_path, "is outside")
    monkeypatch.setenv("PRINTABLES_ALLOW_OUTSIDE", "1")
    code, _, err = run_cli(["booklet", str(game), "-o", str(tmp_path / "out")], capsys)
    assert code == 0, err


def test_an_exported_built_in_game_names_the_bundled_rules_and_loads(tmp_path, capsys,
                                                                      monkeypatch):
    """`export` on standard output names the bundled rules text relative to the current
    folder (where the file is saved): the bundled rules_text/ folder is allowed as well as
    the game file's own."""
    monkeypatch.chdir(tmp_path)
    code, text, err = run_cli(["export", "network"], capsys)
    assert code == 0, err
    assert 'text = "../' in text and "rules_text/network.md" in text  # in [rules]
    (tmp_path / "mine.toml").write_text(text)
    code, _, err = run_cli(["board", str(tmp_path / "mine.toml"), "--format", "json", "-o",
                            str(tmp_path / "out")], capsys)
    assert code == 0, err


def test_the_good_game_file_resolves(tmp_path):
    from printables.gamefile import load_game_file
    game = load_game_file(make_world(tmp_path, GOOD))
    assert game.rules_file == tmp_path / "game" / "g.md"
    assert game.example_files == (tmp_path / "game" / "ex" / "one.toml",)
