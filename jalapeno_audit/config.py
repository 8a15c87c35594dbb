"""Configuration: `[tool.jalapeno-audit]` in pyproject.toml, or audit.toml, found by walking up.

Keys: ``fail-on``, ``severity`` (a table: rule id -> level), ``tolerance`` (the relative
widening of approximate hedges, 0.05 or "5%"), ``archive`` (the archive directory, relative to
the configuration file). Command-line options win over the file; the file wins over defaults.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from jalapeno_audit.corpus.fields import did_you_mean
from jalapeno_audit.errors import AuditError, Problem
from jalapeno_audit.text.numbers import DEFAULT_TOLERANCE

KEYS = ("fail-on", "severity", "tolerance", "archive")
FAIL_ON = ("error", "warning", "info", "never")
LEVELS = ("error", "warning", "info")
SECTION = "tool.jalapeno-audit"


@dataclass
class Config:
    """Effective settings, each with where it came from."""

    fail_on: str = "error"
    severity: dict[str, str] = field(default_factory=dict)
    tolerance: Fraction = DEFAULT_TOLERANCE
    archive: str | None = None
    origins: dict[str, str] = field(default_factory=dict)  # key -> "default" | file | "command line"
    file: str | None = None


def find_config(start: str) -> Path | None:
    """The nearest audit.toml, or pyproject.toml with a [tool.jalapeno-audit] table, from start up."""
    here = Path(start).resolve()
    if here.is_file() or not here.exists():
        here = here.parent
    for directory in (here, *here.parents):
        candidate = directory / "audit.toml"
        if candidate.is_file():
            return candidate
        pyproject = directory / "pyproject.toml"
        if pyproject.is_file() and re.search(r"^\s*\[tool\.jalapeno-audit(\.|\])", pyproject.read_text(encoding="utf-8", errors="replace"), re.M):
            return pyproject
    return None


def load_config(start: str) -> Config:
    config = Config(origins=dict.fromkeys(KEYS, "default"))
    path = find_config(start)
    if path is None:
        return config
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        raise AuditError([Problem(str(path), int(match.group(1)) if match else 1, f"invalid TOML: {exc}")]) from None
    table = document if path.name == "audit.toml" else document.get("tool", {}).get("jalapeno-audit", {})
    where = f"{path}" + ("" if path.name == "audit.toml" else f" [{SECTION}]")
    config.file = str(path)
    problems = []

    def fail(key: str, message: str) -> None:
        problems.append(Problem(str(path), _line_of(text, key), message))

    for key, value in table.items():
        if key not in KEYS:
            fail(key, f"unknown configuration key '{key}'{did_you_mean(key, KEYS)}")
        elif key == "fail-on":
            if value not in FAIL_ON:
                fail(key, f"fail-on '{value}' is not one of {', '.join(FAIL_ON)}{did_you_mean(str(value), FAIL_ON)}")
            else:
                config.fail_on = value
        elif key == "severity":
            config.severity = _severity(value, text, fail)
        elif key == "tolerance":
            tolerance = _tolerance(value)
            if tolerance is None:
                fail(key, f"tolerance {value!r} must be a fraction between 0 and 1 (0.05) or a percentage ('5%')")
            else:
                config.tolerance = tolerance
        elif key == "archive":
            if not isinstance(value, str) or not value:
                fail(key, "archive must be a directory path")
            else:
                config.archive = str(path.parent / value)
        if key in KEYS:
            config.origins[key] = where
    if problems:
        raise AuditError(problems)
    return config


def _severity(value, text: str, fail) -> dict[str, str]:
    from jalapeno_audit.rules import RULES

    if not isinstance(value, dict):
        fail("severity", "severity must be a table of rule id = level")
        return {}
    result = {}
    for rule_id, level in value.items():
        if rule_id not in RULES:
            fail(rule_id, f"unknown rule '{rule_id}' in severity{did_you_mean(rule_id, RULES)}")
        elif level not in LEVELS:
            fail(rule_id, f"severity '{level}' for {rule_id} is not one of {', '.join(LEVELS)}{did_you_mean(str(level), LEVELS)}")
        else:
            result[rule_id] = level
    return result


def _tolerance(value) -> Fraction | None:
    try:
        if isinstance(value, str) and value.strip().endswith("%"):
            result = Fraction(value.strip()[:-1]) / 100
        elif isinstance(value, (int, float, str)) and not isinstance(value, bool):
            result = Fraction(str(value))
        else:
            return None
    except (ValueError, ZeroDivisionError):
        return None
    return result if 0 <= result < 1 else None


def _line_of(text: str, key: str) -> int:
    """The line where a key is set (TOML parsers do not report it)."""
    pattern = re.compile(rf"^[ \t]*[\"']?{re.escape(key)}[\"']?[ \t]*=", re.M)
    match = pattern.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else 1
