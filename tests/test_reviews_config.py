"""Reviews (add, refuse, replace, stale), atomic writes, and configuration precedence."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from jalapeno_audit.cli import app
from jalapeno_audit.fileio import write_atomic

from .conftest import source_file

runner = CliRunner()

CLAIMS = [
    {"id": "j", "quote": "1,459", "system": "jalapeno", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "value": 1459},
    {"id": "g", "quote": "535", "system": "gb200", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "value": 535},
    {"id": "r", "quote": "2.2x", "system": "jalapeno", "vs": "gb200", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "ratio": 2.2},
]


def fingerprint(directory) -> str:
    result = runner.invoke(app, ["check", str(directory), "--format", "json"])
    return json.loads(result.output)["findings"][0]["fingerprint"]


def review(directory, *args):
    return runner.invoke(app, ["review", *args, "--corpus", str(directory)])


def test_review_round_trip(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    reviews = directory / "reviews.yaml"
    reviews.write_text("# kept: a comment the tool must not touch\n")
    found = fingerprint(directory)
    assert runner.invoke(app, ["check", str(directory)]).exit_code == 1

    added = review(directory, found, "--verdict", "confirmed", "--note", 'The writer divided wrong: "2.2x"', "--by", "reviewer-a")
    assert added.exit_code == 0, added.output
    text = reviews.read_text()
    assert text.startswith("# kept: a comment the tool must not touch\n- finding: ")
    assert 'note: "The writer divided wrong: \\"2.2x\\""' in text
    assert runner.invoke(app, ["check", str(directory)]).exit_code == 0

    again = review(directory, found, "--verdict", "explained", "--note", "second")
    assert again.exit_code == 2 and "already reviewed (confirmed); use --replace" in again.output
    assert reviews.read_text() == text

    replaced = review(directory, found, "--verdict", "explained", "--note", "second look", "--replace")
    assert replaced.exit_code == 0
    new_text = reviews.read_text()
    assert new_text.startswith("# kept: a comment the tool must not touch\n")
    assert "second look" in new_text and "divided wrong" not in new_text and new_text.count("- finding:") == 1

    report = json.loads(runner.invoke(app, ["check", str(directory), "--format", "json"]).output)
    assert report["findings"][0]["review"]["verdict"] == "explained"
    assert report["summary"]["unreviewed"] == 0

    # Fix the claim: the review goes stale, with a warning.
    corpus_dir({"a.yaml": source_file("a", [*CLAIMS[:2], dict(CLAIMS[2], ratio=2.7, quote="2.7x")])})
    stale = runner.invoke(app, ["check", str(directory), "--fail-on", "warning"], env={"NO_COLOR": "1", "COLUMNS": "400"})
    assert stale.exit_code == 1
    assert f"review of {found} names a finding that no longer occurs" in stale.output


def test_review_refuses_unknown_fingerprints_and_verdicts(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    found = fingerprint(directory)
    unknown = review(directory, found[:-1] + "0", "--verdict", "confirmed", "--note", "x")
    assert unknown.exit_code == 2 and f"did you mean '{found}'" in unknown.output
    bad = review(directory, found, "--verdict", "confirm", "--note", "x")
    assert bad.exit_code == 2 and "did you mean 'confirmed'" in bad.output
    assert not (directory / "reviews.yaml").exists()


def test_malformed_reviews_file_is_a_load_error(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS), "reviews.yaml": "- finding: x\n  verdict: maybe\n  note: n\n  notes: m\n"})
    result = runner.invoke(app, ["check", str(directory)])
    assert result.exit_code == 2
    assert "reviews.yaml:2: verdict 'maybe' is not one of confirmed, explained, false-positive" in result.output
    assert "reviews.yaml:4: unknown field 'notes' in review (did you mean 'note'?)" in result.output


def test_atomic_write_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "report.md"
    target.write_text("previous report\n")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(str(target), "new report\n")
    assert target.read_text() == "previous report\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.md"]  # no temporary file left behind


def test_output_failure_exits_2_and_keeps_the_old_file(corpus_dir, tmp_path):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    result = runner.invoke(app, ["check", str(directory), "--output", str(tmp_path / "missing-dir" / "r.md")])
    assert result.exit_code == 2
    assert "cannot write" in result.output


def test_config_file_then_command_line(corpus_dir, tmp_path):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    (tmp_path / "audit.toml").write_text('fail-on = "never"\ntolerance = "10%"\n[severity]\nratio-arithmetic = "warning"\n')
    assert runner.invoke(app, ["check", str(directory)]).exit_code == 0  # fail-on never from the file
    assert runner.invoke(app, ["check", str(directory), "--fail-on", "warning"]).exit_code == 1  # the command line wins
    shown = runner.invoke(app, ["config", str(directory)]).output
    assert f"configuration file: {tmp_path / 'audit.toml'}" in shown
    assert "fail-on    never" in shown and "tolerance  0.1" in shown and "ratio-arithmetic=warning" in shown


def test_pyproject_table_is_found_walking_up(corpus_dir, tmp_path):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.jalapeno-audit]\nfail-on = "never"\n')
    assert runner.invoke(app, ["check", str(directory)]).exit_code == 0
    assert "[tool.jalapeno-audit]" in runner.invoke(app, ["config", str(directory)]).output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('fail-on = "warn"\n', "audit.toml:1: fail-on 'warn' is not one of error, warning, info, never (did you mean 'warning'?)"),
        ('\nfial-on = "error"\n', "audit.toml:2: unknown configuration key 'fial-on' (did you mean 'fail-on'?)"),
        ("[severity]\nratio-arithmetc = 'info'\n", "audit.toml:2: unknown rule 'ratio-arithmetc' in severity (did you mean 'ratio-arithmetic'?)"),
        ("tolerance = 2\n", "audit.toml:1: tolerance 2 must be a fraction between 0 and 1 (0.05) or a percentage ('5%')"),
        ("fail-on = \n", "audit.toml:1: invalid TOML"),
    ],
)
def test_config_errors_name_the_file_and_line(corpus_dir, tmp_path, text, message):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    (tmp_path / "audit.toml").write_text(text)
    result = runner.invoke(app, ["check", str(directory)])
    assert result.exit_code == 2
    assert f"{tmp_path}/{message}" in result.output
