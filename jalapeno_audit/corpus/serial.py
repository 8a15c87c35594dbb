"""Sources and claims to plain tuples and back, for the cache (marshal takes nothing else).

The rows follow the dataclasses' own field lists, and each field is converted by its declared
type: a field added to Claim or Source is cached without touching this module, and a type with
no codec is refused when the module loads, not when a cache entry is read back wrong.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from typing import Any

from jalapeno_audit.corpus.model import Claim, DateSpec, Source
from jalapeno_audit.errors import Problem
from jalapeno_audit.text.numbers import parse_figure

_DATE_PARTS = tuple(f.name for f in dataclasses.fields(DateSpec))


def _date(value: dt.date | None) -> str | None:
    return None if value is None else value.isoformat()


def _undate(value: str | None) -> dt.date | None:
    return None if value is None else dt.date.fromisoformat(value)


def _plain(value):
    return value


# type as declared -> (to plain, from plain with the row's `exact`)
Codec = tuple[Callable[[Any], Any], Callable[[Any, bool], Any]]
CODECS: dict[str, Codec] = {
    "str": (_plain, lambda v, exact: v),
    "str | None": (_plain, lambda v, exact: v),
    "int": (_plain, lambda v, exact: v),
    "bool": (_plain, lambda v, exact: v),
    "dt.date | None": (_date, lambda v, exact: _undate(v)),
    "tuple[str, ...]": (_plain, lambda v, exact: tuple(v)),
    "Conditions": (_plain, lambda v, exact: tuple(tuple(pair) for pair in v)),
    "Figure | None": (lambda f: None if f is None else f.text, lambda v, exact: None if v is None else parse_figure(v, exact)),
    "tuple[Figure, Figure] | None": (
        lambda b: None if b is None else (b[0].text, b[1].text),
        lambda v, exact: None if v is None else (parse_figure(v[0], exact), parse_figure(v[1], exact)),
    ),
    "DateSpec | None": (
        lambda d: None if d is None else tuple(_date(getattr(d, name)) for name in _DATE_PARTS),
        lambda v, exact: None if v is None else DateSpec(*(_undate(x) for x in v)),
    ),
}


def _plan(cls) -> tuple[tuple[str, Codec], ...]:
    plan = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue  # derived in __post_init__, never stored
        codec = CODECS.get(str(f.type))
        if codec is None:
            raise TypeError(f"no cache codec for {cls.__name__}.{f.name}: {f.type}")
        plan.append((f.name, codec))
    return tuple(plan)


_SOURCE_PLAN = _plan(Source)
_CLAIM_PLAN = _plan(Claim)


def _dump(obj, plan) -> tuple:
    return tuple(encode(getattr(obj, name)) for name, (encode, _) in plan)


def _load(cls, row: tuple, plan, exact: bool = False):
    if len(row) != len(plan):
        raise ValueError("cached row has the wrong length")
    return cls(**{name: decode(value, exact) for (name, (_, decode)), value in zip(plan, row, strict=True)})


def dump_source(source: Source) -> tuple:
    return _dump(source, _SOURCE_PLAN)


def load_source(row: tuple) -> Source:
    return _load(Source, row, _SOURCE_PLAN)


def dump_claim(claim: Claim) -> tuple:
    return _dump(claim, _CLAIM_PLAN)


_EXACT = [name for name, _ in _CLAIM_PLAN].index("exact")


def load_claim(row: tuple) -> Claim:
    return _load(Claim, row, _CLAIM_PLAN, exact=bool(row[_EXACT]))


def dump_file(source: Source | None, claims: list[Claim], problems: list[Problem]) -> tuple:
    return (
        dump_source(source) if source else None,
        tuple(dump_claim(c) for c in claims),
        tuple((p.path, p.line, p.message) for p in problems),
    )


def load_file(row: tuple) -> tuple[Source | None, list[Claim], list[Problem]]:
    source, claims, problems = row
    return (load_source(source) if source else None, [load_claim(c) for c in claims], [Problem(*p) for p in problems])
