"""Escaping quoted text for each output format: sources must never inject markup."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~#!{}])")
_NEWLINES = re.compile(r"\s*[\r\n]+\s*")


def markdown(text: str) -> str:
    """Inline Markdown: HTML escaped, Markdown punctuation backslashed, line breaks folded.

    The result is safe inside a table cell too: pipes are escaped and no line break survives.
    """
    text = _NEWLINES.sub(" ", text)
    text = html.escape(text, quote=False)
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def code(text: str) -> str:
    """Inline code: a backtick fence longer than any run of backticks inside."""
    text = _NEWLINES.sub(" ", text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    padded = f" {text} " if text.startswith("`") or text.endswith("`") else text
    return f"{fence}{padded}{fence}"


def url(link: str) -> str | None:
    """A link target safe inside Markdown's (...), or None for anything but http(s)."""
    if not re.match(r"(?i)https?://", link):
        return None
    return quote(link.strip(), safe="/:?#@!$&'*+,;=%~-._")


def github_data(text: str) -> str:
    """The message part of a workflow command (after ::)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def github_property(text: str) -> str:
    """A property value of a workflow command (file=, title=)."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


# Control characters (C0, DEL, C1), and the bidirectional overrides and isolates that reorder
# what a reader sees (U+202A-U+202E, U+2066-U+2069), plus zero-width marks that hide them.
_INVISIBLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")
_LINE_BREAKS = re.compile(r"[\r\n\t]+")


def _visible(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal(text: str) -> str:
    """One line of plain text for a terminal or log: no control sequence, no bidi trick, no line break."""
    return _INVISIBLE.sub(_visible, _LINE_BREAKS.sub(" ", text))
