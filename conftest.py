"""Collection for the whole run (tests/ and the doctests in printables/): the compiled
playout kernels (printables/play/kernels/*_numba.py) import numba, the optional play
extra, so where numba is not installed their modules are left out of collection (their
tests skip and say why). The documentation's generators (docs/gen) are collected for their
doctests, all but the MkDocs hook.

Each test has a build cache of its own (tests/conftest.py), and the generic kernel keeps its
compiled code in the build cache's folder: so that the kernels are compiled once, not once
per test and subprocess (the interpreter some three minutes each), the run gives numba one folder,
NUMBA_CACHE_DIR, unless the caller set one. The folder is kept between runs
(~/.cache/printables-tests/numba-KEY) and its KEY is a hash of every source numba compiles
from (printables/play, where every compiled function and the constants they read live), of
numba's and Python's versions: numba checks only the stamp of a function's own file, so a
change to a helper in another file would otherwise run stale machine code. Folders unused
for a week are removed; where the cache folder cannot be used (not ours, a link, writable by
others, no home), the run uses a temporary folder and removes it at the end."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import shutil
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path


def _has_numba() -> bool:
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):  # ValueError: blocked in sys.modules
        return False


collect_ignore_glob = [] if _has_numba() else [
    "printables/play/kernels/*_numba.py", "printables/play/kernels/arrays.py"]
# the site's MkDocs hook imports mkdocs (the docs extra, absent from a test run)
collect_ignore_glob.append("docs/gen/hooks.py")


#: Days a kept numba folder may go unused before a run removes it.
NUMBA_FOLDER_DAYS = 7


def _compiled_sources_key() -> str:
    """A hash of what numba's machine code depends on: the imported printables/play sources
    (the checkout's, or the installed copy's), numba's and Python's versions."""
    spec = importlib.util.find_spec("printables")
    package = Path(next(iter(spec.submodule_search_locations or []))) if spec else Path()
    digest = hashlib.sha256(f"{sys.version}\0{metadata.version('numba')}\0".encode())
    for path in sorted((package / "play").rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _kept_numba_folder() -> Path | None:
    """This source's kept numba folder (made 0700), or None where it cannot be used safely;
    removes the folders of other sources unused for NUMBA_FOLDER_DAYS."""
    from printables.buildcache import cache_problem
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "printables-tests"
    folder = base / f"numba-{_compiled_sources_key()}"
    if cache_problem(base) is not None or cache_problem(folder) is not None:
        return None
    old = time.time() - NUMBA_FOLDER_DAYS * 86400
    for other in base.glob("numba-*"):
        with contextlib.suppress(OSError):
            if other != folder and not other.is_symlink() and other.stat().st_mtime < old:
                shutil.rmtree(other, ignore_errors=True)
    os.utime(folder)
    return folder


def _numba_folder() -> tuple[str | None, bool]:
    """(the folder numba gets, whether the run removes it at the end)."""
    if os.environ.get("NUMBA_CACHE_DIR") or not _has_numba():
        return None, False
    try:
        kept = _kept_numba_folder()
    except (OSError, RuntimeError, metadata.PackageNotFoundError):  # no home, no metadata
        kept = None
    if kept is not None:
        return str(kept), False
    return tempfile.mkdtemp(prefix="printables-test-numba-"), True


_NUMBA_FOLDER, _REMOVE_NUMBA_FOLDER = _numba_folder()
if _NUMBA_FOLDER is not None:
    os.environ["NUMBA_CACHE_DIR"] = _NUMBA_FOLDER  # before numba is imported: it reads it once


def pytest_unconfigure(config: object) -> None:
    """Remove the run's numba folder where it was a temporary one."""
    if _NUMBA_FOLDER is not None and _REMOVE_NUMBA_FOLDER:
        shutil.rmtree(_NUMBA_FOLDER, ignore_errors=True)
