"""Sources and claims to plain tuples and back, for the cache (marshal takes nothing else)."""

from __future__ import annotations

import datetime as dt

from jalapeno_audit.corpus.model import Claim, DateSpec, Source
from jalapeno_audit.errors import Problem
from jalapeno_audit.text.numbers import parse_figure


def _date(value: dt.date | None) -> str | None:
    return None if value is None else value.isoformat()


def _undate(value: str | None) -> dt.date | None:
    return None if value is None else dt.date.fromisoformat(value)


def dump_source(source: Source) -> tuple:
    return (source.id, source.title, source.publisher, source.kind, source.path, source.line, _date(source.published), source.url, source.archive)


def load_source(row: tuple) -> Source:
    sid, title, publisher, kind, path, line, published, url, archive = row
    return Source(sid, title, publisher, kind, path, line, _undate(published), url, archive)


def dump_claim(c: Claim) -> tuple:
    figure = c.figure.text if c.figure else None
    bounds = (c.bounds[0].text, c.bounds[1].text) if c.bounds else None
    date = tuple(_date(getattr(c.date, name)) for name in ("on", "before", "by", "start", "to")) if c.date else None
    return (
        c.source, c.id, c.path, c.line, c.quote, c.by, c.kind, c.system, c.vs, c.model, c.models, c.metric,
        figure, bounds, c.unit, c.approx, c.at, c.vs_at, c.exact, c.event, date, c.statement, c.evidence,
        c.value_line, tuple(c.lines.items()),
    )


def load_claim(row: tuple) -> Claim:
    (source, cid, path, line, quote, by, kind, system, vs, model, models, metric, figure, bounds, unit, approx,
     at, vs_at, exact, event, date, statement, evidence, value_line, lines) = row
    return Claim(
        source=source, id=cid, path=path, line=line, quote=quote, by=by, kind=kind, system=system, vs=vs,
        model=model, models=tuple(models), metric=metric,
        figure=parse_figure(figure, exact) if figure is not None else None,
        bounds=(parse_figure(bounds[0], exact), parse_figure(bounds[1], exact)) if bounds else None,
        unit=unit, approx=approx, at=tuple(tuple(pair) for pair in at), vs_at=tuple(tuple(pair) for pair in vs_at),
        exact=exact, event=event, date=DateSpec(*(_undate(d) for d in date)) if date else None,
        statement=statement, evidence=evidence, value_line=value_line, lines=dict(lines),
    )


def dump_file(source: Source | None, claims: list[Claim], problems: list[Problem]) -> tuple:
    return (
        dump_source(source) if source else None,
        tuple(dump_claim(c) for c in claims),
        tuple((p.path, p.line, p.message) for p in problems),
    )


def load_file(row: tuple) -> tuple[Source | None, list[Claim], list[Problem]]:
    source, claims, problems = row
    return (load_source(source) if source else None, [load_claim(c) for c in claims], [Problem(*p) for p in problems])
