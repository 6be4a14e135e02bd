"""`printables examples`: the example games come out of the package whole, work where they
land, and never replace a file of the user's."""

from __future__ import annotations

from pathlib import Path

from printables.cli import main
from printables.shipped import bundled_examples

ROOT = Path(__file__).resolve().parents[1]


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_copies_every_example_file_byte_for_byte(tmp_path, capsys):
    out = tmp_path / "mine"
    assert main(["examples", "-o", str(out)]) == 0
    assert _tree(out) == _tree(ROOT / "examples")
    said = capsys.readouterr().out
    assert "morris.toml" in said and f"printables kit {out}/" in said


def test_the_bundled_folder_is_the_repository_examples():
    assert bundled_examples().resolve() == (ROOT / "examples").resolve()


def test_a_second_copy_changes_nothing_and_says_so(tmp_path, capsys):
    out = tmp_path / "ex"
    assert main(["examples", "-o", str(out)]) == 0
    n = len(_tree(out))
    capsys.readouterr()
    assert main(["examples", "-o", str(out)]) == 0
    games = len(list((ROOT / "examples").glob("*.toml")))
    assert f"0 files of {games} example games copied into {out}/ ({n} already there)" in \
        capsys.readouterr().out


def test_a_changed_file_is_never_replaced_and_nothing_is_written(tmp_path, capsys):
    out = tmp_path / "ex"
    (out / "morris").mkdir(parents=True)
    mine = out / "morris" / "placing.toml"
    mine.write_text("my own notes\n")
    assert main(["examples", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(mine) in err[0] and "differs" in err[0]
    assert mine.read_text() == "my own notes\n"
    assert _tree(out) == {"morris/placing.toml": b"my own notes\n"}


def test_a_file_where_a_folder_goes_is_one_line_and_nothing_is_written(tmp_path, capsys):
    out = tmp_path / "ex"
    out.mkdir()
    (out / "morris").write_text("a file, not a folder\n")
    assert main(["examples", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "morris" in err[0] and "folder" in err[0]
    assert sorted(p.name for p in out.iterdir()) == ["morris"]


def test_the_copied_games_read_their_own_files(tmp_path, capsys):
    out = tmp_path / "ex"
    assert main(["examples", "-o", str(out)]) == 0
    assert main(["validate", str(out / "morris.toml"), str(out / "go9.toml")]) == 0
    assert "0 failed" in capsys.readouterr().out
