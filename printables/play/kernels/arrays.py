"""What the compiled (numba) kernels share: states whose lists are numpy arrays.

Only the *_numba modules import this one (numpy comes with numba, the play extra).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from printables.games.model import Position


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
