"""The compiled kernels' move tables become the same codes as base.encode_path gives, one
path at a time (arrays.path_codes, step_codes), short paths and long ones (a Chameleons
multiple jump can pass the int64 digits), padded with -1 or cut by a length."""

from __future__ import annotations

import random

import pytest

from printables.play.kernels.base import encode_path

np = pytest.importorskip("numpy")
arrays = pytest.importorskip("printables.play.kernels.arrays")


@pytest.mark.parametrize("width", [2, 4, 6, 9])
def test_path_codes_equal_encode_path(width: int) -> None:
    rng = random.Random(width)
    paths = [[rng.randrange(1000) for _ in range(rng.randint(0, width))] for _ in range(300)]
    lengths = np.array([len(p) for p in paths], np.int16)
    cut = np.full((len(paths), width), 7, np.int16)  # entries past a length are ignored
    padded = np.full((len(paths), width), -1, np.int16)
    for i, p in enumerate(paths):
        cut[i, :len(p)] = padded[i, :len(p)] = p
    want = [encode_path(p) for p in paths]
    assert arrays.path_codes(cut, lengths) == want
    assert arrays.path_codes(padded) == want
    assert arrays.path_codes(cut[:0], lengths[:0]) == []


def test_step_codes_are_steps_and_drops() -> None:
    out = np.array([[3, 900], [-1, 5], [0, 0], [1023 - 1, 1]], np.int16)
    assert arrays.step_codes(out, 4) == [encode_path([3, 900]), encode_path([5]),
                                         encode_path([0, 0]), encode_path([1022, 1])]
    assert arrays.step_codes(out, 0) == []
