"""The output formats: one registry, read by the CLI's choices and help, ``run.render`` and the tests.

Each format is a module with a pure ``render(report, options) -> str``; it is imported only when
a report is rendered in it, so ``audit --help`` and the other formats do not pay for its imports.
Adding a format is one entry here plus its module.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from jalapeno_audit.reporters.report import Report


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """How a report is drawn, beyond what it says."""

    color: bool = False  # terminal colours (text only)
    width: int = 100  # terminal width (text only)
    title: str = "Claim audit report"  # heading of documents (Markdown)


class Reporter(Protocol):
    """What every format module provides."""

    def render(self, report: Report, options: RenderOptions) -> str: ...


@dataclass(frozen=True, slots=True)
class Format:
    """One output format: its name on the command line, its module, and what it is for."""

    name: str
    module: str  # under jalapeno_audit.reporters
    summary: str
    medium: str = "lines"  # what the whole output is checked as: lines (none a workflow command), json, or commands

    def finish(self, text: str) -> str:
        """The last guard over the whole output, whatever a reporter missed."""
        from jalapeno_audit.reporters import escape

        if self.medium == "json":
            return escape.json_document(text)
        if self.medium == "lines":
            return escape.command_lines(text)
        return text  # workflow commands: each line is one, its parts escaped by the reporter

    def reporter(self) -> Reporter:
        module: Reporter = importlib.import_module(f"jalapeno_audit.reporters.{self.module}")
        return module


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("text", "text", "the terminal report (default)"),
        Format("json", "json", "the machine report, a stable contract", "json"),
        Format("markdown", "markdown", "the publishable discrepancy report"),
        Format("sarif", "sarif", "SARIF 2.1.0 for code scanning", "json"),
        Format("github", "github", "GitHub workflow annotations", "commands"),
        Format("claimreview", "claimreview", "schema.org ClaimReview (JSON-LD)", "json"),
    )
}


def render(report: Report, output_format: str, options: RenderOptions | None = None) -> str:
    """The report in one registered format."""
    chosen = FORMATS[output_format]
    return chosen.finish(chosen.reporter().render(report, options or RenderOptions()))


def help_text() -> str:
    """The --format help: every format with what it is for."""
    return "; ".join(f"{f.name}: {f.summary}" for f in FORMATS.values())
