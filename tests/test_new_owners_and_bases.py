"""`audit new`: whose a figure is when the sentence names an instrument or a model, a power's basis when it is a maximum,
memory on the processor, a figure a multiple is of, and the subject of an article that sets its system against others."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import Scaffolder, scaffold
from jalapeno_audit.corpus.catalog import load_catalog

from .scaffold_eval import catalog_text

CATALOG = b"""
systems:
  acme-rack: {name: "Acme Rack", aliases: ["Acme Rack", "The Acme Rack variant"]}
  acme-x1: {name: "Acme X1", aliases: ["X1"]}
  acme-x2: {name: "Acme X2", aliases: ["X2"]}
  acme-x3: {name: "Acme X3", aliases: ["X3"]}
  acme-x4: {name: "Acme X4", aliases: ["X4"]}
  acme-cpu: {name: "Acme CPU", aliases: ["Acme CPU"]}
  rival-cpu: {name: "Rival CPU", aliases: ["Rival"]}
"""


def _found(text: str) -> list[tuple[str, str | None, str | None, list[str]]]:
    _, found = scaffold(text, "x", load_catalog(("acme.yaml", CATALOG)), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.metric, sorted(c.doubts)) for c in found]


def test_a_name_given_as_the_means_is_no_owner():
    text = "The Acme Rack variant, optimized for inference, achieves nearly 8 PFLOPS by leveraging X1 accelerators."
    assert _found(text)[0][1] != "acme-x1"


def test_a_maximum_power_has_no_basis_the_drafter_can_say():
    assert _found("The X1 is fast.\n\n- X1: 600 W maximum")[0][2:] == (None, ["metric"])
    # Without the word, a power of no stated basis is a power draw.
    assert _found("The X1 is fast.\n\n- X1: 600 W")[0][2] == "system-power"


def test_memory_in_the_processor_is_on_chip_memory():
    # With a corpus catalog that converts MB to GB, a capacity in MB fits the accelerator's memory as well.
    catalog = load_catalog(("catalog.yaml", catalog_text().encode()))
    _, found = scaffold("The Colossus MK2 has 900MB of In-Processor-Memory.", "x", catalog, archive=None, publisher=None, url=None,
                        published=None)
    assert found[0].metric == "on-chip-memory"


def test_a_figure_a_multiple_is_of_keeps_no_metric_read_from_another_phrase():
    text = ("Memory bandwidth reaches 1.2 TB/s thanks to new modules and a 1.8 TB/s NVLink connection to GPUs, "
            "doubling Rival’s 900 GB/s.")
    nine_hundred = next(f for f in _found(text) if f[0] == "900")
    assert "metric" in nine_hundred[3]


def test_a_system_set_against_others_is_still_the_one_the_article_is_about():
    scaffolder = Scaffolder(load_catalog(("acme.yaml", CATALOG)))
    body = ("The X1 is China's answer to the X2, X3, and X4. The X1 is large. The X1 is new. The X1 is fast.\n\n"
            "It packs 64GB of HBM3e memory.")
    scaffolder.sides.subject(body, None)
    assert scaffolder.sides.sole == "acme-x1"
    # Named as owners of their own, the others keep it from being the article's one system.
    scaffolder.sides.subject("The X1 is large. The X2 is big. The X3 is new. The X1 is fast. The X1 is here.", None)
    assert scaffolder.sides.sole is None


def test_a_figure_the_model_requires_is_not_the_articles_systems():
    text = ("The X1 is fast. The X1 serves Llama. The X1 is new. The X1 is here.\n\n"
            "The entire model requires 140GB of memory.")
    assert _found(text)[-1][1] is None


def test_a_system_a_figure_succeeds_or_equals_is_no_owner_of_it():
    # "the upgrade to X", "an evolution of X", "the same N units as X": X is set against, not whose the figures are.
    for text in ("The X2 ships this year. 256GB HBM3e at 6 TB/s - the memory-capacity upgrade to the X1 for inference.",
                 "The X2 ships this year. It's best understood as an evolution of the X1: same units, 256GB of HBM3e.",
                 "The X2 ships this year.\n\n- 2.6 PFLOPS FP8 on the same 304 compute units as X1"):
        assert all(found[1] != "acme-x1" for found in _found(text)), text
    # Named plainly, the system is the figure's.
    assert _found("The X2 ships this year. The X1 has 192GB of HBM3.")[0][1] == "acme-x1"


def test_a_frame_rate_in_an_article_of_inferences_is_of_images_served():
    written = CATALOG + b"""models:
  resnet-50: {name: "ResNet-50", aliases: ["ResNet-50"]}
metrics:
  image-throughput: {name: "images processed per second", unit: FPS, better: higher, family: throughput}
  game-frame-rate: {name: "frame rate in games", unit: FPS, better: higher, family: graphics}
"""
    text = "The X1 runs ResNet-50 inference. I was able to achieve 2050 FPS on the X1."
    _, found = scaffold(text, "x", load_catalog(("acme.yaml", written)), archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), c.metric) for c in found] == [("2050", "image-throughput")]
    # A sentence in the other metric's words ("games") keeps the choice for the reader.
    text = "The X1 runs ResNet-50 inference. It lets users play games at 60 FPS on the X1."
    _, found = scaffold(text, "x", load_catalog(("acme.yaml", written)), archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), c.metric, "metric" in c.doubts) for c in found] == [("60", None, True)]


def test_a_comparator_qualified_as_existing_or_last_years_is_still_named():
    for text in ("The X2 delivers 33% higher throughput compared to the existing X1 chip.",
                 "The X2 is approximately 46% faster than last year’s X1."):
        _, found = scaffold(text, "x", load_catalog(("acme.yaml", CATALOG)), archive=None, publisher=None, url=None, published=None)
        assert [(c.system, c.vs) for c in found] == [("acme-x2", "acme-x1")], text
        assert "vs" not in found[0].doubts


def test_a_list_under_a_heading_set_apart_is_the_subjects_even_where_it_sets_others_against_it():
    text = ("The Acme X2 ships this year. The X2 is the second chip of its line.\n\nTL;DR\n\n"
            "  • 256GB HBM3e (33% more than X1) and 6 TB/s bandwidth\n  • 2.6 PFLOPS FP8 on the same 304 compute units as X1\n")
    values = [(f[0], f[1]) for f in _found(text) if f[0] in ("256", "6", "2.6")]
    assert values == [("256", "acme-x2"), ("6", "acme-x2"), ("2.6", "acme-x2")]
    # An item that names a system of its own plainly is that system's, heading or not.
    assert _found("The Acme X2 ships this year.\n\nTL;DR\n\n  • The X1 has 192GB HBM3\n")[0][:2] == ("192", "acme-x1")


def test_the_chip_after_a_sentence_naming_none_is_the_system_named_last_before_it():
    # The paragraph names the X1 (a part of the subject's line), then a sentence naming none: "the new processor" is
    # the X1, not the article's subject.
    text = ("The Acme X2 is the new flagship. The X2 ships soon.\n\n"
            "The new X1 AI processor comes with the latest chipset. This upgraded processor also supports large models. "
            "The new processor can generate 40 images per second.")
    assert _found(text)[-1][1] != "acme-x2"
    # With no other system named before it, "the new processor" is the subject's.
    text = "The Acme X2 is the new flagship. The X2 ships soon.\n\nThe processor supports large models. The new processor can generate 40 images per second."
    assert _found(text)[-1][1] == "acme-x2"
