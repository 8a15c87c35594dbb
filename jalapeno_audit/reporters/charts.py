"""What a dispute's chart shows, as plain data, and the same chart told in words.

A dispute is a set of intervals from different sources on one axis. ``chart(finding)`` turns a
dispute into rows: one per claim (its interval, its camp, its source), or, for disputes of more
than ``MAX_ROWS`` claims, one per distinct figure of a camp, with how many claims state it. The
drawing itself is ``plot.draw`` (matplotlib, imported only there); the text alternative is
``describe``. Both read the same ``Chart``, so the picture and its words cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from jalapeno_audit.corpus.model import DATE, RATIO, Claim
from jalapeno_audit.rules.engine import Finding

#: A dispute with more claims than this draws one row per distinct figure of a camp.
MAX_ROWS = 16
#: From this many charts on, a forked child draws some of them (see jalapeno_audit.forked).
PARALLEL_FROM = 64
#: Camp styles: colour (Okabe-Ito, told apart with colour blindness too), marker, and its name in words.
STYLES = (
    ("#0072B2", "o", "blue circles"),
    ("#D55E00", "s", "vermilion squares"),
    ("#009E73", "^", "green triangles"),
    ("#CC79A7", "D", "pink diamonds"),
    ("#E69F00", "v", "orange down-triangles"),
    ("#56B4E9", "p", "sky-blue pentagons"),
)
BRIDGE = ("#333333", "X", "black crosses")  # a claim in more than one camp agrees with each
LOG, LINEAR, DAYS = "log", "linear", "days"


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the chart: an interval, its mark, and the claims the mark stands for."""

    label: str  # the source and the figure as written
    lo: float | None  # None: open below ("up to"), drawn running off the axis
    hi: float | None  # None: open above ("more than")
    camp: int  # index into STYLES (camp number - 1), or -1 when the claim bridges camps
    claims: tuple[Claim, ...]  # one claim, or every claim stating this figure in a merged row
    figure: str  # the figure as written

    def style(self) -> tuple[str, str, str]:
        return BRIDGE if self.camp < 0 else STYLES[self.camp % len(STYLES)]


@dataclass(frozen=True, slots=True)
class Band:
    """Where the figures of one camp overlap only thanks to rounding or a hedge."""

    camp: int
    lo: float
    hi: float
    first_row: int
    last_row: int


@dataclass(frozen=True, slots=True)
class Chart:
    """Everything one dispute's chart shows."""

    fingerprint: str
    scale: str  # LOG for ratios, LINEAR for values, DAYS for dates
    axis: str  # what the axis measures, with its unit
    sides: tuple[str, str] | None  # (below 1x ahead, above 1x ahead) for ratios
    camps: tuple[str, ...]  # what each camp agrees on
    rows: tuple[Row, ...]
    bands: tuple[Band, ...]
    merged: bool  # rows are distinct figures, not single claims


def units(corpus) -> dict[str, tuple[str, str]]:
    """Each metric's name and unit, for axis titles."""
    return {key: (metric.name, metric.unit or "") for key, metric in corpus.catalog.metrics.items()} if corpus is not None else {}


def chart(finding: Finding, units: dict[str, tuple[str, str]] | None = None) -> Chart | None:
    """The chart of a dispute, or None for findings that are not disputes."""
    if not finding.is_dispute:
        return None
    first = finding.claims[0]
    intervals = dict(finding.intervals)
    bridging = {c.full_id for c in finding.bridging()}
    merged = len(finding.claims) > MAX_ROWS
    bounds = _Bounds(first.kind)
    rows: list[Row] = []
    bands: list[Band] = []
    placed: set[str] = set()
    for number, camp in enumerate(finding.groups):
        start = len(rows)
        # A claim's row: (camp, figure, lo, hi) and the claims that share it (each claim on its own unless merged).
        shared: dict[tuple, list[Claim]] = {}
        for claim in camp:
            full_id = claim.full_id
            if full_id in placed:
                continue
            placed.add(full_id)
            lo, hi = bounds(claim, intervals.get(full_id))
            row = (-1 if full_id in bridging else number, claim.figure_text(), lo, hi)
            if merged:
                shared.setdefault(row, []).append(claim)
            else:
                rows.append(Row(_label(claim), lo, hi, row[0], (claim,), row[1]))
        rows += (_merged(key, claims) for key, claims in shared.items())
        band = _rounding_band(number, rows, start)
        if band is not None:
            bands.append(band)
    scale = LOG if first.kind == RATIO else DAYS if first.kind == DATE else LINEAR
    labels = finding.group_labels if len(finding.group_labels) == len(finding.groups) else ("",) * len(finding.groups)
    return Chart(finding.fingerprint, scale, _axis(first, scale, units or {}), _sides(finding) if scale == LOG else None, tuple(labels), tuple(rows), tuple(bands), merged)


class _Bounds:
    """Claims' intervals as floats for the axis, each interval converted once (claims stating one figure share it)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.known: dict[int, tuple[float | None, float | None]] = {}

    def __call__(self, claim: Claim, interval) -> tuple[float | None, float | None]:
        if self.kind == DATE and claim.date is not None:
            start, end = claim.date.window()
            return (None if start is None else float(start.toordinal()), None if end is None else float(end.toordinal()))
        if interval is None:
            return None, None
        bounds = self.known.get(id(interval))
        if bounds is None:  # the interval lives as long as the finding holds it, so its id is its own
            lo = None if interval.lo is None or (self.kind == RATIO and interval.lo <= 0) else float(interval.lo)
            bounds = self.known[id(interval)] = (lo, None if interval.hi is None else float(interval.hi))
        return bounds


def _label(claim: Claim) -> str:
    return f"{claim.source} · {claim.figure_text()}"


def _merged(key: tuple, claims: list[Claim]) -> Row:
    """The claims of one camp stating the same figure, as one row that counts them."""
    camp, figure, lo, hi = key
    sources = sorted({c.source for c in claims})
    more = f", +{len(sources) - 2} more" if len(sources) > 2 else ""
    label = f"{figure} · {len(claims)} claim{'s' if len(claims) != 1 else ''} ({', '.join(sources[:2])}{more})"
    return Row(label, lo, hi, camp, tuple(claims), figure)


def _rounding_band(camp: int, rows: list[Row], start: int) -> Band | None:
    """A camp whose figures differ as written agrees only where rounding and hedges let them meet."""
    members = [r for r in rows[start:] if r.camp == camp]
    if len({r.figure for r in members}) < 2:
        return None
    los = [r.lo for r in members if r.lo is not None]
    his = [r.hi for r in members if r.hi is not None]
    if not los or not his:
        return None
    lo, hi = max(los), min(his)
    if lo > hi:
        return None
    return Band(camp, lo, hi, start, len(rows) - 1)


def _axis(first: Claim, scale: str, units: dict[str, tuple[str, str]]) -> str:
    if scale == DAYS:
        return f"date of {first.event or 'the event'}"
    metric, unit = units.get(first.metric or "", ((first.metric or "").replace("-", " "), ""))
    if scale == LOG:
        return f"{metric}: times better (log scale)"
    return f"{metric} ({unit})" if unit else metric


def _sides(finding: Finding) -> tuple[str, str]:
    """Who is ahead on each side of 1x, in the first claim's orientation."""
    first = finding.claims[0]
    comparators = {c.vs if c.system == first.system else c.system for c in finding.claims}
    other = first.vs if len(comparators) == 1 else "the comparator"
    return f"{other} ahead", f"{first.system} ahead"


def describe(chart: Chart) -> str:
    """The chart in words: its text alternative."""
    scale = {LOG: "a logarithmic scale", LINEAR: "a linear scale", DAYS: "a time line"}[chart.scale]
    count = sum(len(r.claims) for r in chart.rows)
    parts = [f"Chart of {count} claims on {scale} of {chart.axis}."]
    if chart.sides:
        parts.append(f"Below 1x: {chart.sides[0]}; above 1x: {chart.sides[1]}.")
    for number, label in enumerate(chart.camps):
        rows = [r for r in chart.rows if r.camp == number]
        shown = "; ".join(f"{r.label} {_span(r, chart.scale)}" for r in rows)
        parts.append(f"Camp {number + 1}{', ' + label if label else ''} ({STYLES[number % len(STYLES)][2]}): {shown or 'only bridging claims'}.")
    bridges = [r for r in chart.rows if r.camp < 0]
    if bridges:
        parts.append(f"In several camps ({BRIDGE[2]}): " + "; ".join(f"{r.label} {_span(r, chart.scale)}" for r in bridges) + ".")
    for band in chart.bands:
        parts.append(f"Camp {band.camp + 1}'s figures overlap only thanks to rounding or a hedge, over {_span_values(band.lo, band.hi, chart.scale)}.")
    return " ".join(parts)


def _span(row: Row, scale: str) -> str:
    return _span_values(row.lo, row.hi, scale)


def _span_values(lo: float | None, hi: float | None, scale: str) -> str:
    if scale == DAYS:
        import datetime as dt

        low = dt.date.fromordinal(int(lo)).isoformat() if lo is not None else "open"
        high = dt.date.fromordinal(int(hi)).isoformat() if hi is not None else "open"
        return f"[{low}, {high}]"
    if lo is None and hi is None:
        return "(no interval)"
    if lo is None:
        return f"(up to {hi:.4g})"
    if hi is None:
        return f"(from {lo:.4g} up)"
    return f"[{lo:.4g}, {hi:.4g}]"
