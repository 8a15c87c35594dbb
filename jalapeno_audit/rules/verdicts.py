"""Reviews meet findings: by fingerprint, carried over from earlier fingerprints, re-opened by new claims.

A review names a finding by its fingerprint and records the claims the finding had then. When a
claim joins a reviewed dispute, the finding keeps the verdict, names the added claims, and
counts as unreviewed until it is reviewed again: new coverage of a known dispute is looked at,
not waved through.

Reviews written before findings were disputes name a pair of claims (or, for other rules, every
claim of the finding). Such a review is carried over to the dispute that now holds its claims;
several pairwise reviews of one dispute together cover the claims they named. ``audit review
--upgrade`` rewrites them as reviews of the disputes; until then `audit check` says an upgrade is
due. A review that meets no finding either way is stale.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from jalapeno_audit.rules.engine import Finding, fingerprint
from jalapeno_audit.rules.reviews import Review, claims_line, split_lines


@dataclass(frozen=True, slots=True)
class Upgrade:
    """An earlier review carried over to a dispute: what `audit review --upgrade` rewrites."""

    review: Review  # the entry as it stands in reviews.yaml
    fingerprint: str  # the dispute's fingerprint
    claims: tuple[str, ...]  # the dispute's claims that the entry (with its siblings) covered
    merged_into: Review | None = None  # set when an earlier entry already carries this dispute


@dataclass(frozen=True, slots=True)
class Attached:
    findings: tuple[Finding, ...]
    stale: tuple[Review, ...]  # reviews whose finding no longer occurs
    upgrades: tuple[Upgrade, ...]  # reviews matched only through an earlier fingerprint


def attach(findings, reviews: dict[str, Review]) -> Attached:
    """Each finding with its review (and the claims added since), the stale reviews, the upgrades due."""
    by_fingerprint = {f.fingerprint: f for f in findings}
    unmatched = [r for r in sorted(reviews.values(), key=lambda r: r.line) if r.finding not in by_fingerprint]
    carried: dict[str, list[tuple[Review, tuple[str, ...]]]] = {}
    stale = []
    if unmatched:
        legacy = _legacy_index(findings, {r.finding.split(":", 1)[0] for r in unmatched})
        for entry in unmatched:
            match = legacy.get(entry.finding)
            if match is None or match[0].fingerprint in reviews:
                stale.append(entry)
            else:
                carried.setdefault(match[0].fingerprint, []).append((entry, match[1]))
    result = []
    upgrades: list[Upgrade] = []
    for finding in findings:
        review = reviews.get(finding.fingerprint)
        seen: tuple[str, ...] = review.claims if review is not None else ()
        if review is None and finding.fingerprint in carried:
            entries = carried[finding.fingerprint]
            covered = tuple(dict.fromkeys(claim for _, ids in entries for claim in ids))
            first = entries[0][0]
            review = dataclasses.replace(first, claims=covered)
            seen = covered
            for index, (entry, _) in enumerate(entries):
                upgrades.append(Upgrade(entry, finding.fingerprint, covered, None if index == 0 else first))
        if review is not None:
            added = tuple(c for c in finding.claim_ids if seen and c not in seen)
            finding = dataclasses.replace(finding, review=review, added_since_review=added)
        result.append(finding)
    return Attached(tuple(result), tuple(stale), tuple(upgrades))


def _legacy_index(findings, rules: set[str]) -> dict[str, tuple[Finding, tuple[str, ...]]]:
    """Earlier fingerprint -> (the finding that now holds its claims, those claims).

    Built only for the rules some unmatched review names: pairs of a dispute are many.
    """
    index: dict[str, tuple[Finding, tuple[str, ...]]] = {}
    for finding in findings:
        if finding.rule not in rules:
            continue
        ids = finding.claim_ids
        index.setdefault(fingerprint(finding.rule, ids), (finding, tuple(ids)))
        if finding.is_dispute:
            for i, a in enumerate(ids):
                for b in ids[i + 1:]:
                    index.setdefault(fingerprint(finding.rule, (a, b)), (finding, (a, b)))
    return index


def upgraded_text(text: str, upgrades) -> str:
    """reviews.yaml with earlier fingerprints rewritten as the disputes' own, comments and order kept.

    The first review of a dispute takes the dispute's fingerprint and a ``claims:`` line naming
    what it covered; later reviews of the same dispute are kept as comments under a line saying
    where they went, so no note is lost.
    """
    found = re.search(r"\r\n|\r|\n", text)
    newline = found.group() if found else "\n"
    lines = split_lines(text)
    for upgrade in sorted(upgrades, key=lambda u: u.review.line, reverse=True):
        start, end = upgrade.review.line - 1, upgrade.review.end_line
        if upgrade.merged_into is not None:
            body = [("# " + line if line.strip() else line) for line in lines[start:end]]
            if body and not body[-1].endswith(("\n", "\r")):
                body[-1] += newline
            note = f"# merged into {upgrade.fingerprint} by `audit review --upgrade` (the review at line {upgrade.merged_into.line} covers it):{newline}"
            lines[start:end] = [note, *body]
            continue
        lines[start] = lines[start].replace(upgrade.review.finding, upgrade.fingerprint, 1)
        if not lines[end - 1].endswith(("\n", "\r")):
            lines[end - 1] += newline
        lines.insert(end, claims_line(upgrade.claims) + newline)
    return "".join(lines)
