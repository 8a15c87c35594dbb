"""Shared pairing of claims that describe the same comparison."""

from __future__ import annotations

from itertools import combinations

from ..engine import Context
from ..model import Claim


def same_comparison_pairs(context: Context, group: list[Claim], *, same_conditions: bool = True):
    """Pairs of ratio claims over the same sides and models, with the direction of the second.

    With ``same_conditions`` the pairs must also have the same conditions, read in the same
    orientation; a claim without conditions pairs only with claims without conditions.
    """
    for a, b in combinations(group, 2):
        if a.model_key != b.model_key:
            continue
        direction = context.orientation(a, b)
        if direction is None:
            continue
        if same_conditions and context.oriented_conditions(a, 1) != context.oriented_conditions(b, direction):
            continue
        yield a, b, direction
