"""The same figure, comparator and metric attached to different systems.

Retellings move a figure from the system it was measured on to another: a rack's "up to 30x
faster inference than the H100" becomes the superchip's, or a single GPU's. The rule is
comparator-mismatch turned round: it takes the ratio claims against one comparator and metric,
as written, and flags figures that agree but belong to different systems: a part and its whole
(``part_of`` in the catalog: a B200 is part of a GB200 superchip and of a GB200 NVL72 rack), two
members of a family, a family and its member, or a vague system and a named one. Figures agree
and conditions are compatible as in comparator-mismatch: a condition, model or average one claim
leaves out is unknown and named as dropped. The message names the systems and how they relate.
One finding per disputed figure, its claims grouped by system.

Passes: "30x" for the GB200 NVL72 rack and "up to 30x" for the same rack against the H100.

Fails: "30x faster real-time trillion-parameter LLM inference" for the GB200 NVL72 rack and
"up to 30 times faster" for one B200 GPU, both against the H100.
"""

from __future__ import annotations

from jalapeno_audit.rules import attribution
from jalapeno_audit.rules.engine import WARNING, Context

ID = "system-mismatch"
SEVERITY = WARNING


def check(context: Context):
    def thing(claim):
        return claim.system

    for anchor, metric, claims, groups in attribution.disputes(context, lambda c: c.vs, thing):
        yield attribution.finding(context, ID, SEVERITY, anchor, metric, claims, groups, thing, "system")
