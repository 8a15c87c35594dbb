"""Results tables in a plain-text article: where they stand, their column headers and their rows.

Scraped articles keep tables in a few shapes, and this module reads each into the same form:

- one cell per line, with or without blank lines or a ``|`` after each cell ("Model", "Batch Size", ...,
  then "GPT-J 6B", "64", "128", ...): a run of header cells, then rows that each start with a label cell
  and hold the same number of figure cells; a label on its own between rows ("H100", "Speedup") names
  the group of rows after it;
- one row per line, cells split by ``|``, tabs or runs of spaces, or by single spaces only: a line of
  label words that ends in the same number of figure cells as the other rows ("Llama 3.1 Instruct 70B 457
  445 250 71 49", "Server 97%"), under header lines that name the columns;
- a markdown table whose header is closed by a separator row of dashes: one row a line ("| System |
  Throughput |", "|---|---|", "| Alpha | 1,200 |"; not when a row's cells hold several figures each, prose
  read line by line), flattened onto one line ("| Metric | Value | |---|---| | Median output tokens/second |
  812 | ...") or written one cell a line, each cell followed by ``|`` ("Specification |", "n150s |", "n300s
  |", "---|---|---|", "Memory |", "12GB GDDR6 |", ...). The separator says where the header ends and the
  header's cells how many cells each row holds. Its cells are kept as written, figures or not ("12GB
  GDDR6", "TC-02001"): which hold figures is the drafter's to say.

A table is read only when its header gives exactly one header per figure column; rows whose cells were
glued together ("HBM3410700952226752381") are not rows of any table here, since no split of them is certain.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import pairwise

#: A figure cell: a number, a multiple or percent, or an empty mark ("-", "n/a"); a note in parentheses may follow.
_FIGURE_CELL = re.compile(r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(?:[x×%])?|n/?a|N/?A|[-–—]")
_NOTE = re.compile(r"\s*\([^()]{1,20}\)$")
#: A figure with the unit written after it and words that hold no figure ("18ms", "288 GB/sec", "12GB GDDR6"), or a
#: multiple and the way it runs ("5.7x slower").
_NUMBER = r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_UNIT_CELL = re.compile(_NUMBER + r"\s?(?P<unit>(?![x×]\b)[A-Za-z][\w/]*(?:\s+[A-Za-z][\w-]*)*)")
_FIGURES = re.compile(r"\d+(?:[.,]\d+)*")
_WAY_CELL = re.compile(_NUMBER + r"\s?[x×]\s+(?P<way>slower|faster)", re.I)
_EMPTY = re.compile(r"n/?a|[-–—]", re.I)
#: A line that may be one cell: short and no sentence in it.
_MAX_CELL = 50
_SENTENCE_END = re.compile(r"[.!?:]$|[.!?]\s")
_CAPTION = re.compile(r"(?:Table|Figure|Fig\.|Source|Notes?)\b", re.I)
#: A lead-in that continues the one before the previous table ("And against the B300:", "Also, ...").
_CONTINUED = re.compile(r"(?:and|also|likewise|similarly)\b", re.I)
_SPLIT = re.compile(r"\s*(?:\||\t|\s{2,})\s*")
#: One cell of a markdown table's separator row ("---", ":---:"), and a whole separator line written one row a line.
_RULE_CELL = re.compile(r"\s*:?-{3,}:?\s*")
#: Where a sentence ends in a line of prose, and a markdown heading that starts a new part of it ("### H200 vs H100").
_BREAK = re.compile(r"(?<=[.!?])\s+")
_HEADING = re.compile(r"\s#{1,6}\s")
_RULE_LINE = re.compile(r"\|?(?:\s*:?-{3,}:?\s*\|)+(?:\s*:?-{3,}:?)?\s*")


@dataclass(frozen=True)
class Row:
    """One row: its label, its figure cells in column order, the group it stands under and its verbatim text."""

    label: str
    cells: tuple[str, ...]
    quote: str  # the row as the article writes it (its line, or its cell lines with what is between them)
    group: str = ""  # the label on its own line the row stands under ("H100", "Speedup"), if any


@dataclass(frozen=True)
class Table:
    """A table: the header of its label column and of each figure column, its rows and the text around it."""

    label_header: str
    columns: tuple[str, ...]  # one header per figure cell of a row
    rows: tuple[Row, ...]
    lines: tuple[int, ...]  # the article lines it takes (header and rows), so they are not read again as prose
    lead: str = ""  # the line just before it, which often says what it shows ("..., single-node:")
    caption: str = ""  # the line just after it ("Table 1. User throughput in output tokens/sec ...")
    header: str = ""  # its header lines, joined: systems and qualifiers ("Groq (8-bit)2") for ``columns`` to name
    span: tuple[int, int] | None = None  # where on its one line a table flattened into prose stands; None: its lines whole


def figure_cell(text: str) -> bool:
    return bool(_FIGURE_CELL.fullmatch(_NOTE.sub("", text.strip())))


def unit_cell(text: str) -> tuple[str, str] | None:
    """(number, the words after it) of a cell holding one figure and its unit ("288 GB/sec", "12GB GDDR6"), a note in
    parentheses aside ("192MB (96MB per ASIC)"); None for any other cell ("1x 4+4-pin EPS12V", "36mm x 254mm")."""
    found = _UNIT_CELL.fullmatch(_NOTE.sub("", text.strip()))
    return (found["number"], found["unit"]) if found else None


def way_cell(text: str) -> tuple[str, str] | None:
    """(number, way) of a cell holding a multiple and the way it runs ("5.7x slower")."""
    found = _WAY_CELL.fullmatch(text.strip())
    return (found["number"], found["way"].lower()) if found else None


def empty_cell(text: str) -> bool:
    return bool(_EMPTY.fullmatch(text.strip()))


def read_tables(body: str, column_names, is_group) -> list[Table]:
    """Every table in the text. ``column_names(header, count)`` splits a header written with single spaces into
    ``count`` column headers (by the catalog names in it), or returns None; ``is_group(cell)`` tells whether a
    cell on its own between header and rows names a group of rows (a system)."""
    lines = body.splitlines()
    tables: list[Table] = []
    index = 0
    while index < len(lines):
        # A table starts at its first cell: read from a blank line, one cell a line would take a markdown table's
        # separator row ("---|---|") for a header cell before the separated reader had seen its header.
        table = None if not lines[index].strip() else (
            _separated(lines, index) or _row_lines(lines, index, column_names) or _cell_lines(lines, index, is_group))
        if table is None:
            index += 1
            continue
        if tables and _continues(lines, tables[-1], table):
            # "And against NVIDIA's newer B300:" after "... against the B200 on Llama 2 70B, single-node:": the lead-in
            # leaves out what the one before it said, and the table is read with both.
            table = replace(table, lead=f"{tables[-1].lead} {table.lead}")
        tables.append(table)
        index = max(table.lines) + 1
    return tables


def _continues(lines: list[str], previous: Table, table: Table) -> bool:
    """Whether a table's lead-in continues the one of the table just before it ("And against the B300:"), with
    nothing but that lead-in between the two tables."""
    between = [line.strip() for line in lines[max(previous.lines) + 1:min(table.lines)] if line.strip()]
    return bool(_CONTINUED.match(table.lead)) and between == [table.lead]


def _next_line(lines: list[str], index: int, step: int) -> str:
    """The first non-blank line from ``index`` on (backwards for step -1): the lead-in before a table; after it, its
    caption ("Table 1. ...", a footnote line), not the prose or the next table's lead-in that follows."""
    while 0 <= index < len(lines) and not lines[index].strip():
        index += step
    line = lines[index].strip() if 0 <= index < len(lines) else ""
    return line if step < 0 or _CAPTION.match(line) or not re.search(r"[.!?:]$", line) else ""


def _split_row(line: str) -> tuple[str, list[str]] | None:
    """(label, figure cells) of a one-line row, or None."""
    text = line.strip()
    if not text or len(text) > 160 or _SENTENCE_END.search(text):
        return None
    if _SPLIT.search(text):
        parts = [part for part in _SPLIT.split(text.strip("|").strip()) if part]
        if len(parts) >= 2 and all(figure_cell(part) for part in parts[1:]) and not figure_cell(parts[0]):
            return parts[0], parts[1:]
    words = text.split()
    cells: list[str] = []
    while words:
        word = words[-1]
        if _NOTE.fullmatch(" " + word) and len(words) > 1 and figure_cell(words[-2]) and not cells:
            words[-2:] = [words[-2] + " " + word]
            continue
        if not figure_cell(word):
            break
        cells.insert(0, words.pop())
    if not cells or not words or not re.search(r"[A-Za-z]", " ".join(words)):
        return None
    return " ".join(words), cells


def _row_lines(lines: list[str], start: int, column_names) -> Table | None:
    """A table of one row a line: at least two consecutive rows with the same number of figure cells, under header lines."""
    first = _split_row(lines[start])
    if first is None:
        return None
    rows: list[Row] = []
    index = start
    while index < len(lines) and (split := _split_row(lines[index])) is not None and len(split[1]) == len(first[1]):
        rows.append(Row(split[0], tuple(split[1]), lines[index].strip()))
        index += 1
    header_start = start
    while header_start > 0 and lines[header_start - 1].strip() and not _SENTENCE_END.search(lines[header_start - 1].strip()):
        header_start -= 1
    if len(rows) < 2 or header_start == start:
        return None
    header_lines = [line.strip() for line in lines[header_start:start]]
    count = len(first[1])
    columns: list[str] | None = None
    if len(header_lines) == 1 and _SPLIT.search(header_lines[0].strip("|").strip()):
        parts = [part for part in _SPLIT.split(header_lines[0].strip("|").strip()) if part]
        columns = parts if len(parts) == count + 1 else None
    else:
        columns = column_names(" ".join(header_lines), count)
    if columns is None:
        return None
    return Table(columns[0], tuple(columns[1:]), tuple(rows), tuple(range(header_start, index)),
                 _next_line(lines, header_start - 1, -1), _next_line(lines, index, 1), " ".join(header_lines))


def _cell(line: str) -> str | None:
    """The cell a line holds, or None when the line is prose."""
    text = " ".join(line.split()).rstrip("|").strip()
    if len(text) > _MAX_CELL or (_SENTENCE_END.search(text) and not figure_cell(text)):
        return None
    return text


def _cell_lines(lines: list[str], start: int, is_group) -> Table | None:
    """A table of one cell a line: header cells, then rows of a label and the same number of figure cells."""
    cells: list[tuple[str, int]] = []
    index = start
    while index < len(lines) and (not lines[index].strip() or (cell := _cell(lines[index])) is not None):
        if lines[index].strip() and cell:
            cells.append((cell, index))
        index += 1
    figures = [figure_cell(text) for text, _ in cells]
    if sum(figures) < 2 or figures[0]:
        return None
    runs: list[tuple[list[int], list[int]]] = []  # (text cells, figure cells after them)
    position = 0
    while position < len(cells):
        texts, numbers = [], []
        while position < len(cells) and not figures[position]:
            texts.append(position)
            position += 1
        while position < len(cells) and figures[position]:
            numbers.append(position)
            position += 1
        runs.append((texts, numbers))
    width = len(runs[0][1])
    before = [cells[p][0] for p in runs[0][0][:-1]]
    # A label on its own between the header and the first row ("... Latency (ms)", "H100", "GPT-J 6B", ...) names a group.
    group = before.pop() if len(before) > width + 1 and is_group(before[-1]) else ""
    if len(before) < width + 1:
        return None
    header = before[-(width + 1):]
    rows: list[Row] = []
    for number, (texts, numbers) in enumerate(runs):
        if len(numbers) != width or (number and len(texts) > 2):
            break
        if number and len(texts) == 2:
            group = cells[texts[0]][0]
        label_line, end_line = cells[texts[-1]][1], cells[numbers[-1]][1]
        quote = "\n".join(lines[label_line:end_line + 1]).strip()
        rows.append(Row(cells[texts[-1]][0], tuple(cells[n][0] for n in numbers), quote, group))
    if len(rows) < 2:
        return None
    last = cells[runs[len(rows) - 1][1][-1]][1]
    return Table(header[0], tuple(header[1:]), tuple(rows), tuple(range(start, last + 1)),
                 _next_line(lines, start - 1, -1), _next_line(lines, last + 1, 1), " | ".join(header))


def _separated(lines: list[str], start: int) -> Table | None:
    """A markdown table whose header a separator row closes: one row a line, flattened onto one line or one cell a line."""
    cells = _row_cells(lines, start) or _flat_cells(lines[start], start) or _piped_cells(lines, start)
    if cells is None:
        return None
    width, places = cells
    texts = [" ".join(text.split()) for text, _ in places]
    rows = [Row(texts[at], tuple(texts[at + 1:at + width]), _quote(lines, places[at][1], places[at + width - 1][1]))
            for at in range(width, len(places) - width + 1, width)]
    if width < 2 or len(rows) < 2:
        return None
    end = places[-1][1][0]
    lead, caption = _next_line(lines, start - 1, -1), _next_line(lines, end + 1, 1)
    span = None
    if end == start and not lines[start].lstrip().startswith("|"):
        # A table flattened into a line of prose ("... **H200 FP8 Max throughput** |Model | ... | 303 | Preliminary
        # measured performance. TensorRT-LLM v0.5.0 ..."): its lead-in is the words just before it, its caption those
        # just after it, up to a heading; the line's other sentences are prose.
        span = (places[0][1][1], places[-1][1][2])
        lead = _BREAK.split(lines[start][:span[0]].strip())[-1]
        caption = _HEADING.split(lines[start][span[1]:].strip(" |"), maxsplit=1)[0].strip()
    return Table(texts[0], tuple(texts[1:width]), tuple(rows), tuple(range(start, end + 1)), lead, caption,
                 " | ".join(texts[:width]), span)


def _row_cells(lines: list[str], start: int) -> tuple[int, list[tuple[str, tuple[int, int, int]]]] | None:
    """The width and the cells of a markdown table written one row a line ("| System | Throughput |", "|---|---|", "| Alpha |
    1,200 |"), each cell spanning its row's line; None when a row's cell holds more than one figure ("FP16: 241.3 TFLOPS,
    FP32: 60.3 TFLOPS"): such rows are prose, read line by line as sentences."""
    header = _bar_cells(lines[start])
    rule = lines[start + 1].strip() if start + 1 < len(lines) else ""
    if len(header) < 2 or not _RULE_LINE.fullmatch(rule) or len(re.findall(r"-{3,}", rule)) != len(header):
        return None
    places = [(text, (start, 0, len(lines[start].rstrip()))) for text in header]
    index = start + 2
    previous: list[str] | None = None
    while index < len(lines) and (cells := _spanned(_bar_cells(lines[index]), previous, len(header))) is not None:
        if any(len(_FIGURES.findall(_NOTE.sub("", cell))) > 1 for cell in cells[1:]):
            return None
        places += [(text, (index, 0, len(lines[index].rstrip()))) for text in cells]
        previous = cells
        index += 1
    return len(header), places


def _spanned(cells: list[str], previous: list[str] | None, width: int) -> list[str] | None:
    """A row's cells, or None when the line is no row of the table. A row that lost the label cell it shared with the
    row above (a cell spanning rows, scraped once: "LLaMA 2 7b | 1 | fp8 | 128 | 128 | 1,536 | 19,810 |", then "1 | fp8 |
    128 | 2,048 | 217 | 6,763 | |"), its cells one column to the left and an empty cell or none at its end, takes that
    label back, when each of its cells is a figure where the row above holds a figure and words where it holds words."""
    if previous is None or not cells or not figure_cell(cells[0]) or figure_cell(previous[0]):
        return cells if len(cells) == width else None
    shifted = cells[:-1] if len(cells) == width and not cells[-1] else cells
    if len(shifted) != width - 1 or not all(figure_cell(new) == figure_cell(old) for new, old in zip(shifted, previous[1:], strict=True)):
        return cells if len(cells) == width else None
    return [previous[0], *shifted]


def _bar_cells(line: str) -> list[str]:
    """The cells of a line written with ``|`` between them, its outer bars aside; none for a line without one."""
    text = line.strip()
    if "|" not in text or _RULE_LINE.fullmatch(text):
        return []
    return [cell.strip() for cell in text.removeprefix("|").removesuffix("|").split("|")]


def _flat_cells(line: str, number: int) -> tuple[int, list[tuple[str, tuple[int, int, int]]]] | None:
    """The width and the cells (text, (line, start, end) of the ``|`` before and after it) of a markdown table flattened
    onto one line: its rows written one after another, "| a | b | | c | d |", the separator row second."""
    bars = [at for at, char in enumerate(line) if char == "|"]
    between = [line[a + 1:b] for a, b in pairwise(bars)]
    first_rule = next((at for at, text in enumerate(between) if _RULE_CELL.fullmatch(text)), None)
    if first_rule is None or first_rule < 2 or between[first_rule - 1].strip():
        return None
    width = first_rule - 1
    stride = width + 1  # a row's cells, then the blank between its closing "|" and the next row's opening one
    if not all(_RULE_CELL.fullmatch(text) for text in between[first_rule:first_rule + width]):
        return None
    places: list[tuple[str, tuple[int, int, int]]] = []
    for row in range(0, len(between) + 1, stride):
        cells = between[row:row + width]
        if len(cells) < width or (row and between[row - 1].strip()):
            break
        if row != stride:  # the separator row
            places += [(text, (number, bars[row + at], bars[row + at + 1] + 1)) for at, text in enumerate(cells)]
    return width, places


def _piped_cells(lines: list[str], start: int) -> tuple[int, list[tuple[str, tuple[int, int, int]]]] | None:
    """The width and the cells of a table written one cell a line, each followed by ``|``, its header closed by a
    separator line with one rule a header cell ("---|---|---|")."""
    places: list[tuple[str, tuple[int, int, int]]] = []
    width = 0
    index = start
    while index < len(lines) and (text := lines[index].strip()).endswith("|"):
        if _RULE_LINE.fullmatch(text):
            if width or len(re.findall(r"-{3,}", text)) != len(places):
                break
            width = len(places)
        elif "|" in text[:-1]:
            break
        else:
            places.append((text[:-1], (index, 0, len(lines[index].rstrip()))))
        index += 1
    if not width:
        return None
    return width, places[:len(places) - len(places) % width]


def _quote(lines: list[str], first: tuple[int, int, int], last: tuple[int, int, int]) -> str:
    """A row as the article writes it: from its first cell's ``|`` to its last's on one line, or its cell lines."""
    if first[0] == last[0]:
        return lines[first[0]][first[1]:last[2]]
    return "\n".join(lines[first[0]:last[0] + 1]).strip()
