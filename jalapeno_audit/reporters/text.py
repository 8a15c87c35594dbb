"""The terminal report: findings by severity, each claim beside its quote, one arithmetic line.

Quoted text is rendered as plain ``Text``: nothing a source says is read as Rich markup.
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from jalapeno_audit.reporters import escape
from jalapeno_audit.reporters.report import Report
from jalapeno_audit.rules.engine import SEVERITIES


def plain(text: str) -> Text:
    """Quoted text for the terminal: never markup, never a control sequence, never a line break."""
    return Text(escape.terminal(text))


_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def render(report: Report, color: bool = False, width: int = 100) -> str:
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=width, force_terminal=color, no_color=not color, highlight=False, emoji=False, soft_wrap=False
    )
    console.print(Text(f"audit: {report.source_count} sources, {report.claim_count} claims", style="bold"))
    for severity in SEVERITIES:
        group = [f for f in report.findings if f.severity == severity]
        if not group:
            continue
        console.print()
        console.print(Text(f"{severity.upper()} ({len(group)})", style=_STYLE[severity]))
        for finding in group:
            _finding(console, report, finding)
    if report.stale:
        console.print()
        console.print(Text(f"STALE REVIEWS ({len(report.stale)})", style="yellow"))
        for review in report.stale:
            console.print(plain(f"  {review.path}:{review.line}: review of {review.finding} names a finding that no longer occurs"))
    if report.verbose:
        console.print()
        console.print(Text("Consistent only thanks to rounding or a hedge", style="bold"))
        if not report.notes:
            console.print(Text("  (none)"))
        for note in report.notes:
            console.print(plain(f"  {note.claims[0].full_id}: {note.text}"))
    console.print()
    console.print(Text(summary_line(report), style="bold"))
    return buffer.getvalue()


def _finding(console: Console, report: Report, finding) -> None:
    head = Text("  ")
    head.append(f"[{finding.rule}] ", style=_STYLE[finding.severity])
    head.append(plain(finding.message))
    console.print(head)
    location = finding.claims[0]
    console.print(Text(escape.terminal(f"    {location.path}:{location.line}  {finding.fingerprint}"), style="dim"))
    if finding.review is not None:
        review = finding.review
        console.print(Text("    reviewed: ", style="green") + plain(f"{review.verdict}: {review.note}"))
    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1), show_header=True, header_style="dim")
    for column, ratio in (("claim", 3), ("by", 1), ("figure", 1), ("quote", 5)):
        table.add_column(column, ratio=ratio, overflow="fold")
    for claim in finding.claims:
        where = plain(claim.full_id) + Text("\n") + plain(f"{claim.path}:{claim.line}")
        table.add_row(where, plain(claim.by), plain(claim.figure_text()), plain(claim.quote))
    console.print(Padding(table, (0, 0, 0, 4)))
    if finding.arithmetic:
        console.print(Text("    arithmetic: ", style="dim") + plain("; ".join(finding.arithmetic)))


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
