"""The real-dispute evaluation set: each dispute's gold findings found, its forbidden ones absent.

Each folder of tests/evalsets/disputes/ holds one dispute from public coverage: the archived
passages, one claim file per article, and expected.yaml with the findings a careful reader
expects (``expected``) and the pairs that must stay silent (``forbidden``), written from the
texts before the tool was run. An expected entry is found when one finding of its rule holds all
its claims, and, for a dispute of several groups, at least two of them conflict (no group holds
both). A forbidden entry is raised when a finding of its rule (``any``: of any rule) holds all
its claims in that sense. The held-out dispute is scored last and reported; the goal is asserted
on the others.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from jalapeno_audit.corpus.loader import load_corpus
from jalapeno_audit.rules import RULES
from jalapeno_audit.rules.engine import Finding, run_rules

DISPUTES = Path(__file__).parent / "evalsets" / "disputes"
HELD_OUT = "ascend910c-cloudmatrix384"
#: Quote-mismatch findings on figure spellings the quote check cannot read yet ("95-170 percent
#: of", "nearly doubles", glued table digits): counted as reader gaps, not as false findings,
#: until the shared figure reader lands. Remove the rule from this set then.
#: Findings that say the quote check could not read a figure that is there (or a quote not in its
#: archive): none may remain now that the quote check and the scaffold share one figure reader.
READER_GAP_RULES = frozenset({"quote-mismatch"})
#: dispute -> (expected found, expected total, forbidden raised, reader gaps), for the summary
SCORES: dict[str, tuple[int, int, list[str], int]] = {}


def _order() -> list[str]:
    names = sorted(p.name for p in DISPUTES.iterdir() if p.is_dir())
    return [n for n in names if n != HELD_OUT] + [HELD_OUT]


def holds(finding: Finding, claim_ids: list[str]) -> bool:
    """The finding holds every claim, and (for a dispute of several groups) some two of them conflict."""
    if not set(claim_ids) <= set(finding.claim_ids):
        return False
    if len(finding.groups) <= 1 or len(claim_ids) < 2:
        return True
    groups = [{c.full_id for c in group} for group in finding.groups]
    pairs = [(a, b) for i, a in enumerate(claim_ids) for b in claim_ids[i + 1 :]]
    return any(not any(a in g and b in g for g in groups) for a, b in pairs)


def score(name: str):
    folder = DISPUTES / name
    corpus = load_corpus([str(folder / "claims")], str(folder / "archive"))
    findings, _ = run_rules(corpus, RULES.values())
    gold = yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8"))
    missed = [e for e in gold["expected"] if not any(f.rule == e["rule"] and holds(f, e["claims"]) for f in findings)]
    raised = [
        f"{f.rule} on {', '.join(e['claims'])}"
        for e in gold["forbidden"]
        for f in findings
        if e["rule"] in ("any", f.rule) and holds(f, e["claims"])
    ]
    gaps = sum(1 for f in findings if f.rule in READER_GAP_RULES)
    total = len(gold["expected"])
    SCORES[name] = (total - len(missed), total, raised, gaps)
    return missed, raised, gaps


@pytest.mark.parametrize("name", [n for n in _order() if n != HELD_OUT])
def test_dispute_scores_every_expected_finding_and_no_forbidden_one(name):
    missed, raised, gaps = score(name)
    assert [(e["rule"], e["claims"]) for e in missed] == []
    assert raised == []
    assert gaps == 0  # every quote is in its archive and every figure is read in it


def test_held_out_dispute_is_scored_last():
    """Held out from tuning; it passes on its own, so it is asserted like the others."""
    missed, raised, gaps = score(HELD_OUT)
    assert [(e["rule"], e["claims"]) for e in missed] == []
    assert raised == []
    assert gaps == 0


def test_holds_needs_a_conflict_inside_a_dispute():
    """Two claims in one camp of a dispute are not the finding a gold entry names."""
    folder = DISPUTES / "gaudi3-vs-h100"
    corpus = load_corpus([str(folder / "claims")], str(folder / "archive"))
    findings, _ = run_rules(corpus, [RULES["value-mismatch"]])
    (dispute,) = [f for f in findings if "theregister-gaudi3/inference-1-3x-avg" in f.claim_ids and "forexlive-gaudi3/inference-50-avg" in f.claim_ids]
    assert holds(dispute, ["theregister-gaudi3/inference-1-3x-avg", "forexlive-gaudi3/inference-50-avg"])
    assert not holds(dispute, ["forexlive-gaudi3/inference-50-avg", "brownstone-gaudi3/inference-50-avg"])
