"""The statistics of `printables balance`: intervals, Elo, differences, stopping rules.

Pure functions of counts, so the report's figures can be checked by hand.

Rulings:
- A draw counts as half a win (a score), as in Elo and in Ludii's advantage metric; the
  Wilson interval is taken on that score (p = (wins + draws/2) / games).
- Every interval is 95 % two-sided (z = 1.959964), unless a caller passes another z.
- The difference of two proportions uses Newcombe's hybrid score interval (his method 10),
  built from the two Wilson intervals; it behaves well near 0 and 1, unlike the Wald one.
- The ladder's stopping rule is Wald's SPRT on decisive games (draws carry no evidence
  here): H0 "the stronger level wins half" (p = 0.5) against H1 p = 0.6, alpha = beta =
  0.05. It stops at the first game after which the log-likelihood ratio crosses a bound.
- `--ci H` stops a pairing at the first game count n >= MIN_GAMES at which the Wilson
  interval of the first player's score is at most +-H; for p near 0.5 that is
  games_for_halfwidth(H) (2,401 games for H = 0.02).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: two-sided 95 % normal quantile
Z95 = 1.959963984540054
#: no stopping rule looks at fewer games than this
MIN_GAMES = 30


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for score successes (may be a half-count) out of n.

    Dugi's 12 first-player wins in 28 online games: 27-61 %.
    >>> [round(x, 4) for x in wilson(12, 28)]
    [0.2651, 0.6093]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = score / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def halfwidth(score: float, n: int, z: float = Z95) -> float:
    """Half the width of the Wilson interval."""
    lo, hi = wilson(score, n, z)
    return (hi - lo) / 2


def games_for_halfwidth(h: float, z: float = Z95) -> int:
    """Games needed for a +-h interval at the worst case p = 0.5 (normal approximation).

    >>> games_for_halfwidth(0.02), games_for_halfwidth(0.05)
    (2401, 385)
    """
    return math.ceil(round(z * z / (4 * h * h), 6))


def elo(p: float) -> float:
    """The Elo difference that gives an expected score p (capped at +-800 for p = 0 or 1).

    >>> round(elo(0.75), 1), elo(0.5), elo(1.0)
    (190.8, 0.0, 800.0)
    """
    if p <= 0.0:
        return -800.0
    if p >= 1.0:
        return 800.0
    return max(-800.0, min(800.0, 400 * math.log10(p / (1 - p))))


def diff_interval(s1: float, n1: int, s2: float, n2: int,
                  z: float = Z95) -> tuple[float, float, float]:
    """p1 - p2 with Newcombe's hybrid score interval: (difference, low, high).

    Newcombe (1998), example (a): 56/70 against 48/80 gives 0.2000 [0.0524, 0.3339].
    >>> [round(x, 4) for x in diff_interval(56, 70, 48, 80)]
    [0.2, 0.0524, 0.3339]
    """
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


@dataclass(frozen=True)
class Sprt:
    """Wald's sequential probability ratio test on wins and losses (draws ignored)."""

    p0: float = 0.5
    p1: float = 0.6
    alpha: float = 0.05
    beta: float = 0.05

    def llr(self, wins: int, losses: int) -> float:
        """The log-likelihood ratio of H1 against H0 after these decisive games."""
        return (wins * math.log(self.p1 / self.p0)
                + losses * math.log((1 - self.p1) / (1 - self.p0)))

    def verdict(self, wins: int, losses: int) -> str | None:
        """'H1' (the level is stronger), 'H0' (it is not) or None (play on).

        >>> Sprt().verdict(16, 0), Sprt().verdict(17, 0), Sprt().verdict(0, 14)
        (None, 'H1', 'H0')
        """
        llr = self.llr(wins, losses)
        if llr >= math.log((1 - self.beta) / self.alpha):
            return "H1"
        if llr <= math.log(self.beta / (1 - self.alpha)):
            return "H0"
        return None

    def describe(self) -> str:
        """The test in one phrase, for the report."""
        return (f"SPRT on decisive games, H0 p = {self.p0:g} against H1 p = {self.p1:g}, "
                f"alpha = beta = {self.alpha:g}" if self.alpha == self.beta else
                f"SPRT H0 p = {self.p0:g}, H1 p = {self.p1:g}, alpha = {self.alpha:g}, "
                f"beta = {self.beta:g}")


def p_above_half(score: float, n: int) -> float:
    """One-sided confidence that the true score exceeds 0.5 (normal approximation to the
    score's sampling distribution, with the null variance 0.25/n).

    >>> round(p_above_half(60, 100), 4)
    0.9772
    """
    if n <= 0:
        return 0.5
    zscore = (score / n - 0.5) / math.sqrt(0.25 / n)
    return 0.5 * (1 + math.erf(zscore / math.sqrt(2)))


def quantile(sorted_values: list[int], q: float) -> float:
    """The q-quantile by linear interpolation between order statistics (numpy's default).

    >>> quantile([1, 2, 3, 4], 0.5), quantile(list(range(1, 101)), 0.95)
    (2.5, 95.05)
    """
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)
