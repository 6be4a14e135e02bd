"""Faults: SIGKILL the kit's parent or one of its workers at random moments. Afterwards no
process of the run survives, every game folder is the old kit or the new one with a
manifest that matches it, and the next run leaves no temporary file and a matching
top-level manifest."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["network", "rosenkreuz"]
BUILD = textwrap.dedent("""
    import sys
    from printables.errors import PrintablesError
    from printables.products.kit import build_kits, kit_requests
    try:  # what `printables kit all` runs, for two games
        build_kits(kit_requests(sys.argv[2].split(","), jobs="2",
                                cache=sys.argv[3:] == ["cache"]), sys.argv[1])
    except PrintablesError as e:
        sys.exit(f"printables: error: {e}")
""")

pytestmark = [pytest.mark.slow, pytest.mark.kit,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc")]


def alive(pid: int) -> bool:
    """True while pid runs (a zombie nobody has reaped yet counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def workers_of(pid: int) -> list[int]:
    """The live pool workers of pid: forked children still running pid's own command line
    for 0.2 s at least (not the short helpers a library runs, such as ctypes' `ldconfig -p`)."""
    try:
        own = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (FileNotFoundError, ProcessLookupError):
        return []
    found = []
    for c in children(pid):
        try:
            same = Path(f"/proc/{c}/cmdline").read_bytes() == own
        except (FileNotFoundError, ProcessLookupError):
            continue
        if same and alive(c) and age(c) >= 0.2:  # a helper forked but not yet exec'd is younger
            found.append(c)
    return found


def age(pid: int) -> float:
    """Seconds since pid started (0.0 once it is gone)."""
    try:
        start = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return 0.0
    return uptime - start / os.sysconf("SC_CLK_TCK")


def tracked_run(out: Path, games: list[str], kill_after: float | None, target: str,
                cmd: list[str] | None = None, busy: bool = False,
                cache: bool = False) -> tuple[int | None, set[int]]:
    """Run a kit build; with kill_after, SIGKILL the parent or a worker then (with busy, not
    before a worker exists, however slow the machine). Returns the exit status (None when
    the parent was killed) and every pid seen in the run. Without cache the build cache is
    off, so every run does the whole work that a kill interrupts."""
    cmd = cmd or [sys.executable, "-c", BUILD, str(out), ",".join(games)] + (
        ["cache"] if cache else [])
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seen = {proc.pid}
    start = time.monotonic()
    while proc.poll() is None:
        seen.update(children(proc.pid))
        if kill_after is not None and time.monotonic() - start >= kill_after:
            workers = workers_of(proc.pid)
            if (target == "parent" and not busy) or workers:  # else wait for a worker
                os.kill(proc.pid if target == "parent" else random.choice(workers),
                        signal.SIGKILL)
                kill_after = None
        time.sleep(0.01)
    proc.communicate(timeout=30)
    return proc.returncode, seen


def wait_for(find, seconds: float):
    """find()'s first truthy answer, asked every 10 ms; fails the test after seconds."""
    deadline = time.monotonic() + seconds
    while not (found := find()):
        assert time.monotonic() < deadline, f"nothing found within {seconds} s"
        time.sleep(0.01)
    return found


def gone_within(pids: set[int], seconds: float) -> bool:
    """True when every pid has ended within seconds."""
    deadline = time.monotonic() + seconds
    while [p for p in pids if alive(p)]:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def game_folder_matches(folder: Path) -> bool:
    rows = json.loads((folder / "manifest.json").read_text())["files"]
    listed = {r["file"].split("/", 1)[1]: r["sha256"] for r in rows}
    on_disk = {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
               for p in folder.rglob("*") if p.is_file() and p.name != "manifest.json"}
    return listed == on_disk


def leftovers(out: Path) -> list[Path]:
    return [p for p in out.rglob(".*") if p.name.endswith((".part", ".tmp", ".old"))]


def test_sigkill_parent_and_workers_at_twenty_moments(tmp_path):
    out = tmp_path / "out"
    t0 = time.monotonic()
    code, _ = tracked_run(out, GAMES, None, "parent")
    assert code == 0
    full = time.monotonic() - t0
    rng = random.Random(17)
    for trial in range(20):
        target = "parent" if trial % 2 == 0 else "worker"
        # every third trial with the build cache on: a kill may then land in a cache write
        code, seen = tracked_run(out, GAMES, rng.uniform(0.05, full), target,
                                 cache=trial % 3 == 0)
        assert gone_within(seen, 2.0), f"trial {trial}: a process survived"
        if target == "worker" and code is not None:
            assert code in (0, 1), f"trial {trial}: exit {code}"  # 1: sys.exit(message)
        for game in GAMES:
            if (out / game).exists():
                assert game_folder_matches(out / game), f"trial {trial}: {game} half-changed"
    code, _ = tracked_run(out, GAMES, None, "parent")
    assert code == 0
    assert leftovers(out) == []
    cache = Path(os.environ["PRINTABLES_CACHE"])  # killed cache writes are swept too
    assert not [p for p in cache.iterdir() if not p.name.endswith(".entry")]
    rows = json.loads((out / "manifest.json").read_text())["files"]
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert {r["file"] for r in rows} == on_disk - {"manifest.json"}
    for r in rows:
        assert hashlib.sha256((out / r["file"]).read_bytes()).hexdigest() == r["sha256"]


def test_sigkilled_kit_all_leaves_no_worker(tmp_path):
    """The real command: kill `printables kit all` while its workers are busy."""
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "printables", "kit", "all", "--jobs", "2", "-o", str(out)]
    code, seen = tracked_run(out, [], 0.0, "parent", cmd, busy=True)
    assert code == -signal.SIGKILL
    assert len(seen) >= 2
    assert gone_within(seen, 30.0), "a worker outlived its killed parent"


POOL = textwrap.dedent("""
    import os, pathlib, sys, time
    from printables import pool
    if sys.argv[1] == "pipe-only":
        pool._die_with_parent = lambda parent_pid: None  # only the lifeline pipe is left
    def nap(x):
        pathlib.Path(sys.argv[2], str(os.getpid())).touch()  # busy now
        time.sleep(60)
    with pool.OwnedPool(nap, 2) as p:
        print(" ".join(str(w.pid) for w, _ in p.workers), flush=True)
        list(p.imap_unordered([1, 2]))
""")


@pytest.mark.parametrize("mode", ["deathsig", "pipe-only"])
def test_busy_workers_die_with_their_parent(mode, tmp_path):
    """Each worker naps 60 s; they must end well before that once the parent is killed
    (within 2 s on a quiet machine; the bound is generous for a loaded one). A worker says
    it is busy with a file named by its pid (two workers' lines on one pipe can interleave
    when Python writes unbuffered)."""
    proc = subprocess.Popen([sys.executable, "-c", POOL, mode, str(tmp_path)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    workers = [int(p) for p in proc.stdout.readline().split()]
    assert len(workers) == 2 and all(alive(p) for p in workers)
    wait_for(lambda: {p.name for p in tmp_path.iterdir()} == {str(w) for w in workers}, 60.0)
    proc.kill()
    proc.wait()
    assert gone_within(set(workers), 20.0), "a worker outlived its parent"


def test_a_killed_worker_ends_the_run_with_one_line(tmp_path):
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "printables", "kit", "all", "--jobs", "2",
                             "-o", str(out)], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    victim = wait_for(lambda: workers_of(proc.pid), 120.0)[0]
    os.kill(victim, signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert err.count("\n") == 1 and "a worker process ended" in err, err


def _double(x: int) -> int:
    return 2 * x


def test_pool_maps_and_reports_a_dead_idle_worker():
    from printables.pool import OwnedPool, WorkerDied
    with OwnedPool(_double, 2) as pool:
        assert sorted(pool.imap_unordered(range(5))) == [(i, 2 * i) for i in range(5)]
        victim = pool.workers[0][0]
        os.kill(victim.pid, signal.SIGKILL)
        victim.join(timeout=5)
        with pytest.raises(WorkerDied, match="a worker process ended"):
            list(pool.imap_unordered(range(5)))


def test_pool_passes_our_errors_whole():
    from printables.errors import LayoutError
    from printables.pool import OwnedPool

    def bad(x):
        raise LayoutError("bad space", file="x.toml", line=3)
    with OwnedPool(bad, 2) as pool, pytest.raises(LayoutError) as info:
        list(pool.imap_unordered([1]))
    assert str(info.value) == "x.toml:3: bad space"


def _frozen(_: int) -> int:
    import gc
    return gc.get_freeze_count()


@pytest.mark.skipif(sys.platform == "darwin" or not hasattr(os, "fork"),
                    reason="workers fork only where that is safe")
def test_forked_workers_keep_what_they_inherit_out_of_garbage_collection():
    """A worker's inherited objects (imports, fonts) are frozen for the garbage collector,
    so its full collections skip them; the parent's collector is left as it was."""
    import gc

    from printables.pool import OwnedPool
    assert gc.get_freeze_count() == 0
    with OwnedPool(_frozen, 2) as pool:
        assert gc.get_freeze_count() == 0
        counts = [n for _, n in pool.imap_unordered(range(2))]
    assert min(counts) > 1000, counts
