"""The rule engine: index claims by what they compare, run each rule, collect findings.

Claims are indexed once by comparison key, and every rule looks only inside one key's group,
so the cost grows with the corpus and not with the square of it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import pickle
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING

from jalapeno_audit import forked
from jalapeno_audit.corpus.catalog import Metric
from jalapeno_audit.corpus.model import RATIO, VALUE, Claim, Corpus
from jalapeno_audit.pickling import tuple_pickled
from jalapeno_audit.text.numbers import HEDGES, LOWER, UPPER, Interval, ratio_interval
from jalapeno_audit.text.quotes import fold

if TYPE_CHECKING:
    from jalapeno_audit.rules.reviews import Review

ERROR, WARNING, INFO = "error", "warning", "info"
_MISSING = object()
SEVERITIES = (ERROR, WARNING, INFO)
SEVERITY_RANK = {ERROR: 0, WARNING: 1, INFO: 2}
_full_id = attrgetter("full_id")


def fingerprint(rule: str, parts) -> str:
    """Stable id of a finding: the rule and what it is about (a comparison key, or claim ids), nothing else."""
    digest = hashlib.sha256("\n".join(sorted(parts)).encode()).hexdigest()
    return f"{rule}:{digest[:12]}"


@tuple_pickled
@dataclass(frozen=True, slots=True)
class Finding:
    """One problem a rule found, with everything a reader needs to check it.

    Dispute rules give one finding per comparison: every claim that takes part, in ``groups``
    (camps: maximal sets of claims that agree). Two claims of a finding conflict exactly when no
    group holds both; a claim in several groups bridges them.
    """

    rule: str
    severity: str
    message: str  # one line
    claims: tuple[Claim, ...]  # the claims involved, in reading order
    working: tuple[str, ...] | Callable[[], Iterable[str]] = ()  # the arithmetic, or what writes it when asked
    fingerprint: str = ""
    review: Review | None = None  # the human verdict, when one is recorded
    groups: tuple[tuple[Claim, ...], ...] = ()  # camps; one group of all claims for non-dispute findings
    group_labels: tuple[str, ...] = ()  # what each camp agrees on ("[1.35, 1.45]", "against gb200", "advantage")
    intervals: tuple[tuple[str, Interval], ...] = ()  # claim id -> interval, in the first claim's orientation
    added_since_review: tuple[str, ...] = ()  # claims that joined after the review: the finding is open again
    # What the report's format writes of it, written where its rule ran (``run_rules(prepare=...)``); empty when not.
    prepared: str = field(default="", compare=False, repr=False)

    @property
    def claim_ids(self) -> list[str]:
        return [c.full_id for c in self.claims]

    @property
    def arithmetic(self) -> tuple[str, ...]:
        """Each input as written, its interval, the result, the verdict.

        Written on first use: the JSON report does not show it, and formatting thousands of
        intervals is a good part of a large check.
        """
        if callable(self.working):
            object.__setattr__(self, "working", tuple(self.working()))
        return self.working  # type: ignore[return-value]

    @property
    def is_dispute(self) -> bool:
        return len(self.groups) > 1

    @property
    def reviewed(self) -> bool:
        """A verdict covers the finding as it stands now."""
        return self.review is not None and not self.added_since_review

    def bridging(self) -> list[Claim]:
        """Claims that sit in more than one group."""
        ids = list(map(_full_id, chain.from_iterable(self.groups)))
        if len(set(ids)) == len(ids):  # the usual dispute: camps that share no claim
            return []
        counts: dict[str, int] = {}
        for group in self.groups:
            for claim in group:
                counts[claim.full_id] = counts.get(claim.full_id, 0) + 1
        return [c for c in self.claims if counts.get(c.full_id, 0) > 1]

    def sort_key(self):
        first = self.claims[0] if self.claims else None
        return (SEVERITY_RANK[self.severity], self.rule, first.path if first else "", first.line if first else 0, self.fingerprint)


@tuple_pickled
@dataclass(frozen=True, slots=True)
class Note:
    """A comparison that holds, but only thanks to rounding or a hedge: shown with --verbose."""

    rule: str
    claims: tuple[Claim, ...]
    text: str


def make_finding(
    rule_id: str, severity: str, message: str, claims, arithmetic=(), *, key: str | None = None, groups=None, labels=(), intervals=()
) -> Finding:
    """A finding; its fingerprint comes from ``key`` (a comparison, or the one claim it is about)."""
    claims = tuple(claims)
    if key is None:
        key = claims[0].full_id if len(claims) == 1 else "\n".join(sorted(c.full_id for c in claims))
    return Finding(
        rule_id, severity, message, claims, arithmetic if callable(arithmetic) else tuple(arithmetic), fingerprint(rule_id, [key]),
        groups=tuple(tuple(g) for g in groups) if groups is not None else (claims,),
        group_labels=tuple(labels),
        intervals=tuple(intervals),
    )


def model_label(claim: Claim) -> str:
    """The model scope as a reader sees it: 'kimi-k2.5', 'deepseek-r1/gpt-oss-120b', 'no model'."""
    return "/".join(claim.model_key) or "no model"


@dataclass
class Context:
    """The corpus with the indexes rules share, built once."""

    corpus: Corpus
    notes: list[Note] = field(default_factory=list)
    values: dict = field(default_factory=lambda: defaultdict(list))  # (system, models, metric, at) -> value claims
    family_values: dict = field(default_factory=lambda: defaultdict(list))  # (family, models, metric, at) -> value claims
    ratios: dict = field(default_factory=lambda: defaultdict(list))  # (sides, models, metric family) -> ratio claims
    _derived: dict = field(default_factory=dict)  # derived_ratios results, by comparison
    _oriented: dict = field(default_factory=dict)  # (id(claim), direction) -> interval; claims outlive the run
    _devices: dict = field(default_factory=dict)  # devices() results, by system
    _folded: dict = field(default_factory=dict)  # folded archived texts, by source
    _families: dict = field(default_factory=dict)  # family() results, by system: asked for by every rule, for every claim

    def __post_init__(self) -> None:
        values, family_values, ratios, family = self.values, self.family_values, self.ratios, self.family
        for claim in self.corpus.claims:
            kind, system = claim.kind, claim.system
            if kind == VALUE and claim.bounds is None and (system or claim.model):
                values[(system, claim.model_key, claim.metric, claim.at)].append(claim)
                if system and (member_of := family(system)) != system:
                    family_values[(member_of, claim.model_key, claim.metric, claim.at)].append(claim)
            elif kind == RATIO and system and claim.vs:
                one, other = family(system), family(claim.vs)
                ratios[((one, other) if one <= other else (other, one), claim.model_key, self.metric(claim).family)].append(claim)

    # --- catalog helpers -------------------------------------------------------------------
    def family(self, system_id: str) -> str:
        found = self._families.get(system_id)
        if found is None:
            found = self._families[system_id] = self.corpus.catalog.family_of(system_id) or system_id
        return found

    def systems_match(self, a: str | None, b: str | None) -> bool:
        """The same system, or one is the family the other belongs to."""
        if a is None or b is None:
            return False
        return a == b or self.family(a) == b or a == self.family(b)

    def relation(self, a: str, b: str) -> str:
        """How two different systems relate, as a reader should be told: family, part, siblings."""
        systems = self.corpus.catalog.systems
        name_a, name_b = systems[a].name, systems[b].name
        for one, other, one_name, other_name in ((a, b, name_a, name_b), (b, a, name_b, name_a)):
            if self.corpus.catalog.family_of(one) == other:
                return f"'{one_name}' is one member of the family '{other_name}'"
            count = self.corpus.catalog.wholes_of(one).get(other)
            if count is not None:
                return f"'{one_name}' is a part of '{other_name}' ({count} per {other})"
        family_a, family_b = self.corpus.catalog.family_of(a), self.corpus.catalog.family_of(b)
        if family_a and family_a == family_b:
            return f"'{name_a}' and '{name_b}' are different members of '{systems[family_a].name}'"
        if self.is_vague(a) or self.is_vague(b):
            return ""
        return f"'{name_a}' is not '{name_b}'"

    def scope_covers(self, wide: tuple[str, ...], narrow: tuple[str, ...]) -> bool:
        """Every model of ``narrow`` is in ``wide``, or a member of a model family in it."""
        family_of = self.corpus.catalog.model_family_of
        return bool(wide) and all(model in wide or family_of(model) in wide for model in narrow)

    def devices(self, system_id: str) -> int:
        """Unit devices the system holds, from the catalog's part_of counts (1 for a unit)."""
        cached = self._devices.get(system_id)
        if cached is None:
            cached = self._devices[system_id] = self.corpus.catalog.devices_in(system_id)
        return cached

    def folded_archive(self, source_id: str) -> str | None:
        """The source's archived text with quotes, dashes and white space folded (None without one)."""
        if source_id not in self._folded:
            text = self.corpus.archive_texts.get(source_id)
            self._folded[source_id] = fold(text) if text is not None else None
        return self._folded[source_id]

    def is_vague(self, system_id: str | None) -> bool:
        system = self.corpus.catalog.systems.get(system_id or "")
        return bool(system and system.vague)

    def metric(self, claim: Claim) -> Metric:
        assert claim.metric is not None, f"{claim.full_id} names no metric"
        return self.corpus.catalog.metrics[claim.metric]

    # --- oriented views of ratio claims -----------------------------------------------------
    def orientation(self, claim: Claim, other: Claim) -> int | None:
        """+1 when ``other`` compares the same sides as ``claim`` in the same order, -1 reversed, None if not."""
        if self.systems_match(claim.system, other.system) and self.systems_match(claim.vs, other.vs):
            return 1
        if self.systems_match(claim.system, other.vs) and self.systems_match(claim.vs, other.system):
            return -1
        return None

    def oriented_conditions(self, claim: Claim, direction: int):
        """(system-side, comparator-side) conditions, read in the given direction."""
        mine, theirs = claim.conditions(), claim.comparator_conditions()
        return (mine, theirs) if direction == 1 else (theirs, mine)

    def oriented_interval(self, claim: Claim, direction: int) -> Interval:
        key = (id(claim), direction)
        found = self._oriented.get(key)
        if found is None:  # several rules read the same claims both ways: each is computed once
            interval = self.corpus.range_interval(claim) if claim.bounds else self.corpus.interval(claim)
            found = self._oriented[key] = interval if direction == 1 else self._reciprocal(interval)
        return found

    def _reciprocal(self, interval: Interval) -> Interval:
        """An interval read the other way round, worked out once per interval: claims that state one figure share it."""
        key = ("reciprocal", id(interval))
        found = self._oriented.get(key)
        if found is None:  # kept with the interval itself, so that its id names it as long as the run lasts
            found = self._oriented[key] = (interval, interval.reciprocal())
        return found[1]

    def memo(self, key: tuple, compute):
        """A value worked out once per run and shared by every rule that asks (keys hold claim ids)."""
        found = self._oriented.get(key, _MISSING)
        if found is _MISSING:
            found = self._oriented[key] = compute()
        return found

    def condition_key(self, claim: Claim, direction: int) -> tuple:
        """The oriented conditions as a hashable key: ((system side), (comparator side))."""
        key = (id(claim), direction, "conditions")
        found = self._oriented.get(key)
        if found is None:
            mine, theirs = self.oriented_conditions(claim, direction)
            found = self._oriented[key] = (tuple(sorted(mine.items())), tuple(sorted(theirs.items())))
        return found

    # --- absolute figures behind a ratio ------------------------------------------------------
    def side_values(self, system: str | None, model_key, metric: str | None, conditions: dict) -> list[Claim]:
        """Stated absolute figures of one side: the system itself, or members when it is a family."""
        at = tuple(sorted(conditions.items()))
        found = list(self.values.get((system, model_key, metric, at), ()))
        found += self.family_values.get((system, model_key, metric, at), ())
        return found

    def derived_ratios(self, claim: Claim, model_key=None, bounded_only: bool = False) -> list[tuple[Claim, Claim, Interval]]:
        """Every (system value, comparator value, advantage interval) the stated absolutes give.

        ``bounded_only`` leaves out values stated as bounds ("up to 1,459"): they say where a
        figure ends, not where it is.
        """
        model_key = model_key if model_key is not None else claim.model_key
        key = (claim.system, claim.vs, model_key, claim.metric, claim.at, claim.vs_at, bounded_only)
        cached = self._derived.get(key)
        if cached is not None:
            return cached
        own, other = claim.conditions(), claim.comparator_conditions()
        mine = self.side_values(claim.system, model_key, claim.metric, own)
        theirs = self.side_values(claim.vs, model_key, claim.metric, other)
        if bounded_only:
            mine = [c for c in mine if not is_bound(c)]
            theirs = [c for c in theirs if not is_bound(c)]
        lower_better = self.metric(claim).better == "lower"
        results = []
        # A figure repeated by many sources is one figure: combine distinct intervals only.
        for a in self._distinct(mine):
            for b in self._distinct(theirs):
                ia, ib = self.corpus.interval(a), self.corpus.interval(b)
                interval = ratio_interval(ib, ia) if lower_better else ratio_interval(ia, ib)
                results.append((a, b, interval))
        self._derived[key] = results
        return results

    def _distinct(self, claims: list[Claim]) -> list[Claim]:
        """The first claim of each distinct (figure as written, interval)."""
        seen: dict = {}
        for claim in claims:
            seen.setdefault((claim.single.text, claim.exact, claim.approx, claim.unit), claim)
        return list(seen.values())

    def note(self, rule: str, claims, text: str) -> None:
        self.notes.append(Note(rule, tuple(claims), text))


def is_bound(claim: Claim) -> bool:
    """A figure stated as an upper or lower bound ("up to", "at least")."""
    return claim.approx is not None and HEDGES.get(claim.approx) in (UPPER, LOWER)


def describe_figure(corpus: Corpus, claim: Claim) -> str:
    """'1.80 -> [1.795, 1.805]': a figure as written and the interval it stands for."""
    if claim.bounds is not None:
        return f"{claim.figure_text()} -> {corpus.range_interval(claim)}"
    return f"{claim.figure_text()} -> {corpus.interval(claim)}"


def nominal_ratio(corpus: Corpus, a: Claim, b: Claim, lower_better: bool) -> Fraction:
    """The quotient of the figures as written (in metric units), before any rounding allowance."""
    va = a.single.value * corpus.unit_factor(a)
    vb = b.single.value * corpus.unit_factor(b)
    return vb / va if lower_better else va / vb


def ratio_expression(a: Claim, b: Claim, lower_better: bool) -> str:
    first, second = (b, a) if lower_better else (a, b)
    return f"{first.single.text}/{second.single.text}"


#: From this many claims on, a forked child runs some of the rules (see jalapeno_audit.forked).
FORK_FROM_CLAIMS = 5000
#: The rules that take longest on the conflict-dense benchmark corpus, longest first: started
#: first when two processes share the rules, so that neither waits long for the other at the end.
LONGEST_FIRST = ("condition-mismatch", "value-mismatch", "metric-conflation", "ratio-arithmetic", "comparator-mismatch", "system-mismatch")


def run_rules(corpus: Corpus, rules, severities: dict[str, str] | None = None, *, arithmetic: bool = True,
              prepare: Callable[[Finding], str] | None = None, beside: Callable[[], object] | None = None):
    """Run the rules over the corpus; return sorted findings and the rounding notes.

    On a large corpus two processes share the rules, each taking the next rule when done with
    one; the findings are sorted, so who ran what never shows. The child writes the arithmetic
    of its findings before sending them (what writes it lives in the child), unless the report
    will not show it (``arithmetic=False``): then those findings have none, and asking fails.
    ``prepare`` writes what the report's format makes of each finding (``Finding.prepared``, see
    ``reporters.Format.prepares``) where its rule ran, so that two processes share that work too.
    ``beside`` is done in this process while the child runs rules, when there is one (``forked.share_out``).
    """
    context = Context(corpus)
    rules = list(rules)

    def run(number: int) -> tuple[list[Finding], list[Note]]:
        noted = len(context.notes)
        found = list(rules[number].check(context))
        if override := (severities or {}).get(rules[number].ID):
            found = [_with_severity(f, override) for f in found]
        if prepare is not None:
            for finding in found:
                object.__setattr__(finding, "prepared", prepare(finding))  # as ``arithmetic`` writes its own: once, before anyone reads it
        return found, context.notes[noted:]

    places: dict[int, int] = {}

    def pack(result: tuple[list[Finding], list[Note]]) -> bytes:
        found, noted = result
        if arithmetic:
            for finding in found:
                finding.arithmetic  # noqa: B018  # written in the child: the parent cannot call back into it
        else:
            found = [dataclasses.replace(f, working=_not_kept) if callable(f.working) else f for f in found]
        if not places:
            places.update((id(claim), number) for number, claim in enumerate(corpus.claims))
        stream = io.BytesIO()
        _ClaimPickler(stream, places).dump((found, noted))
        return stream.getvalue()

    def unpack(data: bytes) -> tuple[list[Finding], list[Note]]:
        return _ClaimUnpickler(io.BytesIO(data), corpus).load()

    longest = [number for rule_id in LONGEST_FIRST for number, rule in enumerate(rules) if rule.ID == rule_id]
    shared = forked.share_out(len(rules), run, fork=len(corpus.claims) >= FORK_FROM_CLAIMS, first=longest, pack=pack, unpack=unpack, beside=beside)
    findings: list[Finding] = []
    notes: list[Note] = []
    for found, noted in shared:
        findings += found
        notes += noted
    findings.sort(key=Finding.sort_key)
    notes.sort(key=lambda n: (n.rule, [c.full_id for c in n.claims], n.text))
    return findings, notes


def _not_kept() -> Iterable[str]:
    raise RuntimeError("this report was built without the findings' arithmetic (run_rules(arithmetic=False))")


class _ClaimPickler(pickle.Pickler):
    """Claims go by their place in the corpus: the parent has the same corpus, and the same claim objects."""

    def __init__(self, stream, places: dict[int, int]) -> None:
        super().__init__(stream, protocol=pickle.HIGHEST_PROTOCOL)
        self.places = places  # id(claim) -> its place in corpus.claims

    def persistent_id(self, obj):
        return self.places.get(id(obj)) if type(obj) is Claim else None


class _ClaimUnpickler(pickle.Unpickler):
    def __init__(self, stream, corpus: Corpus) -> None:
        super().__init__(stream)
        self.claims = corpus.claims

    def persistent_load(self, pid):
        return self.claims[pid]


def _with_severity(finding: Finding, severity: str) -> Finding:
    return dataclasses.replace(finding, severity=severity)
