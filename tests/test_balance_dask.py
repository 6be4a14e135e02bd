"""`printables balance --scheduler`: the same games on a Dask cluster give the same report.

The test starts a scheduler and two workers on 127.0.0.1 itself (processes it owns and
stops), waits on conditions (the scheduler file, the workers' arrival), never a fixed sleep.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parent.parent
BOUND = 90  # seconds: generous, for a busy shared machine
STOP = 5  # seconds a stopped Dask process is given to end before it is killed


def _wait_for(condition, what: str, procs: list[subprocess.Popen]) -> None:
    deadline = time.monotonic() + BOUND
    while not condition():
        for p in procs:
            assert p.poll() is None, f"a Dask process ended early while waiting for {what}"
        assert time.monotonic() < deadline, f"no {what} within {BOUND} s"
        time.sleep(0.1)


@pytest.fixture
def cluster(tmp_path):
    """A scheduler and two single-threaded workers on loopback; yields its address."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    sfile = tmp_path / "scheduler.json"
    procs: list[subprocess.Popen] = []

    def start(*args: str) -> None:
        procs.append(subprocess.Popen([sys.executable, "-m", *args], env=env, cwd=tmp_path,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    try:
        start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
              "--no-dashboard", "--scheduler-file", str(sfile))
        _wait_for(lambda: sfile.exists() and sfile.stat().st_size > 0, "scheduler file", procs)
        address = json.loads(sfile.read_text())["address"]
        for _ in range(2):
            start("distributed.cli.dask_worker", address, "--nthreads", "1", "--no-nanny",
                  "--no-dashboard", "--host", "127.0.0.1")
        with distributed.Client(address, timeout=BOUND) as client:
            _wait_for(lambda: len(client.scheduler_info()["workers"]) >= 2, "two workers",
                      procs)
        yield address
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:  # a worker whose scheduler went first may linger reconnecting
            try:
                p.wait(timeout=STOP)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def test_a_dask_cluster_gives_the_local_runs_report(cli, cluster, tmp_path):
    args = ("chameleons", "--variants", "", "--games", "30", "--seed", "5")
    code, _, err = cli("balance", *args, "--jobs", "1", "-o", tmp_path / "local")
    assert code == 0, err
    code, _, err = cli("balance", *args, "--scheduler", cluster, "-o", tmp_path / "dask")
    assert code == 0, err
    for name in ("balance.json", "balance.md", "balance.pdf"):
        assert (tmp_path / "local" / name).read_bytes() == (tmp_path / "dask" / name).read_bytes()
    speed = json.loads((tmp_path / "dask" / "speed.json").read_text())
    assert speed["where"] == f"dask {cluster}" and speed["workers"] == 2


def test_an_unreachable_scheduler_is_one_line(cli, tmp_path):
    code, _, err = cli("balance", "chameleons", "--games", "2", "--scheduler",
                       "tcp://127.0.0.1:9", "-o", tmp_path / "x")
    assert code == 2 and "cannot reach the Dask scheduler" in err and err.count("\n") == 1
    assert not (tmp_path / "x").exists()
