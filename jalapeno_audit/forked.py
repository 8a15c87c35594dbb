"""Numbered jobs shared with one forked child: two cores on a large corpus, the same answer as one.

Both processes take the next job number from one pipe, filled before the fork (a read of one
byte from a pipe is atomic), so whichever is faster does more: the rules differ in cost, and so
do the files. The child inherits everything by copy-on-write and sends back only its results,
each packed (pickled, by default) as soon as its job is done, so that packing counts in the
sharing, and all of them together when it runs out of jobs; they come over a private pipe from a
fork of this process, never from the checkout. Whatever goes wrong in the child (an exception, a
crash, a signal, a short read) costs time and nothing else: the parent does every job it did not
receive, so the results, and the errors, are those of one process. The caller decides whether the work is
worth a fork; the results come back in job order either way.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import pickle
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

#: Job numbers travel as single bytes.
MAX_JOBS = 255



def can_fork() -> bool:
    return hasattr(os, "fork") and (os.cpu_count() or 1) >= 2


def share_out(
    count: int, run: Callable[[int], T], *, fork: bool = True, first: Sequence[int] = (),
    pack: Callable[[T], bytes] = pickle.dumps, unpack: Callable[[bytes], Any] = pickle.loads,
) -> list[T]:
    """``[run(0), ..., run(count - 1)]``, with a forked child doing some of them when ``fork``.

    Jobs are taken in order, those named in ``first`` first: the longest first, where the caller
    knows them, so that no long job starts last. ``pack`` turns a result into bytes in the child
    and ``unpack`` turns them back here (plain pickle by default; pass a pickler that sends
    shared objects by reference when results point into the corpus).
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
    pid = os.fork()
    if pid == 0:  # the child: do jobs, send them, leave without running the parent's exit handlers
        code = 1
        try:
            os.close(results_out)
            done = {job: pack(run(job)) for job in _jobs(jobs_out)}
            with os.fdopen(results_in, "wb") as stream:
                stream.write(marshal.dumps(done))
            code = 0
        finally:
            os._exit(code)
    os.close(results_in)
    mine: dict[int, T] = {}
    try:
        for job in _jobs(jobs_out):
            mine[job] = run(job)
    except BaseException:
        _stop(pid, results_out)
        raise
    finally:
        os.close(jobs_out)
    theirs = _collect(pid, results_out, count)
    return [mine[job] if job in mine else _unpacked(theirs.get(job), unpack, run, job) for job in range(count)]


def _jobs(fd: int) -> Iterator[int]:
    while taken := os.read(fd, 1):
        yield taken[0]


def _unpacked(packed: bytes | None, unpack: Callable[[bytes], Any], run: Callable[[int], T], job: int) -> T:
    if packed is not None:
        try:
            return unpack(packed)
        except Exception:  # anything the child sent wrong: the job is done here instead
            pass
    return run(job)


def _collect(pid: int, fd: int, count: int) -> dict:
    """The child's packed results by job, or {} when it failed or sent something else."""
    with os.fdopen(fd, "rb") as stream:
        data = stream.read()
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        return {}
    try:
        result = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return {}
    if type(result) is not dict or not all(type(job) is int and 0 <= job < count and type(b) is bytes for job, b in result.items()):
        return {}
    return result


def _stop(pid: int, fd: int) -> None:
    """The parent is leaving with an error: end the child, which may be waiting to send."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    os.close(fd)
    os.waitpid(pid, 0)
