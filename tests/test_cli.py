"""The command line: exit codes, formats, escaping, errors without tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from typer.testing import CliRunner

from jalapeno_audit.cli import app

from .conftest import ROOT, source_file

runner = CliRunner()

GOOD = [
    {"id": "j", "quote": "1,459 tokens/sec", "system": "jalapeno", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "value": 1459},
    {"id": "g", "quote": "535 for the GB200", "system": "gb200", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "value": 535},
]
WRONG_RATIO = {"id": "r", "quote": "2.2 times faster", "system": "jalapeno", "vs": "gb200", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "ratio": 2.2}


def test_clean_corpus_exits_0(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", GOOD)})
    result = runner.invoke(app, ["check", str(directory)])
    assert result.exit_code == 0, result.output
    assert "0 findings" in result.output


def test_findings_exit_1_and_fail_on_never_exits_0(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", [*GOOD, WRONG_RATIO])})
    result = runner.invoke(app, ["check", str(directory)])
    assert result.exit_code == 1
    assert "[ratio-arithmetic] 2.2x per-user decode speed" in result.output
    assert runner.invoke(app, ["check", str(directory), "--fail-on", "never"]).exit_code == 0


def test_severity_override(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", [*GOOD, WRONG_RATIO])})
    result = runner.invoke(app, ["check", str(directory), "--severity", "ratio-arithmetic=info"])
    assert result.exit_code == 0
    assert "INFO (1)" in result.output
    result = runner.invoke(app, ["check", str(directory), "--severity", "ratio-arithmatic=info"])
    assert result.exit_code == 2
    assert "unknown rule 'ratio-arithmatic' (did you mean 'ratio-arithmetic'?)" in result.output


def test_malformed_file_exits_2_naming_file_and_line(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", GOOD), "b.yaml": "source:\n  id: b\n  title: [unclosed\n"})
    result = runner.invoke(app, ["check", str(directory)])
    assert result.exit_code == 2
    assert f"{directory}/b.yaml:4: invalid YAML" in result.output
    assert "Traceback" not in result.output


def test_json_report_has_the_spec_shape(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", [*GOOD, WRONG_RATIO])})
    result = runner.invoke(app, ["check", str(directory), "--format", "json"])
    document = json.loads(result.output)
    assert set(document) == {"version", "summary", "findings", "errors"}
    assert document["summary"] == {"sources": 1, "claims": 3, "findings": {"error": 1, "warning": 0, "info": 0}, "unreviewed": 1}
    [finding] = document["findings"]
    assert document["version"] == 2
    assert set(finding) == {"rule", "severity", "fingerprint", "message", "claims", "groups", "intervals", "review", "added_since_review"}
    assert finding["claims"] == ["a/r", "a/j", "a/g"]
    assert finding["groups"] == [["a/r", "a/j", "a/g"]]  # not a dispute: one group of all its claims
    assert finding["added_since_review"] == []
    assert finding["fingerprint"].startswith("ratio-arithmetic:")


def test_json_carries_load_errors(corpus_dir):
    directory = corpus_dir({"a.yaml": "source: {id: a}\n"})
    result = runner.invoke(app, ["check", str(directory), "--format", "json"])
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    assert document["errors"][0]["line"] == 1


def test_reports_are_byte_identical_across_runs(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", [*GOOD, WRONG_RATIO])})
    runs = [runner.invoke(app, ["check", str(directory), "-v"]).output for _ in range(2)]
    assert runs[0] == runs[1]


def test_quoted_text_is_never_rich_markup(corpus_dir):
    hostile = dict(WRONG_RATIO, quote="[bold red]2.2[/] times [link=http://x]faster[/link]")
    directory = corpus_dir({"a.yaml": source_file("a", [*GOOD, hostile])})
    result = runner.invoke(app, ["check", str(directory)], env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert "[bold red]2.2[/] times [link=http://x]faster[/link]" in result.output
    assert "\x1b[" not in result.output


def test_verbose_lists_what_holds_only_thanks_to_rounding(corpus_dir):
    claims = [
        {"id": "j", "quote": "12,258", "system": "jalapeno", "model": "deepseek-r1", "metric": "throughput-per-kw", "value": 12258},
        {"id": "g", "quote": "118", "system": "gb300", "model": "deepseek-r1", "metric": "throughput-per-kw", "value": 118},
        {"id": "r", "quote": "104.3x", "system": "jalapeno", "vs": "gb300", "model": "deepseek-r1", "metric": "throughput-per-kw", "ratio": 104.3},
    ]
    directory = corpus_dir({"a.yaml": source_file("a", claims)})
    result = runner.invoke(app, ["check", str(directory), "-v"], env={"COLUMNS": "300"})
    assert result.exit_code == 0
    assert "a/r: 12258/118 = 103.88 against a stated 104.3x: consistent thanks to rounding, because the interval is [103.44, 104.33]" in result.output


def test_output_file_is_written(corpus_dir, tmp_path):
    directory = corpus_dir({"a.yaml": source_file("a", GOOD)})
    target = tmp_path / "report.json"
    target.write_text("old")
    result = runner.invoke(app, ["check", str(directory), "--format", "json", "--output", str(target)])
    assert result.exit_code == 0
    assert json.loads(target.read_text())["summary"]["claims"] == 2


def test_claims_table_text_and_csv(corpus_dir):
    import io

    import pandas as pd

    directory = corpus_dir({"a.yaml": source_file("a", [*GOOD, WRONG_RATIO])})
    text = runner.invoke(app, ["claims", str(directory)], env={"COLUMNS": "200"})
    assert text.exit_code == 0
    assert "3 claims from 1 sources" in text.output
    csv = runner.invoke(app, ["claims", str(directory), "--format", "csv"])
    frame = pd.read_csv(io.StringIO(csv.output), dtype=str, keep_default_na=False)
    assert list(frame.columns) == ["source", "id", "system", "vs", "model", "metric", "figure", "conditions"]
    assert frame.loc[2].to_dict() == {"source": "a", "id": "r", "system": "jalapeno", "vs": "gb200", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "figure": "2.2x", "conditions": ""}


def test_bad_option_values_exit_2():
    assert runner.invoke(app, ["check", "--format", "jsn"]).exit_code == 2
    assert runner.invoke(app, ["check", "--fail-on", "warn"]).exit_code == 2
    assert runner.invoke(app, ["check", "no-such-dir"]).exit_code == 2


def test_console_script_on_the_real_corpus():
    args = [sys.executable, "-m", "jalapeno_audit", "check", str(ROOT / "claims"), "--format", "json"]
    shared = ROOT.parent / "shared" / "sources"
    if shared.is_dir():
        args += ["--archive", str(shared)]
    result = subprocess.run(args, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)["summary"]
    assert summary["sources"] == 2 and summary["claims"] >= 60
    assert summary["findings"]["error"] == 0


def test_internal_errors_are_one_line(monkeypatch, capsys):
    import pytest

    from jalapeno_audit import cli

    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("jalapeno_audit.rules.engine.run_rules", boom)
    monkeypatch.setattr(sys, "argv", ["audit", "check", str(ROOT / "claims")])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == "audit: internal error: RuntimeError: boom\n"


def test_the_program_ends_with_its_report_whole_and_its_exit_code(tmp_path):
    """The program leaves without tearing the report down: every byte still reaches a pipe first."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import generate

    corpus = tmp_path / "claims"
    generate(3000, corpus, dense=True)
    for output_format in ("text", "json"):
        args = [sys.executable, "-m", "jalapeno_audit", "check", str(corpus), "--format", output_format, "--no-cache"]
        piped = subprocess.run(args, capture_output=True, text=True, check=False)
        in_process = runner.invoke(app, args[3:])
        assert piped.returncode == in_process.exit_code == 1  # the planted disagreements fail the check
        assert piped.stdout == in_process.output and len(piped.stdout) > 100_000


def test_a_report_reaches_stdout_whole_in_any_encoding_and_from_the_cache(corpus_dir, tmp_path):
    """The report is encoded once, as UTF-8: written as bytes to a UTF-8 stdout, decoded for any other."""
    directory = corpus_dir({"a.yaml": source_file("a", [*GOOD, {**WRONG_RATIO, "quote": "2.2 times faster, says Jalapeño’s maker"}])})
    args = [sys.executable, "-m", "jalapeno_audit", "check", str(directory), "--format", "markdown", "--fail-on", "never", "--cache-dir", str(tmp_path / "cache")]
    expected = runner.invoke(app, [*args[3:-2], "--no-cache"]).output
    assert "Jalapeño’s" in expected  # something beyond ASCII to encode
    for encoding in ("utf-8", "utf-16", "utf-8"):  # the last run reads the report from the cache
        result = subprocess.run(args, capture_output=True, check=False, env={**os.environ, "PYTHONIOENCODING": encoding})
        assert result.returncode == 0, result.stderr
        assert result.stdout.decode(encoding) == expected
