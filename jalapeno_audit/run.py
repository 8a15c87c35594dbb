"""One check from options to report: settle options, load, run the rules, attach reviews."""

from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from jalapeno_audit.config import Config, load_config
from jalapeno_audit.corpus.cache import Cache
from jalapeno_audit.corpus.loader import Inputs, load_corpus, read_archives, read_bytes, read_inputs
from jalapeno_audit.reporters.report import Report
from jalapeno_audit.rules.reviews import load_reviews


@dataclass
class Options:
    """Everything that decides a report, after configuration and command line are merged."""

    paths: list[str]
    archive: str | None = None
    fail_on: str = "error"
    severity: dict[str, str] = field(default_factory=dict)
    tolerance: Fraction | None = None
    verbose: bool = False

    def key(self) -> str:
        return repr((self.paths, self.archive, self.fail_on, sorted(self.severity.items()), str(self.tolerance), self.verbose))


def settle(paths: list[str], *, archive=None, fail_on=None, severity=None, verbose=False) -> tuple[Options, Config]:
    """Command-line values win over the configuration file, which wins over defaults."""
    config = load_config(paths[0])
    if archive is not None:
        config.archive, config.origins["archive"] = archive, "command line"
    if fail_on is not None:
        config.fail_on, config.origins["fail-on"] = fail_on, "command line"
    if severity:
        config.severity = {**config.severity, **severity}
        config.origins["severity"] = "command line" if config.origins["severity"] == "default" else config.origins["severity"] + " + command line"
    chosen_archive = config.archive if config.archive is not None else default_archive(paths)
    options = Options(paths, chosen_archive, config.fail_on, dict(config.severity), config.tolerance, verbose)
    return options, config


def default_archive(paths: list[str]) -> str | None:
    for path in paths:
        candidate = Path(path) / "archive"
        if Path(path).is_dir() and candidate.is_dir():
            return str(candidate)
    return None


def reviews_path(paths: list[str]) -> str:
    """reviews.yaml of the corpus: in the first directory named, else beside the first file."""
    for path in paths:
        if os.path.isdir(path):
            return os.path.join(path, "reviews.yaml")
    return os.path.join(os.path.dirname(paths[0]) or ".", "reviews.yaml")


def read_all(options: Options) -> Inputs:
    """Every input of the check, read once: claim files, catalog, archive texts, reviews.

    The report is built from these same bytes, so what is cached under their key is what they give.
    """
    inputs = read_inputs(options.paths)
    path = reviews_path(options.paths)
    if os.path.lexists(path):
        data, problems = read_bytes(path)
        inputs.problems += problems
        inputs.reviews = data or b""
    if options.archive:
        read_archives(inputs, options.archive)
    return inputs


@contextmanager
def paused_gc(freeze: bool = False):
    """Pause the cyclic garbage collector while building millions of acyclic objects.

    Loading creates objects faster than the collector's thresholds expect, and it would walk
    them again and again for nothing: nothing here forms cycles, and reference counting frees
    it all the same. Measured: about an eighth of the load time at 100k claims. A process about
    to end may ``freeze`` what was built on the way out (keep it out of every later collection):
    the first collection after the pause would otherwise walk all of it once more, about 0.2 s
    at 100k claims.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if freeze:
                gc.freeze()
            gc.enable()


def build_report(options: Options, inputs: Inputs, cache: Cache | None, *, arithmetic: bool = True, prepare=None, beside=None) -> Report:
    """Load, check, and attach the reviews; raise AuditError on any load problem.

    ``arithmetic=False`` builds a report for formats that do not show the findings' arithmetic
    (see ``reporters.Format.arithmetic``): then it may be left unwritten, and asking for it fails.
    ``prepare`` is what the report's format writes of each finding where its rule runs (``reporters.Format.preparer``),
    ``beside`` what it needs done here while a forked child runs rules (``reporters.Format.beside``).
    """
    with paused_gc():
        return _build_report(options, inputs, cache, arithmetic, prepare, beside)


def _build_report(options: Options, inputs: Inputs, cache: Cache | None, arithmetic: bool, prepare=None, beside=None) -> Report:
    from jalapeno_audit.rules import RULES
    from jalapeno_audit.rules.engine import run_rules
    from jalapeno_audit.rules.verdicts import attach

    corpus = load_corpus(inputs, options.archive, tolerance=options.tolerance, cache=cache)
    reviews = load_reviews(reviews_path(options.paths), inputs.reviews)
    findings, notes = run_rules(corpus, RULES.values(), options.severity, arithmetic=arithmetic, prepare=prepare, beside=beside)
    attached = attach(findings, reviews)
    return Report(
        corpus, attached.findings, tuple(notes), fail_on=options.fail_on, verbose=options.verbose,
        stale=attached.stale, upgrades=attached.upgrades,
    )


def error_report(problems, options: Options) -> Report:
    return Report(None, errors=tuple(problems), fail_on=options.fail_on)



def upgrade_reviews(path: str, report: Report, seen: bytes | None) -> str:
    """Rewrite reviews.yaml in terms of disputes (``seen``: the bytes the report was built from)."""
    from jalapeno_audit.rules.reviews import rewrite_reviews
    from jalapeno_audit.rules.verdicts import upgraded_text

    if not report.upgrades:
        return f"nothing to upgrade in {path}"
    rewrite_reviews(path, seen, lambda text: upgraded_text(text, report.upgrades))
    merged = sum(1 for u in report.upgrades if u.merged_into is not None)
    return f"upgraded {len(report.upgrades) - merged} reviews, merged {merged} into them (kept as comments), in {path}"
