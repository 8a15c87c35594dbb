"""Disputes: the claims of one comparison, split into camps that agree.

A camp is a maximal set of claims that agree with one another. For figures that means their
intervals share a common point, and the camps come from one sweep over the sorted endpoints
(the maximal cliques of an interval graph are the sets open just before some interval closes),
so a figure repeated by a hundred sources costs one interval, not ten thousand pairs. For a
label (a comparator, a metric, a direction) camps are the maximal sets of mutually compatible
labels, found among the few distinct labels of a comparison.

Ratio claims are compared in either orientation and against a comparator's family:
``comparisons`` keys each claim by its sides in a canonical order, and a comparison stated
against a family (NVIDIA Blackwell) joins every comparison stated against one of its members
(the GB200, the GB300).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import TypeVar

from jalapeno_audit.corpus.model import Claim
from jalapeno_audit.text.numbers import Interval

T = TypeVar("T")
#: Stand-ins for an open end, beyond any figure a claim can hold (numbers stop at exponent 30).
LOWEST, HIGHEST = Fraction(-(10**30)), Fraction(10**30)


def low_end(interval: Interval) -> Fraction:
    return LOWEST if interval.lo is None else interval.lo


def high_end(interval: Interval) -> Fraction:
    return HIGHEST if interval.hi is None else interval.hi


def reading_order(claim: Claim) -> tuple[str, int]:
    """Claims as a reader meets them: file by file, line by line."""
    return (claim.path, claim.line)


def camps_by_interval(items: list[T], interval_of: Callable[[T], Interval]) -> list[list[T]]:
    """Maximal sets of items whose intervals share a point, lowest first; items keep their order."""
    holders: dict[tuple, list[int]] = {}
    distinct: list[Interval] = []
    for index, item in enumerate(items):
        interval = interval_of(item)
        key = _exact_key(interval)  # hashing integers, not Fractions: a figure repeated is one interval
        held = holders.get(key)
        if held is None:
            held = holders[key] = []
            distinct.append(interval)
        held.append(index)
    events = []
    for number, interval in enumerate(distinct):
        lo, hi = low_end(interval), high_end(interval)
        # Sorted by the nearest float first and the exact value on a tie: the exact order, faster.
        events.append((float(lo), lo, 0, number))  # opens
        events.append((float(hi), hi, 1, number))  # closes; touching ends agree
    events.sort()
    open_now: dict[int, None] = {}
    camps = []
    opened_last = False
    keys = list(holders.values())
    for _, _, kind, number in events:
        if kind == 0:
            open_now[number] = None
            opened_last = True
            continue
        if opened_last:  # the set open just before the first close after an open is maximal
            members = sorted(index for n in open_now for index in keys[n])
            camps.append([items[i] for i in members])
        del open_now[number]
        opened_last = False
    return camps


def _exact_key(interval: Interval) -> tuple:
    lo, hi = interval.lo, interval.hi
    return (
        None if lo is None else (lo.numerator, lo.denominator),
        None if hi is None else (hi.numerator, hi.denominator),
    )


def camps_by_label(items: list[T], label_of: Callable[[T], Hashable], compatible: Callable[[Hashable, Hashable], bool]) -> list[list[T]]:
    """Maximal sets of items whose labels are pairwise compatible (each label with itself is)."""
    by_label: dict[Hashable, list[int]] = {}
    for index, item in enumerate(items):
        by_label.setdefault(label_of(item), []).append(index)
    labels = list(by_label)
    near = {a: {b for b in labels if b != a and compatible(a, b)} for a in labels}
    cliques: list[set] = []
    _bron_kerbosch(set(), set(labels), set(), near, cliques)
    camps = [sorted(i for label in clique for i in by_label[label]) for clique in cliques]
    camps.sort()
    return [[items[i] for i in camp] for camp in camps]


def _bron_kerbosch(chosen: set, candidates: set, excluded: set, near: dict, out: list) -> None:
    if not candidates and not excluded:
        out.append(chosen)
        return
    for label in sorted(candidates, key=repr):
        _bron_kerbosch(chosen | {label}, candidates & near[label], excluded & near[label], near, out)
        candidates = candidates - {label}
        excluded = excluded | {label}


class Comparison:
    """The ratio claims of one comparison, each with its direction against the canonical sides."""

    __slots__ = ("claims", "directions", "key", "sides")

    def __init__(self, key: tuple, sides: tuple[str, str]) -> None:
        self.key = key
        self.sides = sides
        self.claims: list[Claim] = []
        self.directions: dict[int, int] = {}  # id(claim) -> +1 when written as sides[0] vs sides[1], else -1

    def add(self, claim: Claim, direction: int) -> None:
        if id(claim) not in self.directions:
            self.claims.append(claim)
            self.directions[id(claim)] = direction

    def direction(self, claim: Claim) -> int:
        return self.directions[id(claim)]

    def written(self, claim: Claim) -> tuple[str, str]:
        """The claim's sides as it writes them."""
        first, second = self.sides
        return (first, second) if self.direction(claim) == 1 else (second, first)

    def key_text(self) -> str:
        """The comparison key as text, for fingerprints: stable, independent of claims and order."""
        return "|".join(_text(part) for part in (self.sides, *self.key))


def _text(part) -> str:
    if isinstance(part, tuple):
        return "(" + ",".join(_text(p) for p in part) + ")"
    return str(part)


def comparisons(context, claims: Iterable[Claim], rest_of: Callable[[Claim, int], tuple]) -> list[Comparison]:
    """Ratio claims grouped by comparison: canonical sides, then ``rest_of(claim, direction)``.

    ``rest_of`` gives the rest of the key as read in the given direction (+1: as written,
    -1: reversed), so conditions of each side line up. A comparison against a family joins every
    comparison against one of its members; one with no member comparison stands on its own.
    """
    groups: dict[tuple, Comparison] = {}
    for claim in claims:
        assert claim.system is not None and claim.vs is not None  # ratio claims name both sides
        sides, direction = _canonical(claim.system, claim.vs)
        key = (sides, rest_of(claim, direction))
        comparison = groups.get(key)
        if comparison is None:
            comparison = groups[key] = Comparison(key[1], sides)
        comparison.add(claim, direction)
    absorbed: set[tuple] = set()
    joined: dict[tuple, list[tuple[Comparison, int]]] = defaultdict(list)
    for key, comparison in groups.items():
        first = comparison.claims[0]
        first_direction = comparison.direction(first)
        for system, vs in _generalisations(context, *comparison.written(first)):
            general_sides, general_direction = _canonical(system, vs)
            general_key = (general_sides, rest_of(first, general_direction))
            if general_key in groups and general_key != key:
                # direction of the general comparison's claims relative to this one
                joined[key].append((groups[general_key], general_direction * first_direction))
                absorbed.add(general_key)
    result = []
    for key, comparison in groups.items():
        for general, relative in joined.get(key, ()):
            for claim in general.claims:
                comparison.add(claim, general.direction(claim) * relative)
        if key not in absorbed or key in joined:
            result.append(comparison)
    return result


def _canonical(system: str, vs: str) -> tuple[tuple[str, str], int]:
    return ((system, vs), 1) if system <= vs else ((vs, system), -1)


def _generalisations(context, system: str, vs: str) -> list[tuple[str, str]]:
    family_system, family_vs = context.family(system), context.family(vs)
    variants = [(family_system, vs), (system, family_vs), (family_system, family_vs)]
    return [v for v in dict.fromkeys(variants) if v != (system, vs)]


def camp_summary(camp: list[Claim], shown: Callable[[Claim], str]) -> str:
    """'1.4x (3 claims)' or '1.4x, about 1.4x (2 claims)': the figures of one camp as written."""
    figures = list(dict.fromkeys(shown(c) for c in camp))
    count = f" ({len(camp)} claims)" if len(camp) > 1 else ""
    return ", ".join(figures) + count


def common_interval(intervals: list[Interval]) -> Interval:
    """Where every interval of a camp meets (they share a point, so this is never empty)."""
    los = [i.lo for i in intervals if i.lo is not None]
    his = [i.hi for i in intervals if i.hi is not None]
    return Interval(max(los) if los else None, min(his) if his else None)


def grouped(claims: list[Claim], describe: Callable[[Claim], str], same: Callable[[Claim], Hashable] | None = None) -> list[str]:
    """'a/r, b/r: 1.4x -> [1.35, 1.45]': claims that read alike share one line, in reading order.

    A figure restated by a hundred sources is one line naming the hundred claims, not a hundred lines.
    ``same(claim)``, when given, must decide what ``describe`` writes (claims with equal keys are
    described alike: the claim's ``reading`` and whatever else the description depends on, such
    as its orientation): then each distinct key is described once, and the lines are the same.
    """
    by_text: dict[str, list[str]] = {}
    if same is None:
        for claim in claims:
            by_text.setdefault(describe(claim), []).append(claim.full_id)
    else:
        described: dict[Hashable, list[str]] = {}  # key -> the ids of its line
        for claim in claims:
            key = same(claim)
            ids = described.get(key)
            if ids is None:
                ids = described[key] = by_text.setdefault(describe(claim), [])
            ids.append(claim.full_id)
    return [f"{', '.join(ids)}: {text}" for text, ids in by_text.items()]


def common_intervals(camps: list[list[Claim]], interval_of: Callable[[Claim], Interval]) -> list[Interval]:
    """Each camp's common interval, lowest camp first."""
    commons = []
    for camp in camps:
        # A figure restated by many claims is one cached interval: each is taken once.
        commons.append(common_interval(list({id(i): i for i in map(interval_of, camp)}.values())))
    return commons


def interval_labels(commons: list[Interval]) -> list[str]:
    """Each camp's common interval, as its label."""
    return [f"agree on {common}" for common in commons]


def interval_arithmetic(
    claims: list[Claim], commons: list[Interval], describe: Callable[[Claim], str], same: Callable[[Claim], Hashable] | None = None
) -> list[str]:
    """One line per distinct figure (the claims stating it), then each camp's common interval and the verdict."""
    lines = grouped(claims, describe, same)
    camps = [f"camp {n}: {common}" for n, common in enumerate(commons, 1)]
    lines.append("; ".join(camps) + ": no point lies in every interval, so the camps cannot all be right")
    return lines
