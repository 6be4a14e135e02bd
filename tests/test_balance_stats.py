"""The statistics of `printables balance` against published or hand-computed values."""

from __future__ import annotations

import math

import pytest

from printables.play.stats import (
    Sprt,
    diff_interval,
    elo,
    games_for_halfwidth,
    halfwidth,
    p_above_half,
    quantile,
    wilson,
)


def test_wilson_matches_newcombes_worked_example():
    # Newcombe (1998), Table I: 81/263 -> 0.2553 to 0.3662
    lo, hi = wilson(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)


def test_wilson_gives_the_issues_dugi_interval():
    # the issue: 12 first-player wins in 28 games, Wilson 95 % 27-61 %
    lo, hi = wilson(12, 28)
    assert (round(100 * lo), round(100 * hi)) == (27, 61)


def test_wilson_at_the_edges_stays_inside_zero_one():
    # 0/10: the upper bound is z^2 / (n + z^2) = 0.2775
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_half_counts_for_draws_are_accepted():
    lo, hi = wilson(5.5, 10)
    assert lo < 0.55 < hi


def test_two_points_need_2401_games():
    assert games_for_halfwidth(0.02) == 2401  # the normal approximation at p = 1/2
    # Wilson's interval is a little narrower at p = 1/2: +-2 points from 2,398 games on
    assert halfwidth(2398 / 2, 2398) <= 0.02 < halfwidth(2397 / 2, 2397)


def test_elo_equivalent():
    assert elo(0.5) == 0.0
    assert elo(0.75) == pytest.approx(400 * math.log10(3))
    assert elo(0.25) == pytest.approx(-elo(0.75))
    assert elo(0.0) == -800.0


def test_difference_of_proportions_matches_newcombe_method_10():
    # Newcombe (1998), example (a): 56/70 - 48/80 = 0.2000, 95 % interval 0.0524 to 0.3339
    d, lo, hi = diff_interval(56, 70, 48, 80)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (0.2, 0.0524, 0.3339)
    # example (g): 10/10 - 0/20 -> 0.6791 to 1.0000
    d, lo, hi = diff_interval(10, 10, 0, 20)
    assert (round(lo, 4), round(hi, 4)) == (0.6791, 1.0)


def test_sprt_decides_at_the_hand_computed_counts():
    # each win adds ln(1.2) = 0.1823, each loss ln(0.8) = -0.2231; bounds +-ln(19) = 2.944
    sprt = Sprt()
    assert sprt.verdict(16, 0) is None and sprt.verdict(17, 0) == "H1"
    assert sprt.verdict(0, 13) is None and sprt.verdict(0, 14) == "H0"
    assert sprt.verdict(50, 40) is None  # 50*0.1823 - 40*0.2231 = 0.19: play on


def test_one_sided_confidence_and_quantile():
    assert p_above_half(60, 100) == pytest.approx(0.97725, abs=1e-5)  # z = 2
    assert p_above_half(50, 100) == pytest.approx(0.5)
    assert quantile([3, 1, 2][:0], 0.5) == 0.0
    assert quantile([10, 20, 30, 40, 50], 0.95) == pytest.approx(48.0)
