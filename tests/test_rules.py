"""Every rule against its named pass/fail cases in tests/rules/<rule>.yaml.

Each case lists the claims of one or more sources and the exact findings expected from that
rule alone: severity, message and claim ids, and the groups (camps) where the case gives them.
An empty list means the rule must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from jalapeno_audit.corpus.loader import load_corpus
from jalapeno_audit.rules import RULES
from jalapeno_audit.rules.engine import run_rules

from .conftest import source_file

CASE_DIR = Path(__file__).parent / "rules"


def _cases():
    for path in sorted(CASE_DIR.glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in document["cases"]:
            yield pytest.param(document["rule"], case, id=f"{document['rule']}:{case['name']}")


def test_every_rule_has_cases():
    covered = {yaml.safe_load(p.read_text(encoding="utf-8"))["rule"] for p in CASE_DIR.glob("*.yaml")}
    assert covered == set(RULES)


@pytest.mark.parametrize(("rule_id", "case"), list(_cases()))
def test_rule_case(rule_id, case, tmp_path):
    directory = tmp_path / "claims"
    directory.mkdir()
    if "catalog" in case:
        (directory / "catalog.yaml").write_text(yaml.safe_dump(case["catalog"]), encoding="utf-8")
    for source_id, claims in case["sources"].items():
        (directory / f"{source_id}.yaml").write_text(source_file(source_id, claims, **case.get("source_fields", {}).get(source_id, {})), encoding="utf-8")
    archive = None
    if "archive" in case:
        archive = tmp_path / "archive"
        archive.mkdir()
        for name, text in case["archive"].items():
            (archive / name).write_text(text, encoding="utf-8")
    corpus = load_corpus([str(directory)], str(archive) if archive else None)
    findings, _ = run_rules(corpus, [RULES[rule_id]])
    got = []
    for finding, expected in zip(findings, case["expect"] + [{}] * len(findings), strict=False):
        item = {"severity": finding.severity, "message": finding.message, "claims": finding.claim_ids}
        if "groups" in expected:  # camps, each as claim ids, when the case states them
            item["groups"] = [[c.full_id for c in group] for group in finding.groups]
        got.append(item)
    assert got == case["expect"]
