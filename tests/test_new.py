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


def _summary(text: str, catalog=None):
    _, found = scaffold(text, "x", catalog or load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(c.kind, c.figure, c.hedge, c.system, c.vs, c.model, c.metric, sorted(c.doubts)) for c in found]


def test_figures_hedges_and_ranges_are_detected():
    found = [(c.kind, c.figure, c.hedge, c.system, c.vs, c.metric, sorted(c.doubts)) for c in candidates(ARTICLE)]
    assert found == [
        ("value", "1459", None, "jalapeno", None, "tokens-per-sec-per-user", []),
        ("value", "535", None, "gb200", None, "tokens-per-sec-per-user", []),  # "against 535": in the first figure's unit
        ("ratio", "2.7", "about", "jalapeno", "gb200", "tokens-per-sec-per-user", ["vs"]),  # no "than": the comparator is a guess
        ("ratio", ["1.5", "1.9"], None, "jalapeno", "gb300", None, ["metric"]),  # "performance per watt" names no catalog metric
        # Each line below is a paragraph of its own (the text has no blank lines), naming no model where the article names one.
        ("ratio", "1.3", None, "jalapeno", "gb300", None, ["metric", "model"]),
        ("value", "700", "up to", None, None, None, ["metric", "model", "system"]),  # "W" fits two power metrics; no system named
        ("ratio", "2", None, "gb200", "jalapeno", None, ["metric", "model"]),
    ]
    # Model names are not figures: "120B" in "GPT-OSS 120B" is part of a catalog alias.
    assert not any(c.figure == "120" for c in candidates(ARTICLE))


def test_subject_and_comparator_from_the_sentence():
    text = "The GB300 trails: Jalapeño is 3.2 times faster than the GB300 on Kimi K2.5 in end-to-end latency."
    assert _summary(text) == [("ratio", "3.2", None, "jalapeno", "gb300", "kimi-k2.5", "e2e-latency", [])]


def test_the_article_subject_is_carried_into_it_sentences_and_models_within_a_paragraph():
    text = ("Jalapeño is new. Jalapeño runs Kimi K2.5 well.\n"
            "It reaches 120 ms time to first token.\n\n"
            "It draws no more than 450 W of rated power.")
    assert _summary(text) == [
        ("value", "120", None, "jalapeno", None, "kimi-k2.5", "ttft", []),
        ("value", "450", "no more than", "jalapeno", None, None, "rated-power", []),  # "no more than": a negated bound
    ]


def test_one_claim_per_figure_in_a_list_and_both_sides_of_a_lead():
    text = ("Jalapeño delivers 1,459 tokens per second per user against 535 for the GB200, a 2.7-times lead.\n"
            "Jalapeño is 1.8x faster than the GB200 in end-to-end latency on Kimi K2.5 and 2.1x on GPT-OSS 120B.")
    found = _summary(text)
    # The next sentence names two models; the figures' own sentence names none: which one they measured is left open.
    assert found[:2] == [
        ("value", "1459", None, "jalapeno", None, None, "tokens-per-sec-per-user", ["model"]),
        ("value", "535", None, "gb200", None, None, "tokens-per-sec-per-user", ["model"]),
    ]
    assert found[2][:2] == ("ratio", "2.7")
    assert [(f[1], f[5]) for f in found[3:]] == [("1.8", "kimi-k2.5"), ("2.1", "gpt-oss-120b")]


def test_a_possible_condition_in_the_sentence_or_its_paragraph_comments_the_claim_out():
    text = ("Jalapeño reaches 120 ms time to first token. With 3-year commitments, it is offered at $1.20 per chip-hour.\n\n"
            "Jalapeño carries 288GB of HBM3E memory.\n\n"
            "Jalapeño reaches 90 ms time to first token in FP8.\n\n"
            "Jalapeño carries 144 GB of HBM3 memory and 1,459 tokens per second per user on HBM3.\n\n"
            "Results:\n- Jalapeño reaches 80 ms time to first token\n- The GB200 reaches 1,200 tokens per second per user in FP4")
    found = [(f[1], f[3], f[6], f[7]) for f in _summary(text)]
    assert found == [
        ("120", "jalapeno", "ttft", ["at"]),  # the paragraph's next sentence states a commitment term
        ("1.20", "jalapeno", "price-per-chip-hour", ["at"]),
        ("288", "jalapeno", "memory-capacity", []),  # two capacities of one system, each with its memory type: `at` (below)
        ("90", "jalapeno", "ttft", []),  # "in FP8": written in `at` (see below)
        ("144", "jalapeno", "memory-capacity", []),
        ("1459", "jalapeno", "tokens-per-sec-per-user", ["at"]),  # a memory type beside a speed may be a condition
        ("80", "jalapeno", "ttft", ["at"]),  # 120, 90 and 80 ms: the same system and metric three times
        ("1200", "gb200", "tokens-per-sec-per-user", []),  # "in FP4": written in `at`
    ]
    assert [c.at for c in candidates(text) if c.metric == "memory-capacity"] == [{"memory-type": "hbm3e"}, {"memory-type": "hbm3"}]
    # A device count is read whole: "8,960 chips", not "960 chips".
    assert candidates("Each Jalapeño pod links 8,960 chips at 4,800 GB/s of memory bandwidth per chip.")[0].doubts["at"] == (
        "the sentence says '8,960 chips'")
    # Two capacities of one system that no memory type sets apart are left to the reader.
    assert [sorted(c.doubts) for c in candidates("Jalapeño carries 288GB of memory. Jalapeño carries 144GB of HBM3 memory.")] == [["at"], ["at"]]
    # A memory type names the memory a memory figure measures; a sibling list item's precision is not this item's.
    alone = "Jalapeño carries 288GB of HBM3E memory.\n\nResults:\n- Jalapeño reaches 80 ms time to first token\n- The GB200 runs FP4"
    assert [(f[1], f[7]) for f in _summary(alone)] == [("288", []), ("80", [])]


def test_bare_tokens_per_second_and_faster_take_their_metric_from_the_article():
    # Speed words in the title or the figure's paragraph, and no batch, benchmark scenario or per-device basis: one stream's speed.
    speed = ("Jalapeño at instant speed\n\nJalapeño delivers 1,800 tokens per second on Kimi K2.5 and 450 tokens per second on GPT-OSS 120B.\n\n"
             "At 1,800 tokens/s, Jalapeño is 2.4x faster than the GB200 on Kimi K2.5. Jalapeño runs 20x faster than the GB300.\n\n"
             "Jalapeño runs 3x faster than the GB200.\n\n"
             "Jalapeño shows what 700 tokens per second looks like on DeepSeek R1. At 700 tokens per second, Jalapeño feels instant.")
    assert [(f[1], f[3], f[4], f[6], f[7]) for f in _summary(speed)] == [
        ("1800", "jalapeno", None, "tokens-per-sec-per-user", []),
        ("450", "jalapeno", None, "tokens-per-sec-per-user", []),  # coordinated with the figure before it: Jalapeño's too
        ("1800", "jalapeno", None, "tokens-per-sec-per-user", []),
        ("2.4", "jalapeno", "gb200", "tokens-per-sec-per-user", []),  # "faster": the metric of the speed in its sentence
        ("20", "jalapeno", "gb300", "tokens-per-sec-per-user", []),  # ... or in its paragraph
        ("3", "jalapeno", "gb200", None, ["metric", "model"]),  # no speed beside it (nor a model, which the article names)
        ("700", "jalapeno", None, "tokens-per-sec-per-user", []),
        ("700", "jalapeno", None, "tokens-per-sec-per-user", ["at"]),  # the paragraph's figure again
    ]
    # Speed words only in another paragraph are not this paragraph's: the figure is left to the reader.
    elsewhere = speed.split("\n\n", 1)[1]
    assert [(f[1], f[6], f[7]) for f in _summary(elsewhere)][:2] == [("1800", None, ["metric"]), ("450", None, ["metric"])]
    assert [(f[1], f[6], f[7]) for f in _summary(elsewhere)][-2] == ("700", "tokens-per-sec-per-user", [])
    # A relative clause after figures for several models covers them all; a bare comma does not say.
    both = "Jalapeño delivers 1,800 tokens per second on Kimi K2.5 and 450 tokens per second on GPT-OSS 120B{} 20x faster than the GB200. It feels instant."
    assert [(c.models, c.metric, sorted(c.doubts)) for c in candidates(both.format(", which is"))][2] == (
        ["kimi-k2.5", "gpt-oss-120b"], "tokens-per-sec-per-user", [])
    assert sorted(candidates(both.format(", running"))[2].doubts) == ["model"]
    draft, _ = scaffold(both.format(", which is"), "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert "    models: [kimi-k2.5, gpt-oss-120b]\n" in draft
    # "Faster" and "a speed-up" say nothing about whose stream: aggregate results are faster too.
    faster = "The GB200 reaches 10,000 tokens per second on Kimi K2.5, against 3,000 tokens per second for Jalapeño, a 3.3x speed-up."
    assert [(f[6], f[7]) for f in _summary(faster)][:2] == [(None, ["metric"]), (None, ["metric"])]
    # A benchmark scenario or a batch makes them aggregate throughput; both kinds of words leave the reader to choose.
    assert _summary("Jalapeño produces 10,755 tokens per second in the offline test.")[0][6] == "throughput"
    assert _summary("Jalapeño produces 10,755 tokens per second, 2x faster. At batch 1 it serves 90 tokens per second per user.")[0][6] is None
    # A figure with another system named after the one before it is that system's.
    assert [f[3] for f in _summary("Jalapeño delivers 900 tokens per second per user and the GB200 reaches 300 tokens per second per user.")] == [
        "jalapeno", "gb200"]


def test_a_list_lead_in_says_whose_figures_its_items_are():
    text = ("Jalapeño is here. Jalapeño ships soon.\n\n"
            "Compared to the GB200, Jalapeño offers:\n- 2x the end-to-end latency\n- 288GB of HBM3E memory\n- The GB300 has 4x the memory\n\n"
            "Compared to the last generation, Jalapeño offers:\n- 3x the end-to-end latency\n\n"
            "The specifications:\n- 700 W of rated power\n\n"
            "The GB200 and the GB300 compared:\n- 400 W of rated power")
    assert [(f[1], f[3], f[4], f[7]) for f in _summary(text)] == [
        ("2", "jalapeno", "gb200", []),
        ("288", "jalapeno", None, []),
        ("4", "gb300", None, ["vs"]),  # the item names its own system, and no comparator
        ("3", "jalapeno", None, ["vs"]),  # "the last generation" is no catalog system
        ("700", "jalapeno", None, []),  # a lead-in naming no system: the article's subject
        ("400", None, None, ["system"]),
    ]


def test_items_marked_with_a_dash_are_list_items_of_their_lead_in():
    # Scraped lists often mark items with an en or em dash ("– 700 W"): items like "- 700 W", with the lead-in's system.
    for dash in ("–", "—", "-"):
        text = f"Jalapeño is here. Jalapeño ships soon.\n\nThe specifications:\n{dash} 700 W of rated power\n{dash} 288GB of HBM3E memory"
        assert [(f[1], f[3], f[7]) for f in _summary(text)] == [("700", "jalapeno", []), ("288", "jalapeno", [])], dash


def test_hardware_figures_take_no_model_from_the_paragraph():
    text = ("Take Kimi K2.5. Jalapeño reaches 120 ms time to first token. The GB200 has only ~200MB of on-chip memory. "
            "Jalapeño has 30% lower TCO than the GB300.")
    assert [(f[1], f[2], f[3], f[4], f[5], f[6]) for f in _summary(text)] == [
        ("120", None, "jalapeno", None, "kimi-k2.5", "ttft"),
        ("200", "~", "gb200", None, None, "on-chip-memory"),  # the hardware's own figure: no model
        ("0.7", None, "gb300", "jalapeno", "kimi-k2.5", "tco"),  # a lower-is-better metric: read the other way round
    ]


def test_one_word_settings_in_the_figures_clause_are_written_in_at():
    def at(text):
        return [(c.figure, c.at, sorted(c.doubts)) for c in candidates(text)]

    assert at("Jalapeño reaches 90 ms time to first token in FP8.") == [("90", {"precision": "fp8"}, [])]
    assert at("Jalapeño reaches 1,200 tokens per second per user with TRT-LLM in BF16.") == [
        ("1200", {"software": "tensorrt-llm", "precision": "bf16"}, [])]
    # The paragraph says the same: still written; it says another setting: left to the reader.
    assert at("Jalapeño runs FP8. Jalapeño reaches 90 ms time to first token in FP8.") == [("90", {"precision": "fp8"}, [])]
    assert at("Jalapeño runs FP4. Jalapeño reaches 90 ms time to first token in FP8.")[0][2] == ["at"]
    # Not written: a setting outside the figure's clause, two precisions in one clause, a ratio (whose side?),
    # a metric a precision does not bear on, a condition that is not one word (batch sizes of no number).
    for text in ("With TensorRT-LLM, Jalapeño reaches 90 ms time to first token.",
                 "Jalapeño reaches 90 ms time to first token, and the GB200 runs FP4.",
                 "Jalapeño reaches 90 ms time to first token in FP8 over FP16.",
                 "Jalapeño is 2x faster than the GB200 in end-to-end latency with vLLM.",
                 "Jalapeño carries 288GB of HBM3E memory in FP8.",
                 "Jalapeño reaches 90 ms time to first token in FP8 at larger batch sizes."):
        assert [(c.at, "at" in c.doubts) for c in candidates(text)] == [({}, True)], text
    # A batch size written with its number is one: written in `at`.
    assert [c.at for c in candidates("Jalapeño reaches 90 ms time to first token in FP8 at batch size 8.")] == [
        {"precision": "fp8", "batch": "8"}]
    draft, _ = scaffold("Jalapeño reaches 90 ms time to first token in FP8.", "x", load_catalog(), archive=None, publisher=None, url=None,
                        published=None)
    assert "    at: {precision: fp8}\n" in draft


def test_the_first_side_of_n_versus_m_takes_the_unit_of_the_second():
    text = "On Kimi K2.5, Jalapeño reaches 700 versus 169 tokens per second per user for the GB200, roughly 4.1 times."
    assert [(f[1], f[3], f[6]) for f in _summary(text)][:2] == [("700", "jalapeno", "tokens-per-sec-per-user"),
                                                               ("169", "gb200", "tokens-per-sec-per-user")]


def test_metric_phrases_from_names_and_qualifiers_that_make_another_metric(tmp_path):
    (tmp_path / "catalog.yaml").write_text('metrics:\n  training-performance: {name: "training performance (relative)", unit: relative, '
                                           'better: higher, family: training}\n')
    catalog = load_catalog((str(tmp_path / "catalog.yaml"), (tmp_path / "catalog.yaml").read_bytes()))
    text = ("Jalapeño delivers 4 times the training performance of the GB200. "
            "Jalapeño delivers 2 times the training performance per dollar of the GB300. "
            "Jalapeño has 3 times the end-to-end latency of Nvidia’s GB300.")
    found = [(f[1], f[3], f[4], f[6], f[7]) for f in _summary(text, catalog)]
    assert found == [
        ("4", "jalapeno", "gb200", "training-performance", []),  # the name without its gloss "(relative)"
        ("2", "jalapeno", "gb300", None, ["metric"]),  # "per dollar": a per-unit metric the catalog does not hold
        ("3", "jalapeno", "gb300", "e2e-latency", []),  # "of Nvidia’s GB300": a possessive before the comparator
    ]
    # "than" names the comparator even when the subject stands after "on".
    assert [(f[3], f[4]) for f in _summary("Kernels run 2x faster on the GB200 than on OpenAI's Jalapeño in end-to-end latency.")] == [
        ("gb200", "jalapeno")]


def test_percents_and_multiples_become_the_advantage_factor():
    text = "Jalapeño has 15% lower end-to-end latency than the GB300. Jalapeño halves end-to-end latency compared with the GB200."
    # "15% lower" on a lower-is-better metric: the GB300's figure read the other way round, as written (not "1/0.85").
    assert [(f[1], f[3], f[4], f[7]) for f in _summary(text)] == [("0.85", "gb300", "jalapeno", []), ("2", "jalapeno", "gb200", [])]


def test_never_a_figure():
    text = "An 8x H100 server ran Llama 3.1 70B on the MI300X in 2024 with 72 GPUs, see https://example.org/300x."
    assert _summary(text) == []
    # Model sizes, product variants ("GB200 192GB", "80GB GPUs"), settings and versions are not claims either.
    text = ("The model has 70 billion parameters. The GB200 192GB HBM3E ran on SXM 80GB GPUs with BS=1 in TensorRT 9.1. "
            "The GB200 carries 192GB of HBM3E memory.")
    assert [(f[1], f[3], f[6]) for f in _summary(text)] == [("192", "gb200", "memory-capacity")]


def test_metadata_lines_are_source_details_not_claims(tmp_path):
    article = tmp_path / "story.txt"
    article.write_text("Title: Jalapeño ships\nURL: https://example.org/j\nPublished: 2026-09-01\nPublisher: Example News\n\n"
                       "Jalapeño is 3.2 times faster than the GB300 in end-to-end latency.\n")
    into = tmp_path / "claims"
    assert runner.invoke(app, ["new", str(article), "--id", "story", "--into", str(into)]).exit_code == 0
    source = load_corpus([str(into)], str(tmp_path)).sources["story"]
    assert (source.title, source.url, str(source.published), source.publisher) == ("Jalapeño ships", "https://example.org/j", "2026-09-01", "Example News")
    assert "2026" not in "".join(c.quote for c in load_corpus([str(into)], str(tmp_path)).claims)
    result = runner.invoke(app, ["new", str(article), "--id", "story2", "--into", str(into), "--title", "Own title", "--publisher", "Other"])
    assert result.exit_code == 0 and load_corpus([str(into / "story2.yaml")]).sources["story2"].title == "Own title"


def test_uncommenting_under_an_empty_list_says_to_drop_it(tmp_path):
    into = tmp_path / "claims"
    assert runner.invoke(app, ["new", "-", "--id", "only", "--into", str(into)], input="The GB200 draws twice the power.\n").exit_code == 0
    path = into / "only.yaml"
    text = path.read_text()
    assert "claims: []" in text
    path.write_text(text.replace("  # - id:", "  - id:").replace("  #   ", "    "))
    result = runner.invoke(app, ["check", str(into), "--no-cache"])
    assert result.exit_code == 2 and "drop the '[]'" in result.output and "only.yaml:" in result.output


def test_schema_offers_the_corpus_catalog_ids(tmp_path):
    (tmp_path / "catalog.yaml").write_text('systems:\n  habanero: {name: "Habanero"}\nmetrics:\n  hbm-speed: {name: "HBM speed", unit: TB/s, better: higher, family: memory, aliases: ["HBM speed"]}\n')
    result = runner.invoke(app, ["schema", str(tmp_path)])
    assert result.exit_code == 0 and '"habanero"' in result.output and '"hbm-speed"' in result.output
    assert '"habanero"' not in runner.invoke(app, ["schema"]).output


def test_catalog_aliases_are_validated(tmp_path):
    (tmp_path / "catalog.yaml").write_text('units:\n  kWh: {metric_unit: J, factor: 3600000, aliases: ["megawatts"]}\n')
    result = runner.invoke(app, ["schema", str(tmp_path)])
    assert result.exit_code == 2 and "already spells unit 'MW'" in result.output and "catalog.yaml:2:" in result.output


def test_scaffold_loads_and_refuses_to_overwrite(tmp_path):
    article = tmp_path / "story.txt"
    article.write_text(ARTICLE)
    into = tmp_path / "claims"
    first = runner.invoke(app, ["new", str(article), "--id", "story", "--into", str(into), "--publisher", "Publisher A", "--published", "2026-09-01"])
    assert first.exit_code == 0, first.output
    written = (into / "story.yaml").read_text()
    corpus = load_corpus([str(into)], str(tmp_path))
    assert corpus.sources["story"].archive == "story.txt" and corpus.sources["story"].title == "Jalapeño beats the GB200"
    assert len(corpus.claims) == 2  # only the certain ones are live
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
    assert hits == total, f"figure recall {hits}/{total}: every figure of the hand-written claims is found"


def test_the_size_of_each_of_several_parts_is_not_a_claim():
    text = "Jalapeño has six 48GB HBM3E stacks for a total of 288GB of memory."
    assert [(f[1], f[3], f[6], f[7]) for f in _summary(text)] == [("288", "jalapeno", "memory-capacity", [])]
    # Without a count before it the size is the system's own figure: two of them need a condition to set them apart.
    text = "Jalapeño has 48GB of HBM3E memory per stack and 288GB of memory."
    assert [(f[1], f[7]) for f in _summary(text)] == [("48", ["at"]), ("288", ["at"])]


def test_a_parenthetical_bound_belongs_to_the_figure_before_it():
    text = "The GB200 carries 192GB of memory, while the GB300 carries 288GB of memory (up to 320GB in some configurations)."
    assert [(f[1], f[2], f[3], f[7]) for f in _summary(text)] == [
        ("192", None, "gb200", []), ("288", None, "gb300", []), ("320", "up to", "gb300", [])]
    # Not the figure before's: a parenthesis that names its own system, or that says more than a hedge before its figure.
    assert _summary("The GB300 carries 288GB of memory (the GB200 has 192GB of memory).")[-1][3] == "gb200"
    assert _summary("The GB300 carries 288GB of memory (twice its predecessor's 144GB of memory).")[-1][7] != []
    # Without a hedge of an upper bound, two figures of one system still need a condition to set them apart.
    text = "The GB300 carries 288GB of memory (or 320GB in some configurations)."
    assert [(f[1], f[3], f[7]) for f in _summary(text)] == [("288", "gb300", ["at"]), ("320", "gb300", ["at"])]


def test_a_power_figure_written_as_an_attribute_of_the_part_is_its_rating():
    assert [(f[1], f[3], f[6], f[7]) for f in _summary("Jalapeño is a 700W chip.")] == [("700", "jalapeno", "rated-power", [])]
    # Said of what the part draws, the figure is a power draw of no stated basis (tests/test_new_metrics.py); with no words
    # of either, it stays one of several power metrics.
    assert _summary("Jalapeño draws 700W under load.")[0][6:] == ("system-power", [])
    assert _summary("Jalapeño runs at 700W under load.")[0][6:] == (None, ["metric"])


def test_a_setting_written_after_a_later_figure_is_that_figures():
    text = "Jalapeño is a 700W chip with 2,500 TFLOP/s FP8 compute."
    assert [(f[1], f[6], f[7]) for f in _summary(text)] == [("700", "rated-power", []), ("2500", "peak-compute", [])]
    assert [c.at for c in candidates(text)] == [{}, {"precision": "fp8"}]
    # Before the later figure, or beside a figure a precision bears on, it is still left to the reader (a power drawn
    # may be a run's; a rating, "a 700W chip", is not: see test_new_hardware).
    for text in ("In FP8, Jalapeño draws 700W with 2,500 TFLOP/s compute.",
                 "Jalapeño reaches 90 ms time to first token and 2,500 TFLOP/s FP8 compute."):
        assert "at" in candidates(text)[0].doubts, text


def test_respectively_gives_each_figure_its_condition():
    text = "With 1-year and 3-year commitments, Jalapeño is offered at $1.89 per chip-hour and $1.22 per chip-hour, respectively."
    assert [(c.figure, c.system, c.metric, c.at, sorted(c.doubts)) for c in candidates(text)] == [
        ("1.89", "jalapeno", "price-per-chip-hour", {"commitment": "1-year"}, []),
        ("1.22", "jalapeno", "price-per-chip-hour", {"commitment": "3-year"}, [])]
    # As many conditions as figures, or none is given; and without "respectively" the lead-in is left to the reader.
    for text in ("With 1-year and 3-year commitments, Jalapeño is offered at $1.89 per chip-hour, respectively.",
                 "With 1-year and 3-year commitments, Jalapeño is offered at $1.89 per chip-hour and $1.22 per chip-hour."):
        assert all(c.at == {} and "at" in c.doubts for c in candidates(text)), text
    # "per chip-hour" is the price's unit, not a per-device basis.
    assert candidates("Jalapeño is offered at $2.70 per chip-hour.")[0].doubts == {}


def test_a_spec_of_one_device_takes_no_device_count_from_its_paragraph():
    text = "Each Jalapeño pod links 1,024 chips. Compared with the GB300, each Jalapeño chip delivers roughly double the floating-point operations per second."
    assert [(f[1], f[2], f[3], f[4], f[6], f[7]) for f in _summary(text)] == [("2", "roughly", "jalapeno", "gb300", "peak-compute", [])]
    # A throughput figure of one chip may still have been measured across the paragraph's devices.
    text = "Each Jalapeño pod links 1,024 chips. Compared with the GB300, each Jalapeño chip delivers double the inference throughput."
    assert _summary(text)[0][7] == ["at"]


def test_a_verb_of_winning_or_compared_to_results_on_names_the_comparator():
    def sides(text):
        return [(c.figure, c.system, c.vs, c.model, sorted(c.doubts)) for c in candidates(text)]

    assert sides("Jalapeño leads the GB200 by 1.8x on Kimi K2.5 and 2.1x on DeepSeek R1 in throughput.") == [
        ("1.8", "jalapeno", "gb200", "kimi-k2.5", []), ("2.1", "jalapeno", "gb200", "deepseek-r1", [])]
    assert sides("Jalapeño outperformed the GB200 by 2x in throughput.") == [("2", "jalapeno", "gb200", None, [])]
    assert sides("The vendor showed up to 4.5x speedup in throughput on the Jalapeño compared to previous results on the GB200.") == [
        ("4.5", "jalapeno", "gb200", None, [])]
    # Words of more than three between "compared to" and the system, or a capitalised one, do not make it the comparator.
    for text in ("The vendor showed 4.5x speedup in throughput on the Jalapeño compared to its many earlier published results on the GB200.",
                 "The vendor showed 4.5x speedup in throughput on the Jalapeño compared to Acme results on the GB200."):
        assert sides(text)[0][4] != [], text


def test_a_time_to_train_is_read_from_words_of_training_and_needs_a_device_count():
    def read(text):
        return [(c.figure, c.system, c.metric, c.unit, c.at, sorted(c.doubts)) for c in candidates(text)]

    assert read("Across 64 GPUs, it took the GB200 18 minutes to train Kimi K2.5.") == [
        ("18", "gb200", "time-to-train", "min", {}, ["at"])]  # "64 GPUs" is a condition to write
    assert read("It took the GB200 18 minutes to train Kimi K2.5.")[0][5] == ["at"]  # how many devices?
    # Without words of training, minutes fit every metric kept in a unit of time.
    assert read("The GB200 answered in 18 minutes.")[0][2:4] == (None, "min")


def test_a_time_to_train_of_a_system_of_fixed_size_needs_no_device_count():
    catalog = load_catalog(("sized.yaml", b"""
systems:
  ipu-pod16: {name: "Graphcore IPU-POD16", aliases: ["IPU-POD16"]}
  dgx-a100: {name: "NVIDIA DGX A100 (8 A100 GPUs)", aliases: ["DGX A100"]}
  pod-of-parts: {name: "Acme training pod", aliases: ["Acme pod"]}
  acme-chip: {name: "Acme chip", part_of: {pod-of-parts: 64}}
  acme-cluster: {name: "Acme cluster", aliases: ["Acme cluster"]}
  acme-rack: {name: "Acme NVL72", aliases: ["Acme NVL72"]}
"""))

    def read(text):
        _, found = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
        return [(c.figure, c.system, c.metric, sorted(c.doubts)) for c in found]

    for system, name in (("ipu-pod16", "IPU-POD16"), ("dgx-a100", "DGX A100"), ("pod-of-parts", "Acme pod")):
        assert read(f"Training ResNet-50 takes 28.3 minutes on the {name}.") == [("28.3", system, "time-to-train", [])], name
    # A system of no fixed size, or a rack (a run "on" racks is as often on many): how many devices trained is the reader's to find.
    for name in ("Acme cluster", "Acme NVL72"):
        assert read(f"Training ResNet-50 takes 28.3 minutes on the {name}.")[0][3] == ["at"], name


def test_a_percent_after_a_verb_of_winning_is_the_lead():
    assert [(f[0], f[1], f[2], f[3], f[4], f[7]) for f in _summary("Jalapeño beats the GB200 by 30% in throughput.")] == [
        ("ratio", "1.3", None, "jalapeno", "gb200", [])]
    assert _summary("Jalapeño is faster than the GB300 by up to 25% in throughput.")[0][1:5] == ("1.25", "up to", "jalapeno", "gb300")
    # "by 30%" after other verbs is not a lead of one system over another: no claim is proposed.
    for text in ("Jalapeño cut the GB200's end-to-end latency by 30%.", "Jalapeño's throughput grew by 30% this year."):
        assert _summary(text) == [], text


def test_without_than_the_system_in_the_ratios_clause_is_the_guess_for_the_one_ahead():
    text = "The GB200 reaches 500 tokens per second per user, meaning Jalapeño is 2.5 times faster."
    assert _summary(text)[1][3:5] == ("jalapeno", "gb200") and _summary(text)[1][7] == ["vs"]  # still a guess to confirm


def test_a_ratio_takes_no_metric_from_the_clause_of_an_absolute_figure():
    text = "Jalapeño is 3x faster than the GB200, reaching 90 ms time to first token."
    first = _summary(text)[0]
    assert (first[1], first[6], first[7]) == ("3", None, ["metric"])
    # A list of ratios may name its metric once, in the last clause.
    assert [f[6] for f in _summary("Jalapeño leads the GB200 by 1.8x on Kimi K2.5 and 2.1x on DeepSeek R1 in throughput.")] == [
        "throughput", "throughput"]


def test_a_participle_clause_says_more_of_the_sentences_subject():
    text = "Jalapeño has 4.6x the performance of the GB200, achieving 1,000 tokens per second per user at 100 ms to first token."
    assert [(f[1], f[3], f[6], f[7]) for f in _summary(text)][1:] == [
        ("1000", "jalapeno", "tokens-per-sec-per-user", []), ("100", "jalapeno", "ttft", [])]
    # Not when another system that is no comparator stands between, nor after a word that is no participle.
    for text in ("The GB200 trails, while Jalapeño is faster, reaching 90 ms time to first token.",
                 "Jalapeño beats the GB200, including 90 ms time to first token."):
        assert _summary(text)[-1][7] == ["system"], text


def test_units_of_data_spelled_out_are_read_by_their_symbol():
    def read(text):
        return [(c.figure, c.metric, c.unit) for c in candidates(text)]

    assert read("Jalapeño has 8 terabytes per second of memory bandwidth.") == [("8", "memory-bandwidth", None)]
    assert read("Jalapeño has 900 gigabytes per second of memory bandwidth.") == [("900", "memory-bandwidth", "GB/s")]
    # Bits are not bytes: the built-in catalog has no unit of bits, so no figure in bytes is proposed.
    assert all(unit != "GB/s" for _, _, unit in read("Jalapeño has 900 gigabits per second of memory bandwidth."))


def test_a_prepositional_clause_says_more_of_the_sentences_subject_and_a_chips_spec_is_one_chips():
    text = "Each Jalapeño pod links 1,024 chips, in a torus with 288GB of memory per chip."
    assert [(f[1], f[3], f[6], f[7]) for f in _summary(text)] == [("288", "jalapeno", "memory-capacity", [])]
    # A relative clause speaks of the noun before it, not of the subject.
    assert _summary("Jalapeño is 2x faster than the GB200, which carries 192GB of memory.")[-1][3] != "jalapeno"
    # The device count in the figure's own clause is still a condition to write.
    assert "at" in candidates("Jalapeño links 1,024 chips with 288GB of memory per chip.")[0].doubts


def test_a_name_that_only_qualifies_another_is_not_a_mention():
    assert _summary("The Blackwell-based GB200 reaches 500 tokens per second per user.")[0][3] == "gb200"
    # "GB200-powered servers" are not the GB200: whose figure it is stays open.
    assert _summary("GB200-powered servers reach 500 tokens per second per user.")[0][7] == ["system"]


def test_a_tier_after_a_name_names_another_product():
    from jalapeno_audit.authoring.sentences import mention_spans
    names = {"m2": "apple-m2", "gb200": "gb200"}
    # "Apple's M2 Max" is not the catalog's M2; "the M2 and the GB200" mentions both.
    assert [hit[2] for hit in mention_spans("Apple's M2 Max (67 billion) and the GB200", names)] == ["gb200"]
    assert [hit[2] for hit in mention_spans("the M2 and the GB200", names)] == ["apple-m2", "gb200"]
    # Only the written tier, capitalised: "the M2 pro forma figures" still mentions the M2.
    assert [hit[2] for hit in mention_spans("the M2 pro forma figures", names)] == ["apple-m2"]
