"""Helpers to build small corpora on disk."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SHARED_SOURCES = ROOT.parent / "shared" / "sources"


def source_file(source_id: str, claims: list[dict], **source_fields) -> str:
    """A claim file's text for one source with the given claims."""
    source = {"id": source_id, "title": f"Title of {source_id}", "publisher": "Publisher A", **source_fields}
    return yaml.safe_dump({"source": source, "claims": claims}, sort_keys=False, allow_unicode=True)


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Each test gets its own cache directory and cache key, so no test sees another's entries."""
    cache = tmp_path / "audit-cache"
    monkeypatch.setenv("AUDIT_CACHE_DIR", str(cache))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    return cache


@pytest.fixture
def corpus_dir(tmp_path):
    """Write {file name: text} into a fresh corpus directory and return it."""

    def write(files: dict[str, str]) -> Path:
        directory = tmp_path / "claims"
        directory.mkdir(exist_ok=True)
        for name, text in files.items():
            (directory / name).write_text(text, encoding="utf-8")
        return directory

    return write


def pytest_terminal_summary(terminalreporter):
    """Print what the evaluation tests measured: the scaffold's drafts and recall, the real disputes, hostile-input timings."""
    from .test_evalsets import HELD_OUT
    from .test_evalsets import SCORES as DISPUTE_SCORES
    from .test_new import RECALL
    from .test_scaffold_eval import SCORES as SCAFFOLD_SCORES
    from .test_trust import TIMINGS

    if SCAFFOLD_SCORES:
        _print_scaffold_scores(terminalreporter, SCAFFOLD_SCORES)

    if RECALL:
        terminalreporter.section("audit new: figure recall on the hand-written corpus")
        for name, (hits, total) in sorted(RECALL.items()):
            terminalreporter.write_line(f"{name}: {hits}/{total} figures found ({100 * hits / total:.0f}%)")
    if DISPUTE_SCORES:
        terminalreporter.section("real disputes: expected findings found, forbidden findings raised")
        for name in sorted(DISPUTE_SCORES, key=lambda n: (n == HELD_OUT, n)):
            found, total, raised, gaps = DISPUTE_SCORES[name]
            label = f"{name} (held out)" if name == HELD_OUT else name
            terminalreporter.write_line(f"{label}: recall {found}/{total}, false findings {len(raised)}, reader gaps {gaps}")
            for text in raised:
                terminalreporter.write_line(f"  forbidden: {text}")
    if TIMINGS:
        terminalreporter.section("hostile input: whole `audit` runs, timed")
        cache = {k: v for k, v in TIMINGS.items() if k.startswith("cache ")}
        if cache:
            slowest = max(cache, key=cache.get)
            terminalreporter.write_line(f"{len(cache)} hostile cache entries, each a miss: slowest {slowest[6:]} {cache[slowest]:.2f} s, mean {sum(cache.values()) / len(cache):.2f} s")
        for name, seconds in sorted(TIMINGS.items()):
            if not name.startswith("cache "):
                terminalreporter.write_line(f"{name}: {seconds:.2f} s")


def _print_scaffold_scores(terminalreporter, scores) -> None:
    """The `audit new` evaluation table: development articles, then the held-out ones, each with a total."""
    from .scaffold_eval import GROUPS

    terminalreporter.section("audit new: drafts against gold claim files (tests/evalsets/scaffold)")
    header = f"{'article':34} {'gold':>5} {'live right':>11} {'live wrong':>11} {'commented':>10} {'non-figures':>12}"
    for title, member in GROUPS:
        rows = [s for stem, s in sorted(scores.items()) if member(stem)]
        if not rows:
            continue
        terminalreporter.write_line(f"{title}:")
        terminalreporter.write_line(header)
        for s in rows:
            terminalreporter.write_line(f"{s.article[:34]:34} {s.gold:5} {s.right:11} {s.wrong:11} {s.commented:10} {s.non_figures:6} of {s.candidates:3}")
        _total(terminalreporter, rows)
    terminalreporter.write_line("all sets:")
    _total(terminalreporter, list(scores.values()))


def _total(terminalreporter, rows) -> None:
    """A set's total line: its sums and their shares beside the goals."""
    gold, right, wrong = sum(s.gold for s in rows), sum(s.right for s in rows), sum(s.wrong for s in rows)
    live, candidates, non_figures = right + wrong, sum(s.candidates for s in rows), sum(s.non_figures for s in rows)
    terminalreporter.write_line(
        f"{'total':34} {gold:5} {right:11} {wrong:11} {sum(s.commented for s in rows):10} {non_figures:6} of {candidates:3}   "
        f"(live and right {100 * right / gold:.0f}% of gold, goal 60%; wrong {100 * wrong / max(live, 1):.0f}% of live, goal 2%; "
        f"non-figures {100 * non_figures / max(candidates, 1):.0f}% of candidates, goal 10%)")
