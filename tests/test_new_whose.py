"""`audit new`: whose figure it is once the sides are read: a chip counted as one whole holds, a cloud instance run on
a rack, a chip's name before "pods", a figure written from the comparator's side, a fronted comparator across ";", a
figure pointed back at as one said before."""

from __future__ import annotations

from jalapeno_audit.authoring.scaffold import scaffold
from jalapeno_audit.corpus.catalog import load_catalog

from .scaffold_eval import catalog_text

_CATALOG = load_catalog(("catalog.yaml", catalog_text().encode()))


def _found(text: str) -> list[tuple[str | None, str | None, list[str]]]:
    _, found = scaffold(text, "x", _CATALOG, archive=None, publisher=None, url=None, published=None)
    return [(c.system, c.vs, sorted(c.doubts)) for c in found]


def test_a_chip_counted_as_many_as_one_whole_holds_is_that_whole():
    assert _found("The servers link 64 Trainium2 chips that deliver 83.2 petaflops of FP8 compute.")[0][0] == "trainium2-ultra"
    # Another count, or none, leaves the chip's figure the chip's.
    assert _found("The servers link 16 Trainium2 chips that deliver 20.8 petaflops of FP8 compute.")[0][0] == "trainium2"
    assert _found("Trainium2 delivers 1.3 petaflops of FP8 compute.")[0][0] == "trainium2"


def test_a_cloud_instance_whose_sentence_names_its_rack_is_left_to_the_reader():
    found = _found("One rack of ND GB200 v6 reached 865,000 tokens/s on Llama 2 70B.")
    assert found[0][0] == "azure-nd-gb200-v6" and "system" in found[0][2]
    found = _found("The ND GB200 v6 reached 865,000 tokens/s on one GB200 NVL72.")
    assert "system" in found[0][2]
    # Named alone, the instance's figure is the instance's.
    found = _found("The ND GB200 v6 reached 865,000 tokens/s on Llama 2 70B.")
    assert found[0][0] == "azure-nd-gb200-v6" and "system" not in found[0][2]


def test_a_chips_name_qualifying_pods_is_left_to_the_reader():
    assert "system" in _found('Ironwood "pods" deliver 42.5 exaflops of FP8 compute.')[0][2]
    assert "system" not in _found("Ironwood delivers 4,614 teraflops of FP8 compute.")[0][2]


def test_a_percent_lower_on_an_unread_metric_doubts_the_system():
    found = _found("MI300X delivers 40 % lower results than H100.")
    assert "figure" in found[0][2] and "system" in found[0][2]


def test_a_multiple_of_less_on_a_higher_is_better_metric_is_the_comparators_advantage():
    found = _found("Trainium3 offers 2,517 TFLOPS of FP8 compute, which is two times lower than the B300.")
    assert found[-1][:2] == ("b300", "trainium3")
    found = _found("Trainium3 offers 2,517 TFLOPS of FP8 compute, which is two times higher than the B300.")
    assert found[-1][:2] == ("trainium3", "b300")


def test_a_fronted_comparator_does_not_reach_past_a_semicolon():
    text = "Compared to Groq, Cerebras was 5 times faster; the Sohu chips were 12 times faster than all of them."
    found = _found(text)
    assert found[0][:2] == ("cerebras-inference", "groq-lpu")
    assert found[1][1] != "groq-lpu" and "vs" in found[1][2]
    # Without the semicolon, the fronted comparator is the sentence's.
    found = _found("Compared to Groq, Cerebras was 5 times faster, and it was 12 times faster in the cloud.")
    assert all(f[1] == "groq-lpu" for f in found)


def test_a_figure_pointed_back_at_is_the_system_s_its_article_gave_it_to():
    said = "The servers link 64 Trainium2 chips that deliver 83.2 petaflops of FP8 compute. The H100 is older. "
    for again in ("The 83.2 petaflops value is for sparse models.", "These performance numbers of 83.2 petaflops are for sparse models."):
        found = _found(said + again)
        assert found[-1][0] == "trainium2-ultra" and "system" not in found[-1][2], again
    # Not pointed back at ("Rivals reach 83.2 petaflops"), not said before, or said before of two systems: doubted.
    for text in (said + "Reaching 83.2 petaflops is for sparse models.", said + "Rivals only reach the 83.2 petaflops mark with sparse models.",
                 "The 83.2 petaflops value is for sparse models.",
                 said + "The H100 has 83.2 petaflops of FP8 compute. Rivals told us more. The 83.2 petaflops value is for sparse models."):
        found = _found(text)
        assert found[-1][0] is None and "system" in found[-1][2], text


def test_a_figure_pointed_back_at_is_not_left_to_a_guess_from_the_articles_subject():
    # The article is about Trainium2 alone, so a sentence naming no system would be its; the figure pointed back at is
    # the one said before, of the 64-chip whole.
    text = ("The servers link 64 Trainium2 chips that deliver 83.2 petaflops of FP8 compute. Trainium2 ships soon. Trainium2 is new.\n\n"
            "The 83.2 petaflops value is for sparse models.")
    assert [system for system, _, _ in _found(text)] == ["trainium2-ultra", "trainium2-ultra"]


def test_a_sentence_opening_on_one_device_gives_its_figure_to_the_wholes_part():
    pods = "Google's Ironwood pods deliver 42.5 exaflops of compute."
    for then in (" Each chip has a peak throughput of 4,614 TFLOPs of compute.", " The chip has a peak throughput of 4,614 TFLOPs of compute.",
                 "\n\nEach chip has a peak throughput of 4,614 TFLOPs of compute."):
        assert [system for system, _, _ in _found(pods + then)] == ["tpu-ironwood-pod", "tpu-ironwood"], then
    # A whole the catalog makes of no part is left as it is; another actor before the figure leaves it to the reader.
    assert [system for system, _, _ in _found("The H100 delivers 2 petaflops of compute. Each chip has a peak throughput of 4,614 TFLOPs of compute.")] == ["h100", "h100"]
    assert _found(pods + " Each chip of rivals has a peak throughput of 4,614 TFLOPs of compute.")[-1][0] is None


def test_a_figure_pointed_back_at_whose_owner_is_not_certain_is_doubted_whatever_the_article_is_about():
    # The article names the H100 most (its subject), but "83.2 petaflops" was said of two systems: whose is it?
    text = ("The H100 ships. The H100 is fast. The H100 is new. The H100 leads. The B200 has 83.2 petaflops of FP8 compute, "
            "and the MI300X has 83.2 petaflops of FP8 compute.\n\nIt says the 83.2 petaflops value is for sparse models.")
    found = _found(text)
    assert "system" in found[-1][2]
