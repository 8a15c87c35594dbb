"""The same figure stated with intervals that do not intersect.

Two claims state the same figure when they give the same metric for the same system (or, for
ratios, the same comparison in either orientation), the same model(s) and the same conditions.
Each stands for the interval of its rounding and hedge; when the intervals do not intersect,
at least one of them is wrong. One finding per conflicting pair.

Passes: "1.9x" and "about 1.9 times" for GPT-OSS 120B against the GB200 ([1.85, 1.95] and
[1.7575, 2.0475] intersect).

Fails: "169 tok/s/user" for the GB300 on DeepSeek R1 in one source and "182" in another.
"""

from __future__ import annotations

from jalapeno_audit.rules import _pairs
from jalapeno_audit.rules.engine import ERROR, Context, describe_figure, make_finding
from jalapeno_audit.rules.sweep import disjoint_pairs

ID = "value-mismatch"
SEVERITY = ERROR


def check(context: Context):
    corpus = context.corpus
    for group in context.values.values():
        for a, b in disjoint_pairs(group, corpus.interval):
            yield _finding(context, a, b, f"{a.figure_text()} vs {b.figure_text()}")
    for group in context.ratios.values():
        for bucket_a, bucket_b, direction in _pairs.bucket_pairs(context, group):
            first, second = bucket_a[0], bucket_b[0]
            if first.metric != second.metric or first.is_range != second.is_range:
                continue
            for a, b in _pairs.disjoint(bucket_a, bucket_b, direction, corpus.range_interval):
                shown_b = b.figure_text() if direction == 1 else f"{b.figure_text()} reversed"
                yield _finding(context, a, b, f"{a.figure_text()} vs {shown_b}")


def _finding(context: Context, a, b, figures: str):
    metric = context.metric(a)
    subject = a.system if a.kind == "value" else f"{a.system} vs {a.vs}"
    model = "/".join(a.model_key) or "no model"
    message = f"{metric.name} of {subject} ({model}) stated as {figures}: the figures cannot both hold"
    corpus = context.corpus
    arithmetic = (
        f"{a.full_id}: {describe_figure(corpus, a)}",
        f"{b.full_id}: {describe_figure(corpus, b)}",
        "the intervals do not intersect: inconsistent",
    )
    return make_finding(ID, SEVERITY, message, (a, b), arithmetic)
