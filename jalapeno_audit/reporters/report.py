"""What a check produced, in one object every reporter renders."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from jalapeno_audit.corpus.model import Corpus
from jalapeno_audit.errors import Problem
from jalapeno_audit.rules.engine import SEVERITIES, SEVERITY_RANK, Finding, Note

FAIL_ON = ("error", "warning", "info", "never")


def plural(number: int, noun: str) -> str:
    """'1 claim', '2 claims'."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


@dataclass(frozen=True)
class Report:
    """A checked corpus: its findings, the notes behind silent verdicts, and load errors."""

    corpus: Corpus | None
    findings: tuple[Finding, ...] = ()
    notes: tuple[Note, ...] = ()
    errors: tuple[Problem, ...] = ()
    fail_on: str = "error"
    verbose: bool = False
    stale: tuple = ()  # reviews whose finding no longer occurs (each a warning)
    upgrades: tuple = ()  # reviews matched through an earlier fingerprint: `audit review --upgrade` is due

    def severity_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(SEVERITIES, 0)
        for finding in self.findings:
            counts[finding.severity] += 1
        return counts

    def severity_phrase(self) -> str:
        """'0 errors, 7 warnings, 4 info': the counts as a summary sentence gives them."""
        counts = self.severity_counts()
        return ", ".join(f"{counts[s]} {s if s == 'info' else s + ('s' if counts[s] != 1 else '')}" for s in SEVERITIES)

    def reviewed_count(self) -> int:
        return len(self.findings) - len(self.unreviewed())

    def unreviewed(self) -> list[Finding]:
        return [f for f in self.findings if not f.reviewed]

    def failing(self) -> list:
        """Unreviewed findings at or above the --fail-on level, and stale reviews when warnings count."""
        if self.fail_on == "never":
            return []
        limit = SEVERITY_RANK[self.fail_on]
        failing: list = [f for f in self.unreviewed() if SEVERITY_RANK[f.severity] <= limit]
        if limit >= SEVERITY_RANK["warning"]:
            failing += list(self.stale)
        return failing

    def figure(self, claim) -> str:
        """A claim's figure as a reader wants it: as written, with its metric's unit for an absolute value."""
        if claim.kind != "value" or claim.unit:  # no unit to add (a written unit is shown as written)
            return claim.shown
        unit = self._units.get(claim.metric)
        return claim.shown if unit is None else claim.figure_text(unit)

    @cached_property
    def _units(self) -> dict[str, str]:
        """Metric id -> the unit an absolute value of it is shown in (metrics without one left out)."""
        if self.corpus is None:
            return {}
        return {name: metric.unit for name, metric in self.corpus.catalog.metrics.items() if metric.unit and metric.unit != "relative"}

    def upgrade_message(self) -> str:
        count = len(self.upgrades)
        return (
            f"{count} review{'s' if count != 1 else ''} name findings by an earlier fingerprint; they still apply. "
            "Run `audit review --upgrade` to rewrite reviews.yaml in terms of disputes."
        )

    @property
    def source_count(self) -> int:
        return len(self.corpus.sources) if self.corpus else 0

    @property
    def claim_count(self) -> int:
        return len(self.corpus.claims) if self.corpus else 0
