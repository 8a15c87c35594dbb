"""`audit schema` against the real claim files and a deliberately broken one."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from jalapeno_audit.cli import app

from .conftest import ROOT

runner = CliRunner()


class _PlainDates(yaml.SafeLoader):
    """YAML as editors read it (1.2): dates stay strings."""


_PlainDates.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


@pytest.fixture(scope="module")
def schema():
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    return json.loads(result.output)


def _files():
    return sorted(p for p in (ROOT / "claims").glob("*.yaml") if p.name not in ("catalog.yaml", "reviews.yaml"))


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_every_claim_file_validates(schema, path):
    jsonschema.validate(yaml.load(path.read_text(encoding="utf-8"), Loader=_PlainDates), schema)


@pytest.mark.parametrize(
    "mutation",
    [
        lambda d: d["claims"][1].update(vaule=1),  # unknown field
        lambda d: d["claims"][1].update(ratio=2),  # value and ratio
        lambda d: d["claims"][2].pop("vs"),  # ratio without vs
        lambda d: d["source"].pop("publisher"),  # missing required field
        lambda d: d["claims"][1].update(approx="abuot"),  # not a hedge
    ],
)
def test_a_broken_file_fails(schema, mutation):
    document = yaml.load(_files()[0].read_text(encoding="utf-8"), Loader=_PlainDates)
    mutation(document)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, schema)
