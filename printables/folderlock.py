"""The advisory lock a kit holds on its output folder, so two kits never write one folder.

Rulings:
- A kit holds an advisory lock (flock) on the hidden file ``.printables-lock`` of its
  output folder while it writes; a second kit into the same folder waits up to LOCK_WAIT
  seconds, then stops with one line naming the folder and the process holding it (*our
  decision: a short wait then a clear stop, rather than queueing behind a long build*).
- The lock file is ours: where something else stands under its name (a FIFO, a device, a
  symlink, a folder) the kit stops with one line naming it and what to do, and never opens
  it for writing.
- The lock file is removed on release, while still locked: a waiter that locked the removed
  file finds it gone and opens the new one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from printables.errors import PrintablesError, UsageError, output_error, printable
from printables.outputs import MARKER, file_kind, read_regular_file

#: The advisory lock file a kit holds in its output folder (never swept).
LOCK_NAME = MARKER + "lock"
#: Seconds a kit waits for another kit's lock on the same folder before it gives up.
LOCK_WAIT = 5.0


@contextlib.contextmanager
def folder_lock(folder: str | Path, wait: float | None = None) -> Iterator[None]:
    """Hold the advisory lock of an output folder (flock on its hidden lock file
    .printables-lock) while the block runs. Another holder is waited for up to wait seconds
    (LOCK_WAIT), then a UsageError names the folder and the process holding it. The lock
    file is removed on release (a waiter that locked the removed file opens the new one)."""
    path = Path(folder) / LOCK_NAME
    deadline = time.monotonic() + (LOCK_WAIT if wait is None else wait)
    while True:
        fd = _open_lock(path)
        try:
            locked = _try_lock(fd, path)
            if locked and _same_file(fd, path):
                break
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
        if time.monotonic() >= deadline:
            raise UsageError(_locked_message(folder, path), input=str(folder))
        time.sleep(0.05)
    try:
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError as e:
            raise output_error(e, path, "cannot lock") from None
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)  # while still locked: a waiter then finds its file gone
        os.close(fd)


def _not_ours(path: Path) -> UsageError | None:
    """The error for something that is not a lock file standing under the lock's name."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    kind = "a symbolic link" if stat.S_ISLNK(mode) else f"a {file_kind(path)}"
    return UsageError(f"{printable(str(path))} is {kind}, not printables' lock file; remove "
                      "it (kit keeps its lock there) or give another --output", input=str(path))


def _open_lock(path: Path) -> int:
    """Open (or create) the lock file without following a link or waiting on a FIFO, and
    check it is a regular file."""
    refused = _not_ours(path)
    if refused:
        raise refused
    flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_NONBLOCK", 0))
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as e:
        raise (_not_ours(path) or output_error(e, path, "cannot lock")) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped in between the look and the open
        os.close(fd)
        raise _not_ours(path) or UsageError(f"{printable(str(path))} is not a regular file; "
                                            "remove it", input=str(path))
    return fd


def _try_lock(fd: int, path: Path) -> bool:
    """True when the lock was taken; False when another process holds it (Windows, without
    flock: always True)."""
    try:
        import fcntl  # Unix only
    except ImportError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    except OSError as e:  # a file system without locks: go on unlocked
        if e.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
            return True
        raise output_error(e, path, "cannot lock") from None


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path, follow_symlinks=False))
    except OSError:
        return False


def _locked_message(folder: str | Path, path: Path) -> str:
    try:
        holder = read_regular_file(path, 20, "a lock file").decode("ascii", "replace").strip()
    except PrintablesError:
        holder = ""
    who = f" (process {holder})" if holder.isdigit() else ""
    return (f"another printables kit is writing into {printable(str(folder))}{who}; wait "
            "for it to finish or give another --output")
