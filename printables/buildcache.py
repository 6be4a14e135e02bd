"""The build cache: built files kept by a key made of everything that went into them.

A rebuild looks each product file up by its key and reuses the bytes when nothing that
went into it changed; only what changed is built again.

Rulings:
- A key is the sha256 of the product's name, its request (a canonical text), the program's
  own digest (its version and the bytes of every module of the package, so an edited or
  upgraded program never reuses an older build) and the bytes of every input file the
  product reads (game file, rules text, position files, art).
- An entry is one file `<key>.entry` in the cache folder: a JSON line listing each file's
  name, size and sha256, then the files' bytes one after another. Entries are written
  atomically (outputs.write_atomic) and never changed, so two runs that build the same key
  write the same bytes and a reader sees a whole entry or none. An entry is verified when it
  is read: a damaged or truncated one is a miss, and is removed.
- Bounded: after each store the least recently used entries (a hit refreshes its time) are
  removed until the folder holds at most `max_bytes` (default 256 MB). An entry another run
  removed first is simply a miss.
- The cache folder holds only entries; anything else in it is left alone and not counted.
- It is the user's cache folder (`$PRINTABLES_CACHE`, else `$XDG_CACHE_HOME/printables`,
  else `~/.cache/printables`), never the output folder: an output folder holds exactly the
  files its manifests list. A cache that cannot be written (read-only, full) is skipped:
  the build goes on and writes its files as without a cache.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import printables
from printables.errors import InputError, PrintablesError
from printables.outputs import ensure_dir, read_regular_file, write_atomic

#: The environment variable that names the cache folder (an empty value turns caching off).
CACHE_ENV = "PRINTABLES_CACHE"
#: Default bound on the cache folder's size.
MAX_BYTES = 256 * 1024 * 1024
#: Largest input file the key reads (game files and rules texts are far smaller).
MAX_INPUT_BYTES = 64 * 1024 * 1024
_SUFFIX = ".entry"

_PROGRAM: list[str] = []


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


def input_digest(paths: Iterable[Path]) -> str:
    """sha256 over the names and bytes of input files (a missing or unreadable one counts
    as its own distinct value, so it never matches a present one)."""
    h = hashlib.sha256()
    for path in sorted({Path(p) for p in paths}, key=str):
        h.update(str(path).encode() + b"\0")
        try:
            h.update(hashlib.sha256(read_regular_file(path, MAX_INPUT_BYTES)).digest())
        except InputError as e:
            h.update(b"unreadable:" + str(e).encode())
    return h.hexdigest()


def build_key(product: str, request: str, inputs: Iterable[Path] = ()) -> str:
    """The key of one product build: product name, canonical request text, program digest
    and input files."""
    parts = (product, request, program_digest(), input_digest(inputs))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def pack(files: Sequence[tuple[str, bytes]]) -> bytes:
    """An entry's bytes: a JSON header line (name, size, sha256 per file), then the data."""
    header = [{"name": n, "size": len(d), "sha256": hashlib.sha256(d).hexdigest()}
              for n, d in files]
    return json.dumps(header, separators=(",", ":")).encode() + b"\n" + b"".join(
        d for _, d in files)


def unpack(data: bytes) -> list[tuple[str, bytes]] | None:
    """The files of an entry, or None when it is damaged (bad header, wrong size or hash)."""
    head, sep, body = data.partition(b"\n")
    try:
        rows = json.loads(head) if sep else None
        files, at = [], 0
        for row in rows or ():
            chunk = body[at:at + row["size"]]
            if len(chunk) != row["size"] or hashlib.sha256(chunk).hexdigest() != row["sha256"]:
                return None
            files.append((str(row["name"]), chunk))
            at += row["size"]
    except (ValueError, TypeError, KeyError):
        return None
    return files if rows is not None and at == len(body) else None


@dataclass
class BuildCache:
    """A cache folder of entries, bounded by max_bytes; hits and misses counted."""

    folder: Path
    max_bytes: int = MAX_BYTES
    hits: int = 0
    misses: int = 0
    stored: list[str] = field(default_factory=list)

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}{_SUFFIX}"

    def get(self, key: str) -> list[tuple[str, bytes]] | None:
        """The files stored under key (and its time refreshed), or None."""
        path = self._path(key)
        try:
            files = unpack(read_regular_file(path, self.max_bytes))
        except InputError:
            files = None
        if files is None:
            self.misses += 1
            if path.exists():
                _remove(path)
            return None
        with contextlib.suppress(OSError):
            os.utime(path)
        self.hits += 1
        return files

    def put(self, key: str, files: Sequence[tuple[str, bytes]]) -> None:
        """Store files under key, then trim the folder to its bound."""
        data = pack(files)
        if len(data) > self.max_bytes:
            return
        try:
            ensure_dir(self.folder)
            write_atomic(self._path(key), data)
        except PrintablesError:  # a cache that cannot be written is no cache, not an error
            return
        self.stored.append(key)
        self.trim()

    def trim(self) -> None:
        """Remove least recently used entries until the folder is within its bound."""
        entries = []
        try:
            with os.scandir(self.folder) as it:
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
            _remove(self.folder / name)
            total -= size


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
