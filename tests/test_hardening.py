"""Bad input over every CLI command: exit 2, one line naming the input and what is valid,
no traceback, no file left behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from printables.errors import OutputError
from tests.conftest import run_cli

GOOD_LAYOUT = '''game = "dugi"
title = "t"
to_move = "black"
[pieces]
black = ["a1", "a3"]
white = ["a2"]
'''

# (command words, the text the one-line error must contain); {out} is a fresh output folder
BAD = [
    (["board", "rosencross"], "did you mean 'rosenkreuz'"),
    (["board", "dugi", "--size", "0"], "greater than 0"),
    (["board", "dugi", "--size", "-5"], "size"),
    (["board", "dugi", "--size", "1000000"], "larger than 2000 mm"),
    (["board", "dugi", "--size", "1km"], "not a length"),
    (["board", "dugi", "--size", "12xx"], "not a length"),
    (["board", "rosenkreuz", "--size", "12"], "too small"),
    (["board", "dag-en-nacht", "--size", "12"], "valid sizes: 11, 13, 15, 17, 19"),
    (["board", "network", "--size", "9"], "valid sizes: 8, 10, 12"),
    (["board", "dugi", "--theme", "neon"], "unknown theme 'neon'"),
    (["board", "dugi", "--format", "gif"], "no format 'gif'; valid: pdf, svg, png, json"),
    (["board", "dag-en-nacht", "--size", "19", "--option", "size=11"],
     "--size 19 and --option size=11"),
    (["kit", "all", "--option", "size=19"], "rosenkreuz has no option 'size'"),
    (["board", "dugi", "--option", "colour=red"], "no option 'colour'"),
    (["board", "dugi", "--option", "nonsense"], "KEY=VALUE"),
    (["board", "evl", "--option", "target=11"], "valid: 8, 10, 12"),
    (["kit", "dugy"], "did you mean 'dugi'"),
    (["kit", "dugi", "--paper", "B5"], "unknown paper 'B5'"),
    (["kit", "dugi", "--paper", "Legal"], "valid: A4, Letter, A3"),
    (["pieces", "rosencross"], "did you mean 'rosenkreuz'"),
    (["pieces", "dugi", "--paper", "B5"], "unknown paper 'B5'"),
    (["pieces", "dugi", "--diameter", "0"], "diameter"),
    (["pieces", "dugi", "--diameter", "1km"], "diameter"),
    (["pieces", "dugi", "--diameter", "12xx"], "diameter"),
    (["pieces", "dugi", "--theme", "neon"], "unknown theme 'neon'"),
    (["setup", "dugy"], "did you mean 'dugi'"),
    (["setup", "dugi", "--theme", "neon"], "unknown theme 'neon'"),
    (["setup", "--layout", "/nonexistent/x.toml"], "x.toml"),
    (["booklet", "dugy"], "did you mean 'dugi'"),
    (["booklet", "dugi", "--page-size", "B5"], "B5"),
    (["booklet", "dugi", "--impose", "A3"], "A3"),
    (["booklet", "dugi", "--layouts", "/nonexistent"], "/nonexistent"),
    (["laser", "dugy"], "did you mean 'dugi'"),
    (["laser", "dugi", "--sheet", "12xx"], "sheet"),
    (["laser", "dugi", "--sheet", "0x400"], "greater than 0"),
    (["laser", "dugi", "--sheet", "1kmx400"], "not a length"),
    (["laser", "dugi", "--sheet", "3000x400"], "larger than 2000 mm"),
    (["laser", "dugi", "--sheet", "100x100"], "too small"),
    (["laser", "dugi", "--kerf", "-1"], "kerf"),
    (["laser", "dugi", "--kerf", "5"], "kerf"),
    (["laser", "dugi", "--profile", "neon"], "unknown laser profile 'neon'"),
    (["laser", "dugi", "--parts", "lid"], "valid parts are board and pieces"),
]

LAYOUT_DAMAGE = [
    (GOOD_LAYOUT.replace('"a3"]', '"a33"]'), "x.toml:5: unknown space 'a33'"),
    (GOOD_LAYOUT.replace('[pieces]', '[pieces]\nred = ["a5"]'), "x.toml:5: unknown side 'red'"),
    (GOOD_LAYOUT.replace('game = "dugi"', 'game = "dugi'), "x.toml:1: bad TOML"),
    (GOOD_LAYOUT.replace('game = "dugi"', 'game = "chess"'), "unknown game 'chess'"),
    (GOOD_LAYOUT.replace('"a1", "a3"', ", ".join(f'"b{i}"' for i in range(1, 14))),
     "13 black counters on the board; the game has 12"),
    (GOOD_LAYOUT + '[[check]]\nmove = "a1->a5"\n', "x.toml:8: move 'a1->a5' does not parse"),
    (GOOD_LAYOUT + '[[check]]\nmove = "a1-z9"\n', "unknown space 'z9'"),
    (GOOD_LAYOUT.replace("[pieces]", "[pieces.black]\nking = [\"b1\"]\n[pieces.white]"),
     "unknown kind"),
]


def assert_clean_failure(code: int, err: str, expect: str, out: Path) -> None:
    assert code == 2, err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    assert expect in err, err
    if out.exists():
        assert [p for p in out.rglob("*") if p.is_file()] == []


@pytest.mark.parametrize("args,expect", [b for b in BAD if b[0][0] != "validate"])
def test_bad_values(args, expect, tmp_path, capsys):
    out = tmp_path / "out"
    code, _, err = run_cli(args + ["--output", str(out)], capsys)
    assert_clean_failure(code, err, expect, out)


@pytest.mark.parametrize("text,expect", LAYOUT_DAMAGE)
def test_bad_layout_files(text, expect, tmp_path, capsys):
    f = tmp_path / "x.toml"
    f.write_text(text)
    code, _, err = run_cli(["validate", str(f)], capsys)
    assert_clean_failure(code, err.replace(str(tmp_path) + "/", ""), expect, tmp_path / "none")


def test_ten_megabyte_file(tmp_path, capsys):
    f = tmp_path / "big.toml"
    f.write_text(GOOD_LAYOUT + "# " + "x" * 10_000_000 + "\n")
    code, _, err = run_cli(["validate", str(f)], capsys)
    assert_clean_failure(code, err, "a layout file is at most", tmp_path / "none")


def test_missing_file(tmp_path, capsys):
    code, _, err = run_cli(["validate", str(tmp_path / "nope.toml")], capsys)
    assert_clean_failure(code, err, "no such file or folder", tmp_path / "none")


@pytest.mark.parametrize("command", [["board", "dugi"], ["kit", "dugi"], ["pieces", "dugi"],
                                     ["setup", "dugi"], ["booklet", "dugi"], ["laser", "dugi"]])
def test_unwritable_output_folder(command, tmp_path, capsys):
    blocker = tmp_path / "file.txt"
    blocker.write_text("I am a file")
    code, _, err = run_cli(command + ["--output", str(blocker / "out")], capsys)
    assert_clean_failure(code, err, "cannot create output folder", tmp_path / "none")
    code, _, err = run_cli(command + ["--output", str(blocker)], capsys)
    assert_clean_failure(code, err, "is a file", tmp_path / "none")
    assert blocker.read_text() == "I am a file"


def test_failed_write_leaves_no_partial_file(tmp_path, monkeypatch):
    from printables import outputs

    def boom(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(outputs.os, "replace", boom)
    with pytest.raises(OutputError, match="board.pdf: no space left on device"):
        outputs.write_atomic(tmp_path / "board.pdf", b"%PDF-1.4 data")
    assert list(tmp_path.iterdir()) == []


def test_write_changed_leaves_a_file_with_the_same_bytes_alone(tmp_path):
    """An unchanged rerun rewrites nothing (the same inode stays); other bytes or a file of
    another length are replaced; a symlink in its place is refused, never replaced nor
    written through (tests/test_reliability_targets.py has every kind of target)."""
    from printables import outputs
    target = tmp_path / "manifest.json"
    assert outputs.write_changed(target, b"one") is True
    inode = target.stat().st_ino
    assert outputs.write_changed(target, b"one") is False
    assert target.stat().st_ino == inode
    assert outputs.write_changed(target, b"two") is True and target.read_bytes() == b"two"
    assert outputs.write_changed(target, b"two and more") is True
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(b"same")
    link = tmp_path / "index.html"
    link.symlink_to(elsewhere)
    with pytest.raises(OutputError, match="it is a symbolic link"):
        outputs.write_changed(link, b"other")
    assert link.is_symlink() and elsewhere.read_bytes() == b"same"


def test_bad_layout_for_setup_names_file_and_line(tmp_path, capsys):
    f = tmp_path / "mine.toml"
    f.write_text(GOOD_LAYOUT.replace('"a3"]', '"a33"]'))
    code, _, err = run_cli(["setup", "--layout", str(f), "--output", str(tmp_path / "o")], capsys)
    assert_clean_failure(code, err, "mine.toml:5: unknown space 'a33'", tmp_path / "o")
