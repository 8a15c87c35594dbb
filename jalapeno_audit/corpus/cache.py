"""A cache of parsed claim files and of whole reports that a checkout cannot forge.

Where: ``--cache-dir DIR``, else ``$AUDIT_CACHE_DIR``, else the user cache directory
(``$XDG_CACHE_HOME/jalapeno-audit`` or ``~/.cache/jalapeno-audit``): never the working tree
unless asked.

Names: a SHA-256 of everything that decides an entry (tool version, catalog, the file's path
and bytes; for reports every input and option), so a changed input is a miss, never stale.

Trust: names are computable from public inputs, so a name proves nothing. Every entry carries
an HMAC-SHA256 of its kind, name and contents, made with a random key kept beside the user
cache directory (``$XDG_CACHE_HOME/jalapeno-audit.key``, mode 0600), outside any checkout: a
pull request can plant files but cannot sign them. An entry is opened without following a
symlink, read only when it is a regular file of at most MAX_ENTRY_BYTES, authenticated before
it is decoded (``marshal`` of plain values, which never runs code), and checked for shape by
its reader. Anything wrong is a miss, never an error.

Layout: the HMAC, then the marshalled pair (value, length of the blob), then the blob: bytes kept
as they are (a report of tens of megabytes, which marshal would copy for nothing).

Bounds: an entry over MAX_ENTRY_BYTES is not written; past MAX_CACHE_BYTES in all, the
entries used least recently (by mtime, which a hit refreshes) are removed.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import marshal
import os
import stat
from pathlib import Path

from jalapeno_audit import __version__
from jalapeno_audit.fileio import TEMP_PREFIX, remove_stale_temporaries, replace_bytes, temporary_beside

_FORMAT = 6  # bump when the shape of cached entries changes, or what loading a file yields (6: a blob after the value)
APP_DIR = "jalapeno-audit"
KEY_FILE = "jalapeno-audit.key"
KEY_BYTES = 32
MAC_BYTES = 32
#: The largest entry read or written: a parsed corpus of 100k claims is about 30 MB.
MAX_ENTRY_BYTES = 128 * 1024 * 1024
#: The whole cache is kept under this; the least recently used entries go first.
MAX_CACHE_BYTES = 200 * 1000 * 1000
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> bytes:
    """A digest of the tool's own source and data files: a result cached by other code is never reused.

    The version number alone does not change while the code does (an editable install, a checkout
    between releases), and a rule that changed must not be answered by a report the old one made.
    """
    package = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".yaml") and path.is_file():
            h.update(str(path.relative_to(package)).encode())
            h.update(path.read_bytes())
    return h.digest()


def digest(*parts: bytes | str) -> str:
    """SHA-256 over the tool's code and the parts, each length-prefixed so that no two part lists collide."""
    h = hashlib.sha256(f"jalapeno-audit {__version__} cache {_FORMAT}".encode())
    h.update(code_fingerprint())
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def user_cache_base() -> str:
    """``$XDG_CACHE_HOME`` when it is an absolute path, else ``~/.cache``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    return base if os.path.isabs(base) else os.path.join(os.path.expanduser("~"), ".cache")


def default_directory() -> str:
    """``$AUDIT_CACHE_DIR`` when set, else the user cache directory."""
    return os.environ.get("AUDIT_CACHE_DIR") or os.path.join(user_cache_base(), APP_DIR)


def _read_regular(path: str, limit: int) -> bytes | None:
    """A regular file's bytes, if it is one (not a link, device or pipe) of at most ``limit`` bytes."""
    try:
        handle = os.open(path, _READ_FLAGS)
    except OSError:
        return None
    info = os.fstat(handle)
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        os.close(handle)
        return None
    with os.fdopen(handle, "rb") as stream:
        data = stream.read(limit + 1)
    return data if len(data) <= limit else None


def load_key(base: str | None = None) -> bytes | None:
    """The cache key of this user, created on first use; None when it cannot be trusted or made."""
    base = base or user_cache_base()
    path = os.path.join(base, KEY_FILE)
    if not os.path.lexists(path):
        try:
            os.makedirs(base, mode=0o700, exist_ok=True)
            with temporary_beside(path) as (handle, temporary):  # created 0600
                os.write(handle, os.urandom(KEY_BYTES))
                os.fsync(handle)
                with contextlib.suppress(FileExistsError):  # another run made it first: use theirs
                    os.link(temporary, path)
        except OSError:
            return None
    try:
        info = os.lstat(path)
    except OSError:
        return None
    # Only a private regular file of ours: a key others can read or replace protects nothing.
    if not stat.S_ISREG(info.st_mode) or info.st_mode & 0o077 or info.st_uid != os.getuid():
        return None
    key = _read_regular(path, KEY_BYTES)
    return key if key is not None and len(key) == KEY_BYTES else None


def open_cache(directory: str | None) -> Cache:
    """A cache in ``directory`` (None: no cache), or no cache when there is no usable key."""
    if directory is None:
        return Cache(None)
    key = load_key()
    return Cache(directory if key is not None else None, key)


class Cache:
    """Get and put marshal-able values by kind and name; every failure is a miss, never an error."""

    def __init__(self, directory: str | None, key: bytes | None = None) -> None:
        self.directory = directory if key is not None else None
        self.key = key

    def _path(self, kind: str, name: str) -> str:
        assert self.directory is not None  # only called for a cache in use
        return os.path.join(self.directory, kind, name[:2], name)

    def _mac(self, kind: str, name: str, *parts: bytes | memoryview) -> bytes:
        label = f"{kind}\0{name}\0".encode("utf-8", "surrogatepass")
        assert self.key is not None  # only called for a cache in use
        mac = hmac.new(self.key, label, hashlib.sha256)
        for part in parts:  # not label + parts: a report entry can be tens of megabytes, copied for nothing
            mac.update(part)
        return mac.digest()

    def get(self, kind: str, name: str):
        """The value put under ``kind`` and ``name``, or None."""
        found = self.get_with_blob(kind, name)
        return None if found is None else found[0]

    def get_with_blob(self, kind: str, name: str) -> tuple | None:
        """(value, blob) as put, or None."""
        if self.directory is None:
            return None
        path = self._path(kind, name)
        data = _read_regular(path, MAX_ENTRY_BYTES)
        if data is None or len(data) < MAC_BYTES:
            return None
        payload = memoryview(data)[MAC_BYTES:]
        if not hmac.compare_digest(data[:MAC_BYTES], self._mac(kind, name, payload)):
            return None
        try:
            decoded = marshal.loads(payload)  # the blob after it is left alone
        except (EOFError, ValueError, TypeError):
            return None
        if type(decoded) is not tuple or len(decoded) != 2 or type(decoded[1]) is not int or not 0 <= decoded[1] < len(payload):
            return None
        value, length = decoded
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: evicted last
        return value, data[len(data) - length:] if length else b""

    def put(self, kind: str, name: str, value, blob: bytes = b"") -> None:
        """Keep ``value`` (plain values ``marshal`` can write) and ``blob`` (bytes, stored as they are)."""
        if self.directory is None:
            return
        try:
            payload = marshal.dumps((value, len(blob)))
        except ValueError:
            return
        if len(payload) + len(blob) + MAC_BYTES > MAX_ENTRY_BYTES:
            return
        path = self._path(kind, name)
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            ignore = os.path.join(self.directory, ".gitignore")
            if not os.path.lexists(ignore):
                replace_bytes(ignore, b"# created by jalapeno-audit; safe to delete\n*\n", sync=False)
            replace_bytes(path, (self._mac(kind, name, payload, blob), payload, blob), mode=0o600, sync=False)
            self.evict()
        except (OSError, ValueError):
            pass  # a cache that cannot be written is only a slower run

    def evict(self, limit: int = MAX_CACHE_BYTES) -> None:
        """Remove the least recently used entries until the cache holds at most ``limit`` bytes."""
        if self.directory is None:
            return
        entries = []
        for kind in _subdirectories(self.directory):
            for bucket in _subdirectories(kind):
                remove_stale_temporaries(bucket)
                with os.scandir(bucket) as scan:
                    for entry in scan:
                        if entry.is_file(follow_symlinks=False) and not entry.name.startswith(TEMP_PREFIX):
                            info = entry.stat(follow_symlinks=False)
                            entries.append((info.st_mtime, entry.path, info.st_size))
        total = sum(size for _, _, size in entries)
        for _, path, size in sorted(entries):
            if total <= limit:
                break
            with contextlib.suppress(OSError):
                os.unlink(path)
                total -= size


def _subdirectories(directory: str) -> list[str]:
    with contextlib.suppress(OSError), os.scandir(directory) as scan:
        return [e.path for e in scan if e.is_dir(follow_symlinks=False)]
    return []
