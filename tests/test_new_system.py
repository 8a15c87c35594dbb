"""`audit new`: whose figure it is, from sentences that do not name it where the figure stands."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog


def _found(text: str) -> list[tuple[str, str | None, bool]]:
    """Each figure, its system and whether that system is doubted."""
    _, found = scaffold(text, "x", load_catalog(), archive=None, publisher=None, url=None, published=None)
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
