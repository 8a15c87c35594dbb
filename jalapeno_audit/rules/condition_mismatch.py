"""The same comparison whose advantage points the other way under other conditions.

A result can flip with the software stack or the precision (vLLM against TensorRT-LLM, FP16
against FP8). The rule pairs ratio claims over the same sides (either orientation), models and
metric family whose conditions differ, or where one states conditions and the other does not,
and flags them when one shows an advantage (interval wholly above 1) and the other a
disadvantage (wholly below 1). It names the conditions that differ. Same-direction differences
under different conditions are expected and not raised. One finding per pair.

Passes: 1.9x per kW at each system's top speed and 53.7x at 535 tok/s/user: different
conditions, same direction.

Fails: "2x faster than the H100" under vLLM/FP16 and "0.8x the H100" under TensorRT-LLM/FP8.
"""

from __future__ import annotations

from jalapeno_audit.rules import _pairs
from jalapeno_audit.rules.engine import WARNING, Context, describe_figure, make_finding
from jalapeno_audit.text.numbers import Interval

ID = "condition-mismatch"
SEVERITY = WARNING
_ONE = Interval.point(1)


def check(context: Context):
    corpus = context.corpus
    for group in context.ratios.values():
        for bucket_a, bucket_b, direction in _pairs.bucket_pairs(context, group, same_conditions=False):
            conditions_a = context.oriented_conditions(bucket_a[0], 1)
            conditions_b = context.oriented_conditions(bucket_b[0], direction)
            if conditions_a == conditions_b:
                continue
            up_a, down_a = _split(context, bucket_a, 1)
            up_b, down_b = _split(context, bucket_b, direction)
            pairs = [(a, b) for a in up_a for b in down_b] + [(a, b) for a in down_a for b in up_b]
            differences = _differences(conditions_a, conditions_b)
            for a, b in sorted(pairs, key=lambda p: (p[0].path, p[0].line, p[1].path, p[1].line)):
                yield _finding(corpus, context, a, b, direction, differences)


def _split(context: Context, bucket, direction: int):
    """The claims of a bucket showing an advantage, and those showing a disadvantage."""
    up, down = [], []
    for claim in bucket:
        interval = context.oriented_interval(claim, direction)
        if _above_one(interval):
            up.append(claim)
        elif _below_one(interval):
            down.append(claim)
    return up, down


def _finding(corpus, context: Context, a, b, direction: int, differences):
    ia, ib = context.oriented_interval(a, 1), context.oriented_interval(b, direction)
    model = "/".join(a.model_key) or "no model"
    message = f"{a.system} vs {a.vs} ({model}): the advantage points the other way under different conditions: " + "; ".join(differences)
    arithmetic = (
        f"{a.full_id}: {describe_figure(corpus, a)} ({_direction(ia)})",
        f"{b.full_id}: {describe_figure(corpus, b)}{' read reversed' if direction == -1 else ''} -> {ib} ({_direction(ib)})",
        "opposite directions under differing conditions",
    )
    return make_finding(ID, SEVERITY, message, (a, b), arithmetic)


def _above_one(interval: Interval) -> bool:
    return interval.lo is not None and interval.lo > 1


def _below_one(interval: Interval) -> bool:
    return interval.hi is not None and interval.hi < 1


def _direction(interval: Interval) -> str:
    return "advantage" if _above_one(interval) else "disadvantage"


def _differences(a: tuple[dict, dict], b: tuple[dict, dict]) -> list[str]:
    """'software: vllm vs tensorrt-llm' for each condition that differs, side by side."""
    found = []
    both_sides = {}
    for side, label in ((0, ""), (1, "comparator ")):
        for key in sorted(set(a[side]) | set(b[side])):
            pair = (a[side].get(key, "unknown"), b[side].get(key, "unknown"))
            if pair[0] == pair[1] or both_sides.get(key) == pair:
                continue  # the comparator side repeats what `at` already said
            both_sides[key] = pair
            found.append(f"{label}{key}: {pair[0]} vs {pair[1]}")
    return found
