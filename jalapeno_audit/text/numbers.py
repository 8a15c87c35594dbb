"""Number semantics: what a written figure stands for, and arithmetic on those intervals.

Every rule decides with these functions and nothing else, so that "do these agree?" has one
answer everywhere.  Values are kept exactly as written (``Figure.text``) and computed with
``fractions.Fraction``: no float ever takes part in a decision.

- A figure stands for the closed interval of half a unit in its last significant place:
  ``1.80`` -> [1.795, 1.805]; ``85448`` -> [85447.5, 85448.5].  Trailing zeros of an integer
  are not significant (``12400`` -> [12350, 12450]) unless the claim is marked exact.
- A hedge widens the interval (``about``: by a relative tolerance) or opens one side
  (``up to``: an upper bound at the figure plus half a unit of its last written digit).
- Intervals are closed: two figures that only touch agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache

from jalapeno_audit.pickling import tuple_pickled

#: The default relative widening for approximate hedges ("about", "roughly", ...): 5 %.
DEFAULT_TOLERANCE = Fraction(1, 20)

#: Hedge words as written in texts, and what each does to an interval.
APPROX, UPPER, LOWER = "approx", "upper", "lower"
HEDGES: dict[str, str] = {
    "about": APPROX,
    "roughly": APPROX,
    "around": APPROX,
    "approximately": APPROX,
    "nearly": APPROX,
    "almost": APPROX,
    "~": APPROX,
    "up to": UPPER,
    "at most": UPPER,
    "below": UPPER,
    "under": UPPER,
    "less than": UPPER,
    "just shy of": UPPER,
    "as much as": UPPER,
    "no more than": UPPER,
    "not more than": UPPER,
    "not above": UPPER,
    "or less": UPPER,
    "or below": UPPER,
    "at least": LOWER,
    "more than": LOWER,
    "over": LOWER,
    "above": LOWER,
    "exceeding": LOWER,
    "a bit over": LOWER,
    "+": LOWER,
    "or more": LOWER,
    "no less than": LOWER,
    "not below": LOWER,
}

#: Guards against figures that would make exact arithmetic explode ("1e999999999").
MAX_DIGITS = 40
MAX_EXPONENT = 30

_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_FRACTION = re.compile(r"([+-]?\d+)\s*/\s*(\d+)")


@tuple_pickled
@dataclass(frozen=True, slots=True)
class Interval:
    """A closed interval; ``None`` on a side means unbounded on that side."""

    lo: Fraction | None
    hi: Fraction | None
    text: str | None = field(default=None, compare=False, hash=False, repr=False)  # str(), once written

    @classmethod
    def point(cls, value: Fraction) -> Interval:
        return cls(value, value)

    def intersects(self, other: Interval) -> bool:
        return self.intersection(other) is not None

    def intersection(self, other: Interval) -> Interval | None:
        lo = _max_lo(self.lo, other.lo)
        hi = _min_hi(self.hi, other.hi)
        if lo is not None and hi is not None and lo > hi:
            return None
        return Interval(lo, hi)

    def contains(self, value: Fraction) -> bool:
        return (self.lo is None or self.lo <= value) and (self.hi is None or value <= self.hi)

    def within(self, other: Interval) -> bool:
        """True when every point of this interval lies in ``other``."""
        lo_ok = other.lo is None or (self.lo is not None and self.lo >= other.lo)
        hi_ok = other.hi is None or (self.hi is not None and self.hi <= other.hi)
        return lo_ok and hi_ok

    def scale(self, factor: Fraction) -> Interval:
        """Multiply by a positive factor (unit conversion)."""
        return Interval(None if self.lo is None else self.lo * factor, None if self.hi is None else self.hi * factor)

    def reciprocal(self) -> Interval:
        """1/x over a positive interval: a ratio read the other way round."""
        lo = None if self.hi is None else (Fraction(1) / self.hi if self.hi > 0 else None)
        hi = None if (self.lo is None or self.lo <= 0) else Fraction(1) / self.lo
        return Interval(lo if lo is not None else Fraction(0), hi)

    def hull(self, other: Interval) -> Interval:
        lo = None if self.lo is None or other.lo is None else min(self.lo, other.lo)
        hi = None if self.hi is None or other.hi is None else max(self.hi, other.hi)
        return Interval(lo, hi)

    def midpoint(self) -> Fraction | None:
        if self.lo is None or self.hi is None:
            return None
        return (self.lo + self.hi) / 2

    def __str__(self) -> str:
        # Written once per interval object: intervals are shared by every claim of one written figure.
        if self.text is None:
            object.__setattr__(self, "text", _interval_text(self.lo, self.hi))
        return self.text  # type: ignore[return-value]


@lru_cache(maxsize=1 << 16)
def _interval_text(lo: Fraction | None, hi: Fraction | None) -> str:
    """Formatting is the dear part; the same intervals recur across many findings."""
    return f"[{fmt(lo, '-inf')}, {fmt(hi, 'inf')}]"


def _max_lo(a: Fraction | None, b: Fraction | None) -> Fraction | None:
    if a is None:
        return b
    return a if b is None else max(a, b)


def _min_hi(a: Fraction | None, b: Fraction | None) -> Fraction | None:
    if a is None:
        return b
    return a if b is None else min(a, b)


@tuple_pickled
@dataclass(frozen=True, slots=True)
class Figure:
    """A number as written, with the exact value and the size of its last significant place."""

    text: str  # as written in the claim file: "1.80", "12400", "1/3"
    value: Fraction
    step: Fraction | None  # unit of the last significant place; None for an exact fraction
    written_step: Fraction | None  # unit of the last written digit (trailing zeros count)
    rounded: Interval = field(init=False, compare=False, hash=False, repr=False)  # see rounding_interval

    def __post_init__(self) -> None:
        # Computed once per written figure (parse_figure is memoised): rules ask for it often.
        if self.step is None:
            rounded = Interval.point(self.value)
        else:
            half = self.step / 2
            rounded = Interval(self.value - half, self.value + half)
        object.__setattr__(self, "rounded", rounded)

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=65536)
def parse_figure(text: str, exact: bool = False) -> Figure:
    """Read a written number ("1.80", "12400", "1e3", "1/3"); raise ValueError if it is not one.

    ``exact`` makes an integer's trailing zeros significant (a nominal "700 W"). Memoised:
    corpora restate the same figures over and over, and a Figure is immutable.
    """
    stripped = text.strip()
    match = _FRACTION.fullmatch(stripped)
    if match and len(stripped) > MAX_DIGITS:
        raise ValueError(f"'{stripped[:20]}...' has more than {MAX_DIGITS} characters; no benchmark figure needs that")
    if match:
        denominator = int(match.group(2))
        if denominator == 0:
            raise ValueError(f"'{text}' divides by zero")
        return Figure(stripped, Fraction(int(match.group(1)), denominator), None, None)
    if not _DECIMAL.fullmatch(stripped):
        raise ValueError(f"'{text}' is not a number")
    if len(stripped) > MAX_DIGITS:
        raise ValueError(f"'{stripped[:20]}...' has more than {MAX_DIGITS} characters; no benchmark figure needs that")
    try:
        number = Decimal(stripped)
    except InvalidOperation as exc:  # pragma: no cover - the pattern admits only valid decimals
        raise ValueError(f"'{text}' is not a number") from exc
    if not number.is_finite():
        raise ValueError(f"'{text}' is not a finite number")
    _, digits, exponent = number.as_tuple()
    assert isinstance(exponent, int)  # finite, checked above
    if abs(exponent) > MAX_EXPONENT:
        raise ValueError(f"'{text}' is out of range (exponent beyond ±{MAX_EXPONENT})")
    written = Fraction(10) ** exponent
    significant = written
    if exponent >= 0 and not exact and any(digits):
        # An integer's trailing zeros are not significant (12400 is known to the hundred).
        significant = written * 10 ** _trailing_zeros(digits)
    return Figure(stripped, Fraction(number), significant, written)


def _trailing_zeros(digits: tuple[int, ...]) -> int:
    count = 0
    for digit in reversed(digits):
        if digit:
            break
        count += 1
    return count


def rounding_interval(figure: Figure) -> Interval:
    """The interval a figure stands for: half a unit in its last significant place."""
    return figure.rounded


def hedged_interval(
    figure: Figure, hedge: str | None, *, is_ratio: bool = False, tolerance: Fraction = DEFAULT_TOLERANCE
) -> Interval:
    """The interval a figure stands for once its hedge word is applied.

    An upper bound on a ratio still claims an advantage: "up to 1.6x" is [1, 1.65].
    """
    base = rounding_interval(figure)
    kind = HEDGES.get(hedge) if hedge else None
    if kind is None:
        return base
    if kind == APPROX:
        assert base.lo is not None and base.hi is not None
        return Interval(base.lo - abs(base.lo) * tolerance, base.hi + abs(base.hi) * tolerance)
    half = figure.written_step / 2 if figure.written_step is not None else Fraction(0)
    if kind == UPPER:
        floor = Fraction(1) if is_ratio and figure.value >= 1 else (Fraction(0) if figure.value >= 0 else None)
        return Interval(floor, figure.value + half)
    return Interval(figure.value - half, None)


def ratio_interval(numerator: Interval, denominator: Interval) -> Interval:
    """The interval of a/b for positive a and b: [a_lo / b_hi, a_hi / b_lo]."""
    lo = None
    if numerator.lo is not None and denominator.hi is not None and denominator.hi > 0:
        lo = numerator.lo / denominator.hi
    hi = None
    if numerator.hi is not None and denominator.lo is not None and denominator.lo > 0:
        hi = numerator.hi / denominator.lo
    return Interval(lo if lo is not None else Fraction(0), hi)


def fmt(value: Fraction | None, unbounded: str = "?", places: int | None = None) -> str:
    """A readable decimal for a Fraction: exact when short, else rounded to a few places.

    The rounding here is for display only; decisions are made on the exact Fractions.
    """
    if value is None:
        return unbounded
    if places is None:
        decimal = _exact_decimal(value)
        if decimal is not None and len(decimal) <= 12:
            return decimal
        places = _display_places(value)
    quantum = Decimal(1).scaleb(-places)
    rounded = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(quantum)
    text = format(rounded, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def _exact_decimal(value: Fraction) -> str | None:
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return None
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _display_places(value: Fraction) -> int:
    magnitude = abs(value)
    if magnitude >= 100:
        return 2
    if magnitude >= 1:
        return 3
    return 4
