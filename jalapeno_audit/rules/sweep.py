"""Pairs of intervals that do not meet, found by sorting instead of trying every pair.

A figure repeated by a hundred sources must not cost ten thousand comparisons: sorting by the
ends of the intervals lets each item jump straight to the items it cannot meet, so the cost is
O(n log n) plus the number of pairs reported.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from fractions import Fraction

from jalapeno_audit.text.numbers import Interval

_NEG = Fraction(-(10**30))
_POS = Fraction(10**30)


def _lo(interval: Interval) -> Fraction:
    return _NEG if interval.lo is None else interval.lo


def _hi(interval: Interval) -> Fraction:
    return _POS if interval.hi is None else interval.hi


def disjoint_pairs(items: list, interval_of) -> list[tuple]:
    """Every unordered pair of items whose intervals do not intersect, in input order.

    Items with the same interval (a figure repeated by many sources) are swept once.
    """
    holders: dict[Interval, list[int]] = {}
    for index, item in enumerate(items):
        holders.setdefault(interval_of(item), []).append(index)
    distinct = sorted(holders, key=_lo)
    los = [_lo(interval) for interval in distinct]
    pairs = []
    for position, interval in enumerate(distinct):
        # Intervals starting after this one ends; they all sort after it.
        start = bisect_right(los, _hi(interval), lo=position + 1)
        for other in distinct[start:]:
            pairs += [(min(i, j), max(i, j)) for i in holders[interval] for j in holders[other]]
    pairs.sort()
    return [(items[i], items[j]) for i, j in pairs]


def disjoint_cross_pairs(left: list, right: list, left_interval, right_interval) -> list[tuple]:
    """Every (left, right) pair whose intervals do not intersect, in input order."""
    intervals = [right_interval(item) for item in right]
    by_lo = sorted(range(len(right)), key=lambda j: _lo(intervals[j]))
    los = [_lo(intervals[j]) for j in by_lo]
    by_hi = sorted(range(len(right)), key=lambda j: _hi(intervals[j]))
    his = [_hi(intervals[j]) for j in by_hi]
    pairs = []
    for i, item in enumerate(left):
        interval = left_interval(item)
        after = by_lo[bisect_right(los, _hi(interval)):]  # start after this one ends
        before = by_hi[: bisect_left(his, _lo(interval))]  # end before this one starts
        pairs += [(i, j) for j in after + before]
    pairs.sort()
    return [(left[i], right[j]) for i, j in pairs]
