"""Generate a synthetic corpus of claim files for benchmarking.

Sources retell the same underlying results: each topic is one model measured on one system
against a comparator, with absolute figures for both sides and the ratio between them. Every
source repeats a handful of topics, rounded the way writers round, so the rules have real
groups to work on; about one source in fifty carries a planted disagreement (a wrong ratio, a
figure swapped to a related metric, a drifted absolute, a date that cannot hold).

    python benchmarks/generate.py 100000 /tmp/corpus-100k
    python benchmarks/generate.py 100000 /tmp/dense-100k --dense   # one claim in three contested
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

CLAIMS_PER_SOURCE = 50
SYSTEMS = 40
MODELS = 60


def catalog() -> str:
    lines = ["systems:", "  family-a: {name: \"Family A\"}", "  family-b: {name: \"Family B\"}", "  leading-systems: {name: \"leading systems\", vague: true}"]
    for i in range(SYSTEMS):
        family = "family-a" if i % 2 else "family-b"
        lines.append(f"  sys-{i}: {{name: \"System {i}\", member_of: {family}}}")
    lines.append("models:")
    lines += [f"  model-{i}: {{name: \"Model {i}\"}}" for i in range(MODELS)]
    return "\n".join(lines) + "\n"


def topics(rng: random.Random, count: int):
    """Ground truth: (system, comparator, model, speed of each side, latency of each side)."""
    result = []
    used = set()  # (system, model) pairs already given a figure: one truth per pair
    while len(result) < count:
        system, comparator = rng.sample(range(SYSTEMS), 2)
        model = rng.randrange(MODELS)
        if (system, model) in used or (comparator, model) in used:
            continue
        used.update(((system, model), (comparator, model)))
        result.append(
            {
                "system": f"sys-{system}",
                "vs": f"sys-{comparator}",
                "model": f"model-{model}",
                "speed": (rng.randint(200, 2000), rng.randint(100, 900)),
                "latency": (round(rng.uniform(0.5, 3), 2), round(rng.uniform(1, 8), 2)),
            }
        )
    return result


def quote(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'


def claim_block(claim_id: str, text: str, fields: dict) -> str:
    lines = [f"  - id: {claim_id}", f"    quote: {quote(text)}"]
    lines += [f"    {key}: {value}" for key, value in fields.items()]
    return "\n".join(lines) + "\n"


PLANTS = ("ratio", "drift", "conflation", "timeline")


def source_file(index: int, rng: random.Random, truth: list[dict], planted: str | None) -> str:
    out = [f"source:\n  id: src-{index}\n  title: \"Benchmark story {index}\"\n  publisher: \"Outlet {index % 97}\"\n  published: 2026-{1 + index % 12:02d}-{1 + index % 28:02d}\n  kind: secondary\n\nclaims:\n"]
    written = 0
    n = 0
    while written < CLAIMS_PER_SOURCE:
        t = rng.choice(truth)
        n += 1
        mine, theirs = t["speed"]
        ratio = round(mine / theirs, 1)
        wrong = planted == "ratio" and n == 1
        shown_ratio = round(ratio + 0.7, 1) if wrong else ratio
        base = {"model": t["model"], "metric": "tokens-per-sec-per-user"}
        out.append(claim_block(f"c{n}-a", f"{t['system']} reaches {mine:,} tokens/sec per user", {"system": t["system"], **base, "value": mine}))
        out.append(claim_block(f"c{n}-b", f"against {theirs:,} for the comparator", {"system": t["vs"], **base, "value": theirs}))
        out.append(claim_block(f"c{n}-c", f"about {shown_ratio} times faster", {"system": t["system"], "vs": t["vs"], **base, "ratio": shown_ratio, "approx": "about" if rng.random() < 0.3 else None}))
        lat_mine, lat_theirs = t["latency"]
        out.append(claim_block(f"c{n}-d", f"latency {lat_mine:.2f} seconds versus {lat_theirs:.2f}", {"system": t["system"], "model": t["model"], "metric": "e2e-latency", "value": f"{lat_mine:.2f}"}))
        drift = planted == "drift" and n == 2
        out.append(claim_block(f"c{n}-e", f"latency {lat_mine:.2f} seconds versus {lat_theirs + (1 if drift else 0):.2f}", {"system": t["vs"], "model": t["model"], "metric": "e2e-latency", "value": f"{lat_theirs + (1 if drift else 0):.2f}"}))
        written += 5
        if planted == "conflation" and n == 1:
            # The per-user speed-up retold as a latency gain.
            out.append(claim_block(f"c{n}-f", f"{ratio} times lower latency", {"system": t["system"], "vs": t["vs"], "model": t["model"], "metric": "e2e-latency", "ratio": ratio}))
    when = "{from: 2027-01-01, to: 2027-06-30}" if planted == "timeline" else "{by: 2026-12-31}"
    year = "2027" if planted == "timeline" else "the end of 2026"
    system = f"sys-{index % SYSTEMS}"  # each system's deployment is retold by one source in forty
    out.append(claim_block("when", f"deployment starts in {year}", {"system": system, "event": "deployment-start", "date": when}))
    text = "".join(out)
    return text.replace("    approx: None\n", "")


def dense_source_file(index: int, rng: random.Random, truth: list[dict]) -> str:
    """A source in a contested field: about one claim in three disagrees with another source.

    Vendors and rivals retell the same comparisons: a ratio claim is the vendor's figure or the
    rival's (which reverses it) about evenly, the comparator is sometimes the family, the rival's
    figure sometimes comes with other software (a condition flip), and absolutes sometimes drift.
    """
    out = [f"source:\n  id: src-{index}\n  title: \"Contested story {index}\"\n  publisher: \"Outlet {index % 97}\"\n  kind: secondary\n\nclaims:\n"]
    written = n = 0
    while written < CLAIMS_PER_SOURCE:
        t = rng.choice(truth)
        n += 1
        mine, theirs = t["speed"]
        base = {"model": t["model"], "metric": "tokens-per-sec-per-user"}
        drift = rng.random() < 0.15
        shown = theirs + 40 if drift else theirs
        out.append(claim_block(f"c{n}-a", f"{t['system']} reaches {mine:,} tokens/sec per user", {"system": t["system"], **base, "value": mine}))
        out.append(claim_block(f"c{n}-b", f"against {shown:,} for the comparator", {"system": t["vs"], **base, "value": shown}))
        rival = rng.random() < 0.45
        ratio = round(mine / theirs, 1) if not rival else round(0.8 * theirs / mine * 10) / 10 or 0.1
        pick = rng.random()
        vs = t["vs"] if pick < 0.8 else ("family-a" if int(t["vs"].split("-")[1]) % 2 else "family-b") if pick < 0.95 else "leading-systems"
        fields = {"system": t["system"], "vs": vs, **base, "ratio": ratio}
        if rival and rng.random() < 0.5:
            fields["at"] = "{software: vllm}"
        out.append(claim_block(f"c{n}-c", f"{ratio} times the comparator", fields))
        written += 3
        if rng.random() < 0.1:  # the speed-up retold as a latency gain
            retold = round(mine / theirs + 0.6, 1)
            out.append(claim_block(f"c{n}-d", f"{retold} times lower latency", {"system": t["system"], "vs": t["vs"], "model": t["model"], "metric": "e2e-latency", "ratio": retold}))
            written += 1
    return "".join(out)


def generate(total_claims: int, directory: Path, seed: int = 7, dense: bool = False) -> None:
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "catalog.yaml").write_text(catalog(), encoding="utf-8")
    truth = topics(rng, min(SYSTEMS * MODELS // 2, max(20, total_claims // 400)))
    for index in range(total_claims // CLAIMS_PER_SOURCE):
        if dense:
            text = dense_source_file(index, rng, truth)
        else:
            planted = PLANTS[(index // 50) % len(PLANTS)] if index % 50 == 0 else None
            text = source_file(index, rng, truth, planted)
        (directory / f"src-{index:06d}.yaml").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    generate(int(sys.argv[1]), Path(sys.argv[2]), dense="--dense" in sys.argv[3:])
