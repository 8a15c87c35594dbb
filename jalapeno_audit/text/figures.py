"""The one reader of written figures: every way a text writes a number a claim may state.

``read_figures(text)`` returns, in order of position, one ``Reading`` per figure: its span in the
text, its kind, the number(s) as written and as exact Fractions, the hedge or bound word beside
it, the unit or label word after it, and whether it was found only inside a run of glued digits
(scraped tables: "FP16900 TFLOPS", "HBM3410700952226752381"). The quote check looks a claim's
figure up in these readings and ``audit new`` drafts claims from them, so both read a text alike.

Kinds:
- ``value``: an absolute figure ("85,448 tokens", "four megawatts", "~1,400 kg", "$2.70").
- ``ratio``: a factor ("2.7x", "3.4 times", "30% higher", "15% lower").
- ``range``: two figures ("1.5x to 1.9x", "1.5–1.9x", "$2–3 million"); ``is_ratio`` tells which.
- ``percent-of``: "95-170 percent of", "N percent of": a ratio written as a percentage.
- ``multiple``: a written multiple ("twice", "doubles", "seven times", "1/3 the power", "a fourth of the power", "halves").

What is never read as a figure: product names ("MI300X", "H100", "B200"), model sizes ("70B" in
"Llama 3.1 70B", "70-billion-parameter"), device counts ("8x H100", "72 GPUs"), conditions written
as settings ("BS=1", "TP=8", "64 concurrent requests"), software versions ("TensorRT 9.1"), years
and dates, URLs and references ("[1]", "Table 1"), "one" as an article ("one of the fastest"). Those are returned only with ``non_figures=True``, with ``role`` naming what they are,
so that a quote check can still accept a figure a claim file states on purpose.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from jalapeno_audit.text.numbers import APPROX, HEDGES, LOWER, UPPER
from jalapeno_audit.text.words import WORD_NUMBER, find_hedge, word_number

VALUE, RATIO, RANGE, PERCENT_OF, MULTIPLE = "value", "ratio", "range", "percent-of", "multiple"
FIGURE, COUNT, MODEL_SIZE, YEAR, FRACTION, CONDITION, NOTE, WORD = "figure", "count", "model-size", "year", "fraction", "condition", "note", "word"
#: A range of percents written with a dash ("an estimated 30-35% improvement"): a change, a share or a rate, which the
#: words around it decide; read so that the quote check finds both ends, and left to the writer of a claim file.
PERCENT_SPAN = "percent-range"

SCALES: dict[str, int] = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9, "trillion": 10**12,
          "k": 1000, "K": 1000, "M": 10**6, "B": 10**9, "T": 10**12}
#: Written multiples and the factor each stands for (on the quantity: "halves" is 0.5).
MULTIPLES: dict[str, int | Fraction] = {
    "twice": 2, "double": 2, "doubles": 2, "doubled": 2, "doubling": 2, "two-fold": 2, "twofold": 2,
    "triple": 3, "triples": 3, "tripled": 3, "tripling": 3, "thrice": 3, "three-fold": 3, "threefold": 3,
    "quadruple": 4, "quadruples": 4, "quadrupled": 4, "quadrupling": 4, "four-fold": 4, "fourfold": 4,
    "half": Fraction(1, 2), "halves": Fraction(1, 2), "halved": Fraction(1, 2), "halving": Fraction(1, 2),
}
#: Words after a number that make it a count of devices, not a figure.
COUNT_WORDS = ("gpu", "gpus", "chip", "chips", "accelerator", "accelerators", "node", "nodes", "server", "servers",
               "rack", "racks", "pod", "pods", "card", "cards", "cores", "devices", "instances", "superchips", "systems",
               "lpu", "lpus", "tpu", "tpus", "npu", "npus", "xpu", "xpus", "stacks")
#: A number joined by a hyphen to what it counts ("a 4,000-token request", "16-bit weights"): a condition, not a figure.
_COMPOUND = re.compile(r"-(?:tokens?|words?|bits?|steps?|layers?|way|chips?|gpus?|cards?|nodes?|inch(?:es)?)\b", re.I)
#: A number that is part of a product's name: a generation after it ("Snapdragon 8 Gen 4", "8s Gen 3"), a model code
#: after it ("Core Ultra 7 155H", "i9 13900K").
_NAMED_PRODUCT = re.compile(r"s?\s+Gen\s+\d\b|\s+\d{2,5}[A-Z]{1,3}\b")
#: "2 x Accelerators", "2 x Reticle Sized GPUs": a count of devices written with a multiplication sign.
_COUNTED = re.compile(r"\s*(?:(?-i:[A-Z])[\w-]*\s+){0,2}?(?:" + "|".join(COUNT_WORDS) + r"|(?:model|tensor|pipeline|data|expert)[ -]parallel\w*)\b", re.I)
_DIRECTION_UP = ("higher", "more", "faster", "better", "greater", "increase", "improvement", "boost", "bump", "gain",
                 "uplift", "advantage", "lead", "jump", "rise", "larger", "bigger", "speedup")
_DIRECTION_DOWN = ("lower", "less", "fewer", "smaller", "slower", "cheaper", "reduction", "decrease", "drop", "cut",
                   "shorter", "lesser")

#: A percent, one noun and the word of its change ("27% performance speed-up", "40% TCO reduction"); the noun is no
#: word of a phrase ("of", "in") and no direction itself.
_NAMED_CHANGE = re.compile(r"\s*(?!(?:of|in|on|at|to|for|from|by|with|and|or|than|the|an?)\b)[a-z]+\s+([a-z]+)\b")
#: A lead that grows to a percent ("This lead extends to 28%", "the advantage widens to 40%"): the lead is the figure.
_LEAD_GROWS = re.compile(r"\b(?:lead|advantage|edge)\s+(?:extends|grows|widens|rises|increases|jumps|stretches)\s+to\s*$")
#: A hedge between "by" and the percent of a change ("improved by ~15%", "cut by about 30%").
_BY_HEDGE = r"(?:(?:about|around|roughly|nearly|almost|some|up to|over|more than|~)\s*)?$"
_NUM = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
#: What may stand between a verb of change and its percent: a few words of what changes, "by", and percents before it
#: that the verb governs too ("enhances single and multi-core performance by 15% and 40%").
_BY_CHAIN = r"(?:(?!by\b)[\w-]+\s+){0,4}by\s*(?:(?:~|about\s+|around\s+)?\d[\d.,]*\s*%\s*(?:,\s*(?:and\s+)?|\s+(?:and|or)\s+))*" + _BY_HEDGE
_START = r"(?<![\w.,/\-])"  # not inside a product name ("H100"), a decimal, a path or a hyphenated id
_TIMES = r"(?:\s*[x×](?![\w])|\s*-?\s*times\b|\s*-?\s*fold\b)"
_SCALE = r"(?:\s*(?:hundred|thousand|million|billion|trillion)\b|[kKMBT](?![\w]))"
_PCT = r"\s*(?:%|percent\b|per\s?cent\b)"
_DASH = r"\s*(?:-|to)\s*"
#: One unit of time, as "half an hour" and "less than a second" write it.
_TIME_UNIT = r"hour|minute|second|day|week|month|year"

#: Cells run together: "HBM3410700952226752381", "70B41.512.643.3", and a multiple glued to the cell before it ("12× train
#: tps7× infer tps").
_GLUED = re.compile(r"(?<=[A-Za-z])(?:\d+(?:\.\d+){2,}|\d{5,})|(?<=[a-z])\d+(?:\.\d+)?(?=×)")
#: A unit of measure written right after a table cell's number ("256GB", "6,000 GB/s", "2,614.9 TFLOPS", "300W").
_CELL_UNIT = r"(?=\s?(?:[KMGTP]i?B(?:/s|ps)?\b|[KMGTPE]?(?:FLOP|OP)S\b|[KMGTPE]?(?:FLOP|OP)s\b|[KMGTPE]?FLOP/s|[kKM]?W\b|GHz\b|MHz\b|[GT]bps\b|ms\b|tok(?:en)?s?/s\b|FPS\b))"
#: A number glued after the word of a table row's label, its cell separator lost ("Memory256GB", "FP8
#: Performance2,614.9 TFLOPS"), before its unit: the word ends where the digits begin, so the number is certain.
_AFTER_LABEL_WORD = re.compile(rf"(?<=[a-z]{{2}})(?P<n>{_NUM}){_CELL_UNIT}")
#: A number glued after a data format ending a label ("BF161,307.4 TFLOPS", "TF32653.7 TFLOPS"): the format is the
#: longest one the digits begin with; after "FP6" or "FP64" which one is meant is not certain ("FP649.7"), so the
#: digits are found only as glued.
_AFTER_FORMAT = re.compile(rf"(?<![\w-])(?P<format>(?:NV|MX)?FP(?:64|32|16|8|6|4)|BF16|TF32|INT(?:16|8|4))(?P<n>{_NUM}){_CELL_UNIT}")
#: "within 3-7% of H200", "within 5% of": a shortfall of so many percent, a change, not a share of the rival; which side
#: is ahead the writer says, as with a range of percents.
_WITHIN = re.compile(rf"(?<=\bwithin\s){_START}(?P<lo>{_NUM})(?:{_PCT}?\s*-\s*(?P<hi>{_NUM}))?{_PCT}", re.I)
_PERCENT_SPAN = re.compile(rf"{_START}(?P<lo>{_NUM}){_PCT}?\s*-\s*(?P<hi>{_NUM}){_PCT}(?!\s+of\b)", re.I)
_PERCENT_OF_RANGE = re.compile(rf"(?<!\bwithin\s){_START}(?P<lo>{_NUM}){_PCT}?{_DASH}(?P<hi>{_NUM}){_PCT}\s+of\b", re.I)
_PERCENT_OF = re.compile(rf"(?<!\bwithin\s){_START}(?P<n>{_NUM}){_PCT}\s+of\b(?!\s+(?:the\s+)?(?:time|users|cases|respondents)\b)", re.I)
_RATIO_RANGE = re.compile(rf"{_START}(?P<lo>{_NUM})(?:{_TIMES})?{_DASH}(?P<hi>{_NUM})(?P<times>{_TIMES})", re.I)
_VALUE_RANGE = re.compile(rf"{_START}(?P<cur>\$)?(?P<lo>{_NUM})(?P<s1>{_SCALE})?{_DASH}\$?(?P<hi>{_NUM})(?P<s2>{_SCALE})?(?![\d/])", re.I)
#: An input resolution, width by height ("at 640×640", "224x224"): a condition of a figure, not a multiple.
_RESOLUTION = re.compile(rf"{_START}\d{{2,5}}\s?[x×]\s?\d{{2,5}}(?!\.?\d)")
#: A range written "between N and M" ("between 100 and 200 TOPS", "between $2 and $3 million"): read from its first number.
_BETWEEN_RANGE = re.compile(rf"(?<=\bbetween ){_START}(?P<cur>\$)?(?P<lo>{_NUM})(?P<s1>{_SCALE})?\s+and\s+\$?(?P<hi>{_NUM})(?P<s2>{_SCALE})?(?![\d/])", re.I)
_PERCENT = re.compile(rf"{_START}(?P<n>{_NUM}){_PCT}", re.I)
#: A percent change written with its sign ("$0.88 (-86 %)", "+12%"), after a space or an opening parenthesis.
_SIGNED_PERCENT = re.compile(rf"(?<=[(\s])(?P<sign>[-+])(?P<n>{_NUM})\s*%")
_RATIO = re.compile(rf"{_START}(?P<n>{_NUM}){_TIMES}", re.I)
_FRACTION = re.compile(rf"{_START}(?P<a>\d+)\s*/\s*(?P<b>\d+)(?![\w/])(?P<the>\s+(?:the|of|as)\b)?", re.I)
#: A fraction in words before what it is a part of ("a fourth of the power", "one-third the cost", "a quarter as
#: much"): a multiple below one, as "1/3 the power" is.
FRACTION_WORDS = {"third": 3, "fourth": 4, "quarter": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
_WORD_FRACTION = re.compile(r"\b(?:a|one)[\s-]+(?P<w>" + "|".join(FRACTION_WORDS) + r")\b"
                            r"(?=\s+(?:of\s+(?:the|its|their|that|this|those|what)|the|as)\b)", re.I)
_WORD_TIMES = re.compile(rf"\b(?P<w>{WORD_NUMBER})(?:\s+|-)(?:times\b|fold\b)", re.I)
_MULTIPLE = re.compile(r"\b(?P<w>" + "|".join(sorted(MULTIPLES, key=len, reverse=True)) + r")\b", re.I)
_WORD_VALUE = re.compile(rf"\b(?P<w>{WORD_NUMBER})\b(?!-)(?P<s>(?:\s+(?:hundred|thousand|million|billion|trillion)\b)*)", re.I)
_VALUE = re.compile(rf"{_START}(?P<cur>\$)?(?P<n>{_NUM})(?P<s>{_SCALE})?(?![\d])(?!(?:st|nd|rd|th)\b)", re.I)
_YEAR = re.compile(r"(?:19|20)\d\d")
_DATE = re.compile(r"\b(?:19|20)\d\d-\d\d-\d\d\b|\b\d{1,2}/\d{1,2}/(?:19|20)\d\d\b")
_URL = re.compile(r"(?:https?://|www\.)[^\s)\]>\"']+", re.I)
_LINK = re.compile(r"\[([^\]\n]*)\]\(([^)\s]*)\)")
_MONTH = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*$", re.I)
#: A product name after a number ("8x H100", "160 H100 GPUs"), or one blanked out by its reader ("8x ####"): a device count;
#: not a model's name blanked out before what is counted ("500,000 Llama 70B tokens per second"), nor a precision
#: ("2,517 MXFP8 TFLOPS").
_PRODUCT = re.compile(r"\s*(?:(?!(?:NV|MX)?FP\d|BF\d|INT\d|TF\d)[A-Z][A-Za-z]*\d|#{2,}(?!#)(?!\s+(?:(?:output|input|mixed)\s+)?(?:tokens?|tok|images?|samples?|queries|requests)\b)|GPUs?\b|chips?\b)")
#: A unit after a number that looks like a year makes it a measure ("2050 FPS", "2024 tok/s"); a count of tokens stays a
#: length ("2048 tokens"), which is no figure either way.
_UNIT_OF_A_MEASURE = re.compile(r"FPS|[TGPE]?(?:FLOPS|OPS)|[kMG]?W|[KMGT]B|\w+/\w+(?:/\w+)*")
#: Units of the calendar.
#: A number of them after "the past", "the last", "the next" is a period ("in the past four years"), not a figure of a
#: system; "tapeout in nine months" is one.
_PERIODS = ("year", "years", "month", "months", "quarter", "quarters", "decade", "decades")
_PAST = re.compile(r"\b(?:past|last|next|coming|previous|recent)\s+$", re.I)
_LABEL = re.compile(r"\s*\[?(?P<label>(?:[A-Za-z$€%][\w$€%/\-\.]*[\w%/]|[A-Za-z%])(?:\s*/\s*\w+)*)")

_JOINERS = ("and", "or", "with", "on", "in", "for", "to", "is", "was", "which", "that")
#: Dashes read as a hyphen; an em dash sets a phrase apart ("1.2 TB/s—20% higher than Grace"), read as a space.
_DASHES = {**dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2212\ufe58\ufe63\uff0d"), "-"), **dict.fromkeys(map(ord, "\u2014\u2015"), " ")}
#: "sub-" glued before a figure ("sub-100ms"): a bound below it, read as a word apart.
_SUB = re.compile(r"(?<![\w-])(sub)-(?=\d)", re.I)
_SPACES = dict.fromkeys(map(ord, "\u00a0\u2007\u2009\u202f\u200a"), " ")
_TILDES = dict.fromkeys(map(ord, "\u223c\uff5e\u2248"), "~")


@dataclass(frozen=True, slots=True)
class Reading:
    """One written figure found in a text."""

    start: int  # span in the text given (the figure with its multiplier or percent sign)
    end: int
    text: str  # the span as written: "1.5x to 1.9x", "85,448", "twice"
    kind: str  # value | ratio | range | percent-of | multiple
    numbers: tuple[Fraction, ...]  # as read, before any scale: "1.5x to 1.9x" -> (3/2, 19/10); "$2–3 million" -> (2, 3)
    written: tuple[str, ...]  # each number as written: ("1.5", "1.9"), ("85,448",), ("twice",)
    scale: Fraction = Fraction(1)  # "million", "k": the numbers times this are the quantity
    hedge: str | None = None  # the hedge or bound word beside it, as written ("up to", "no more than", "~")
    bound: str | None = None  # what the hedge does: approx | upper | lower (a negated bound flips)
    label: str | None = None  # the unit or label word after it ("tokens", "W", "GB", "exaFLOPS", "higher")
    direction: str | None = None  # for a percent change or multiple: up | down
    is_ratio: bool = False  # for a range: a range of ratios ("1.5x to 1.9x") rather than of values
    glued: bool = False  # found only inside a run of digits glued to a label (a scraped table cell)
    role: str = FIGURE  # figure, or what a non-figure is: count | model-size | year | fraction | condition | note | word ("one" as an article) | percent-range

    @property
    def values(self) -> tuple[Fraction, ...]:
        """The quantity or factor each number stands for (scale applied; percents as factors)."""
        if self.kind == PERCENT_OF:
            return tuple(n / 100 for n in self.numbers)
        if self.kind == RATIO and self.label in ("%", "percent", "per cent"):
            step = self.numbers[0] / 100
            return (1 - step,) if self.direction == "down" else (1 + step,)
        return tuple(n * self.scale for n in self.numbers)

    def means(self) -> frozenset[Fraction]:
        """Every value a careful reader may write for it in a claim file."""
        percent_change = self.kind == RATIO and self.label in ("%", "percent", "per cent")
        # "30% higher" is 1.3, never 30: a percent change is not its own number.
        found: set[Fraction] = set(self.values) | (set() if percent_change else set(self.numbers))
        for value in self.values:
            if 0 < value < 1 and self.kind in (PERCENT_OF, MULTIPLE, RATIO, RANGE):
                found.add(1 / value)  # "half the power", "15% lower latency": the advantage factor
        if percent_change:
            step = self.numbers[0] / 100
            found.update({1 + step, 1 - step} | ({1 / (1 - step)} if step < 1 else set()))
        if self.kind == MULTIPLE and self.numbers == (Fraction(1, 2),):
            found.add(Fraction(2))
        return frozenset(found)


def prepare(text: str) -> str:
    """The text with the same length, dashes, spaces and tildes unified, URLs and link targets blanked.

    Keeping the length keeps every span valid in the text the caller holds.
    """
    text = _SUB.sub(r"\1 ", text.translate(_DASHES).translate(_SPACES).translate(_TILDES))
    text = _LINK.sub(lambda m: " " + m.group(1) + " " * (len(m.group(2)) + 3), text)
    text = _URL.sub(lambda m: " " * len(m.group()), text)
    return _DATE.sub(lambda m: " " * len(m.group()), text)


def read_figures(text: str, *, non_figures: bool = False) -> list[Reading]:
    """Every figure written in ``text``, in order; with ``non_figures``, counts, sizes and years too."""
    prepared = prepare(text)
    found: list[Reading] = []
    taken: list[tuple[int, int]] = []

    def claim(reading: Reading | None) -> None:
        if reading is None or any(reading.start < b and a < reading.end for a, b in taken):
            return
        taken.append((reading.start, reading.end))
        found.append(reading)

    for pattern, read in _READERS:
        for match in pattern.finditer(prepared):
            claim(read(prepared, match))
    found.sort(key=lambda r: r.start)
    return [r for r in found if non_figures or r.role == FIGURE]


def _number(written: str) -> Fraction:
    return Fraction(written.replace(",", ""))


def _make(text: str, match: re.Match, kind: str, groups: tuple[str, ...], **fields) -> Reading | None:
    written = tuple(match[g] for g in groups)
    numbers = tuple(_number(w) for w in written)
    if len(numbers) == 2 and not numbers[0] < numbers[1]:
        return None
    start, end = match.start(), match.end()
    hedge, bound = find_hedge(text, start, end)
    fields.setdefault("label", _label(text, end))
    return Reading(start, end, text[start:end], kind, numbers, written, hedge=hedge, bound=bound, **fields)


#: A verb of winning, its object, then "by" ("beats NVIDIA's own published number by ~45%"): the winner's lead, a rise.
_WON_BY = re.compile(r"\b(?:beat(?:s|ing)?|outperform(?:s|ed|ing)?|exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|outpac(?:es|ed|ing))\b"
                     r"[^.;:]{0,80}?\bby\s*" + _BY_HEDGE, re.I)


def _percent(text: str, match: re.Match) -> Reading | None:
    after = re.sub(r"speed[\s-]up\b", "speedup", text[match.end():match.end() + 30].lower())  # "speed up", "speed-up"
    before = text[max(0, match.start() - 60):match.start()].lower()
    word = re.match(r"\s*(?:(?:an?|the)\s+)?([a-z]+)", after)
    if word and word.group(1) not in (*_DIRECTION_UP, *_DIRECTION_DOWN) and (named := _NAMED_CHANGE.match(after)):
        word = named  # "a 27% performance speed-up", "a 40% TCO reduction": the change is the word after its noun
    direction = None
    if (word and word.group(1) in _DIRECTION_UP) or re.search(r"\b(?:increas(?:e[sd]?|ing)|improv(?:e[sd]?|ing)|enhanc(?:e[sd]?|ing)|boost(?:s|ed|ing)?|rais(?:es|ed|ing)|up)\s+" + _BY_CHAIN, before) \
            or _LEAD_GROWS.search(before) or _WON_BY.search(text[max(0, match.start() - 100):match.start()].lower()):
        direction = "up"
    elif (word and word.group(1) in _DIRECTION_DOWN) or re.search(r"\b(?:cut(?:s|ting)?|reduc(?:e[sd]?|ing)|decreas(?:e[sd]?|ing)|lower(?:s|ed|ing)?|down)\s+" + _BY_CHAIN, before):
        direction = "down"
    if direction is None:
        reading = _make(text, match, VALUE, ("n",), label="%")
        if reading is not None and reading.hedge is None and text[match.end():match.end() + 1] == "+":
            return replace(reading, hedge="+", bound=HEDGES.get("+"))  # "90%+ FLOPS utilization": at least 90%
        return reading
    return _make(text, match, RATIO, ("n",), label="%", direction=direction)


#: A maker's name and its product's after a multiplication sign ("4x NVIDIA A30", "4x Tesla V100"): a count of devices.
_MAKERS_PRODUCT = re.compile(r"\s*(?-i:[A-Z][A-Za-z]+)\s+(?-i:[A-Z][A-Za-z]*\d)")
#: A figure with its unit right after a count ("2 x 100 Gbps NIC", "two 200Gbps network cards"): the count is how many
#: things have that figure, no figure itself.
_COUNT_OF_FIGURES = re.compile(r"\s+\d[\d,]*(?:\.\d+)?\s?[A-Za-z]")


def _ratio(text: str, match: re.Match) -> Reading | None:
    after = text[match.end():match.end() + 20]
    if (_PRODUCT.match(after) or _COUNTED.match(after) or _COUNT_OF_FIGURES.match(after) or _MAKERS_PRODUCT.match(after)) \
            and re.search(r"[x×]\s*$", match.group()):
        return _nonfigure(text, match, COUNT)  # "8x H100", "4x GPUs", "2 x 100 Gbps NIC", "4x NVIDIA A30": a count
    if re.match(r"\s*(?:per|a|each|every)\s+(?:second|minute|hour|day|year)\b", after, re.I):
        return _nonfigure(text, match, COUNT)  # "100 times per second": a frequency
    return _make(text, match, RATIO, ("n",), label="x")


def _fraction(text: str, match: re.Match) -> Reading | None:
    numerator, denominator = int(match["a"]), int(match["b"])
    if not denominator or not numerator:
        return None
    hedge, bound = find_hedge(text, match.start(), match.end())
    span_end = match.end("b")
    reading = Reading(match.start(), span_end, text[match.start():span_end], MULTIPLE, (Fraction(numerator, denominator),),
                      (f"{numerator}/{denominator}",), hedge=hedge, bound=bound, label=_label(text, span_end), direction="down")
    return reading if match["the"] else _replace_role(reading, FRACTION)


def _word_fraction(text: str, match: re.Match) -> Reading:
    hedge, bound = find_hedge(text, match.start(), match.end())
    value = Fraction(1, FRACTION_WORDS[match["w"].lower()])
    return Reading(match.start(), match.end(), match.group(), MULTIPLE, (value,), (match.group(),), hedge=hedge, bound=bound,
                   label=_label(text, match.end()), direction="down")


def _word_times(text: str, match: re.Match) -> Reading | None:
    value = word_number(match["w"])
    if value is None:
        return None
    hedge, bound = find_hedge(text, match.start(), match.end())
    return Reading(match.start(), match.end(), match.group(), MULTIPLE, (Fraction(value),), (match["w"],), hedge=hedge, bound=bound,
                   label="times", direction="up")


def _multiple(text: str, match: re.Match) -> Reading | None:
    word = match["w"].lower()
    value = Fraction(MULTIPLES[word])
    if word == "half" and (period := _HALF_PERIOD.match(text, match.end())):
        # "almost half an hour": half of one unit of time, a value (0.5 hours), not a factor
        hedge, bound = find_hedge(text, match.start(), match.end())
        return Reading(match.start(), match.end(), match.group(), VALUE, (Fraction(1, 2),), (match["w"],), hedge=hedge, bound=bound,
                       label=period["unit"])
    if word == "half" and re.match(r"\s+(?:of|a|an)\b", text[match.end():]):
        return None  # "half of the users", "half a chip": not a factor
    if word.startswith("doubl") and re.match(r"\s+down\b", text[match.end():], re.I):
        return None  # "doubles down on": an idiom, not a factor
    if word in ("double", "half") and re.match(r"[\s-]precision\b", text[match.end():], re.I):
        return None  # "double-precision floating-point", "in half-precision": a number format, not a factor
    hedge, bound = find_hedge(text, match.start(), match.end())
    return Reading(match.start(), match.end(), match.group(), MULTIPLE, (value,), (match["w"],), hedge=hedge, bound=bound,
                   label=_label(text, match.end()), direction="down" if value < 1 else "up")


def _value_range(text: str, match: re.Match, between: bool = False) -> Reading | None:
    lo, hi = match["lo"], match["hi"]
    if _YEAR.fullmatch(lo) or _YEAR.fullmatch(hi) or ("," in lo and "," not in hi and len(hi) < 4):
        return None
    if not (match["cur"] or match["s1"] or match["s2"] or between) and " to " not in match.group() and "." not in lo + hi \
            and not (Fraction(lo.replace(",", "")) < Fraction(hi.replace(",", "")) and _unit_after(text, match.end())):
        # "128-128", "3-year": a bare dash between integers is rarely a range ("0.5 - 2W" is one); one before a unit of
        # measure, rising, is ("57–60 tok/s", "~70–90ms", "100–170 FPS")
        return None
    scale = Fraction(SCALES.get((match["s2"] or match["s1"] or "").strip(), 1))
    reading = _make(text, match, RANGE, ("lo", "hi"), scale=scale, label="$" if match["cur"] else None)
    if reading is not None and reading.label is None:
        reading = _with_label(reading, _label(text, match.end()))
    return reading


def _word_value(text: str, match: re.Match) -> Reading | None:
    value = word_number(match["w"])
    if value is None:
        return None
    scale = Fraction(1)
    for word in (match["s"] or "").split():
        scale *= SCALES[word.lower()]
    label = _label(text, match.end())
    hedge, bound = find_hedge(text, match.start(), match.end())
    reading = Reading(match.start(), match.end(), match.group(), VALUE, (Fraction(value),), (match["w"],), scale=scale,
                      hedge=hedge, bound=bound, label=label)
    if value == 1 and scale == 1 and not (label and _MEASURE.fullmatch(label)) and not _counts(text, match.end(), label):
        # "one word at a time", "one of the fastest": an article or a pronoun, no figure; but a 1 written there for the
        # quote check, which asks only whether a figure is written ("one teraflop", "in just one day" are figures)
        return _replace_role(reading, WORD)
    if _counts(text, match.end(), label) or _PRODUCT.match(text[match.end():match.end() + 20]) or _COUNT_OF_FIGURES.match(text, match.end()):
        return _replace_role(reading, COUNT)
    if label and label.lower() in _PERIODS and _PAST.search(text, 0, match.start()):
        return _replace_role(reading, YEAR)  # "over the last five months": a period
    return reading


#: A power mode named by its budget ("the 7 W power mode", "Jetson FP16 (7W mode)"): the mode's name, not a figure.
_POWER_MODE = re.compile(r"\s?(?:W|watts?)\s+(?:power\s+)?mode\b", re.I)
#: A setting written as an assignment before a bare number: "BS=1", "tp=8", "batch size of 64", "concurrency: 16".
_SETTING_BEFORE = re.compile(r"\b(?:[A-Z]{1,4}\s*=|(?:batch(?: size)?|concurrency)\s*[=:])\s*$|\bbatch size(?: of)?\s+$", re.I)
#: A short capitalised name before a colon ("TP: 8", "BS: 1"): a setting when nothing follows the number; with a unit
#: after it, an item of a list of figures ("SRAM: 120MB", "R-GAT: 1.1 minutes", "TDP: 350 W").
_SETTING_NAMED = re.compile(r"\b[A-Z]{1,4}\s*:\s*$")


def _value(text: str, match: re.Match) -> Reading | None:
    written, suffix = match["n"], (match["s"] or "")
    start, end = match.start(), match.end()
    label = _label(text, end)
    before = text[max(0, start - 12):start]
    if _YEAR.fullmatch(written) and not suffix and not match["cur"] and not (label and _UNIT_OF_A_MEASURE.fullmatch(label)):
        return _nonfigure(text, match, YEAR)
    if (before.endswith("[") and text[end:end + 1] == "]") or re.search(r"\b(?:Table|Figure|Fig\.|Section|Appendix|Chart)\s*$", before, re.I):
        return _nonfigure(text, match, NOTE)  # "submission [1]", "in Table 1": a reference to a note or a part of the text
    if _COMPOUND.match(text, end):
        return _nonfigure(text, match, CONDITION)  # "a 4,000-token request": a condition of a figure
    if not suffix and _RACK_UNIT.match(text, end):
        return _nonfigure(text, match, COUNT)  # "2U servers": a chassis's height in rack units, not a figure
    if suffix.strip() in ("B", "b", "M") and not re.match(r"\s*(?:parameters|params)\b", text[end:end + 12], re.I) and not match["cur"]:
        return _nonfigure(text, match, MODEL_SIZE)  # "70B" in "Llama 3.1 70B"
    if re.match(r"-(?:billion|million|trillion)-param", text[end:end + 20], re.I) or re.match(r"\s*(?:billion|million)-param", text[end:end + 20], re.I):
        return _nonfigure(text, match, MODEL_SIZE)
    if _counts(text, end, label) or (_PRODUCT.match(text[end:end + 20]) and not suffix) or (not suffix and _NAMED_PRODUCT.match(text, end)):
        return _nonfigure(text, match, COUNT)
    if re.search(r"[A-Za-z]\s*\.?$", before) and re.search(r"(?:v|version|gen|MLPerf|Llama|GPT|PCIe|HBM|DDR|NVLink)\s*\.?$", before, re.I):
        return _nonfigure(text, match, COUNT)  # a version or a product generation ("Llama 3.1", "PCIe 5")
    if _POWER_MODE.match(text, end):
        return _nonfigure(text, match, CONDITION)  # "at its 7 W power mode", "(7W mode)": a mode's name, a setting of a figure
    if _SETTING_BEFORE.search(before) or (label is None and _SETTING_NAMED.search(before)) or re.match(
            r"\s*(?:concurrent|simultaneous|parallel)\s+(?:requests|users|streams|sessions|queries)\b", text[end:end + 40], re.I):
        return _nonfigure(text, match, CONDITION)  # "BS=1", "TP=1", "64 concurrent requests": a condition of a figure
    if (label is None or label in _JOINERS) and "." in written and re.search(r"(?:\b[A-Za-z]+[a-z][A-Z][A-Za-z]*|\bCUDA|\bv)\s*$", before):
        return _nonfigure(text, match, COUNT)  # "TensorRT 9.1", "PyTorch 2.4": a software version
    if _MONTH.search(before) and int(_number(written)) <= 31:
        return _nonfigure(text, match, YEAR)  # "August 25": a day of a date
    if label and label.lower() in _PERIODS and not suffix and not match["cur"] and _PAST.search(text, 0, start):
        return _nonfigure(text, match, YEAR)  # "in the past 4 years": a period
    if before.endswith("^"):
        return _nonfigure(text, match, NOTE)  # "TFLOPS/mm^2": an exponent of a unit
    scale = Fraction(SCALES.get(suffix.strip(), 1)) if suffix.strip() else Fraction(1)
    hedge, bound = find_hedge(text, start, end)
    if text[end:end + 1] == "+" and hedge is None:
        hedge, bound = "+", HEDGES.get("+")
    return Reading(start, end, text[start:end], VALUE, (_number(written),), (written,), scale=scale, hedge=hedge, bound=bound,
                   label="$" if match["cur"] else label)


def _after_label(text: str, match: re.Match) -> Reading:
    """A cell's number glued after its row label's last word or data format, read as written; after "FP6"/"FP64" only glued."""
    start, end = match.span("n")
    written = match["n"]
    if match.groupdict().get("format", "").endswith("FP64"):
        run = text[start - 2:end]  # "FP649.7": FP64 and 9.7, or FP6 and 49.7
        return Reading(start - 2, end, run, VALUE, (), (run,), glued=True, label=_label(text, end))
    return Reading(start, end, written, VALUE, (_number(written),), (written,), label=_label(text, end))


def _glued(text: str, match: re.Match) -> Reading:
    """Cells run together: the run as written, its value only when it reads as one number (decimal points run together do not)."""
    run = match.group()
    return Reading(match.start(), match.end(), run, VALUE, (Fraction(run),) if run.count(".") < 2 else (), (run,), glued=True,
                   label=_label(text, match.end()))


#: One unit of time written with an article after a bound ("in less than a second", "under an hour"): 1 of that unit.
#: Without the bound, "a second" is a rate's ("100 tokens a second") or an ordinal ("a second chip").
_ONE_PERIOD = re.compile(rf"\b(?:than|under|within|nearly|almost|about|around|roughly|just|only)\s(?P<a>an?)(?=\s+(?P<unit>{_TIME_UNIT})\b)", re.I)


def _one_period(text: str, match: re.Match) -> Reading:
    start, end = match.span("a")
    hedge, bound = find_hedge(text, start, end)
    return Reading(start, end, match["a"], VALUE, (Fraction(1),), (match["a"],), hedge=hedge, bound=bound, label=match["unit"])


#: Each way of writing a figure and its reader, in the order they are tried: a span one reads is
#: not read again, so digits glued to a name come first and a bare value last.
_READERS: tuple[tuple[re.Pattern, Callable[[str, re.Match], Reading | None]], ...] = (
    (_RESOLUTION, lambda text, match: _nonfigure(text, match, CONDITION)),
    (_AFTER_FORMAT, _after_label),
    (_AFTER_LABEL_WORD, _after_label),
    (_GLUED, _glued),
    (_WITHIN, lambda text, match: _make(text, match, RANGE if match["hi"] else VALUE, ("lo", "hi") if match["hi"] else ("lo",), label="%",
                                        role=PERCENT_SPAN)),
    (_PERCENT_OF_RANGE, lambda text, match: _make(text, match, PERCENT_OF, ("lo", "hi"), label="percent of")),
    (_PERCENT_OF, lambda text, match: _make(text, match, PERCENT_OF, ("n",), label="percent of")),
    (_RATIO_RANGE, lambda text, match: _make(text, match, RANGE, ("lo", "hi"), is_ratio=True, label="x")),
    (_PERCENT_SPAN, lambda text, match: _make(text, match, RANGE, ("lo", "hi"), label="%", role=PERCENT_SPAN)),
    (_SIGNED_PERCENT, lambda text, match: _make(text, match, RATIO, ("n",), label="%", direction="down" if match["sign"] == "-" else "up")),
    (_PERCENT, _percent),
    (_RATIO, _ratio),
    (_FRACTION, _fraction),
    (_WORD_FRACTION, _word_fraction),
    (_WORD_TIMES, _word_times),
    (_MULTIPLE, _multiple),
    (_ONE_PERIOD, _one_period),
    (_BETWEEN_RANGE, lambda text, match: _value_range(text, match, between=True)),
    (_VALUE_RANGE, _value_range),
    (_WORD_VALUE, _word_value),
    (_VALUE, _value),
)


def _nonfigure(text: str, match: re.Match, role: str) -> Reading:
    written = match.group().strip()
    digits = re.search(_NUM, written)
    number = _number(digits.group()) if digits else Fraction(0)
    return Reading(match.start(), match.end(), match.group(), VALUE, (number,), (digits.group() if digits else written,), role=role,
                   label=_label(text, match.end()))


def _replace_role(reading: Reading, role: str) -> Reading:
    return Reading(reading.start, reading.end, reading.text, reading.kind, reading.numbers, reading.written, reading.scale, reading.hedge,
                   reading.bound, reading.label, reading.direction, reading.is_ratio, reading.glued, role)


def _with_label(reading: Reading, label: str | None) -> Reading:
    return Reading(reading.start, reading.end, reading.text, reading.kind, reading.numbers, reading.written, reading.scale, reading.hedge,
                   reading.bound, label, reading.direction, reading.is_ratio, reading.glued, reading.role)


#: A unit of measure or of time written as a word after a number ("one teraflop", "one watt", "in just one day"): the
#: number is a figure even when it is "one", which alone is an article.
_MEASURE = re.compile(r"(?:kilo|mega|giga|tera|peta|exa|zetta)?(?:flops?|ops?|watts?|bytes?|bits?)(?:/s)?|[kMGTPE](?:FLOPS|OPS|B|W|bps)"
                      r"|(?:second|minute|hour|day|week|month|year)s?", re.I)
#: "half an hour", "half a second": the unit of time half of which is meant.
_HALF_PERIOD = re.compile(rf"\s+an?\s+(?P<unit>{_TIME_UNIT})\b", re.I)

#: A chassis's height in rack units, right after its number ("2U servers", "a 4U chassis").
_RACK_UNIT = re.compile(r"U\b(?!\.)")
#: A rack-unit size between a count and what it counts ("eighteen 2U servers", "4 1U nodes").
_RACK_UNITS = re.compile(r"\s*\d+U\s+(?P<label>\w+)")


def _counts(text: str, end: int, label: str | None) -> bool:
    """Whether the number before ``end`` counts devices ("eight GPUs", "eighteen 2U servers"), as its label says."""
    if label and label.lower() in COUNT_WORDS:
        return True
    sized = _RACK_UNITS.match(text, end)
    return bool(sized and sized["label"].lower() in COUNT_WORDS)


#: Units a range of integers is written before ("57–60 tok/s", "70–90ms", "100–170 FPS", "16–32 GB").
_RANGE_UNIT = re.compile(r"tok(?:en)?s?/s(?:ec)?|t/s|ms|µs|us|s|sec(?:onds?)?|minutes?|hours?|FPS|IPS|W|kW|[KMGT]B(?:/s|ps)?|[GT]bps|"
                         r"[TPE]?(?:FLOPS|OPS)", re.I)


def _unit_after(text: str, end: int) -> bool:
    """Whether a unit of measure follows a figure ending at ``end``, glued or after a space."""
    label = _label(text, end)
    return label is not None and bool(_MEASURE.fullmatch(label) or _RANGE_UNIT.fullmatch(label))


def _label(text: str, end: int) -> str | None:
    """The unit or label word right after a figure ("tokens", "W", "tok/s", "exaFLOPS" in link text)."""
    match = _LABEL.match(text, end)
    return match["label"] if match else None


__all__ = ["APPROX", "CONDITION", "COUNT", "FIGURE", "LOWER", "MODEL_SIZE", "MULTIPLE", "PERCENT_OF", "RANGE", "RATIO", "UPPER", "VALUE", "YEAR",
           "Reading", "find_hedge", "prepare", "read_figures", "word_number"]
