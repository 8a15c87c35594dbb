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
