"""How a data set's symbols look: their shape, size, fill, edge and edge width (a
:data:`~plotdoc.render.artists.collections.Look`), thinned out when there are many of them,
and the legend swatch that shows them. The drawing and the editor's recolouring of a kept
figure (``plotdoc.editor.restyle``) both read them here."""

from __future__ import annotations

from typing import Any

from matplotlib.lines import Line2D

from ..artists.collections import Look, PointSymbols
from ..context import DrawContext
from ..style.symbols import symbol_path

#: from this many symbols in one artist on, they shrink and turn translucent
CROWD = 2000


def symbol_look(ctx: DrawContext, i: int, st: Any) -> Look:
    """How a symbol of data set ``i`` styled ``st`` looks."""
    shape = st["shape"] if st["shape"] != "auto" else ctx.theme.symbol_shape(i)
    _, kind = symbol_path(shape)
    width = float(st["borderThickness"]) * (1.4 if kind != "solid" else 1.0)
    if kind == "open":
        return shape, float(st["size"]), ctx.theme.plot_background, st["color"], width
    if kind == "stroke":
        return shape, float(st["size"]), None, st["color"], width
    return shape, float(st["size"]), st["color"], st["borderColor"], width


def data_set_look(ctx: DrawContext, i: int, n: int) -> Look:
    """The look of ``n`` symbols of data set ``i`` that no point styles on its own, as
    :func:`~plotdoc.render.marks.primitives.symbols` draws them (thinned out)."""
    look = symbol_look(ctx, i, ctx.style("symbol", i))
    return thinned([look], n, size_given=size_given_by_user(ctx, i))[0]


def thin_out(art: PointSymbols, *, size_given: bool = False) -> None:
    """Many points (``CROWD`` or more) drawn at full size and opacity merge into one blot that
    hides where the data are dense. Their symbols shrink (by ``(CROWD / n) ** 0.25``, to no
    less than 1.5 pt; not when the user gave a size) and turn translucent (alpha
    ``(CROWD / n) ** 0.75``, at least 0.03), borderless, so that overlap builds up density:
    200,000 points draw at about 2 pt with alpha 0.03, 10,000 at 4 pt with alpha 0.3."""
    if len(art) >= CROWD:
        art.set_looks(thinned(art.looks, len(art), size_given=size_given), art.look_of)


def thinned(looks: list[Look], n: int, *, size_given: bool = False) -> list[Look]:
    """``looks`` as :func:`thin_out` draws ``n`` symbols of them."""
    if n < CROWD:
        return looks
    shrink = (CROWD / n) ** 0.25
    alpha = max(0.03, (CROWD / n) ** 0.75)
    out: list[Look] = []
    for shape, size, face, edge, _ in looks:
        base = face if face is not None else edge
        faded = (base[0], base[1], base[2], base[3] * alpha)
        out.append((shape, size if size_given else max(1.5, size * shrink), faded, faded, 0.0))
    return out


def size_given_by_user(ctx: DrawContext, i: int) -> bool:
    """Whether the style overrides give data set ``i``'s symbols a size."""
    over = ctx.graph.style_overrides or {}
    name = ctx.ds_name(i) if 0 <= i < len(ctx.table.data_sets) else None
    layers = [over.get("global", {}), over.get("perDataSet", {}).get(name, {})]
    return any("size" in (layer.get("symbol") or {}) for layer in layers)


def symbol_handle(ctx: DrawContext, i: int, key: str | None = None) -> Line2D:
    """The legend swatch of data set ``i``'s symbols."""
    st = ctx.style("symbol", i, None, key)
    shape = st["shape"] if st["shape"] != "auto" else ctx.theme.symbol_shape(i)
    path, kind = symbol_path(shape)
    face: Any = (
        st["color"]
        if kind == "solid"
        else ("none" if kind == "stroke" else ctx.theme.plot_background)
    )
    return Line2D(
        [],
        [],
        marker=path,
        markersize=st["size"],
        markerfacecolor=face,
        markeredgecolor=st["color"] if kind != "solid" else st["borderColor"],
        linestyle="none",
    )
