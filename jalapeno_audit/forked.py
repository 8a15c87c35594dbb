"""Numbered jobs shared with one forked child: two cores on a large corpus, the same answer as one.

Both processes take the next job number from one pipe, filled before the fork (a read of one
byte from a pipe is atomic), so whichever is faster does more: the rules differ in cost, and so
do the files. The child inherits everything by copy-on-write and sends back only its results,
each packed (pickled, by default) and sent as soon as its job is done, so that packing counts in
the sharing and the parent can unpack between jobs of its own; they come over a private pipe from
a fork of this process, never from the checkout. Whatever goes wrong in the child (an exception, a
crash, a signal, a short read) costs time and nothing else: the parent does every job it did not
receive, so the results, and the errors, are those of one process. The caller decides whether the work is
worth a fork; the results come back in job order either way.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import signal
import struct
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

try:
    import fcntl
except ImportError:  # not on Windows, which has no fork either
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")

#: Job numbers travel as single bytes.
MAX_JOBS = 255



def can_fork() -> bool:
    return hasattr(os, "fork") and (os.cpu_count() or 1) >= 2


def share_out(
    count: int, run: Callable[[int], T], *, fork: bool = True, first: Sequence[int] = (),
    pack: Callable[[T], bytes] = pickle.dumps, unpack: Callable[[bytes], Any] = pickle.loads,
    beside: Callable[[], object] | None = None,
) -> list[T]:
    """``[run(0), ..., run(count - 1)]``, with a forked child doing some of them when ``fork``.

    Jobs are taken in order, those named in ``first`` first: the longest first, where the caller
    knows them, so that no long job starts last. ``pack`` turns a result into bytes in the child
    and ``unpack`` turns them back here (plain pickle by default; pass a pickler that sends
    shared objects by reference when results point into the corpus). The child sends each result
    as soon as it is packed, and the parent unpacks what has come between jobs of its own, so
    that unpacking is shared out too: at a hundred thousand claims, 0.2 s of unpacking the parsed
    files no longer waits for both processes to finish.

    ``beside`` is work this process will need later and the child will not (a module to import):
    done here once the child is forked, before this process takes a job, so that the child does
    more of them meanwhile. It is not done when nothing is forked.
    """
    if count > MAX_JOBS:
        raise ValueError(f"at most {MAX_JOBS} jobs, not {count}")
    if not fork or count < 2 or not can_fork():
        return [run(job) for job in range(count)]
    jobs_out, jobs_in = os.pipe()
    queue = list(dict.fromkeys([*first, *range(count)]))
    os.write(jobs_in, bytes(queue))  # far below the pipe's buffer: never blocks
    os.close(jobs_in)
    results_out, results_in = os.pipe()
    _widen(results_in)
    pid = os.fork()
    if pid == 0:  # the child: do jobs, send each, leave without running the parent's exit handlers
        code = 1
        try:
            os.close(results_out)
            with os.fdopen(results_in, "wb") as stream:  # buffered: a write the pipe takes in parts is finished
                for job in _jobs(jobs_out):
                    packed = pack(run(job))
                    stream.write(_FRAME.pack(job, len(packed)))
                    stream.write(packed)
                    stream.flush()
            code = 0
        finally:
            os._exit(code)
    os.close(results_in)
    receiver = _Receiver(results_out, count)
    mine: dict[int, T] = {}
    theirs: dict[int, Any] = {}
    try:
        if beside is not None:
            with contextlib.suppress(Exception):  # what it was for is done when it is needed, and fails there if it must
                beside()
        for job in _jobs(jobs_out):
            mine[job] = run(job)
            receiver.unpack_arrived(theirs, unpack)
    except BaseException:
        _stop(pid, receiver)
        raise
    finally:
        os.close(jobs_out)
    receiver.finish(pid)
    receiver.unpack_arrived(theirs, unpack)
    return [mine[job] if job in mine else theirs[job] if job in theirs else run(job) for job in range(count)]


def _widen(fd: int) -> None:
    """Give the pipe the largest buffer allowed (Linux), so that the child seldom waits for the reader.

    With the default 64 KB, each of the child's 200 KB results waited for the parent's reader
    thread three times, and the thread waits for the interpreter's lock each time.
    """
    setsize = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl else None
    if setsize is None:
        return
    try:
        with open("/proc/sys/fs/pipe-max-size", "rb") as limit:
            size = int(limit.read())
        fcntl.fcntl(fd, setsize, min(size, 4 << 20))
    except (OSError, ValueError):
        pass


#: A result's frame on the pipe: its job number and the length of its packed bytes.
_FRAME = struct.Struct("<BQ")


def _read_exactly(stream, size: int) -> bytes | None:
    """``size`` bytes from the stream, or None when it ends first. Read a megabyte at a time: a length that says more
    than comes is never allocated at once."""
    parts, left = [], size
    while left > 0:
        part = stream.read(min(left, 1 << 20))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


class _Receiver:
    """Reads the child's frames in a thread, so that the child never waits on a full pipe.

    A frame is kept once it has come whole, with a job number in range that has not come before;
    anything else ends the reading, and the jobs not received are done by the parent. The thread
    only reads (the GIL is free while it waits); the parent unpacks between its own jobs.
    """

    def __init__(self, fd: int, count: int) -> None:
        self.fd, self.count = fd, count
        self.arrived: queue.SimpleQueue[tuple[int, bytes]] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._read, name="forked-results", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        seen: set[int] = set()
        # Whatever goes wrong here ends the reading: the jobs not received are done by the parent, and nothing is printed.
        with contextlib.suppress(Exception), os.fdopen(self.fd, "rb") as stream:
            while header := stream.read(_FRAME.size):
                if len(header) < _FRAME.size:
                    return
                job, size = _FRAME.unpack(header)
                packed = _read_exactly(stream, size) if job < self.count and job not in seen else None
                if not packed:
                    return
                seen.add(job)
                self.arrived.put((job, packed))

    def unpack_arrived(self, into: dict, unpack: Callable[[bytes], Any]) -> None:
        """Unpack every result that has come; one that does not unpack is done by the parent later."""
        while True:
            try:
                job, packed = self.arrived.get_nowait()
            except queue.Empty:
                return
            with contextlib.suppress(Exception):  # anything the child sent wrong: the job is done here instead
                into[job] = unpack(packed)

    def finish(self, pid: int) -> None:
        """Wait for the last frame and for the child; its results so far stand whatever its exit code."""
        self.thread.join()
        os.waitpid(pid, 0)


def _jobs(fd: int) -> Iterator[int]:
    while taken := os.read(fd, 1):
        yield taken[0]


def _stop(pid: int, receiver: _Receiver) -> None:
    """The parent is leaving with an error: end the child, which may be in the middle of a job."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    receiver.finish(pid)
