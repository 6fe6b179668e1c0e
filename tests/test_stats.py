"""The chi-square p-value computed without scipy, against published table values and the closed
forms it must agree with."""

from __future__ import annotations

from math import exp

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.stats import chi_square, chi_square_p, upper_gamma


@pytest.mark.parametrize(("statistic", "freedom", "p"), [
    (3.841459, 1, 0.05), (6.634897, 1, 0.01), (1.0, 1, 0.3173105), (5.991465, 2, 0.05),
    (7.814728, 3, 0.05), (11.344867, 3, 0.01), (10.0, 4, 0.0404277), (9.236357, 5, 0.10),
    (11.070498, 5, 0.05), (15.086272, 5, 0.01), (0.5, 6, 0.9978385), (124.342113, 100, 0.05),
])  # fmt: skip
def test_p_values_match_the_tables(statistic: float, freedom: int, p: float) -> None:
    assert chi_square_p(statistic, freedom) == pytest.approx(p, abs=2e-7)


def test_a_far_tail_keeps_its_digits() -> None:
    assert chi_square_p(100.0, 5) == pytest.approx(5.2851484e-20, rel=1e-6)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 60), st.floats(0, 400), st.floats(0.01, 50))
def test_the_p_value_is_a_chance_that_falls_as_the_statistic_grows(
        freedom: int, x: float, more: float) -> None:
    p, further = chi_square_p(x, freedom), chi_square_p(x + more, freedom)
    assert 0.0 <= further <= p <= 1.0


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 200))
def test_two_degrees_of_freedom_are_an_exponential(x: float) -> None:
    assert chi_square_p(x, 2) == pytest.approx(exp(-x / 2), rel=1e-9, abs=1e-300)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 40), st.floats(0.001, 100))
def test_the_upper_gamma_steps_down_by_one_term_per_unit_of_a(a: int, x: float) -> None:
    """Q(a + 1, x) = Q(a, x) + x^a e^-x / a!: the series and the continued fraction agree."""
    from math import lgamma, log

    step = exp(a * log(x) - x - lgamma(a + 1))
    assert upper_gamma(a + 1, x) == pytest.approx(upper_gamma(a, x) + step, rel=1e-9, abs=1e-14)


def test_the_statistic_is_pearsons() -> None:
    assert chi_square([18, 12], [0.5, 0.5]) == pytest.approx(1.2)
