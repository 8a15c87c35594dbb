"""Every load error names the file and line and says what is wrong."""

from __future__ import annotations

import pytest

from jalapeno_audit.corpus.loader import load_corpus
from jalapeno_audit.errors import AuditError

HEAD = """source:
  id: s
  title: T
  publisher: P
claims:
"""
CLAIM = """  - id: c
    quote: "85,448 tokens"
    system: jalapeno
    model: gpt-oss-120b
    metric: throughput-per-kw
"""


def problems(corpus_dir, files: dict[str, str], archive=None) -> list[str]:
    directory = corpus_dir(files)
    with pytest.raises(AuditError) as caught:
        load_corpus([str(directory)], archive)
    return [f"{p.path.rsplit('/', 1)[-1]}:{p.line}: {p.message}" for p in caught.value.problems]


CASES = {
    "unknown field with suggestion": (
        HEAD + CLAIM + "    vaule: 85448\n",
        "s.yaml:11: unknown field 'vaule' in claim (did you mean 'value'?)",
    ),
    "no figure at all": (HEAD + CLAIM, "s.yaml:6: a claim needs exactly one of value, ratio, date, statement (it has none)"),
    "two figures": (
        HEAD + CLAIM + "    value: 85448\n    statement: x\n",
        "s.yaml:6: a claim needs exactly one of value, ratio, date, statement (it has value and statement)",
    ),
    "ratio without vs": (HEAD + CLAIM + "    ratio: 1.9\n", "s.yaml:11: a ratio needs 'vs': the comparator it is measured against"),
    "ratio without system": (
        HEAD + CLAIM.replace("    system: jalapeno\n", "") + "    vs: gb200\n    ratio: 1.9\n",
        "s.yaml:11: a ratio needs 'system': what is compared against 'vs'",
    ),
    "non-positive ratio": (HEAD + CLAIM + "    vs: gb200\n    ratio: 0\n", "s.yaml:12: ratio 0 must be positive (a figure below 1 means system is worse)"),
    "range lo above hi": (HEAD + CLAIM + "    value: [3, 2]\n", "s.yaml:11: value range [3, 2] has lo > hi"),
    "invalid date": (
        HEAD.replace("  publisher: P\n", "  publisher: P\n  published: 2026-02-30\n") + CLAIM + "    value: 85448\n",
        "s.yaml:5: source published '2026-02-30' is not a valid ISO date (YYYY-MM-DD)",
    ),
    "id breaks the pattern": (HEAD.replace("id: s", "id: Bad_Id") + CLAIM + "    value: 85448\n", "s.yaml:2: source id 'Bad_Id' does not match [a-z0-9][a-z0-9-]*"),
    "unknown system": (
        HEAD + CLAIM.replace("system: jalapeno", "system: jalapeño") + "    value: 85448\n",
        "s.yaml:8: unknown system 'jalapeño' in system (did you mean 'jalapeno'?)",
    ),
    "unknown model": (
        HEAD + CLAIM.replace("gpt-oss-120b", "gpt-oss-12b") + "    value: 85448\n",
        "s.yaml:9: unknown model 'gpt-oss-12b' in model (did you mean 'gpt-oss-120b'?)",
    ),
    "unknown metric": (
        HEAD + CLAIM.replace("throughput-per-kw", "throughput-per-kwh") + "    value: 85448\n",
        "s.yaml:10: unknown metric 'throughput-per-kwh' in metric (did you mean 'throughput-per-kw' or 'image-throughput-per-watt' or 'throughput'?)",
    ),
    "unknown unit": (HEAD + CLAIM + "    value: 85448\n    unit: tok/s/mw\n", "s.yaml:12: unknown unit 'tok/s/mw' (did you mean 'tok/s/MW' or 'tok/s/W' or 'tok/s'?)"),
    "duplicate key": (HEAD + CLAIM + "    value: 85448\n    value: 85449\n", "s.yaml:12: duplicate key 'value' (first at line 11)"),
    "string where a number belongs": (HEAD + CLAIM + "    value: 85,448\n", "s.yaml:11: value must be a number, not '85,448' (write 85448)"),
    "unknown hedge": (HEAD + CLAIM + "    value: 85448\n    approx: abuot\n", "s.yaml:12: approx 'abuot' is not one of about, roughly, around, approximately, nearly, almost, ~, up to, at most, below, under, less than, just shy of, as much as, no more than, not more than, not above, or less, or below, at least, more than, over, above, exceeding, a bit over, +, or more, no less than, not below (did you mean 'about' or 'above'?)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_load_error(corpus_dir, name):
    text, expected = CASES[name]
    assert expected in problems(corpus_dir, {"s.yaml": text})


def test_duplicate_claim_ids_in_a_file(corpus_dir):
    text = HEAD + CLAIM + "    value: 85448\n" + CLAIM + "    value: 85448\n"
    assert problems(corpus_dir, {"s.yaml": text}) == ["s.yaml:12: duplicate claim id 'c' (first at line 6)"]


def test_duplicate_source_ids_across_files(corpus_dir):
    text = HEAD + CLAIM + "    value: 85448\n"
    assert problems(corpus_dir, {"a.yaml": text, "b.yaml": text}) == [
        f"b.yaml:2: duplicate source id 's' (first in {corpus_dir({}) / 'a.yaml'}:2)"
    ]


def test_every_error_in_the_corpus_is_collected_and_sorted(corpus_dir):
    bad = HEAD + CLAIM + "    vaule: 1\n"
    found = problems(corpus_dir, {"a.yaml": bad, "b.yaml": "[1, 2\n", "c.yaml": ""})
    assert found == [
        "a.yaml:6: a claim needs exactly one of value, ratio, date, statement (it has none)",
        "a.yaml:11: unknown field 'vaule' in claim (did you mean 'value'?)",
        "b.yaml:2: invalid YAML: did not find expected ',' or ']'",
        "c.yaml:1: file is empty",
    ]


def test_archive_path_escaping_is_refused(corpus_dir, tmp_path):
    archive = tmp_path / "archive"
    archive.mkdir()
    (tmp_path / "secret.txt").write_text("85,448 tokens")
    text = HEAD.replace("  publisher: P\n", "  publisher: P\n  archive: ../secret.txt\n") + CLAIM + "    value: 85448\n"
    assert problems(corpus_dir, {"s.yaml": text}, str(archive)) == [
        "s.yaml:5: source archive '../secret.txt' must be a file name inside the archive directory, not a path"
    ]


def test_archive_symlink_escaping_is_refused(corpus_dir, tmp_path):
    archive = tmp_path / "archive"
    archive.mkdir()
    (tmp_path / "secret.txt").write_text("85,448 tokens")
    (archive / "link.txt").symlink_to(tmp_path / "secret.txt")
    text = HEAD.replace("  publisher: P\n", "  publisher: P\n  archive: link.txt\n") + CLAIM + "    value: 85448\n"
    found = problems(corpus_dir, {"s.yaml": text}, str(archive))
    assert found == [f"s.yaml:2: archive 'link.txt' is outside the archive directory {archive}"]


def test_numbers_keep_their_written_text(corpus_dir):
    text = HEAD + CLAIM.replace("throughput-per-kw", "e2e-latency") + "    value: 1.80\n"
    corpus = load_corpus([str(corpus_dir({"s.yaml": text}))])
    assert corpus.claims[0].figure.text == "1.80"
    assert str(corpus.interval(corpus.claims[0])) == "[1.795, 1.805]"


def test_python_tags_are_refused_not_executed(corpus_dir):
    text = HEAD + CLAIM + "    value: !!python/object/apply:os.system ['touch /tmp/pwned']\n"
    assert problems(corpus_dir, {"s.yaml": text}) == [
        "s.yaml:11: tag !!python/object/apply:os.system is not allowed in claim files"
    ]


def test_alias_bomb_and_deep_nesting_are_refused_quickly(corpus_dir):
    bomb = "a: &a ['x','x','x','x','x','x','x','x','x']\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
    )
    flow = "[" * 100_000 + "]" * 100_000
    block = "".join("  " * i + f"k{i}:\n" for i in range(40)) + "  " * 40 + "v\n"
    found = problems(corpus_dir, {"bomb.yaml": bomb, "flow.yaml": flow, "block.yaml": block})
    assert found == [
        "block.yaml:33: nesting deeper than 32 levels",
        "bomb.yaml:3: aliases repeat more than the file's own size; write the values out instead",
        "flow.yaml:1: invalid YAML: exceeded maximum nesting depth",
    ]


def test_not_utf8_and_top_level_list(corpus_dir):
    directory = corpus_dir({"list.yaml": "- 1\n- 2\n"})
    (directory / "latin1.yaml").write_bytes(b"source:\n  title: caf\xe9\n")
    with pytest.raises(AuditError) as caught:
        load_corpus([str(directory)])
    messages = [f"{p.path.rsplit('/', 1)[-1]}:{p.line}: {p.message}" for p in caught.value.problems]
    assert messages == ["latin1.yaml:2: not UTF-8: byte 0xe9 at offset 20", "list.yaml:1: a claim file must be a mapping, not a list"]


def test_jalapeno_corpus_loads_with_both_sources():
    from .conftest import ROOT, SHARED_SOURCES

    archive = str(SHARED_SOURCES) if SHARED_SOURCES.is_dir() else None
    corpus = load_corpus([str(ROOT / "claims")], archive)
    assert set(corpus.sources) == {"jalapeno-explainer", "jalapeno-news-card"}
    assert len(corpus.claims) >= 60
    assert {c.source for c in corpus.claims} == set(corpus.sources)


def test_catalog_extension_adds_and_replaces_entries(corpus_dir):
    catalog = (
        "systems:\n"
        "  mi355x: {name: 'AMD Instinct MI355X', member_of: amd-instinct}\n"
        "  amd-instinct: {name: 'AMD Instinct'}\n"
        "metrics:\n"
        "  e2e-latency: {name: 'request latency', unit: ms, better: lower, family: responsiveness}\n"
    )
    text = HEAD + CLAIM.replace("system: jalapeno", "system: mi355x").replace("throughput-per-kw", "e2e-latency") + "    value: 850\n"
    corpus = load_corpus([str(corpus_dir({"catalog.yaml": catalog, "s.yaml": text}))])
    assert corpus.catalog.family_of("mi355x") == "amd-instinct"
    assert corpus.catalog.metrics["e2e-latency"].unit == "ms"  # the built-in entry is replaced
    assert "jalapeno" in corpus.catalog.systems  # the rest of the built-in catalog stays


def test_catalog_errors_name_the_catalog_file(corpus_dir):
    catalog = "systems:\n  mi355x: {name: 'MI355X', membr_of: amd}\nmetrcs: {}\n"
    found = problems(corpus_dir, {"catalog.yaml": catalog, "s.yaml": HEAD + CLAIM + "    value: 1\n"})
    assert found == [
        "catalog.yaml:2: unknown field 'membr_of' in system (did you mean 'member_of'?)",
        "catalog.yaml:3: unknown catalog section 'metrcs' (did you mean 'metrics'?)",
    ]


def test_parts_families_and_model_families_are_read(corpus_dir):
    catalog = (
        "systems:\n"
        "  rack: {name: Rack}\n"
        "  board: {name: Board, part_of: {rack: 36}}\n"
        "  gpu: {name: GPU, part_of: {board: 2, rack: 72}}\n"
        "models:\n"
        "  llama: {name: Llama}\n"
        "  llama-8b: {name: Llama 8B, member_of: llama}\n"
    )
    corpus = load_corpus([str(corpus_dir({"catalog.yaml": catalog, "s.yaml": HEAD + CLAIM + "    value: 1\n"}))])
    assert corpus.catalog.systems["gpu"].part_of == (("board", 2), ("rack", 72))
    assert corpus.catalog.wholes_of("gpu") == {"board": 2, "rack": 72}
    assert corpus.catalog.devices_in("rack") == 72
    assert corpus.catalog.devices_in("board") == 2
    assert corpus.catalog.devices_in("gpu") == 1
    assert corpus.catalog.model_family_of("llama-8b") == "llama"


@pytest.mark.parametrize(
    ("catalog", "expected"),
    [
        ("systems:\n  gpu: {name: GPU, part_of: {rak: 72}}\n  rack: {name: Rack}\n", ["catalog.yaml:2: system 'gpu' is part_of unknown system 'rak' (did you mean 'rack'?)"]),
        ("systems:\n  gpu: {name: GPU, part_of: {rack: 0}}\n  rack: {name: Rack}\n", ["catalog.yaml:2: system 'gpu' part_of count of 'rack' must be a whole number of at least 1, not '0'"]),
        ("systems:\n  gpu: {name: GPU, part_of: {rack: 1.5}}\n  rack: {name: Rack}\n", ["catalog.yaml:2: system 'gpu' part_of count of 'rack' must be a whole number of at least 1, not '1.5'"]),
        ("systems:\n  gpu: {name: GPU, part_of: [rack]}\n  rack: {name: Rack}\n", ["catalog.yaml:2: system 'gpu' part_of must be a mapping, not a list"]),
        ("systems:\n  gpu: {name: GPU, part_of: {gpu: 2}}\n", ["catalog.yaml:2: system 'gpu' is part_of itself"]),
        (
            "systems:\n  gpu: {name: GPU, part_of: {board: 2}}\n  board: {name: Board, part_of: {rack: 36}}\n  rack: {name: Rack, part_of: {gpu: 1}}\n",
            ["catalog.yaml:3: system 'board' loops through part_of: board -> rack -> gpu -> board"],
        ),
        ("systems:\n  a: {name: A, member_of: b}\n  b: {name: B, member_of: a}\n", ["catalog.yaml:2: system 'a' loops through member_of: a -> b -> a"]),
        ("models:\n  llama-8b: {name: Llama 8B, member_of: lama}\n  llama: {name: Llama}\n", ["catalog.yaml:2: model 'llama-8b' is member_of unknown model 'lama' (did you mean 'llama' or 'llama-8b'?)"]),
        ("models:\n  a: {name: A, member_of: b}\n  b: {name: B, member_of: a}\n", ["catalog.yaml:2: model 'a' loops through member_of: a -> b -> a"]),
    ],
    ids=["unknown whole", "zero count", "fractional count", "not a mapping", "part of itself", "loop of parts", "loop of families", "unknown model family", "loop of model families"],
)
def test_part_and_family_errors(corpus_dir, catalog, expected):
    assert problems(corpus_dir, {"catalog.yaml": catalog, "s.yaml": HEAD + CLAIM + "    value: 1\n"}) == expected


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ("    value: 1\n    direction: advantage\n", ["s.yaml:12: 'direction' applies to a statement; a value points its own way", "s.yaml:12: direction needs 'vs': the comparator the advantage is over"]),
        ("    vs: gb200\n    statement: faster\n    direction: sideways\n", ["s.yaml:13: direction 'sideways' is not one of advantage, disadvantage"]),
        ("    statement: faster\n    aggregate: average\n", ["s.yaml:12: 'aggregate' applies to a value or ratio, not a statement"]),
        ("    value: 1\n    aggregate: median\n", ["s.yaml:12: aggregate 'median' is not one of average"]),
    ],
    ids=["direction on a figure without vs", "unknown direction", "aggregate on a statement", "unknown aggregate"],
)
def test_direction_and_aggregate_errors(corpus_dir, fields, expected):
    assert problems(corpus_dir, {"s.yaml": HEAD + CLAIM + fields}) == expected


def test_direction_and_aggregate_are_read(corpus_dir):
    text = HEAD + CLAIM + "    vs: gb200\n    statement: faster\n    direction: disadvantage\n  - id: d\n    quote: q\n    system: jalapeno\n    vs: gb200\n    metric: throughput\n    ratio: 1.5\n    aggregate: average\n"
    corpus = load_corpus([str(corpus_dir({"s.yaml": text}))])
    statement, average = corpus.claims
    assert (statement.direction, statement.figure_text()) == ("disadvantage", "(disadvantage, no figure)")
    assert (average.aggregate, average.figure_text()) == ("average", "1.5x on average")


def test_unit_conversions_follow_chains(tmp_path):
    """A corpus's unit may convert to another unit that converts further (EFLOPS -> PFLOPS -> TFLOPS)."""
    from fractions import Fraction

    from jalapeno_audit.corpus.catalog import load_catalog

    text = "units:\n  EFLOPS: {metric_unit: PFLOPS, factor: 1000}\n  zettaflops: {metric_unit: EFLOPS, factor: 1000}\n"
    catalog = load_catalog(("catalog.yaml", text.encode()))
    assert catalog.conversion("EFLOPS", "PFLOPS") == 1000
    assert catalog.conversion("zettaflops", "TFLOPS") == Fraction(10**9)
    assert catalog.conversion("TFLOPS", "EFLOPS") == Fraction(1, 10**6)
    assert catalog.conversion("zettaflops", "ms") is None
