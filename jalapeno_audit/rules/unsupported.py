"""A claim whose evidence is internal or absent.

A claim marked ``evidence: internal`` (results nobody outside can check, such as "in internal
testing") or ``evidence: none`` cannot be verified against anything published. The rule lists
them so that a report never repeats them as if they were measured. One finding per claim.

Passes: any claim without ``evidence`` (published is the default).

Fails: "its advantage widened further on frontier OpenAI models in internal testing"
(``evidence: internal``).
"""

from __future__ import annotations

from jalapeno_audit.rules.engine import INFO, Context, make_finding

ID = "unsupported"
SEVERITY = INFO


def check(context: Context):
    for claim in context.corpus.claims:
        if claim.evidence in ("internal", "none"):
            basis = "internal testing only" if claim.evidence == "internal" else "no evidence"
            message = f"{claim.full_id} by {claim.by} rests on {basis}: it cannot be checked against published figures"
            yield make_finding(ID, SEVERITY, message, (claim,), (f"evidence: {claim.evidence}",))
