"""The rule registry: every rule by id. An unknown id is one clear error."""

from __future__ import annotations

from jalapeno_audit.corpus.fields import did_you_mean
from jalapeno_audit.errors import AuditError
from jalapeno_audit.rules import (
    comparator_mismatch,
    condition_mismatch,
    metric_conflation,
    normalization_basis,
    quote_mismatch,
    range_bounds,
    ratio_arithmetic,
    scale_basis,
    system_mismatch,
    timeline_mismatch,
    unsupported,
    value_mismatch,
)

RULES = {
    rule.ID: rule
    for rule in (
        value_mismatch,
        ratio_arithmetic,
        range_bounds,
        metric_conflation,
        comparator_mismatch,
        system_mismatch,
        condition_mismatch,
        quote_mismatch,
        timeline_mismatch,
        unsupported,
        normalization_basis,
        scale_basis,
    )
}


def get_rule(rule_id: str):
    """The rule with this id, or an AuditError naming the closest ids."""
    try:
        return RULES[rule_id]
    except KeyError:
        raise AuditError(f"unknown rule '{rule_id}'{did_you_mean(rule_id, RULES)}") from None


def summary(rule) -> str:
    """The first line of a rule's docstring."""
    return (rule.__doc__ or "").strip().splitlines()[0]
