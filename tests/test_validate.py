"""`printables validate`: the bundled layouts hold, a wrong claim fails by name (exit 1)."""

from __future__ import annotations

import shutil

from printables.positions import bundled_layouts


def test_bundled_layouts_all_hold(cli):
    code, out, _ = cli("validate", bundled_layouts())
    lines = out.strip().splitlines()
    assert code == 0
    assert lines[-1].endswith(" passed, 0 failed")
    assert int(lines[-1].split()[0]) >= 150
    assert all(line.endswith(": ok") for line in lines[:-1])


def test_a_wrong_claim_fails_by_name_with_exit_1(cli, tmp_path):
    copy = tmp_path / "layouts"
    shutil.copytree(bundled_layouts(), copy)
    target = copy / "dugi" / "setup.toml"
    text = target.read_text()
    assert "legal_moves = 72" in text
    target.write_text(text.replace("legal_moves = 72", "legal_moves = 71"))
    code, out, _ = cli("validate", copy)
    assert code == 1
    fails = [line for line in out.splitlines() if "FAIL" in line]
    assert len(fails) == 1
    assert fails[0].startswith(f"{target} check 1: FAIL") and "72 legal moves" in fails[0]
    assert out.strip().splitlines()[-1].endswith(" passed, 1 failed")


GOOD = '''game = "chameleons"
title = "t"
to_move = "dark"
[pieces]
dark = ["a1", "b1"]
light = ["g7"]

[[check]]
legal = true
'''


def test_unreadable_files_are_reported_and_the_rest_still_checked(cli, tmp_path):
    (tmp_path / "a-bad-toml.toml").write_text(GOOD.replace('game = "chameleons"', 'game = "chameleons'))  # noqa: E501 (data)
    (tmp_path / "b-good.toml").write_text(GOOD)
    (tmp_path / "c-bad-space.toml").write_text(GOOD.replace('"b1"]', '"b33"]'))
    (tmp_path / "d-wrong-claim.toml").write_text(GOOD + "legal_moves = 999\n")
    code, out, err = cli("validate", tmp_path)
    assert code == 2  # a file could not be read, even though a claim failed too
    problems = err.strip().splitlines()
    assert len(problems) == 2 and "Traceback" not in err
    assert f"{tmp_path / 'a-bad-toml.toml'}:1: bad TOML" in problems[0]
    assert f"{tmp_path / 'c-bad-space.toml'}:5: unknown space 'b33'" in problems[1]
    lines = out.strip().splitlines()
    assert f"{tmp_path / 'b-good.toml'} check 1: ok" in lines
    assert any(line.startswith(f"{tmp_path / 'd-wrong-claim.toml'} check 1: FAIL")
               for line in lines)
    assert lines[-1] == "1 passed, 1 failed, 2 files unreadable"


def test_missing_path_is_one_unreadable_file_among_others(cli, tmp_path):
    (tmp_path / "good.toml").write_text(GOOD)
    code, out, err = cli("validate", tmp_path / "nope.toml", tmp_path / "good.toml")
    assert code == 2
    assert "nope.toml: no such file or folder" in err and err.count("\n") == 1
    assert out.strip().splitlines()[-1] == "1 passed, 0 failed, 1 file unreadable"


def test_failed_claim_without_unreadable_files_exits_1(cli, tmp_path):
    (tmp_path / "wrong.toml").write_text(GOOD + "legal_moves = 999\n")
    code, out, _ = cli("validate", tmp_path)
    assert code == 1
    assert out.strip().splitlines()[-1] == "0 passed, 1 failed"
