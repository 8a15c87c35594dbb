"""The words around a figure: numbers spelt out ("seven", "twenty-five", "one hundred and twenty-eight", "a dozen")
and hedge words.

Both readers of figures use them: ``text.figures`` (the quote check and ``audit new``), whose
readings carry the hedge written beside each figure. The value of a number in words is text2num's, which reads
English number words as a whole ("one hundred ten" is 110); the patterns here say where such a number stands.
"""

from __future__ import annotations

import re

from text_to_num import text2num

from jalapeno_audit.text.numbers import APPROX, HEDGES, LOWER, UPPER

_ONES = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "a dozen": 12, "dozen": 12,
}


_TENS = [word for word, value in _ONES.items() if value >= 20]
_UNITS = [word for word, value in _ONES.items() if value < 10]
_TEENS = [word for word, value in _ONES.items() if 10 <= value < 20 and "dozen" not in word]
#: A number below a hundred in words ("twenty-five", "seventeen", "six").
_BELOW_HUNDRED = r"(?:(?:" + "|".join(_TENS) + r")(?:-(?:" + "|".join(_UNITS) + r"))?|" + "|".join(_UNITS + _TEENS) + r")"
#: Hundreds with what follows them ("one hundred and twenty-eight", "one hundred ten"), and "a hundred": one number.
#: Hundreds followed by nothing ("nine hundred thousand") are a number and its scale words, read as such.
_HUNDREDS = (r"(?:(?:" + "|".join(_UNITS + _TEENS) + r")\s+hundred(?:\s+and)?\s+" + _BELOW_HUNDRED
             + r"|a\s+hundred(?:(?:\s+and)?\s+" + _BELOW_HUNDRED + r")?)")
#: The numbers ``word_number`` reads, as a pattern ("a dozen", "twenty-five", "seventeen", "one hundred and ten").
WORD_NUMBER = r"(?:" + _HUNDREDS + r"|a\s+dozen|dozen|" + _BELOW_HUNDRED + r")"


def word_number(words: str) -> int | None:
    """A spelt-out number ("seven", "twenty-five", "one hundred and twenty-eight", "a hundred", "a dozen") as an integer."""
    key = " ".join(words.lower().split())
    if key in ("a dozen", "dozen"):
        return 12
    try:
        return int(text2num(re.sub(r"^a\s+", "one ", key), "en"))
    except ValueError:
        return None


#: A comparison sign right before a figure ("(>100W TDP)", "<9%"), not an arrow ("->", "=>") nor a tag's bracket.
_SIGN = re.compile(r"(?<![-=<>\w])(?P<sign>>=|<=|≥|≤|>|<)\s*~?\s*$")


#: A verb of scaling and its object before "up" ("Scale it up to 4.5 watts", "ramping them up to 64 chips"): "up to" is
#: then no bound, but the setting scaled to; without an object ("scales up to 64 chips") it is the most it can reach.
_SCALED_UP = re.compile(r"\b(?:scal(?:e|es|ed|ing)|ramp(?:s|ed|ing)?)\s+(?:it|them|this|that)\s+$", re.I)


def find_hedge(text: str, start: int, end: int) -> tuple[str | None, str | None]:
    """The hedge word written just before a figure (or "or more" after it), and what it does.

    Hedge words come from ``numbers.HEDGES``. A bound negated by "no" or "not" ("no more than
    450 W", "not above") is the opposite bound; it is reported as written with the flipped effect.
    """
    before = text[max(0, start - 30):start].lower()
    for word in sorted(HEDGES, key=len, reverse=True):
        if word in ("+",) or word.startswith("or "):
            continue
        # "about the 100 mark" is hedged; "a speed-up over the 12,022 tokens/s" sets the figure against another, unbounded.
        article = r"an?\s+|the\s+" if HEDGES[word] == APPROX else r"an?\s+"
        pattern = re.escape(word) + r"\s*(?:\$\s*)?$" if word == "~" else rf"(?<![\w-]){re.escape(word)}\s+(?:{article})?(?:\$\s*)?$"
        hit = re.search(pattern, before)
        if hit is None:
            continue
        if word == "up to" and _SCALED_UP.search(before[:hit.start()]):
            continue  # "Scale it up to 4.5 watts": the particle of a verb of scaling, a setting and no bound
        negation = re.search(r"\b(no|not)\s+$", before[:hit.start()])
        kind = HEDGES[word]
        if negation and kind in (UPPER, LOWER):
            return f"{negation.group(1)} {word}", LOWER if kind == UPPER else UPPER
        return word, kind
    if re.search(r"(?<![\w-])sub[\s-]$", before):
        return "sub-", UPPER  # "sub-100ms": below 100 ms, a bound the hedge table writes "under"
    sign = _SIGN.search(before)
    if sign is not None:  # ">10x", "<9%": a bound written as a sign, which the hedge table has no word for
        return sign["sign"], LOWER if sign["sign"] in (">", ">=", "≥") else UPPER
    after = text[end:end + 16].lower()
    for word in sorted(HEDGES, key=len, reverse=True):
        if word.startswith("or ") and re.match(rf"\s*(?:[a-z/]+\s+)?{re.escape(word)}\b", after):
            return word, HEDGES[word]
    return None, None
