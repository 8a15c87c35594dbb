"""`audit new`: whose figure a sentence that names no system states."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog


def _found(text: str) -> list[tuple[str, str | None, list[str]]]:
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    return [(str(c.figure), c.system, sorted(c.doubts)) for c in found]


def test_a_sentence_naming_no_system_carries_on_the_system_of_the_sentence_before():
    text = "The GB200 has 192GB of memory. Memory bandwidth has also grown to 8 TB/s.\n\nThe GB300 is old. Jalapeño is slow."
    assert _found(text)[1] == ("8", "gb200", [])


def test_nothing_is_carried_across_a_paragraph_a_comparison_or_a_doubtful_sentence():
    for text in ("The GB200 has 192GB of memory.\n\nMemory bandwidth has also grown to 8 TB/s.\n\nThe GB300 is old. Jalapeño is slow.",
                 "The GB200 has 192GB of memory. Memory bandwidth is 8 TB/s, more than rivals offer.\n\nThe GB300 is old. Jalapeño is slow.",
                 "The GB200 or the GB300 has 192GB of memory. Memory bandwidth has also grown to 8 TB/s.\n\nThe GB300 is old. Jalapeño is slow."):
        assert _found(text)[-1][1:] == (None, ["system"]), text


def test_a_sentence_that_speaks_of_the_subject_without_naming_it_is_the_subjects():
    text = "Jalapeño is new. Jalapeño beats the GB200 on Kimi K2.5. The GB200 is old.\n\nJalapeño ships soon. In our lab, we measured 8 TB/s of memory bandwidth."
    assert _found(text)[-1] == ("8", "jalapeno", [])


def test_the_subject_is_not_given_a_figure_said_of_something_else():
    for said in ("The model requires 140GB of memory.",  # no word of the subject: the model's memory
                 "This performance is equivalent to 8 TB/s of memory bandwidth.",  # points back at another figure
                 "We measured 80GB of memory per GPU.",  # one device of a larger system
                 "We measured 8 TB/s of memory bandwidth, more than its rivals.",  # set against others
                 "Nvidia's system has 8 TB/s of memory bandwidth, we measured."):  # another maker's system
        text = f"Jalapeño is new. Jalapeño beats the GB200 on Kimi K2.5. The GB200 is old.\n\nJalapeño ships soon. {said}"
        assert _found(text)[-1][1:] == (None, ["system"]), said


def test_a_single_card_of_the_articles_subject_is_its_own():
    """"A single card features up to 288GB of HBM3E memory" in an article on the GB300: one of the subject, its figure."""
    from jalapeno_audit.authoring.scaffold import scaffold
    from jalapeno_audit.corpus.catalog import load_catalog

    text = "The GB300 is here. The GB300 is fast.\n\nA single card features up to 288GB of HBM3E memory."
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
    assert [(str(c.figure), c.system, sorted(c.doubts)) for c in found] == [("288", "gb300", [])]
    # In an article on no one system, whose card it is stays the reader's.
    _, found = scaffold("The GB300 and the GB200 are here.\n\nA single card features up to 288GB of HBM3E memory.", "x", load_catalog(),
                        archive=None, publisher=None, url=None, published=None)
    assert "system" in found[0].doubts


def test_it_opening_a_paragraph_after_another_systems_sentence_is_not_certainly_the_subject():
    """"The GB200 has 192GB of memory.", a link on its own, then "It has 8 TB/s of bandwidth." in a text about
    Jalapeño: "it" may be the GB200 the sentence before names, so the figure's system is the reader's; after a sentence
    naming the subject, or none, "it" stays the subject."""
    subject = "Jalapeño is fast. Jalapeño has 96 GB of memory. Jalapeño ships soon.\n\n"
    other = _found(subject + "The GB200 has 192GB of memory.\n\nhttps://example.org/gb200\n\nIt has 8 TB/s of memory bandwidth.")
    assert other[-1][1:] == (None, ["system"])
    own = _found(subject + "Jalapeño has 192GB of memory.\n\nhttps://example.org/jalapeno\n\nIt has 8 TB/s of memory bandwidth.")
    assert own[-1][1] == "jalapeno"
