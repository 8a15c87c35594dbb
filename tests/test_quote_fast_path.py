"""The quote check's fast path agrees with the figure reader: it only ever says "written here" where
the reader finds the figure too (so it saves time and never changes a verdict)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from jalapeno_audit.rules.quote_mismatch import _plainly_written
from jalapeno_audit.text.quotes import numbers_in

NUMBERS = ["1.9", "85448", "85,448", "30", "300", "2.5", "16", "900", "0.95", "1,400", "12400", "3"]
WORDS = ["MI300X", "H100", "FP16900", "%", " percent", "x", " times", "tokens/sec", "https://example.org/2.5x", "v1.9", "1.9.2", "-", "–", ",", ".", " ", "B",
         "GPT-3", "ResNet-30", "HL-300"]


@given(st.lists(st.sampled_from(NUMBERS + WORDS), min_size=1, max_size=8), st.sampled_from(NUMBERS))
@settings(max_examples=400, deadline=None, derandomize=True)
def test_the_fast_path_never_accepts_what_the_reader_does_not(parts, written):
    quote = " ".join(parts)
    if _plainly_written(written, quote):
        assert Fraction(written.replace(",", "")) in numbers_in(quote), quote


def test_the_fast_path_on_the_cases_it_must_refuse():
    assert _plainly_written("1.9", "it delivers 1.9 times the comparison system")
    assert _plainly_written("85448", "it hits 85448 mixed tokens")
    assert not _plainly_written("300", "MI300X beats the H100")  # a name, not a figure
    assert not _plainly_written("30", "the GB200 is 30% faster")  # a percent is not its own number
    assert not _plainly_written("2.5", "see https://example.org/results/2.5x")  # a link
    assert not _plainly_written("900", "FP16900 TFLOPS")  # glued digits: the reader decides
    assert not _plainly_written("1.9", "version 1.9.2")
    # Digits a hyphen joins to a name are the name's: "Goya HL-1000" holds no figure 1000, "Resnet-50" none of 50.
    assert not _plainly_written("1000", "its new Goya HL-1000 chip delivered 15,000 images per second")
    assert 1000 not in numbers_in("its new Goya HL-1000 chip delivered 15,000 images per second")
    assert not _plainly_written("50", "inferencing a trained Resnet-50 neural network")
    assert 50 not in numbers_in("inferencing a trained Resnet-50 neural network")
