"""`audit new`: a spec table copied with spaces between its cells, batch sizes, and the latency of one inference."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog

CATALOG = b"""
systems:
  acme-x2: {name: "Acme X2", aliases: ["X2"]}
  acme-x1: {name: "Acme X1", aliases: ["X1"]}
  acme-x0: {name: "Acme X0 (32 GB)", aliases: ["X0"]}
  acme-x0-16gb: {name: "Acme X0 (16 GB)", aliases: ["X0 (16 GB)"]}
models:
  resnet-50: {name: "ResNet-50", aliases: ["ResNet-50", "Resnet-50"]}
"""

TABLE = """The X1 is the smaller card of the two.

Acme Accelerators
  X2 X1 X0
Compute Units 2 x 104 104 60
FP64 Vector 45.3 TFLOPS 22.6 TFLOPS 6.6 TFLOPS
FP16 Matrix 362 TFLOPS 181 TFLOPS N/A
Memory Bandwidth 3.2TBps 1.6TBps 1.02TBps
VRAM 128GB 64GB 16GB
TDP 560W 300W 300W
"""


def _found(text: str, written: bytes = CATALOG) -> list[tuple[str, str | None, str | None, dict[str, str], list[str], str]]:
    catalog = load_catalog(("acme.yaml", written))
    _, found = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.metric, c.at, sorted(c.doubts), c.quote.strip()) for c in found]


def _row(label: str) -> list[tuple[str, str | None, dict[str, str], list[str]]]:
    return [(f[0], f[1], f[3], f[4]) for f in _found(TABLE) if f[5].startswith(label)]


def test_each_cell_of_a_spaced_row_is_its_columns_system():
    assert _row("TDP") == [("560", "acme-x2", {}, []), ("300", "acme-x1", {}, []), ("300", "acme-x0-16gb", {}, [])]
    assert [f[:2] for f in _row("Memory Bandwidth")][:2] == [("3.2", "acme-x2"), ("1.6", "acme-x1")]


def test_the_row_label_gives_the_format_and_the_engine():
    assert _row("FP64 Vector")[0][2] == {"precision": "fp64", "engine": "vector"}
    # A blank cell ("N/A") keeps the columns in place: the two figures are the first two columns'.
    assert [(f[0], f[1], f[2]) for f in _row("FP16 Matrix")] == [
        ("362", "acme-x2", {"precision": "fp16", "engine": "matrix"}), ("181", "acme-x1", {"precision": "fp16", "engine": "matrix"})]
    # Another row's format is no condition of a memory row.
    assert _row("VRAM")[0] == ("128", "acme-x2", {}, [])


def test_a_column_the_catalog_knows_as_another_memory_variant_is_that_variant_or_left_to_the_reader():
    # The catalog's X0 has 32 GB; the table's X0 has 16GB: the other variant, the catalog's "Acme X0 (16 GB)".
    assert all(f[1] == "acme-x0-16gb" and not f[3] for f in (_row("TDP")[2], _row("VRAM")[2], _row("FP64 Vector")[2]))
    # With no variant of that size in the catalog (or one of another name), the reader names it.
    for other in (b"", b'  acme-y0-16gb: {name: "Acme Y0 (16 GB)"}\n'):
        written = CATALOG.replace(b'  acme-x0-16gb: {name: "Acme X0 (16 GB)", aliases: ["X0 (16 GB)"]}\n', other)
        found = _found(TABLE, written)
        last = [[f for f in found if f[5].startswith(label)][-1] for label in ("VRAM", "TDP")]
        assert [(f[0], f[1], f[4]) for f in last] == [("16", "acme-x0", ["system"]), ("300", "acme-x0", ["system"])]


def test_a_row_of_another_shape_or_no_header_of_systems_is_not_read_as_columns():
    assert not any(f[1] for f in _row("Compute Units"))
    unheaded = TABLE.replace("  X2 X1 X0\n", "  Cards compared\n")
    assert not any(f[1] == "acme-x0" for f in _found(unheaded))


def test_a_batch_size_in_the_figures_clause_or_the_parenthesis_closing_it_is_its_condition():
    found = _found("The X1 delivered 15,000 images per second inferencing a trained Resnet-50 neural network (batch size = 10).")
    assert found[0][1:5] == ("acme-x1", "image-throughput", {"batch": "10"}, [])
    found = _found("Even with batch size of 128, the X1 could only manage 6,275 images per second on ResNet-50.")
    assert found[0][3:5] == ({"batch": "128"}, [])
    # Said in another clause, it is left to the reader; "larger batch sizes" names no size.
    found = _found("The X1 reaches 2,685 images per second on ResNet-50, with a latency of 3.0 ms (batch size = 8).")
    assert "at" in found[0][4] and found[1][3] == {"batch": "8"}
    assert "at" in _found("At larger batch sizes, the X1 reaches 2,685 images per second on ResNet-50.")[0][4]


def test_a_latency_in_an_article_of_no_tokens_is_one_inferences():
    found = _found("The X1 delivered 15,000 images per second on a trained ResNet-50, with a latency of just 1.3 ms.")
    assert found[1][2] == "e2e-latency"
    # Where the article speaks of tokens, a latency may be a first token's or an output token's.
    found = _found("The X1 serves 900 tokens per second on ResNet-50, with a latency of just 1.3 ms.")
    assert found[1][2] is None


def test_a_latency_of_no_model_the_catalog_knows_is_left_to_the_reader():
    found = _found("The X1 ran keyword spotting at around 60 uJ per inference at a 6ms latency.")
    latency = next(f for f in found if f[2] == "e2e-latency")
    assert "model" in latency[4]


def test_a_precision_said_with_other_systems_compute_is_no_condition_of_a_speed():
    text = ("The X1 delivered 15,000 images per second on ResNet-50. The X2 is nearly six times as powerful in raw INT8 "
            "performance compared to the X0 (130 teraops vs. 22 teraops).")
    assert _found(text)[0][3:5] == ({}, [])
    # Of a compute figure, it may be: "double the computing power of the X0 (125 TFLOPS)" after the X1's FP16.
    text = ("The X1 has FP16 computing power reaching 256 TFLOPS. It has double the computing power of the X2 (125 TFLOPS). "
            "The X0 has FP16 computing power of 22 TFLOPS.")
    assert "at" in next(f for f in _found(text) if f[0] == "125")[4]


OPS = CATALOG + b"""
metrics:
  peak-ops: {name: "peak operations per second", unit: TOPS, better: higher, family: compute}
  sustained-ops: {name: "sustained (measured) operations per second", unit: TOPS, better: higher, family: compute}
"""


def test_a_table_column_of_operations_is_a_spec_unless_the_table_says_measured():
    catalog = load_catalog(("acme.yaml", OPS))
    table = "The cards compared:\n\n| Card | INT8 TOPS |\n|---|---|\n| X1 | 128 |\n| X2 | 512 |\n"
    _, found = scaffold(table, "x", catalog, archive=None, publisher=None, url=None, published=None)
    assert [(c.system, c.metric, c.doubts.get("metric")) for c in found] == [("acme-x1", "peak-ops", None), ("acme-x2", "peak-ops", None)]
    _, found = scaffold(table.replace("The cards compared:", "The cards' rates, as we measured them:"), "x", catalog, archive=None,
                        publisher=None, url=None, published=None)
    assert [c.metric for c in found] == ["sustained-ops", "sustained-ops"]


def test_a_list_item_that_is_a_label_alone_takes_the_line_below_it():
    text = ("Each X1 device consists of:\n- Compute:\n4x cores, delivering 128 INT8 TOPS and 64 FP16 TFLOPS\n"
            "- Device Memory:\n8GB of device DRAM memory, with 50 GB/sec of bandwidth\n")
    found = _found(text, OPS)
    assert [(f[0], f[1], f[5]) for f in found][:2] == [
        ("128", "acme-x1", "Compute: 4x cores, delivering 128 INT8 TOPS and 64 FP16 TFLOPS"),
        ("64", "acme-x1", "Compute: 4x cores, delivering 128 INT8 TOPS and 64 FP16 TFLOPS")]
    assert {f[1] for f in found} == {"acme-x1"}
    # A label with a figure of its own is an item of its own; the line below it is prose.
    found = _found("Each X1 device consists of:\n- Compute: 128 TOPS\nThe X2 delivers 64 TFLOPS.\n", OPS)
    assert [f[1] for f in found] == ["acme-x1", "acme-x2"]


CODES = CATALOG.replace(b"systems:\n", b"""systems:
  acme-v5e: {name: "Acme TPU v5e", aliases: ["TPU v5e"]}
  acme-v6e: {name: "Acme Trillium", aliases: ["Trillium"]}
""")


def test_a_header_may_open_with_the_row_labels_header_and_a_label_gives_its_settings():
    table = "Specification X2 X1\nPeak compute per chip (bf16) 197 TFLOPs 918 TFLOPs\nHBM bandwidth per chip 819 GBps 1640 GBps\n"
    found = _found(table)
    assert [(f[0], f[1], f[3], f[4]) for f in found] == [
        ("197", "acme-x2", {"precision": "bf16"}, []), ("918", "acme-x1", {"precision": "bf16"}, []),
        ("819", "acme-x2", {}, []), ("1640", "acme-x1", {}, [])]
    # A label whose words are not all one-word settings leaves the cells' conditions to the reader.
    found = _found(table.replace("(bf16)", "(bf16, with TensorFlow)"))
    assert "at" in found[0][4]


def test_a_product_code_written_alone_or_before_a_name_in_parentheses_names_the_system():
    text = ("Cloud v6e (Trillium) follows the TPU v5e. The v5e was slower.\n\nSpecification v5e v6e\n"
            "HBM capacity per chip 16 GB 32 GB\n")
    assert [(f[0], f[1]) for f in _found(text, CODES)] == [("16", "acme-v5e"), ("32", "acme-v6e")]
    # A memory type ending a variant's name ("Acme X0 80GB HBM3") is no product code.
    from jalapeno_audit.authoring.abbreviations import short_names
    assert short_names("The Acme X0 80GB HBM3 ships with HBM3 memory.", {"acme x0 80gb hbm3": "acme-x0"}) == {}


def test_the_one_system_a_title_names_is_the_subject_when_the_text_names_it_about_as_often():
    from jalapeno_audit.authoring.scaffold import Scaffolder
    scaffolder = Scaffolder(load_catalog(("acme.yaml", CATALOG)))
    body = "The X2 was fast. The X2 was big. The X2 was old. The X1 is new. The X1 is here."
    assert scaffolder.sides.subject(body, "Acme unveils the X1") == "acme-x1"
    assert scaffolder.sides.subject(body, None) == "acme-x2"
    # Named far less often than another, it is not.
    assert scaffolder.sides.subject(body + " The X2 again. The X2 once more.", "Acme unveils the X1") == "acme-x2"


def test_figures_after_a_colon_are_of_the_one_system_named_before_it():
    text = ("Five models benchmarked for inference on the Acme X1: ResNet-50 runs in 3.9 ms (5.3x faster than CPU), and another runs "
            "in 31 ms.")
    found = [f for f in _found(text) if f[2] == "e2e-latency"]
    assert [(f[0], f[1]) for f in found] == [("3.9", "acme-x1"), ("31", "acme-x1")]
    # A system set against before the colon is no owner; nor is the one before it when another is named after it.
    assert _found("Benchmarked against the X2: ResNet-50 runs in 3.9 ms.")[0][1] is None
    assert _found("Benchmarked on the X1: ResNet-50 runs in 3.9 ms on the X2.")[0][1] == "acme-x2"


def test_prose_after_a_spaced_table_is_no_row_of_it():
    text = "  X2 X1\nTDP 560W 300W\nThe X1 reaches 100 TFLOPS and 5 W.\n"
    found = _found(text)
    assert [(f[0], f[1]) for f in found[:2]] == [("560", "acme-x2"), ("300", "acme-x1")]
    assert next(f for f in found if f[0] == "100")[1] == "acme-x1"  # the sentence's own subject, not the first column's


def test_one_of_several_batch_sizes_is_left_to_the_reader():
    found = _found("At batch size 1 and 8, the X1 reaches 100 and 700 images per second on ResNet-50.")
    assert all("at" in f[4] and "batch" not in f[3] for f in found)


def test_a_host_memory_row_sets_no_accelerator_memory_apart():
    # "DRAM per host" is the host's memory, no figure of the accelerators: it does not make their HBM two figures.
    text = ("The X2 and the X1 compared.\n\nSpecification X2 X1\nHBM capacity per chip 16 GB 32 GB\n"
            "DRAM per host 512 GiB 1536 GiB\n")
    written = CATALOG + b"units:\n  GiB: {metric_unit: GB, factor: 1.073741824}\n"
    assert [(f[0], f[1], f[2], f[4]) for f in _found(text, written)] == [
        ("16", "acme-x2", "memory-capacity", []), ("32", "acme-x1", "memory-capacity", [])]
