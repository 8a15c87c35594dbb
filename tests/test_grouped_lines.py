"""Arithmetic written once per distinct reading is the arithmetic written claim by claim.

``disputes.grouped`` describes each distinct key once when the rule gives a key (the claim's
``reading`` and whatever else its description depends on). Here every rule that groups lines
runs twice over each corpus, once with the keys and once describing every claim, and each
finding's arithmetic must come out the same, line for line.
"""

from __future__ import annotations

import dataclasses
import sys

import pytest

from jalapeno_audit.corpus.loader import load_corpus
from jalapeno_audit.corpus.model import PROVENANCE, Claim, reading
from jalapeno_audit.rules import RULES, attribution, condition_mismatch, disputes, engine, metric_conflation
from jalapeno_audit.text.numbers import parse_figure

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate

DISPUTES = ROOT / "tests" / "evalsets" / "disputes"
CALLERS = (disputes, condition_mismatch, metric_conflation, attribution)  # every module that calls grouped
GROUPED = disputes.grouped


def _arithmetic(corpus, monkeypatch, keyed: bool) -> tuple[list, list[bool]]:
    given: list[bool] = []

    def grouped(claims, describe, same=None):
        given.append(same is not None)
        return GROUPED(claims, describe, same if keyed else None)

    for module in CALLERS:
        monkeypatch.setattr(module, "grouped", grouped)
    monkeypatch.setattr(engine, "FORK_FROM_CLAIMS", 10**12)  # one process: the patch holds everywhere
    findings, _ = engine.run_rules(corpus, RULES.values())
    return [(f.fingerprint, f.arithmetic) for f in findings], given


def _same_both_ways(corpus, monkeypatch) -> int:
    keyed, given = _arithmetic(corpus, monkeypatch, keyed=True)
    unkeyed, _ = _arithmetic(corpus, monkeypatch, keyed=False)
    assert keyed == unkeyed
    assert all(given)  # every rule that groups lines gives a key
    return len(given)


@pytest.mark.parametrize("name", sorted(p.name for p in DISPUTES.iterdir() if p.is_dir()))
def test_keyed_lines_match_on_each_real_dispute(name, monkeypatch):
    folder = DISPUTES / name
    _same_both_ways(load_corpus([str(folder / "claims")], str(folder / "archive")), monkeypatch)


def test_keyed_lines_match_on_the_project_corpus(monkeypatch):
    assert _same_both_ways(load_corpus([str(ROOT / "claims")]), monkeypatch)


def test_keyed_lines_match_on_a_dense_generated_corpus(tmp_path, monkeypatch):
    generate(4000, tmp_path / "claims", dense=True)
    assert _same_both_ways(load_corpus([str(tmp_path / "claims")]), monkeypatch) > 100


def _claim(**changed) -> Claim:
    fields = {
        "source": "a", "id": "r", "path": "a.yaml", "line": 3, "quote": "1.4x faster", "by": "A", "kind": "ratio",
        "system": "jalapeno", "vs": "gb200", "model": "kimi-k2.5", "metric": "throughput", "figure": parse_figure("1.4"),
    }
    return Claim(**{**fields, **changed})


def test_provenance_names_claim_fields():
    assert PROVENANCE <= {f.name for f in dataclasses.fields(Claim)}


def test_a_reading_leaves_out_where_and_by_whom_only():
    claim = _claim()
    elsewhere = _claim(source="b", id="s", path="b.yaml", line=9, quote="1.4 times as fast", by="B", value_line=10)
    assert reading(elsewhere) == reading(claim)
    for changed in (
        {"figure": parse_figure("1.40")}, {"figure": parse_figure("1.4", exact=True), "exact": True}, {"approx": "about"},
        {"system": "gb300"}, {"vs": "h100"}, {"model": None}, {"models": ("a", "b"), "model": None}, {"metric": "latency"},
        {"at": (("software", "vllm"),)}, {"vs_at": (("precision", "fp8"),)}, {"aggregate": "average"}, {"evidence": "internal"},
        {"bounds": (parse_figure("1.4"), parse_figure("1.9")), "figure": None},
    ):
        assert reading(_claim(**changed)) != reading(claim), changed
