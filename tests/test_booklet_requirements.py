"""What a built-in game's booklet needs of its texts is checked by `printables validate`,
one line per thing missing (printables/products/booklet/requirements.py), so a new game
learns it there rather than from distant test failures."""

from __future__ import annotations

from dataclasses import replace

import pytest

from printables.games import GAMES
from printables.positions import bundled_layouts, bundled_rules
from printables.products.booklet.requirements import (
    MIN_EXAMPLES,
    booklet_problems,
    layout_problems,
    rules_problems,
)

THIN = """# Thin

## Components

Two stones.

## Setup

Empty.

## Moving

Drop a stone.

## Capturing

**In short:** none.
"""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_built_in_game_has_what_its_booklet_needs(name):
    assert booklet_problems(GAMES[name]) == []


def test_a_thin_rules_text_gets_one_line_per_thing_missing(tmp_path):
    path = tmp_path / "thin.md"
    path.write_text(THIN)
    problems = rules_problems(path)
    assert all("\n" not in p and p.startswith(f"{path}: ") for p in problems)
    said = ["no 'Playing a turn' section", "no 'End of the game' section",
            "no 'Credits' section", "'Moving' section has no paragraph starting **In short:**",
            "says nothing of a player with no legal move"]
    assert len(problems) == len(said) and all(s in p for s, p in zip(said, problems))
    path.write_text(THIN.replace("Drop a stone.", "**In short:** drop a stone.")
                    + "\n## Playing a turn\n\nDrop.\n\n## End of the game\n\nA player with "
                      "no legal move passes.\n\n## Credits\n\nOurs.\n")
    assert rules_problems(path) == []


def test_thin_layouts_get_one_line_per_thing_missing(tmp_path):
    setup = tmp_path / "setup.toml"
    setup.write_text('game = "dugi"\nto_move = "black"\n[[check]]\nlegal = true\n')
    untitled = tmp_path / "a.toml"
    untitled.write_text('game = "dugi"\nto_move = "black"\n[[check]]\nlegal_moves = 0\n')
    problems = layout_problems(setup, (untitled,), tmp_path)
    assert problems == [
        "setup.toml: no check counts the legal moves at the start (legal_moves = N)",
        'a.toml: no title (title = "..."), which the booklet prints',
        f".: 1 example position besides the setup; a booklet needs at least {MIN_EXAMPLES}",
        ".: no example shows a forbidden move (a check with legal = false)"]


def test_validate_reports_what_a_built_in_games_booklet_lacks(cli, tmp_path, monkeypatch):
    assert cli("validate", bundled_layouts() / "dugi")[0] == 0
    thin = tmp_path / "dugi.md"
    thin.write_text((bundled_rules() / "dugi.md").read_text().replace("## Credits", "## Thanks"))
    monkeypatch.setitem(GAMES, "dugi", replace(GAMES["dugi"], rules_file=thin))
    code, out, _ = cli("validate", bundled_layouts() / "dugi")
    assert code == 1
    (line,) = [ln for ln in out.splitlines() if "FAIL" in ln]
    assert line.startswith("dugi booklet: FAIL ") and "no 'Credits' section" in line
    assert out.splitlines()[-1].endswith(" passed, 1 failed")


def test_a_ruling_without_why_and_original_is_named_with_its_line(tmp_path):
    path = tmp_path / "thin.md"
    path.write_text(THIN + "\n## End of the game\n\nNo legal move: pass.[^p]\n\n[^p]: Pass.\n")
    (line,) = rules_problems(path)
    assert line.startswith(f"{path}:") and "ruling [^p]" in line and "Why:" in line
