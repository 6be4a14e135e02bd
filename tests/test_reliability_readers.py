"""Every file a command reads goes through the one bounded reader (issue 22, items 2, 3, 5,
6 and 8): FIFOs and /dev/zero as game, rules and example files exit 2 at once, a 200 MB
.toml is refused before it is parsed, texts are bounded before any layout, and an error
line is at most ~300 characters."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from printables.errors import MAX_LINE, LayoutError, one_line
from printables.outputs import InputError, read_regular_file
from tests.test_reliability_matrix import GOOD, edit, make_world, peak_mb, run_contract


@pytest.fixture(autouse=True)
def registry():
    from printables import gamefile
    from printables.games import REGISTERED
    saved = dict(REGISTERED)
    yield
    REGISTERED.clear()
    REGISTERED.update(saved)
    gamefile._LOADED.clear()


def test_the_reader_refuses_a_fifo_without_waiting_for_a_writer(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    start = time.perf_counter()
    with pytest.raises(InputError, match="is a FIFO, not a regular file"):
        read_regular_file(tmp_path / "pipe", 1000)
    assert time.perf_counter() - start < 1


def test_the_reader_stops_one_byte_past_the_limit(tmp_path):
    (tmp_path / "big").write_bytes(b"x" * 5000)
    with pytest.raises(InputError, match="more than 4999 bytes"):
        read_regular_file(tmp_path / "big", 4999)
    assert read_regular_file(tmp_path / "big", 5000) == b"x" * 5000


@pytest.mark.parametrize("kind,what", [("fifo", "is a FIFO"), ("zero", "is a device")])
@pytest.mark.parametrize("place", ["game", "rules", "example", "named-game"])
def test_fifo_and_dev_zero_exit_2_at_once(place, kind, what, tmp_path, capsys, monkeypatch):
    """Game file, rules file, example file, and a game file an example names by
    `game = "x.toml"`: each a FIFO or /dev/zero. Paths outside the folder are allowed here
    (a link to /dev/zero leaves it), so the reader itself must refuse them."""
    monkeypatch.setenv("PRINTABLES_ALLOW_OUTSIDE", "1")
    game = make_world(tmp_path)
    target = {"game": game, "rules": game.parent / "g.md",
              "example": game.parent / "ex" / "one.toml",
              "named-game": game.parent / "x.toml"}[place]
    if place == "named-game":
        (game.parent / "ex" / "one.toml").write_text(
            (game.parent / "ex" / "one.toml").read_text().replace("../g.toml", "../x.toml"))
    else:
        target.unlink()
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/zero")
    command = {"game": ["board", game], "rules": ["booklet", game],
               "example": ["validate", game], "named-game": ["validate", game]}[place]
    start, peak = time.perf_counter(), peak_mb()
    message = run_contract(capsys, command, tmp_path, what)
    assert time.perf_counter() - start < 2 and peak_mb() - peak < 100
    # the message names the file, or the line of the example that names it
    assert (target.name if place != "named-game" else "one.toml:1: ") in message


def test_a_200_mb_toml_is_refused_before_it_is_parsed(tmp_path, capsys):
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.write(b'game = "dugi"\n')
        f.truncate(200_000_000)
    start, peak = time.perf_counter(), peak_mb()
    message = run_contract(capsys, ["validate", big], tmp_path, "at most 1000000 bytes")
    assert time.perf_counter() - start < 1 and peak_mb() - peak < 50, message


def test_serve_games_folder_skips_a_stray_huge_file_cheaply(tmp_path):
    """`serve --game-files DIR` looks at the folder on every page: a 100 MB stray .toml costs a
    bounded read (1 MB), not a parse of 100 MB."""
    from printables.web.catalog import game_files
    make_world(tmp_path)
    folder = tmp_path / "game"
    with open(folder / "stray.toml", "wb") as f:
        f.truncate(100_000_000)
    start = time.perf_counter()
    for _ in range(5):
        assert list(game_files(str(folder))) == ["mini"]
    assert (time.perf_counter() - start) / 5 < 0.5


def test_a_rules_text_that_is_not_utf8_is_one_line_naming_it(tmp_path, capsys):
    game = make_world(tmp_path)
    (game.parent / "g.md").write_bytes(b"# Mini\n\n\xff\xfe\n")
    message = run_contract(capsys, ["booklet", game], tmp_path, "is not UTF-8 text")
    assert "g.md" in message


def test_a_20_mb_rules_text_is_refused_at_once(tmp_path, capsys):
    game = make_world(tmp_path)
    (game.parent / "g.md").write_text("# Mini\n\n" + "word " * 4_000_000)
    start = time.perf_counter()
    run_contract(capsys, ["booklet", game], tmp_path, "more than 200000 bytes")
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize("where,line,expect", [
    ("title", 'title = "{}"', "title is 900000 characters long; give at most 200"),
    ("label", 'art = "stone-black"\nlabel = "{}"', "label is 900000 characters long"),
    ("designer", 'designer = "{}"', "designer is 900000 characters long"),
])
def test_huge_texts_are_refused_before_layout(where, line, expect, tmp_path, capsys):
    old = {"title": 'title = "Mini"', "label": 'art = "stone-black"',
           "designer": 'designer = "the printables authors"'}[where]
    game = make_world(tmp_path, edit(old, line.replace("{}", "x" * 900_000)))
    start = time.perf_counter()
    message = run_contract(capsys, ["kit", game], tmp_path, expect)
    assert time.perf_counter() - start < 2 and len(message) <= MAX_LINE + 20


def test_a_label_must_be_text_not_a_table(tmp_path, capsys):
    game = make_world(tmp_path, edit('art = "stone-black"', 'art = "stone-black"\n'
                                                             "label = {a = 1}"))
    run_contract(capsys, ["board", game], tmp_path, "[[component]] label is missing or empty")


def test_unhashable_sides_are_one_line(tmp_path, capsys):
    game = make_world(tmp_path, edit('sides = ["black", "white"]', 'sides = [[], "b"]'))
    run_contract(capsys, ["board", game], tmp_path, "sides must list two or more")


def test_validate_refuses_examples_of_another_game_as_kit_does(tmp_path, capsys):
    game = make_world(tmp_path)
    (game.parent / "ex" / "one.toml").write_text(
        (Path(__file__).parent.parent / "layouts" / "dugi" / "setup.toml").read_text())
    for command in ("validate", "kit"):
        run_contract(capsys, [command, game], tmp_path, "for dugi")


def test_an_exported_title_with_a_newline_loads_again(tmp_path, capsys, monkeypatch):
    from printables.gamefile import load_game_file
    from tests.conftest import run_cli
    game = make_world(tmp_path, edit('title = "Mini"', 'title = "Two\\nlines"'))
    monkeypatch.chdir(game.parent)  # on standard output g.md is named from the current folder
    code, text, err = run_cli(["export", str(game)], capsys)
    assert code == 0, err
    assert text.splitlines()[0] == "# Two\\nlines, exported by `printables export mini`."
    again = tmp_path / "game" / "again.toml"
    again.write_text(text.replace('name = "mini"', 'name = "mini-again"'))
    assert load_game_file(again).title == "Two\nlines"


@pytest.mark.parametrize("args,shown", [
    (["board", "x" * 900_000], "unknown game"),
    (["board", "dugi", "--size", "9" * 900_000], "size"),
    (["board", "dugi", "--option", "size=" + "1" * 900_000], "size"),
])
def test_an_error_line_is_at_most_300_characters(args, shown, tmp_path, capsys):
    message = run_contract(capsys, args, tmp_path, shown)
    assert len(message) - len("printables: error: ") <= MAX_LINE


def test_one_line_keeps_the_start_and_the_end():
    text = "g.toml:3: unknown thing " + "y" * 5000 + "; valid: a, b"
    short = one_line(text)
    assert len(short) <= MAX_LINE and short.startswith("g.toml:3: unknown thing yyy")
    assert short.endswith("; valid: a, b") and "characters" in short
    e = LayoutError(f"unknown label {'z' * 900_000!r}; valid: a", file="g.toml", line=2,
                    input="z" * 900_000)
    assert str(e) == ("g.toml:2: unknown label 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...' "
                      "(900000 characters); valid: a")


def test_the_good_file_still_builds_a_booklet(tmp_path, capsys):
    """The bounded rules reader reads a normal rules text (so the cases above fail only
    for their fault)."""
    from tests.conftest import run_cli
    game = make_world(tmp_path, GOOD)
    code, _, err = run_cli(["booklet", str(game), "-o", str(tmp_path / "out")], capsys)
    assert code == 0, err
    assert (tmp_path / "out" / "mini-booklet.pdf").read_bytes().startswith(b"%PDF")
