"""The conditions of a table's figure cells (see ``table_claims``): what its columns, rows, lead-in and caption settle.

A column's qualifiers ("(8-bit)", "FP8", "FP8/FP16/BF16/TF32 TFLOPS"), a precision in the row's label, a statistic in
either ("(p99)"), a scenario row ("Offline"), condition columns ("Batch Size"), the settings and the input and output
lengths the lead-in or caption states, the comparator's own settings in `vs_at`; and what keeps a cell commented:
a condition word nothing settles, a qualifier not read, two statistics, a repeated test whose conditions are not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from jalapeno_audit.authoring.article_tables import Row, Table
from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.conditions import CONDITION, PER_DEVICE_BASIS, UNSPLIT, setting_of, settled_by, stated_settings
from jalapeno_audit.authoring.lengths import stated_lengths
from jalapeno_audit.authoring.metrics import HARDWARE_FAMILIES
from jalapeno_audit.authoring.sentences import mentions
from jalapeno_audit.authoring.units import TOKEN_RATE
from jalapeno_audit.text.names import mask

if TYPE_CHECKING:
    from jalapeno_audit.authoring.metrics import MetricReader
    from jalapeno_audit.corpus.catalog import Catalog

#: A precision written as a qualifier of a column ("(16-bit)", "(8-bit)2" with a footnote mark glued on).
_BITS = re.compile(r"\((\d+)-bit\)")

#: Columns that hold conditions, not figures, and the key a claim's `at` writes each under ("Output tokens/sec" is a rate).
_CONDITION_COLUMNS = (("batch", re.compile(r"\bbatch(?: size)?\b|^BS$", re.I)), ("isl", re.compile(r"\binput (?:length|tokens)\b(?!\s*(?:/|per))|^ISL$", re.I)),
                      ("osl", re.compile(r"\boutput (?:length|tokens)\b(?!\s*(?:/|per))|^OSL$", re.I)), ("concurrency", re.compile(r"\bconcurren", re.I)),
                      ("gpus", re.compile(r"(?:#|number) of GPUs|^GPUs$|^#\s*GPUs?$", re.I)),
                      # Another processing unit counted ("# HPU", "Number of TPUs"): a count of accelerators.
                      ("accelerators", re.compile(r"(?:#|[Nn]umber) of (?:[A-Z]PUs?|accelerators)\b|^#\s*(?:[A-Z]PUs?|accelerators?)$|^[A-Z]PUs$")),
                      # A column of number formats ("Precision": "fp8", "BF16"), each row's precision.
                      ("precision", re.compile(r"^(?:precision|data ?type)$", re.I)),
                      # A tensor-parallel column ("TP(2)", a footnote mark glued on): how many GPUs the model is split over.
                      ("tensor-parallel", re.compile(r"^TP\b|\btensor[ -]parallel", re.I)))

_SCENARIOS = re.compile(r"(?:offline|server|interactive|single[- ]stream|multi[- ]stream)", re.I)

#: Condition words and what settles each: the precision a column states, the scenario a row states.
_KINDS = (("precision", re.compile(r"precision|quantiz|bit|(?:NV|MX)?FP\d|BF16|INT\d", re.I)), ("scenario", re.compile(r"offline|server|scenario", re.I)),
          ("tensor-parallel", re.compile(r"tensor[ -]parallel|\bTP\b", re.I)),
          ("batch", re.compile(r"batch|BS=", re.I)), ("isl", re.compile(r"ISL|input length", re.I)), ("osl", re.compile(r"OSL|output length", re.I)))

#: A statistic over runs or requests named in a row label or column header ("Median ...", "(p99)"), as `at` writes it.
_STATISTIC = re.compile(r"\b(?:median|average|mean|maximum|minimum|p\d{1,2})\b", re.I)

#: A qualifier in parentheses in a row label or column header ("(FP8)", "(median)", "(BFP8)").
_QUALIFIER = re.compile(r"\(([^()]+)\)")

#: A lead-in saying its table repeats a test told of before it ("I ran the same test across 6 providers").
_SAME_TEST = re.compile(r"\bsame\s+(?:tests?|benchmarks?|setup|conditions|workload|prompts?|methodology)\b", re.I)

#: A word of a header, number formats joined by slashes kept whole ("FP8/FP16/BF16/TF32" is one setting, as in prose).
_WORD = r"[\w.-]+(?:/(?=(?:NV|MX|B)?FP\d|BF16|TF32|INT\d)[\w.-]+)*"


class CellConditions:
    """Reads a table cell's conditions; mixed into ``table_claims.TableDrafter``, whose catalog, system and model
    names, metric reader, unit reader (``_unit_of``) and earlier table (``earlier``) it reads."""

    catalog: Catalog
    systems: dict[str, str]
    models: dict[str, str]
    metrics: MetricReader
    earlier: Table | None
    _unit_of: Callable[[str], tuple[set[str], str | None]]

    def _conditions(self, candidate: Candidate, table: Table, row: Row, column: str, given: dict[str, str]) -> None:
        at = dict(given)
        if (bits := _BITS.search(column)) is not None:
            at["precision"] = f"{bits[1]}-bit"
        for word in re.findall(_WORD, column):
            if (setting := setting_of(word)) is not None:
                at.setdefault(*setting)
        # A precision in a row's label is its cells', as one in a column's header is ("TeraFLOPs (FP8)").
        for word in re.findall(r"[\w.-]+", row.label):
            if (setting := setting_of(word)) is not None and setting[0] == "precision":
                at.setdefault(*setting)
        statistics = {found.lower() for text in (column, row.label) for found in _STATISTIC.findall(text)}
        if len(statistics) == 1:
            at["statistic"] = statistics.pop()
        if (scenario := _SCENARIOS.fullmatch(row.label.strip())) is not None:
            at["scenario"] = scenario.group().lower().replace(" ", "-")
        # The lead-in and caption state settings for the whole table, or beside each system ("FP8 H100, FP16 A100").
        stated = stated_settings((table.lead, table.caption), candidate.system, self.systems)
        for key, value in stated.items():
            at.setdefault(key, value)
        # The lengths of the test the lead-in or caption tells of ("Each request: a 200-token prompt asking for a
        # 250-token response"), or, for "the same test", the lengths of the test the table before it was under.
        test = self._earlier_test() if _SAME_TEST.search(table.lead) else {}
        for key, value in {**stated_lengths(f"{table.lead} {table.caption}"), **(test or {})}.items():
            at.setdefault(key, value)
        if candidate.kind == "ratio" and candidate.vs:
            # The comparator's own settings, where they differ ("FP16 A100"): `vs_at`. A setting stated for one side
            # only says nothing of the other's.
            theirs = stated_settings((table.lead, table.caption), candidate.vs, self.systems)
            candidate.vs_at = {key: value for key, value in theirs.items() if at.get(key) != value}
            if set(stated) ^ set(theirs):
                candidate.doubts["at"] = f"the table states {', '.join(sorted(set(stated) ^ set(theirs)))} for one side only"
                candidate.at = at
                return
        # A condition column settles its kind for every row, an empty cell included ("ISL/OSL's provided", OSL "-").
        settled = set(at) | {key for key in map(condition_key, table.columns) if key}
        # A per-device basis ("Peak compute per chip (BF16)", "HBM capacity per chip") says what a spec's figures are of,
        # one device, which is what a chip's compute or memory is anyway: no run's setting. A run's figure per device
        # (a throughput per GPU of an eight-GPU run) is left to the reader.
        metric = self.catalog.metrics.get(candidate.metric or "")
        spec = metric is not None and metric.family in HARDWARE_FAMILIES
        words = [match.group() for text in (table.lead, table.caption, _own_header(table, column), row.label, row.group)
                 for match in CONDITION.finditer(mask(UNSPLIT.sub("", text), self.systems))  # a name is no condition
                 if not (spec and PER_DEVICE_BASIS.fullmatch(match.group()))]
        open_words = [word for word in words if not settled_by(word, at) and not settled_by(word, {**at, **candidate.vs_at})
                      and not any(kind in settled and pattern.search(word) for kind, pattern in _KINDS)]
        if open_words:
            candidate.doubts["at"] = f"the table or its caption says '{open_words[0]}': does it apply here?"
        elif unread := [inside for text in (column, row.label) for inside in _QUALIFIER.findall(text)
                        if not self._read(inside) and not self._names_again(inside, candidate.system)]:
            candidate.doubts["at"] = f"its row or column says '({unread[0]})', which may be a condition"
        elif len(statistics) > 1:
            candidate.doubts["at"] = f"its row and column name the statistics {', '.join(sorted(statistics))}"
        elif test is None:
            candidate.doubts["at"] = "the lead-in says the table repeats a test told of before it: under that test's conditions?"
        candidate.at = at

    def _earlier_test(self) -> dict[str, str] | None:
        """The conditions of the test the table before this one was under, for a lead-in saying the table repeats it:
        the input and output lengths its lead-in and caption state, when they state no other condition; else None."""
        if self.earlier is None:
            return None
        words = f"{self.earlier.lead} {self.earlier.caption}"
        lengths = stated_lengths(words)
        return lengths if lengths and not CONDITION.search(UNSPLIT.sub("", words)) else None

    def _names_again(self, qualifier: str, system_id: str | None) -> bool:
        """Whether a qualifier only repeats words of its cell's system's catalog name ("Groq (LPU)" of the Groq LPU):
        the system named again, no condition."""
        system = self.catalog.systems.get(system_id or "")
        if system is None:
            return False
        known = {word.lower() for name in (system.name, *system.aliases) for word in re.findall(r"[\w.-]+", name or "")}
        words = [word.lower() for word in re.findall(r"[\w.-]+", qualifier)]
        return bool(words) and set(words) <= known

    def _read(self, qualifier: str) -> bool:
        """Whether a qualifier in parentheses in a row label or column header is read: a setting ("FP8", "8-bit"), a
        statistic, a unit ("ms", "out tok/s"), a system or model, or a metric's words; one that is not ("(LPU)") may be a
        condition the reader must write."""
        words = re.findall(r"[\w.-]+", qualifier)
        return bool(any(setting_of(word) for word in words) or _BITS.search(f"({qualifier})") or _STATISTIC.search(qualifier)
                    or TOKEN_RATE.search(qualifier) or (words and self._unit_of(words[-1])[0])
                    or mentions(qualifier, self.systems) or mentions(qualifier, self.models) or self.metrics.phrase_metrics(qualifier))


def _own_header(table: Table, column: str) -> str:
    """The table's header lines without the headers of its other figure columns: a setting one column's header states
    ("FP8/FP16/BF16/TF32 TFLOPS", "FP32 TFLOPS") is that column's, and says nothing of the figures of another ("Device
    Memory (GiB)"); what the header says besides its columns (the label column's header, a title line) is every cell's."""
    header = table.header
    for other in table.columns:
        if other and other != column:
            header = header.replace(other, " ", 1)
    return header


def condition_value(key: str, cell: str) -> tuple[str, str] | None:
    """How a claim's `at` writes a condition column's cell, key and value: a count or length without its commas ("1,536":
    1536), a precision as a format is written ("FP8": fp8), any other precision in lower case, words joined by hyphens
    ("Mixed FP8": mixed-fp8), a tensor-parallel degree as the GPUs the model is split over (`gpus`), none for a degree of
    one (the model on one GPU, which a GPU's figure is without it)."""
    if key == "tensor-parallel":
        degree = cell.strip()
        return None if degree == "1" else ("gpus", degree)
    if key != "precision":
        return key, cell.replace(",", "")
    setting = setting_of(cell.strip())
    return key, setting[1] if setting is not None and setting[0] == "precision" else "-".join(cell.lower().split())


def condition_key(column: str) -> str | None:
    """The key a claim's `at` writes a condition column's cells under ("Batch Size": batch), or None for a column of figures."""
    return next((key for key, pattern in _CONDITION_COLUMNS if pattern.search(column.strip())), None)
