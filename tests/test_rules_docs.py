"""The designer's page "The rules of your game" (docs/designer/rules.md) and the generated
rules vocabulary: the game-file reference prints the reader's key table (so no key is
undocumented and none documented that does not exist); the walk-through does what it says
(the Bridges game file made of the tutorial's and the page's own snippets is read, its false
claim fails `validate` naming the check, and it plays); and every snippet of a mechanism is
the text of the game file it names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from docs.gen.key_reference import game_file_markdown
from printables.gamefile.rule_keys import RULE_KEYS, reference_markdown

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "designer" / "rules.md"


def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def test_the_game_file_reference_prints_the_key_table():
    assert reference_markdown() in game_file_markdown()


def test_every_key_of_the_table_is_in_the_reference_with_an_example():
    text = reference_markdown()
    for row in RULE_KEYS:
        assert f"| `{row.key}` |" in text, row.key
        assert row.meaning and row.example, row.key


def toml_blocks(text: str) -> list[str]:
    return re.findall(r"```toml\n(.*?)```", text, flags=re.S)


def bridges(tmp_path: Path) -> Path:
    """Bridges as the pages build it: the tutorial's game file, then the walk-through's
    edges and [rules] (the top-level rules line replaced by [rules] text)."""
    tutorial = (ROOT / "docs" / "designer" / "tutorial.md").read_text(encoding="utf-8")
    base = re.findall(r"```toml title=\"bridges.toml\"\n(.*?)```", tutorial, flags=re.S)[0]
    walk = page().split("## Write the rules of your game", 1)[1]
    edges, rules, example = [re.sub(r"(?m)^ {4}", "", b) for b in toml_blocks(walk)[:3]]
    text = base.replace('rules = "bridges.md"              # the rules text, next to this '
                        'file\n', "")
    assert text != base
    text = text.replace('cell = "24mm"\n', 'cell = "24mm"\n' + edges, 1) + "\n" + rules
    (tmp_path / "bridges.toml").write_text(text)
    (tmp_path / "bridges.md").write_text("# Bridges\n\n## Overview\n\nJoin your edges.\n")
    (tmp_path / "bridges").mkdir()
    (tmp_path / "bridges" / "a-bridge.toml").write_text(example.split("\n", 1)[1])
    return tmp_path / "bridges.toml"


def test_the_walk_through_validates_as_it_says(cli, tmp_path):
    path = bridges(tmp_path)
    code, out, err = cli("validate", path)
    assert code == 1, err
    assert "checked by its [rules]" in out
    assert "a-bridge.toml check 1: ok" in out
    assert "a-bridge.toml check 2: FAIL winner after the move is none, file says blue" in out
    fixed = path.parent / "bridges" / "a-bridge.toml"
    fixed.write_text(fixed.read_text().replace('winner = "blue"', 'winner = "none"'))
    code, out, _ = cli("validate", path)
    assert code == 0 and "2 passed, 0 failed" in out


@pytest.mark.slow  # plays on the compiled interpreter (minutes' compile on a cold numba folder)
def test_the_walk_through_plays(cli, tmp_path):
    path = bridges(tmp_path)
    code, out, err = cli("play", path, "--games", "100")
    assert code == 0, err
    shown = page().split("$ printables play bridges.toml --games 100\n", 1)[1]
    for line in (out.splitlines()[0], next(x for x in out.splitlines() if "results:" in x)):
        assert "    " + line + "\n" in shown, line


SNIPPETS = re.findall(r"<!-- snippet: (\S+) -->\n```toml\n(.*?)```", page(), flags=re.S)


def test_the_page_shows_one_section_per_mechanism():
    text = page()
    for table in ("[[rules.place]]", "[[rules.move]]", "[[rules.capture]]",
                  "[[rules.promote]]", "[[rules.win]]", "[rules.end]", "[[rules.variant]]"):
        assert re.search(rf"^### .*`{re.escape(table)}`", text, flags=re.M), table
    assert len(SNIPPETS) >= 8


@pytest.mark.parametrize(("path", "snippet"), SNIPPETS)
def test_each_mechanism_snippet_is_in_the_file_it_names(path, snippet):
    assert snippet in (ROOT / path).read_text(encoding="utf-8"), path
