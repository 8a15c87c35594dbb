"""Catalog names as writers spell them, found in a text and blanked out of it.

A name's words may be joined by a space, a hyphen or an underscore, a word and a number may be run together ("Llama2
70B"), and a memory size's number and unit may be split ("Orin Nano 8 GB"). Blanking the names that hold digits ("GPT-OSS
120B", "AI HAT+ 2") keeps their digits from being read as figures: the drafter does so before reading a sentence, and
the quote check before asking whether a claim's figure is written in its quote.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable

#: Where a name's words meet: a space or a hyphen, written either way ("Llama3.1-8B", "Llama 3.1 8B"); a hyphen may be
#: typeset as a non-breaking hyphen or a dash (U+2010 to U+2013).
_NAME_JOINT = re.compile(r"[\s-]+")
_JOINT = r"[\s\-_\u2010-\u2013]"  # "Llama 70B", "Llama-70B", and as code writes a name, "llama_70b"


def name_pattern(name: str) -> str:
    """A regex for a catalog name as writers spell it: a space and a hyphen between its words are the same joint,
    and a joint between a word and a number may be left out ("Llama2 70B" for "Llama 2 70B"); a joint between
    two numbers may not ("Llama 2 70B" is not "Llama 270B")."""
    words = _NAME_JOINT.split(name.strip())
    pattern = _word_pattern(words[0])
    for before, after in itertools.pairwise(words):
        optional = before[-1:].isalpha() != after[:1].isalpha() and (before[-1:].isalnum() and after[:1].isalnum())
        pattern += _JOINT + ("?" if optional else "") + _word_pattern(after)
    return pattern


#: A memory size inside a name's word ("8GB" of "Jetson Orin Nano 8GB"), which writers also split ("8 GB").
_SIZE_IN_WORD = re.compile(r"(?<=\d)(?=[KMGT]B\b)", re.I)


def _word_pattern(word: str) -> str:
    """One word of a name as a regex: as written, with a joint allowed between a memory size's number and its unit."""
    return (_JOINT + "?").join(re.escape(part) for part in _SIZE_IN_WORD.split(word))


@functools.lru_cache(maxsize=8192)
def name_regex(name: str, after: str) -> re.Pattern[str]:
    """A catalog name as a whole word, compiled once: an article is searched for every name thousands of times, and
    more names than the ``re`` module's own cache holds are looked for."""
    return re.compile(rf"(?i)(?<![\w-]){name_pattern(name)}{after}")


#: What may follow a name that is blanked out: no word character, no decimal part ("Llama 3" is not blanked in "Llama 3.1").
_MASK_END = r"(?![\w]|\.\d)"


def mask(text: str, names) -> str:
    """Blank out catalog names ("GPT-OSS 120B", "Kimi K2.5") so their digits are not figures."""
    for name in _with_digits(tuple(names)):
        text = name_regex(name, _MASK_END).sub(lambda m: "#" * len(m.group()), text)
    return text


@functools.lru_cache(maxsize=64)
def _with_digits(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names that hold a digit, longest first: chosen once for a catalog, not once for every text masked."""
    return tuple(name for name in sorted(set(names), key=len, reverse=True) if any(ch.isdigit() for ch in name))


@functools.lru_cache(maxsize=1024)
def _any_name(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regex for every name that holds a digit, longest first, compiled once for each set of names the quote
    check asks for (those that hold a claim's number)."""
    with_digits = _with_digits(names)
    if not with_digits:
        return None
    return re.compile(rf"(?i)(?<![\w-])(?:{'|'.join(f'(?:{name_pattern(name)})' for name in with_digits)}){_MASK_END}")


def blank_names(text: str, names: Iterable[str]) -> tuple[str, list[str]]:
    """The text with every catalog name that holds a digit blanked out, and the names as the text writes them."""
    pattern = _any_name(tuple(sorted(set(names))))
    if pattern is None:
        return text, []
    found: list[str] = []

    def blank(match: re.Match[str]) -> str:
        found.append(match.group())
        return "#" * len(match.group())

    return pattern.sub(blank, text), found
