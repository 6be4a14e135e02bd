"""Files in and out, safely: bounded reads of regular files, atomic writes, staged folders.

Rulings:
- An input is read only from a regular file, and never more than its limit (the limit is
  enforced while reading, so a FIFO, /dev/zero or a growing file cannot hang or exhaust
  memory).
- A file is written to a hidden temporary name in its folder, flushed to disk (fsync),
  then renamed over the target: a reader sees the old file or the new one, never half.
- A user's output target (``write_targets``, which every command writes through) is
  replaced only when it is missing or a regular file: a symlink, device node, FIFO, socket
  or folder standing there is refused with one line and left as it is (never replaced,
  never written through); several files are checked and staged before the first rename,
  so an error leaves none of them.
- Temporary names carry a fixed marker no user file has, the writer's process id and a
  random part (`.printables-NAME.PID.XXXXXXXX.part`, `.tmp`, `.old`); the sweep of an
  output folder (``clean_stale``) touches exactly those names, of dead writers, owned by
  this user, and puts back only a `.old` folder of ours whose target is gone. Names of
  older versions (`.NAME.PID.XXXXXXXX.part`) are not recognised any more: a user's
  `.bashrc.20231201.old` looked just like them.
- A path a game file names (rules, examples, art) resolves inside the game file's folder
  (``resolve_inside``, ``bounded_glob``): absolute paths, `..` and symlinks that leave it
  are refused, naming the key; globs have a bounded depth, match count and search.
- Every OS error becomes an OutputError naming the path and the OS reason.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fnmatch
import os
import re
import shutil
import stat
import sys
import tempfile
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path

from printables.errors import (
    InputError,
    OutputError,
    UsageError,
    os_reason,
    output_error,
    printable,
    quote,
)

#: Largest rules text we read (Markdown; the bundled ones are under 10 KB).
MAX_RULES_BYTES = 200_000
#: The marker that starts every temporary name we make (and the lock file's name).
MARKER = ".printables-"
#: Our temporary names, exactly: .printables-NAME.PID.RANDOM.(part|tmp|old)
_OURS = re.compile(r"^\.printables-(?P<name>.+)\.(?P<pid>[1-9][0-9]{0,9})\.[a-z0-9_]{8}\."
                   r"(?P<kind>part|tmp|old)$")
#: Bounds of a game file's glob: path parts, files matched, folder entries looked at.
GLOB_DEPTH, GLOB_FILES, GLOB_SEARCH = 3, 200, 20_000
#: Longest path or pattern a game file may name (characters).
MAX_PATH = 1024
#: Set to 1 to let a game file name paths outside its own folder (our ruling: an
#: environment variable, which a game file cannot set, rather than a key in the file).
ALLOW_OUTSIDE_ENV = "PRINTABLES_ALLOW_OUTSIDE"


def file_kind(path: str | Path) -> str:
    """'file', 'folder', 'FIFO', 'device', 'socket', 'missing' or 'other' (follows links)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "missing"
    for test, kind in ((stat.S_ISREG, "file"), (stat.S_ISDIR, "folder"),
                       (stat.S_ISFIFO, "FIFO"), (stat.S_ISCHR, "device"),
                       (stat.S_ISBLK, "device"), (stat.S_ISSOCK, "socket")):
        if test(mode):
            return kind
    return "other"


def read_regular_file(path: str | Path, limit: int, what: str = "an input file") -> bytes:
    """The bytes of a regular file of at most limit bytes, or InputError.

    Opens without blocking (a FIFO does not wait for a writer), checks the opened file is
    regular and no larger than the limit before reading, and stops reading one byte past
    the limit (a file that grows while it is read)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise InputError(f"cannot read file: {_reason(e)}", input=str(path)) from None
    try:
        info = os.fstat(fd)
        kind = "file" if stat.S_ISREG(info.st_mode) else file_kind(path)
        if kind != "file":
            raise InputError(f"is a {kind}, not a regular file; give {what}", input=str(path))
        if info.st_size > limit:  # known too large: not one byte is read
            raise _too_large(path, limit, what)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 16, limit + 1 - total))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise _too_large(path, limit, what)
    except OSError as e:
        raise InputError(f"cannot read file: {_reason(e)}", input=str(path)) from None
    finally:
        os.close(fd)


def _too_large(path: str | Path, limit: int, what: str) -> InputError:
    return InputError(f"file is more than {limit} bytes; {what} is at most {limit} bytes",
                      input=str(path))


def _reason(e: OSError) -> str:
    return os_reason(e)


def ensure_dir(path: str | Path) -> Path:
    """Create the output folder if needed and check it is writable, or raise UsageError;
    remove what killed runs of ours left in it."""
    p = Path(path)
    if not str(path).strip():
        raise UsageError("output folder is empty; give a folder with --output", input="")
    shown = str(p)  # shown with !r: unprintable characters escaped
    if p.exists() and not p.is_dir():
        raise UsageError(f"output {shown!r} is a file; give a folder to write into", input=str(p))
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"cannot create output folder {shown!r}: {_reason(e)}; "
                         "choose a writable folder with --output", input=str(p)) from None
    if not os.access(p, os.W_OK | os.X_OK):
        raise UsageError(f"output folder {shown!r} is not writable; choose another with --output",
                         input=str(p))
    clean_stale(p)
    return p


def _temp_prefix(name: str) -> str:
    return f"{MARKER}{name}.{os.getpid()}."


def target_problem(path: str | Path) -> str | None:
    """Why printables will not replace what stands at an output target ('it is a FIFO, not
    a regular file', ... for a symlink, device, socket or folder; or that a folder on its
    way is a file), or None when it is free or a regular file (never follows a link)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as e:
        if e.errno == errno.ENOTDIR:
            return "a folder on its way is a file"
        return None  # the write that follows reports it with its reason
    if stat.S_ISREG(mode):
        return None
    kinds = {"folder": "a folder", "FIFO": "a FIFO", "device": "a device", "socket": "a socket",
             "other": "something else"}
    kind = "a symbolic link" if stat.S_ISLNK(mode) else kinds.get(file_kind(path), "in the way")
    return f"it is {kind}, not a regular file"


def check_target(path: str | Path) -> None:
    """OutputError naming path when something other than a regular file stands there (a
    symlink, device, FIFO, socket or folder): printables replaces only regular files."""
    problem = target_problem(path)
    if problem:
        raise OutputError(f"cannot write {printable(str(path))}: {problem}; give a new file "
                          "name (or remove it first)", input=str(path))


def _staged(folder: Path, name: str, data: bytes, mode: int) -> str:
    """data written and flushed to a new temporary name of ours in folder; its path."""
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(name), suffix=".part", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
    except BaseException:
        _unlink(tmp)
        raise
    return tmp


def write_atomic(path: str | Path, data: bytes, mode: int = 0o644) -> Path:
    """Write bytes to path via a temporary file in the same folder, fsync, then rename (no
    half files); OutputError naming the path when the OS refuses, or when a symlink,
    device, FIFO, socket or folder stands at path (check_target: it is left as it is)."""
    return write_targets({Path(path): data}, mode)[0]


def write_changed(path: str | Path, data: bytes) -> bool:
    """write_atomic(path, data) unless path is already a regular file (not a symlink) that
    holds exactly these bytes; True when it wrote. A rerun that changes nothing then writes
    nothing (each write_atomic flushes the file and its folder to disk)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        fd = -1
    if fd >= 0:
        try:
            info = os.fstat(fd)
            same = (stat.S_ISREG(info.st_mode) and info.st_size == len(data)
                    and os.read(fd, len(data) + 1) == data)
        except OSError:
            same = False
        finally:
            os.close(fd)
        if same:
            return False
    write_atomic(path, data)
    return True


def write_files(folder: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    """Write several files into folder as one step (write_targets)."""
    return write_targets({folder / name: data for name, data in files})


def write_targets(files: Mapping[Path, bytes], mode: int = 0o644) -> list[Path]:
    """The one way a user's output targets are written: every target is checked
    (check_target), its missing folders made, every file written to its temporary name
    and flushed, and every target checked again, before the first rename; on any error
    the temporary files and the folders made here go and no target is touched. Returns
    the paths, in the order given."""
    for path in files:
        check_target(path)
    made: list[Path] = []
    staged: list[tuple[str, Path]] = []
    current = next(iter(files), Path())
    try:
        for current, data in files.items():
            _make_parents(current.parent, made)
            staged.append((_staged(current.parent, current.name, data, mode), current))
        for _, current in staged:
            check_target(current)  # nothing swapped in while we wrote
        for tmp, current in staged:
            os.replace(tmp, current)
    except BaseException as e:
        for tmp, _ in staged:
            _unlink(tmp)
        for d in reversed(made):
            with contextlib.suppress(OSError):
                os.rmdir(d)
        if isinstance(e, OSError):
            raise output_error(e, current) from None
        raise
    for folder in dict.fromkeys(p.parent for p in files):
        fsync_dir(folder)
    return list(files)


def _make_parents(folder: Path, made: list[Path]) -> None:
    """Make folder and its missing parents, recording each one made (to undo)."""
    missing = [d for d in (folder, *folder.parents) if not os.path.lexists(d)]
    for d in reversed(missing):
        d.mkdir()
        made.append(d)


def write_at(dir_fd: int, name: str, data: bytes, mode: int = 0o600) -> None:
    """Write bytes to name in the folder open as dir_fd (a store of our own, such as the
    build cache): a new temporary name of ours made there (never following a link),
    flushed, then renamed over name. OSError as the system gives it."""
    tmp = f"{_temp_prefix(name)}{os.urandom(4).hex()}.part"
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_CLOEXEC", 0))
    fd = os.open(tmp, flags, mode, dir_fd=dir_fd)
    try:
        with open(fd, "wb", closefd=False) as f:
            f.write(data)
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise
    with contextlib.suppress(OSError):
        os.fsync(dir_fd)


def _unlink(path: str | Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def fsync_dir(path: str | Path) -> None:
    """Flush a folder's entries (renames) to disk, where the system allows it."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def _mine(entry: os.DirEntry[str]) -> bool:
    """The entry belongs to this user (a shared folder's other users keep theirs)."""
    try:
        return not hasattr(os, "geteuid") or entry.stat(follow_symlinks=False).st_uid == \
            os.geteuid()
    except OSError:
        return False


def clean_stale(folder: str | Path) -> list[str]:
    """Remove our temporary files and folders in folder (exactly our marked names) whose
    writer is gone; a '.old' folder of ours whose target is missing (a run killed between
    two renames) is put back. Returns the names handled. Never follows a symlink."""
    done: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return done
    for entry in entries:
        m = _OURS.match(entry.name)
        if not m or _alive(int(m["pid"])) or not _mine(entry):
            continue
        path = Path(folder) / entry.name
        target = Path(folder) / m["name"]
        try:
            if m["kind"] == "old" and not os.path.lexists(target) and entry.is_dir(
                    follow_symlinks=False) and "/" not in m["name"]:
                os.rename(path, target)
            elif entry.is_dir(follow_symlinks=False):
                shutil.rmtree(path)
            else:
                os.unlink(path)
        except OSError:
            continue
        done.append(entry.name)
    return done


def stage_dir(parent: Path, name: str) -> Path:
    """A new empty hidden folder next to parent/name, to build it in before swap_in."""
    try:
        return Path(tempfile.mkdtemp(prefix=_temp_prefix(name), suffix=".tmp", dir=parent))
    except OSError as e:
        raise output_error(e, parent / name) from None


def write_tree(root: Path, files: dict[str, bytes], shown_as: Path | None = None) -> None:
    """Write rel path -> bytes under a fresh folder root, each file and folder fsynced before
    this returns; errors name the file as shown_as/rel (where it is going), not the hidden
    folder. Every file is written first, then all are flushed at once (:func:`_fsync_all`)."""
    dirs = {root}
    written: list[tuple[int, Path]] = []
    try:
        for rel, data in sorted(files.items()):
            path = root / rel
            if path.parent not in dirs:
                _mkdirs(root, path.parent, dirs, shown_as or root)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            try:
                fd = os.open(path, flags, 0o644)
                written.append((fd, (shown_as or root) / rel))
                with open(fd, "wb", closefd=False) as f:
                    f.write(data)
            except OSError as e:
                raise output_error(e, (shown_as or root) / rel) from None
        for d in dirs:
            with contextlib.suppress(OSError):  # a folder that cannot be opened is not flushed
                written.append((os.open(d, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)), d))
        failed = _fsync_all([fd for fd, _ in written])
        for k, err in failed:
            if k < len(files):  # a folder's flush the system refuses is not an error
                raise output_error(err, written[k][1]) from None
    finally:
        for fd, _ in written:
            os.close(fd)


def _fsync_all(fds: list[int], threads: int = 8) -> list[tuple[int, OSError]]:
    """fsync every descriptor, several at once: the file system commits concurrent flushes
    together (a kit's 12 files: about 45 ms one after another, 8 ms at once, on ext4).
    Returns (index, error) of the flushes that failed, in index order."""
    def flush(k: int) -> tuple[int, OSError] | None:
        try:
            os.fsync(fds[k])
        except OSError as e:
            return k, e
        return None

    found: list[tuple[int, OSError] | None] = [None] * len(fds)

    def flush_every(ks: range) -> None:
        for k in ks:
            found[k] = flush(k)

    n = min(threads, len(fds))
    if n <= 1:  # one file (a single product's): no thread
        flush_every(range(len(fds)))
    else:  # plain threads: concurrent.futures (and logging) would cost a cold command 20 ms
        workers = [threading.Thread(target=flush_every, args=(range(i, len(fds), n),))
                   for i in range(n)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    return [f for f in found if f is not None]


def _mkdirs(root: Path, folder: Path, made: set[Path], shown_as: Path) -> None:
    for d in reversed([folder, *folder.parents]):
        if d in made or not d.is_relative_to(root) or d == root:
            continue
        try:
            d.mkdir(mode=0o755)
        except FileExistsError:
            pass
        except OSError as e:
            raise output_error(e, shown_as / d.relative_to(root)) from None
        made.add(d)


def swap_in(staged: Path, target: Path) -> None:
    """Put the folder staged in place of target (a folder or nothing): one atomic exchange
    where the system has it (Linux renameat2), else two renames; the old folder is removed.
    A target that is a symlink or a file is refused (OutputError), nothing is changed."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        what = "a symbolic link" if target.is_symlink() else "a file"
        raise output_error(OSError(0, f"it is {what}; kits are written only into real "
                                      "folders inside --output: move it away"), target,
                           "cannot replace")
    try:
        if not target.exists():
            os.rename(staged, target)
        elif not _exchange(staged, target):
            old = target.parent / f"{_temp_prefix(target.name)}{os.urandom(4).hex()}.old"
            os.rename(target, old)
            os.rename(staged, target)
            staged = old
        else:
            pass  # staged now holds the old folder
    except OSError as e:
        raise output_error(e, target, "cannot replace") from None
    fsync_dir(target.parent)
    shutil.rmtree(staged, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths with renameat2(RENAME_EXCHANGE); False where unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    rc = renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    if rc == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


# ----------------------------------------------------------------------------- game-file paths

def _roots(base: Path, also: Iterable[Path]) -> list[str]:
    return [os.path.realpath(p) for p in (base, *also)]


def _inside(real: str, roots: list[str]) -> bool:
    return any(real == r or real.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


def _outside_allowed() -> bool:
    return os.environ.get(ALLOW_OUTSIDE_ENV, "") == "1"


def resolve_inside(base: str | Path, text: object, key: str,
                   also: Iterable[Path] = ()) -> Path:
    """The path a game file names under key (text, relative to the game file's folder
    base), when it stays inside base (or one of the folders also) after following every
    symlink; else InputError naming the key. PRINTABLES_ALLOW_OUTSIDE=1 lifts the limit."""
    if not isinstance(text, str) or not text.strip() or "\0" in text or len(text) > MAX_PATH:
        raise InputError(f"{key} must be a file name relative to the game file (at most "
                         f"{MAX_PATH} characters)", input=None)
    path = Path(base) / text
    if _outside_allowed() or _inside(os.path.realpath(path), _roots(Path(base), also)):
        return path
    raise InputError(f"{key} {quote(text)} is outside the game file's folder; name a file "
                     f"inside it ({ALLOW_OUTSIDE_ENV}=1 allows others)", input=text)


def bounded_glob(base: str | Path, pattern: object, key: str) -> list[Path]:
    """The files a game file's glob pattern matches inside base, sorted; InputError naming
    the key for a pattern that leaves base (absolute, '..', '**', a link out), has more
    than GLOB_DEPTH parts, or matches more than GLOB_FILES files or looks at more than
    GLOB_SEARCH folder entries."""
    if (not isinstance(pattern, str) or not pattern.strip() or "\0" in pattern
            or len(pattern) > MAX_PATH):
        raise InputError(f"{key} must list file patterns such as \"my-game/*.toml\" (at "
                         f"most {MAX_PATH} characters each)")
    parts = [p for p in pattern.replace(os.sep, "/").split("/") if p not in ("", ".")]
    free = _outside_allowed()
    if not free and (os.path.isabs(pattern) or ".." in parts or "**" in pattern):
        raise InputError(f"{key} pattern {quote(pattern)} leaves the game file's folder; "
                         "give a pattern relative to it, without '..' or '**'", input=pattern)
    if not parts or len(parts) > GLOB_DEPTH:
        raise InputError(f"{key} pattern {quote(pattern)} has {len(parts)} parts; give 1 to "
                         f"{GLOB_DEPTH}, such as \"my-game/*.toml\"", input=pattern)
    roots = _roots(Path(base), ())
    level, seen = [Path("/") if os.path.isabs(pattern) else Path(base)], 0
    for i, part in enumerate(parts):
        last, found = i == len(parts) - 1, []
        for folder in level:
            try:
                names = sorted(os.listdir(folder)) if glob_magic(part) else [part]
            except OSError:
                continue
            seen += len(names)
            if seen > GLOB_SEARCH:
                raise InputError(f"{key} pattern {quote(pattern)} searches more than "
                                 f"{GLOB_SEARCH} entries; name a smaller folder", input=pattern)
            for name in names:
                if glob_magic(part) and (not fnmatch.fnmatchcase(name, part) or
                                         (name.startswith(".") and not part.startswith("."))):
                    continue
                p = folder / name
                if not free and not _inside(os.path.realpath(p), roots):
                    raise InputError(f"{key} pattern {quote(pattern)} reaches {printable(str(p))}"
                                     ", outside the game file's folder", input=pattern)
                if (os.path.lexists(p) if last else p.is_dir()):
                    found.append(p)
        if len(found) > GLOB_FILES:
            raise InputError(f"{key} pattern {quote(pattern)} matches more than {GLOB_FILES} "
                             "files; name fewer", input=pattern)
        level = found
    return sorted(level)


def glob_magic(part: str) -> bool:
    """True when one part of a pattern has a wildcard (*, ? or [)."""
    return any(c in part for c in "*?[")
