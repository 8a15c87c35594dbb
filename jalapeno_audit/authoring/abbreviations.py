"""Short names an article uses for a catalog system: one it defines ("Wafer Scale Engine (WSE)"), and the bare kind of a
part of a chip it names ("NPU", "CPU" of an article on the i.MX95, whose catalog parts are "i.MX95 NPU" and "i.MX95 CPU")."""

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


#: The last word of a catalog name of several words, when it is a product code ("v5e" of "TPU v5e"): a letter and a digit.
_CODE = re.compile(r"(?=[^\s]*[A-Za-z])(?=[^\s]*\d)[\w.-]{2,12}")


#: A product's name and, in parentheses, a catalog name it is known by ("Cloud TPU v6e (Trillium)").
_GLOSSED = re.compile(r"(?<![\w.-])(?P<code>(?=[\w.-]*[A-Za-z])[\w.-]*\d[\w.-]*)\s+\((?P<gloss>[^()\d]{2,40})\)")
#: A memory type, which ends names of a chip's memory variants ("Nvidia H100 80GB HBM3") and is no product code.
_MEMORY = re.compile(r"(?:HBM|GDDR|LPDDR|DDR)\d\w*", re.I)


def short_names(text: str, systems: dict[str, str]) -> dict[str, str]:
    """The product codes the text writes alone for a catalog system it names in full ("v5e" in a text that writes "TPU
    v5e"): the last word of the system's name of several words, a code of letters and digits, no catalog name itself
    nor the last word of another system's name, written alone at least once; and a code written before a catalog name in
    parentheses ("Cloud TPU v6e (Trillium)"), that name's system."""
    owners: dict[str, set[str]] = {}
    for name, system_id in systems.items():
        words = name.split()
        if len(words) > 1 and _CODE.fullmatch(words[-1]) and not _MEMORY.fullmatch(words[-1]):
            owners.setdefault(words[-1].lower(), set()).add(system_id)
    spans = mention_spans(text, systems)
    named = {system_id for _, _, system_id in spans}
    taken = {name.lower() for name in systems}
    found = {}
    for code, ids in owners.items():
        if len(ids) != 1 or code in taken or (system_id := next(iter(ids))) not in named:
            continue
        alone = [m for m in re.finditer(rf"(?<![\w.-]){re.escape(code)}(?![\w-])", text, re.I)
                 if not any(a <= m.start() < b for a, b, _ in spans)]
        if alone:
            found[code] = system_id
    # "Cloud TPU v6e (Trillium)": the code names the system the parenthesis names, when the code is no catalog name.
    for match in _GLOSSED.finditer(text):
        code, owner = match["code"].lower(), systems.get(match["gloss"].strip().lower())
        if owner is not None and code not in taken and not _MEMORY.fullmatch(code) and found.setdefault(code, owner) != owner:
            found.pop(code)
    return found


#: A catalog name that is a chip's name and the kind of one of its parts ("i.MX95 NPU", "RK3588 CPU", "S25 Ultra CPU").
PART_KIND = r"NPU|CPU|GPU|iGPU|DSP"  # the kinds of a chip's parts its name may end in
_KIND_OF = re.compile(rf"(?P<whole>.*\w)\s+(?P<kind>{PART_KIND})", re.I)


def part_kinds(text: str, systems: dict[str, str]) -> dict[str, str]:
    """The bare kinds of parts ("NPU", "CPU") that name catalog systems in this text: those of one chip the text writes
    the name of, whose catalog parts are named by that name and their kinds ("i.MX95 NPU" and "i.MX95 CPU" in a text on
    the i.MX95), two kinds at least (a text setting a chip's parts against each other), one system each; none when
    another chip's parts are named so too, or another system the text names has a name holding the kind."""
    wholes: dict[str, dict[str, set[str]]] = {}
    for name, system_id in systems.items():
        if (match := _KIND_OF.fullmatch(name)) and re.search(rf"(?<![\w.-]){re.escape(match['whole'])}(?![\w-])", text, re.I):
            wholes.setdefault(match["whole"].lower(), {}).setdefault(match["kind"].lower(), set()).add(system_id)
    chips = [kinds for kinds in wholes.values() if len(kinds) >= 2 and all(len(owners) == 1 for owners in kinds.values())]
    named = {system_id for _, _, system_id in mention_spans(text, systems)}
    if len(chips) != 1:
        chips = [_named_parts(text, systems, named)]
    if not chips[0]:
        return {}
    parts = {kind: next(iter(owners)) for kind, owners in chips[0].items()}
    return {kind: system_id for kind, system_id in parts.items() if kind not in {name.lower() for name in systems}
            and not any(other in named and other != system_id and re.search(rf"\b{kind}\b", name, re.I) for name, other in systems.items())}


def _named_parts(text: str, systems: dict[str, str], named: set[str]) -> dict[str, set[str]]:
    """The kinds of parts the text names with their full names, when no chip's name gathers them ("Samsung S25 Ultra
    CPU vs Qualcomm Hexagon NPU"): each kind that one system the text names is named with, two kinds at least (the
    text sets parts against each other); none otherwise."""
    kinds: dict[str, set[str]] = {}
    for name, system_id in systems.items():
        if system_id in named and (match := _KIND_OF.fullmatch(name)) and re.search(
                rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text, re.I):
            kinds.setdefault(match["kind"].lower(), set()).add(system_id)
    return kinds if len(kinds) >= 2 and all(len(owners) == 1 for owners in kinds.values()) else {}
