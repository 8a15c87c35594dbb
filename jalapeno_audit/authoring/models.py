"""The model a figure was measured on: named in its clause or sentence, or carried from earlier in its paragraph."""

from __future__ import annotations

import re

from jalapeno_audit.authoring.candidate import Candidate
from jalapeno_audit.authoring.sentences import Sentence, mentions

_WHICH = re.compile(r"\s*which\b", re.I)
#: A model the text names without a catalog name ("the largest 405B model", "a 70-billion-parameter model", "the
#: model"), in a text whose catalog names are blanked out: the figure's model is one the drafter cannot identify.
UNRESOLVED_MODEL = re.compile(
    r"(?<![\w#.-])\d+(?:\.\d+)?\s?(?:[BMT]|billion|trillion)(?:[- ]param(?:eter)?s?)?(?:[- ](?:[a-z]+[- ]){0,2}?)?\s*models?\b|"
    r"\b(?:the|this|that|each|every|its|their|a|an)\s+(?:[a-z-]+\s+){0,2}?models?\b(?!\s+(?:numbers?|names?|years?)\b)", re.I)
#: A phrase that opens a sentence on a workload named with a number the catalog does not know ("On GPTJ-99, ...",
#: "For ResNet-50, ..."); catalog names are blanked out before it is looked for.
_WORKLOAD = re.compile(r"(?:^|(?<=[.!?:;]\s))(?:On|For|In|With)\s+(?P<name>(?-i:[A-Z])[\w.-]*\d[\w.-]*)\s*,")
#: A sentence that opens by pointing back at the figures before it ("These results are similar to ...").
_BACK_REFERENCE = re.compile(r"(?:these|those|this|that|such)\s+(?:results?|figures?|numbers?|scores?|speeds?)\b", re.I)
#: A mention with a size ("405B model") names a model of its own; "the model" may be the one named before it.
_SIZED = re.compile(r"\d")
#: A catalog name (blanked out) followed by a size the name does not hold ("Llama 3.1 40B" where the catalog knows
#: "Llama 3.1" and "Llama 3.1 405B"): a model the catalog does not know, not the family the name before it is.
_SIZE_AFTER_NAME = re.compile(r"#{2,}[ -]\d+(?:\.\d+)?\s?[BMT]\b")


def read_model(candidate: Candidate, sentence: Sentence, masked: str, part: tuple[int, int], models: dict[str, str],
               model_bound: bool, context: str = "") -> None:
    """Set the candidate's model (or models), or mark it doubtful.

    A model named in the figure's clause wins, then one named in its sentence (for a metric that depends on the model:
    "500K tokens/sec on Llama 70B and 144GB of HBM3E" gives the memory no model); a sentence that names none takes
    the one its paragraph named before, for a metric that depends on the model. A model the text mentions
    without a catalog name ("On the largest 405B model, ...") is not one the drafter can identify: the model is
    left to the reader, and no model from earlier in the paragraph is carried over it; nor is a figure drafted with
    no model when its sentence or paragraph (``context``, catalog names blanked out) opens on a workload the catalog
    does not name ("On GPTJ-99, Gaudi 2 shines even more").
    """
    text = sentence.text
    in_part = list(dict.fromkeys(mid for _, mid in mentions(text[part[0]:part[1]], models)))
    in_sentence = list(dict.fromkeys(mid for _, mid in mentions(text, models)))
    sized = [match for match in UNRESOLVED_MODEL.finditer(masked) if _SIZED.search(match.group())]
    sized += _SIZE_AFTER_NAME.finditer(masked)
    unresolved = sized or ([] if in_sentence or sentence.paragraph_models else list(UNRESOLVED_MODEL.finditer(masked)))
    if len(in_part) == 1 and not any(part[0] <= match.start() < part[1] for match in sized):
        candidate.model = in_part[0]
    elif unresolved and model_bound:
        candidate.doubts["model"] = f"the text says '{text[unresolved[0].start():unresolved[0].end()]}', which names no model in the catalog"
    elif len(in_sentence) == 1 and model_bound:
        candidate.model = in_sentence[0]
    elif len(in_sentence) > 1 and candidate.kind == "ratio" and _WHICH.match(text, part[0]) and all(
            pos < candidate.start for pos, _ in mentions(text, models)):
        # "N for A and M for B, which is 20x faster than C": the relative clause covers every model before it.
        candidate.models = in_sentence
    elif len(in_sentence) > 1:
        candidate.doubts["model"] = f"the sentence names {', '.join(in_sentence)}"
    elif sentence.paragraph_models and model_bound:
        carried = list(dict.fromkeys(sentence.paragraph_models))
        if len(carried) == 1:
            candidate.model = carried[0]
        else:
            candidate.doubts["model"] = f"the paragraph names {', '.join(carried)}"
    elif model_bound and (workload := _WORKLOAD.search(masked) or _WORKLOAD.search(context)):
        candidate.doubts["model"] = f"the text speaks of '{workload['name']}', which names no model in the catalog"
    elif model_bound and _BACK_REFERENCE.match(sentence.following) and (later := list(dict.fromkeys(mid for _, mid in mentions(sentence.following, models)))):
        # "B200 produces 10,755 tokens per second. These results ... in the MLPerf Llama 2 70B benchmark": named after it.
        candidate.doubts["model"] = f"the next sentence says these results are on {', '.join(later)}: the model of this figure?"
