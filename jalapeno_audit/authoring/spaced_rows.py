"""Rows of a specification table written one row a line with spaces between cells, under a header naming one system a column.

A news story's spec table copied as text ("  MI250 MI210 MI100 MI50", then "FP64 Vector 45.3 TFLOPS 22.6 TFLOPS 11.5 TFLOPS
6.6 TFLOPS", "TDP 560W 300W 300W 300W") keeps no cell separators: a row is its label and then its cells. Where a row's
cells are exactly as many as the header's names, each a figure with its unit or a blank mark ("N/A"), the row's n-th
figure is the system the header's n-th name is; its conditions are those its label writes ("FP64 Vector": the vector
engine, the header's systems each having another rate for the matrix engine). A row of any other shape ("Compute Units
2 x 104 104 120 60", cells that are counts and products) is left to the reader.

A column whose catalog system is a memory variant ("AMD Instinct MI50 (32 GB)") and to which the table's memory row
gives another size ("16GB") is the other variant: the catalog's one system of the same name and that size ("AMD
Instinct MI50 (16 GB)"), or, where the catalog has none, a system left to the reader.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import pairwise

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.conditions import CONDITION, PER_DEVICE_BASIS, setting_of
from jalapeno_audit.authoring.sentences import SENTENCE_END, mention_spans
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.figures import FIGURE, VALUE, read_figures

#: A cell the table leaves blank.
_BLANK = re.compile(r"(?<!\S)(?:N/?A|n/a|-|–|—|TBD)(?!\S)")
#: The engine a compute row's label names after its format ("FP64 Vector", "FP16 Matrix").
_ENGINE = re.compile(r"\b(?:FP|INT|BF)\d+\s+(?P<engine>Vector|Matrix)\b", re.I)
#: The memory size a catalog system's name gives it ("AMD Instinct MI50 (32 GB)"), in GB.
_SIZED = re.compile(r"\((?P<gb>\d+(?:\.\d+)?)\s?GB\)")
_PARAGRAPH_DOUBT = re.compile(r"its paragraph says '(?P<word>[^']*)'")
#: What a header may hold before its systems' names: nothing, or the row labels' header ("Specification").
_HEADER_LABEL = re.compile(r"(?:[A-Za-z][A-Za-z/&-]*(?:\s[A-Za-z][A-Za-z/&-]*){0,2}\s)?")
_SENTENCE_DOUBT = re.compile(r"the sentence says '(?P<word>[^']*)'$")


def spaced_rows(catalog: Catalog, found: list[Candidate], body: str, systems: dict[str, str]) -> None:
    """Give each figure drafted from a spaced row of a spec table its column's system and its label's engine."""
    rows = _rows(body, systems)
    placed: dict[tuple[str, str], list[Candidate]] = {}  # (row, system) -> its figures
    cells_of: dict[str, list[tuple[int, int]]] = {}  # each row's cells, read once for all its figures
    for candidate in found:
        row = " ".join(candidate.quote.split())
        header = rows.get(row)
        if header is None or candidate.kind != "value" or candidate.quote.strip() != row:
            continue
        offset = len(candidate.quote) - len(candidate.quote.lstrip())
        if row not in cells_of:
            cells_of[row] = _cells(row)
        cells = cells_of[row]
        index = next((i for i, (start, _) in enumerate(cells) if start == candidate.start - offset), None)
        if index is None or len(cells) != len(header):
            continue
        candidate.system = header[index]
        candidate.doubts.pop("system", None)
        # The formats of other rows' labels ("FP64 Vector" above "VRAM 128GB ...") are their own figures' conditions.
        doubt = _PARAGRAPH_DOUBT.match(candidate.doubts.get("at", ""))
        if doubt is not None and doubt["word"].lower() not in row.lower() and (setting_of(doubt["word"]) or ("", ""))[0] == "precision":
            del candidate.doubts["at"]
        _label_settings(candidate, row[:cells[0][0]])
        if (engine := _ENGINE.search(row, 0, cells[0][0])) is not None and "at" not in candidate.doubts:
            candidate.at = {**candidate.at, "engine": engine["engine"].lower()}
        placed.setdefault((row, header[index]), []).append(candidate)
    _other_variants(catalog, placed)


def _label_settings(candidate: Candidate, label: str) -> None:
    """The one-word settings a row's label writes ("Peak compute per chip (bf16)"), each cell's: written in `at`, where
    the sentence's doubt is of a word of the label and every condition word of the label but a per-device basis is such
    a setting."""
    doubt = _SENTENCE_DOUBT.match(candidate.doubts.get("at", ""))
    words = [word for word in CONDITION.finditer(label) if not PER_DEVICE_BASIS.fullmatch(word.group())]
    settings = [setting_of(word.group()) for word in words]
    if doubt is None or doubt["word"] not in label or not words or None in settings or len({key for key, _ in settings}) != len(settings):  # type: ignore[misc]
        return
    del candidate.doubts["at"]
    candidate.at = {**candidate.at, **dict(settings)}  # type: ignore[arg-type]


def _other_variants(catalog: Catalog, placed: dict[tuple[str, str], list[Candidate]]) -> None:
    """Leave to the reader a column whose catalog system's name gives a memory size the table's memory row contradicts."""
    for (_, system_id), figures in placed.items():
        sized = _SIZED.search(catalog.systems[system_id].name)
        if sized is None:
            continue
        sizes = {_gigabytes(catalog, c) for c in figures if c.metric == "memory-capacity"} - {None}
        if not sizes or Fraction(sized["gb"]) in sizes:
            continue
        written = next(f"{c.found} {c.unit or catalog.metrics['memory-capacity'].unit}" for c in figures if c.metric == "memory-capacity")
        # The catalog's variant of the same name whose size is the table's ("AMD Instinct MI50 (16 GB)") is the column's.
        base = catalog.systems[system_id].name.replace(sized.group(), "").strip()
        variants = [other_id for other_id, other in catalog.systems.items() if other_id != system_id
                    and (size := _SIZED.search(other.name)) is not None and Fraction(size["gb"]) in sizes
                    and other.name.replace(size.group(), "").strip() == base]
        for (_, other), column in placed.items():
            if other == system_id:
                for candidate in column:
                    if len(sizes) == 1 and len(variants) == 1:
                        candidate.system = variants[0]
                        continue
                    candidate.doubts["system"] = (f"the table gives this column {written} of memory; the catalog's "
                                                  f"{catalog.systems[system_id].name} is another variant")


def _gigabytes(catalog: Catalog, candidate: Candidate) -> Fraction | None:
    """A memory figure's size in GB, where its unit is GB or converts to it."""
    unit = candidate.unit or catalog.metrics[candidate.metric or ""].unit
    converted = catalog.units.get(unit)
    factor = Fraction(1) if unit == "GB" else (converted.factor if converted is not None and converted.metric_unit == "GB" else None)
    figure = candidate.figure if isinstance(candidate.figure, str) else None
    return Fraction(figure.strip('"')) * factor if factor is not None and figure else None


def _cells(row: str) -> list[tuple[int, int]]:
    """The spans of a row's cells: each figure read with its unit, and each blank mark, in order."""
    figures = [(r.start, r.end) for r in read_figures(row) if r.kind == VALUE and r.role == FIGURE and r.label]
    blanks = [m.span() for m in _BLANK.finditer(row) if not any(a <= m.start() < b for a, b in figures)]
    return sorted(figures + blanks)


def _rows(body: str, systems: dict[str, str]) -> dict[str, list[str]]:
    """Each row line (spaces folded) below a header line of distinct catalog system names (after the row labels'
    header, if any: "Specification v5e v6e"), to the next blank line or line of prose, and the header's systems in order."""
    rows: dict[str, list[str]] = {}
    header: list[str] | None = None
    for line in (" ".join(line.split()) for line in body.splitlines()):
        if not line or SENTENCE_END.search(line):
            header = None  # a blank line, or prose after the table ("... on a PCIe card."), ends it
            continue
        spans = mention_spans(line, systems)
        named = [system_id for _, _, system_id in spans]
        gaps = [line[end:start] for (_, end, _), (start, _, _) in pairwise(spans)]
        if len(named) >= 2 and len(set(named)) == len(named) and _HEADER_LABEL.fullmatch(line[:spans[0][0]]) \
                and spans[-1][1] == len(line) and all(gap == " " for gap in gaps):
            header = named
        elif header is not None:
            rows[line] = header
    return rows
