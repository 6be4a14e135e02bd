"""Collection for the whole run (tests/ and the doctests in printables/): the compiled
playout kernels (printables/play/kernels/*_numba.py) import numba, the optional play
extra, so where numba is not installed their modules are left out of collection (their
tests skip and say why). The documentation's generators (docs/gen) are collected for their
doctests, all but the MkDocs hook."""

from __future__ import annotations

import importlib.util


def _has_numba() -> bool:
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):  # ValueError: blocked in sys.modules
        return False


collect_ignore_glob = [] if _has_numba() else [
    "printables/play/kernels/*_numba.py", "printables/play/kernels/arrays.py"]
# the site's MkDocs hook imports mkdocs (the docs extra, absent from a test run)
collect_ignore_glob.append("docs/gen/hooks.py")
