"""Output targets: every command writes where the user says through one writer
(printables.outputs.write_targets). A missing name or a regular file is replaced
atomically; a device node, FIFO, socket, symlink or folder standing there is refused with
one line and exit 2, and left exactly as it was; `-` writes to standard output where that
is documented; several files are all written or none.

The device nodes are private ones made with mknod in the test's own folder (a character
device with the numbers of the null device), never the system's /dev.
"""

from __future__ import annotations

import json
import os
import socket
import stat
from pathlib import Path

import pytest

from printables.errors import OutputError
from printables.outputs import write_targets
from tests.conftest import run_cli

KINDS = ["device", "fifo", "socket", "symlink", "folder"]
FILE_OPTION_KINDS = KINDS[:-1]  # --json and --to refuse a folder in click's own words
SHOWN = {"device": "a device", "fifo": "a FIFO", "socket": "a socket",
         "symlink": "a symbolic link", "folder": "a folder"}


def plant(path: Path, kind: str, victim: Path) -> tuple:
    """Put something that is not a regular file at path; what identifies it afterwards."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "device":
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("mknod needs root (or CAP_MKNOD)")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        s.close()
    elif kind == "symlink":
        victim.write_text("the victim's own text\n")
        path.symlink_to(victim)
    else:
        path.mkdir()
    return identity(path)


def identity(path: Path) -> tuple:
    st = os.lstat(path)
    return (stat.S_IFMT(st.st_mode), st.st_ino, st.st_rdev)


def assert_refused(code: int, out: str, err: str, target: Path, kind: str, before: tuple,
                   victim: Path) -> None:
    assert code == 2, (out, err)
    assert err == (f"printables: error: cannot write {target}: it is {SHOWN[kind]}, not a "
                   "regular file; give a new file name (or remove it first)\n"), err
    assert identity(target) == before  # not replaced, not removed
    if kind == "symlink":
        assert victim.read_text() == "the victim's own text\n"  # not written through
    if kind == "folder":
        assert list(target.iterdir()) == []
    assert not [p for p in target.parent.iterdir() if p.name.startswith(".printables-")]


@pytest.mark.parametrize("kind", FILE_OPTION_KINDS)
def test_play_json_target(tmp_path, capsys, kind):
    target, victim = tmp_path / "report.json", tmp_path / "victim"
    before = plant(target, kind, victim)
    code, out, err = run_cli(["play", "dugi", "--games", "1", "-o", str(target)], capsys)
    assert_refused(code, out, err, target, kind, before, victim)
    assert out == ""  # refused before any game was played


@pytest.mark.parametrize("kind", FILE_OPTION_KINDS)
def test_export_to_target(tmp_path, capsys, kind):
    target, victim = tmp_path / "mine.toml", tmp_path / "victim"
    before = plant(target, kind, victim)
    code, out, err = run_cli(["export", "dugi", "-o", str(target)], capsys)
    assert_refused(code, out, err, target, kind, before, victim)
    assert not (tmp_path / "mine.md").exists() and not (tmp_path / "mine").exists()


@pytest.mark.parametrize("kind", ["device", "fifo", "symlink"])
def test_export_refused_half_way_leaves_none_of_its_files(tmp_path, capsys, kind):
    """The game file and rules text are free, one example's name is taken: nothing is
    written, not even the folder export would have made."""
    target, victim = tmp_path / "mine.toml", tmp_path / "victim"
    blocked = tmp_path / "mine" / "capture-along-a-ring.toml"
    before = plant(blocked, kind, victim)
    code, out, err = run_cli(["export", "dugi", "-o", str(target)], capsys)
    assert_refused(code, out, err, blocked, kind, before, victim)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["mine", victim.name]
                                                                 if kind == "symlink"
                                                                 else ["mine"])
    assert [p.name for p in (tmp_path / "mine").iterdir()] == [blocked.name]


@pytest.mark.parametrize("kind", KINDS)
def test_product_output_file_target(tmp_path, capsys, kind):
    out_dir, victim = tmp_path / "out", tmp_path / "victim"
    target = out_dir / "dugi-board.svg"
    before = plant(target, kind, victim)
    code, out, err = run_cli(["board", "dugi", "--format", "svg", "-o", str(out_dir)], capsys)
    assert_refused(code, out, err, target, kind, before, victim)
    assert [p.name for p in out_dir.iterdir()] == ["dugi-board.svg"]


@pytest.mark.parametrize("kind", ["device", "fifo", "symlink"])
def test_balance_output_target(tmp_path, capsys, kind):
    out_dir, victim = tmp_path / "out", tmp_path / "victim"
    target = out_dir / "balance.md"
    before = plant(target, kind, victim)
    code, out, err = run_cli(["balance", "dugi", "--games", "2", "--jobs", "1",
                              "-o", str(out_dir)], capsys)
    assert_refused(code, out, err, target, kind, before, victim)
    assert [p.name for p in out_dir.iterdir()] == ["balance.md"]


def test_a_regular_file_is_replaced_whole(tmp_path, capsys):
    target = tmp_path / "report.json"
    target.write_text("old")
    os.link(target, tmp_path / "other-name")  # a hard link keeps the old bytes
    code, out, err = run_cli(["play", "dugi", "--games", "1", "-o", str(target)], capsys)
    assert code == 0, err
    assert json.loads(target.read_text())["games"] == 1
    assert (tmp_path / "other-name").read_text() == "old"


def test_dash_is_standard_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(["play", "dugi", "--games", "1", "-o", "-"], capsys)
    assert code == 0, err
    assert json.loads(out)["games"] == 1
    code, out, err = run_cli(["export", "dugi", "-o", "-"], capsys)
    assert code == 0 and out.startswith("# Dugi") and "[board]" in out, err
    assert list(tmp_path.iterdir()) == []


def test_write_targets_all_or_none(tmp_path):
    os.mkfifo(tmp_path / "c")
    files = {tmp_path / "a": b"1", tmp_path / "new" / "deep" / "b": b"2", tmp_path / "c": b"3"}
    with pytest.raises(OutputError, match="it is a FIFO"):
        write_targets(files)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c"]
    (tmp_path / "c").unlink()
    assert write_targets(files) == list(files)
    assert (tmp_path / "new" / "deep" / "b").read_bytes() == b"2"
    assert stat.S_IMODE(os.stat(tmp_path / "a").st_mode) == 0o644


@pytest.mark.kit  # a whole kit
def test_an_empty_folder_of_yours_in_a_kit_folder_is_not_lost(tmp_path, capsys):
    out = tmp_path / "out"
    assert run_cli(["kit", "dugi", "--jobs", "1", "-o", str(out)], capsys)[0] == 0
    (out / "dugi" / "my-notes").mkdir()
    (out / "dugi" / "laser" / "offcuts").mkdir()
    code, _, err = run_cli(["kit", "dugi", "--jobs", "1", "--no-cache", "-o", str(out)],
                           capsys)
    assert code == 2 and err.startswith(f"printables: error: {out / 'dugi'}/") and \
        "is a folder kit did not make" in err and err.count("\n") == 1, err
    (out / "dugi" / "my-notes").rmdir()
    code, _, err = run_cli(["kit", "dugi", "--jobs", "1", "--no-cache", "-o", str(out)],
                           capsys)
    assert code == 2 and f"{out / 'dugi' / 'laser' / 'offcuts'} is a folder" in err, err
    assert (out / "dugi" / "laser" / "offcuts").is_dir()
