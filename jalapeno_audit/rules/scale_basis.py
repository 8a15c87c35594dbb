"""A ratio between different numbers of devices: the per-device ratio, and per-device claims checked against it.

A rack of 72 GPUs against one GPU, or against an 8-GPU server, is a comparison of scale as much
as of chips. Each side's device count is its ``gpus`` condition (``at: {gpus: 72}``,
``vs_at: {gpus: 8}``) or, without one, the devices the catalog's ``part_of`` counts put in the
system (a GB200 NVL72 rack holds 72 B200s; a system nothing is part of counts as one). For
ratio claims on a higher-is-better metric whose sides differ in device count, the rule shows
the ratio per device: the stated ratio times the comparator's count over the system's
(30x for 72 GPUs against 8 is 3.33x per GPU). Lower-is-better figures (latency, energy or cost
per request) are per request, not per device, and are left alone. Claims of the same
comparison stated per device (``at: {basis: per-gpu}``) are checked against it: the message
says whether they agree. One finding per system, comparator and device counts (info).

Passes: "1.6x" for an 8-GPU MI300X server against an 8-GPU H100 server: the same count.

Fails: (info) "30x" for the GB200 NVL72 rack against the H100: 72 devices against 1, so
0.417x per device.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from jalapeno_audit.corpus.model import RATIO, Claim
from jalapeno_audit.rules.engine import INFO, Context, describe_figure, make_finding
from jalapeno_audit.text.numbers import fmt

ID = "scale-basis"
SEVERITY = INFO
PER_DEVICE = frozenset(("per-gpu", "per-device", "per-chip", "per-accelerator"))
COUNT_KEY = "gpus"


def check(context: Context):
    scaled: dict[tuple, list[Claim]] = defaultdict(list)
    per_device: list[Claim] = []
    for claim in context.corpus.claims:
        if claim.kind != RATIO or not claim.system or not claim.vs or context.metric(claim).better != "higher":
            continue
        if claim.conditions().get("basis") in PER_DEVICE:
            per_device.append(claim)
            continue
        counts = (_count(context, claim.system, claim.conditions()), _count(context, claim.vs, claim.comparator_conditions()))
        if None not in counts and counts[0] != counts[1]:
            scaled[(claim.system, claim.vs, *counts)].append(claim)
    for (system, vs, mine, theirs), claims in scaled.items():
        yield _finding(context, system, vs, mine, theirs, claims, per_device)


def _count(context: Context, system: str, conditions: dict) -> int | None:
    """The side's device count: its gpus condition when it is a whole number, else the catalog's."""
    stated = conditions.get(COUNT_KEY)
    if stated is None:
        return context.devices(system)
    return int(stated) if stated.isdigit() and int(stated) > 0 else None


def _finding(context: Context, system: str, vs: str, mine: int, theirs: int, claims: list[Claim], per_device: list[Claim]):
    corpus = context.corpus
    factor = Fraction(theirs, mine)
    scaled = {c.full_id: corpus.range_interval(c).scale(factor) for c in claims}
    lines = [f"{c.full_id}: {describe_figure(corpus, c)}; x {theirs}/{mine} -> {scaled[c.full_id]} per device" for c in claims]
    shown = "; ".join(f"{c.figure_text()} -> {_nominal(c, factor)}x" for c in {c.figure_text(): c for c in claims}.values())
    checked, involved = [], list(claims)
    for other in per_device:
        direction = context.orientation(claims[0], other)
        if direction is None or context.metric(other).family != context.metric(claims[0]).family:
            continue
        interval = context.oriented_interval(other, direction)
        agrees = [c for c in claims if scaled[c.full_id].intersects(interval)]
        verdict = f"agrees with {agrees[0].full_id} per device" if agrees else "matches none of them per device"
        checked.append(f"{other.full_id} ({other.figure_text()} per device) {verdict}")
        lines.append(f"per-device claim {other.full_id}: {interval}: {verdict}")
        involved.append(other)
    message = f"{system} ({_devices(mine)}) vs {vs} ({_devices(theirs)}): per device, {shown}"
    if checked:
        message += "; " + "; ".join(checked)
    return make_finding(ID, SEVERITY, message, involved, lines, key=f"{system}|{vs}|{mine}|{theirs}")


def _devices(count: int) -> str:
    return "1 device" if count == 1 else f"{count} devices"


def _nominal(claim: Claim, factor: Fraction) -> str:
    """The written figure (or range) times the factor: '0.417', '0.021–0.026'."""
    figures = claim.bounds if claim.bounds is not None else (claim.single,)
    return "–".join(fmt(f.value * factor, places=3) for f in figures)
