"""Conditions a text states more narrowly in one place than in another: readings that keep a paragraph's broader
words from leaving a figure's `at` to the reader."""

from __future__ import annotations

import re

#: A precision written with its block-scaling format ("MXFP8", "NVFP4"): a kind of the plain precision ("FP8", "FP4").
_SCALED = re.compile(r"(?:mx|nv)(?P<plain>fp\d+)", re.I)


def refines(narrow: str | None, broad: str) -> bool:
    """Whether the precision ``narrow`` is a kind of ``broad`` ("mxfp8" of "fp8", "nvfp4" of "fp4"): a text that says
    "FP8" in one place and "2,517 MXFP8 TFLOPS" in another says the same thing, more narrowly there."""
    scaled = _SCALED.fullmatch(narrow or "")
    return scaled is not None and scaled["plain"].lower() == broad.lower()
