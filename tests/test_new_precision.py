"""`audit new`: a claim is live only on strong, local evidence; readings that must leave a field to the reader."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.authoring.sentences import mentions, sentences
from jalapeno_audit.corpus.catalog import load_catalog
from jalapeno_audit.text.figures import APPROX, LOWER, find_hedge, read_figures
from jalapeno_audit.text.names import name_pattern


def _found(text: str) -> list[tuple[str, str | None, str | None, list[str]]]:
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.metric, sorted(c.doubts)) for c in found]


def test_a_token_rate_spelled_per_user_is_one_users_speed():
    for spelling in ("tokens/sec/user", "tokens per second per user", "tok/s/user", "tokens/s per user"):
        assert _found(f"Jalapeño reaches 129 {spelling} on Kimi K2.5.")[0] == ("129", "jalapeno", "tokens-per-sec-per-user", [])
    # ... even in an article whose other words speak of aggregate throughput.
    text = "Jalapeño reaches 129 tokens/sec/user on Kimi K2.5.\n\nRaw throughput numbers matter less."
    assert _found(text)[0][2] == "tokens-per-sec-per-user"
    # A per-device basis makes it an aggregate figure.
    assert _found("Jalapeño reaches 12,000 tokens/sec/GPU on Kimi K2.5.")[0][2] == "throughput"


def test_a_bare_token_rate_is_left_open_when_the_article_says_both():
    # "/user" beside one figure and "throughput" elsewhere: a bare figure's kind is not settled by either.
    text = ("The GB200 delivers Kimi K2.5 at roughly 300 tokens/sec. Jalapeño claims 129 tokens/sec/user on Kimi K2.5.\n\n"
            "What matters is workload fit, not raw throughput numbers.")
    assert _found(text)[:2] == [("300", "gb200", None, ["metric"]), ("129", "jalapeno", "tokens-per-sec-per-user", [])]
    # Speed words in another paragraph only do not settle it either; in the same paragraph they do.
    assert _found("Jalapeño delivers 300 tokens/sec on Kimi K2.5.\n\nIt feels instant.")[0][2:] == (None, ["metric"])
    assert _found("Jalapeño delivers 300 tokens/sec on Kimi K2.5. It feels instant.")[0][2:] == ("tokens-per-sec-per-user", [])


def test_each_side_of_a_change_has_its_own_system():
    text = "Jalapeño offers a 50% bump in memory capacity from 96GB on the GB200 to a much better 144GB on Jalapeño."
    assert [f for f in _found(text) if f[0] in ("96", "144")] == [
        ("96", "gb200", "memory-capacity", []), ("144", "jalapeno", "memory-capacity", [])]
    # The figure a change starts from is never the subject's own figure.
    for text in ("Jalapeño raises memory from 96GB to 144GB.", "Jalapeño carries 144GB of memory, up from 96GB.",
                 "Jalapeño's memory grew 50% from 96GB."):
        figures = {f[0]: f for f in _found(text)}
        assert figures["96"][1:] == (None, "memory-capacity", ["system"]), text
        if "144" in figures:
            assert figures["144"][1:] == ("jalapeno", "memory-capacity", []), text
    # A change whose figures name no system of their own, and no subject before "from": left to the reader.
    assert _found("Memory grew from 96GB to 144GB on the GB300 and Jalapeño.")[1][3] == ["system"]


def test_a_value_is_not_given_to_a_system_the_words_between_set_apart():
    for text in ("Jalapeño is new. The chip delivers 500 tokens per second per user, while the GB200 manages 300.",
                 "Jalapeño is new. Unlike the GB200, it reaches 500 tokens per second per user.",
                 "Jalapeño's predecessor reached 300 tokens per second per user.",
                 "Jalapeño replaces a chip that reached 300 tokens per second per user."):
        assert _found(text)[0][1:] == (None, "tokens-per-sec-per-user", ["system"]), text
    # Named in the figure's own clause, or before it with nothing setting them apart: live.
    assert _found("Jalapeño has 288GB of memory, the GB300 has 192GB.") == [
        ("288", "jalapeno", "memory-capacity", []), ("192", "gb300", "memory-capacity", [])]
    assert _found("The GB200 is the previous leader. Jalapeño, which replaces it, carries 288GB of HBM3E memory.")[0][1] == "jalapeno"


def test_a_ratio_needs_its_own_comparator_and_one_subject():
    def ratio(text: str) -> tuple[str | None, str | None, list[str]]:
        _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
        c = next(c for c in found if c.kind == "ratio" and c.figure == "3")
        return c.system, c.vs, sorted(c.doubts)
    # A comparator in another clause may be another figure's; coordinated subjects leave the subject open.
    assert ratio("The GB200 was 2x faster than the GB300 in throughput, and Jalapeño is 3x faster.") == ("jalapeno", None, ["vs"])
    assert ratio("Jalapeño and the GB300 both offer 3x the throughput of the GB200.") == (None, "gb200", ["system"])
    assert ratio("On the GB300, Jalapeño software runs 3x faster in throughput.")[2] == ["vs"]
    assert ratio("Jalapeño is 3x faster in throughput than it was on the GB200.")[2] == ["vs"]
    # Each clause's own comparator; a comparator opening the sentence covers it; a verb of winning in the clause.
    assert ratio("Jalapeño is 2x faster than the GB300 in throughput, and 3x faster than the GB200.") == ("jalapeno", "gb200", [])
    assert ratio("Against the GB300, Jalapeño offers 3x the throughput.") == ("jalapeno", "gb300", [])
    assert ratio("Jalapeño beats the GB300 by 3x in throughput.") == ("jalapeno", "gb300", [])


def test_a_denied_figure_or_a_speed_word_on_a_time_is_doubted():
    assert "figure" in _doubts("Jalapeño is not 2x faster than the GB300 in throughput.")
    assert "figure" in _doubts("Jalapeño isn't 2x faster than the GB300 in throughput.")
    assert "figure" in _doubts("Jalapeño is 30% slower than the GB300 in time to first token.")
    assert "figure" in _doubts("Jalapeño is 30% faster than the GB300 in time to first token.")
    assert _doubts("Jalapeño delivers 50% lower time to first token than the GB300.") == []
    assert _doubts("Jalapeño is 30% faster than the GB300 in throughput.") == []
    assert _doubts("Jalapeño is rated at no more than 700 W.") == []  # a negated bound is a hedge, not a denial


def _doubts(text: str) -> list[str]:
    return _found(text)[0][3]


def test_a_change_between_two_systems_is_the_second_ones_lead():
    text = "Jalapeño offers a 50% bump in memory capacity from 96GB on the GB200 to a much better 144GB on Jalapeño."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert (found[0].figure, found[0].system, found[0].vs, found[0].doubts) == ("1.5", "jalapeno", "gb200", {})
    assert _found("Jalapeño offers a 50% bump in memory capacity from 96GB to 144GB.")[0][3] == ["vs"]


def test_a_model_named_without_a_catalog_name_leaves_the_model_to_the_reader():
    # "the largest 405B model" names a model the catalog does not: the speed is commented, its model marked.
    found = _found("On the largest 405B model, Jalapeño demonstrates 129 output tokens/second/user.")
    assert found[0][:3] == ("129", "jalapeno", "tokens-per-sec-per-user") and "model" in found[0][3]
    # ... and no model from earlier in the paragraph is carried over it.
    text = "Jalapeño runs Kimi K2.5 at 300 tokens/sec/user. On the 70B model, it reaches 129 tokens/sec/user."
    assert [f[3] for f in _found(text)] == [[], ["model"]]
    # "the model" with nothing named before it is no model either.
    assert "model" in _found("Jalapeño runs the model at 129 tokens/sec/user.")[0][3]
    # A catalog model in the figure's clause, "the model" after one, and hardware figures are not doubted.
    assert _found("Jalapeño runs Kimi K2.5 at 129 tokens/sec/user.")[0][3] == []
    assert _found("Kimi K2.5 is large. Jalapeño runs the model at 129 tokens/sec/user.")[0][3] == []
    assert _found("Jalapeño carries 144GB of memory for the 405B model.")[0][3] == []


def test_references_counts_and_idioms_are_not_figures():
    from jalapeno_audit.text.figures import read_figures

    for text in ("as the submission [1] shows", "detailed in Table 1", "see Figure 2", "for a 4,000-token request",
                 "with 16-bit weights", "2 x Accelerators", "2 x Reticle Sized GPUs", "the Groq 3 LPU", "Gaudi doubles down on it"):
        assert read_figures(text) == [], text
    # A multiple before a word that is no device stays a figure.
    assert [r.text for r in read_figures("2x faster chips, and it doubles the memory")] == ["2x", "doubles"]


def test_a_sum_in_billions_and_a_count_beside_a_figure_are_not_proposed():
    assert _found("Intel bought Habana for $2 billion.") == []
    assert [f[0] for f in _found("Jalapeño carries 144 GB of HBM3E memory using four stacks.")] == ["144"]
    # A bare figure right after a measured one is still proposed, with its metric doubted.
    assert [f[0] for f in _found("Jalapeño took 1.03 seconds versus 1.80 on the GB200.")] == ["1.03", "1.80"]


def test_a_scaled_figure_is_written_in_full():
    assert _found("Jalapeño can produce 60 thousand tokens/sec/user.")[0][:2] == ("60000", "jalapeno")
    assert _found("Jalapeño can produce 30K tokens/sec/user.")[0][0] == "30000"


def _claims(text: str) -> list[tuple[str, str | None, str | None, dict[str, str], list[str]]]:
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.model, c.at, sorted(c.doubts)) for c in found]


def test_a_name_is_found_however_its_words_are_joined():
    for written in ("GPT-OSS 120B", "GPT-OSS-120B", "GPT OSS 120B", "GPT-OSS120B"):
        assert _claims(f"Jalapeño reaches 129 tokens/sec/user on {written}.")[0] == ("129", "jalapeno", "gpt-oss-120b", {}, []), written
    # A word and a number may be run together, two numbers never: "Llama 270B" is not "Llama 2 70B".
    assert re.fullmatch(name_pattern("Llama 2 70B"), "Llama2-70B")
    assert re.fullmatch(name_pattern("Llama 2 70B"), "Llama 270B") is None
    # A memory size in a name may be written with its unit apart ("Orin Nano 8 GB"), but is no other size ("80GB").
    assert re.fullmatch(name_pattern("Jetson Orin Nano 8GB"), "Jetson Orin Nano 8 GB")
    assert re.fullmatch(name_pattern("Jetson Orin Nano 8GB"), "Jetson Orin Nano 80GB") is None
    assert mentions("01 At a Glance — Jetson Orin Nano 8 GB Super", {"jetson orin nano 8gb": "orin-nano"}) == [(17, "orin-nano")]
    # A name followed by a point and a digit is another version: "Llama3.1" is not Llama 3.
    assert mentions("It runs Llama3.1 and Llama 3.1 fast, and Llama 3 too.", {"llama 3": "llama-3"}) == [(41, "llama-3")]


def test_the_benchmark_a_result_comes_from_is_not_a_condition():
    assert _claims("In MLPerf Inference, Jalapeño delivers 129 tokens/sec/user on Kimi K2.5.")[0] == ("129", "jalapeno", "kimi-k2.5", {}, [])


def test_a_figure_per_device_is_not_one_of_the_device_count_beside_it():
    for text in ("Spread across 8 GPUs, Jalapeño reaches 3,066 tokens per second per GPU.",
                 "Jalapeño reaches 3,066 tokens per second per GPU, spread across 8 GPUs."):
        assert _claims(text)[0] == ("3066", "jalapeno", None, {}, []), text
    # The count's own figure keeps its count as a condition for the reader to write.
    assert "at" in _claims("Jalapeño processed 24,525 tokens per second across 8 GPUs.")[0][4]


def test_the_lines_of_a_table_are_not_the_prose_around_it():
    body = "Jalapeño reaches 129 tokens/sec/user on Kimi K2.5.\nSingle-Node | 61,759.1"
    assert sentences(body)[0].context == "Single-Node | 61,759.1"
    assert sentences(body, frozenset({"Single-Node | 61,759.1"}))[0].context == ""


def test_over_the_figure_of_another_is_no_bound():
    assert find_hedge("a 27% speed-up over the 12,022 tokens/s", 31, 37) == (None, None)
    assert find_hedge("a speed of over 12,022 tokens/s", 16, 22) == ("over", LOWER)
    assert find_hedge("around the 12,022 mark", 11, 17) == ("around", APPROX)


def test_a_measured_figure_of_a_family_is_one_of_its_systems():
    # The article names one system of the family: that is whose figure it is.
    assert _claims("The GB200 is fast. NVIDIA Blackwell reaches 12,022 tokens/sec/user on Kimi K2.5.")[0][1:] == (
        "gb200", "kimi-k2.5", {}, [])
    # It names two: left to the reader, for a value and for a side of a comparison.
    assert _claims("The GB200 and GB300 are fast. NVIDIA Blackwell reaches 12,022 tokens/sec/user on Kimi K2.5.")[0][4] == ["system"]
    found = _claims("The GB200 and GB300 are fast. NVIDIA Blackwell has 2x lower end-to-end latency than Jalapeño on Kimi K2.5.")
    assert found[0][4] == ["system"]
    # A comparison in an article that names none of the family's systems is the family's.
    assert _claims("NVIDIA Blackwell has 2x lower end-to-end latency than Jalapeño on Kimi K2.5.")[0][1:] == (
        "nvidia-blackwell", "kimi-k2.5", {}, [])


def test_a_percent_change_named_after_its_noun_is_a_ratio():
    for text, direction in (("a 27% performance speed up over", "up"), ("a 27% speed-up", "up"), ("a 40% TCO reduction", "down"),
                            ("a 12% throughput gain", "up"), ("This lead extends to 28% in offline benchmarks.", "up")):
        assert [(r.kind, r.direction) for r in read_figures(text)] == [("ratio", direction)], text
    for text in ("30% speed of light", "a 20% share in sales", "27% of the performance", "Usage extends to 28% of users."):
        assert read_figures(text)[0].kind != "ratio", text


def test_a_benchmark_scenario_and_a_single_node_are_conditions():
    text = "Jalapeño's throughput is 10,755 tokens per second in a server test and 11,264 tokens per second in an offline test."
    assert [(c[0], c[3], c[4]) for c in _claims(text)] == [("10755", {"scenario": "server"}, []), ("11264", {"scenario": "offline"}, [])]
    text = "On a single node, Jalapeño pushed a throughput of 100,282 tokens per second on the Kimi K2.5 Server benchmark."
    assert _claims(text)[0] == ("100282", "jalapeno", "kimi-k2.5", {"scenario": "server", "nodes": "1"}, [])
    # A scenario in another clause, or a word that only looks like one ("server GPUs"), is left to the reader or is none.
    assert _claims("In the offline test the GB200 led, while Jalapeño's throughput was 100,282 tokens per second.")[0][4] == ["at"]
    assert _claims("Jalapeño's throughput was 100,282 tokens per second on server GPUs.")[0][3:] == ({}, [])


def test_a_sentence_that_says_what_the_figures_before_it_were_holds_their_model_back():
    text = ("Jalapeño's throughput is 10,755 tokens per second in a server test. "
            "These results are similar to those of the GB200 on Kimi K2.5.")
    assert _claims(text)[0] == ("10755", "jalapeno", None, {"scenario": "server"}, ["model"])
    # A next sentence that names a model for figures of its own says nothing of this one.
    text = "Jalapeño's throughput is 10,755 tokens per second in a server test. The GB200 reaches 535 tokens/sec/user on Kimi K2.5."
    assert _claims(text)[0] == ("10755", "jalapeno", None, {"scenario": "server"}, [])


def test_the_digits_of_a_name_are_no_device_count():
    # "the GB200 chip": not "200 chip"; a count written as a count still is one.
    text = "Jalapeño's throughput is 10,755 tokens per second on Kimi K2.5. It is faster than the GB200 chip."
    assert _claims(text)[0][3:] == ({}, [])
    text = "Jalapeño's throughput is 10,755 tokens per second on Kimi K2.5. It ran on 200 chips."
    assert _claims(text)[0][4] == ["at"]
    text = "Jalapeño's throughput is 10,755 tokens per second in Server throughput benchmarks on Kimi K2.5."
    assert _claims(text)[0][3:] == ({"scenario": "server"}, [])


def test_a_system_said_to_be_a_thing_that_has_a_figure_has_it():
    text = "Jalapeño is a dual-chiplet accelerator that is equipped with 144 GB of HBM3E memory."
    assert _claims(text)[0] == ("144", "jalapeno", None, {}, [])
    # A relative clause of another noun after it still sets the figure apart.
    assert _claims("Jalapeño is a chip that replaces a part that had 96 GB of HBM3E memory.")[0][4] == ["system"]
    assert _claims("Jalapeño replaces a chip that had 96 GB of HBM3E memory.")[0][4] == ["system"]


def test_a_precision_or_software_changes_no_memory_or_link_figure():
    text = "Jalapeño carries 144 GB of HBM3E memory. It reaches 2,517 TFLOPS in FP8 with vLLM."
    assert _claims(text)[0] == ("144", "jalapeno", None, {}, [])
    # It does change compute: a precision the paragraph names, not as what the figure was measured in, is left to the
    # reader there (one it was measured in is the paragraph's: test_new_at).
    assert _claims("Jalapeño reaches 2,517 TFLOPS. It also runs FP8.")[0][4] == ["at"]


def _ratios(text: str) -> list[tuple[str, str | None, str | None, str | None, list[str]]]:
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.vs, c.metric, sorted(c.doubts)) for c in found if c.kind == "ratio"]


def test_a_comparator_qualified_by_its_age_is_still_the_comparator():
    for qualified in ("the previous-gen GB200", "the older GB200", "Nvidia's current-gen GB200"):
        assert _ratios(f"Jalapeño has 2x lower end-to-end latency than {qualified}.")[0][1:3] == ("jalapeno", "gb200"), qualified


def test_a_ratio_of_performance_borrows_no_metric_from_another_clause():
    found = _ratios("Jalapeño will have 1.5x more performance than the GB200, as well as twice the compute power.")
    assert found == [("1.5", "jalapeno", "gb200", None, ["metric"]), ("2", "jalapeno", "gb200", "peak-compute", [])]


def test_a_memory_type_is_no_condition_of_a_compute_figure():
    text = "Jalapeño has twice the compute power of the GB200. It may use HBM3 or the faster HBM3e memory."
    assert _ratios(text) == [("2", "jalapeno", "gb200", "peak-compute", [])]
    # It may be one of a throughput figure: left to the reader.
    text = "Jalapeño has twice the throughput of the GB200. It may use HBM3 or the faster HBM3e memory."
    assert _ratios(text)[0][4] == ["at"]


def test_a_workload_the_catalog_does_not_name_leaves_the_model_to_the_reader():
    text = "On GPTJ-99, Jalapeño shines. Jalapeño is 12% faster than the GB200 in throughput."
    assert _ratios(text)[0][4] == ["model"]
    # A catalog name opening the sentence is no unknown workload, nor is a year.
    assert _ratios("On Kimi K2.5, Jalapeño is 12% faster than the GB200 in throughput.")[0][4] == []
    assert _ratios("In 2025, Jalapeño is 12% faster than the GB200 in throughput.")[0][4] == []


def test_a_gain_after_a_rate_is_of_that_rate_and_in_its_scene():
    text = ("On a single node, Jalapeño pushed 100,282 tokens per second in the MLPerf Kimi K2.5 Server benchmark"
            " — a 3.1x improvement over the GB200.")
    found = _claims(text)
    assert found[1] == ("3.1", "jalapeno", "kimi-k2.5", {"nodes": "1", "scenario": "server"}, [])
    assert _ratios(text)[0][3] == "throughput"
    # A precision beside a ratio may be one side's only: left to the reader.
    assert _claims(text.replace("Server benchmark", "Server benchmark in FP4"))[1][4] == ["at"]
    # A gain with no absolute rate before it names no metric.
    assert _ratios("Jalapeño shows a 3.1x improvement over the GB200.")[0][4] == ["metric"]


def test_the_doubt_names_the_condition_the_figure_does_not_write():
    text = "Jalapeño FP8 reaches 900 tokens/sec/user with vLLM. Jalapeño reaches 90 ms time to first token with vLLM."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert found[1].doubts == {"at": "its paragraph says 'FP8': does it apply here?"}


def test_counts_periods_exponents_and_sums_are_not_proposed():
    # A multiple before a product name the reader blanked out, or before a parallelism, counts devices.
    assert [f[0] for f in _found("Jalapeño reaches 500,000 tokens/sec against 23,000 tokens/sec on 8x H100.")] == ["500000", "23000"]
    assert _found("Benchmarks ran in FP8 at 8x model parallelism.") == []
    assert _found("Jalapeño replaces 160 H100 GPUs.") == []
    # A number of years or months is a period; a digit after "^" is an exponent of a unit.
    assert _found("In the past four years, compute density (TFLOPS/mm^2) improved little.") == []
    # A sum in millions or billions is a deal or a budget, unless it is said per unit.
    assert _found("Etched raised over $625 million; AI models cost $1B+ to train; a $50-100M chip project.") == []
    assert [f[0] for f in _found("A GB200 NVL72 rack costs $3 million per rack.")] == ["3000000"]


def test_a_percent_after_a_change_by_a_hedge_is_a_ratio():
    assert [f[0] for f in _found("Jalapeño's compute density has improved by ~15%.")] == ["1.15"]
    assert read_figures("memory cut by about 30%")[0].direction == "down"


def test_a_system_after_unlike_and_its_makers_name_does_not_own_the_figure():
    text = "Unlike Nvidia's GB200 that requires off-chip memory access, the wafer integrates 44GB of memory on-chip."
    assert _found(text)[0][1:] == (None, "memory-capacity", ["system"])
    assert _found(text.replace("Nvidia's GB200", "the GB200"))[0][1:] == (None, "memory-capacity", ["system"])


def test_a_lead_in_set_apart_by_a_blank_line_is_its_lists():
    text = "Jalapeño is new.\n\nGB200 specifications explain its profile:\n\n- 192 GB HBM3e memory\n- Up to 8 TB/s memory bandwidth\n"
    assert [f[:3] for f in _found(text)] == [("192", "gb200", "memory-capacity"), ("8", "gb200", "memory-bandwidth")]
    assert all(not f[3] for f in _found(text))
    # One that names no system does not give the items to the article's subject: the paragraph before may be another's.
    text = ("Jalapeño is new. Jalapeño is fast.\n\nThe GB200 NVL72 links 72 GPUs.\n\nIn the Kimi K2.5 benchmark:\n\n"
            "- Throughput reaches 869,200 tokens/sec\n")
    # (The device count another paragraph states may be the throughput's condition too.)
    assert _found(text)[-1][1:] == (None, "throughput", ["at", "system"])


def test_a_parenthesis_after_a_compute_figure_gives_its_precision_and_sparsity():
    _, found = scaffold("GB200 specifications:\n\n- ~4.5 PFLOPS (FP8 dense compute)\n", "x", load_catalog(),
                        archive=None, publisher=None, url=None, published=None)
    assert (found[0].system, found[0].at, found[0].doubts) == ("gb200", {"precision": "fp8", "sparsity": "none"}, {})
    # "dense" is no setting of a throughput ("a dense 70B model"): left to the reader.
    assert "at" in _found("The GB200 reaches 5,000 tokens/sec on a dense model with FP8.")[0][3]


def test_an_article_about_one_system_owns_the_figures_of_sentences_that_name_none():
    text = ("Jalapeño is here. Jalapeño is fast. Jalapeño beats the GB200.\n\n"
            "That is 2,400 tokens per second on Kimi K2.5.\n\nJalapeño again.")
    assert _found(text)[-1][:2] == ("2400", "jalapeno")
    # Not when the paragraph names another system, nor in an article that names others as often.
    assert _found(text.replace("That is", "The GB200 lags. That is"))[-1][1] is None
    assert _found("Jalapeño is here. The GB200 is there.\n\nThat is 2,400 tokens per second on Kimi K2.5.")[-1][1] is None


def test_figures_within_one_percent_are_one_figure_rounded():
    text = ("Jalapeño reaches 2,400 tokens per second per user on Kimi K2.5.\n\n"
            "Jalapeño reaches approximately 2,381.82 tokens per second per user on Kimi K2.5.")
    assert [f[3] for f in _found(text)] == [[], []]
    assert all("at" in f[3] for f in _found(text.replace("2,381.82", "1,900")))


def test_a_token_rate_on_a_line_that_is_no_sentence_leaves_its_model_to_the_reader():
    text = "Jalapeño reaches 2,400 tokens per second per user on Kimi K2.5 and GPT-OSS 120B.\n\nJalapeño rate 2,400 tokens/sec/user\n"
    assert _found(text)[-1][3] == ["model"]
    # In an article of one model, the line is that model's (see test_new_elsewhere).
    assert _found(text.replace(" and GPT-OSS 120B", ""))[-1][3] == []


MEASURED_CATALOG = """
metrics:
  sustained-compute: {name: "sustained (measured) compute throughput", unit: TFLOPS, better: higher, family: compute}
  measured-memory-bandwidth: {name: "measured memory bandwidth", unit: TB/s, better: higher, family: memory}
"""


def _measured(text: str) -> list[tuple[str | None, list[str]]]:
    catalog = load_catalog(("catalog.yaml", MEASURED_CATALOG.encode()))
    _, found = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
    return [(c.metric, sorted(c.doubts)) for c in found]


def test_a_metric_named_as_measured_is_the_one_of_a_figure_said_to_be_measured():
    assert _measured("The GB200 has 8 TB/s of memory bandwidth.") == [("memory-bandwidth", [])]
    # The memory's, not said to be measured, of the bandwidths the unit fits (the built-in catalog's links are another).
    assert _measured("The GB200 pairs its HBM3E memory with 8 TB/s of bandwidth.") == [("memory-bandwidth", [])]
    assert _measured("The GB200 has 8 TB/s of bandwidth.") == [(None, ["metric"])]
    assert _measured("On the GB200 we measured 7.35 TB/s HBM bandwidth.")[0][0] == "measured-memory-bandwidth"
    assert _measured("The GB200 reaches 5,000 TFLOPS of compute.")[0][0] == "peak-compute"
    assert _measured("The GB200 sustained 4,000 TFLOPS in GEMM tests.")[0][0] == "sustained-compute"


def test_a_token_rate_with_a_model_name_before_its_unit_is_read():
    # "500,000 Kimi K2.5 tokens per second": the unit after the model's name; a rate no one stream reaches is an aggregate.
    found = _found("One Jalapeño server runs 500,000 Kimi K2.5 tokens per second, 20x more than a GB200 server.")
    assert found == [("500000", "jalapeno", "throughput", []), ("20", "jalapeno", "throughput", [])]
    # A count before a product name the reader blanked out stays a count.
    assert _found("Jalapeño replaces 160 H100 GPUs.") == []


def test_a_note_on_how_the_benchmarks_ran_leaves_at_of_every_figure_to_the_reader():
    text = "Jalapeño runs 500,000 tokens per second on Kimi K2.5.\n\nBenchmarks are from running in FP8 at 8x model parallelism."
    assert _found(text)[0][3] == ["at"]
    text = "Jalapeño runs 500,000 tokens per second on Kimi K2.5 and has 144GB of memory.\n\nGB200 figures are estimated."
    assert [f[3] for f in _found(text)] == [["at"], []]


def test_the_new_chips_are_the_articles_subject_when_every_other_name_is_a_comparator():
    text = ("Jalapeño is here. Jalapeño is fast.\n\n"
            "The maker boosted memory for the new chips, with each chip sporting 192GB, six times more than the GB200.")
    assert _found(text)[0] == ("192", "jalapeno", "memory-capacity", [])
    # A system named as the figure's own, not as a comparator, keeps it from the subject.
    text = text.replace("six times more than the GB200", "while the GB200 has less")
    assert _found(text)[0][1] is None


def test_a_precision_written_with_its_kind_word_is_one_setting():
    text = "For the record, the GB200 was capable of hitting about 918 TFLOPS at FP8 precision."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert (found[0].system, found[0].at, found[0].doubts) == ("gb200", {"precision": "fp8"}, {})


def test_a_per_device_basis_elsewhere_in_the_paragraph_is_no_condition_of_a_spec():
    text = "Each chip has 192GB of memory. The GB200 reaches 2,500 TFLOPS of compute."
    assert _found(text)[1] == ("2500", "gb200", "peak-compute", [])
    # A count of devices elsewhere still is.
    assert _found("The pod links 9,216 chips. The GB200 reaches 2,500 TFLOPS of compute.")[-1][3] == ["at"]


def test_a_system_a_value_was_measured_on_owns_it():
    assert _found("Cisco recorded 76,000 tokens per second based on GB200.")[0][:3] == ("76000", "gb200", "throughput")
    assert _found("Partners submitted GB200-based systems delivering 100,000 tokens per second.")[0][:3] == (
        "100000", "gb200", "throughput")
    # Still a comparator after a word of comparison.
    assert _found("Jalapeño recorded 76,000 tokens per second, against 50,000 tokens per second on the GB200.")[0][1] == "jalapeno"


def test_a_name_typeset_with_a_non_breaking_hyphen_is_the_catalogs():
    assert re.search(name_pattern("Llama 3.1 70B"), "Llama\u20113.1\u201170B")
    assert not re.search(name_pattern("Llama 2 70B"), "Llama 270B")


def test_the_rate_a_model_runs_at_is_one_streams():
    assert _found("Jalapeño got Kimi K2.5 to run at 969 tokens per second.")[0][2:] == ("tokens-per-sec-per-user", [])
    assert _found("Jalapeño runs Kimi K2.5 at roughly 300 tokens/sec.")[0][2] == "tokens-per-sec-per-user"
    # A batch or concurrent requests in the sentence make it an aggregate; a bare rate stays open.
    assert _found("Jalapeño runs Kimi K2.5 at 3,000 tokens per second with batch 64.")[0][2] == "throughput"
    assert _found("Jalapeño produces 969 tokens per second on Kimi K2.5.")[0][2:] == (None, ["metric"])


def test_a_unit_after_a_plus_a_precision_or_a_word_of_kind_is_read():
    assert _found("Jalapeño hit 1,000+ tokens/sec/user on Kimi K2.5.")[0][:3] == ("1000", "jalapeno", "tokens-per-sec-per-user")
    _, found = scaffold("Jalapeño offers up to 2,517 MXFP8 TFLOPS.", "x", load_catalog(), archive=None, publisher=None, url=None,
                        published=None)
    assert (found[0].figure, found[0].metric, found[0].at, found[0].doubts) == ("2517", "peak-compute", {"precision": "mxfp8"}, {})
    assert _found("Jalapeño can scale up to 83.2 peak petaflops of compute.")[0][2] == "peak-compute"
    # A block floating-point format is a precision, as a floating-point one is.
    _, found = scaffold("Jalapeño offers 148 TFLOPS of BFP8 compute.", "x", load_catalog(), archive=None, publisher=None, url=None,
                        published=None)
    assert (found[0].at, found[0].doubts) == ({"precision": "bfp8"}, {})


def test_a_model_named_elsewhere_in_the_sentence_is_not_a_hardware_figures():
    found = _found("Jalapeño claims 500K+ tokens/sec on Kimi K2.5 and 144GB of HBM3E.")
    _, candidates = scaffold("Jalapeño claims 500K+ tokens/sec on Kimi K2.5 and 144GB of HBM3E.", "x", load_catalog(),
                             archive=None, publisher=None, url=None, published=None)
    assert [c.model for c in candidates] == ["kimi-k2.5", None] and found[1][2] == "memory-capacity"


RATE_CATALOG = """
units:
  tok/ms/user: {metric_unit: tok/s/user, factor: 1000}
  ktok/s/user: {metric_unit: tok/s/user, factor: 1000}
"""


def test_a_token_rate_in_another_unit_of_time_is_written_in_the_catalogs_unit():
    catalog = load_catalog(("catalog.yaml", RATE_CATALOG.encode()))
    text = ("Jalapeño reaches 2.4 tokens per millisecond per user on Kimi K2.5. That is 2,400 tokens per second per user.\n\n"
            "Jalapeño reaches 2.38 kilotokens per second per user on Kimi K2.5.")
    _, found = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
    assert [(c.figure, c.unit, c.metric, c.doubts) for c in found] == [
        ("2.4", "tok/ms/user", "tokens-per-sec-per-user", {}), ("2400", None, "tokens-per-sec-per-user", {}),
        ("2.38", "ktok/s/user", "tokens-per-sec-per-user", {})]
    # A unit the catalog does not hold leaves the metric to the reader.
    assert _found("Jalapeño reaches 142,909 tokens per minute per user on Kimi K2.5.")[0][2:] == (None, ["metric"])


def test_a_memory_type_elsewhere_in_the_paragraph_is_no_condition_of_a_token_rate():
    text = "Jalapeño chips incorporate SRAM, HBM and DDR. Jalapeño reaches 2,400 tokens per second per user on Kimi K2.5."
    assert _found(text)[0][3] == []
    assert _found("Jalapeño reaches 2,400 tokens per second per user on Kimi K2.5 with HBM3E memory.")[0][3] == ["at"]


def test_a_hedge_may_cover_the_figure_that_restates_its_figure():
    text = "Jalapeño reaches approximately 2,381 tokens per second per user on Kimi K2.5\u2014or 2.4 thousand tokens per second per user."
    assert _found(text)[1][3] == ["approx"]


def test_a_value_in_parentheses_after_a_comparator_is_the_comparators():
    text = "One Jalapeño server runs 500,000 Kimi K2.5 tokens per second, 20x more than a GB200 server (25,000 tokens/sec)."
    assert _found(text) == [("500000", "jalapeno", "throughput", []), ("20", "jalapeno", "throughput", []),
                            ("25000", "gb200", "throughput", [])]
    # Not a value outside a parenthesis, nor one after more words than a noun or two.
    assert _found(text.replace("server (25,000 tokens/sec)", "server, while Jalapeño idles at 25,000 tokens/sec"))[2][1] != "gb200"
    assert _found(text.replace("server (", "server that we tested in our lab ("))[2][1] is None


def test_the_one_system_of_an_article_does_not_own_a_figure_set_against_it():
    text = ("Jalapeño is here. Jalapeño is fast. Jalapeño beats the GB200.\n\n"
            "Last week a rival hit 1,000 tokens per second, but we surpassed that.\n\nJalapeño again.")
    assert _found(text)[-1][1] is None


def test_a_precision_the_figures_clause_writes_wins_over_another_in_its_paragraph():
    text = "Jalapeño offers up to 2,517 MXFP8 TFLOPS. The rack offers 0.36 ExaFLOPS of FP8 performance."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert (found[0].at, found[0].doubts) == ({"precision": "mxfp8"}, {})
    # A sparsity the paragraph names is another kind: left to the reader (a software is none of a chip's peak compute).
    _, found = scaffold(text.replace("of FP8 performance", "with sparsity"), "x", load_catalog(), archive=None,
                        publisher=None, url=None, published=None)
    assert "at" in found[0].doubts


def test_a_per_gpu_ratio_compares_devices_and_needs_no_device_count():
    assert _ratios("Jalapeño delivers 3x per-GPU throughput over the GB200.") == [("3", "jalapeno", "gb200", "throughput", [])]
    # A count of devices in the sentence still is a condition.
    assert _ratios("Jalapeño delivers 3x per-GPU throughput over the GB200 with 72 GPUs.")[0][4] == ["at"]


def test_the_silicon_at_the_start_of_a_sentence_is_the_articles_subject():
    text = "Jalapeño is here. Jalapeño beats the GB200.\n\nThe silicon behind these results: 288 GB of HBM3E per chip."
    assert _found(text)[0] == ("288", "jalapeno", "memory-capacity", [])


def test_a_pair_of_precisions_is_one_setting_and_reduced_precision_is_none():
    text = "Jalapeño has native FP4/FP6 support delivering 20 PFLOPS in reduced-precision formats."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert (found[0].figure, found[0].metric, found[0].at, found[0].doubts) == ("20", "peak-compute", {"precision": "fp4/fp6"}, {})
    # A precision word on its own still leaves `at` to the reader.
    assert "at" in _found("Jalapeño delivers 20 PFLOPS at a lower precision.")[0][3]


SWITCH_CATALOG = """
metrics:
  switch-bandwidth: {name: "I/O bandwidth of a system used as a network switch", unit: TB/s, better: higher, family: interconnect}
"""


def test_a_bandwidth_said_beside_memory_is_the_memory_s_when_another_metric_shares_its_unit():
    catalog = load_catalog(("catalog.yaml", SWITCH_CATALOG.encode()))

    def drafted(text: str) -> list[tuple[str | None, list[str]]]:
        _, found = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
        return [(c.metric, sorted(c.doubts)) for c in found]

    assert drafted("The GB200 has 192 GB HBM3 memory and 5.3 TB/s bandwidth.")[1] == ("memory-bandwidth", [])
    assert drafted("The GB200 is built on SRAM cells, operating at speeds of about 150 TB/s.") == [("memory-bandwidth", [])]
    # No word of memory: a switch's or the memory's TB/s, the reader decides.
    assert drafted("The GB200 moves 5.3 TB/s.")[0][1] == ["metric"]


def test_the_formats_a_paragraph_says_a_system_supports_are_no_setting_of_its_figures():
    """"supports ... FP16, FP8, FP6, and FP4" says what the chip can do; the figure's own clause gives its precision."""
    lead = "In terms of computing, Jalapeño supports various floating-point precision formats including FP16, FP8, FP6, and FP4."
    _, found = scaffold(f"{lead} Specifically, its FP16 performance reaches 18.5 PFlops, and FP8 hits 37 PFlops.", "x", load_catalog(),
                        archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), c.at, sorted(c.doubts)) for c in found] == [("18.5", {"precision": "fp16"}, []), ("37", {"precision": "fp8"}, [])]
    # Two formats it supports are no list of its capabilities: either may be the figure's.
    _, found = scaffold("Jalapeño supports FP8 and FP4. Its performance reaches 18.5 PFlops.", "x", load_catalog(),
                        archive=None, publisher=None, url=None, published=None)
    assert [sorted(c.doubts) for c in found] == [["at"]]


def test_a_network_another_sentence_names_is_a_condition_of_link_figures_only():
    """"These GPUs are interconnected using InfiniBand" says what the system is built with: no setting of a speed-up
    its paragraph states; a bandwidth of the paragraph may be the network's."""
    built = "Jalapeño outperforms the GB200 by 2.1x on Kimi K2.5 throughput. The racks are interconnected using InfiniBand."
    _, found = scaffold(built, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), sorted(c.doubts)) for c in found] == [("2.1", [])]
    linked = "Jalapeño's links move 1.8 TB/s of bandwidth. The racks are interconnected using InfiniBand."
    _, found = scaffold(linked, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert "at" in found[0].doubts
