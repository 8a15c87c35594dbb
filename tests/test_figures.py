"""The figure reader against hand-written cases: what is read, how, and what is never a figure."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from jalapeno_audit.text.figures import read_figures
from jalapeno_audit.text.quotes import numbers_in

# text -> [(kind, values, hedge, bound, label, glued)] for every figure the reader must find
CASES = [
    ("it hits 85,448 mixed tokens per second", [("value", (F(85448),), None, None, "mixed", False)]),
    # A dash between integers before a unit of measure, rising, is a range; "128-128 tokens" and "3-year" are none.
    ("generation runs at 57–60 tok/s", [("range", (F(57), F(60)), None, None, "tok/s", False)]),
    ("a median of ~70–90ms per token", [("range", (F(70), F(90)), "~", "approx", "ms", False)]),
    ("sub-100ms per-token latency", [("value", (F(100),), "sub-", "upper", "ms", False)]),
    # A verb of winning, its object, then "by": the winner's lead.
    ("Our result beats NVIDIA's own published number by ~45% at batch=1", [("ratio", (F("1.45"),), "~", "approx", "%", False)]),
    ("Memory bandwidth reaches 1.2 TB/s—20% higher than Grace", [("value", (F("1.2"),), None, None, "TB/s", False),
                                                                ("ratio", (F("1.2"),), None, None, "%", False)]),
    ("1.5x to 1.9x more performance per watt", [("range", (F("1.5"), F("1.9")), None, None, "x", False)]),
    ("1.5–1.9x more work per watt", [("range", (F("1.5"), F("1.9")), None, None, "x", False)]),
    ("95-170 percent of H100", [("percent-of", (F("0.95"), F("1.7")), None, None, "percent of", False)]),
    ("it reaches 60 percent of the GB200", [("percent-of", (F("0.6"),), None, None, "percent of", False)]),
    ("30% higher throughput", [("ratio", (F("1.3"),), None, None, "%", False)]),
    ("15% lower latency", [("ratio", (F("0.85"),), None, None, "%", False)]),
    ("boost performance by 50%", [("ratio", (F("1.5"),), None, None, "%", False)]),
    # A verb of change governs every percent after its "by", a few words of what changes between.
    ("enhances single and multi-core performance by 15% and 40%, respectively",
     [("ratio", (F("1.15"),), None, None, "%", False), ("ratio", (F("1.4"),), None, None, "%", False)]),
    ("decreasing its power by about 20%", [("ratio", (F("0.8"),), "about", "approx", "%", False)]),
    ("99% scaling efficiency", [("value", (F(99),), None, None, "%", False)]),
    ("twice as fast", [("multiple", (F(2),), None, None, "as", False)]),
    ("it nearly doubles throughput", [("multiple", (F(2),), "nearly", "approx", "throughput", False)]),
    ("it more than doubles throughput", [("multiple", (F(2),), "more than", "lower", "throughput", False)]),
    ("doubling the memory", [("multiple", (F(2),), None, None, "the", False)]),
    ("more than triple per GPU", [("multiple", (F(3),), "more than", "lower", "per", False)]),
    ("it halves latency", [("multiple", (F(1, 2),), None, None, "latency", False)]),
    ("seven times faster", [("multiple", (F(7),), None, None, "times", False)]),
    ("a 14-fold gain", [("ratio", (F(14),), None, None, "x", False)]),
    ("four megawatts of power", [("value", (F(4),), None, None, "megawatts", False)]),
    ("$2–3 million per rack", [("range", (F(2000000), F(3000000)), None, None, "$", False)]),
    ("weighs ~1,400 kg", [("value", (F(1400),), "~", "approx", "kg", False)]),
    ("a 1.4 [exaFLOPS](https://example.org/spec?a=1) machine", [("value", (F("1.4"),), None, None, "exaFLOPS", False)]),
    ("runs at\n450 tokens", [("value", (F(450),), None, None, "tokens", False)]),
    ("from design to tapeout in nine months", [("value", (F(9),), None, None, "months", False)]),
    ("a dozen models", [("value", (F(12),), None, None, "models", False)]),
    ("twenty-five thousand tokens", [("value", (F(25000),), None, None, "tokens", False)]),
    # Hundreds spelt out with what follows them are one number, with "and" or without; alone they scale what follows.
    ("or one hundred and twenty-eight teraflops", [("value", (F(128),), None, None, "teraflops", False)]),
    ("a consumption of one hundred ten watts", [("value", (F(110),), None, None, "watts", False)]),
    ("nine hundred thousand tokens", [("value", (F(900000),), None, None, "tokens", False)]),
    # A range written "between N and M"; years so written are no range of figures.
    ("to compute at peak rates between 100 and 200 TOPS", [("range", (F(100), F(200)), None, None, "TOPS", False)]),
    ("shipped between 2020 and 2024", []),
    # A dash between decimals is a range, though no unit of scale follows; between integers it needs one ("$2-3").
    ("approximately 0.5 - 2W per chip", [("range", (F("0.5"), F(2)), "approximately", "approx", "W", False)]),
    ("draws 4.6-5.3 W actual", [("range", (F("4.6"), F("5.3")), None, None, "W", False)]),
    # A power mode named by its budget is a setting, not a figure; the power drawn in it is one.
    ("at its 7 W power mode (which draws 5.3 W actual)", [("value", (F("5.3"),), None, None, "W", False)]),
    ("Jetson FP16 (7W mode)", []),
    ("sixty-four teraflops in half-precision", [("value", (F(64),), None, None, "teraflops", False)]),
    # Numbers of products' names: a generation after it, a model code after it, a screen size.
    ("We tested X Elite, 8 Gen 4, and 8s Gen 3 head-to-head", []),
    ("a 16-inch MacBook Pro M3 at 24 tok/s", [("value", (F(24),), None, None, "tok/s", False)]),
    ("over a hundred times better performance per watt", [("multiple", (F(100),), "over", "lower", "times", False)]),
    ("1/3 the power", [("multiple", (F(1, 3),), None, None, "the", False)]),
    ("with a fourth of the power draw", [("multiple", (F(1, 4),), None, None, "of", False)]),
    ("one-third the cost", [("multiple", (F(1, 3),), None, None, "the", False)]),
    ("roughly a quarter as much memory", [("multiple", (F(1, 4),), "roughly", "approx", "as", False)]),
    ("no more than 450 W", [("value", (F(450),), "no more than", "upper", "W", False)]),
    ("not below 3 ms", [("value", (F(3),), "not below", "lower", "ms", False)]),
    ("up to 4.6x max throughput", [("ratio", (F("4.6"),), "up to", "upper", "x", False)]),
    ("less than 10ms to 1st token", [("value", (F(10),), "less than", "upper", "ms", False)]),
    ("1,000+ tokens", [("value", (F(1000),), "+", "lower", None, False)]),
    ("claimed 90%+ FLOPS utilization", [("value", (F(90),), "+", "lower", "%", False)]),
    ("3.7 to 4 times faster", [("range", (F("3.7"), F(4)), None, None, "x", False)]),
    # A cell's number glued after its row label (the separator lost): after a word, or after the longest data format the
    # digits begin with; after "FP64" it may be "FP6", so the digits are found only as glued.
    ("FP16900 TFLOPS", [("value", (F(900),), None, None, "TFLOPS", False)]),
    ("Memory256GB HBM3e", [("value", (F(256),), None, None, "GB", False)]),
    ("FP8 Performance2,614.9 TFLOPS", [("value", (F("2614.9"),), None, None, "TFLOPS", False)]),
    ("FP16 / BF161,307.4 TFLOPS", [("value", (F("1307.4"),), None, None, "TFLOPS", False)]),
    ("TF32653.7 TFLOPS", [("value", (F("653.7"),), None, None, "TFLOPS", False)]),
    ("FP649.7 TFLOPS", [("value", (), None, None, "TFLOPS", True)]),
    ("FP16 HBM2", []),
    ("LlamaLlama 3.3 70B41.512.643.3", [("value", (), None, None, None, True)]),
    ("almost half an hour to train", [("value", (F(1, 2),), "almost", "approx", "hour", False)]),
    ("trained in just one day", [("value", (F(1),), None, None, "day", False)]),
    ("it costs one-seventh of that Jetson", [("multiple", (F(1, 7),), None, None, "of", False)]),
    ("about a third of what the Jetson does", [("multiple", (F(1, 3),), "about", "approx", "of", False)]),
    ("one teraflop (1,024 gflops) of computing power",
     [("value", (F(1),), None, None, "teraflop", False), ("value", (F(1024),), None, None, "gflops", False)]),
    ("a very high PL (>100W TDP)", [("value", (F(100),), ">", "lower", "W", False)]),
    ("Sohu is >10x faster", [("ratio", (F(10),), ">", "lower", "x", False)]),
    ("5.1 TFLOPS (<9% max theoretical)", [("value", (F("5.1"),), None, None, "TFLOPS", False), ("value", (F(9),), "<", "upper", "%", False)]),
    ("~37 t/s -> ~19 t/s", [("value", (F(37),), "~", "approx", "t/s", False), ("value", (F(19),), "~", "approx", "t/s", False)]),
    ("Nvidia H100 80GB HBM3410700952226752381",
     [("value", (F(80),), None, None, "GB", False), ("value", (F(3410700952226752381),), None, None, None, True)]),
]

NEVER = [
    "MI300X beats H100 and B200",
    "Llama 3.1 70B runs well",
    "an 8x H100 server",
    "72 GPUs in a rack",
    "the 70-billion-parameter Llama 2 model",
    "published 2024-11-20, in 2024",
    "August 25, 2023",
    "see https://example.org/a/300x/2.5",
    "moving the model 100 times per second",
    "in the first quarter of the year, a third of users",
    "one word at a time",
    "half of the users",
    "one of the fastest chips",
    "all formats except double-precision floating-point",
    "eighteen 2U servers",
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_reading(text, expected):
    got = [(r.kind, r.values, r.hedge, r.bound, r.label, r.glued) for r in read_figures(text)]
    assert got == expected


@pytest.mark.parametrize("text", NEVER)
def test_not_a_figure(text):
    assert read_figures(text) == []


def test_spans_numbers_and_written_forms():
    text = "Habanero reaches 12,400 tokens per second, 1.5x to 1.9x the H200."
    first, second = read_figures(text)
    assert text[first.start:first.end] == "12,400" and first.written == ("12,400",) and first.numbers == (F(12400),)
    assert text[second.start:second.end] == "1.5x to 1.9x" and second.written == ("1.5", "1.9") and second.is_ratio


def test_what_a_figure_can_mean():
    (lower,) = read_figures("15% lower latency")
    assert {F("0.85"), 1 / F("0.85")} <= lower.means() and F(15) not in lower.means()
    (half,) = read_figures("it halves latency")
    assert F(2) in half.means()
    (third,) = read_figures("1/3 the power")
    assert F(3) in third.means()
    (fourth,) = read_figures("a fourth of the power draw")
    assert F(4) in fourth.means()  # as "1/3 the power" is 3: the advantage factor on a lower-is-better metric


def test_within_a_percent_of_is_a_shortfall_not_a_share():
    # "within 3-7% of H200": the subject 3 to 7 percent short of the rival (or the rival that much ahead), as a range
    # of percents is: the writer says which side; never 3 to 7 percent of the rival.
    for text, steps in (("Comes within 3-7% of H200 on MLPerf", (F(3, 100), F(7, 100))), ("within 5% of the H100", (F(5, 100),))):
        assert read_figures(text) == []
        assert {1 + step for step in steps} | {1 - step for step in steps} <= numbers_in(text)
    (share,) = read_figures("it reaches 60 percent of the GB200")
    assert share.kind == "percent-of"


def test_a_range_of_percents_is_read_whole_and_left_to_the_writer():
    (span,) = read_figures("compute performance sees an estimated 30-35% improvement", non_figures=True)
    assert (span.kind, span.numbers, span.label, span.role) == ("range", (F(30), F(35)), "%", "percent-range")
    assert {F("1.3"), F("1.35")} <= numbers_in("compute performance sees an estimated 30-35% improvement")  # the quote check's reading
    assert read_figures("an estimated 30-35% improvement") == []  # a change, a share or a rate: the writer says which


def test_non_figures_on_request_name_their_role():
    roles = {(r.text.strip(), r.role) for r in read_figures("8x H100 and 72 GPUs on Llama 3.1 70B in 2024, one of them", non_figures=True)}
    assert {("8x", "count"), ("72", "count"), ("70B", "model-size"), ("2024", "year"), ("one", "word")} <= roles


def test_settings_versions_and_words_inside_names_are_not_figures():
    text = "BS=1, TP=8 and batch size 64 for 64 concurrent requests with TensorRT 9.1 and TensorRT-LLM, 10,907 tok/s."
    assert [r.text for r in read_figures(text)] == ["10,907"]
    roles = {(r.text.strip(), r.role) for r in read_figures(text, non_figures=True)}
    assert {("1", "condition"), ("8", "condition"), ("64", "condition"), ("9.1", "count")} <= roles
    assert [r.text for r in read_figures("ten GPUs and Tensor cores; Ten of them")] == ["Ten"]
    # A short name and a colon before a bare number is a setting ("TP: 8"); before a figure with its unit, a list's item.
    assert [r.role for r in read_figures("TP: 8, BS: 1", non_figures=True)] == ["condition", "condition"]
    for item, figure in (("SRAM: 120MB", "120"), ("R-GAT: 1.1 minutes", "1.1"), ("Llama 2 70B LoRA: 0.4 minutes", "0.4"), ("TDP: 350 W", "350")):
        assert [r.text for r in read_figures(item)] == [figure], item


def test_a_count_before_a_rack_unit_size_counts_what_follows():
    roles = {(r.text.strip(), r.role) for r in read_figures("across eighteen 2U servers and 4 1U nodes", non_figures=True)}
    assert {("eighteen", "count"), ("4", "count")} <= roles
    assert [r.text for r in read_figures("eighteen 2U servers at 30 kW")] == ["30"]


def test_a_number_like_a_year_before_a_unit_of_measure_is_a_figure():
    for text, figure in (("I was able to achieve 2050 FPS", "2050"), ("it reached 2024 tok/s", "2024"), ("a 2030 GW build-out", "2030")):
        assert [r.text for r in read_figures(text)] == [figure], text
    # Before anything else it is a year, and a count of tokens is a length: no figure either way.
    for text in ("in 2024 the chip shipped", "the 2025 MLPerf round", "since 2019 TSMC", "2048 tokens of input"):
        assert read_figures(text) == [], text


def test_a_number_before_a_products_model_code_is_part_of_its_name():
    figures = [r.numbers for r in read_figures("a Core Ultra 7 155H NUC and an i9 13900K desktop")]
    assert (F(7),) not in figures and (F(9),) not in figures


def test_a_percent_written_with_its_sign_is_a_change_that_way():
    """A table's "$0.88 (-86 %)" is 86% lower, a multiple of 0.14 on the figure; "+12%" is 12% higher. A sign that is
    part of a tolerance ("(+/- 5%)") or a number after a word is no change."""
    readings = read_figures("Training | $0.88 (-86 %) | $2.15 (+12%) | $6.32 |")
    assert [(r.text, r.kind, r.values, r.direction) for r in readings if r.label == "%"] == [
        ("-86 %", "ratio", (F(7, 50),), "down"), ("+12%", "ratio", (F(28, 25),), "up")]
    assert [(r.kind, r.direction) for r in read_figures("within (+/- 5%) of the mean")] == [("value", None)]


def test_a_multiple_glued_to_the_cell_before_it_is_found_only_as_glued():
    """"12× train tps7× infer tps": the second multiple ran into the first entry of its cell; it is there, but only as a
    scraped cell's digits are, for the reader to check."""
    readings = read_figures("Throughput boost vs A100 | 12× train tps7× infer tps |")
    assert [(r.text, r.glued) for r in readings] == [("12×", False), ("7", True)]
    # A product's number before "×" ("H100×2") is no cell run together.
    assert not any(r.glued for r in read_figures("the H100×2 setup"))


def test_a_verb_of_change_in_its_ing_form_gives_a_percent_its_direction():
    assert [(r.values, r.direction) for r in read_figures("boosting performance by 50% on large GPT models")] == [((F(3, 2),), "up")]
    assert [(r.values, r.direction) for r in read_figures("cutting costs by about 30%")] == [((F(7, 10),), "down")]


def test_a_count_before_a_figure_with_its_unit_is_no_figure():
    """"2 x 100 Gbps NIC", "two 200Gbps network cards": how many things have the figure, not a multiple or a value."""
    assert [(r.text, r.kind) for r in read_figures("Per-host NIC configuration 2 x 100 Gbps NIC 4 x 200 Gbps NIC")] == [
        ("100", "value"), ("200", "value")]
    assert [r.text for r in read_figures("with 1TB of DDR4 memory and two 200Gbps smart network interface cards")] == ["1", "200"]
    # A multiple before a word stays a multiple.
    assert [(r.text, r.kind) for r in read_figures("Jalapeño is 2x faster than the H100")] == [("2x", "ratio")]


def test_one_unit_of_time_written_with_an_article_after_a_bound_is_one():
    """"in less than a second" is under 1 s, "under an hour" under 1 hour; "100 tokens a second" is a rate's unit and "a
    second chip" an ordinal."""
    assert [(r.values, r.label, r.hedge) for r in read_figures("can generate images in less than a second")] == [((F(1),), "second", "less than")]
    assert [(r.values, r.label, r.hedge) for r in read_figures("it trains in under an hour")] == [((F(1),), "hour", "under")]
    assert [r.text for r in read_figures("it runs 100 tokens a second on a second chip")] == ["100"]


def test_a_multiple_before_a_makers_product_name_is_a_count():
    """"4x NVIDIA A30 (24 GB)": four A30s; "4x faster" stays a multiple."""
    assert [(r.text, r.role) for r in read_figures("on 4x NVIDIA A30 (24 GB) and 4x Tesla V100", non_figures=True)] == [
        ("4x", "count"), ("24", "figure"), ("4x", "count")]
    assert [r.kind for r in read_figures("it is 4x Faster than the V100")] == ["ratio"]


def test_a_bare_dash_between_integers_with_no_unit_of_measure_is_no_range():
    assert [r.kind for r in read_figures("ISL/OSL 128-128 tokens on 8-16 GPUs")] == ["value", "value"]
    assert not any(r.kind == "range" for r in read_figures("a 3-year commitment"))
    # "sub-" is a bound only glued to a figure; "sub-system" holds none.
    assert [(r.numbers, r.hedge) for r in read_figures("a sub-system of 8 GB")] == [((F(8),), None)]
