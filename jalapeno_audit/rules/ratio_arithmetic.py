"""A stated ratio that does not follow from the stated absolute figures of both sides.

For every stated single ratio, the rule gathers the absolute figures stated anywhere in the
corpus (any source) for the system and for the comparator: same model, same metric, and the
conditions of each side (``at``, and ``vs_at`` for the comparator). Every combination gives a
ratio interval [a_lo / b_hi, a_hi / b_lo] (b/a on a lower-is-better metric). The ratio is
flagged only when no combination supports it; when the absolutes disagree among themselves,
value-mismatch says so. One finding per stated ratio. With --verbose, ratios that hold only
thanks to rounding or a hedge are listed.

Passes: "104.3x" against 12,258 and 118 tok/s/kW: 12,258/118 = 103.88, but the interval is
[103.44, 104.33], which meets 104.3's [104.25, 104.35].

Fails: "2.2x" against 1,459 and 535 tok/s/user: 1,459/535 is [2.7246, 2.7299].
"""

from __future__ import annotations

from jalapeno_audit.corpus.model import RATIO
from jalapeno_audit.rules.engine import ERROR, Context, describe_figure, make_finding, model_label, nominal_ratio, ratio_expression
from jalapeno_audit.text.numbers import fmt, rounding_interval

ID = "ratio-arithmetic"
SEVERITY = ERROR


def check(context: Context):
    corpus = context.corpus
    verdicts: dict = {}  # the same figure against the same absolutes is judged once
    for claim in corpus.claims:
        if claim.kind != RATIO or claim.bounds is not None or not claim.system or not claim.vs:
            continue
        derived = context.derived_ratios(claim)
        if not derived:
            continue
        key = (id(derived), claim.single.text, claim.approx)
        if key not in verdicts:
            verdicts[key] = _judge(context, claim, derived)
        supported, note = verdicts[key]
        if not supported:
            yield _finding(context, claim, derived, context.metric(claim).better == "lower")
        elif note is not None:
            a, b, text = note
            context.note(ID, (claim, a, b), text)


def _judge(context: Context, claim, derived):
    """(supported, note): whether any combination supports the ratio, and why, when only thanks
    to rounding or a hedge (a supported ratio whose written quotient alone would not match)."""
    corpus = context.corpus
    stated = corpus.interval(claim)
    lower_better = context.metric(claim).better == "lower"
    supporting = [d for d in derived if d[2].intersects(stated)]
    if not supporting:
        return False, None
    plain = rounding_interval(claim.figure)
    if any(plain.contains(nominal_ratio(corpus, a, b, lower_better)) for a, b, _ in supporting):
        return True, None  # the written figures agree outright: nothing to explain
    a, b, interval = supporting[0]
    quotient = nominal_ratio(corpus, a, b, lower_better)
    reason = "rounding" if interval.intersects(plain) else f"the hedge '{claim.approx}'"
    text = (
        f"{ratio_expression(a, b, lower_better)} = {_short(quotient)} against a stated {claim.figure_text()}: "
        f"consistent thanks to {reason}, because the interval is {interval} and the stated figure is {stated}"
    )
    return True, (a, b, text)


def _short(value) -> str:
    return fmt(value, places=2 if abs(value) >= 10 else 3)


def _finding(context: Context, claim, derived, lower_better: bool):
    corpus = context.corpus
    metric = context.metric(claim)
    # Claims in reading order of first mention, each once (by identity: comparing claims field by field is slow).
    involved = list({id(c): c for c in (claim, *(c for a, b, _ in derived for c in (a, b)))}.values())

    def lines():
        yield f"stated {claim.full_id}: {describe_figure(corpus, claim)}"
        # Many stated ratios rest on the same absolutes (derived lists are shared): written once.
        yield from context.memo(("ratio-arithmetic", id(derived), lower_better), lambda: _combinations(corpus, derived, lower_better))
        yield "no combination of the stated figures supports the ratio: inconsistent"

    best = derived[0]
    message = (
        f"{claim.figure_text()} {metric.name} for {claim.system} vs {claim.vs} ({model_label(claim)}) "
        f"does not follow from the stated figures ({ratio_expression(best[0], best[1], lower_better)} = "
        f"{_short(nominal_ratio(corpus, best[0], best[1], lower_better))})"
    )
    return make_finding(ID, SEVERITY, message, involved, lines, key=claim.full_id)


def _combinations(corpus, derived, lower_better: bool) -> list[str]:
    """'a/r / b/r: 1459/535 = 2.727 -> [2.7246, 2.7299]': each combination of absolutes and the ratio it gives."""
    lines = []
    for a, b, interval in derived:
        quotient = nominal_ratio(corpus, a, b, lower_better)
        lines.append(f"{a.full_id} / {b.full_id}: {ratio_expression(a, b, lower_better)} = {_short(quotient)} -> {interval}")
    return lines
