"""A kit holds an advisory lock on its output folder (issue 22, item 8): a second kit into
the same folder waits up to folderlock.LOCK_WAIT seconds for the first, then exits 2 with one
line naming the folder and the process holding it; two kits run at once into one folder
never leave a mix of their papers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printables import folderlock
from tests.conftest import run_cli

pytestmark = pytest.mark.kit

ROOT = Path(__file__).resolve().parent.parent
HOLD = ("import sys\nfrom printables.folderlock import folder_lock\n"
        "with folder_lock(sys.argv[1]):\n    print('locked', flush=True)\n"
        "    sys.stdin.readline()\n")


def holder(folder: Path) -> subprocess.Popen:
    """Another process holding the folder's lock until its stdin gets a line."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(folder)], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout.readline().strip() == "locked"  # blocks until it holds the lock
    return proc


def release(proc: subprocess.Popen) -> None:
    proc.stdin.write("\n")
    proc.stdin.flush()
    assert proc.wait(30) == 0


def test_a_second_kit_gives_up_with_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(folderlock, "LOCK_WAIT", 0.5)
    out = tmp_path / "out"
    out.mkdir()
    proc = holder(out)
    try:
        start = time.perf_counter()
        code, _, err = run_cli(["kit", "dugi", "--jobs", "1", "-o", str(out)], capsys)
        took = time.perf_counter() - start
    finally:
        release(proc)
    assert code == 2 and err == (f"printables: error: another printables kit is writing into "
                                 f"{out} (process {proc.pid}); wait for it to finish or give "
                                 "another --output\n")
    assert 0.5 <= took < 3
    assert sorted(os.listdir(out)) == []  # nothing written, the lock file gone with its holder


def test_a_second_kit_waits_for_a_short_one(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    proc = holder(out)
    import threading
    timer = threading.Timer(0.5, release, args=(proc,))
    timer.start()
    try:
        code, _, err = run_cli(["kit", "dugi", "--jobs", "1", "-o", str(out)], capsys)
    finally:
        timer.join()
    assert code == 0, err
    assert (out / "dugi" / "manifest.json").is_file() and not (out / folderlock.LOCK_NAME).exists()


def test_the_lock_is_released_when_the_kit_fails(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "dugi").mkdir(parents=True)
    (out / "dugi" / "notes.txt").write_text("mine")
    code, _, err = run_cli(["kit", "dugi", "--jobs", "1", "-o", str(out)], capsys)
    assert code == 2 and "notes.txt was not written by kit" in err
    assert not (out / folderlock.LOCK_NAME).exists()
    with folderlock.folder_lock(out, wait=0):
        pass



@pytest.mark.parametrize("kind", ["fifo", "symlink", "folder"])
def test_something_else_under_the_lock_name_is_one_clear_line(tmp_path, capsys, kind):
    out = tmp_path / "out"
    out.mkdir()
    lock = out / folderlock.LOCK_NAME
    victim = tmp_path / "victim"
    victim.write_text("keep")
    {"fifo": lambda: os.mkfifo(lock), "symlink": lambda: lock.symlink_to(victim),
     "folder": lock.mkdir}[kind]()
    code, _, err = run_cli(["kit", "dugi", "--jobs", "1", "-o", str(out)], capsys)
    shown = {"fifo": "a FIFO", "symlink": "a symbolic link", "folder": "a folder"}[kind]
    assert code == 2 and err == (f"printables: error: {lock} is {shown}, not printables' lock "
                                 "file; remove it (kit keeps its lock there) or give another "
                                 "--output\n")
    assert victim.read_text() == "keep" and sorted(os.listdir(out)) == [lock.name]


def _paper_of(pdf: Path) -> tuple[int, int]:
    from pypdf import PdfReader
    box = PdfReader(pdf).pages[0].mediabox
    return tuple(sorted(round(float(v) / 72 * 25.4) for v in (box.width, box.height)))


#: Kits of several games on one paper, as `kit GAME GAME --paper P --jobs 1` builds them.
KITS = ("import sys\nfrom printables.errors import PrintablesError\n"
        "from printables.products.kit import build_kits, kit_requests\n"
        "try:\n    build_kits(kit_requests(sys.argv[3].split(','), paper=sys.argv[1], "
        "jobs='1'), sys.argv[2])\n"
        "except PrintablesError as e:\n    sys.exit(f'printables: error: {e}')\n")


def test_two_kits_at_once_into_one_folder_leave_no_mix(tmp_path):
    """Two runs of two games each, A4 and Letter, started together: the second waits for
    the first (or gives up with the one line); the folder ends with every game on one
    paper, matching its manifests, never a mix."""
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # in opposite orders: unlocked, each game's folder would be the one finished last
    runs = [subprocess.Popen([sys.executable, "-c", KITS, paper, str(out), games], cwd=ROOT,
                             env=env, text=True, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
            for paper, games in (("A4", "network,dugi"), ("Letter", "dugi,network"))]
    results = [(p.wait(180), p.stderr.read()) for p in runs]
    for p in runs:
        p.stdout.close()
        p.stderr.close()
    assert all(code == 0 or (code == 1 and err.count("\n") == 1 and
                             "another printables kit is writing into" in err)
               for code, err in results), results
    assert any(code == 0 for code, _ in results)
    papers = {_paper_of(out / game / "pieces.pdf") for game in ("network", "dugi")}
    assert len(papers) == 1 and papers <= {(210, 297), (216, 279)}, papers
    rows = json.loads((out / "manifest.json").read_text())["files"]
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert {r["file"] for r in rows} == on_disk - {"manifest.json"}
    assert not [p for p in out.iterdir() if p.name.startswith(".printables-")]
