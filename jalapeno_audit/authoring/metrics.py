"""The metric of a figure: from the unit after it and the catalog's metric names and `aliases` around it."""

from __future__ import annotations

import re
from fractions import Fraction

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.metric_words import (
    CHIP_LINK_WORDS,
    INTERCONNECT_WORDS,
    LINK_PHRASE,
    OTHER_LINK_WORDS,
    WordsReader,
    fold_hyphens,
    memory_by_place,
    memory_outside,
    multiplied_figures,
    phrase_pattern,
    power_basis,
    says_no_basis,
    settle_appositions,
    workloads,
)
from jalapeno_audit.authoring.metric_words import NO_PHRASE as _NO_PHRASE
from jalapeno_audit.authoring.units import TOKEN_RATE, UnitRead, UnitReader
from jalapeno_audit.corpus.catalog import Catalog, Metric
from jalapeno_audit.text.figures import Reading

#: "per dollar", "per watt": a qualifier that makes a per-unit metric of the one a phrase names; a ratio "per GPU" or
#: "per chip" compares one device with another, in the same metric.
_PER = re.compile(r"\bper[- ](?!cent\b)(?!(?:GPU|chip|accelerator|card|device)s?\b(?!-))[a-z][\w-]*", re.I)
#: Words that make tokens-per-second figures aggregate ones: a batch, concurrent requests, a benchmark scenario, a per-device basis.
_AGGREGATE = re.compile(r"\b(?:batch(?:es|ed)?|concurren\w*|MLPerf|offline|server (?:test|scenario)|aggregate|(?:per[- ]|/)(?:GPU|chip|node|accelerator|card|device)(?!-))\b",
                        re.I)
#: A system of many chips: a server, a rack, a node, a cluster, a pod, or a count of chips ("an 8-chip server", "128 chips").
_MANY_CHIPS = re.compile(r"\b(?:servers?|racks?|nodes?|clusters?|pods?)\b|\b\d+[- ](?:chips?|GPUs?|accelerators?)\b", re.I)
#: A token rate no single stream has come near (the fastest reported are below 20,000 tokens per second): an aggregate.
_NO_STREAM = 50_000
#: A bandwidth said to be off the part itself, right after the figure's unit ("36tbps of off-tile bandwidth").
_OFF_PART = re.compile(r"\s*[A-Za-z/]+\s+of\s+off[- ](?:chip|tile|die|package)\s+bandwidth\b", re.I)
#: A model run at a rate: "to run at", "runs Llama 2 70B at roughly" (at most a hedge between "at" and the figure). "Delivers
#: X at N" is not one: said of a service, it may be its aggregate.
_RUNS_AT = re.compile(r"\b(?:run|runs|running|ran)\b(?:[^.,;:]|\.(?=\d)){0,60}?\bat\s+"
                      r"(?:(?:about|around|roughly|nearly|almost|over|more than|up to|~)\s*)?$", re.I)
#: Words that describe tokens-per-second figures as how fast one stream runs. "Faster" is not one of them:
#: nearly every benchmark article says it, of aggregate results as much as of one user's stream.
_SPEED = re.compile(r"\b(?:speeds?(?![- ]?ups?\b)|instant(?:ly)?|real[- ]time)\b", re.I)
#: A ratio that says how much faster ("20x faster", "a 10x to 100x speed advantage", "a 3x speed-up").
FASTER = re.compile(r"\s*(?:(?:more|a|an)\s+)?(?:faster|quicker|speed\b|speed-?up)", re.I)
NO_PHRASE = _NO_PHRASE
NO_STREAM = _NO_STREAM  # tokens per second no one stream reaches: an aggregate
#: A word that says what a ratio's clause measures without naming a catalog metric ("1.5x more performance", "dense
#: computing can be increased by 3.5 times").
_OWN_MEASURE = re.compile(r"\b(?:performance|latency|requests|bandwidth|computing)\b", re.I)
#: Words of a rise: said of a lower-is-better metric named in another clause, they are not of that metric.
_RISE = re.compile(r"\b(?:gains?|increases?|higher|more)\b", re.I)
#: Words of training a model: a figure in a unit of time is then how long training took. "a trained Resnet-50 neural
#: network" is a model trained already, which the figure serves.
_TRAINING = re.compile(r"\b(?:train(?:s|ing)?|(?<!\ba\s)(?<!\ban\s)(?<!\bthe\s)trained|pre-train(?:s|ed|ing)?)\b", re.I)
#: Words of a latency, and the units of a time short enough to be one inference's.
_LATENCY = re.compile(r"\blatenc(?:y|ies)\b", re.I)
_SHORT_TIME = ("ms", "us", "µs")
#: Words of tokens: an article that speaks of none times no token.
_TOKENS = re.compile(r"\btok(?:en)?s?\b|\bt/s\b|\bTTFT\b|\bTPOT\b", re.I)
#: Words of a network's inferences: images, frames, inference (an article of language models speaks of tokens too).
_PER_INFERENCE = re.compile(r"\b(?:images?|frames?|FPS|IPS|inferenc(?:e|es|ing))\b|/inference\b", re.I)
#: Words that say a figure was measured rather than specified; a catalog metric named with one of them is a measured one.
_MEASURED = re.compile(r"\b(?:measured|sustained)\b", re.I)
#: Words of memory ("192 GB HBM3 memory and 5.3 TB/s bandwidth", "SRAM cells ... at about 150 TB/s"): a figure that fits a
#: memory metric and another family's alike (a switch's or a link's TB/s) is the memory's when its sentence speaks of memory.
_MEMORY_WORDS = re.compile(r"\b(?:memory|HBM\w*|SRAM|DRAM|GDDR\w*|LPDDR\w*)\b", re.I)
#: A unit, at most one word and a switch after a figure ("11.2TBps AI switch"): the figure is the switch's attribute.
_SWITCH = re.compile(r"\s*\S+\s+(?:[\w-]+\s+)?switch(?:es)?\b", re.I)
#: Words of a share of a peak: "utilization", "efficiency".
_SHARE = re.compile(r"\b(?:utili[sz]ation|efficiency)\b", re.I)
#: Where a sentence or a line ends.
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
#: Metric families whose figures are the hardware's own (memory, compute, power, interconnect), whatever the model run.
HARDWARE_FAMILIES = ("memory", "compute", "power", "interconnect")


class MetricReader:
    """The catalog's metric phrases and unit spellings, and what a bare "tokens per second" means in one article."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.unit_reader = UnitReader(catalog, self.phrase_metrics)
        # A name's parenthetical is a gloss: "training performance (relative)" is written "training performance".
        phrases = {(phrase.lower(), m.id) for m in catalog.metrics.values()
                   for phrase in (m.name, re.sub(r"\s*\([^)]*\)$", "", m.name), *m.aliases) if phrase}
        self.metric_phrases = sorted(phrases, key=lambda pair: (-len(pair[0]), pair))
        self._patterns = [(phrase_pattern(phrase), metric_id) for phrase, metric_id in self.metric_phrases]
        self.words = WordsReader(catalog, self.phrase_metrics)
        self.token_rate: str | None = None  # what a bare "tokens per second" measures in the paragraph being read
        self._article_rate: str | None = None
        self._title = ""
        self.of_training = False  # the article speaks of training alone
        self.of_networks = False  # the article speaks of images, frames or inferences, and of no tokens

    def read_article(self, body: str, title: str | None = None) -> None:
        """Read the words of the article about to be read: they must not contradict a paragraph's."""
        self._title = title or ""
        self._article_rate = self._token_rate(f"{self._title}\n\n{body}")
        self.token_rate = None
        self.of_training = self._of_training_alone(f"{self._title}\n\n{body}")
        self.of_networks = of_networks(f"{self._title}\n\n{body}")
        self.words.workload = "training" if self.of_training else None

    def _of_training_alone(self, text: str) -> bool:
        """Whether a text speaks of training and of no inference: no word of inference, no token rate, and a metric of
        serving (throughput, responsiveness) named only in sentences of training ("5x the throughput ... fine-tuning")."""
        if workloads(text) != ["training"] or TOKEN_RATE.search(text):
            return False
        return not any(self.catalog.metrics[m].family in ("throughput", "responsiveness") and workloads(sentence) != ["training"]
                       for sentence in _SENTENCES.split(text) for m in self.phrase_metrics(sentence))

    def read_paragraph(self, paragraph: str) -> None:
        """Settle what a bare "tokens per second" stands for in the paragraph about to be read.

        Only local words settle it: the paragraph's own or the title's, which frames the whole text; and
        the rest of the article must say the same (a "throughput" or "per user" elsewhere leaves it open).
        """
        self.token_rate = self.rate_of(paragraph)

    def rate_of(self, text: str) -> str | None:
        """What a bare "tokens per second" stands for in a paragraph's words, or a table's (see ``read_paragraph``)."""
        local = self._token_rate(f"{self._title}\n\n{text}")
        return local if local == self._article_rate else None

    def _token_rate(self, body: str) -> str | None:
        """The metric a bare "tokens per second" stands for in this text, when its words settle it.

        Aggregate throughput comes with a batch, concurrent requests, a benchmark scenario or a
        per-device basis; one stream's speed with "per user", or with words of speed and none of those.
        A text that says both leaves every bare figure to the reader.
        """
        aggregate = [m.id for m in self.catalog.metrics.values() if m.unit == "tok/s"]
        per_user = [m.id for m in self.catalog.metrics.values() if m.unit == "tok/s/user"]
        if len(aggregate) != 1 or len(per_user) != 1:
            return None
        phrased = self.phrase_metrics(body)
        says_aggregate = aggregate[0] in phrased or bool(_AGGREGATE.search(body))
        says_per_user = per_user[0] in phrased or any(rate["user"] for rate in TOKEN_RATE.finditer(body))
        if says_aggregate != says_per_user:
            return aggregate[0] if says_aggregate else per_user[0]
        if not says_aggregate and _SPEED.search(body):
            return per_user[0]
        return None

    def speed_metrics(self, found: list[Candidate]) -> None:
        """ "20x faster" names no metric: it is the one metric of the speeds stated beside it, in its
        sentence or (when the sentence states none) its paragraph, if that is a rate where higher is better.
        Words of a workload or of efficiency in the ratio's own clause come first ("5x faster inference"); those in
        its sentence only after the speeds beside it (see ``WordsReader``)."""
        self.words.settle(found, in_sentence=False)
        settle_appositions(found)
        self._speeds(found)
        self.words.settle(found, in_sentence=True)
        multiplied_figures(found)

    def _speeds(self, found: list[Candidate]) -> None:
        for candidate in found:
            if not candidate.speed or "metric" not in candidate.doubts:
                continue
            for scope in ("sentence", "paragraph"):
                values = [other for other in found if other.kind == "value" and getattr(other, scope) == getattr(candidate, scope)]
                if not values:
                    continue
                metrics = {other.metric for other in values}
                if len(metrics) == 1 and self.is_rate(rate := next(iter(metrics))):
                    candidate.metric = rate
                    del candidate.doubts["metric"]
                break

    def _named_otherwise(self, chosen: str, metrics: set[str], sentence: str) -> bool:
        """Whether the sentence holds a word that the name of another of ``metrics`` has and ``chosen``'s has not
        ("games" of "frame rate in games" beside "images (frames) processed per second")."""
        def words(metric_id: str) -> set[str]:
            return {word.rstrip("s") for word in re.findall(r"[a-z]{4,}", self.catalog.metrics[metric_id].name.lower())}
        own = words(chosen)
        said = {word.rstrip("s") for word in re.findall(r"[a-z]{4,}", sentence.lower())}
        return any((words(other) - own) & said for other in metrics if other != chosen)

    def is_rate(self, metric_id: str | None) -> bool:
        """Whether a metric is a rate where higher is better (throughput, a user's speed): what "faster" measures."""
        metric = self.catalog.metrics.get(metric_id or "")
        return metric is not None and metric.better == "higher" and metric.family in ("throughput", "responsiveness")

    def metric(self, reading: Reading, part: str, sentence: str, is_ratio: bool,
               others: list[tuple[int, int]] | None = None) -> tuple[str | None, str | None, str]:
        """The metric (and a unit to write) from the figure's unit and the metric phrases near it. A ratio whose
        clause names no metric is not given one named in the clause of an absolute figure (``others``): "3x faster
        than Y, reaching 90 ms time to first token" says what 90 ms is, not what 3x is."""
        read = self.unit_reader.read(reading, sentence) if not is_ratio else UnitRead(set(), None, None, False, None, "")
        phrased, spans = self.phrase_spans(part)
        where = part
        if not phrased and not (is_ratio and _OWN_MEASURE.search(part)):
            # A ratio whose own clause says "performance" ("1.5x more performance, ... twice the compute power") measures
            # that, not what another clause of the sentence names.
            (phrased, spans), where = self.phrase_spans(sentence, others if is_ratio else None), sentence
        if read.metrics:
            return self._by_unit(read, reading, (part, sentence, where), phrased)
        if not is_ratio:
            return None, None, "unmeasured" if reading.label not in ("$",) else "a price: which metric?"
        per = next((m for m in _PER.finditer(where) if not any(a <= m.start() < b for a, b in spans)), None)
        if per is not None and phrased:
            return None, None, f"'{per.group()}' qualifies {', '.join(sorted(phrased))}: a per-unit metric?"
        if len(phrased) == 1 and where is sentence and self.catalog.metrics[only := next(iter(phrased))].better == "lower" \
                and _RISE.search(part):
            # "a 103% gain in GPT-3, decreasing their time to train": a rise in its clause is not a time named in another.
            return None, None, f"its clause says '{_RISE.search(part).group()}', the sentence names {only} (lower is better)"  # type: ignore[union-attr]
        own = next((m for m in _OWN_MEASURE.finditer(sentence) if not any(a <= m.start() < b for a, b in spans)), None)
        if len(phrased) == 1 and where is sentence and own is not None:
            # "memory ..., dense computing and sparse computing can be increased by 3.5 times and 7 times respectively"
            return None, None, f"the sentence names {next(iter(phrased))} and speaks of '{own.group()}'"
        if len(phrased) == 1:
            return self._of_training(next(iter(phrased)), sentence), None, ""
        if phrased:
            return None, None, f"the sentence names {', '.join(sorted(phrased))}"
        return None, None, NO_PHRASE

    def _by_unit(self, read: UnitRead, reading: Reading, texts: tuple[str, str, str], phrased: set[str]) -> tuple[str | None, str | None, str]:
        """The metric of a figure whose unit fits ``read.metrics``, settled by the words of its clause, its sentence and
        ``where`` its metric phrases were looked for."""
        part, sentence, where = texts
        unit_metrics, unit, written, tail = read.metrics, read.unit, read.written, read.tail
        both = (unit_metrics & phrased if phrased else unit_metrics) or self._share_of(phrased, unit_metrics, part)
        both = self._power_basis(both, unit_metrics, tail, (part, sentence, where), sentence[:reading.start])
        if len(both) != 1 and (_TRAINING.search(sentence) or self.of_training):
            # "It took 18 minutes to train the model", "Llama 3.1 405B: 10 minutes" in an article of training alone: of
            # the metrics the unit fits, the one of training.
            both = {m for m in both or unit_metrics if self.catalog.metrics[m].family == "training"}
        elif len(both) != 1 and self.of_networks and (_LATENCY.search(sentence) or (unit or written) in _SHORT_TIME):
            # "an average latency of just 1.3 ms", "MobileNetV1 runs in 3.9 ms" in an article of images or frames that
            # speaks of no tokens: of the times the unit fits, the one of a whole inference (the others are of a first
            # token, an output token).
            whole = {m for m in both or unit_metrics if one_inference(self.catalog.metrics[m])}
            both = whole if len(whole) == 1 else both
        elif len(both) != 1 and self.of_networks and len(served := {m for m in both or unit_metrics if self.catalog.metrics[m].family == "throughput"}) == 1 \
                and not self._named_otherwise(next(iter(served)), both or unit_metrics, sentence):
            # "I was able to achieve 2050 FPS" in an article of a network's inferences: of the rates the unit fits, the one
            # of inferences served, unless the sentence speaks in another's words ("play ... games at 60 fps").
            both = served
        if len(both) != 1 or self._qualified(both, where):
            both = self.as_said(both or unit_metrics, unit_metrics, where)
        if len(both) != 1 and len(switch := self._of_a_switch(unit_metrics, tail)) == 1:
            return (only := switch.pop()), unit or self._kept_in(only, written), ""
        if (len(both) != 1 or self._linked(both, phrased if where == part else set(), part)) \
                and (link := self._chip_link(unit_metrics, part, tail)) is not None:
            return link, unit or self._kept_in(link, written), ""
        if len(both) != 1 and _MEMORY_WORDS.search(sentence) and not INTERCONNECT_WORDS.search(part):
            # Words of memory narrow the metrics to the memory family's, which the memory's place may narrow further;
            # a metric of memory in use during a run is of another family ("memory-use").
            memory = {m for m in both or unit_metrics if self.catalog.metrics[m].family == "memory"}
            both = memory or both
        if len(both) != 1 and len(placed := memory_by_place(both or unit_metrics, self.catalog, part)) == 1:
            both = placed
        if len(both) == 1 and (outside := memory_outside(next(iter(both)), unit_metrics, self.catalog, part)) is not None:
            if not outside:
                return None, unit, "its clause speaks of external memory: not the device's own?"
            both = outside
        if len(both) == 1 and self._linked(both, phrased if where == part else set(), part):
            return None, unit, f"its clause speaks of links ('{INTERCONNECT_WORDS.search(part).group()}'): not the memory's bandwidth?"  # type: ignore[union-attr]
        if len(both) == 1:
            only = both.pop()
            return self._rate_unit(only, unit or self._kept_in(only, written), read.scaled)
        if read.token_rate and not unit_metrics & phrased:
            # Neither phrase near it: a per-device basis in the sentence or a rate no one stream reaches, else the
            # article's words, settle it.
            aggregate = _AGGREGATE.search(sentence) or max(reading.values) * _per_second(read.scaled) >= _NO_STREAM \
                or self._of_many_chips(sentence, reading.start)
            settled = next((m.id for m in self.catalog.metrics.values() if m.unit == "tok/s"), None) if aggregate else self.token_rate
            if not aggregate and _RUNS_AT.search(sentence, 0, reading.start):
                # "got Llama 3.1 405B to run at 969 tokens per second": the speed a model runs at is one stream's.
                settled = next((m.id for m in self.catalog.metrics.values() if m.unit == "tok/s/user"), None)
            if settled in unit_metrics:
                return self._rate_unit(settled, unit, read.scaled)
        return None, unit, f"the unit fits {', '.join(sorted(both or unit_metrics))}"

    def _of_training(self, metric_id: str, sentence: str) -> str:
        """A ratio of the catalog's token throughput in a sentence that speaks of training and not of inference ("5x the
        throughput of H100 for fine-tuning") measures the catalog's training performance: throughput is of tokens served."""
        if self.catalog.metrics[metric_id].unit != "tok/s" or workloads(sentence) != ["training"]:
            return metric_id
        trained = self.phrase_metrics("training performance")
        return trained.pop() if len(trained) == 1 else metric_id

    def _of_a_switch(self, unit_metrics: set[str], tail: str) -> set[str]:
        """A bandwidth written as a switch's attribute ("a high-bandwidth 11.2TBps AI switch") is a switch's: of the metrics
        the unit fits, those whose catalog name says switch. A link's switch ("a 1.8 TB/s NVLink switch") passes on the
        links' bandwidth."""
        if not (switch := _SWITCH.match(tail)) or CHIP_LINK_WORDS.search(switch.group()):
            return set()
        return {m for m in unit_metrics if re.search(r"\bswitch", self.catalog.metrics[m].name, re.I)}

    def _share_of(self, phrased: set[str], unit_metrics: set[str], part: str) -> set[str]:
        """A figure whose clause names a metric its unit does not fit, and its utilization or efficiency ("93% memory
        bandwidth utilization"), is a share of that metric: of the metrics the unit fits, the one whose name holds it
        ("measured memory bandwidth as a share of the peak")."""
        if not _SHARE.search(part):
            return set()
        said = [phrase_pattern(fold_hyphens(name.lower())) for m in phrased for name in (self.catalog.metrics[m].name, *self.catalog.metrics[m].aliases)]
        shares = {m for m in unit_metrics if any(pattern.search(fold_hyphens(self.catalog.metrics[m].name.lower())) for pattern in said)}
        return shares if len(shares) == 1 else set()

    def _rate_unit(self, metric_id: str, unit: str | None, scaled: re.Match[str] | None) -> tuple[str | None, str | None, str]:
        """A token rate in another unit of time or in thousands ("2.4 tokens per millisecond", "2.38 kilotokens per
        second") is written in the catalog's unit for it ("tok/ms/user" for a user's speed); one the catalog does
        not hold leaves the metric to the reader."""
        if scaled is None:
            return metric_id, unit, ""
        per_user = self.catalog.metrics[metric_id].unit.endswith("/user")
        time = {"millisecond": "ms", "ms": "ms", "minute": "min", "min": "min"}.get((scaled["time"] or "").lower(), "s")
        written = ("k" if scaled["kilo"] else "") + f"tok/{time}" + ("/user" if per_user else "")
        held = self.catalog.units.get(written)
        if held is None or held.metric_unit != self.catalog.metrics[metric_id].unit:
            return None, None, f"a token rate in '{written}', which the catalog's units do not hold"
        return metric_id, written, ""

    def _linked(self, metrics: set[str], phrased: set[str], part: str) -> bool:
        """Whether a memory metric the unit settles is doubtful: the figure's clause speaks of links or a fabric and
        names no memory metric ("an interconnect capable of 1TBps", "a scale-up fabric exposing 2.8 TB/s")."""
        family = self.catalog.metrics[next(iter(metrics))].family
        return family == "memory" and not metrics & phrased and bool(INTERCONNECT_WORDS.search(part))

    def _power_basis(self, both: set[str], unit_metrics: set[str], tail: str, texts: tuple[str, str, str], before: str) -> set[str]:
        """The rated or the measured power, when a figure's words say which (``power_basis``): its clause's words over a
        metric phrase found only in another clause of its sentence, its sentence's when no phrase settled it."""
        part, sentence, where = texts
        basis = power_basis(tail, part, part, before) if where != part else None
        if basis is None and len(both) != 1:
            basis = power_basis(tail, part, sentence, before)
        chosen = unit_metrics & self.phrase_metrics(basis) if basis else set()
        if not chosen and basis is None and len(both or unit_metrics) > 1 \
                and all(self.catalog.metrics[m].family == "power" for m in both or unit_metrics) and says_no_basis(sentence, before):
            # "26 TOPS INT8 @ 2.5W", "It uses 20 watts.": no word says rated or measured (a metric phrase of another
            # family, "150 TOPS of AI compute ... on just one watt", is the other figure's)
            chosen = unit_metrics & self.phrase_metrics("power draw")
        return chosen or both

    def _of_many_chips(self, sentence: str, start: int) -> bool:
        """Whether a token rate is said of a system of many chips, named before it in its sentence ("a d-Matrix rack (128
        chips) can produce 30K tokens per second", "a B200 server (~45,000 tokens/sec)"): its aggregate throughput, unless
        the paragraph's words or words of speed make bare rates one user's."""
        per_user = next((m.id for m in self.catalog.metrics.values() if m.unit == "tok/s/user"), None)
        return bool(_MANY_CHIPS.search(sentence, 0, start)) and self.token_rate != per_user and not _SPEED.search(sentence)

    def _kept_in(self, metric_id: str, written: str | None) -> str | None:
        """The unit to write for a figure read in a unit the metric is not kept in ("1.8 TB/s" of a metric kept in GB/s)."""
        return written if written is not None and written != self.catalog.metrics[metric_id].unit else None

    def _chip_link(self, unit_metrics: set[str], part: str, tail: str = "") -> str | None:
        """The catalog's "interconnect bandwidth", when a figure's unit fits it and its clause speaks of links, a fabric or
        an interconnect between chips, and not of memory, a switch or a CPU ("a scale-up fabric exposing 2.8 TB/s"), or
        the figure is said to be the bandwidth off its chip or tile ("36tbps of off-tile bandwidth": what leaves the
        part goes over its links; "off-chip memory bandwidth" would name memory)."""
        if not _OFF_PART.match(tail) and (not CHIP_LINK_WORDS.search(part) or OTHER_LINK_WORDS.search(part) or _MEMORY_WORDS.search(part)):
            return None
        # The metric named so, or whose name or aliases say so ("inter-chip interconnect bandwidth").
        said = phrase_pattern(LINK_PHRASE)
        linked = {m for m in unit_metrics
                  if any(said.search(fold_hyphens(name.lower())) for name in (self.catalog.metrics[m].name, *self.catalog.metrics[m].aliases))}
        return linked.pop() if len(linked) == 1 else None

    def _qualified(self, metrics: set[str], text: str) -> bool:
        """Whether the text says its figure was measured ("we measured 7.35 TB/s") and a metric the unit fits is named as
        measured: the measured one is meant, whatever plainer phrase ("HBM bandwidth") the text also uses."""
        return bool(_MEASURED.search(text)) and not any(_MEASURED.search(self.catalog.metrics[m].name) for m in metrics)

    def as_said(self, metrics: set[str], unit_metrics: set[str], text: str) -> set[str]:
        """Of the metrics a unit fits, those whose names say measured ("sustained (measured) compute throughput") when
        the text says so, and the others (a spec, "peak compute") when it does not; of the family already read. A power
        figure's basis is read by ``power_basis`` alone: a rating and a draw are written alike."""
        said = bool(_MEASURED.search(text))
        families = {self.catalog.metrics[m].family for m in metrics}
        if "power" in families:
            return metrics  # "up to 700W", "measured against its 700 W rating": a rating or a draw, the words do not say
        # A family with no metric named as measured keeps the metrics read ("throughput with 865,000 tokens/sec measured").
        return {m for m in unit_metrics if bool(_MEASURED.search(self.catalog.metrics[m].name)) == said
                and self.catalog.metrics[m].family in families and (m in metrics or said)} or metrics

    def phrase_metrics(self, text: str) -> set[str]:
        return self.phrase_spans(text)[0]

    def phrase_spans(self, text: str, outside: list[tuple[int, int]] | None = None) -> tuple[set[str], list[tuple[int, int]]]:
        """The metrics the text's phrases name, and where the phrases stand (longest phrases first); phrases that
        stand inside one of the ``outside`` spans are passed over."""
        lowered = fold_hyphens(text.lower())
        found: set[str] = set()
        spans: list[tuple[int, int]] = []
        for pattern, metric_id in self._patterns:
            for match in pattern.finditer(lowered):
                if any(a <= match.start() < b for a, b in outside or ()):
                    continue
                if not any(a <= match.start() and match.end() <= b for a, b in spans):
                    spans.append(match.span())
                    found.add(metric_id)
        return found, spans

    def model_bound(self, metric_id: str | None) -> bool:
        """Whether a metric's figures depend on the model run: memory, compute, power and interconnect figures
        are the hardware's own, so a model the paragraph named before is not theirs."""
        metric = self.catalog.metrics.get(metric_id or "")
        return metric is None or metric.family not in HARDWARE_FAMILIES


def of_networks(text: str) -> bool:
    """Whether a text speaks of a network's inferences (images, frames, inference) and of no tokens."""
    return not _TOKENS.search(text) and bool(_PER_INFERENCE.search(text))


def one_inference(metric: Metric) -> bool:
    """Whether a metric is the time one whole inference takes (not a first token's, an output token's, nor a speed)."""
    return metric.family == "responsiveness" and metric.unit in ("s", "ms") and "token" not in metric.name


def _per_second(scaled: re.Match[str] | None) -> Fraction:
    """What one token in a rate's unit of time (and thousands) is per second: "per millisecond" is 1,000 per second."""
    if scaled is None:
        return Fraction(1)
    time = (scaled["time"] or "").lower()
    factor = Fraction(1000) if time.startswith("m") and time not in ("min", "minute", "minutes") else Fraction(1, 60) if time else Fraction(1)
    return factor * (1000 if scaled["kilo"] else 1)
