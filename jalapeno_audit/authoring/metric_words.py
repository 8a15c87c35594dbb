"""Reading rules for a figure's metric that look at the words around it rather than at its unit.

Each rule is one sentence:

- A phrase is found with a hyphen or a space between its words alike ("performance-per-dollar" is "performance per
  dollar"), and a non-breaking hyphen is a hyphen.
- A phrase that opens a hyphenated compound ("memory-bound", "compute-heavy") qualifies the word after it: it names
  no metric.
- "TBps", "GBps" with a capital B are bytes per second ("TB/s"); "Tbps" with a small b is bits.
- Words of links and fabrics in a figure's own clause ("interconnect", "10 400Gbps links", "scale-up fabric", "AI
  switch") say its bandwidth is not the memory's, whatever memory the sentence speaks of elsewhere.
"""

from __future__ import annotations

import re

#: Hyphens that are hyphens in a phrase: the non-breaking hyphen (U+2011) and the Unicode hyphen (U+2010).
_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-"})
#: A unit written with "ps" for "per second": a capital B is bytes ("TBps" is TB/s); a small b is bits ("Tbps").
_BYTES_PS = re.compile(r"(?P<prefix>[KMGTPE])Bps")
#: Words of the links between chips or systems: a bandwidth in the clause is a link's or a fabric's.
INTERCONNECT_WORDS = re.compile(r"\b(?:interconnects?|links?|fabrics?|scale[- ]?up|scale[- ]?out|NVLink|ICI|InfiniBand|switch(?:es)?)\b",
                                re.I)


def fold_hyphens(text: str) -> str:
    """The text with its hyphens made plain, of the same length (so spans found in it are spans of the text)."""
    return text.translate(_HYPHENS)


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A phrase as found in folded lower-case text: a hyphen or a space between its words alike, standing alone (not
    inside a word) and not opening a hyphenated compound ("memory-bound")."""
    words = [re.escape(word) for word in re.split(r"[ -]+", phrase) if word]
    body = r"[ -]".join(words) if words else re.escape(phrase)
    return re.compile(rf"(?<![\w]){body}(?![\w])(?!-[a-z])")


def bytes_label(label: str) -> str:
    """ "TBps" (a capital B) is "TB/s"; any other label is as written."""
    return f"{match['prefix']}B/s" if (match := _BYTES_PS.fullmatch(label)) else label
