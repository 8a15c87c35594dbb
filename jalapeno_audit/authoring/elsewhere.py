"""Conditions stated elsewhere in an article: a kind of setting another paragraph names may be a figure's too.

A figure's own sentence and paragraph are read by ``conditions``; what the rest of the article says is not. An
article that says once, in another paragraph, that its results ran in FP8, on an eight-GPU server, at batch size
64, in the Offline scenario, with TensorRT-LLM or on Llama 2 70B may mean that condition for a figure whose own
sentence does not settle it. Such a figure's `at` (or model) is left to the reader; so is it when a note anywhere
says how the article's benchmarks ran, and a table row's speed when the article names models. The one precision an
article says its figures were measured in ("Google is using FP8 precision as its benchmark for the new TPU") is its
subject's. Read once every figure's system is settled: a condition bears on the figures of the systems it names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.conditions import (
    CONDITION,
    MAY_BE,
    RUN_FAMILIES,
    SENTENCE_BREAK,
    SETTING_FAMILIES,
    lists_capabilities,
    stated_plainly,
)
from jalapeno_audit.authoring.metrics import one_inference
from jalapeno_audit.authoring.sentences import SENTENCE_END, Sentence, mentions
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.names import mask

#: Metric families a precision changes, and those a device count, a batch size, a scenario or software changes.
_PRECISION_FAMILIES = ("throughput", "responsiveness", "compute", "efficiency", "training")
_SERVING_FAMILIES = ("throughput", "responsiveness")
#: Metric families whose figures depend on the model run.
_MODELLED = ("throughput", "responsiveness", "training", "efficiency")
#: A power said of a run ("our 140uW power number running always-on-voice (AOV) detection", "while generating ..."): it
#: depends on the model run, as a speed does.
_OF_A_RUN = re.compile(r"\b(?:running|while\s+(?:running|generating|serving|processing)|when\s+(?:running|generating|serving))\b", re.I)
#: Models in the plural: a class of models; and words that say more models ran than those named.
_CLASS = re.compile(r"\bmodels\b", re.I)
_MORE_MODELS = re.compile(r"\b(?:other|several|multiple|various|many|more|\d+|two|three|four|five|six)\s+(?:[\w-]+\s+)?models\b", re.I)
#: The `at` keys that settle each kind.
_DEVICE_KEYS = ("gpus", "chips", "nodes", "accelerators", "cards", "pods", "racks", "servers", "devices", "dies")

#: A sentence that says how the article's benchmarks or figures were obtained ("Benchmarks are from running in FP8 ...",
#: "8xB200 figures are estimated"), and the words of a basis other than a measurement.
_NOTE = re.compile(r"(?:(?:all|the|our|these|those)\s+)?(?:[\w-]+\s+){0,2}?(?:benchmarks?|results?|figures?|numbers?|measurements?|tests?)\s+"
                   r"(?:are|were)\s+(?:from|measured|run|taken|based|estimated|obtained|projected)\b", re.I)
_BASIS = re.compile(r"\b(?:estimated|projected|simulated)\b", re.I)
#: Software named by its release in a note on how the figures were measured ("These performance numbers are measured
#: using the latest SynapseAI* software release version 1.18.0"): the setting of every run of the article's subject,
#: written as its name and version (synapseai-1.18.0). A trademark mark after the name is no part of it.
_RELEASE = re.compile(r"\b(?P<name>[A-Z][\w.+-]*[\w+])[*®™]?\s+software\s+(?:release\s+)?(?:version\s+)?v?(?P<version>\d+(?:\.\d+)+)\b")
_MEASURED = re.compile(r"\b(?:numbers|results|figures|performance|benchmarks?)\b[^.;]{0,40}?\b(?:are|were)\s+(?:measured|obtained|run|collected)\b", re.I)


@dataclass(frozen=True)
class Kind:
    """One kind of condition: how the text names it, which metric families it changes, which `at` keys settle it."""

    name: str
    words: re.Pattern[str]
    families: tuple[str, ...]
    keys: tuple[str, ...]


_PRECISION = Kind("precision", re.compile(r"(?<![\w-])(?:(?:NV|MX)?FP\d+|BF16|TF32|INT\d+|\d+-bit floating[- ]point|bfloat\s?16|precision)\b", re.I),
                  _PRECISION_FAMILIES, ("precision",))
#: A stack by name, or software named by its release ("measured using the latest SynapseAI software release version 1.18.0").
_SOFTWARE = Kind("software", re.compile(r"\b(?:TensorRT(?:-LLM)?|TRT-LLM|vLLM|SGLang|ROCm|llama\.cpp|software\s+(?:release|version)s?)\b", re.I),
                 _SERVING_FAMILIES, ("software",))
KINDS = (
    _PRECISION,
    Kind("device count", re.compile(r"(?<![\d,.])(?:\d{1,3}(?:,\d{3})+|\d+|one|two|four|eight|sixteen|single)[ -]"
                                    r"(?:GPUs?|chips?|nodes?|racks?|servers?|accelerators?|cards?)\b|\bNVL\d+\b|"
                                    r"(?<![\w.])\d+\s?x\s?(?=#)", re.I), RUN_FAMILIES, _DEVICE_KEYS),
    Kind("batch size", re.compile(r"\bbatch(?:es| sizes?)?\b|\bBS\s*=", re.I), _SERVING_FAMILIES, ("batch", "batch-size", "concurrency")),
    Kind("scenario", re.compile(r"\b(?:offline|(?:server|interactive)\s+(?:[a-z]+\s+)?(?:tests?|scenarios?|benchmarks?|modes?))\b", re.I),
         _SERVING_FAMILIES, ("scenario",)),
    _SOFTWARE,
)


def elsewhere(catalog: Catalog, found: list[Candidate], every: list[Sentence], title: str | None, systems: dict[str, str],
              names: list[str], subject: str | None = None, tables: dict[str, tuple[str, ...]] | None = None) -> None:
    """Leave `at` to the reader for each figure on a metric a kind of condition changes (or on no known metric), when
    another paragraph or list item of the article (or its title) names that kind and neither the figure's `at` nor its own sentence or paragraph does.
    A condition said in a sentence (else a paragraph) with figures of known metrics bears only on figures of their
    families ("650 TFLOP/s BF16 compute" says nothing of a training speed-up); one said in a sentence that names systems, only on
    figures of those systems (or their families' members); none on a figure its source projected (a forecast, not a run). ``names`` are the catalog's names, blanked out before
    condition words are looked for ("Gaudi 2" is no count). A value of the article's ``subject`` (or of a system built of
    it, or it of them) takes the article's precision when the article states one only and says plainly that it measured
    in it (``stated_plainly``, read over the whole article). A table (``tables``: a table's text -> its header and rows)
    is read row by row: a setting in a row's label ("Self-hosted (A100, vLLM)") is of the system that row names."""
    # A list item is a paragraph of its own here.
    texts = [(number, s.paragraph if not s.item else -2000 - number, part, mask(part, names))
             for number, s in enumerate(every) for part in (tables or {}).get(s.text, (s.text,))]
    texts.append((-1000, -1000, title or "", mask(title or "", names)))
    # Read once for the article, not once a figure and a kind: the systems each sentence names, each paragraph's words.
    named = [{sid for _, sid in mentions(text, systems)} for _, _, text, _ in texts]
    paragraphs: dict[int, list[str]] = {}
    for _, paragraph, _, masked in texts:
        paragraphs.setdefault(paragraph, []).append(masked)
    sentence_families: dict[int, set[str]] = {}
    paragraph_families: dict[int, set[str]] = {}
    for candidate in found:
        if candidate.metric:
            sentence_families.setdefault(candidate.sentence, set()).add(catalog.metrics[candidate.metric].family)
            paragraph_families.setdefault(candidate.paragraph, set()).add(catalog.metrics[candidate.metric].family)
    article = (" ".join(text for _, _, text, _ in texts), " ".join(masked for _, _, _, masked in texts))
    precisions = [match for match in _PRECISION.words.finditer(article[1]) if match.group().lower() != "precision"]
    subjects = _built_with(catalog, subject)
    release = _measured_release([text for _, _, text, _ in texts])
    for candidate in found:
        metric = catalog.metrics.get(candidate.metric or "")
        if "at" in candidate.doubts or candidate.at.get("basis") == "projected":
            continue  # a forecast is no run: the conditions other paragraphs give the article's runs are not its own
        own = " ".join(paragraphs.get(candidate.paragraph, ())) + " " + mask(candidate.quote, names)
        sides = _sides(catalog, candidate)
        # A precision or software said of what a system is built of or into bears on it too ("The Hailo-8, at INT8, ..."
        # of a figure of the HAT built on it); a device count of the whole is not its part's.
        built = sides | {related for side in sides for related in _built_with(catalog, side)}
        for kind in KINDS:
            if (metric is not None and metric.family not in kind.families) or any(key in candidate.at or key in candidate.settled for key in kind.keys) \
                    or kind.words.search(own):
                continue
            if kind is _PRECISION and candidate.kind == "value" and metric is not None and candidate.system in subjects \
                    and (plain := stated_plainly(catalog, candidate, precisions, article, None)):
                candidate.at = {**candidate.at, **plain}
                continue
            if kind is _SOFTWARE and release is not None and candidate.kind == "value" and candidate.system in subjects:
                candidate.at = {**candidate.at, "software": release}
                continue
            said = next((match.group() for index, (number, paragraph, _, masked) in enumerate(texts) if paragraph != candidate.paragraph
                         and number != candidate.sentence and _bears(metric.family if metric else None, sentence_families.get(number) or paragraph_families.get(paragraph),
                                                                     built if kind in (_PRECISION, _SOFTWARE) else sides, named[index])
                         for match in [kind.words.search(masked)] if match and not _listed(kind, masked)), None)
            if said is not None:
                candidate.doubts["at"] = f"the article says '{said}' elsewhere ({kind.name}): does it apply here?"
                break


def _measured_release(texts: list[str]) -> str | None:
    """The software release the article says its figures were measured with, as `at` writes it ("SynapseAI* software
    release version 1.18.0": synapseai-1.18.0): named in a sentence that says how its numbers were measured (not how
    they may be: "will be measured"), the one such release the article names; None otherwise."""
    found = {f"{match['name'].lower()}-{match['version']}" for text in texts for sentence in SENTENCE_BREAK.split(text)
             if _MEASURED.search(sentence) and not MAY_BE.search(sentence) for match in _RELEASE.finditer(sentence)}
    return found.pop() if len(found) == 1 else None


def _built_with(catalog: Catalog, subject: str | None) -> frozenset[str]:
    """The article's subject, the systems built of it (its pod) and those it is built of (its chip)."""
    if subject not in catalog.systems:
        return frozenset()
    wholes = {whole for whole, _ in catalog.systems[subject].part_of}
    parts = {sid for sid, system in catalog.systems.items() if any(whole == subject for whole, _ in system.part_of)}
    return frozenset({subject, *wholes, *parts})


def _listed(kind: Kind, text: str) -> bool:
    """Whether a sentence says a system supports several values of a kind ("supports FP32, TF32, BF16, FP16 and FP8"):
    what the system can do, not the one setting a run had ("precision" itself is no value)."""
    return lists_capabilities(text, kind.words)


def _bears(family: str | None, families: set[str] | None, sides: set[str], named: set[str]) -> bool:
    """Whether a condition said in another sentence may bear on a figure: the figures of known metric its sentence
    (else its paragraph) holds, if any, are of the figure's metric family; and its sentence names no system, or one of
    the figure's."""
    if families and family is not None and family not in families:
        return False
    return not named or bool(named & sides) or not sides


def models_elsewhere(catalog: Catalog, found: list[Candidate], texts: list[str], models: dict[str, str], systems: dict[str, str]) -> None:
    """A figure on a metric that depends on the model run (a speed, a latency, a time to train, an efficiency, or an
    unknown metric), drafted with none, in an article whose sentences (``texts``) name a model: which model it measured
    is the reader's to say. A model named in a sentence that names only other systems is theirs; a sentence that speaks
    of models in the plural ("runs 70-billion-parameter language models at ...") states its figure for a class of
    models, none of them named. A value of a metric read, in an article that names one model only (no family) and says
    of no other models run, is that model's: the article ran no other."""
    named = [({mid for _, mid in mentions(text, models)}, {sid for _, sid in mentions(text, systems)}) for text in texts]
    families = {model.member_of for model in catalog.models.values() if model.member_of}
    more = any(_MORE_MODELS.search(text) for text in texts)  # "We tested Kimi K2.5 and other models."
    for candidate in found:
        metric = catalog.metrics.get(candidate.metric or "")
        run = _OF_A_RUN.search(candidate.quote) if metric is not None and metric.family == "power" else None
        if (metric is not None and metric.family not in _MODELLED and run is None) or candidate.model or candidate.models or "model" in candidate.doubts:
            continue
        sides = _sides(catalog, candidate)
        others = list(dict.fromkeys(mid for found_models, found_systems in named if _bears(None, None, sides, found_systems)
                                    for mid in sorted(found_models)))
        if run is not None and not others:
            candidate.doubts["model"] = f"a power of a run ('{candidate.quote[run.start():run.end() + 30].strip()} ...'): of which model?"
            continue
        if not others or _CLASS.search(candidate.quote):
            continue
        if len(others) == 1 and candidate.kind == "value" and metric is not None and others[0] not in families and not more:
            # "Groq's LPU just served me 800 tokens per second." in an article that runs Mixtral 8x7B alone: the speed is
            # of that model, the only one the article runs (not of a family, whose member is the reader's to say).
            candidate.model = others[0]
            continue
        candidate.doubts["model"] = f"no model named with it; the article names {', '.join(others[:3])}"


def _sides(catalog: Catalog, candidate: Candidate) -> set[str]:
    """The systems a figure is of or against, and the families they belong to."""
    sides = {side for side in (candidate.system, candidate.vs) if side}
    return sides | {family for side in sides if side in catalog.systems and (family := catalog.systems[side].member_of)}


def noted(catalog: Catalog, found: list[Candidate], every: list[Sentence]) -> None:
    """A note anywhere in the article on how its benchmarks ran ("Benchmarks are from running in FP8 at 8x model
    parallelism", "B200 figures are estimated") may set conditions for figures stated far from it: each figure whose
    metric a setting changes leaves `at` to the reader."""
    note = next((s.text for s in every if _NOTE.match(s.text) and (CONDITION.search(s.text) or _BASIS.search(s.text))), None)
    if note is None:
        return
    for candidate in found:
        metric = catalog.metrics.get(candidate.metric or "")
        if candidate.quote != note and "at" not in candidate.doubts and (metric is None or metric.family in SETTING_FAMILIES):
            candidate.doubts["at"] = f"the article notes '{note[:80]}': does it apply here?"


def unmodelled(catalog: Catalog, found: list[Candidate], text: str, models: dict[str, str], every: list[Sentence] | None = None, *,
               networks: bool) -> None:
    """A token rate or latency drafted with no model from a table or a line that is no sentence ("Tokens per
    Millisecond 2.4 2,400 tokens/second"), in an article that names models: which model it measured is the
    reader's to say (its row names none; the prose may name several). A line of prose that is no sentence and no
    list item ("Tokens per Second 2,381.82 142,909.2 tokens/minute"), in an article that names one model only, is
    of that model: the line sets out the article's figures, and the article ran no other (a list item may set out
    gains said of no model, "Up to 3x increase in inference throughput"). In an article of a network's inferences
    (``networks``: images or inference, no tokens) that names no catalog model, the time of one inference is left to
    the reader too."""
    named = list(dict.fromkeys(model_id for _, model_id in mentions(text, models)))
    for candidate in found:
        family = catalog.metrics[candidate.metric].family if candidate.metric else None
        if not named and networks and candidate.metric is not None and one_inference(catalog.metrics[candidate.metric]) \
                and candidate.kind == "value" and not candidate.model and "model" not in candidate.doubts:
            # "at a 6ms latency" for "keyword spotting", in an article of inferences counted: the time of one inference
            # is of a network run, and the article names none the catalog knows.
            candidate.doubts["model"] = "a latency of a run: the article names no catalog model, which model ran?"
            continue
        row = candidate.paragraph < 0 or not SENTENCE_END.search(candidate.quote)
        if named and row and candidate.kind == "value" and family in ("throughput", "responsiveness") and not candidate.model \
                and not candidate.models and "model" not in candidate.doubts:
            line = every[candidate.sentence] if every is not None and 0 <= candidate.sentence < len(every) else None
            if len(named) == 1 and line is not None and not line.item and candidate.paragraph >= 0:
                candidate.model = named[0]
            else:
                candidate.doubts["model"] = f"no model named with it; the article names {', '.join(named[:3])}"
