"""The same comparison given with different numbers under related metrics.

Metrics of one family describe related things (end-to-end latency and per-user decode speed
are both "responsiveness"), and retellings swap them: "3.4x lower latency" becomes "the 3.8x
latency gain". The rule takes the ratio claims of one comparison (same sides in either
orientation, models and conditions) across the metrics of one family, and flags those whose
metrics differ and whose numbers differ too: their rounding intervals, without hedges, do not
intersect (for two ranges: at either bound). Hedges are left out on purpose: "about 3.8" and
"roughly 3.4" are still two different numbers, and a hedge makes neither of them the other
metric's figure. One finding per comparison and family, the claims grouped by metric.

Passes: "1.5–1.9x more work per watt" against "1.5x to 1.9x more performance per watt": one
metric, so nothing is conflated; "2x the FP8 compute" and "4x the BF16 compute" in consecutive
sentences of one source.

Fails: "3.4 times lower end-to-end latency" on Kimi K2.5 against "694 vs 182 tokens/sec per
user, about 3.8 times": two metrics of one family, two different figures.
"""

from __future__ import annotations

from collections import defaultdict

from jalapeno_audit.corpus.model import RATIO, reading
from jalapeno_audit.rules.disputes import camp_summary, camps_by_label, comparisons, grouped, high_end, low_end, reading_order
from jalapeno_audit.rules.engine import WARNING, Context, describe_figure, make_finding, model_label
from jalapeno_audit.text.numbers import Interval, rounding_interval
from jalapeno_audit.text.quotes import fold

ID = "metric-conflation"
SEVERITY = WARNING


def check(context: Context):
    corpus = context.corpus
    ratios = [c for c in corpus.claims if c.kind == RATIO and c.system and c.vs]
    for comparison in comparisons(context, ratios, lambda c, d: _rest(context, c, d)):
        by_metric = defaultdict(list)
        for claim in comparison.claims:
            by_metric[claim.metric].append(claim)
        if len(by_metric) < 2:
            continue
        bounds = {id(c): _bounds(comparison, c) for c in comparison.claims}
        members = _members(by_metric, bounds, lambda a, b: side_by_side(context, a, b))
        if not members:
            continue
        claims = sorted(members, key=reading_order)
        camps = camps_by_label(claims, lambda c: c.metric, lambda a, b: False)
        yield _finding(context, comparison, claims, camps)


def _rest(context: Context, claim, direction: int) -> tuple:
    return (claim.model_key, context.metric(claim).family, *context.condition_key(claim, direction), claim.is_range)


def _bounds(comparison, claim) -> list[Interval]:
    """The unhedged rounding interval of each bound (one for a single figure), in canonical orientation."""
    direction = comparison.direction(claim)
    figures = list(claim.bounds) if claim.bounds else [claim.figure]
    intervals = [rounding_interval(f) for f in figures]
    if direction == -1:
        intervals = [i.reciprocal() for i in reversed(intervals)]
    return intervals


def _members(by_metric, bounds, beside) -> list:
    """Claims with a partner under another metric whose number differs beyond rounding, and that is
    not stated beside them by the same source.

    Partners from other sources are judged at once per metric and source: for each bound, the
    lowest high end and the highest low end decide whether any claim misses a given interval.
    Partners from the claim's own source are few and are judged one by one.
    """
    extremes: dict = {}
    for metric, claims in by_metric.items():
        by_source: dict = defaultdict(list)
        for claim in claims:
            by_source[claim.source].append(claim)
        extremes[metric] = {source: _extremes([bounds[id(c)] for c in group]) for source, group in by_source.items()}
    members = []
    for metric, claims in by_metric.items():
        for claim in claims:
            mine = bounds[id(claim)]
            found = any(
                _misses(mine, ends)
                for other, sources in extremes.items()
                if other != metric
                for source, ends in sources.items()
                if source != claim.source
            ) or any(
                _misses(mine, _extremes([bounds[id(partner)]])) and not beside(claim, partner)
                for other, partners in by_metric.items()
                if other != metric
                for partner in partners
                if partner.source == claim.source
            )
            if found:
                members.append(claim)
    return members


def _extremes(intervals: list[list[Interval]]) -> list[tuple]:
    """Per bound: the lowest high end and the highest low end."""
    return [(min(high_end(i) for i in bound), max(low_end(i) for i in bound)) for bound in zip(*intervals, strict=True)]


def _misses(mine: list[Interval], ends: list[tuple]) -> bool:
    return any(lowest_hi < low_end(interval) or highest_lo > high_end(interval) for interval, (lowest_hi, highest_lo) in zip(mine, ends, strict=True))


def side_by_side(context: Context, a, b) -> bool:
    """One source states both on purpose: one quote, one holding the other, or consecutive in its archived text."""
    if a.source != b.source:
        return False
    first, second = fold(a.quote), fold(b.quote)
    if first in second or second in first:
        return True
    archive = context.folded_archive(a.source)
    if archive is None:
        return False
    start_a, start_b = archive.find(first), archive.find(second)
    if start_a < 0 or start_b < 0:
        return False
    (start, text), (later, _) = sorted(((start_a, first), (start_b, second)))
    return not archive[start + len(text) : later].strip()


def _finding(context: Context, comparison, claims, camps):
    first = claims[0]
    first_direction = comparison.direction(first)
    family = context.metric(first).family

    def shown(claim):
        turned = " reversed" if comparison.direction(claim) != first_direction else ""
        return f"{claim.figure_text()}{turned}"

    parts = [f"{camp_summary(camp, shown)} {context.metric(camp[0]).name}" for camp in camps]
    message = (
        f"{first.system} vs {first.vs} ({model_label(first)}): {' and '.join(parts)} "
        f"are different metrics of the '{family}' family; quoting one for the other is wrong"
    )
    def arithmetic():
        lines = grouped(claims, lambda c: f"({context.metric(c).name}) {describe_figure(context.corpus, c)}", reading)
        return [*lines, "the numbers differ beyond rounding across metrics: conflation"]

    intervals = [(c.full_id, context.oriented_interval(c, comparison.direction(c) * first_direction)) for c in claims]
    return make_finding(ID, SEVERITY, message, claims, arithmetic, key="ratio|" + comparison.key_text(), groups=camps, labels=[context.metric(camp[0]).name for camp in camps], intervals=intervals)
