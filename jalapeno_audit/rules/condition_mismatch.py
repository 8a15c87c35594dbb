"""The same comparison whose advantage points the other way under other conditions.

A result can flip with the software stack or the precision (vLLM against TensorRT-LLM, FP16
against FP8). The rule takes the ratio claims over the same sides (either orientation), models
and metric family, under any conditions, and splits them by the direction of the advantage they
claim: an interval wholly above 1 (or an "up to" bound above 1, which still claims an
advantage) against one wholly below 1. Two claims conflict when they point opposite ways under
conditions that differ, or that one of them leaves unstated; the message names the conditions
that differ. Opposite directions under the same conditions are value-mismatch's business, and
same-direction differences under different conditions are expected. One finding per
comparison, listing the claims that take part, by direction.

Passes: 1.9x per kW at each system's top speed and 53.7x at 535 tok/s/user: different
conditions, same direction.

Fails: "2x faster than the H100" under vLLM/FP16 and "0.8x the H100" under TensorRT-LLM/FP8.
"""

from __future__ import annotations

from collections import Counter

from jalapeno_audit.corpus.model import RATIO
from jalapeno_audit.rules.disputes import camps_by_label, comparisons
from jalapeno_audit.rules.engine import WARNING, Context, describe_figure, make_finding, model_label
from jalapeno_audit.text.numbers import Interval

ID = "condition-mismatch"
SEVERITY = WARNING
ADVANTAGE, DISADVANTAGE = "advantage", "disadvantage"


def check(context: Context):
    ratios = [c for c in context.corpus.claims if c.kind == RATIO and c.system and c.vs]
    for comparison in comparisons(context, ratios, lambda c, d: (c.model_key, context.metric(c).family)):
        pointed = []
        for claim in comparison.claims:
            direction = direction_of(context.oriented_interval(claim, comparison.direction(claim)))
            if direction is not None:
                pointed.append((claim, direction, _conditions(context, claim, comparison.direction(claim))))
        members = _members(pointed)
        if members:
            yield _finding(context, comparison, sorted(members, key=lambda c: (c.path, c.line)))


def direction_of(interval: Interval) -> str | None:
    """Which way an advantage factor points: wholly above 1, wholly below, or neither."""
    if interval.lo is not None and interval.lo >= 1 and (interval.hi is None or interval.hi > 1):
        return ADVANTAGE
    if interval.hi is not None and interval.hi <= 1 and (interval.lo is None or interval.lo < 1):
        return DISADVANTAGE
    return None


def _conditions(context: Context, claim, direction: int) -> tuple:
    return context.condition_key(claim, direction)


def _members(pointed) -> list:
    """Claims with a partner pointing the other way under other conditions (counted, not paired)."""
    total = Counter(direction for _, direction, _ in pointed)
    by_conditions = Counter((direction, conditions) for _, direction, conditions in pointed)
    members = []
    for claim, direction, conditions in pointed:
        other = DISADVANTAGE if direction == ADVANTAGE else ADVANTAGE
        if total[other] > by_conditions[(other, conditions)]:
            members.append(claim)
    return members


def _finding(context: Context, comparison, claims):
    corpus = context.corpus
    first = claims[0]
    first_direction = comparison.direction(first)

    def turned(claim) -> int:
        return comparison.direction(claim) * first_direction

    def interval(claim) -> Interval:
        return context.oriented_interval(claim, turned(claim))

    camps = camps_by_label(claims, lambda c: direction_of(interval(c)), lambda a, b: False)
    differences = _differences([[context.oriented_conditions(c, turned(c)) for c in camp] for camp in camps])
    message = f"{first.system} vs {first.vs} ({model_label(first)}): the advantage points the other way under different conditions: " + "; ".join(differences)
    def arithmetic():
        for claim in claims:
            reversed_note = " read reversed" if turned(claim) == -1 else ""
            yield f"{claim.full_id}: {describe_figure(corpus, claim)}{reversed_note} -> {interval(claim)} ({direction_of(interval(claim))})"
        yield "opposite directions under differing conditions"

    intervals = [(c.full_id, interval(c)) for c in claims]
    return make_finding(ID, SEVERITY, message, claims, arithmetic, key="ratio|" + comparison.key_text(), groups=camps, labels=[f"{direction_of(interval(camp[0]))} for {first.system}" for camp in camps], intervals=intervals)


def _differences(camps: list[list[tuple[dict, dict]]]) -> list[str]:
    """'software: vllm vs tensorrt-llm' for each condition whose values differ between the camps."""
    found = []
    both_sides: dict[str, tuple] = {}
    for side, label in ((0, ""), (1, "comparator ")):
        keys = sorted({key for camp in camps for conditions in camp for key in conditions[side]})
        for key in keys:
            values = tuple("/".join(sorted({conditions[side].get(key, "unknown") for conditions in camp})) for camp in camps)
            if len(set(values)) == 1 or both_sides.get(key) == values:
                continue  # the same in every camp, or the comparator side repeats what `at` said
            both_sides[key] = values
            found.append(f"{label}{key}: {' vs '.join(values)}")
    return found
