"""What the compiled (numba) kernels share: states whose lists are numpy arrays, and the
`compiled` decorator of playout functions that run without numba's reference counting.

Only the *_numba modules import this one (numpy and numba: the play extra).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from printables.games.model import Position


def compiled(function: Callable[..., Any]) -> Any:
    """`function` compiled by numba, cached on disk, with no runtime (_nrt=False): no
    reference count is changed each time an array is passed, viewed or taken from a
    tuple, which measured as most of a playout's time (Rosenkreuz and Danadazo 1.4x and
    2x faster without). Such a function allocates no array (it copies by loops, not
    slices) and views only arrays its caller holds. A numba without the option compiles
    it the ordinary way."""
    bare: dict[str, Any] = {"cache": True, "_nrt": False}  # _nrt is not in numba's stubs
    try:
        return njit(**bare)(function)
    except KeyError:  # numba names an unknown option at decoration
        return njit(cache=True)(function)


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
