"""What the compiled (numba) kernels share: states whose lists are numpy arrays.

Only the *_numba modules import this one (numpy comes with numba, the play extra).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from printables.games.model import Position
from printables.play.kernels.base import BASE


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
    codes = np.where(origin < 0, target + 1, origin + 1 + (target + 1) * BASE)
    return codes.tolist()
