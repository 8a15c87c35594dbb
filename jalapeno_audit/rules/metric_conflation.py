"""The same comparison given with different numbers under related metrics.

Metrics of one family describe related things (end-to-end latency and per-user decode speed
are both "responsiveness"), and retellings swap them: "3.4x lower latency" becomes "the 3.8x
latency gain". The rule pairs ratio claims over the same sides (either orientation), models
and conditions whose metrics differ but share a family, and flags them when the numbers differ:
their rounding intervals, without hedges, do not intersect (for two ranges: at either bound).
Hedges are left out on purpose: "about 3.8" and "roughly 3.4" are still two different numbers,
and a hedge makes neither of them the other metric's figure. One finding per pair.

Passes: "1.5–1.9x more work per watt" against "1.5x to 1.9x more performance per watt": one
metric, so nothing is conflated.

Fails: "3.4 times lower end-to-end latency" on Kimi K2.5 against "694 vs 182 tokens/sec per
user, about 3.8 times": two metrics of one family, two different figures.
"""

from __future__ import annotations

from jalapeno_audit.rules import _pairs
from jalapeno_audit.rules.engine import WARNING, Context, describe_figure, make_finding
from jalapeno_audit.text.numbers import rounding_interval

ID = "metric-conflation"
SEVERITY = WARNING


def check(context: Context):
    corpus = context.corpus
    for group in context.ratios.values():
        for bucket_a, bucket_b, direction in _pairs.bucket_pairs(context, group):
            first, second = bucket_a[0], bucket_b[0]
            if first.metric == second.metric or first.is_range != second.is_range:
                continue
            if first.is_range:
                # Two ranges differ when either bound differs beyond rounding.
                low = _pairs.disjoint(bucket_a, bucket_b, direction, lambda c: rounding_interval(c.bounds[0]))
                high = _pairs.disjoint(bucket_a, bucket_b, direction, lambda c: rounding_interval(c.bounds[1]))
                differing = {}
                for name, pairs in (("low", low), ("high", high)):
                    for pair in pairs:
                        differing.setdefault(pair, []).append(name)
                found = [(a, b, "the ranges differ at the " + " and ".join(names) + " bound") for (a, b), names in differing.items()]
            else:
                pairs = _pairs.disjoint(bucket_a, bucket_b, direction, lambda c: rounding_interval(c.figure))
                found = [(a, b, "the figures differ beyond rounding") for a, b in pairs]
            for a, b, verdict in sorted(found, key=lambda item: (item[0].path, item[0].line, item[1].path, item[1].line)):
                yield _finding(corpus, context, a, b, verdict)


def _finding(corpus, context: Context, a, b, verdict: str):
    ma, mb = context.metric(a), context.metric(b)
    model = "/".join(a.model_key) or "no model"
    message = (
        f"{a.system} vs {a.vs} ({model}): {a.figure_text()} {ma.name} and {b.figure_text()} {mb.name} "
        f"are different metrics of the '{ma.family}' family; quoting one for the other is wrong"
    )
    arithmetic = (
        f"{a.full_id} ({ma.name}): {describe_figure(corpus, a)}",
        f"{b.full_id} ({mb.name}): {describe_figure(corpus, b)}",
        f"{verdict}: conflation",
    )
    return make_finding(ID, SEVERITY, message, (a, b), arithmetic)
