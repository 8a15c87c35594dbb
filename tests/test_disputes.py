"""Disputes end to end: one finding per contested comparison in every format, reviews that
notice new coverage, and reviews of earlier pairwise fingerprints carried over and upgraded."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from jalapeno_audit.cli import app
from jalapeno_audit.reporters import FORMATS
from jalapeno_audit.rules.engine import fingerprint

from .conftest import source_file

runner = CliRunner()
VENDORS = [f"vendor-{n}" for n in "abcde"]
RIVALS = [f"rival-{n}" for n in "abcde"]


def _claim(ratio: str) -> dict:
    return {"id": "r", "quote": f"{ratio}x faster", "system": "jalapeno", "vs": "gb200", "model": "kimi-k2.5", "metric": "throughput", "ratio": ratio}


@pytest.fixture
def dispute(corpus_dir):
    files = {f"{s}.yaml": source_file(s, [_claim("1.6")]) for s in VENDORS}
    files.update({f"{s}.yaml": source_file(s, [_claim("1.4")]) for s in RIVALS})
    return corpus_dir(files)


def _check(directory, *options):
    return runner.invoke(app, ["check", str(directory), "--fail-on", "error", *options])


def _json(directory) -> dict:
    return json.loads(_check(directory, "--format", "json").output)


def test_five_against_five_is_one_finding_with_two_groups(dispute):
    [finding] = _json(dispute)["findings"]
    assert finding["rule"] == "value-mismatch"
    assert sorted(map(sorted, finding["groups"])) == [sorted(f"{s}/r" for s in RIVALS), sorted(f"{s}/r" for s in VENDORS)]
    assert finding["intervals"]["vendor-a/r"] == [1.55, 1.65] and finding["intervals"]["rival-a/r"] == [1.35, 1.45]


@pytest.mark.parametrize("output_format", sorted(FORMATS))
def test_one_dispute_in_every_format(dispute, output_format):
    output = _check(dispute, "--format", output_format).output
    counts = {
        "text": output.count("[value-mismatch]"),
        "markdown": output.count("`value-mismatch`: "),
        "json": len(json.loads(output)["findings"]) if output_format == "json" else 0,
        "sarif": len(json.loads(output)["runs"][0]["results"]) if output_format == "sarif" else 0,
        "github": output.count("::error "),
        "html": output.count('<article class="finding error"') if output.count("<figure>") == 1 else -1,
    }
    if output_format == "claimreview":  # lists reviewed findings only; see the review tests
        assert json.loads(output) == []
    else:
        assert counts[output_format] == 1


def test_a_new_source_reopens_a_reviewed_dispute(dispute):
    [finding] = _json(dispute)["findings"]
    reviewed = runner.invoke(app, ["review", finding["fingerprint"], "--verdict", "confirmed", "--note", "1.4x is the rival's figure", "--corpus", str(dispute)])
    assert reviewed.exit_code == 0, reviewed.output
    assert _check(dispute).exit_code == 0
    (dispute / "outlet-k.yaml").write_text(source_file("outlet-k", [_claim("1.4")]), encoding="utf-8")
    result = _check(dispute)
    assert result.exit_code == 1
    assert "re-opened: claims added since the review: outlet-k/r" in result.output
    [again] = _json(dispute)["findings"]
    assert again["fingerprint"] == finding["fingerprint"]  # the dispute, not its members, names it
    assert again["review"]["verdict"] == "confirmed" and again["added_since_review"] == ["outlet-k/r"]
    github = _check(dispute, "--format", "github").output
    assert "re-opened%3A 1 claims added since the review" in github
    reviews = json.loads(_check(dispute, "--format", "claimreview").output)
    assert len(reviews) == 10 and "outlet-k/r" not in json.dumps(reviews)  # the verdict does not cover it yet
    # Reviewing it again covers the new claim; no --replace is needed for a re-opened finding.
    runner.invoke(app, ["review", finding["fingerprint"], "--verdict", "confirmed", "--note", "still the rival's figure", "--corpus", str(dispute)])
    assert _check(dispute).exit_code == 0
    assert (dispute / "reviews.yaml").read_text(encoding="utf-8").count("\n- finding:") == 1  # one entry, after the header


def test_a_review_of_a_pair_is_carried_over_and_upgraded(dispute):
    pair = fingerprint("value-mismatch", ("rival-a/r", "vendor-a/r"))
    (dispute / "reviews.yaml").write_bytes(
        b"# kept comment\r\n- finding: \"" + pair.encode() + b"\"\r\n  verdict: confirmed\r\n  note: \"old pair\"\r\n  date: 2026-11-29\r\n"
    )
    result = _check(dispute)
    # It covers only the two claims it named: the others joined since, so the dispute is open.
    assert result.exit_code == 1
    assert "1 review name findings by an earlier fingerprint" in result.output
    [finding] = _json(dispute)["findings"]
    assert finding["review"]["claims"] == ["rival-a/r", "vendor-a/r"]
    assert len(finding["added_since_review"]) == 8
    upgraded = runner.invoke(app, ["review", "--upgrade", "--corpus", str(dispute)])
    assert upgraded.exit_code == 0, upgraded.output
    text = (dispute / "reviews.yaml").read_bytes()
    assert text.startswith(b"# kept comment\r\n- finding: \"" + finding["fingerprint"].encode() + b"\"\r\n")
    assert b'  claims: ["rival-a/r", "vendor-a/r"]\r\n' in text and b"\n" not in text.replace(b"\r\n", b"")
    assert "earlier fingerprint" not in _check(dispute).output


def test_pairwise_reviews_of_one_dispute_together_cover_it(corpus_dir):
    claims = [_claim("1.4"), {**_claim("1.6"), "id": "s"}, {**_claim("1.7"), "id": "t"}]
    directory = corpus_dir({"a.yaml": source_file("a", claims)})
    entries = []
    for pair in (("a/r", "a/s"), ("a/r", "a/t")):
        entries.append(f'- finding: "{fingerprint("value-mismatch", pair)}"\n  verdict: confirmed\n  note: "{pair}"\n')
    (directory / "reviews.yaml").write_text("".join(entries), encoding="utf-8")
    assert _check(directory).exit_code == 0  # a/r, a/s and a/t are all covered
    runner.invoke(app, ["review", "--upgrade", "--corpus", str(directory)])
    text = (directory / "reviews.yaml").read_text(encoding="utf-8")
    assert text.startswith("- finding:") and text.count("\n- finding:") == 0  # one live entry
    assert text.count("\n# - finding:") == 1  # the second kept as a comment
    assert _check(directory).exit_code == 0


def test_reviewing_under_an_earlier_fingerprint_asks_for_the_upgrade(dispute):
    pair = fingerprint("value-mismatch", ("rival-a/r", "vendor-a/r"))
    (dispute / "reviews.yaml").write_text(f'- finding: "{pair}"\n  verdict: confirmed\n  note: "x"\n', encoding="utf-8")
    [finding] = _json(dispute)["findings"]
    result = runner.invoke(app, ["review", finding["fingerprint"], "--verdict", "confirmed", "--note", "y", "--corpus", str(dispute)])
    assert result.exit_code == 2 and "audit review --upgrade" in result.output


def test_upgrade_refuses_a_file_changed_since_it_was_read(dispute):
    from jalapeno_audit import run
    from jalapeno_audit.errors import AuditError

    pair = fingerprint("value-mismatch", ("rival-a/r", "vendor-a/r"))
    reviews = dispute / "reviews.yaml"
    reviews.write_text(f'- finding: "{pair}"\n  verdict: confirmed\n  note: "x"\n', encoding="utf-8")
    options, _ = run.settle([str(dispute)])
    inputs = run.read_all(options)
    report = run.build_report(options, inputs, None)
    assert report.upgrades
    reviews.write_text(reviews.read_text(encoding="utf-8") + "# edited meanwhile\n", encoding="utf-8")
    with pytest.raises(AuditError, match="changed while the upgrade was worked out"):
        run.upgrade_reviews(str(reviews), report, inputs.reviews)
    assert reviews.read_text(encoding="utf-8").endswith("# edited meanwhile\n")  # nothing was lost
