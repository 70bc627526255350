"""Legend marks: the swatch that stands for data set ``i`` in the legend, by the mark's name.

Every family's variant table names one of these for each variant (its *legend mark*), so the
legend never depends on which mark happened to be drawn first.
"""

from __future__ import annotations

from collections.abc import Callable

from matplotlib.artist import Artist

from ..context import DrawContext
from . import bars, primitives, summary, violin

#: a glyph: one artist, or several drawn overlaid (a bar with its error bar and symbol)
Glyph = Artist | tuple[Artist, ...]
Swatch = Callable[[DrawContext, int], Glyph]


def _with_error(ctx: DrawContext, i: int, glyph: Artist) -> Glyph:
    """``glyph`` with the error bar under it where the graph draws one (mode and switch)."""
    return (primitives.error_glyph(ctx, i), glyph) if summary.draws_error_bars(ctx, i) else glyph


#: legend mark -> the swatch of data set ``i`` it draws
SWATCHES: dict[str, Swatch] = {
    "symbol": lambda ctx, i: primitives.symbol_handle(ctx, i),
    "symbol-error": lambda ctx, i: _with_error(ctx, i, primitives.symbol_handle(ctx, i)),
    "symbol-line": lambda ctx, i: _with_error(
        ctx,
        i,
        primitives.symbol_line_handle(ctx, i)
        if ctx.switch("lines", i)
        else primitives.symbol_handle(ctx, i),
    ),
    "bar": bars.swatch,
    "bar-error": bars.bar_error_glyph,
    "violin": violin.swatch,
    "scatter-bar": bars.scatter_bar_glyph,
}


def swatch(mark: str, ctx: DrawContext, i: int) -> Glyph:
    """The legend swatch of data set ``i`` for the legend mark ``mark``."""
    return SWATCHES[mark](ctx, i)
