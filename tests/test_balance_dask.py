"""`printables balance --scheduler`: the same games on any Dask cluster, and one line when
the cluster fails.

Determinism: a local run and runs on a `distributed.LocalCluster` (worker processes on
127.0.0.1) with one and with two workers, each worker running two threads at once, give
byte-identical reports. (Two threads of one worker once shared a kernel's scratch arrays,
and a one-worker cluster gave Chameleons 0.83 for the local run's 0.85.)

Failures: an address where nothing listens, a listener that never answers and a web
server are each one line in under 15 s; a scheduler with no workers is one line after the
wait; a scheduler killed mid-run is one line, exit 2, and no output folder. Every wait
here is on a condition with a generous bound, never a fixed sleep.
"""

from __future__ import annotations

import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from printables.errors import UsageError  # noqa: E402
from printables.play.balance import play_game  # noqa: E402
from printables.play.cluster import DaskCluster  # noqa: E402

pytestmark = pytest.mark.slow  # Dask clusters started and stopped: half a minute and more

ROOT = Path(__file__).resolve().parent.parent
BOUND = 120  # seconds: generous, for a busy shared machine
STOP = 5  # seconds a stopped Dask process is given to end before it is killed
RUN = ("chameleons", "--levels", "random", "--games", "200", "--seed", "7")
FILES = ("balance.json", "balance.md", "balance.pdf", "games.jsonl")


def _wait_for(condition, what: str, procs=()) -> None:
    deadline = time.monotonic() + BOUND
    while not condition():
        for p in procs:
            assert p.poll() is None, f"a process ended early while waiting for {what}"
        assert time.monotonic() < deadline, f"no {what} within {BOUND} s"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def local_run(tmp_path_factory):
    from printables.cli import main
    out = tmp_path_factory.mktemp("local")
    assert main(["balance", *RUN, "--jobs", "1", "-o", str(out)]) == 0
    return out


@pytest.mark.parametrize("workers", [1, 2])
def test_a_dask_cluster_gives_the_local_runs_bytes(cli, local_run, tmp_path, workers):
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=2, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        code, _, err = cli("balance", *RUN, "--scheduler", cluster.scheduler_address,
                           "-o", tmp_path)
    assert code == 0, err
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (local_run / name).read_bytes(), name
    speed = json.loads((tmp_path / "speed.json").read_text())
    assert speed["where"] == f"dask {cluster.scheduler_address}"
    assert speed["workers"] == workers


def _one_line_soon(cli, address: str, tmp_path: Path, says: str) -> None:
    started = time.monotonic()
    code, _, err = cli("balance", "chameleons", "--games", "2", "--scheduler", address,
                       "-o", tmp_path / "x")
    assert time.monotonic() - started < 15
    assert code == 2 and err.count("\n") == 1 and says in err, err
    assert not (tmp_path / "x").exists()


def test_an_address_where_nothing_listens_is_one_line(cli, tmp_path):
    with socket.socket() as s:  # a port that was free a moment ago
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    _one_line_soon(cli, f"tcp://127.0.0.1:{port}", tmp_path, "cannot reach the Dask "
                   "scheduler")


def test_a_listener_that_never_answers_is_one_line(cli, tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(8)  # accepts connections (the kernel does), never says a word
        _one_line_soon(cli, f"tcp://127.0.0.1:{s.getsockname()[1]}", tmp_path,
                       "no answer within")


def test_a_web_server_is_not_a_scheduler(cli, tmp_path):
    class Quiet(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        _one_line_soon(cli, f"tcp://127.0.0.1:{server.server_address[1]}", tmp_path,
                       "cannot reach the Dask scheduler")
    finally:
        server.shutdown()
        server.server_close()


def test_tls_without_settings_is_one_line(cli, tmp_path):
    _one_line_soon(cli, "tls://127.0.0.1:9", tmp_path, "needs a certificate")


def test_a_scheduler_without_workers_is_one_line_after_the_wait():
    with distributed.LocalCluster(n_workers=0, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        started = time.monotonic()
        with pytest.raises(UsageError, match="has no workers after 2 s"):
            DaskCluster(cluster.scheduler_address, play_game, worker_wait=2)
        assert 2 <= time.monotonic() - started < BOUND


def _start(tmp_path: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", *args], env=env, cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _tasks_on(address: str) -> int:
    with distributed.Client(address, timeout=BOUND) as client:
        return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))


def test_a_scheduler_killed_mid_run_is_one_line_and_writes_nothing(tmp_path):
    sfile = tmp_path / "scheduler.json"
    procs = [_start(tmp_path, "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                    "--port", "0", "--no-dashboard", "--scheduler-file", str(sfile))]
    try:
        _wait_for(lambda: sfile.exists() and sfile.stat().st_size > 0, "scheduler file", procs)
        address = json.loads(sfile.read_text())["address"]
        procs.append(_start(tmp_path, "distributed.cli.dask_worker", address, "--nthreads",
                            "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1"))
        out = tmp_path / "out"
        run = subprocess.Popen([sys.executable, "-m", "printables", "balance", "dugi",
                                "--games", "400", "--scheduler", address, "-o", str(out)],
                               env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        procs.append(run)
        _wait_for(lambda: _tasks_on(address) > 0, "games on the cluster", procs)
        procs[0].kill()
        _, err = run.communicate(timeout=BOUND)
        assert run.returncode == 2, err
        assert err.count("\n") == 1 and "lost the Dask scheduler" in err, err
        assert not out.exists()
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(timeout=STOP)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
