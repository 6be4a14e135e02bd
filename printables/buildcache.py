"""The build cache: built files kept by a key made of everything that went into them, and
verified before anything is taken from it.

A rebuild looks each product file up by its key and reuses the bytes when nothing that
went into it changed; only what changed is built again.

Rulings:
- A key is the sha256 of the product's name, its request (a canonical text), the program's
  own digest (its version and the bytes of every module of the package, so an edited or
  upgraded program never reuses an older build) and the bytes of every input file the
  product reads (game file, rules text, position files, art), each named relative to the
  game file's folder (so a copy of the folder elsewhere keys the same: a product's bytes
  never depend on where its folder is). An input is read only up to
  the limit its reader has (INPUT_LIMIT, checked on the file's size before reading): a
  larger file is keyed as "too large" and the build reports it.
- An entry is one file `<key>.entry`: a JSON header line {"v", "key", "files": [{name,
  size, sha256}]} then the files' bytes one after another. It is content-addressed and
  checked on every read against the key it is filed under: the header must name that very
  key, every file its size and sha256, the sizes add up to the rest of the entry; each name
  is a plain file name (letters, digits, '.', '_', '-'; no separator, no '..', no NUL), the
  names differ, and there is at least one file. Anything else (truncated, empty, swapped
  with another entry, a symlink, malformed, too deep, too large) is a miss, never an error:
  the part is built again and the entry replaced.
- The folder and its entries are the user's alone: the folder is made 0700 and entries
  0600; a folder that is a symlink, not owned by this user or writable by others is not
  used at all (``cache_problem``: the kit prints one warning line and builds without it),
  and an entry not owned by this user or writable by others is a miss. Entries are opened
  relative to the opened folder, never following a link.
- Entries are written atomically (outputs.write_at) and never changed, so two runs that
  build the same key write the same bytes and a reader sees a whole entry or none.
- Bounded: after each store the least recently used entries (a hit refreshes its time) are
  removed until the folder holds at most `max_bytes` (default 256 MB).
- It is the user's cache folder (`$PRINTABLES_CACHE`, else `$XDG_CACHE_HOME/printables`,
  else `~/.cache/printables`), never the output folder. A cache that cannot be written
  (read-only, full) is skipped: the build goes on and writes its files as without a cache.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import printables
from printables.errors import InputError, printable
from printables.outputs import read_regular_file, write_at

#: The environment variable that names the cache folder (an empty value turns caching off).
CACHE_ENV = "PRINTABLES_CACHE"
#: Default bound on the cache folder's size.
MAX_BYTES = 256 * 1024 * 1024
#: Largest input file the key reads: the largest any reader takes (a game file or a
#: position file, 1 MB); a larger one is keyed as too large, without reading it.
INPUT_LIMIT = 1_000_000
#: The entry format this program writes and reads.
VERSION = 2
#: Longest header line and most files in one entry (ours: a few hundred bytes, 1-20 files).
MAX_HEADER, MAX_FILES = 1 << 16, 1000
_SUFFIX = ".entry"
_KEY = re.compile(r"[0-9a-f]{64}")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,199}")

_PROGRAM: list[str] = []

Files = list[tuple[str, bytes]]


def cache_folder() -> Path | None:
    """The build cache's folder, or None when caching is off (PRINTABLES_CACHE="")."""
    given = os.environ.get(CACHE_ENV)
    if given is not None:
        return Path(given) if given.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "printables"


def program_digest() -> str:
    """sha256 of the program's version and the bytes of every module of the package (read
    once per process)."""
    if not _PROGRAM:
        h = hashlib.sha256(printables.__version__.encode())
        root = Path(printables.__file__).resolve().parent
        for path in sorted(root.rglob("*.py")):
            h.update(str(path.relative_to(root)).encode() + b"\0")
            h.update(path.read_bytes())
        _PROGRAM.append(h.hexdigest())
    return _PROGRAM[0]


def input_digest(paths: Iterable[Path], known: Mapping[str, str] | None = None,
                 base: Path | None = None) -> str:
    """sha256 over the names and bytes of input files (a missing, unreadable or too large
    one counts as its own distinct value, so it never matches a present one). known: the
    sha256 of files already read (a game file's art: the bytes it was drawn from). A file
    inside base is named relative to it, so a game's folder copied elsewhere keys the
    same."""
    h = hashlib.sha256()
    for path in sorted({Path(p) for p in paths}, key=str):
        name = path.relative_to(base).as_posix() if base and path.is_relative_to(base) \
            else str(path)
        h.update(name.encode() + b"\0")
        if known and str(path) in known:
            h.update(b"read:" + known[str(path)].encode())
            continue
        try:
            h.update(hashlib.sha256(read_regular_file(path, INPUT_LIMIT)).digest())
        except InputError as e:
            h.update(b"unreadable:" + str(e).encode())
    return h.hexdigest()


def build_key(product: str, request: str, inputs: Iterable[Path] = (),
              known: Mapping[str, str] | None = None, base: Path | None = None) -> str:
    """The key of one product build: product name, canonical request text, program digest
    and input files (known: digests of inputs already read, by path; base: the folder
    they are named relative to)."""
    parts = (product, request, program_digest(), input_digest(inputs, known, base))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def pack(key: str, files: Sequence[tuple[str, bytes]]) -> bytes:
    """An entry's bytes: a JSON header line (the key, then name, size, sha256 per file),
    then the data."""
    header = {"v": VERSION, "key": key, "files": [
        {"name": n, "size": len(d), "sha256": hashlib.sha256(d).hexdigest()} for n, d in files]}
    return json.dumps(header, separators=(",", ":")).encode() + b"\n" + b"".join(
        d for _, d in files)


def unpack(data: bytes, key: str) -> Files | None:
    """The files of an entry filed under key, or None unless every check holds: the header
    names this key, every file its size and sha256, the sizes add up, the names are plain,
    distinct file names, and there is at least one file."""
    head, sep, body = data[:MAX_HEADER + 1].partition(b"\n")
    if not sep:
        return None
    try:
        header = json.loads(head)
    except (ValueError, RecursionError):
        return None
    rows = _rows(header, key)
    if rows is None or sum(size for _, size, _ in rows) != len(data) - len(head) - 1:
        return None
    files, at = [], len(head) + 1
    for name, size, digest in rows:
        chunk = data[at:at + size]
        if hashlib.sha256(chunk).hexdigest() != digest:
            return None
        files.append((name, chunk))
        at += size
    return files


def _rows(header: object, key: str) -> list[tuple[str, int, str]] | None:
    """(name, size, sha256) of each file a header lists, when it is well formed and filed
    under key."""
    if (not isinstance(header, dict) or header.get("v") != VERSION
            or header.get("key") != key or set(header) != {"v", "key", "files"}):
        return None
    listed = header["files"]
    if not isinstance(listed, list) or not 1 <= len(listed) <= MAX_FILES:
        return None
    rows = []
    for row in listed:
        if not isinstance(row, dict) or set(row) != {"name", "size", "sha256"}:
            return None
        name, size, digest = row["name"], row["size"], row["sha256"]
        if (not isinstance(name, str) or not _NAME.fullmatch(name) or ".." in name
                or type(size) is not int or size < 0 or not isinstance(digest, str)
                or not _KEY.fullmatch(digest)):
            return None
        rows.append((name, size, digest))
    return rows if len({n for n, _, _ in rows}) == len(rows) else None


def cache_problem(folder: Path) -> str | None:
    """Why folder cannot be the build cache (one line, for a warning), or None when it is
    usable: made 0700 when missing; refused when it is a symlink or not a folder, not
    owned by this user, or writable by others."""
    try:
        if not os.path.lexists(folder):
            folder.parent.mkdir(parents=True, exist_ok=True)
            folder.mkdir(mode=0o700)
        st = os.lstat(folder)
    except OSError as e:
        return f"cannot use it: {e.strerror or e}"
    if stat.S_ISLNK(st.st_mode):
        return "it is a symbolic link; give the folder itself"
    if not stat.S_ISDIR(st.st_mode):
        return "it is not a folder"
    if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
        return "it belongs to another user"
    if st.st_mode & 0o022:
        return f"others can write into it (chmod go-w {printable(str(folder))})"
    return None


def cache_warning(folder: Path, problem: str) -> str:
    """The one warning line for a cache folder that is not used."""
    return (f"build cache {printable(str(folder))} not used: {problem}; building without it "
            f"(set {CACHE_ENV} to a folder of your own)")


@dataclass
class BuildCache:
    """A cache folder of entries, bounded by max_bytes; hits and misses counted. Every
    operation opens the folder afresh and checks it (cache_problem's rules) first."""

    folder: Path
    max_bytes: int = MAX_BYTES
    hits: int = 0
    misses: int = 0
    stored: list[str] = field(default_factory=list)

    @contextlib.contextmanager
    def _opened(self, create: bool = False) -> Iterator[int | None]:
        """A descriptor of the folder when it is usable (made when create), else None."""
        if create and cache_problem(self.folder) is not None:
            yield None
            return
        flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
        try:
            fd = os.open(self.folder, flags | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            yield None
            return
        try:
            st = os.fstat(fd)
            own = not hasattr(os, "geteuid") or st.st_uid == os.geteuid()
            yield fd if own and not st.st_mode & 0o022 else None
        finally:
            os.close(fd)

    def get(self, key: str) -> Files | None:
        """The files stored under key (and its time refreshed), or None."""
        files = None
        with self._opened() as dfd:
            if dfd is not None and _KEY.fullmatch(key):
                files = self._read(dfd, key)
        if files is None:
            self.misses += 1
            return None
        self.hits += 1
        return files

    def _read(self, dfd: int, key: str) -> Files | None:
        """The verified files of key's entry; a bad entry is removed."""
        name = key + _SUFFIX
        flags = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_CLOEXEC", 0))
        try:
            fd = os.open(name, flags, dir_fd=dfd)
        except OSError:
            if os.path.lexists(self.folder / name):  # a symlink or worse
                _remove(dfd, name)
            return None
        try:
            st = os.fstat(fd)
            if (not stat.S_ISREG(st.st_mode) or st.st_mode & 0o022 or st.st_size > self.max_bytes
                    or (hasattr(os, "geteuid") and st.st_uid != os.geteuid())):
                files = None
            else:
                files = unpack(_read_all(fd, st.st_size), key)
            if files is not None:
                with contextlib.suppress(OSError):
                    os.utime(fd)
        except OSError:
            files = None
        finally:
            os.close(fd)
        if files is None:
            _remove(dfd, name)
        return files

    def put(self, key: str, files: Sequence[tuple[str, bytes]]) -> None:
        """Store files under key (files that would not pass get's checks are not stored),
        then trim the folder to its bound."""
        data = pack(key, files)
        if len(data) > self.max_bytes or not _KEY.fullmatch(key) or unpack(data, key) is None:
            return
        with self._opened(create=True) as dfd:
            if dfd is None:
                return
            try:
                write_at(dfd, key + _SUFFIX, data, 0o600)
            except OSError:  # a cache that cannot be written is no cache, not an error
                return
            self.stored.append(key)
            self._trim(dfd)

    def trim(self) -> None:
        """Remove least recently used entries until the folder is within its bound."""
        with self._opened() as dfd:
            if dfd is not None:
                self._trim(dfd)

    def _trim(self, dfd: int) -> None:
        entries = []
        try:
            with os.scandir(dfd) as it:
                for e in it:
                    if e.name.endswith(_SUFFIX) and e.is_file(follow_symlinks=False):
                        st = e.stat(follow_symlinks=False)
                        entries.append((st.st_mtime_ns, e.name, st.st_size))
        except OSError:
            return
        total = sum(size for _, _, size in entries)
        for _, name, size in sorted(entries):
            if total <= self.max_bytes:
                break
            _remove(dfd, name)
            total -= size


def _read_all(fd: int, size: int) -> bytes:
    """At most size + 1 bytes of an open file (a file that grew is then a miss)."""
    chunks, total = [], 0
    while total <= size:
        chunk = os.read(fd, min(1 << 20, size + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def _remove(dfd: int, name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name, dir_fd=dfd)
