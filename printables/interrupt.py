"""Ctrl-C: one line and exit status 130 at any point of a run, while the program is still
loading included, never a traceback.

Rulings (ours):
- While a command runs, SIGINT raises ``Interrupted``, which is not a KeyboardInterrupt:
  no library on the way (click prints a blank line and turns a KeyboardInterrupt into
  "aborted", exit 1) catches it, so it reaches the command line's top, which prints
  `printables: interrupted` and exits 130 (128 + SIGINT, as shells do).
- The handler is installed first thing by the `printables` script (printables.__main__),
  before the command line's modules load, so a Ctrl-C during start-up is reported the
  same way. Only the main thread installs it (signals are delivered there), and never
  where SIGINT was ignored when printables started (`nohup`, a shell's background job).
- Where Ctrl-C is the way to stop (kit --watch, serve), those commands catch
  ``Interrupted`` and end normally (exit 0).
- After the one line, a second Ctrl-C is ignored: the rest of the shutdown (worker pools
  closing) cannot print a traceback.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType

#: The exit status of a run stopped by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130


class Interrupted(BaseException):
    """Ctrl-C while printables runs (raised by the SIGINT handler of ``ctrl_c``)."""


def on_sigint(signum: int, frame: FrameType | None) -> None:
    """The SIGINT handler: raise Interrupted where the program is."""
    raise Interrupted


@contextlib.contextmanager
def ctrl_c() -> Iterator[None]:
    """Turn Ctrl-C into Interrupted while the block runs (in the main thread; elsewhere
    nothing changes); the previous handler is put back after, unless Ctrl-C was answered
    meanwhile (then it stays ignored)."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is signal.SIG_IGN):  # nohup, `cmd &`: stays
        yield
        return
    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGINT) is on_sigint:
            signal.signal(signal.SIGINT, previous)


def interrupted() -> int:
    """Report a Ctrl-C on one line (stderr), ignore any further one, and give the exit
    status 130."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write("printables: interrupted\n")
        sys.stderr.flush()
    return EXIT_INTERRUPTED
