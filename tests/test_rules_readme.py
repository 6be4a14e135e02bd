"""The README's "The rules of your game": its vocabulary reference is what the reader's key
table prints (so no key is undocumented and none documented that does not exist), and its
walk-through does what it says: the Bridges game file made of the README's own snippets is
read, its false claim fails `validate` naming the check, and it plays."""

from __future__ import annotations

import re
from pathlib import Path

from printables.gamefile.rule_keys import RULE_KEYS, reference_markdown

ROOT = Path(__file__).resolve().parents[1]


def section() -> str:
    text = (ROOT / "README.md").read_text()
    return text.split("\n## The rules of your game\n", 1)[1].split("\n## ", 1)[0]


def generated() -> str:
    return section().split("<!-- rules-reference")[1].split("-->\n", 1)[1].split(
        "<!-- /rules-reference -->")[0]


def test_the_readme_reference_is_the_key_table():
    assert generated() == reference_markdown()


def test_every_key_of_the_table_is_in_the_reference_with_an_example():
    text = generated()
    for row in RULE_KEYS:
        assert f"| `{row.key}` |" in text, row.key
        assert row.meaning and row.example, row.key


def toml_blocks(text: str) -> list[str]:
    return re.findall(r"```toml\n(.*?)```", text, flags=re.S)


def bridges(tmp_path: Path) -> Path:
    """Bridges as the README builds it: "Your own game" step 1, then the walk-through's
    edges and [rules] (the top-level rules line replaced by [rules] text)."""
    readme = (ROOT / "README.md").read_text()
    own = readme.split("\n## Your own game\n", 1)[1]
    base = toml_blocks(own)[0]
    walk = section().split("### Write the rules of your game", 1)[1]
    edges, rules, example = [re.sub(r"(?m)^ {3}", "", b) for b in toml_blocks(walk)[:3]]
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


def test_the_walk_through_plays(cli, tmp_path):
    path = bridges(tmp_path)
    code, out, err = cli("play", path, "--games", "20")
    assert code == 0, err
    # a game file plays on the generic kernel (compiled where numba is installed)
    assert ("(numba kernel)" in out or "(fast kernel)" in out) and "results: red" in out
