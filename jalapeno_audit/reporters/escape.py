"""Escaping for each output medium: nothing read from a corpus may act on what displays it.

One function per medium, applied where text leaves the tool: ``terminal`` (the text report),
``error_line`` (load errors and messages on stdout/stderr), ``markdown`` and ``code`` (Markdown
text and code spans), ``github_data`` and ``github_property`` (workflow commands),
``json_document`` (JSON, SARIF, ClaimReview), ``html`` and ``html_document`` (the HTML
report), ``svg_text`` (text handed to the chart library, whose SVG writer escapes it for XML).
Every one of them makes visible, as ``\\x1b`` or
``\\u202e``, what a display would otherwise obey or hide: control characters (ESC and with it
ANSI, OSC 8 links and OSC 52 clipboard writes), bidirectional overrides and isolates that
reorder text, line and paragraph separators, and the lone surrogates that stand for bytes of
a file name that are not UTF-8. ``command_lines`` makes sure no line of a report can be read
as a GitHub workflow command.
"""

from __future__ import annotations

import html as html_lib
import re
from urllib.parse import quote

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~#!{}])")
_NEWLINES = re.compile(r"\s*[\r\n]+\s*")
_BREAKS = re.compile(r"[\r\n\t]+")
#: C0 and C1 controls, DEL, bidi marks/embeddings/overrides/isolates, zero-width characters that
#: hide them, line/paragraph separators, surrogates.
_BEYOND_C0 = "\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff\ud800-\udfff"
_INVISIBLE = re.compile(f"[\x00-\x1f{_BEYOND_C0}]")
#: The same, less C0 controls: ``json.dumps`` escapes those in strings, and outside them they are the layout.
_INVISIBLE_IN_JSON = re.compile(f"[{_BEYOND_C0}]")
#: The same, less line breaks and tabs: the layout of a page.
_INVISIBLE_IN_PAGE = re.compile(f"[\x00-\x08\x0b-\x1f{_BEYOND_C0}]")
_COMMAND_LINE = re.compile(r"^((?:[ \t]|\x1b\[[0-9;]*m)*):(?=:)", re.MULTILINE)


def _show(match: re.Match) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def visible(text: str) -> str:
    """Every control, bidi and separator character, and every lone surrogate, written out."""
    return _INVISIBLE.sub(_show, text)


def terminal(text: str) -> str:
    """Text for the terminal: line breaks and tabs become spaces, the rest of the invisible is written out."""
    if text.isprintable():  # the common case: every character escaped here is unprintable to Python too
        return text
    return visible(_BREAKS.sub(" ", text))


def error_line(text: str) -> str:
    """One line of plain output (an error, a message): line breaks are written out too, so it stays one line."""
    return command_lines(visible(text))


def command_lines(text: str) -> str:
    """No line may start (after spaces or colour codes) with ``::``, a GitHub workflow command."""
    if "::" not in text:  # most reports: nothing to look for, and a large one is not scanned line by line
        return text
    return _COMMAND_LINE.sub(lambda m: m.group(1) + "\\x3a", text)


def markdown(text: str) -> str:
    """Inline Markdown: HTML escaped, Markdown punctuation backslashed, line breaks folded.

    The result is safe inside a table cell too: pipes are escaped and no line break survives.
    """
    text = visible(_NEWLINES.sub(" ", text))
    text = html_lib.escape(text, quote=False)
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def code(text: str) -> str:
    """Inline code: a backtick fence longer than any run of backticks inside."""
    text = visible(_NEWLINES.sub(" ", text))
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    padded = f" {text} " if text.startswith("`") or text.endswith("`") else text
    return f"{fence}{padded}{fence}"


def url(link: str) -> str | None:
    """A link target safe inside Markdown's (...), or None for anything but http(s)."""
    if not re.match(r"(?i)https?://", link):
        return None
    return quote(link.strip(), safe="/:?#@!$&'*+,;=%~-._", errors="surrogateescape")


def github_data(text: str) -> str:
    """The message part of a workflow command (after ::)."""
    return visible(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def github_property(text: str) -> str:
    """A property value of a workflow command (file=, title=)."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


def json_document(text: str) -> str:
    """A serialised JSON document with every invisible character as a ``\\uXXXX`` escape.

    ``json.dumps`` escapes C0 controls only; DEL, C1 controls, bidi overrides and separators
    would reach a terminal that shows the file. Outside strings none of them can occur, so the
    document's meaning is unchanged.
    """
    return _INVISIBLE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def html(text: str) -> str:
    """Text or an attribute value in HTML, inline SVG included: ``& < > " '`` as entities, line breaks folded.

    Nothing escaped this way can open a tag, close an attribute or start a script, in text
    content and in quoted attribute values alike.
    """
    if text.isprintable():  # the common case: line breaks and every character written out are unprintable
        return html_lib.escape(text, quote=True)
    return html_lib.escape(visible(_NEWLINES.sub(" ", text)), quote=True)


def svg_text(text: str) -> str:
    """Text for a chart label: one line, invisible characters written out; the SVG writer escapes it for XML."""
    if text.isprintable():
        return text
    return visible(_NEWLINES.sub(" ", text))


_HTML_COMMAND_LINE = re.compile(r"^([ \t]*):(?=:)", re.MULTILINE)


class GuardedHtml(str):
    """HTML that has been through ``html_document`` (see ``html_lines``): not scanned again."""

    __slots__ = ()


def html_lines(parts) -> GuardedHtml:
    """Parts of a page, each guarded as ``html_document`` guards a page (unless it was already), one after another
    on lines of their own: what guards each part guards the page, for nothing a line break joins can be invisible
    or start a line. The parts of a large page can so be guarded where they are written, in two processes."""
    guarded: list[str] = []
    unguarded: list[str] = []  # consecutive parts not guarded yet: guarded together
    for part in parts:
        if type(part) is GuardedHtml:
            if unguarded:
                guarded.append(html_document("\n".join(unguarded)))
                unguarded = []
            guarded.append(part)
        else:
            unguarded.append(part)
    if unguarded:
        guarded.append(html_document("\n".join(unguarded)))
    return GuardedHtml("\n".join(guarded))


class GuardedUtf8(bytes):
    """The UTF-8 of HTML that has been through ``html_document`` (see ``html_utf8``): joins a page as it is."""

    __slots__ = ()


def html_utf8(parts) -> GuardedUtf8:
    """``html_lines(parts)`` as UTF-8: a part of a large page, encoded where it is written (in either of two processes)."""
    return GuardedUtf8(html_lines(parts).encode("utf-8"))


def html_page(parts) -> bytes:
    """The UTF-8 of ``html_lines`` of the same parts as text, from parts as ``html_lines`` takes them and parts already
    encoded by ``html_utf8``. Joined as bytes, a large page is never one string of tens of millions of characters, made
    and copied and encoded once more in one process (0.4-1.1 s at 100k claims, against 0.05 s for joining its bytes)."""
    encoded: list[bytes] = []
    text: list[str] = []  # consecutive parts not encoded yet: guarded and encoded together
    for part in parts:
        if type(part) is GuardedUtf8:
            if text:
                encoded.append(html_lines(text).encode("utf-8"))
                text = []
            encoded.append(part)
        elif isinstance(part, bytes):
            raise TypeError("bytes join a page only as written by html_utf8")
        else:
            text.append(part)
    if text:
        encoded.append(html_lines(text).encode("utf-8"))
    return b"\n".join(encoded)


def html_document(text: str) -> str:
    """The last guard over an HTML page: no line starts a workflow command, nothing invisible survives.

    A ``:`` at the start of a line becomes ``&#58;``, which displays the same in text and
    attribute values; the page's own markup never starts a line with ``::``.
    """
    if type(text) is GuardedHtml:
        return text
    text = _INVISIBLE_IN_PAGE.sub(_show, text)
    if "::" not in text:  # a page without ``::`` anywhere has no line to guard
        return text
    return _HTML_COMMAND_LINE.sub(lambda m: m.group(1) + "&#58;", text)
