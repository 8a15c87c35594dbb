"""Writing files without ever leaving a half-written one, or a stray temporary file, behind.

A temporary file is created in the target's own directory (the only place a rename is
atomic), named ``.audit-*.tmp``, and removed on every way out: an error, Ctrl-C, or SIGTERM,
which is turned into an exit while the file exists. Only ``kill -9`` can leave one; the
loader never reads such a name (it is not ``.yaml``), and the next write into that directory
removes those older than an hour.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator

TEMP_PREFIX, TEMP_SUFFIX = ".audit-", ".tmp"
#: Leftovers of a killed process older than this are removed by the next write beside them.
STALE_TEMP_SECONDS = 3600


def remove_stale_temporaries(directory: str, now: float | None = None) -> None:
    """Remove ``.audit-*.tmp`` files older than an hour: what ``kill -9`` left behind."""
    limit = (time.time() if now is None else now) - STALE_TEMP_SECONDS
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            if entry.name.startswith(TEMP_PREFIX) and entry.name.endswith(TEMP_SUFFIX):
                with contextlib.suppress(OSError):
                    if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < limit:
                        os.unlink(entry.path)


def _terminate(signum, frame) -> None:
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def temporary_beside(path: str) -> Iterator[tuple[int, str]]:
    """A new temporary file (descriptor, name) in ``path``'s directory, removed on every way out.

    While it exists, SIGTERM raises SystemExit instead of killing the process outright, so the
    ``finally`` below runs (SIGINT already raises KeyboardInterrupt).
    """
    directory = os.path.dirname(os.path.abspath(path))
    remove_stale_temporaries(directory)
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        handle, temporary = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=directory)
        try:
            yield handle, temporary
        finally:
            with contextlib.suppress(OSError):
                os.close(handle)
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


def replace_bytes(path: str, data: bytes | tuple[bytes, ...], mode: int | None = None, sync: bool = True) -> None:
    """Write ``data`` (bytes, or a tuple of parts written one after the other) to ``path`` through a temporary file and a rename.

    Until the rename, the previous file is untouched; an interrupted or failed write leaves it
    as it was. ``mode`` defaults to the replaced file's permissions, else 0644.
    """
    with temporary_beside(path) as (handle, temporary):
        for part in data if isinstance(data, tuple) else (data,):
            _write_all(handle, part)
        if sync:
            os.fsync(handle)
        if mode is None:
            mode = os.stat(path).st_mode & 0o7777 if os.path.exists(path) else 0o644
        os.fchmod(handle, mode)
        os.replace(temporary, path)


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` atomically."""
    replace_bytes(path, text.encode("utf-8"))


def write_new(path: str, text: str) -> None:
    """Write a file that must not exist yet: never replaces one, even one created meanwhile."""
    with temporary_beside(path) as (handle, temporary):
        _write_all(handle, text.encode("utf-8"))
        os.fchmod(handle, 0o644)
        os.link(temporary, path)  # fails with FileExistsError instead of replacing


#: The name of a chart an earlier report wrote: a finding's fingerprint (rule:12 hex digits) and .svg.
_CHART_NAME = re.compile(r"[a-z0-9-]+:[0-9a-f]{12}\.svg")


def write_beside(report: str, files: Iterable[tuple[str, str]]) -> None:
    """Write files that go beside ``report`` (paths relative to its directory), each atomically.

    Their folders are created when missing. Charts of findings that no longer occur (files named
    like a fingerprint that this run did not write) are removed, so a committed report's folder
    holds its own charts only. A path that would leave the report's directory is refused.
    """
    base = os.path.dirname(os.path.abspath(report))
    written: dict[str, set[str]] = {}
    for relative, text in files:
        parts = relative.split("/")
        if os.path.isabs(relative) or any(part in ("", ".", "..") for part in parts):
            raise ValueError(f"not a path beside the report: {relative!r}")
        path = os.path.join(base, *parts)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, text)
        written.setdefault(os.path.dirname(path), set()).add(parts[-1])
    for folder, names in written.items():
        with os.scandir(folder) as entries:
            stale = [e.path for e in entries if _CHART_NAME.fullmatch(e.name) and e.name not in names and e.is_file(follow_symlinks=False)]
        for path in stale:
            with contextlib.suppress(OSError):
                os.unlink(path)
