"""`audit new` on results tables in plain-text articles: each shape read, figures live only when every field is certain."""

from jalapeno_audit.authoring.scaffold import Candidate, scaffold
from jalapeno_audit.corpus.catalog import load_catalog

CATALOG = """
systems:
  alpha-chip: {name: "Alpha X1", aliases: ["Alpha"]}
  beta-chip: {name: "Beta B2", aliases: ["Beta"]}
  gamma-cloud: {name: "Gamma cloud", aliases: ["Gamma"]}
models:
  llama-3.1-70b: {name: "Llama 3.1 70B", aliases: ["Llama 3.1 70B"]}
  llama-3.1-8b: {name: "Llama 3.1 8B", aliases: ["Llama 3.1 8B"]}
"""


def _draft(text: str, catalog_yaml: str = CATALOG) -> list[Candidate]:
    catalog = load_catalog(("catalog.yaml", catalog_yaml.encode()))
    return scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)[1]


def _cells(found: list[Candidate]) -> list[tuple]:
    return [(c.system, c.vs, c.model, c.metric, c.figure, c.at, sorted(c.doubts)) for c in found]


SPACED = """Our results.

The table shows the output speed for each provider.

Model Alpha
(16-bit)
Beta
(8-bit)2
Gamma
(8-bit)3
Llama 3.1 Instruct 70B 457 n/a 71
Llama 3.1 Instruct 8B 1042 751 288

Table 1. User throughput in output tokens/sec (higher is better).
"""


def test_a_table_of_one_row_a_line_under_a_header_of_one_cell_a_line():
    found = _cells(_draft(SPACED))
    assert found == [
        ("alpha-chip", None, "llama-3.1-70b", "tokens-per-sec-per-user", "457", {"precision": "16-bit"}, []),
        ("gamma-cloud", None, "llama-3.1-70b", "tokens-per-sec-per-user", "71", {"precision": "8-bit"}, []),
        ("alpha-chip", None, "llama-3.1-8b", "tokens-per-sec-per-user", "1042", {"precision": "16-bit"}, []),
        ("beta-chip", None, "llama-3.1-8b", "tokens-per-sec-per-user", "751", {"precision": "8-bit"}, []),
        ("gamma-cloud", None, "llama-3.1-8b", "tokens-per-sec-per-user", "288", {"precision": "8-bit"}, []),
    ]  # "n/a" and the footnote marks glued to the header ("(8-bit)2") are not figures


def test_a_condition_the_table_does_not_settle_leaves_its_figures_commented():
    for condition in ("with TensorRT-LLM or vLLM", "at TP=8", "at larger batch sizes", "at 64 concurrent requests"):
        found = _draft(SPACED.replace("(higher is better)", condition))
        assert found and all("at" in c.doubts for c in found), condition
    # A batch size written with its number is a setting the table's text states for all its figures.
    found = _draft(SPACED.replace("(higher is better)", "at batch size 8"))
    assert found and all(c.at.get("batch") == "8" and "at" not in c.doubts for c in found)


def test_one_setting_in_the_caption_is_a_condition_of_every_cell():
    found = _draft(SPACED.replace("(higher is better)", "with TensorRT-LLM v0.5.0, TensorRT 9.1, TP=1"))
    assert [(c.figure, c.at) for c in found if not c.doubts] == [
        ("457", {"precision": "16-bit", "software": "tensorrt-llm"}), ("71", {"precision": "8-bit", "software": "tensorrt-llm"}),
        ("1042", {"precision": "16-bit", "software": "tensorrt-llm"}), ("751", {"precision": "8-bit", "software": "tensorrt-llm"}),
        ("288", {"precision": "8-bit", "software": "tensorrt-llm"})]  # TensorRT under TensorRT-LLM, and a parallelism of one, add nothing


CELL_LINES = """Throughput and latency on Llama 3.1 8B.

Model

Batch Size

Throughput (out tok/s)

1st Token Latency (ms)

Alpha

Llama 3.1 8B

64

10,907

102

Llama 3.1 8B

1

185

7.1

Beta

Llama 3.1 8B

64

3,679

481

Speedup

Llama 3.1 8B

64

3.0x

4.7x
"""


def test_a_table_of_one_cell_a_line_with_group_labels():
    found = _draft(CELL_LINES)
    rows = [(c.system, c.metric, c.figure, c.unit, c.at) for c in found]
    assert rows[:4] == [("alpha-chip", "throughput", "10907", None, {"batch": "64"}), ("alpha-chip", "ttft", "102", "ms", {"batch": "64"}),
                        ("alpha-chip", "throughput", "185", None, {"batch": "1"}), ("alpha-chip", "ttft", "7.1", "ms", {"batch": "1"})]
    assert all(not c.doubts and c.model == "llama-3.1-8b" for c in found[:6])
    assert found[0].quote == "Llama 3.1 8B\n\n64\n\n10,907\n\n102"
    # The "Speedup" group names no system: its multiples compare the groups that hold its row, one way round as the
    # figures show (10,907 / 3,679 is 3.0; a latency of 481 ms against 102 ms is 4.7 times lower).
    assert [(c.kind, c.figure, c.system, c.vs, c.metric, c.doubts) for c in found[6:]] == [
        ("ratio", "3.0", "alpha-chip", "beta-chip", "throughput", {}), ("ratio", "4.7", "alpha-chip", "beta-chip", "ttft", {})]


def test_a_multiple_the_figures_of_its_row_do_not_give_is_commented():
    # 10,907 / 3,679 is not 2.4: which systems, and which way round, the table does not say.
    found = _draft(CELL_LINES.replace("3.0x", "2.4x"))
    assert [(c.figure, sorted(c.doubts)) for c in found[6:]] == [("2.4", ["system", "vs"]), ("4.7", [])]
    # A multiple with only one group of a system beside it is commented too.
    one_side = CELL_LINES.replace("Beta\n\nLlama 3.1 8B\n\n64\n\n3,679\n\n481\n\n", "")
    assert all({"system", "vs"} <= set(c.doubts) for c in _draft(one_side) if c.kind == "ratio")


def test_a_multiple_between_groups_carries_each_sides_precision():
    found = _draft(CELL_LINES + "\nFP8 Alpha, FP16 Beta, TensorRT-LLM\n")
    assert [(c.system, c.vs, c.at, c.vs_at, c.doubts) for c in found if c.kind == "ratio"] == [
        ("alpha-chip", "beta-chip", {"batch": "64", "precision": "fp8", "software": "tensorrt-llm"}, {"precision": "fp16"}, {})] * 2
    catalog = load_catalog(("catalog.yaml", CATALOG.encode()))
    draft = scaffold(CELL_LINES + "\nFP8 Alpha, FP16 Beta, TensorRT-LLM\n", "x", catalog, archive=None, publisher=None, url=None, published=None)[0]
    assert draft.count("    vs_at: {precision: fp16}\n") == 2
    # A precision stated for one side only says nothing of the other's.
    found = _draft(CELL_LINES + "\nNote: Alpha with FP8.\n")
    assert [sorted(c.doubts) for c in found if c.kind == "ratio"] == [["at"], ["at"]]


def test_a_precision_beside_each_system_in_the_caption_is_that_systems():
    with_isl = CELL_LINES.replace("Batch Size", "Batch Size\n\nInput Length").replace("\n64\n", "\n64\n\n128\n").replace("\n1\n", "\n1\n\n128\n")
    for caption in ("FP8 Alpha, FP16 Beta, ISL provided, TensorRT-LLM", "Alpha FP8, Beta FP16, ISL provided, TensorRT-LLM"):
        found = _draft(with_isl + "\n" + caption + "\n")
        assert [(c.system, c.figure, c.at) for c in found if not c.doubts] == [
            ("alpha-chip", "10907", {"batch": "64", "isl": "128", "precision": "fp8", "software": "tensorrt-llm"}),
            ("alpha-chip", "102", {"batch": "64", "isl": "128", "precision": "fp8", "software": "tensorrt-llm"}),
            ("alpha-chip", "185", {"batch": "1", "isl": "128", "precision": "fp8", "software": "tensorrt-llm"}),
            ("alpha-chip", "7.1", {"batch": "1", "isl": "128", "precision": "fp8", "software": "tensorrt-llm"}),
            ("beta-chip", "3679", {"batch": "64", "isl": "128", "precision": "fp16", "software": "tensorrt-llm"}),
            ("beta-chip", "481", {"batch": "64", "isl": "128", "precision": "fp16", "software": "tensorrt-llm"}),
            ("alpha-chip", "3.0", {"batch": "64", "isl": "128", "precision": "fp8", "software": "tensorrt-llm"}),
            ("alpha-chip", "4.7", {"batch": "64", "isl": "128", "precision": "fp8", "software": "tensorrt-llm"})], caption
        assert [c.vs_at for c in found if c.kind == "ratio"] == [{"precision": "fp16"}] * 2
    # An output length the table has no column for is a condition it does not settle.
    assert all("at" in c.doubts for c in _draft(with_isl + "\nFP8 Alpha, FP16 Beta, ISL/OSL provided\n"))


def test_a_precision_the_caption_does_not_tie_to_the_cells_system_stays_open():
    for caption in ("Alpha with FP8.", "FP8 Alpha, FP16 Beta, BF16", "Alpha FP8 Beta FP16", "FP8 Alpha, FP16 Alpha"):
        found = _draft(CELL_LINES + "\nNote: " + caption + "\n")
        beta = [c for c in found if c.system == "beta-chip"]
        assert beta and all("at" in c.doubts for c in beta), caption
    alpha = [c for c in _draft(CELL_LINES + "\nNote: Alpha with FP8.\n") if c.system == "alpha-chip" and c.kind == "value"]
    assert alpha and all(not c.doubts and c.at["precision"] == "fp8" for c in alpha)


PIPES = """A rack of Alpha chips ran the benchmark.
|
Metric |
Performance (Tokens/Second) |
|
Maximum Node Throughput |
62,803.9 |
|
Minimum Node Throughput |
57,599.1 |
Table 1: Data compiled from 18 runs.
"""


def test_a_table_whose_rows_name_no_system_is_commented():
    found = _draft(PIPES)
    assert [(c.figure, c.metric, c.quote) for c in found] == [("62803.9", "throughput", "Maximum Node Throughput |\n62,803.9 |"),
                                                              ("57599.1", "throughput", "Minimum Node Throughput |\n57,599.1 |")]
    assert all("system" in c.doubts for c in found)


RELATIVE = """Here's how Alpha stacked up against Beta on Llama 3.1 70B:

Scenario Alpha relative to Beta
Offline 100% (tied)
Server 97%
"""


def test_percent_of_a_rival_in_a_relative_column_is_a_ratio():
    found = _draft(RELATIVE)
    assert [(c.kind, c.system, c.vs, c.model, c.figure, c.at) for c in found] == [
        ("ratio", "alpha-chip", "beta-chip", "llama-3.1-70b", "1.00", {"scenario": "offline"}),
        ("ratio", "alpha-chip", "beta-chip", "llama-3.1-70b", "0.97", {"scenario": "server"})]  # a percent keeps its digits
    # The table's words name no metric: a server or offline scenario is scored in aggregate throughput.
    assert [(c.metric, c.doubts) for c in found] == [("throughput", {}), ("throughput", {})]
    # A single-stream scenario is scored in latency, and a row that is no scenario says nothing: left to the reader.
    for label in ("Single-stream", "Overall"):
        found = _draft(RELATIVE.replace("Server", label))
        assert "metric" in found[1].doubts, label


def test_totals_years_and_glued_rows_are_not_figures():
    text = ("Results.\n\nSystem  Throughput (tok/s)  Year\nAlpha  1,200  2024\nBeta  900  2023\nTotal  2,100  2024\n\n"
            "Glued.\n\nSystem# of GPUsOffline\nAlpha 80GB HBM3410700\nBeta 96GB HBM3E14488\n")
    found = _draft(text)
    assert [(c.system, c.figure, c.metric) for c in found] == [("alpha-chip", "1200", "throughput"), ("beta-chip", "900", "throughput")]


def test_a_single_node_said_before_a_table_is_a_condition_of_every_cell():
    found = _draft(RELATIVE.replace("on Llama 3.1 70B:", "on Llama 3.1 70B, single-node:"))
    assert [(c.figure, c.at, c.doubts) for c in found] == [
        ("1.00", {"scenario": "offline", "nodes": "1"}, {}), ("0.97", {"scenario": "server", "nodes": "1"}, {})]


def test_a_lead_in_that_continues_the_one_before_reads_the_table_with_both():
    second = "\nAnd against Gamma:\n\nScenario Alpha relative to Gamma\nOffline 92%\nServer 93%\n"
    found = _draft(RELATIVE.replace("on Llama 3.1 70B:", "on Llama 3.1 70B, single-node:") + second)
    assert [(c.vs, c.model, c.figure, c.at, c.doubts) for c in found[2:]] == [
        ("gamma-cloud", "llama-3.1-70b", "0.92", {"scenario": "offline", "nodes": "1"}, {}),
        ("gamma-cloud", "llama-3.1-70b", "0.93", {"scenario": "server", "nodes": "1"}, {})]
    # Prose between the tables, or a lead-in of its own, breaks the thread: the second table names no model.
    for text in (RELATIVE + "\nGamma is newer.\n" + second, RELATIVE + second.replace("And against Gamma:", "Against Gamma:")):
        assert all("model" in c.doubts for c in _draft(text)[2:])


FLAT = ("Results on Llama 3.1 70B:\n"
        "| System | Throughput (tok/s) | Time to first token | Runs | Error rate | vs Alpha | |---|---|---|---|---|---| "
        "| Alpha | 1,200 | 25ms | 10 | 0% | 1.0x | | Beta | 600 | 31ms | 10 | 1% | 2.0x slower |\n"
        "Source: our measurements.\n")


def test_a_markdown_table_flattened_onto_one_line_is_read_by_its_separator_row():
    found = _draft(FLAT)
    assert [(c.system, c.vs, c.metric, c.figure, c.unit, c.quote) for c in found if c.kind == "value"] == [
        ("alpha-chip", None, "throughput", "1200", None, "| Alpha | 1,200 | 25ms | 10 | 0% | 1.0x |"),
        ("alpha-chip", None, "ttft", "25", "ms", "| Alpha | 1,200 | 25ms | 10 | 0% | 1.0x |"),
        ("beta-chip", None, "throughput", "600", None, "| Beta | 600 | 31ms | 10 | 1% | 2.0x slower |"),
        ("beta-chip", None, "ttft", "31", "ms", "| Beta | 600 | 31ms | 10 | 1% | 2.0x slower |")]
    assert all(not c.doubts and c.model == "llama-3.1-70b" for c in found if c.kind == "value")
    # Under headers that name no metric or unit, a bare figure counts something else ("Runs", "Error rate").
    assert not [c for c in found if c.figure in ("10", "0.00", "0.01")]


def test_a_multiple_in_a_column_against_one_system_sets_the_rows_system_against_it():
    ratios = [(c.system, c.vs, c.figure, c.metric, c.doubts) for c in _draft(FLAT) if c.kind == "ratio"]
    assert ratios == [("alpha-chip", "beta-chip", "2.0", "throughput", {})]  # "2.0x slower" than Alpha; Alpha's own "1.0x" is no claim
    # Its metric is the one column whose figures give it (1,200 against 600 tok/s; not 31 against 25 ms), with that
    # column's conditions; no column giving it, the metric is left to the reader.
    median = [(c.metric, c.at) for c in _draft(FLAT.replace("Throughput (tok/s)", "Median throughput (tok/s)")) if c.kind == "ratio"]
    assert median == [("throughput", {"statistic": "median"})]
    assert [sorted(c.doubts) for c in _draft(FLAT.replace("2.0x slower", "2.4x slower")) if c.kind == "ratio"] == [["metric"]]
    faster = [(c.system, c.vs) for c in _draft(FLAT.replace("2.0x slower", "2.0x faster")) if c.kind == "ratio"]
    assert faster == [("beta-chip", "alpha-chip")]
    # A multiple with no word for the way it runs may be of a time or of a speed: which system is ahead is left open.
    assert [sorted(c.doubts) for c in _draft(FLAT.replace("2.0x slower", "2.0x")) if c.kind == "ratio"] == [["metric", "system"]]
    # A speed-up over a system is the row's system ahead.
    speedup = FLAT.replace("2.0x slower", "2.0x").replace("vs Alpha", "Speedup over Alpha")
    assert [(c.system, c.vs, sorted(c.doubts)) for c in _draft(speedup) if c.kind == "ratio"] == [("beta-chip", "alpha-chip", ["metric"])]


def test_a_flattened_line_without_a_separator_row_is_not_a_table():
    for line in ("| System | Throughput (tok/s) | | Alpha | 1,200 | | Beta | 600 |",  # no separator row
                 "| System | Throughput (tok/s) |---|---| | Alpha | 1,200 | | Beta | 600 |"):  # no blank between header and separator
        assert not [c for c in _draft(f"Results.\n{line}\n") if c.quote.startswith("| Alpha")], line


PIPED = """Specification |
Alpha |
Beta |
---|---|---|
Part Number |
AX-100 |
BB-200 |
Chips |
1 |
2 |
Clock |
1 GHz |
1.1 GHz |
Memory |
96GB HBM3 |
128GB HBM3 |
Dimensions |
36mm x 254mm |
36mm x 254mm |
Power Connector |
1x 8-pin |
2x 8-pin |
Notes follow.
"""


def test_a_table_of_one_cell_a_line_each_followed_by_a_bar_is_read_by_its_separator_line():
    found = _draft(PIPED)
    assert [(c.system, c.metric, c.figure, c.quote, c.doubts) for c in found] == [
        ("alpha-chip", "memory-capacity", "96", "Memory |\n96GB HBM3 |\n128GB HBM3 |", {}),
        ("beta-chip", "memory-capacity", "128", "Memory |\n96GB HBM3 |\n128GB HBM3 |", {})]
    # Part numbers, counts of parts, a unit the catalog does not hold ("GHz"), sizes in two dimensions and counts of
    # connectors are not figures; a separator line whose rules do not match the header's cells makes no table.
    assert not [c for c in _draft(PIPED.replace("---|---|---|", "---|---|")) if c.quote.startswith("Memory |")]


def test_a_units_row_label_and_its_precision_are_its_cells():
    spec = ("Specification |\nAlpha |\nBeta |\n---|---|---|\nMemory Bandwidth |\n3,200 GB/sec |\n4,000 GB/sec |\n"
            "TeraFLOPs (FP8) |\n1,000 |\n2,000 |\n")
    assert [(c.system, c.metric, c.figure, c.unit, c.at, c.doubts) for c in _draft(spec)] == [
        ("alpha-chip", "memory-bandwidth", "3200", "GB/s", {}, {}), ("beta-chip", "memory-bandwidth", "4000", "GB/s", {}, {}),
        ("alpha-chip", "peak-compute", "1000", "TFLOP/s", {"precision": "fp8"}, {}), ("beta-chip", "peak-compute", "2000", "TFLOP/s", {"precision": "fp8"}, {})]
    assert [c.at for c in _draft(spec.replace("(FP8)", "(BFP8)"))[2:]] == [{"precision": "bfp8"}] * 2  # block floating point
    # A qualifier the reader does not read ("(block FP)") may be a condition: left to the reader.
    found = _draft(spec.replace("(FP8)", "(block FP)"))
    assert [(c.figure, c.at, sorted(c.doubts)) for c in found[2:]] == [("1000", {}, ["at"]), ("2000", {}, ["at"])]


def test_a_statistic_in_a_row_label_or_column_header_is_a_condition():
    stats = ("Alpha on Llama 3.1 70B:\n"
             "| Metric | Value | |---|---| | Median output tokens/sec/user | 812 | | Time to first token (p99) | 42ms |\n")
    found = _draft(stats)
    assert [(c.metric, c.figure, c.at) for c in found] == [("tokens-per-sec-per-user", "812", {"statistic": "median"}),
                                                           ("ttft", "42", {"statistic": "p99"})]
    # Two statistics for one cell are left to the reader.
    assert "at" in _draft(stats.replace("Time to first token (p99)", "Median time to first token (p99)"))[1].doubts


def test_a_table_that_repeats_a_test_told_of_before_leaves_its_conditions_to_the_reader():
    same = _draft(FLAT.replace("Results on Llama 3.1 70B:", "We ran the same test on Llama 3.1 70B:"))
    assert same and all("at" in c.doubts for c in same)


def test_a_markdown_table_of_one_row_a_line_is_read_by_its_separator_row():
    for bars in ("| ", ""):
        text = (f"Results on Llama 3.1 70B:\n\n{bars}System | Throughput (tok/s) | Runs |\n{bars}---|---|---|\n"
                f"{bars}Alpha | 1,200 | 10 |\n{bars}Beta | 900 | 10 |\n")
        assert [(c.system, c.metric, c.figure, c.quote, c.doubts) for c in _draft(text)] == [
            ("alpha-chip", "throughput", "1200", f"{bars}Alpha | 1,200 | 10 |", {}),
            ("beta-chip", "throughput", "900", f"{bars}Beta | 900 | 10 |", {})], bars
    # A row whose cells hold several figures is prose, read as a sentence ("FP8: 1,000 TFLOPS, FP16: 500 TFLOPS").
    prose = ("Specs.\n\nSpec | Alpha | Beta |\n---|---|---|\nMemory | 96 GB | 128 GB |\n"
             "Peak compute | FP8: 1,000 TFLOPS, FP16: 500 TFLOPS | FP8: 2,000 TFLOPS |\n")
    assert [c.quote for c in _draft(prose)][-1] == "Peak compute | FP8: 1,000 TFLOPS, FP16: 500 TFLOPS | FP8: 2,000 TFLOPS |"
    assert {c.figure for c in _draft(prose)} >= {"1000", "500", "2000"}


def test_a_bare_token_rate_in_a_table_is_what_its_words_settle_as_a_paragraphs_would():
    rates = "Speed of each service on Llama 3.1 70B:\n| Service | Output tokens/sec | |---|---| | Alpha | 812 | | Beta | 142 |\n"
    assert [(c.metric, c.doubts) for c in _draft(rates)] == [("tokens-per-sec-per-user", {})] * 2
    assert [c.metric for c in _draft(rates.replace("Speed of each service", "Results at batch 64"))] == ["throughput"] * 2
    # Words that settle nothing, or a figure no one stream reaches, leave it open.
    for text in (rates.replace("Speed of each service", "Results"), rates.replace("| 812 |", "| 81,200 |")):
        assert "metric" in _draft(text)[0].doubts, text


HOSTED = """The Alpha comes in two instance sizes:
Instance size |
# of Alpha chips |
Host Memory (GB) |
Device Memory (GB) |
---|---|---|---|
Alpha |
1 |
16 |
32 |
Beta |
2 |
128 |
64 |
"""


def test_a_column_of_the_host_computers_figures_is_not_drafted():
    figures = [(c.system, c.figure) for c in _draft(HOSTED)]
    assert ("alpha-chip", "32") in figures and ("beta-chip", "64") in figures
    assert not any(figure in ("16", "128") for _, figure in figures)


def test_a_table_after_a_blank_line_is_read_from_its_header():
    spaced = HOSTED.replace("The Alpha comes in two instance sizes:\n", "The Alpha comes in two instance sizes.\n\n")
    assert [(c.system, c.figure) for c in _draft(spaced)] == [(c.system, c.figure) for c in _draft(HOSTED)]


FORMATS = """The Alpha comes in two sizes:
Size |
FP8/FP16/BF16/TF32 TFLOPS |
FP32 TFLOPS |
Device Memory (GB) |
---|---|---|---|
Alpha |
190 |
47.5 |
32 |
Beta |
380 |
95 |
64 |
"""


def test_number_formats_before_a_headers_unit_are_its_columns_precision():
    found = [(c.system, c.metric, c.figure, c.at, sorted(c.doubts)) for c in _draft(FORMATS)]
    assert found[:3] == [("alpha-chip", "peak-compute", "190", {"precision": "fp8/fp16/bf16/tf32"}, []),
                         ("alpha-chip", "peak-compute", "47.5", {"precision": "fp32"}, []),
                         ("alpha-chip", "memory-capacity", "32", {}, [])]  # the other columns' formats are not the memory's


def test_a_setting_the_header_states_outside_its_figure_columns_is_every_cells():
    found = _draft(FORMATS.replace("Size |", "Size at batch 8 |"))
    assert found and all("at" in c.doubts for c in found)


def test_a_system_named_in_a_tables_heading_is_no_count_and_a_count_column_of_hpus_is():
    """"with Intel Gaudi 3 Accelerator" counts no three accelerators; a "# HPU" column counts the rows' accelerators."""
    from jalapeno_audit.authoring.table_conditions import condition_key

    assert condition_key("# HPU") == "accelerators" and condition_key("Number of TPUs") == "accelerators"
    assert condition_key("# GPU") == "gpus" and condition_key("Precision") == "precision"
    catalog = load_catalog(("c.yaml", b"systems:\n  gaudi-3: {name: Intel Gaudi 3, aliases: [Gaudi 3]}\n"))
    text = ("Performance data\nThroughput with Intel Gaudi 3 Accelerator\n"
            "Model | # HPU | Precision | Input Length | Output Length | Batch Size | Throughput (tokens/sec) |\n"
            "---|---|---|---|---|---|---|\n"
            "LLaMA 2 70b | 2 | fp8 | 128 | 128 | 1,750 | 4,433 |\n"
            "2 | fp8 | 128 | 2,048 | 512 | 6,026 | |\n")
    _, found = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
    row = next(c for c in found if str(c.figure) == "4433")
    assert row.system == "gaudi-3" and row.at["accelerators"] == "2"


GAUDI = load_catalog(("c.yaml", b"systems:\n  gaudi-3: {name: Intel Gaudi 3, aliases: [Gaudi 3]}\n"
                                b"models:\n  llama-2-7b: {name: Llama 2 7B, aliases: [LLaMA 2 7b]}\n"
                                b"  mistral-7b: {name: Mistral 7B, aliases: [Mistral 7b]}\n"))
SPANNED = ("Throughput with Intel Gaudi 3 Accelerator\n"
           "Model | # HPU | Precision | Input Length | Output Length | Batch Size | Throughput (tokens/sec) |\n"
           "---|---|---|---|---|---|---|\n"
           "LLaMA 2 7b | 1 | fp8 | 128 | 128 | 1,536 | 19,810 |\n"
           "1 | fp8 | 128 | 2,048 | 217 | 6,763 | |\n"
           "Mistral 7b | 2 | FP8 | 128 | 128 | 896 | 24,433 |\n"
           "2 | Mixed FP8 | 2,048 | 2,048 | 44 | 4,970 |\n")


def test_a_row_that_lost_the_label_cell_it_shared_with_the_row_above_takes_that_label_back():
    """A cell spanning rows is scraped once: the rows under it start one column to the left, with an empty cell at
    their end or none. Each takes the label of the row above; its cells are read under their own headers."""
    _, found = scaffold(SPANNED, "x", GAUDI, archive=None, publisher=None, url=None, published=None)
    rows = [(str(c.figure), c.model, c.at, c.quote) for c in found if c.metric == "throughput"]
    assert rows == [
        ("19810", "llama-2-7b", {"accelerators": "1", "precision": "fp8", "isl": "128", "osl": "128", "batch": "1536"},
         "LLaMA 2 7b | 1 | fp8 | 128 | 128 | 1,536 | 19,810 |"),
        ("6763", "llama-2-7b", {"accelerators": "1", "precision": "fp8", "isl": "128", "osl": "2048", "batch": "217"},
         "1 | fp8 | 128 | 2,048 | 217 | 6,763 | |"),
        ("24433", "mistral-7b", {"accelerators": "2", "precision": "fp8", "isl": "128", "osl": "128", "batch": "896"},
         "Mistral 7b | 2 | FP8 | 128 | 128 | 896 | 24,433 |"),
        # A precision column's cell that names no one format is written as the table writes it.
        ("4970", "mistral-7b", {"accelerators": "2", "precision": "mixed-fp8", "isl": "2048", "osl": "2048", "batch": "44"},
         "2 | Mixed FP8 | 2,048 | 2,048 | 44 | 4,970 |"),
    ]


def test_a_row_whose_cells_do_not_line_up_with_the_row_above_takes_no_label_from_it():
    from jalapeno_audit.authoring.article_tables import read_tables

    def rows(text: str) -> list[tuple[str, tuple[str, ...]]]:
        return [(row.label, row.cells) for table in read_tables(text, lambda header, count: None, lambda cell: False) for row in table.rows]

    shifted = SPANNED.replace("1 | fp8 | 128 | 2,048 | 217 | 6,763 | |", "1 | 128 | fp8 | 2,048 | 217 | 6,763 | |")
    assert [label for label, _ in rows(shifted)] == ["LLaMA 2 7b", "1", "Mistral 7b", "Mistral 7b"]  # "1" takes no model
    # A row of a table whose labels are figures themselves is not shifted: it has no label to lose.
    numbered = "Year | Units | Revenue |\n---|---|---|\n2023 | 10 | 20 |\n2024 | 30 | |\n2025 | 40 | 50 |\n"
    assert rows(numbered) == [("2023", ("10", "20")), ("2024", ("30", "")), ("2025", ("40", "50"))]


def test_a_markdown_table_flattened_into_a_line_of_prose_is_read_and_the_prose_around_it_too():
    """Rows after a heading in the same line ("**Alpha FP8 Max throughput** |Model | ... |"), a caption after them: the
    heading names the table's system, the caption its software; a TP column is the GPUs a model is split over (none
    written for one); the line's sentences before and after the table are prose, read as such."""
    catalog = load_catalog(("c.yaml", b"systems:\n  alpha-chip: {name: Alpha X1, aliases: [Alpha]}\n  beta-chip: {name: Beta B2, aliases: [Beta]}\n"
                                      b"models:\n  llama-70b: {name: Llama 70B, aliases: [Llama 70B]}\n"))
    line = ("Alpha reaches 11,819 tokens/s on Llama 70B. **Alpha FP8 Max throughput** |Model | Batch Size(1) | TP(2) | Input Length "
            "| Output Length | Throughput (out tok/s) | |:----|:----|:----|:----|:----|----:| | llama_70b | 512 | 1 | 128 | 128 | 3,014 | "
            "| llama_70b | 512 | 4 | 128 | 2048 | 6,616 | Preliminary measured performance. TensorRT-LLM v0.5.0 | Alpha, Beta FP8. "
            "*(2) TP = Tensor Parallelism* ### Alpha vs Beta Alpha is up to 1.9x faster than Beta.")
    _, found = scaffold(line, "x", catalog, archive=None, publisher=None, url=None, published=None)
    rows = [(str(c.figure), c.system, c.model, c.at, sorted(c.doubts)) for c in found if c.quote.startswith("| llama_70b")]
    assert rows == [
        ("3014", "alpha-chip", "llama-70b", {"batch": "512", "isl": "128", "osl": "128", "precision": "fp8", "software": "tensorrt-llm"}, []),
        ("6616", "alpha-chip", "llama-70b", {"batch": "512", "gpus": "4", "isl": "128", "osl": "2048", "precision": "fp8", "software": "tensorrt-llm"}, []),
    ]
    prose = {str(c.figure) for c in found if not c.quote.startswith("|")}
    assert {"11819", "1.9"} <= prose
    # A caption that sets one system against another leaves the table's system to the reader.
    compared = line.replace("TensorRT-LLM v0.5.0 | Alpha, Beta FP8.", "Alpha compared with Beta, TensorRT-LLM v0.5.0, FP8.")
    _, found = scaffold(compared, "x", catalog, archive=None, publisher=None, url=None, published=None)
    assert all("system" in c.doubts for c in found if c.quote.startswith("| llama_70b"))


def test_a_lead_in_with_no_figure_of_its_own_gives_the_tables_unit():
    """"Generation tokens per second, overall median across the suite.", then a markdown table of bare numbers: the
    lead-in says what they are counted in; a lead-in that states a figure of its own is no unit line."""
    table = "| Model | Alpha | Beta |\n|---|---|---|\n| Llama 3.1 8B | 11.6 | 20.9 |\n| Llama 3.1 70B | 1.3 | 2.5 |\n"
    found = _draft("Our results.\n\nGeneration tokens per second, overall median across the suite.\n" + table)
    assert all(c.doubts.get("metric", "").startswith("the unit fits throughput") for c in found) and len(found) == 4
    found = [c for c in _draft("Our results.\n\nWe ran 3 tokens per second passes.\n" + table) if c.quote.startswith("|")]
    assert all(c.doubts.get("metric") == "no unit in its row, column or caption" for c in found) and len(found) == 4


def test_a_per_chip_basis_in_a_spec_rows_label_is_no_condition_but_stays_one_of_a_runs_figure():
    # "Peak compute per chip (BF16)": what a chip's compute is anyway, one chip's; a throughput per chip is a run's share.
    text = """The key specifications.

| Specification | Alpha | Beta |
|---|---|---|
| Peak compute per chip (BF16) (TFLOPs) | 459 | 918 |
| HBM capacity per chip (GB) | 95 | 32 |
| Throughput per chip on Llama 3.1 8B (tokens/s) | 900 | 1200 |
"""
    found = _draft(text)
    assert [(c.system, c.metric, c.figure, c.at, sorted(c.doubts)) for c in found[:4]] == [
        ("alpha-chip", "peak-compute", "459", {"precision": "bf16"}, []), ("beta-chip", "peak-compute", "918", {"precision": "bf16"}, []),
        ("alpha-chip", "memory-capacity", "95", {}, []), ("beta-chip", "memory-capacity", "32", {}, [])]
    assert all("at" in c.doubts for c in found[4:]) and len(found) == 6
