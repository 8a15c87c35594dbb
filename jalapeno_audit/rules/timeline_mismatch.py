"""Dates of one event that cannot both hold.

Claims with ``date`` and the same ``event`` for the same system and model(s) describe one
event. Each date statement allows a window of days (``on`` one day, ``before`` up to the day
before, ``by`` and ``to`` up to the day, ``from`` from the day on); statements whose windows do not
all overlap cannot all be right. One finding per event, its claims in camps whose windows
overlap.

Passes: "deploy in very small volumes by the end of 2026" and "expected to start before the
end of 2026" (``by: 2026-12-31`` twice).

Fails: "deployment starts in 2027" (``from: 2027-01-01``) against "by the end of 2026".
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from jalapeno_audit.corpus.model import DATE, DateSpec
from jalapeno_audit.rules.disputes import camps_by_interval
from jalapeno_audit.rules.engine import WARNING, Context, make_finding
from jalapeno_audit.text.numbers import Interval

ID = "timeline-mismatch"
SEVERITY = WARNING


def check(context: Context):
    groups = defaultdict(list)
    for claim in context.corpus.claims:
        if claim.kind == DATE and claim.date is not None:
            groups[(claim.event, claim.system, claim.model_key)].append(claim)
    for (event, system, models), group in groups.items():
        camps = camps_by_interval(group, _days) if len(group) > 1 else []
        if len(camps) < 2:
            continue
        dated = " and ".join(" / ".join(dict.fromkeys(str(c.date) for c in camp)) for camp in camps)
        verdict = "both cannot hold" if len(group) == 2 else "they cannot all hold"
        message = f"'{event}' of {system or 'the model'} is dated {dated}: {verdict}"
        arithmetic = [f"{c.full_id}: {c.date} -> {_window(*_dates(c).window())}" for c in group]
        arithmetic.append("the windows do not all overlap: inconsistent")
        key = "|".join((event or "", system or "", "/".join(models)))
        labels = [f"agree on {_window(*_common_window(camp))}" for camp in camps]
        yield make_finding(ID, SEVERITY, message, group, arithmetic, key=key, groups=camps, labels=labels)


def _days(claim) -> Interval:
    """A date statement's window as an interval of day numbers."""
    start, end = claim.date.window()
    return Interval(
        None if start is None else Fraction(start.toordinal()),
        None if end is None else Fraction(end.toordinal()),
    )


def _dates(claim) -> DateSpec:
    assert claim.date is not None  # only dated claims are grouped
    return claim.date


def _common_window(camp):
    """The days every window of a camp allows."""
    starts = [c.date.window()[0] for c in camp if c.date.window()[0] is not None]
    ends = [c.date.window()[1] for c in camp if c.date.window()[1] is not None]
    return (max(starts) if starts else None, min(ends) if ends else None)


def _window(start, end) -> str:
    return f"[{start.isoformat() if start else '...'}, {end.isoformat() if end else '...'}]"
