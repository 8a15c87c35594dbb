"""Hostile and careless input: every case exits 2 naming the file (and line), fast, running nothing."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .conftest import ROOT

VALID_HEAD = "source:\n  id: s\n  title: T\n  publisher: P\nclaims:\n"
CLAIM = "  - id: c\n    quote: \"1.9 times\"\n    system: jalapeno\n    vs: gb200\n    model: gpt-oss-120b\n    metric: throughput-per-kw\n"

CASES = {
    "malformed YAML": ("source: [unclosed\n", "bad.yaml:2: invalid YAML"),
    "duplicate keys": (VALID_HEAD + CLAIM + "    ratio: 1.9\n    ratio: 2\n", "bad.yaml:13: duplicate key 'ratio' (first at line 12)"),
    "python tag": (VALID_HEAD + CLAIM + "    ratio: !!python/object/apply:os.system ['touch pwned']\n", "bad.yaml:12: tag !!python/object/apply:os.system is not allowed"),
    "set tag": ("source: !!set {a, b}\n", "bad.yaml:1: tag !!set is not allowed"),
    "custom tag": (VALID_HEAD + CLAIM + "    ratio: !bad 1.9\n", "bad.yaml:12: tag !bad is not allowed"),
    "alias bomb": (
        "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
        "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
        "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n",
        "bad.yaml:3: aliases repeat more than the file's own size; write the values out instead",
    ),
    "absurd nesting": ("[" * 50_000 + "]" * 50_000, "bad.yaml:1: invalid YAML: exceeded maximum nesting depth"),
    "deep block nesting": ("".join("  " * i + f"k{i}:\n" for i in range(60)) + "  " * 60 + "v\n", "bad.yaml:33: nesting deeper than 32 levels"),
    "empty file": ("", "bad.yaml:1: file is empty"),
    "only comments": ("# nothing here\n", "bad.yaml:1: file holds no YAML document"),
    "top-level list": ("- 1\n- 2\n", "bad.yaml:1: a claim file must be a mapping, not a list"),
    "top-level scalar": ("just text\n", "bad.yaml:1: a claim file must be a mapping, not 'just text'"),
    "string for a number": (VALID_HEAD + CLAIM + "    ratio: lots\n", "bad.yaml:12: ratio must be a number, not 'lots'"),
    "number with a unit": (VALID_HEAD + CLAIM + "    ratio: 1.9x\n", "bad.yaml:12: ratio must be a number, not '1.9x' (write 1.9)"),
    "date for a number": (VALID_HEAD + CLAIM + "    ratio: 2026-01-01\n", "bad.yaml:12: ratio must be a number, not '2026-01-01'"),
    "infinite number": (VALID_HEAD + CLAIM + "    ratio: .inf\n", "bad.yaml:12: ratio must be a number"),
    "exponent bomb": (VALID_HEAD + CLAIM + "    ratio: 1.0e+999999999\n", "bad.yaml:12: ratio must be a number: '1.0e+999999999' is out of range"),
    "digit bomb": (VALID_HEAD + CLAIM + "    ratio: " + "9" * 5000 + "\n", "bad.yaml:12: ratio must be a number: '99999999999999999999...' has more than 40 characters"),
    "date that does not exist": (
        VALID_HEAD + "  - id: d\n    quote: q 2026\n    system: jalapeno\n    event: e\n    date: {by: 2026-02-30}\n",
        "bad.yaml:10: date by '2026-02-30' is not a valid ISO date (YYYY-MM-DD)",
    ),
    "archive path escaping": (VALID_HEAD.replace("  publisher: P\n", "  publisher: P\n  archive: ../../etc/passwd\n") + CLAIM + "    ratio: 1.9\n", "must be a file name inside the archive directory"),
    "two documents": ("a: 1\n---\nb: 2\n", "bad.yaml:2: more than one YAML document in the file"),
    "merge key": (VALID_HEAD + "  - <<: {id: c}\n", "bad.yaml:6: merge keys (<<) are not supported"),
    "complex key": ("? [a, b]\n: c\n", "bad.yaml:1: mapping keys must be plain scalars"),
    "NUL byte": ("source:\n  id: s\x00\n", "bad.yaml:2: invalid YAML: character U+0000 is not allowed in YAML"),
    "claims not a list": (VALID_HEAD.replace("claims:\n", "claims: 7\n"), "bad.yaml:5: 'claims' must be a list, not '7'"),
    "condition not a scalar": (VALID_HEAD + CLAIM + "    ratio: 1.9\n    at: {software: [a, b]}\n", "bad.yaml:13: at condition 'software' must be a number or text, not a list"),
}


def run_audit(*args: str, cwd) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "AUDIT_CACHE_DIR"}
    env["AUDIT_CACHE_DIR"] = str(cwd / "cache")
    return subprocess.run([sys.executable, "-m", "jalapeno_audit", *args], cwd=cwd, capture_output=True, text=True, timeout=60, env=env)


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file(tmp_path, name):
    text, expected = CASES[name]
    corpus = tmp_path / "claims"
    corpus.mkdir()
    (corpus / "bad.yaml").write_text(text, encoding="utf-8")
    result = run_audit("check", "claims", "--archive", str(tmp_path), cwd=tmp_path)  # a hang fails at the timeout
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert expected in result.stderr, result.stderr
    assert result.stderr.startswith("claims/bad.yaml:")
    assert not (tmp_path / "pwned").exists()


def test_not_utf8(tmp_path):
    corpus = tmp_path / "claims"
    corpus.mkdir()
    (corpus / "bad.yaml").write_bytes(b"source:\n  title: \xff\xfe\n")
    result = run_audit("check", "claims", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "claims/bad.yaml:2: not UTF-8: byte 0xff at offset 17\n"


def test_very_large_file_is_refused_with_a_clear_message(tmp_path):
    corpus = tmp_path / "claims"
    corpus.mkdir()
    with open(corpus / "big.yaml", "w") as handle:
        handle.write("# padding\n" * 1_700_000)  # 17 MB
    result = run_audit("check", "claims", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "claims/big.yaml:1: file is larger than the 16,777,216-byte limit for claim files\n"


def test_symlink_out_of_the_corpus_is_refused(tmp_path):
    corpus = tmp_path / "claims"
    corpus.mkdir()
    (tmp_path / "outside.yaml").write_text("source: {}\n")
    (corpus / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    result = run_audit("check", "claims", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "claims/link.yaml:1: links outside the corpus directory; refusing to read it\n"


def test_bom_and_crlf_are_fine(tmp_path):
    corpus = tmp_path / "claims"
    corpus.mkdir()
    text = (VALID_HEAD + CLAIM + "    ratio: 1.9\n").replace("\n", "\r\n")
    (corpus / "ok.yaml").write_bytes(b"\xef\xbb\xbf" + text.encode())
    result = run_audit("check", "claims", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_output_into_a_directory_is_an_error_not_a_loss(tmp_path):
    result = run_audit("check", str(ROOT / "claims"), "--output", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2
    assert "cannot write" in result.stderr
