"""Whose figure it is and against what: the subject and comparator systems from a sentence's structure."""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import pairwise
from typing import NamedTuple

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.carried import AHEAD, CAUSE
from jalapeno_audit.authoring.counted import COUNT_BEFORE_NAME
from jalapeno_audit.authoring.sentences import clause, mention_spans, mentions
from jalapeno_audit.text.figures import Reading
from jalapeno_audit.text.numbers import HEDGES

#: A word that qualifies a comparator's name: a hyphenated one ("previous-gen", "current-gen") or a word of age or rivalry.
_QUALIFIER = r"(?:(?-i:[a-z][\w]*-[\w-]+|older|newer|previous|prior|existing|original|current|rival|competing|(?:last|this)\s+year['’]s)\s+)?"
#: Words before a system named after a value that say the value was measured on it ("76,000 tokens per second based on
#: MI350X", "500 tokens/s on the GB200"), not compared with it.
_RAN_ON = re.compile(r"\b(?:based on|running on|run on|measured on|on|using|with)\s+(?:the\s+|an?\s+)?(?:(?-i:[A-Z])[\w-]*['’]s\s+)?$", re.I)
#: Words of comparison or contrast: a sentence with one may set another's figure beside the subject's.
_COMPARING = re.compile(r"\b(?:than|versus|vs\.?|compared|against|unlike|while|whereas|but|surpass\w*|beat\w*|outperform\w*)\b", re.I)
#: What may stand between a system's name and a value that glosses it in parentheses: a noun or two, the parenthesis, a hedge.
_GLOSS = re.compile(r"(?:\s+[a-z][\w-]*){0,2}\s*\(\s*(?:~|about|around|roughly|nearly|over|up to)?\s*", re.I)
#: The rest of a parenthesis a value opens: no other parenthesis or figure before it closes ('(36 W vs 1,246 W)' pairs two sides).
_CLOSED = re.compile(r"[^()\d]*\)")
#: Words that point at a comparator named after them.
_VERSUS = re.compile(r"\b(?:than|compared (?:with|to)|versus|vs\.?|against|over|relative to|of|that of|on)\s+(?:the\s+|an?\s+)?"
                     r"(?:[A-Z][\w-]*['’]s\s+)?" + _QUALIFIER + "$", re.I)  # "than Nvidia’s H100", "than the previous-gen Gaudi 2"
#: Words that name a comparator whatever else the sentence says ("2x faster on H100 than on AMD's MI300X").
#: Verbs of winning: the system before them is ahead of the one after ("X outperformed Y by 2x").
WINNING = (r"outperform(?:s|ed|ing)?|beat(?:s|ing)?|lead(?:s|ing)?|led|exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|outpac(?:es|ed|ing)|"
           r"undercut(?:s|ting)?")
#: Also a verb of winning ("outperformed A100 by 2x", "leads the GB200 by 1.8x") and "compared to previous results on Y".
_STRONG_VERSUS = re.compile(r"\b(?:than|compared (?:with|to)(?:(?-i:\s+[a-z]+){1,3}?(?=\s+(?:on|of|from)\b)|\s+(?:its|their)\s+predecessors?,)?|versus|vs\.?|against|relative to|"
                            r"comparable to|similar to|on par with|"
                            # What a system is set against by being its successor or its like ("the memory-capacity upgrade to
                            # the MI300X", "an evolution of the MI300X", "the same 304 compute units as MI300X").
                            r"(?:upgrade|successor|follow-(?:up|on)|replacement|evolution|refresh)\s+(?:to|of|for)|same\b[^,.;:()\d]{0,30}\d*[^,.;:()\d]{0,30}\bas|"
                            + WINNING + r")\s+"
                            r"(?:(?:on|in|with|for|of|from)\s+)?(?:the\s+|an?\s+)?(?:[A-Z][\w-]*['’]s\s+)?" + _QUALIFIER + "$", re.I)
#: How far before a system name the words that make it a comparator may start ("compared to previous results on the ").
_REACH = 60
#: Words that refer back to the article's subject.
_PRONOUN = re.compile(r"^(?:it|its|the (?:new )?(?:chip|part|accelerator|processor|gpu|system|card|tpu|silicon|hardware))\b", re.I)
#: Words before a figure that refer back to the article's subject ("it", "the chip", "the new TPUs ... each chip").
_BACK = re.compile(r"\b(?:it|the new part|the chip|the new (?:chips?|TPUs?|GPUs?|accelerators?|processors?))\b", re.I)
#: A name between a figure's unit and a word of links ("3 TB/s NVLink bandwidth"): the links the figure is of, not its owner.
_UNIT_ONLY = re.compile(r"\s*[A-Za-z/]+\s+")
_LINK_WORD_AFTER = re.compile(r"[\w-]+(?:\s+[\w-]+)?\s+(?:bandwidth|links?|interconnect|connectivity)\b", re.I)
#: "it" standing for a system before a figure, not the "it" of "It took 18 minutes for X to train".
_IT = re.compile(r"\bit\b(?!\s+(?:took|takes|taking|is|was|will|would|['’]s)\b)", re.I)
#: A parenthesis opened after a figure, holding at most "or" and a hedge before the next figure ("80GB (up to 96GB").
_ASIDE = re.compile(r"[^()]*\(\s*(?:(?:or|and)\s+)?(?:(?:" + "|".join(re.escape(hedge) for hedge in sorted(HEDGES, key=len, reverse=True))
                    + r")\s*)?", re.I)
#: A clause opened by a present participle ("achieving", "reaching") or a preposition ("in a torus connected by ..."):
#: it modifies the main clause, unlike a relative clause ("which reaches ...") that modifies the noun before it.
_MODIFIER = re.compile(r"(?!(?:during|including|according|regarding|following|bring)\b)[a-z]{3,}ing\b|"
                       r"(?:in|with|at|across|on|over|through)\s+(?!which\b|whom\b)", re.I)
#: "and", a verb in the third person and the figure it takes ("and offers 0.36 ExaFLOPS"): the clause shares the sentence's subject.
_SHARED_VERB = re.compile(r"(?<=\band )[a-z]{3,}s\s+(?:(?:up to|nearly|about|over|roughly)\s+)?\d", re.I)
#: A count just before a system's name ("144 Trainium3 chips"): the system is counted, a part of something.
_COUNTED = re.compile(r"(?<![\w.,])\d{1,4}\s*[x×]?\s+$")
#: Words that set a second figure against the first ("N against M").
SECOND_SIDE = re.compile(r"\b(?:against|versus|vs\.?|compared (?:with|to))\b", re.I)
#: The rest of a value's unit, then a word that sets the next value against it ("TOPs vs 400", "tokens/s against 169").
_AGAINST = r"[^\d,;:()]{0,40}?\s(?:against|versus|vs\.?|compared (?:with|to))\s+(?:~|about|around|roughly)?\s*"
_AGAINST_NEXT = re.compile(_AGAINST + r"\d", re.I)
_AGAINST_PREVIOUS = re.compile(_AGAINST, re.I)
#: A change from one figure to another ("from 96GB on A to a much better 144GB on B"); "up to" is a hedge, not its "to".
_FROM_TO = re.compile(r"\bfrom\s+(?P<first>(?:[^,;:()]|,(?=\d))*?\d(?:[^,;:()]|,(?=\d))*?)\s+(?<!\bup\s)to\s+"
                      r"(?P<second>(?:[^,;:()\d]|,(?=\d))*\d(?:[^,;:()]|,(?=\d))*)", re.I)
#: "Unlike" just before a system's name, with an article or its maker's name between ("Unlike Nvidia GPUs").
_UNLIKE = re.compile(r"\bunlike\s+(?:the\s+|an?\s+)?(?:(?-i:[A-Z])[\w-]*(?:['’]s)?\s+)?$", re.I)
_CONTRAST = re.compile(r"\b(?:while|whereas|but|unlike|against|versus|vs\.?|compared (?:with|to))\b|;", re.I)
_OTHER_THING = re.compile(r"[\w .-]*?['’]s?\s+(?:[\w-]+\s+)?(?:predecessors?|successors?|rivals?|competitors?|competition|previous generation|"
                          r"last generation|older sibling|forerunner)\b", re.I)
_OTHER_CLAUSE = re.compile(r"\b(?:an?|the|its|their)\s+(?:[\w-]+\s+){0,3}?(?:that|which|who)\s", re.I)
#: "X is a dual-chiplet accelerator that ...": the noun the relative clause follows is X itself, said to be one.
_SAID_TO_BE = re.compile(r"^\S+(?:\s+\S+){0,3}?\s+(?:is|was|remains)\s+(?P<noun>an?\s+(?:[\w-]+\s+){0,3}?(?:that|which)\s)", re.I)
_FRONTED = re.compile(r"\s*(?:compared (?:with|to)|against|versus|relative to|next to)\b", re.I)
_ITSELF = re.compile(r"\bthan\s+(?:it|they|its|their)\b", re.I)
_FROM_ALONE = re.compile(r"\bfrom\s+(?:[a-z]+\s+){0,2}$", re.I)
#: Words before a figure that may give it to an actor the catalog does not name: "they", "rivals", "Nvidia's".
_ANOTHERS = re.compile(r"\b(?:they|their|them|rivals?|competitors?|predecessors?|previous|older|others?|(?:the|entire|whole)\s+model)\b|"
                       r"(?-i:\b[A-Z][\w-]*)['’]s\b|\b(?-i:[A-Z][\w-]*)\s+(?:said|says|claims?|hit|reached|reports?)\b", re.I)
#: A word of comparison between a figure and a name after it: the name is the other side's, whatever ran on it.
_THAN = re.compile(r"\b(?:than|versus|vs\.?|compared|against)\b", re.I)
_QUOTES = re.compile(r"[\"“”]")
_POSSESSIVE = re.compile(r"['’]s\s+")
#: What may follow a system's name at the end of a list's lead-in: a mark, a word or two of its kind, the colon.
_ENDS_LEAD = re.compile(r"[™®]?(?:\s+[A-Z][\w-]*){0,2}\s*:\s*")
#: From a name to a point inside the parenthesis right after it ("B200 (based on Blackwell").
_IN_PARENTHESIS = re.compile(r"[^()]*?\([^()]*")
#: The noun of a whole built of devices: where the article's system is such a device, "the system" may be the whole.
_WHOLE = re.compile(r"\b(?:system|server|rack|cluster|pod|supercomputer)s?\b", re.I)
_RATIO_WORDS = re.compile(r"\b(?:faster|slower|better|higher|lower|more|less|improvement|increase|advantage|lead|the performance|speed-?up|gain)\b", re.I)


#: A relative clause right after a system's name, up to its figure ("..., which had 256GB", ", which delivers up to 2x").
_RELATIVE = re.compile(r"\s*,\s*(?:which|that)\s+(?:has|had|have|offers|offered|delivers|delivered|features|featured|reaches|reached)"
                       r"\s+(?:[a-z-]+\s+){0,2}?(?:up\s+to\s+|about\s+|over\s+)?", re.I)
#: A colon between a system's name and a figure, and at most a sign or a hedge ("CPU: 37.21ms", "NPU: ~3 ms").
_LABEL_COLON = re.compile(r"\s*:\s*~?\s*")


class _Named(NamedTuple):
    """The systems a sentence names, around one figure: (position, id) pairs."""

    named: list[tuple[int, str]]
    before: list[tuple[int, str]]  # before the figure
    after: list[tuple[int, str]]  # after it
    compared: list[tuple[int, str]]  # after a word of comparison ("than", "against", "compared with")
    strongly: list[tuple[int, str]]  # after a strong one only
    pronoun: re.Match[str] | None  # "it", "the chip": the sentence speaks of the article's subject


def _links_named(text: str, end: int, pos: int) -> bool:
    """Whether the name at ``pos`` stands right after the unit of the figure ending at ``end`` and before a word of links."""
    return bool(_UNIT_ONLY.fullmatch(text, end, pos)) and bool(_LINK_WORD_AFTER.match(text, pos))


class SideReader:
    """Reads subjects and comparators with one catalog's system names."""

    def __init__(self, systems: dict[str, str], vague: frozenset[str] = frozenset(), members: Mapping[str, str] | None = None,
                 parts: frozenset[str] = frozenset()) -> None:
        self.systems = systems  # every unambiguous system name and alias (lower case) -> id
        self.members = members or {}  # the systems that belong to a family ("H100" of Hopper), each with its family: a chip, not a line
        self.parts = parts  # the systems the catalog builds into wholes (a chip of a rack): "the system" may be the whole
        self.vague = vague  # the systems no reader can pin down ("GPUs in general"): no subject of a paragraph
        self.sole: str | None = None  # the system an article is about when it names others only in passing
        self.back = True  # whether "it" in the sentence being read may be the article's subject (see ``carried.back_to``)

    def subject(self, body: str, title: str | None) -> str | None:
        """The article's subject system: the one its text names most often, or the one system its title names when the
        text names that one at least half as often (the title breaks a tie too). Sets ``sole`` when the text names the
        subject at least twice as often as all the systems it does not only set against."""
        spans = mention_spans(body, self.systems)
        kept = self._one_thing(body, [(start, system_id) for start, _, system_id in spans], {})
        counts: dict[str, int] = {}
        for _, system_id in kept:
            counts[system_id] = counts.get(system_id, 0) + 1
        ranked = sorted(counts.items(), key=lambda item: -item[1])
        # An article about one system: it names it at least twice as often as all the others together, those it is only
        # set against ("China's answer to the Hopper, Ponte Vecchio, and CDNA2") left out.
        kept_at = {pos for pos, _ in kept}
        set_against = _set_against(body, [span for span in spans if span[0] in kept_at])
        against = {sid for sid in counts if all(pos in set_against for pos, other in kept if other == sid)}
        others = sum(n for sid, n in ranked[1:] if sid not in against)
        self.sole = ranked[0][0] if ranked and ranked[0][0] not in against and ranked[0][1] >= 2 * others else None
        if not ranked:
            return None
        top = ranked[0][1]
        titled = {sid for _, sid in mentions(title or "", self.systems)}
        if len(titled) == 1 and 2 * counts.get(only := next(iter(titled)), 0) >= top > counts.get(only, 0):
            # The one system a title names, which the text names about as often as any ("Google Unveils Ironwood, ...",
            # beside a text that names Trillium once more), is the one the article is about.
            return only
        if len(ranked) == 1 or top > ranked[1][1]:
            return ranked[0][0]
        tied = {sid for sid in titled if counts.get(sid) == top}  # the title breaks a tie
        return tied.pop() if len(tied) == 1 else None

    def _only_sole(self, context: str) -> bool:
        """Whether a paragraph names no system but the one the article is about, things no reader can pin down, and
        systems it only compares with (after "than", "compared with", "versus", a verb of winning)."""
        compared_until = -1  # where the last name compared with ends: a name right after it is of the same thing ("Ampere" A100)
        for pos, end, sid in mention_spans(context, self.systems):
            if _STRONG_VERSUS.search(_QUOTES.sub("", context[max(0, pos - _REACH):pos])) or (
                    compared_until >= 0 and not _QUOTES.sub("", context[compared_until:pos]).strip()):
                compared_until = end
            elif sid != self.sole and sid not in self.vague:
                return False
            else:
                compared_until = -1
        return True

    def _before_colon(self, lead: str) -> str | None:
        """The system a lead-in ends on, before its colon and perhaps a word or two of its kind ("... the Wormhole™ Tensix
        Processor:"), or None."""
        return next((sid for _, end, sid in mention_spans(lead, self.systems) if _ENDS_LEAD.fullmatch(lead, end)), None)

    def _makers(self, words: str) -> bool:
        """Whether an actor's words ("BIREN claims") name the maker of the system the article is about: the first word
        of that system's catalog name or alias ("Biren BR100"), itself no name of a system."""
        first = words.split()[0].lower().rstrip("'’s") if words.split() else ""
        return bool(self.sole) and first not in self.systems and any(
            len(name.split()) > 1 and name.split()[0] == first for name, sid in self.systems.items() if sid == self.sole)

    def only_compared(self, text: str, named: list[tuple[int, str]]) -> bool:
        """Whether a text names systems (``named``: its mentions) only after words that set them against another ("than
        MI300X", "the same 304 compute units as MI300X")."""
        return bool(named) and all(_STRONG_VERSUS.search(text[max(0, pos - _REACH):pos]) for pos, _ in named)

    def lead_sides(self, candidate: Candidate, lead: str, subject: str | None) -> None:
        """A list item that names no system: its list's lead-in says whose figures these are and against what
        ("Compared to the GB200, Jalapeño offers:"); a lead-in that names no system ("The specifications:")
        introduces the article's subject's figures, with no comparator."""
        named = mentions(lead, self.systems)
        compared = [(pos, sid) for pos, sid in named if _STRONG_VERSUS.search(lead[max(0, pos - _REACH):pos])]
        own = list(dict.fromkeys(sid for pos, sid in named if (pos, sid) not in compared))
        versus = list(dict.fromkeys(sid for _, sid in compared))
        comparing = re.search(r"\b(?:than|compared (?:with|to)|versus|vs\.?|relative to|over)\b", lead, re.I)
        if len(own) == 1:
            candidate.system = own[0]
        elif len(own) > 1 and (ending := self._before_colon(lead)) in own:
            # "The n150s and n300s boards are built using the Wormhole™ Tensix Processor:": the list is of what the colon
            # follows (its name, and perhaps a word or two of its kind).
            candidate.system = ending
        elif not named and subject and not comparing:
            candidate.system = subject
        else:
            candidate.doubts["system"] = "the list's lead-in does not say whose figures these are"
        if candidate.kind == "value":
            return
        if len(versus) == 1 and versus[0] != candidate.system:
            candidate.vs = versus[0]
        elif comparing and not versus:
            candidate.doubts["vs"] = f"the list's lead-in compares with something the catalog does not name: '{lead}'"
        else:
            candidate.doubts["vs"] = "the list's lead-in does not name one comparator"

    def sides(self, candidate: Candidate, reading: Reading, text: str, part_start: int, subject: str | None,
               previous: Candidate | None = None, context: str = "") -> None:
        part_start = past_aside(text, part_start)
        starts: dict[int, int] = {}  # a kept name's position -> where the thing it names starts ("the Blackwell GB200")
        # A name given as the figure's cause ("4x faster transfers thanks to NVLink C2C") is no side of it, nor one that
        # names the links the figure is of ("3 TB/s NVLink bandwidth").
        named = [(pos, sid) for pos, sid in self._one_thing(text, mentions(text, self.systems), starts)
                 if not CAUSE.search(text, 0, pos) and not _links_named(text, reading.end, pos)]
        before = [(pos, sid) for pos, sid in named if pos < reading.start]
        after = [(pos, sid) for pos, sid in named if pos >= reading.end]
        lead = {pos: text[max(0, starts.get(pos, pos) - _REACH):starts.get(pos, pos)] for pos, _ in named}  # the words before it
        compared = [(pos, sid) for pos, sid in named if _STRONG_VERSUS.search(lead[pos])]
        strongly = list(compared)
        if not compared:
            compared = [(pos, sid) for pos, sid in named if _VERSUS.search(lead[pos][-30:])]
        pronoun = _PRONOUN.search(text.strip()) or _BACK.search(text, 0, reading.start)
        sentence = _Named(named, before, after, compared, strongly, pronoun)
        if candidate.kind == "value":
            self._value_sides(candidate, reading, text, part_start, subject, previous, context, sentence)
        else:
            self._ratio_sides(candidate, reading, text, part_start, subject, sentence)

    def _value_sides(self, candidate: Candidate, reading: Reading, text: str, part_start: int, subject: str | None,
                     previous: Candidate | None, context: str, sentence: _Named) -> None:
        """Whose figure an absolute value is: the system of a change's side, of a parenthesis, of its clause, of the sentence."""
        named, before, after, compared, _, pronoun = sentence
        if _change_side(candidate, reading, text, part_start, sentence):
            return
        if (glossed := self._glossed(text, before, reading)) is not None:
            # "20x more than an H100 server (23,000 tokens/sec)": a value in a parenthesis after a name is that system's.
            candidate.system = glossed
            return
        if (related := self._related(text, before, reading)) is not None:
            # "compared to its predecessor, the MI325X, which had 256GB of memory": a relative clause's value is its name's.
            candidate.system = related
            return
        if (labelled := self._labelled(text, before, reading)) is not None:
            # "(CPU: 37.21ms → NPU: 3.17ms)": a value right after a name and a colon is that system's.
            candidate.system = labelled
            return
        if len({sid for _, sid in named}) < 2 and _paired(text, reading, previous):
            # "It reaches 700 versus 169 for rivals", "The standard and Pro devices differ (350 TOPs vs 400 TOPs)".
            candidate.doubts["system"] = "a figure set against another ('N vs M'): the sentence does not name a system for each side"
            return
        # A system named just after the figure is its owner ("N on the H100"), unless "it" stands before the figure in its
        # clause: "Scale it up to 4.5 watts, and it could match desktop GPUs" is not the GPUs' figure.
        it_before = bool(_IT.search(text, part_start, reading.start)) and not before
        own = [sid for pos, sid in before if pos >= part_start] or ([] if it_before else [
            sid for pos, sid in after if pos < reading.end + 60 and ((pos, sid) not in compared or _RAN_ON.search(text, 0, pos))
            and not _THAN.search(text, reading.end, pos)])  # "N is higher than X's system using the H100": not the H100's
        if len({*own}) > 1:
            # "Blackhole Galaxy systems mesh together 32 Blackhole accelerators for nearly 24 petaFLOPS": a system counted
            # before its name is the parts the other is built of, not the figure's owner.
            uncounted = [sid for pos, sid in before if pos >= part_start and not _COUNTED.search(text, 0, pos)]
            if len({*uncounted}) == 1 and len(uncounted) < len([pos for pos, _ in before if pos >= part_start]):
                own = uncounted
        own_at = [pos for pos, sid in named if sid in own]
        if len({*own}) == 1 and any(_apart(text, pos, reading) for pos in own_at):
            # "The chip delivers N, while the GB200 ...", "Jalapeño's predecessor reached N", "X replaces a chip that reached N".
            candidate.doubts["system"] = f"{own[0]} is named, but the words between it and the figure may give the figure to something else"
        elif len({*own}) == 1:
            candidate.system = own[0]
        elif not own and coordinated_after(previous, text, reading, named):
            # "X delivers N tokens per second for A and M tokens per second for B": M is X's too.
            candidate.system = previous.system  # type: ignore[union-attr]
        elif not own and _aside_of(previous, candidate, text, reading, named):
            # "80GB of HBM (up to 96GB in some configurations)": the aside gives another figure of the same thing.
            candidate.system, candidate.aside = previous.system, True  # type: ignore[union-attr]
        elif not own and (_MODIFIER.match(text, part_start) or _SHARED_VERB.match(text, part_start)) and (
                opening := _opening_subject(text, named)) and all((pos, sid) in compared or _COUNTED.search(text, 0, pos) for pos, sid in before[1:]):
            # "X is 3x faster than Y, reaching 90 ms ...", "Each X pod links N chips, in a torus connected by 4,800 Gbps",
            # "X packs 144 Y chips per rack, and offers N": a participle, a preposition or a verb after "and" (no subject
            # of its own) says more of the sentence's subject, when every other system named before it is a comparator
            # or counted (a part of it).
            candidate.system = opening
        elif not own and (lead_owner := _colon_lead(text, reading.start, named, sentence.strongly)) is not None:
            # "Five models benchmarked on the Google Coral USB Accelerator: MobileNetV1 runs in 3.9 ms, ...": what the
            # colon leads into is of the one system named before it.
            candidate.system = lead_owner
        elif not own and pronoun and (ran_on := _counted_in_opening(text, named)):
            # "On a single node with 8 MI355X units, it reached N": the pronoun's system is the one the run's units are of.
            candidate.system = ran_on
        elif pronoun and subject and self.back and all((pos, sid) in compared and sid != subject for pos, sid in named) \
                and not (subject in self.parts and _WHOLE.search(text, 0, reading.start)):
            # "it", "the chip": the article's subject, when every system the sentence names is a comparator.
            candidate.system = subject
        elif not named and self.sole and self._only_sole(context) \
                and not (self.sole in self.parts and _WHOLE.search(text, 0, reading.start)) \
                and not _COMPARING.search(text, (listed := _listed_from(text, reading.start)), reading.start) \
                and not any(not self._makers(found.group()) for found in _ANOTHERS.finditer(text, listed, reading.start)):
            # A sentence that names no system, in a paragraph that names none but the system the article is about (and
            # perhaps things no reader can pin down, "Nvidia GPUs"): a
            # figure before any word of comparison, and with no other actor before it, is that system's ("A record
            # 2,500 tokens per second, 2.5x faster than Nvidia's benchmark of 1,000": the 1,000 is another's). Figures
            # listed after a colon are read from it: "These are vendor claims, but they're backed by a pitch: a 750 W
            # envelope, 216 GB of HBM3e": the contrast and the pronoun are of the claims, not of the figures. The system's
            # maker, named as its catalog name begins ("BIREN claims up to 256 TFLOP/s" of the Biren BR100), is no other
            # actor, and a system the paragraph names only as what is compared with ("... faster than Nvidia's A100") owns
            # none of its figures.
            candidate.system = self.sole
        elif len({sid for _, sid in named}) == 1 and not compared and not it_before and not any(
                _apart(text, pos, reading) or _THAN.search(text, reading.end, max(pos, reading.end)) for pos, _ in named):
            candidate.system = named[0][1]
        else:
            candidate.doubts["system"] = "which system this figure belongs to is not certain"

    def _ratio_sides(self, candidate: Candidate, reading: Reading, text: str, part_start: int, subject: str | None,
                     sentence: _Named) -> None:
        """Which system a ratio is of and against: the sides of a change, a comparator in reach, the clause's subject."""
        named, before, after, compared, _, pronoun = sentence
        if (span := _FROM_TO.search(text, reading.end)) and re.fullmatch(r"[^\d,;:()]*", text[reading.end:span.start()]):
            # "a 50% bump in memory from 96GB on A to 144GB on B": B's lead over A, when each side names one system.
            sides_named = [{sid for pos, sid in named if span.start(side) <= pos < span.end(side)} for side in ("first", "second")]
            if all(len(found) == 1 for found in sides_named) and sides_named[0] != sides_named[1]:
                candidate.vs, candidate.system = (found.pop() for found in sides_named)
                return
        # A comparator named before the figure counts in its own clause ("beats the GB200 by 2x"), in a phrase that
        # opens the sentence ("Compared with v4, ...") or for a clause that names no subject of its own ("leads the GB200
        # by 1.8x on A and 2.1x on B"); one in another clause with its own subject may be another figure's ("A was 2x
        # faster than B, and C is 3x faster").
        part_end = clause(text, reading.start, reading.end)[1]
        later = [sid for pos, sid in compared if pos >= reading.end]
        own_clause = [sid for pos, sid in compared if reading.end <= pos < part_end]  # "2x faster than A in X, and 3x faster than B"
        own_subject = any(pos >= part_start and (pos, sid) not in compared for pos, sid in before)
        versus = (own_clause if len(set(later)) > 1 and len(set(own_clause)) == 1 else later) or [
            sid for pos, sid in compared if pos >= part_start or not own_subject or (_FRONTED.match(text) and pos < text.find(",") and ";" not in text[:part_start])]
        # "the performance of the H100 based on the Hopper architecture": a comparator and its family are one comparator.
        versus = [sid for sid in versus if not any(self.members.get(other) == sid for other in versus)] or versus
        if not versus and compared:
            candidate.doubts["vs"] = "the comparator is named before the figure, in another clause"
        elif _ITSELF.search(text, reading.end):
            candidate.doubts["vs"] = "compared with itself ('than it was ...'): under which conditions?"
        subjects = [sid for pos, sid in before if (pos, sid) not in compared]
        in_clause = [sid for pos, sid in before if pos >= part_start and (pos, sid) not in compared]
        if len(set(in_clause)) == 1 and not self._coordinated(text, before, in_clause[0]):
            subjects = in_clause
        if not subjects and compared:
            # "2x faster on H100 than on MI300X": the system after the figure, before the comparator, on which it ran.
            first = min(pos for pos, _ in compared)
            subjects = [sid for pos, sid in after if pos < first and re.search(r"\b(?:on|with)\s+(?:the\s+)?$", text[max(0, pos - 12):pos], re.I)]
        if not subjects and (pronoun or not before) and subject and subject not in versus:
            subjects = [subject] if pronoun else []
        if len(set(versus)) == 1 and len(set(subjects)) == 1 and versus[0] != subjects[0]:
            candidate.system, candidate.vs = subjects[-1], versus[0]
            return
        if candidate.doubts.get("vs"):
            candidate.system = subjects[-1] if len(set(subjects)) == 1 else None
            if candidate.system is None:
                candidate.doubts["system"] = AHEAD
            return
        distinct = list(dict.fromkeys(sid for _, sid in named))
        if len(distinct) == 2 and not compared and _RATIO_WORDS.search(text):
            # "A single H200 generates N, meaning B200 is 2.5 times faster": the system in the figure's clause is ahead.
            ahead = in_clause[0] if len(set(in_clause)) == 1 else distinct[0]
            candidate.system, candidate.vs = ahead, next(sid for sid in distinct if sid != ahead)
            candidate.doubts["vs"] = "the sentence names two systems but no 'than' or 'compared with'"
            if len(set(in_clause)) != 1 and any(sid != ahead for _, sid in after):
                # "X claims 5x faster inference with its Y chip": the other system, after the figure, may be what ran it.
                candidate.doubts["system"] = "the sentence names two systems, the other after the figure: which one is ahead?"
            return
        candidate.system = subjects[-1] if len(set(subjects)) == 1 else None
        candidate.vs = versus[0] if len(set(versus)) == 1 else None
        if candidate.system is None:
            candidate.doubts["system"] = AHEAD
        if candidate.vs is None:
            candidate.doubts["vs"] = "the sentence does not name one comparator"

    def _related(self, text: str, before: list[tuple[int, str]], reading: Reading) -> str | None:
        """The system whose name a relative clause holding this value follows: "the MI325X, which had 256GB"."""
        return self._named_then(text, before, reading, _RELATIVE)

    def _labelled(self, text: str, before: list[tuple[int, str]], reading: Reading) -> str | None:
        """The system whose name, and a colon, stand right before this value: "CPU: 37.21ms", "NPU: 3.17ms"."""
        return self._named_then(text, before, reading, _LABEL_COLON)

    def _named_then(self, text: str, before: list[tuple[int, str]], reading: Reading, between: re.Pattern[str]) -> str | None:
        """The system named last before a value, when only ``between`` stands between its name and the value."""
        if not before:
            return None
        pos, system_id = before[-1]
        name = max((n for n in self.systems if text.lower().startswith(n, pos)), key=len, default="")
        return system_id if name and between.fullmatch(text, pos + len(name), reading.start) else None

    def _glossed(self, text: str, before: list[tuple[int, str]], reading: Reading) -> str | None:
        """The system whose name (and a noun or two after it) a parenthesis holding only this value follows: "an H100
        server (23,000 tokens/sec)", "8x B200 (45,000 tok/s)"."""
        if not _CLOSED.match(text, reading.end):
            return None
        return self._named_then(text, before, reading, _GLOSS)

    def _one_thing(self, text: str, named: list[tuple[int, str]], starts: dict[int, int]) -> list[tuple[int, str]]:
        """Two names with only a space between name one thing (quote marks around one aside: '"Ampere" A100'): the one that
        belongs to a family (a chip), when the other belongs to none (a line, a platform or a common noun: "DGX H100",
        "Blackwell B200", "H100 GPUs"). ``starts``
        gets, for a kept name after the one dropped, where the thing starts: the words before it are before the pair.
        A name no reader can pin down, owned by the name before it ("Eos's GPUs"), is that system's devices: one thing too."""
        kept = list(named)
        for first, second in pairwise(named):
            name = max((n for n in self.systems if text.lower().startswith(n, first[0])), key=len, default="")
            if name and second[1] in self.vague and first[1] not in self.vague and _POSSESSIVE.fullmatch(text, first[0] + len(name), second[0]):
                _drop(kept, second)
                continue
            if name and first[1] == second[1] and re.fullmatch(r"\s*\(\s*", text[first[0] + len(name):second[0]]):
                _drop(kept, second)  # "TPU v6 (Trillium)": the name the parenthesis gives it is the same thing again
                continue
            if first[1] == second[1] or not name or not _QUOTES.sub("", text[first[0] + len(name):second[0]]).isspace():
                continue
            chips = [side for side in (first, second) if side[1] in self.members]
            if len(chips) == 1:
                _drop(kept, first if chips[0] == second else second)  # a name between two others may be dropped by either pair
                if chips[0] == second:
                    starts[second[0]] = starts.get(first[0], first[0])
        if self.members:
            # "B200 (based on Blackwell architecture): ...": a family named in a parenthesis after one of its members is
            # that member's; named apart ("per Blackwell Ultra GPU ..., over the 12,022 per Blackwell GPU") it is another.
            members = [(pos, sid) for pos, sid in kept if sid in self.members]
            kept = [(pos, sid) for pos, sid in kept if not any(
                self.members[member] == sid and member_pos < pos and _IN_PARENTHESIS.fullmatch(text, member_pos, pos)
                for member_pos, member in members)]
        return kept

    def _coordinated(self, text: str, before: list[tuple[int, str]], system_id: str) -> bool:
        """Whether the system named last before the figure is coordinated with another ("A and B both offer 2x")."""
        pos = max(pos for pos, sid in before if sid == system_id)
        for other, _ in before:
            if other < pos:
                name = max((n for n in self.systems if text.lower().startswith(n, other)), key=len, default="")
                if re.fullmatch(r"\s*(?:,|and|or|&)\s*(?:the\s+)?", text[other + len(name):pos], re.I):
                    return True
        return False


def from_to(text: str, reading: Reading) -> tuple[str, int, int] | None:
    """For a figure in a change "from N ... to M ...": which side it stands on ("from" or "to"), where the words of
    its side end, and where "from" starts (a system named before it is the subject of the change); else None."""
    for change in _FROM_TO.finditer(text):
        if change.start("first") <= reading.start < change.end("first"):
            return "from", change.end("first"), change.start()
        if change.start("second") <= reading.start < change.end("second") and not re.search(r"\d", text[change.start("second"):reading.start]):
            return "to", change.end("second"), change.start()
    start = _FROM_ALONE.search(text, 0, reading.start)
    if start is not None:
        # "up from 96GB", "grew 50% from 96GB": the figure a change started from.
        stop = re.compile(r"[,;:()]|\s(?:to|and|but|while|whereas)\s").search(text, reading.end)
        return "from", stop.start() if stop else len(text), start.start()
    return None


def past_aside(text: str, part_start: int) -> int:
    """Where a figure's clause starts when a parenthesis closed just before it is an aside within the clause ("Each X
    offers 512 TFLOPS (FP8) at 180W", "operating at a Thermal Design Power (TDP) of 180W"): the clause the parenthesis
    stands in."""
    closed = re.search(r"\)\s*$", text[:part_start])
    if closed is None:
        return part_start
    opened = text.rfind("(", 0, closed.start())
    return part_start if opened < 0 or ")" in text[opened:closed.start()] else clause(text, opened, opened)[0]


def _listed_from(text: str, start: int) -> int:
    """Where the enumeration a figure stands in starts: just after the last colon before it, if any ("... a system pitch:
    a 750 W SoC envelope, 216 GB of HBM3e, ..."), else the sentence's start."""
    colon = text.rfind(":", 0, start)
    return colon + 1 if colon >= 0 and not re.match(r"\d", text[colon + 1:colon + 2]) else 0


#: Words that set what follows against the sentence's subject, and what joins the names of a list of them.
_SET_AGAINST = re.compile(r"\b(?:than|compared (?:with|to)|versus|vs\.?|against|relative to|(?:answer|rival|alternative|challenger)s?\s+to)\s+"
                          r"(?:the\s+|an?\s+)?(?:[A-Z][\w-]*['’]s\s+)?$", re.I)
_LISTED_WITH = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?:the\s+)?")


def _set_against(text: str, spans: list[tuple[int, int, str]]) -> set[int]:
    """Where the names stand (of ``spans``: start, end, id) that the text sets against another ("than the H100", "an
    answer to the Hopper, Ponte Vecchio, and CDNA2": each name of the list)."""
    found: set[int] = set()
    previous_end = -1
    for pos, end, _ in spans:
        if _SET_AGAINST.search(text, max(0, pos - 40), pos) or (previous_end >= 0 and _LISTED_WITH.fullmatch(text, previous_end, pos)):
            found.add(pos)
            previous_end = end
        else:
            previous_end = -1
    return found


def _colon_lead(text: str, start: int, named: list[tuple[int, str]], compared: list[tuple[int, str]]) -> str | None:
    """The one system the part of a sentence before its colon names, when a figure at ``start`` stands after the colon
    and no other system is named after it but as a comparator; else None."""
    colon = text.rfind(": ", 0, start)
    if colon < 0 or ":" in text[:colon]:
        return None
    leading = {sid for pos, sid in named if pos < colon and (pos, sid) not in compared}
    after = [(pos, sid) for pos, sid in named if pos > colon and (pos, sid) not in compared]
    return leading.pop() if len(leading) == 1 and not after else None


def _change_side(candidate: Candidate, reading: Reading, text: str, part_start: int, sentence: _Named) -> bool:
    """For a value in a change ("from 96GB on A to 144GB on B"), set its system (or a doubt) and say True; else False.
    Each figure is the system's named in its own side; the figure after "to" may be the subject's that changes ("X grows
    from 96GB to 144GB"), the one after "from" never."""
    if (change := from_to(text, reading)) is None:
        return False
    side, stop, subject_end = change
    own = list(dict.fromkeys(sid for pos, sid in sentence.named if reading.end <= pos < stop and (pos, sid) not in sentence.strongly))
    if not own and side == "to":
        own = list(dict.fromkeys(sid for pos, sid in sentence.before if part_start <= pos < subject_end and (pos, sid) not in sentence.strongly))
    if len(own) == 1:
        candidate.system = own[0]
    else:
        candidate.doubts["system"] = f"a figure of a change ('from ... to ...'): whose figure the '{side}' side is, the text does not say"
    return True


def _apart(text: str, pos: int, reading: Reading) -> bool:
    """Whether the words between a system's name at ``pos`` and a figure keep the figure from that system: a contrast
    ("..., while the GB200", "Unlike the GB200, ..."), the name as the possessor of another thing ("X's predecessor"), or a relative clause of
    another noun ("X replaces a chip that reached N")."""
    if _UNLIKE.search(text, 0, pos):
        return True  # "Unlike the GB200, it reaches N", "Unlike Nvidia GPUs that ...": the name is what the figure is set against
    if pos >= reading.end:
        return bool(_CONTRAST.search(text, reading.end, pos))
    between = text[pos:reading.start]
    said_to_be = _SAID_TO_BE.match(between)
    other_clause = _OTHER_CLAUSE.search(between, said_to_be.end() if said_to_be else 0)
    return bool(_CONTRAST.search(between) or _OTHER_THING.match(between) or other_clause)


def coordinated_after(previous: Candidate | None, text: str, reading: Reading, named: list[tuple[int, str]]) -> bool:
    """Whether a value figure is coordinated with the value before it ("N ... and M ..."), with no system named
    between them or after it in the sentence, and not set against it ("N against M" gives M to another side)."""
    if previous is None or previous.kind != "value" or previous.system is None or "system" in previous.doubts:
        return False
    between = text[previous.end:reading.start]
    if SECOND_SIDE.search(between) or re.search(r"\b(?:while|whereas|but|than)\b", between, re.I) or not re.search(r"\band\b|,", between):
        return False
    return not any(pos >= previous.end for pos, _ in named if not _VERSUS.search(text[max(0, pos - 30):pos]))



def _aside_of(previous: Candidate | None, candidate: Candidate, text: str, reading: Reading, named: list[tuple[int, str]]) -> bool:
    """Whether a value figure opens a parenthetical right after a value of the same metric ("80GB of HBM (up to
    96GB ...)"), with only a hedge or "or" before it in the parenthesis and no system named from there on."""
    if previous is None or previous.kind != "value" or previous.system is None or previous.doubts or previous.metric != candidate.metric:
        return False
    if not _ASIDE.fullmatch(text, previous.end, reading.start):
        return False
    return not any(pos >= previous.end for pos, _ in named)


def _opening_subject(text: str, named: list[tuple[int, str]]) -> str | None:
    """The system a sentence opens with ("The GB300 ...", "Each v5p pod ..."), its grammatical subject; else None."""
    # After at most one word and a comma ("However, ") and a maker's name ("AWS's ").
    # "The new H20 AI GPU ...": a word of its newness between the article and the name.
    if named and re.fullmatch(r"(?:\w+,\s+)?(?:(?:the|each|every|an?|its)\s+)?(?:(?:new|latest|upcoming|current)\s+)?(?:(?-i:[A-Z])[\w-]*['’]s\s+)?",
                              text[:named[0][0]], re.I):
        return named[0][1]
    return None


def _counted_in_opening(text: str, named: list[tuple[int, str]]) -> str | None:
    """The one system counted in a phrase that opens the sentence and sets its scene ("On a single node with 8 MI355X
    units, it ..."), when that phrase names no other system; else None."""
    opening = re.match(r"(?:on|in|at|with|under|using)\b[^,]{0,60},\s", text, re.I)
    if opening is None:
        return None
    inside = {sid for pos, sid in named if pos < opening.end()}
    counts = list(COUNT_BEFORE_NAME.finditer(text, 0, opening.end()))
    counted = {sid for pos, sid in named if any(m.end() == pos for m in counts)}
    return counted.pop() if len(counted) == 1 and inside == {*counted} else None


def _paired(text: str, reading: Reading, previous: Candidate | None) -> bool:
    """Whether a value figure is set against another value of its sentence ("350 TOPs vs 400 TOPs", "700 against 169")."""
    if previous is not None and previous.kind == "value" and _AGAINST_PREVIOUS.fullmatch(text, previous.end, reading.start):
        return True
    return bool(_AGAINST_NEXT.match(text, reading.end))


def _drop(kept: list[tuple[int, str]], name: tuple[int, str]) -> None:
    if name in kept:
        kept.remove(name)
