"""Rows of a specification table written one row a line with ``|`` between cells, under a header naming one system a column.

A comparison article's spec table ("Category | Huawei Ascend 950DT | NVIDIA H200 | AMD MI300 |", then "Peak Performance
| 1 PFLOPS (FP8 / MXFP8 / HiF8), 2 PFLOPS (MXFP4) | FP16: 241.3 TFLOPS, ... |") holds prose in its cells, so it is
read line by line as sentences. A figure in such a row is the system's its column's header names; its conditions
are those its own cell writes for it: a precision before it and a colon ("FP16: 241.3 TFLOPS", "FP32/FP64: 47.87
TFLOPS") or in the parenthesis after its unit ("1 PFLOPS (FP8 / MXFP8 / HiF8)"). The row's other cells are other
systems' figures.
"""

from __future__ import annotations

import re

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.conditions import CONDITION, SETTING_FAMILIES
from jalapeno_audit.authoring.sentences import mentions
from jalapeno_audit.corpus.catalog import Catalog

_PRECISION = r"(?:NV|MX)?FP\d+|BF16|TF32|INT\d+|HiF\d+"
_PRECISIONS = rf"(?:{_PRECISION})(?:\s*/\s*(?:{_PRECISION}))*"
#: A precision list and a colon just before a figure ("FP16: ", "FP32/FP64: ").
_BEFORE = re.compile(rf"(?P<precision>{_PRECISIONS})\s*:\s*$", re.I)
#: A unit and a parenthesis holding only a precision list just after a figure (" PFLOPS (FP8 / MXFP8 / HiF8)"), or the
#: precision list right after the unit (" TOPS INT8").
_UNIT_PRECISION = rf"\s*[A-Za-z/]+\s*(?:\(\s*(?P<precision>{_PRECISIONS})\s*\)|\s(?P<bare>{_PRECISIONS})\b)"
_AFTER = re.compile(_UNIT_PRECISION, re.I)
#: Every precision list the cell writes for one of its figures: with a colon before it, or after its unit.
_EVERY_BEFORE = re.compile(rf"(?P<precision>{_PRECISIONS})\s*:\s*(?=\d)", re.I)
_EVERY_AFTER = re.compile(r"\d" + _UNIT_PRECISION, re.I)
_CONDITION_WORD = re.compile(rf"{CONDITION.pattern}|\b(?:{_PRECISION})\b", re.I)


def pipe_rows(catalog: Catalog, found: list[Candidate], body: str, systems: dict[str, str]) -> None:
    """Give each figure drafted from a ``|`` row of a spec table its column's system and its cell's precision."""
    columns = _columns(body, systems)
    for candidate in found:
        header = columns.get(candidate.quote.strip())
        if header is None or candidate.kind != "value":
            continue
        # A row written with a "|" before its first cell ("| Peak Performance | 26 TOPS INT8 | ...") counts its cells
        # from the one after it, as the header's are counted.
        opening = len(candidate.quote) - len(candidate.quote.lstrip()) + 1 if candidate.quote.lstrip().startswith("|") else 0
        cells = candidate.quote[opening:].split("|")
        index = candidate.quote.count("|", opening, candidate.start)
        if not 0 < index < len(header) or mentions(candidate.quote, systems) or _CONDITION_WORD.search(cells[0]):
            continue
        candidate.system = header[index]
        candidate.doubts.pop("system", None)
        metric = catalog.metrics.get(candidate.metric or "")
        if metric is not None and metric.family in SETTING_FAMILIES:
            _cell_precision(candidate, cells[index], opening + len("|".join(cells[:index])) + 1)


def _cell_precision(candidate: Candidate, cell: str, offset: int) -> None:
    """The precision a figure's cell writes for it, when every condition word of the cell is one written for one of
    its figures; else `at` is left to the reader."""
    start, end = candidate.start - offset, candidate.end - offset
    before = _BEFORE.search(cell, 0, start)
    after = _AFTER.match(cell, end)
    bound = [match for match in (before, after) if match is not None]
    owned = [match.span(_written_as(match)) for match in (*_EVERY_BEFORE.finditer(cell), *_EVERY_AFTER.finditer(cell))]
    loose = [word for word in _CONDITION_WORD.finditer(cell) if not any(a <= word.start() < b for a, b in owned)]
    if len(bound) != 1 or loose:
        candidate.doubts["at"] = "a table cell whose conditions are not written one for each figure"
        return
    precision = re.sub(r"\s*/\s*", "/", bound[0][_written_as(bound[0])]).lower()
    candidate.at = {"precision": precision}
    if candidate.doubts.get("at", "").startswith("the sentence says"):
        del candidate.doubts["at"]  # the row's other cells are other figures'; a doubt from the prose around it stands


def _written_as(match: re.Match[str]) -> str:
    """The group that holds the precision list a match found: in parentheses or after a colon ("precision"), or bare."""
    return "precision" if match["precision"] else "bare"


def _columns(body: str, systems: dict[str, str]) -> dict[str, list[str]]:
    """Each ``|`` row line of a table whose header line names one catalog system in each cell after the first, and
    the header's systems by cell (the first cell, the row labels' header, holds none)."""
    rows: dict[str, list[str]] = {}
    header: list[str] | None = None
    for line in (" ".join(line.split()) for line in body.splitlines()):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if "|" not in line or len(cells) < 3:
            header = None
            continue
        named = [list(dict.fromkeys(sid for _, sid in mentions(cell, systems))) for cell in cells[1:]]
        if all(len(ids) == 1 for ids in named) and len({ids[0] for ids in named}) == len(named):
            header = ["", *(ids[0] for ids in named)]
        elif header is not None and len(cells) == len(header):
            rows[line] = header
    return rows
