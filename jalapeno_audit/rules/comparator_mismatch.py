"""The same figure compared against different comparators, or against a vague one.

Retellings move a figure from one comparator to another ("1.9x the GB200" becomes "1.9x
Blackwell" or "1.9x leading commercial systems"). The rule pairs ratio claims for the same
system, models, metric and conditions whose figures agree (intervals intersect; for ranges,
both bounds) but whose comparators differ: neither is the other nor its family. A pair where
exactly one comparator is vague (a catalog system marked ``vague``) is flagged too. A lone
claim against a vague comparator is not a finding. One finding per pair.

Passes: "1.5x" on Kimi K2.5 against the GB300 and "roughly 1.5 times" against Nvidia
Blackwell: the GB300 is a Blackwell system.

Fails: "1.5–1.9x more work per watt than the comparison systems" (OpenAI's "leading
commercially available AI systems") against "1.5x to 1.9x" against Nvidia Blackwell.
"""

from __future__ import annotations

from collections import defaultdict

from jalapeno_audit.corpus.model import RATIO
from jalapeno_audit.rules.engine import WARNING, Context, describe_figure, make_finding
from jalapeno_audit.rules.sweep import disjoint_cross_pairs

ID = "comparator-mismatch"
SEVERITY = WARNING


def check(context: Context):
    groups = defaultdict(list)
    for claim in context.corpus.claims:
        if claim.kind == RATIO and claim.system and claim.vs:
            groups[(claim.system, claim.model_key, claim.metric, claim.at, claim.bounds is not None)].append(claim)
    for group in groups.values():
        by_comparator = defaultdict(list)
        for claim in group:
            by_comparator[(claim.vs, claim.vs_at)].append(claim)
        buckets = list(by_comparator.values())
        for i, bucket_a in enumerate(buckets):
            for bucket_b in buckets[i + 1:]:
                vs_a, vs_b = bucket_a[0].vs, bucket_b[0].vs
                if context.systems_match(vs_a, vs_b) and context.is_vague(vs_a) == context.is_vague(vs_b):
                    continue
                for a, b in _same_figure_pairs(context, bucket_a, bucket_b):
                    yield _finding(context, a, b)


def _same_figure_pairs(context: Context, bucket_a, bucket_b):
    """Pairs whose figures agree: every pair but those whose intervals (either bound) are disjoint."""
    corpus = context.corpus
    if bucket_a[0].bounds is None:
        measures = [corpus.interval]
    else:
        measures = [lambda claim, which=which: corpus.bound_interval(claim, which) for which in (0, 1)]
    apart = set()
    for interval_of in measures:
        apart.update((id(a), id(b)) for a, b in disjoint_cross_pairs(bucket_a, bucket_b, interval_of, interval_of))
    return [(a, b) for a in bucket_a for b in bucket_b if (id(a), id(b)) not in apart]


def _finding(context: Context, a, b):
    corpus = context.corpus
    names = corpus.catalog.systems
    vague_a, vague_b = context.is_vague(a.vs), context.is_vague(b.vs)
    if vague_a or vague_b:
        vague = a if vague_a else b
        detail = f"{vague.full_id} names only '{names[vague.vs].name}'"
    else:
        detail = f"'{names[a.vs].name}' is not '{names[b.vs].name}'"
    model = "/".join(a.model_key) or "no model"
    metric = context.metric(a)
    message = f"{a.figure_text()} {metric.name} for {a.system} ({model}) is given against {a.vs} and against {b.vs}: {detail}"
    arithmetic = (
        f"{a.full_id} vs {a.vs}: {describe_figure(corpus, a)}",
        f"{b.full_id} vs {b.vs}: {describe_figure(corpus, b)}",
        "the figures agree but the comparators differ",
    )
    return make_finding(ID, SEVERITY, message, (a, b), arithmetic)
