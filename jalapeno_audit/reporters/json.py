"""The JSON report: the stable machine contract (see the claim-format spec).

One finding per line: a diff of two reports shows the findings that changed, and each line is
written by the json module's C encoder (an indented document goes through its Python one, which
costs seconds at a hundred thousand claims).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.encoder import encode_basestring  # what json.dumps(ensure_ascii=False) writes a string with, without its set-up

from jalapeno_audit.reporters import RenderOptions
from jalapeno_audit.reporters.report import Report
from jalapeno_audit.rules.engine import Finding


def render(report: Report, options: RenderOptions) -> str:
    summary = {
        "sources": report.source_count,
        "claims": report.claim_count,
        "findings": report.severity_counts(),
        "unreviewed": len(report.unreviewed()),
    }
    intervals = _Intervals()
    findings = [
        (f.prepared or _head(f, intervals))
        + f', "review": {_dumps(_review(f.review))}, "added_since_review": {_dumps(list(f.added_since_review))}}}'
        for f in report.findings
    ]
    errors = [_dumps({"path": e.path, "line": e.line, "message": e.message}) for e in report.errors]
    return (
        '{"version": 2,\n'
        f' "summary": {_dumps(summary)},\n'
        f' "findings": {_items(findings)},\n'
        f' "errors": {_items(errors)}}}\n'
    )


def prepare() -> Callable[[Finding], str]:
    """Each finding's object up to its review, as ``render`` writes it: written where the finding's rule ran
    (``run_rules(prepare=...)``), so that a large report's two processes share it. The review is attached after."""
    intervals = _Intervals()
    return lambda finding: _head(finding, intervals)


def _head(f: Finding, intervals: _Intervals) -> str:
    """A finding's object without its review and the claims added since (and without its closing brace)."""
    return _dumps({
        "rule": f.rule,
        "severity": f.severity,
        "fingerprint": f.fingerprint,
        "message": f.message,
        "claims": f.claim_ids,
        "groups": [[c.full_id for c in group] for group in f.groups],
    })[:-1] + f', "intervals": {intervals.text(f.intervals)}'


class _Intervals:
    """Each finding's ``intervals`` object as JSON text, as ``json.dumps`` writes it.

    A dense corpus gives far more (claim, interval) pairs than claims or intervals (180,000 pairs,
    13,000 intervals at a hundred thousand claims): each claim id and each interval is written
    once, and the pairs are joined as text (0.07 s where a dict for ``json.dumps`` took 0.18 s).
    """

    def __init__(self) -> None:
        self.keys: dict[str, str] = {}
        self.bounds: dict[int, str] = {}  # by id(): the findings hold every interval until the report is written

    def text(self, pairs) -> str:
        keys, bounds = self.keys, self.bounds
        written = []
        for claim_id, interval in pairs:
            key = keys.get(claim_id)
            if key is None:
                key = keys[claim_id] = encode_basestring(claim_id) + ": "
            value = bounds.get(id(interval))
            if value is None:
                value = bounds[id(interval)] = _dumps([_number(interval.lo), _number(interval.hi)])
            written.append(key + value)
        return "{" + ", ".join(written) + "}"


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _items(written: list[str]) -> str:
    """A list of values written as JSON, one item per line."""
    if not written:
        return "[]"
    return "[\n" + ",\n".join("  " + value for value in written) + "\n ]"


def _number(value):
    """A bound as a JSON number: an integer as such, else the nearest double (1.35 prints as 1.35).

    One call for both parts: at a hundred thousand claims the report writes some 360,000 bounds,
    and reading ``numerator`` and ``denominator`` as two properties took half its time.
    """
    if value is None:
        return None
    numerator, denominator = value.as_integer_ratio()
    return numerator if denominator == 1 else numerator / denominator


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
