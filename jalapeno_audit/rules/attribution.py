"""An agreeing figure attached to different things: shared by comparator-mismatch and system-mismatch.

Both rules look at the ratio claims about one thing and one metric (the system, for
comparator-mismatch; the comparator, for system-mismatch) and ask whether the same figure is
attached to different things on the other side. Two claims conflict when

- the things differ: any two different catalog ids, so a family and its member, a part and its
  whole, two siblings, or a vague name and a specific one;
- their figures are the same figure: each written number lies in the other's interval, approximate
  hedges widening as usual but a bound ("up to 30x") standing for its written number only, since a
  bound agrees with every smaller figure and is not the same figure as any of them ("10x", known
  only to the ten, meets "7x" but is not the same figure); two ranges agree at both bounds; a single
  figure and a range never do;
- their conditions are compatible: no key of either side has two different values (a key one
  claim does not state is unknown, and the finding names it as dropped); the model scopes are
  compatible (equal, one unspecified, or one containing the other: a list holding the model, a
  model family holding its member); an average and an unqualified figure are compatible.

Claims are read as written (the system side is ``system``). A finding is one disputed figure:
a connected set of conflicting claims, split into groups that hold no conflicting pair.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from jalapeno_audit.corpus.model import RATIO, Claim, reading
from jalapeno_audit.rules.disputes import camps_by_label, grouped, high_end, low_end, reading_order
from jalapeno_audit.rules.engine import Context, describe_figure, make_finding, model_label
from jalapeno_audit.text.numbers import APPROX, HEDGES, Interval, fmt, rounding_interval


@dataclass(frozen=True, eq=False)  # compared by identity: claims with one written profile share one object
class Profile:
    """What decides a claim's conflicts: its thing, figure, conditions, scope and aggregate."""

    thing: str  # the system (system-mismatch) or comparator (comparator-mismatch) it attaches the figure to
    bounds: tuple[Interval, ...]  # one interval, or the two bounds of a range
    points: tuple[Fraction, ...]  # the numbers as written (in the metric's terms), one per interval
    at: tuple
    vs_at: tuple
    models: tuple[str, ...]
    aggregate: str | None

    @property
    def lo(self) -> Fraction:
        return low_end(self.bounds[0])

    @property
    def hi(self) -> Fraction:
        return high_end(self.bounds[0])


def figure_interval(context: Context, claim: Claim) -> Interval:
    """A single figure's interval for attribution: hedged when approximate, its written number when a bound."""
    if claim.approx and HEDGES.get(claim.approx) != APPROX:
        return rounding_interval(claim.single)
    return context.corpus.interval(claim)


def _profile(context: Context, claim: Claim, thing: str) -> Profile:
    if claim.bounds is not None:
        bounds: tuple[Interval, ...] = (context.corpus.bound_interval(claim, 0), context.corpus.bound_interval(claim, 1))
        points: tuple[Fraction, ...] = (claim.bounds[0].value, claim.bounds[1].value)
    else:
        bounds, points = (figure_interval(context, claim),), (claim.single.value,)
    return Profile(thing, bounds, points, claim.at, claim.vs_at, claim.model_key, claim.aggregate)


def disputes(context: Context, anchor_of, thing_of):
    """(anchor, metric, claims, groups) for each disputed figure.

    ``anchor_of(claim)`` is what the claims must share (system or comparator), ``thing_of(claim)``
    what the figure is attached to (comparator or system).
    """
    by_anchor: dict[tuple, list[Claim]] = defaultdict(list)
    for claim in context.corpus.claims:
        if claim.kind == RATIO and claim.system and claim.vs:
            by_anchor[(anchor_of(claim), claim.metric)].append(claim)
    for (anchor, metric), claims in by_anchor.items():
        if len({thing_of(c) for c in claims}) < 2:
            continue
        # Claims written alike share one profile, keyed by their text, not by hashing Fractions.
        keyed: dict[tuple, Profile] = {}
        holders: dict[Profile, list[Claim]] = defaultdict(list)
        for claim in claims:
            key = _written(claim, thing_of(claim))
            profile = keyed.get(key)
            if profile is None:
                profile = keyed[key] = _profile(context, claim, thing_of(claim))
            holders[profile].append(claim)
        profiles = list(holders)
        edges = _conflicts(context, profiles)
        for component in _components(profiles, edges):
            members = sorted((c for p in component for c in holders[p]), key=reading_order)
            groups = [sorted((c for p in clique for c in holders[p]), key=reading_order) for clique in _camps(component, edges)]
            groups.sort(key=lambda g: [reading_order(c) for c in g])
            yield anchor, metric, members, groups


def _written(claim: Claim, thing: str) -> tuple:
    """Everything a profile is made of, as written."""
    figures = (claim.bounds[0].text, claim.bounds[1].text) if claim.bounds is not None else (claim.single.text,)
    return (thing, figures, claim.approx, claim.exact, claim.unit, claim.at, claim.vs_at, claim.model_key, claim.aggregate)


def _camps(component: list[Profile], edges: set) -> list[list[Profile]]:
    """Maximal sets of profiles of one disputed figure with no conflicting pair."""

    def at_peace(a, b) -> bool:
        return (a, b) not in edges

    return camps_by_label(component, lambda p: p, at_peace)


def _conflicts(context: Context, profiles: list[Profile]) -> set[tuple[Profile, Profile]]:
    """Conflicting pairs (both orders), found by sweeping profiles sorted by their first interval."""
    ordered = sorted(profiles, key=lambda p: (p.lo, len(p.bounds)))
    edges: set[tuple[Profile, Profile]] = set()
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b.lo > a.hi:
                break
            if a.thing != b.thing and _agree(a, b) and compatible(context, a, b):
                edges.update(((a, b), (b, a)))
    return edges


def _agree(a: Profile, b: Profile) -> bool:
    """The same figure: each written number lies in the other's interval (so "10x", known only to the ten, is not "7x")."""
    if len(a.bounds) != len(b.bounds):
        return False
    return all(
        interval_b.contains(point_a) and interval_a.contains(point_b)
        for interval_a, point_a, interval_b, point_b in zip(a.bounds, a.points, b.bounds, b.points, strict=True)
    )


def compatible(context: Context, a: Profile, b: Profile) -> bool:
    """No condition with two values on either side, and model scopes that can be one scope."""
    return _same_where_both(dict(a.at), dict(b.at)) and _same_where_both(_merged(a), _merged(b)) and scopes_compatible(context, a.models, b.models)


def _merged(profile: Profile) -> dict:
    merged = dict(profile.at)
    merged.update(profile.vs_at)
    return merged


def _same_where_both(a: dict, b: dict) -> bool:
    return all(b[key] == value for key, value in a.items() if key in b)


def scopes_compatible(context: Context, a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    if not a or not b or a == b:
        return True
    return context.scope_covers(a, b) or context.scope_covers(b, a)


def _components(profiles: list[Profile], edges) -> list[list[Profile]]:
    """Connected sets of conflicting profiles, in input order."""
    near: dict[Profile, list[Profile]] = defaultdict(list)
    for a, b in edges:
        near[a].append(b)
    seen: set[Profile] = set()
    found = []
    position = {profile: index for index, profile in enumerate(profiles)}
    for start in profiles:
        if start in seen or start not in near:
            continue
        component, pending = [], [start]
        seen.add(start)
        while pending:
            profile = pending.pop()
            component.append(profile)
            for other in near[profile]:
                if other not in seen:
                    seen.add(other)
                    pending.append(other)
        found.append(sorted(component, key=position.__getitem__))
    return found


def nominal(claims: list[Claim]) -> str:
    """The disputed figure for fingerprints: the smallest number as written, so restatements keep it."""
    def value(claim: Claim) -> tuple:
        if claim.bounds is not None:
            return (claim.bounds[0].value, claim.bounds[1].value)
        return (claim.single.value,)

    return "-".join(fmt(v) for v in min(value(c) for c in claims))


def dropped(claims: list[Claim]) -> list[str]:
    """'b/x leaves out serving=real-time': the conditions (and averaging) some claims state and others do not."""
    stated: dict[tuple[str, str], str] = {}
    for claim in claims:
        for key, value in claim.comparator_conditions().items():
            stated.setdefault((key, value), key)
        if claim.aggregate:
            stated.setdefault(("aggregate", claim.aggregate), "aggregate")
    notes = []
    for claim in claims:
        own = claim.comparator_conditions()
        if claim.aggregate:
            own["aggregate"] = claim.aggregate
        missing = sorted({f"{key}={value}" for (key, value), name in stated.items() if name not in own})
        if missing:
            notes.append(f"{claim.full_id} leaves out {', '.join(missing)}")
    return notes


def scopes(claims: list[Claim]) -> str:
    """The model scopes of the claims: 'kimi-k2.5', or 'no model; gpt-oss-120b' when they differ."""
    return "; ".join(dict.fromkeys(model_label(c) for c in claims))


def finding(context: Context, rule_id: str, severity: str, anchor: str, metric_id: str, claims, groups, thing_of, side: str):
    """The finding for one disputed figure; ``side`` says what differs ('comparator' or 'system')."""
    corpus = context.corpus
    metric = corpus.catalog.metrics[metric_id]
    things = list(dict.fromkeys(thing_of(c) for c in claims))
    figures = ", ".join(dict.fromkeys(c.figure_text() for c in claims))
    relations = [context.relation(a, b) for i, a in enumerate(things) for b in things[i + 1 :]]
    details = [f"'{corpus.catalog.systems[t].name}' names no specific system" for t in things if context.is_vague(t)]
    details += [r for r in relations if r]
    extra = []
    if len({c.model_key for c in claims}) > 1:
        extra.append(f"model scope differs ({scopes(claims)})")
    extra += dropped(claims)
    if side == "comparator":
        head = f"{figures} {metric.name} for {anchor} ({scopes(claims)}) is given against {' and against '.join(things)}"
    else:
        head = f"{figures} {metric.name} against {anchor} ({scopes(claims)}) is given for {' and for '.join(things)}"
    message = head + ": " + "; ".join(details + extra)

    def arithmetic():
        lines = grouped(claims, lambda c: f"({side} {thing_of(c)}) {describe_figure(corpus, c)}", lambda c: (reading(c), thing_of(c)))
        return [*lines, f"the figures agree and the conditions are compatible, but the {side}s differ"]

    intervals = [(c.full_id, corpus.range_interval(c)) for c in claims]
    labels = [f"{'against' if side == 'comparator' else 'for'} " + " / ".join(dict.fromkeys(thing_of(c) for c in group)) for group in groups]
    key = "|".join((anchor, metric_id, nominal(claims)))
    return make_finding(rule_id, severity, message, claims, arithmetic, key=key, groups=groups, labels=labels, intervals=intervals)
