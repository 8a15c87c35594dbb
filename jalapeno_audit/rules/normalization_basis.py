"""Per-power figures normalised by a power other than the one measured.

A per-power figure (tokens/sec per kW) is raw throughput divided by a power, and the choice of
power decides the comparison: a rated power, a measured one, a chip's or a whole server's. For
each system, comparator and model compared on a per-power metric (``per_power_of`` in the
catalog) where both sides have a stated ``rated-power``, the rule shows the raw throughput the
figures imply (per-kW figure x rated kW) for each side and the ratio of those raw figures, next
to the per-power ratio. When the system's stated ``measured-power`` lies below its rating, it says
so: normalised by measured power, its figure would be higher still. One finding per system,
comparator and model (info).

Passes: per-power figures with no rated power stated for either side: there is no basis to show.

Fails: (info) 85,448 tok/s/kW at a rated 700 W against 44,960 at a rated 1,200 W: raw 59,814
against 53,952 tok/s, a 1.11x raw ratio behind the 1.9x per-kW one; measured power is 550 W or less.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

from jalapeno_audit.corpus.model import RATIO, VALUE
from jalapeno_audit.rules.engine import INFO, Context, make_finding, nominal_ratio
from jalapeno_audit.text.numbers import Interval, fmt, ratio_interval

ID = "normalization-basis"
SEVERITY = INFO
RATED, MEASURED = "rated-power", "measured-power"


def check(context: Context):
    corpus = context.corpus
    power = defaultdict(list)  # (system, metric) -> power claims
    per_power = defaultdict(list)  # (system, model) -> per-power value claims
    for claim in corpus.claims:
        if claim.kind != VALUE or claim.bounds is not None or not claim.system or not claim.metric:
            continue
        if claim.metric in (RATED, MEASURED):
            power[(claim.system, claim.metric)].append(claim)
        elif corpus.catalog.metrics[claim.metric].per_power_of and len(claim.model_key) == 1:
            per_power[(claim.system, claim.model_key[0])].append(claim)
    members = defaultdict(set)  # (family, model) -> member systems with per-power figures for the model
    for system, model in per_power:
        members[(context.family(system), model)].add(system)
    seen = set()
    for claim in corpus.claims:
        if claim.kind != RATIO or claim.bounds is not None or len(claim.model_key) != 1 or not claim.vs or not claim.system:
            continue
        if not context.metric(claim).per_power_of:
            continue
        model = claim.model_key[0]
        for comparator in _concrete(claim.vs, model, per_power, members):
            key = (claim.system, comparator, model)
            if key in seen or not per_power.get((claim.system, model)):
                continue
            seen.add(key)
            if power.get((claim.system, RATED)) and power.get((comparator, RATED)):
                finding = _finding(context, claim.system, comparator, model, per_power, power)
                if finding is not None:
                    yield finding


def _concrete(vs: str, model: str, per_power, members) -> list[str]:
    """The comparator itself, or the members of a family that have per-power figures for the model."""
    if (vs, model) in per_power:
        return [vs]
    return sorted(s for s in members.get((vs, model), ()) if s != vs)


def _finding(context: Context, system: str, comparator: str, model: str, per_power, power):
    corpus = context.corpus
    rated_a, rated_b = power[(system, RATED)][0], power[(comparator, RATED)][0]
    mine = per_power[(system, model)]
    theirs = per_power[(comparator, model)]
    involved = [*mine, *theirs, rated_a, rated_b]
    lines = []
    raw_ratio_text = ""
    for conditions in sorted({c.at for c in mine} & {c.at for c in theirs}):
        a = next(c for c in mine if c.at == conditions)
        b = next(c for c in theirs if c.at == conditions)
        raw_a, raw_b = _raw(context, a, rated_a), _raw(context, b, rated_b)
        where = ", ".join(f"{k}={v}" for k, v in conditions) or "no conditions"
        raw = ratio_interval(raw_a, raw_b)
        # The products and ratios of the figures as written, as a reader redoes them; the interval is what rounding allows.
        stated_a, stated_b = _stated_raw(context, a, rated_a), _stated_raw(context, b, rated_b)
        stated_per_kw = nominal_ratio(corpus, a, b, lower_better=False)
        lines.append(
            f"{where}: {system} {a.figure.text} x {rated_a.figure.text} W = {_whole(stated_a)} tok/s; "
            f"{comparator} {b.figure.text} x {rated_b.figure.text} W = {_whole(stated_b)} tok/s; "
            f"raw ratio {fmt(stated_a / stated_b, places=3)}x {raw} against per-kW ratio {fmt(stated_per_kw, places=3)}x"
        )
        if not raw_ratio_text:
            raw_ratio_text = f"raw throughput ratio {fmt(stated_a / stated_b, places=2)}x against {fmt(stated_per_kw, places=2)}x per kW"
    measured_note = ""
    for measured in power.get((system, MEASURED), ()):
        m_interval, r_interval = corpus.interval(measured), corpus.interval(rated_a)
        if m_interval.hi is not None and r_interval.lo is not None and m_interval.hi < r_interval.lo:
            involved.append(measured)
            measured_note = f"; measured power ({measured.figure_text('W')}) is below the rated {rated_a.figure.text} W"
            lines.append(f"{measured.full_id}: measured {measured.figure_text('W')} < rated {rated_a.figure.text} W: per measured kW the figures would be higher")
            break
    if not lines:
        return None
    message = (
        f"{system} vs {comparator} ({model}): per-kW figures are normalised by rated power "
        f"({rated_a.figure.text} W vs {rated_b.figure.text} W); {raw_ratio_text}{measured_note}"
    )
    return make_finding(ID, SEVERITY, message, involved, lines, key=f"{system}|{comparator}|{model}")


def _raw(context: Context, figure_claim, rated_claim) -> Interval:
    """Per-power interval x rated power in the metric's power unit."""
    corpus = context.corpus
    rated = corpus.interval(rated_claim).scale(_power_factor(context, figure_claim))
    per = corpus.interval(figure_claim)
    # Unhedged values: both intervals are bounded.
    assert None not in (per.lo, per.hi, rated.lo, rated.hi)
    return Interval(per.lo * rated.lo, per.hi * rated.hi)  # type: ignore[operator]


def _stated_raw(context: Context, figure_claim, rated_claim) -> Fraction:
    """Per-power figure x rated power, both as written, in the metric's power unit."""
    corpus = context.corpus
    return (figure_claim.single.value * corpus.unit_factor(figure_claim) * rated_claim.single.value * corpus.unit_factor(rated_claim)
            * _power_factor(context, figure_claim))


def _power_factor(context: Context, figure_claim) -> Fraction:
    """What turns a rated power into the power unit a per-power figure's metric is stated in (W into kW)."""
    catalog = context.corpus.catalog
    return catalog.conversion(catalog.metrics[RATED].unit, context.metric(figure_claim).power_unit or "kW") or Fraction(1)


def _whole(value: Fraction) -> str:
    """A product to the nearest whole number, a half rounded up (12,736.5 tok/s is written 12,737)."""
    return f"{math.floor(value + Fraction(1, 2)):,}"
