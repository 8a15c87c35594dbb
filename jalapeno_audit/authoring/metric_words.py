"""Reading rules for a figure's metric that look at the words around it rather than at its unit.

Each rule is one sentence:

- A phrase is found with a hyphen or a space between its words alike ("performance-per-dollar" is "performance per
  dollar"), and a non-breaking hyphen is a hyphen.
- A phrase's hyphenated words may be written closed up ("scaleup bandwidth", "interchip"), and an abbreviation in
  parentheses between its words is a gloss ("Interconnect (ICI) bandwidth").
- A phrase that opens a hyphenated compound ("memory-bound", "compute-heavy") qualifies the word after it: it names
  no metric.
- "TBps", "GBps" with a capital B are bytes per second ("TB/s"); "Tbps" with a small b is bits.
- A ratio whose clause names no metric takes the one metric phrase of its sentence only when the sentence speaks of no
  other measure ("performance", "computing", "bandwidth") outside that phrase.
- A ratio whose clause names no metric but says "more efficient" or "performance per watt" measures the catalog's
  "energy efficiency".
- A ratio whose clause names no metric but says "performance" or "faster" with words of one workload, inference or
  training (pretraining and fine-tuning are training), in its clause (or, when the sentence names no metric, in its
  sentence) measures the catalog's "inference performance" or "training performance" ("... per dollar" when the clause
  says per dollar); with no workload in its sentence, in an article of training alone, "training performance" (an
  article of inference alone is not read so: its performance may be a throughput).
- Words of links and fabrics in a figure's own clause ("interconnect", "10 400Gbps links", "scale-up fabric", "AI
  switch") say its bandwidth is not the memory's, whatever memory the sentence speaks of elsewhere.
- A power figure is the rated power when written as a part's or a design's attribute ("a 500W chip", "a 25W design"); else
  the words of its clause (or, when it has none, its sentence) say: a measurement's ("we measured", "during the run")
  make it measured power, a draw's alone ("consumption", "consumes", "draws") the power draw of no stated
  basis, a rating's ("TDP", "rated", "envelope", "up to" N W in a sentence about a part) rated power, a rating's with
  either of the others or none leave it open; a "thermal design power consumption" is a rating's words alone.
- A ratio of "throughput" in a sentence that speaks of training and not of inference ("5x the throughput of H100 for
  fine-tuning") measures the catalog's "training performance": the catalog's throughput is a rate of tokens served.
- A ratio set beside the absolute figure before it, after only its unit and a comma or dash ("7.2 Tbps, a 4.5x
  improvement"), with no metric phrase and no words of another measure in its clause, takes that figure's metric.
- A bandwidth whose own clause speaks of links, a fabric or an interconnect between chips ("an Ethernet-based interconnect
  capable of 1TBps", "a scale-up fabric exposing 2.8 TB/s"), and not of memory, a switch or a CPU, is the catalog's
  "interconnect bandwidth".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.sentences import clause
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.names import name_pattern

#: Hyphens that are hyphens in a phrase: the non-breaking hyphen (U+2011) and the Unicode hyphen (U+2010).
_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-"})
#: A unit written with "ps" for "per second": a capital B is bytes ("TBps" is TB/s); a small b is bits ("Tbps").
_BYTES_PS = re.compile(r"(?P<prefix>[kKMGTPE])Bps(?P<end>[.,;:]?)")
#: Words of the links between chips or systems: a bandwidth in the clause is a link's or a fabric's.
INTERCONNECT_WORDS = re.compile(r"\b(?:interconnects?|links?|fabrics?|scale[- ]?up|scale[- ]?out|NVLink|ICI|InfiniBand|switch(?:es)?)\b",
                                re.I)

#: Words of links between chips (not a switch's ports, not a CPU's link to its GPUs): a bandwidth in the clause is what the
#: catalog calls "interconnect bandwidth".
CHIP_LINK_WORDS = re.compile(r"\b(?:interconnect(?:s|ed)?|links?|fabrics?|scale[- ]?up|scale[- ]?out|NVLink|ICI|InfiniBand)\b", re.I)
#: Words of another link than one between accelerators: a switch's, a host's.
OTHER_LINK_WORDS = re.compile(r"\b(?:switch(?:es)?|CPUs?|host)\b", re.I)
#: The catalog phrase link words stand for.
LINK_PHRASE = "interconnect bandwidth"

#: A power figure written as an attribute of the part ("a 500W chip", "700-watt GPUs", "a 750 W SoC envelope"): the part's rating.
_RATED = re.compile(r"\s*-?\s*(?:k?W|watts?|kilowatts?)\s+(?:SoC\s+)?(?:chips?|GPUs?|accelerators?|cards?|parts?|processors?|TPUs?|modules?|devices?|SoCs?|envelope|designs?)\b",
                    re.I)
#: A study's own words of measuring a power ("we measured", "during the run", "4.6-5.3 W actual"), and words
#: of what a part draws or consumes, which say nothing of how the figure was had (a maker's "power consumption of 310W").
_MEASURING = re.compile(r"\b(?:measured|measurements?|measuring|during\s+(?:the|our|a)\s+(?:run|test|benchmark)s?|in\s+our\s+tests?|actual)\b",
                        re.I)
_DRAWING = re.compile(r"\b(?:consum(?:es|ed|ing|ption|e)|draws?|drew|drawing|drawn)\b", re.I)
#: A rating's words.
_RATING = re.compile(r"\b(?:TDP|thermal design|rated|rating|envelope)\b", re.I)
#: A maximum ("600 W maximum", "max power"): a rating or the most a run drew, which the words do not say.
_MAXIMUM = re.compile(r"\b(?:maximum|max)\b", re.I)
#: A thermal design power named as a consumption or a draw ("its thermal design power consumption"): a rating still.
_TDP_DRAW = re.compile(r"\b(?:TDP|thermal design power)(?:\s*\(TDP\))?\s+(?:consumption|draw)\b", re.I)
#: A part (the hardware a rating is of), and "up to" right before a figure: a part's most, its rating.
_PART = re.compile(r"\b(?:chips?|GPUs?|accelerators?|cards?|parts?|processors?|TPUs?|modules?|devices?|SoCs?)\b", re.I)
_UP_TO = re.compile(r"\bup\s+to\s*$", re.I)

#: What stands between a figure and a ratio set beside it: the figure's unit (and a parenthesis), one comma or dash, and at
#: most an article, "which is" and a hedge.
_APPOSITION = re.compile(r"[^,;:.()\u2013\u2014]{0,50}(?:\([^()]{0,20}\)\s*)?(?:,|\s[-\u2013\u2014]|[\u2013\u2014])\s*"
                         r"(?:(?:a|an|which|that|is|was|some|around|about|roughly|nearly|almost|over|more than|up to|~)\s+)*", re.I)
#: Words of a measure that differs from a figure's own: what a ratio beside it may be of instead.
_ANOTHER_MEASURE = re.compile(r"\b(?:latency|requests?|bandwidth|memory|capacity|power|watts?|efficien\w*|cheaper|costs?|prices?|per[ -](?:watt|dollar|kW|kilowatt|joule)s?)\b",
                              re.I)

#: Words of energy efficiency: "four times more efficient", "more power-efficient", "twice as powerful per watt".
_EFFICIENT = re.compile(r"\b(?:more|as)\s+(?:energy[- ]|power[- ])?efficient\b|\b(?:performance|powerful|perf)[\s-]*(?:per[ -]|/)\s*watt\b",
                        re.I)
#: Words that a ratio measures how well something runs, without saying in what unit.
_PERFORMANCE = re.compile(r"\b(?:performance|faster|quicker|speed-?ups?|as fast)\b", re.I)
#: Words of a workload ("faster inferencing", "trains ... faster", "in pretraining", "for fine-tuning"); "trained" and
#: "fine-tuned" describe a model, not the work measured.
_WORKLOADS = (("inference", re.compile(r"\binferenc(?:e|es|ing)\b", re.I)),
              ("training", re.compile(r"\b(?:(?:pre-?)?(?:train|trains|training)|fine[- ]?tun(?:e|es|ing))\b", re.I)))
#: Words of a figure that was not measured.
_BASIS = re.compile(r"\b(?:estimated|projected|projects|projections?|simulated)\b", re.I)
#: What stands between two words of a phrase written with a space: a space or a hyphen, and an abbreviation in parentheses
#: after it is a gloss ("Interchip Interconnect (ICI) bandwidth" says "interconnect bandwidth").
_SEPARATOR = r"[ -](?:\([a-z0-9]{2,8}\) )?"
#: The doubt of a ratio whose clause names no metric (metrics.NO_PHRASE).
NO_PHRASE = "no metric phrase near the figure"
_PER_DOLLAR = re.compile(r"\bper[ -]dollar\b", re.I)


def measure_phrase(part: str, sentence: str, in_sentence: bool, article: str | None = None) -> str | None:
    """The catalog phrase a ratio's words stand for when they name no metric: "energy efficiency", "inference performance",
    "training performance per dollar"; None when they do not say, or the sentence says two workloads. With
    ``in_sentence`` the sentence is searched for the workload when the clause names none, and then the ``article``'s
    one workload counts."""
    if _EFFICIENT.search(part):
        return "energy efficiency"
    if not _PERFORMANCE.search(part):
        return None
    if len(workloads(sentence)) > 1:
        return None  # "end-to-end training and inference workloads"
    for scope in (part, sentence) if in_sentence else (part,):
        if kinds := workloads(scope):
            article = kinds[0]
            break
    else:
        article = article if in_sentence else None
    return f"{article} performance" + (" per dollar" if _PER_DOLLAR.search(part) else "") if article else None


def workloads(text: str) -> list[str]:
    """The workloads, "inference" and "training", whose words the text speaks."""
    return [name for name, words in _WORKLOADS if words.search(fold_hyphens(text))]


class WordsReader:
    """Settles the metric of ratios that name none from the words of their clause (``measure_phrase``), read with the
    catalog's system names blanked out ("Cerebras Inference" is a name, not a workload)."""

    def __init__(self, catalog: Catalog, phrase_metrics: Callable[[str], set[str]]) -> None:
        self.catalog = catalog
        self.phrase_metrics = phrase_metrics
        names = sorted({name for system in catalog.systems.values() for name in (system.name, *system.aliases) if name}, key=len, reverse=True)
        self._names = re.compile("|".join(rf"(?<![\w-]){name_pattern(name)}(?![\w])" for name in names), re.I) if names else None
        self.workload: str | None = None  # the one workload of the article being read, when its words settle it

    def settle(self, found: list[Candidate], in_sentence: bool) -> None:
        """Each ratio left with no metric phrase near it takes the one catalog metric its clause's words name; with
        ``in_sentence``, a workload named elsewhere in a sentence that names no metric also counts. A sentence that says
        its figure was projected or estimated leaves that basis to the reader."""
        for candidate in found:
            if candidate.kind != "ratio" or candidate.doubts.get("metric") != NO_PHRASE:
                continue
            text = fold_hyphens(self._names.sub(lambda m: "#" * len(m.group()), candidate.quote) if self._names else candidate.quote)
            start, end = clause(text, candidate.start, candidate.end)
            said = measure_phrase(text[start:end], text, in_sentence and not self.phrase_metrics(text), self.workload)
            named = self.phrase_metrics(said) if said else set()
            if len(named) != 1:
                continue
            candidate.metric = named.pop()
            del candidate.doubts["metric"]
            if (basis := _BASIS.search(text)) and "basis" not in candidate.at:
                candidate.doubts.setdefault("at", f"the sentence says '{basis.group()}': a basis for `at`?")


def power_basis(tail: str, part: str, sentence: str, before: str) -> str | None:
    """The catalog phrase a power figure's words stand for, "rated power", "measured power" or "power draw" (of no stated
    basis), or None when they do not say or say a rating and another: a figure written as an attribute of a part or a
    design ("a 500W chip", "a 25W design") is its rating; else the words of its clause (or, when it has none, of its
    sentence): a measurement's ("we measured", "during the run"), a draw's ("consumption", "draws") or a rating's ("TDP",
    "rated", "envelope", "up to" before the figure in a sentence about a part), a "thermal design power consumption"
    being a rating's words alone."""
    if _RATED.match(tail):
        return "rated power"
    up_to = bool(_UP_TO.search(before))  # a most, not what was seen
    for scope in (part, sentence):
        words = _TDP_DRAW.sub("TDP", scope)
        measured, drawing = bool(_MEASURING.search(words)), bool(_DRAWING.search(words))
        rated = bool(_RATING.search(scope)) or (up_to and bool(_PART.search(sentence)))
        if measured or drawing or rated or up_to:
            if rated and not (measured or drawing):
                return "rated power"
            if rated or up_to:
                return None
            return "measured power" if measured else "power draw"
    return None


#: "at" right before a power ("runs 64 AI cores at 150 W", "377 TOPS at 47W"): the point a part is run or rated at, or
#: what it drew there: the words do not say which.
_AT = re.compile(r"\bat\s+(?:an?\s+|the\s+)?(?:[a-z]+\s+)?$", re.I)


def says_no_basis(sentence: str, before: str) -> bool:
    """Whether a power figure's sentence has no word of how it was had (no rating, measurement, draw, maximum, nor "up to"
    or "at" before it): a power of no stated basis, which the catalog's "power draw" is."""
    return not (_MEASURING.search(sentence) or _DRAWING.search(sentence) or _RATING.search(sentence) or _UP_TO.search(before)
                or _AT.search(before) or _MAXIMUM.search(sentence))


#: What stands between a multiple and the figure it multiplies ("doubling Grace’s 900 GB/s", "twice the H100's 80 GB").
_MULTIPLIED = re.compile(r"\s+(?:(?:the|its|their)\s+)?(?:[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?['’]s\s+)?(?:the\s+)?")


def multiplied_figures(found: list[Candidate]) -> None:
    """A value a multiple is of ("... a 1.8 TB/s NVLink-C2C connection, doubling Grace’s 900 GB/s"), read with another
    metric than the multiple's: the sentence's metric phrase may be of another figure; which the value measures is the
    reader's to say."""
    for value in found:
        ratio = next((other for other in found if other.sentence == value.sentence and other.kind == "ratio" and value.kind == "value"
                      and other.end <= value.start and _MULTIPLIED.fullmatch(value.quote, other.end, value.start)), None)
        if ratio is not None and ratio.metric and value.metric and ratio.metric != value.metric and "metric" not in value.doubts:
            value.doubts["metric"] = f"'{ratio.found}' is of {ratio.metric}, and this figure is what it multiplies: of {value.metric}?"


def settle_appositions(found: list[Candidate]) -> None:
    """A ratio set beside the absolute figure before it, after only its unit and a comma or a dash ("7.2 Tbps, a 4.5x
    improvement", "300 tokens/sec - around 10x what ...", "2,517 TFLOPS, which is nearly two times ..."), compares that
    figure: with no metric phrase of its own and no words of another measure, it takes that figure's settled metric."""
    for ratio in found:
        if ratio.kind != "ratio" or ratio.doubts.get("metric") != NO_PHRASE:
            continue
        before = [other for other in found if other.sentence == ratio.sentence and other.end <= ratio.start]
        value = max(before, key=lambda other: other.end, default=None)
        if value is None or value.kind != "value" or value.metric is None or "metric" in value.doubts:
            continue
        start, end = clause(ratio.quote, ratio.start, ratio.end)
        if _APPOSITION.fullmatch(ratio.quote, value.end, ratio.start) and not _ANOTHER_MEASURE.search(ratio.quote, start, end):
            ratio.metric = value.metric
            del ratio.doubts["metric"]


#: Words of memory on the chip and off it, and of memory outside the device: of the memory metrics a capacity fits alike
#: ("80 GB" of HBM or of SRAM, once the catalog converts MB to GB; "1.2 PB" of a system's external memory), the figure's
#: clause chooses.
_ON_CHIP = re.compile(r"\b(?:caches?|SRAM|on-chip|on-die|scratchpads?|L[1-3](?:/L[1-3])*)\b", re.I)
_OFF_CHIP = re.compile(r"\b(?:HBM\w*|DRAM|GDDR\w*|LPDDR\w*|DDR\d\w*)\b", re.I)
_EXTERNAL = re.compile(r"\bexternal\b", re.I)


def memory_by_place(metrics: set[str], catalog: Catalog, part: str) -> set[str]:
    """Of the memory metrics a figure's unit fits alike, the on-chip one when its clause speaks only of memory on the chip
    ("a 48MB cache"), the external one when only of memory outside the device ("1.2PB of external memory"), the others
    when only of the device's own memory ("80 GB HBM3"); else all of them. The words of a place speak of the memory
    family's metrics only: a metric of memory in use during a run, of another family, is not one a place names."""
    if len(metrics) < 2:
        return metrics
    fitting, metrics = metrics, {m for m in metrics if catalog.metrics[m].family == "memory"}
    if not metrics:
        return fitting
    on_chip = {m for m in metrics if _named_with(_ON_CHIP, catalog, m)}
    external = {m for m in metrics - on_chip if _named_with(_EXTERNAL, catalog, m)}
    text = fold_hyphens(part)
    on, off, outside = bool(_ON_CHIP.search(text)), bool(_OFF_CHIP.search(text)), bool(_EXTERNAL.search(text))
    if on and not off and not outside and len(on_chip) == 1:
        return on_chip
    if outside and not on and len(external) == 1:
        return external
    if off and not on and not outside and len(on_chip) <= 1 and (own := metrics - on_chip - external):
        return own
    return fitting


def memory_outside(metric: str, fits: set[str], catalog: Catalog, part: str) -> set[str] | None:
    """For a memory metric chosen by its words, when the figure's clause speaks of external memory ("12TB of external
    memory") and the metric is not of it: the one external memory metric the unit fits, or an empty set when there is
    none; None when nothing is to change."""
    info = catalog.metrics.get(metric)
    if info is None or info.family != "memory" or not _EXTERNAL.search(fold_hyphens(part)) or _named_with(_EXTERNAL, catalog, metric):
        return None
    external = {m for m in fits if catalog.metrics[m].family == "memory" and _named_with(_EXTERNAL, catalog, m)}
    return external if len(external) == 1 else set()


def _named_with(pattern: re.Pattern[str], catalog: Catalog, metric: str) -> bool:
    """Whether a metric's catalog name or one of its aliases holds the words ``pattern`` finds ("on-chip", "external")."""
    return any(pattern.search(fold_hyphens(text)) for text in (catalog.metrics[metric].name, *catalog.metrics[metric].aliases))


#: A count written per user, request or query ("only 180 tokens per user"): a rate of something the unit alone does not
#: name (per second? per answer?), not the count the unit's metric keeps.
COUNT_PER = re.compile(r"\s*[A-Za-z%]+(?:\s+[A-Za-z%]+)?\s+(?:per|for\s+every|for\s+each|each)\s+"
                       r"(?:users?|requests?|quer(?:y|ies)|prompts?|sessions?|conversations?)\b", re.I)


def fold_hyphens(text: str) -> str:
    """The text with its hyphens made plain, of the same length (so spans found in it are spans of the text)."""
    return text.translate(_HYPHENS)


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A phrase as found in folded lower-case text: a hyphen or a space between its words alike (a hyphen also closed
    up, a space also around a parenthesised abbreviation), standing alone (not inside a word) and not opening a
    hyphenated compound ("memory-bound")."""
    pieces = re.split(r"([ -]+)", phrase.strip(" -"))
    if not phrase.strip(" -"):
        return re.compile(rf"(?<![\w]){re.escape(phrase)}(?![\w])")
    # Words (even places) stand as written; a hyphen between two may be closed up ("scaleup"), a space may hold a gloss.
    body = "".join(re.escape(piece) if i % 2 == 0 else r"[ -]?" if piece == "-" else _SEPARATOR for i, piece in enumerate(pieces))
    return re.compile(rf"(?<![\w]){body}(?![\w])(?!-[a-z])")


def bytes_label(label: str) -> str:
    """ "TBps" (a capital B) is "TB/s", punctuation after it kept; any other label is as written."""
    return f"{match['prefix']}B/s{match['end']}" if (match := _BYTES_PS.fullmatch(label)) else label
