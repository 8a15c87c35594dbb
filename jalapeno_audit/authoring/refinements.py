"""Readings that keep words around a figure from leaving its `at` to the reader when they say nothing of its
conditions: a condition said more narrowly in the figure's clause, a figure given to one device by its owner, a
scenario of another model's benchmark, a figure said again as the claim again rather than as a condition."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.sentences import name_index
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.names import name_pattern

#: A precision written with its block-scaling format ("MXFP8", "NVFP4"): a kind of the plain precision ("FP8", "FP4").
_SCALED = re.compile(r"(?:mx|nv)(?P<plain>fp\d+)", re.I)
#: A figure owned by one device, said with its possessive ("The accelerator's 140 cores promise 745 teraFLOPS",
#: "the chip's 192GB of memory"): a spec of that one device.
ONE_DEVICE_OWNER = re.compile(r"\b(?:the|this|that|its|each)\s+(?:chip|GPU|accelerator|card|device)[’']s\b", re.I)

#: A figure in a phrase that sets the scene for what follows ("At 100 tokens per second, Groq estimates ..."): from the
#: sentence's start or a break to the figure, a phrase opened by a preposition.
_FRONTED = re.compile(r"(?:^|[,;:\u2013\u2014]\s*)(?:at|with|for|under|around)\b[^,;:\u2013\u2014]*$", re.I)


def refines(narrow: str | None, broad: str) -> bool:
    """Whether the precision ``narrow`` is a kind of ``broad`` ("mxfp8" of "fp8", "nvfp4" of "fp4"): a text that says
    "FP8" in one place and "2,517 MXFP8 TFLOPS" in another says the same thing, more narrowly there."""
    scaled = _SCALED.fullmatch(narrow or "")
    return scaled is not None and scaled["plain"].lower() == broad.lower()


def anothers_benchmark(catalog: Catalog, text: str, start: int, model: str | None) -> bool:
    """Whether a scenario at ``start`` is written as the benchmark of a model other than ``model``, the one the figure's
    clause names ("107,317 tokens per second in the Llama2 70B server scenario and 42,721 tokens per second on
    DeepSeek-R1": the DeepSeek-R1 figure's scenario is not said)."""
    before = text[:start].rstrip()
    owner = next((model_id for name, model_id in name_index(catalog, "models").items()
                  if re.search(rf"(?i)(?<![\w-]){name_pattern(name)}$", before)), None)
    return model is not None and owner is not None and owner != model


def repeated(found: list[Candidate]) -> None:
    """A figure its paragraph already gave for the same system, model, metric and conditions, said again in a phrase that
    sets the scene for what follows ("what 100 tokens per second looks like ... At 100 tokens per second, Groq
    estimates ..."), may be a condition of the next figure rather than a claim: left to the reader. Said again as its
    sentence's own statement ("Each chip boasts 745 teraFLOPS of FP8 ... The accelerator's cores promise up to 745
    teraFLOPS of FP8"), it is the claim again."""
    stated: set[tuple] = set()
    for candidate in found:
        if candidate.kind != "value" or candidate.doubts:
            continue
        key = (candidate.paragraph, candidate.system, candidate.model, candidate.metric, str(candidate.figure), candidate.unit,
               str(sorted(candidate.at.items())))
        if key in stated and _FRONTED.search(candidate.quote[:candidate.start]):
            candidate.doubts["at"] = "its paragraph gave this figure already: the same claim again, or a condition of the next?"
        stated.add(key)


def restated_with_a_statistic(found: list[Candidate]) -> None:
    """A figure the article states elsewhere, for the same system and metric, with a statistic ("- Power: 2.5W typical"
    beside the summary's "26 TOPS INT8 @ 2.5W"): whether the bare mention is of that statistic too is the reader's to say."""
    with_statistic = {(c.system, c.metric, str(c.figure), c.unit): c.at["statistic"] for c in found if "statistic" in c.at}
    for candidate in found:
        statistic = with_statistic.get((candidate.system, candidate.metric, str(candidate.figure), candidate.unit))
        if candidate.kind == "value" and statistic and "statistic" not in candidate.at and "at" not in candidate.doubts:
            candidate.doubts["at"] = f"the article gives this figure elsewhere as '{statistic}': is this mention of it too?"
