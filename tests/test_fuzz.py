"""Fuzzing: random documents and mutated real claim files give a result or a load error, nothing else.

Bounded for CI: a fixed number of examples, derandomized when CI is set so a red run replays.
"""

from __future__ import annotations

import os

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jalapeno_audit.corpus.loader import load_corpus
from jalapeno_audit.errors import AuditError
from jalapeno_audit.reporters import FORMATS, render
from jalapeno_audit.reporters.report import Report
from jalapeno_audit.rules import RULES
from jalapeno_audit.rules.engine import run_rules

from .conftest import ROOT

FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")),
    deadline=None,
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
FIELDS = ["id", "quote", "by", "system", "vs", "model", "models", "metric", "value", "ratio", "date", "statement",
          "unit", "approx", "at", "vs_at", "exact", "event", "evidence", "source", "claims", "title", "publisher",
          "archive", "on", "before", "by", "from", "to", "jalapeno", "gb200", "kimi-k2.5", "throughput-per-kw"]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**6), 10**12), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30), st.sampled_from(FIELDS), st.dates().map(str), st.sampled_from(["1.80", "1/3", "1/0", "85,448", "about", "up to"]),
)
documents = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=5), st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), children, max_size=6)),
    max_leaves=40,
)
REAL = sorted(p for p in (ROOT / "claims").glob("*.yaml") if p.name not in ("catalog.yaml", "reviews.yaml"))


def check_text(tmp_path, text: str) -> None:
    """Load and check one file; every outcome must be a result or an AuditError."""
    corpus_dir = tmp_path / "fuzz"
    corpus_dir.mkdir(exist_ok=True)
    (corpus_dir / "f.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        corpus = load_corpus([str(corpus_dir)])
    except AuditError as exc:
        assert exc.problems and all(p.path.endswith("f.yaml") and p.line >= 1 for p in exc.problems)
        return
    findings, notes = run_rules(corpus, RULES.values())
    report = Report(corpus, tuple(findings), tuple(notes))
    for output_format in FORMATS:
        render(report, output_format)


@FUZZ
@given(documents)
def test_random_documents(tmp_path_factory, document):
    dumped = yaml.safe_dump(document, allow_unicode=True)
    check_text(tmp_path_factory.mktemp("doc"), dumped)


@st.composite
def mutated(draw):
    """A real claim file with a few lines deleted, duplicated, swapped or garbled."""
    lines = draw(st.sampled_from(REAL)).read_text(encoding="utf-8").splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "duplicate", "swap", "garble", "truncate", "indent"]))
        if action == "delete":
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[index])
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "garble":
            line = lines[index]
            position = draw(st.integers(0, max(len(line) - 1, 0)))
            lines[index] = line[:position] + draw(st.text(min_size=1, max_size=3)) + line[position + 1:]
        elif action == "truncate":
            lines = lines[:index]
        else:
            lines[index] = "  " + lines[index]
    return "".join(lines)


@FUZZ
@given(mutated())
def test_mutated_real_files(tmp_path_factory, text):
    check_text(tmp_path_factory.mktemp("mut"), text)


DISPUTES = sorted(p for p in (ROOT / "tests" / "evalsets" / "disputes").iterdir() if (p / "claims").is_dir())


@st.composite
def mutated_dispute(draw):
    """A real dispute (catalog with parts and families, directions, averages) with one file mutated."""
    folder = draw(st.sampled_from(DISPUTES))
    files = sorted(p for p in (folder / "claims").glob("*.yaml") if p.name != "catalog.yaml")
    victim = draw(st.sampled_from(files))
    lines = victim.read_text(encoding="utf-8").splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "duplicate", "garble", "number"]))
        if action == "delete":
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[index])
        elif action == "number":  # a different figure: disputes form, split and merge
            lines[index] = lines[index].replace("ratio: ", f"ratio: {draw(st.sampled_from(['0.5', '1', '1.4', '30', '[0.9, 3]']))} #", 1)
        else:
            line = lines[index]
            position = draw(st.integers(0, max(len(line) - 1, 0)))
            lines[index] = line[:position] + draw(st.text(min_size=1, max_size=3)) + line[position + 1:]
    return folder, victim.name, "".join(lines)


@FUZZ
@given(mutated_dispute())
def test_mutated_real_disputes(tmp_path_factory, case):
    folder, name, text = case
    corpus_dir = tmp_path_factory.mktemp("dispute") / "claims"
    corpus_dir.mkdir()
    for path in (folder / "claims").glob("*.yaml"):
        (corpus_dir / path.name).write_bytes(path.read_bytes())
    (corpus_dir / name).write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        corpus = load_corpus([str(corpus_dir)], str(folder / "archive"))
    except AuditError as exc:
        assert exc.problems and all(p.line >= 1 for p in exc.problems)
        return
    findings, notes = run_rules(corpus, RULES.values())
    report = Report(corpus, tuple(findings), tuple(notes))
    for output_format in FORMATS:
        if output_format != "html":  # the HTML report draws charts: covered by its own tests
            render(report, output_format)


_page_text = st.text(alphabet=st.sampled_from(["a", " ", ":", "\n", "\t", "\x1b", "\x85", "\u202e", "\u2028", "\ufeff", "<", "&"]), max_size=12)


@FUZZ
@given(st.lists(st.tuples(_page_text, st.booleans()), max_size=8))
def test_a_page_guarded_part_by_part_is_the_page_guarded_whole(parts):
    """Parts guarded where they are written (some already, some not), then joined, as text or as UTF-8: the page
    ``html_document`` makes of them."""
    from jalapeno_audit.reporters import escape

    mixed = [escape.html_lines([text]) if early else text for text, early in parts]
    whole = escape.html_document("\n".join(text for text, _ in parts))
    assert escape.html_lines(mixed) == whole
    assert escape.html_document(escape.html_lines(mixed)) == whole
    # The same parts, those guarded early also encoded where they were written: the page's UTF-8.
    encoded = [escape.html_utf8([text]) if early else text for text, early in parts]
    assert escape.html_page(encoded) == whole.encode("utf-8")

