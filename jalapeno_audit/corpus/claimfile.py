"""Read one claim file strictly, each field by the kind its declaration (``claimspec.py``) gives."""

from __future__ import annotations

import datetime as dt

from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.corpus.claimspec import CLAIM_SPEC, DATE_SPEC, FILE_SPEC, SOURCE_SPEC
from jalapeno_audit.corpus.fields import (
    Checker,
    Field,
    ObjectSpec,
    closest,
    describe,
    did_you_mean,
)
from jalapeno_audit.corpus.model import CLAIM_KINDS, VALUE, Claim, DateSpec, Source
from jalapeno_audit.corpus.yamlsrc import Mapping, Scalar, Sequence, decode, line_of, parse
from jalapeno_audit.errors import Problem
from jalapeno_audit.text.numbers import Figure, fmt, parse_figure


def read_claim_file(path: str, data: bytes, catalog: Catalog) -> tuple[Source | None, list[Claim], list[Problem]]:
    text, problems = decode(data, path)
    if text is None:
        return None, [], problems
    root, problems = parse(text, path)
    if root is None:
        return None, [], problems
    check = Checker(path)
    top = check.mapping(root, "a claim file", 1)
    if top is None:
        return None, [], check.problems
    check.keys(top, FILE_SPEC)
    source = read_source(check, top["source"], top.key_lines["source"]) if "source" in top else None
    claims: list[Claim] = []
    if "claims" in top:
        node = top["claims"]
        if type(node) is not Sequence:
            check.fail(line_of(node, top.key_lines["claims"]), f"'claims' must be a list, not {describe(node)}")
        else:
            reader = _ClaimReader(check, catalog, source)
            claims = [c for c in (reader.read(item) for item in node) if c is not None]
    if check.problems or source is None:
        return None, [], check.problems
    return source, claims, []


def read_plain(check: Checker, field: Field, node, what: str):
    """A field whose kind needs nothing beyond the node itself; None when it is not one."""
    kind = field.kind
    if kind == "text":
        return check.text(node, what)
    if kind == "id":
        return check.ident(node, what)
    if kind == "date":
        return check.date(node, what)
    if kind == "choice":
        return check.choice(node, what, field.choices)
    if kind == "bool":
        return check.boolean(node, what)
    if kind == "filename":
        return _archive_name(check, node)
    raise ValueError(f"no reader for field kind '{kind}'")  # a declaration without a reader is a bug


def read_fields(check: Checker, node: Mapping, spec: ObjectSpec, label: str) -> dict | None:
    """A nested object whose fields all have plain kinds: attribute -> value, or None when any is wrong."""
    before = len(check.problems)
    check.keys(node, spec)
    check.relations(node, spec)
    values = {}
    for key, value in node.items():
        field = spec.by_name.get(key)
        if field is not None:
            values[field.target] = read_plain(check, field, value, f"{label} {key}")
    return values if len(check.problems) == before else None


def read_source(check: Checker, node, line: int) -> Source | None:
    if check.mapping(node, "'source'", line) is None:
        return None
    values = read_fields(check, node, SOURCE_SPEC, "source")
    if values is None:
        return None
    values.setdefault("kind", "secondary")
    return Source(path=check.path, line=node.line, **values)


def _archive_name(check: Checker, node) -> str | None:
    name = check.text(node, "source archive")
    if name is None:
        return None
    if "/" in name or "\\" in name or name in (".", "..") or "\0" in name:
        check.fail(node, f"source archive '{name}' must be a file name inside the archive directory, not a path")
        return None
    return name


class _ClaimReader:
    """Validates claims of one file against the catalog, reading each field by its declared kind."""

    def __init__(self, check: Checker, catalog: Catalog, source: Source | None) -> None:
        self.check = check
        self.catalog = catalog
        self.source = source
        self.seen: dict[str, int] = {}
        self.units = catalog.known_units()
        self.tables: dict[str, dict] = {"system": catalog.systems, "model": catalog.models, "metric": catalog.metrics}
        self.readers = {
            "system": self.catalog_ref,
            "model": self.catalog_ref,
            "metric": self.catalog_ref,
            "models": self.models,
            "figure": self.figure,
            "datespec": self.date_spec,
            "unit": self.unit,
            "conditions": self.conditions,
        }

    def read(self, node) -> Claim | None:
        check = self.check
        if check.mapping(node, "each claim", line_of(node)) is None:
            return None
        before = len(check.problems)
        check.keys(node, CLAIM_SPEC)
        check.relations(node, CLAIM_SPEC)
        kinds = [k for k in CLAIM_KINDS if k in node]
        kind = kinds[0] if len(kinds) == 1 else None
        values: dict = {}
        claim_id = check.ident(node["id"], "claim id") if "id" in node else None
        if claim_id is not None:
            if claim_id in self.seen:
                check.fail(node["id"], f"duplicate claim id '{claim_id}' (first at line {self.seen[claim_id]})")
            else:
                self.seen[claim_id] = node.line
        for key, value in node.items():
            field = CLAIM_SPEC.by_name.get(key)
            if field is None or key == "id":
                continue
            reader = self.readers.get(field.kind)
            if reader is None:
                values[field.target] = read_plain(check, field, value, key)
            else:
                reader(field, value, node, values)
        self.unit_converts(node, kind, values)
        if len(check.problems) > before or self.source is None or kind is None or claim_id is None:
            return None
        values.setdefault("by", self.source.publisher)
        return Claim(source=self.source.id, id=claim_id, path=check.path, line=node.line, kind=kind, **values)

    # --- readers of the claim-specific kinds: (field, node, claim node, values) ----------------
    def catalog_ref(self, field: Field, node, claim_node: Mapping, values: dict) -> None:
        table = self.tables[field.kind]
        # Fast path for the catalog references every claim has: a plain known id.
        if type(node) is Scalar and node.text in table:
            values[field.target] = node.text
        else:
            values[field.target] = self.known(node, field.name, table, field.kind)

    def models(self, field: Field, node, claim_node: Mapping, values: dict) -> None:
        if type(node) is not Sequence or not node:
            self.check.fail(line_of(node, claim_node.key_lines[field.name]), f"models must be a non-empty list of model ids, not {describe(node)}")
        else:
            values[field.target] = tuple(self.known(item, "models", self.catalog.models, "model") for item in node)

    def unit(self, field: Field, node, claim_node: Mapping, values: dict) -> None:
        unit = self.check.text(node, "unit")
        if unit is not None and unit not in self.units:
            self.check.fail(node, f"unknown unit '{unit}'{did_you_mean(unit, self.units)}")
        values[field.target] = unit

    def known(self, node, field_name: str, table: dict, what: str) -> str | None:
        value = self.check.text(node, field_name)
        if value is None:
            return None
        if value not in table:
            near = closest(value, table) or closest(value.lower(), table)
            alias = self.catalog.names_for(what + "s").get(value.lower())
            if alias and alias not in near:
                near = [alias] + near
            hint = (" (did you mean " + " or ".join(f"'{n}'" for n in near) + "?)") if near else ""
            self.check.fail(node, f"unknown {what} '{value}' in {field_name}{hint}")
            return None
        return value

    def figure(self, field: Field, node, claim_node: Mapping, values: dict) -> None:
        key = field.name
        values["value_line"] = line_of(node, claim_node.key_lines[key])
        exact = False
        exact_node = claim_node.get("exact")
        if type(exact_node) is Scalar and exact_node.kind == "bool":
            exact = exact_node.text.lower() in ("true", "yes", "on", "y")
        if type(node) is Sequence:
            if len(node) != 2:
                self.check.fail(node, f"a {key} range must be [lo, hi], not {len(node)} numbers")
                return
            lo, hi = (self.number(item, key, exact) for item in node)
            if lo is None or hi is None:
                return
            if lo.value > hi.value:
                self.check.fail(node, f"{key} range [{lo.text}, {hi.text}] has lo > hi")
                return
            if lo.value <= 0:
                self.check.fail(node, f"{key} range [{lo.text}, {hi.text}] must be positive")
                return
            values["bounds"] = (lo, hi)
            return
        figure = self.number(node, key, exact)
        if figure is None:
            return
        if key == "ratio" and figure.value <= 0:
            self.check.fail(node, f"ratio {figure.text} must be positive (a figure below 1 means system is worse)")
            return
        if figure.value <= 0:
            self.check.fail(node, f"value {figure.text} must be positive: an absolute figure is a magnitude")
            return
        values["figure"] = figure

    def number(self, node, key: str, exact: bool) -> Figure | None:
        if type(node) is not Scalar or (not node.quoted and node.kind not in ("int", "float")):
            hint = ""
            if type(node) is Scalar:
                hint = _number_hint(node.text)
            self.check.fail(line_of(node), f"{key} must be a number, not {describe(node)}{hint}")
            return None
        try:
            return parse_figure(node.text, exact=exact)
        except ValueError as exc:
            self.check.fail(node, f"{key} must be a number: {exc}{_number_hint(node.text)}")
            return None

    def date_spec(self, field: Field, node, claim_node: Mapping, values: dict) -> None:
        check = self.check
        if check.mapping(node, "date", claim_node.key_lines[field.name]) is None:
            return
        dates = read_fields(check, node, DATE_SPEC, "date")
        if dates is None:
            return
        if dates.get("before") == dt.date.min:
            check.fail(node, f"date before {dt.date.min.isoformat()} leaves no day at all")
            return
        spec = DateSpec(**dates)
        earliest, latest = spec.window()
        if earliest is not None and latest is not None and earliest > latest:
            check.fail(node, f"date window is empty: from {earliest} is after {latest}")
            return
        values[field.target] = spec

    def conditions(self, field: Field, node, claim_node: Mapping, values: dict) -> None:
        check, key = self.check, field.name
        if check.mapping(node, key, claim_node.key_lines[key]) is None:
            values[field.target] = None
            return
        items = []
        for name, value in node.items():
            if type(value) is not Scalar or (value.kind == "null" and not value.quoted):
                check.fail(line_of(value, node.key_lines[name]), f"{key} condition '{name}' must be a number or text, not {describe(value)}")
                continue
            items.append((name, _condition_value(value)))
        values[field.target] = tuple(sorted(items))

    def unit_converts(self, node: Mapping, kind: str | None, values: dict) -> None:
        """A value's written unit must convert to its metric's (the one rule that needs the catalog)."""
        unit, metric = values.get("unit"), values.get("metric")
        if unit and metric and kind == VALUE and unit in self.units:
            target = self.catalog.metrics[metric].unit
            if self.catalog.conversion(unit, target) is None:
                self.check.fail(node.key_lines["unit"], f"unit '{unit}' does not convert to {metric}'s unit '{target}'")


def _condition_value(node: Scalar) -> str:
    """Conditions compare as text; plain numbers are normalised so that 535 and 535.0 agree."""
    if not node.quoted and node.kind in ("int", "float"):
        try:
            return fmt(parse_figure(node.text).value)
        except ValueError:
            return node.text
    return node.text.strip()


def _number_hint(text: str) -> str:
    """Suggest the plain form of a number written with separators or a unit."""
    cleaned = text.replace(",", "").replace("_", "").strip().rstrip("xX×").strip()
    if cleaned != text:
        try:
            parse_figure(cleaned)
        except ValueError:
            return ""
        return f" (write {cleaned})"
    return ""
