"""Device counts written before a system's name ("on 8x H100", "with 8 B300 units", "across 8 MI355X GPUs").

Such a count says how many of that system a run used: a condition of the figure. It is written in `at` under the noun
for the system's kind, the one its catalog name states ("Blackwell Ultra GPU"), else the one the paragraph writes
after the name ("Instinct MI355X GPUs"); when neither settles one noun, the count is left to the reader.
"""

from __future__ import annotations

import re

from jalapeno_audit.authoring.sentences import mentions, name_index
from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.text.names import name_pattern

#: Where a count of devices stands: right after "on", "with", "across" or "using"; and the count.
_AFTER = r"(?:(?<=\bon )|(?<=\bwith )|(?<=\bacross )|(?<=\busing ))"
_NUMBER = r"(?:\d{1,3}|one|two|four|eight|sixteen)"
#: Such a count, then where a system's name starts ("with 8 MI355X", "on 8x H100").
COUNT_BEFORE_NAME = re.compile(_AFTER + _NUMBER + r"(?:\s?[x×]\s?|\s)", re.I)
#: A count, then a blanked-out catalog name ("#"), with "x" before the name or a noun after it ("8x ####", "8 #### units"):
#: "4.6x A100 performance" is a ratio, not a count.
_BODY = _NUMBER + r"(?:\s?[x×]\s?#+(?:\s+(?:units?|GPUs?|chips?|accelerators?|cards?)\b)?|\s+#+\s+(?:units?|GPUs?|chips?|accelerators?|cards?)\b)"
COUNTED = re.compile(_AFTER + _BODY, re.I)
#: The words of such a count on their own (a match of ``COUNTED``).
COUNTED_WORDS = re.compile(_BODY, re.I)
#: Counts written as words.
NUMBER_WORDS = {"one": "1", "single": "1", "two": "2", "four": "4", "eight": "8", "sixteen": "16"}
#: The nouns of a device's kind, and the noun a count written with one of them ends in.
_KIND = re.compile(r"\b(?P<noun>GPU|chip|accelerator|card)s?\b", re.I)


def counted_setting(catalog: Catalog, words: str, context: str) -> tuple[str, str] | None:
    """(key, count) for a count before a system's name (``words`` as the text writes it, ``context`` its paragraph):
    the noun after the name, else the noun of the system's kind; None when the kind is not settled."""
    number = re.match(r"\d+|[a-z]+", words, re.I)
    found = mentions(words, name_index(catalog, "systems"))
    if number is None or len(found) != 1:
        return None
    count = NUMBER_WORDS.get(number.group().lower(), number.group())
    written = _KIND.search(words, found[0][0])
    noun = written["noun"] if written else kind_noun(catalog, found[0][1], context)
    return (f"{noun.lower()}s", count) if noun else None


def kind_noun(catalog: Catalog, system_id: str, context: str) -> str | None:
    """The one noun of a device's kind the system's catalog name and aliases state ("Blackwell Ultra GPU"), else the
    one its paragraph writes right after one of its names ("MI355X GPUs"); None when there is none or more than one."""
    system = catalog.systems[system_id]
    names = [name for name in (system.name, *system.aliases) if name]
    nouns = {match["noun"].lower() for name in names for match in _KIND.finditer(name)}
    if not nouns:
        nouns = {match["noun"].lower() for name in names
                 for match in re.finditer(rf"(?i)(?<![\w-]){name_pattern(name)}\s+{_KIND.pattern}", context)}
    return nouns.pop() if len(nouns) == 1 else None
