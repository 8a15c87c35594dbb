"""Writing files without ever leaving a half-written one behind."""

from __future__ import annotations

import contextlib
import os
import tempfile


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename.

    Until the rename, the previous file is untouched; an interrupted or failed write leaves it
    as it was and removes the temporary file.
    """
    directory = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=".audit-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if os.path.exists(path):
            os.chmod(temporary, os.stat(path).st_mode & 0o7777)
        else:
            os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_new(path: str, text: str) -> None:
    """Write a file that must not exist yet: never replaces one, even one created meanwhile."""
    directory = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=".audit-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        os.chmod(temporary, 0o644)
        os.link(temporary, path)  # fails with FileExistsError instead of replacing
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
