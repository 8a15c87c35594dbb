"""Conditions a text states more narrowly in one place than in another, and figures it gives to one device by
their owner: readings that keep a paragraph's broader words from leaving a figure's `at` to the reader."""

from __future__ import annotations

import re

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
