"""`audit new`: a count written before a system's name ("8x B300", "8 B300 units") is how many devices a run used."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog

from .scaffold_eval import catalog_text

_CATALOG = load_catalog(("catalog.yaml", catalog_text().encode()))


def _found(text: str) -> list[tuple[str, str | None, dict[str, str], list[str]]]:
    _, found = scaffold(text, "x", _CATALOG, archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.at, sorted(c.doubts)) for c in found]


def test_a_count_before_a_name_whose_catalog_name_says_gpu_is_written_as_gpus():
    # The catalog names b300 "NVIDIA Blackwell Ultra GPU (B300)": eight units of it are eight GPUs.
    assert _found("The B300 delivers 9,000 tokens per second of throughput on 8x B300.") == [("9000", "b300", {"gpus": "8"}, [])]
    text = "On a single node with 8 B300 units, the B300 achieved 107,317 tokens per second of throughput in the server scenario."
    assert _found(text) == [("107317", "b300", {"nodes": "1", "gpus": "8", "scenario": "server"}, [])]


def test_the_paragraphs_noun_after_the_name_gives_the_kind_when_the_catalog_does_not():
    text = "AMD built a cluster of Instinct MI355X GPUs. On a single node with 8 MI355X units, MI355X achieved 100,282 tokens per second of throughput."
    assert _found(text)[-1] == ("100282", "mi355x", {"nodes": "1", "gpus": "8"}, [])


def test_a_count_of_a_system_of_no_known_kind_is_left_to_the_reader():
    # "AMD Instinct MI355X" says no kind, and the paragraph writes no noun after the name.
    text = "On a single node with 8 MI355X units, MI355X achieved 100,282 tokens per second of throughput."
    assert _found(text)[0][2:] == ({}, ["at"])


def test_a_multiple_before_a_name_is_no_count():
    # "4.6x A100 performance" is a ratio: no device count is read from it.
    assert all("gpus" not in at for _, _, at, _ in _found("H100 has 4.6x A100 performance, 9,000 tokens per second of throughput."))


def test_the_pronoun_of_a_sentence_opened_by_a_count_of_one_systems_units_is_that_system():
    # "it" would be the article's subject (the B300, named most); the run's units say it is the MI355X.
    text = "The B300 is new. The B300 is fast. On a single node with 8 MI355X units, it reached 100,282 tokens per second of throughput."
    assert _found(text)[0][1] == "mi355x"
    # An opening phrase that names another system as well settles nothing.
    text = "The B300 is new. The B300 is fast. On a single node with 8 MI355X units and a B300, it reached 100,282 tokens per second of throughput."
    assert _found(text)[0][1:2] == (None,)


def test_a_system_named_after_comparable_to_is_a_comparator_not_the_figures_owner():
    text = "The B300 is new. On a single node with 8 MI355X units, it reached 100,282 tokens per second of throughput, comparable to the B300."
    assert _found(text)[0][1] == "mi355x"


def test_another_sentences_node_count_or_per_node_basis_is_its_own_figures():
    text = ("The B300 used 72 nodes, with 4 GPUs per node, for 1,550,000 tokens per second of throughput. "
            "On a single node with 8 B300 units, the B300 achieved 107,317 tokens per second of throughput.")
    assert _found(text)[-1] == ("107317", "b300", {"nodes": "1", "gpus": "8"}, [])
    # Said in a sentence with no figure of its own, they may set the scene: left to the reader.
    for before in ("The B300 used 72 nodes.", "The B300 used 4 GPUs per node."):
        assert _found(f"{before} On a single node with 8 B300 units, the B300 achieved 107,317 tokens per second of throughput.")[-1][2:] == ({}, ["at"])
