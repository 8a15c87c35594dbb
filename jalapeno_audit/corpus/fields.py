"""Declared fields of every object in a claim or catalog file, and their validation.

The loader validates with these declarations and ``audit schema`` renders them as JSON
Schema, so the two cannot drift apart.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache

from jalapeno_audit.corpus.yamlsrc import Mapping, Scalar, Sequence, line_of
from jalapeno_audit.errors import MAX_PROBLEMS_PER_FILE, Problem

ID_PATTERN = r"[a-z0-9][a-z0-9-]*"
#: Catalog ids may also hold dots ("kimi-k2.5") and slashes in unit names are separate.
CATALOG_ID_PATTERN = r"[a-z0-9][a-z0-9.+-]*"
_ID = re.compile(ID_PATTERN)
_CATALOG_ID = re.compile(CATALOG_ID_PATTERN)


@dataclass(frozen=True, slots=True)
class Field:
    """One key an object may hold."""

    name: str
    kind: str  # how it is read and rendered in the schema: a key of the readers and of the schema kinds
    doc: str
    required: bool = False
    choices: tuple[str, ...] = ()
    attr: str | None = None  # the attribute it sets, when not its name

    @property
    def target(self) -> str:
        return self.attr or self.name


@dataclass(frozen=True, slots=True, eq=False)  # compared and hashed by identity: one spec per object kind
class ObjectSpec:
    """An object kind: its name in messages and its fields."""

    name: str
    fields: tuple[Field, ...]
    doc: str = ""
    relations: tuple[Relation, ...] = ()  # rules between its fields
    by_name: dict[str, Field] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        self.by_name.update({f.name: f for f in self.fields})


def closest(word: str, candidates, n: int = 3) -> list[str]:
    """The closest valid values to a misspelt one, best first; a match but for case comes first."""
    pool = sorted(candidates)
    same_but_case = [c for c in pool if c.lower() == word.lower() and c != word]
    near = difflib.get_close_matches(word, pool, n=n, cutoff=0.6)
    return (same_but_case + [c for c in near if c not in same_but_case])[:n]


def did_you_mean(word: str, candidates) -> str:
    matches = closest(word, candidates)
    if not matches:
        return ""
    return " (did you mean " + " or ".join(f"'{m}'" for m in matches) + "?)"


class Checker:
    """Collects problems for one file while reading its nodes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []

    def fail(self, node_or_line, message: str) -> None:
        line = node_or_line if isinstance(node_or_line, int) else line_of(node_or_line)
        self.problems.append(Problem(self.path, line, message))

    def mapping(self, node, what: str, line: int) -> Mapping | None:
        if type(node) is not Mapping:
            self.fail(line_of(node, line), f"{what} must be a mapping, not {describe(node)}")
            return None
        return node

    def keys(self, node: Mapping, spec: ObjectSpec) -> None:
        """Unknown keys are errors, with the closest valid key; required keys must be present."""
        for key in node:
            if key not in spec.by_name:
                # Suggestions only for the problems a report shows (errors.capped): they cost.
                hint = did_you_mean(key, spec.by_name) if len(self.problems) < MAX_PROBLEMS_PER_FILE else ""
                self.fail(node.key_lines[key], f"unknown field '{key}' in {spec.name}{hint}")
        for f in spec.fields:
            if f.required and f.name not in node:
                self.fail(node, f"{spec.name} is missing required field '{f.name}'")

    def text(self, node, what: str) -> str | None:
        if type(node) is Scalar and node.kind == "str" and node.text.strip():
            return node.text  # the common case, checked first
        if type(node) is not Scalar or (node.kind in ("null",) and not node.quoted):
            self.fail(node if node is not None else 1, f"{what} must be text, not {describe(node)}")
            return None
        if not node.text.strip():
            self.fail(node, f"{what} is empty")
            return None
        return node.text

    def ident(self, node, what: str, catalog: bool = False) -> str | None:
        value = self.text(node, what)
        if value is None:
            return None
        pattern = _CATALOG_ID if catalog else _ID
        if not pattern.fullmatch(value):
            shown = CATALOG_ID_PATTERN if catalog else ID_PATTERN
            self.fail(node, f"{what} '{value}' does not match {shown}")
            return None
        return value

    def boolean(self, node, what: str) -> bool | None:
        if type(node) is Scalar and node.kind == "bool" and not node.quoted:
            return node.text.lower() in ("true", "yes", "on", "y")
        self.fail(node, f"{what} must be true or false, not {describe(node)}")
        return None

    def choice(self, node, what: str, choices) -> str | None:
        value = self.text(node, what)
        if value is None:
            return None
        if value not in choices:
            options = ", ".join(choices)
            self.fail(node, f"{what} '{value}' is not one of {options}{did_you_mean(value, choices)}")
            return None
        return value

    def date(self, node, what: str) -> dt.date | None:
        if type(node) is not Scalar:
            self.fail(line_of(node), f"{what} must be an ISO date (YYYY-MM-DD), not {describe(node)}")
            return None
        try:
            return dt.date.fromisoformat(node.text.strip())
        except ValueError:
            self.fail(node, f"{what} '{node.text}' is not a valid ISO date (YYYY-MM-DD)")
            return None

    def relations(self, node: Mapping, spec: ObjectSpec) -> None:
        """Every rule between the object's fields that the node breaks."""
        for key, message in broken_relations(spec, frozenset(node)):
            self.fail(node.key_lines[key] if key else node, message)

    def texts(self, node, what: str) -> tuple[str, ...] | None:
        if type(node) is not Sequence:
            self.fail(line_of(node), f"{what} must be a list, not {describe(node)}")
            return None
        values = [self.text(item, f"each item of {what}") for item in node]
        found = [value for value in values if value is not None]
        return tuple(found) if len(found) == len(values) else None


@lru_cache(maxsize=1024)
def broken_relations(spec: ObjectSpec, present: frozenset) -> tuple[tuple[str | None, str], ...]:
    """(line key, message) of each relation broken by an object with these keys.

    Which relations break depends only on which keys are present, and the objects of a corpus
    have few distinct key sets: each is judged once.
    """
    return tuple((r.line_key(present), r.explain(present)) for r in spec.relations if r.broken(present))


def describe(node) -> str:
    """How a node reads in an error message."""
    if node is None:
        return "nothing"
    if type(node) is Mapping:
        return "a mapping"
    if type(node) is Sequence:
        return "a list"
    if node.kind == "null" and not node.quoted:
        return "an empty value"
    shown = node.text if len(node.text) <= 40 else node.text[:37] + "..."
    return f"'{shown}'"


# --- Rules between the fields of one object ------------------------------------------------------
ONE_OF, ANY_OF, NOT_BOTH, REQUIRES, FORBIDS = "one-of", "any-of", "not-both", "requires", "forbids"


@dataclass(frozen=True, slots=True)
class Relation:
    """A rule between fields of one object, declared once: the loader checks it, the schema renders it.

    ``one-of``: exactly one of ``fields``; ``any-of``: at least one; ``not-both``: not all of
    them; ``requires``: when ``fields[0]`` is present, so is ``fields[1]``; ``forbids``: when
    ``fields[0]`` is present, ``fields[1]`` is not. ``message`` may use {first}, {second} and
    {present} (the fields present, for one-of).
    """

    kind: str
    fields: tuple[str, ...]
    message: str

    def broken(self, present) -> bool:
        count = sum(1 for name in self.fields if name in present)
        if self.kind == ONE_OF:
            return count != 1
        if self.kind == ANY_OF:
            return count == 0
        if self.kind == NOT_BOTH:
            return count == len(self.fields)
        first, *others = self.fields
        if self.kind == REQUIRES:
            return first in present and others[0] not in present
        return first in present and any(name in present for name in others)  # FORBIDS

    def line_key(self, present) -> str | None:
        """The key whose line the error points at (None: the object's own line)."""
        if self.kind == REQUIRES:
            return self.fields[0]
        if self.kind == FORBIDS:
            return next(name for name in self.fields[1:] if name in present)
        if self.kind == NOT_BOTH:
            return self.fields[-1]
        return None

    def explain(self, present) -> str:
        said = [name for name in self.fields if name in present]
        return self.message.format(first=self.fields[0], second=self.fields[-1], present=" and ".join(said) if said else "none")

    def schema(self) -> dict:
        """The JSON Schema fragment that says the same."""
        required = [{"required": [name]} for name in self.fields]
        if self.kind == ONE_OF:
            return {"oneOf": required}
        if self.kind == ANY_OF:
            return {"anyOf": required}
        if self.kind == NOT_BOTH:
            return {"not": {"required": list(self.fields)}}
        first, *others = self.fields
        if self.kind == REQUIRES:
            then: dict = {"required": others}
        else:
            then = {"not": {"anyOf": [{"required": [name]} for name in others]}}
        return {"if": {"required": [first]}, "then": then}
