"""An article's metadata lines, paragraphs and sentences, as `audit new` reads them."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.names import name_regex

#: Metadata lines at the top of a text file ("Title: ...") and the source field each fills.
METADATA_KEYS = {"title": "title", "url": "url", "published": "published", "publisher": "publisher", "source": "url"}
_METADATA = re.compile(r"^\s*(?P<key>[A-Za-z]+)\s*:\s*(?P<value>.*\S)?\s*$")
#: A heading of a word or two that a list follows ("TL;DR", "Key specs", "Highlights").
_LIST_HEADING = re.compile(r"[A-Z][\w;&'’-]*(?:\s+[\w;&'’-]+)?")
_BULLET = re.compile(r"^(?:[-*•–—]|\d+[.)])\s+")
#: A line that gives a figure under a name: "SRAM: 120MB (1.5MB per Tensix Core)".
_KEY_VALUE = re.compile(r"[A-Z][^:.!?]{0,40}:\s+[^\s\d]{0,3}\d")
_SENTENCE = re.compile(r"(?<=[.!?…])[\"”’)]?\s+(?=[\"“‘(]?(?:\*\*?)?[A-Z0-9$])")  # a sentence may open in bold ("**Note** ...")
#: A line that opens a sentence: not one that points back at the line before ("This translates to ...", "These
#: results ..."), nor a clause broken off its sentence.
_OPENS = re.compile(r"(?!Th(?:is|ese|at|ose)\b)[\"“‘(]?[A-Z0-9$]")


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence, list item or table line, and what its paragraph named before it."""

    text: str
    paragraph: int  # index of its paragraph (blocks between blank lines, or lines in a text without them)
    paragraph_models: tuple[str, ...] = ()  # model ids named earlier in the same paragraph
    item: bool = False  # a list item ("- ...", "1. ..."): its siblings say nothing about it
    context: str = ""  # the rest of what applies to it: its paragraph's prose (for an item, the prose before the list)
    lead: str = ""  # for a list item: the prose line that introduces its list ("Compared to X, Y offers:"), if any
    lead_before: bool = False  # the lead-in stands in the paragraph before the list's (a blank line between them)
    following: str = ""  # the next sentence of its paragraph, which may say what its figures were ("These results ...")


#: How a sentence ends; a line without it is a table row, a heading or a list item.
SENTENCE_END = re.compile(r"[.!?][\"”’)]*\s*$")


def metadata_and_body(article: str) -> tuple[dict[str, str], str]:
    """Leading "Title:", "URL:", "Published:", "Publisher:" lines, and the text after them.

    A "Published:" value that is not an ISO date ("unknown") is dropped rather than guessed.
    """
    lines = article.splitlines()
    metadata: dict[str, str] = {}
    index = 0
    while index < len(lines):
        match = _METADATA.match(lines[index])
        key = match["key"].lower() if match else None
        if key not in METADATA_KEYS or not match or match["value"] is None or (key == "url" and "://" not in match["value"]):
            break
        metadata.setdefault(METADATA_KEYS[key], match["value"].strip())
        index += 1
    if "published" in metadata:
        try:
            dt.date.fromisoformat(metadata["published"])
        except ValueError:
            del metadata["published"]
    if not metadata:
        return {}, article
    return metadata, "\n".join(lines[index:])


#: A line joined to the one before it, which it goes on (see ``_unwrapped``).
_WRAPPED = "\n"
#: How many lines that go on the one before make a text one wrapped at a fixed width: one alone may be a heading
#: that opens with a product's name ("n150s/n300s Comparison Table").
_WRAPS = 3
#: A line that goes on the one before it: it opens with a small letter ("tokens/sec**", "usage per GPU with ...").
_GOES_ON = re.compile(r"[a-z]")
#: A line that a line after it cannot go on: one that ends a sentence or a lead-in, or a heading.
_ENDED = re.compile(r"[.!?:][\"”’)*]*$|^#")


def _unwrapped(lines: list[str], tabled: frozenset[str]) -> list[str]:
    """Lines as written, but a text wrapped at a fixed width ("**27.96 - 28.57" and "tokens/sec**" on the next line) has
    each line that goes on the one before joined to it, and is marked ``_WRAPPED`` in its place; a table's lines stay.
    A text is read so when at least ``_WRAPS`` of its lines go on the one before them."""
    goes_on = {number for number in range(1, len(lines)) if lines[number] and lines[number - 1] and _GOES_ON.match(lines[number])
               and not _ENDED.search(lines[number - 1]) and lines[number] not in tabled and lines[number - 1] not in tabled}
    if len(goes_on) < _WRAPS:
        return lines
    result = list(lines)
    last = 0
    for number in range(len(lines)):
        if number in goes_on:
            result[last] = f"{result[last]} {lines[number]}"
            result[number] = _WRAPPED
        else:
            last = number
    return result


#: A list item that is a label alone ("- Compute:"), whose text is on the line below it.
_LABEL_ITEM = re.compile(r"[^\d:.!?]{1,40}:")


def _labels_joined(lines: list[str], tabled: frozenset[str]) -> list[str]:
    """Lines as given, but a list item that is a label alone ("- Compute:") has the line below it, which is no item,
    joined to it ("- Compute: 4x NeuronCore-v1 cores, delivering 128 INT8 TOPS"), that line marked ``_WRAPPED``."""
    result = list(lines)
    for number in range(len(lines) - 1):
        line, below = lines[number], lines[number + 1]
        if (_BULLET.match(line) and _LABEL_ITEM.fullmatch(_BULLET.sub("", line)) and below and below != _WRAPPED
                and not _BULLET.match(below) and line not in tabled and below not in tabled):
            result[number], result[number + 1] = f"{line} {below}", _WRAPPED
    return result


def sentences(body: str, tabled: frozenset[str] = frozenset()) -> list[Sentence]:
    """Lines, then sentences within them; a blank line ends a paragraph, and so does a line break in a text with no
    blank lines when it ends a sentence and the next line opens one (see ``_paragraph_opens``).

    Each sentence carries its context: the other prose sentences of its paragraph, where a
    condition that applies to it may be stated ("With 1-year commitments, ..."). A list item's
    context is the prose of its paragraph only, not its sibling items; nor are the lines of a
    table (``tabled``, read as a table): a row label's "Single-Node" is the row's, not the prose's.
    """
    found: list[tuple[str, int, bool]] = []
    line_of: list[int] = []  # the line each sentence of ``found`` stands on
    paragraph = 0
    lines = _labels_joined(_unwrapped([" ".join(line.split()) for line in body.splitlines()], tabled), tabled)
    written = [number for number, line in enumerate(lines) if line]
    lined = bool(written) and all(lines[written[0]:written[-1] + 1])
    listed = False  # the line before is a list's lead-in ending with a colon, or an item of that list
    for number, line in enumerate(lines):
        if line == _WRAPPED:
            continue  # joined to the line before it
        if not line:
            paragraph, listed = paragraph + 1, False
            continue
        opens = lined and _paragraph_opens(lines, number)
        paragraph += opens
        # Lines of "Name: figure" under a lead-in ending with a colon are its list's items, bulleted or not ("... built
        # using the Wormhole Tensix Processor:", then "SRAM: 120MB", "Memory: 12GB GDDR6").
        item = bool(_BULLET.match(line)) or (listed and not opens and bool(_KEY_VALUE.match(line)))
        # A lead-in may keep a heading's anchor mark, scraped with it ("Key Features:#").
        listed = (line.rstrip("#").endswith(":") and not item) or (listed and item)
        line = _BULLET.sub("", line)
        parts = [part.strip() for part in _SENTENCE.split(line) if part.strip()]
        found += [(part, paragraph, item) for part in parts]
        line_of += [number] * len(parts)
    prose: dict[int, list[int]] = {}
    for index, (_, number, item) in enumerate(found):
        if not item and found[index][0] not in tabled:
            prose.setdefault(number, []).append(index)
    on_line: dict[int, list[int]] = {}
    for index, line_number in enumerate(line_of):
        on_line.setdefault(line_number, []).append(index)
    result = []
    for index, (text, number, item) in enumerate(found):
        # An item's own other sentences are its context too ("Ascend 910: ... FP16 computing power reaching 256 TFLOPS.
        # Officially claimed to have double the computing power of the V100 (125 TFLOPS)").
        same_item = [other for other in on_line[line_of[index]] if other != index] if item else []
        context = " ".join(found[other][0] for other in [*prose.get(number, []), *same_item] if other != index)
        before = [found[other][0] for other in prose.get(number, []) if other < index]
        # A list's lead-in ends with a colon ("Key specs:"), or is a heading of a word or two right above it ("TL;DR").
        lead = before[-1] if item and before and (before[-1].endswith(":") or _LIST_HEADING.fullmatch(before[-1])) else ""
        if item and not before and (heading := _heading_above(found, index, tabled)) is not None:
            lead = heading  # "TL;DR", a blank line, then the list: a heading of the list, as when right above it
        lead_before = item and not before and not lead and (opening := _list_opening(found, index, tabled)) is not None
        if lead_before:
            # "Blackwell B200 specifications:", a blank line, then the list: the lead-in is the list's, and its context.
            lead = context = found[opening][0]  # type: ignore[index]
        following = found[index + 1][0] if index + 1 < len(found) and found[index + 1][1] == number else ""
        result.append(Sentence(text, number, item=item, context=context, lead=lead, lead_before=lead_before, following=following))
    return result


def _paragraph_opens(lines: list[str], number: int) -> bool:
    """In a text with no blank lines, whether a line opens a paragraph: the line before it ends a sentence (a trailing
    backslash, Markdown's line break, after it) and it opens one, not pointing back at the line before; nor is it a list
    item or a table row (``|`` between cells), which stay with the prose that introduces them. Such a text writes a
    paragraph a line; a heading and a list's lead-in, which end no sentence, stay with the lines after them."""
    line = lines[number]
    return number > 0 and bool(SENTENCE_END.search(lines[number - 1].rstrip("\\"))) and bool(_OPENS.match(line)) \
        and not _BULLET.match(line) and "|" not in line


def _line_before_list(found: list[tuple[str, int, bool]], index: int, tabled: frozenset[str]) -> int | None:
    """For a list item whose paragraph opens with items, the line just before the list when it is the one prose line
    of its own paragraph (set apart by a blank line) and no table's; else None."""
    first = index
    while first > 0 and found[first - 1][1] == found[index][1]:
        first -= 1
    if first == 0:
        return None
    text, number, item = found[first - 1]
    alone = first < 2 or found[first - 2][1] != number
    return first - 1 if not item and alone and text not in tabled else None


def _heading_above(found: list[tuple[str, int, bool]], index: int, tabled: frozenset[str]) -> str | None:
    """The heading of a word or two ("TL;DR", "Key specs") set apart just before a list item's list; else None."""
    line = _line_before_list(found, index, tabled)
    return found[line][0] if line is not None and _LIST_HEADING.fullmatch(found[line][0]) else None


def _list_opening(found: list[tuple[str, int, bool]], index: int, tabled: frozenset[str]) -> int | None:
    """The lead-in set apart just before a list item's list, ending with a colon; else None."""
    line = _line_before_list(found, index, tabled)
    return line if line is not None and found[line][0].endswith(":") else None


def name_index(catalog: Catalog, section: str) -> dict[str, str]:
    """Every name and alias that points to exactly one id (ambiguous names identify nothing)."""
    owners: dict[str, set[str]] = {}
    for entry in getattr(catalog, section).values():
        for name in (entry.name, *entry.aliases):
            owners.setdefault(name.lower(), set()).add(entry.id)
    return {name: ids.pop() for name, ids in owners.items() if len(ids) == 1}


#: A name that qualifies another ("the Blackwell-based B200", "H100-powered servers": another system than the H100), not
#: one that says what systems a submission was built on ("B300-based systems", recorded on the B300).
_QUALIFYING = r"-(?:powered|equipped)\b|-based\b(?!\s+(?:systems?|servers?|nodes?|instances?|machines?|clusters?|platforms?|VMs?)\b)"


#: A tier written after a product's name ("Apple's M2 Max", "M4 Pro") names another product than the catalog's "M2".
_TIER = r"\s+(?-i:Max|Pro|Ultra|Mini|Plus)\b"
_MENTION_END = rf"(?![\w]|\.\d|{_QUALIFYING}|{_TIER})"


def mention_spans(text: str, names: dict[str, str]) -> list[tuple[int, int, str]]:
    """(start, end, id) of each catalog name in the text, longest names first, no overlaps. A name that only
    qualifies another ("the Blackwell-based B200", "H100-powered servers") is not a mention of its system; one that
    says what systems were built on ("B300-based systems") is."""
    hits: list[tuple[int, int, str]] = []
    for name in sorted(names, key=len, reverse=True):
        for match in name_regex(name, _MENTION_END).finditer(text):
            if not any(a < match.end() and match.start() < b for a, b, _ in hits):
                hits.append((match.start(), match.end(), names[name]))
    return sorted(hits)


def mentions(text: str, names: dict[str, str]) -> list[tuple[int, str]]:
    """(position, id) of each catalog name in the text (see ``mention_spans``)."""
    return [(start, entry_id) for start, _, entry_id in mention_spans(text, names)]


_CLAUSE_BREAK = re.compile(r"\s*(?:[|;:(){}]|,\s|\b(?:against|versus|vs\.?|compared (?:with|to)|while|whereas|and|but)\b)\s*", re.I)


def clause(sentence: str, start: int, end: int) -> tuple[int, int]:
    """The span of the part of a sentence a figure stands in, between commas, 'and', 'against'..."""
    left = 0
    for match in _CLAUSE_BREAK.finditer(sentence, 0, start):
        left = match.end()
    right_match = _CLAUSE_BREAK.search(sentence, end)
    return left, right_match.start() if right_match else len(sentence)


