"""Booklets that write themselves from a game file's [rules] (#39): every published [rules]
game, its text and examples taken away, still gets a complete booklet; each generated line
names its keys; the designer's words win; a changed key changes the text, the player aid and
the examples; the examples the engine finds pass `validate`; same input, same bytes."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from printables.gamefile import forget_loaded, load_game_file
from printables.games import REGISTERED
from printables.products.booklet.book import (
    AID_SECTIONS,
    aid_blocks,
    booklet_content,
    build_booklet,
)
from printables.products.booklet.generated import found_for
from printables.products.booklet.prose_sections import write
from printables.products.booklet.rules_examples import Search

ROOT = Path(__file__).resolve().parents[1]
#: The published games whose files carry [rules].
RULED = sorted(p.stem for p in (ROOT / "examples").glob("*.toml")
               if re.search(r"(?m)^\[rules\]", p.read_text()))
QUICK = ("tic-tac-toe", "connect-four")


@pytest.fixture(autouse=True)
def no_games_left_behind():
    """The game files these tests read are forgotten after each (other tests list games)."""
    before = dict(REGISTERED)
    yield
    REGISTERED.clear()
    REGISTERED.update(before)
    forget_loaded()


def bare(tmp_path: Path, name: str, change: tuple[str, str] | None = None) -> Path:
    """The published game file without its rules text and examples (and with one line of
    its text changed), with the art it names beside it."""
    text = (ROOT / "examples" / f"{name}.toml").read_text()
    text = re.sub(r'(?m)^(text|examples) = .*\n', "", text)
    if change:
        assert change[0] in text
        text = text.replace(*change)
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    art = ROOT / "examples" / name / "art"
    if art.is_dir():
        shutil.copytree(art, tmp_path / name / "art")
    forget_loaded()
    return path


def params(names):
    return [pytest.param(n, marks=() if n in QUICK else pytest.mark.slow) for n in names]


def test_every_published_rules_game_is_covered():
    assert {"gomoku", "checkers", "othello", "amazons", "hex", "dugi-small"} <= set(RULED)


@pytest.mark.parametrize("name", params(RULED))
def test_a_rules_game_without_text_gets_a_complete_booklet(tmp_path, cli, name):
    game = load_game_file(bare(tmp_path, name))
    c = booklet_content(game)
    titles = [s.title for s in c.sections]
    rules = Search(game, game.options(None)).rules
    want = ["Overview", "Components", "Setup", "Playing a turn", "End of the game",
            "Notation", "Credits"] + ["Moving"] * bool(rules.move) + ["Capturing"] * bool(
        rules.capture or any("enemy" in m.onto or m.type == "hop" for m in rules.move))
    assert sorted(titles) == sorted(want)
    shown = {Path(e.path).name for e in c.examples}
    for entry in ("place", "move", "capture", "promote", "win"):  # each declared entry
        for i in range(len(getattr(rules, entry))):
            assert any(f"-{entry}-{i}" in n for n in shown) or shown_twice(game, entry, i), (
                f"{entry} {i}: {sorted(shown)}")
    assert all(e.checked and e.outcome for e in c.examples)
    # the same examples written out as files pass validate
    code, out, err = cli("rules-text", tmp_path / f"{name}.toml", "-o", tmp_path / "draft")
    assert code == 0, err
    files = sorted((tmp_path / "draft" / game.name).glob("found-*.toml"))
    assert len(files) == len(c.examples)
    code, out, err = cli("validate", *files)
    assert code == 0, out + err


def shown_twice(game, entry: str, i: int) -> bool:
    """True when the entry's example is one example with another mechanism's title."""
    return any(f.mechanism.key != f"{entry}.{i}" for f in found_for(game, ())
               ) and len(found_for(game, ())) < len(Search(game, game.options(None)).mechs)


def test_every_generated_line_names_its_rule_keys(tmp_path):
    game = load_game_file(bare(tmp_path, "checkers"))
    lines = [line for sec in write(game) for line in sec.lines]
    assert lines and all(line.sources for line in lines)
    hop = next(line for line in lines if "hops diagonally forward" in line.text)
    assert any(s.startswith("[[rules.move]] 2:") for s in hop.sources)


def test_explain_lists_each_sentence_with_its_keys(tmp_path, cli):
    code, out, _ = cli("rules-text", bare(tmp_path, "connect-four"), "--explain")
    assert code == 0
    assert re.search(r"falls south.*\n\s+<- \[\[rules\.place\]\] 1: gravity", out)


def test_rules_text_of_a_game_without_rules_is_one_clear_line(cli):
    code, out, err = cli("rules-text", "dugi")
    assert code == 2 and "no [rules]" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def four_in_a_row(tmp_path: Path) -> tuple[Path, Path]:
    """Gomoku as published (five in a row) and with the target changed to four."""
    (tmp_path / "five").mkdir()
    (tmp_path / "four").mkdir()
    return (bare(tmp_path / "five", "gomoku"),
            bare(tmp_path / "four", "gomoku", ("line = 5\nalong", "line = 4\nalong")))


def test_changing_one_key_changes_text_player_aid_and_examples(tmp_path):
    five_path, four_path = four_in_a_row(tmp_path)
    texts = {}
    for key, path in (("five", five_path), ("four", four_path)):
        forget_loaded()
        c = booklet_content(load_game_file(path))
        words = " ".join(b.text for s in c.sections for b in s.blocks)
        titles = " ".join(e.title for e in c.examples)
        texts[key] = (words, titles, c)
    five, four = texts["five"], texts["four"]
    assert re.search(r"\bfive\b", five[0]) and "five in a row" in five[1]
    assert not re.search(r"\bfive\b", four[0]), "a sentence still states the old rule"
    assert re.search(r"\bfour or more\b", four[0]) and "four in a row" in four[1]
    aid = " ".join(b.text for s in four[2].sections if s.title.lower() in AID_SECTIONS
                   for b in aid_blocks(s))
    assert "four or more" in aid and not re.search(r"\bfive\b", aid)
    win = next(e for e in four[2].examples if "in a row" in e.title)
    stones = sum(1 for p in win.position.pieces.values() if p.side == win.position.to_move)
    assert stones == 3  # three on the board and the move: the fewest a four needs


def test_the_designers_words_win(tmp_path):
    path = bare(tmp_path, "breakthrough")
    (tmp_path / "mine.md").write_text("# Breakthrough\n\n## Overview\n\nOur own words.\n\n"
                                      "## Credits\n\nBy us.\n")
    path.write_text(path.read_text().replace("[rules]\n", '[rules]\ntext = "mine.md"\n', 1))
    forget_loaded()
    c = booklet_content(load_game_file(path))
    by = {s.title: s for s in c.sections}
    assert by["Overview"].blocks[0].text == "Our own words."
    assert by["Credits"].blocks[0].text == "By us."
    assert [s.title for s in c.sections][:3] == ["Overview", "Components", "Setup"]
    assert "Moving" in by and c.examples  # the turn is generated, with its examples
    # a designer who writes the turn writes all of it: no generated Moving, no found examples
    (tmp_path / "mine.md").write_text("# B\n\n## Playing a turn\n\nMove a pawn.\n")
    forget_loaded()
    c = booklet_content(load_game_file(path))
    titles = [s.title for s in c.sections]
    assert "Moving" not in titles and "Capturing" not in titles and not c.examples
    assert "End of the game" in titles


def test_same_game_file_same_booklet_and_examples(tmp_path, cli):
    path = bare(tmp_path, "tic-tac-toe")
    first = build_booklet(load_game_file(path)).pdf
    forget_loaded()
    assert build_booklet(load_game_file(path)).pdf == first
    runs = []
    for out in ("a", "b"):
        assert cli("rules-text", path, "-o", tmp_path / out)[0] == 0
        runs.append({p.name: p.read_bytes() for p in (tmp_path / out).rglob("*") if p.is_file()})
    assert runs[0] == runs[1] and len(runs[0]) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("name", ["dag-en-nacht", "network", "dugi"])
def test_builtin_games_written_as_rules_get_booklets(tmp_path, cli, name):
    target = tmp_path / f"my-{name}.toml"
    assert cli("export", name, "-o", target)[0] == 0
    # without its engine the file is played by its [rules] (with it, by the engine)
    text = re.sub(r'(?m)^(text|examples|engine) = .*\n', "", target.read_text())
    target.write_text(text)
    forget_loaded()
    game = load_game_file(target)
    c = booklet_content(game)
    titles = {s.title for s in c.sections}
    assert {"Overview", "Playing a turn", "End of the game", "Notation"} <= titles
    assert c.examples and all(e.checked for e in c.examples)
