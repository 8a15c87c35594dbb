"""Finding figures inside quotes, and quotes inside archived texts.

Writers spell one figure many ways: "85,448", "nine", "1.5x to 1.9x", "1.5–1.9x", "30%
higher", "twice", "1/3 the power". ``numbers_in`` reads every figure a sentence can mean, so
that a claim's figure can be looked up in its own quote; ``fold`` makes a quote and an
archived text comparable despite curly quotes, dash variants and line breaks.
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction

_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_MULTIPLES = {"twice": 2, "double": 2, "doubled": 2, "triple": 3, "tripled": 3, "thrice": 3, "quadruple": 4, "half": Fraction(1, 2)}

_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s*([kKmMbB]|billion|million|thousand|trillion)\b)?")
_FRACTION = re.compile(r"(?<![\w./])(\d+)\s*/\s*(\d+)(?![\w/])")
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent)")
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)?")
_SUFFIX = {"k": 1000, "K": 1000, "m": 10**6, "M": 10**6, "b": 10**9, "B": 10**9,
           "thousand": 1000, "million": 10**6, "billion": 10**9, "trillion": 10**12}

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"), "-")
_QUOTES = {**dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032"), "'"), **dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u2033"), '"')}
_SPACE = re.compile(r"\s+")


def fold(text: str) -> str:
    """Text normalised for matching: NFKC, straight quotes, one kind of dash, single spaces."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).translate(_QUOTES)
    return _SPACE.sub(" ", text).strip()


def numbers_in(text: str) -> set[Fraction]:
    """Every value a sentence's figures can stand for."""
    folded = fold(text)
    found: set[Fraction] = set()
    for match in _NUMBER.finditer(folded):
        value = Fraction(match.group(1).replace(",", "") + (match.group(2) or ""))
        found.add(value)
        if match.group(3):
            found.add(value * _SUFFIX[match.group(3)])
    for match in _FRACTION.finditer(folded):
        numerator, denominator = int(match.group(1)), int(match.group(2))
        if denominator:
            value = Fraction(numerator, denominator)
            found.update((value, 1 / value) if numerator else (value,))
    for match in _PERCENT.finditer(folded):
        percent = Fraction(match.group(1)) / 100
        found.update((1 + percent, 1 - percent))
        if percent < 1:
            found.add(1 / (1 - percent))
    found.update(_words(folded.lower()))
    return found


def _words(text: str) -> set[Fraction]:
    """Numbers spelt out: "nine", "twenty-five", "one trillion", "a trillion", "twice", "ten-fold"."""
    found: set[Fraction] = set()
    total: Fraction | None = None  # the spelt-out number being read, word by word
    for word in _WORD.findall(text):
        if word in _MULTIPLES:
            found.add(Fraction(_MULTIPLES[word]))  # type: ignore[call-overload]
            if word == "half":
                found.add(Fraction(2))  # "half the power" is a 2x advantage
        parts = word.split("-")
        if parts[-1] == "fold":
            parts = parts[:-1]
        if parts and all(p in _SMALL for p in parts):
            value = Fraction(sum(_SMALL[p] for p in parts))
            total = value if total is None else total + value
            found.add(total)
        elif word in _SCALES:
            total = (total or Fraction(1)) * _SCALES[word]
            found.add(total)
        else:
            total = None
    return found
