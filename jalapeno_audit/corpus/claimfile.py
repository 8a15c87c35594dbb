"""Read one claim file: the field declarations of its objects and the strict reader."""

from __future__ import annotations

import datetime as dt

from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.corpus.fields import Checker, Field, ObjectSpec, closest, describe, did_you_mean
from jalapeno_audit.corpus.model import CLAIM_KINDS, DATE, EVIDENCE, RATIO, SOURCE_KINDS, STATEMENT, VALUE, Claim, DateSpec, Source
from jalapeno_audit.corpus.yamlsrc import Mapping, Scalar, Sequence, decode, line_of, parse
from jalapeno_audit.errors import Problem
from jalapeno_audit.text.numbers import HEDGES, Figure, fmt, parse_figure

FILE_SPEC = ObjectSpec(
    "claim file",
    (
        Field("source", "source", "The document the claims come from.", required=True),
        Field("claims", "claims", "The figures and statements it makes.", required=True),
    ),
)
SOURCE_SPEC = ObjectSpec(
    "source",
    (
        Field("id", "id", "Unique in the corpus; claims are named <source id>/<claim id>.", required=True),
        Field("title", "text", "The document's title.", required=True),
        Field("publisher", "text", "The outlet that published the document.", required=True),
        Field("published", "date", "Publication date (YYYY-MM-DD)."),
        Field("url", "text", "Where the document is."),
        Field("archive", "filename", "File name of the archived text, inside the archive directory."),
        Field("kind", "choice", "primary: the party that measured or owns the result; secondary: coverage.", choices=SOURCE_KINDS),
    ),
)
CLAIM_SPEC = ObjectSpec(
    "claim",
    (
        Field("id", "id", "Unique within the file.", required=True),
        Field("quote", "text", "The sentence from the source, verbatim.", required=True),
        Field("by", "text", "Who asserts it; defaults to the publisher."),
        Field("system", "system", "Catalog id of the thing measured."),
        Field("vs", "system", "Catalog id of the comparator; required with `ratio`."),
        Field("model", "model", "Catalog id of the model."),
        Field("models", "models", "Catalog ids of the models a range summarises."),
        Field("metric", "metric", "Catalog id of what is measured."),
        Field("value", "figure", "An absolute figure in the metric's unit, or a range [lo, hi]."),
        Field("ratio", "figure", "How many times better `system` is than `vs`, or a range [lo, hi]."),
        Field("date", "datespec", "When `event` happens: any of on, before, by, from, to."),
        Field("statement", "text", "A claim with no figure."),
        Field("unit", "unit", "The unit `value` is written in, when not the metric's."),
        Field("approx", "choice", "Hedge word as written.", choices=tuple(HEDGES)),
        Field("at", "conditions", "Conditions of both sides (name -> number or text)."),
        Field("vs_at", "conditions", "Conditions of the comparator side where they differ from `at`."),
        Field("exact", "bool", "True makes trailing zeros of an integer significant (a nominal 700 W)."),
        Field("event", "id", "With `date`: the event the date belongs to."),
        Field("evidence", "choice", "published (default), internal or none.", choices=EVIDENCE),
    ),
)
DATE_SPEC = ObjectSpec(
    "date",
    tuple(Field(name, "date", doc) for name, doc in (
        ("on", "The day it happens."),
        ("before", "It happens before this day."),
        ("by", "It happens on or before this day."),
        ("from", "It happens on or after this day."),
        ("to", "It happens on or before this day (with `from`: a window)."),
    )),
)
_TABLE_WHAT = {"system": "system", "vs": "system", "model": "model", "metric": "metric"}
_DATE_ATTRS = {"on": "on", "before": "before", "by": "by", "from": "start", "to": "to"}


def read_claim_file(path: str, data: bytes, catalog: Catalog) -> tuple[Source | None, list[Claim], list[Problem]]:
    text, problems = decode(data, path)
    if text is None:
        return None, [], problems
    root, problems = parse(text, path)
    if root is None:
        return None, [], problems
    check = Checker(path)
    if check.mapping(root, "a claim file", 1) is None:
        return None, [], check.problems
    check.keys(root, FILE_SPEC)
    source = read_source(check, root["source"], root.key_lines["source"]) if "source" in root else None
    claims: list[Claim] = []
    if "claims" in root:
        node = root["claims"]
        if type(node) is not Sequence:
            check.fail(line_of(node, root.key_lines["claims"]), f"'claims' must be a list, not {describe(node)}")
        else:
            reader = _ClaimReader(check, catalog, source)
            claims = [c for c in (reader.read(item) for item in node) if c is not None]
    if check.problems or source is None:
        return None, [], check.problems
    return source, claims, []


def read_source(check: Checker, node, line: int) -> Source | None:
    if check.mapping(node, "'source'", line) is None:
        return None
    before = len(check.problems)
    check.keys(node, SOURCE_SPEC)
    values = {}
    for key, value in node.items():
        if key in ("id",):
            values[key] = check.ident(value, "source id")
        elif key in ("title", "publisher", "url"):
            values[key] = check.text(value, f"source {key}")
        elif key == "published":
            values[key] = check.date(value, "source published")
        elif key == "kind":
            values[key] = check.choice(value, "source kind", SOURCE_KINDS)
        elif key == "archive":
            values[key] = _archive_name(check, value)
    if len(check.problems) > before:
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
    """Validates claims of one file against the catalog."""

    def __init__(self, check: Checker, catalog: Catalog, source: Source | None) -> None:
        self.check = check
        self.catalog = catalog
        self.source = source
        self.seen: dict[str, int] = {}
        self.units = catalog.known_units()
        self.tables = {"system": catalog.systems, "vs": catalog.systems, "model": catalog.models, "metric": catalog.metrics}

    def read(self, node) -> Claim | None:
        check = self.check
        if check.mapping(node, "each claim", line_of(node)) is None:
            return None
        before = len(check.problems)
        check.keys(node, CLAIM_SPEC)
        kinds = [k for k in CLAIM_KINDS if k in node]
        if len(kinds) != 1:
            said = " and ".join(kinds) if kinds else "none"
            check.fail(node, f"a claim needs exactly one of value, ratio, date, statement (it has {said})")
        kind = kinds[0] if len(kinds) == 1 else None
        values: dict = {"lines": dict(node.key_lines)}
        claim_id = check.ident(node["id"], "claim id") if "id" in node else None
        if claim_id is not None:
            if claim_id in self.seen:
                check.fail(node["id"], f"duplicate claim id '{claim_id}' (first at line {self.seen[claim_id]})")
            else:
                self.seen[claim_id] = node.line
        for key, value in node.items():
            self.read_field(key, value, values, node)
        self.relations(node, kind, values)
        if len(check.problems) > before or self.source is None or kind is None or claim_id is None:
            return None
        values.pop("id", None)
        values.setdefault("by", self.source.publisher)
        return Claim(source=self.source.id, id=claim_id, path=check.path, line=node.line, kind=kind, **values)

    def read_field(self, key: str, value, values: dict, node: Mapping) -> None:
        check = self.check
        table = self.tables.get(key)
        if table is not None:
            # Fast path for the catalog references every claim has: a plain known id.
            if type(value) is Scalar and value.text in table:
                values[key] = value.text
            else:
                values[key] = self.known(value, key, table, _TABLE_WHAT[key])
        elif key in ("quote", "by", "statement"):
            values[key] = check.text(value, key)
        elif key == "models":
            if type(value) is not Sequence or not value:
                check.fail(line_of(value, node.key_lines[key]), f"models must be a non-empty list of model ids, not {describe(value)}")
            else:
                values[key] = tuple(self.known(item, "models", self.catalog.models, "model") for item in value)
        elif key in ("value", "ratio"):
            values["value_line"] = line_of(value, node.key_lines[key])
            self.figure(value, key, values, node)
        elif key == "date":
            values["date"] = self.date_spec(value, node.key_lines[key])
        elif key == "unit":
            unit = check.text(value, "unit")
            if unit is not None and unit not in self.units:
                check.fail(value, f"unknown unit '{unit}'{did_you_mean(unit, self.units)}")
            values[key] = unit
        elif key == "approx":
            values[key] = check.choice(value, "approx", tuple(HEDGES))
        elif key in ("at", "vs_at"):
            values[key] = self.conditions(value, key, node.key_lines[key])
        elif key == "exact":
            values[key] = check.boolean(value, "exact")
        elif key == "event":
            values[key] = check.ident(value, "event")
        elif key == "evidence":
            values[key] = check.choice(value, "evidence", EVIDENCE)

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

    def figure(self, node, key: str, values: dict, claim_node: Mapping) -> None:
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

    def date_spec(self, node, line: int) -> DateSpec | None:
        check = self.check
        if check.mapping(node, "date", line) is None:
            return None
        before = len(check.problems)
        check.keys(node, DATE_SPEC)
        values = {_DATE_ATTRS[k]: check.date(v, f"date {k}") for k, v in node.items() if k in _DATE_ATTRS}
        if len(check.problems) > before:
            return None
        if not values:
            check.fail(node, "date needs at least one of on, before, by, from, to")
            return None
        if values.get("before") == dt.date.min:
            check.fail(node, f"date before {dt.date.min.isoformat()} leaves no day at all")
            return None
        if "on" in values and len(values) > 1:
            check.fail(node, "date 'on' cannot be combined with before, by, from or to")
            return None
        spec = DateSpec(**values)
        earliest, latest = spec.window()
        if earliest is not None and latest is not None and earliest > latest:
            check.fail(node, f"date window is empty: from {earliest} is after {latest}")
            return None
        return spec

    def conditions(self, node, key: str, line: int):
        check = self.check
        if check.mapping(node, key, line) is None:
            return None
        items = []
        for name, value in node.items():
            if type(value) is not Scalar or (value.kind == "null" and not value.quoted):
                check.fail(line_of(value, node.key_lines[name]), f"{key} condition '{name}' must be a number or text, not {describe(value)}")
                continue
            items.append((name, _condition_value(value)))
        return tuple(sorted(items))

    def relations(self, node: Mapping, kind: str | None, values: dict) -> None:
        """Rules between fields: what each kind of claim needs."""
        check = self.check
        if "system" not in node and "model" not in node and "models" not in node:
            check.fail(node, "a claim names a system, a model, or both")
        if "model" in node and "models" in node:
            check.fail(node.key_lines["models"], "use either model or models, not both")
        if kind == RATIO and "vs" not in node:
            check.fail(node.key_lines["ratio"], "a ratio needs 'vs': the comparator it is measured against")
        if kind == RATIO and "system" not in node:
            check.fail(node.key_lines["ratio"], "a ratio needs 'system': what is compared against 'vs'")
        if "vs_at" in node and "vs" not in node:
            check.fail(node.key_lines["vs_at"], "vs_at needs 'vs'")
        if kind in (VALUE, RATIO) and "metric" not in node:
            check.fail(node.key_lines[kind], f"a {kind} needs 'metric': what the figure measures")
        if kind == DATE and "event" not in node:
            check.fail(node.key_lines["date"], "a date needs 'event': what happens then")
        if kind in (DATE, STATEMENT) and ("approx" in node or "unit" in node):
            what = "approx" if "approx" in node else "unit"
            check.fail(node.key_lines[what], f"'{what}' applies to a value or ratio, not a {kind}")
        if "unit" in node and kind == RATIO:
            check.fail(node.key_lines["unit"], "a ratio has no unit")
        unit, metric = values.get("unit"), values.get("metric")
        if unit and metric and kind == VALUE and unit in self.units:
            target = self.catalog.metrics[metric].unit
            if self.catalog.conversion(unit, target) is None:
                check.fail(node.key_lines["unit"], f"unit '{unit}' does not convert to {metric}'s unit '{target}'")
        if "models" in node and kind not in (VALUE, RATIO, STATEMENT):
            check.fail(node.key_lines["models"], "models goes with a value or ratio range")


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
