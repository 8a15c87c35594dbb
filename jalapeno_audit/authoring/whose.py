"""Whose figure it is, read once the sides are settled: a chip counted as many as one whole holds is that whole, and
the figures whose system a reader cannot settle from the catalog alone (a cloud VM run on a rack, a chip's name that
qualifies a pod, a figure written from the comparator's side) are marked for the reader; a figure pointed back at ("The
83.2 petaflops value") is the one said before."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.abbreviations import PART_KIND
from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.carried import AHEAD, CAUSE, ELSEWHERE, PER_DEVICE_DOUBT, UNCERTAIN
from jalapeno_audit.authoring.sentences import mention_spans
from jalapeno_audit.corpus.catalog import Catalog

#: A count just before a name, with up to two words between ("64 interconnected Trainium2 chips", "144 Trainium3").
_COUNT_BEFORE = re.compile(r"(?<![\w.,])(\d[\d,]*)\s+(?:[A-Za-z-]+\s+){0,2}$")
#: A word for an assembly of chips right after a chip's name, perhaps in quotes ("Ironwood \"pods\"", "H100 clusters").
_ASSEMBLY = re.compile(r"\s*[\"'\u201c\u2018]?(?:pods?|superpods?|racks?|clusters?|servers?|nodes?|ultraservers?)\b", re.I)
#: A word of less right after a multiple ("two times lower", "3x slower", "2x less").
#: A sentence that opens by pointing back at the one before ("This represents ...", "That is ...").
_REPRESENTS = re.compile(r"\s*(?:this|that|it)\s+(?:represents|is|marks|amounts\s+to|means)\b", re.I)
_LESS = re.compile(r"\s+(?:lower|less|smaller|slower|fewer|weaker)\b", re.I)
#: Words that point back at a figure said before: a determiner right before it ("The 83.2 petaflops value"), or a
#: demonstrative before a word for a figure and "of" ("these performance numbers of 20.8 petaflops").
_POINTED = re.compile(r"(?:\b(?:this|that|these|those)\s+(?:[a-z-]+\s+)?(?:numbers?|figures?|values?|results?|scores?)\s+of"
                      r"|\b(?:the|this|that|these|those))\s+$", re.I)
#: A sentence that opens on one device: "Each chip has ...", "Every GPU delivers ...", "The chip reaches ...".
_EACH = re.compile(r"(?:each|every|the|a single|one)\s+(?:chip|GPU|NPU|TPU|accelerator|card|device|die)\b", re.I)
#: What names a cloud instance in the catalog: its name says it is a virtual machine or an instance.
_INSTANCE = re.compile(r"\b(?:virtual machines?|VMs?|instances?)\b", re.I)
#: The hardware a cloud instance runs on, in its sentence: a rack.
_RACK = re.compile(r"\brack", re.I)


def whose(catalog: Catalog, found: list[Candidate], systems: dict[str, str]) -> None:
    """The last word on each candidate's system, after every pass that fills one in."""
    per_part = {c.sentence for c in found if c.doubts.get("system", "").startswith(PER_DEVICE_DOUBT)}
    wholes = {sid for system in catalog.systems.values() for sid, _ in system.part_of}
    for candidate in found:
        less_written(catalog, candidate)
        if candidate.system is None or "system" in candidate.doubts:
            continue
        # A name given as the figure's cause ("thanks to NVLink C2C") is neither its owner nor the hardware it ran on.
        named = [span for span in mention_spans(candidate.quote, systems) if not CAUSE.search(candidate.quote, 0, span[0])]
        if (part := part_said(candidate, named, systems)) is not None:
            # "Intel Lunar Lake, which will have an NPU able to reach 45 TOPS": the figure of the part the catalog names
            # by the whole's name and the part's kind ("Lunar Lake NPU").
            candidate.system = part
        elif (whole := counted_whole(catalog, candidate, named)) is not None:
            # "64 interconnected Trainium2 chips which can scale up to 83.2 petaflops": the 64-chip whole's figure.
            candidate.system = whole
        elif (why := _unsettled(catalog, candidate, named)) is not None:
            candidate.doubts["system"] = why
        elif candidate.system in wholes and candidate.sentence in per_part and candidate.sentence >= 0:
            # "CloudMatrix recorded 1,943 tokens/s per NPU, with a response time of 50 ms per token": the sentence
            # measures the part; its other figures may be the part's too.
            candidate.doubts["system"] = f"its sentence gives a figure per device of {candidate.system}: is this one its part's?"
    parts: dict[str, list[str]] = {}
    for sid, system in catalog.systems.items():
        for whole, _ in system.part_of:
            parts.setdefault(whole, []).append(sid)
    for candidate in found:
        restated(found, candidate, systems)
        each_part(found, candidate, systems, parts)
        represented(found, candidate)


#: A part of the system named before it, by its kind, between the name and the figure ("..., which will have an NPU
#: able to reach", "'s NPU is capable of", "whose GPU delivers").
_KIND_SAID = re.compile(rf"\b(?:an?|its|the|their|whose)\s+(?:[\w-]+\s+)?(?P<kind>{PART_KIND})s?\b|['’]s\s+(?P<own>{PART_KIND})\b")


def part_said(candidate: Candidate, named: list[tuple[int, int, str]], systems: dict[str, str]) -> str | None:
    """The part a value is said of when its sentence names a system and then, before the figure, one of its parts by
    kind alone: the catalog system named by a name of that system and the kind ("Lunar Lake" and "NPU": "Lunar Lake
    NPU"), when there is one; None otherwise."""
    if candidate.kind != "value":
        return None
    spans = [(start, end) for start, end, sid in named if sid == candidate.system and end <= candidate.start]
    if not spans or any(start >= spans[-1][1] and start < candidate.start for start, _, _ in named):
        return None  # another system named between the name and the figure: the sides already weighed it
    gap = candidate.quote[spans[-1][1]:candidate.start]
    said = [match["kind"] or match["own"] for match in _KIND_SAID.finditer(gap)]
    if len(said) != 1:
        return None
    names = {name for name, sid in systems.items() if sid == candidate.system}
    parts = {systems[f"{name} {said[0].lower()}"] for name in names if f"{name} {said[0].lower()}" in systems}
    return parts.pop() if len(parts) == 1 and candidate.system not in parts else None


def each_part(found: list[Candidate], candidate: Candidate, systems: dict[str, str], parts: dict[str, list[str]]) -> None:
    """A value in a sentence that names no system and opens on one device ("Each chip has a peak throughput of 4,614
    TFLOPs") is one part's of the whole it is said of, when the catalog makes that whole of one kind of part: the whole
    the drafter gave it (the article's subject, "Ironwood pods"), or else the one whole the sentence before it in its
    paragraph gave all its values to. Nothing may set the figure against anything before it."""
    opening = _EACH.match(candidate.quote)
    if candidate.kind != "value" or opening is None or ELSEWHERE.search(candidate.quote, opening.end(), candidate.start) \
            or mention_spans(candidate.quote, systems):
        return
    whole = candidate.system if "system" not in candidate.doubts else None
    if candidate.doubts.get("system") == UNCERTAIN:
        before = [c for c in found if c.sentence == candidate.sentence - 1 and c.paragraph == candidate.paragraph and c.kind == "value"]
        wholes = {c.system for c in before}
        whole = wholes.pop() if len(wholes) == 1 and not any("system" in c.doubts for c in before) else None
    if whole is not None and len(parts.get(whole, [])) == 1:
        candidate.system = parts[whole][0]
        candidate.doubts.pop("system", None)


def represented(found: list[Candidate], candidate: Candidate) -> None:
    """A multiple against a named comparator in a sentence that opens by pointing back at the one before ("This
    represents a 12.5% increase in memory capacity ... compared to its predecessor, the MI325X") is of the system the
    sentence before, in its paragraph, gave its values of that metric to, when it gave them all to one system other
    than the comparator, each with no doubt about it ("A single card features up to 288GB of HBM3E memory")."""
    if candidate.kind != "ratio" or candidate.doubts.get("system") != AHEAD or candidate.vs is None or "vs" in candidate.doubts \
            or candidate.metric is None or candidate.sentence < 1 or not _REPRESENTS.match(candidate.quote):
        return
    before = [c for c in found if c.sentence == candidate.sentence - 1 and c.paragraph == candidate.paragraph and c.kind == "value"
              and c.metric == candidate.metric]
    owners = {c.system for c in before}
    if before and len(owners) == 1 and None not in owners and candidate.vs not in owners and not any("system" in c.doubts for c in before):
        candidate.system = owners.pop()
        del candidate.doubts["system"]


def restated(found: list[Candidate], candidate: Candidate, systems: dict[str, str]) -> None:
    """A value in a sentence that names no system, pointed back at as a figure said before ("The 83.2 petaflops value
    is for FP8 with sparse models"), is the system's that the article's earlier sentences gave that figure of that
    metric to, when they gave it to one system, each with no doubt about it; "it", "the chip" or the article's subject
    may have given it another, and a guess is doubted when the figure said before has no one certain owner. Another
    actor before it ("Rivals reach the 83.2 petaflops mark") leaves it as it is."""
    pointed = _POINTED.search(candidate.quote, 0, candidate.start)
    if candidate.kind != "value" or candidate.doubts.get("system", UNCERTAIN) != UNCERTAIN or candidate.sentence < 1 \
            or pointed is None or ELSEWHERE.search(candidate.quote, 0, pointed.start()) or mention_spans(candidate.quote, systems):
        return
    said = [c for c in found if 0 <= c.sentence < candidate.sentence and c.kind == "value" and c.metric == candidate.metric
            and c.figure == candidate.figure]
    owners = {c.system for c in said}
    if said and len(owners) == 1 and None not in owners and not any("system" in c.doubts for c in said):
        # Over a guess from the article's subject too: the figure pointed back at is the one said before.
        candidate.system = owners.pop()
        candidate.doubts.pop("system", None)
    elif said and "system" not in candidate.doubts:
        candidate.doubts["system"] = "it points back at a figure said before, whose system is not certain"


def less_written(catalog: Catalog, candidate: Candidate) -> None:
    """A multiple of less on a higher-is-better metric ("2,517 TFLOPS, which is nearly two times lower than Y") is the
    comparator's advantage: system and vs (and their doubts) swap."""
    metric = catalog.metrics.get(candidate.metric or "")
    if candidate.kind != "ratio" or metric is None or metric.better != "higher" or "figure" in candidate.doubts \
            or not _LESS.match(candidate.quote, candidate.end) or "%" in candidate.found:
        return
    candidate.system, candidate.vs = candidate.vs, candidate.system
    doubts = {"system": candidate.doubts.pop("vs", None), "vs": candidate.doubts.pop("system", None)}
    candidate.doubts.update({name: why for name, why in doubts.items() if why})


def counted_whole(catalog: Catalog, candidate: Candidate, named: list[tuple[int, int, str]]) -> str | None:
    """The whole a chip's figure is of, when the sentence counts, before the figure, as many of the chip as one whole
    of the catalog holds."""
    system = catalog.systems.get(candidate.system or "")
    if system is None or not system.part_of:
        return None
    for pos, _, sid in named:
        count = _COUNT_BEFORE.search(candidate.quote, 0, pos)
        if sid != candidate.system or pos >= candidate.start or count is None:
            continue
        wholes = [whole for whole, holds in system.part_of if holds == int(count[1].replace(",", ""))]
        if len(wholes) == 1:
            return wholes[0]
    return None


def _unsettled(catalog: Catalog, candidate: Candidate, named: list[tuple[int, int, str]]) -> str | None:
    """Why the candidate's system is not certain, if it is not."""
    system = catalog.systems.get(candidate.system or "")
    if candidate.doubts.get("figure", "").startswith("a percent lower"):
        return "a percent lower on a metric not read: the figure may be the comparator's advantage (swap system and vs)"
    if system is not None and _INSTANCE.search(system.name) and (
            _RACK.search(candidate.quote) or any(sid not in (candidate.system, candidate.vs) for _, _, sid in named)):
        return f"{candidate.system} is a cloud instance, and the sentence names the hardware it ran on: whose figure is it?"
    if system is not None and system.part_of:
        for _, end, sid in named:
            if sid == candidate.system and _ASSEMBLY.match(candidate.quote, end):
                return f"{candidate.system}'s name qualifies an assembly of chips here: the chip's figure or the assembly's?"
    return None
