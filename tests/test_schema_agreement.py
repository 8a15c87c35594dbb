"""The JSON Schema and the loader read the same declarations, so they accept and refuse alike.

Every case is one change to a valid claim file. The loader and the schema must agree on it:
both accept, or both refuse. Only field-level reasons are covered; what needs the catalog's
contents (an unknown system id, a unit that does not convert) or arithmetic between figures
(lo > hi) is the loader's alone.
"""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from jalapeno_audit.authoring.schema import claim_file_schema
from jalapeno_audit.cli import app
from jalapeno_audit.corpus.catalog import load_catalog
from jalapeno_audit.corpus.claimfile import read_claim_file

BASE = {
    "source": {"id": "s", "title": "T", "publisher": "P", "published": "2026-08-25", "kind": "secondary"},
    "claims": [
        {"id": "r", "quote": "q", "system": "jalapeno", "vs": "gb200", "model": "kimi-k2.5", "metric": "throughput-per-kw", "ratio": 1.9},
    ],
}


def _claim(**changes):
    def mutate(document):
        claim = document["claims"][0]
        for key, value in changes.items():
            if value is None:
                claim.pop(key, None)
            else:
                claim[key] = value
    return mutate


def _source(**changes):
    def mutate(document):
        document["source"].update(changes)
    return mutate


ACCEPTED = {
    "the base file": _claim(),
    "a hedge": _claim(approx="about"),
    "a ratio range over models": _claim(model=None, models=["kimi-k2.5", "deepseek-r1"], ratio=[1.5, 1.9]),
    "a value in another unit": _claim(vs=None, ratio=None, metric="e2e-latency", value=850, unit="ms"),
    "a statement over models": _claim(ratio=None, model=None, models=["kimi-k2.5"], statement="it widened"),
    "a date window": _claim(ratio=None, vs=None, metric=None, event="deployment-start", date={"from": "2026-01-01", "to": "2026-12-31"}),
    "comparator conditions": _claim(vs_at={"software": "vllm"}, at={"precision": "fp8"}),
    "a model-only value": _claim(system=None, vs=None, ratio=None, metric="throughput", value=12),
    "an exact figure": _claim(exact=True),
    "internal evidence": _claim(evidence="internal"),
}

REFUSED = {
    "an unknown field": _claim(vaule=1),
    "value and ratio": _claim(value=2),
    "no figure at all": _claim(ratio=None),
    "a ratio without vs": _claim(vs=None),
    "a ratio without system": _claim(system=None),
    "a ratio without metric": _claim(metric=None),
    "vs_at without vs": _claim(ratio=None, vs=None, value=3, vs_at={"software": "vllm"}),
    "a date without event": _claim(ratio=None, vs=None, metric=None, date={"by": "2026-12-31"}),
    "a unit on a ratio": _claim(unit="ms"),
    "a hedge on a date": _claim(ratio=None, vs=None, metric=None, event="e", date={"by": "2026-12-31"}, approx="about"),
    "a unit on a statement": _claim(ratio=None, statement="s", unit="ms"),
    "model and models": _claim(models=["kimi-k2.5"]),
    "neither system nor model": _claim(system=None, vs=None, model=None, ratio=None, statement="s"),
    "models on a date": _claim(ratio=None, vs=None, metric=None, model=None, models=["kimi-k2.5"], system="jalapeno", event="e", date={"by": "2026-12-31"}),
    "a hedge that is not one": _claim(approx="abuot"),
    "evidence not a choice": _claim(evidence="rumour"),
    "exact as text": _claim(exact="yes"),
    "a date on and by": _claim(ratio=None, vs=None, metric=None, event="e", date={"on": "2026-12-01", "by": "2026-12-31"}),
    "an empty date": _claim(ratio=None, vs=None, metric=None, event="e", date={}),
    "a date that is no date": _claim(ratio=None, vs=None, metric=None, event="e", date={"by": "end of 2026"}),
    "a claim id with capitals": _claim(id="Kimi"),
    "an empty quote": _claim(quote=""),
    "a condition that is a list": _claim(at={"software": ["vllm"]}),
    "a range of three": _claim(ratio=[1, 2, 3]),
    "a figure that is text": _claim(ratio="1.9x"),
    "a source without publisher": lambda d: d["source"].pop("publisher"),
    "a source kind not a choice": _source(kind="tertiary"),
    "an archive that is a path": _source(archive="../x.txt"),
    "a source id with a space": _source(id="a b"),
}


@pytest.fixture(scope="module")
def checkers():
    catalog = load_catalog(None)
    schema = claim_file_schema(catalog)

    def loader_accepts(document) -> bool:
        data = yaml.safe_dump(document, sort_keys=False).encode()
        source, _claims, problems = read_claim_file("case.yaml", data, catalog)
        return source is not None and not problems

    def schema_accepts(document) -> bool:
        try:
            jsonschema.validate(document, schema)
        except jsonschema.ValidationError:
            return False
        return True

    return loader_accepts, schema_accepts


@pytest.mark.parametrize("case", sorted(ACCEPTED))
def test_both_accept(checkers, case):
    document = copy.deepcopy(BASE)
    ACCEPTED[case](document)
    loader_accepts, schema_accepts = checkers
    assert loader_accepts(document), "the loader refuses it"
    assert schema_accepts(document), "the schema refuses it"


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_both_refuse(checkers, case):
    document = copy.deepcopy(BASE)
    REFUSED[case](document)
    loader_accepts, schema_accepts = checkers
    assert not loader_accepts(document), "the loader accepts it"
    assert not schema_accepts(document), "the schema accepts it"


def test_cli_schema_is_the_same_document():
    result = CliRunner().invoke(app, ["schema"])
    assert json.loads(result.output) == claim_file_schema(load_catalog(None))
