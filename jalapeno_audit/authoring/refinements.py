"""Conditions a text states more narrowly in one place than in another, and figures it gives to one device by
their owner: readings that keep a paragraph's broader words from leaving a figure's `at` to the reader."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.sentences import name_index, name_pattern
from jalapeno_audit.corpus.catalog import Catalog

#: A precision written with its block-scaling format ("MXFP8", "NVFP4"): a kind of the plain precision ("FP8", "FP4").
_SCALED = re.compile(r"(?:mx|nv)(?P<plain>fp\d+)", re.I)
#: A figure owned by one device, said with its possessive ("The accelerator's 140 cores promise 745 teraFLOPS",
#: "the chip's 192GB of memory"): a spec of that one device.
ONE_DEVICE_OWNER = re.compile(r"\b(?:the|this|that|its|each)\s+(?:chip|GPU|accelerator|card|device)[’']s\b", re.I)


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
