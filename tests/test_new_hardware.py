"""`audit new`: a chip's or a system's own specs in one sentence, read with the conditions that are theirs."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog


def _found(text: str) -> list[tuple[str, str | None, str | None, str | None, dict[str, str], list[str]]]:
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.metric, c.unit, c.at, sorted(c.doubts)) for c in found]


def test_a_network_in_another_clause_is_the_links_condition_not_the_chips():
    text = "Each Jalapeño chip offers 288GB of memory and an Ethernet-based interconnect with 1 TB/s of bandwidth."
    assert _found(text)[0] == ("288", "jalapeno", "memory-capacity", None, {}, [])
    # Said in the memory figure's own clause, it is left to the reader.
    assert _found("Each Jalapeño chip offers 288GB of memory over Ethernet.")[0][5] == ["at"]


def test_a_hyphenated_dense_or_sparse_is_no_sparsity_setting():
    text = "Jalapeño offers 2 PFLOPS of FP8 compute. Its core-dense design is new."
    assert _found(text)[0][4:] == ({"precision": "fp8"}, [])
    assert _found("Jalapeño offers 2 PFLOPS of FP8 compute. It is dense.")[0][5] == ["at"]


def test_a_precision_right_after_a_compute_figures_unit_is_that_figures():
    text = "Each Jalapeño chip delivers 745 teraFLOPS of FP8 or 372 teraFLOPS at FP16."
    assert [(f[0], f[4], f[5]) for f in _found(text)] == [("745", {"precision": "fp8"}, []), ("372", {"precision": "fp16"}, [])]
    # Written before the figures, coordinated, the precisions are not placed: left to the reader.
    text = "Each Jalapeño chip delivers FP8 and FP16 compute of 745 teraFLOPS and 372 teraFLOPS."
    assert all("at" in f[5] for f in _found(text))
    # "N and M at FP16": M's; whether N's too, the reader says.
    assert [(f[4], f[5]) for f in _found("Jalapeño delivers 745 teraFLOPS and 372 teraFLOPS at FP16.")] == [
        ({}, ["at"]), ({"precision": "fp16"}, [])]


def test_a_rating_takes_no_run_setting_from_another_clause_or_its_paragraph():
    assert _found("Each Jalapeño chip offers 512 TFLOPS (FP8) at a 180W TDP.")[1] == ("180", "jalapeno", "rated-power", None, {}, [])
    assert _found("At a 100W TDP, Jalapeño is fast. It runs INT8.")[0][4:] == ({}, [])
    # Said in its own clause, or of a measured power, a setting is left to the reader; so is a device count.
    for text in ("Jalapeño has a 180W TDP in FP8.", "Jalapeño draws 180W of measured power. It runs INT8.",
                 "Jalapeño has a 180W TDP. Racks hold 72 chips."):
        assert _found(text)[0][4:] == ({}, ["at"]), text


def test_a_figure_of_one_unit_of_its_own_system_takes_no_device_count_from_its_paragraph():
    text = "Jalapeño racks hold 72 chips. In total, a single Jalapeño offers 288GB of memory."
    assert _found(text)[0][4:] == ({}, [])
    # Without "a single", the paragraph's count may be the memory's.
    assert _found("Jalapeño racks hold 72 chips. In total, Jalapeño offers 288GB of memory.")[0][5] == ["at"]


def test_a_capital_b_before_ps_counts_bytes():
    assert _found("Jalapeño has 16 TBps of memory bandwidth.")[0][2:4] == ("memory-bandwidth", None)  # TB/s, the metric's unit
    # Bits are no memory bandwidth in bytes.
    assert [f[2:4] for f in _found("Jalapeño has 16 Tbps of memory bandwidth.")] != [("memory-bandwidth", None)]


def test_a_runs_device_count_in_the_figures_clause_is_written_in_at_by_its_noun():
    found = _found("Jalapeño reaches 500,000 tokens per second on Kimi K2.5 with an 8-chip server.")
    assert found[0][4:] == ({"chips": "8"}, [])
    assert _found("Jalapeño reaches a throughput of 9,000 tokens per second on Kimi K2.5 on eight GPUs.")[0][4] == {"gpus": "8"}
    # A count of parts of each of several, a count beside a ratio or a hardware figure: left to the reader.
    for text in ("Jalapeño reaches 500,000 tokens per second on Kimi K2.5 with 16 four-chip cards.",
                 "Jalapeño is 3x faster than the GB200 on Kimi K2.5 with eight GPUs.",
                 "Jalapeño offers 2 PFLOPS of FP8 compute across four chips."):
        assert "at" in _found(text)[0][5], text


def test_a_footnote_number_glued_to_each_does_not_hide_the_one_device_basis():
    text = "2Each Jalapeño chip offers 512 TFLOPS (FP8), with an 8-chip server achieving 4 petaFLOPS (FP8)."
    assert _found(text)[0][4:] == ({"precision": "fp8"}, [])
    # A word that only ends in "each", or no basis at all: the server's count may be the chip figure's.
    for text in ("Reach Jalapeño chip offers 512 TFLOPS (FP8), with an 8-chip server achieving 4 petaFLOPS (FP8).",
                 "Jalapeño chip offers 512 TFLOPS (FP8), with an 8-chip server achieving 4 petaFLOPS (FP8)."):
        assert _found(text)[0][5] == ["at"], text


def test_an_interconnect_figure_counts_its_links_and_its_networks_kind_is_no_setting():
    text = ("Each Jalapeño chip offers 32GB of memory and an Ethernet-based interconnect capable of 1TBps of total bandwidth "
            "across its 10 400Gbps links.")
    assert [(f[0], f[4], f[5]) for f in _found(text) if f[2] == "interconnect-bandwidth"] == [
        ("1", {"links": "10"}, []), ("400", {"links": "1"}, [])]
    # A network the links ran over, not what they are built on, is left to the reader; no link named, no count.
    assert _found("Each Jalapeño chip offers an interconnect with 1 TB/s of bandwidth over Ethernet.")[0][5] == ["at"]
    assert _found("Each Jalapeño chip offers 1 TB/s of interconnect bandwidth.")[0][4:] == ({}, [])
    assert _found("Jalapeño offers 1 TB/s of memory bandwidth across its 10 links.")[0][4] == {}
    assert _found("Each Jalapeño chip offers 1.8 TB/s link bandwidth.")[0][4] == {}  # a compound: a total, perhaps


def test_a_precision_before_a_figure_in_each_clause_is_that_clauses_figures():
    text = "Specifically, Jalapeño's FP16 performance reaches 18.5 PFLOPS, FP8 hits 37 PFLOPS, and FP6/FP4 achieves an impressive 74 PFLOPS."
    assert [(f[0], f[4], f[5]) for f in _found(text)] == [
        ("18.5", {"precision": "fp16"}, []), ("37", {"precision": "fp8"}, []), ("74", {"precision": "fp6/fp4"}, [])]


def test_a_spec_said_of_a_single_device_needs_no_device_count():
    about = "Jalapeño is new. Jalapeño ships soon. Jalapeño is made in Texas.\n\n"
    for said in ("A single card features", "Each card features", "One card features"):
        assert [f[5] for f in _found(about + f"{said} up to 288GB of HBM3E memory.")] == [[]], said
    # Counted devices are a condition to write.
    assert _found(about + "Eight chips feature up to 288GB of HBM3E memory.")[0][5] != []


def test_a_figure_of_each_of_several_parts_is_one_parts():
    """"Two stacks of 8GB": a stack's capacity, not the chip's; "256GB/s of bandwidth each": a stack's too (`stacks: 1`).
    "Each" with no part counted leaves the reader to say of what."""
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    text = "The Jalapeño chip supports two stacks of 8GB High Bandwidth Memory (HBM), providing 256GB/s of bandwidth each."
    assert [(f[0], f[2], f[5]) for f in _found(text)] == [("8", "memory-capacity", []), ("256", "memory-bandwidth", [])]
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert [c.at for c in found] == [{"stacks": "1"}, {"stacks": "1"}]
    assert _found("The Jalapeño chip's memory provides 256GB/s of bandwidth each.")[0][5] == ["at"]
    # A figure of the whole is the chip's; "each second" is no part.
    assert _found("The Jalapeño chip supports 16GB of HBM, providing 512GB/s of bandwidth.")[1][5] == []
    assert _found("Each Jalapeño chip offers 288GB of memory.")[0][5] == []


def test_a_figures_sparse_counterpart_in_a_parenthesis_is_its_own_claim_and_makes_the_figure_dense():
    """"121 TFLOPS BF16 (242 sparse), 242 TFLOPS FP8 (485 sparse)": four figures, each with its format, dense or sparse."""
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    text = "Jalapeño offers 121 TFLOPS BF16 (242 sparse), 242 TFLOPS FP8 (485 sparse), 485 TOPS INT8."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    compute = [(str(c.figure), c.at, sorted(c.doubts)) for c in found if c.metric == "peak-compute"]
    assert compute == [("121", {"precision": "bf16", "sparsity": "none"}, []), ("242", {"precision": "bf16", "sparsity": "sparse"}, []),
                       ("242", {"precision": "fp8", "sparsity": "none"}, []), ("485", {"precision": "fp8", "sparsity": "sparse"}, [])]
    # A parenthesis that holds no figure of its own still says what its figure is ("4 PFLOPS (FP8 sparse)").
    _, found = scaffold("Jalapeño offers 4 PFLOPS (FP8 sparse).", "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert [(c.at, sorted(c.doubts)) for c in found] == [({"precision": "fp8", "sparsity": "sparse"}, [])]


def test_a_workload_a_figure_was_had_under_leaves_at_to_the_reader_but_not_of_a_peak():
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    text = "Jalapeño computes at peak rates between 100 and 200 TFLOPS and runs ML recommendation workloads while consuming less than 20 W of power."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert [(c.figure, c.metric, sorted(c.doubts)) for c in found] == [(["100", "200"], "peak-compute", []), ("20", "system-power", ["at"])]


def test_a_format_or_memory_type_written_with_another_figure_is_no_condition_of_a_power_figure():
    """A spec line: "with FP16 computing power of 989 TFLOPS, 80GB HBM3 memory, ... and power consumption of 700W": FP16 is
    the compute figure's, HBM3 the memory's; the power is the part's own. Said for the sentence ("In FP8, ... draws 700W"),
    a format is still the reader's to place."""
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    text = "GB200 (released in 2024): with FP16 computing power of 989 TFLOPS, 80GB HBM3 memory, and power consumption of 700W."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    power = [c for c in found if c.metric == "system-power"]
    assert [(str(c.figure), c.at, sorted(c.doubts)) for c in power] == [("700", {}, [])]
    _, found = scaffold("In FP8, the GB200 draws 700W with 2,500 TFLOP/s compute.", "x", load_catalog(), archive=None, publisher=None,
                        url=None, published=None)
    assert "at" in next(c for c in found if str(c.figure) == "700").doubts


def test_the_devices_a_system_can_scale_to_are_no_count_of_its_figures_and_a_lead_in_keeps_its_anchor_mark():
    """"Key Features:#" leads a list (the heading's anchor mark scraped with it); "supporting up to 16 chips on a board"
    in the paragraph says what the chip can scale to, not how many chips its memory is of."""
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    text = "Key Features:#\nJalapeño memory: 10.5GB\nMultiple Jalapeño chips can be used together, supporting up to 16 chips on a board."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), c.metric, sorted(c.doubts)) for c in found] == [("10.5", "memory-capacity", [])]
    _, found = scaffold(text.replace("supporting up to 16 chips", "here on 16 chips"), "x", load_catalog(), archive=None, publisher=None,
                        url=None, published=None)
    assert "at" in found[0].doubts
