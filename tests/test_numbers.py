"""Number semantics: the spec's worked cases and properties over random figures."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jalapeno_audit.text.numbers import Interval, hedged_interval, parse_figure, ratio_interval, rounding_interval


def interval(text: str, **kwargs) -> Interval:
    return rounding_interval(parse_figure(text, **kwargs))


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1.80", "[1.795, 1.805]"), ("85448", "[85447.5, 85448.5]"), ("12400", "[12350, 12450]"), ("1000", "[500, 1500]"), ("700", "[650, 750]")],
)
def test_written_precision(text, expected):
    assert str(interval(text)) == expected


def test_exact_makes_trailing_zeros_significant():
    assert str(interval("700", exact=True)) == "[699.5, 700.5]"
    assert interval("1/3") == Interval.point(Fraction(1, 3))


def test_worked_case_104_3_is_consistent():
    derived = ratio_interval(interval("12258"), interval("118"))
    assert str(derived) == "[103.44, 104.33]"
    assert derived.intersects(interval("104.3"))
    assert not Interval.point(Fraction(12258, 118)).intersects(interval("104.3"))  # naive check would flag it


def test_worked_case_56_1_is_consistent():
    # 120 has a trailing zero, so under the significant-figures rule it is known to the ten.
    assert ratio_interval(interval("6744"), interval("120")).intersects(interval("56.1"))
    assert str(ratio_interval(interval("6744"), interval("120", exact=True))) == "[55.963, 56.439]"


def test_hedges():
    assert str(hedged_interval(parse_figure("200"), "below")) == "[0, 200.5]"
    assert str(hedged_interval(parse_figure("2"), "more than", is_ratio=True)) == "[1.5, inf]"
    assert str(hedged_interval(parse_figure("300"), "just shy of")) == "[0, 300.5]"
    assert str(hedged_interval(parse_figure("1.6"), "up to", is_ratio=True)) == "[1, 1.65]"
    assert str(hedged_interval(parse_figure("1.5"), "roughly")) == "[1.3775, 1.6275]"
    assert str(hedged_interval(parse_figure("1000"), "+")) == "[999.5, inf]"


def test_touching_intervals_agree():
    assert interval("1.80").intersects(interval("1.81"))
    assert not interval("1.80").intersects(interval("1.82"))


def test_not_a_number():
    # A fraction string is exact, with integer terms ("1/3"); "1/0.36" would give a percent's precision away.
    assert parse_figure("1/3").value == Fraction(1, 3) and parse_figure("1/3").step is None
    for text in ("85,448", "lots", "1/0", "nan", "", "1/0.36", "0.5/2"):
        with pytest.raises(ValueError):
            parse_figure(text)


decimals = st.decimals(min_value=Decimal("0.001"), max_value=Decimal("1000000"), places=3, allow_nan=False, allow_infinity=False)


@given(decimals, decimals, st.floats(0, 1), st.floats(0, 1))
def test_any_values_inside_the_inputs_give_a_ratio_inside_the_ratio_interval(a, b, ta, tb):
    ia, ib = interval(str(a)), interval(str(b))
    if ib.lo <= 0:
        return
    x = ia.lo + (ia.hi - ia.lo) * Fraction(ta)
    y = ib.lo + (ib.hi - ib.lo) * Fraction(tb)
    assert ratio_interval(ia, ib).contains(x / y)


@given(decimals)
def test_a_figure_lies_in_its_own_interval_and_hedges_only_widen(a):
    figure = parse_figure(str(a))
    base = rounding_interval(figure)
    assert base.contains(figure.value)
    for hedge in ("about", "roughly", "nearly"):
        assert base.within(hedged_interval(figure, hedge))


@given(decimals, decimals)
def test_reciprocal_reads_the_same_comparison_the_other_way(a, b):
    ia, ib = interval(str(a)), interval(str(b))
    if ia.lo <= 0 or ib.lo <= 0:
        return
    assert ratio_interval(ia, ib).reciprocal() == ratio_interval(ib, ia)


@given(decimals, decimals)
def test_intersection_is_symmetric(a, b):
    ia, ib = interval(str(a)), interval(str(b))
    assert ia.intersects(ib) == ib.intersects(ia)
