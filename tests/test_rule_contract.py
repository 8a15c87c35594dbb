"""The rule contract, as tests: what every rule module must be for the engine, `audit explain` and the README.

A rule is one module of jalapeno_audit/rules/ named after what it catches; its ``ID`` is the
module name with dashes; ``SEVERITY`` is a known severity; ``check(context)`` yields findings;
its docstring opens with a one-line summary and holds a "Passes:" and a "Fails:" example; it
is in the registry; it has pass and fail cases in tests/rules/<module>.yaml; and the README's
rules table lists it with its default severity.
"""

from __future__ import annotations

import inspect
import pkgutil
import re
from pathlib import Path

import pytest
import yaml

from jalapeno_audit import rules as rules_package
from jalapeno_audit.rules import RULES
from jalapeno_audit.rules.engine import SEVERITIES

from .conftest import ROOT

#: Modules of the rules package that are the engine and its helpers, not rules.
NOT_RULES = {"engine", "reviews", "verdicts", "disputes", "attribution"}
CASES = Path(__file__).parent / "rules"


def _rule_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(rules_package.__path__) if m.name not in NOT_RULES)


def test_every_rule_module_is_registered():
    assert sorted(rule.__name__.rsplit(".", 1)[1] for rule in RULES.values()) == _rule_modules()


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_module_contract(rule_id):
    rule = RULES[rule_id]
    module_name = rule.__name__.rsplit(".", 1)[1]
    assert rule.ID == module_name.replace("_", "-")
    assert rule.SEVERITY in SEVERITIES
    assert inspect.isgeneratorfunction(rule.check) or callable(rule.check)
    doc = inspect.getdoc(rule) or ""
    summary, _, body = doc.partition("\n\n")
    assert summary and "\n" not in summary and summary.endswith("."), "one summary line ending with a full stop"
    assert re.search(r"^Passes: \S", body, re.M), "a passing example"
    assert re.search(r"^Fails: \S", body, re.M), "a failing example"


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_has_pass_and_fail_cases(rule_id):
    module_name = RULES[rule_id].__name__.rsplit(".", 1)[1]
    document = yaml.safe_load((CASES / f"{module_name}.yaml").read_text(encoding="utf-8"))
    assert document["rule"] == rule_id
    assert any(case["expect"] == [] for case in document["cases"]), "a case where the rule stays silent"
    assert any(case["expect"] for case in document["cases"]), "a case where the rule fires"


def test_readme_rules_table_matches_the_registry():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Rules", 1)[1].split("\n\n", 2)[1]
    rows = {}
    for line in table.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[-1]
    expected = {}
    for rule_id, rule in RULES.items():
        severities = getattr(rule, "SEVERITIES", (rule.SEVERITY,))
        expected[rule_id] = " / ".join(severities)
    assert rows == expected
