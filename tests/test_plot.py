"""Dispute charts as drawn: the x axis's ticks, labels and title, and charts that do not depend on the ones before."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from jalapeno_audit.reporters import plot, svgtext
from jalapeno_audit.reporters.charts import DAYS, LINEAR, LOG, Chart, Row


def _chart(scale: str, bounds: list[tuple[float | None, float | None]], axis: str = "the axis") -> Chart:
    rows = tuple(Row(f"src-{n}", lo, hi, n % 2, (), "figure") for n, (lo, hi) in enumerate(bounds))
    sides = ("rival ahead", "vendor ahead") if scale == LOG else None
    return Chart("fp", scale, axis, sides, ("low", "high"), rows, (), False)


def _every_kind() -> list[Chart]:
    """A chart of each scale, with open and closed intervals, side labels and a title beyond Latin-1."""
    day = float(dt.date(2024, 5, 1).toordinal())
    return [
        _chart(LOG, [(1.4, 1.4), (1.6, 1.65), (0.5, None)], "speed: times better (log scale)"),
        _chart(LINEAR, [(2.0e7, 2.2e7), (3.1e7, 3.1e7)], "Ünïcode ≈ axis → title"),
        _chart(DAYS, [(day, day + 30), (day + 90, None)]),
    ]


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text [^>]*>([^<]*)</text>", svg)


def test_a_ratio_axis_has_its_ticks_labelled_as_times_and_its_title():
    (svg,) = plot.draw([_chart(LOG, [(1.4, 1.4), (1.6, 1.6), (0.5, 0.5)], "speed: times better (log scale)")])
    texts = _texts(svg)
    assert [t for t in texts if t.endswith("x")] == ["0.5x", "1x", "1.5x", "2x"]
    assert "speed: times better (log scale)" in texts and "← rival ahead" in texts and "vendor ahead →" in texts
    (grid,) = re.findall(r'<path d="([^"]*)"[^>]*? style="[^"]*stroke: #d9d9d9', svg)  # the grid is one path
    assert grid.count("M ") == 4  # a grid line per tick


def test_a_linear_axis_of_large_values_keeps_the_formatters_common_factor():
    (svg,) = plot.draw([_chart(LINEAR, [(2.0e7, 2.2e7), (3.1e7, 3.1e7)])])
    texts = _texts(svg)
    assert "1e7" in texts  # written once, at the end of the axis, as matplotlib's own axis does
    assert [t for t in texts if t[0].isdigit() and "." in t] == ["2.00", "2.25", "2.50", "2.75", "3.00"]


def test_a_time_line_is_labelled_with_dates():
    day = float(dt.date(2024, 5, 1).toordinal())
    (svg,) = plot.draw([_chart(DAYS, [(day, day + 30), (day + 90, None)])])
    assert any(re.fullmatch(r"2024-\d\d-\d\d", t) for t in _texts(svg))


def test_a_chart_is_drawn_the_same_whatever_was_drawn_before_it():
    small = _chart(LOG, [(1.4, 1.4), (1.6, 1.6)])
    large = _chart(LOG, [(0.01, 0.02), *[(v, v) for v in (0.5, 1.2, 3.0, 9.0, 40.0, 300.0)]])
    alone = plot.draw([small])[0]
    after = plot.draw([large, small])[1]
    assert after == alone.replace('"chart1-', '"chart2-').replace("#chart1-", "#chart2-")


def test_texts_measured_by_their_characters_stand_where_whole_texts_would():
    """Height and descent place a text on its line: from its characters they are those of the whole text."""
    import io

    import matplotlib
    from matplotlib.backends.backend_svg import RendererSVG
    from matplotlib.font_manager import FontProperties

    with matplotlib.rc_context(plot.RC):  # type: ignore[arg-type]
        prop = FontProperties(family="DejaVu Sans", size=8)
        whole = RendererSVG(100, 100, io.StringIO())
        by_characters = svgtext.Renderer(100, 100, io.StringIO(), svgtext.Measured())
        for text in ("camp 1 · Outlet 55 · 0.3x", "AVAVA To fi ffl", "Å É ñ ¿¡ ©", "1.5–1.9x ≈ 3× → …", "`|` {[( )]} $%&", "׳ עברית"):
            width, height, descent = whole.get_text_width_height_descent(text, prop, False)
            measured = by_characters.get_text_width_height_descent(text, prop, False)
            assert measured[1:] == (height, descent), text
            assert abs(measured[0] - width) < 0.15 * width, text  # advances, not ink, and no kerning


def test_ids_are_prefixed_as_the_regular_expression_would_prefix_them():
    drawn = plot._Canvas(LOG).render(_chart(LOG, [(1.4, 1.4), (1.6, 1.6)]), None)
    by_expression = plot._IDS.sub(lambda m: m.group(1) + "chart7-", drawn)
    assert plot._prefixed(drawn, "chart7-") == by_expression
    assert by_expression != drawn and 'id="chart7-' in by_expression
    unusual = '<g xml:id="a"><path id="b" clip-path="url(#c)"/><use xlink:href="#d"/></g>'  # an id not written as ` id="`
    assert plot._prefixed(unusual, "p-") == plot._IDS.sub(lambda m: m.group(1) + "p-", unusual) == (
        '<g xml:id="p-a"><path id="p-b" clip-path="url(#p-c)"/><use xlink:href="#p-d"/></g>'
    )


def test_line_heights_given_to_matplotlib_are_the_ones_it_reads_itself(monkeypatch):
    """The renderer answers matplotlib's question about a font's line height once per font; the charts stay byte-identical."""
    charts = _every_kind()
    line_metrics, asked = svgtext._line_metrics, []
    monkeypatch.setattr(svgtext, "_line_metrics", lambda *args: asked.append(args) or line_metrics(*args))
    answered = plot.draw(charts)
    if not asked:
        pytest.skip("this matplotlib lays texts out without asking the renderer for line heights")
    monkeypatch.delattr(svgtext.Renderer, "_get_font_height_metrics")
    assert plot.draw(charts) == answered


def test_marks_keep_their_outlines_extents_and_draw_as_matplotlibs_own_paths_would(monkeypatch):
    """A mark's outline is measured once per transform; the extents, and the charts, are matplotlib's own."""
    from matplotlib.path import Path
    from matplotlib.transforms import Affine2D

    circle = Path.unit_circle()
    kept = plot._MarkerPath(circle.vertices, circle.codes)
    scaled = Affine2D().scale(3.5).translate(1, 2)
    first = kept.get_extents(scaled)
    first.update_from_data_xy([[100, 100]], ignore=False)  # a caller that changes the box it was given
    assert (kept.get_extents(scaled).get_points() == circle.get_extents(scaled).get_points()).all()
    assert (kept.get_extents(Affine2D().scale(2)).get_points() == circle.get_extents(Affine2D().scale(2)).get_points()).all()
    assert kept.__dict__["_extents"].keys() == {scaled.get_matrix().tobytes(), Affine2D().scale(2).get_matrix().tobytes()}

    charts = [_chart(LOG, [(1.4, 1.4)]), _chart(LINEAR, [(2.0, 2.2), (3.1, None), (None, 1.0)])]  # one mark per camp: drawn as markers
    measured, get_extents = [], plot._MarkerPath.get_extents
    monkeypatch.setattr(plot._MarkerPath, "get_extents", lambda *args: measured.append(args) or get_extents(*args))
    remembered = plot.draw(charts)
    assert measured  # the marks were drawn as markers, after measuring
    monkeypatch.setattr(plot._MarkerPath, "get_extents", Path.get_extents)
    assert plot.draw(charts) == remembered


@pytest.mark.parametrize("scale", [LOG, LINEAR, DAYS])
def test_the_axis_drawn_in_axes_fractions_stands_where_the_data_transform_puts_it(scale):
    """Ticks, grid, the 1x line, the side labels and the rows' intervals, marks and bands are placed by ``_across``; rows by
    their fraction of the height."""
    day = float(dt.date(2024, 5, 1).toordinal())
    bounds = {LOG: [(0.02, 0.03), (1.4, 1.4), (300.0, None)], LINEAR: [(2.0e7, 2.2e7), (3.1e7, 3.1e7)], DAYS: [(day, day + 30), (day + 90, None)]}[scale]
    canvas = plot._Canvas(scale)
    chart = _chart(scale, bounds)
    canvas.render(chart, None)
    low, high = canvas.axes.get_xlim()
    values = [low, (low + high) / 2, high, *(v for b in bounds for v in b if v is not None)]
    by_data = canvas.axes.transData.transform([(v, 0) for v in values])[:, 0]
    by_fraction = canvas.axes.transAxes.transform([(f, 0) for f in canvas._across(values, low, high)])[:, 0]
    assert abs(by_data - by_fraction).max() < 1e-9
    rows = len(chart.rows)
    by_data = canvas.axes.transData.transform([(0, y) for y in range(rows)])[:, 1]
    by_fraction = canvas.axes.transAxes.transform([(0, (rows - 0.5 - y) / rows) for y in range(rows)])[:, 1]
    assert abs(by_data - by_fraction).max() < 1e-9


def test_texts_laid_out_once_are_drawn_as_texts_laid_out_each_time(monkeypatch):
    """A layout kept from chart to chart is the one matplotlib makes anew; a wrapped text is laid out each time."""
    charts = [*_every_kind(), _every_kind()[0]]  # the first again: from the kept layouts
    kept = plot.draw(charts)
    made = []
    monkeypatch.setattr(svgtext.LaidOut, "_get_layout", lambda self, renderer: made.append(self) or svgtext.Text._get_layout(self, renderer))
    assert plot.draw(charts) == kept and made

    import io

    import matplotlib.figure

    figure = matplotlib.figure.Figure(dpi=svgtext.DPI)
    text = svgtext.LaidOut(0.5, 0.5, "a long label that wraps " * 4, wrap=True)
    figure.add_artist(text)
    out = io.StringIO()
    renderer = svgtext.Renderer(100, 100, out, svgtext.Measured())
    monkeypatch.undo()
    figure.draw(renderer)
    assert "wraps" in out.getvalue() and renderer.measured.layouts == {}


def test_a_chart_drawn_without_the_figures_bookkeeping_is_the_figures_own_drawing(monkeypatch):
    day = float(dt.date(2024, 5, 1).toordinal())
    charts = [
        _chart(LOG, [(1.4, 1.4), (1.6, 1.65), (0.5, None)], "speed: times better (log scale)"),
        _chart(LINEAR, [(2.0e7, 2.2e7), (None, 3.1e7)]),
        _chart(DAYS, [(day, day + 30), (day + 90, None)]),
    ]
    drawn = plot.draw(charts)
    monkeypatch.setattr(plot._Canvas, "_draw", lambda self, renderer: self.figure.draw(renderer))
    assert plot.draw(charts) == drawn


def test_texts_written_with_a_kept_style_are_the_texts_matplotlib_writes(monkeypatch):
    """Tick labels, titles, the coloured side labels and row labels of every alignment, as matplotlib's own method writes them."""
    from matplotlib.backends.backend_svg import RendererSVG

    day = float(dt.date(2024, 5, 1).toordinal())
    charts = [
        _chart(LOG, [(1.4, 1.4), (1.6, 1.65), (0.5, None)], "speed: times better (log scale)"),
        _chart(LINEAR, [(2.0e7, 2.2e7), (-3.1e7, None)], 'Ünïcode & <axis> "title"'),
        _chart(DAYS, [(day, day + 30), (day + 90, None)]),
        _chart(LOG, [(0.02, 0.03), (40.0, 41.0)], "speed: times better (log scale)"),
    ]
    kept = plot.draw(charts)
    monkeypatch.setattr(svgtext.Renderer, "_draw_text_as_text", RendererSVG._draw_text_as_text)
    assert plot.draw(charts) == kept
    assert "&lt;axis&gt;" in kept[1] and "fill: #333333" in kept[0]


def test_texts_drawn_plainly_are_the_texts_matplotlib_draws(monkeypatch):
    """Row labels, tick labels, titles and side labels, by the plain path: as ``Text.draw`` draws them, ids included."""
    from matplotlib.text import Text

    charts = [*_every_kind(), _chart(LINEAR, [(2.0e7, 2.2e7), (-3.1e7, None)], 'Ünïcode & <axis> "title"'), _every_kind()[0]]
    plain = plot.draw(charts)
    monkeypatch.setattr(svgtext.LaidOut, "draw", Text.draw)
    assert plot.draw(charts) == plain


@pytest.mark.parametrize("properties", [{}, {"rotation": 30}, {"url": "#f1-c0"}, {"clip_on": True}, {"text": "two\nlines"}, {"alpha": 0.5}])
def test_a_text_drawn_beside_one_of_its_style_is_the_text_matplotlib_draws(properties):
    """The second of two texts of one style takes the plain path where it can (the first writes the style);
    clipped, rotated, linked or multi-line texts go through ``Text.draw``: each as matplotlib draws it."""
    import io

    import matplotlib.figure
    from matplotlib.text import Text

    def drawn(kind) -> str:
        figure = matplotlib.figure.Figure(dpi=svgtext.DPI)
        axes = figure.add_axes((0.1, 0.1, 0.8, 0.8))
        axes.set_axis_off()
        shown = {"text": "1.5x", **properties}
        for y in (0.25, 0.75):
            axes.add_artist(kind(0.5, y, clip_box=axes.bbox, **{"clip_on": False, **shown}))
        out = io.StringIO()
        with matplotlib.rc_context(plot.RC):
            figure.draw(svgtext.Renderer(100, 100, out, svgtext.Measured()))
        return out.getvalue()

    plain = drawn(svgtext.LaidOut)
    assert plain == drawn(Text) and plain.count("</text>") == (4 if "text" in properties else 2)


def test_pooled_labels_taken_out_and_put_back_keep_their_order():
    """Rows shown, then fewer, then more than ever: each chart is the one drawn alone."""
    sizes = (6, 2, 9, 3)
    charts = [_chart(LOG, [(1.0 + n / 10, 1.0 + n / 10) for n in range(size)]) for size in sizes]
    together = plot.draw(charts)
    for number, chart in enumerate(charts):
        alone = plot.draw([chart])[0]
        assert together[number] == alone.replace('"chart1-', f'"chart{number + 1}-').replace("#chart1-", f"#chart{number + 1}-")


def test_row_labels_are_cut_to_fit_the_label_column():
    """A merged row's long label ends in an ellipsis within the column left of the rows; a short one is whole."""
    long_label = "2.1x · 63 claims (src-1017, src-1032, +61 more)"
    rows = (Row(long_label, 2.0, 2.2, 0, (), "2.1x"), Row("src-1 · 2.3x", 2.25, 2.35, 1, (), "2.3x"),
            Row("数据中心 · " * 8 + "3x", 2.9, 3.1, 1, (), "3x"))
    chart = Chart("fp", LOG, "the axis", ("rival ahead", "vendor ahead"), ("low", "high"), rows, (), False)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a character DejaVu Sans lacks is the browser's to draw: no warning on the terminal
        texts = _texts(plot.draw([chart])[0])
    cut = next(t for t in texts if t.startswith("camp 1 · 2.1x"))
    assert cut.endswith("…") and "+61 more" not in cut
    assert "camp 2 · src-1 · 2.3x" in texts
    import matplotlib
    from matplotlib.font_manager import FontProperties

    with matplotlib.rc_context(plot.RC):
        advances = svgtext.Advances(FontProperties(size=8, family="DejaVu Sans"))
        assert advances.width(cut) <= plot._LABEL_ROOM < advances.width(f"camp 1 · {long_label}")
        assert plot._LABEL_ROOM == (plot.LABELS - 0.02 * (plot.WIDTH - plot.LABELS - plot.RIGHT)) * 72  # as the labels stand
    unknown = next(t for t in texts if "数据" in t)  # widths not known here: cut by its length
    assert len(unknown) <= plot.LABEL_CHARS
