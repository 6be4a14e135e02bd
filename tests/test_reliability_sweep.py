"""The output-folder sweep removes only what printables wrote (issue 22, item 1): a user's
`.bashrc.20231201.old`, `.cache.snapshot.part/` and `.mozilla.20240101.old/` survive every
command, also with `-o .`; only names with our exact marker (.printables-NAME.PID.RANDOM.
part|tmp|old) of a process that is gone are removed, and only such a `.old` folder is ever
renamed into place."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from printables.outputs import _OURS, clean_stale, stage_dir
from tests.conftest import run_cli

pytestmark = pytest.mark.kit

COMMANDS = {"board": ["board", "dugi", "--format", "svg"], "pieces": ["pieces", "dugi"],
            "setup": ["setup", "dugi", "--format", "svg"], "booklet": ["booklet", "dugi"],
            "laser": ["laser", "dugi"], "kit": ["kit", "dugi", "--jobs", "1"]}


def user_entries(folder: Path) -> dict[str, str]:
    """The reproducer's dotfile backups, and an old-style name of ours with a pid."""
    (folder / ".bashrc.20231201.old").write_text("keep\n")
    (folder / ".cache.snapshot.part").mkdir()
    (folder / ".cache.snapshot.part" / "data").write_text("cached\n")
    (folder / ".mozilla.20240101.old").mkdir()
    (folder / ".mozilla.20240101.old" / "prefs.js").write_text("prefs\n")
    (folder / ".notes.4194999.abcdefgh.part").write_text("mine too\n")
    return contents(folder)


def contents(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text() if p.is_file() else "/"
            for p in sorted(folder.rglob("*")) if p.relative_to(folder).parts[0][0] == "."}


@pytest.mark.parametrize("command", COMMANDS)
def test_user_dotfiles_survive_every_command(command, tmp_path, capsys):
    out = tmp_path / "d"
    out.mkdir()
    before = user_entries(out)
    code, _, err = run_cli(COMMANDS[command] + ["-o", str(out)], capsys)
    assert code == 0, err
    assert contents(out) == before
    assert not (out / "mozilla").exists()


def test_output_dot_keeps_the_current_folders_dotfiles(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = user_entries(tmp_path)
    code, _, err = run_cli(["board", "dugi", "--format", "json", "-o", "."], capsys)
    assert code == 0, err
    assert contents(tmp_path) == before and (tmp_path / "dugi-board.json").is_file()


def test_the_sweep_matches_exactly_our_marker_of_dead_processes(tmp_path):
    running = subprocess.Popen(["sleep", "30"])
    try:
        dead_file = tmp_path / ".printables-board.pdf.4194999.abcd1234.part"
        dead_dir = tmp_path / ".printables-dugi.4194999.abcdefgh.tmp"
        live = tmp_path / f".printables-dugi.{running.pid}.abcdefgh.tmp"
        near = [".printables-board.pdf.part", ".printables-x.4194999.abc.part",
                ".printables-x.4194999.abcdefgh.bak", "printables-x.4194999.abcdefgh.part",
                ".x.4194999.abcdefgh.part", ".printables-x.0.abcdefgh.part",
                ".printables-lock"]
        dead_file.write_text("half")
        dead_dir.mkdir()
        (dead_dir / "board.pdf").write_text("half")
        live.mkdir()
        for name in near:
            (tmp_path / name).write_text("keep")
        assert sorted(clean_stale(tmp_path)) == sorted([dead_file.name, dead_dir.name])
        assert live.is_dir() and all((tmp_path / n).read_text() == "keep" for n in near)
    finally:
        running.kill()
        running.wait()


def test_only_our_old_folder_is_put_back_and_a_link_is_never_followed(tmp_path):
    ours = tmp_path / ".printables-dugi.4194999.abcdefgh.old"
    ours.mkdir()
    (ours / "board.pdf").write_text("previous kit")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "keep").write_text("keep")
    link = tmp_path / ".printables-laser.4194999.abcdefgh.tmp"
    link.symlink_to(tmp_path / "elsewhere")
    file_old = tmp_path / ".printables-index.html.4194999.abcdefgh.old"
    file_old.write_text("a file, not our folder")
    clean_stale(tmp_path)
    assert (tmp_path / "dugi" / "board.pdf").read_text() == "previous kit"
    assert not link.is_symlink() and (tmp_path / "elsewhere" / "keep").read_text() == "keep"
    assert not file_old.exists() and not (tmp_path / "index.html").exists()


def test_every_temporary_name_we_make_carries_the_marker(tmp_path):
    staged = stage_dir(tmp_path, "dugi")
    assert _OURS.match(staged.name) and f".{os.getpid()}." in staged.name
    import tempfile

    from printables.outputs import _temp_prefix
    fd, name = tempfile.mkstemp(prefix=_temp_prefix("board.pdf"), suffix=".part", dir=tmp_path)
    os.close(fd)
    assert _OURS.match(Path(name).name)
