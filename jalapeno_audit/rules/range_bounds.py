"""A range whose members fall outside it, or whose bound no member attains.

A range such as "1.5x to 1.9x across the three published models" (``ratio: [lo, hi]`` with
``models:``) summarises one figure per model. Its members are the stated single figures for
those models under the same comparison and conditions, and the ratios derived from stated
absolute figures of both sides. A member whose interval lies wholly outside the range is an
error. A bound that no member's interval reaches (the range claims a low or high that no model
shows) is a warning. One finding per range, listing the offending members.

Passes: "1.7–3.6x lower end-to-end latency" with latencies 1.03/1.80, 1.65/5.99, 1.56/5.31
(1.75x, 3.63x, 3.40x): every member is inside and both bounds are reached.

Fails: "2.1–4.1x" for interactive workloads while per-user speed-ups are 1459/535 = 2.73,
700/169 = 4.14 and 694/182 = 3.81: no model reaches 2.1 (a warning).
"""

from __future__ import annotations

from jalapeno_audit.corpus.model import RATIO, VALUE
from jalapeno_audit.rules.engine import ERROR, WARNING, Context, describe_figure, make_finding, nominal_ratio, ratio_expression
from jalapeno_audit.text.numbers import fmt

ID = "range-bounds"
SEVERITY = ERROR  # members outside the range; an unattained bound is a WARNING
SEVERITIES = (ERROR, WARNING)  # every severity it can give, as the README lists them


def check(context: Context):
    for claim in context.corpus.claims:
        if claim.bounds is None or claim.kind not in (RATIO, VALUE) or not claim.system:
            continue
        members = _unique(_members(context, claim))
        if not members:
            continue
        finding = _judge(context, claim, members)
        if finding is not None:
            yield finding


def _members(context: Context, claim):
    """(label, claims, interval) for each figure the range summarises, per model."""
    corpus = context.corpus
    for model in claim.model_key:
        key = (model,)
        if claim.kind == VALUE:
            for value in context.side_values(claim.system, key, claim.metric, claim.conditions()):
                yield f"{model}: {value.figure_text()} -> {corpus.interval(value)}", (value,), corpus.interval(value)
            continue
        lower_better = context.metric(claim).better == "lower"
        for stated in _stated_ratios(context, claim, key):
            member, direction = stated
            interval = context.oriented_interval(member, direction)
            yield f"{member.full_id}: {member.figure_text()} -> {interval}", (member,), interval
        for a, b, interval in context.derived_ratios(claim, key, bounded_only=True):
            text = f"{ratio_expression(a, b, lower_better)} = {fmt(nominal_ratio(corpus, a, b, lower_better), places=3)}"
            yield f"{model}: {text} -> {interval}", (a, b), interval


def _unique(members) -> list:
    """One member per distinct label: a figure repeated by several claims is one member."""
    seen: dict = {}
    for label, claims, interval in members:
        seen.setdefault(label, (label, claims, interval))
    return list(seen.values())


def _stated_ratios(context: Context, claim, key):
    families = tuple(sorted((context.family(claim.system), context.family(claim.vs))))
    metric = context.metric(claim)
    for member in context.ratios.get((families, key, metric.family), ()):
        if member.metric != claim.metric or member.bounds is not None:
            continue
        direction = context.orientation(claim, member)
        if direction is None:
            continue
        if context.oriented_conditions(claim, 1) != context.oriented_conditions(member, direction):
            continue
        yield member, direction


def _judge(context: Context, claim, members):
    corpus = context.corpus
    whole = corpus.range_interval(claim)
    outside = [m for m in members if not m[2].intersects(whole)]
    unattained = []
    for which, name in ((0, "low"), (1, "high")):
        bound = corpus.bound_interval(claim, which)
        if not any(m[2].intersects(bound) for m in members):
            unattained.append((name, claim.bounds[which].text, bound))
    if not outside and not unattained:
        return None
    involved = list({id(c): c for c in (claim, *(c for _, claims, _ in members for c in claims))}.values())
    lines = [f"range {claim.full_id}: {describe_figure(corpus, claim)}"]
    lines += [f"member {label}" for label, _, _ in members]
    parts = []
    if outside:
        parts.append(f"{len(outside)} member(s) outside it: " + "; ".join(label for label, _, _ in outside))
    for name, text, bound in unattained:
        parts.append(f"no member reaches the {name} bound {text} {bound}")
    lines.append("verdict: " + "; ".join(parts))
    severity = ERROR if outside else WARNING
    metric = context.metric(claim)
    subject = f"{claim.system} vs {claim.vs}" if claim.vs else claim.system
    message = f"range {claim.figure_text()} ({metric.name}, {subject}): " + "; ".join(parts)
    return make_finding(ID, severity, message, involved, lines, key=claim.full_id)
