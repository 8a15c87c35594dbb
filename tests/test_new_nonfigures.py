"""`audit new`: numbers no analyst records as an accelerator's figure are not proposed (a version's parts, a temperature,
a sentence's opening time frame, a grid's dimensions, a share of total spending, a figure asked about); figures of the same look
stay."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog

from .scaffold_eval import catalog_text

_CATALOG = load_catalog(("catalog.yaml", catalog_text().encode()))


def _figures(text: str) -> list[str]:
    _, found = scaffold(text, "x", _CATALOG, archive=None, publisher=None, url=None, published=None)
    return [str(c.figure) for c in found]


def test_a_version_numbers_parts_are_no_figure():
    assert _figures("Groq reaches 957 tokens/s with TensorRT-LLM 0.15.0 on the H100.") == ["957"]
    assert "0.15" in _figures("Groq reaches 0.15 seconds to first token.")


def test_a_temperature_is_no_figure():
    assert "42" not in _figures("The H100 hit 42 °C under load and reached 37 tokens/s.")
    assert "42" in _figures("The H100 reached 42 tokens/s.")


def test_a_duration_opening_the_sentence_is_its_time_frame():
    assert "3" not in _figures("In 3 minutes, the H100 reached 37 tokens/s.")
    # A duration that is the figure itself stays.
    assert "3" in _figures("The H100 trained the model in 3 minutes.")
    assert "4" in _figures("In 4 minutes, the H100 cluster trained the model.")


def test_a_grids_dimensions_are_no_figure():
    assert _figures("The MTIA chip uses an 8 x 8 matrix of processing elements.") == []
    assert "8" in _figures("The B200 is 8x faster than the H100.")


def test_a_share_of_total_spending_is_no_figure():
    assert _figures("Inference electricity often exceeds 70% of total operational spend for AI services.") == []
    assert _figures("The B200 runs the model at 30% of the cost of the H100.") != []


def test_a_figure_given_to_network_gear_is_no_accelerators():
    assert _figures("The racks use InfiniBand with 800 GB/s networking for cluster communication.") == []
    assert "800" in _figures("The B200 offers 800 GB/s of networking over Ethernet.")


def test_a_figure_asked_about_is_no_figure():
    assert _figures("Where does the 3200 FPS benchmark claim for the H100 come from ?") == []
    assert _figures("Is the B200 really 8x faster than the H100?”") == []
    # A question before the answer leaves the answer's figure: "The result? 2,500 tokens per second."
    assert _figures("The result? The H100 reached 2,500 tokens per second.") == ["2500"]
    assert "8" in _figures("The B200 is 8x faster than the H100. Is it the fastest chip?")
    # An ellipsis ends a statement before the question: "80 TOPS… But Does It Matter?" states its 80 TOPS.
    assert _figures("80 TOPS… But Does It Matter? Testing the NPU of the H100") == ["80"]


def test_an_amount_of_something_else_in_a_devices_unit_is_no_figure():
    assert _figures("The first 8 MB worth of parameters go on-chip, the rest falls back to CPU.") == []
    assert "8" in _figures("The Edge TPU holds 8 MB of on-chip SRAM.")


def test_the_host_computers_memory_is_no_accelerators():
    assert _figures("| Host RAM | 64 GB DDR5 |") == []
    assert _figures("The server pairs the card with 512 GB of host memory.") == []
    assert "64" in _figures("The B200 carries 64 GB of HBM3e memory.")
    # Written as a table row or a list's key ("DRAM per host", "**RAM**:"), or as the system's memory.
    assert _figures("DRAM per host 512 GiB") == []
    assert _figures("* **RAM**: 64GB DDR4") == []
    assert _figures("The system has eight Gaudi 3 cards and 1 TB of system memory.") == []
    # The card's own RAM is the device's.
    assert "24" in _figures("* **VRAM**: 24GB GDDR6X")
    # A plain RAM beside a card's VRAM is the computer's; with no VRAM said, the reader decides.
    assert _figures("A Linux desktop with an Intel 13700K, 62 GB of RAM, and an RTX 2080 Ti with 11 GB of VRAM.") == ["11"]
    assert _figures("The HAT+ 2 adds 8 GB of RAM for the models.") == ["8"]


def test_a_figure_behind_a_sign_is_doubted_on_its_bound():
    _, found = scaffold("The H100 has a very high power limit (>100W TDP).", "x", _CATALOG, archive=None, publisher=None, url=None, published=None)
    (candidate,) = found
    assert candidate.figure == "100" and "approx" in candidate.doubts


def test_a_figure_handed_back_to_whoever_stated_it_is_their_claim_not_another():
    text = "I was able to achieve 2050 FPS on the Metis with ResNet-50.\n\nYour 2050 FPS is slightly above the published M.2 figure."
    assert _figures(text) == ["2050"]
    # Another figure after "your", or the same one said again without it, is proposed.
    assert _figures(text.replace("Your 2050", "Your 2150")) == ["2050", "2150"]
    assert _figures(text.replace("Your 2050", "The 2050")) == ["2050", "2050"]


def test_a_number_in_inline_code_is_no_figure():
    """"with a 64k context window (`-c 65536`)": the code span holds a command's argument."""
    assert _figures("Groq reaches 957 tokens/s with a 64k context window (`-c 65536`).") == ["957"]
    assert _figures("Groq reaches 957 tokens/s with a 64k context window (-c 65536).")[:1] == ["957"]


def test_a_text_wrapped_at_a_fixed_width_is_read_with_its_lines_joined():
    """Three lines or more that go on the line before them (a small letter after a line that ends no sentence) make a
    wrapped text: "**27.96 - 28.57" and "tokens/sec**" on the next line are one range with its unit. One such line alone
    may be a heading that opens with a product's name, and is left as written."""
    from jalapeno_audit.authoring.sentences import sentences

    wrapped = ("Here are the stats captured from a real\nlong-context conversation:\n"
               "* **Generation Speed (Decode)**: **27.96 - 28.57\ntokens/sec**\n"
               "* **VRAM footprint**: Super clean **13.7 GB** VRAM\nusage per GPU.")
    assert [s.text for s in sentences(wrapped)] == [
        "Here are the stats captured from a real long-context conversation:",
        "**Generation Speed (Decode)**: **27.96 - 28.57 tokens/sec**",
        "**VRAM footprint**: Super clean **13.7 GB** VRAM usage per GPU."]
    single = "Memory: 12GB GDDR6, 192-bit memory bus\nn150s/n300s Comparison Table"
    assert [s.text for s in sentences(single)] == ["Memory: 12GB GDDR6, 192-bit memory bus", "n150s/n300s Comparison Table"]


def test_a_multiple_of_a_companys_people_or_money_is_no_figure():
    assert _figures("Groq plans to double its headcount to 120 employees by the end of this year.") == []
    assert _figures("Groq expects to triple revenue next year.") == []
    # A multiple of the product's own figures stays.
    assert _figures("The Groq LPU is to double its throughput next year.") == ["2"]
