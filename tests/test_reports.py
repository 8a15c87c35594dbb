"""Reports for people and CI: golden files with hostile text, SARIF schema, annotations.

Set UPDATE_GOLDEN=1 to rewrite the golden files after an intended change, then read the diff.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from jalapeno_audit.cli import app
from jalapeno_audit.reporters import FORMATS

HERE = Path(__file__).parent
FIXTURE = HERE / "fixtures" / "hostile"
GOLDEN = HERE / "golden"
runner = CliRunner()


@pytest.fixture
def in_fixture(monkeypatch):
    monkeypatch.chdir(FIXTURE)


def run_check(*args: str, env: dict | None = None):
    return runner.invoke(app, ["check", "claims", "--fail-on", "never", *args], env={"NO_COLOR": "1", "COLUMNS": "120", **(env or {})})


def _without_charts(page: str) -> str:
    """An HTML page with each chart's drawing left out: matplotlib's SVG may change with its version.

    The marks (their links and quotes) stay: they are this project's output, not the library's.
    """
    return re.sub(r"<svg .*?</svg>", lambda m: "<svg>" + "".join(re.findall(r'<a xlink:href[^>]*><title>[^<]*</title>', m.group())) + "</svg>", page, flags=re.S)


@pytest.mark.parametrize("output_format", sorted(FORMATS))
def test_golden(in_fixture, output_format):
    result = run_check("--format", output_format, "-v")
    assert result.exit_code == 0, result.output
    output = _without_charts(result.output) if output_format == "html" else result.output
    golden = GOLDEN / f"hostile.{output_format}"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(output, encoding="utf-8")
    assert output == golden.read_text(encoding="utf-8")


def test_markdown_never_lets_quoted_text_break_the_layout(in_fixture):
    text = run_check("--format", "markdown").output
    assert "<script>" not in text and "<b>" not in text and "<i>" not in text
    rows = [line for line in text.splitlines() if line.startswith("| [hostile-press/")]
    assert len(rows) == 4
    for line in rows:
        assert len(line.replace("\\|", "").split("|")) == 6  # four cells; quoted pipes are escaped
    assert "with a line break \\| and \\`ticks\\`" in text


def test_text_report_prints_markup_literally(in_fixture):
    text = run_check("--format", "text").output
    assert "[bold]2.2x[/bold]" in text and "[red]Speaker[/red]" in text
    assert "\x1b[" not in text
    assert "by Ops 100% team rests" in text  # a line break in quoted text cannot split a message line


def test_terminal_escapes_in_quotes_are_shown_not_sent(corpus_dir):
    from .conftest import source_file

    claims = [{"id": "s", "quote": "evil \x1b[2J\x07 text", "system": "jalapeno", "statement": "x", "evidence": "none"}]
    directory = corpus_dir({"a.yaml": source_file("a", claims)})
    result = runner.invoke(app, ["check", str(directory)], env={"COLUMNS": "200"})
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "evil \\x1b[2J\\x07 text" in result.output


def test_github_annotations_escape_control_characters(in_fixture):
    lines = run_check("--format", "github").output.splitlines()
    assert all(line.startswith(("::error ", "::warning ", "::notice ")) for line in lines)
    assert len(lines) == 4  # three findings (one a dispute of three claims) and one stale review
    assert "by Ops 100%25%0D%0Ateam rests" in lines[2]
    assert lines[1].startswith("::error file=claims/hostile-press.yaml,line=44,title=value-mismatch::")
    assert lines[1].endswith("(hostile-press/rival-low, hostile-press/vendor-high, hostile-press/outlet-bridge)")
    assert lines[0].startswith("::error file=claims/hostile-press.yaml,line=26,title=ratio-arithmetic::")


def test_sarif_is_valid_against_the_official_schema(in_fixture):
    document = json.loads(run_check("--format", "sarif").output)
    schema = json.loads((HERE / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.validate(document, schema)
    results = document["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["ratio-arithmetic", "value-mismatch", "unsupported"]
    assert results[2]["level"] == "note"
    dispute = results[1]  # one result per dispute: the first claim as location, the others related
    assert dispute["locations"][0]["physicalLocation"]["region"]["startLine"] == 44
    assert [r["physicalLocation"]["region"]["startLine"] for r in dispute["relatedLocations"]] == [53, 62]
    assert dispute["properties"]["groups"] == [
        ["hostile-press/rival-low", "hostile-press/outlet-bridge"],
        ["hostile-press/vendor-high", "hostile-press/outlet-bridge"],
    ]
    assert results[0]["partialFingerprints"] == {"findingFingerprint/v2": "ratio-arithmetic:14cbf0cc5a96"}
    rules = {r["id"]: r for r in document["runs"][0]["tool"]["driver"]["rules"]}
    assert rules["range-bounds"]["shortDescription"]["text"] == "A range whose members fall outside it, or whose bound no member attains."


def test_the_schema_copy_is_the_shared_one():
    shared = HERE.parent.parent / "shared" / "schemas" / "sarif-schema-2.1.0.json"
    if not shared.is_file():
        pytest.skip("shared/ is not beside this checkout")
    assert (HERE / "sarif-schema-2.1.0.json").read_bytes() == shared.read_bytes()


def test_step_summary_appends_markdown(in_fixture, tmp_path):
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n")
    result = run_check("--format", "github", "--step-summary", env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert result.exit_code == 0
    text = summary.read_text()
    assert text.startswith("earlier step\n# Claim audit report")


def test_stale_reviews_warn_and_fail_at_warning(in_fixture):
    result = runner.invoke(app, ["check", "claims", "--fail-on", "warning"], env={"NO_COLOR": "1"})
    assert result.exit_code == 1
    assert "review of value-mismatch:000000000000 names a finding that no longer occurs" in result.output


def test_reviewed_findings_do_not_fail(in_fixture):
    # The unsupported finding is reviewed; the ratio-arithmetic error is not.
    assert runner.invoke(app, ["check", "claims", "--fail-on", "error"]).exit_code == 1
    assert runner.invoke(app, ["check", "claims", "--fail-on", "info", "--severity", "ratio-arithmetic=info"]).exit_code == 1


def test_claimreview_is_safe_inside_a_script_element(in_fixture):
    output = run_check("--format", "claimreview").output
    assert "<" not in output and ">" not in output and "&" not in output
    items = json.loads(output)
    assert items[0]["itemReviewed"]["appearance"]["name"] == "Chip | wins <script>alert('x')</script> [bold]big[/] `code`"


def test_markdown_written_to_a_file_has_its_charts_beside_it_and_links_from_there(in_fixture, tmp_path):
    output = tmp_path / "docs" / "audit.md"
    output.parent.mkdir()
    (output.parent / "audit-charts").mkdir()
    stale = output.parent / "audit-charts" / "value-mismatch:000000000000.svg"
    stale.write_text("<svg/>")
    keep = output.parent / "audit-charts" / "notes.txt"
    keep.write_text("mine")
    result = run_check("--format", "markdown", "--output", str(output))
    assert result.exit_code == 0, result.output
    text = output.read_text(encoding="utf-8")
    charts = sorted(p.name for p in (output.parent / "audit-charts").glob("*.svg"))
    assert charts == ["value-mismatch:c59f4bccfe72.svg"]  # one dispute; the chart of a finding that is gone is removed
    assert keep.read_text() == "mine"
    assert "](audit-charts/value-mismatch%3Ac59f4bccfe72.svg)" in text
    assert text.count("![Chart of 3 claims on a logarithmic scale") == 1
    svg = (output.parent / "audit-charts" / charts[0]).read_text(encoding="utf-8")
    assert svg.startswith("<svg ") and "<script" not in svg and "&lt;img src=x onerror" not in svg
    relative = os.path.relpath(FIXTURE / "claims" / "hostile-press.yaml", output.parent).replace(os.sep, "/")
    assert f"]({relative}#L44)" in text


def test_html_report_is_deterministic_and_escapes_chart_text(in_fixture, tmp_path):
    first = run_check("--format", "html", "--no-cache").output
    second = run_check("--format", "html", "--no-cache").output
    assert first == second
    svg = re.search(r"<svg .*?</svg>", first, flags=re.S).group()
    assert "<script" not in svg and "<img" not in svg
    assert "Rival \\u202eesrever" in svg  # the bidi override is shown, not obeyed, in the tooltip text
    assert len(re.findall(r'class="mark"', svg)) == 3


def test_bytes_join_an_html_page_only_as_written_by_html_utf8():
    """A page joined as UTF-8 takes bytes only from ``html_utf8``, which guarded them: other bytes are not scanned."""
    from jalapeno_audit.reporters import escape

    assert escape.html_page(["<p>a</p>", escape.html_utf8(["<p>\u202e</p>"])]) == b"<p>a</p>\n<p>\\u202e</p>"
    with pytest.raises(TypeError):
        escape.html_page(["<p>a</p>", "<p>\u202e</p>".encode()])
