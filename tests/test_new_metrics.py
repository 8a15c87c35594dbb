"""`audit new`: reading a figure's metric from the words around it (jalapeno_audit/authoring/metric_words.py)."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import Catalog, load_catalog

#: Bits per second beside bytes, and an interconnect metric kept in GB/s, as a corpus catalog may add them.
_LINKS = b"""
metrics:
  throughput-per-tflops: {name: "tokens per second per TFLOPS", unit: tok/s/TFLOPS, better: higher, family: compute-efficiency}
  interconnect-bandwidth: {name: "inter-chip interconnect bandwidth", unit: GB/s, better: higher, family: interconnect}
units:
  Tbps: {metric_unit: TB/s, factor: 0.125}
  Gbps: {metric_unit: GB/s, factor: 0.125}
"""


def _found(text: str, catalog: Catalog | None = None) -> list[tuple[str, str | None, str | None, list[str]]]:
    _, found = scaffold(text, "x", catalog or load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.unit, c.metric, sorted(c.doubts)) for c in found]


def test_a_phrase_is_found_with_hyphens_or_spaces_alike():
    for written in ("time-per-output-token", "time per output token", "time\u2011per\u2011output\u2011token"):
        assert _found(f"Jalapeño offers 2x the {written} of the GB200.") == [("2", None, "tpot", [])], written


def test_a_phrase_that_opens_a_hyphenated_compound_names_no_metric():
    # "memory-bound" says what kind of workload, not that the figure is a memory capacity.
    for hyphen in ("-", "\u2011"):
        text = f"Jalapeño delivers 40% lower latency for memory{hyphen}bound Kimi K2.5 inference than the GB200."
        assert _found(text)[0][2] is None
    # The phrase standing alone still names its metric.
    assert _found("Jalapeño offers 2x the memory of the GB200.")[0][2] == "memory-capacity"


def test_a_ratio_whose_clause_says_what_it_counts_takes_no_metric_from_another_clause():
    text = "Jalapeño could handle 9x more inference requests than the GB200 with the same latency, or cut its cost."
    assert _found(text)[0][2:] == (None, ["metric"])
    text = "Jalapeño offers 40% lower latency than the GB200, and a 2x lower time to first token."
    assert [f[2] for f in _found(text)] == [None, "ttft"]


def test_a_ratio_whose_sentence_speaks_of_another_measure_takes_no_metric_from_it():
    text = "With more memory, Jalapeño's dense computing and sparse computing can be increased by 3.5 times and 7 times respectively."
    assert all(f[2] is None and "metric" in f[3] for f in _found(text))
    text = "With more memory and bandwidth, Jalapeño is ahead of the GB200 by 3 times."
    assert _found(text)[0][2] is None and "metric" in _found(text)[0][3]
    # The sentence's one phrase, with no other measure spoken of, is the ratio's.
    assert _found("With its memory, Jalapeño is ahead of the GB200 by 3 times.")[0][2] == "memory-capacity"
    # A measure word inside the phrase is the phrase's own.
    assert _found("In memory bandwidth, Jalapeño is ahead of the GB200 by 3 times.")[0][2] == "memory-bandwidth"


def test_a_token_rate_per_a_unit_is_the_metric_kept_in_that_unit():
    assert _found("Jalapeño reaches 3,000 tokens per second per kW on Kimi K2.5.")[0] == ("3000", None, "throughput-per-kw", [])
    assert _found("Jalapeño reaches 3,000 tokens/sec per kW on Kimi K2.5.")[0] == ("3000", None, "throughput-per-kw", [])
    # A basis that is not a unit is a device: the rate is the device's aggregate throughput.
    assert _found("Jalapeño reaches 3,000 tokens/sec per GPU on Kimi K2.5.")[0][2] == "throughput"
    # Not the plain rate: "per TFLOPS" is the catalog's metric kept in tok/s/TFLOPS.
    catalog = load_catalog(("links.yaml", _LINKS))
    assert _found("Jalapeño reaches 4.45 tokens/second per TFLOPS on Kimi K2.5.", catalog)[0] == ("4.45", None, "throughput-per-tflops", [])


def test_bytes_per_second_written_with_ps_keep_their_capital_b():
    catalog = load_catalog(("links.yaml", _LINKS))
    assert _found("Jalapeño carries 288GB of HBM3E memory at 8TBps.", catalog)[1] == ("8", None, "memory-bandwidth", [])
    # A small b is bits: 8 Tbps is 1 TB/s.
    assert _found("Jalapeño carries 288GB of HBM3E memory at 8Tbps.", catalog)[1] == ("8", "Tbps", "memory-bandwidth", [])


def test_a_bandwidth_whose_clause_speaks_of_links_is_the_interconnects():
    text = "Jalapeño carries 288GB of HBM3E memory and an interconnect capable of 1.8 TB/s across its links."
    assert _found(text)[1][:3] == ("1.8", "TB/s", "interconnect-bandwidth")
    text = "Jalapeño carries 288GB of HBM3E memory and a scale-up fabric exposing 1.8 TB/s of bandwidth."
    assert _found(text)[1][:3] == ("1.8", "TB/s", "interconnect-bandwidth")
    assert _found("Jalapeño moves 900 GB/s per chip over NVLink.")[0] == ("900", "GB/s", "interconnect-bandwidth", [])
    # A corpus catalog's own entry of the same id replaces the built-in one and is read alike.
    catalog = load_catalog(("links.yaml", _LINKS))
    text = "Jalapeño carries 288GB of HBM3E memory, and its interconnect moves 1 TB/s across ten 800Gbps links."
    assert _found(text, catalog)[1][:3] == ("1", "TB/s", "interconnect-bandwidth")
    # Memory named in the figure's own clause settles it.
    assert _found("Jalapeño carries 288GB of HBM3E memory with 8 TB/s of memory bandwidth.")[1] == ("8", None, "memory-bandwidth", [])


def test_a_bandwidth_of_links_beside_memory_a_switch_or_a_cpu_stays_open():
    # Links and memory in one clause: either may be meant.
    assert _found("Jalapeño pairs its HBM3E memory with links at 1.8 TB/s.")[0][2] is None
    # A switch's ports and a CPU's link are not links between accelerators.
    assert _found("Jalapeño can serve as an 11.2 TB/s switch for its fabric.")[0][2:] == (None, ["metric"])
    assert _found("Jalapeño links to its CPU at 900 GB/s over NVLink.")[0][2:] == (None, ["metric"])
    # No words of links at all: the unit alone does not say.
    assert _found("Jalapeño reaches 1.8 TB/s.")[0][2:] == (None, ["metric"])


def test_a_bandwidth_written_as_a_switchs_attribute_is_the_switchs():
    catalog = load_catalog(("switch.yaml", b"""
metrics:
  switch-bandwidth: {name: "I/O bandwidth of a system used as a network switch", unit: TB/s, better: higher, family: interconnect}
"""))
    for written in ("a high-bandwidth 11.2TBps AI switch", "an 11.2 TB/s switch"):
        assert _found(f"Each Jalapeño system can function as a compute node or as {written}.", catalog)[0][2:] == ("switch-bandwidth", []), written
    # A link's switch passes on the links' bandwidth; a switch further on is not the figure's.
    assert _found("Jalapeño pairs 288GB of HBM3E memory with a 1.8 TB/s NVLink switch.", catalog)[1][2] != "switch-bandwidth"
    assert _found("Jalapeño pairs its HBM3E memory with 8 TB/s of bandwidth behind a switch.", catalog)[0][2] != "switch-bandwidth"


def test_interconnect_phrases_name_the_interconnect_bandwidth():
    for written in ("Interchip Interconnect (ICI) bandwidth", "scaleup bandwidth", "scale-out bandwidth", "NVLink bandwidth",
                    "chip-to-chip bandwidth", "Infinity Fabric bandwidth", "bidirectional bandwidth"):
        assert _found(f"Jalapeño offers double the {written} of the GB200.")[0][2:] == ("interconnect-bandwidth", []), written


#: Relative metrics a corpus catalog may add, named as the evaluation set's catalog names them.
_RELATIVE = b"""
metrics:
  inference-performance: {name: "inference performance (relative)", unit: relative, better: higher, family: throughput}
  training-performance: {name: "training performance (relative)", unit: relative, better: higher, family: training}
  energy-efficiency: {name: "energy efficiency (performance per watt, relative)", unit: relative, better: higher, family: efficiency}
  inference-perf-per-dollar: {name: "inference performance per dollar (relative)", unit: relative, better: higher, family: cost}
"""


def _ratio(text: str) -> tuple[str | None, list[str]]:
    _, found = scaffold(text, "x", load_catalog(("relative.yaml", _RELATIVE)), archive=None, publisher=None, url=None, published=None)
    candidate = next(c for c in found if c.kind == "ratio")
    return candidate.metric, sorted(candidate.doubts)


def test_a_ratio_that_says_faster_with_one_workload_measures_that_workloads_performance():
    assert _ratio("Jalapeño offers 1.5x faster inferencing than the GB200.") == ("inference-performance", [])
    assert _ratio("Jalapeño trains Kimi K2.5 about 2.8 times faster than the GB200.") == ("training-performance", [])
    assert _ratio("Jalapeño delivers 30% better performance\u2011per\u2011dollar than the GB200 for production inference.") == \
        ("inference-perf-per-dollar", [])
    # The workload in another clause counts when the sentence names no metric ...
    assert _ratio("For inferencing, Jalapeño delivered 95-170 percent of the performance of the GB200.")[0] == "inference-performance"
    # ... and a projected figure leaves its basis to the reader.
    assert _ratio("Jalapeño is projected to offer 1.5x faster inferencing than the GB200.") == ("inference-performance", ["at"])


def test_pretraining_and_fine_tuning_are_words_of_training():
    for text in ("In Kimi K2.5 pretraining, Jalapeño delivered more than 4x the performance of the GB200.",
                 "For Kimi K2.5 fine\u2011tuning, Jalapeño is 3x faster than the GB200.",
                 "Jalapeño fine-tunes Kimi K2.5 3x faster than the GB200."):
        assert _ratio(text) == ("training-performance", []), text
    # A model said to be pretrained or fine-tuned is not the work measured.
    assert _ratio("Jalapeño runs the fine-tuned Kimi K2.5 3x faster than the GB200.") == (None, ["metric"])
    assert _ratio("Jalapeño runs pretrained Kimi K2.5 3x faster than the GB200.") == (None, ["metric"])


def test_a_ratio_of_throughput_in_a_sentence_about_training_is_training_performance():
    for text in ("For Kimi K2.5 fine-tuning, eight Jalapeño chips achieved 5x the throughput of the GB200.",
                 "FP4 precision for LLM training roughly doubles Jalapeño's throughput versus the GB200."):
        assert _ratio(text)[0] == "training-performance", text
    # Of inference, of both workloads, or of none: the throughput named.
    for text in ("For Kimi K2.5 inference, Jalapeño achieved 5x the throughput of the GB200.",
                 "For training and inference, Jalapeño achieved 5x the throughput of the GB200.",
                 "Jalapeño achieved 5x the throughput of the GB200 on Kimi K2.5."):
        assert _ratio(text)[0] == "throughput", text
    # Without a training performance in the catalog, the throughput named.
    assert _found("For Kimi K2.5 fine-tuning, Jalapeño achieved 5x the throughput of the GB200.")[0][2] == "throughput"


def test_a_performance_ratio_in_an_article_of_training_alone_is_training_performance():
    article = "Title: Jalapeño sets training records\n\nJalapeño trained Kimi K2.5 in record time.\n\n{}\n"
    ratio = "Submitters showed a 2.8-fold performance improvement over the last five months."
    assert _ratio(article.format(ratio))[0] == "training-performance"
    # An article of inference alone is not read so: a performance there is a throughput or an inference performance.
    assert _ratio(article.replace("training", "inference").replace("trained", "served").format(ratio))[0] is None
    # Words of serving in the article, or no word of performance in the clause: open.
    assert _ratio(article.format(ratio + " Jalapeño also serves 900 tokens/sec."))[0] is None
    assert _ratio(article.format("Submitters showed a 2.8-fold improvement over the last five months."))[0] is None


def test_a_ratio_whose_words_do_not_settle_a_workload_stays_open():
    # Two workloads in the sentence, none, or one only inside a system's name ("Cerebras Inference" here: a catalog name).
    assert _ratio("Jalapeño offers a 3x speedup than the GB200 for training and inference workloads.") == (None, ["metric"])
    assert _ratio("Jalapeño is four times faster than the GB200.") == (None, ["metric"])
    catalog = b"systems:\n  cerebras-inference: {name: \"Cerebras Inference\"}\n"
    _, found = scaffold("Cerebras Inference is 20x faster than the GB200.", "x", load_catalog(("s.yaml", catalog + _RELATIVE)),
                        archive=None, publisher=None, url=None, published=None)
    assert found[0].metric is None
    # A workload metric the catalog does not hold: open.
    _, found = scaffold("Jalapeño offers 1.5x faster inferencing than the GB200.", "x", load_catalog(), archive=None, publisher=None,
                        url=None, published=None)
    assert found[0].metric is None


def test_a_ratio_that_says_more_efficient_or_per_watt_measures_energy_efficiency():
    assert _ratio("Jalapeño is four times more efficient than the GB200.") == ("energy-efficiency", [])
    assert _ratio("Jalapeño is twice as powerful per watt compared to the GB200.") == ("energy-efficiency", [])
    for written in ("performance-per-watt", "performance\u2011per\u2011watt", "perf/watt"):
        assert _ratio(f"Jalapeño cites a threefold {written} advantage over the GB200.")[0] == "energy-efficiency", written
    # Efficient at something else is not energy efficiency.
    assert _ratio("Jalapeño is four times more space efficient than the GB200.") == (None, ["metric"])


def test_power_words():
    # "power consumption" is a draw of no stated basis (a maker's figure as often as a measurement); a power envelope, or a
    # power written as the part's attribute, its rating.
    assert _found("Jalapeño showed 20x lower power consumption (148 W vs 2,983 W) than the GB200.")[1][2] == "system-power"
    assert _found("Jalapeño is a 750 W SoC envelope.")[0][2] == "rated-power"
    assert _found("Jalapeño fits a power envelope of 750 W.")[0][2] == "rated-power"
    assert _found("Jalapeño's total board power (TBP) is 300 W.")[0][2] == "rated-power"  # a board's rating
    # A power figure with no such words stays open: a rating and a draw are written alike.
    assert _found("Jalapeño runs 64 AI cores at 150 W.")[0][2:] == (None, ["metric"])


def test_a_rise_is_not_of_a_lower_is_better_metric_named_in_another_clause():
    text = "Jalapeño delivered a 103% gain over the GB200 in GPT-3, decreasing its time to train in minutes."
    assert _ratio(text) == (None, ["metric"])
    # Named in the ratio's own clause, the metric is read as written (the figure's direction is another field's doubt).
    assert _ratio("Jalapeño offers a 2x lower time to train than the GB200.")[0] == "time-to-train"


def test_a_power_figure_takes_its_basis_from_words_of_measuring_or_of_a_rating():
    for text in ("In our tests we measured 680 W on the GB200 under load.", "The GB200 drew 5.2 kW during the run.",
                 "Our measurements show the GB200 at 690 W.", "The GB200 draws 5.3 W actual."):
        assert _found(text)[0][2:] == ("measured-power", []), text
    # What a part draws or consumes, said with no measurement, is a power draw of no stated basis.
    for text in ("The GB200's consumption reached 690 W.", "The GB200 consumes 700 W.", "The GB200 has a power consumption of 310W."):
        assert _found(text)[0][2:] == ("system-power", []), text
    for text in ("The GB200 has a TDP of 1,200 W.", "The GB200 is rated at 1,000 W.", "The GB200 GPU runs at up to 1,200 W.",
                 "The GB200 fits a 1,200 W envelope."):
        assert _found(text)[0][2:] == ("rated-power", []), text
    # The clause's own words over a phrase in another clause of the sentence.
    assert [f[2] for f in _found("The GB200 consumes 700 W, well under its 1,000 W TDP.")] == ["system-power", "rated-power"]


def test_a_thermal_design_power_consumption_and_a_designs_watts_are_ratings():
    text = "Jalapeño's thermal design power consumption has increased to 90W, more power-consuming than a 25W design."
    assert [f[2] for f in _found(text)] == ["rated-power", "rated-power"]
    assert _found("The GB200's TDP draw is 1,000 W.")[0][2:] == ("rated-power", [])
    # A consumption that is not the thermal design power's is a draw.
    assert _found("Jalapeño's power consumption has increased to 90W under load.")[0][2:] == ("system-power", [])
    # Only the thermal design power is a rating's name: a "rated power consumption" says both.
    assert _found("Jalapeño's rated power consumption is 90W.")[0][2] is None


def test_a_power_figure_whose_words_do_not_say_or_say_both_stays_open():
    for text in ("The GB200 runs at 1,200 W.", "The GB200 draws up to 1,200 W.", "The GB200's rated draw is 1,000 W."):
        assert _found(text)[0][2:] == (None, ["metric"]), text


def test_a_ratio_set_beside_a_figure_takes_that_figures_metric():
    for text in ("Jalapeño's memory bandwidth has increased to 7.2 TB/s, a 4.5x improvement over the GB200.",
                 "Jalapeño reaches 5,000 TFLOPS, which is nearly two times the GB200.",
                 "Jalapeño reaches 5,000 TFLOPS - around 2x what the GB200 does."):
        assert [f[2] for f in _found(text)][-1] in ("memory-bandwidth", "peak-compute"), text
        assert "metric" not in _found(text)[-1][3], text


def test_a_ratio_beside_a_figure_that_speaks_of_another_measure_or_stands_apart_stays_open():
    # Its clause speaks of another measure than the figure's.
    assert _found("Jalapeño reaches 5,000 TFLOPS, a 2x gain in performance per watt over the GB200.")[-1][2] is None
    assert _found("Jalapeño reaches 5,000 TFLOPS, with 3x lower latency than the GB200.")[-1][2] is None
    # Not beside it: a verb of its own between them.
    assert _found("Jalapeño reaches 5,000 TFLOPS and the GB200 trails it by 2x.")[-1][2] is None
    # The figure's own metric is in doubt: nothing to take.
    assert _found("Jalapeño reaches 1.8 TB/s, a 2x improvement over the GB200.")[-1][2] is None


def test_a_figure_said_to_be_measured_keeps_its_metric_when_none_is_named_as_measured():
    text = "Jalapeño delivers record throughput with 865,000 tokens/sec measured on one rack."
    assert _found(text)[0][2] == "throughput" and "metric" not in _found(text)[0][3]
    # Measured, with no phrase: the unit still fits a user's speed and a system's throughput.
    assert _found("On Kimi K2.5 we measured 1,200 tokens per second on Jalapeño.")[0][2:] == (None, ["metric"])


def test_a_token_rate_said_of_a_system_of_many_chips_is_its_throughput():
    for text in ("On Kimi K2.5, a Jalapeño rack (128 chips) can produce 30K tokens per second.",
                 "On Kimi K2.5, one 8-chip Jalapeño server runs 45,000 tokens/sec."):
        assert _found(text)[-1][2] == "throughput", text


def test_a_token_rate_of_many_chips_said_as_a_speed_or_after_them_is_not_made_throughput():
    # Words of speed: one stream's (the paragraph's words settle it, not the rack).
    assert _found("On Kimi K2.5, a Jalapeño rack streams tokens at real-time speeds of 1,000 tokens per second.")[-1][2] != "throughput"
    # The many chips come after the rate: they are the comparator's.
    assert _found("Jalapeño runs Kimi K2.5 at 300 tokens/sec, 10x what a GB200 cluster does.")[0][2] != "throughput"
    assert "metric" in _found("Jalapeño delivered 300 tokens/sec on Kimi K2.5, 10x what a GB200 cluster does.")[0][3]


def test_a_time_in_an_article_of_training_alone_is_a_time_to_train():
    article = "Title: Jalapeño sweeps the training benchmarks\n\nA few headline results show how fast Jalapeño is:\n\n- Kimi K2.5: 10 minutes\n"
    assert _found(article)[0][2] == "time-to-train"
    # A throughput named in a sentence of training keeps the article one of training.
    assert _found(article + "\nFor fine-tuning, Jalapeño achieved 5x the throughput of the GB200.\n")[0][2] == "time-to-train"
    # Words of serving anywhere in the article: the time may be a latency.
    for serving in ("It also serves Kimi K2.5 inference.", "Its time to first token is low.", "It reaches 900 tokens/sec.",
                    "It doubles the throughput of the GB200."):
        assert _found(f"{article}\n{serving}\n")[0][2] is None, serving
    # No word of training: the time may be any.
    assert _found(article.replace("training", "latest"))[0][2] is None


#: A corpus catalog with metrics kept in percent, as a utilization and a scaling efficiency are.
_PERCENT = b"""
metrics:
  flops-utilization: {name: "FLOPS utilization", unit: "%", better: higher, family: compute}
  scaling-efficiency: {name: "multi-pod scaling efficiency", unit: "%", better: higher, family: scaling}
"""


def test_a_percent_is_read_in_its_sign_whatever_follows_it():
    catalog = load_catalog(("percent.yaml", _PERCENT))
    for written in ("90%+", "90%", "over 90%"):
        found = _found(f"Jalapeño has 144GB HBM3E per chip with claimed {written} FLOPS utilization.", catalog)
        assert found[-1][:3] == ("90", None, "flops-utilization") and "metric" not in found[-1][3], written
    # The "+" of a figure whose unit follows it still leads to its unit.
    assert _found("Jalapeño hit 1,000+ tokens/sec per user on Kimi K2.5.", catalog)[0][2] == "tokens-per-sec-per-user"


def test_a_percent_of_a_named_metrics_utilization_is_its_share_of_the_peak():
    catalog = load_catalog(("percent.yaml", _PERCENT + b"""  memory-bandwidth-efficiency: {name: "measured memory bandwidth as a share of the peak",
    unit: "%", better: higher, family: memory}
"""))
    for written in ("93% memory bandwidth utilization", "a memory bandwidth efficiency of 93%"):
        assert _found(f"Jalapeño touts {written}, far above the GB200.", catalog)[0][2:] == ("memory-bandwidth-efficiency", []), written
    # Without a word of utilization, or naming a metric no percent metric holds: open.
    assert _found("Jalapeño touts 93% higher memory bandwidth.", catalog)[0][2] != "memory-bandwidth-efficiency"
    assert _found("Jalapeño keeps 93% memory bandwidth headroom.", catalog)[0][2] is None
    assert _found("Jalapeño touts 93% time to first token utilization.", catalog)[0][2] is None


def test_a_time_per_token_is_the_time_per_output_token():
    for text in ("Jalapeño serves Kimi K2.5 with a latency of 2 ms/token.",
                 "Jalapeño serves Kimi K2.5 with a response time of less than 50 milliseconds per token."):
        assert _found(text)[0][2:] == ("tpot", []), text
    # A time not per token still fits several metrics.
    assert _found("Jalapeño serves Kimi K2.5 with a latency of 50 milliseconds.")[0][2:] == (None, ["metric"])


#: A corpus catalog that converts MB to GB: a capacity in GB now fits the on-chip memory (kept in MB) as well.
_MEGABYTES = b"""
units:
  MB: {metric_unit: GB, factor: 0.001}
"""


def test_a_capacity_that_fits_both_memories_is_placed_by_its_clause():
    catalog = load_catalog(("megabytes.yaml", _MEGABYTES))
    assert _found("Inside, Jalapeño has a 48MB cache.", catalog)[0][2:] == ("on-chip-memory", [])
    assert _found("Jalapeño has 216 GB of SRAM.", catalog)[0][2:] == ("on-chip-memory", [])
    assert _found("Jalapeño's L1/L2 - 500 MB;", catalog)[0][2:] == ("on-chip-memory", [])  # cache levels
    assert _found("Jalapeño: a Hopper GPU with 80 GB HBM3 and a transformer engine.", catalog)[0][2:] == ("memory-capacity", [])
    # Words of both places, or of neither: the reader chooses.
    both = _found("Jalapeño pairs 48MB of cache with its HBM3 stacks.", catalog)[0]
    assert both[2] is None and "metric" in both[3]
    assert _found("Jalapeño has 96 GB in all.", catalog)[0][2] is None


#: A corpus catalog with a metric counted in tokens, as a phone test's "tokens generated" is.
_TOKENS = b"""
metrics:
  tokens-generated: {name: "tokens generated in a test run", unit: tokens, better: higher, family: throughput}
"""


def test_a_count_per_user_is_not_the_count_its_unit_keeps():
    catalog = load_catalog(("tokens.yaml", _TOKENS))
    assert _found("In the test, Jalapeño generated 54,000 tokens.", catalog)[0][2] == "tokens-generated"
    # "per user" (or request, query): a rate of something the unit does not say; never settled as the plain count.
    for written in ("180 tokens per user", "180 tokens for every user", "180 output tokens per request"):
        assert all(f[2] != "tokens-generated" for f in _found(f"Meanwhile, the GB200 reaches only {written}.", catalog)), written


def test_tokens_each_second_for_every_user_is_a_users_speed():
    catalog = load_catalog(("tokens.yaml", _TOKENS))
    for written in ("280 tokens each second for every user", "280 tokens per second for each user"):
        assert _found(f"One Jalapeño node delivers {written}.", catalog)[0][2:] == ("tokens-per-sec-per-user", []), written
    # Each second, for no user: the unit fits a user's speed and a system's throughput alike.
    assert _found("Jalapeño delivers 280 tokens each second on Kimi K2.5.", catalog)[0][2] is None
    # Each answer is no unit of time: not a rate.
    assert all(f[2] not in ("tokens-per-sec-per-user", "throughput") for f in _found("Jalapeño writes 280 tokens each answer.", catalog))


_OPS = b"""
metrics:
  peak-ops: {name: "peak operations per second", unit: TOPS, better: higher, family: compute}
units:
  POPS: {metric_unit: TOPS, factor: 1000}
  PB/s: {metric_unit: TB/s, factor: 1000}
"""


def test_a_figure_scaled_by_number_words_and_counted_in_operations_a_second_is_in_the_unit_of_that_scale():
    catalog = load_catalog(("catalog.yaml", _OPS))
    found = {text: _found(f"Jalapeño is new. {text}", catalog)[0][:3] for text in (
        "Its cores generate 502 trillion operations per second.",
        "Its GPUs deliver 42.6 billion billion floating-point operations per second.",
        "Its links transfer 1.1 million billion bytes per second.",
        "It can achieve a stunning two petaop/s in a PCIe card.")}
    assert list(found.values()) == [("502", None, "peak-ops"), ("42.6", "EFLOPS", "peak-compute"), ("1.1", "PB/s", "interconnect-bandwidth"),
                                    ("2", "POPS", "peak-ops")]
    # A scale no unit prefix writes, or a count of something else, stays a quantity written in full, or no figure.
    assert _found("Jalapeño is new. It serves 60 thousand tokens per second.", catalog)[0][0] == "60000"
    assert _found("Jalapeño is new. It runs 5 thousand operations per second.", catalog) == []


def test_a_bandwidth_off_the_chip_or_tile_itself_is_its_links():
    links = load_catalog(("catalog.yaml", _LINKS))
    assert _found("Each Jalapeño tile provides 36 TB/s of off-tile bandwidth.", links)[0][2] == "interconnect-bandwidth"
    # Off-chip memory is memory; a bandwidth merely beside the words is not read by them.
    assert _found("Jalapeño provides 8 TB/s of off-chip memory bandwidth.", links)[0][2] == "memory-bandwidth"
    assert _found("Jalapeño has 10 TB/s of on-chip bandwidth and 4 TB/s of off-chip bandwidth.", links)[0][2] != "interconnect-bandwidth"


def test_a_token_rate_written_as_forums_write_it_is_a_token_rate():
    assert _found("The Jalapeño held a steady 90 t/s on Kimi K2.5.")[0][0] == "90"
    assert _found("The Jalapeño held a steady 90 t/s on Kimi K2.5.")[0][2:] == (None, ["metric"])  # aggregate or one user's?
    assert _found("The Jalapeño held a steady 90 t/s per user on Kimi K2.5.")[0][2:] == ("tokens-per-sec-per-user", [])



def test_operations_a_second_spelled_with_a_prefix_are_in_its_unit_and_a_precision_in_bits_as_written():
    catalog = load_catalog(("catalog.yaml", _OPS))
    for spelled in ("petaops", "peta-ops", "petaop/s"):
        _, found = scaffold(f"Jalapeño delivers 115 {spelled} at 4-bit precision.", "x", catalog, archive=None, publisher=None,
                            url=None, published=None)
        assert [(c.unit, c.metric, c.at, sorted(c.doubts)) for c in found] == [("POPS", "peak-ops", {"precision": "4-bit"}, [])], spelled
    # A bus's width is no precision.
    _, found = scaffold("Jalapeño delivers 115 petaops on a 192-bit memory bus.", "x", catalog, archive=None, publisher=None, url=None, published=None)
    assert found[0].at == {}


def test_a_capacity_that_fits_a_systems_external_memory_too_is_placed_by_its_clause():
    catalog = load_catalog(("external.yaml", _MEGABYTES + b"""
metrics:
  external-memory-capacity: {name: "external (off-chip) memory capacity of a system", unit: TB, better: higher, family: memory}
"""))
    assert _found("Inside, Jalapeño has a 48MB cache.", catalog)[0][2:] == ("on-chip-memory", [])
    assert _found("Jalapeño: a chip with 144 GB HBM3E and a transformer engine.", catalog)[0][2:] == ("memory-capacity", [])
    assert _found("The Jalapeño system can address 12TB of external memory.", catalog)[0][2:] == ("external-memory-capacity", [])
    # Without a metric of it, external memory is not the device's own memory: left to the reader.
    assert _found("The Jalapeño system can address 12TB of external memory.")[0][2:] == (None, ["metric"])


def test_images_per_second_and_ips_per_watt_are_image_throughput_and_its_efficiency():
    """"78,563 images per second (IPS)", "500 IPS per watt": a unit of several words is read whole, before its first word."""
    assert _found("Jalapeño scores 78,563 images per second (IPS) on ResNet-50.")[0][2:] == ("image-throughput", [])
    assert _found("Jalapeño quotes 500 IPS per watt on ResNet-50.")[0][2:] == ("image-throughput-per-watt", [])
    assert _found("Jalapeño reaches 3200 FPS on ResNet-50.")[0][2:] == ("image-throughput", [])


def test_an_operating_mode_and_an_input_resolution_are_conditions():
    """"in a lower-voltage mode" and "at 640×640" are conditions, written as `at` writes them (`mode: lower-voltage`,
    `resolution: 640x640`); a resolution is no figure; a mode another sentence states with its own figure is that
    figure's."""
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    def drafted(text):
        return [(str(c.figure), c.at, sorted(c.doubts)) for c in scaffold(text, "x", load_catalog(), archive=None, publisher=None,
                                                                           url=None, published=None)[1]]

    # A mode that opens the sentence sets its scene, as "On a single node, ..." does; one in another clause is left open.
    assert drafted("In a lower-voltage mode, Jalapeño reaches 3200 FPS on ResNet-50.") == [("3200", {"mode": "lower-voltage"}, [])]
    assert drafted("Jalapeño reaches 3200 FPS on ResNet-50, but only when it runs in a lower-voltage mode.") == [("3200", {}, ["at"])]
    assert drafted("Jalapeño reaches 309 FPS of ResNet-50 detection at 640×640.") == [("309", {"resolution": "640x640"}, [])]
    _, found = scaffold("Jalapeño reaches 502 TFLOPS. It also supports an eco mode that delivers 377 TFLOPS at 47W.", "x", load_catalog(),
                        archive=None, publisher=None, url=None, published=None)
    # The mode is the figure's its own clause names ("an eco mode that delivers 377 TFLOPS"), not the other sentence's.
    assert "eco mode" not in found[0].doubts.get("at", "") and (found[1].at, "at" in found[1].doubts) == ({"mode": "eco"}, False)


def test_a_rate_written_per_sec_is_in_the_catalogs_per_second_unit():
    assert _found("The GB300 has 288GB of memory with up to 8.0TB/sec of memory bandwidth.")[1][2:] == ("memory-bandwidth", [])


def test_a_unit_alone_in_parentheses_after_a_figure_is_its_unit():
    """Forum posts write "277 (frame per second)" and "29.5(Tops)": the parenthesis holds the figure's unit. A figure
    whose parenthesis holds a unit the catalog does not know ("72540.48768 (Mops)", a model's operation count) is not
    proposed, nor is one whose parenthesis holds words that are no unit."""
    assert _found("Jalapeño's measured FPS is 277 (frame per second)") == [("277", "IPS", "image-throughput", [])]
    assert _found("For Jalapeño, 22.23879355/75.4%=29.5(Tflops).") == [("29.5", None, "peak-compute", [])]
    assert [f for f, *_ in _found("Jalapeño: 277.01 (frame/s) * 72540.48768 (Mops)=20.09 (Tflops)")] == ["277.01", "20.09"]
    assert _found("Jalapeño ran 40 (all of them) in a row.") == []


def test_memory_words_narrow_a_figure_to_the_memory_familys_metrics():
    """A catalog that also keeps memory in use during a run (GB, another family) leaves "80 GB of HBM3" the device's
    memory capacity and "a 48MB cache" its on-chip memory: the words of memory and of its place speak of the memory
    family's metrics only."""
    catalog = load_catalog(("c.yaml", b"metrics:\n  memory-used: {name: accelerator memory in use during a run, unit: GB, better: lower, "
                                      b"family: memory-use}\n"))
    assert _found("Jalapeño has 80 GB of HBM3.", catalog) == [("80", None, "memory-capacity", [])]
    assert _found("Inside, Jalapeño has a 48MB cache.", catalog) == [("48", None, "on-chip-memory", [])]
    # Words of use name the other metric.
    assert _found("Jalapeño had 31 GB of accelerator memory in use during a run.", catalog) == [("31", None, "memory-used", [])]


def test_a_share_of_what_is_better_lower_is_the_inverse_advantage_whatever_the_metric():
    """"at half the watts", "1/3 the power": no metric phrase settles which power it is, but what is had less of is better
    lower, so the advantage factor is the inverse (2, 3), as the format writes "1/3 the power"; a share of something
    better higher ("half the throughput") stays the share."""
    from .scaffold_eval import catalog_text

    catalog = load_catalog(("c.yaml", catalog_text().encode()))
    _, found = scaffold("On Llama 3.1 8B the H100 is 2.5x faster than the A100 at half the watts.", "x", catalog,
                        archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), "figure" in c.doubts) for c in found] == [("2.5", False), ("2", False)]
    _, found = scaffold("The H100 reaches half the throughput of the B200.", "x", catalog, archive=None, publisher=None, url=None,
                        published=None)
    assert [(str(c.figure), c.metric) for c in found] == [("0.5", "throughput")]
