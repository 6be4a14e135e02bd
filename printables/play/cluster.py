"""`balance --scheduler`: playing the games on a Dask distributed cluster, with bounds.

Dask distributed is an optional dependency (the balance extra), imported only here and only
when a scheduler is named. Every way a cluster can fail ends in one line (ClusterError or
UsageError, exit 2), never a hang and never Dask's own log lines:
- An address that is empty, malformed or of an unknown protocol: refused before connecting.
- Nothing answering there, something that is not a Dask scheduler (a web server, a Dask
  worker), TLS without Dask's TLS settings: CONNECT_TIMEOUT seconds at most. The address
  is first asked who it is, under our own time limit (Dask's client waits for ever on a
  peer that accepts a connection and says nothing).
- A scheduler with no workers: WORKER_WAIT seconds for the first one to join.
- Scheduler lost while the games run, or every worker gone for WORKER_WAIT seconds.

Rulings (ours): a worker plays its games with the kernels of its own printables; the games
and the figures are the same as in a local run because a game is a function of its task
(printables.play.balance), and each worker thread builds its own kernels (setup is cached
per thread: a kernel's scratch arrays are not shared between two games at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

from printables.errors import PrintablesError, UsageError, install_hint, quote

#: seconds to reach the scheduler and hear that it is one
CONNECT_TIMEOUT = 5.0
#: seconds a cluster may have no worker (at the start, or after losing them all)
WORKER_WAIT = 30.0
#: seconds between looks at the cluster while waiting for results
POLL = 1.0
#: how an address is written: tcp://HOST:PORT, tls://HOST:PORT, or HOST:PORT (tcp)
ADDRESS = re.compile(r"^(?:(tcp|tls)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$")
#: the loggers Dask writes its tracebacks to, silenced once a cluster is used
DASK_LOGGERS = ("distributed", "tornado", "asyncio")


class ClusterError(PrintablesError):
    """The Dask cluster failed the run (scheduler lost, no workers left)."""


def _reason(e: BaseException) -> str:
    """An exception's message on one line (its type's name where it has none)."""
    return " ".join(str(e).split()) or type(e).__name__


def check_address(address: str) -> str:
    """The address, stripped, if it is written as a scheduler address; else UsageError.

    >>> check_address(" tcp://10.0.0.5:8786 ")
    'tcp://10.0.0.5:8786'
    """
    text = address.strip()
    valid = "give tcp://HOST:PORT (or tls://HOST:PORT) of a running Dask scheduler"
    m = ADDRESS.match(text)
    if not m or not 0 < int(m.group(3)) < 65536:
        raise UsageError(f"--scheduler {quote(address)} is not a scheduler address; {valid}",
                         input=address)
    return text


async def _identity(address: str, security: Any) -> dict[str, Any]:
    from distributed.comm import connect
    comm = await connect(address, **security.get_connection_args("client"))
    try:
        await comm.write({"op": "identity", "reply": True})
        reply = await comm.read()
    finally:
        comm.abort()
    return reply if isinstance(reply, dict) else {}


def probe(address: str, timeout: float) -> None:
    """Ask the address who it is, within timeout seconds: UsageError unless a scheduler
    answers."""
    from distributed.security import Security
    why = None
    try:
        reply = asyncio.run(asyncio.wait_for(_identity(address, Security()), timeout))
    except TimeoutError:
        why = f"no answer within {timeout:g} s"
    except (TypeError, ValueError) as e:  # TLS without settings, a bad address
        why = ("tls:// needs a certificate and key in Dask's configuration "
               "(distributed.comm.tls)" if address.startswith("tls://") else _reason(e))
    except Exception as e:  # noqa: BLE001  (Dask's comm errors have no common base)
        why = _reason(e)
    else:
        if reply.get("type") != "Scheduler":
            kind = reply.get("type") or "something else"
            why = f"it answers as {kind}, not a Dask scheduler"
    if why:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {why}; give "
                         "tcp://HOST:PORT of a running scheduler", input=address)


def silence_dask() -> None:
    """Dask's loggers silenced for the rest of the process: their tracebacks are not for
    our users, and its client thread still logs after the client is closed (a scheduler
    lost mid-run is reported by a reconnection that fails after we have given up)."""
    names = [name for name in logging.root.manager.loggerDict  # Dask sets some children's
             if name.split(".")[0] in DASK_LOGGERS]  # levels itself (distributed.client)
    for name in {*DASK_LOGGERS, *names}:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


class DaskCluster:
    """An existing Dask distributed cluster, reached through its scheduler's address, used
    as a balance executor: called with tasks, it runs function on each and yields the
    results as they arrive. Its workers must be able to import printables (the same
    version)."""

    def __init__(self, address: str, function: Callable[[Any], dict[str, Any]],
                 connect_timeout: float = CONNECT_TIMEOUT,
                 worker_wait: float = WORKER_WAIT) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise UsageError(f"--scheduler needs Dask distributed: {install_hint('balance')}",
                             input=address) from None
        self.address = check_address(address)
        self.function, self.worker_wait = function, worker_wait
        #: since when the scheduler has been out of reach or without workers (None: fine)
        self._trouble_since: float | None = None
        silence_dask()
        try:
            probe(self.address, connect_timeout)
            self.client = Client(self.address, timeout=connect_timeout, set_as_default=False)
            self._await_workers()
        except BaseException:
            self.close()
            raise

    def _await_workers(self) -> None:
        try:
            self.client.wait_for_workers(1, timeout=self.worker_wait)
        except TimeoutError:
            raise UsageError(f"the Dask scheduler at {self.address} has no workers after "
                             f"{self.worker_wait:g} s; start one (dask worker "
                             f"{self.address})", input=self.address) from None

    def __enter__(self) -> DaskCluster:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Let go of the cluster (quickly, even when the scheduler is gone)."""
        client = getattr(self, "client", None)
        if client is not None:
            with contextlib.suppress(Exception):
                client.close(timeout=2)

    def workers(self) -> int:
        """How many workers the cluster has now."""
        return len(self.client.scheduler_info().get("workers", {}))

    def __call__(self, tasks: list[Any]) -> Iterator[dict[str, Any]]:
        """function(task) for every task on the cluster, in task order (Dask runs them in
        any order; their results wait for us there)."""
        try:
            futures = self.client.map(self.function, tasks, pure=False)
        except Exception as e:  # noqa: BLE001  (the scheduler went between two batches)
            raise self._lost(e) from None
        self._trouble_since = None
        for future in futures:
            while True:
                try:
                    result = future.result(timeout=POLL)
                except TimeoutError:
                    self._still_there()
                    continue
                except Exception as e:  # noqa: BLE001  (Dask raises many kinds)
                    if future.status == "error":
                        raise  # the game itself failed: a bug, shown as one
                    raise self._lost(e) from None
                self._trouble_since = None
                yield result
                break

    def _still_there(self) -> None:
        """Between results: ClusterError when the scheduler has been out of reach for
        CONNECT_TIMEOUT seconds, or the cluster has had no worker for worker_wait."""
        now = time.monotonic()
        since = self._trouble_since
        if self.client.status != "running":
            if since is not None and now - since > CONNECT_TIMEOUT:
                raise self._lost(None)
        else:
            try:
                workers = self.workers()
            except Exception as e:  # noqa: BLE001
                raise self._lost(e) from None
            if workers:
                self._trouble_since = None
                return
            if since is not None and now - since > self.worker_wait:
                raise ClusterError(f"the Dask cluster at {self.address} has had no workers "
                                   f"for {self.worker_wait:g} s; the run is abandoned, "
                                   "nothing was written")
        if since is None:
            self._trouble_since = now

    def _lost(self, e: BaseException | None) -> ClusterError:
        """The error for a scheduler lost mid-run (Dask's own words for it mislead: a
        killed scheduler reads as "No clients found"), naming the kind of failure."""
        kind = f" ({type(e).__name__})" if e is not None else ""
        return ClusterError(f"lost the Dask scheduler at {self.address} during the run"
                            f"{kind}; nothing was written")
