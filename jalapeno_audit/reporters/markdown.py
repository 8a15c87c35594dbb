"""The Markdown discrepancy report: publishable as it is, every quoted string escaped.

Written to a file (``options.charts`` set), each dispute shows its chart, an SVG file in a folder
beside the report (``document``), so a committed report shows its pictures on GitHub. Links
to claim files are relative to the report's own directory.
"""

from __future__ import annotations

from urllib.parse import quote

from jalapeno_audit.reporters import RenderOptions, charts, escape
from jalapeno_audit.reporters.report import Report, plural
from jalapeno_audit.rules.engine import SEVERITIES

_TITLES = {"error": "Errors", "warning": "Warnings", "info": "Notes"}


def render(report: Report, options: RenderOptions) -> str:
    return _render(report, options, _pictured(report, options))


def document(report: Report, options: RenderOptions) -> tuple[str, list[tuple[str, str]]]:
    """The report and the chart of every dispute, as files beside it: each chart's data made once for both."""
    pictured = _pictured(report, options)
    return _render(report, options, pictured), _drawn(options, pictured)


def _pictured(report: Report, options: RenderOptions) -> dict[str, charts.Chart]:
    """Each dispute's chart by fingerprint, when the report is written to a file (none on stdout)."""
    if not options.charts:
        return {}
    units = charts.units(report.corpus)
    return {f.fingerprint: chart for f in report.findings if (chart := charts.chart(f, units)) is not None}


def _render(report: Report, options: RenderOptions, pictured: dict[str, charts.Chart]) -> str:
    out: list[str] = [f"# {escape.markdown(options.title)}", "", _summary(report), ""]
    out += _sources(report)
    out += ["## Findings", ""]
    if not report.findings:
        out += ["No findings.", ""]
    for severity in SEVERITIES:
        group = [f for f in report.findings if f.severity == severity]
        if not group:
            continue
        out += [f"### {_TITLES[severity]} ({len(group)})", ""]
        for number, finding in enumerate(group, 1):
            out += _finding(finding, f"{severity[0].upper()}{number}", options, pictured.get(finding.fingerprint), report.figure)
    if report.upgrades:
        out += [escape.markdown(report.upgrade_message()), ""]
    if report.stale:
        out += ["## Stale reviews", "", "These reviews name findings that no longer occur; remove or update them.", ""]
        out += [f"- {escape.code(r.finding)} ({escape.markdown(r.verdict)}), {escape.markdown(r.path)}:{r.line}" for r in report.stale]
        out.append("")
    out += ["## Checks that passed only thanks to rounding", ""]
    if not report.notes:
        out += ["None.", ""]
    for note in report.notes:
        out.append(f"- {escape.code(note.claims[0].full_id)}: {escape.markdown(note.text)}")
    if report.notes:
        out.append("")
    return "\n".join(out)


def _summary(report: Report) -> str:
    reviewed = report.reviewed_count()
    return (
        f"This report checks {plural(report.claim_count, 'claim')} from {plural(report.source_count, 'source')}. "
        f"It found {plural(len(report.findings), 'finding')} ({report.severity_phrase()}); {reviewed} of them {'is' if reviewed == 1 else 'are'} reviewed. "
        "Every finding lists the claims involved, with their quotes and sources, and the arithmetic behind it."
    )


def _sources(report: Report) -> list[str]:
    out = ["## Sources", "", "| id | title | publisher | date | link | claims |", "|---|---|---|---|---|---|"]
    counts: dict[str, int] = {}
    for claim in report.corpus.claims if report.corpus else ():
        counts[claim.source] = counts.get(claim.source, 0) + 1
    for source in sorted(report.corpus.sources.values(), key=lambda s: s.id) if report.corpus else ():
        target = escape.url(source.url) if source.url else None
        link = f"[link]({target})" if target else (escape.markdown(source.url) if source.url else "")
        date = source.published.isoformat() if source.published else ""
        cells = [escape.code(source.id), escape.markdown(source.title), escape.markdown(source.publisher), date, link, str(counts.get(source.id, 0))]
        out.append("| " + " | ".join(cells) + " |")
    return out + [""]


def _finding(finding, label: str, options: RenderOptions, pictured: charts.Chart | None, shown) -> list[str]:
    out = [f"#### {label}. {escape.code(finding.rule)}: {escape.markdown(finding.message)}", ""]
    bridging = {c.full_id for c in finding.bridging()}
    if finding.is_dispute:
        labels = finding.group_labels if len(finding.group_labels) == len(finding.groups) else ("",) * len(finding.groups)
        if pictured is not None and options.charts:
            alt = escape.markdown(charts.describe(pictured))
            out += [f"![{alt}]({_href(chart_path(options.charts, finding.fingerprint))})", ""]
            camps = "; ".join(f"camp {n}: {escape.markdown(text)} ({charts.STYLES[(n - 1) % len(charts.STYLES)][2]})" for n, text in enumerate(labels, 1))
        else:
            camps = "; ".join(f"camp {n}: {escape.markdown(text)}" for n, text in enumerate(labels, 1))
        out += [f"{len(finding.groups)} camps ({camps}). Claims in two camps agree with both.", ""]
        out += ["| camp | source | speaker | figure | quote |", "|---|---|---|---|---|"]
        for number, group in enumerate(finding.groups, 1):
            for claim in group:
                camp = f"{number} (bridges)" if claim.full_id in bridging else str(number)
                out.append(_row([camp], claim, options, shown))
    else:
        out += ["| source | speaker | figure | quote |", "|---|---|---|---|"]
        out += [_row([], claim, options, shown) for claim in finding.claims]
    out.append("")
    out.append("Arithmetic: " + escape.markdown("; ".join(finding.arithmetic)))
    out.append("")
    if finding.review is not None:
        review = finding.review
        who = f" ({escape.markdown(review.by)}{', ' + review.date.isoformat() if review.date else ''})" if review.by else ""
        out += [f"Review: **{escape.markdown(review.verdict)}**{who}: {escape.markdown(review.note)}", ""]
        if finding.added_since_review:
            added = ", ".join(escape.code(c) for c in finding.added_since_review)
            out += [f"Re-opened: claims added since the review: {added}.", ""]
    else:
        out += ["Review: not yet reviewed.", ""]
    first = finding.claims[0]
    link = f"[{escape.markdown(first.path)}:{first.line}]({_href(options.link(first.path))}#L{first.line})"
    out += [f"Claim file: {link} · fingerprint {escape.code(finding.fingerprint)}", ""]
    return out


def _row(lead: list[str], claim, options: RenderOptions, shown) -> str:
    where = f"[{escape.markdown(claim.full_id)}]({_href(options.link(claim.path))}#L{claim.line})"
    cells = [*lead, where, escape.markdown(claim.by), escape.markdown(shown(claim)), escape.markdown(claim.quote)]
    return "| " + " | ".join(cells) + " |"


def chart_path(folder: str, fingerprint: str) -> str:
    """Where a dispute's chart is written, relative to the report."""
    return f"{folder}/{fingerprint}.svg"


def _drawn(options: RenderOptions, pictured: dict[str, charts.Chart]) -> list[tuple[str, str]]:
    """The charts as SVG files beside the report."""
    if not options.charts or not pictured:
        return []
    from jalapeno_audit.reporters import plot

    shown = list(pictured.values())
    return [(chart_path(options.charts, c.fingerprint), svg + "\n") for c, svg in zip(shown, plot.draw(shown), strict=True)]


def _href(path: str) -> str:
    """A relative link to a claim file, every character outside a plain path percent-encoded."""
    return quote(path.replace("\\", "/"), safe="/._-~", errors="surrogateescape")
