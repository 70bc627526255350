"""Legend marks: the swatch that stands for data set ``i`` in the legend.

Every variant's record names one of these (:attr:`plotdoc.contract.variants.Variant.legend`),
so the legend never depends on which mark happened to be drawn first.
"""

from __future__ import annotations

from collections.abc import Callable

from matplotlib.artist import Artist

from ...contract.variants import Swatch as Legend
from ..context import DrawContext
from . import bars, primitives, summary, violin

#: a glyph: one artist, or several drawn overlaid (a bar with its error bar and symbol)
Glyph = Artist | tuple[Artist, ...]
Swatch = Callable[[DrawContext, int], Glyph]


def _with_error(ctx: DrawContext, i: int, glyph: Artist) -> Glyph:
    """``glyph`` with the error bar under it where the graph draws one (mode and switch)."""
    return (primitives.error_glyph(ctx, i), glyph) if summary.draws_error_bars(ctx, i) else glyph


#: legend mark -> the swatch of data set ``i`` it draws
SWATCHES: dict[Legend, Swatch] = {
    Legend.SYMBOL: lambda ctx, i: primitives.symbol_handle(ctx, i),
    Legend.SYMBOL_ERROR: lambda ctx, i: _with_error(ctx, i, primitives.symbol_handle(ctx, i)),
    Legend.SYMBOL_LINE: lambda ctx, i: _with_error(
        ctx,
        i,
        primitives.symbol_line_handle(ctx, i)
        if ctx.switch("lines", i)
        else primitives.symbol_handle(ctx, i),
    ),
    Legend.BAR: bars.swatch,
    Legend.BAR_ERROR: bars.bar_error_glyph,
    Legend.VIOLIN: violin.swatch,
    Legend.SCATTER_BAR: bars.scatter_bar_glyph,
}


def swatch(mark: Legend, ctx: DrawContext, i: int) -> Glyph:
    """The legend swatch of data set ``i`` for the legend mark ``mark``."""
    return SWATCHES[mark](ctx, i)


def variant_swatch(ctx: DrawContext, i: int) -> Glyph:
    """The legend swatch of data set ``i`` that the graph's variant names in its record."""
    mark = ctx.variant.legend
    if mark is None:
        raise ValueError(f"{ctx.variant.id} names no legend mark: its marks make their own")
    return SWATCHES[mark](ctx, i)
