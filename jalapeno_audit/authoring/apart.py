"""Figures of one kind that an article gives more than once, differently: set apart by a condition the reader writes.

Two different figures of one system, comparator, model and metric differ by something the drafter did not place (a
scenario, a memory type, a batch size, a board); a figure said again, rounded, is one figure.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.text.numbers import HEDGES


def _rounded_alike(group: list[Candidate], scale: Callable[[Candidate], Fraction]) -> bool:
    """Whether the figures, each in its metric's unit (``scale``), differ by less than 1 % ("2,400 tokens per second",
    "approximately 2,381.82", "2.4 tokens per millisecond"): one figure said again, rounded, not two that a condition
    sets apart."""
    try:
        values = [Fraction(str(c.figure).strip('"')) * scale(c) for c in group]
    except (ValueError, ZeroDivisionError):
        return False
    return min(values) > 0 and max(values) * 100 < min(values) * 101


def apart(found: list[Candidate], scale: Callable[[Candidate], Fraction] = lambda candidate: Fraction(1)) -> None:
    """Two different figures of one system, comparator, model and metric in an article differ by something
    the drafter did not place (a scenario, a memory type, a batch size): a condition to write."""
    groups: dict[tuple, list[Candidate]] = {}
    for candidate in found:
        if candidate.aside and candidate.hedge and HEDGES.get(candidate.hedge) == "upper":
            continue  # "80GB (up to 96GB in some configurations)": a bound over other configurations, said with the figure it bounds
        if candidate.system and candidate.metric and "system" not in candidate.doubts:
            key = (candidate.kind, candidate.system, candidate.vs, candidate.model, str(candidate.models), candidate.metric,
                   str(sorted(candidate.at.items())))
            groups.setdefault(key, []).append(candidate)
    for group in groups.values():
        if len({str(c.figure) for c in group}) > 1 and not _rounded_alike(group, scale):
            types = [c.memory_type for c in group]
            if all(types) and len({t.lower() for t in types if t}) == len(group) and not any("at" in c.doubts for c in group):
                # "96GB of HBM3 and up to 144GB of HBM3E": the memory type named with each figure sets them apart.
                for candidate in group:
                    candidate.at = {**candidate.at, "memory-type": (candidate.memory_type or "").lower()}
                continue
            for candidate in group:
                candidate.doubts.setdefault("at", f"the text gives {candidate.system} more than one {candidate.metric} figure: what sets them apart?")
    # A figure with no board beside other figures of the same kind measured on named boards ("1756 FPS (M.2) / 1946 FPS
    # (PCIe)", then "I achieved 2050 FPS"): which board is its own, the reader says.
    alike: dict[tuple, list[Candidate]] = {}
    for key, group in groups.items():
        alike.setdefault(key[:-1], []).extend(group)
    for group in alike.values():
        for candidate in group:
            if "form-factor" not in candidate.at and any("form-factor" in other.at and str(other.figure) != str(candidate.figure) for other in group):
                candidate.doubts.setdefault("at", f"the text gives {candidate.system} more than one {candidate.metric} figure: what sets them apart?")

