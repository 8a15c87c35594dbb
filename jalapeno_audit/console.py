"""What every command of the `audit` command line shares: errors to exit codes, escaped output, options.

Heavy modules are imported inside the functions that use them, so `audit --help` stays fast.
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import os
import sys
from typing import Annotated, NoReturn

import typer

from jalapeno_audit.errors import EXIT_ERROR, AuditError

CLAIM_FORMATS = ("text", "csv")
DEFAULT_CORPUS = "claims"

# Parameters several commands take, declared once.
CorpusPaths = Annotated[list[str] | None, typer.Argument(help="Claim files or directories (default: claims/).")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the cache.")]
CacheDir = Annotated[str | None, typer.Option("--cache-dir", help="The cache directory (default: $AUDIT_CACHE_DIR, else the user cache directory).")]
Output = Annotated[str | None, typer.Option("--output", "-o", help="Write to FILE (atomically) instead of stdout.")]
#: Set by the program's entry point: the process ends with its command (not so in tests or library use).
ENDS_WITH_COMMAND = False


def guarded(command):
    """Turn the core's AuditError into its message on stderr and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except AuditError as exc:
            echo_error(exc)
            raise typer.Exit(EXIT_ERROR) from None

    return wrapper


def say(message: str, err: bool = False) -> None:
    """One line of output that may carry names or values from the corpus: escaped for the terminal and CI logs."""
    from jalapeno_audit.reporters.escape import error_line

    typer.echo(error_line(message), err=err)


def echo_error(exc: AuditError) -> None:
    for line in [str(p) for p in exc.problems] or [exc.text]:
        say(line, err=True)


def leave(code: int) -> NoReturn:
    """End a command that has written its output, with ``code``.

    Run as the `audit` program, the process ends here: output flushed, then ``os._exit``, which
    skips freeing a large report's millions of objects one by one (about 0.2 s at 100k claims:
    nothing is left to write, no file is open for writing, and every child has been waited for).
    Called in-process it raises ``typer.Exit`` as any command does.
    """
    if ENDS_WITH_COMMAND:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):  # a closed pipe or stream: nothing more can reach it anyway
                stream.flush()
        os._exit(code)
    raise typer.Exit(code)


def fail(message: str) -> NoReturn:
    say(message, err=True)
    raise typer.Exit(EXIT_ERROR)


def choice(value: str, choices, option: str) -> str:
    if value not in choices:
        from jalapeno_audit.corpus.fields import did_you_mean

        fail(f"audit: {option} '{value}' is not one of {', '.join(choices)}{did_you_mean(value, choices)}")
    return value


def cache_for(no_cache: bool, directory: str | None = None):
    from jalapeno_audit.corpus.cache import default_directory, open_cache

    return open_cache(None if no_cache else directory or default_directory())


def severities(pairs: list[str]) -> dict[str, str]:
    from jalapeno_audit.corpus.fields import did_you_mean
    from jalapeno_audit.rules import get_rule
    from jalapeno_audit.rules.engine import SEVERITIES

    result = {}
    for pair in pairs:
        rule_id, sep, level = pair.partition("=")
        if not sep:
            fail(f"audit: --severity takes RULE=LEVEL, not '{pair}'")
        get_rule(rule_id)
        if level not in SEVERITIES:
            fail(f"audit: --severity level '{level}' is not one of {', '.join(SEVERITIES)}{did_you_mean(level, SEVERITIES)}")
        result[rule_id] = level
    return result


def write(text: str | bytes, output: str | None, attachments: tuple[tuple[str, str], ...] = ()) -> None:
    """The report (text, or UTF-8 bytes) on stdout or in a file; files that go beside it (charts) first, so it never names a missing one."""
    if output is None:
        if isinstance(text, str):
            sys.stdout.write(text)
        elif codecs.lookup(sys.stdout.encoding or "ascii").name == "utf-8" and hasattr(sys.stdout, "buffer"):
            sys.stdout.flush()
            sys.stdout.buffer.write(text)
        else:
            sys.stdout.write(text.decode("utf-8"))
        return
    from jalapeno_audit.fileio import replace_bytes, write_atomic, write_beside

    try:
        if attachments:
            write_beside(output, attachments)
        if isinstance(text, str):
            write_atomic(output, text)
        else:
            replace_bytes(output, text)
    except OSError as exc:
        raise AuditError(f"audit: cannot write {output}: {exc.strerror or exc}") from None



def width() -> int:
    try:
        return max(80, int(os.environ.get("COLUMNS", "")))
    except ValueError:
        return 120
