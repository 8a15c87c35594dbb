"""The `audit` command line: parse options, call the core, turn errors into exit codes.

Heavy modules (pandas, the rule engine, Rich tables) are imported inside the commands that
use them, so `audit --help` stays fast.
"""

from __future__ import annotations

import functools
import os
import sys

import typer

from jalapeno_audit import reporters
from jalapeno_audit.errors import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, AuditError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Audit benchmark claims against their sources, with rounding-aware arithmetic.",
    pretty_exceptions_enable=False,
)

CLAIM_FORMATS = ("text", "csv")
DEFAULT_CORPUS = "claims"


def guarded(command):
    """Turn the core's AuditError into its message on stderr and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except AuditError as exc:
            _echo_error(exc)
            raise typer.Exit(EXIT_ERROR) from None

    return wrapper


def _say(message: str, err: bool = False) -> None:
    """One line of output that may carry names or values from the corpus: escaped for the terminal and CI logs."""
    from jalapeno_audit.reporters.escape import error_line

    typer.echo(error_line(message), err=err)


def _echo_error(exc: AuditError) -> None:
    for line in [str(p) for p in exc.problems] or [exc.text]:
        _say(line, err=True)


def _fail(message: str) -> None:
    _say(message, err=True)
    raise typer.Exit(EXIT_ERROR)


def _choice(value: str, choices, option: str) -> str:
    if value not in choices:
        from jalapeno_audit.corpus.fields import did_you_mean

        _fail(f"audit: {option} '{value}' is not one of {', '.join(choices)}{did_you_mean(value, choices)}")
    return value


def _cache(no_cache: bool, directory: str | None = None):
    from jalapeno_audit.corpus.cache import default_directory, open_cache

    return open_cache(None if no_cache else directory or default_directory())


def _severities(pairs: list[str]) -> dict[str, str]:
    from jalapeno_audit.corpus.fields import did_you_mean
    from jalapeno_audit.rules import get_rule
    from jalapeno_audit.rules.engine import SEVERITIES

    result = {}
    for pair in pairs:
        rule_id, sep, level = pair.partition("=")
        if not sep:
            _fail(f"audit: --severity takes RULE=LEVEL, not '{pair}'")
        get_rule(rule_id)
        if level not in SEVERITIES:
            _fail(f"audit: --severity level '{level}' is not one of {', '.join(SEVERITIES)}{did_you_mean(level, SEVERITIES)}")
        result[rule_id] = level
    return result


def _write(text: str, output: str | None, attachments: tuple[tuple[str, str], ...] = ()) -> None:
    """The report on stdout or in a file; files that go beside it (charts) first, so it never names a missing one."""
    if output is None:
        sys.stdout.write(text)
        return
    from jalapeno_audit.fileio import write_atomic, write_beside

    try:
        if attachments:
            write_beside(output, attachments)
        write_atomic(output, text)
    except OSError as exc:
        raise AuditError(f"audit: cannot write {output}: {exc.strerror or exc}") from None


def _placement(output: str | None, output_format: str) -> dict:
    """Where a report written to a file sits, so its links and charts work from there."""
    if output is None:
        return {}
    folder = os.path.splitext(os.path.basename(output))[0] + "-charts" if reporters.FORMATS[output_format].attaches else None
    return {"report_dir": os.path.dirname(os.path.abspath(output)), "working_dir": os.getcwd(), "charts": folder}


@app.command()
@guarded
def check(
    paths: list[str] = typer.Argument(None, help="Claim files or directories (default: claims/)."),
    archive: str | None = typer.Option(None, "--archive", help="Directory of archived source texts (default: claims/archive/)."),
    output_format: str = typer.Option("text", "--format", "-f", help=reporters.help_text()),
    output: str | None = typer.Option(None, "--output", "-o", help="Write the report to FILE (atomically) instead of stdout."),
    fail_on: str | None = typer.Option(None, "--fail-on", help="Exit 1 on unreviewed findings at or above: error (default), warning, info, never."),
    severity: list[str] = typer.Option([], "--severity", help="Override a rule's severity: RULE=LEVEL (repeatable)."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Also list comparisons that hold only thanks to rounding."),
    step_summary: bool = typer.Option(False, "--step-summary", help="Also append the Markdown report to $GITHUB_STEP_SUMMARY."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Neither read nor write the cache."),
    cache_dir: str | None = typer.Option(None, "--cache-dir", help="The cache directory (default: $AUDIT_CACHE_DIR, else the user cache directory)."),
) -> None:
    """Load and validate the corpus, run every rule, print the report."""
    from jalapeno_audit import run
    from jalapeno_audit.reporters.report import FAIL_ON

    paths = paths or [DEFAULT_CORPUS]
    _choice(output_format, reporters.FORMATS, "--format")
    if fail_on is not None:
        _choice(fail_on, FAIL_ON, "--fail-on")
    options, _ = run.settle(paths, archive=archive, fail_on=fail_on, severity=_severities(severity), verbose=verbose)
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY") if step_summary else None
    color = output is None and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    cache = _cache(no_cache, cache_dir)
    inputs = run.read_all(options)
    render_options = reporters.RenderOptions(color=color, width=_width(), **_placement(output, output_format))
    run_key = inputs.digest(options.key(), output_format, repr((render_options, bool(summary_file))))
    cached = cache.get("reports", run_key)
    if _is_report_entry(cached):
        text, code, summary, attachments = cached
    else:
        try:
            report = run.build_report(options, inputs, cache)
        except AuditError as exc:
            if output_format in ("json",):
                _write(reporters.render(run.error_report(exc.problems, options), output_format), output)
            raise
        document = reporters.document(report, output_format, render_options)
        text, attachments = document.text, document.attachments
        summary = reporters.render(report, "markdown") if summary_file else ""
        code = EXIT_FINDINGS if report.failing() else EXIT_OK
        cache.put("reports", run_key, (text, code, summary, attachments))
    with _summary_stream(summary_file) as stream:  # opened first: a bad path fails before the report is out
        _write(text, output, attachments)
        if stream is not None:
            stream.write(summary + "\n")
    raise typer.Exit(code)


def _is_report_entry(value) -> bool:
    """A cached report is (text, exit code, step summary, attachments); anything else is a miss."""
    return (
        type(value) is tuple and len(value) == 4 and type(value[0]) is str and type(value[1]) is int
        and value[1] in (EXIT_OK, EXIT_FINDINGS) and type(value[2]) is str and type(value[3]) is tuple
        and all(type(a) is tuple and len(a) == 2 and type(a[0]) is str and type(a[1]) is str for a in value[3])
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
            _fail("audit: --upgrade takes no fingerprint, --verdict or --note")
        inputs = run.read_all(options)
        report = run.build_report(options, inputs, _cache(False))
        _say(run.upgrade_reviews(path, report, inputs.reviews))
        return
    if fingerprint is None or verdict is None or note is None:
        _fail("audit: review needs a FINGERPRINT, --verdict and --note (or --upgrade)")
    _choice(verdict, VERDICTS, "--verdict")
    if not note.strip():
        _fail("audit: --note must say why")
    report = run.build_report(options, run.read_all(options), _cache(False))
    known = {f.fingerprint: f for f in report.findings}
    if fingerprint not in known:
        _fail(f"audit: no finding {fingerprint} in {', '.join(paths)}{did_you_mean(fingerprint, known)}")
    finding = known[fingerprint]
    if any(u.fingerprint == fingerprint for u in report.upgrades):
        _fail(f"audit: the review of {fingerprint} is still under an earlier fingerprint; run `audit review --upgrade` first")
    reopened = finding.review is not None and bool(finding.added_since_review)
    done = add_review(path, fingerprint, verdict, note.strip(), by, dt.date.today(), replace or reopened, claims=finding.claim_ids)
    _say(f"{done} review of {fingerprint} in {path}")


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
    _say(f"configuration file: {settings.file or '(none found)'}")
    for key, value, origin in rows:
        _say(f"{key:10} {value}  [{origin}]")


@app.command()
@guarded
def claims(
    paths: list[str] = typer.Argument(None, help="Claim files or directories (default: claims/)."),
    output_format: str = typer.Option("text", "--format", "-f", help="text or csv."),
    output: str | None = typer.Option(None, "--output", "-o", help="Write to FILE (atomically) instead of stdout."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Neither read nor write the cache."),
    cache_dir: str | None = typer.Option(None, "--cache-dir", help="The cache directory (default: $AUDIT_CACHE_DIR, else the user cache directory)."),
) -> None:
    """Every loaded claim in one table: source, id, system, vs, model, metric, figure, conditions."""
    from jalapeno_audit.authoring.tables import claims_frame, render_text
    from jalapeno_audit.corpus.loader import load_corpus

    paths = paths or [DEFAULT_CORPUS]
    _choice(output_format, CLAIM_FORMATS, "--format")
    corpus = load_corpus(paths, cache=_cache(no_cache, cache_dir))
    frame = claims_frame(corpus)
    text = frame.to_csv(index=False, lineterminator="\n") if output_format == "csv" else render_text(frame, _width())
    _write(text, output)


@app.command()
@guarded
def table(
    paths: list[str] = typer.Argument(None, help="Claim files or directories (default: claims/)."),
    model: str | None = typer.Option(None, "--model", help="Only claims about this model."),
    metric: str | None = typer.Option(None, "--metric", help="Only claims of this metric."),
    system: str | None = typer.Option(None, "--system", help="Only claims naming this system (either side)."),
    pivot: bool = typer.Option(False, "--pivot", help="One row per comparison, one column per source: who said what."),
    output_format: str = typer.Option("text", "--format", "-f", help="text, markdown or csv."),
    output: str | None = typer.Option(None, "--output", "-o", help="Write to FILE (atomically) instead of stdout."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Neither read nor write the cache."),
    cache_dir: str | None = typer.Option(None, "--cache-dir", help="The cache directory (default: $AUDIT_CACHE_DIR, else the user cache directory)."),
) -> None:
    """The claims matrix: filter it, or pivot it to see each source's figure side by side."""
    from jalapeno_audit.authoring.tables import claims_frame, filtered, render_markdown, render_text
    from jalapeno_audit.authoring.tables import pivot as pivot_frame
    from jalapeno_audit.corpus.fields import did_you_mean
    from jalapeno_audit.corpus.loader import load_corpus

    paths = paths or [DEFAULT_CORPUS]
    _choice(output_format, ("text", "markdown", "csv"), "--format")
    corpus = load_corpus(paths, cache=_cache(no_cache, cache_dir))
    for value, known, option in ((model, corpus.catalog.models, "--model"), (metric, corpus.catalog.metrics, "--metric"), (system, corpus.catalog.systems, "--system")):
        if value is not None and value not in known:
            _fail(f"audit: {option} '{value}' is not in the catalog{did_you_mean(value, known)}")
    frame = filtered(claims_frame(corpus), corpus, model, metric, system)
    if pivot:
        frame = pivot_frame(frame)
    if output_format == "csv":
        text = frame.to_csv(index=False, lineterminator="\n")
    elif output_format == "markdown":
        text = render_markdown(frame)
    else:
        text = render_text(frame, _width())
    _write(text, output)


@app.command()
@guarded
def rules(output_format: str = typer.Option("text", "--format", "-f", help="text or json.")) -> None:
    """List every rule: id, default severity, one-line summary."""
    import json

    from jalapeno_audit.rules import RULES, summary

    _choice(output_format, ("text", "json"), "--format")
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


@app.command()
@guarded
def schema() -> None:
    """Print the JSON Schema of claim files, for editors that validate YAML."""
    import json

    from jalapeno_audit.authoring.schema import claim_file_schema
    from jalapeno_audit.corpus.catalog import load_catalog

    typer.echo(json.dumps(claim_file_schema(load_catalog()), indent=2, ensure_ascii=False))


@app.command()
@guarded
def new(
    article: str = typer.Argument(..., help="The article's text file, or - for standard input."),
    source_id: str = typer.Option(..., "--id", help="The new source's id (lower case, digits, dashes)."),
    publisher: str | None = typer.Option(None, "--publisher", help="The outlet that published it."),
    url: str | None = typer.Option(None, "--url", help="Where it was published."),
    published: str | None = typer.Option(None, "--published", help="Publication date, YYYY-MM-DD."),
    into: str = typer.Option(DEFAULT_CORPUS, "--into", help="The corpus directory to write into."),
    force: bool = typer.Option(False, "--force", help="If the file exists, write SOURCE_ID.new.yaml beside it."),
) -> None:
    """Scaffold a claim file from an article: one candidate claim per figure found."""
    import datetime as dt
    import re

    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog
    from jalapeno_audit.corpus.fields import ID_PATTERN

    if not re.fullmatch(ID_PATTERN, source_id):
        _fail(f"audit: --id '{source_id}' does not match {ID_PATTERN}")
    if published is not None:
        try:
            dt.date.fromisoformat(published)
        except ValueError:
            _fail(f"audit: --published '{published}' is not a valid ISO date (YYYY-MM-DD)")
    if article == "-":
        text, archive = sys.stdin.read(), None
    else:
        try:
            with open(article, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            _fail(f"audit: cannot read {article}: {getattr(exc, 'strerror', None) or exc}")
        archive = os.path.basename(article)
    if os.path.lexists(into) and not os.path.isdir(into):
        _fail(f"audit: --into {into} is not a directory")
    catalog_path = os.path.join(into, "catalog.yaml")
    extension = None
    if os.path.isfile(catalog_path):
        with open(catalog_path, "rb") as handle:
            extension = (catalog_path, handle.read())
    yaml_text, candidates = scaffold(text, source_id, load_catalog(extension), archive=archive, publisher=publisher, url=url, published=published)
    target = os.path.join(into, f"{source_id}.yaml")
    # lexists: a link, even one to nothing, is something there not to overwrite.
    if os.path.lexists(target):
        if not force:
            _fail(f"audit: {target} exists; refusing to overwrite it (--force writes {source_id}.new.yaml beside it)")
        target = os.path.join(into, f"{source_id}.new.yaml")
        if os.path.lexists(target):
            _fail(f"audit: {target} exists too; move it away first")
    from jalapeno_audit.fileio import write_new

    try:
        os.makedirs(into, exist_ok=True)
        write_new(target, yaml_text)
    except FileExistsError:
        _fail(f"audit: {target} appeared while writing; refusing to overwrite it")
    except OSError as exc:
        _fail(f"audit: cannot write {target}: {exc.strerror or exc}")
    live = sum(1 for c in candidates if not c.missing)
    _say(f"wrote {target}: {len(candidates)} figures found, {live} complete claims, {len(candidates) - live} marked TODO")


def _width() -> int:
    try:
        return max(80, int(os.environ.get("COLUMNS", "")))
    except ValueError:
        return 120


def main() -> None:
    """Entry point: every failure becomes a message and a named exit code, never a traceback."""
    try:
        app()  # exits itself: 0, 1 for findings, 2 for usage errors
    except KeyboardInterrupt:
        typer.echo("audit: interrupted", err=True)
        sys.exit(130)
    except AuditError as exc:
        _echo_error(exc)
        sys.exit(EXIT_ERROR)
    except Exception as exc:
        _say(f"audit: internal error: {type(exc).__name__}: {exc}", err=True)
        sys.exit(EXIT_ERROR)
