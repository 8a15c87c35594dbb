"""The same figure stated with intervals that do not all meet.

Two claims state the same figure when they give the same metric for the same system (or, for
ratios, the same comparison in either orientation, a comparator matching its family), the same
model scope (one model, the same list, or both unspecified: an average over some models is
never set against one model's figure, nor a model family's figure against a member's), the same
conditions, and the same averaging (an average is compared only with averages). A claim that names only a model (its parameter count) is a
figure of that model. Each claim stands for the interval of its rounding and hedge. The claims
of one figure split into camps, maximal sets whose intervals share a point; when there is more
than one camp, the figure is disputed. One finding per disputed figure, listing every claim of
it by camp; a hedged claim that agrees with two camps sits in both.

Passes: "1.9x" and "about 1.9 times" for GPT-OSS 120B against the GB200 ([1.85, 1.95] and
[1.7575, 2.0475] intersect).

Fails: "169 tok/s/user" for the GB300 on DeepSeek R1 in one source and "182" in another.
"""

from __future__ import annotations

from jalapeno_audit.corpus.model import RATIO, reading
from jalapeno_audit.rules.disputes import (
    camp_summary,
    camps_by_interval,
    common_intervals,
    comparisons,
    interval_arithmetic,
    interval_labels,
    reading_order,
)
from jalapeno_audit.rules.engine import ERROR, Context, describe_figure, make_finding, model_label

ID = "value-mismatch"
SEVERITY = ERROR


def check(context: Context):
    corpus = context.corpus
    for (system, _, metric, at), stated in context.values.items():
        if len(stated) < 2:
            continue
        for aggregate in sorted({c.aggregate or "" for c in stated}):
            group = [c for c in stated if (c.aggregate or "") == aggregate]
            camps = camps_by_interval(group, corpus.interval) if len(group) > 1 else []
            if len(camps) > 1:
                subject = system or "the model"
                key = "|".join(("value", system or "", "/".join(group[0].model_key), metric, repr(at), *([aggregate] if aggregate else [])))
                yield _finding(context, group, camps, subject, key, corpus.interval, lambda c: c.figure_text(), reading)
    ratios = [c for c in corpus.claims if c.kind == RATIO and c.system and c.vs]
    for comparison in comparisons(context, ratios, lambda c, d: _rest(context, c, d)):
        if len(comparison.claims) < 2:
            continue
        claims = sorted(comparison.claims, key=reading_order)
        first_direction = comparison.direction(claims[0])

        def interval_of(claim, comparison=comparison, first_direction=first_direction):
            return context.oriented_interval(claim, comparison.direction(claim) * first_direction)

        def shown(claim, comparison=comparison, first_direction=first_direction):
            turned = comparison.direction(claim) != first_direction
            return claim.figure_text() + (" reversed" if turned else "")

        def same(claim, directions=comparison.directions):
            return (reading(claim), directions[id(claim)])  # all that interval_of and shown read

        camps = camps_by_interval(claims, interval_of)
        if len(camps) > 1:
            first = claims[0]
            yield _finding(context, claims, camps, f"{first.system} vs {first.vs}", "ratio|" + comparison.key_text(), interval_of, shown, same)


def _rest(context: Context, claim, direction: int) -> tuple:
    return (claim.model_key, claim.metric, *context.condition_key(claim, direction), claim.is_range) + ((claim.aggregate,) if claim.aggregate else ())


def _finding(context: Context, claims, camps, subject: str, key: str, interval_of, shown, same):
    """The finding for one disputed figure; ``same(claim)`` decides what ``interval_of`` and ``shown`` give for it."""
    first = claims[0]
    metric = context.metric(first)
    figures = " vs ".join(camp_summary(camp, shown) for camp in camps)
    verdict = "the figures cannot both hold" if len(claims) == 2 else "the figures cannot all hold"
    message = f"{metric.name} of {subject} ({model_label(first)}) stated as {figures}: {verdict}"

    def describe(claim):
        text = describe_figure(context.corpus, claim)
        turned = interval_of(claim)
        return text if str(turned) in text else f"{text}, read reversed -> {turned}"

    commons = common_intervals(camps, interval_of)

    def arithmetic():
        return interval_arithmetic(claims, commons, describe, same)

    intervals = [(c.full_id, interval_of(c)) for c in claims]
    labels = interval_labels(commons)
    return make_finding(ID, SEVERITY, message, claims, arithmetic, key=key, groups=camps, labels=labels, intervals=intervals)
