"""The same figure compared against different comparators, or against a vague one.

Retellings move a figure from one comparator to another ("1.9x the GB200" becomes "1.9x
Blackwell" or "1.9x leading commercial systems"). The rule takes the ratio claims for the same
system, models, metric and conditions and groups them by comparator: a comparator and its
family (the GB300 and NVIDIA Blackwell) are one camp, while two members of a family, or a named
and a vague comparator (a catalog system marked ``vague``), are not. Two claims conflict when
their figures agree (intervals intersect; for ranges, both bounds) but their comparators sit in
different camps. A lone claim against a vague comparator is not a finding. One finding per
comparison, listing the claims that take part in a conflict, by comparator.

Passes: "1.5x" on Kimi K2.5 against the GB300 and "roughly 1.5 times" against Nvidia
Blackwell: the GB300 is a Blackwell system.

Fails: "1.5–1.9x more work per watt than the comparison systems" (OpenAI's "leading
commercially available AI systems") against "1.5x to 1.9x" against Nvidia Blackwell.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from fractions import Fraction

from jalapeno_audit.corpus.model import RATIO
from jalapeno_audit.rules.disputes import camps_by_label
from jalapeno_audit.rules.engine import WARNING, Context, describe_figure, make_finding, model_label

ID = "comparator-mismatch"
_NEG, _POS = Fraction(-(10**30)), Fraction(10**30)
SEVERITY = WARNING


def check(context: Context):
    groups = defaultdict(list)
    for claim in context.corpus.claims:
        if claim.kind == RATIO and claim.system and claim.vs:
            groups[(claim.system, claim.model_key, claim.metric, claim.at, claim.bounds is not None)].append(claim)

    def same_camp(a, b) -> bool:
        return context.systems_match(a, b) and context.is_vague(a) == context.is_vague(b)

    for key, group in groups.items():
        by_comparator = defaultdict(list)
        for claim in group:
            by_comparator[claim.vs].append(claim)
        if len(by_comparator) < 2:
            continue
        members = _members(context, by_comparator, same_camp)
        if not members:
            continue
        claims = sorted(members, key=lambda c: (c.path, c.line))
        camps = camps_by_label(claims, lambda c: c.vs, same_camp)
        yield _finding(context, key, claims, camps)


def _members(context: Context, by_comparator: dict, same_camp) -> list:
    """Claims that agree in figure with some claim against a comparator of another camp."""
    corpus = context.corpus
    members = []
    comparators = list(by_comparator)
    for vs in comparators:
        others = [claim for other in comparators if not same_camp(vs, other) for claim in by_comparator[other]]
        if not others:
            continue
        if by_comparator[vs][0].bounds is None:
            meets = _meets_any([corpus.interval(other) for other in others])
            members += [claim for claim in by_comparator[vs] if meets(corpus.interval(claim))]
        else:  # ranges are few: both bounds must agree
            members += [claim for claim in by_comparator[vs] if any(_ranges_agree(corpus, claim, other) for other in others)]
    return members


def _meets_any(intervals):
    """A test of whether an interval meets any of these: sorted by low end, with running highest high end."""
    ordered = sorted(intervals, key=lambda i: _NEG if i.lo is None else i.lo)
    los = [_NEG if i.lo is None else i.lo for i in ordered]
    highest, running = [], _NEG
    for interval in ordered:
        running = max(running, _POS if interval.hi is None else interval.hi)
        highest.append(running)

    def meets(interval) -> bool:
        count = bisect_right(los, _POS if interval.hi is None else interval.hi)  # those starting before it ends
        return count > 0 and highest[count - 1] >= (_NEG if interval.lo is None else interval.lo)

    return meets


def _ranges_agree(corpus, a, b) -> bool:
    return all(corpus.bound_interval(a, which).intersects(corpus.bound_interval(b, which)) for which in (0, 1))


def _finding(context: Context, key: tuple, claims, camps):
    corpus = context.corpus
    names = corpus.catalog.systems
    system = claims[0].system
    comparators = list(dict.fromkeys(c.vs for c in claims))
    vague = [c for c in claims if context.is_vague(c.vs)]
    if vague:
        detail = "; ".join(f"{c.full_id} names only '{names[c.vs].name}'" for c in vague)
    else:
        shown = [f"'{names[vs].name}'" for vs in comparators]
        detail = f"{shown[0]} is not {shown[1]}" if len(shown) == 2 else ", ".join(shown[:-1]) + f" and {shown[-1]} are different systems"
    figures = ", ".join(dict.fromkeys(c.figure_text() for c in claims))
    metric = context.metric(claims[0])
    against = " and against ".join(comparators)
    message = f"{figures} {metric.name} for {system} ({model_label(claims[0])}) is given against {against}: {detail}"
    def arithmetic():
        lines = [f"{c.full_id} vs {c.vs}: {describe_figure(corpus, c)}" for c in claims]
        return [*lines, "the figures agree but the comparators differ"]

    intervals = [(c.full_id, corpus.range_interval(c)) for c in claims]
    key_text = "|".join((system, "/".join(key[1]), key[2], repr(key[3]), str(key[4])))
    return make_finding(ID, SEVERITY, message, claims, arithmetic, key=key_text, groups=camps, labels=[_against(camp) for camp in camps], intervals=intervals)


def _against(camp) -> str:
    return "against " + " / ".join(dict.fromkeys(c.vs for c in camp))
