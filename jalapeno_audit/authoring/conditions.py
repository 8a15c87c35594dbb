"""The conditions of a figure (`at`): one-word settings it can write, and anything else that may be a condition."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.sentences import Sentence
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.numbers import HEDGES

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
SETTING_FAMILIES = ("throughput", "responsiveness", "compute", "efficiency", "training")
#: Memory types: a condition, unless they name the memory a memory figure measures ("180GB of HBM3E memory").
MEMORY_TYPE = re.compile(r"\b(?:HBM\d?[eE]?|GDDR\d\w*|LPDDR\d\w*|DDR\d)\b")
TYPED_MEMORY = re.compile(r"\s*[GMT]B\s+(?:of\s+)?(?P<type>HBM\d[eE]?|GDDR\d\w*|LPDDR\d\w*|DDR\d)\b")


def conditions(catalog: Catalog, candidate: Candidate, sentence: Sentence, part_span: tuple[int, int]) -> None:
    """Mark `at` when the sentence or its paragraph states something that may be a condition."""
    metric = catalog.metrics.get(candidate.metric or "")
    # A memory type beside a memory figure names what is measured ("180GB of HBM3E"); two memory
    # figures of one system that differ by type are caught by `apart`.
    patterns = (_CONDITION,) if metric is not None and metric.family == "memory" else (_CONDITION, MEMORY_TYPE)
    said = [match for pattern in patterns for match in pattern.finditer(sentence.text)]
    settings = _settings(catalog, candidate, said, part_span) if said else None
    for where, text in (("the sentence says", sentence.text), ("its paragraph says", sentence.context)):
        found = [match for pattern in patterns if (match := pattern.search(text))]
        if found and settings is not None and all(settings.get(setting[0]) == setting[1] if (setting := setting_of(match.group())) else False
                                                  for pattern in patterns for match in pattern.finditer(text)):
            continue  # every condition said here is one the figure's clause writes in `at`
        if found:
            first = min(found, key=lambda match: match.start())
            candidate.doubts["at"] = f"{where} '{first.group()}'" + (": does it apply here?" if text is sentence.context else "")
            return
    candidate.at = settings or {}


def _settings(catalog: Catalog, candidate: Candidate, said: list[re.Match[str]], part_span: tuple[int, int]) -> dict[str, str] | None:
    """The `at` of a value whose sentence states only one-word settings ("with TensorRT-LLM", "650 TFLOP/s BF16
    compute"), all in the figure's own clause, one per kind, on a metric they bear on; else None."""
    metric = catalog.metrics.get(candidate.metric or "")
    if candidate.kind != "value" or metric is None or metric.family not in SETTING_FAMILIES:
        return None
    settings: dict[str, str] = {}
    for match in said:
        setting = setting_of(match.group())
        if setting is None or not part_span[0] <= match.start() < part_span[1] or settings.get(setting[0], setting[1]) != setting[1]:
            return None
        settings[setting[0]] = setting[1]
    return settings


def setting_of(word: str) -> tuple[str, str] | None:
    """(key, value) for a one-word condition ("FP8" -> precision fp8, "TRT-LLM" -> software tensorrt-llm)."""
    for key, pattern, value in _SETTINGS:
        if pattern.fullmatch(word):
            return key, value or word.lower()
    return None


def repeated(found: list[Candidate]) -> None:
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


def apart(found: list[Candidate]) -> None:
    """Two different figures of one system, comparator, model and metric in an article differ by something
    the drafter did not place (a scenario, a memory type, a batch size): a condition to write."""
    groups: dict[tuple, list[Candidate]] = {}
    for candidate in found:
        if candidate.aside and candidate.hedge and HEDGES.get(candidate.hedge) == "upper":
            continue  # "80GB (up to 96GB in some configurations)": a bound over other configurations, said with the figure it bounds
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

