"""Builds for the web page, each in a worker process with a time limit.

Workers are forked from a forkserver that has the core imported, and each keeps its caches
(boards, glyph outlines) warm from one build to the next. A worker does one build at a
time, so concurrent requests never share one; a build that runs past its limit is stopped
by killing its worker (a fresh one takes its place), and a worker retires after
TASKS_PER_WORKER builds, which bounds what its caches can grow to. Downloads run in a fresh
worker each (`fresh=True`): some outputs depend on what the process made before (cairo's
anti-aliasing of PNG text; reportlab's stream encoding, which render.pdf sets globally, in
a booklet made after a board PDF), and a download must be the bytes its command writes.
Every job of an uploaded game runs in a fresh worker too: it reads its game in the upload's
folder (see `inside`), and two uploads may share a game name, which a warm worker's
registry and inks hold only once. At most `slots` builds run at once (one per core by
default); others wait their turn for a bounded time.

Workers end with the server, even mid-build and even when it is SIGKILLed: each holds the
read end of its own lifeline pipe whose only writer is the server, and a thread in the
worker exits it the moment that pipe closes. The kernel also kills a worker whose
forkserver dies (Linux PR_SET_PDEATHSIG, as printables.pool does), and the forkserver exits
when the server goes. (The server's temporary folders are removed by its janitor,
printables.web.serve, not by the workers: the kernel may kill them first.) A worker's
temporary files go in the server's temporary folder.

Ruling (ours): the forkserver preloads cairocffi (a second of import) only where it loads:
without the system cairo library its import raises OSError, which would end the
forkserver and every build with it; the page then offers no PNG and previews stay SVG.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from printables.errors import PrintablesError
from printables.gamefile import load_game_file
from printables.games import GameSpec, get_game
from printables.outputs import ALLOW_OUTSIDE_ENV
from printables.pool import _die_with_parent
from printables.products.kit import build_kits
from printables.products.requests import KitRequest
from printables.render.png import png_available
from printables.web.catalog import GameRef
from printables.web.choices import Choices
from printables.web.products import DOWNLOADS, Files, preview
from printables.web.uploads import unpack

if TYPE_CHECKING:  # the spawn start method (Windows) has no forkserver context
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkServerContext, SpawnContext

#: Modules the forkserver imports once, so workers start warm (the forkserver skips a
#: module that is not installed; cairocffi, a second to import, is added where it loads).
PRELOAD = ["printables.products.kit", "printables.products.kit_build",
           "printables.products.kit_parts", "printables.products.board",
           "printables.products.setup", "printables.products.pieces.sheet",
           "printables.products.booklet.book", "printables.products.laser.sheets",
           "printables.web.jobs",
           "printables.web.catalog", "printables.products.registry", "printables.web.products",
           "fontTools.ttLib", "pypdf"]
TASKS_PER_WORKER = 50
_R = TypeVar("_R")


class BuildError(PrintablesError):
    """A build the server stopped or could not run (too slow, too busy, crashed)."""


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self, ctx: ForkServerContext | SpawnContext, temp: str | None) -> None:
        self.conn, theirs = ctx.Pipe()
        life_r, self.lifeline = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(target=_work, args=(theirs, life_r, temp), daemon=True)
        try:
            self.proc.start()
        except (EOFError, OSError) as e:  # the forkserver could not start or died
            for c in (self.conn, theirs, life_r, self.lifeline):
                c.close()
            why = str(e) or "no answer from the forkserver"
            raise BuildError(f"the server could not start a worker process ({why}); see "
                             "the terminal where printables serve runs") from None
        theirs.close()
        life_r.close()
        self.tasks = 0

    def stop(self) -> None:
        """End the worker (at once, even mid-build)."""
        with contextlib.suppress(OSError):
            self.lifeline.send("close")
        self.lifeline.close()
        self.conn.close()
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()


class Runner:
    """Runs functions in worker processes: at most slots at a time, each for limit seconds."""

    def __init__(self, slots: int | None = None, limit: float = 120.0, wait: float = 300.0,
                 temp: str | None = None):
        """temp: the server's temporary folder, where workers put their temporary files."""
        self.limit = limit
        self.wait = wait
        self.temp = temp
        self._all: set[_Worker] = set()
        self._slots = threading.BoundedSemaphore(slots or os.cpu_count() or 1)
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        self._ctx: ForkServerContext | SpawnContext
        if "forkserver" in multiprocessing.get_all_start_methods():
            self._ctx = multiprocessing.get_context("forkserver")
            self._ctx.set_forkserver_preload(PRELOAD + (["cairocffi"] if png_available()
                                                        else []))
        else:  # Windows: each worker starts a fresh interpreter
            self._ctx = multiprocessing.get_context("spawn")

    def run(self, fn: Callable[..., _R], *args: Any, fresh: bool = False,
            limit: float | None = None) -> _R:
        """fn(*args) in a worker; its PrintablesError is raised here with the same message.
        fresh: in a new worker that ends after it, as a CLI command runs in a new process;
        limit: seconds, instead of the runner's."""
        if not self._slots.acquire(timeout=self.wait):
            raise BuildError("the server is busy with other builds; try again in a minute")
        try:
            with self._lock:
                worker = self._idle.pop() if self._idle and not fresh else None
            if worker is None:
                worker = _Worker(self._ctx, self.temp)
                with self._lock:
                    self._all.add(worker)
            status, *rest = self._ask(worker, fn, args, fresh, limit or self.limit)
        finally:
            self._slots.release()
        if status == "ok":
            result: _R = rest[0]  # fn's own result, sent back by _work
            return result
        if status == "user":
            raise PrintablesError(rest[0], input=rest[1])
        raise BuildError(f"the build failed: {rest[0]}")

    def _ask(self, worker: _Worker, fn: Callable[..., Any], args: tuple[Any, ...], last: bool,
             limit: float) -> tuple[Any, ...]:
        try:
            worker.conn.send((fn, args))
            if not worker.conn.poll(limit):
                raise BuildError(f"the build took longer than {limit:g} s and was stopped")
            answer: tuple[Any, ...] = worker.conn.recv()  # what _work sends: see there
        except (EOFError, OSError):
            self._retire(worker)
            raise BuildError("the build stopped without a result (out of memory?)") from None
        except BaseException:
            self._retire(worker)
            raise
        worker.tasks += 1
        if last or worker.tasks >= TASKS_PER_WORKER:
            self._retire(worker)
        else:
            with self._lock:
                self._idle.append(worker)
        return answer

    def _retire(self, worker: _Worker) -> None:
        with self._lock:
            self._all.discard(worker)
        worker.stop()

    def close(self) -> None:
        """Stop every worker, idle or busy."""
        with self._lock:
            workers, self._all, self._idle = list(self._all), set(), []
        for worker in workers:
            worker.stop()


def _work(conn: Connection, lifeline: Connection, temp: str | None) -> None:
    """A worker's loop: run each function it is sent and send back the outcome; end at
    once when the server's lifeline closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    _die_with_parent(os.getppid())
    threading.Thread(target=_watch, args=(lifeline,), daemon=True).start()
    if temp is not None:
        tempfile.tempdir = temp
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[Any, ...] = ("ok", fn(*args))
        except PrintablesError as e:
            answer = ("user", str(e), e.input)
        except Exception as e:  # reported to the visitor as a failed build, never a traceback
            answer = ("crash", f"{type(e).__name__}: {e}")
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


def _watch(lifeline: Connection) -> None:
    """Wait on the lifeline: "close" (the server stops this worker) or the end of the pipe
    (the server is gone) exits the worker."""
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv()
    os._exit(1)


# ---- the jobs (module-level, so a child can be given them) ------------------------------

@contextlib.contextmanager
def inside(folder: str | None) -> Iterator[None]:
    """Where a job reads its games: an upload's folder (made the current folder, so paths
    read as the designer's command line names them, and no file outside it is read,
    whatever PRINTABLES_ALLOW_OUTSIDE says; errors name its files by their paths in it),
    else where the server runs. For jobs in fresh workers only (it changes the process)."""
    if folder is None:
        yield
        return
    os.environ.pop(ALLOW_OUTSIDE_ENV, None)
    os.chdir(folder)
    try:
        yield
    except PrintablesError as e:
        raise relative(e, folder) from None


def relative(e: PrintablesError, folder: str) -> PrintablesError:
    """The error with the folder's path left out of the file names it holds."""
    prefixes = {str(Path(folder)) + os.sep, os.path.realpath(folder) + os.sep}

    def strip(text: str | None) -> str | None:
        for prefix in prefixes:
            text = text.replace(prefix, "") if text else text
        return text
    return PrintablesError(strip(e.message) or "", file=strip(e.file), line=e.line,
                           input=strip(e.input))


def open_game(ref: GameRef) -> GameSpec:
    """The game a reference names, read in the worker (a game file by its path)."""
    return get_game(ref.arg)


def kit_job(run: KitRequest, folder: str, games_in: str | None = None) -> None:
    """Build the kits of a KitRequest (its game files go by their paths, relative to games_in
    when given) into folder with the kit core (one process: one core)."""
    with inside(games_in):
        build_kits(replace(run, jobs=1), folder)


def product_job(ref: GameRef, key: str, choices: Choices) -> Files:
    """The (name, bytes) files of one download of one game."""
    with inside(ref.folder):
        return DOWNLOADS[key].build(open_game(ref), choices)


def preview_job(ref: GameRef, choices: Choices) -> dict[str, Any]:
    """The board and setup as SVG with the board's space count and sheet size."""
    with inside(ref.folder):
        return preview(open_game(ref), choices)


def upload_job(name: str, data: bytes, folder: str) -> tuple[str, str]:
    """Unpack an upload into its empty folder and read its game file there as the CLI
    does: (the game file's path in the folder, the game's name)."""
    path = unpack(name, data, Path(folder))
    with inside(folder):
        return path, load_game_file(path).name
