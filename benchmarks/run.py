"""Benchmark `audit check` against the libyaml parse floor, side by side.

For each corpus size it generates a synthetic corpus (benchmarks/generate.py), then times, as
separate processes:
  floor  parsing the same files with yaml.load(..., Loader=CSafeLoader) and nothing else;
  cold   `audit check` with an empty cache;
  warm   `audit check` again, files unchanged;
and prints wall time and peak RSS for each, with the ratios the goals are stated in.

Then, on a conflict-dense corpus of the largest size (``generate.py --dense``: one claim in three
contested, thousands of disputes), it times the HTML report against the JSON report, both cold,
since the HTML report draws a chart per dispute.

    .venv/bin/python benchmarks/run.py            # 10k, 25k, 100k claims
    .venv/bin/python benchmarks/run.py 10000      # one size
    .venv/bin/python benchmarks/run.py --html-only 100000   # only the HTML-against-JSON section
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate import generate  # noqa: E402

FLOOR = """
import glob, sys, yaml
for path in sorted(glob.glob(sys.argv[1] + '/*.yaml')):
    with open(path, 'rb') as handle:
        yaml.load(handle.read(), Loader=yaml.CSafeLoader)
"""


def measure(args: list[str], env: dict | None = None) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one child process."""
    start = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(args)} exited {code}: {process.stderr.read().decode()[:500]}")
    return elapsed, usage.ru_maxrss / 1024


def best_of(runs: int, args: list[str], env: dict | None = None, before=None) -> tuple[float, float]:
    results = []
    for _ in range(runs):
        if before:
            before()
        results.append(measure(args, env))
    return min(results)


def html_against_json(size: int, scratch: str) -> None:
    """Cold `audit check --format html` against `--format json` on a conflict-dense corpus."""
    audit = str(Path(sys.executable).with_name("audit"))
    corpus = Path(scratch) / f"dense-{size}"
    generate(size, corpus, dense=True)
    cache = Path(scratch) / f"dense-cache-{size}"
    env = {**os.environ, "AUDIT_CACHE_DIR": str(cache)}
    clear = lambda: shutil.rmtree(cache, ignore_errors=True)  # noqa: E731
    times = {}
    for output_format in ("json", "html"):
        target = Path(scratch) / f"dense-{size}.{output_format}"
        check = [audit, "check", str(corpus), "--format", output_format, "--output", str(target), "--fail-on", "never"]
        times[output_format] = best_of(3, check, env, before=clear)
        times[output_format] += (target.stat().st_size / 1e6,)
    print(f"\nconflict-dense {size} claims, cold: {'format':>6} {'s':>7} {'MB out':>7} {'peak MB':>8}")
    for output_format, (seconds, peak, megabytes) in times.items():
        print(f"{'':>33}{output_format:>6} {seconds:>7.2f} {megabytes:>7.1f} {peak:>8.0f}")
    print(f"html / json: {times['html'][0] / times['json'][0]:.2f}x (goal at most 2x)")


def main(sizes: list[int]) -> None:
    python = sys.executable
    audit = str(Path(python).with_name("audit"))
    print(f"{'claims':>8} {'floor s':>8} {'cold s':>8} {'warm s':>8} {'cold/floor':>10} {'warm/floor':>10} {'floor MB':>9} {'cold MB':>8} {'warm MB':>8}")
    cold_times = {}
    with tempfile.TemporaryDirectory() as scratch:
        for size in sizes:
            corpus = Path(scratch) / f"corpus-{size}"
            generate(size, corpus)
            cache = Path(scratch) / f"cache-{size}"
            env = {**os.environ, "AUDIT_CACHE_DIR": str(cache)}
            check = [audit, "check", str(corpus), "--format", "json", "--fail-on", "never"]
            floor = best_of(3, [python, "-c", FLOOR, str(corpus)])
            cold = best_of(3, check, env, before=lambda cache=cache: shutil.rmtree(cache, ignore_errors=True))
            warm = best_of(3, check, env)
            cold_times[size] = cold[0]
            print(
                f"{size:>8} {floor[0]:>8.2f} {cold[0]:>8.2f} {warm[0]:>8.2f} {cold[0] / floor[0]:>10.2f} "
                f"{warm[0] / floor[0]:>10.2f} {floor[1]:>9.0f} {cold[1]:>8.0f} {warm[1]:>8.0f}"
            )
    if 25000 in cold_times and 100000 in cold_times:
        print(f"25k -> 100k cold: {cold_times[100000] / cold_times[25000]:.2f}x (linear is 4x)")
    help_time = best_of(5, [audit, "--help"])
    print(f"audit --help: {help_time[0]:.3f} s")
    with tempfile.TemporaryDirectory() as scratch:
        html_against_json(max(sizes), scratch)


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--html-only"]
    sizes = [int(a) for a in arguments] or [10000, 25000, 100000]
    if "--html-only" in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as directory:
            html_against_json(max(sizes), directory)
    else:
        main(sizes)
