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

    def reporter(self) -> Reporter:
        module: Reporter = importlib.import_module(f"jalapeno_audit.reporters.{self.module}")  # type: ignore[assignment]
        return module


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("text", "text", "the terminal report (default)"),
        Format("json", "json", "the machine report, a stable contract"),
        Format("markdown", "markdown", "the publishable discrepancy report"),
        Format("sarif", "sarif", "SARIF 2.1.0 for code scanning"),
        Format("github", "github", "GitHub workflow annotations"),
        Format("claimreview", "claimreview", "schema.org ClaimReview (JSON-LD)"),
    )
}


def render(report: Report, output_format: str, options: RenderOptions | None = None) -> str:
    """The report in one registered format."""
    return FORMATS[output_format].reporter().render(report, options or RenderOptions())


def help_text() -> str:
    """The --format help: every format with what it is for."""
    return "; ".join(f"{f.name}: {f.summary}" for f in FORMATS.values())
