"""How the generic kernel's interpreter (generic_core) is compiled, and where numba keeps it.

With numba installed, every function of generic_core is compiled once (the first time a
game file's kernel plays, some three and a half minutes on two quiet cores;
docs/designer/fast-self-play.md) and
the machine code is kept in the user's cache folder, `<cache>/numba` (the cache folder of
printables.buildcache: `$PRINTABLES_CACHE`, else `$XDG_CACHE_HOME/printables`, else
`~/.cache/printables`, made 0700, refused when it is a link, someone else's or writable by
others), never next to the module, which may be read-only in an installed package. Later
runs load it in well under a second. Without a usable cache folder it compiles in memory
for each run. Where `NUMBA_CACHE_DIR` is set (numba's own setting), numba keeps it there
instead, as it does for every numba program. The interpreter reads the rules as data, so no
game needs its own compilation.

Without numba, or for the differential test's pure-Python path, the same source runs as
plain Python (`core(pure=True)` loads a second copy of the module whose `jit` is the
identity; printables.play.kernels.generic loads it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from printables.buildcache import cache_folder, cache_problem

#: the module name suffix of the uncompiled copy of generic_core
PURE_SUFFIX = "_py"


def _identity(function: Callable[..., Any]) -> Callable[..., Any]:
    return function


def numba_cache_dir() -> str | None:
    """The folder numba keeps the interpreter in (None: no usable cache folder)."""
    folder = cache_folder()
    if folder is None or cache_problem(folder) is not None:
        return None
    target = folder / "numba"
    try:
        target.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return None
    if cache_problem(target) is not None:
        return None
    return str(target)


def jit_for(module_name: str, inline: bool = False) -> Callable[[Callable[..., Any]], Any]:
    """The decorator generic_core's functions get: numba's njit, cached in the user's
    cache folder, or the identity (no numba, or the pure copy). inline: the function is
    compiled into each caller (numba's inline="always"), for the small helpers called per
    space and the steps of a ply that have one or two callers: a call passes the rule
    tables, some sixty arrays, as some six hundred arguments (about 0.1 microseconds, most
    of a tic-tac-toe ply when each step was a call)."""
    if module_name.endswith(PURE_SUFFIX):
        return _identity
    try:
        numba = importlib.import_module("numba")
    except ImportError:
        return _identity
    # numba's own NUMBA_CACHE_DIR, where the user set it, wins (as for every numba program;
    # the test run sets it once per session so that each test's empty cache folder does not
    # compile the interpreter again)
    where = numba.core.config.CACHE_DIR or numba_cache_dir()

    # no reference counting (_nrt=False, as kernels.arrays.compiled): every call passes the
    # rule tables, some sixty arrays, and counting their references was most of a ply
    bare: dict[str, Any] = {"_nrt": False, **({"inline": "always"} if inline else {})}

    def compile_(function: Callable[..., Any]) -> Any:
        if where is None:
            return numba.njit(cache=False, **bare)(function)
        config = numba.core.config
        before = config.CACHE_DIR
        config.CACHE_DIR = where  # the locator is chosen now, at decoration
        try:
            return numba.njit(cache=True, **bare)(function)
        finally:
            config.CACHE_DIR = before
    return compile_
