"""The double-spiral colouring of square boards (issue 12): the arms of the published
Chameleons board, their half-turn symmetry, and the walk on other odd grids."""

from __future__ import annotations

import pytest

from printables.boards.square import parse_square, spiral_arms, spiral_colouring, square_name
from printables.errors import UsageError

DARK_7 = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "g2", "g3", "g4", "g5", "g6", "f6", "e6", "d6", "c6", "b6", "b5", "b4", "b3", "c3", "d3", "e3", "e4"]  # noqa: E501 (data)
LIGHT_7 = ["g7", "f7", "e7", "d7", "c7", "b7", "a7", "a6", "a5", "a4", "a3", "a2", "b2", "c2", "d2", "e2", "f2", "f3", "f4", "f5", "e5", "d5", "c5", "c4"]  # noqa: E501 (data)


def half_turn(name: str, n: int) -> str:
    f, r = parse_square(name)
    return square_name(n - 1 - f, n - 1 - r)


def test_seven_by_seven_arms_are_the_published_lists_rim_inward():
    dark, light = spiral_arms(7)
    assert list(dark) == DARK_7
    assert list(light) == LIGHT_7


@pytest.mark.parametrize("n", [3, 5, 7, 9, 11, 19])
def test_arms_partition_the_grid_but_the_centre_and_are_walks(n):
    dark, light = spiral_arms(n)
    centre = square_name(n // 2, n // 2)
    everything = {square_name(f, r) for f in range(n) for r in range(n)}
    assert len(dark) == len(light) == (n * n - 1) // 2
    assert set(dark) | set(light) | {centre} == everything
    assert not set(dark) & set(light)
    for arm in (dark, light):
        for a, b in zip(arm, arm[1:]):
            (fa, ra), (fb, rb) = parse_square(a), parse_square(b)
            assert abs(fa - fb) + abs(ra - rb) == 1, (a, b)
        # the last cell of each arm touches the centre: both arms meet there
        (fe, re_), (fc, rc) = parse_square(arm[-1]), parse_square(centre)
        assert abs(fe - fc) + abs(re_ - rc) == 1


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_half_turn_swaps_the_arms(n):
    dark, light = spiral_arms(n)
    assert tuple(half_turn(c, n) for c in dark) == light
    colour = spiral_colouring(n)
    swap = {"dark": "light", "light": "dark", "spiral": "spiral"}
    for f in range(n):
        for r in range(n):
            assert colour(n - 1 - f, n - 1 - r) == swap[colour(f, r)]


def test_colouring_marks_the_centre():
    colour = spiral_colouring(7)
    assert colour(3, 3) == "spiral"
    assert colour(0, 0) == "dark" and colour(6, 6) == "light"
    assert spiral_colouring(5, centre="plain")(2, 2) == "plain"


@pytest.mark.parametrize("n", [0, 1, 2, 4, 8, -3])
def test_even_or_tiny_grid_is_refused(n):
    with pytest.raises(UsageError, match="odd grid side"):
        spiral_arms(n)
