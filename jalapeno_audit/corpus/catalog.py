"""The catalog: which systems, models, metrics and units claims may name.

A built-in catalog ships with the package (``catalog.yaml``); a corpus may add to it, or
replace built-in entries by id, with its own ``catalog.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources

from jalapeno_audit.corpus.fields import Checker, Field, ObjectSpec, did_you_mean
from jalapeno_audit.corpus.yamlsrc import Mapping, Scalar, decode, parse
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


@dataclass(frozen=True, slots=True)
class Model:
    """A model the benchmark ran."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()


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
    ),
)
MODEL_SPEC = ObjectSpec(
    "model",
    (
        Field("name", "text", "Display name.", required=True),
        Field("aliases", "texts", "Other names the texts use for it."),
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
        entry = self.units.get(unit)
        if entry is None:
            return unit, Fraction(1)
        return entry.metric_unit, entry.factor

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
        entry = System(entry_id, name or entry_id, aliases or (), member_of, bool(vague))
    elif kind == "model":
        entry = Model(entry_id, name or entry_id, aliases or ())
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


def check_references(catalog: Catalog) -> list[Problem]:
    """Ids the catalog itself refers to must exist."""
    problems = []
    for system in catalog.systems.values():
        if system.member_of and system.member_of not in catalog.systems:
            hint = did_you_mean(system.member_of, catalog.systems)
            path, line = catalog.origins[("systems", system.id)]
            problems.append(Problem(path, line, f"system '{system.id}' is member_of unknown system '{system.member_of}'{hint}"))
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
