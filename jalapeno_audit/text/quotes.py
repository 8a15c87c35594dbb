"""Finding figures inside quotes, and quotes inside archived texts.

Writers spell one figure many ways: "85,448", "nine", "1.5x to 1.9x", "1.5–1.9x", "30%
higher", "twice", "1/3 the power". ``numbers_in`` collects every value the figure reader
(``text.figures``) finds in a sentence, so that a claim's figure can be looked up in its own quote; ``fold`` makes a quote and an
archived text comparable despite curly quotes, dash variants and line breaks.
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction
from functools import lru_cache

from jalapeno_audit.text.figures import prepare, read_figures

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"), "-")
_QUOTES = {**dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032"), "'"), **dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u2033"), '"')}
_SPACE = re.compile(r"\s+")


def fold(text: str) -> str:
    """Text normalised for matching: NFKC, straight quotes, one kind of dash, single spaces."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).translate(_QUOTES)
    return _SPACE.sub(" ", text).strip()


@lru_cache(maxsize=4096)
def numbers_in(text: str) -> frozenset[Fraction]:
    """Every value a sentence's figures can stand for, as the figure reader reads them.

    Counts, model sizes and years are included: a claim file may state one on purpose, and the
    quote check asks only whether the figure is written there. Glued digits are not: see ``glued_runs``.
    """
    found: set[Fraction] = set()
    for reading in read_figures(fold(text), non_figures=True):
        if reading.glued:
            continue
        found.update(reading.means())
        if reading.label in _PERCENT_LABELS:
            # A percent with no direction word beside it ("a minimum advantage of 40%", "10% to
            # 20%") may be written as the change either way or as the share itself.
            for number in reading.numbers:
                step = number / 100
                found.update({step, 1 + step, 1 - step} | ({1 / (1 - step)} if 0 < step < 1 else set()))
    # Every number as digits, whatever the reader made of its neighbours ("~25-26 tokens": 26),
    # but never a percent as its own number ("30% faster" is not 30), digits of a link, nor a hyphenated name's.
    found.update(Fraction(m.group().replace(",", "")) for m in _DIGITS.finditer(prepare(fold(text))))
    return frozenset(found)


_PERCENT_LABELS = ("%", "percent", "per cent")
#: Not digits a hyphen joins to a word before them ("Goya HL-1000", "ResNet-50"): a name's; a range's end ("25-26") is kept.
_DIGITS = re.compile(r"(?<![A-Za-z]-)(?:(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])|(?<![\w.,])\d+(?:\.\d+)?(?![\w.]*\d))(?!\s*(?:%|per\s?cent))")


def glued_runs(text: str) -> list[str]:
    """Runs of digits glued to a label ("HBM3410700952226752381"): a figure inside one is only possibly there."""
    return [reading.written[0] for reading in read_figures(fold(text), non_figures=True) if reading.glued]
