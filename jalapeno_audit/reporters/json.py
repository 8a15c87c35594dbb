"""The JSON report: the stable machine contract (see the claim-format spec)."""

from __future__ import annotations

import json

from jalapeno_audit.reporters import RenderOptions
from jalapeno_audit.reporters.report import Report


def render(report: Report, options: RenderOptions) -> str:
    document = {
        "version": 1,
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
                "review": _review(f.review),
            }
            for f in report.findings
        ],
        "errors": [{"path": e.path, "line": e.line, "message": e.message} for e in report.errors],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _review(review) -> dict | None:
    if review is None:
        return None
    found = {"verdict": review.verdict, "note": review.note}
    if review.by:
        found["by"] = review.by
    if review.date:
        found["date"] = review.date.isoformat()
    return found
