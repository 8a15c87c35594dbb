"""The HTML report: one self-contained page, a chart per dispute, readable offline and without script.

Everything is inline: the style sheet, the charts (SVG drawn by ``plot``), and one small script
that adds the filters and shows a mark's quote on hover and focus. The page's
Content-Security-Policy allows no load from anywhere and no script but that one (by its hash),
so even text that escaped its escaping could not run or call out. Every string from the corpus
passes through ``escape.html``.
"""

from __future__ import annotations

import base64
import hashlib
from typing import TYPE_CHECKING

from jalapeno_audit import forked
from jalapeno_audit.reporters import RenderOptions, charts, escape
from jalapeno_audit.reporters.escape import html as esc
from jalapeno_audit.reporters.report import Report, plural
from jalapeno_audit.rules.engine import SEVERITIES

if TYPE_CHECKING:
    from jalapeno_audit.reporters.plot import Linker

_TITLES = {"error": "Errors", "warning": "Warnings", "info": "Notes"}
REVIEW_STATES = (("unreviewed", "not reviewed"), ("reviewed", "reviewed"), ("reopened", "re-opened by new claims"))

STYLE = """
:root { color: #1b1b1b; background: #fff; font: 15px/1.45 system-ui, sans-serif; }
body { max-width: 72rem; margin: 0 auto; padding: 0 1rem 3rem; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; border-bottom: 1px solid #ccc; } h3 { font-size: 1.1rem; margin: 0 0 .4rem; }
table { border-collapse: collapse; width: 100%; margin: .6rem 0; font-size: .92rem; }
th, td { border: 1px solid #c8c8c8; padding: .3rem .45rem; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
blockquote { margin: 0; font-style: italic; }
code { font-size: .9em; overflow-wrap: anywhere; }
article.finding { border: 1px solid #bbb; border-left: .4rem solid #666; border-radius: .3rem; padding: .8rem 1rem; margin: 1rem 0; }
article.error { border-left-color: #b3261e; } article.warning { border-left-color: #8a5a00; } article.info { border-left-color: #1f5f8b; }
.severity { font-weight: 700; text-transform: uppercase; font-size: .8rem; letter-spacing: .04em; }
.error .severity { color: #b3261e; } .warning .severity { color: #7a4f00; } .info .severity { color: #1f5f8b; }
.meta, figcaption, .count { color: #444; font-size: .88rem; }
figure { margin: .6rem 0; } figure svg { max-width: 100%; height: auto; display: block; }
a.mark:focus { outline: none; } a.mark:focus path, a.mark:focus use { stroke: #000; stroke-width: 2px; }
#filters { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; padding: .6rem 1rem; background: #f6f6f6; border: 1px solid #ccc; }
#filters fieldset { border: 0; padding: 0; margin: 0; } #filters legend { font-weight: 600; padding: 0; }
#filters label { margin-right: .8rem; white-space: nowrap; }
#tip { position: absolute; max-width: 32rem; background: #fffff0; color: #1b1b1b; border: 1px solid #777; padding: .4rem .6rem; font-size: .88rem; box-shadow: 0 2px 6px rgba(0,0,0,.25); }
[hidden] { display: none !important; }
"""

SCRIPT = """
(function () {
  "use strict";
  var form = document.getElementById("filters");
  var findings = Array.prototype.slice.call(document.querySelectorAll("article.finding"));
  var count = document.getElementById("shown");
  function checked(name) {
    return Array.prototype.filter.call(form.querySelectorAll("input[name=" + name + "]"), function (box) { return box.checked; })
      .map(function (box) { return box.value; });
  }
  function apply() {
    var severities = checked("severity"), states = checked("review"), rule = form.querySelector("select").value, shown = 0;
    findings.forEach(function (finding) {
      var show = severities.indexOf(finding.dataset.severity) >= 0 && states.indexOf(finding.dataset.review) >= 0 &&
        (rule === "" || finding.dataset.rule === rule);
      finding.hidden = !show;
      if (show) { shown += 1; }
    });
    count.textContent = "Showing " + shown + " of " + findings.length + " findings.";
  }
  form.hidden = false;
  form.addEventListener("change", apply);
  apply();
  var tip = document.getElementById("tip");
  function mark(event) { return event.target.closest ? event.target.closest("a.mark") : null; }
  function show(event) {
    var target = mark(event);
    if (!target) { return; }
    var box = target.getBoundingClientRect();
    tip.textContent = target.getAttribute("aria-label");
    tip.style.left = Math.max(0, box.left + window.scrollX - 8) + "px";
    tip.style.top = (box.bottom + window.scrollY + 6) + "px";
    tip.hidden = false;
  }
  function hide(event) { if (mark(event)) { tip.hidden = true; } }
  document.addEventListener("mouseover", show);
  document.addEventListener("focusin", show);
  document.addEventListener("mouseout", hide);
  document.addEventListener("focusout", hide);
})();
"""


def _hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


#: No load from anywhere; the one inline script by its hash. Inline styles are allowed: the SVG
#: charts are styled by attribute, and a style can neither run script nor, with nothing loadable, call out.
CSP = f"default-src 'none'; script-src '{_hash(SCRIPT)}'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'"


def render(report: Report, options: RenderOptions) -> str:
    return escape.GuardedHtml(escape.html_page(page(report, options)).decode("utf-8"))  # guarded part by part


def page(report: Report, options: RenderOptions) -> list[str | escape.GuardedUtf8]:
    """The page's parts, one after another on lines of their own (``escape.html_page``): the findings' articles as UTF-8,
    guarded where they were written."""
    numbered = {s: [(n, f) for n, f in enumerate(report.findings) if f.severity == s] for s in SEVERITIES}
    ordered = [(n, f"{severity[0].upper()}{rank}") for severity in SEVERITIES for rank, (n, _) in enumerate(numbered[severity], 1)]
    articles = iter(_articles(report, options, ordered))
    out: list[str | escape.GuardedUtf8] = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(options.title)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        "<header>",
        f"<h1>{esc(options.title)}</h1>",
        f"<p>{_summary(report)}</p>",
        "</header>",
        "<main>",
    ]
    out += _filters(report)
    out += _sources(report, options)
    out += ['<section aria-labelledby="findings-heading">', '<h2 id="findings-heading">Findings</h2>']
    if not report.findings:
        out.append("<p>No findings.</p>")
    for severity in SEVERITIES:
        if numbered[severity]:
            out.append(f"<h3 class=\"group\">{_TITLES[severity]} ({len(numbered[severity])})</h3>")
        out += [next(articles) for _ in numbered[severity]]
    out.append("</section>")
    out += _stale(report)
    out += _notes(report)
    out += ["</main>", '<div id="tip" role="tooltip" hidden></div>', f"<script>{SCRIPT}</script>", "</body>", "</html>", ""]
    return out


#: What a finding's chart costs to draw, in findings written without one (a few milliseconds against a tenth).
CHART_COST = 40


def _articles(report: Report, options: RenderOptions, ordered: list[tuple[int, str]]) -> list[escape.GuardedUtf8]:
    """Each finding's article, in the order given ((number, label) pairs), with its chart drawn, guarded and encoded.

    Writing the articles and drawing their charts are the report's work, and independent finding
    by finding: a forked child takes jobs of consecutive findings as this process does.
    """
    findings = report.findings
    disputes = [n for n, f in enumerate(findings) if f.is_dispute]
    prefixes = {n: f"chart{k}-" for k, n in enumerate(disputes, 1)}  # numbered in the report's order
    painter = None  # this process's, made at its first chart: after the fork, so the two processes import matplotlib side by side
    fork = len(disputes) >= charts.PARALLEL_FROM
    starts = _jobs([1 + CHART_COST * (n in prefixes) for n, _ in ordered], 16 * CHART_COST)
    units = charts.units(report.corpus)
    cells = _Cells(options)

    def job(number: int) -> list[escape.GuardedUtf8]:
        nonlocal painter
        chosen = ordered[starts[number]:starts[number + 1]]
        anchors = {n: _anchors(n, findings[n]) for n, _ in chosen}  # a finding's row ids, for its table and its chart's marks
        pictured = {n: chart for n, _ in chosen if (chart := charts.chart(findings[n], units)) is not None}
        if pictured and painter is None:
            from jalapeno_audit.reporters import plot

            painter = plot.Painter()
        drawn = painter.draw([(chart, _linker(anchors[n]), prefixes[n]) for n, chart in pictured.items()]) if painter and pictured else []
        svgs = dict(zip(pictured, drawn, strict=True))
        return [escape.html_utf8(_finding(findings[n], n, label, svgs.get(n), charts.describe(pictured[n]) if n in pictured else None, anchors[n], cells, options))
                for n, label in chosen]

    return [article for part in forked.share_out(len(starts) - 1, job, fork=fork) for article in part]


def _jobs(costs: list[int], least: int) -> list[int]:
    """Where jobs of consecutive items start (and the last ends): each costs at least ``least``, and they are few enough to share out."""
    per_job = max(least, -(-sum(costs) // forked.MAX_JOBS))
    starts, spent = [0], 0
    for number, cost in enumerate(costs):
        spent += cost
        if spent >= per_job and number + 1 < len(costs):
            starts.append(number + 1)
            spent = 0
    return [*starts, len(costs)]


def _summary(report: Report) -> str:
    reviewed = report.reviewed_count()
    disputes = sum(1 for f in report.findings if f.is_dispute)
    return (
        f"This report checks {plural(report.claim_count, 'claim')} from {plural(report.source_count, 'source')}. "
        f"It found {plural(len(report.findings), 'finding')} ({report.severity_phrase()}), {plural(disputes, 'dispute')} among them; "
        f"{reviewed} {'is' if reviewed == 1 else 'are'} reviewed. Each dispute has a chart of its claims' intervals; "
        "every finding lists its claims with their quotes and sources, and the arithmetic behind it."
    )


def _filters(report: Report) -> list[str]:
    """The filter form: hidden until the script shows it, so a page without script has no dead controls."""
    rules = sorted({f.rule for f in report.findings})
    out = ['<form id="filters" hidden aria-label="Filter findings">', "<fieldset><legend>Severity</legend>"]
    out += [f'<label><input type="checkbox" name="severity" value="{s}" checked> {s}</label>' for s in SEVERITIES]
    out += ["</fieldset>", "<fieldset><legend>Review</legend>"]
    out += [f'<label><input type="checkbox" name="review" value="{v}" checked> {text}</label>' for v, text in REVIEW_STATES]
    out += ["</fieldset>", '<label>Rule <select name="rule"><option value="">all rules</option>']
    out += [f'<option value="{esc(r)}">{esc(r)}</option>' for r in rules]
    out += ["</select></label>", '<p id="shown" class="count" aria-live="polite"></p>', "</form>"]
    return out


def _sources(report: Report, options: RenderOptions) -> list[str]:
    out = ['<section aria-labelledby="sources-heading">', '<h2 id="sources-heading">Sources</h2>', "<table>"]
    out.append("<thead><tr><th scope=\"col\">id</th><th scope=\"col\">title</th><th scope=\"col\">publisher</th>"
               "<th scope=\"col\">date</th><th scope=\"col\">kind</th><th scope=\"col\">claims</th><th scope=\"col\">claim file</th></tr></thead><tbody>")
    counts: dict[str, int] = {}
    for claim in report.corpus.claims if report.corpus else ():
        counts[claim.source] = counts.get(claim.source, 0) + 1
    for source in sorted(report.corpus.sources.values(), key=lambda s: s.id) if report.corpus else ():
        title = _external(source.url, esc(source.title))
        date = source.published.isoformat() if source.published else ""
        where = f'<a href="{esc(options.link(source.path))}#L{source.line}">{esc(source.path)}</a>'
        out.append(f"<tr><td><code>{esc(source.id)}</code></td><td>{title}</td><td>{esc(source.publisher)}</td><td>{date}</td>"
                   f"<td>{esc(source.kind)}</td><td>{counts.get(source.id, 0)}</td><td>{where}</td></tr>")
    return out + ["</tbody></table>", "</section>"]


def _external(url: str | None, text: str) -> str:
    """A link to a source's page, only for http(s) addresses; anything else is shown, not linked."""
    from jalapeno_audit.reporters.escape import url as safe_url

    target = safe_url(url) if url else None
    if target:
        return f'<a href="{esc(target)}" rel="noreferrer noopener">{text}</a>'
    return f"{text} ({esc(url)})" if url else text


def _review_state(finding) -> str:
    if finding.review is None:
        return "unreviewed"
    return "reopened" if finding.added_since_review else "reviewed"


def _finding(finding, number: int, label: str, svg: str | None, description: str | None, anchors: dict[str, str], cells: _Cells,
             options: RenderOptions) -> list[str]:
    severity = finding.severity
    out = [
        f'<article class="finding {severity}" id="f{number}" data-severity="{severity}" data-rule="{esc(finding.rule)}" data-review="{_review_state(finding)}">',
        f'<h4><span class="severity">{severity}</span> {label}. <code>{esc(finding.rule)}</code>: {esc(finding.message)}</h4>',
    ]
    first = finding.claims[0]
    out.append(f'<p class="meta">fingerprint <code>{esc(finding.fingerprint)}</code> · claim file '
               f'<a href="{cells.link(first.path)}#L{first.line}">{esc(first.path)}:{first.line}</a></p>')
    if svg is not None and description is not None:
        caption = f"f{number}-caption"
        svg = svg.replace("<svg ", f'<svg role="group" aria-labelledby="{caption}" ', 1)
        out += ["<figure>", svg, f'<figcaption id="{caption}">{esc(description)}</figcaption>', "</figure>"]
    out += _claims(finding, anchors, cells)
    out += ["<p><strong>Arithmetic</strong></p>", "<ul>"]
    out += [f"<li>{esc(step)}</li>" for step in finding.arithmetic]
    out.append("</ul>")
    out.append(_review(finding))
    out.append("</article>")
    return out


def _claims(finding, anchors: dict[str, str], cells: _Cells) -> list[str]:
    bridging = {c.full_id for c in finding.bridging()}
    dispute = finding.is_dispute
    out = []
    if dispute:
        labels = finding.group_labels if len(finding.group_labels) == len(finding.groups) else ("",) * len(finding.groups)
        out += [f"<p><strong>{len(finding.groups)} camps</strong>; claims in two camps agree with both.</p>", "<ol>"]
        for camp, text in enumerate(labels):
            style = charts.STYLES[camp % len(charts.STYLES)][2]
            out.append(f"<li>{esc(text) or 'camp'} ({style}, {plural(len(finding.groups[camp]), 'claim')})</li>")
        out.append("</ol>")
    head = "<th scope=\"col\">camp</th>" if dispute else ""
    out.append(f'<table><thead><tr>{head}<th scope="col">claim</th><th scope="col">source</th><th scope="col">speaker</th>'
               '<th scope="col">figure</th><th scope="col">quote</th><th scope="col">claim file</th></tr></thead><tbody>')
    placed: set[str] = set()
    for camp, group in enumerate(finding.groups):
        for claim in group:
            if claim.full_id in placed:
                continue
            placed.add(claim.full_id)
            lead = ""
            if dispute:
                lead = "<td>" + ("several (bridges)" if claim.full_id in bridging else str(camp + 1)) + "</td>"
            # Guarded as its cells were (our own ids and camp numbers around them, on one line): not scanned again.
            out.append(escape.GuardedHtml(f'<tr id="{anchors[claim.full_id]}">{lead}{cells.of(claim)}</tr>'))
    out.append("</tbody></table>")
    return out


def _anchors(number: int, finding) -> dict[str, str]:
    """Ids of a finding's claim rows, unique in the page (a claim may take part in several findings)."""
    return {claim.full_id: f"f{number}-c{k}" for k, claim in enumerate(finding.claims)}


def _linker(anchors: dict[str, str]) -> Linker:
    def link(claims) -> tuple[str, str]:
        first = claims[0]
        text = f"{first.full_id}, {first.figure_text()}, by {first.by}: “{first.quote}”"
        if len(claims) > 1:
            text = f"{len(claims)} claims state {first.figure_text()}; the first, " + text
        return "#" + anchors[first.full_id], text

    return link


class _Cells:
    """A claim's table cells, escaped and guarded once however many findings it takes part in (a claim's row is most
    of a large page: a dense corpus's claims come back in finding after finding)."""

    def __init__(self, options: RenderOptions) -> None:
        self.options = options
        self.cache: dict[int, str] = {}
        self.links: dict[str, str] = {}  # a claim file's path -> its link from the report, escaped: one per file

    def link(self, path: str) -> str:
        link = self.links.get(path)
        if link is None:
            link = self.links[path] = esc(self.options.link(path))
        return link

    def of(self, claim) -> str:
        cells = self.cache.get(id(claim))
        if cells is None:
            where = f'<a href="{self.link(claim.path)}#L{claim.line}">{esc(claim.path)}:{claim.line}</a>'
            cells = self.cache[id(claim)] = escape.html_document(
                f"<td><code>{esc(claim.full_id)}</code></td><td>{esc(claim.source)}</td><td>{esc(claim.by)}</td>"
                f"<td>{esc(claim.figure_text())}</td><td><blockquote>{esc(claim.quote)}</blockquote></td><td>{where}</td>"
            )
        return cells


def _review(finding) -> str:
    review = finding.review
    if review is None:
        return "<p><strong>Review:</strong> not yet reviewed.</p>"
    who = ", ".join(x for x in (esc(review.by) if review.by else "", review.date.isoformat() if review.date else "") if x)
    text = f"<p><strong>Review:</strong> <strong>{esc(review.verdict)}</strong>{f' ({who})' if who else ''}: {esc(review.note)}</p>"
    if finding.added_since_review:
        added = ", ".join(f"<code>{esc(c)}</code>" for c in finding.added_since_review)
        text += f"\n<p><strong>Re-opened:</strong> claims added since the review: {added}.</p>"
    return text


def _stale(report: Report) -> list[str]:
    out = []
    if report.upgrades:
        out.append(f"<p>{esc(report.upgrade_message())}</p>")
    if report.stale:
        out += ['<section aria-labelledby="stale-heading">', '<h2 id="stale-heading">Stale reviews</h2>',
                "<p>These reviews name findings that no longer occur; remove or update them.</p>", "<ul>"]
        out += [f"<li><code>{esc(r.finding)}</code> ({esc(r.verdict)}), {esc(r.path)}:{r.line}</li>" for r in report.stale]
        out += ["</ul>", "</section>"]
    return out


def _notes(report: Report) -> list[str]:
    out = ['<section aria-labelledby="rounding-heading">', '<h2 id="rounding-heading">Checks that passed only thanks to rounding</h2>']
    if not report.notes:
        out.append("<p>None.</p>")
    else:
        out.append("<ul>")
        out += [f"<li><code>{esc(note.claims[0].full_id)}</code>: {esc(note.text)}</li>" for note in report.notes]
        out.append("</ul>")
    return out + ["</section>"]
