"""Benchmark `audit check` against the libyaml parse floor, side by side.

For each corpus size it generates a synthetic corpus (benchmarks/generate.py), then times, as
separate processes:
  floor  parsing the same files with yaml.load(..., Loader=CSafeLoader) and nothing else;
  cold   `audit check` with an empty cache;
  warm   `audit check` again, files unchanged;
and prints wall time and peak RSS for each, with the ratios the goals are stated in. Then, on
conflict-dense corpora (``generate.py --dense``), it prints the number of findings against claims,
the cold `audit check --format json --no-cache` against the floor, and the time each report
format takes to render the same checked corpus; last, at the largest size, the HTML report
against the JSON report, both cold, since the HTML report draws a chart per dispute.

    .venv/bin/python benchmarks/run.py                      # 10k, 25k, 100k claims, then dense 25k and 100k
    .venv/bin/python benchmarks/run.py 10000                # one size
    .venv/bin/python benchmarks/run.py --dense-only 25000   # the conflict-dense table (and HTML) only
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


RENDER = """
import gc, sys, time
from jalapeno_audit import reporters, run
gc.disable()  # as `audit check` does while it renders
options, _ = run.settle([sys.argv[1]], fail_on='never')
times = {}
for name in sys.argv[2:]:
    best = None
    for _ in range(3):
        # A fresh report each time, built as `audit check --format NAME` builds it: what one format
        # computes on first use (the arithmetic the text report shows, but for the findings a
        # forked child found, which arrive with theirs) must count against that format.
        report = run.build_report(options, run.read_all(options), None, arithmetic=reporters.FORMATS[name].arithmetic)
        start = time.perf_counter()
        reporters.render(report, name)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    times[name] = best
print(len(report.findings), *(f"{name}={times[name]:.3f}" for name in sys.argv[2:]))
"""


def dense(sizes: list[int]) -> None:
    """Conflict-dense corpora: findings against claims, render time by format, cold check against the floor."""
    python = sys.executable
    audit = str(Path(python).with_name("audit"))
    print()
    print("conflict-dense corpora (about one claim in three contested)")
    print("  render: the report rendered in-process; check: the whole `audit check --no-cache` in that format")
    print(
        f"{'claims':>8} {'findings':>9} {'per claim':>9} {'floor s':>8} {'json s':>8} {'json/floor':>10} {'render json':>11} {'render text':>11} {'text/json':>9} "
        f"{'check text':>10} {'text/json':>9}"
    )
    with tempfile.TemporaryDirectory() as scratch:
        for size in sizes:
            corpus = Path(scratch) / f"dense-{size}"
            generate(size, corpus, dense=True)
            floor = best_of(3, [python, "-c", FLOOR, str(corpus)])
            check = best_of(3, [audit, "check", str(corpus), "--format", "json", "--no-cache", "--fail-on", "never"])
            check_text = best_of(3, [audit, "check", str(corpus), "--format", "text", "--no-cache", "--fail-on", "never"])
            result = subprocess.run([python, "-c", RENDER, str(corpus), "json", "text"], capture_output=True, text=True, check=True)
            count, *timings = result.stdout.split()
            rendered = dict(t.split("=") for t in timings)
            json_s, text_s = float(rendered["json"]), float(rendered["text"])
            print(
                f"{size:>8} {int(count):>9} {int(count) / size:>9.3f} {floor[0]:>8.2f} {check[0]:>8.2f} {check[0] / floor[0]:>10.2f} "
                f"{json_s:>11.3f} {text_s:>11.3f} {text_s / json_s:>9.2f} {check_text[0]:>10.2f} {check_text[0] / check[0]:>9.2f}"
            )


def html_against_json(size: int, scratch: str) -> None:
    """Cold `audit check --format html` against `--format json` on a conflict-dense corpus."""
    audit = str(Path(sys.executable).with_name("audit"))
    corpus = Path(scratch) / f"dense-{size}"
    generate(size, corpus, dense=True)
    cache = Path(scratch) / f"dense-cache-{size}"
    env = {**os.environ, "AUDIT_CACHE_DIR": str(cache)}
    clear = lambda: shutil.rmtree(cache, ignore_errors=True)  # noqa: E731
    runs: dict[str, list[tuple[float, float]]] = {"json": [], "html": []}
    for _ in range(5):  # alternated, so that a busier minute of the machine weighs on both formats alike
        for output_format, measured in runs.items():
            clear()
            measured.append(measure([audit, "check", str(corpus), "--format", output_format, "--output",
                                     str(Path(scratch) / f"dense-{size}.{output_format}"), "--fail-on", "never"], env))
    times = {name: (*min(measured), (Path(scratch) / f"dense-{size}.{name}").stat().st_size / 1e6) for name, measured in runs.items()}
    title = f"conflict-dense {size} claims, cold, best of 5 alternated runs:"
    print(f"\n{title} {'format':>6} {'s':>7} {'MB out':>7} {'peak MB':>8}")
    for output_format, (seconds, peak, megabytes) in times.items():
        print(f"{'':>{len(title) + 1}}{output_format:>6} {seconds:>7.2f} {megabytes:>7.1f} {peak:>8.0f}")
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


def compiled() -> None:
    """The package's bytecode, as an installed program has it.

    Where PYTHONDONTWRITEBYTECODE is set, a checkout edited since `make` compiled it would compile
    its changed modules from source in every timed run (about 0.09 s each, all of them).
    """
    import compileall

    compileall.compile_dir(str(HERE.parent / "jalapeno_audit"), quiet=1)


if __name__ == "__main__":
    compiled()
    flags = {"--dense-only", "--html-only"}
    chosen = [int(a) for a in sys.argv[1:] if a not in flags]
    if "--html-only" in sys.argv:
        with tempfile.TemporaryDirectory() as directory:
            html_against_json(max(chosen or [100000]), directory)
    else:
        if "--dense-only" not in sys.argv:
            main(chosen or [10000, 25000, 100000])
        dense(chosen or [25000, 100000])
        with tempfile.TemporaryDirectory() as directory:
            html_against_json(max(chosen or [100000]), directory)
