"""What the compiled (numba) kernels share: states whose lists are numpy arrays, and the
`compiled` decorator of playout functions that run without numba's reference counting.

Only the *_numba modules import this one (numpy and numba: the play extra).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import numpy as np
from numba import njit

from printables.games.model import Position
from printables.play.kernels.base import BASE, encode_path

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _njit(function: Callable[_P, _R], **options: Any) -> Callable[_P, _R]:
    """numba's njit(**options) of `function`. The dispatcher numba returns is called as
    `function` is, and typed so (numba is untyped where the play extra is absent)."""
    dispatcher: Callable[_P, _R] = njit(**options)(function)
    return dispatcher


def cached(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """`function` compiled by numba (njit), cached on disk."""
    return _njit(function, cache=True)


def inlined(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """`function` compiled by numba (njit), cached on disk, and compiled into each compiled
    caller (inline="always"): a small helper called per move."""
    return _njit(function, cache=True, inline="always")


def compiled(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """`function` compiled by numba, cached on disk, with no runtime (_nrt=False): no
    reference count is changed each time an array is passed, viewed or taken from a
    tuple, which measured as most of a playout's time (Rosenkreuz and Danadazo 1.4x and
    2x faster without). Such a function allocates no array (it copies by loops, not
    slices) and views only arrays its caller holds. A numba without the option compiles
    it the ordinary way."""
    bare: dict[str, Any] = {"cache": True, "_nrt": False}  # _nrt is not in numba's stubs
    try:
        return _njit(function, **bare)
    except KeyError:  # numba names an unknown option at decoration
        return cached(function)


class ArrayStates:
    """A mixin for a compiled kernel whose states hold numpy arrays where the pure-Python
    kernel's hold lists: the fields named in `array_fields` become arrays of `array_types`
    in from_position, and copy copies them (a list's slice copy would be a view)."""

    array_fields: tuple[str, ...] = ("cells",)
    array_types: tuple[str, ...] = ("int8",)

    def from_position(self, pos: Position) -> Any:
        state = super().from_position(pos)  # type: ignore[misc]
        for name, kind in zip(self.array_fields, self.array_types, strict=True):
            setattr(state, name, np.array(getattr(state, name), kind))
        return state

    def copy(self, state: Any) -> Any:
        s = state.copy()
        for name in self.array_fields:
            setattr(s, name, getattr(state, name).copy())
        return s


def step_codes(out: Any, m: int) -> list[int]:
    """The path codes of the first m (origin, target) rows of a move table, in row order
    (base.encode_path of [origin, target]; a row whose origin is negative is a drop on
    target, the path [target]), computed for all rows at once: the per-row loop it replaces
    cost most of a ply where a side has 150 moves (Dugi)."""
    rows = out[:m].astype(np.int64)
    origin, target = rows[:, 0], rows[:, 1]
    codes: list[int] = np.where(origin < 0, target + 1, origin + 1 + (target + 1) * BASE
                                ).tolist()
    return codes


#: the longest path path_codes sums in int64 (BASE**6 * BASE would not fit)
_INT64_DIGITS = 6


def path_codes(rows: Any, lengths: Any = None) -> list[int]:
    """The path codes (base.encode_path) of a table of paths, one a row, in row order: row
    i's first lengths[i] entries, or with lengths None its entries up to the first -1 (a
    row's -1 entries must all come last). All rows at once where every path fits int64."""
    m = rows.shape[0]
    if lengths is None:
        lengths = (rows >= 0).sum(axis=1)
    longest = int(lengths.max()) if m else 0
    if longest > _INT64_DIGITS:
        return [encode_path(rows[i, :lengths[i]].tolist()) for i in range(m)]
    digits = rows[:, :longest].astype(np.int64) + 1
    digits[np.arange(longest)[None, :] >= lengths[:, None]] = 0
    codes: list[int] = (digits * BASE ** np.arange(longest, dtype=np.int64)).sum(axis=1).tolist()
    return codes
