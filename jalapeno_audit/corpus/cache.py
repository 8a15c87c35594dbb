"""A content-addressed cache of parsed claim files and of whole reports.

Entries live in ``.audit-cache/`` and are keyed by a SHA-256 of everything that decides them:
the tool version, the catalog, the file's path and bytes (and, for reports, every input and
option). A changed file or catalog therefore has a new key and can never be served stale.
Entries are written with ``marshal`` from plain tuples and strings, so reading one can never
run code; an entry that cannot be read is ignored and rebuilt. Deleting the directory is
always safe.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile

from jalapeno_audit import __version__

DEFAULT_DIR = ".audit-cache"
_FORMAT = 1  # bump when the shape of cached entries changes


def digest(*parts: bytes | str) -> str:
    """SHA-256 over the parts, each length-prefixed so that no two part lists collide."""
    h = hashlib.sha256(f"jalapeno-audit {__version__} cache {_FORMAT}".encode())
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


class Cache:
    """Get and put marshal-able values by key; every failure is a miss, never an error."""

    def __init__(self, directory: str | None = DEFAULT_DIR) -> None:
        self.directory = directory

    def _path(self, kind: str, key: str) -> str:
        return os.path.join(self.directory, kind, key[:2], key)

    def get(self, kind: str, key: str):
        if self.directory is None:
            return None
        try:
            with open(self._path(kind, key), "rb") as handle:
                return marshal.loads(handle.read())
        except (OSError, EOFError, ValueError, TypeError):
            return None

    def put(self, kind: str, key: str, value) -> None:
        if self.directory is None:
            return
        path = self._path(kind, key)
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            ignore = os.path.join(self.directory, ".gitignore")
            if not os.path.exists(ignore):
                with open(ignore, "w", encoding="utf-8") as handle:
                    handle.write("# created by jalapeno-audit; safe to delete\n*\n")
            handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
            with os.fdopen(handle, "wb") as stream:
                stream.write(marshal.dumps(value))
            os.replace(temporary, path)
        except (OSError, ValueError):
            pass  # a cache that cannot be written is only a slower run
