"""A dispute's chart as data: a row per claim, or, past MAX_ROWS claims, a row per figure of a camp that counts its claims."""

from __future__ import annotations

from jalapeno_audit import run
from jalapeno_audit.reporters import charts

from .conftest import source_file


def _claim(ratio: str, approx: str | None = None) -> dict:
    claim = {"id": "r", "quote": f"{approx + ' ' if approx else ''}{ratio}x faster", "system": "jalapeno", "vs": "gb200",
             "model": "kimi-k2.5", "metric": "throughput", "ratio": ratio}
    return {**claim, "approx": approx} if approx else claim


def _chart(corpus_dir, figures: dict[str, tuple[str, str | None]]) -> charts.Chart:
    directory = corpus_dir({f"{source}.yaml": source_file(source, [_claim(*figure)]) for source, figure in figures.items()})
    options, _ = run.settle([str(directory)], fail_on="never")
    report = run.build_report(options, run.read_all(options), None, arithmetic=False)
    [finding] = [f for f in report.findings if f.is_dispute]
    chart = charts.chart(finding, charts.units(report.corpus))
    assert chart is not None
    return chart


def test_a_small_dispute_has_a_row_per_claim_with_its_interval_and_camp(corpus_dir):
    chart = _chart(corpus_dir, {"vendor": ("1.6", None), "outlet": ("1.6", None), "rival": ("1.4", None), "hedged": ("1.5", "about")})
    assert not chart.merged and chart.scale == charts.LOG
    rows = {row.label: row for row in chart.rows}
    assert sorted(rows) == ["hedged · about 1.5x", "outlet · 1.6x", "rival · 1.4x", "vendor · 1.6x"]
    assert (rows["vendor · 1.6x"].lo, rows["vendor · 1.6x"].hi) == (1.55, 1.65)
    assert rows["vendor · 1.6x"].camp == rows["outlet · 1.6x"].camp != rows["rival · 1.4x"].camp
    assert rows["hedged · about 1.5x"].camp == -1  # about 1.5x agrees with both camps: it bridges them
    assert all(len(row.claims) == 1 for row in chart.rows)


def test_a_large_dispute_has_a_row_per_figure_of_a_camp_counting_its_claims(corpus_dir):
    figures = {f"vendor-{n:02}": ("1.6", None) for n in range(12)}
    figures.update({f"rival-{n:02}": ("1.4", None) for n in range(6)})
    figures.update({"other": ("1.41", None), "hedged": ("1.5", "about")})
    chart = _chart(corpus_dir, figures)
    assert chart.merged
    labels = {row.label: row for row in chart.rows}
    assert sorted(labels) == [
        "1.41x · 1 claim (other)",
        "1.4x · 6 claims (rival-00, rival-01, +4 more)",
        "1.6x · 12 claims (vendor-00, vendor-01, +10 more)",
        "about 1.5x · 1 claim (hedged)",
    ]
    assert labels["about 1.5x · 1 claim (hedged)"].camp == -1
    assert labels["1.4x · 6 claims (rival-00, rival-01, +4 more)"].camp == labels["1.41x · 1 claim (other)"].camp
    assert sum(len(row.claims) for row in chart.rows) == len(figures)
    # 1.4x and 1.41x meet only where rounding lets them: their camp's band is drawn
    [band] = chart.bands
    assert (band.lo, band.hi) == (1.405, 1.415)
