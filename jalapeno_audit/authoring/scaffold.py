"""`audit new`: turn an article's text into a claim-file draft, precision before recall.

Every figure the figure reader (``text.figures``) finds becomes a candidate claim with its verbatim
quote. A candidate is written as a live claim only when every field is certain: the system and
comparator from the sentence's structure ("X is 3.2 times faster than Y", "X delivers N against M
on Y", "compared with Y"), the model named in the figure's clause or earlier in the paragraph, the
metric from the unit after the figure and the catalog's metric `aliases` around it, the hedge from
the hedge table. Anything doubtful makes the candidate a commented one, with each doubtful field
marked TODO and the reason beside it. Figures with neither a unit nor a metric phrase (table cells,
counts of words) are not proposed at all: a draft full of non-figures costs more than it saves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from jalapeno_audit.authoring.sentences import Sentence, metadata_and_body, sentences
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.figures import MULTIPLE, PERCENT_OF, RANGE, RATIO, VALUE, Reading, read_figures
from jalapeno_audit.text.numbers import HEDGES

#: Words that point at a comparator named after them.
_VERSUS = re.compile(r"\b(?:than|compared (?:with|to)|versus|vs\.?|against|over|relative to|of|that of|on)\s+(?:the\s+|an?\s+)?"
                     r"(?:[A-Z][\w-]*['’]s\s+)?$", re.I)  # "than Nvidia’s H100"
#: Words that name a comparator whatever else the sentence says ("2x faster on H100 than on AMD's MI300X").
_STRONG_VERSUS = re.compile(r"\b(?:than|compared (?:with|to)|versus|vs\.?|against|relative to)\s+(?:(?:on|in|with|for)\s+)?"
                            r"(?:the\s+|an?\s+)?(?:[A-Z][\w-]*['’]s\s+)?$", re.I)
#: "per dollar", "per chip": a qualifier that makes a per-unit metric of the one a phrase names.
_PER = re.compile(r"\bper[- ](?!cent\b)[a-z][\w-]*", re.I)
#: Words that refer back to the article's subject.
_PRONOUN = re.compile(r"^(?:it|its|the (?:new )?(?:chip|part|accelerator|processor|gpu|system|card|tpu))\b", re.I)
#: Words that may be conditions a reader must write in `at`/`vs_at` (precisions, software, batch sizes, scenarios,
#: device counts, per-device bases, benchmarks, networks, commitment terms): the drafter cannot place them.
_CONDITION = re.compile(
    r"\b(?:(?:NV|MX)?FP\d+|BF16|TF32|INT\d+|TensorRT(?:-LLM)?|TRT-LLM|vLLM|ROCm|SGLang|CUDA|PyTorch|JAX|TensorFlow|XLA|DeepSpeed|"
    r"Megatron|llama\.cpp|batch(?:es| size)?|BS=|TP=|PP=|tensor parallel\w*|concurren\w*|offline|server (?:test|scenario)|scenario|"
    r"(?<![\d,.])(?:\d{1,3}(?:,\d{3})+|\d+|one|two|three|four|eight|sixteen)[ -](?:GPUs?|chips?|nodes?|pods?|racks?|servers?|accelerators?)|"
    r"(?:single|one|per|each)[ -](?:GPU|chip|accelerator|node|server|card|device)|"
    r"data ?types?|precision|quantiz\w*|sparsity|sparse|(?:input|output|context|sequence) length|ISL|OSL|MLPerf|"
    r"Ethernet|InfiniBand|commitments?|reserved|on-demand|spot|\d+-(?:year|month)s?)\b", re.I)
#: Conditions written in one word, and how a claim's `at` writes them: a precision, the software a figure was measured with.
_SETTINGS: tuple[tuple[str, re.Pattern[str], str | None], ...] = (
    ("precision", re.compile(r"(?:NV|MX)?FP\d+|BF16|TF32|INT\d+", re.I), None),
    ("software", re.compile(r"TensorRT-LLM|TRT-LLM", re.I), "tensorrt-llm"),
    ("software", re.compile(r"vLLM", re.I), "vllm"),
    ("software", re.compile(r"SGLang", re.I), "sglang"),
)
#: Metric families whose figures depend on a precision or on software (not memory, power, prices or schedules).
_SETTING_FAMILIES = ("throughput", "responsiveness", "compute", "efficiency", "training")
#: Memory types: a condition, unless they name the memory a memory figure measures ("180GB of HBM3E memory").
_MEMORY_TYPE = re.compile(r"\b(?:HBM\d?[eE]?|GDDR\d\w*|LPDDR\d\w*|DDR\d)\b")
_WHICH = re.compile(r"\s*which\b", re.I)
_TYPED_MEMORY = re.compile(r"\s*[GMT]B\s+(?:of\s+)?(?P<type>HBM\d[eE]?|GDDR\d\w*|LPDDR\d\w*|DDR\d)\b")
_TOKEN_RATE = re.compile(r"\s*(?:output\s+|mixed\s+)?tok(?:en)?s?\s*(?:/|per|a)\s*s(?:ec(?:ond)?)?\b", re.I)
_JOINED = re.compile(r"\s*(?:against|versus|vs\.?|compared (?:with|to))\s*", re.I)
_SECOND_SIDE = re.compile(r"\b(?:against|versus|vs\.?|compared (?:with|to))\b", re.I)
_COORDINATED = re.compile(r"\s(?:and|,)\s", re.I)
#: Words that make tokens-per-second figures aggregate ones: a batch, concurrent requests, a benchmark scenario, a per-device basis.
_AGGREGATE = re.compile(r"\b(?:batch(?:es|ed)?|concurren\w*|MLPerf|offline|server (?:test|scenario)|aggregate|per[- ](?:GPU|chip|node|accelerator|card|device))\b",
                        re.I)
#: Words that describe tokens-per-second figures as how fast one stream runs. "Faster" is not one of them:
#: nearly every benchmark article says it, of aggregate results as much as of one user's stream.
_SPEED = re.compile(r"\b(?:speeds?(?![- ]?ups?\b)|instant(?:ly)?|real[- ]time)\b", re.I)
#: A ratio that says how much faster ("20x faster", "a 10x to 100x speed advantage", "a 3x speed-up").
_FASTER = re.compile(r"\s*(?:(?:more|a|an)\s+)?(?:faster|quicker|speed\b|speed-?up)", re.I)
_NO_PHRASE = "no metric phrase near the figure"
_RATIO_WORDS = re.compile(r"\b(?:faster|slower|better|higher|lower|more|less|improvement|increase|advantage|lead|the performance|speed-?up|gain)\b", re.I)


@dataclass
class Candidate:
    """One figure found in one sentence, with the fields a claim needs and the doubts about them."""

    quote: str
    kind: str  # value | ratio
    figure: str | list[str]  # as it should be written in YAML
    found: str  # the text the figure was read from
    hedge: str | None = None
    system: str | None = None
    vs: str | None = None
    model: str | None = None
    metric: str | None = None
    unit: str | None = None
    doubts: dict[str, str] = field(default_factory=dict)  # field -> why it is marked TODO
    reversed: bool = False  # written the other way round: `system` is the comparator the text names, `vs` its subject
    start: int = 0  # the figure's span in the sentence
    end: int = 0
    paragraph: int = -1  # where it stands: its paragraph, and its sentence's number in the article
    sentence: int = -1
    models: list[str] = field(default_factory=list)  # several models one figure covers (then `model` is None)
    memory_type: str | None = None  # for a memory figure, the memory type written with it ("96GB of HBM3")
    at: dict[str, str] = field(default_factory=dict)  # conditions the sentence states for it, in one word each
    speed: bool = False  # a ratio that says "faster" and names no metric: the metric of the speeds stated beside it

    @property
    def missing(self) -> list[str]:
        """The doubtful fields: a candidate with none is a live claim."""
        return list(self.doubts)


class Scaffolder:
    """Reads one article with one catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.systems = _name_index(catalog, "systems")
        self.models = _name_index(catalog, "models")
        self.units = _unit_index(catalog)
        # A name's parenthetical is a gloss: "training performance (relative)" is written "training performance".
        phrases = {(phrase.lower(), m.id) for m in catalog.metrics.values()
                   for phrase in (m.name, re.sub(r"\s*\([^)]*\)$", "", m.name), *m.aliases) if phrase}
        self.metric_phrases = sorted(phrases, key=lambda pair: (-len(pair[0]), pair))
        self.token_rate: str | None = None  # what a bare "tokens per second" measures in the article being read

    def _token_rate(self, body: str) -> str | None:
        """The metric a bare "tokens per second" stands for in this article, when its words settle it.

        Aggregate throughput comes with a batch, concurrent requests, a benchmark scenario or a
        per-device basis; one stream's speed with "per user", or with words of speed and none of those.
        An article that says both leaves every bare figure to the reader.
        """
        aggregate = [m.id for m in self.catalog.metrics.values() if m.unit == "tok/s"]
        per_user = [m.id for m in self.catalog.metrics.values() if m.unit == "tok/s/user"]
        if len(aggregate) != 1 or len(per_user) != 1:
            return None
        phrased = self._phrase_metrics(body)
        says_aggregate = aggregate[0] in phrased or bool(_AGGREGATE.search(body))
        says_per_user = per_user[0] in phrased
        if says_aggregate != says_per_user:
            return aggregate[0] if says_aggregate else per_user[0]
        if not says_aggregate and _SPEED.search(body):
            return per_user[0]
        return None

    def article(self, body: str, title: str | None) -> list[Candidate]:
        subject = self._subject(body, title)
        self.token_rate = self._token_rate(body)
        found: list[Candidate] = []
        seen: list[str] = []
        paragraph = -1
        for number, sentence in enumerate(sentences(body)):
            if sentence.paragraph != paragraph:
                paragraph, seen = sentence.paragraph, []
            for candidate in self.candidates(replace(sentence, paragraph_models=tuple(seen)), subject):
                candidate.paragraph, candidate.sentence = sentence.paragraph, number
                found.append(candidate)
            seen += [model_id for _, model_id in _mentions(sentence.text, self.models)]
        self._speed_metrics(found)
        _repeated(found)
        _apart(found)
        return found

    def _speed_metrics(self, found: list[Candidate]) -> None:
        """ "20x faster" names no metric: it is the one metric of the speeds stated beside it, in its
        sentence or (when the sentence states none) its paragraph, if that is a rate where higher is better."""
        for candidate in found:
            if not candidate.speed or "metric" not in candidate.doubts:
                continue
            for scope in ("sentence", "paragraph"):
                values = [other for other in found if other.kind == "value" and getattr(other, scope) == getattr(candidate, scope)]
                if not values:
                    continue
                metrics = {other.metric for other in values}
                metric = self.catalog.metrics.get(next(iter(metrics)) or "") if len(metrics) == 1 else None
                if metric is not None and metric.better == "higher" and metric.family in ("throughput", "responsiveness"):
                    candidate.metric = metric.id
                    del candidate.doubts["metric"]
                break

    def _subject(self, body: str, title: str | None) -> str | None:
        """The article's subject system: the one its text names most often (the title breaks a tie)."""
        counts: dict[str, int] = {}
        for _, system_id in _mentions(body, self.systems):
            counts[system_id] = counts.get(system_id, 0) + 1
        ranked = sorted(counts.items(), key=lambda item: -item[1])
        if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            return ranked[0][0]
        in_title = [sid for _, sid in _mentions(title or "", self.systems) if ranked and counts[sid] == ranked[0][1]]
        return in_title[0] if len(set(in_title)) == 1 else None

    def candidates(self, sentence: Sentence, subject: str | None = None) -> list[Candidate]:
        text = sentence.text
        masked = _mask(text, [*self.systems, *self.models])
        every = read_figures(masked)
        readings = [r for r in every if not r.glued]
        table_row = len(readings) < len(every)
        found: list[Candidate] = []
        for index, reading in enumerate(readings):
            candidate = self._candidate(sentence, masked, reading, readings[:index], readings[index + 1:], subject,
                                        found[-1] if found else None)
            if candidate is not None:
                if table_row:
                    candidate.doubts.setdefault("at", "a scraped table row with glued cells: which column is this?")
                found.append(candidate)
        return found

    def _candidate(self, sentence: Sentence, masked: str, reading: Reading, earlier: list[Reading], later: list[Reading],
                   subject: str | None, previous: Candidate | None) -> Candidate | None:
        text = sentence.text
        is_ratio = reading.kind in (RATIO, PERCENT_OF, MULTIPLE) or (reading.kind == RANGE and reading.is_ratio)
        if not is_ratio and self._variant(sentence.text, reading):
            return None
        if not is_ratio and reading.kind == VALUE and reading.label == "%" and not self._phrase_metrics(text):
            return None
        part_start, part_end = _clause(masked, reading.start, reading.end)
        part = text[part_start:part_end]
        metric, unit, metric_doubt = self._metric(reading, part, text, is_ratio)
        if metric_doubt == "unmeasured" and later and later[0].kind == reading.kind == VALUE and _JOINED.fullmatch(masked[reading.end:later[0].start]):
            # "700 versus 169 tokens/sec": N is in M's unit.
            metric, unit, metric_doubt = self._metric(later[0], part, text, is_ratio)
        if metric_doubt == "unmeasured" and previous is not None and previous.kind == "value" and earlier:
            # "N tokens/sec per user against M for the H200": M is in N's unit.
            if _SECOND_SIDE.search(masked[earlier[-1].end:reading.start]) and previous.metric:
                metric, unit, metric_doubt = previous.metric, previous.unit, ""
            else:
                # A bare figure beside measured ones ("1.03 seconds versus 1.80", a table cell): proposed, not trusted.
                metric_doubt = f"no unit after it; the figure before it is {previous.metric or 'unidentified'}"
        if metric is None and metric_doubt == "unmeasured":
            return None  # no unit and no metric phrase: not a figure a claim would state
        if metric is not None and self.catalog.metrics[metric].family == "model-size":
            return None  # "70 billion parameters": a model size, not a claim about a system
        candidate = Candidate(text, "ratio" if is_ratio else "value", "", found=reading.text, unit=unit, metric=metric,
                              start=reading.start, end=reading.end)
        if metric is None:
            candidate.doubts["metric"] = metric_doubt
            candidate.speed = is_ratio and metric_doubt == _NO_PHRASE and bool(_FASTER.match(text, reading.end))
        self._figure(candidate, reading, metric)
        self._hedge(candidate, reading, earlier, masked)
        if sentence.lead and not _mentions(text, self.systems):
            self._lead_sides(candidate, sentence.lead, subject)
        else:
            self._sides(candidate, reading, text, part_start, subject, previous)
        if candidate.reversed:
            candidate.system, candidate.vs = candidate.vs, candidate.system
            doubts = {"system": candidate.doubts.pop("vs", None), "vs": candidate.doubts.pop("system", None)}
            candidate.doubts.update({name: f"{why} (read the other way round: system is the comparator)" for name, why in doubts.items() if why})
        self._model(candidate, sentence, text, part)
        self._conditions(candidate, sentence, (part_start, part_end))
        if metric is not None and self.catalog.metrics[metric].family == "memory":
            typed = _TYPED_MEMORY.match(text, reading.end)
            candidate.memory_type = typed["type"] if typed else None
        return candidate

    def _conditions(self, candidate: Candidate, sentence: Sentence, part_span: tuple[int, int]) -> None:
        """Mark `at` when the sentence or its paragraph states something that may be a condition."""
        metric = self.catalog.metrics.get(candidate.metric or "")
        # A memory type beside a memory figure names what is measured ("180GB of HBM3E"); two memory
        # figures of one system that differ by type are caught by `_apart`.
        conditions = (_CONDITION,) if metric is not None and metric.family == "memory" else (_CONDITION, _MEMORY_TYPE)
        said = [match for pattern in conditions for match in pattern.finditer(sentence.text)]
        settings = self._settings(candidate, said, part_span) if said else None
        for where, text in (("the sentence says", sentence.text), ("its paragraph says", sentence.context)):
            found = [match for pattern in conditions if (match := pattern.search(text))]
            if found and settings is not None and all(settings.get(setting[0]) == setting[1] if (setting := _setting(match.group())) else False
                                                      for pattern in conditions for match in pattern.finditer(text)):
                continue  # every condition said here is one the figure's clause writes in `at`
            if found:
                first = min(found, key=lambda match: match.start())
                candidate.doubts["at"] = f"{where} '{first.group()}'" + (": does it apply here?" if text is sentence.context else "")
                return
        candidate.at = settings or {}

    def _settings(self, candidate: Candidate, said: list[re.Match[str]], part_span: tuple[int, int]) -> dict[str, str] | None:
        """The `at` of a value whose sentence states only one-word settings ("with TensorRT-LLM", "650 TFLOP/s BF16
        compute"), all in the figure's own clause, one per kind, on a metric they bear on; else None."""
        metric = self.catalog.metrics.get(candidate.metric or "")
        if candidate.kind != "value" or metric is None or metric.family not in _SETTING_FAMILIES:
            return None
        settings: dict[str, str] = {}
        for match in said:
            setting = _setting(match.group())
            if setting is None or not part_span[0] <= match.start() < part_span[1] or settings.get(setting[0], setting[1]) != setting[1]:
                return None
            settings[setting[0]] = setting[1]
        return settings

    def _variant(self, text: str, reading: Reading) -> bool:
        """A size that names a product variant: "H100 80GB", "SXM 80GB GPUs" (not a claim about the product)."""
        after = text[reading.end:reading.end + 40]
        if re.match(r"\s*[GTM]B\s+(?:(?:HBM|GDDR)\w*\s+)?(?:GPUs?|cards?|accelerators?|SXM|PCIe)\b", after):
            return True
        before = text[:reading.start].rstrip().lower()
        return any(before.endswith(name) and not before[: -len(name)][-1:].isalnum() for name in self.systems)

    def _metric(self, reading: Reading, part: str, sentence: str, is_ratio: bool) -> tuple[str | None, str | None, str]:
        """The metric (and a unit to write) from the figure's unit and the metric phrases near it."""
        unit_metrics: set[str] = set()
        unit = None
        token_rate = False
        tail = sentence[reading.end:reading.end + 40] if reading.end <= len(sentence) else ""
        if not is_ratio and reading.label == "$":
            unit_metrics = {m.id for m in self.catalog.metrics.values() if m.unit.startswith("USD")}
        elif not is_ratio and _TOKEN_RATE.match(tail):
            # "tokens per second" alone does not say aggregate throughput or one user's speed.
            unit_metrics = {m.id for m in self.catalog.metrics.values() if m.unit in ("tok/s", "tok/s/user")}
            token_rate = True
        elif not is_ratio and reading.label:
            base = self._unit_of(reading.label)
            if base is not None:
                unit_id, base_unit = base
                unit_metrics = {m.id for m in self.catalog.metrics.values() if m.unit == base_unit}
                unit = unit_id if unit_id != base_unit else None
        phrased, spans = self._phrase_spans(part)
        where = part
        if not phrased:
            (phrased, spans), where = self._phrase_spans(sentence), sentence
        if unit_metrics:
            both = unit_metrics & phrased if phrased else unit_metrics
            if len(both) == 1:
                return both.pop(), unit, ""
            if token_rate and not unit_metrics & phrased:
                # Neither phrase near it: a per-device basis in the sentence, else the article's words, settle it.
                settled = next((m.id for m in self.catalog.metrics.values() if m.unit == "tok/s"), None) if _AGGREGATE.search(sentence) else self.token_rate
                if settled in unit_metrics:
                    return settled, unit, ""
            return None, unit, f"the unit fits {', '.join(sorted(both or unit_metrics))}"
        if not is_ratio:
            return None, None, "unmeasured" if reading.label not in ("$",) else "a price: which metric?"
        per = next((m for m in _PER.finditer(where) if not any(a <= m.start() < b for a, b in spans)), None)
        if per is not None and phrased:
            return None, None, f"'{per.group()}' qualifies {', '.join(sorted(phrased))}: a per-unit metric?"
        if len(phrased) == 1:
            return next(iter(phrased)), None, ""
        if phrased:
            return None, None, f"the sentence names {', '.join(sorted(phrased))}"
        return None, None, _NO_PHRASE

    def _unit_of(self, label: str) -> tuple[str, str] | None:
        """(unit to write, metric unit) for a label after a figure: "ms" -> (ms, s), "GB" -> (GB, GB)."""
        words = label.split()
        for size in range(min(4, len(words)), 0, -1):
            key = " ".join(words[:size]).lower().rstrip(".,;:")
            if key in self.units:
                return self.units[key]
        return None

    def _phrase_metrics(self, text: str) -> set[str]:
        return self._phrase_spans(text)[0]

    def _phrase_spans(self, text: str) -> tuple[set[str], list[tuple[int, int]]]:
        """The metrics the text's phrases name, and where the phrases stand (longest phrases first)."""
        lowered = text.lower()
        found: set[str] = set()
        spans: list[tuple[int, int]] = []
        for phrase, metric_id in self.metric_phrases:
            for match in re.finditer(rf"(?<![\w]){re.escape(phrase)}(?![\w])", lowered):
                if not any(a <= match.start() and match.end() <= b for a, b in spans):
                    spans.append(match.span())
                    found.add(metric_id)
        return found, spans

    def _figure(self, candidate: Candidate, reading: Reading, metric_id: str | None) -> None:
        metric = self.catalog.metrics.get(metric_id) if metric_id else None
        lower_better = metric.better == "lower" if metric else None
        written = [w.replace(",", "") if w[:1].isdigit() else _fraction_text(n) for w, n in zip(reading.written, reading.numbers, strict=True)]
        if reading.kind == RANGE:
            if reading.scale != 1:
                candidate.doubts["figure"] = f"'{reading.text}' is scaled; write it in the metric's unit"
            candidate.figure = written
        elif reading.kind == PERCENT_OF:
            texts = [_decimal(Decimal(w) / 100) for w in written]
            candidate.figure = texts if len(texts) == 2 else texts[0]
        elif reading.kind == RATIO and reading.label == "%":
            step = Decimal(written[0]) / 100
            if reading.direction == "up":
                candidate.figure = _decimal(1 + step)
            elif lower_better is None:
                candidate.figure = _decimal(1 - step)
                candidate.doubts["figure"] = "a percent lower: on a lower-is-better metric, swap system and vs"
            else:
                # "64% lower TCO than Y": Y's advantage is 0.36, the same comparison read the other way round
                # (a percent has a written precision, so it is not turned into an exact fraction).
                candidate.figure = _decimal(1 - step)
                candidate.reversed = bool(lower_better)
        elif reading.kind == MULTIPLE and reading.numbers[0] < 1:
            share = reading.numbers[0]
            if lower_better is None:
                candidate.figure = _fraction_text(share)
                candidate.doubts["figure"] = f"'{reading.text}': the advantage factor depends on the metric"
            else:
                candidate.figure = _fraction_text(1 / share) if lower_better else _fraction_text(share)
        elif reading.kind == MULTIPLE:
            candidate.figure = _fraction_text(reading.numbers[0])
        else:
            candidate.figure = written[0]
            if reading.scale != 1 and candidate.unit is None:
                candidate.doubts["figure"] = f"'{reading.text}' is scaled; write it in the metric's unit"

    def _hedge(self, candidate: Candidate, reading: Reading, earlier: list[Reading], masked: str) -> None:
        if reading.hedge is not None:
            if reading.hedge in HEDGES and HEDGES[reading.hedge] == reading.bound:
                candidate.hedge = reading.hedge
            else:
                candidate.doubts["approx"] = f"the text says '{reading.hedge}', which the hedge table does not hold"
            return
        # "up to 4.6x max throughput and 4.4x faster": does the first hedge cover the second figure?
        for before in earlier:
            if before.hedge and _COORDINATED.search(masked[before.end:reading.start]):
                candidate.doubts["approx"] = f"'{before.hedge}' before an earlier figure may cover this one"
                return

    def _lead_sides(self, candidate: Candidate, lead: str, subject: str | None) -> None:
        """A list item that names no system: its list's lead-in says whose figures these are and against what
        ("Compared to the GB200, Jalapeño offers:"); a lead-in that names no system ("The specifications:")
        introduces the article's subject's figures, with no comparator."""
        named = _mentions(lead, self.systems)
        compared = [(pos, sid) for pos, sid in named if _STRONG_VERSUS.search(lead[max(0, pos - 30):pos])]
        own = list(dict.fromkeys(sid for pos, sid in named if (pos, sid) not in compared))
        versus = list(dict.fromkeys(sid for _, sid in compared))
        comparing = re.search(r"\b(?:than|compared (?:with|to)|versus|vs\.?|relative to|over)\b", lead, re.I)
        if len(own) == 1:
            candidate.system = own[0]
        elif not named and subject and not comparing:
            candidate.system = subject
        else:
            candidate.doubts["system"] = "the list's lead-in does not say whose figures these are"
        if candidate.kind == "value":
            return
        if len(versus) == 1 and versus[0] != candidate.system:
            candidate.vs = versus[0]
        elif comparing and not versus:
            candidate.doubts["vs"] = f"the list's lead-in compares with something the catalog does not name: '{lead}'"
        else:
            candidate.doubts["vs"] = "the list's lead-in does not name one comparator"

    def _sides(self, candidate: Candidate, reading: Reading, text: str, part_start: int, subject: str | None,
               previous: Candidate | None = None) -> None:
        named = _mentions(text, self.systems)
        before = [(pos, sid) for pos, sid in named if pos < reading.start]
        after = [(pos, sid) for pos, sid in named if pos >= reading.end]
        compared = [(pos, sid) for pos, sid in named if _STRONG_VERSUS.search(text[max(0, pos - 30):pos])]
        if not compared:
            compared = [(pos, sid) for pos, sid in named if _VERSUS.search(text[max(0, pos - 30):pos])]
        pronoun = _PRONOUN.search(text.strip()) or re.search(r"\b(?:it|the new part|the chip)\b", text[:reading.start], re.I)
        if candidate.kind == "value":
            own = [sid for pos, sid in before if pos >= part_start] or [sid for pos, sid in after if pos < reading.end + 60 and (pos, sid) not in compared]
            if len({*own}) == 1:
                candidate.system = own[0]
            elif not own and _coordinated_after(previous, text, reading, named):
                # "X delivers N tokens per second for A and M tokens per second for B": M is X's too.
                candidate.system = previous.system  # type: ignore[union-attr]
            elif not named and pronoun and subject:
                candidate.system = subject
            elif len({sid for _, sid in named}) == 1 and not compared:
                candidate.system = named[0][1]
            else:
                candidate.doubts["system"] = "which system this figure belongs to is not certain"
            return
        versus = [sid for pos, sid in compared if pos >= reading.end] or [sid for pos, sid in compared]
        subjects = [sid for pos, sid in before if (pos, sid) not in compared]
        in_clause = [sid for pos, sid in before if pos >= part_start and (pos, sid) not in compared]
        if len(set(in_clause)) == 1:
            subjects = in_clause
        if not subjects and compared:
            # "2x faster on H100 than on MI300X": the system after the figure, before the comparator, on which it ran.
            first = min(pos for pos, _ in compared)
            subjects = [sid for pos, sid in after if pos < first and re.search(r"\b(?:on|with)\s+(?:the\s+)?$", text[max(0, pos - 12):pos], re.I)]
        if not subjects and (pronoun or not before) and subject and subject not in versus:
            subjects = [subject] if pronoun else []
        if len(set(versus)) == 1 and len(set(subjects)) == 1 and versus[0] != subjects[0]:
            candidate.system, candidate.vs = subjects[-1], versus[0]
            return
        distinct = list(dict.fromkeys(sid for _, sid in named))
        if len(distinct) == 2 and not compared and _RATIO_WORDS.search(text):
            candidate.system, candidate.vs = distinct
            candidate.doubts["vs"] = "the sentence names two systems but no 'than' or 'compared with'"
            return
        candidate.system = subjects[-1] if len(set(subjects)) == 1 else None
        candidate.vs = versus[0] if len(set(versus)) == 1 else None
        if candidate.system is None:
            candidate.doubts["system"] = "the sentence does not say which system is ahead"
        if candidate.vs is None:
            candidate.doubts["vs"] = "the sentence does not name one comparator"

    def _model_bound(self, metric_id: str | None) -> bool:
        """Whether a metric's figures depend on the model run: memory, compute, power and interconnect figures
        are the hardware's own, so a model the paragraph named before is not theirs."""
        metric = self.catalog.metrics.get(metric_id or "")
        return metric is None or metric.family not in _HARDWARE_FAMILIES

    def _model(self, candidate: Candidate, sentence: Sentence, text: str, part: str) -> None:
        in_part = list(dict.fromkeys(mid for _, mid in _mentions(part, self.models)))
        in_sentence = list(dict.fromkeys(mid for _, mid in _mentions(text, self.models)))
        if len(in_part) == 1:
            candidate.model = in_part[0]
        elif len(in_sentence) == 1:
            candidate.model = in_sentence[0]
        elif len(in_sentence) > 1 and candidate.kind == "ratio" and _WHICH.match(part) and all(
                pos < candidate.start for pos, _ in _mentions(text, self.models)):
            # "N for A and M for B, which is 20x faster than C": the relative clause covers every model before it.
            candidate.models = in_sentence
        elif len(in_sentence) > 1:
            candidate.doubts["model"] = f"the sentence names {', '.join(in_sentence)}"
        elif sentence.paragraph_models and self._model_bound(candidate.metric):
            carried = list(dict.fromkeys(sentence.paragraph_models))
            if len(carried) == 1:
                candidate.model = carried[0]
            else:
                candidate.doubts["model"] = f"the paragraph names {', '.join(carried)}"


_HARDWARE_FAMILIES = ("memory", "compute", "power", "interconnect")


def _setting(word: str) -> tuple[str, str] | None:
    """(key, value) for a one-word condition ("FP8" -> precision fp8, "TRT-LLM" -> software tensorrt-llm)."""
    for key, pattern, value in _SETTINGS:
        if pattern.fullmatch(word):
            return key, value or word.lower()
    return None


def _coordinated_after(previous: Candidate | None, text: str, reading: Reading, named: list[tuple[int, str]]) -> bool:
    """Whether a value figure is coordinated with the value before it ("N ... and M ..."), with no system named
    between them or after it in the sentence, and not set against it ("N against M" gives M to another side)."""
    if previous is None or previous.kind != "value" or previous.system is None or "system" in previous.doubts:
        return False
    between = text[previous.end:reading.start]
    if _SECOND_SIDE.search(between) or re.search(r"\b(?:while|whereas|but|than)\b", between, re.I) or not re.search(r"\band\b|,", between):
        return False
    return not any(pos >= previous.end for pos, _ in named if not _VERSUS.search(text[max(0, pos - 30):pos]))


def _repeated(found: list[Candidate]) -> None:
    """A figure its paragraph already gave for the same system, model and metric is most often the same claim
    said again ("what 100 tokens per second looks like ... At 100 tokens per second, ..."): left to the reader."""
    stated: set[tuple] = set()
    for candidate in found:
        if candidate.kind != "value" or candidate.doubts:
            continue
        key = (candidate.paragraph, candidate.system, candidate.model, candidate.metric, str(candidate.figure), candidate.unit,
               str(sorted(candidate.at.items())))
        if key in stated:
            candidate.doubts["at"] = "its paragraph gave this figure already: the same claim again, or a condition of the next?"
        stated.add(key)


def _apart(found: list[Candidate]) -> None:
    """Two different figures of one system, comparator, model and metric in an article differ by something
    the drafter did not place (a scenario, a memory type, a batch size): a condition to write."""
    groups: dict[tuple, list[Candidate]] = {}
    for candidate in found:
        if candidate.system and candidate.metric and "system" not in candidate.doubts:
            key = (candidate.kind, candidate.system, candidate.vs, candidate.model, str(candidate.models), candidate.metric,
                   str(sorted(candidate.at.items())))
            groups.setdefault(key, []).append(candidate)
    for group in groups.values():
        if len({str(c.figure) for c in group}) > 1:
            types = [c.memory_type for c in group]
            if all(types) and len({t.lower() for t in types if t}) == len(group) and not any("at" in c.doubts for c in group):
                # "96GB of HBM3 and up to 144GB of HBM3E": the memory type named with each figure sets them apart.
                for candidate in group:
                    candidate.at = {**candidate.at, "memory-type": (candidate.memory_type or "").lower()}
                continue
            for candidate in group:
                candidate.doubts.setdefault("at", f"the text gives {candidate.system} more than one {candidate.metric} figure: what sets them apart?")


def _name_index(catalog: Catalog, section: str) -> dict[str, str]:
    """Every name and alias that points to exactly one id (ambiguous names identify nothing)."""
    owners: dict[str, set[str]] = {}
    for entry in getattr(catalog, section).values():
        for name in (entry.name, *entry.aliases):
            owners.setdefault(name.lower(), set()).add(entry.id)
    return {name: ids.pop() for name, ids in owners.items() if len(ids) == 1}


def _unit_index(catalog: Catalog) -> dict[str, tuple[str, str]]:
    """Unit spellings (lower case) -> (unit id to write, metric unit it converts to)."""
    index: dict[str, tuple[str, str]] = {}
    for metric in catalog.metrics.values():
        index.setdefault(metric.unit.lower(), (metric.unit, metric.unit))
    for unit in catalog.units.values():
        for spelling in (unit.id, *unit.aliases):
            index[spelling.lower()] = (unit.id, unit.metric_unit)
    return index


def _mentions(text: str, names: dict[str, str]) -> list[tuple[int, str]]:
    """(position, id) of each catalog name in the text, longest names first, no overlaps."""
    hits: list[tuple[int, int, str]] = []
    for name in sorted(names, key=len, reverse=True):
        for match in re.finditer(rf"(?i)(?<![\w-]){re.escape(name)}(?![\w])", text):
            if not any(a < match.end() and match.start() < b for a, b, _ in hits):
                hits.append((match.start(), match.end(), names[name]))
    return sorted((start, entry_id) for start, _, entry_id in hits)


def _mask(text: str, names) -> str:
    """Blank out catalog names ("GPT-OSS 120B", "Kimi K2.5") so their digits are not figures."""
    for name in sorted(set(names), key=len, reverse=True):
        if any(ch.isdigit() for ch in name):
            text = re.sub(rf"(?i)(?<![\w-]){re.escape(name)}(?![\w])", lambda m: "#" * len(m.group()), text)
    return text


_CLAUSE_BREAK = re.compile(r"\s*(?:[|;:(){}]|,\s|\b(?:against|versus|vs\.?|compared (?:with|to)|while|whereas|and|but)\b)\s*", re.I)


def _clause(sentence: str, start: int, end: int) -> tuple[int, int]:
    """The span of the part of a sentence a figure stands in, between commas, 'and', 'against'..."""
    left = 0
    for match in _CLAUSE_BREAK.finditer(sentence, 0, start):
        left = match.end()
    right_match = _CLAUSE_BREAK.search(sentence, end)
    return left, right_match.start() if right_match else len(sentence)


def _decimal(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text


def _fraction_text(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    decimal = Decimal(value.numerator) / Decimal(value.denominator)
    return _decimal(decimal) if decimal * value.denominator == value.numerator else f'"{value.numerator}/{value.denominator}"'


def _yaml_text(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def scaffold(article: str, source_id: str, catalog: Catalog, *, archive: str | None, publisher: str | None,
             url: str | None, published: str | None, title: str | None = None) -> tuple[str, list[Candidate]]:
    """The draft's YAML text and the candidates it holds; options win over the text's metadata lines."""
    metadata, body = metadata_and_body(article)
    title = title or metadata.get("title")
    publisher = publisher or metadata.get("publisher")
    url = url or metadata.get("url")
    published = published or metadata.get("published")
    first_line = next((" ".join(line.split()) for line in body.splitlines() if line.strip()), source_id)
    long_title = title is None and len(first_line) > 150
    title = title or (re.split(r"(?<=[.!?])\s", first_line)[0] if long_title else first_line)
    candidates = Scaffolder(catalog).article(body, title)
    out = [
        f"# Draft written by `audit new` from {archive or 'standard input'}.",
        "# Live claims had every field identified; commented-out ones need the fields marked TODO.",
        "# Check every claim against the text before relying on it, then run `audit check`.",
        "source:",
        f"  id: {source_id}",
        f"  title: {_yaml_text(title)}" + ("  # TODO: the first line is long; this is its first sentence" if long_title else ""),
        f"  publisher: {_yaml_text(publisher)}" if publisher else '  publisher: "TODO: the outlet that published it"',
    ]
    if published:
        out.append(f"  published: {published}")
    if url:
        out.append(f"  url: {_yaml_text(url)}")
    if archive:
        out.append(f"  archive: {_yaml_text(archive)}")
    out.append("  kind: secondary  # TODO: primary if the publisher measured or owns the result")
    out.append("")
    live = [c for c in candidates if not c.doubts]
    out.append("claims:" if live else "claims: []  # drop the [] when you uncomment a claim below")
    for number, candidate in enumerate(candidates, 1):
        block = _claim_lines(candidate, f"c{number:03d}")
        if candidate.doubts:
            out.append(f"  # TODO: set {', '.join(candidate.doubts)}, then uncomment")
            out += ["  # " + line[2:] for line in block]
        else:
            out += block
    return "\n".join(out) + "\n", candidates


def _claim_lines(c: Candidate, claim_id: str) -> list[str]:
    figure = f"[{c.figure[0]}, {c.figure[1]}]" if isinstance(c.figure, list) else c.figure
    lines = [f"  - id: {claim_id}", f"    quote: {_yaml_text(c.quote)}"]
    for name in ("system", "vs", "model", "metric"):
        value = getattr(c, name)
        if name in c.doubts:
            guess = f" (a guess: {value})" if value else ""
            lines.append(f"    {name}: TODO  # {c.doubts[name]}{guess}")
        elif value is not None:
            lines.append(f"    {name}: {value}")
        if name == "model" and c.models and "model" not in c.doubts:
            lines.append(f"    models: [{', '.join(c.models)}]")
    if "at" in c.doubts:
        lines.append(f"    at: TODO  # {c.doubts['at']}")
    elif c.at:
        lines.append("    at: {" + ", ".join(f"{key}: {value}" for key, value in c.at.items()) + "}")
    note = f"  # TODO: {c.doubts['figure']}" if "figure" in c.doubts else f"  # from {_yaml_text(c.found)}"
    if c.reversed and "figure" not in c.doubts:
        note += f", read the other way round: {c.vs or 'the subject'}'s figure is {c.figure} of {c.system or 'the comparator'}'s"
    lines.append(f"    {c.kind}: {figure}{note}")
    if c.unit:
        lines.append(f"    unit: {c.unit}")
    if "approx" in c.doubts:
        lines.append(f"    approx: TODO  # {c.doubts['approx']}")
    elif c.hedge:
        lines.append(f"    approx: {_yaml_text(c.hedge)}")
    return lines
