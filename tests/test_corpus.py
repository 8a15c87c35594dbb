"""The real Jalapeño corpus: every finding a careful reader expects, and nothing else."""

from __future__ import annotations

import pytest

from jalapeno_audit.corpus.loader import load_corpus
from jalapeno_audit.rules import RULES
from jalapeno_audit.rules.engine import run_rules

from .conftest import ROOT, SHARED_SOURCES

EXPLAINER, CARD = "jalapeno-explainer", "jalapeno-news-card"

EXPECTED = {
    # The card's quick facts give 2.1–4.1x for interactive workloads; the per-model per-user
    # speed-ups are 2.73 (GPT-OSS), 4.14 (DeepSeek R1) and 3.81 (Kimi K2.5): none is near 2.1.
    ("range-bounds", "warning", f"{CARD}/facts-interactive-range"),
    # 3.4x is Kimi K2.5's end-to-end latency gain; 3.8x (prose and table) is its per-user decode
    # speed gain: one dispute, two camps.
    ("metric-conflation", "warning", f"{CARD}/kimi-e2e-latency", f"{EXPLAINER}/kimi-user-speed-ratio", f"{EXPLAINER}/table-kimi-user-speed-ratio"),
    # 1.7–3.6x is an end-to-end latency range, 2.1–4.1x a per-user speed range.
    ("metric-conflation", "warning", f"{CARD}/facts-interactive-range", f"{CARD}/specs-latency-range"),
    # The card's lead measures "than the comparison systems", OpenAI's "leading commercially
    # available AI systems", while the same ranges elsewhere are against Nvidia Blackwell. The
    # per-watt range is one dispute of three claims in two camps.
    ("comparator-mismatch", "warning", f"{CARD}/lead-per-watt-range", f"{EXPLAINER}/summary-per-watt-range", f"{CARD}/specs-per-watt-range"),
    ("comparator-mismatch", "warning", f"{CARD}/lead-latency-range", f"{CARD}/specs-latency-range"),
    # The card's headline "1.9x more work per watt" (no model, against the comparison systems) is
    # GPT-OSS 120B's figure against the GB200: a claim with no model meets one model's figure.
    ("comparator-mismatch", "warning", f"{CARD}/headline-per-watt", f"{EXPLAINER}/intro-gptoss-per-kw-ratio", f"{EXPLAINER}/table-gptoss-per-kw-ratio", f"{EXPLAINER}/gptoss-per-kw-ratio-restated"),
    # Kimi K2.5's 1.5x per kW is against the GB300; the card sets it against the whole Blackwell family.
    ("comparator-mismatch", "warning", f"{CARD}/kimi-per-watt", f"{EXPLAINER}/table-kimi-per-kw-ratio"),
    # "its advantage widened further on frontier OpenAI models in internal testing".
    ("unsupported", "info", f"{CARD}/frontier-models-internal"),
    # The per-kW figures are normalised by rated power (700 W vs 1,200/1,400 W) while the chip
    # was measured at 550 W or less; the raw throughput ratios are far smaller.
    ("normalization-basis", "info", "gpt-oss-120b"),
    ("normalization-basis", "info", "deepseek-r1"),
    ("normalization-basis", "info", "kimi-k2.5"),
}


@pytest.fixture(scope="module")
def checked():
    archive = str(SHARED_SOURCES) if SHARED_SOURCES.is_dir() else None
    corpus = load_corpus([str(ROOT / "claims")], archive)
    return corpus, *run_rules(corpus, RULES.values())


def _key(finding):
    if finding.rule == "normalization-basis":
        return (finding.rule, finding.severity, finding.claims[0].model)
    if finding.rule == "range-bounds":  # the range itself; its members follow it
        return (finding.rule, finding.severity, finding.claim_ids[0])
    return (finding.rule, finding.severity, *sorted(finding.claim_ids))


def test_exactly_the_expected_findings(checked):
    _, findings, _ = checked
    assert {_key(f) for f in findings} == {(k[0], k[1], *sorted(k[2:])) if k[0] != "normalization-basis" else k for k in EXPECTED}
    assert len(findings) == len(EXPECTED)


def test_a_normalisation_shows_the_products_and_ratios_of_the_figures_as_written(checked):
    """Kimi K2.5 at 182 tokens/sec per user: 6,744 against 120 per kW, which a reader redoes as 6744/120 = 56.2 and
    6744 x 0.7 / (120 x 1.4) = 28.1; the intervals beside them are what rounding allows ("120" may be 115 to 125)."""
    _, findings, _ = checked
    (kimi,) = [f for f in findings if f.rule == "normalization-basis" and f.claims[0].model == "kimi-k2.5"]
    line = "; ".join(kimi.arithmetic)
    assert "jalapeno 18195 x 700 W = 12,737 tok/s; gb300 11862 x 1400 W = 16,607 tok/s; raw ratio 0.767x" in line
    assert "jalapeno 6744 x 700 W = 4,721 tok/s; gb300 120 x 1400 W = 168 tok/s; raw ratio 28.1x [26.945, 29.355] against per-kW ratio 56.2x" in line


def test_the_rounding_traps_stay_silent(checked):
    _, findings, notes = checked
    traps = {f"{EXPLAINER}/iso-deepseek-ratio", f"{EXPLAINER}/iso-kimi-ratio", f"{EXPLAINER}/iso-gptoss-ratio", f"{EXPLAINER}/iso-deepseek-ratio-teaser"}
    flagged = {cid for f in findings if f.rule != "normalization-basis" for cid in f.claim_ids}
    assert not traps & flagged
    explained = {n.claims[0].full_id for n in notes}
    assert {f"{EXPLAINER}/iso-deepseek-ratio", f"{EXPLAINER}/iso-kimi-ratio"} <= explained


def test_quotes_are_verified_against_the_archive(checked):
    corpus, _, _ = checked
    if not SHARED_SOURCES.is_dir():
        pytest.skip("the archived source texts are not beside this checkout")
    assert set(corpus.archive_texts) == {EXPLAINER, CARD}


def test_fingerprints_are_unique_and_reports_deterministic(checked):
    corpus, findings, _ = checked
    assert len({f.fingerprint for f in findings}) == len(findings)
    again, _ = run_rules(corpus, RULES.values())
    assert [f.fingerprint for f in again] == [f.fingerprint for f in findings]
