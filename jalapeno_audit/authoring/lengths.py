"""Input and output lengths a text states for a test in words, as `at` writes them (`isl`, `osl`).

A benchmark write-up says how long each request was: "Each request: a 200-token prompt asking for a 250-token
response", "(2,048 input, 128 output tokens, 8 cards)", "128 input tokens and 4,096 output tokens". The prompt, the
input or the context is the input sequence (`isl`); the response, the output, the completion or the answer the output
sequence (`osl`). A count of tokens generated ("247 tokens generated in 0.31 seconds") is a result, not a length set
for the test, and is not read here.
"""

from __future__ import annotations

import re

_COUNT = r"(\d{1,3}(?:,\d{3})+|\d+)"
#: The nouns that say which end of a request a count of tokens measures.
_INPUT = r"(?:prompts?|inputs?|input sequences?|contexts?)"
_OUTPUT = r"(?:responses?|outputs?|output sequences?|completions?|answers?)"
#: "a 200-token prompt", "2,048 input tokens", "an input of 128 tokens"; and "2,048 input, 128 output tokens", where
#: "tokens" after the second count is the first count's noun too.
_LENGTHS = (
    ("isl", re.compile(rf"(?<![\w.,]){_COUNT}[- ]tokens?\s+{_INPUT}\b|(?<![\w.,]){_COUNT}\s+(?:input|prompt)\s+tokens\b|"
                       rf"\b(?:input|prompt)\s+of\s+{_COUNT}\s+tokens\b|(?<![\w.,]){_COUNT}\s+input,?\s+(?:and\s+)?(?=[\d,]+\s+output\s+tokens\b)",
                       re.I)),
    ("osl", re.compile(rf"(?<![\w.,]){_COUNT}[- ]tokens?\s+{_OUTPUT}\b|(?<![\w.,]){_COUNT}\s+(?:output|response|completion)\s+tokens\b|"
                       rf"\b(?:output|response)\s+of\s+{_COUNT}\s+tokens\b", re.I)),
)


def stated_lengths(text: str) -> dict[str, str]:
    """The input and output lengths ``text`` states, each key once with one value; a key stated with two values
    ("a 128-token prompt and a 2,048-token prompt") is left out: which one a figure ran with, the text does not say."""
    found: dict[str, str] = {}
    for key, pattern in _LENGTHS:
        values = {next(group for group in match.groups() if group).replace(",", "") for match in pattern.finditer(text)}
        if len(values) == 1:
            found[key] = values.pop()
    return found
