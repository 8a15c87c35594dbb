"""`audit new`: conditions and models stated elsewhere in an article leave a figure's `at` (or model) to the reader."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.authoring.sentences import sentences
from jalapeno_audit.corpus.catalog import load_catalog


def _found(text: str) -> list[tuple[str, str | None, str | None, dict[str, str], list[str]]]:
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.metric, c.at, sorted(c.doubts)) for c in found]


def test_a_precision_another_paragraph_states_leaves_at_to_the_reader():
    text = "Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\n\nAll of this runs in FP4."
    assert _found(text)[0][4] == ["at"]
    # Said in the title, too.
    _, found = scaffold("Jalapeño delivers 300 tokens per second per user on Kimi K2.5.", "x", load_catalog(), archive=None,
                        publisher=None, url=None, published=None, title="Jalapeño wins in FP8")
    assert sorted(found[0].doubts) == ["at"]
    # With no such word anywhere, the figure is live.
    assert _found("Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\n\nIt ships next year.")[0][4] == []


def test_device_counts_batch_sizes_scenarios_and_software_elsewhere_leave_at_open():
    for said in ("The test used eight GPUs.", "Each server held 16 chips.", "Requests came in batches.",
                 "Results are from the Offline scenario.", "It was served with vLLM."):
        text = f"Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\n\n{said}"
        assert _found(text)[0][4] == ["at"], said
    assert _found("The GB200 delivers 300 tokens per second per user on Kimi K2.5.\n\nThe rack ran 8x GB200.")[0][4] == ["at"]


def test_a_condition_said_beside_figures_of_another_kind_is_theirs():
    # "650 TFLOPS of BF16 compute" says nothing of the speed of a model run elsewhere.
    text = "Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\n\nJalapeño offers 650 TFLOPS of BF16 compute."
    assert _found(text)[0][4] == []
    # But a compute figure elsewhere does take the doubt.
    text = "Jalapeño offers 2 PFLOPS of compute.\n\nIts rival offers 650 TFLOPS of BF16 compute."
    assert _found(text)[0][4] == ["at"]


def test_a_condition_said_of_another_system_is_not_this_figures():
    text = "Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\n\nThe GB200 ran in FP8."
    assert _found(text)[0][4] == []
    text = "Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\n\nJalapeño ran in FP8."
    assert _found(text)[0][4] == ["at"]


def test_the_one_precision_an_article_says_it_measured_in_is_its_subjects_in_every_paragraph():
    figure = "Jalapeño offers 2 PFLOPS of compute.\n\n"
    for said in ("Google is using FP8 precision as its benchmark for the new chip.", "Our tests ran FP8."):
        assert _found(figure + said)[0][3:] == ({"precision": "fp8"}, []), said
    assert _found("Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\n\nOur tests ran FP8.")[0][3:] == ({"precision": "fp8"}, [])
    # What the chip can do, what may be, two precisions, or another precision anywhere in the article: left to the reader.
    for said in ("It also supports FP4.", "Future tests will use FP4.", "Our tests ran FP8 and BF16.",
                 "Our tests ran FP8.\n\nThe GB200 offers 1 PFLOPS at FP16."):
        assert _found(figure + said)[0][3:] == ({}, ["at"]), said
    # A ratio's precision may be one side's; a memory figure takes none; another system than the article's subject
    # may have been measured otherwise.
    assert _found("Jalapeño is 2x faster than the GB200 in throughput.\n\nOur tests ran FP8.")[0][3:] == ({}, ["at"])
    assert _found("Jalapeño offers 192 GB of memory.\n\nOur tests ran FP8.")[0][3:] == ({}, [])
    text = "Jalapeño is new. Jalapeño is fast.\n\nThe GB200 offers 2 PFLOPS of compute.\n\nOur tests ran FP8."
    assert _found(text)[0][1:] == ("gb200", "peak-compute", {}, ["at"])


def test_in_a_text_without_blank_lines_a_line_that_ends_a_sentence_ends_its_paragraph():
    def paragraphs(body: str) -> list[int]:
        return [sentence.paragraph for sentence in sentences(body)]

    assert paragraphs("Jalapeño runs fast.\nThe GB200 runs slow. It ran FP8.\nIt ships next year.") == [0, 1, 1, 2]
    # A trailing backslash (Markdown's line break) after the sentence's end ends it too.
    assert paragraphs("Jalapeño runs fast.\\\nThe GB200 runs slow.") == [0, 1]
    # A line that points back at the one before, opens on a clause, is a list item or a table row continues its paragraph;
    # so does the line after a heading, a lead-in or a row, which end no sentence.
    for body in ("Jalapeño runs fast.\nThis is a record.", "Jalapeño runs fast.\nThese results ran FP8.", "Jalapeño runs fast\nin FP8.",
                 "Jalapeño runs fast.\n1. It ran FP8.", "Jalapeño runs fast.\nSingle-Node | 61,759.1", "Results\nJalapeño runs fast.",
                 "Jalapeño ran:\nFP8 on eight GPUs."):
        assert len(set(paragraphs(body))) == 1, body
    # With a blank line anywhere, blank lines mark the paragraphs and a line break inside one is no break.
    assert paragraphs("Jalapeño runs fast.\nThe GB200 runs slow.\n\nIt ships next year.") == [0, 0, 1]


def test_a_setting_on_another_line_of_a_text_without_blank_lines_is_said_elsewhere():
    # Another line, another paragraph: a precision said of another system is not this figure's.
    assert _found("Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\nThe GB200 ran in FP8.")[0][3:] == ({}, [])
    # A line that points back, or a text that marks its paragraphs with blank lines: the figure's paragraph says it.
    for text in ("Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\nThis beats the GB200, which ran in FP8.",
                 "Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\nThe GB200 ran in FP8.\n\nIt ships next year."):
        assert _found(text)[0][3:] == ({}, ["at"]), text


def test_a_hardware_figure_takes_no_run_condition_from_elsewhere():
    # A memory capacity changes with no precision, batch or scenario.
    text = "Jalapeño has 288GB of memory.\n\nAll results ran in FP4 at batch size 64 on eight GPUs."
    assert _found(text)[0][4] == []


def test_a_model_named_elsewhere_leaves_a_speeds_model_to_the_reader():
    text = "Jalapeño delivers 300 tokens per second per user.\n\nWe tested Kimi K2.5 and other models."
    assert "model" in _found(text)[0][4]
    # A figure stated for a class of models, or a hardware figure, is not any one model's.
    text = "Jalapeño runs large language models at 300 tokens per second per user.\n\nWe tested Kimi K2.5."
    assert "model" not in _found(text)[0][4]
    assert _found("Jalapeño has 288GB of memory.\n\nWe tested Kimi K2.5.")[0][4] == []


def test_a_sentence_that_lists_the_precisions_a_system_supports_states_no_runs_precision():
    figure = "Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\n\n"
    assert _found(figure + "It supports a wide range of data types including FP32, TF32, BF16, FP16 and FP8.")[0][4] == []
    # Listed as what ran, or two values only (one may be the run's): left to the reader.
    for said in ("It ran FP32, TF32, BF16, FP16 and FP8.", "It supports FP16 and FP8."):
        assert _found(figure + said)[0][4] == ["at"], said


def test_a_line_of_figures_in_an_article_of_one_model_is_that_models():
    lines = "Jalapeño serves Kimi K2.5 at record speed.\n\nSpeed per user 2,400 tokens/second/user\n"
    found = scaffold(lines, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)[1]
    assert [(c.figure, c.model, sorted(c.doubts)) for c in found] == [("2400", "kimi-k2.5", [])]
    # An article of two models, or a list item (a gain said of no model), leaves the model to the reader.
    for text in (lines.replace("Kimi K2.5", "Kimi K2.5 and GPT-OSS 120B"), lines.replace("Speed per user", "- Speed per user")):
        found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)[1]
        assert [c.model for c in found] == [None] and "model" in found[0].doubts, text


def test_the_software_release_a_note_says_the_figures_were_measured_with_is_every_runs():
    """"These performance numbers are measured using the latest SynapseAI* software release version 1.18.0": the
    software of each run of the article's subject, written by its name and version; a note of what may be, two
    releases, or a release another system ran leaves it to the reader."""
    catalog = load_catalog(("c.yaml", b"systems:\n  gaudi-3: {name: Intel Gaudi 3, aliases: [Gaudi 3]}\n"
                                      b"  h100: {name: NVIDIA H100, aliases: [H100]}\n"))

    def drafted(note: str, figure: str = "Gaudi 3 delivers a throughput of 19,810 tokens per second.") -> list[tuple[dict[str, str], list[str]]]:
        _, found = scaffold(f"Gaudi 3 results\n\n{note}\n\n{figure}", "x", catalog, archive=None, publisher=None, url=None,
                            published=None)
        return [(c.at, sorted(c.doubts)) for c in found if c.metric == "throughput"]

    measured = "These performance numbers are measured using the latest SynapseAI* software release version 1.18.0, unless otherwise noted."
    assert drafted(measured) == [({"software": "synapseai-1.18.0"}, [])]
    assert drafted(measured.replace("are measured", "will be measured")) == [({}, ["at"])]
    assert drafted(f"{measured} Results on H100 were measured using the TensorRT software release 0.5.0.") == [({}, ["at"])]
    assert drafted(measured, "The H100 delivers a throughput of 9,000 tokens per second.") == [({}, ["at"])]


def test_a_speed_in_an_article_that_runs_one_model_is_that_models():
    """The article names Kimi K2.5 alone: a speed its sentence gives no model is of that model. Not when it says it ran
    other models, not for a multiple (of what workload?), nor for a model family (which member?)."""
    text = "Jalapeño delivers 300 tokens per second per user.\n\nWe tested Kimi K2.5."
    assert (_found(text)[0][4], scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)[1][0].model) == ([], "kimi-k2.5")
    assert "model" in _found("Jalapeño delivers 300 tokens per second per user.\n\nWe tested Kimi K2.5 and two other models.")[0][4]
    assert "model" in _found("Jalapeño is 3x faster than the GB200.\n\nWe tested Kimi K2.5.")[0][4]


def test_a_precision_said_of_a_systems_part_bears_on_the_whole_but_a_device_count_of_the_whole_not_on_its_part():
    catalog = load_catalog(("c.yaml", b"systems:\n  hailo-hat: {name: Hailo AI HAT, aliases: [AI HAT]}\n"
                                      b"  hailo-8: {name: Hailo-8, part_of: {hailo-hat: 1}}\n"))

    def drafted(text):
        return [sorted(c.doubts) for c in scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)[1]
                if c.metric == "throughput"]

    assert drafted("The AI HAT delivers a throughput of 300 tokens per second.\n\nThe Hailo-8 runs at INT8.") == [["at"]]
    assert drafted("The Hailo-8 delivers a throughput of 300 tokens per second.\n\nAn AI HAT pod of 64 chips ships soon.") == [[]]
