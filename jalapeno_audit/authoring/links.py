"""How many links an interconnect figure is of: `links` in its `at`.

"an Ethernet-based interconnect capable of 1TBps of total bandwidth across its 10 400Gbps links": the total is of ten
links (`links: 10`), the speed written right before the word "links" is one link's (`links: 1`). Only what the
figure's clause writes after the figure is read; a figure of no interconnect metric has no links.
"""

from __future__ import annotations

import re

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.counted import NUMBER_WORDS
from jalapeno_audit.corpus.catalog import Metric

#: A total over a count of links, after the figure ("... of total bandwidth across its 10 400Gbps links").
_ACROSS = re.compile(r"[^,;.]*?\bacross\s+(?:its|the|their|all)?\s*(?P<n>\d+|two|four|eight|sixteen)\s+(?:[\w-]+\s+)?links\b", re.I)
#: One link's speed: its unit, then the word ("400Gbps links"); not a compound ("1.8 TB/s link bandwidth" may be a total).
_EACH = re.compile(r"\s*[A-Za-z/]+\s+links?\b(?!\s+(?:bandwidth|speed|rate|throughput|capacity)\b)", re.I)


def links(candidate: Candidate, text: str, metric: Metric | None) -> dict[str, str]:
    """`links` for a value of an interconnect metric whose clause says how many links it is of; else {}."""
    if metric is None or metric.family != "interconnect" or candidate.kind != "value":
        return {}
    if _EACH.match(text, candidate.end):
        return {"links": "1"}
    across = _ACROSS.match(text, candidate.end)
    return {"links": NUMBER_WORDS.get(across["n"].lower(), across["n"])} if across else {}
