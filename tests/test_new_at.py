"""`audit new`: condition words a figure's `at` already says, or that are not conditions of the figure at all."""

from __future__ import annotations

from jalapeno_audit.authoring.refinements import refines
from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog


def _found(text: str) -> list[tuple[str, str | None, str | None, dict[str, str], list[str]]]:
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.metric, c.at, sorted(c.doubts)) for c in found]


def test_a_block_scaled_precision_is_a_kind_of_the_plain_one():
    assert refines("mxfp8", "fp8") and refines("nvfp4", "FP4")
    assert not refines("mxfp8", "fp4") and not refines("fp8", "fp8") and not refines(None, "fp8") and not refines("fp8", "mxfp8")


def test_a_paragraphs_plain_precision_says_no_more_than_the_figures_block_scaled_one():
    text = "Jalapeño competes in FP8 performance. Jalapeño offers up to 2,517 MXFP8 TFLOPS."
    assert _found(text)[0][3:] == ({"precision": "mxfp8"}, [])
    # The plain one beside a block-scaled one the paragraph names: left to the reader (which FP8 is it?).
    assert _found("Jalapeño competes in MXFP8 performance. Jalapeño offers up to 2,517 FP8 TFLOPS.")[0][4] == ["at"]
    # Another format in the paragraph is another figure's: a compute figure is of the one its clause writes.
    assert _found("Jalapeño competes in FP4 performance. Jalapeño offers up to 2,517 MXFP8 TFLOPS.")[0][3:] == ({"precision": "mxfp8"}, [])


def test_a_format_written_after_a_compute_figures_unit_is_its_precision():
    text = ("The Jalapeño supports every format except FP64. Jalapeño offers up to 256 TFLOP/s FP32, up to 512 TFLOP/s TF32+, "
            "and up to 1 PFLOP/s BF16.")
    assert [(f[0], f[3]) for f in _found(text)] == [("256", {"precision": "fp32"}), ("512", {"precision": "tf32+"}),
                                                   ("1", {"precision": "bf16"})]
    assert [f[4] for f in _found(text)] == [[], [], []]  # FP64 is no figure's format here
    # A run's figure may mix formats: another precision in its paragraph is still left to the reader.
    assert _found("Jalapeño runs FP4. Jalapeño reaches 90 ms time to first token in FP8.")[0][4] == ["at"]


def test_a_figure_of_one_devices_parts_takes_no_device_count_from_its_paragraph():
    text = "Jalapeño servers cram 32 chips into a single node. The accelerator's 140 cores promise up to 745 teraFLOPS of FP8 performance."
    assert _found(text)[-1][3:] == ({"precision": "fp8"}, [])
    # Without the one device's possessive, the paragraph's count may be the compute's; a throughput is no device's spec.
    for text in ("Jalapeño servers cram 32 chips into a single node. Its 140 cores promise up to 745 teraFLOPS of FP8 performance.",
                 "Jalapeño servers cram 32 chips into a single node. The accelerator's cores reach 9,000 tokens per second on Kimi K2.5."):
        assert "at" in _found(text)[-1][4], text


def test_a_figure_reported_as_a_projection_of_what_a_system_would_do_has_a_projected_basis():
    text = "In its brochure, the company projected Jalapeño would reach a throughput of 9,000 tokens per second on Kimi K2.5."
    assert _found(text)[0][3:] == ({"basis": "projected"}, [])
    # A forecast is no run: the conditions another paragraph gives the article's runs are not its own.
    assert _found(text + "\n\nOur servers ran FP8 on eight GPUs.")[0][3:] == ({"basis": "projected"}, [])
    assert _found("Jalapeño reaches a throughput of 9,000 tokens per second on Kimi K2.5.\n\nOur servers ran FP8.")[0][4] == ["at"]
    # Said in its own paragraph, a condition is still the reader's to place.
    assert "at" in _found(text + " Our servers ran FP8.")[0][4]
    # A projection in another clause is that clause's figure's; one that names no forecast result is left as the text gives it.
    found = _found("The team projected a 90% gain but delivered a throughput of 9,000 tokens per second on Kimi K2.5 for Jalapeño.")
    assert [f[3] for f in found if f[0] == "9000"] == [{}]
    assert _found("The company projects a throughput of 9,000 tokens per second on Kimi K2.5 for Jalapeño.")[0][3] == {}
    # What a source expects a system to do is a projection too.
    assert _found("The company expects Jalapeño to reach a throughput of 9,000 tokens per second on Kimi K2.5.")[0][3] == {"basis": "projected"}
    assert _found("Jalapeño is expected to deliver a throughput of 9,000 tokens per second on Kimi K2.5.")[0][3] == {"basis": "projected"}


def test_a_scenario_written_as_another_models_benchmark_is_not_the_figures():
    def at(text: str) -> list[tuple[str, dict[str, str], list[str]]]:
        return [(f[0], f[3], f[4]) for f in _found(text)]

    text = ("On a single node, Jalapeño reaches a throughput of 9,000 tokens per second in the Kimi K2.5 server scenario "
            "and a throughput of 4,000 tokens per second on DeepSeek-R1.")
    assert at(text) == [("9000", {"nodes": "1", "scenario": "server"}, []), ("4000", {"nodes": "1"}, [])]
    # The same model's benchmark, a scenario not written as a model's, or a figure that names no model: left to the reader.
    for text in ("On a single node, Jalapeño reaches a throughput of 9,000 tokens per second in the DeepSeek-R1 server scenario "
                 "and a throughput of 4,000 tokens per second on DeepSeek-R1.",
                 "On a single node, Jalapeño reaches a throughput of 9,000 tokens per second on Kimi K2.5 in the server scenario "
                 "and a throughput of 4,000 tokens per second on DeepSeek-R1.",
                 "On a single node, Jalapeño reaches a throughput of 9,000 tokens per second in the Kimi K2.5 server scenario "
                 "and a throughput of 4,000 tokens per second."):
        assert at(text)[1][1:] == ({}, ["at"]), text


def test_a_figure_said_again_is_the_claim_again_unless_it_sets_the_scene_for_what_follows():
    text = "Jalapeño offers 2 PFLOPS of FP8 compute. Jalapeño promises up to 2 PFLOPS of FP8 compute."
    assert [f[3:] for f in _found(text)] == [({"precision": "fp8"}, [])] * 2
    # In a phrase opened by a preposition before the rest of its sentence, it may be a condition of what follows.
    for text in ("Jalapeño offers 2 PFLOPS of FP8 compute. At 2 PFLOPS of FP8 compute, Jalapeño leads the GB200.",
                 "Jalapeño reaches a throughput of 9,000 tokens per second on Kimi K2.5. With 9,000 tokens per second on Kimi K2.5, "
                 "Jalapeño leads."):
        assert [f[4] for f in _found(text)] == [[], ["at"]], text


def test_a_device_count_the_article_states_for_all_its_systems_is_each_runs():
    text = "Jalapeño took 18 minutes to train Kimi K2.5.\n\nIn both tests, all systems used eight accelerators/GPUs."
    assert _found(text)[0][3:] == ({"accelerators": "8"}, [])
    assert _found("Jalapeño delivers 300 tokens per second per user on Kimi K2.5.\n\nAll systems used a single node.")[0][3:] == (
        {"nodes": "1"}, [])
    # A count the figure's own sentence states is its own; a compute figure is no run.
    assert _found("Jalapeño took 18 minutes to train Kimi K2.5 on 16 GPUs.\n\nAll systems used eight GPUs.")[0][3] == {"gpus": "16"}
    assert _found("Jalapeño offers 650 TFLOPS of BF16 compute.\n\nAll systems used eight GPUs.")[0][3] == {"precision": "bf16"}


def test_counts_for_all_runs_that_differ_or_stand_beside_a_figure_say_no_one_count():
    for said in ("All systems used eight GPUs. Every run used 16 GPUs.", "All systems used eight GPUs and reached 300 tokens per second.",
                 "Most systems used eight GPUs.", "All systems used eight GPUs per node.", "All systems used eight GPUs, except the GB200."):
        assert _found(f"Jalapeño took 18 minutes to train Kimi K2.5.\n\n{said}")[0][3:] == ({}, ["at"]), said


def test_a_precision_the_paragraph_says_its_figures_were_measured_in_is_the_paragraphs():
    figure = "Jalapeño offers 2 PFLOPS of compute. "
    for said in ("Google is using FP8 precision as its benchmark for the new chip.", "Our tests ran FP8."):
        assert _found(figure + said)[0][3:] == ({"precision": "fp8"}, []), said
    # What the chip can do, another figure's precision, another system's, two precisions: left to the reader.
    for said in ("It also supports FP4.", "Future tests will use FP4.", "The GB200 offers 1 PFLOPS at FP8.", "The GB200 uses FP8 as its benchmark.",
                 "Jalapeño uses FP8 as its benchmark; the GB200 uses FP16."):
        assert _found(figure + said)[0][3:] == ({}, ["at"]), said
    # A ratio's precision may be one side's; a memory figure takes none.
    assert "at" in _found("Jalapeño is 2x faster than the GB200 in throughput. Our tests ran FP8.")[0][4]
    assert _found("Jalapeño offers 192 GB of memory. Our tests ran FP8.")[0][3:] == ({}, [])


def test_a_later_sentence_that_points_back_at_a_figure_says_its_conditions():
    rival = "Jalapeño offers 83.2 petaflops of compute. Its rival offers 20.8 petaflops of dense compute. "
    found = _found(rival + "The 83.2 petaflops value is for FP8 with sparse models.")
    assert found[0][3:] == ({"precision": "fp8", "sparsity": "sparse"}, [])
    # Not pointed at ("83.2 petaflops is ..."), another figure, a word of the paragraph said on its own, or a condition
    # of the figure's own sentence: left to the reader.
    for text in (rival + "83.2 petaflops is for FP8 with sparse models.", rival + "The 80 petaflops value is for FP8 with sparse models.",
                 "Jalapeño offers 83.2 petaflops of compute. It is sparse. The 83.2 petaflops value is for FP8.",
                 "Jalapeño offers 83.2 petaflops of FP8 compute. Its rival offers 20.8 petaflops of dense compute. "
                 "The 83.2 petaflops value is for FP8 with sparse models."):
        assert "at" in _found(text)[0][4], text


def test_a_scenario_another_systems_figure_is_said_in_is_that_runs():
    jalapeno = "On a single node, Jalapeño reaches a throughput of 9,000 tokens per second on Kimi K2.5. "
    found = _found(jalapeno + "In the Kimi K2.5 server scenario, the GB200 reached a throughput of 40,000 tokens per second.")
    assert found[0][3:] == ({"nodes": "1"}, [])
    # Said with the figure's own system, with no figure, or of no system named: left to the reader.
    for said in ("In the Kimi K2.5 server scenario, Jalapeño and the GB200 reached a throughput of 40,000 tokens per second.",
                 "The GB200 ran the Kimi K2.5 server scenario.",
                 "In the Kimi K2.5 server scenario, it reached a throughput of 40,000 tokens per second."):
        assert _found(jalapeno + said)[0][4] == ["at"], said


def test_a_one_word_gloss_in_parentheses_is_read_within_the_figures_clause():
    text = "Jalapeño is new. Its cores generate 502 TFLOPS (teraflops) for the narrow integer (INT8) operations of inference."
    assert _found(text)[0][2:] == ("peak-compute", {"precision": "int8"}, [])
    # A parenthesis of several words, or one of figures, still ends the clause: what follows may be another figure's.
    text = "Jalapeño is new. Its cores generate 502 TFLOPS (at peak clocks) for FP8 operations."
    assert _found(text)[0][4] == ["at"]


def test_a_setting_the_writer_supposes_or_says_is_unknown_is_no_condition():
    for said in ("Jalapeño is capable of 38 TFLOPS, presumably using FP8.",
                 "Jalapeño is capable of 38 TFLOPS, although it's not clear if this is FP8 or FP16 performance."):
        assert _found(said)[0][3:] == ({}, []), said
    assert _found("Jalapeño is capable of 38 TFLOPS, using FP8 and FP16 alike.")[0][4] == ["at"]


def test_a_parenthesis_after_a_value_that_nothing_reads_may_be_a_condition():
    assert _found("Jalapeño reaches 1,756 tokens/sec/user (Gen 2) on Kimi K2.5.")[0][4] == ["at"]
    # A unit, a setting, a figure or a hedge in it is read (and a board's form factor: see below).
    for aside in ("(TFLOPS)", "(FP8 dense compute)", "(about 1,800 FPS)", "(peak compute)"):
        assert "at" not in _found(f"Jalapeño reaches 1756 TFLOPS {aside} at its best.")[0][4], aside


def test_a_hedge_written_before_each_figure_of_a_list_but_the_last_does_not_cover_the_last():
    text = "Jalapeño offers up to 100 ms time to first token, up to 2 s end-to-end latency, and 30 ms time per output token."
    assert [f[4] for f in _found(text)] == [[], [], []]
    # One hedge before the first figure only may cover them all.
    assert "approx" in scaffold(text.replace(", up to 2 s", ", 2 s"), "x", load_catalog(), archive=None, publisher=None, url=None,
                                published=None)[1][-1].doubts


def test_formats_joined_by_a_slash_before_a_unit_are_read_past_and_written_together():
    assert _found("Jalapeño has a peak of 59.4 FP16/BF16 TFLOPS.") == [("59.4", "jalapeno", "peak-compute", {"precision": "fp16/bf16"}, [])]



def test_a_precision_written_after_another_clauses_figure_is_that_figures():
    text = "Jalapeño offers 11 TFLOPS at FP8, and the GB200 can go up to 16 TFLOPS."
    assert [f[3:] for f in _found(text)] == [({"precision": "fp8"}, []), ({}, [])]
    # Said apart from any figure, or after a figure of the same system, the precision may be either's: left to the reader.
    assert _found("In FP8, Jalapeño offers 11 TFLOPS, and the GB200 can go up to 16 TFLOPS.")[1][4] == ["at"]
    assert _found("The GB200 offers 11 TFLOPS at FP8, and the GB200 can go up to 16 TFLOPS.")[1][4] == ["at"]



def test_a_boards_form_factor_in_a_parenthesis_is_the_figures_condition():
    text = "Jalapeño's documentation gives 1756 tokens/sec/user (M.2) / 1946 tokens/sec/user (PCIe) on Kimi K2.5."
    found = _found(text)
    assert [(f[0], f[3], f[4]) for f in found] == [("1756", {"form-factor": "m.2"}, []), ("1946", {"form-factor": "pcie"}, [])]
    # A figure of the same kind with no board named, beside them: which board it is, the reader says.
    found = _found(text + "\n\nI was able to achieve 2050 tokens/sec/user on Kimi K2.5 with the Jalapeño.")
    assert [(f[0], f[4]) for f in found] == [("1756", []), ("1946", []), ("2050", ["at"])]


def test_a_setting_said_to_be_the_one_before_is_left_to_the_reader():
    for said in ("at the same resolution", "with the same number of users", "at the same batch size"):
        assert _found(f"The GB200 reaches around 60 tokens/sec/user {said} on Kimi K2.5.")[0][4] == ["at"], said
    assert _found("The GB200 reaches around 60 tokens/sec/user on the same Kimi K2.5.")[0][4] == []


def test_figures_given_as_options_each_have_their_configuration():
    found = _found("The Jalapeño can support 96GB, 144GB, or 288GB of memory.")
    assert [f[0] for f in found] == ["96", "144", "288"] and all(f[4] == ["at"] for f in found)
    # A restatement after a count ("across 8 GPUs, or 3,066 per GPU") is no option.
    found = _found("The GB200 processed 24,525 tokens per second across 8 GPUs, or 3,066 tokens per second per GB200 GPU.")
    assert "at" not in found[-1][4]


def test_a_lines_mode_label_and_a_clock_after_a_compute_figure_are_its_settings():
    """A datasheet's "Turbo Mode: 6 TFLOPS @1GHz": the label before the colon names the mode every figure of the line is
    had in, and "@1GHz" the clock; "@600MHz" is written in GHz (0.6)."""
    assert _found("Jalapeño\n\nLow Power Mode: 3 TFLOPS @600MHz")[0][2:] == ("peak-compute", {"mode": "low-power", "clock-ghz": "0.6"}, [])
    assert _found("Jalapeño\n\nTurbo Mode: 6 TFLOPS @ 1GHz")[0][3] == {"mode": "turbo", "clock-ghz": "1"}
    # A mode named by its power alone ("its 7 W power mode") is left to the reader.
    assert "at" in _found("Jalapeño reaches 84 tokens per second at its 7 W power mode.")[0][4]
    # A clock is no condition of a memory figure.
    assert _found("Jalapeño runs @1.35GHz and has 128 GB of HBM.")[0][2:] == ("memory-capacity", {}, [])
