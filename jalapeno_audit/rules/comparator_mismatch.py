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
from itertools import combinations

from ..engine import WARNING, Context, describe_figure, make_finding
from ..model import RATIO

ID = "comparator-mismatch"
SEVERITY = WARNING


def check(context: Context):
    corpus = context.corpus
    groups = defaultdict(list)
    for claim in corpus.claims:
        if claim.kind == RATIO and claim.system and claim.vs:
            groups[(claim.system, claim.model_key, claim.metric, claim.at, claim.bounds is not None)].append(claim)
    for group in groups.values():
        for a, b in combinations(group, 2):
            vague_a, vague_b = context.is_vague(a.vs), context.is_vague(b.vs)
            if context.systems_match(a.vs, b.vs) and vague_a == vague_b:
                continue
            if not _same_figure(context, a, b):
                continue
            names = context.corpus.catalog.systems
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
            yield make_finding(ID, SEVERITY, message, (a, b), arithmetic)


def _same_figure(context: Context, a, b) -> bool:
    corpus = context.corpus
    if a.bounds is None:
        return corpus.interval(a).intersects(corpus.interval(b))
    return all(corpus.bound_interval(a, i).intersects(corpus.bound_interval(b, i)) for i in (0, 1))
