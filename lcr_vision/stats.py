"""The chi-square test of counts against the chances a fair die gives each face, computed here (the
runtime needs no scipy): the statistic, and its p-value from the regularized upper incomplete gamma
function, by its series below ``a + 1`` and its continued fraction above (Numerical Recipes, 6.2).

>>> round(chi_square_p(3.841459, 1), 6), round(chi_square_p(11.070498, 5), 6)
(0.05, 0.05)
>>> chi_square([10, 10, 10, 30], [1 / 6, 1 / 6, 1 / 6, 1 / 2])
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp, lgamma, log

EPSILON = 1e-15
STEPS = 500


def chi_square(counts: Sequence[int], chances: Sequence[float]) -> float:
    """Pearson's statistic of ``counts`` against the ``chances`` (adding up to one) of each."""
    total = sum(counts)
    return sum((n - total * p) ** 2 / (total * p) for n, p in zip(counts, chances))


def chi_square_p(statistic: float, freedom: int) -> float:
    """The chance that a fair die gives a statistic at least this large, with ``freedom``
    degrees of freedom (faces less one)."""
    return upper_gamma(freedom / 2, statistic / 2)


def upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x), for a > 0 and x >= 0.

    >>> round(upper_gamma(1, 2), 12) == round(exp(-2), 12)
    True
    """
    if x <= 0:
        return 1.0
    front = exp(a * log(x) - x - lgamma(a))
    if x < a + 1:  # the series of the lower function P converges fast here
        term = total = 1 / a
        n = a
        for _ in range(STEPS):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * EPSILON:
                break
        return max(0.0, 1 - front * total)
    tiny = 1e-300  # Lentz's method for the continued fraction of Q
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, STEPS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < EPSILON:
            break
    return min(1.0, front * h)
