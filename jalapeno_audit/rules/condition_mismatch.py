"""The same comparison whose advantage points the other way under other conditions.

A result can flip with the software stack, the precision or the workload (vLLM against
TensorRT-LLM, FP16 against FP8, small against large inputs). The rule takes the claims over the
same sides (either orientation, a comparator matching its family) and metric family, under any
conditions and any model scope: ratio claims, and statements that carry a ``direction``
("slower than the H100 on most benchmarks" is a disadvantage). It splits them by the direction
of the advantage they claim: an interval wholly above 1 (or an "up to" bound above 1, which
still claims an advantage) against one wholly below 1. Two claims conflict when they point
opposite ways, unless both are figures of one figure (same model scope, metric, averaging and
conditions: value-mismatch's business). The message names what differs between the camps:
conditions, the model scope as the condition ``model`` and averaging as ``aggregate`` (unstated
is "unknown"); when
nothing stated tells them apart, it says so. Same-direction differences under different
conditions are expected. One finding per comparison and metric family, by direction.

Passes: 1.9x per kW at each system's top speed and 53.7x at 535 tok/s/user: different
conditions, same direction.

Fails: "2x faster than the H100" under vLLM/FP16 and "0.8x the H100" under TensorRT-LLM/FP8;
"slower than the H100 on most benchmarks" against "50% faster on average than the H100".
"""

from __future__ import annotations

from collections import Counter

from jalapeno_audit.corpus.model import ADVANTAGE, DISADVANTAGE, RATIO, STATEMENT, reading
from jalapeno_audit.rules.disputes import camps_by_label, comparisons, grouped, reading_order
from jalapeno_audit.rules.engine import WARNING, Context, describe_figure, make_finding, model_label
from jalapeno_audit.text.numbers import Interval

ID = "condition-mismatch"
SEVERITY = WARNING
_TURNED = {ADVANTAGE: DISADVANTAGE, DISADVANTAGE: ADVANTAGE}


def check(context: Context):
    claims = [c for c in context.corpus.claims if c.system and c.vs and c.metric and (c.kind == RATIO or (c.kind == STATEMENT and c.direction))]
    for comparison in comparisons(context, claims, lambda c, d: (context.metric(c).family,)):
        pointed = []
        for claim in comparison.claims:
            direction = pointing(context, claim, comparison.direction(claim))
            if direction is not None:
                pointed.append((claim, direction, _figure_key(context, claim, comparison.direction(claim))))
        members = _members(pointed)
        if members:
            yield _finding(context, comparison, sorted(members, key=reading_order))


def pointing(context: Context, claim, direction: int) -> str | None:
    """Which way the claim's advantage points, read in the given orientation."""
    if claim.kind == STATEMENT:
        written = claim.direction
    else:
        # Read once as written; the other orientation is the reciprocal, which points the other way.
        written = context.memo(("pointing", id(claim)), lambda: direction_of(context.oriented_interval(claim, 1)))
    if written is None or direction == 1:
        return written
    return _TURNED[written]


def direction_of(interval: Interval) -> str | None:
    """Which way an advantage factor points: wholly above 1, wholly below, or neither."""
    if interval.lo is not None and interval.lo >= 1 and (interval.hi is None or interval.hi > 1):
        return ADVANTAGE
    if interval.hi is not None and interval.hi <= 1 and (interval.lo is None or interval.lo < 1):
        return DISADVANTAGE
    return None


def _figure_key(context: Context, claim, direction: int) -> tuple | None:
    """What makes two figures one figure for value-mismatch; None for a statement, which has no figure."""
    if claim.kind == STATEMENT:
        return None
    return (claim.model_key, claim.metric, claim.aggregate, claim.is_range, *context.condition_key(claim, direction))


def _members(pointed) -> list:
    """Claims with a partner pointing the other way that is not the same figure (counted, not paired)."""
    total = Counter(direction for _, direction, _ in pointed)
    same_figure = Counter((direction, key) for _, direction, key in pointed if key is not None)
    members = []
    for claim, direction, key in pointed:
        other = _TURNED[direction]
        if total[other] > (same_figure[(other, key)] if key is not None else 0):
            members.append(claim)
    return members


def _finding(context: Context, comparison, claims):
    corpus = context.corpus
    first = claims[0]
    first_direction = comparison.direction(first)

    def turned(claim) -> int:
        return comparison.direction(claim) * first_direction

    def interval(claim) -> Interval | None:
        return context.oriented_interval(claim, turned(claim)) if claim.kind == RATIO else None

    def points(claim) -> str | None:
        return pointing(context, claim, turned(claim))

    camps = camps_by_label(claims, points, lambda a, b: False)
    differences = _differences([[_conditions(context, c, turned(c)) for c in camp] for camp in camps])
    family = context.metric(first).family
    reason = "under different conditions: " + "; ".join(differences) if differences else "and no stated condition or model tells them apart"
    message = f"{first.system} vs {first.vs} ('{family}' metrics): the advantage points the other way {reason}"

    def describe(claim) -> str:
        reversed_note = " read reversed" if turned(claim) == -1 else ""
        shown = describe_figure(corpus, claim) if claim.kind == RATIO else f"statement: {claim.statement}"
        result = f" -> {interval(claim)}" if claim.kind == RATIO else ""
        return f"({model_label(claim)}) {shown}{reversed_note}{result} ({points(claim)})"

    directions = comparison.directions

    def same(claim) -> tuple:
        return (reading(claim), directions[id(claim)])  # all that describe reads: the claim, and turned(claim)

    def arithmetic():
        return [*grouped(claims, describe, same), "opposite directions, not one figure stated twice"]

    intervals = [(c.full_id, i) for c in claims if (i := interval(c)) is not None]
    labels = [f"{points(camp[0])} for {first.system}" for camp in camps]
    return make_finding(ID, SEVERITY, message, claims, arithmetic, key="ratio|" + comparison.key_text(), groups=camps, labels=labels, intervals=intervals)


def _conditions(context: Context, claim, direction: int) -> tuple[dict, dict]:
    """The claim's conditions of each side, read in the given orientation, with its model scope as 'model'
    and its averaging as 'aggregate' (a list of models reads 'a+b+c')."""
    mine, theirs = context.oriented_conditions(claim, direction)
    extra = {}
    if claim.model_key:
        extra["model"] = "+".join(claim.model_key)
    if claim.aggregate:
        extra["aggregate"] = claim.aggregate
    return {**mine, **extra}, {**theirs, **extra}


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
