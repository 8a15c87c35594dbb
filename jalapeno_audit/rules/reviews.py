"""Human verdicts on findings, kept in reviews.yaml, and appending to that file safely.

A review names a finding by fingerprint (rule and claim ids only), so it survives unrelated
edits. Appending keeps every byte already in the file: comments, order, other entries.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass

from jalapeno_audit.corpus.fields import Checker, Field, ObjectSpec
from jalapeno_audit.corpus.yamlsrc import Sequence, decode, line_of, parse
from jalapeno_audit.errors import AuditError, Problem
from jalapeno_audit.fileio import write_atomic

VERDICTS = ("confirmed", "explained", "false-positive")
REVIEW_SPEC = ObjectSpec(
    "review",
    (
        Field("finding", "text", "The finding's fingerprint, as printed by `audit check`.", required=True),
        Field("verdict", "choice", "confirmed | explained | false-positive.", required=True, choices=VERDICTS),
        Field("note", "text", "One reasoned sentence.", required=True),
        Field("by", "text", "Who reviewed it."),
        Field("date", "date", "When (YYYY-MM-DD)."),
    ),
)
HEADER = "# Verdicts on audit findings, one entry per finding fingerprint. Add with `audit review`.\n"


@dataclass(frozen=True, slots=True)
class Review:
    """One human verdict on one finding."""

    finding: str  # fingerprint
    verdict: str  # confirmed | explained | false-positive
    note: str
    path: str
    line: int  # where the entry starts
    end_line: int  # the last line of the entry (for --replace)
    by: str | None = None
    date: dt.date | None = None


def load_reviews(path: str, data: bytes | None = None) -> dict[str, Review]:
    """The reviews in a file (none when it does not exist), or in its ``data`` already read; problems raise AuditError."""
    if data is None:
        if not os.path.exists(path):
            return {}
        with open(path, "rb") as handle:
            data = handle.read()
    text, problems = decode(data, path)
    if text is None:
        raise AuditError(problems)
    if not text.strip() or all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()):
        return {}
    root, problems = parse(text, path)
    if root is None:
        raise AuditError(problems)
    check = Checker(path)
    if type(root) is not Sequence:
        raise AuditError([Problem(path, line_of(root), "reviews.yaml must be a list of reviews")])
    total_lines = text.count("\n") + (0 if text.endswith("\n") else 1)
    starts = [line_of(item) for item in root] + [total_lines + 1]
    reviews: dict[str, Review] = {}
    for index, node in enumerate(root):
        if check.mapping(node, "each review", line_of(node)) is None:
            continue
        before = len(check.problems)
        check.keys(node, REVIEW_SPEC)
        finding = check.text(node.get("finding"), "finding") if "finding" in node else None
        verdict = check.choice(node.get("verdict"), "verdict", VERDICTS) if "verdict" in node else None
        note = check.text(node.get("note"), "note") if "note" in node else None
        by = check.text(node["by"], "by") if "by" in node else None
        date = check.date(node["date"], "date") if "date" in node else None
        if finding in reviews:
            check.fail(node, f"second review of {finding} (first at line {reviews[finding].line}); use `audit review --replace`")
        if len(check.problems) > before or finding is None:
            continue
        end = _entry_end(text, starts[index], starts[index + 1])
        reviews[finding] = Review(finding, verdict, note, path, node.line, end, by, date)
    if check.problems:
        raise AuditError(check.problems)
    return reviews


def _entry_end(text: str, start: int, next_start: int) -> int:
    """The entry's last line: before the next entry, not counting trailing blank or comment lines."""
    lines = text.splitlines()
    end = next_start - 1
    while end > start and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    return end


def entry_text(finding: str, verdict: str, note: str, by: str | None, date: dt.date) -> str:
    """One review entry as YAML, every value quoted safely."""
    lines = [f"- finding: {_quote(finding)}", f"  verdict: {verdict}", f"  note: {_quote(note)}"]
    if by:
        lines.append(f"  by: {_quote(by)}")
    lines.append(f"  date: {date.isoformat()}")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return f'"{escaped}"'


def add_review(path: str, finding: str, verdict: str, note: str, by: str | None, date: dt.date, replace: bool) -> str:
    """Append (or, with replace, swap in) one review; returns what was done."""
    reviews = load_reviews(path)
    entry = entry_text(finding, verdict, note, by, date)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    else:
        text = HEADER
    if finding in reviews:
        if not replace:
            first = reviews[finding]
            raise AuditError(f"{path}:{first.line}: {finding} is already reviewed ({first.verdict}); use --replace to change it")
        old = reviews[finding]
        lines = text.splitlines(keepends=True)
        lines[old.line - 1 : old.end_line] = [entry]
        write_atomic(path, "".join(lines))
        return "replaced"
    if text and not text.endswith("\n"):
        text += "\n"
    write_atomic(path, text + entry)
    return "added"
