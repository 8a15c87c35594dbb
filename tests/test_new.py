"""`audit new`: scaffolds from articles, refusal to overwrite, and figure recall on the real texts."""

from __future__ import annotations

from fractions import Fraction

import pytest
import yaml
from typer.testing import CliRunner

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.cli import app
from jalapeno_audit.corpus.catalog import load_catalog
from jalapeno_audit.corpus.loader import load_corpus
from jalapeno_audit.text.quotes import fold

from .conftest import ROOT, SHARED_SOURCES

runner = CliRunner()
RECALL: dict[str, tuple[int, int]] = {}

ARTICLE = """Jalapeño beats the GB200
On GPT-OSS 120B, Jalapeño reaches 1,459 tokens/sec per user against 535 for the reference GB200 system, about 2.7 times faster.
- Jalapeño delivers 1.5x to 1.9x more performance per watt than the GB300 across the three published models.
Jalapeño is 30% faster than the GB300 and runs at up to 700 W.
The GB200 draws twice the power of Jalapeño.
"""


def candidates(text: str):
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    return found


def test_figures_hedges_and_ranges_are_detected():
    found = [(c.kind, c.figure, c.hedge, c.system, c.vs, c.metric) for c in candidates(ARTICLE)]
    assert ("value", "1459", None, "jalapeno", None, "tokens-per-sec-per-user") in found
    assert ("value", "535", None, "gb200", None, "tokens-per-sec-per-user") in found
    assert ("ratio", "2.7", "about", "jalapeno", "gb200", "tokens-per-sec-per-user") in found
    assert ("ratio", ["1.5", "1.9"], None, "jalapeno", "gb300", "throughput-per-kw") in found
    assert ("ratio", "1.3", None, "jalapeno", "gb300", None) in found
    assert ("value", "700", "up to", None, None, None) in found  # "runs at up to 700 W" names no system
    assert ("ratio", "2", None, "gb200", "jalapeno", None) in found
    # Model names are not figures: "120B" in "GPT-OSS 120B" is part of a catalog alias.
    assert not any(c.figure == "120" for c in candidates(ARTICLE))


def test_scaffold_loads_and_refuses_to_overwrite(tmp_path):
    article = tmp_path / "story.txt"
    article.write_text(ARTICLE)
    into = tmp_path / "claims"
    first = runner.invoke(app, ["new", str(article), "--id", "story", "--into", str(into), "--publisher", "Publisher A", "--published", "2026-09-01"])
    assert first.exit_code == 0, first.output
    written = (into / "story.yaml").read_text()
    corpus = load_corpus([str(into)], str(tmp_path))
    assert corpus.sources["story"].archive == "story.txt" and corpus.sources["story"].title == "Jalapeño beats the GB200"
    assert len(corpus.claims) >= 4  # the complete ones are live
    assert "# TODO: set" in written  # the rest are marked, not guessed

    again = runner.invoke(app, ["new", str(article), "--id", "story", "--into", str(into)])
    assert again.exit_code == 2 and "refusing to overwrite" in again.output
    assert (into / "story.yaml").read_text() == written
    forced = runner.invoke(app, ["new", str(article), "--id", "story", "--into", str(into), "--force"])
    assert forced.exit_code == 0 and (into / "story.new.yaml").exists()
    assert (into / "story.yaml").read_text() == written
    assert runner.invoke(app, ["new", str(article), "--id", "story", "--into", str(into), "--force"]).exit_code == 2


def test_stdin_and_bad_options(tmp_path):
    into = tmp_path / "claims"
    result = runner.invoke(app, ["new", "-", "--id", "piped", "--into", str(into)], input=ARTICLE)
    assert result.exit_code == 0
    assert "archive" not in yaml.safe_load((into / "piped.yaml").read_text())["source"]
    assert runner.invoke(app, ["new", "-", "--id", "Bad_Id", "--into", str(into)], input=ARTICLE).exit_code == 2
    assert runner.invoke(app, ["new", "-", "--id", "ok", "--published", "2026-02-30", "--into", str(into)], input=ARTICLE).exit_code == 2
    assert runner.invoke(app, ["new", str(tmp_path / "missing.txt"), "--id", "ok", "--into", str(into)]).exit_code == 2


def _figures(claim):
    if claim.bounds is not None:
        return [(claim.bounds[0].value, claim.bounds[1].value)]
    return [claim.figure.value] if claim.figure is not None else []


def _candidate_values(candidate):
    if isinstance(candidate.figure, list):
        return (Fraction(candidate.figure[0]), Fraction(candidate.figure[1]))
    return Fraction(candidate.figure)


@pytest.mark.skipif(not SHARED_SOURCES.is_dir(), reason="the archived source texts are not beside this checkout")
@pytest.mark.parametrize("source_id", ["jalapeno-explainer", "jalapeno-news-card"])
def test_figure_recall_on_the_real_texts(source_id):
    corpus = load_corpus([str(ROOT / "claims")])
    source = corpus.sources[source_id]
    text = (SHARED_SOURCES / source.archive).read_text(encoding="utf-8")
    found = {}
    for candidate in candidates(text):
        found.setdefault(fold(candidate.quote), set()).add(_candidate_values(candidate))
    total = hits = 0
    for claim in corpus.claims_of(source_id):
        for figure in _figures(claim):
            total += 1
            quote = fold(claim.quote)
            if any(figure in values for sentence, values in found.items() if quote in sentence or sentence in quote):
                hits += 1
    RECALL[source.archive] = (hits, total)
    assert hits / total >= 0.85, f"figure recall {hits}/{total}"
