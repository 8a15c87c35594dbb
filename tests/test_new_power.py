"""`audit new`: a power figure's metric, statistic and conditions, and whose it is."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog
from jalapeno_audit.text.words import find_hedge


def _found(text: str, catalog=None) -> list[tuple[str, str | None, str | None, dict[str, str], list[str]]]:
    _, found = scaffold(text, "x", catalog or load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, c.metric, c.at, sorted(c.doubts)) for c in found]


def _power(text: str, catalog=None):
    return [f for f in _found(text, catalog) if f[2] is None or f[2].endswith("power")]


def test_a_power_no_word_says_the_basis_of_is_a_power_draw():
    assert _power("- Jalapeño: 26 TOPS INT8 @ 2.5W for computer vision") == [("2.5", "jalapeno", "system-power", {}, [])]
    assert _power("The GB200 is fast. It uses 20 watts.")[0][2] == "system-power"
    # A rating's, a measurement's words, "up to" or "at" before it: the basis is said, or left open.
    assert _power("Jalapeño has a 700W TDP.")[0][2] == "rated-power"
    assert _power("Jalapeño draws 180W of measured power.")[0][2] == "measured-power"
    assert _power("Jalapeño runs at up to 700 W.")[0][2:] == (None, {}, ["metric"])
    assert _power("Jalapeño runs 64 AI cores at 150 W.")[0][2:] == (None, {}, ["metric"])


def test_the_statistic_written_with_a_power_is_its_condition():
    assert [(f[0], f[3], f[4]) for f in _power("- Power: 2.5W typical, 8.65W peak")] == [
        ("2.5", {"statistic": "typical"}, ["system"]), ("8.65", {"statistic": "peak"}, ["system"])]
    found = _found("Jalapeño generates 12 output tokens per second while requiring only 2 W (typical).")
    # The statistic is the power's alone: the speed beside it takes none.
    assert "typical" not in str(found[0][3]) and "at" not in found[0][4]
    assert found[1][3] == {"statistic": "typical"}
    # "peak compute", "typical workloads": no statistic of a power.
    assert _power("Jalapeño offers 2 PFLOPS of peak compute at 700W TDP.")[0][3] == {}


def test_a_figure_stated_elsewhere_with_a_statistic_leaves_the_bare_mention_to_the_reader():
    text = "- Jalapeño: 2 PFLOPS FP8 @ 2.5W for vision\n\nJalapeño is small.\n\n- Power: 2.5W typical, 8.65W peak"
    bare = next(f for f in _power(text) if f[0] == "2.5" and not f[3])
    assert "at" in bare[4]


def test_a_power_per_chip_is_left_to_the_reader():
    assert "at" in _power("Jalapeño's typical power is approximately 0.5 - 2W per chip.")[0][4]


def test_a_clock_its_paragraph_states_may_be_a_condition_of_a_power():
    text = "Jalapeño operates normally at 1 GHz, but can go up to 1.3 GHz. Jalapeño can consume eighty watts of power."
    assert "at" in _power(text)[0][4]
    # Not of a memory figure.
    assert _found("Jalapeño operates at 1 GHz. Jalapeño has 128GB of memory.")[0][4] == []


def test_a_format_said_with_another_figure_or_in_the_paragraph_is_no_condition_of_a_power_draw():
    assert _power("Jalapeño delivers 150 TOPS of AI compute at 8-bit precision on just one watt of power.")[0][3:] == ({}, [])
    text = "Jalapeño runs its models in INT8. The chip only consumes 30 W of power."
    assert _power(text)[0][1:] == ("jalapeno", "system-power", {}, [])
    # A measured power may depend on the format of the run: left to the reader.
    assert "at" in _power("Jalapeño draws 180W of measured power. It runs INT8.")[0][4]


def test_a_power_of_a_run_names_its_model():
    found = _power("Even with Jalapeño, customers ask about our 1.4 W power number running always-on-voice detection.")
    assert found[0][1:3] == ("jalapeno", "system-power") and "model" in found[0][4]


def test_scaling_it_up_to_a_figure_is_no_bound():
    text = "Scale it up to 4.5 watts, and it could match the GB200."
    start = text.index("4.5")
    assert find_hedge(text, start, start + 3) == (None, None)
    start = (text := "It scales up to 64 chips.").index("64")
    assert find_hedge(text, start, start + 2) == ("up to", "upper")  # the most it reaches
    # "it" before the figure: the system named after it, the object of "match", is not the figure's.
    assert _power("Scale it up to 4.5 watts, and it could match the GB200.")[0][1] != "gb200"
    # The "it" of "It took 18 minutes for X to train" stands for no system.
    assert _found("It took just 18 minutes for the GB200 to train the model.")[0][1] == "gb200"


def test_the_system_of_an_article_about_a_part_may_be_the_whole_it_is_built_into():
    catalog = load_catalog(("parts.yaml", b"""
systems:
  acme-chip: {name: "Acme chip", aliases: ["Acme"], part_of: {acme-system: 288}}
  acme-system: {name: "Acme system of 288 chips"}
"""))
    about = "Acme is new. Acme ships soon. Acme is made in Texas.\n\n"
    assert _power(about + "The system only consumes 30 kW of power.", catalog)[0][1:] == (None, "system-power", {}, ["system"])
    assert _power(about + "The chip only consumes 30 W of power.", catalog)[0][1] == "acme-chip"
