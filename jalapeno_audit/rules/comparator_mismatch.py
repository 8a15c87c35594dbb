"""The same figure compared against different comparators, or against a vague or family one.

Retellings move a figure from one comparator to another ("1.9x the GB200" becomes "1.9x
Blackwell" or "1.9x leading commercial systems"). The rule takes the ratio claims about one
system and metric, as written, and flags figures that agree but are set against different
comparators: two members of a family, a family and one of its members (the family claims more
than the member measured), a part and its whole, or a named comparator and a vague one (a
catalog system marked ``vague``). Figures are the same figure when each written number lies in
the other's interval (a bound such as "up to 1.6x" counts as its written number; ranges at both
bounds). Conditions need only be
compatible: no key with two values; a condition, a model or an average one claim leaves out is
unknown, and the message names it as dropped. Model scopes meet when one is unspecified or
covers the other. A lone claim against a vague comparator is not a finding. One finding per
disputed figure, its claims grouped by comparator.

Passes: "1.9x the GB200" and "1.5x the GB300" for GPT-OSS 120B: different figures.

Fails: "1.5–1.9x more work per watt than the comparison systems" (OpenAI's "leading
commercially available AI systems") against "1.5x to 1.9x" against Nvidia Blackwell.
"""

from __future__ import annotations

from jalapeno_audit.rules import attribution
from jalapeno_audit.rules.engine import WARNING, Context

ID = "comparator-mismatch"
SEVERITY = WARNING


def check(context: Context):
    def thing(claim):
        return claim.vs

    for anchor, metric, claims, groups in attribution.disputes(context, lambda c: c.system, thing):
        yield attribution.finding(context, ID, SEVERITY, anchor, metric, claims, groups, thing, "comparator")
