"""A process pool the parent owns: workers that never outlive it.

Rulings:
- Workers start by fork where that is safe (Linux, other Unix; not macOS), so they inherit
  the parent's imported modules instead of importing everything again. What they inherit
  is frozen for the garbage collector (gc.freeze) in the workers only: the collector's
  full passes there walk what the worker made, not the ~50,000 objects of the imported
  libraries (full collections in a kit's builds: about 100 -> 35 ms of cpu); the parent
  unfreezes right after the fork, so its own garbage is collected as before.
- A worker dies with its parent: on Linux the kernel sends it SIGKILL when the parent dies
  (PR_SET_PDEATHSIG); everywhere a thread in the worker waits on a pipe whose only writer is
  the parent and exits the worker when that pipe closes, so a SIGKILLed parent (OOM killer,
  CI timeout) leaves no idle worker holding stdout open.
- A worker that dies (killed, crashed) ends the whole map with a PrintablesError; the
  other workers are stopped.
- Ctrl-C is the parent's: workers ignore it, and it is held back while they start (a
  fork's own hooks would swallow it), then arrives in the parent, which stops them.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing as mp
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from printables.errors import PrintablesError

PR_SET_PDEATHSIG = 1


def _die_with_parent(parent_pid: int) -> None:
    """Ask the kernel to SIGKILL this process when its parent dies (Linux)."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)


def _watch(lifeline: Connection) -> None:
    """Exit the worker as soon as the parent's end of the lifeline closes."""
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv()
    os._exit(1)


def _worker(fn: Callable[..., Any], conn: Connection, lifeline: Connection, parent_pid: int,
            close: tuple[Connection, ...]) -> None:
    for c in close:  # the parent's ends, inherited by fork: only the parent may hold them
        c.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if hasattr(signal, "pthread_sigmask"):  # held by the parent while it forked us
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _die_with_parent(parent_pid)
    threading.Thread(target=_watch, args=(lifeline,), daemon=True).start()
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        index, arg = task
        try:
            conn.send((index, True, fn(arg)))
        except PrintablesError as e:
            conn.send((index, False, e))
        except BaseException as e:  # a bug: pass the text on, the parent raises it
            conn.send((index, False, RuntimeError("".join(traceback.format_exception(e)))))


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold Ctrl-C back while workers start: a fork's hooks must not be interrupted (the
    parent would swallow the Ctrl-C there), and a new worker ignores it before it lets it
    in; a Ctrl-C pressed meanwhile arrives in the parent when the block ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class WorkerDied(PrintablesError):
    """A worker process ended without answering (killed, or out of memory)."""


class OwnedPool:
    """n worker processes running fn; use as a context manager, then imap_unordered."""

    def __init__(self, fn: Callable[..., Any], n: int) -> None:
        # fork where it is safe (Linux and other Unix); macOS system libraries are not
        # fork-safe, so it keeps Python's default there (spawn), as does Windows
        fork = "fork" in mp.get_all_start_methods() and sys.platform != "darwin"
        self.ctx = mp.get_context("fork" if fork else None)
        self.fn, self.n = fn, n
        self.workers: list[tuple[Any, Connection]] = []

    def __enter__(self) -> OwnedPool:
        try:
            with _sigint_held():
                self._start()
        except BaseException:  # Ctrl-C while they started: stop those that did
            self.__exit__(None, None, None)
            raise
        return self

    def _start(self) -> None:
        fork = self.ctx.get_start_method() == "fork"
        life_r, self.life_w = self.ctx.Pipe(duplex=False)
        parent_ends: list[Connection] = [self.life_w]
        if fork:
            gc.freeze()  # forked workers inherit it frozen (see the module docstring)
        try:
            for _ in range(self.n):
                mine, theirs = self.ctx.Pipe()
                parent_ends.append(mine)
                close = tuple(parent_ends) if fork else ()
                p = self.ctx.Process(target=_worker, daemon=True,
                                     args=(self.fn, theirs, life_r, os.getpid(), close))
                p.start()
                theirs.close()
                self.workers.append((p, mine))
        finally:
            if fork:
                gc.unfreeze()
        life_r.close()

    def __exit__(self, *exc: object) -> None:
        for _, conn in self.workers:
            with contextlib.suppress(OSError):
                conn.send(None)
        for p, conn in self.workers:
            p.join(timeout=2)
            if p.is_alive():
                p.kill()
                p.join()
            conn.close()
        self.life_w.close()

    def imap_unordered(self, args: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        """(arg, result) pairs as workers finish; a task's PrintablesError is raised here."""
        todo = list(enumerate(args))
        todo.reverse()
        busy: dict[Connection, Any] = {}
        items = dict(todo)
        idle = [conn for _, conn in self.workers]
        procs = {conn: p for p, conn in self.workers}
        while todo or busy:
            while todo and idle:
                conn = idle.pop()
                index, arg = todo.pop()
                try:
                    conn.send((index, arg))
                except OSError:
                    raise self._died(procs[conn]) from None
                busy[conn] = index
            ready = set(wait(list(busy)))  # wait returns some of the Connections it is given
            for conn in [c for c in busy if c in ready]:
                try:
                    index, ok, value = conn.recv()
                except (EOFError, OSError):
                    raise self._died(procs[conn]) from None
                del busy[conn]
                idle.append(conn)
                if not ok:
                    raise value
                yield items[index], value

    @staticmethod
    def _died(p: BaseProcess) -> WorkerDied:
        p.join(timeout=1)
        return WorkerDied(f"a worker process ended (exit status {p.exitcode}) while "
                          "building; nothing it was building was written")
