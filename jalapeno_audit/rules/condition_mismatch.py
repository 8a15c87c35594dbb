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

from ..engine import WARNING, Context, describe_figure, make_finding
from ..numbers import Interval
from . import _pairs

ID = "condition-mismatch"
SEVERITY = WARNING
_ONE = Interval.point(1)


def check(context: Context):
    corpus = context.corpus
    for group in context.ratios.values():
        for a, b, direction in _pairs.same_comparison_pairs(context, group, same_conditions=False):
            conditions_a = context.oriented_conditions(a, 1)
            conditions_b = context.oriented_conditions(b, direction)
            if conditions_a == conditions_b:
                continue
            ia, ib = context.oriented_interval(a, 1), context.oriented_interval(b, direction)
            if not (_above_one(ia) and _below_one(ib) or _below_one(ia) and _above_one(ib)):
                continue
            differences = _differences(conditions_a, conditions_b)
            model = "/".join(a.model_key) or "no model"
            message = (
                f"{a.system} vs {a.vs} ({model}): the advantage points the other way under different conditions: "
                + "; ".join(differences)
            )
            arithmetic = (
                f"{a.full_id}: {describe_figure(corpus, a)} ({_direction(ia)})",
                f"{b.full_id}: {describe_figure(corpus, b)}{' read reversed' if direction == -1 else ''} -> {ib} ({_direction(ib)})",
                "opposite directions under differing conditions",
            )
            yield make_finding(ID, SEVERITY, message, (a, b), arithmetic)


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
