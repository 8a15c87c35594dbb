"""Matplotlib's SVG renderer with text extents remembered from chart to chart (see ``plot``).

Matplotlib measures every text it lays out with FreeType, and reads a font's tables for every
line, and keeps neither beyond one renderer, that is one chart. A report draws thousands of
charts whose tick labels, titles and fonts come back again and again: here they are measured
once per process.
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass, field

from matplotlib.backends.backend_svg import RendererSVG, _short_float_fmt
from matplotlib.colors import to_rgba
from matplotlib.font_manager import findfont, get_font
from matplotlib.ft2font import LoadFlags
from matplotlib.text import Text

DPI = 72  # points are pixels: sizes in the SVG read as points
#: Layouts kept at most, in one process: the texts that come back (tick labels, titles) are laid out again after a clearing.
LAYOUTS_KEPT = 4096


@dataclass
class Measured:
    """Text extents kept from chart to chart, in one process."""

    texts: dict = field(default_factory=dict)  # (text, ismath, font properties) -> (width, height, descent)
    glyphs: dict = field(default_factory=dict)  # (font file, size) -> {character: (advance, ascent, descent)}
    lines: dict = field(default_factory=dict)  # font properties -> (ascent, descent, line gap) of a line of text
    layouts: dict = field(default_factory=dict)  # what a text's layout depends on (``LaidOut``) -> the layout
    styles: dict = field(default_factory=dict)  # (font properties' hash, colour, alpha, alignment) -> a text's SVG style


class LaidOut(Text):
    """A text whose layout is kept from chart to chart, in the ``Measured`` of the renderer that draws it.

    Matplotlib lays a text out (its lines, their extents, the offsets its alignment makes) every
    time it is drawn, though the layout depends on none of the text's position: a chart's tick
    labels and titles come back chart after chart, each laid out once here. Drawn by another
    renderer than ours, or wrapped, it is laid out as any text.
    """

    def draw(self, renderer) -> None:
        """What ``Text.draw`` writes, for a plain one-line text drawn by our renderer, without its general path.

        Matplotlib sets up a graphics context, clipping, path effects and units for every text, then places
        its anchor twice (once to draw, once more to anchor it in SVG): most of a chart's text cost, for row
        and tick labels that need none of it. A text our renderer has not written in this style before, or
        one that is clipped, linked, rotated, rasterised, filtered, boxed or wrapped, is drawn by matplotlib.
        """
        if renderer is not None:
            self._renderer = renderer
        if not self.get_visible() or self.get_text() == "":
            return
        state = vars(self)  # what matplotlib's stubs leave out: the position as set
        x, y = state["_x"], state["_y"]
        if (not isinstance(renderer, Renderer) or self.get_clip_on() or self.get_url() is not None or self.get_rotation() != 0
                or self.get_rasterized() or self.get_agg_filter() is not None or self.get_bbox_patch() or self.get_path_effects()
                or self.get_usetex() or self.get_wrap() or self.get_parse_math() or not isinstance(x, float | int)
                or not isinstance(y, float | int)):
            super().draw(renderer)
            return
        rgba = to_rgba(self.get_color())
        alpha = self.get_alpha()
        # The key ``_draw_text_as_text`` keeps the style under, from what ``Text.draw`` would put in its graphics context.
        key = (hash(self.get_fontproperties()), rgba if alpha is None else (*rgba[:3], alpha), rgba[3] if alpha is None else alpha,
               self.get_horizontalalignment())
        style = renderer.measured.styles.get(key)
        _, info, _ = self._get_layout(renderer)
        if style is None or len(info) != 1:
            super().draw(renderer)
            return
        posx, posy = self.get_transform().transform((float(x), float(y)))
        if not (math.isfinite(posx) and math.isfinite(posy)):
            super().draw(renderer)  # as matplotlib leaves it out (and says why)
            return
        line, _, (x, y) = info[0]
        renderer.open_group("text", self.get_gid())
        # Where ``Text.draw`` draws its one line: moved from the anchor by the layout, on a canvas whose y axis points down.
        renderer.write_text(line, x + posx, renderer.height - (y + posy), (posx, posy), self.get_rotation(), style)
        renderer.close_group("text")
        self.stale = False

    def _get_layout(self, renderer):
        lay_out = super()._get_layout  # type: ignore[misc]  # matplotlib's own, which its stubs leave out
        measured = getattr(renderer, "measured", None)
        figure = self.get_figure(root=True)
        if not isinstance(measured, Measured) or figure is None or self.get_wrap():  # a wrapped text's lines depend on where it stands
            return lay_out(renderer)
        # Everything matplotlib's layout reads from the text (its font by the hash of its state, which is how font
        # properties compare equal); the renderer's metrics are those of ``measured``.
        key = (self.get_text(), hash(self.get_fontproperties()), self.get_horizontalalignment(), self.get_verticalalignment(),
               self.get_rotation(), self.get_rotation_mode(), vars(self)["_linespacing"], vars(self)["_multialignment"],
               self.get_usetex(), figure.dpi)
        layout = measured.layouts.get(key)
        if layout is None:
            if len(measured.layouts) >= LAYOUTS_KEPT:  # row labels differ chart to chart: kept, they would only grow
                measured.layouts.clear()
            layout = measured.layouts[key] = lay_out(renderer)
        return layout  # shared: matplotlib's callers read the box (``translated`` makes a new one), and never change it


class Renderer(RendererSVG):
    """Matplotlib's SVG renderer, for one chart, with text extents remembered from the charts before.

    Matplotlib measures every text it lays out (a tick label, a row label) with FreeType and keeps
    the result for one renderer only, that is for one chart; the same tick labels and axis titles
    come back chart after chart, so their extents are kept here, by text and font. A text never
    seen before (a row label, mostly) is measured from its characters, each measured once.
    """

    def __init__(self, width: float, height: float, out: io.StringIO, measured: Measured) -> None:
        super().__init__(width, height, out, metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
        self.measured = measured

    def _draw_text_as_text(self, gc, x, y, s, prop, angle, ismath, mtext=None):
        """A text element as matplotlib writes it, its style (font, colour, anchor) written once per process.

        Matplotlib builds a text's style anew for every text (the font's family names expanded and
        quoted, the colour in hex, the CSS joined): the same few styles, chart after chart. The
        first time a style is seen, matplotlib's own method writes it (to a writer that keeps what
        it is given); after that, only the text's place is computed, as matplotlib computes it for
        an unrotated text anchored where it stands. Anything else is drawn by matplotlib's method.
        """
        if ismath or mtext is None or angle != 0:
            return super()._draw_text_as_text(gc, x, y, s, prop, angle, ismath, mtext)
        rgb = gc.get_rgb()
        key = (hash(prop), tuple(rgb), gc.get_alpha() if gc.get_forced_alpha() else rgb[3], mtext.get_ha())
        style = self.measured.styles.get(key)
        if style is None:
            style = self.measured.styles[key] = self._style(gc, prop, mtext)
        self.write_text(s, x, y, mtext.get_transform().transform(mtext.get_unitless_position()), angle, style)

    def write_text(self, s: str, x: float, y: float, anchor, angle: float, style: str) -> None:
        """An unrotated (``angle`` 0) one-line text drawn at (``x``, ``y``) and anchored at ``anchor`` (in display
        coordinates), in a style written before: the element matplotlib writes for it."""
        # As matplotlib places an anchored text: at its anchor, moved along the vertical of its angle (0) to the baseline.
        ax, ay = anchor
        ay = self.height - ay
        v_offset = 0.0 * (x - ax) + 1.0 * (y - ay)
        ax, ay = _short_float_fmt(ax + v_offset * 0.0), _short_float_fmt(ay + v_offset * 1.0)
        self.writer.element("text", s, attrib={"style": style, "x": ax, "y": ay, "transform": f"rotate({_short_float_fmt(-angle)} {ax} {ay})"})

    def _style(self, gc, prop, mtext) -> str:
        """The style matplotlib writes for a text of this font, colour and alignment."""
        writer, kept = self.writer, _Kept()
        self.writer = kept  # type: ignore[assignment]  # only its ``element`` is called for a text
        try:
            super()._draw_text_as_text(gc, 0.0, 0.0, "x", prop, 0, False, mtext)
        finally:
            self.writer = writer
        return kept.attributes["style"]

    def get_text_width_height_descent(self, s, prop, ismath):
        extent = self.measured.texts.get((s, ismath, prop))
        if extent is None:  # kept under a copy: font properties are mutable, and hashed by their state
            extent = self.measured.texts[(s, ismath, prop.copy())] = self._measure(s, prop, ismath)
        return extent

    def _get_font_height_metrics(self, prop) -> tuple[float, float, float] | tuple[None, None, None]:
        """The height of a line of text in a font, which matplotlib's text layout asks a renderer for.

        Without it, matplotlib reads the font's tables for every text it lays out (a tenth of a
        chart's time); with it, once a font and size. The values are those it reads itself: the
        OS/2 typographic metrics, else the horizontal header's, in points (the figure's dpi is 72);
        a font with neither leaves the measuring to matplotlib (None). Matplotlib versions that do
        not ask keep measuring as before; a test holds the charts byte-identical either way.
        """
        metrics = self.measured.lines.get(prop)
        if metrics is None:  # kept under a copy, as above
            metrics = self.measured.lines[prop.copy()] = _line_metrics(get_font(findfont(prop)), prop.get_size_in_points())
        return metrics

    def _measure(self, s: str, prop, ismath) -> tuple[float, float, float]:
        """A text's width, height and descent: of the whole text, or of its characters for plain text.

        FreeType lays a whole text out anew (a few microseconds a character, most of a chart's
        text cost). A line of characters that no font shapes in context (Latin, punctuation,
        arrows, symbols) reaches as high and as low as its highest and lowest character, each
        measured once, and is as wide as their advances, kerning aside: the width places nothing
        in these charts, whose texts are anchored by SVG (``text-anchor``), and only the height
        and descent place a text on its line.
        """
        if ismath or len(s) < 2 or not _UNSHAPED.fullmatch(s):
            return super().get_text_width_height_descent(s, prop, ismath)
        font = get_font(findfont(prop))
        size = prop.get_size_in_points()
        glyphs = self.measured.glyphs.setdefault((font.fname, size), {})
        for c in set(s).difference(glyphs):
            if not font.get_char_index(ord(c)):  # a character the font lacks: another font may draw it
                return super().get_text_width_height_descent(s, prop, ismath)
            _, height, descent = super().get_text_width_height_descent(c, prop, ismath)
            glyphs[c] = (_advance(font, c, size), height - descent, descent)
        measured = [glyphs[c] for c in s]
        ascent = max(a for _, a, _ in measured)
        descent = max(d for _, _, d in measured)
        return sum(w for w, _, _ in measured), ascent + descent, descent


class Advances:
    """How wide plain texts are in one font and size: the sum of their characters' advances, each read once.

    Kerning is left out (it narrows a DejaVu Sans text by a fraction of a point); a text with a character the font
    lacks, or that a font shapes in context, has no width here (None).
    """

    def __init__(self, prop) -> None:
        self.font = get_font(findfont(prop))
        self.size = prop.get_size_in_points()
        self.known: dict[str, float | None] = {}  # a character's advance, None where it has none here

    def width(self, text: str) -> float | None:
        try:
            return sum(map(self.known.__getitem__, text))  # type: ignore[arg-type]  # a None advance raises TypeError
        except KeyError:  # a character not read yet
            for c in set(text).difference(self.known):
                self.known[c] = self._advance(c)
        except TypeError:  # a character without a width here
            return None
        return self.width(text)

    def _advance(self, c: str) -> float | None:
        if not _UNSHAPED.fullmatch(c) or not self.font.get_char_index(ord(c)):
            return None
        return _advance(self.font, c, self.size)


def _advance(font, c: str, size: float) -> float:
    """How far a character of ``font`` at ``size`` points moves the pen, kerning aside."""
    return font.load_char(ord(c), flags=LoadFlags.NO_SCALE).horiAdvance * size / font.units_per_EM


class _Kept:
    """Stands for the SVG writer: keeps the attributes of the element it is given."""

    attributes: dict[str, str]

    def element(self, tag, text=None, attrib=None, **extra) -> None:
        self.attributes = {**(attrib or {}), **extra}


def _line_metrics(font, size: float) -> tuple[float, float, float] | tuple[None, None, None]:
    """A font's ascent, descent and line gap at a size in points, from its OS/2 table, else its hhea table."""
    for table_name, gap, ascent, descent in (("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"), ("hhea", "lineGap", "ascent", "descent")):
        table = font.get_sfnt_table(table_name)
        if table is not None:
            scale = 1 / font.get_sfnt_table("head")["unitsPerEm"] * size * DPI / 72  # as matplotlib computes it, to the last bit
            return table[ascent] * scale, -table[descent] * scale, table[gap] * scale
    return None, None, None


#: Characters drawn one glyph each, whatever their neighbours: printable Latin (no combining
#: marks), general punctuation, super- and subscripts, currency, letterlike symbols, arrows,
#: mathematical and technical symbols, shapes.
_UNSHAPED = re.compile("[ -~\xa0-\u02ff\u2010-\u2027\u2030-\u205e\u2070-\u2bff]+")
