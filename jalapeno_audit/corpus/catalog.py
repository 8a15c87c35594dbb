"""The catalog: which systems, models, metrics and units claims may name.

A built-in catalog ships with the package (``catalog.yaml``); a corpus may add to it, or
replace built-in entries by id, with its own ``catalog.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources

from jalapeno_audit.corpus.fields import Checker, Field, ObjectSpec, describe, did_you_mean
from jalapeno_audit.corpus.yamlsrc import Mapping, Scalar, decode, line_of, parse
from jalapeno_audit.errors import AuditError, Problem
from jalapeno_audit.text.numbers import parse_figure

BETTER = ("higher", "lower")


@dataclass(frozen=True, slots=True)
class System:
    """Something measured or compared against: a chip, a server, a family of them."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    member_of: str | None = None  # the family this system belongs to (gb300 -> nvidia-blackwell)
    vague: bool = False  # a comparator no reader can pin down ("leading commercial systems")
    part_of: tuple[tuple[str, int], ...] = ()  # wholes it is built into, with how many (b200 -> gb200-nvl72: 72)


@dataclass(frozen=True, slots=True)
class Model:
    """A model the benchmark ran."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    member_of: str | None = None  # the family of models it belongs to (llama-3.1-405b -> llama-3.1)


@dataclass(frozen=True, slots=True)
class Metric:
    """What a figure measures, in which unit, and which direction is better."""

    id: str
    name: str
    unit: str
    better: str  # higher | lower
    family: str  # related metrics share a family (responsiveness: latency, per-user speed, ...)
    per_power_of: str | None = None  # for per-power metrics: the raw metric they normalise
    power_unit: str | None = None  # ... and the power unit they divide by
    aliases: tuple[str, ...] = ()  # phrases and unit spellings that name it in texts ("time to first token", "TB/s")


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit convertible to another: value_in_metric_unit = value * factor."""

    id: str
    metric_unit: str
    factor: Fraction
    aliases: tuple[str, ...] = ()  # other spellings of the unit in texts ("megawatts", "milliseconds")


SYSTEM_SPEC = ObjectSpec(
    "system",
    (
        Field("name", "text", "Display name.", required=True),
        Field("aliases", "texts", "Other names the texts use for it."),
        Field("member_of", "catalog-id", "Id of the family it belongs to; it matches claims against the family."),
        Field("vague", "bool", "True for a comparator that names no specific system."),
        Field("part_of", "counts", "Wholes it is built into, each with how many it holds: {gb200-nvl72: 72}."),
    ),
)
MODEL_SPEC = ObjectSpec(
    "model",
    (
        Field("name", "text", "Display name.", required=True),
        Field("aliases", "texts", "Other names the texts use for it."),
        Field("member_of", "catalog-id", "Id of the model family it belongs to (a size of Llama 3.1 -> llama-3.1)."),
    ),
)
METRIC_SPEC = ObjectSpec(
    "metric",
    (
        Field("name", "text", "Display name.", required=True),
        Field("unit", "text", "Unit of its figures.", required=True),
        Field("better", "choice", "Which direction is an advantage.", required=True, choices=BETTER),
        Field("family", "catalog-id", "Metrics of one family describe related things.", required=True),
        Field("per_power_of", "catalog-id", "For per-power metrics: the raw metric they divide by power."),
        Field("power_unit", "text", "For per-power metrics: the power unit divided by (kW)."),
        Field("aliases", "texts", "Phrases and unit spellings that name it in texts; `audit new` matches them."),
    ),
)
UNIT_SPEC = ObjectSpec(
    "unit",
    (
        Field("metric_unit", "text", "The unit this one converts to.", required=True),
        Field("factor", "number", "value in metric_unit = value * factor.", required=True),
        Field("aliases", "texts", "Other spellings of the unit in texts; `audit new` matches them."),
    ),
)
SECTIONS = {"systems": SYSTEM_SPEC, "models": MODEL_SPEC, "metrics": METRIC_SPEC, "units": UNIT_SPEC}


@dataclass(slots=True)
class Catalog:
    """All known ids, with lookups that suggest the closest id when one is unknown."""

    systems: dict[str, System] = field(default_factory=dict)
    models: dict[str, Model] = field(default_factory=dict)
    metrics: dict[str, Metric] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    origins: dict[tuple[str, str], tuple[str, int]] = field(default_factory=dict)  # (section, id) -> file, line

    def family_of(self, system_id: str) -> str | None:
        system = self.systems.get(system_id)
        return system.member_of if system else None

    def model_family_of(self, model_id: str) -> str | None:
        model = self.models.get(model_id)
        return model.member_of if model else None

    def wholes_of(self, system_id: str) -> dict[str, int]:
        """Every whole a system is built into, directly or through another part, with how many it holds."""
        found: dict[str, int] = {}
        pending = [(system_id, 1)]
        while pending:
            part, factor = pending.pop()
            system = self.systems.get(part)
            for whole, count in system.part_of if system else ():
                if whole not in found and whole != system_id:  # validated acyclic; the guard keeps bad input finite
                    found[whole] = factor * count
                    pending.append((whole, factor * count))
        return found

    def devices_in(self, system_id: str) -> int:
        """How many unit devices a system holds: the largest count of any part built into it (1 when none)."""
        return max((self.wholes_of(part).get(system_id, 1) for part in self.systems if part != system_id), default=1)

    def conversion(self, unit: str, target: str) -> Fraction | None:
        """The factor turning a figure in ``unit`` into ``target``, or None if they do not convert."""
        if unit == target:
            return Fraction(1)
        base_a, factor_a = self._to_base(unit)
        base_b, factor_b = self._to_base(target)
        if base_a != base_b:
            return None
        return factor_a / factor_b

    def _to_base(self, unit: str) -> tuple[str, Fraction]:
        """The unit a chain of conversions ends at (EFLOPS -> PFLOPS -> TFLOPS), and the factor to it."""
        factor, seen = Fraction(1), {unit}
        entry = self.units.get(unit)
        while entry is not None and entry.metric_unit not in seen:
            factor *= entry.factor
            unit = entry.metric_unit
            seen.add(unit)
            entry = self.units.get(unit)
        return unit, factor

    def known_units(self) -> set[str]:
        units = {m.unit for m in self.metrics.values()}
        units.update(self.units)
        units.update(u.metric_unit for u in self.units.values())
        return units

    def names_for(self, section: str) -> dict[str, str]:
        """Every name and alias of a section's entries, folded to lower case, mapped to the id."""
        names: dict[str, str] = {}
        for entry in getattr(self, section).values():
            for name in (entry.name, *getattr(entry, "aliases", ())):
                names.setdefault(name.lower(), entry.id)
        return names



def builtin_text() -> bytes:
    return resources.files(__package__).joinpath("catalog.yaml").read_bytes()


def load_catalog(extension: tuple[str, bytes] | None = None) -> Catalog:
    """The built-in catalog, extended by a corpus's own catalog file when given."""
    catalog = Catalog()
    problems = read_catalog_into(catalog, "<built-in catalog>", builtin_text())
    if problems:  # pragma: no cover - the shipped file is tested
        raise AuditError(problems)
    if extension is not None:
        problems = read_catalog_into(catalog, *extension)
        if problems:
            raise AuditError(problems)
    problems = check_references(catalog)
    if problems:
        raise AuditError(problems)
    return catalog


def read_catalog_into(catalog: Catalog, path: str, data: bytes) -> list[Problem]:
    text, problems = decode(data, path)
    if text is None:
        return problems
    root, problems = parse(text, path)
    if root is None:
        return problems
    check = Checker(path)
    top = check.mapping(root, "a catalog file", 1)
    if top is None:
        return check.problems
    for section in top:
        if section not in SECTIONS:
            check.fail(top.key_lines[section], f"unknown catalog section '{section}'{did_you_mean(section, SECTIONS)}")
    for section, spec in SECTIONS.items():
        if section not in top:
            continue
        entries = check.mapping(top[section], f"'{section}'", top.key_lines[section])
        if entries is None:
            continue
        for entry_id, node in entries.items():
            line = entries.key_lines[entry_id]
            if spec.name != "unit" and check.ident(Scalar(entry_id, "str", line, False), f"{spec.name} id", catalog=True) is None:
                continue
            if check.mapping(node, f"{spec.name} '{entry_id}'", line) is None:
                continue
            check.keys(node, spec)
            entry = _read_entry(check, spec.name, entry_id, node)
            if entry is not None:
                getattr(catalog, section)[entry_id] = entry
                catalog.origins[(section, entry_id)] = (path, line)
    return check.problems


def _read_entry(check: Checker, kind: str, entry_id: str, node: Mapping):
    before = len(check.problems)
    what = f"{kind} '{entry_id}'"
    name = check.text(node.get("name"), f"{what} name") if "name" in node else None
    aliases = check.texts(node["aliases"], f"{what} aliases") if "aliases" in node else ()
    entry: System | Model | Metric | Unit
    if kind == "system":
        member_of = check.ident(node["member_of"], f"{what} member_of", catalog=True) if "member_of" in node else None
        vague = check.boolean(node["vague"], f"{what} vague") if "vague" in node else False
        part_of = _read_counts(check, node["part_of"], f"{what} part_of") if "part_of" in node else ()
        entry = System(entry_id, name or entry_id, aliases or (), member_of, bool(vague), part_of or ())
    elif kind == "model":
        model_family = check.ident(node["member_of"], f"{what} member_of", catalog=True) if "member_of" in node else None
        entry = Model(entry_id, name or entry_id, aliases or (), model_family)
    elif kind == "metric":
        unit = check.text(node.get("unit"), f"{what} unit") if "unit" in node else None
        better = check.choice(node.get("better"), f"{what} better", BETTER) if "better" in node else None
        family = check.ident(node.get("family"), f"{what} family", catalog=True) if "family" in node else None
        per_power_of = check.ident(node["per_power_of"], f"{what} per_power_of", catalog=True) if "per_power_of" in node else None
        power_unit = check.text(node["power_unit"], f"{what} power_unit") if "power_unit" in node else None
        entry = Metric(entry_id, name or entry_id, unit or "", better or "higher", family or entry_id, per_power_of, power_unit, aliases or ())
    else:
        metric_unit = check.text(node.get("metric_unit"), f"{what} metric_unit") if "metric_unit" in node else None
        factor = None
        factor_node = node.get("factor")
        if factor_node is not None:
            try:
                factor = parse_figure(factor_node.text).value if not isinstance(factor_node, (Mapping, list)) else None
            except ValueError:
                factor = None
            if factor is None or factor <= 0:
                check.fail(factor_node, f"{what} factor must be a positive number")
        entry = Unit(entry_id, metric_unit or "", factor or Fraction(1), aliases or ())
    return entry if len(check.problems) == before else None


def _read_counts(check: Checker, node, what: str) -> tuple[tuple[str, int], ...] | None:
    """{whole id: positive whole number}, sorted by id."""
    counts = check.mapping(node, what, line_of(node))
    if counts is None:
        return None
    found = []
    for whole, count_node in counts.items():
        if check.ident(Scalar(whole, "str", counts.key_lines[whole], False), f"{what} id", catalog=True) is None:
            continue
        text = count_node.text.strip() if type(count_node) is Scalar and count_node.kind == "int" else ""
        if not text.isdigit() or int(text) < 1:
            check.fail(count_node if type(count_node) is Scalar else counts.key_lines[whole], f"{what} count of '{whole}' must be a whole number of at least 1, not {describe(count_node)}")
            continue
        found.append((whole, int(text)))
    return tuple(sorted(found))


def check_references(catalog: Catalog) -> list[Problem]:
    """Ids the catalog itself refers to must exist, and families and parts must not loop."""
    problems = []
    for system in catalog.systems.values():
        path, line = catalog.origins[("systems", system.id)]
        if system.member_of and system.member_of not in catalog.systems:
            hint = did_you_mean(system.member_of, catalog.systems)
            problems.append(Problem(path, line, f"system '{system.id}' is member_of unknown system '{system.member_of}'{hint}"))
        for whole, _ in system.part_of:
            if whole not in catalog.systems:
                problems.append(Problem(path, line, f"system '{system.id}' is part_of unknown system '{whole}'{did_you_mean(whole, catalog.systems)}"))
            elif whole == system.id:
                problems.append(Problem(path, line, f"system '{system.id}' is part_of itself"))
    for model in catalog.models.values():
        if model.member_of and model.member_of not in catalog.models:
            path, line = catalog.origins[("models", model.id)]
            problems.append(Problem(path, line, f"model '{model.id}' is member_of unknown model '{model.member_of}'{did_you_mean(model.member_of, catalog.models)}"))
    problems += _cycles(catalog, "systems", lambda s: [s.member_of] if s.member_of else [], "member_of")
    problems += _cycles(catalog, "systems", lambda s: [whole for whole, _ in s.part_of], "part_of")
    problems += _cycles(catalog, "models", lambda m: [m.member_of] if m.member_of else [], "member_of")
    spellings: dict[str, str] = {}
    for unit in catalog.units.values():
        for alias in unit.aliases:
            owner = spellings.setdefault(alias, unit.id)
            if owner != unit.id:
                path, line = catalog.origins[("units", unit.id)]
                problems.append(Problem(path, line, f"unit '{unit.id}' has the alias '{alias}', which already spells unit '{owner}'"))
    for metric in catalog.metrics.values():
        if metric.per_power_of and metric.per_power_of not in catalog.metrics:
            hint = did_you_mean(metric.per_power_of, catalog.metrics)
            path, line = catalog.origins[("metrics", metric.id)]
            problems.append(Problem(path, line, f"metric '{metric.id}' is per_power_of unknown metric '{metric.per_power_of}'{hint}"))
    return problems


def _cycles(catalog: Catalog, section: str, targets, relation: str) -> list[Problem]:
    """One problem per loop of ``relation`` (a family of itself, a part of its own part), named from its first id."""
    entries = getattr(catalog, section)
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    problems = []

    def visit(entry_id: str, path: list[str]) -> None:
        state[entry_id] = 1
        for target in targets(entries[entry_id]):
            if target not in entries or target == entry_id:
                continue  # reported as unknown, or as part_of itself
            if state.get(target) == 1:
                loop = [*path[path.index(target):], target] if target in path else [entry_id, target]
                where, line = catalog.origins[(section, loop[0])]
                problems.append(Problem(where, line, f"{section[:-1]} '{loop[0]}' loops through {relation}: {' -> '.join(loop)}"))
            elif target not in state:
                visit(target, [*path, target])
        state[entry_id] = 2

    for entry_id in sorted(entries):
        if entry_id not in state:
            visit(entry_id, [entry_id])
    return problems
