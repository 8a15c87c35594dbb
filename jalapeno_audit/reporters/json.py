"""The JSON report: the stable machine contract (see the claim-format spec).

One finding per line: a diff of two reports shows the findings that changed, and each line is
written by the json module's C encoder (an indented document goes through its Python one, which
costs seconds at a hundred thousand claims).
"""

from __future__ import annotations

import json

from jalapeno_audit.reporters import RenderOptions
from jalapeno_audit.reporters.report import Report


def render(report: Report, options: RenderOptions) -> str:
    summary = {
        "sources": report.source_count,
        "claims": report.claim_count,
        "findings": report.severity_counts(),
        "unreviewed": len(report.unreviewed()),
    }
    findings = [
        {
            "rule": f.rule,
            "severity": f.severity,
            "fingerprint": f.fingerprint,
            "message": f.message,
            "claims": f.claim_ids,
            "groups": [[c.full_id for c in group] for group in f.groups],
            "intervals": {claim_id: _interval(interval) for claim_id, interval in f.intervals},
            "review": _review(f.review),
            "added_since_review": list(f.added_since_review),
        }
            for f in report.findings
    ]
    errors = [{"path": e.path, "line": e.line, "message": e.message} for e in report.errors]
    return (
        '{"version": 2,\n'
        f' "summary": {_dumps(summary)},\n'
        f' "findings": {_items(findings)},\n'
        f' "errors": {_items(errors)}}}\n'
    )


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _items(values: list) -> str:
    """A list with one item per line."""
    if not values:
        return "[]"
    return "[\n" + ",\n".join("  " + _dumps(value) for value in values) + "\n ]"


def _number(value):
    """A bound as a JSON number: an integer as such, else the nearest double (1.35 prints as 1.35)."""
    if value is None:
        return None
    if value.denominator == 1:
        return value.numerator
    return value.numerator / value.denominator


def _interval(interval) -> list:
    return [_number(interval.lo), _number(interval.hi)]


def _review(review) -> dict | None:
    if review is None:
        return None
    found = {"verdict": review.verdict, "note": review.note}
    if review.by:
        found["by"] = review.by
    if review.date:
        found["date"] = review.date.isoformat()
    if review.claims:
        found["claims"] = list(review.claims)
    return found
