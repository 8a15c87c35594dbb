"""Nothing a checkout holds can change a verdict, hang, or exhaust the tool.

Sections follow the cases of the "trust nothing from the checkout" issue: 1 forged caches,
2 hostile cache entries, 3 concurrent reviews, 4 alias amplification, 5 inputs read once,
6 hostile text in output, 7 numbers, 8 errors that must name a file, 9 the smaller cases.
"""

from __future__ import annotations

import json
import marshal
import os
import shutil
import stat
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from jalapeno_audit import run
from jalapeno_audit.cli import app
from jalapeno_audit.corpus import cache as cache_module
from jalapeno_audit.corpus.cache import Cache, load_key

from .conftest import source_file

runner = CliRunner()

CLAIMS = [
    {"id": "j", "quote": "1,459 tokens", "system": "jalapeno", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "value": 1459},
    {"id": "g", "quote": "535 tokens", "system": "gb200", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "value": 535},
    {"id": "r", "quote": "2.7x faster", "system": "jalapeno", "vs": "gb200", "model": "gpt-oss-120b", "metric": "tokens-per-sec-per-user", "ratio": 2.7},
]
BAD_CLAIMS = [*CLAIMS[:2], dict(CLAIMS[2], ratio=9.4, quote="9.4x faster")]


def entries(directory, kind: str) -> dict[str, bytes]:
    """name -> bytes of every entry of one kind in a cache directory."""
    return {p.name: p.read_bytes() for p in (directory / kind).rglob("*") if p.is_file() and not p.name.startswith(".")}


def check(directory, *args):
    return runner.invoke(app, ["check", str(directory), *args])


# 1. A forged cache in the checkout (or in the real cache directory) cannot change a verdict.


def _opened(entry: bytes) -> tuple:
    """An entry file's (value, blob), read past its HMAC without checking it."""
    value, length = marshal.loads(entry[32:])
    return value, entry[len(entry) - length:] if length else b""


def forge_cache(tmp_path, monkeypatch, checkout, corpus) -> tuple:
    """What an attacker can commit: a cache under a key of their own that passes the bad corpus.

    Returns the forged cache directory and the attacker's XDG_CACHE_HOME.
    """
    forged, scratch, attacker = checkout / ".audit-cache", tmp_path / "scratch", tmp_path / "attacker"
    monkeypatch.setenv("XDG_CACHE_HOME", str(attacker))
    (corpus / "a.yaml").write_text(source_file("a", CLAIMS))
    assert check(corpus, "--format", "github", "--cache-dir", str(forged)).exit_code == 0
    (good_report,) = entries(forged, "reports").values()
    ((pack_name, good_pack),) = entries(forged, "files").items()
    (corpus / "a.yaml").write_text(source_file("a", BAD_CLAIMS))
    assert check(corpus, "--format", "github", "--cache-dir", str(scratch)).exit_code == 1
    (bad_report_name,) = entries(scratch, "reports")
    (bad_file_key,) = _opened(entries(scratch, "files")[pack_name])[0]
    (good_row,) = _opened(good_pack)[0].values()
    signer = Cache(str(forged), load_key())
    signer.put("reports", bad_report_name, *_opened(good_report))
    signer.put("files", pack_name, {bad_file_key: good_row})
    return forged, attacker


def test_forged_cache_in_the_checkout_changes_no_verdict(tmp_path, monkeypatch):
    checkout = tmp_path / "checkout"
    corpus = checkout / "claims"
    corpus.mkdir(parents=True)
    monkeypatch.chdir(checkout)
    forged, attacker = forge_cache(tmp_path, monkeypatch, checkout, corpus)
    honest = check(corpus, "--format", "json", "--no-cache")
    assert honest.exit_code == 1 and json.loads(honest.output)["summary"]["findings"]["error"] == 1

    # Under the attacker's own key the forgery works: both the whole report and the parsed file.
    fooled_report = check(corpus, "--format", "github", "--cache-dir", str(forged))
    fooled_pack = check(corpus, "--format", "json", "--cache-dir", str(forged))
    assert fooled_report.exit_code == 0 and fooled_pack.exit_code == 0

    # Anyone else's run ignores it: by default (the cache is not in the checkout), pointed at
    # it, and with the forged entries copied into the real cache directory.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "ci"))
    monkeypatch.delenv("AUDIT_CACHE_DIR")
    real = tmp_path / "ci" / "jalapeno-audit"
    for attempt in ("default", "copied", "pointed"):
        if attempt == "copied":
            shutil.copytree(forged, real, dirs_exist_ok=True)
        extra = ("--cache-dir", str(forged)) if attempt == "pointed" else ()
        github = check(corpus, "--format", "github", *extra)
        assert github.exit_code == 1 and github.output.startswith("::error file="), attempt
        result = check(corpus, "--format", "json", *extra)
        assert result.exit_code == 1 and result.output == honest.output, attempt
    assert attacker.is_dir() and real.is_dir()
    assert sorted(p.name for p in checkout.iterdir()) == [".audit-cache", "claims"]


def test_default_cache_is_the_user_cache_directory_with_a_private_key(tmp_path, monkeypatch, corpus_dir):
    monkeypatch.delenv("AUDIT_CACHE_DIR")
    monkeypatch.chdir(tmp_path)
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    assert check(directory).exit_code == 0
    user = tmp_path / "user-cache"
    assert entries(user / "jalapeno-audit", "reports") and entries(user / "jalapeno-audit", "files")
    key = user / "jalapeno-audit.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and key.stat().st_size == 32
    assert not (tmp_path / ".audit-cache").exists() and not (directory / ".audit-cache").exists()


def test_a_key_others_can_read_or_a_linked_key_turns_the_cache_off(tmp_path, corpus_dir, private_cache):
    directory = corpus_dir({"a.yaml": source_file("a", CLAIMS)})
    key = tmp_path / "user-cache" / "jalapeno-audit.key"
    key.parent.mkdir()
    key.write_bytes(b"k" * 32)
    key.chmod(0o644)
    assert check(directory).exit_code == 0 and not private_cache.exists()
    key.unlink()
    (tmp_path / "elsewhere").write_bytes(b"k" * 32)
    (tmp_path / "elsewhere").chmod(0o600)
    key.symlink_to(tmp_path / "elsewhere")
    assert check(directory).exit_code == 0 and not private_cache.exists()


# 2. Hostile cache entries are misses, fast, whatever they hold.


def _oversize(path) -> None:
    with path.open("wb") as handle:
        handle.truncate(cache_module.MAX_ENTRY_BYTES + 1)  # sparse: costs no disk


def hostile_entries(path, signer: Cache, kind: str, name: str, saved: bytes) -> dict:
    """Ways to fill one entry file: planted by hand, or signed with the real key but of the wrong shape."""
    if kind == "reports":
        wrong_shapes = [("x", 7, "y"), (7, "y", ()), (True, "y", ()), [0, "y", ()], (0, "y"), (0, "y", (("a", 1),))]
    else:
        (file_key,) = _opened(saved)[0]
        wrong_shapes = [[1, 2], {file_key: ("bad",)}, {file_key: ((1, 2), (), ())}, {file_key: (None, (("x",),), ())}, {file_key: 5}]
    cases = {
        "marshal bomb": lambda: path.write_bytes(b"[\x00\x00\x00\x01"),
        "link to /dev/zero": lambda: path.symlink_to("/dev/zero"),
        "pipe": lambda: os.mkfifo(path),
        "directory": lambda: path.mkdir(),
        "oversized": lambda: _oversize(path),
        "bit flip": lambda: path.write_bytes(bytes([saved[0] ^ 1]) + saved[1:]),
        "unsigned": lambda: path.write_bytes(saved[32:]),
    }
    for number, value in enumerate(wrong_shapes):
        cases[f"signed wrong shape {number}"] = lambda value=value: signer.put(kind, name, value)
    value, blob = _opened(saved)
    for number, length in enumerate((len(saved), -1, "x")):  # a blob longer than the entry, a negative one, no length
        payload = marshal.dumps((value, length))
        cases[f"signed blob length {number}"] = lambda payload=payload: path.write_bytes(signer._mac(kind, name, payload, blob) + payload + blob)
    return cases


@pytest.mark.parametrize("kind", ["reports", "files"])
def test_hostile_cache_entries_are_misses(tmp_path, corpus_dir, private_cache, kind):
    directory = corpus_dir({"a.yaml": source_file("a", BAD_CLAIMS)})
    honest = check(directory, "--format", "json", "--no-cache")
    assert honest.exit_code == 1
    assert check(directory, "--format", "json").output == honest.output
    (name,) = entries(private_cache, kind)
    path = private_cache / kind / name[:2] / name
    saved = path.read_bytes()
    signer = Cache(str(private_cache), load_key())
    for case, plant in hostile_entries(path, signer, kind, name, saved).items():
        path.unlink()
        plant()
        started = time.monotonic()
        result = subprocess.run([sys.executable, "-m", "jalapeno_audit", "check", str(directory), "--format", "json"], capture_output=True, text=True, timeout=30)
        elapsed = time.monotonic() - started
        assert (result.returncode, result.stdout, result.stderr) == (1, honest.output, ""), case
        TIMINGS[f"cache {kind}: {case}"] = elapsed
        path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink(missing_ok=True)
        path.write_bytes(saved)


TIMINGS: dict[str, float] = {}


def test_cache_size_is_bounded_oldest_entries_go_first(tmp_path, monkeypatch):
    cache = Cache(str(tmp_path / "c"), b"k" * 32)
    for number in range(5):
        cache.put("reports", f"{number:02d}" + "0" * 62, "x" * 1000)
        path = tmp_path / "c" / "reports" / f"{number:02d}" / (f"{number:02d}" + "0" * 62)
        os.utime(path, (1000 + number, 1000 + number))
    assert cache.get("reports", "00" + "0" * 62) == "x" * 1000  # a hit makes it the most recent
    cache.evict(limit=3 * 1100)
    left = sorted(entries(tmp_path / "c", "reports"))
    assert left == ["00" + "0" * 62, "03" + "0" * 62, "04" + "0" * 62]
    monkeypatch.setattr(cache_module, "MAX_ENTRY_BYTES", 500)
    cache.put("reports", "05" + "0" * 62, "y" * 1000)
    assert cache.get("reports", "05" + "0" * 62) is None and not (tmp_path / "c" / "reports" / "05").exists()


# 5. Every input is read once: the report is built from the bytes its cache key was made of.


def test_report_uses_the_bytes_read_for_its_key(tmp_path, corpus_dir):
    archive = tmp_path / "archive"
    archive.mkdir()
    (archive / "a.txt").write_text("It did 1,459 tokens against 535 tokens, 2.2x faster.\n")
    claims = [*CLAIMS[:2], dict(CLAIMS[2], ratio=2.2, quote="2.2x faster")]
    directory = corpus_dir({"a.yaml": source_file("a", claims, archive="a.txt")})
    fingerprint = json.loads(check(directory, "--archive", str(archive), "--format", "json").output)["findings"][0]["fingerprint"]
    review = runner.invoke(app, ["review", fingerprint, "--verdict", "confirmed", "--note", "wrong", "--corpus", str(directory)])
    assert review.exit_code == 0, review.output
    options, _ = run.settle([str(directory)], archive=str(archive))
    inputs = run.read_all(options)
    # Both change on disk after they were read: the report must not see the change.
    (directory / "reviews.yaml").write_text("# emptied\n")
    (archive / "a.txt").write_text("nothing quoted here\n")
    report = run.build_report(options, inputs, None)
    assert [f.rule for f in report.findings] == ["ratio-arithmetic"]
    assert report.findings[0].review is not None and not report.failing()


# 3. Concurrent reviews keep every distinct entry and refuse true duplicates.

INTERNAL = [
    {"id": f"c{n}", "quote": f"{n} times better in internal testing", "system": "jalapeno", "statement": f"better {n}", "evidence": "internal"}
    for n in range(10)
]


def fingerprints(directory) -> list[str]:
    result = check(directory, "--format", "json", "--fail-on", "never")
    return [f["fingerprint"] for f in json.loads(result.output)["findings"]]


def test_twenty_concurrent_reviews_lose_nothing_and_duplicate_nothing(corpus_dir):
    directory = corpus_dir({"a.yaml": source_file("a", INTERNAL)})
    found = fingerprints(directory)
    assert len(found) == 10
    env = dict(os.environ)
    command = [sys.executable, "-m", "jalapeno_audit", "review", "--verdict", "confirmed", "--corpus", str(directory)]
    # Every finding reviewed by two processes at once: one must add it, the other be refused.
    processes = [subprocess.Popen([*command, found[n % 10], "--note", f"run {n}"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for n in range(20)]
    outcomes = [(p.wait(timeout=60), p.stdout.read() + p.stderr.read()) for p in processes]
    for p in processes:
        p.stdout.close()
        p.stderr.close()
    added = [out for code, out in outcomes if code == 0]
    refused = [out for code, out in outcomes if code == 2]
    assert len(added) == 10 and len(refused) == 10, outcomes
    assert all("added review of" in out for out in added) and all("is already reviewed (confirmed)" in out for out in refused)
    text = (directory / "reviews.yaml").read_text()
    assert sorted(line.split('"')[1] for line in text.splitlines() if line.startswith("- finding:")) == sorted(found)
    assert check(directory, "--fail-on", "info").exit_code == 0


# 9 (reviews). Line endings and untouched bytes are kept; --replace replaces in CR-only files.


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_review_keeps_line_endings_and_other_entries(corpus_dir, newline):
    directory = corpus_dir({"a.yaml": source_file("a", INTERNAL[:3])})
    first, second, third = fingerprints(directory)
    kept = f'# comment kept   {newline}- finding: "{first}"{newline}  verdict: explained   # odd spacing{newline}  note: "n"{newline}'
    (directory / "reviews.yaml").write_bytes(b"\xef\xbb\xbf" + kept.encode())
    assert runner.invoke(app, ["review", second, "--verdict", "confirmed", "--note", "two", "--corpus", str(directory)]).exit_code == 0
    data = (directory / "reviews.yaml").read_bytes()
    added = f'- finding: "{second}"{newline}  verdict: confirmed{newline}  note: "two"{newline}'
    assert data.startswith(b"\xef\xbb\xbf" + kept.encode()) and added.encode() in data
    replaced = runner.invoke(app, ["review", first, "--verdict", "confirmed", "--note", "new", "--replace", "--corpus", str(directory)])
    assert replaced.exit_code == 0 and "replaced review" in replaced.output
    data = (directory / "reviews.yaml").read_bytes()
    assert data.startswith(f"\ufeff# comment kept   {newline}- finding: \"{first}\"{newline}  verdict: confirmed{newline}".encode())
    assert data.count(b"- finding:") == 2 and added.encode() in data and b"explained" not in data
    assert (b"\n" in data) == (newline != "\r") and (b"\r" in data) == (newline != "\n")
    assert runner.invoke(app, ["review", third, "--verdict", "confirmed", "--note", "3", "--corpus", str(directory)]).exit_code == 0
    assert check(directory, "--fail-on", "info").exit_code == 0


# 4. Aliases cannot amplify work or output; errors per file are capped. 9: many unknown keys stay fast.

HEAD = "source:\n  id: s\n  title: T\n  publisher: P\nclaims:\n"


def audit(tmp_path, *args, timeout=30):
    """A whole `audit` run and its wall time, printed in the summary; the timeout only catches a run that never ends."""
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "jalapeno_audit", *args], cwd=tmp_path, capture_output=True, text=True, timeout=timeout)
    return result, time.monotonic() - started


def write_claims(tmp_path, text: str) -> None:
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "a.yaml").write_text(text)


def test_one_bad_claim_aliased_ten_thousand_times_is_one_error(tmp_path):
    bad = "  - &c {id: c, quote: q, system: nope, vs: nah, metric: zzz, ratio: -1, bogus: 1}\n"
    write_claims(tmp_path, HEAD + bad + "  - *c\n" * 10_000)
    result, elapsed = audit(tmp_path, "check", "claims")
    assert result.returncode == 2
    TIMINGS["one bad claim aliased 10,000 times"] = elapsed
    assert result.stderr.endswith("aliases repeat more than the file's own size; write the values out instead\n")
    assert result.stderr.count("\n") < 10


def test_a_large_quote_aliased_by_thousands_of_claims_is_refused(tmp_path):
    anchor = '  title2: &q "' + "x" * 200_000 + '"\n'
    claims = "".join(f"  - {{id: c{n}, quote: *q, system: jalapeno, statement: s}}\n" for n in range(5000))
    write_claims(tmp_path, HEAD.replace("claims:\n", anchor + "claims:\n") + claims)
    result, elapsed = audit(tmp_path, "check", "claims")
    assert result.returncode == 2
    TIMINGS["a 200 kB quote aliased 5,000 times"] = elapsed
    assert result.stderr == "claims/a.yaml:9: aliases repeat more than the file's own size; write the values out instead\n"


def test_aliases_within_the_file_size_still_work(tmp_path):
    at = "  - id: c{n}\n    quote: '{n} tokens'\n    system: jalapeno\n    model: gpt-oss-120b\n    metric: throughput\n    value: {n}\n    at: {ref}\n"
    claims = at.format(n=1, ref="&cond {tokens-per-sec-per-user: 169}") + "".join(at.format(n=n, ref="*cond") for n in range(2, 6))
    write_claims(tmp_path, HEAD + claims)
    result, _ = audit(tmp_path, "check", "claims", "--format", "json", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["summary"]["claims"] == 5


def test_errors_per_file_are_capped_with_a_count_of_the_rest(tmp_path):
    write_claims(tmp_path, HEAD + "".join(f"  - {{id: c{n}, quote: q, system: nope, statement: s}}\n" for n in range(300)))
    result, _ = audit(tmp_path, "check", "claims")
    lines = result.stderr.splitlines()
    assert result.returncode == 2 and len(lines) == 51
    assert lines[0] == "claims/a.yaml:6: unknown system 'nope' in system"
    assert lines[-1] == "claims/a.yaml:56: and 250 more problems in this file, the first of them here (fix these first)"


def test_many_unknown_keys_stay_fast_and_short(tmp_path):
    write_claims(tmp_path, HEAD.replace("claims:\n", "claims: []\n") + "".join(f"k{n}: 1\n" for n in range(100_000)))
    result, elapsed = audit(tmp_path, "check", "claims")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 51
    assert result.stderr.splitlines()[-1].endswith("and 99,950 more problems in this file, the first of them here (fix these first)")
    TIMINGS["100,000 unknown keys (1 MB)"] = elapsed


# 6. Hostile text cannot reach a terminal or a CI log as anything but text.

FORMATS = ["text", "markdown", "github", "json", "sarif", "claimreview"]
INVISIBLE = ["\x1b", "\x07", "\x9b", "\u202e", "\u2066", "\u2028"]


def hostile_corpus(tmp_path):
    """A finding whose file name, quote, speaker and review carry escapes, OSC 8/52 and bidi overrides."""
    directory = tmp_path / "claims"
    directory.mkdir()
    name = "a\x1b]8;;https:example.org\x07link\x1b]8;;\x07\u202e.yaml"
    claims = [*CLAIMS[:2], dict(CLAIMS[2], ratio=9.4, quote="9.4x \x1b[2J\u202eevil\x1b]52;c;ZXZpbA==\x07", by="Pub\u2066lisher\u2028B")]
    (directory / name).write_text(source_file("a", claims))
    fingerprint = json.loads(check(directory, "--format", "json").output)["findings"][0]["fingerprint"]
    note = "::error::forged \\e[31m" * 20  # YAML escapes: ESC
    (directory / "reviews.yaml").write_text(
        f'- finding: "{fingerprint}"\n  verdict: confirmed\n  note: "{note}\\u202e"\n  by: "R\\e]52;c;eA==\\a"\n'
        '- finding: "gone:\\e]52;c;ZXZpbA==\\a\\u202e"\n  verdict: explained\n  note: "stale"\n'
    )
    return directory


@pytest.mark.parametrize("output_format", FORMATS)
def test_hostile_text_is_made_visible_in_every_format(tmp_path, output_format):
    directory = hostile_corpus(tmp_path)
    result = check(directory, "--format", output_format, "--fail-on", "never")
    assert result.exit_code == 0, result.output
    output = result.output
    for character in INVISIBLE:
        assert character not in output, (output_format, repr(character))
    lines = output.splitlines()
    if output_format == "github":
        assert all(line.startswith(("::error file=", "::warning file=", "::notice file=")) for line in lines)
        assert len(lines) == 2  # the finding and the stale review
    else:
        assert not any(line.lstrip().startswith("::") for line in lines)
    if output_format in ("json", "sarif", "claimreview"):
        assert "\\u202e" in output
        assert "\u202e" in json.dumps(json.loads(output), ensure_ascii=False)  # valid, and the same data
    if output_format in ("text", "markdown"):
        assert "\\x1b" in output and "\\u202e" in output


def test_load_errors_cannot_issue_workflow_commands(tmp_path):
    (tmp_path / "claims").mkdir()
    bad = [dict(CLAIMS[0], system="x\n::error::forged", by="\x1b]8;;https://example.org\x07me")]
    (tmp_path / "claims" / "::error::b\u202e.yaml").write_text(source_file("a", bad))
    result, _ = audit(tmp_path, "check", "claims", "--format", "github")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "claims/::error::b\\u202e.yaml:8: unknown system 'x\\x0a::error::forged' in system\n"
    (tmp_path / "claims" / "::error::b\u202e.yaml").unlink()
    (tmp_path / "claims" / "::warning::c.yaml").write_text(source_file("a", bad))
    result, _ = audit(tmp_path / "claims", "check", "::warning::c.yaml")
    assert result.returncode == 2 and result.stderr.startswith("\\x3a:warning::c.yaml:8: unknown system")


# 7. Numbers: a zero or negative absolute figure is a load error, not a crash or a silenced rule.


@pytest.mark.parametrize(("value", "message"), [
    (0, "17: value 0 must be positive: an absolute figure is a magnitude"),
    (-535, "17: value -535 must be positive: an absolute figure is a magnitude"),
    ([-1, 535], "18: value range [-1, 535] must be positive"),
])
def test_zero_or_negative_values_are_load_errors(tmp_path, value, message):
    write_claims(tmp_path, source_file("a", [CLAIMS[0], dict(CLAIMS[1], value=value), CLAIMS[2]]))
    result, _ = audit(tmp_path, "check", "claims")
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"claims/a.yaml:{message}\n")


# 8. Errors that must name a file, never "internal error".


def expect_error(result, stderr: str) -> None:
    assert result.returncode == 2 and "internal error" not in result.stderr and "Traceback" not in result.stderr
    assert result.stderr == stderr


def test_date_before_the_first_day_is_a_load_error(tmp_path):
    write_claims(tmp_path, HEAD + "  - {id: d, quote: q, system: jalapeno, event: e, date: {before: 0001-01-01}}\n")
    expect_error(audit(tmp_path, "check", "claims")[0], "claims/a.yaml:6: date before 0001-01-01 leaves no day at all\n")


def test_a_loop_of_links_between_claim_files_is_a_load_error(tmp_path):
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "claims" / "b.yaml").symlink_to("a.yaml")
    expect_error(audit(tmp_path, "check", "claims")[0], "".join(
        f"claims/{n}.yaml:1: is a link that leads to no file (dangling, or a loop of links)\n" for n in "ab"))


def test_reviews_file_that_is_a_directory_is_a_load_error(tmp_path):
    write_claims(tmp_path, source_file("a", CLAIMS))
    (tmp_path / "claims" / "reviews.yaml").mkdir()
    expect_error(audit(tmp_path, "check", "claims")[0], "claims/reviews.yaml:1: is a directory, not a file\n")


def test_new_into_a_file_is_an_error(tmp_path):
    (tmp_path / "article.txt").write_text("Jalapeño is 2.7x faster.\n")
    (tmp_path / "plain").write_text("")
    result, _ = audit(tmp_path, "new", "article.txt", "--id", "x", "--into", "plain")
    expect_error(result, "audit: --into plain is not a directory\n")


def test_file_name_that_is_not_utf8_is_reported_in_markdown(tmp_path):
    (tmp_path / "claims").mkdir()
    with open(os.path.join(os.fsencode(tmp_path / "claims"), b"bad\xff.yaml"), "w") as handle:
        handle.write(source_file("a", BAD_CLAIMS))
    result, _ = audit(tmp_path, "check", "claims", "--format", "markdown")
    assert result.returncode == 1, result.stderr
    assert "[claims/bad\\\\xff.yaml:18](claims/bad%FF.yaml#L18)" in result.stdout


def test_bad_step_summary_path_fails_before_the_report(tmp_path):
    write_claims(tmp_path, source_file("a", CLAIMS))
    env = dict(os.environ, GITHUB_STEP_SUMMARY=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "jalapeno_audit", "check", "claims", "--format", "github", "--step-summary"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=30, env=env)
    assert result.stdout == ""
    expect_error(result, f"audit: cannot append the step summary to {tmp_path}: Is a directory\n")


# 9. Temporary files: removed on SIGTERM, never read, and cleaned when a killed process left them.


def test_sigterm_during_a_write_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "claims" / "reviews.yaml"
    target.parent.mkdir()
    target.write_text("old\n")
    script = (
        "import os, sys, time\n"
        "from jalapeno_audit import fileio\n"
        "def stall(fd):\n"
        "    print('writing', flush=True)\n"
        "    time.sleep(30)\n"
        "os.fsync = stall\n"
        f"fileio.write_atomic({str(target)!r}, 'new\\n')\n"
    )
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline() == "writing\n"
    assert [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")]
    process.terminate()
    assert process.wait(timeout=10) == 128 + 15
    process.stdout.close()
    assert [p.name for p in target.parent.iterdir()] == ["reviews.yaml"] and target.read_text() == "old\n"


def test_leftover_temporaries_are_ignored_and_old_ones_cleaned(tmp_path):
    directory = tmp_path / "claims"
    directory.mkdir()
    (directory / "a.yaml").write_text(source_file("a", INTERNAL[:1]))
    for name, age in ((".audit-old.tmp", 7200), (".audit-new.tmp", 60)):
        (directory / name).write_text("source: [not yaml at all\n")
        os.utime(directory / name, (time.time() - age, time.time() - age))
    result, _ = audit(tmp_path, "check", "claims", "--format", "json", "--fail-on", "never")
    assert result.returncode == 0, result.stderr
    (fingerprint,) = [f["fingerprint"] for f in json.loads(result.stdout)["findings"]]
    result, _ = audit(tmp_path, "review", fingerprint, "--verdict", "confirmed", "--note", "n")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in directory.iterdir()) == [".audit-new.tmp", "a.yaml", "reviews.yaml"]


def test_new_refuses_a_dangling_link_and_force_writes_beside_it(tmp_path):
    (tmp_path / "article.txt").write_text("Jalapeño is 2.7x faster than GB200 on gpt-oss-120b.\n")
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "x.yaml").symlink_to("nowhere.yaml")
    result, _ = audit(tmp_path, "new", "article.txt", "--id", "x")
    expect_error(result, "audit: claims/x.yaml exists; refusing to overwrite it (--force writes x.new.yaml beside it)\n")
    result, _ = audit(tmp_path, "new", "article.txt", "--id", "x", "--force")
    assert result.returncode == 0 and result.stdout.startswith("wrote claims/x.new.yaml:")
    assert not (tmp_path / "nowhere.yaml").exists() and not (tmp_path / "claims" / "nowhere.yaml").exists()
