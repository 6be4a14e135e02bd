"""Collection for the whole run (tests/ and the doctests in printables/): the compiled
playout kernels (printables/play/kernels/*_numba.py) import numba, the optional play
extra, so where numba is not installed their modules are left out of collection (their
tests skip and say why). The documentation's generators (docs/gen) are collected for their
doctests, all but the MkDocs hook.

Each test has a build cache of its own (tests/conftest.py), and the generic kernel keeps its
compiled code in the build cache's folder: so that the interpreter is compiled once per run,
not once per test and subprocess (about a minute each), the run gives numba one folder of
its own, NUMBA_CACHE_DIR, unless the caller set one; it is removed at the end."""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile


def _has_numba() -> bool:
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):  # ValueError: blocked in sys.modules
        return False


collect_ignore_glob = [] if _has_numba() else [
    "printables/play/kernels/*_numba.py", "printables/play/kernels/arrays.py"]
# the site's MkDocs hook imports mkdocs (the docs extra, absent from a test run)
collect_ignore_glob.append("docs/gen/hooks.py")


_NUMBA_FOLDER = None if os.environ.get("NUMBA_CACHE_DIR") else tempfile.mkdtemp(
    prefix="printables-test-numba-")
if _NUMBA_FOLDER is not None:
    os.environ["NUMBA_CACHE_DIR"] = _NUMBA_FOLDER  # before numba is imported: it reads it once


def pytest_unconfigure(config: object) -> None:
    """Remove the run's numba folder."""
    if _NUMBA_FOLDER is not None:
        shutil.rmtree(_NUMBA_FOLDER, ignore_errors=True)
