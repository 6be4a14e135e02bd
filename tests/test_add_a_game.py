"""CONTRIBUTING.md's recipe for a built-in game, followed in a copy of the project: the
template game becomes the built-in game "four" by its numbered steps only (the texts it
writes are in tests/data/add_a_game/), and then validate, a kit and the tests that count or
list the games pass with no edit outside the files the recipe names."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEXTS = Path(__file__).resolve().parent / "data" / "add_a_game"
#: What the project's copy leaves out: nothing the recipe or the tests read.
SKIP = shutil.ignore_patterns(".git", ".venv", ".ci-venv", "output", "__pycache__",
                              "*.egg-info", ".pytest_cache", ".mypy_cache", ".ruff_cache")
#: The files CONTRIBUTING names for a game NAME = four (a layouts file: any under layouts/four).
NAMED = {"printables/games/four.py", "printables/games/__init__.py", "rules_text/four.md",
         "pyproject.toml", "docs/gallery/four.png"}
#: Tests that count, list or go through every game, run in the copy (-k four: only the new
#: game's cases of the files that run every game anyway).
COUNTING = ["tests/test_game_contract.py", "tests/test_game_registry.py",
            "tests/test_cli_board.py", "tests/test_packaging.py",
            "tests/test_booklet_requirements.py", "tests/test_setup.py", "tests/test_validate.py"]
PER_GAME = ["tests/test_pieces.py", "tests/test_kernels_play.py", "tests/test_gallery.py",
            "tests/test_print_booklet.py", "tests/test_diagram.py"]


def test_contributing_names_every_file_the_recipe_touches():
    recipe = (ROOT / "CONTRIBUTING.md").read_text()
    for path in sorted(NAMED | {"layouts/four/setup.toml"}):
        assert f"`{path.replace('four', 'NAME')}" in recipe, path


def files(top: Path) -> dict[str, bytes]:
    """Every file under top by its path relative to top, with its bytes."""
    return {p.relative_to(top).as_posix(): p.read_bytes() for p in top.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def edit(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of old in the file at path (the test fails if it moved)."""
    text = path.read_text()
    assert text.count(old) == 1, f"{path}: the recipe's edit no longer applies ({old!r})"
    path.write_text(text.replace(old, new))


def follow_the_recipe(copy: Path) -> None:
    """CONTRIBUTING's steps 1-6 for the game four (step 7, a fast kernel, is optional)."""
    games = copy / "printables" / "games"
    shutil.copy(games / "_template.py", games / "four.py")  # 1: the template is Four
    init = games / "__init__.py"  # 2: import it and register it in GAMES
    imports = re.search(r"from printables\.games import \(?([^)\n]*(?:\n[^)]*)?)\)?\n",
                        init.read_text())
    assert imports and "network" in imports.group(1)
    edit(init, imports.group(0), imports.group(0).replace("network", "four, network", 1))
    edit(init, '    "network": network.GAME,\n', '    "network": network.GAME,\n'
         '    "four": four.GAME,\n')
    shutil.copy(TEXTS / "four.md", copy / "rules_text" / "four.md")  # 3: the rules text
    (copy / "layouts" / "four").mkdir()  # 4: setup and examples
    for p in TEXTS.glob("*.toml"):
        shutil.copy(p, copy / "layouts" / "four" / p.name)
    edit(copy / "pyproject.toml", '"printables.layouts.rosenkreuz"',  # 5: its layouts folder
         '"printables.layouts.rosenkreuz", "printables.layouts.four"')


def run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A command in the copy, with the copy's package first on the path."""
    env = {**os.environ, "PYTHONPATH": str(copy), "PRINTABLES_HYPOTHESIS": "default"}
    return subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True,
                          text=True, timeout=900)


@pytest.mark.slow  # a copy of the project, a kit and a test run: about a minute
def test_a_game_added_by_the_recipe_passes_the_tests_that_count_games(tmp_path):
    copy = tmp_path / "project"
    shutil.copytree(ROOT, copy, ignore=SKIP)
    before = files(copy)
    follow_the_recipe(copy)
    done = run(copy, "-m", "printables", "validate", "layouts/four")
    assert done.returncode == 0 and "FAIL" not in done.stdout, done.stdout + done.stderr
    done = run(copy, "-m", "printables", "kit", "four", "-o", str(tmp_path / "kit"))
    assert done.returncode == 0, done.stderr
    shutil.copy(tmp_path / "kit" / "four" / "board.png", copy / "docs" / "gallery" / "four.png")
    after = files(copy)  # 6 done: now nothing but the named files may have changed
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
    assert {p for p in changed if not p.startswith("layouts/four/")} == NAMED
    done = run(copy, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-o", "addopts=",
               "-x", *COUNTING)
    assert done.returncode == 0, done.stdout[-3000:]
    done = run(copy, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-o", "addopts=",
               "-x", "-k", "four", *PER_GAME)
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout.splitlines()[-1]
