"""Dispute charts drawn with matplotlib, as SVG: imported only when a chart is drawn.

One figure per axis scale is built once and redrawn for every chart (its collections, texts
and limits set anew each time): building a figure costs more than drawing it, and a large
corpus has thousands of disputes. Text stays text (``svg.fonttype: none``), mathtext is off
(a ``$`` in a source name is a dollar sign), and ids are salted with a constant, so the same
chart gives the same bytes. Every string from the corpus reaches matplotlib through
``escape.svg_text`` and is escaped for XML by its SVG writer; the quote shown on hover is added
through ``escape.html``. Texts are measured by ``svgtext``'s renderer, once per process.
"""

from __future__ import annotations

import io
import math
import re
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import matplotlib
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.ticker import MaxNLocator, ScalarFormatter
from matplotlib.transforms import Bbox, ScaledTranslation

from jalapeno_audit import forked
from jalapeno_audit.corpus.model import Claim
from jalapeno_audit.reporters import escape, svgtext
from jalapeno_audit.reporters.charts import BRIDGE, DAYS, LOG, PARALLEL_FROM, STYLES, Chart, Row

WIDTH, LABELS, RIGHT = 7.5, 2.9, 0.3  # inches: the figure, the row-label column, the right margin
ROW, BOTTOM, SIDES = 0.3, 0.55, 0.3  # inches: a row, the x axis, the 1x side labels
LABEL_CHARS = 56  # at most, in a font whose widths are not known here
_LABEL_ROOM = (LABELS - 0.02 * (WIDTH - LABELS - RIGHT)) * 72  # points, from the figure's edge to a row label's end
RC: dict[str, Any] = {"svg.fonttype": "none", "svg.hashsalt": "jalapeno-audit", "text.parse_math": False, "font.size": 8, "font.family": "DejaVu Sans"}
_PROLOG = re.compile(r"\A.*?(?=<svg)", re.S)
_METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.S)
_IDS = re.compile(r'(\bid="|url\(#|<use xlink:href="#)')
_LINK = re.compile(r'<a xlink:href="([^"]*)" target="_blank">')

#: What a mark links to and says on hover and focus: (claims) -> (href, text), or None for no links.
Linker = Callable[[tuple[Claim, ...]], tuple[str, str]]


CHARTS_PER_JOB = 16


def draw(charts: Sequence[Chart], links: Sequence[Linker] | None = None, prefix: str = "chart") -> list[str]:
    """One SVG document per chart, in order; ``links`` gives each chart's marks their targets and quotes.

    Ids inside each document start with ``prefix`` and the chart's number, so many charts can share a page.
    A report with thousands of disputes spends most of its time here, and drawing is independent
    chart by chart: a forked child takes jobs of a few charts as this process does.
    """
    count = len(charts)
    per_job = max(CHARTS_PER_JOB, -(-count // forked.MAX_JOBS))
    starts = range(0, count, per_job)
    painter = Painter()

    def job(number: int) -> list[str]:
        shown = range(starts[number], min(starts[number] + per_job, count))
        return painter.draw([(charts[n], links[n] if links is not None else None, f"{prefix}{n + 1}-") for n in shown])

    return [svg for part in forked.share_out(len(starts), job, fork=count >= PARALLEL_FROM) for svg in part]


class Painter:
    """Draws charts in this process, each axis scale's canvas built once, on first use."""

    def __init__(self) -> None:
        self.canvases: dict[str, _Canvas] = {}

    def draw(self, charts: Sequence[tuple[Chart, Linker | None, str]]) -> list[str]:
        """Each (chart, its marks' links, the prefix of its ids) as an SVG element."""
        drawn = []
        # Text stays text in the SVG, so a browser draws a character DejaVu Sans lacks from a font of its own; matplotlib,
        # measuring it, would warn on the terminal of every report of a corpus with such a name.
        with matplotlib.rc_context(RC), warnings.catch_warnings():  # type: ignore[arg-type]  # the stubs list every key as a literal
            warnings.filterwarnings("ignore", r"Glyph \d+ .* missing from font", UserWarning)
            for chart, link, prefix in charts:
                canvas = self.canvases.get(chart.scale)
                if canvas is None:
                    canvas = self.canvases[chart.scale] = _Canvas(chart.scale)
                drawn.append(_finish(canvas.render(chart, link), prefix, chart, link))
        return drawn


def _finish(svg: str, prefix: str, chart: Chart, link: Linker | None) -> str:
    """Matplotlib's SVG as an element: no XML prolog or metadata, ids unique in a page, marks that explain themselves."""
    svg = _PROLOG.sub("", svg, count=1)
    if "<metadata>" in svg:  # none is written with every metadata key set to None, as here
        svg = _METADATA.sub("", svg)
    svg = _prefixed(svg, prefix)
    if link is None:
        return svg
    tips = dict(link(row.claims) for row in chart.rows)

    def mark(match: re.Match) -> str:
        href = match.group(1)
        text = escape.html(tips.get(href, ""))
        return f'<a xlink:href="{href}" href="{href}" class="mark" aria-label="{text}"><title>{text}</title>'

    return _LINK.sub(mark, svg)


def _prefixed(svg: str, prefix: str) -> str:
    """Every id, and every reference to one, starting with ``prefix``.

    Matplotlib writes each id as `` id="``, so three plain replacements do what ``_IDS`` does
    at a fraction of its cost (a regular expression tried at every character of every chart);
    an id written any other way takes the regular expression.
    """
    if svg.count('id="') != svg.count(' id="'):
        return _IDS.sub(lambda m: m.group(1) + prefix, svg)
    return svg.replace(' id="', f' id="{prefix}').replace("url(#", f"url(#{prefix}").replace('<use xlink:href="#', f'<use xlink:href="#{prefix}')


class _Canvas:
    """A figure, its axes and every artist a chart needs, reused chart after chart.

    The x axis is drawn by plain artists rather than by matplotlib's ``Axis``, which builds its
    ticks anew for every chart (a locator, a formatter, a line and two texts per tick, then text
    layout to place its title) and cost half of each chart: one collection of grid lines, one line
    of tick marks, and texts for the tick labels and the title, put where ``Axis`` puts them.
    """

    def __init__(self, scale: str) -> None:
        self.scale = scale
        self.figure = Figure(figsize=(WIDTH, 2), dpi=svgtext.DPI)
        self.measured = svgtext.Measured()
        ax = self.axes = self.figure.add_axes((0, 0, 1, 1))
        if scale == LOG:
            ax.set_xscale("log")
        ax.xaxis.set_visible(False)  # drawn below, by the artists of _ticks
        ax.yaxis.set_visible(False)  # rows are labelled by texts beside them: no axis to lay out
        ax.patch.set_visible(False)  # white on the figure's white
        for spine in ax.spines.values():  # the x axis's own line is drawn with its tick marks (_ticks)
            spine.set_visible(False)
        # Everything is drawn in the axes' own fractions (x placed by ``_across``, a row by its fraction of the height):
        # where the data transform puts a value, without taking every text, line and mark through the x scale.
        across = ax.transAxes
        self.grid = Line2D([], [], color="#d9d9d9", linewidth=0.6, solid_capstyle="projecting", zorder=_AXIS, transform=across)
        ax.add_line(self.grid)
        rc = matplotlib.rcParams
        self.ticks = Line2D([], [], linewidth=rc["xtick.major.width"], solid_capstyle="butt",
                            color=rc["xtick.color"], transform=across, clip_on=False, zorder=_AXIS)
        ax.add_line(self.ticks)
        below = rc["xtick.major.size"] + rc["xtick.major.pad"]  # points from the axis to the top of a tick label
        self.tick_at = across + _down(self.figure, below)
        self.tick_labels: list[Text] = []
        # The title and the formatter's offset ("1e6") go below the tick labels, one line high.
        under = below + rc["font.size"] * _LINE
        self.title = _text(ax, 0.5, 0, transform=ax.transAxes + _down(self.figure, under + rc["axes.labelpad"]), ha="center", va="top", zorder=_AXIS)
        self.offset = _text(ax, 1, 0, transform=ax.transAxes + _down(self.figure, under + _OFFSET_PAD), ha="right", va="top", zorder=_AXIS)
        self.formatter = ScalarFormatter(useOffset=False)
        self.formatter.create_dummy_axis()
        self.bands = PolyCollection([], zorder=1, linewidths=0.8, hatch="////", transform=across)
        ax.add_collection(self.bands)
        # The rows' intervals: one line per camp style, broken between rows (a gap is a NaN), as the grid is.
        self.segments = [ax.add_line(Line2D([], [], color=color, linewidth=2.2, solid_capstyle="butt", zorder=2, transform=across))
                         for color, _, _ in (*STYLES, BRIDGE)]
        self.open_low = ax.scatter([], [], marker="<", s=36, zorder=3, clip_on=False, transform=across)
        self.open_high = ax.scatter([], [], marker=">", s=36, zorder=3, clip_on=False, transform=across)
        self.marks = [
            ax.scatter([], [], marker=marker, s=54, c=color, zorder=4, edgecolors="white", linewidths=0.7, transform=across)
            for color, marker, _ in (*STYLES, BRIDGE)
        ]
        for collection in (self.open_low, self.open_high, *self.marks):
            collection.set_paths([_MarkerPath(path.vertices, path.codes) for path in collection.get_paths()])
        self.one = ax.add_line(Line2D([], [], color="#555555", linewidth=1, linestyle="--", zorder=2, transform=across)) if scale == LOG else None
        # Just above the 1x line, 5 points to either side.
        self.below = _text(ax, 0, 1.02, transform=across + _right(self.figure, -5), ha="right", va="bottom", color="#333333")
        self.above = _text(ax, 0, 1.02, transform=across + _right(self.figure, 5), ha="left", va="bottom", color="#333333")
        self.labels: list[Text] = []
        self.advances: svgtext.Advances | None = None  # the row labels' widths, read when first needed
        self.shown_rows = 0  # the number of rows the figure is sized for
        ax.set_xlim(*((0.1, 10) if scale == LOG else (0, 1)))  # turns autoscaling off: each chart sets the view's x interval
        _unhooked(self.axes.get_children())

    def render(self, chart: Chart, link: Linker | None) -> str:
        rows = chart.rows
        top = SIDES + 0.1
        height = top + ROW * len(rows) + BOTTOM
        if len(rows) != self.shown_rows:  # the figure's size, the axes' place and the rows' span follow the number of rows
            self.shown_rows = len(rows)
            self.figure.set_size_inches(WIDTH, height)
            self.axes.set_position((LABELS / WIDTH, BOTTOM / height, (WIDTH - LABELS - RIGHT) / WIDTH, ROW * len(rows) / height))
            self.axes.set_ylim(len(rows) - 0.5, -0.5)
        low, high = self._limits(rows)
        self._ticks(low, high)
        self._rows(rows, low, high, link)
        self._bands(chart, low, high)
        self._sides(chart, low, high)
        self.title.set_text(escape.svg_text(chart.axis))
        out = io.StringIO()
        renderer = svgtext.Renderer(WIDTH * 72, height * 72, out, self.measured)
        self._draw(renderer)
        renderer.finalize()
        return out.getvalue()

    def _draw(self, renderer: svgtext.Renderer) -> None:
        """What ``Figure.draw`` draws of a figure of one axes, no layout engine and no one listening for its draw events,
        without its bookkeeping (a lock, the sorting of its one child, a draw event): a test holds the two to the same bytes."""
        renderer.open_group("figure", gid=self.figure.get_gid())
        self.figure.patch.draw(renderer)
        self.axes.draw(renderer)
        renderer.close_group("figure")

    def _limits(self, rows: tuple[Row, ...]) -> tuple[float, float]:
        finite = [v for r in rows for v in (r.lo, r.hi) if v is not None]
        if self.scale == LOG:
            finite = [v for v in finite if v > 0] + [1.0]
            low, high = min(finite) / 1.3, max(finite) * 1.3
        else:
            low, high = (min(finite), max(finite)) if finite else (0.0, 1.0)
            pad = (high - low) * 0.12 or abs(high) * 0.05 or 1.0
            low, high = low - pad, high + pad
        self.axes.viewLim.intervalx = (low, high)  # as set_xlim leaves it, without its checks and callbacks (autoscaling is off)
        return low, high

    def _ticks(self, low: float, high: float) -> None:
        """Grid lines, tick marks and their labels where matplotlib's locators and formatters put them."""
        offset = ""
        if self.scale == LOG:
            ticks = _log_ticks(low, high)
            texts = [f"{t:g}x" for t in ticks]
        else:
            slack = (high - low) * 1e-10  # as Axis keeps a tick that rounding put just outside the limits
            ticks = [float(t) for t in MaxNLocator(6, integer=self.scale == DAYS).tick_values(low, high) if low - slack <= t <= high + slack]
            if self.scale == DAYS:
                texts = [_day(t) for t in ticks]
            else:
                self.formatter.axis.set_view_interval(low, high)  # type: ignore[union-attr]  # the dummy axis made in __init__
                texts = self.formatter.format_ticks(ticks)
                offset = self.formatter.get_offset()
        # The grid lines and the tick marks are each one line, broken between ticks (a gap is a NaN); the tick marks' line
        # starts with the axis line, of the same colour and width as the spine matplotlib would draw.
        places = self._across(ticks, low, high)
        along = [x for t in places for x in (t, t, math.nan)]
        self.grid.set_data(along, [y for _ in ticks for y in (0, 1, math.nan)])
        down = matplotlib.rcParams["xtick.major.size"] / (self.axes.get_position().height * self.figure.get_figheight() * 72)
        self.ticks.set_data([0.0, 1.0, math.nan, *along], [0.0, 0.0, math.nan, *(y for _ in ticks for y in (0, -down, math.nan))])
        _place(self.tick_labels, [((t, 0), text) for t, text in zip(places, texts, strict=True)],
               lambda: _text(self.axes, 0, 0, transform=self.tick_at, ha="center", va="top", zorder=_AXIS))
        self.offset.set_text(offset)

    def _across(self, values: list[float], low: float, high: float) -> list[float]:
        """Where x values fall, as fractions of the axes' width: what the scale and the limits make of them."""
        if self.scale == LOG:
            start = math.log10(low)
            span = math.log10(high) - start
            return [(math.log10(v) - start) / span for v in values]
        return [(v - low) / (high - low) for v in values]

    def _rows(self, rows: tuple[Row, ...], low: float, high: float, link: Linker | None) -> None:
        """Each row's interval, its mark and its label, placed in the axes' own fractions (x by ``_across``, row y of n
        from the top): where the data transform would put them, without taking every point through the x axis's scale."""
        count = len(rows)
        open_low, open_high = [], []
        segments: dict[int, tuple[list[float], list[float]]] = {i: ([], []) for i in range(len(self.segments))}
        marks: dict[int, list] = {i: [] for i in range(len(self.marks))}
        urls: dict[int, list[str | None]] = {i: [] for i in range(len(self.marks))}
        for y, row in enumerate(rows):
            color = row.style()[0]
            if row.lo is None and row.hi is None:
                continue
            start, end, centre = self._across([low if row.lo is None else row.lo, high if row.hi is None else row.hi, _centre(row, self.scale)], low, high)
            down = _row_at(y, count)
            style = len(STYLES) if row.camp < 0 else row.camp % len(STYLES)
            xs, ys = segments[style]
            xs += (start, end, math.nan)
            ys += (down, down, math.nan)
            if row.lo is None:
                open_low.append(((0.0, down), color))
            if row.hi is None:
                open_high.append(((1.0, down), color))
            marks[style].append((centre, down))
            urls[style].append(link(row.claims)[0] if link else None)
        for line, (xs, ys) in zip(self.segments, segments.values(), strict=True):
            line.set_data(xs, ys)
            line.set_visible(bool(xs))
        for collection, ends in ((self.open_low, open_low), (self.open_high, open_high)):
            collection.set_offsets([p for p, _ in ends] or _NOWHERE)
            collection.set_facecolor([c for _, c in ends] or ["none"])
            collection.set_edgecolor([c for _, c in ends] or ["none"])
            collection.set_visible(bool(ends))
        for style, collection in enumerate(self.marks):
            collection.set_offsets(marks[style] or _NOWHERE)
            collection.set_urls(urls[style])
            collection.set_visible(bool(marks[style]))
        _place(self.labels, [((-0.02, _row_at(y, count)), self._fitted(escape.svg_text(f"{_camp_tag(row)} · {row.label}"))) for y, row in enumerate(rows)],
               lambda: _text(self.axes, 0, 0, transform=self.axes.transAxes, ha="right", va="center", zorder=_LABELS))

    def _fitted(self, label: str) -> str:
        """A row label cut short (with an ellipsis) to fit the label column, left of the axes' gap before the rows."""
        advances = self.advances
        if advances is None:
            advances = self.advances = svgtext.Advances(FontProperties(size=matplotlib.rcParams["font.size"], family=matplotlib.rcParams["font.family"]))
        width = advances.width(label)
        if width is None:
            return _short(label)
        if width <= _LABEL_ROOM:
            return label
        room, known = _LABEL_ROOM - (advances.width("…") or 0.0), advances.known
        for end, c in enumerate(label):
            room -= known[c]  # type: ignore[operator]  # every character of the label has its width
            if room < 0:
                return label[:end].rstrip() + "…"
        return label

    def _bands(self, chart: Chart, low: float, high: float) -> None:
        count = len(chart.rows)
        verts = []
        for band in chart.bands:
            left, right = self._across([band.lo, band.hi], low, high)
            top, bottom = _row_at(band.first_row - 0.42, count), _row_at(band.last_row + 0.42, count)
            verts.append([(left, top), (right, top), (right, bottom), (left, bottom)])
        colors = [STYLES[b.camp % len(STYLES)][0] for b in chart.bands]
        self.bands.set_verts(verts)
        self.bands.set_facecolor([(*matplotlib.colors.to_rgb(c), 0.12) for c in colors] or ["none"])
        self.bands.set_edgecolor(colors or ["none"])
        self.bands.set_visible(bool(verts))

    def _sides(self, chart: Chart, low: float, high: float) -> None:
        """Who is ahead on each side of the 1x line, just above it."""
        if self.one is not None:
            (one,) = self._across([1.0], low, high)
            self.one.set_data([one, one], [0, 1])
            self.below.set_x(one)
            self.above.set_x(one)
        below, above = chart.sides or ("", "")
        self.below.set_text(escape.svg_text(f"← {below}") if below else "")
        self.above.set_text(escape.svg_text(f"{above} →") if above else "")


class _MarkerPath(Path):
    """A marker's outline that keeps its extents under each transform it was measured under.

    Before drawing a collection of one mark (or of marks that share one link) as markers,
    matplotlib measures the marker's outline under the collection's transform, which for a
    circle means finding each Bézier curve's extremes: about a sixth of a chart's time, for
    the same few answers chart after chart (the mark sizes and the figure's dpi are fixed).
    """

    def get_extents(self, transform=None, **kwargs) -> Bbox:
        if transform is None or kwargs or not transform.is_affine:
            return super().get_extents(transform, **kwargs)
        known = self.__dict__.setdefault("_extents", {})
        key = transform.get_matrix().tobytes()
        points = known.get(key)
        if points is None:
            points = known[key] = super().get_extents(transform).get_points()
        return Bbox(points.copy())  # a Bbox of its own: the caller may change it


#: Drawing order: the axis under the data, as matplotlib's own below its data; the row labels last.
#: Texts of one order are drawn in the order they were made, and the pools of tick and row labels
#: grow as charts need them: in orders of their own, a chart's SVG does not depend on the charts before.
_AXIS, _LABELS = 0.5, 5
#: The height of a line of text, in ems: DejaVu Sans's ascent and descent make one em.
_LINE = 1.0
#: Points between the tick labels and the formatter's offset text, as matplotlib's Axis leaves.
_OFFSET_PAD = 3


def _text(axes, x: float, y: float, **properties) -> svgtext.LaidOut:
    """An empty text in the axes, laid out once per string (see ``svgtext.LaidOut``), placed as ``Axes.text`` places one."""
    text = svgtext.LaidOut(x, y, "", clip_on=False, **properties)
    axes.add_artist(text)
    return text


def _down(figure: Figure, points: float) -> ScaledTranslation:
    return ScaledTranslation(0, -points / 72, figure.dpi_scale_trans)


def _right(figure: Figure, points: float) -> ScaledTranslation:
    return ScaledTranslation(points / 72, 0, figure.dpi_scale_trans)


def _place(texts: list[Text], shown: list[tuple[tuple[float, float], str]], make: Callable[[], Text]) -> None:
    """Pooled texts: one per (position, string) shown, made when first needed; the rest hidden."""
    while len(texts) < len(shown):
        texts.append(make())
        _unhooked(texts[-1:])
    for number, text in enumerate(texts):
        if number < len(shown):
            position, string = shown[number]
            text.set_position(position)
            text.set_text(string)
        text.set_visible(number < len(shown))


def _unhooked(artists) -> None:
    """Artists that no longer tell the axes and the figure each time they change: every chart is drawn explicitly."""
    for artist in artists:
        artist.stale_callback = None


_NOWHERE = [(math.nan, math.nan)]


def _row_at(y: float, count: int) -> float:
    """Where row ``y`` of ``count`` stands (top row first), as a fraction of the axes' height: where the rows' y limits
    (``count - 0.5`` at the bottom, ``-0.5`` at the top) put it."""
    return (count - 0.5 - y) / count


def _centre(row: Row, scale: str) -> float:
    """Where a claim's mark sits: the middle of its interval (geometric on a log scale), or its one finite end."""
    if row.lo is None:
        return row.hi  # type: ignore[return-value]
    if row.hi is None:
        return row.lo
    return math.sqrt(row.lo * row.hi) if scale == LOG else (row.lo + row.hi) / 2


def _log_ticks(low: float, high: float) -> list[float]:
    """Readable ticks between the limits: 1, 2, 5 per decade (with 1.5 and 3 when the range is narrow)."""
    ticks = []
    for steps in ((1, 1.5, 2, 3, 5), (1, 2, 5), (1,)):
        ticks = [k * 10.0**e for e in range(-4, 5) for k in steps if low <= k * 10.0**e <= high]
        if len(ticks) <= 7:
            break
    return ticks


def _day(value: float) -> str:
    import datetime as dt

    try:
        return dt.date.fromordinal(int(value)).isoformat()
    except (ValueError, OverflowError):
        return ""


def _camp_tag(row: Row) -> str:
    """The camp a row belongs to, beside its label: with colour and shape, the chart needs no legend."""
    return "bridge" if row.camp < 0 else f"camp {row.camp + 1}"


def _short(text: str, limit: int = LABEL_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
