"""The `audit` command line: parse options, call the core, turn errors into exit codes.

The checking commands are here; the authoring ones (claims, table, schema, new) are in
``cli_authoring.py`` and registered below in the order `audit --help` lists them. Heavy modules
(pandas, the rule engine) are imported inside the commands that use them, so `audit --help`
stays fast.
"""

from __future__ import annotations

import os
import sys

import typer

from jalapeno_audit import cli_authoring, console, reporters
from jalapeno_audit.console import (
    DEFAULT_CORPUS,
    CacheDir,
    CorpusPaths,
    NoCache,
    cache_for,
    choice,
    echo_error,
    fail,
    guarded,
    leave,
    say,
    severities,
    width,
    write,
)
from jalapeno_audit.errors import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, AuditError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Audit benchmark claims against their sources, with rounding-aware arithmetic.",
    pretty_exceptions_enable=False,
)

def _placement(output: str | None, output_format: str) -> dict:
    """Where a report written to a file sits, so its links and charts work from there."""
    if output is None:
        return {}
    folder = os.path.splitext(os.path.basename(output))[0] + "-charts" if reporters.FORMATS[output_format].attaches else None
    return {"report_dir": os.path.dirname(os.path.abspath(output)), "working_dir": os.getcwd(), "charts": folder}


@app.command()
@guarded
def check(
    paths: CorpusPaths = None,
    archive: str | None = typer.Option(None, "--archive", help="Directory of archived source texts (default: claims/archive/)."),
    output_format: str = typer.Option("text", "--format", "-f", help=reporters.help_text()),
    output: str | None = typer.Option(None, "--output", "-o", help="Write the report to FILE (atomically) instead of stdout."),
    fail_on: str | None = typer.Option(None, "--fail-on", help="Exit 1 on unreviewed findings at or above: error (default), warning, info, never."),
    severity: list[str] = typer.Option([], "--severity", help="Override a rule's severity: RULE=LEVEL (repeatable)."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Also list comparisons that hold only thanks to rounding."),
    step_summary: bool = typer.Option(False, "--step-summary", help="Also append the Markdown report to $GITHUB_STEP_SUMMARY."),
    no_cache: NoCache = False,
    cache_dir: CacheDir = None,
) -> None:
    """Load and validate the corpus, run every rule, print the report."""
    from jalapeno_audit import run
    from jalapeno_audit.reporters.report import FAIL_ON

    paths = paths or [DEFAULT_CORPUS]
    choice(output_format, reporters.FORMATS, "--format")
    if fail_on is not None:
        choice(fail_on, FAIL_ON, "--fail-on")
    options, _ = run.settle(paths, archive=archive, fail_on=fail_on, severity=severities(severity), verbose=verbose)
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY") if step_summary else None
    color = output is None and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    cache = cache_for(no_cache, cache_dir)
    inputs = run.read_all(options)
    render_options = reporters.RenderOptions(color=color, width=width(), **_placement(output, output_format))
    run_key = inputs.digest(options.key(), output_format, repr((render_options, bool(summary_file))))
    cached = cache.get_with_blob("reports", run_key)
    keeping = None
    if cached is not None and _is_report_entry(cached[0]):
        (code, summary, attachments), body = cached
    else:
        with run.paused_gc(freeze=True):  # building and rendering make millions of small objects; the process then ends
            try:
                shown = reporters.FORMATS[output_format].arithmetic or summary_file is not None
                chosen = reporters.FORMATS[output_format]
                report = run.build_report(options, inputs, cache, arithmetic=shown, prepare=chosen.preparer(), beside=chosen.beside())
            except AuditError as exc:
                if output_format in ("json",):
                    write(reporters.render(run.error_report(exc.problems, options), output_format), output)
                raise
            document = reporters.document(report, output_format, render_options)
            # Encoded once: the same bytes go to the cache and to the output (a report can be tens of megabytes).
            body, attachments = document.body, document.attachments
            summary = reporters.render(report, "markdown") if summary_file else ""
            code = EXIT_FINDINGS if report.failing() else EXIT_OK
        keeping = _keep(cache, run_key, (code, summary, attachments), body)
    try:
        with _summary_stream(summary_file) as stream:  # opened first: a bad path fails before the report is out
            write(body, output, attachments)
            if stream is not None:
                stream.write(summary + "\n")
    finally:
        if keeping is not None:
            keeping.join()
    leave(code)


def _keep(cache, run_key: str, value: tuple, body: bytes):
    """Put the report in the cache while it is written out: a thread, joined before the command ends.

    Both are mostly the kernel copying tens of megabytes (and hashing them, which releases the
    interpreter's lock), so on two cores they overlap. Measured on an 89 MB page: 0.15-0.28 s one
    after the other, 0.09-0.25 s side by side. None for a cache not in use.
    """
    if cache.directory is None:
        return None
    import threading

    # The body as it is: no copy through marshal.
    keeping = threading.Thread(target=cache.put, args=("reports", run_key, value), kwargs={"blob": body}, name="cache-report")
    keeping.start()
    return keeping


def _is_report_entry(value) -> bool:
    """A cached report is (exit code, step summary, attachments), its UTF-8 text the entry's blob; anything else is a miss."""
    return (
        type(value) is tuple and len(value) == 3 and type(value[0]) is int
        and value[0] in (EXIT_OK, EXIT_FINDINGS) and type(value[1]) is str and type(value[2]) is tuple
        and all(type(a) is tuple and len(a) == 2 and type(a[0]) is str and type(a[1]) is str for a in value[2])
    )


def _summary_stream(path: str | None):
    import contextlib

    if path is None:
        return contextlib.nullcontext()
    try:
        return open(path, "a", encoding="utf-8")
    except OSError as exc:
        raise AuditError(f"audit: cannot append the step summary to {path}: {exc.strerror or exc}") from None


@app.command()
@guarded
def review(
    fingerprint: str | None = typer.Argument(None, help="The finding's fingerprint, as `audit check` prints it."),
    verdict: str | None = typer.Option(None, "--verdict", help="confirmed, explained or false-positive."),
    note: str | None = typer.Option(None, "--note", help="One reasoned sentence."),
    by: str | None = typer.Option(None, "--by", help="Who reviewed it."),
    replace: bool = typer.Option(False, "--replace", help="Replace an existing review of this finding."),
    upgrade: bool = typer.Option(False, "--upgrade", help="Rewrite reviews of earlier (pairwise) fingerprints as reviews of disputes."),
    paths: list[str] = typer.Option([DEFAULT_CORPUS], "--corpus", help="The corpus the finding comes from."),
) -> None:
    """Record a verdict on one finding in the corpus's reviews.yaml (appended; nothing else changes)."""
    import datetime as dt

    from jalapeno_audit import run
    from jalapeno_audit.corpus.fields import did_you_mean
    from jalapeno_audit.rules.reviews import VERDICTS, add_review

    options, _ = run.settle(paths)
    path = run.reviews_path(paths)
    if upgrade:
        if fingerprint or verdict or note:
            fail("audit: --upgrade takes no fingerprint, --verdict or --note")
        inputs = run.read_all(options)
        report = run.build_report(options, inputs, cache_for(False))
        say(run.upgrade_reviews(path, report, inputs.reviews))
        return
    if fingerprint is None or verdict is None or note is None:
        fail("audit: review needs a FINGERPRINT, --verdict and --note (or --upgrade)")
    choice(verdict, VERDICTS, "--verdict")
    if not note.strip():
        fail("audit: --note must say why")
    report = run.build_report(options, run.read_all(options), cache_for(False))
    known = {f.fingerprint: f for f in report.findings}
    if fingerprint not in known:
        fail(f"audit: no finding {fingerprint} in {', '.join(paths)}{did_you_mean(fingerprint, known)}")
    finding = known[fingerprint]
    if any(u.fingerprint == fingerprint for u in report.upgrades):
        fail(f"audit: the review of {fingerprint} is still under an earlier fingerprint; run `audit review --upgrade` first")
    reopened = finding.review is not None and bool(finding.added_since_review)
    done = add_review(path, fingerprint, verdict, note.strip(), by, dt.date.today(), replace or reopened, claims=finding.claim_ids)
    say(f"{done} review of {fingerprint} in {path}")


@app.command()
@guarded
def config(paths: list[str] = typer.Argument(None, help="The corpus (default: claims/).")) -> None:
    """Print the effective configuration and where each value comes from."""
    from jalapeno_audit import run
    from jalapeno_audit.text.numbers import fmt

    paths = paths or [DEFAULT_CORPUS]
    options, settings = run.settle(paths)
    rows = [
        ("fail-on", options.fail_on, settings.origins["fail-on"]),
        ("severity", ", ".join(f"{k}={v}" for k, v in sorted(options.severity.items())) or "(rule defaults)", settings.origins["severity"]),
        ("tolerance", fmt(options.tolerance), settings.origins["tolerance"]),
        ("archive", options.archive or "(none)", settings.origins["archive"] if settings.archive else "default"),
    ]
    say(f"configuration file: {settings.file or '(none found)'}")
    for key, value, origin in rows:
        say(f"{key:10} {value}  [{origin}]")


app.command()(guarded(cli_authoring.claims))
app.command()(guarded(cli_authoring.table))


@app.command()
@guarded
def rules(output_format: str = typer.Option("text", "--format", "-f", help="text or json.")) -> None:
    """List every rule: id, default severity, one-line summary."""
    import json

    from jalapeno_audit.rules import RULES, summary

    choice(output_format, ("text", "json"), "--format")
    rows = [{"id": rule.ID, "severity": rule.SEVERITY, "summary": summary(rule)} for rule in RULES.values()]
    if output_format == "json":
        typer.echo(json.dumps(rows, indent=2))
        return
    for row in rows:
        typer.echo(f"{row['id']:20} {row['severity']:8} {row['summary']}")


@app.command()
@guarded
def explain(rule_id: str = typer.Argument(..., metavar="RULE", help="A rule id, as `audit rules` lists them.")) -> None:
    """Print a rule's documentation, with its passing and failing example."""
    import inspect

    from jalapeno_audit.rules import get_rule

    rule = get_rule(rule_id)
    typer.echo(f"{rule.ID} (default severity: {rule.SEVERITY})\n")
    typer.echo(inspect.cleandoc(rule.__doc__ or ""))


app.command()(guarded(cli_authoring.schema))
app.command()(guarded(cli_authoring.new))


def main() -> None:
    """Entry point: every failure becomes a message and a named exit code, never a traceback."""
    console.ENDS_WITH_COMMAND = True
    try:
        app()  # exits itself: 0, 1 for findings, 2 for usage errors
    except KeyboardInterrupt:
        typer.echo("audit: interrupted", err=True)
        sys.exit(130)
    except AuditError as exc:
        echo_error(exc)
        sys.exit(EXIT_ERROR)
    except Exception as exc:
        say(f"audit: internal error: {type(exc).__name__}: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    finally:
        console.ENDS_WITH_COMMAND = False
