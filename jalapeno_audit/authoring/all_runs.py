"""A device count the article states for all its runs ("In both tests, all systems used eight accelerators/GPUs.").

A sentence whose subject is every system, result or run of the article and whose one content is how many devices they
used says so of each figure the article gives of a run (a speed, a latency, a time to train), though that figure's own
sentence names no count. The count is written under the noun the text counts with first ("accelerators/GPUs" is
accelerators). Counts that two such sentences state differently, or a sentence that holds a figure besides the count,
say no one count: nothing is written.
"""

from __future__ import annotations

import re

from jalapeno_audit.authoring.counted import NUMBER_WORDS
from jalapeno_audit.text.figures import read_figures

#: "all systems used eight accelerators", "every submission ran on 8 GPUs", "all results were measured on a single node".
_ALL_RUNS = re.compile(
    r"\b(?:all|every|each)\s+(?:of\s+the\s+)?(?:systems?|submissions?|results?|runs?|entries|configurations?)\s+"
    r"(?:used|were\s+(?:run|measured|tested)\s+(?:on|with)|ran\s+(?:on|with))\s+"
    r"(?P<count>\d{1,3}|one|two|four|eight|sixteen|a\s+single)\s+(?P<noun>GPU|chip|accelerator|card|node)s?(?:/[A-Za-z]+)?\b"
    r"(?!\s+(?:per|each|in\s+each|a|an)\b)", re.I)
#: Words that make an exception to "all" ("all systems used eight GPUs, except ...").
_EXCEPT = re.compile(r"\b(?:except|but|apart\s+from|other\s+than|save|unless|while|whereas)\b", re.I)


def all_runs(texts: list[str]) -> dict[str, str]:
    """The device count (`at` key and value) that sentences of the article (``texts``) state for all its runs; {} when
    none does, when two differ, or when such a sentence makes an exception or holds a figure besides its count."""
    found: set[tuple[str, str]] = set()
    for text in texts:
        for match in _ALL_RUNS.finditer(text):
            if _EXCEPT.search(text) or any(reading.label for reading in read_figures(text[:match.start("count")] + text[match.end():])):
                return {}
            count = match["count"].lower().split()[-1]
            found.add((f"{match['noun'].lower()}s", NUMBER_WORDS.get(count, count)))
    return dict(found) if len(found) == 1 else {}
