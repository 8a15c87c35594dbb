"""`audit new`: whose figure it is, from sentences that do not name it where the figure stands."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog

from .scaffold_eval import catalog_text

_CATALOG = load_catalog(("catalog.yaml", catalog_text().encode()))  # the evaluation's catalog: H100, DGX, Blackwell, GPUs


def _found(text: str) -> list[tuple[str, str | None, bool]]:
    """Each figure, its system and whether that system is doubted."""
    _, found = scaffold(text, "x", _CATALOG if "Jalape" not in text else load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, "system" in c.doubts) for c in found]


_ABOUT = "Jalapeño is new. Jalapeño ships soon. Jalapeño is made in Texas.\n\n"


def test_a_figure_before_the_comparison_in_a_sentence_naming_no_system_is_the_articles_sole_subjects():
    text = _ABOUT + "The result? A record 2,500 tokens per second, 2.5x faster than Nvidia's benchmark of 1,000 tokens per second."
    found = {figure: (system, doubts) for figure, system, doubts in _found(text)}
    assert found["2500"] == ("jalapeno", False)
    assert found["1000"] == (None, True)  # after "than": another's figure


def test_a_figure_after_another_actor_or_a_contrast_stays_doubtful():
    assert _found(_ABOUT + "It reaches 1,000 tokens per second.")[-1][1:] == ("jalapeno", False)
    for said in ("Nvidia's record is 1,000 tokens per second.",
                 "Rivals reach 1,000 tokens per second.",
                 "Last week Nvidia hit 1,000 tokens per second.",
                 "Unlike the old ones, this reaches 1,000 tokens per second."):
        assert _found(_ABOUT + said)[-1][1:] == (None, True), said


def test_figures_listed_after_a_colon_are_read_from_it():
    # The contrast and the pronoun before the colon are of the claims; the figures it lists are the subject's.
    text = _ABOUT + "These are vendor assertions, but they're backed by a detailed pitch: a 750 W envelope, 216 GB of HBM3e memory."
    assert _found(text)[-2:] == [("750", "jalapeno", False), ("216", "jalapeno", False)]
    # A contrast or another actor after the colon still keeps a figure from the subject.
    for said in ("The pitch: rivals reach 750 W.", "The pitch: 100 W more than Nvidia's 750 W."):
        assert _found(_ABOUT + said)[-1][1:] == (None, True), said


def test_two_names_with_only_a_space_between_name_the_chip():
    # "DGX" and "Blackwell" belong to no family in the catalog; "H100" and "B200" do: the chip is what the figure is of.
    assert _found("The NVIDIA DGX H100 system processed 24,525 tokens per second.")[0][1:] == ("h100", False)
    assert _found("The Blackwell B200 has 192GB of HBM3e memory.")[0][1:] == ("b200", False)
    assert _found("Eight H100 GPUs have 640GB of HBM3 memory.")[0][1] in (None, "h100")  # a count may leave it to the reader
    assert _found("The MI300X H100 pair has 272GB of HBM3 memory.")[0][1:] == (None, True)  # two chips: no one thing


def test_a_name_after_a_comparison_is_the_other_sides_even_when_something_ran_on_it():
    text = "This performance of 1.29 tokens per second per TFLOPS is higher than Nvidia's SGLang system using H100 GPUs."
    assert _found(text)[0][1:] == (None, True)
    text = "The B200 reaches 1,000 tokens per second, more than the H100."
    assert _found(text)[0][1:] == ("b200", False)


def test_a_parenthesis_pairing_two_figures_is_no_gloss_of_the_name_before_it():
    text = "Single B200 units use 35x less power than the 4-GPU H100 configuration (36 W vs 1,246 W)."
    assert all(system is None for figure, system, _ in _found(text) if figure in ("36", "1246"))
    assert _found("The B200 server (23,000 tokens per second) is fast.")[0][1:] == ("b200", False)


def test_it_after_a_sentence_naming_only_another_system_is_not_the_articles_subject():
    about = "The B300 is new. The B300 is fast. The B300 ships soon. The B300 won.\n\n"
    text = about + "AMD entered a cluster built with MI355X GPUs across 11 nodes. It recorded 1,016,375 tokens per second of throughput."
    assert _found(text)[-1][1:] == (None, True)
    text = about + "The B300 was tested in 11 nodes. It recorded 1,016,375 tokens per second of throughput."
    assert _found(text)[-1][1:] == ("b300", False)
    text = about + "It recorded 1,016,375 tokens per second of throughput."
    assert _found(text)[-1][1:] == ("b300", False)


def test_figures_set_against_each_other_need_a_system_named_for_each_side():
    about = "The B300 is new. The B300 is fast. The B300 ships soon. The B300 won.\n\n"
    found = _found(about + "It reaches 700 tokens per second of throughput versus 169 tokens per second for rivals.")
    assert [system for _, system, _ in found] == [None, None]
    found = _found(about + "The standard and Pro B300 devices differ in total memory capacity (16 GB vs 32 GB).")
    assert [system for _, system, _ in found] == [None, None]
    found = _found(about + "The B300 reaches 700 tokens per second of throughput versus 169 tokens per second on the H100.")
    assert [system for _, system, _ in found] == ["b300", "h100"]
    assert [s for _, s, _ in _found(about + "The B300 has 288GB of memory and 8 TB/s of memory bandwidth.")] == ["b300", "b300"]


def test_a_verb_after_and_with_no_subject_of_its_own_says_more_of_the_sentences_subject():
    text = "However, AWS's Trn3 UltraServer packs 144 Trainium3 chips per rack, and offers 0.36 ExaFLOPS of FP8 performance."
    assert _found(text)[0][1:] == ("trn3-ultraserver", False)
    # Another system named before the figure that is neither counted nor compared: whose figure is it?
    text = "However, AWS's Trn3 UltraServer sits beside the Trainium3 in each rack, and offers 0.36 ExaFLOPS of FP8 performance."
    assert _found(text)[0][1:] == (None, True)
    text = "The Trn3 UltraServer packs 144 Trainium3 chips per rack, and chips offer 2.5 PFLOPS of FP8 performance."  # a subject of its own
    assert _found(text)[0][1] != "trn3-ultraserver"


def test_a_figure_per_device_given_to_a_system_made_of_parts_is_doubted():
    # The catalog makes CloudMatrix 384 of Ascend 910C NPUs: a figure per NPU may be the NPU's.
    text = "During the decoding phase, CloudMatrix recorded a throughput of 1,943 tokens per second per NPU."
    assert _found(text)[0][1:] == ("cloudmatrix-384", True)
    text = "During the decoding phase, CloudMatrix recorded a throughput of 1,943 tokens per second."
    assert _found(text)[0][1:] == ("cloudmatrix-384", False)


def test_of_two_systems_named_without_than_the_one_ahead_is_doubted_when_the_other_follows_the_figure():
    text = "A single H200 generates 100 tokens per second, meaning the B200 is 2.5 times faster."
    assert [(s, d) for f, s, d in _found(text) if f == "2.5"] == [("b200", False)]
    text = "The H200 claims 129 tokens per second per user and 5x faster inference with the B200 announced in 2026."
    assert [d for f, _, d in _found(text) if f == "5"] == [True]


def test_a_parenthesis_closed_before_a_figure_is_an_aside_within_its_clause():
    # "operating at ... (TDP) of 1000W": the participle says more of the sentence's subject, past the parenthesis.
    text = "The B200 prioritizes power efficiency, operating at a Thermal Design Power (TDP) of 1000W, which is lower than GPUs like the H100 (700W)."
    assert _found(text)[0][1:] == ("b200", False)
    # The clause before the parenthesis names another system, set apart by "unlike": still doubted.
    text = "The B200 prioritizes power efficiency, operating (unlike the H100) at 1000W, which is lower than GPUs like the H100 (700W)."
    assert _found(text)[0][1:] == (None, True)
    # A clause opened by a noun of its own after the parenthesis is not the participle's.
    text = "The B200 prioritizes power efficiency, operating at a Thermal Design Power (TDP); rivals draw 1000W, unlike the H100 (700W)."
    assert _found(text)[0][1:] == (None, True)


def test_an_initialism_defined_after_a_systems_name_names_that_system():
    said = "Unlike Nvidia GPUs that require off-chip memory access, WSE integrates 44GB of high-speed RAM directly on-chip."
    assert _found("Cerebras showcased its Wafer Scale Engine (WSE) chip in Vancouver. " + said)[0][1:] == ("cerebras-inference", False)
    assert _found("Cerebras showcased its Wafer Scale Engine chip in Vancouver. " + said)[0][1:] == (None, True)  # not defined
    # A short name that is not the initials of the name's words may be a part or a variant: not the system's name.
    for short in ("T2", "TT"):
        assert _found(f"AWS announced its Trainium2 ({short}) chips and the H100 lost. {short} integrates 96GB of HBM memory.")[0][1:] == (None, True)


def test_a_comparator_written_after_its_family_name_is_the_comparator():
    """'the performance of the Blackwell GB200': the words before the pair make GB200 the comparator of the figure before."""
    text = "GB300 delivered more than 4x the performance of H100 and nearly 2x the performance of the Blackwell GB200."
    _, found = scaffold(text, "x", _CATALOG, archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), c.system, c.vs) for c in found] == [("4", "gb300", "h100"), ("2", "gb300", "gb200")]
    plain = text.replace("the Blackwell GB200", "the GB200")
    _, found = scaffold(plain, "x", _CATALOG, archive=None, publisher=None, url=None, published=None)
    assert [c.vs for c in found] == ["h100", "gb200"]


def test_a_size_after_a_catalog_models_name_is_a_model_the_catalog_does_not_know():
    """'Llama 3.1 40B' (a size the catalog's 'Llama 3.1' names do not hold) is not the family 'Llama 3.1': the model is doubted."""
    def model(text: str) -> tuple[str | None, bool]:
        _, found = scaffold(text, "x", _CATALOG, archive=None, publisher=None, url=None, published=None)
        return found[0].model, "model" in found[0].doubts

    assert model("In Llama 3.1 40B pretraining, GB300 delivered 4x the performance of H100.") == (None, True)
    assert model("In Llama 3.1 405B pretraining, GB300 delivered 4x the performance of H100.") == ("llama-3.1-405b", False)
    assert model("On the GB300 with 288GB, Llama 3.1 405B pretraining ran 4x faster than on H100.")[1] is False  # a capacity is no size


def test_the_makers_claim_in_an_article_about_one_system_is_that_systems():
    # "OpenAI" begins the catalog name "OpenAI Jalapeño": the maker speaking, not another actor.
    assert _found(_ABOUT + "OpenAI claims up to 2,517 TFLOPS of compute.")[-1][1:] == ("jalapeno", False)
    assert _found(_ABOUT + "Nvidia claims up to 2,517 TFLOPS of compute.")[-1][1:] == (None, True)


def test_a_system_its_paragraph_names_only_as_compared_with_owns_none_of_its_figures():
    text = _ABOUT + 'OpenAI claims up to 2,517 TFLOPS of compute. That is 2x more than Nvidia\'s "Blackwell" GB200.'
    assert _found(text)[0][1:] == ("jalapeno", False)
    # A system the paragraph names otherwise may own the figure.
    assert _found(text.replace("That is 2x more than", "It also beats the H100, and so does"))[0][1:] == (None, True)
    assert _found(_ABOUT + "OpenAI claims up to 2,517 TFLOPS of compute. The GB200 ships too.")[0][1:] == (None, True)


def test_a_family_name_in_quotes_before_its_members_is_one_mention():
    # "Ampere" A100 is one rival, named once: the article still names its subject twice as often as all others.
    text = ('Jalapeño is new. Jalapeño ships soon. Jalapeño is made in Texas.\n\n'
            'OpenAI claims up to 2,517 TFLOPS of compute. It is 2x faster than Nvidia\'s "Ampere" A100.')
    assert _found(text)[0][1:] == ("jalapeno", False)


def test_devices_no_reader_can_pin_down_owned_by_a_named_system_are_that_systems():
    """ "Eos's GPUs deliver N": the GPUs are Eos's, not a second system the sentence names."""
    assert _found("Eos’s GPUs collectively deliver a staggering 42.6 exaflops.") == [("42.6", "nvidia-eos", False)]
    assert _found("Eos's GPUs deliver 42.6 exaflops.") == [("42.6", "nvidia-eos", False)]
    assert _found("Unlike GPUs, Eos's design delivers 42.6 exaflops.") == [("42.6", "nvidia-eos", False)]  # the GPUs are set against it


def test_the_system_of_an_article_about_a_part_may_be_the_whole():
    catalog = load_catalog(("parts.yaml", b"""
systems:
  acme-chip: {name: "Acme chip", aliases: ["Acme"], part_of: {acme-system: 288}}
  acme-system: {name: "Acme system of 288 chips"}
metrics:
  peak-ops: {name: "peak operations per second", unit: TOPS, better: higher, family: compute}
units:
  POPS: {metric_unit: TOPS, factor: 1000}
"""))
    about = "Acme is new. Acme ships soon. Acme is made in Texas.\n\n"

    def found(text):
        _, drafted = scaffold(about + text, "x", catalog, archive=None, publisher=None, url=None, published=None)
        return [(str(c.figure), c.system, "system" in c.doubts) for c in drafted]

    assert found("The prototype system delivers 115 petaops.") == [("115", None, True)]  # the chip's, or the whole's?
    assert found("A record 115 petaops, in one package.") == [("115", "acme-chip", False)]


def test_a_system_counted_before_its_name_is_the_parts_of_the_one_named_with_it():
    catalog = load_catalog(("galaxy.yaml", b"""
systems:
  acme-galaxy: {name: "Acme Galaxy", aliases: ["Acme Galaxy"]}
  acme-chip: {name: "Acme Blackhole", aliases: ["Blackhole"], part_of: {acme-galaxy: 32}}
"""))

    def found(text):
        _, drafted = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
        return [(str(c.figure), c.system, "system" in c.doubts) for c in drafted]

    assert found("Acme Galaxy systems mesh together 32 Blackhole accelerators for nearly 24 petaFLOPS of FP8 performance.") == [
        ("24", "acme-galaxy", False)]
    # Neither counted, either may own the figure: left to the reader.
    assert found("Acme Galaxy systems mesh together Blackhole accelerators for nearly 24 petaFLOPS of FP8 performance.")[0][2]


def test_a_list_under_a_short_heading_that_names_no_system_is_the_articles_subjects():
    text = _ABOUT + "TL;DR\n- Jalapeño beats the GB200 on Kimi K2.5.\n- 288GB of HBM3E memory per chip on a reticle-limit die"
    assert _found(text)[-1] == ("288", "jalapeno", False)
    # Under a heading that names a system, they are that system's, as under a lead-in that names it.
    assert _found(text.replace("TL;DR", "GB200 notes"))[-1] == ("288", "gb200", False)


def test_name_and_figure_lines_under_a_lead_in_are_its_lists_items_of_what_the_colon_follows():
    text = ("The Jalapeño boards are built using the GB200 Tensix Processor:\n"
            "Memory: 12GB HBM3E, 192-bit memory bus\n"
            "Power: 350W")
    assert [f[1:] for f in _found(text)] == [("gb200", False), ("gb200", False)]
    # A lead-in that ends elsewhere than on a name leaves whose figures they are to the reader.
    assert all(doubted for _, _, doubted in _found(text.replace("Tensix Processor:", "Tensix Processor, as below:")))


def test_a_list_items_own_sentences_are_its_context():
    text = ("Chips compared:\n"
            "- Jalapeño: FP16 computing power reaching 256 TFLOPS. It has double the computing power of the GB200 (125 TFLOPS).\n"
            "- The GB200 is sold widely.")
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), c.system, sorted(c.doubts)) for c in found][-1] == ("125", "gb200", ["at"])  # FP16, like the 256?


def test_a_family_named_in_a_parenthesis_after_its_member_is_that_member():
    catalog = load_catalog(("family.yaml", b"""
systems:
  acme-line: {name: "Acme Blackline", aliases: ["Blackline"]}
  acme-b2: {name: "Acme B2", aliases: ["B2"], member_of: acme-line}
  acme-other: {name: "Other X9", aliases: ["X9"]}
"""))

    def found(text):
        _, drafted = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
        return [(str(c.figure), c.system, "system" in c.doubts) for c in drafted]

    assert found("B2 (based on Blackline architecture): memory bandwidth of 8TB/s.") == [("8", "acme-b2", False)]
    # Another system in the parenthesis, or the family named outside it, is another thing: whose figure it is, the reader says.
    for text in ("B2 (based on X9 architecture): memory bandwidth of 8TB/s.", "B2 and Blackline: memory bandwidth of 8TB/s."):
        assert found(text) == [("8", None, True)], text


def test_three_names_side_by_side_are_read_without_error():
    """A name between two others ("H100 GPUs B200") may be dropped as one thing with either: it is dropped once."""
    assert _found("The H100 GPUs B200 reach 500 tokens per second.") == [("500", None, True)]


def _kinds_and_owners(catalog_yaml: bytes, text: str) -> tuple[dict[str, str], dict[str, str], list[tuple[str, str | None]]]:
    """The catalog's name index, the bare kinds of parts the text lends to systems, and each drafted figure's system."""
    from jalapeno_audit.authoring.abbreviations import part_kinds
    from jalapeno_audit.authoring.sentences import name_index

    catalog = load_catalog(("c.yaml", catalog_yaml))
    systems = name_index(catalog, "systems")
    _, found = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
    return systems, part_kinds(text, systems), [(str(c.figure), c.system) for c in found]


def test_the_bare_kinds_of_a_chips_parts_name_those_parts_and_a_name_before_a_colon_owns_its_figure():
    """In a text on the i.MX95 whose catalog parts are "i.MX95 NPU" and "i.MX95 CPU", "NPU" and "CPU" are those parts;
    "CPU: 37.21ms → NPU: 3.17ms" gives each figure to the name before its colon."""
    from jalapeno_audit.authoring.abbreviations import part_kinds

    text = "We run MobileNetV2 on i.MX95.\n\nShort inference time (CPU: 37.21ms → NPU: 3.17ms)."
    systems, kinds, owners = _kinds_and_owners(b"systems:\n  imx95: {name: NXP i.MX 95, aliases: [i.MX95]}\n"
                                               b"  imx95-npu: {name: i.MX95 NPU, part_of: {imx95: 1}}\n"
                                               b"  imx95-cpu: {name: i.MX95 CPU, part_of: {imx95: 1}}\n"
                                               b"  lunar-lake-npu: {name: Lunar Lake NPU}\n  meteor-lake-npu: {name: Meteor Lake NPU}\n", text)
    assert kinds == {"npu": "imx95-npu", "cpu": "imx95-cpu"}
    assert owners == [("37.21", "imx95-cpu"), ("3.17", "imx95-npu")]
    # Of one kind only, or beside another system whose name holds the kind, the bare word names no part.
    assert part_kinds("We run MobileNetV2 on i.MX95. The NPU is fast.", {k: v for k, v in systems.items() if v != "imx95-cpu"}) == {}
    assert part_kinds(f"{text} Lunar Lake NPU is faster.", systems) == {"cpu": "imx95-cpu"}
    # Names of two chips' parts ("Lunar Lake NPU", "Meteor Lake NPU") give "NPU" to neither.
    assert part_kinds("Lunar Lake and Meteor Lake compared: the NPU wins.", systems) == {}


def test_parts_named_in_full_without_a_shared_chip_name_lend_their_kinds():
    """"Samsung S25 Ultra CPU vs Qualcomm Hexagon NPU": two parts named in full, of two kinds, one system each; the bare
    "NPU" and "CPU" after them are those parts, though no chip's name gathers both."""
    from jalapeno_audit.authoring.abbreviations import part_kinds

    text = "We ran a test on Samsung S25 Ultra CPU vs Qualcomm Hexagon NPU.\n\nNPU: ~90 t/s\n\nCPU: ~19 t/s"
    systems, kinds, owners = _kinds_and_owners(
        b"systems:\n  s25-npu: {name: Qualcomm Hexagon NPU (Samsung Galaxy S25 Ultra), aliases: [Qualcomm Hexagon NPU]}\n"
        b"  s25-cpu: {name: Samsung Galaxy S25 Ultra CPU, aliases: [S25 Ultra CPU]}\n  lunar-lake-npu: {name: Lunar Lake NPU}\n", text)
    assert kinds == {"npu": "s25-npu", "cpu": "s25-cpu"}
    assert owners == [("90", "s25-npu"), ("19", "s25-cpu")]
    # One kind named only, or a second system of a kind named too, lends nothing.
    assert part_kinds("On Qualcomm Hexagon NPU: the NPU wins.", systems) == {}
    assert part_kinds(f"{text} Lunar Lake NPU is slower.", systems) == {}


def test_a_comparator_and_its_family_named_together_are_one_comparator():
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    text = "Jalapeño offers four times the performance of the GB200 based on the Blackwell architecture."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert (found[0].system, found[0].vs, "vs" in found[0].doubts) == ("jalapeno", "gb200", False)
    # The family alone stays the comparator.
    _, found = scaffold("Jalapeño offers four times the performance of the Blackwell architecture.", "x", load_catalog(), archive=None,
                        publisher=None, url=None, published=None)
    assert found[0].vs == "nvidia-blackwell"


def test_a_predecessor_named_after_compared_to_is_the_comparator_and_a_relative_clause_its_figures_owner():
    """"This represents a 12.5% increase in memory capacity ... compared to its predecessor, the GB200, which had 256GB
    of memory": the predecessor is the comparator, the relative clause's 256GB the GB200's, and "This represents" points
    back at the sentence before, whose memory figure is the GB300's."""
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    text = ("The GB300 ships. A single card features up to 288GB of HBM3E memory. This represents a 12.5% increase in memory "
            "capacity compared to its predecessor, the GB200, which had 256GB of memory.")
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    rows = [(str(c.figure), c.system, c.vs, sorted(c.doubts)) for c in found]
    assert rows == [("288", "gb300", None, []), ("1.125", "gb300", "gb200", []), ("256", "gb200", None, [])]
    # With no figure of that metric in the sentence before, which system is ahead stays the reader's.
    _, found = scaffold(text.replace("A single card features up to 288GB of HBM3E memory.", "It is fast."), "x", load_catalog(), archive=None,
                        publisher=None, url=None, published=None)
    assert "system" in next(c for c in found if c.kind == "ratio").doubts


def test_a_sentence_opening_on_the_new_system_gives_it_the_figures_of_a_clause_with_no_subject():
    """"The new GB300 is a cut-down version of the GB200, with 96GB of HBM3 memory": the GB200 is what it is a version
    of; the memory is the GB300's."""
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    _, found = scaffold("The new GB300 is a cut-down version of the GB200, with 96GB of HBM3 memory.", "x", load_catalog(), archive=None,
                        publisher=None, url=None, published=None)
    assert [(str(c.figure), c.system, sorted(c.doubts)) for c in found] == [("96", "gb300", [])]


def test_figures_after_one_word_parentheses_are_the_sentences_subjects():
    """"The X delivers 1 PFLOPS (FP16) / 2 PFLOPS (FP8) at 600W TDP with 4.8 TB/s of HBM3E bandwidth, undercutting the
    H200 by ~20.7% more performance-per-watt": a one-word parenthesis is an aside, so every figure is the X's; the H200,
    after a verb of winning, is the comparator of the change, and owns none of them; "HBM3E" is the bandwidth's memory, no
    condition of the power."""
    catalog = load_catalog(("c.yaml", catalog_text().encode()))
    text = ("The Rebel Quad delivers 1 Petaflops (FP16) / 2 Petaflops (FP8) at 600W TDP with 4.8 TB/s aggregate HBM3E "
            "bandwidth, undercutting Nvidia’s H200 by ~20.7% more performance-per-watt")
    _, found = scaffold(text, "x", catalog, archive=None, publisher=None, url=None, published=None)
    drafted = [(str(c.figure), c.system, c.vs, c.metric, dict(c.at), sorted(c.doubts)) for c in found]
    assert drafted[:4] == [("1", "rebellions-rebel-quad", None, "peak-compute", {"precision": "fp16"}, []),
                           ("2", "rebellions-rebel-quad", None, "peak-compute", {"precision": "fp8"}, []),
                           ("600", "rebellions-rebel-quad", None, "rated-power", {}, []),
                           ("4.8", "rebellions-rebel-quad", None, "memory-bandwidth", {}, [])]
    assert drafted[4][:4] == ("1.207", "rebellions-rebel-quad", "h200", "energy-efficiency")


def test_a_part_said_by_its_kind_after_its_wholes_name_owns_the_figure():
    """"Intel Lunar Lake, which will have an NPU able to reach 45 TOPS": with "Lunar Lake" and "Lunar Lake NPU" both in
    the catalog, the figure is the NPU's; with no such part in the catalog, it stays the whole's."""
    whole_and_part = load_catalog(("c.yaml", b"systems:\n  lunar-lake: {name: Intel Lunar Lake, aliases: [Lunar Lake]}\n"
                                             b"  lunar-lake-npu: {name: Lunar Lake NPU}\n"))
    text = "Intel Lunar Lake, which will have an NPU able to reach 45 TFLOPS, ships next year."
    _, found = scaffold(text, "x", whole_and_part, archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), c.system) for c in found] == [("45", "lunar-lake-npu")]
    whole_only = load_catalog(("c.yaml", b"systems:\n  lunar-lake: {name: Intel Lunar Lake, aliases: [Lunar Lake]}\n"))
    _, found = scaffold(text, "x", whole_only, archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), c.system) for c in found] == [("45", "lunar-lake")]
