"""SARIF 2.1.0, for code-scanning dashboards."""

from __future__ import annotations

import json

from jalapeno_audit import __version__
from jalapeno_audit.reporters import RenderOptions
from jalapeno_audit.reporters.report import Report
from jalapeno_audit.rules import RULES, summary

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def level(severity: str) -> str:
    """Our severity as a SARIF level."""
    return {"error": "error", "warning": "warning", "info": "note"}[severity]


def render(report: Report, options: RenderOptions) -> str:
    rule_ids = list(RULES)
    rules = [
        {
            "id": rule_id,
            "name": rule_id.replace("-", " ").title().replace(" ", ""),
            "shortDescription": {"text": summary(RULES[rule_id])},
            "fullDescription": {"text": " ".join((RULES[rule_id].__doc__ or "").split())},
            "defaultConfiguration": {"level": level(RULES[rule_id].SEVERITY)},
        }
        for rule_id in rule_ids
    ]
    results = [_result(finding, rule_ids) for finding in report.findings]
    document = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "jalapeno-audit", "version": __version__, "rules": rules}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _location(claim) -> dict:
    return {
        "physicalLocation": {"artifactLocation": {"uri": claim.path.replace("\\", "/")}, "region": {"startLine": claim.line}},
        "message": {"text": f"{claim.full_id}: {claim.figure_text()}"},
    }


def _result(finding, rule_ids: list[str]) -> dict:
    result = {
        "ruleId": finding.rule,
        "ruleIndex": rule_ids.index(finding.rule),
        "level": level(finding.severity),
        "message": {"text": finding.message + "\n" + "\n".join(finding.arithmetic)},
        "locations": [_location(finding.claims[0])],
        "partialFingerprints": {"findingFingerprint/v2": finding.fingerprint},
        "properties": {"claims": finding.claim_ids, "groups": [[c.full_id for c in group] for group in finding.groups]},
    }
    if len(finding.claims) > 1:
        result["relatedLocations"] = [dict(_location(c), id=i) for i, c in enumerate(finding.claims[1:], 1)]
    if finding.review is not None:
        review = finding.review
        result["properties"]["review"] = {"verdict": review.verdict, "note": review.note}
        if finding.added_since_review:
            result["properties"]["addedSinceReview"] = list(finding.added_since_review)
        elif review.verdict in ("explained", "false-positive"):
            result["suppressions"] = [{"kind": "external", "status": "accepted", "justification": review.note}]
    return result
