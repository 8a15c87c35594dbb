"""Charts drawn in two processes are the charts drawn in one: the HTML report of a large corpus is
byte for byte the same either way, and a child that fails is replaced by drawing its half here."""

from __future__ import annotations

import os
import sys

import pytest

from jalapeno_audit import reporters, run
from jalapeno_audit.reporters import plot

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    corpus = tmp_path_factory.mktemp("dense") / "claims"
    generate(4000, corpus, dense=True)
    options, _ = run.settle([str(corpus)], fail_on="never")
    built = run.build_report(options, run.read_all(options), None)
    assert sum(1 for f in built.findings if f.is_dispute) >= plot.PARALLEL_FROM  # enough charts to split
    return built


def test_two_processes_draw_the_same_page_as_one(report, monkeypatch):
    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: charts are drawn in one process")
    children = []
    real = plot._in_child
    monkeypatch.setattr(plot, "_in_child", lambda work: children.append(work) or real(work))
    parallel = reporters.render(report, "html")
    assert len(children) == 1  # the second half was drawn by a child
    monkeypatch.setattr(plot, "PARALLEL_FROM", 10**9)
    assert reporters.render(report, "html") == parallel


def test_a_failed_child_is_drawn_here(report, monkeypatch):
    monkeypatch.setattr(plot, "PARALLEL_FROM", 10**9)
    serial_page = reporters.render(report, "html")
    monkeypatch.setattr(plot, "PARALLEL_FROM", 64)

    def failing(work):
        def collect(expected):
            return None  # as when the child crashed or sent something else

        return collect

    monkeypatch.setattr(plot, "_in_child", failing)
    assert reporters.render(report, "html") == serial_page
