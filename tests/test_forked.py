"""Work shared with a forked child gives what one process gives: the same results in the same
order, the same reports byte for byte, and the parent's own errors; whatever goes wrong in the
child only costs time."""

from __future__ import annotations

import os
import sys
import time

import pytest

from jalapeno_audit import forked, reporters, run
from jalapeno_audit.corpus import loader
from jalapeno_audit.reporters import charts, plot
from jalapeno_audit.rules import engine

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate

pytestmark = pytest.mark.skipif(not forked.can_fork(), reason="no fork, or one core: everything runs in one process")


def _square_with_pid(job: int) -> tuple[int, int]:
    time.sleep(0.002)  # long enough for the child to start before the parent has taken every job
    return job * job, os.getpid()


def test_results_come_back_in_job_order_and_the_child_does_some():
    results = forked.share_out(200, _square_with_pid)
    assert [square for square, _ in results] == [job * job for job in range(200)]
    assert {pid for _, pid in results} - {os.getpid()}  # the child took jobs


def test_no_fork_when_the_caller_says_so():
    assert {pid for _, pid in forked.share_out(50, _square_with_pid, fork=False)} == {os.getpid()}


@pytest.mark.parametrize("failure", ["raises", "exits", "killed"])
def test_jobs_the_child_did_not_send_are_done_here(failure):
    parent = os.getpid()

    def run_job(job: int) -> int:
        time.sleep(0.002)
        if os.getpid() != parent and job % 3 == 0:
            if failure == "raises":
                raise RuntimeError("child failed")
            os._exit(3) if failure == "exits" else os.kill(os.getpid(), 9)
        return job + 1

    assert forked.share_out(100, run_job) == [job + 1 for job in range(100)]


def test_what_the_child_sent_that_does_not_unpack_is_done_here():
    parent = os.getpid()
    results = forked.share_out(100, lambda job: (time.sleep(0.002), job, os.getpid())[1:], pack=lambda result: b"not a pickle" if result[1] != parent else b"")
    assert [job for job, _ in results] == list(range(100))
    assert {pid for _, pid in results} == {parent}


def test_an_error_here_is_raised_and_leaves_no_child_behind():
    parent = os.getpid()

    def run_job(job: int) -> int:
        time.sleep(0.002)  # the child cannot take every job before this process takes one
        if os.getpid() == parent:
            raise ValueError("parent failed")
        return job

    with pytest.raises(ValueError, match="parent failed"):
        forked.share_out(200, run_job)
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)  # reaped: no child left


def test_results_larger_than_the_pipe_come_back_whole():
    """Each result is sent as soon as it is packed and read by a thread here: none is cut or mixed up."""
    def big(job: int) -> bytes:
        time.sleep(0.002)
        return bytes([job]) * (3_000_000 + job)  # larger than the widest pipe buffer Linux allows by default

    results = forked.share_out(12, big)
    assert [(len(result), set(result)) for result in results] == [(3_000_000 + job, {job}) for job in range(12)]


@pytest.mark.parametrize("extra", [1000, 1 << 62])
def test_a_result_cut_short_is_done_here(monkeypatch, tmp_path, capfd, extra):
    """A frame that says more bytes than come (the child died while writing; or a length no memory holds) is dropped,
    its job done here, and nothing printed."""
    parent = os.getpid()
    real_frame = forked._FRAME
    lied = tmp_path / "lied"

    class Lying:
        size = real_frame.size
        unpack = real_frame.unpack

        @staticmethod
        def pack(job, length):
            if os.getpid() != parent:
                lied.write_text(str(job))  # the child's first frame promises more than it sends
                return real_frame.pack(job, length + extra)
            return real_frame.pack(job, length)

    monkeypatch.setattr(forked, "_FRAME", Lying)

    def run_job(job: int) -> tuple[int, int]:
        time.sleep(0.005)
        if os.getpid() != parent and lied.exists():
            os._exit(0)  # after the lie: the reader here sees the frame end short
        return job, os.getpid()

    results = forked.share_out(40, run_job)
    assert [job for job, _ in results] == list(range(40))
    assert {pid for _, pid in results} == {parent}
    assert lied.exists()  # the child did take a job, and its frame was dropped
    assert capfd.readouterr().err == ""


def test_too_many_jobs_is_refused():
    with pytest.raises(ValueError, match="at most 255 jobs"):
        forked.share_out(256, lambda job: job)


@pytest.fixture(scope="module")
def dense(tmp_path_factory):
    corpus = tmp_path_factory.mktemp("dense") / "claims"
    generate(4000, corpus, dense=True)
    return corpus


def _report(corpus, fork: bool, monkeypatch, arithmetic: bool = True, prepare=None, severity=None, beside=None):
    monkeypatch.setattr(loader, "FORK_FROM_BYTES", 0 if fork else 10**12)
    monkeypatch.setattr(engine, "FORK_FROM_CLAIMS", 0 if fork else 10**12)
    monkeypatch.setattr(charts, "PARALLEL_FROM", 0 if fork else 10**12)
    monkeypatch.setattr(plot, "PARALLEL_FROM", 0 if fork else 10**12)
    options, _ = run.settle([str(corpus)], fail_on="never", severity=severity)
    return run.build_report(options, run.read_all(options), None, arithmetic=arithmetic, prepare=prepare, beside=beside)


@pytest.mark.parametrize("name", sorted(reporters.FORMATS))
def test_every_format_is_the_same_from_two_processes_as_from_one(dense, name, monkeypatch):
    one = reporters.render(_report(dense, False, monkeypatch), name)
    calls = []
    real = forked.share_out
    monkeypatch.setattr(forked, "share_out", lambda count, job, **kw: calls.append(kw["fork"]) or real(count, job, **kw))
    # Built as `audit check --format NAME` builds it: without the arithmetic where the format does not show it, with
    # what the format writes of each finding written where its rule ran.
    chosen = reporters.FORMATS[name]
    two = reporters.render(_report(dense, True, monkeypatch, chosen.arithmetic, chosen.preparer(), beside=chosen.beside()), name)
    assert calls[:2] == [True, True]  # files and rules were shared out
    assert two == one


def test_findings_written_where_their_rules_ran_are_the_reports_own(dense, monkeypatch):
    """The JSON report of findings prepared in two processes, rule severities overridden, is the one written at the end."""
    severity = {"ratio-arithmetic": "info", "value-mismatch": "warning"}
    one = reporters.render(_report(dense, False, monkeypatch, severity=severity), "json")
    report = _report(dense, True, monkeypatch, arithmetic=False, prepare=reporters.FORMATS["json"].preparer(), severity=severity)
    assert all(f.prepared for f in report.findings) and any(f.severity == "info" and f.rule == "ratio-arithmetic" for f in report.findings)
    assert reporters.render(report, "json") == one


def test_arithmetic_left_out_cannot_be_shown_by_mistake(dense, monkeypatch):
    report = _report(dense, True, monkeypatch, arithmetic=False)
    left_out = [f for f in report.findings if f.working is engine._not_kept]
    assert left_out  # the child's findings came without it
    with pytest.raises(RuntimeError, match="without the findings' arithmetic"):
        reporters.render(report, "text")


def test_a_failed_child_costs_nothing_but_time(dense, monkeypatch):
    one = reporters.render(_report(dense, False, monkeypatch), "html")
    parent = os.getpid()
    real = forked.share_out

    def failing_child(count, job, **kw):
        def run_job(number):
            if os.getpid() != parent:
                os._exit(1)
            return job(number)
        return real(count, run_job, **kw)

    monkeypatch.setattr(forked, "share_out", failing_child)
    assert reporters.render(_report(dense, True, monkeypatch), "html") == one


def test_work_beside_is_done_here_once_before_this_process_takes_a_job():
    order = []
    results = forked.share_out(20, lambda job: (job, os.getpid(), order.append(("job", os.getpid())) or time.sleep(0.002)),
                               beside=lambda: order.append(("beside", os.getpid())))
    assert [job for job, _, _ in results] == list(range(20))
    assert order[0] == ("beside", os.getpid()) and order.count(("beside", os.getpid())) == 1
    assert {pid for _, pid, _ in results} - {os.getpid()}  # the child ran jobs meanwhile
    order.clear()
    forked.share_out(20, lambda job: job, fork=False, beside=lambda: order.append("beside"))
    assert order == []  # nothing forked: whatever it was for is done when it is needed


def test_the_html_report_imports_its_plotting_library_beside_the_rules():
    assert reporters.FORMATS["html"].beside() is not None and reporters.FORMATS["json"].beside() is None
    assert reporters.FORMATS["html"].beside()() is plot


def test_jobs_named_first_are_taken_first():
    def timed(job: int) -> tuple[int, float]:
        started = time.monotonic()
        time.sleep(0.05)
        return job, started

    started = dict(forked.share_out(4, timed, first=(3, 2)))
    assert max(started[3], started[2]) < min(started[0], started[1])  # 3 and 2 began before 0 and 1


def test_claims_and_figures_come_back_from_a_pickle_whole(dense):
    """Claims travel between processes as the tuple of their fields: every field, derived ones too, comes back."""
    import dataclasses
    import pickle

    from jalapeno_audit.pickling import tuple_pickled

    options, _ = run.settle([str(dense)], fail_on="never")
    corpus = loader.load_corpus(run.read_all(options))
    claims = corpus.claims[:500] + [c for c in corpus.claims if c.bounds or c.date or c.models][:500]
    back = pickle.loads(pickle.dumps(claims))
    for before, after in zip(claims, back, strict=True):
        assert after == before and after.full_id == before.full_id and after.shown == before.shown and after.value_line == before.value_line
        figure = before.figure or (before.bounds[0] if before.bounds else None)
        if figure is not None:
            again = after.figure or after.bounds[0]
            assert again.rounded == figure.rounded and again.step == figure.step
    with pytest.raises(TypeError):
        object.__new__(type(claims[0])).__setstate__(claims[0].__getstate__()[:-1])  # a state cut short

    @dataclasses.dataclass(frozen=True, slots=True)
    class One:
        only: int

    with pytest.raises(TypeError):
        tuple_pickled(One)


def test_work_beside_that_fails_costs_nothing():
    def failing():
        raise ImportError("no such module")

    assert [job for job, _, _ in forked.share_out(20, lambda job: (job, os.getpid(), time.sleep(0.001)), beside=failing)] == list(range(20))
