"""A figure its source says it projected: `basis: projected` in its `at`."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.candidate import Candidate

#: A forecast reported as one: what a system would or will do, said as its source's projection ("the company projected
#: its Gaudi 3 AI accelerator would offer 1.5x ...") or expectation ("it expects Envise to provide about six times ...",
#: "is expected to deliver").
_PROJECTED = re.compile(r"\bproject(?:ed|s)\b.*\b(?:would|will)\b|\bexpect(?:s|ed)?\b(?:\s+[\w’'-]+){0,4}?\s+to\s+[a-z]+", re.I)


def projected(candidate: Candidate, text: str, part_start: int) -> None:
    """Write `basis: projected` for a figure its own clause, before it, reports as a projection of what a system would
    or will do. A projection said in another clause ("projected a 90% gain – but delivered a 103% gain") is that
    clause's figure's; "projects a 40 percent faster training time" names no forecast result apart from the figure and
    is left as the text gives it."""
    if "basis" not in candidate.at and _PROJECTED.search(text[part_start:candidate.start]):
        candidate.at = {**candidate.at, "basis": "projected"}
