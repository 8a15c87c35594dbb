"""Dates of one event that cannot both hold.

Claims with ``date`` and the same ``event`` for the same system and model(s) describe one
event. Each date statement allows a window of days (``on`` one day, ``before`` up to the day
before, ``by`` and ``to`` up to the day, ``from`` from the day on); two statements whose windows
do not overlap cannot both be right. One finding per pair.

Passes: "deploy in very small volumes by the end of 2026" and "expected to start before the
end of 2026" (``by: 2026-12-31`` twice).

Fails: "deployment starts in 2027" (``from: 2027-01-01``) against "by the end of 2026".
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from jalapeno_audit.corpus.model import DATE
from jalapeno_audit.rules.engine import WARNING, Context, make_finding
from jalapeno_audit.rules.sweep import disjoint_pairs
from jalapeno_audit.text.numbers import Interval

ID = "timeline-mismatch"
SEVERITY = WARNING


def check(context: Context):
    groups = defaultdict(list)
    for claim in context.corpus.claims:
        if claim.kind == DATE and claim.date is not None:
            groups[(claim.event, claim.system, claim.model_key)].append(claim)
    for (event, system, _), group in groups.items():
        for a, b in disjoint_pairs(group, _days):
            (a_from, a_to), (b_from, b_to) = a.date.window(), b.date.window()
            message = f"'{event}' of {system or 'the model'} is dated {a.date} and {b.date}: both cannot hold"
            arithmetic = (
                f"{a.full_id}: {a.date} -> {_window(a_from, a_to)}",
                f"{b.full_id}: {b.date} -> {_window(b_from, b_to)}",
                "the windows do not overlap: inconsistent",
            )
            yield make_finding(ID, SEVERITY, message, (a, b), arithmetic)


def _days(claim) -> Interval:
    """A date statement's window as an interval of day numbers."""
    start, end = claim.date.window()
    return Interval(
        None if start is None else Fraction(start.toordinal()),
        None if end is None else Fraction(end.toordinal()),
    )


def _window(start, end) -> str:
    return f"[{start.isoformat() if start else '...'}, {end.isoformat() if end else '...'}]"
