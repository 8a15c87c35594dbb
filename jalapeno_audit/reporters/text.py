"""The terminal report: findings by severity, each dispute with its camps side by side.

Built as plain lines, not through a layout engine, so a report of thousands of disputes costs
about what the JSON report costs. Everything quoted passes through ``escape.terminal``: no
control sequence, bidi override or line break from a source reaches the terminal. Colour (ANSI
SGR codes written here, never taken from input) and wrapping to the terminal's width apply
only when the output is a terminal.
"""

from __future__ import annotations

import textwrap

from jalapeno_audit.reporters import RenderOptions
from jalapeno_audit.reporters.escape import terminal
from jalapeno_audit.reporters.report import Report
from jalapeno_audit.rules.engine import SEVERITIES

_STYLE = {"error": "1;31", "warning": "33", "info": "36", "bold": "1", "dim": "2", "green": "32"}


class _Writer:
    def __init__(self, options: RenderOptions) -> None:
        self.lines: list[str] = []
        self.color = options.color
        self.width = options.width if options.color else 0

    def style(self, text: str, name: str) -> str:
        return f"\x1b[{_STYLE[name]}m{text}\x1b[0m" if self.color else text

    def line(self, text: str = "", indent: int = 0, hang: int = 2) -> None:
        """A line of already escaped text, wrapped with a hanging indent on a terminal."""
        if self.width and len(text) + indent > self.width:
            self.lines += textwrap.wrap(text, self.width, initial_indent=" " * indent, subsequent_indent=" " * (indent + hang), break_on_hyphens=False)
        else:
            self.lines.append(" " * indent + text if text else "")

    def quoted(self, head: str, quote: str, indent: int) -> None:
        """A claim's line and, under it, its quote (both already escaped): the most common block of a report."""
        if self.width:
            self.line(head, indent, 4)
            self.line(quote, indent + 2, 1)
        else:  # one item for both lines: written a hundred thousand times in a large report
            pad = " " * indent
            self.lines.append(f"{pad}{head}\n{pad}  {quote}")


def render(report: Report, options: RenderOptions) -> str:
    out = _Writer(options)
    out.line(out.style(f"audit: {report.source_count} sources, {report.claim_count} claims", "bold"))
    for severity in SEVERITIES:
        group = [f for f in report.findings if f.severity == severity]
        if not group:
            continue
        out.line()
        out.line(out.style(f"{severity.upper()} ({len(group)})", severity))
        for finding in group:
            _finding(out, report, finding)
    if report.stale:
        out.line()
        out.line(out.style(f"STALE REVIEWS ({len(report.stale)})", "warning"))
        for review in report.stale:
            out.line(terminal(f"{review.path}:{review.line}: review of {review.finding} names a finding that no longer occurs"), 2)
    if report.upgrades:
        out.line()
        out.line(terminal(report.upgrade_message()))
    if report.verbose:
        out.line()
        out.line(out.style("Consistent only thanks to rounding or a hedge", "bold"))
        if not report.notes:
            out.line("(none)", 2)
        for note in report.notes:
            out.line(terminal(f"{note.claims[0].full_id}: {note.text}"), 2)
    out.line()
    out.line(out.style(summary_line(report), "bold"))
    return "\n".join(out.lines) + "\n"


def _finding(out: _Writer, report: Report, finding) -> None:
    out.line(out.style(f"[{finding.rule}]", finding.severity) + " " + terminal(finding.message), 2, 4)
    first = finding.claims[0]
    out.line(out.style(terminal(f"{first.path}:{first.line}  {finding.fingerprint}"), "dim"), 4)
    review = finding.review
    if review is not None:
        out.line(out.style("reviewed: ", "green") + terminal(f"{review.verdict}: {review.note}"), 4, 2)
        if finding.added_since_review:
            out.line(out.style("re-opened: ", "warning") + terminal("claims added since the review: " + ", ".join(finding.added_since_review)), 4, 2)
    bridging = {c.full_id for c in finding.bridging()} if finding.is_dispute else set()
    if finding.is_dispute:
        for number, (group, label) in enumerate(zip(finding.groups, _labels(finding), strict=True), 1):
            out.line(out.style(terminal(f"camp {number} of {len(finding.groups)}: {label}"), "bold"), 4)
            _claims(out, report, group, 6, bridging)
    else:
        _claims(out, report, finding.claims, 4, bridging)
    if finding.arithmetic:
        out.line(out.style("arithmetic: ", "dim") + terminal("; ".join(finding.arithmetic)), 4, 2)


def _labels(finding) -> list[str]:
    return list(finding.group_labels) if len(finding.group_labels) == len(finding.groups) else [""] * len(finding.groups)


def _claims(out: _Writer, report: Report, claims, indent: int, bridging: set[str]) -> None:
    """Each claim with its figure, speaker, file and line and quote; claims that say the same thing
    in the same words (a figure retold word for word) share one block that names every one of them."""
    alike: dict[tuple, list] = {}
    figure_of = report.figure
    for claim in claims:
        alike.setdefault((figure_of(claim), claim.by, claim.quote, claim.full_id in bridging), []).append(claim)
    for (figure, by, quote, bridges), group in alike.items():
        mark = " (bridges camps)" if bridges else ""
        if len(group) == 1:
            claim = group[0]
            head = f"{claim.full_id}{mark}  {figure}  by {by}  ({claim.path}:{claim.line})"
        else:
            where = ", ".join(f"{c.full_id} ({c.path}:{c.line})" for c in group)
            head = f"{len(group)} claims{mark}  {figure}  by {by}: {where}"
        out.quoted(terminal(head), terminal(f'"{quote}"'), indent)


def summary_line(report: Report) -> str:
    counts = report.severity_counts()
    total = sum(counts.values())
    parts = ", ".join(f"{counts[s]} {s if s == 'info' else s + 's'}" if counts[s] != 1 else f"1 {s}" for s in SEVERITIES)
    failing = len(report.failing())
    verdict = "fail" if failing else "pass"
    stale = f"; {len(report.stale)} stale reviews" if report.stale else ""
    return (
        f"{total} findings ({parts}); {len(report.unreviewed())} unreviewed{stale}; "
        f"{failing} failing at or above --fail-on {report.fail_on}: {verdict}"
    )
