"""A figure a later sentence of its paragraph points back at to say what it was measured under.

"These instances ... can scale up to 83.2 peak petaflops of compute. ... The 83.2 petaflops value is for FP8 with
sparse models.": the second sentence names the first one's figure ("The 83.2 petaflops value") and says what it is
for; the conditions it states (`at`, read from its own clause) are the first figure's. The first figure's sentence
must state no condition word of its own, and every other condition word of the paragraph must be one the pointing
sentence states or stand beside a figure of its own ("20.8 petaflops are for dense models"): one said on its own ("The
test used eight GPUs.") may be the first figure's too, and leaves its `at` to the reader.
"""

from __future__ import annotations

import re

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.conditions import CONDITION, settled_by
from jalapeno_audit.authoring.sentences import Sentence
from jalapeno_audit.text.figures import read_figures
from jalapeno_audit.text.names import mask

#: What points back at a figure said before: a determiner right before it ("The 83.2 petaflops value"), or a
#: demonstrative, a word for a figure and "of" ("these performance numbers of 20.8 petaflops").
_POINTER = re.compile(r"\b(?:the|this|that|these|those)\s+(?:(?:[a-z-]+\s+)?(?:numbers?|figures?|values?|results?)\s+of\s+)?$",
                      re.I)
#: After the figure, in its clause: a verb saying what it is for ("... value is for FP8", "... are for dense models").
_IS_FOR = re.compile(r"[^.;,]*?\b(?:is|are|was|were)\s+(?:for|at|in|with|measured|based)\b", re.I)
#: The doubt ``conditions`` writes for a condition word said in the paragraph only.
_PARAGRAPHS = "its paragraph says"


def pointed_back(found: list[Candidate], every: list[Sentence], names: list[str]) -> None:
    """Give each value whose `at` only its paragraph left open the `at` of a later sentence of that paragraph that points
    back at it (the same figure, unit and metric) and says what it is for. ``every`` are the article's sentences;
    ``names`` the catalog's names, blanked out before condition words are looked for."""
    for later in found:
        if later.kind != "value" or not later.at or "at" in later.doubts or not _POINTER.search(later.quote, 0, later.start) \
                or not _IS_FOR.match(later.quote, later.end):
            continue
        for earlier in found:
            if earlier.paragraph == later.paragraph and earlier.sentence < later.sentence and earlier.kind == "value" \
                    and (earlier.figure, earlier.unit, earlier.metric) == (later.figure, later.unit, later.metric) \
                    and earlier.doubts.get("at", "").startswith(_PARAGRAPHS) and not CONDITION.search(mask(earlier.quote, names)) \
                    and _others_settled(every, earlier, later, names):
                earlier.at = dict(later.at)
                del earlier.doubts["at"]


def _others_settled(every: list[Sentence], earlier: Candidate, later: Candidate, names: list[str]) -> bool:
    """Whether each condition word of the paragraph's other sentences is one the pointing sentence states, or stands in
    a sentence that holds a figure of its own."""
    for number, sentence in enumerate(every):
        if sentence.paragraph != earlier.paragraph or number in (earlier.sentence, later.sentence):
            continue
        masked = mask(sentence.text, names)
        words = [match.group() for match in CONDITION.finditer(masked)]
        if any(not settled_by(word, later.at) for word in words) and not any(reading.label for reading in read_figures(masked)):
            return False
    return True
