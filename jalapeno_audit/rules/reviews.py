"""Human verdicts on findings, kept in reviews.yaml, and appending to that file safely.

A review names a finding by fingerprint (rule and claim ids only), so it survives unrelated
edits. Appending keeps every byte already in the file: comments, order, other entries.
"""

from __future__ import annotations

import codecs
import contextlib
import datetime as dt
import fcntl
import os
import re
from dataclasses import dataclass

from jalapeno_audit.corpus.fields import Checker, Field, ObjectSpec
from jalapeno_audit.corpus.yamlsrc import Sequence, decode, line_of, parse
from jalapeno_audit.errors import AuditError, Problem
from jalapeno_audit.fileio import replace_bytes

VERDICTS = ("confirmed", "explained", "false-positive")
REVIEW_SPEC = ObjectSpec(
    "review",
    (
        Field("finding", "text", "The finding's fingerprint, as printed by `audit check`.", required=True),
        Field("verdict", "choice", "confirmed | explained | false-positive.", required=True, choices=VERDICTS),
        Field("note", "text", "One reasoned sentence.", required=True),
        Field("by", "text", "Who reviewed it."),
        Field("date", "date", "When (YYYY-MM-DD)."),
        Field("claims", "texts", "The claims the finding had when it was reviewed (full ids)."),
    ),
)
HEADER = "# Verdicts on audit findings, one entry per finding fingerprint. Add with `audit review`.\n"


@dataclass(frozen=True, slots=True)
class Review:
    """One human verdict on one finding."""

    finding: str  # fingerprint
    verdict: str  # confirmed | explained | false-positive
    note: str
    path: str
    line: int  # where the entry starts
    end_line: int  # the last line of the entry (for --replace)
    by: str | None = None
    date: dt.date | None = None
    claims: tuple[str, ...] = ()  # the members the finding had when reviewed; () when not recorded


def load_reviews(path: str, data: bytes | None = None) -> dict[str, Review]:
    """The reviews in a file (none when it does not exist), or in its ``data`` already read; problems raise AuditError."""
    if data is None:
        if not os.path.exists(path):
            return {}
        with open(path, "rb") as handle:
            data = handle.read()
    text, problems = decode(data, path)
    if text is None:
        raise AuditError(problems)
    if not text.strip() or all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()):
        return {}
    root, problems = parse(text, path)
    if root is None:
        raise AuditError(problems)
    check = Checker(path)
    if type(root) is not Sequence:
        raise AuditError([Problem(path, line_of(root), "reviews.yaml must be a list of reviews")])
    total_lines = len(text.splitlines())
    starts = [line_of(item) for item in root] + [total_lines + 1]
    reviews: dict[str, Review] = {}
    for index, node in enumerate(root):
        if check.mapping(node, "each review", line_of(node)) is None:
            continue
        before = len(check.problems)
        check.keys(node, REVIEW_SPEC)
        finding = check.text(node.get("finding"), "finding") if "finding" in node else None
        verdict = check.choice(node.get("verdict"), "verdict", VERDICTS) if "verdict" in node else None
        note = check.text(node.get("note"), "note") if "note" in node else None
        by = check.text(node["by"], "by") if "by" in node else None
        date = check.date(node["date"], "date") if "date" in node else None
        claims = check.texts(node["claims"], "claims") if "claims" in node else ()
        if finding in reviews:
            check.fail(node, f"second review of {finding} (first at line {reviews[finding].line}); use `audit review --replace`")
        if len(check.problems) > before or finding is None or verdict is None or note is None:
            continue
        end = _entry_end(text, starts[index], starts[index + 1])
        reviews[finding] = Review(finding, verdict, note, path, node.line, end, by, date, claims or ())
    if check.problems:
        raise AuditError(check.problems)
    return reviews


def _entry_end(text: str, start: int, next_start: int) -> int:
    """The entry's last line: before the next entry, not counting trailing blank or comment lines."""
    lines = text.splitlines()
    end = next_start - 1
    while end > start and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    return end


def entry_text(finding: str, verdict: str, note: str, by: str | None, date: dt.date, claims=()) -> str:
    """One review entry as YAML, every value quoted safely."""
    lines = [f"- finding: {_quote(finding)}", f"  verdict: {verdict}", f"  note: {_quote(note)}"]
    if by:
        lines.append(f"  by: {_quote(by)}")
    lines.append(f"  date: {date.isoformat()}")
    if claims:
        lines.append(claims_line(claims))
    return "\n".join(lines) + "\n"


def claims_line(claims) -> str:
    return "  claims: [" + ", ".join(_quote(c) for c in claims) + "]"


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return f'"{escaped}"'


def add_review(path: str, finding: str, verdict: str, note: str, by: str | None, date: dt.date, replace: bool, claims=()) -> str:
    """Append (or, with replace, swap in) one review; returns what was done.

    The file is read again under an exclusive lock on its directory, so reviews recorded at the
    same time neither lose one another nor record one finding twice; it is then replaced in one
    rename, keeping its byte-order mark, its line endings and every byte of the other entries.
    """
    with _locked(os.path.dirname(os.path.abspath(path))):
        data = _read_if_any(path)
        reviews = load_reviews(path, data if data is not None else b"")
        bom = codecs.BOM_UTF8 if data is not None and data.startswith(codecs.BOM_UTF8) else b""
        text = data[len(bom):].decode("utf-8") if data is not None else HEADER
        newline = _line_ending(text)
        entry = entry_text(finding, verdict, note, by, date, claims).replace("\n", newline)
        if finding in reviews:
            if not replace:
                first = reviews[finding]
                raise AuditError(f"{path}:{first.line}: {finding} is already reviewed ({first.verdict}); use --replace to change it")
            old = reviews[finding]
            lines = _LINE.findall(text)
            lines[old.line - 1 : old.end_line] = [entry]
            text, done = "".join(lines), "replaced"
        else:
            if text and not text.endswith(("\n", "\r")):
                text += newline
            text, done = text + entry, "added"
        replace_bytes(path, bom + text.encode("utf-8"))
        return done


def rewrite_reviews(path: str, seen: bytes | None, transform) -> None:
    """Replace reviews.yaml with ``transform(text)``, under the lock, if it is still the ``seen`` bytes.

    Used by `audit review --upgrade`, whose changes were worked out from the bytes a check read:
    a file changed meanwhile is refused rather than rewritten from a stale reading.
    """
    with _locked(os.path.dirname(os.path.abspath(path))):
        data = _read_if_any(path)
        if data is None or data != seen:
            raise AuditError(f"{path}:1: changed while the upgrade was worked out; run `audit review --upgrade` again")
        bom = codecs.BOM_UTF8 if data.startswith(codecs.BOM_UTF8) else b""
        text = data[len(bom):].decode("utf-8")
        replace_bytes(path, bom + transform(text).encode("utf-8"))


def split_lines(text: str) -> list[str]:
    """The lines of a text with their breaks, as YAML counts lines (CRLF, CR or LF only)."""
    return _LINE.findall(text)


#: One line with its line break, as YAML counts lines (CRLF, CR or LF).
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def _line_ending(text: str) -> str:
    """The file's line break: the first one it uses, LF for a file without any."""
    found = re.search(r"\r\n|\r|\n", text)
    return found.group() if found else "\n"


def _read_if_any(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise AuditError(f"{path}:1: cannot read: {exc.strerror or exc}") from None


@contextlib.contextmanager
def _locked(directory: str):
    """Hold an exclusive lock on the directory itself: nothing is left behind, and it survives the file's rename."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError as exc:
        raise AuditError(f"audit: cannot open {directory}: {exc.strerror or exc}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)
