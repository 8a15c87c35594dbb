"""The loaded corpus: sources and their claims, as frozen data."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, fields
from fractions import Fraction
from operator import attrgetter

from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.pickling import tuple_pickled
from jalapeno_audit.text.numbers import APPROX, DEFAULT_TOLERANCE, HEDGES, Figure, Interval, hedged_interval

VALUE, RATIO, DATE, STATEMENT = "value", "ratio", "date", "statement"
CLAIM_KINDS = (VALUE, RATIO, DATE, STATEMENT)
EVIDENCE = ("published", "internal", "none")
SOURCE_KINDS = ("primary", "secondary")
ADVANTAGE, DISADVANTAGE = "advantage", "disadvantage"
DIRECTIONS = (ADVANTAGE, DISADVANTAGE)  # of a statement with `vs`: which way the advantage of `system` points
AGGREGATES = ("average",)  # what a figure summarises over its workloads
TRAILING_HEDGES = frozenset(("or less", "or below", "or more", "+"))  # written after the figure
APPROX_WORDS = frozenset(word for word, kind in HEDGES.items() if kind == APPROX)


@tuple_pickled
@dataclass(frozen=True, slots=True)
class Source:
    """One source document: an article, a post, a card."""

    id: str  # unique in the corpus
    title: str
    publisher: str  # the outlet that published it
    kind: str  # primary (the party that measured or owns the result) | secondary (coverage)
    path: str  # the claim file it was read from
    line: int  # line of the `source:` block
    published: dt.date | None = None
    url: str | None = None
    archive: str | None = None  # file name of the archived text, inside the archive directory


@tuple_pickled
@dataclass(frozen=True, slots=True)
class DateSpec:
    """When an event happens, as stated: any of on / before / by / from / to."""

    on: dt.date | None = None
    before: dt.date | None = None
    by: dt.date | None = None
    start: dt.date | None = None  # `from` in the file
    to: dt.date | None = None

    def window(self) -> tuple[dt.date | None, dt.date | None]:
        """The earliest and latest day the statement allows (None: open-ended)."""
        if self.on is not None:
            return self.on, self.on
        latest_days = []
        if self.before is not None:
            latest_days.append(self.before - dt.timedelta(days=1))
        if self.by is not None:
            latest_days.append(self.by)
        if self.to is not None:
            latest_days.append(self.to)
        return self.start, (min(latest_days) if latest_days else None)

    def __str__(self) -> str:
        parts = []
        for name, value in (("on", self.on), ("before", self.before), ("by", self.by), ("from", self.start), ("to", self.to)):
            if value is not None:
                parts.append(f"{name} {value.isoformat()}")
        return ", ".join(parts)


Conditions = tuple[tuple[str, str], ...]


@tuple_pickled
@dataclass(frozen=True, slots=True)
class Claim:
    """One figure (or statement) from a source, with everything needed to compare it."""

    source: str  # source id
    id: str  # unique within the source
    path: str  # claim file
    line: int  # line where the claim starts
    quote: str  # verbatim sentence from the source
    by: str  # who asserts it (defaults to the publisher)
    kind: str  # value | ratio | date | statement
    system: str | None = None
    vs: str | None = None  # comparator; required with a ratio
    model: str | None = None
    models: tuple[str, ...] = ()  # for a claim (a range) over several models
    metric: str | None = None
    figure: Figure | None = None  # a single value or ratio
    bounds: tuple[Figure, Figure] | None = None  # a range [lo, hi]
    unit: str | None = None  # the unit the value is written in, when not the metric's
    approx: str | None = None  # hedge word as written
    at: Conditions = ()  # conditions of both sides, sorted (name, value)
    vs_at: Conditions = ()  # comparator-side conditions that differ, sorted
    exact: bool = False
    event: str | None = None
    date: DateSpec | None = None
    statement: str | None = None
    evidence: str = "published"
    direction: str | None = None  # with a statement and `vs`: advantage | disadvantage for `system`
    aggregate: str | None = None  # "average": the figure averages over workloads (its models, or unnamed ones)
    value_line: int = 0  # line of the figure itself
    # Derived once: reports name a claim and show its figure hundreds of thousands of times.
    full_id: str = field(init=False, compare=False, hash=False, repr=False)  # <source id>/<claim id>
    shown: str = field(init=False, compare=False, hash=False, repr=False)  # figure_text() in its own unit
    # The model(s) the claim covers, as a comparable key: the rules ask for it some 650,000 times at 100k claims.
    model_key: tuple[str, ...] = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "full_id", f"{self.source}/{self.id}")
        object.__setattr__(self, "shown", self._figure_text(None))
        object.__setattr__(self, "model_key", (self.model,) if self.model else tuple(sorted(self.models)))

    @property
    def single(self) -> Figure:
        """The one figure of a value or ratio that is not a range."""
        assert self.figure is not None, f"{self.full_id} has no single figure"
        return self.figure

    @property
    def is_range(self) -> bool:
        return self.bounds is not None

    def figure_text(self, unit: str | None = None) -> str:
        """The figure as written, for reports: '1.9x', '1.5–1.9x', '85448 tok/s/kW', 'about 3.8x'."""
        return self.shown if unit is None or self.unit else self._figure_text(unit)

    def _figure_text(self, unit: str | None) -> str:
        if self.kind == DATE and self.date is not None:
            return str(self.date)
        if self.kind == STATEMENT:
            return f"({self.direction}, no figure)" if self.direction else "(no figure)"
        if self.bounds is not None:
            core = f"{self.bounds[0].text}–{self.bounds[1].text}"
        else:
            core = self.figure.text if self.figure else "?"
        shown_unit = self.unit or unit
        core = core + "x" if self.kind == RATIO else core + (f" {shown_unit}" if shown_unit else "")
        suffix = " on average" if self.aggregate == "average" else ""
        if not self.approx:
            return core + suffix
        if self.approx in TRAILING_HEDGES:
            return (f"{core} {self.approx}" if self.approx != "+" else core + "+") + suffix
        return f"{self.approx} {core}{suffix}"

    def conditions(self) -> dict[str, str]:
        return dict(self.at)

    def comparator_conditions(self) -> dict[str, str]:
        merged = dict(self.at)
        merged.update(self.vs_at)
        return merged


#: Where a claim was read and who said it: every other field of a claim is what it says.
PROVENANCE = frozenset(("source", "id", "path", "line", "quote", "by", "value_line"))
_SAYS = attrgetter(*(f.name for f in fields(Claim) if f.init and f.name not in PROVENANCE and f.name not in ("figure", "bounds")))


def reading(claim: Claim) -> tuple:
    """What a claim says, without where it was read or who said it (see ``PROVENANCE``).

    Claims with equal readings state the same thing in the same way, so whatever is worked out
    from what they say (the figure as written, its interval, its direction) is the same for both.
    Every field added to Claim is part of it unless declared provenance. Figures count by their
    text: with ``exact``, also read, the text decides the figure (the cache stores figures so),
    and hashing a figure's fractions costs more than the reading saves.
    """
    figure, bounds = claim.figure, claim.bounds
    return (_SAYS(claim), None if figure is None else figure.text, None if bounds is None else (bounds[0].text, bounds[1].text))


@dataclass(slots=True)
class Corpus:
    """Everything loaded: the catalog, the sources and their claims, in file order."""

    catalog: Catalog
    sources: dict[str, Source] = field(default_factory=dict)
    claims: list[Claim] = field(default_factory=list)
    archive_dir: str | None = None
    archive_texts: dict[str, str] = field(default_factory=dict)  # source id -> archived text
    tolerance: Fraction = DEFAULT_TOLERANCE
    _intervals: dict = field(default_factory=dict, repr=False)  # interval cache, see interval()

    def claims_of(self, source_id: str) -> list[Claim]:
        return [c for c in self.claims if c.source == source_id]

    def unit_factor(self, claim: Claim) -> Fraction:
        """Factor from the claim's written unit to its metric's unit (1 when the same)."""
        if not claim.unit or claim.metric is None:
            return Fraction(1)
        metric = self.catalog.metrics[claim.metric]
        return self.catalog.conversion(claim.unit, metric.unit) or Fraction(1)

    def interval(self, claim: Claim) -> Interval:
        """The interval a single-figure claim stands for, hedged, in its metric's unit."""
        # Keyed by what decides the interval, so a figure restated by many claims is computed once.
        # (Strings only: hashing Fractions is slow.)
        assert claim.figure is not None  # a single figure: value or ratio
        key = (claim.figure.text, claim.exact, claim.approx, claim.kind, claim.unit, claim.metric if claim.unit else None)
        cached = self._intervals.get(key)
        if cached is None:
            cached = hedged_interval(claim.figure, claim.approx, is_ratio=claim.kind == RATIO, tolerance=self.tolerance)
            factor = self.unit_factor(claim) if claim.kind == VALUE else Fraction(1)
            if factor != 1:
                cached = cached.scale(factor)
            self._intervals[key] = cached
        return cached

    def range_interval(self, claim: Claim) -> Interval:
        """The interval a range covers: from its low bound's low end to its high bound's high end."""
        if claim.bounds is None:
            return self.interval(claim)
        return self.bound_interval(claim, 0).hull(self.bound_interval(claim, 1))

    def bound_interval(self, claim: Claim, which: int) -> Interval:
        """The rounding interval of one bound of a range (0: low, 1: high)."""
        key = (id(claim), which)
        cached = self._intervals.get(key)
        if cached is None:
            cached = self._intervals[key] = self._bound_interval(claim, which)
        return cached

    def _bound_interval(self, claim: Claim, which: int) -> Interval:
        assert claim.bounds is not None
        figure = claim.bounds[which]
        # A hedge on a range ("up to 1.5x to 1.9x") is rare; apply approximate hedges only.
        hedge = claim.approx if claim.approx and claim.approx in APPROX_WORDS else None
        interval = hedged_interval(figure, hedge, is_ratio=claim.kind == RATIO, tolerance=self.tolerance)
        factor = self.unit_factor(claim) if claim.kind == VALUE else Fraction(1)
        return interval if factor == 1 else interval.scale(factor)

