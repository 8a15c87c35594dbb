"""The cache: never stale, never an error, safe to delete, off with --no-cache."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from jalapeno_audit.cli import app

from .conftest import ROOT, source_file

runner = CliRunner()

CLAIMS = [
    {"id": "j", "quote": "1,459", "system": "jalapeno", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "value": 1459},
    {"id": "g", "quote": "535", "system": "gb200", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "value": 535},
    {"id": "r", "quote": "2.7x", "system": "jalapeno", "vs": "gb200", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "ratio": 2.7},
]


def summary(directory, *extra):
    result = runner.invoke(app, ["check", str(directory), "--format", "json", *extra])
    return result.exit_code, json.loads(result.output)["summary"]


def test_changed_file_is_never_served_stale(corpus_dir, private_cache):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    assert summary(directory) == (0, {"sources": 1, "claims": 3, "findings": {"error": 0, "warning": 0, "info": 0}, "unreviewed": 0})
    assert (private_cache / "files").is_dir() and (private_cache / "reports").is_dir()
    wrong = [*CLAIMS[:2], dict(CLAIMS[2], ratio=2.2, quote="2.2x")]
    corpus_dir({"a.yaml": source_file("a", wrong)})
    code, result = summary(directory)
    assert code == 1 and result["findings"]["error"] == 1


def test_changed_catalog_is_never_served_stale(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    assert summary(directory)[0] == 0
    # Renaming a system in the corpus catalog invalidates every file that names it.
    corpus_dir({"catalog.yaml": "systems:\n  gb200: {name: 'GB200', member_of: no-such-family}\n"})
    result = runner.invoke(app, ["check", str(directory)])
    assert result.exit_code == 2
    assert "member_of unknown system 'no-such-family'" in result.output


def test_corrupt_entries_are_ignored_and_rebuilt(corpus_dir, private_cache):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    first = summary(directory)
    for entry in private_cache.rglob("*"):
        if entry.is_file() and entry.name != ".gitignore":
            entry.write_bytes(b"\x00garbage")
    assert summary(directory) == first
    assert summary(directory, "--no-cache") == first


def test_no_cache_writes_nothing(corpus_dir, private_cache):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    runner.invoke(app, ["check", str(directory), "--no-cache"])
    assert not private_cache.exists()


def test_warm_run_gives_the_same_bytes(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    cold = runner.invoke(app, ["check", str(directory), "-v"]).output
    warm = runner.invoke(app, ["check", str(directory), "-v"]).output
    assert cold == warm


def test_every_claim_survives_the_cache_row(tmp_path):
    """The cache rows follow the dataclass fields: a round trip gives the same claims and sources."""
    from jalapeno_audit.corpus import serial
    from jalapeno_audit.corpus.loader import load_corpus

    corpus = load_corpus([str(ROOT / "claims")])
    for claim in corpus.claims:
        back = serial.load_claim(serial.dump_claim(claim))
        assert back == claim and back.value_line == claim.value_line and back.full_id == claim.full_id
        assert [b.text for b in (back.bounds or ())] == [b.text for b in (claim.bounds or ())]
    for source in corpus.sources.values():
        assert serial.load_source(serial.dump_source(source)) == source


def test_cache_names_change_with_the_code(monkeypatch):
    """A report cached by other code (an edited rule, an editable install) is never served."""
    from jalapeno_audit.corpus import cache

    before = cache.digest("same input")
    monkeypatch.setattr(cache, "code_fingerprint", lambda: b"other code")
    assert cache.digest("same input") != before


def test_an_entry_keeps_its_value_and_its_blob_apart(tmp_path, monkeypatch):
    """A report's bytes are kept after its value as they are; an entry without one has an empty blob."""
    from jalapeno_audit.corpus.cache import Cache

    cache = Cache(str(tmp_path / "cache"), b"k" * 32)
    body = "é report ".encode() * 1000 + bytes(range(256))
    cache.put("reports", "ab12", (0, "summary", ()), blob=body)
    cache.put("files", "cd34", {"key": ("row",)})
    assert cache.get_with_blob("reports", "ab12") == ((0, "summary", ()), body)
    assert cache.get("reports", "ab12") == (0, "summary", ())
    assert cache.get_with_blob("files", "cd34") == ({"key": ("row",)}, b"")
    assert cache.get_with_blob("files", "ef56") is None
