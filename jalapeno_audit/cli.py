"""The `audit` command line: parse options, call the core, turn errors into exit codes.

Heavy modules (pandas, the rule engine, Rich tables) are imported inside the commands that
use them, so `audit --help` stays fast.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import Optional

import typer

from .errors import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, AuditError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Audit benchmark claims against their sources, with rounding-aware arithmetic.",
    pretty_exceptions_enable=False,
)

CHECK_FORMATS = ("text", "json")
CLAIM_FORMATS = ("text", "csv")
DEFAULT_CORPUS = "claims"


def guarded(command):
    """Turn the core's AuditError into its message on stderr and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except AuditError as exc:
            typer.echo(exc.text, err=True)
            raise typer.Exit(EXIT_ERROR) from None

    return wrapper


def _fail(message: str) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(EXIT_ERROR)


def _choice(value: str, choices, option: str) -> str:
    if value not in choices:
        from .fields import did_you_mean

        _fail(f"audit: {option} '{value}' is not one of {', '.join(choices)}{did_you_mean(value, choices)}")
    return value


def _default_archive(paths: list[str]) -> str | None:
    for path in paths:
        candidate = Path(path) / "archive"
        if Path(path).is_dir() and candidate.is_dir():
            return str(candidate)
    return None


def _cache(no_cache: bool):
    from .cache import Cache

    return Cache(None if no_cache else os.environ.get("AUDIT_CACHE_DIR", ".audit-cache"))


def _archive_inputs(archive: Optional[str]) -> list[tuple[str, bytes]]:
    """The archived texts, as inputs that decide a report."""
    if archive is None or not os.path.isdir(archive):
        return []
    found = []
    for name in sorted(os.listdir(archive)):
        path = os.path.join(archive, name)
        if os.path.isfile(path):
            with open(path, "rb") as handle:
                found.append((path, handle.read()))
    return found


def _severities(pairs: list[str]) -> dict[str, str]:
    from .engine import SEVERITIES
    from .fields import did_you_mean
    from .rules import get_rule

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


def _write(text: str, output: Optional[str]) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    from .fileio import write_atomic

    write_atomic(output, text)


@app.command()
@guarded
def check(
    paths: list[str] = typer.Argument(None, help="Claim files or directories (default: claims/)."),
    archive: Optional[str] = typer.Option(None, "--archive", help="Directory of archived source texts (default: claims/archive/)."),
    output_format: str = typer.Option("text", "--format", "-f", help="Report format: text or json."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Write the report to FILE (atomically) instead of stdout."),
    fail_on: str = typer.Option("error", "--fail-on", help="Exit 1 on unreviewed findings at or above: error, warning, info, never."),
    severity: list[str] = typer.Option([], "--severity", help="Override a rule's severity: RULE=LEVEL (repeatable)."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Also list comparisons that hold only thanks to rounding."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Neither read nor write .audit-cache/."),
) -> None:
    """Load and validate the corpus, run every rule, print the report."""
    from .loader import load_corpus, read_inputs
    from .report import FAIL_ON, Report

    paths = paths or [DEFAULT_CORPUS]
    _choice(output_format, CHECK_FORMATS, "--format")
    _choice(fail_on, FAIL_ON, "--fail-on")
    overrides = _severities(severity)
    archive = archive if archive is not None else _default_archive(paths)
    color = output is None and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    cache = _cache(no_cache)
    inputs = read_inputs(paths)
    inputs.extra += _archive_inputs(archive)
    options = repr((output_format, fail_on, sorted(overrides.items()), verbose, archive, color, _width()))
    run_key = inputs.digest(options)
    cached = cache.get("reports", run_key)
    if isinstance(cached, tuple) and len(cached) == 2 and isinstance(cached[0], str) and isinstance(cached[1], int):
        _write(cached[0], output)
        raise typer.Exit(cached[1])
    try:
        corpus = load_corpus(inputs, archive, cache=cache)
    except AuditError as exc:
        if output_format == "json":
            from .reporters import json as json_report

            _write(json_report.render(Report(None, errors=tuple(exc.problems), fail_on=fail_on)), output)
        raise
    from .engine import run_rules
    from .rules import RULES

    findings, notes = run_rules(corpus, RULES.values(), overrides)
    report = Report(corpus, tuple(findings), tuple(notes), fail_on=fail_on, verbose=verbose)
    if output_format == "json":
        from .reporters import json as json_report

        text = json_report.render(report)
    else:
        from .reporters import text as text_report

        text = text_report.render(report, color=color, width=_width())
    code = EXIT_FINDINGS if report.failing() else EXIT_OK
    cache.put("reports", run_key, (text, code))
    _write(text, output)
    raise typer.Exit(code)


@app.command()
@guarded
def claims(
    paths: list[str] = typer.Argument(None, help="Claim files or directories (default: claims/)."),
    output_format: str = typer.Option("text", "--format", "-f", help="text or csv."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Write to FILE (atomically) instead of stdout."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Neither read nor write .audit-cache/."),
) -> None:
    """Every loaded claim in one table: source, id, system, vs, model, metric, figure, conditions."""
    from .loader import load_corpus
    from .tables import claims_frame, render_text

    paths = paths or [DEFAULT_CORPUS]
    _choice(output_format, CLAIM_FORMATS, "--format")
    corpus = load_corpus(paths, cache=_cache(no_cache))
    frame = claims_frame(corpus)
    text = frame.to_csv(index=False, lineterminator="\n") if output_format == "csv" else render_text(frame, _width())
    _write(text, output)


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
        typer.echo(exc.text, err=True)
        sys.exit(EXIT_ERROR)
    except Exception as exc:  # noqa: BLE001 - the promise is "never a traceback"
        typer.echo(f"audit: internal error: {type(exc).__name__}: {exc}", err=True)
        sys.exit(EXIT_ERROR)
