"""`audit new`: a spec table written one row a line with `|` between cells, under a header naming a system a column."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog

HEADER = "Category | Jalapeño | GB200 | GB300 |\n---|---|---|---|\n"


def _found(text: str) -> list[tuple[str, str | None, str | None, dict[str, str], list[str]]]:
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.metric, c.at, sorted(c.doubts)) for c in found]


def test_a_figure_in_a_cell_is_its_columns_system_with_its_cells_precision():
    text = "Specs compared.\n" + HEADER + "Peak compute | 1 PFLOPS (FP8 / MXFP8), 2 PFLOPS (FP4) | FP16: 241.3 TFLOPS, FP32: 60.3 TFLOPS | FP32/FP64: 47.87 TFLOPS |\n"
    assert _found(text) == [
        ("1", "jalapeno", "peak-compute", {"precision": "fp8/mxfp8"}, []),
        ("2", "jalapeno", "peak-compute", {"precision": "fp4"}, []),
        ("241.3", "gb200", "peak-compute", {"precision": "fp16"}, []),
        ("60.3", "gb200", "peak-compute", {"precision": "fp32"}, []),
        ("47.87", "gb300", "peak-compute", {"precision": "fp32/fp64"}, []),
    ]
    # A memory figure takes its column's system and no precision.
    assert _found("Specs compared.\n" + HEADER + "Memory | 288 GB | 192 GB | 288 GB |\n")[1] == ("192", "gb200", "memory-capacity", {}, [])


def test_a_cell_whose_conditions_are_not_written_one_for_each_figure_is_left_to_the_reader():
    for cell in ("FP8 and FP4: 1 PFLOPS, sparse", "1 PFLOPS with sparsity (FP8)", "FP8 1 PFLOPS"):
        text = "Specs compared.\n" + HEADER + f"Peak compute | {cell} | 2 PFLOPS | 3 PFLOPS |\n"
        assert "at" in _found(text)[0][4], cell
    # A condition in the row's label is every cell's: not placed here.
    text = "Specs compared.\n" + HEADER + "Peak compute (sparse) | 1 PFLOPS (FP8) | 2 PFLOPS (FP8) | 3 PFLOPS (FP8) |\n"
    assert all("at" in f[4] for f in _found(text))


def test_no_column_system_without_a_header_naming_one_system_a_cell():
    text = "Specs compared.\nCategory | First | Second |\nPeak compute | 1 PFLOPS (FP8) | 2 PFLOPS (FP8) |\n"
    assert all(f[1] is None for f in _found(text))


def test_a_chips_peak_compute_takes_no_software_or_scenario_from_its_paragraph():
    assert _found("Jalapeño offers 2 PFLOPS of FP8 compute. It runs CUDA and vLLM in the Offline scenario.")[0][3:] == (
        {"precision": "fp8"}, [])
    # A throughput does.
    assert "at" in _found("Jalapeño delivers 500 tokens/sec/user on Kimi K2.5. It runs vLLM.")[0][4]


def test_a_row_written_with_a_bar_before_its_first_cell_counts_its_cells_from_the_next():
    """A markdown row "| Peak compute | 26 TFLOPS INT8 | 40 TFLOPS INT4, 20 TFLOPS INT8 |": its first figure is the first
    system column's, not the second's; a precision right after a figure's unit is that figure's."""
    text = ("Specs compared.\n| Aspect | Jalapeño | GB200 |\n|---|---|---|\n"
            "| Peak compute | 26 TFLOPS INT8 | 40 TFLOPS INT4, 20 TFLOPS INT8 |\n| Memory | 96 GB | 192 GB |\n")
    assert _found(text) == [
        ("26", "jalapeno", "peak-compute", {"precision": "int8"}, []),
        ("40", "gb200", "peak-compute", {"precision": "int4"}, []),
        ("20", "gb200", "peak-compute", {"precision": "int8"}, []),
        ("96", "jalapeno", "memory-capacity", {}, []),
        ("192", "gb200", "memory-capacity", {}, []),
    ]
