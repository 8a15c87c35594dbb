"""The output formats: one registry, read by the CLI's choices and help, ``run.render`` and the tests.

Each format is a module with a pure ``render(report, options) -> str``; it is imported only when
a report is rendered in it, so ``audit --help`` and the other formats do not pay for its imports.
A format that writes files beside a report written to a file (the Markdown report's charts)
also has a pure ``document(report, options) -> (text, files)``, which makes both in one pass;
``document`` here returns them, and the CLI writes them. Adding a format is one entry here plus its module.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable

    from jalapeno_audit.reporters.report import Report
    from jalapeno_audit.rules.engine import Finding


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """How a report is drawn, beyond what it says."""

    color: bool = False  # terminal colours (text only)
    width: int = 100  # terminal width (text only)
    title: str = "Claim audit report"  # heading of documents (Markdown, HTML)
    # Where the report is written, so that its links to claim files work from there: both absolute,
    # or None for a report on stdout (links then read from the working directory).
    report_dir: str | None = None
    working_dir: str | None = None
    charts: str | None = None  # folder for chart files, relative to the report (Markdown written to a file)

    def link(self, path: str) -> str:
        """A claim file's path as seen from the report's directory, with forward slashes."""
        if self.report_dir is not None and self.working_dir is not None:
            path = os.path.relpath(os.path.join(self.working_dir, path), self.report_dir)
        return path.replace(os.sep, "/")


@dataclass(frozen=True, slots=True)
class Document:
    """A rendered report and the files that go beside it."""

    content: str | bytes  # the report, or its UTF-8 where the format writes it so (``Format.encodes``)
    attachments: tuple[tuple[str, str], ...] = ()  # (path relative to the report's directory, content)

    @property
    def text(self) -> str:
        return self.content if isinstance(self.content, str) else self.content.decode("utf-8")

    @property
    def body(self) -> bytes:
        """The report as written to a file or stdout: UTF-8."""
        return self.content if isinstance(self.content, bytes) else self.content.encode("utf-8")


class Reporter(Protocol):
    """What every format module provides (``document`` only the formats that write files beside a report, ``prepare`` only
    those that write part of each finding as the report is built, ``page`` only those that write their page as UTF-8)."""

    def render(self, report: Report, options: RenderOptions) -> str: ...

    def document(self, report: Report, options: RenderOptions) -> tuple[str, list[tuple[str, str]]]: ...

    def prepare(self) -> Callable[[Finding], str]: ...

    def page(self, report: Report, options: RenderOptions) -> list: ...


@dataclass(frozen=True, slots=True)
class Format:
    """One output format: its name on the command line, its module, and what it is for."""

    name: str
    module: str  # under jalapeno_audit.reporters
    summary: str
    medium: str = "lines"  # what the whole output is checked as: lines (none a workflow command), json, html, or commands
    attaches: bool = False  # writes files beside a report written to a file (its module has ``document``)
    arithmetic: bool = True  # shows each finding's arithmetic (a report built for a format without it may leave it out)
    prepares: bool = False  # writes part of each finding where its rule runs (its module has ``prepare``; see ``preparer``)
    needs: str | None = None  # a module it will import on a large corpus, imported while the rules run (see ``beside``)
    encodes: bool = False  # writes its page as UTF-8, part by part (its module has ``page``; see ``document``)

    def finish(self, text: str) -> str:
        """The last guard over the whole output, whatever a reporter missed."""
        from jalapeno_audit.reporters import escape

        if self.medium == "json":
            return escape.json_document(text)
        if self.medium == "lines":
            return escape.command_lines(text)
        if self.medium == "html":
            return escape.html_document(text)
        return text  # workflow commands: each line is one, its parts escaped by the reporter

    def preparer(self):
        """What the format writes of each finding as the report is built (``run_rules(prepare=...)``), or None.

        A large report's findings are found by two processes: what a format writes of each one alone can be
        written there too, instead of in one process once all are found (the JSON report's findings up to their review).
        """
        return self.reporter().prepare() if self.prepares else None

    def beside(self):
        """What the format needs done in this process while a forked child runs the rules (``run_rules(beside=...)``), or None.

        The HTML report's charts are drawn by two processes, and each imported matplotlib (about 0.35 s) side by side.
        Imported here while the child runs rules, it is imported once, and the chart drawing's child inherits it.
        """
        if self.needs is None:
            return None
        module = f"jalapeno_audit.reporters.{self.needs}"
        return lambda: importlib.import_module(module)

    def reporter(self) -> Reporter:
        module: Reporter = importlib.import_module(f"jalapeno_audit.reporters.{self.module}")
        return module


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("text", "text", "the terminal report (default)"),
        Format("json", "json", "the machine report, a stable contract", "json", arithmetic=False, prepares=True),
        Format("markdown", "markdown", "the publishable discrepancy report (with --output, its charts beside it)", attaches=True),
        Format("sarif", "sarif", "SARIF 2.1.0 for code scanning", "json"),
        Format("github", "github", "GitHub workflow annotations", "commands", arithmetic=False),
        Format("claimreview", "claimreview", "schema.org ClaimReview (JSON-LD)", "json", arithmetic=False),
        Format("html", "html", "one self-contained page with a chart per dispute", "html", needs="plot", encodes=True),
    )
}


def render(report: Report, output_format: str, options: RenderOptions | None = None) -> str:
    """The report in one registered format."""
    chosen = FORMATS[output_format]
    return chosen.finish(chosen.reporter().render(report, options or RenderOptions()))


def document(report: Report, output_format: str, options: RenderOptions | None = None) -> Document:
    """The report in one format, with the files that go beside it when it is written to a file."""
    chosen = FORMATS[output_format]
    options = options or RenderOptions()
    module = chosen.reporter()
    if chosen.attaches and options.charts:
        text, files = module.document(report, options)
        return Document(chosen.finish(text), tuple(files))
    if chosen.encodes:  # its parts guarded where they were written, as ``finish`` guards a page, and joined as UTF-8
        from jalapeno_audit.reporters import escape

        return Document(escape.html_page(module.page(report, options)))
    return Document(chosen.finish(module.render(report, options)))


def help_text() -> str:
    """The --format help: every format with what it is for."""
    return "; ".join(f"{f.name}: {f.summary}" for f in FORMATS.values())
