"""GitHub Actions workflow commands: one annotation line per finding (a dispute is one finding)."""

from __future__ import annotations

from jalapeno_audit.reporters import RenderOptions
from jalapeno_audit.reporters.escape import github_data, github_property
from jalapeno_audit.reporters.report import Report

_COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def render(report: Report, options: RenderOptions) -> str:
    lines = []
    for finding in report.findings:
        claim = finding.claims[0]
        if finding.review is None:
            reviewed = ""
        elif finding.added_since_review:
            reviewed = f" [re-opened: {len(finding.added_since_review)} claims added since the review]"
        else:
            reviewed = f" [reviewed: {finding.review.verdict}]"
        title = f"{finding.rule}{reviewed}"
        message = f"{finding.message} ({', '.join(finding.claim_ids)})"
        lines.append(
            f"::{_COMMAND[finding.severity]} file={github_property(claim.path)},line={claim.line},"
            f"title={github_property(title)}::{github_data(message)}"
        )
    for review in report.stale:
        lines.append(
            f"::warning file={github_property(review.path)},line={review.line},title=stale-review::"
            f"{github_data(f'review of {review.finding} names a finding that no longer occurs')}"
        )
    return "".join(line + "\n" for line in lines)
