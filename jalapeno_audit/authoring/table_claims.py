"""Candidate claims from an article's results tables: one per figure cell, precision before recall.

Each figure cell is mapped to its row label and column header (``article_tables``). Its system is the one
catalog system its row, its row group or its column names ("SambaNova (16-bit)"; "MI355X relative to
B200" gives the comparator too; "5.7x slower" under "vs Groq" sets the row's system against Groq), or for
a multiple in a group of no system ("Speedup"), the two groups of one system each whose figures in its row
and column give it one way round, or, for a value in a table that names no system, the one its lead-in and
caption name when they compare it with nothing and do not count it as parts ("I sent 100 requests to Groq's
API ..."); its model the one its row, group or column names, else the one the
lead-in line names; its metric the one the column, row and group words name, else the caption and lead-in
words, with the unit the cell writes ("18ms") or its headers write ("(ms)", "TeraFLOPs (FP8)") (the same
metric phrases and units the prose is read with), and for a multiple against one system, the column whose
figures give it; its conditions (``table_conditions``) the column's qualifiers ("(8-bit)", "FP8"), a precision in the row's label,
a statistic in either ("(p99)"), a scenario row ("Offline"), condition columns ("Batch Size") and the input
and output lengths the lead-in or caption states ("a 200-token prompt asking for a 250-token response"), with
the comparator's own settings in `vs_at` ("FP8 H100, FP16 A100"); a lead-in saying the table repeats the test
of the table before it ("I ran the same test across 6 providers") gives it that test's lengths. Any field
left open, any condition word in the caption or lead-in the table does not settle, a qualifier not read
("(8 cards)"; "Groq (LPU)" only names the Groq LPU again) and a repeated test whose conditions are not read
make the cell a commented candidate with that field marked. Cells of a row
that names no system in a table of systems (a total), empty cells ("n/a", "-"), years, cells of no one
figure ("TC-02001"), figures in units the catalog does not hold ("1 GHz") and, in a table whose headers say
what each figure measures, bare figures under headers that name nothing measured ("Total requests") are
not figures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from jalapeno_audit.authoring.article_tables import Row, Table, empty_cell, figure_cell, unit_cell, way_cell
from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.conditions import FORMAT
from jalapeno_audit.authoring.metrics import HARDWARE_FAMILIES, NO_STREAM, MetricReader
from jalapeno_audit.authoring.sentences import mention_spans, mentions
from jalapeno_audit.authoring.table_conditions import CellConditions, condition_key, condition_value
from jalapeno_audit.authoring.units import TOKEN_RATE
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.numbers import parse_figure, rounding_interval

#: Two systems joined into one column: "MI355X relative to B200", "H100 vs A100".
_RELATIVE = re.compile(r"\s*(?:relative to|vs\.?|versus|against|over|compared (?:to|with))\s*", re.I)
#: Scenarios scored in throughput (single- and multi-stream are scored in latency).
_THROUGHPUT_SCENARIOS = re.compile(r"offline|server|interactive", re.I)
_YEAR = re.compile(r"\byears?\b", re.I)
#: A column or row of the host computer's figures beside the accelerators' ("Host Memory (GiB)", "Host RAM").
_HOST = re.compile(r"\bhost\b", re.I)
#: A column of multiples against one system, named after these words ("vs Groq", "relative to the H100"); a speed-up
#: against it ("Speedup over H100") has the row's system ahead.
_AGAINST = re.compile(r"\s*(?P<gain>speed-?ups?\s+)?(?:relative to|vs\.?|versus|against|over|compared (?:to|with))\s+(?:the\s+)?", re.I)
#: A unit per second written "/sec" ("GB/sec"), the catalog's "/s".
_PER_SEC = re.compile(r"/sec\b", re.I)
#: Words that set one system against another: a lead-in with one compares what the table shows with something.
#: A lead-in that is a heading: short, and no sentence.
_HEADING_LENGTH = 80
_ENDS_SENTENCE = re.compile(r"[.!?:]\W*$")
_COMPARING = re.compile(r"\b(?:than|versus|vs\.?|compared|against|relative to|over)\b", re.I)
#: A system named as the parts of a whole: in the plural of a device ("Alpha chips"), after "of" or a count ("8x Alpha").
_PARTS_AFTER = re.compile(r"\s+(?:chips|GPUs|accelerators|cards|units|processors|devices|nodes)\b", re.I)
_PARTS_BEFORE = re.compile(r"(?:\bof|\d\s*[x×]?)\s+(?:the\s+)?$", re.I)
#: Number formats written before a header's unit ("FP8/FP16/BF16/TF32 TFLOPS", "FP32 TFLOPS"): the unit is what follows.
_LEADING_PRECISION = re.compile(rf"^{FORMAT}(?:/{FORMAT})*\s+(?=\S)", re.I)
_VARIANT = re.compile(r"\s+(?:Instruct|Chat)\b", re.I)  # "Llama 3.1 Instruct 70B": the instruction-tuned release of Llama 3.1 70B


@dataclass(frozen=True)
class Written:
    """The figure a table cell holds."""

    cell: str  # the cell as written ("18ms", "5.7x slower")
    number: str  # its figure, without the unit ("18", "5.7x")
    kind: str  # value | ratio
    fits: frozenset[str] = frozenset()  # the metrics the unit the cell writes fits (none written: empty)
    unit: str | None = None  # that unit, when it is not the metric's own ("ms")
    way: str = ""  # the way a multiple runs, when written after it ("slower", "faster")


class TableDrafter(CellConditions):
    """Drafts the figure cells of tables with one catalog."""

    def __init__(self, catalog: Catalog, systems: dict[str, str], models: dict[str, str], metrics: MetricReader) -> None:
        self.catalog, self.systems, self.models, self.metrics = catalog, systems, models, metrics
        self.earlier: Table | None = None  # the table before the one being read

    def column_names(self, header: str, count: int) -> list[str] | None:
        """A header written with single spaces, split at the catalog systems it names, two joined by "relative to"
        in one column: the label column's header (the word before the first) and ``count`` column headers."""
        named = mentions(header, self.systems)
        starts = [pos for index, (pos, _) in enumerate(named)
                  if index == 0 or not _RELATIVE.fullmatch(_between(header, named[index - 1][0], pos, self.systems))]
        if len(starts) != count:
            return None
        label = header[:starts[0]].split()
        return [label[-1] if label else "", *(header[a:b].strip() for a, b in zip(starts, [*starts[1:], len(header)], strict=True))]

    def is_group(self, cell: str) -> bool:
        named = mentions(cell, self.systems)
        return len(named) == 1 and len(cell.strip()) <= len(cell.strip()[named[0][0]:]) + 1

    def candidates(self, table: Table, earlier: Table | None = None) -> list[Candidate]:
        """The table's figure cells as candidates; ``earlier`` is the table before it in the article, whose test a
        lead-in saying "the same test" repeats."""
        self.earlier = earlier
        system_rows = [bool(mentions(row.label, self.systems)) for row in table.rows]
        # A table whose row labels or column headers name metrics or units says what each of its figures measures.
        headed = any(self._measured(text) for text in (*table.columns, *(row.label for row in table.rows)))
        found: list[Candidate] = []
        placed: list[tuple[Row, str, Candidate]] = []
        for row in table.rows:
            if sum(system_rows) * 2 >= len(system_rows) and not mentions(row.label, self.systems) and not self.is_group(row.group):
                continue  # a total or a note in a table of systems
            given = dict(setting for column, cell in zip(table.columns, row.cells, strict=True)
                         for key in [condition_key(column)] if key and not empty_cell(cell) and (setting := condition_value(key, cell)))
            for column, cell in zip(table.columns, row.cells, strict=True):
                if empty_cell(cell) or condition_key(column) or _YEAR.search(column) or _YEAR.search(row.label) or _HOST.search(f"{column} {row.label}"):
                    continue  # a condition, a year, or the host computer's ("Host Memory (GiB)", "Host RAM"): no accelerator's figure
                if (written := self._figure_of(cell, headed and not self._measured(f"{column} {row.label} {row.group}"))) is None:
                    continue
                if written.kind == "ratio" and self._against(column) in self._row_systems(row):
                    continue  # a system against itself ("1.0x" in its own row of a "vs Groq" column)
                placed.append((row, column, self._cell(table, row, column, written, given)))
                found.append(placed[-1][2])
        self._against_metrics(placed)
        return found

    def _against_metrics(self, placed: list[tuple[Row, str, Candidate]]) -> None:
        """A multiple in a column against one system names no metric ("5.7x slower" under "vs Groq"): it is of the one
        column whose figures for its two systems give it one way round, as written (812 against 142 tokens/sec is the
        5.7x; 87 against 18 ms, 4.8x, is not), each figure to half a unit of its last digit."""
        values: dict[tuple[str, str], Candidate] = {}
        for row, column, candidate in placed:
            if candidate.kind == "value" and candidate.metric and "metric" not in candidate.doubts and len(own := self._row_systems(row)) == 1:
                values[(own.pop(), column)] = candidate
        for _, column, candidate in placed:
            if candidate.kind != "ratio" or "metric" not in candidate.doubts or "system" in candidate.doubts or self._against(column) is None:
                continue
            ratio = _written(str(candidate.figure))
            fitting = {ahead.metric: (ahead, behind) for (system, other), ahead in values.items() if system == candidate.system
                       and (behind := values.get((candidate.vs or "", other))) is not None and ahead.metric == behind.metric
                       and ratio is not None and self._gives(ratio, ahead, behind)}
            if len(fitting) == 1:
                # The multiple is of that column's figures, under their conditions ("Median tokens/sec": `statistic: median`).
                candidate.metric, (ahead, behind) = fitting.popitem()
                del candidate.doubts["metric"]
                candidate.at = {**ahead.at, **candidate.at}
                candidate.vs_at = {**{key: value for key, value in behind.at.items() if candidate.at.get(key) != value}, **candidate.vs_at}
                if "at" in ahead.doubts or "at" in behind.doubts:
                    candidate.doubts.setdefault("at", ahead.doubts.get("at") or behind.doubts["at"])

    def _gives(self, ratio: tuple[Fraction, Fraction], ahead: Candidate, behind: Candidate) -> bool:
        """Whether one system's figure against another's gives a multiple, the better over the worse by the metric."""
        metric = self.catalog.metrics[ahead.metric or ""]
        first, second = _written(str(ahead.figure)), _written(str(behind.figure))
        if first is None or second is None:
            return False
        top, bottom = (first, second) if metric.better == "higher" else (second, first)
        return top[0] / bottom[1] <= ratio[1] and ratio[0] <= top[1] / bottom[0]

    def _measured(self, text: str) -> bool:
        """Whether a row label or column header names a metric or a unit."""
        return bool(self.metrics.phrase_metrics(text) or self._unit(text)[0] or self._header_unit(text)[0])

    def _figure_of(self, cell: str, unmeasured: bool) -> Written | None:
        """The figure a cell holds, or None: a cell of no one figure ("TC-02001", "1x 4+4-pin EPS12V"), one whose unit the
        catalog does not hold ("1 GHz", "12 GT/sec"), and, when the table's headers say what its figures measure, a bare
        figure whose own row and column name no metric or unit (a count: "Total requests 100", an "Error rate" of "0%")."""
        if (way := way_cell(cell)) is not None:
            return Written(cell, way[0], "ratio", way=way[1])
        if figure_cell(cell):
            number = cell.split("(")[0].strip()
            kind = "ratio" if number[-1:] in "x×" else "value"
            return None if unmeasured and kind == "value" else Written(cell, number, kind)
        if (with_unit := unit_cell(cell)) is None:
            return None
        fits, unit = self._unit_of(with_unit[1])
        return Written(cell, with_unit[0], "value", frozenset(fits), unit) if fits else None

    def _row_systems(self, row: Row) -> set[str]:
        return {system for text in (row.label, row.group) for _, system in mentions(text, self.systems)}

    def _cell(self, table: Table, row: Row, column: str, written: Written, given: dict[str, str]) -> Candidate:
        relative = self._relative(column)
        number = written.number
        kind = "ratio" if written.kind == "ratio" or (relative and number.endswith("%")) else "value"
        candidate = Candidate(row.quote, kind, _figure(number), found=written.cell)
        self._metric(candidate, table, (column, row.label, row.group), written)
        self._sides(candidate, table, row, column, relative, written.way)
        self._model(candidate, table, row, column)
        self._conditions(candidate, table, row, column, given)
        # A tensor-parallel column settles the GPU count of each row, one GPU included, where it writes none.
        candidate.settled = ("gpus",) if any(condition_key(name) == "tensor-parallel" for name in table.columns) else ()
        return candidate

    def _relative(self, column: str) -> tuple[str, str] | None:
        named = mentions(column, self.systems)
        if len(named) == 2 and _RELATIVE.fullmatch(_between(column, named[0][0], named[1][0], self.systems)):
            return named[0][1], named[1][1]
        return None

    def _against(self, column: str) -> str | None:
        """The one system a column of multiples is set against ("vs Groq", "relative to the H100")."""
        named = mentions(column, self.systems)
        return named[0][1] if len(named) == 1 and _AGAINST.fullmatch(column[:named[0][0]]) else None

    def _sides(self, candidate: Candidate, table: Table, row: Row, column: str, relative: tuple[str, str] | None, way: str) -> None:
        named = {system for text in (row.label, row.group, column) for _, system in mentions(text, self.systems)}
        against = self._against(column) if candidate.kind == "ratio" else None
        if against is not None:
            # "5.7x slower" in a "vs Groq" column: the row's system against Groq, the faster one first.
            own = self._row_systems(row)
            way = way or ("faster" if (lead := _AGAINST.match(column)) and lead["gain"] else "")
            if len(own) == 1:
                candidate.system, candidate.vs = (against, own.pop()) if way == "slower" else (own.pop(), against)
                if not way:  # "2.0x" alone: twice the speed, or twice the time?
                    candidate.doubts["system"] = f"a multiple against {against} with no word for the way it runs"
            else:
                candidate.doubts["system"] = "its row names no one catalog system to set against its column's"
        elif relative is not None:
            candidate.system, candidate.vs = relative
            if named - set(relative):
                candidate.doubts["system"] = "the row names another system than its column"
            elif candidate.kind != "ratio":
                candidate.doubts["figure"] = f"'{candidate.found}' in a column of one system relative to another: a ratio?"
        elif len(named) == 1:
            candidate.system = named.pop()
            if candidate.kind == "ratio":
                candidate.doubts["vs"] = "a multiple in the table: against which system?"
        elif named:
            candidate.doubts["system"] = f"its row and column name {', '.join(sorted(named))}"
        elif candidate.kind == "ratio" and (sides := self._compared(table, row, column, candidate)) is not None:
            candidate.system, candidate.vs = sides
        elif candidate.kind == "value" and (around := self._around(table)) is not None:
            # "I sent 100 identical requests to Groq's API ...", a table of figures naming no system: the one its
            # lead-in and caption name, when they compare it with nothing.
            candidate.system = around
        else:
            candidate.doubts["system"] = "its row and column name no catalog system"
            if candidate.kind == "ratio":
                candidate.doubts["vs"] = "a multiple in the table: which systems does it compare?"

    def _around(self, table: Table) -> str | None:
        """The one system a table's lead-in and caption name, when they name one only, set it against nothing and do
        not count it as the parts of what ran ("A rack of Alpha chips ran ...": the figures are the rack's)."""
        words = f"{table.lead} {table.caption}"
        found = mention_spans(words, self.systems)
        if _COMPARING.search(words):
            return None
        if len({system for _, _, system in found}) != 1:
            # A heading right above the table that names one system ("**H200 FP8 Max throughput**") is the table's, when a
            # caption naming others too sets nothing against it ("TensorRT-LLM v0.5.0 | H200, H100 FP8": settings of each).
            words = table.lead
            found = mention_spans(words, self.systems)
            if len({system for _, _, system in found}) != 1 or len(words) > _HEADING_LENGTH or _ENDS_SENTENCE.search(words):
                return None
        if any(_PARTS_AFTER.match(words, end) or _PARTS_BEFORE.search(words, 0, pos) for pos, end, _ in found):
            return None
        return found[0][2]

    def _compared(self, table: Table, row: Row, column: str, candidate: Candidate) -> tuple[str, str] | None:
        """The two systems a multiple in a row group of no system ("Speedup") compares: the groups of one system each
        holding a row with its label and conditions, whose figures in its column give the multiple one way round
        (as written, to half a unit of each cell's last digit); None when the arithmetic does not settle it."""
        metric = self.catalog.metrics.get(candidate.metric or "")
        index = table.columns.index(column)
        conditions = [i for i, name in enumerate(table.columns) if condition_key(name)]
        peers: dict[str, str] = {}
        for other in table.rows:
            named = {system for _, system in mentions(other.group, self.systems)}
            if (other.group != row.group and other.label == row.label and len(named) == 1 and self.is_group(other.group)
                    and all(other.cells[i] == row.cells[i] for i in conditions) and figure_cell(other.cells[index])):
                peers.setdefault(named.pop(), other.cells[index])
        ratio = _written(candidate.found.rstrip("x× "))
        if metric is None or len(peers) != 2 or ratio is None:
            return None
        fitting = []
        for ahead, behind in (tuple(peers), tuple(reversed(peers))):
            better, worse = _written(peers[ahead]), _written(peers[behind])
            if better is None or worse is None:
                return None
            top, bottom = (better, worse) if metric.better == "higher" else (worse, better)
            low, high = top[0] / bottom[1], top[1] / bottom[0]
            if low <= ratio[1] and ratio[0] <= high:
                fitting.append((ahead, behind))
        return fitting[0] if len(fitting) == 1 else None

    def _metric(self, candidate: Candidate, table: Table, headers: tuple[str, str, str], written: Written) -> None:
        local, number = " ".join(headers), written.number
        phrased = self.metrics.phrase_metrics(local)
        if not phrased:
            around = [self.metrics.phrase_metrics(text) for text in (table.caption, table.lead)]
            if len({frozenset(found) for found in around if found}) > 1:
                candidate.doubts["metric"] = "the caption and the lead-in name different metrics"
                return
            phrased = next((found for found in around if found), set())
        if candidate.kind == "ratio" or number.endswith("%"):
            if candidate.kind == "ratio" and not phrased and (scored := self._scenario_metric(headers[1])) is not None:
                candidate.metric = scored  # "Server 97%": a benchmark scenario's score, the aggregate throughput
            elif candidate.kind == "ratio" and len(phrased) == 1:
                candidate.metric = next(iter(phrased))
            else:
                candidate.doubts["metric"] = f"the table names {', '.join(sorted(phrased))}" if phrased else "the table's words name no metric"
            return
        # The unit the cell writes ("18ms"), else one its row, column or caption writes ("(ms)", "TeraFLOPs (FP8)").
        fits, unit = (set(written.fits), written.unit) if written.fits else self._unit(" ".join((local, table.caption)))
        if not fits:
            fits, unit = next((found for found in map(self._header_unit, headers[:2]) if found[0]), (set(), None))
        if not fits and table.lead and not re.search(r"\d", table.lead):
            # "Generation tokens per second, overall median across the suite.", then the table: a lead-in that holds no
            # figure of its own says what the table's figures are counted in.
            fits, unit = self._unit(table.lead)
        both = fits & phrased if phrased else fits
        if len(both) != 1 and (rate := self._bare_rate(table, both, number)) is not None:
            both = {rate}
        if len(both) > 1:
            # "INT8 TOPS" over an instance table: a spec unless the table's words say measured ("sustained").
            both = self.metrics.as_said(both, fits, " ".join((local, table.caption, table.lead)))
        if len(both) == 1:
            candidate.metric, candidate.unit = both.pop(), unit
        else:
            candidate.doubts["metric"] = f"the unit fits {', '.join(sorted(fits))}" if fits else "no unit in its row, column or caption"

    def _bare_rate(self, table: Table, fits: set[str], number: str) -> str | None:
        """What a bare "tokens per second" in a table stands for, when the aggregate and one user's speed both fit: what the
        table's words (lead-in, caption, headers, row labels) settle as a paragraph's would, the article saying the same;
        none for a figure no one stream reaches."""
        words = " ".join((table.lead, table.caption, table.header, *(row.label for row in table.rows)))
        rate = self.metrics.rate_of(words)
        return rate if rate in fits and Decimal(_figure(number)) < NO_STREAM else None

    def _scenario_metric(self, label: str) -> str | None:
        """The metric a row of a benchmark scenario scores when the table names none: the offline, server and
        interactive scenarios are scored in aggregate tokens per second (the catalog's one tok/s metric)."""
        if not _THROUGHPUT_SCENARIOS.fullmatch(label.strip()):
            return None
        aggregate = [m.id for m in self.catalog.metrics.values() if m.unit == "tok/s"]
        return aggregate[0] if len(aggregate) == 1 else None

    def _unit(self, text: str) -> tuple[set[str], str | None]:
        """The metrics the first unit the table's words write fits, and the unit to write."""
        if (rate := TOKEN_RATE.search(text)) is not None:
            return self._unit_of(rate.group())
        for inside in re.findall(r"\(([^()]{1,20})\)", text):
            if inside.split() and (found := self._unit_of(inside.split()[-1]))[0]:
                return found
        return set(), None

    def _header_unit(self, header: str) -> tuple[set[str], str | None]:
        """The unit a row label or column header is, alone or before a qualifier in parentheses ("TeraFLOPs (FP8)")."""
        words = _LEADING_PRECISION.sub("", header.split("(")[0].strip())
        return self._unit_of(words) if words and not TOKEN_RATE.match(words) else (set(), None)

    def _unit_of(self, words: str) -> tuple[set[str], str | None]:
        """The metrics a unit fits ("ms", "GB/sec", "tokens/sec") and the unit to write (None for the metric's own)."""
        if (rate := TOKEN_RATE.match(words)) is not None:
            units = ("tok/s/user",) if rate["user"] else ("tok/s", "tok/s/user")
            return {m.id for m in self.catalog.metrics.values() if m.unit in units}, None
        if (base := self.metrics.unit_reader.unit_of(_PER_SEC.sub("/s", words))) is None:
            return set(), None
        unit_id, base_unit = base
        return {m.id for m in self.catalog.metrics.values() if m.unit in (base_unit, unit_id)}, (unit_id if unit_id != base_unit else None)

    def _model(self, candidate: Candidate, table: Table, row: Row, column: str) -> None:
        metric = self.catalog.metrics.get(candidate.metric or "")
        if metric is not None and metric.family in HARDWARE_FAMILIES:
            return
        named = {model for text in (row.label, row.group, column) for _, model in mentions(_VARIANT.sub("", text), self.models)}
        around = {model for text in (table.lead, table.caption) for _, model in mentions(text, self.models)}
        if len(named) == 1:
            candidate.model = named.pop()
        elif named:
            candidate.doubts["model"] = f"its row and column name {', '.join(sorted(named))}"
        elif len(around) == 1:
            candidate.model = around.pop()
        else:
            candidate.doubts["model"] = "the table names no model" if not around else f"the lead-in names {', '.join(sorted(around))}"



def _between(text: str, first: int, second: int, systems: dict[str, str]) -> str:
    """The text between the end of the catalog name at ``first`` and ``second``."""
    name_end = max((first + len(name) for name in systems if text.lower().startswith(name, first)), default=first)
    return text[name_end:second]


def _written(cell: str) -> tuple[Fraction, Fraction] | None:
    """A cell's figure as the interval its written digits stand for, every digit significant ("3.0x": [2.95, 3.05],
    "10,907": [10906.5, 10907.5]), as the figure reader gives it."""
    digits = re.sub(r"[,\s]", "", cell)
    if not re.fullmatch(r"\d+(?:\.\d+)?", digits):
        return None
    interval = rounding_interval(parse_figure(digits, exact=True))
    assert interval.lo is not None and interval.hi is not None  # a written number is bounded both ways
    return interval.lo, interval.hi


def _figure(number: str) -> str:
    """The figure as written, without thousands separators or its sign; a percent as the fraction it is, to the
    digits written ("97%": 0.97, "100%": 1.00, known to the percent as written)."""
    digits = re.sub(r"[^\d.]", "", number)
    return format(Decimal(digits).scaleb(-2), "f") if number.endswith("%") else digits
