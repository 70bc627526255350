"""Legend marks: the swatch that stands for data set ``i`` in the legend, by the mark's name.

Every family's variant table names one of these for each variant (its *legend mark*), so the
legend never depends on which mark happened to be drawn first.
"""

from __future__ import annotations

from collections.abc import Callable

from matplotlib.artist import Artist

from ..context import DrawContext
from . import bars, primitives, violin

#: a glyph: one artist, or several drawn overlaid (a bar with its error bar and symbol)
Glyph = Artist | tuple[Artist, ...]
Swatch = Callable[[DrawContext, int], Glyph]

#: legend mark -> the swatch of data set ``i`` it draws
SWATCHES: dict[str, Swatch] = {
    "symbol": lambda ctx, i: primitives.symbol_handle(ctx, i),
    "bar": bars.swatch,
    "bar-error": bars.bar_error_glyph,
    "violin": violin.swatch,
    "scatter-bar": bars.scatter_bar_glyph,
}


def swatch(mark: str, ctx: DrawContext, i: int) -> Glyph:
    """The legend swatch of data set ``i`` for the legend mark ``mark``."""
    return SWATCHES[mark](ctx, i)
