"""The JSON report: the stable machine contract (see the claim-format spec)."""

from __future__ import annotations

import json

from jalapeno_audit.reporters import RenderOptions
from jalapeno_audit.reporters.report import Report


def render(report: Report, options: RenderOptions) -> str:
    document = {
        "version": 2,
        "summary": {
            "sources": report.source_count,
            "claims": report.claim_count,
            "findings": report.severity_counts(),
            "unreviewed": len(report.unreviewed()),
        },
        "findings": [
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
        ],
        "errors": [{"path": e.path, "line": e.line, "message": e.message} for e in report.errors],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _number(value):
    """A bound as a JSON number: exact decimals stay as written, others to 10 significant digits."""
    if value is None:
        return None
    if value.denominator == 1:
        return int(value)
    return float(f"{float(value):.10g}")


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
