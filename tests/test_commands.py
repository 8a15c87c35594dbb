"""rules, explain, table (filters, pivot, CSV round trip) and the ClaimReview export."""

from __future__ import annotations

import io
import json

import pandas as pd
from typer.testing import CliRunner

from jalapeno_audit.cli import app
from jalapeno_audit.rules import RULES

from .conftest import ROOT, source_file

runner = CliRunner()


def test_rules_lists_every_rule_in_text_and_json():
    text = runner.invoke(app, ["rules"]).output.splitlines()
    assert [line.split()[0] for line in text] == list(RULES)
    assert text[2].split()[1] == "error"
    rows = json.loads(runner.invoke(app, ["rules", "--format", "json"]).output)
    assert rows[3] == {"id": "metric-conflation", "severity": "warning", "summary": "The same comparison given with different numbers under related metrics."}


def test_explain_prints_the_docstring_with_examples():
    result = runner.invoke(app, ["explain", "ratio-arithmetic"])
    assert result.exit_code == 0
    assert result.output.startswith("ratio-arithmetic (default severity: error)\n\nA stated ratio that does not follow")
    assert "Passes:" in result.output and "Fails:" in result.output
    unknown = runner.invoke(app, ["explain", "ratio-arithmatic"])
    assert unknown.exit_code == 2 and "did you mean 'ratio-arithmetic'" in unknown.output


def test_every_rule_documents_a_pass_and_a_fail():
    for rule in RULES.values():
        assert "Passes:" in rule.__doc__ and "Fails:" in rule.__doc__, rule.ID


PIVOT_CORPUS = {
    "a.yaml": source_file("a", [
        {"id": "r", "quote": "1.9x", "system": "jalapeno", "vs": "gb200", "model": "gpt-oss-120b", "metric": "throughput-per-kw", "ratio": 1.9},
        {"id": "v", "quote": "85,448", "system": "jalapeno", "model": "gpt-oss-120b", "metric": "throughput-per-kw", "value": 85448},
    ]),
    "b.yaml": source_file("b", [
        {"id": "r", "quote": "about 1.9 times", "system": "jalapeno", "vs": "gb200", "model": "gpt-oss-120b", "metric": "throughput-per-kw", "ratio": 1.9, "approx": "about"},
        {"id": "k", "quote": "3.4x", "system": "jalapeno", "vs": "gb300", "model": "kimi-k2.5", "metric": "e2e-latency", "ratio": 3.4},
    ]),
}


def test_table_pivot_shows_each_source_side_by_side(corpus_dir):
    directory = corpus_dir(PIVOT_CORPUS)
    result = runner.invoke(app, ["table", str(directory), "--pivot", "--format", "csv"])
    frame = pd.read_csv(io.StringIO(result.output), dtype=str, keep_default_na=False)
    assert list(frame.columns) == ["system", "vs", "model", "metric", "conditions", "a", "b"]
    row = frame[(frame["vs"] == "gb200")].iloc[0].to_dict()
    assert row == {"system": "jalapeno", "vs": "gb200", "model": "gpt-oss-120b", "metric": "throughput-per-kw", "conditions": "", "a": "1.9x", "b": "about 1.9x"}
    assert len(frame) == 3


def test_table_filters_and_formats(corpus_dir):
    directory = corpus_dir(PIVOT_CORPUS)
    csv = runner.invoke(app, ["table", str(directory), "--model", "kimi-k2.5", "--format", "csv"]).output
    frame = pd.read_csv(io.StringIO(csv), dtype=str, keep_default_na=False)
    assert frame["id"].tolist() == ["k"]
    # The CSV round-trips through pandas unchanged.
    assert frame.to_csv(index=False, lineterminator="\n") == csv
    by_system = runner.invoke(app, ["table", str(directory), "--system", "gb200", "--format", "csv"]).output
    assert pd.read_csv(io.StringIO(by_system))["id"].tolist() == ["r", "r"]
    markdown = runner.invoke(app, ["table", str(directory), "--pivot", "--format", "markdown"]).output
    assert markdown.splitlines()[0] == "| system | vs | model | metric | conditions | a | b |"
    bad = runner.invoke(app, ["table", str(directory), "--metric", "latency"])
    assert bad.exit_code == 2 and "is not in the catalog" in bad.output


def test_claimreview_export_of_the_real_corpus():
    result = runner.invoke(app, ["check", str(ROOT / "claims"), "--format", "claimreview"])
    items = json.loads(result.output)
    assert items, "the project's findings are reviewed, so they are exported"
    kinds = {item["reviewRating"]["alternateName"] for item in items}
    assert kinds <= {"confirmed", "explained", "false-positive"}
    first = items[0]
    assert first["@context"] == "https://schema.org" and first["@type"] == "ClaimReview"
    assert first["itemReviewed"]["@type"] == "Claim"
    assert set(first["itemReviewed"]) == {"@type", "author", "appearance"}
    assert first["author"] == {"@type": "Organization", "name": "jalapeno-audit"}
    quotes = {item["claimReviewed"] for item in items}
    assert "Interactive workloads\t2.1–4.1x higher performance".replace("\t", " ") in quotes
