"""Shared pairing of ratio claims that describe the same comparison.

Claims are first bucketed by their exact comparison as written (system, comparator, models,
metric, conditions); every claim in a bucket is the same comparison in the same orientation.
Buckets are then paired once each, so a figure repeated by many sources costs one bucket, not
a quadratic number of claim pairs.
"""

from __future__ import annotations

from collections import defaultdict

from jalapeno_audit.rules.engine import Context
from jalapeno_audit.rules.sweep import disjoint_cross_pairs, disjoint_pairs


def buckets_of(group) -> list[list]:
    """Claims grouped by exact comparison, in file order."""
    buckets = defaultdict(list)
    for claim in group:
        buckets[(claim.system, claim.vs, claim.model_key, claim.metric, claim.is_range, claim.at, claim.vs_at)].append(claim)
    return list(buckets.values())


def bucket_pairs(context: Context, group, *, same_conditions: bool = True):
    """(bucket_a, bucket_b, direction) for each pair of buckets over the same sides and models.

    ``bucket_a is bucket_b`` for the pair of a bucket with itself. With ``same_conditions`` the
    buckets must also have the same conditions, read in the same orientation (a claim without
    conditions pairs only with claims without conditions).
    """
    buckets = buckets_of(group)
    for i, bucket_a in enumerate(buckets):
        for bucket_b in buckets[i:]:
            a, b = bucket_a[0], bucket_b[0]
            if a.model_key != b.model_key:
                continue
            direction = context.orientation(a, b)
            if direction is None:
                continue
            if same_conditions and context.oriented_conditions(a, 1) != context.oriented_conditions(b, direction):
                continue
            yield bucket_a, bucket_b, direction


def disjoint(bucket_a, bucket_b, direction: int, interval_of):
    """Pairs of claims across (or within) two buckets whose intervals do not intersect.

    ``interval_of`` gives a claim's interval in its own orientation; the second bucket's
    intervals are turned round when it is written the other way.
    """
    if bucket_a is bucket_b:
        return disjoint_pairs(bucket_a, interval_of)

    def turned(claim):
        interval = interval_of(claim)
        return interval if direction == 1 else interval.reciprocal()

    return disjoint_cross_pairs(bucket_a, bucket_b, interval_of, turned)
