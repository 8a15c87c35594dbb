"""Short names an article defines for a catalog system: "Wafer Scale Engine (WSE)"."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.sentences import mention_spans

#: An initialism in parentheses ("(WSE)"), and how far before it the name it abbreviates may start.
_DEFINED = re.compile(r"\((?P<short>[A-Z]{2,6})\)")
_REACH = 80


def defined_names(text: str, systems: dict[str, str], taken: set[str]) -> dict[str, str]:
    """The initialisms the text defines right after a system's name ("its Wafer Scale Engine (WSE) chip": "WSE" is
    the Wafer Scale Engine's), each for the one system it follows; none already a catalog name (``taken``) nor defined
    for two systems. A short name that is no initialism ("Trainium2 (T2)", "B300 (Ultra)") may be a part or a variant."""
    defined: dict[str, set[str]] = {}
    for match in _DEFINED.finditer(text):
        before = text[max(0, match.start() - _REACH):match.start()].rstrip()
        before = before if match.start() <= _REACH else before[before.find(" ") + 1:]  # from a word's start
        for start, end, system_id in mention_spans(before, systems):
            if end == len(before) and "".join(word[0] for word in re.findall(r"\w+", before[start:end])).upper() == match["short"]:
                defined.setdefault(match["short"].lower(), set()).add(system_id)
    return {short: owners.pop() for short, owners in defined.items() if len(owners) == 1 and short not in taken}
