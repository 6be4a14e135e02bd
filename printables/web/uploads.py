"""Game files uploaded through the page: what an upload may be, how it is unpacked, and
where the server keeps it.

An upload is a .zip of a game's folder (the game file with its rules text, examples and
art, at the zip's top or in the one folder at its top, as zipping the folder makes it),
or a game file alone (.toml), whose rules must then be the bundled text. Rulings (ours):

- A zip, not several files: a game file names its rules, examples and art by paths
  relative to itself (``orbit/*.toml``, ``morris/art/sun.svg``); a zip keeps those paths,
  every system makes one from a folder and every browser sends it as one file, while
  files picked together arrive without their folders.
- Bounded before anything is read: at most MAX_UPLOAD bytes as sent, MAX_ENTRIES entries,
  MAX_ENTRY bytes each (no reader of a game file takes more) and MAX_UNPACKED together,
  counted from the zip's directory and again while reading (data longer than its entry
  says is a damaged zip). An entry whose name leaves the folder (absolute, a drive,
  ``..``, a backslash), a link or device, an encrypted entry, two entries of one name, or
  data neither stored nor deflated: the upload is refused with one line naming the entry.
  macOS's ``__MACOSX/`` and ``.DS_Store`` entries are left out.
- Unpacked only into a fresh folder inside the server's temporary folder, by a worker with
  a time limit (printables.web.jobs.upload_job), and read there by the same reader, with the
  same limits, as the command line reads a game file; the game file's paths stay inside the
  folder whatever PRINTABLES_ALLOW_OUTSIDE says.
- Kept by content: the same file uploaded twice is one game, whose key is NAME@ID (the
  game's name and the first 12 hex digits of the SHA-256 of the file's name and bytes);
  the server keeps the last MAX_KEPT uploads and removes the oldest one's folder.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import stat
import struct
import tempfile
import threading
import zipfile
import zlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from printables.errors import PrintablesError, UsageError, quote
from printables.gamefile import load_game_file
from printables.outputs import MAX_PATH
from printables.positions import MAX_FILE_BYTES
from printables.web.catalog import Entry, GameRef, maybe_game_file

#: Largest upload as sent (bytes).
MAX_UPLOAD = 4_000_000
#: Most entries in a zip, largest entry, and most bytes unpacked from one upload.
MAX_ENTRIES, MAX_ENTRY, MAX_UNPACKED = 400, MAX_FILE_BYTES, 16_000_000
#: Deepest folder path inside a zip.
MAX_DEPTH = 8
#: Uploads the server keeps (each at most MAX_UNPACKED bytes on disk).
MAX_KEPT = 20
#: What the page asks for, said in every message about the upload's form.
WANTED = ("upload a .zip of the game's folder (the game file with its rules text, examples "
          "and art) or a .toml game file")
#: Longest name of an uploaded file.
MAX_NAME = 100
_JUNK = ("__MACOSX", ".DS_Store")
#: What zipfile raises on a damaged or hostile archive.
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, OverflowError,
               NotImplementedError, zlib.error, struct.error, UnicodeDecodeError, OSError)


def upload_name(filename: str | None) -> str:
    """The uploaded file's own name (its folders dropped), if it is one we take."""
    name = re.split(r"[\\/]", filename or "")[-1].strip()
    if not name:
        raise UsageError(f"no file was chosen; {WANTED}", input="")
    if (len(name) > MAX_NAME or not name.isprintable() or name.startswith(".")
            or not name.lower().endswith((".zip", ".toml"))):
        raise UsageError(f"{quote(name)} is not a .zip or .toml file name; {WANTED}",
                         input=name)
    return name


def check_upload(filename: str | None, data: bytes) -> str:
    """The upload's name, when its name and size are ones the page takes."""
    name = upload_name(filename)
    if not data:
        raise UsageError(f"{name} is empty; {WANTED}", input=name)
    if len(data) > MAX_UPLOAD:
        raise UsageError(f"{name} is more than {MAX_UPLOAD} bytes, the most an upload may "
                         "be; zip only the game's own files", input=name)
    return name


def upload_id(name: str, data: bytes) -> str:
    """The first 12 hex digits of the SHA-256 of the upload's name and bytes."""
    return hashlib.sha256(name.encode() + b"\0" + data).hexdigest()[:12]


# ---- unpacking (in a worker) --------------------------------------------------------------

def unpack(name: str, data: bytes, root: Path) -> str:
    """Write the upload into the empty folder root; the game file's path in it."""
    if name.lower().endswith(".toml"):
        _write(root / name, data)
        return name
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            files = [(parts, info) for parts, info in _entries(name, z) if not info.is_dir()]
            for parts, info in files:
                key = "/".join(parts)
                try:
                    _write(root.joinpath(*parts), _read(name, z, info, key))
                except OSError:
                    raise _refuse(name, key, "clashes with another entry (a file and a "
                                             "folder of one name)") from None
    except PrintablesError:
        raise
    except _ZIP_ERRORS as e:
        raise UsageError(f"{name} is not a zip file that can be read ({_why(e)}); {WANTED}",
                         input=name) from None
    return game_file_of(name, root, ["/".join(parts) for parts, _ in files])


def _why(e: BaseException) -> str:
    return str(e).split("\n")[0][:80] or type(e).__name__


def _entries(name: str, z: zipfile.ZipFile) -> list[tuple[list[str], zipfile.ZipInfo]]:
    """Each entry's path parts and info, checked; junk left out."""
    infos = z.infolist()
    if len(infos) > MAX_ENTRIES:
        raise UsageError(f"{name} holds {len(infos)} entries; a game's zip holds at most "
                         f"{MAX_ENTRIES}", input=name)
    out, seen, total = [], set(), 0
    for info in infos:
        parts = _parts(name, info)
        if parts[0] == _JUNK[0] or parts[-1] == _JUNK[1]:
            continue
        key = "/".join(parts)
        if key in seen:
            raise _refuse(name, key, "is in the zip twice")
        seen.add(key)
        _check_kind(name, key, info)
        total += info.file_size
        if total > MAX_UNPACKED:
            raise UsageError(f"{name} unpacks to more than {MAX_UNPACKED} bytes; a game's "
                             "zip holds its own files only", input=name)
        out.append((parts, info))
    return out


def _refuse(name: str, entry: str, why: str) -> UsageError:
    return UsageError(f"{name}: entry {quote(entry, 60)} {why}; {WANTED}", input=entry)


def _parts(name: str, info: zipfile.ZipInfo) -> list[str]:
    """An entry name's parts: a plain relative path inside the folder, or refused."""
    raw = info.orig_filename
    text = raw.rstrip("/")
    if ("\0" in raw or "\\" in raw or raw.startswith("/") or re.match(r"^[A-Za-z]:", raw)
            or not text):
        raise _refuse(name, raw, "is not a path inside the folder")
    parts = text.split("/")
    if any(p in ("", ".", "..") for p in parts):
        raise _refuse(name, raw, "leaves the folder or is not a plain path (no '..', '.' "
                                 "or empty parts)")
    if not raw.isprintable() or len(raw) > MAX_PATH or len(parts) > MAX_DEPTH:
        raise _refuse(name, raw, f"is not a plain path of at most {MAX_DEPTH} parts and "
                                 f"{MAX_PATH} characters")
    return parts


def _check_kind(name: str, key: str, info: zipfile.ZipInfo) -> None:
    """A folder or a regular file, readable as it is (no link, device, encryption)."""
    kind = stat.S_IFMT(info.external_attr >> 16)  # 0: no type recorded (a file)
    if info.create_system == 3 and kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        what = "a link" if kind == stat.S_IFLNK else "not a regular file"
        raise _refuse(name, key, f"is {what}; a game's zip holds files and folders only")
    if info.flag_bits & 0x1:
        raise _refuse(name, key, "is encrypted")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise _refuse(name, key, "is compressed in a way other than deflate (zip it again "
                                 "with the system's own zip)")
    if info.file_size > MAX_ENTRY:
        raise _refuse(name, key, f"is {info.file_size} bytes; a file of a game is at most "
                                 f"{MAX_ENTRY} bytes")


def _read(name: str, z: zipfile.ZipFile, info: zipfile.ZipInfo, key: str) -> bytes:
    """An entry's bytes, never more than its directory says."""
    with z.open(info) as f:
        data = f.read(info.file_size + 1)
    if len(data) != info.file_size:
        raise _refuse(name, key, "does not hold the bytes the zip's directory says (a "
                                 "damaged zip)")
    return data


def _write(path: Path, data: bytes) -> None:
    """A new file (never through a link, never over another file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | \
        getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def game_file_of(name: str, root: Path, files: list[str]) -> str:
    """The one game file of an unpacked zip: a .toml at its top, else in its one folder
    (a .toml that is valid TOML without a [game] table is a position file)."""
    tomls = [f for f in files if f.lower().endswith(".toml")]
    top = [f for f in tomls if "/" not in f]
    if not top and len({f.split("/")[0] for f in files}) == 1:
        top = [f for f in tomls if f.count("/") == 1]
    found = [f for f in top if maybe_game_file(root / f)]
    if not found:
        raise UsageError(f"{name} holds no game file (a .toml file with a [game] table) at "
                         f"its top or in its one folder; {WANTED}", input=name)
    if len(found) > 1:
        raise UsageError(f"{name} holds {len(found)} game files ({', '.join(found[:3])}); "
                         "upload one game at a time", input=name)
    return found[0]


# ---- what the server keeps ----------------------------------------------------------------

@dataclass(frozen=True)
class Upload:
    """An unpacked upload: its key (NAME@ID), folder and game file (relative to it)."""

    key: str
    folder: Path
    game_file: str


#: Runs a job in a fresh worker: (function, *args) -> its result.
Run = Callable[..., Any]


class Uploads:
    """The uploads a server keeps, in one folder of its temporary folder (made at the first
    upload), the last MAX_KEPT of them."""

    def __init__(self, kept: int = MAX_KEPT) -> None:
        self.kept = kept
        self._folder: Path | None = None
        self._by_id: OrderedDict[str, Upload] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, filename: str | None, data: bytes, run: Run, job: Callable[..., Any]) -> str:
        """Unpack and read an upload (job, in a worker through run); its key."""
        name = check_upload(filename, data)
        digest = upload_id(name, data)
        with self._lock:
            if digest in self._by_id:
                self._by_id.move_to_end(digest)
                return self._by_id[digest].key
            if self._folder is None:
                self._folder = Path(tempfile.mkdtemp(prefix="printables-uploads-"))
            staging = Path(tempfile.mkdtemp(prefix=f".{digest}.", dir=self._folder))
        try:
            game_file, game_name = run(job, name, data, str(staging))
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return self._keep(Upload(f"{game_name}@{digest}", staging, game_file), digest)

    def _keep(self, upload: Upload, digest: str) -> str:
        assert self._folder is not None
        final = self._folder / digest
        with self._lock:
            if digest in self._by_id:  # the same file, uploaded twice at once
                shutil.rmtree(upload.folder, ignore_errors=True)
                return self._by_id[digest].key
            os.rename(upload.folder, final)
            self._by_id[digest] = replace(upload, folder=final)
            while len(self._by_id) > self.kept:
                _, old = self._by_id.popitem(last=False)
                shutil.rmtree(old.folder, ignore_errors=True)
        return upload.key

    def entry(self, key: str) -> Entry | None:
        """The uploaded game of this key, as the server reads it (its source: the game
        file's path in the upload, as the designer's command line names it)."""
        with self._lock:
            upload = self._by_id.get(key.rsplit("@", 1)[-1])
            if upload is None or upload.key != key:
                return None
            self._by_id.move_to_end(key.rsplit("@", 1)[-1])
        try:
            game = load_game_file(upload.folder / upload.game_file)
        except PrintablesError:
            return None  # removed under us: it is gone, as far as the page is concerned
        return Entry(key, replace(game, source=Path(upload.game_file)),
                     GameRef(upload.game_file, str(upload.folder)), uploaded=True)
