"""Whose figure a sentence that names no system states: the system of the sentence before it, carried on."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.sentences import SENTENCE_END, Sentence, mentions

#: Words that give a name as the cause of a figure, not its owner ("4x faster transfers thanks to NVLink C2C").
CAUSE = re.compile(r"\b(?:thanks\s+to|due\s+to|because\s+of|enabled\s+by|powered\s+by|(?:by\s+)?leveraging)\s+(?:the\s+|its\s+|their\s+)?$", re.I)
#: The doubt a value's system is left with when its sentence's structure names no owner.
UNCERTAIN = "which system this figure belongs to is not certain"
#: The doubt a multiple's system is left with when its sentence does not say which side is ahead.
AHEAD = "the sentence does not say which system is ahead"
#: Words that set a figure against another's, hand it to someone the catalog may not name ("they", "rivals"), point back
#: at figures said before ("these numbers") or state a per-device basis ("per NPU": one device of a larger system).
ELSEWHERE = re.compile(r"\b(?:than|versus|vs\.?|compared|against|unlike|while|whereas|but|however|instead|rivals?|competitors?|"
                        r"predecessors?|previous|last-gen\w*|older|other|others|they|their|them|these|those|such|this|"
                        r"(?:per|each|every)\s+(?:[\w-]+\s+)?(?:GPU|NPU|TPU|chip|card|device|accelerator|node|server|rack)s?)\b|['’]em\b|"
                        r"\b[A-Z]\w*['’]s\s+(?:[\w-]+\s+)?(?:system|chip|GPU|accelerator|cluster|supercomputer)s?\b", re.I)


def carried(found: list[Candidate], every: list[Sentence], systems: dict[str, str]) -> None:
    """A value in a sentence that names no system and sets nothing against anything ("The memory bandwidth has also
    increased to 7.2 TB/s.") is the system's whose figures the sentence just before it, in the same paragraph and
    not a list item, all gave to that one system, each figure there live (not itself carried on)."""
    by_sentence: dict[int, list[Candidate]] = {}
    carried_on: set[int] = set()  # a system carried on is not carried further
    for candidate in found:
        by_sentence.setdefault(candidate.sentence, []).append(candidate)
    for candidate in found:
        if candidate.kind != "value" or candidate.doubts.get("system") != UNCERTAIN or candidate.sentence < 1:
            continue
        sentence, before = every[candidate.sentence], every[candidate.sentence - 1]
        if sentence.item or before.item or before.paragraph != sentence.paragraph or mentions(sentence.text, systems) \
                or ELSEWHERE.search(sentence.text):
            continue
        values = [c for c in by_sentence.get(candidate.sentence - 1, []) if c.kind == "value"]
        owners = {c.system for c in values}
        if len(owners) == 1 and None not in owners and not any(c.doubts or id(c) in carried_on for c in values):
            candidate.system = owners.pop()
            del candidate.doubts["system"]
            carried_on.add(id(candidate))


#: Words by which a sentence speaks of the article's subject or its maker: "it", "we measured", "the chip", "a single card"
#: (one of it).
_OURS = re.compile(r"\b(?:it|its|we|our|us)\b|\b(?:the|a\s+single)\s+(?:new\s+)?(?:chip|system|accelerator|processor|GPU|TPU|NPU|card|part|"
                   r"silicon|hardware|platform|server|device)s?\b", re.I)


def subjects(found: list[Candidate], every: list[Sentence], systems: dict[str, str], subject: str | None,
             parts: frozenset[str] = frozenset()) -> None:
    """A value in a prose sentence that names no system, speaks of the article's subject or its maker ("it", "we
    measured", "the chip"), sets nothing against anything (see ``ELSEWHERE``), and states a figure the article has not
    stated before, is the article's subject's: the system its text names most often. When the subject is a part the
    catalog builds into a whole (``parts``), "the system" or "the server" may be that whole: left to the reader."""
    stated: set[tuple[str | None, str]] = set()
    for candidate in found:
        again = (candidate.metric, str(candidate.figure)) in stated
        stated.add((candidate.metric, str(candidate.figure)))
        if subject is None or again or candidate.kind != "value" or candidate.doubts.get("system") != UNCERTAIN or candidate.paragraph < 0:
            continue
        sentence = every[candidate.sentence]
        if subject in parts and _A_WHOLE.search(sentence.text):
            continue  # "The system only consumes 30 kW" in an article about a chip and the 288-chip system built of it
        owners = [pos for pos, _ in mentions(sentence.text, systems) if not CAUSE.search(sentence.text, 0, pos)]
        if not owners and not ELSEWHERE.search(sentence.text) and _OURS.search(sentence.text) \
                and SENTENCE_END.search(sentence.text) and back_to(every, candidate.sentence, systems, subject):
            candidate.system = subject
            del candidate.doubts["system"]


#: A whole that parts are built into, spoken of as "the system", "the server", "the rack".
_A_WHOLE = re.compile(r"\bthe\s+(?:new\s+)?(?:system|server|rack|cluster|pod|platform)s?\b", re.I)
#: A sentence that is only a link; and one that opens on "it" or "its".
_LINK_ONLY = re.compile(r"(?:https?://|www\.)\S+")
_OPENS_ON_IT = re.compile(r"(?:it|its)\b", re.I)


def back_to(every: list[Sentence], number: int, systems: dict[str, str], subject: str | None) -> bool:
    """Whether "it" or "the chip" in a sentence may be the article's subject: the last sentence before it in its
    paragraph that names a system names the subject, or none does ("AMD entered a cluster of MI355X GPUs. It recorded
    N": "it" is the MI355X cluster, not the article's subject)."""
    if number < 1:
        return True
    back = number - 1
    if every[back].paragraph != every[number].paragraph:
        # "Human brain does 38,000 TOPS", a link on its own, then "It uses 20 watts.": a pronoun that opens a paragraph
        # may be the system the last sentence before it names, when that is another than the subject.
        earlier = [at for at in range(number) if not _LINK_ONLY.fullmatch(every[at].text.strip())]
        if not earlier or every[number].item or not _OPENS_ON_IT.match(every[number].text):
            return True
        back = earlier[-1]
    named = {system_id for _, system_id in mentions(every[back].text, systems)}
    # A sentence that names no system passes "it" on: the system its paragraph named last before it is the one meant
    # ("the new APU 790 ... This upgraded APU also supports ... the new processor can generate images in under a second").
    while not named and back > 0 and every[back - 1].paragraph == every[back].paragraph:
        back -= 1
        named = {system_id for _, system_id in mentions(every[back].text, systems)}
    return not named or subject in named


#: A figure stated for one device ("1,943 tokens/second per NPU", "4,614 TFLOPs per chip"), within a few words of it.
_PER_DEVICE = re.compile(r"[^,;:()\d]{0,30}?\b(?:per|each|every|a)\s+(?:[\w-]+\s+)?(?:GPU|NPU|TPU|chip|card|device|accelerator|die)s?\b", re.I)


#: How the doubt of a figure stated per device begins (``whose`` reads its sentence's other figures by it).
PER_DEVICE_DOUBT = "a figure per device"


def per_device(found: list[Candidate], wholes: frozenset[str]) -> None:
    """A value stated per device ("CloudMatrix recorded 1,943 tokens/second per NPU") given to a system the catalog
    makes of parts (a rack, a pod, a server) may be its part's: the reader says whose."""
    for candidate in found:
        if candidate.kind == "value" and candidate.system in wholes and "system" not in candidate.doubts \
                and _PER_DEVICE.match(candidate.quote, candidate.end):
            candidate.doubts["system"] = f"{PER_DEVICE_DOUBT}, given to {candidate.system}, which is made of parts: is it its part's?"
