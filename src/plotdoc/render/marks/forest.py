"""``mv-forest``: one row per observation, estimate with interval, reference line.

The first row is on top. Each row draws its estimate (``x``; a square, id ``symbol/p{r}``) and
a horizontal interval from ``lower`` to ``upper`` (``interval/p{r}``, styled by ``errorBar``
of the ``x`` variable); its label (``label``, or "Row n") stands left of the plot area
(``label/p{r}``; the figure keeps room for the longest one). An automatic plot area grows
to give each row a line of label, up to 1,000 pt; past that, every k-th label is shown, with a
warning. A vertical line at ``forest.referenceValue`` (``refline``, styled by
``referenceLine``, graph switch ``referenceLine``) marks no effect. The X axis is the value
axis (its title defaults to the ``x`` variable's name; ``xContinuous`` sets it, and ``leftY``'s
scale and range where it leaves them at their defaults, so a log scale there draws ratios on a
log axis); there is no Y axis: the rows keep their places whatever the axis settings.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import ids
from ..artists.collections import ErrorBars, PointSymbols
from ..context import DrawContext
from ..guides.category_labels import axis_length_pt, grow_for_rows, say_thinned, thinning
from ..notices import AMBIGUOUS, add_warning
from ..positions.plot_area import widen_for
from ..prepare.multivariables import forest_rows
from ..prepare.roles import Variable
from ..style.text import safe
from ..style.theme import CAP_HALF_WIDTH_PT, DASHES
from . import primitives
from .data_warnings import rows_text

#: the gap (points) between a row's label and the plot area
LABEL_GAP_PT = 8.0


def draw_forest(ctx: DrawContext, roles: dict[str, Variable]) -> None:
    est, lower, upper = roles.get("x"), roles.get("lower"), roles.get("upper")
    if est is None:
        return
    n = ctx.table.n_rows
    nan = np.full(n, np.nan)
    label = roles.get("label")
    rows = forest_rows(
        est.values,
        lower.values if lower is not None else nan,
        upper.values if upper is not None else nan,
        label.text if label is not None else None,
    )
    ctx.auto_titles.setdefault("x", est.name)
    swapped = [fr.row for fr in rows if fr.lower > fr.upper]
    if swapped and lower is not None and upper is not None:
        add_warning(
            ctx,
            AMBIGUOUS,
            f"{rows_text(swapped)}: the lower limit ({lower.name!r}) is above the upper "
            f"({upper.name!r}); the interval is drawn between the two, as if they were "
            "swapped: check the columns mapped to lower and upper",
            ("dataSets", lower.index),
        )
    ys = np.array([fr.y for fr in rows])
    err = ctx.style("errorBar", est.index)
    bars = ErrorBars(
        ys,
        np.array([fr.estimate for fr in rows]),
        np.array([fr.lower for fr in rows]),
        np.array([fr.upper for fr in rows]),
        [ids.item("interval", fr.row) for fr in rows],
        color=err["color"],
        linewidth=float(err["thickness"]),
        cap_half_width_pt=CAP_HALF_WIDTH_PT.get(str(err["capStyle"]), 2.5),
        vertical=False,
    )
    ctx.add(bars, "intervals", z=2.5)
    for a, b in bars.segments():
        ctx.include([a[0], b[0]], [a[1], b[1]])
    # estimates as squares unless the style names another shape
    sym = ctx.style("symbol", est.index)
    shape = (
        "square" if sym["shape"] in ("auto", ctx.theme.symbol_shape(est.index)) else sym["shape"]
    )
    overrides = ctx.graph.style_overrides or {}
    if overrides.get("perDataSet", {}).get(est.name, {}).get("symbol", {}).get("shape"):
        shape = sym["shape"]
    good = [k for k, fr in enumerate(rows) if np.isfinite(fr.estimate)]
    art = PointSymbols(
        np.column_stack([[rows[k].estimate for k in good], ys[good]]),
        [ids.item("symbol", rows[k].row) for k in good],
        shapes=[str(shape)] * len(good),
        sizes=[float(sym["size"]) * 1.2] * len(good),
        faces=[sym["color"]] * len(good),
        edges=[sym["borderColor"]] * len(good),
        widths=[1.0] * len(good),
    )
    ctx.add(art, "estimates", z=3.0)
    primitives.overhang(ctx, art, float(sym["size"]) * 0.6 + 1.0)
    ctx.include([rows[k].estimate for k in good], ys[good])
    size = ctx.theme.shapes.font_size
    labels = [safe(fr.label) for fr in rows]
    for fr, shown in zip(rows, labels, strict=True):
        text = ctx.ax.annotate(
            shown, (0.0, fr.y), xycoords=("axes fraction", "data"), xytext=(-LABEL_GAP_PT, 0.0),
            textcoords="offset points", ha="right", va="center", fontsize=size,
            annotation_clip=False,
        )  # fmt: skip
        ctx.tag(text, ids.item("label", fr.row))
    if labels:
        texts = [t for t in ctx.ax.texts if str(t.get_gid()).startswith("label/p")]
        # the rows span n + 0.4 slots (below): a line each, the plot area grown for them
        grow_for_rows(ctx, labels, size, n + 0.4)
        ctx.after_axes.append(lambda: _thin_labels(ctx, texts))
        # the figure keeps room for the longest label drawn, left of the plot area
        ctx.after_axes.append(
            lambda: widen_for(ctx.fig, ctx.ax, [t for t in texts if t.axes], LABEL_GAP_PT)
        )
    ref = float((ctx.options.get("forest") or {}).get("referenceValue", 1.0))
    if ctx.graph_switch("referenceLine", True):
        st = ctx.style("referenceLine", None)
        line = ctx.ax.axvline(
            ref, color=st["color"], linewidth=float(st["thickness"]),
            linestyle=DASHES.get(str(st["dashStyle"]), "-"), zorder=1.0,
        )  # fmt: skip
        ctx.tag(line, "refline")
        ctx.include([ref], [ys[0] if ys.size else 0.0])
    ctx.rows_on_y = True
    ctx.ax.set_yticks([])
    ctx.ax.set_ylim(-0.7, n - 0.3)
    ctx.ax.spines["left"].set_visible(False)
    ctx.preferred_width_pt = 260.0


def _thin_labels(ctx: DrawContext, texts: list[Any]) -> None:
    """Keep every k-th row label (the first and the last always) when they cannot all stand
    one above the other in the plot area's height; a warning says how many are not shown."""
    if len(texts) <= 2:
        return
    lo, hi = ctx.ax.get_ylim()
    spacing = axis_length_pt(ctx, along_x=False) / abs(float(hi) - float(lo))
    font = texts[0].get_fontproperties()
    thinned = thinning([t.get_text() for t in texts], spacing, font, 0.0, along_x=False)
    if thinned is None:
        return
    kept, step = thinned
    for k in set(range(len(texts))) - set(kept):
        texts[k].remove()
    say_thinned(ctx, "row", len(texts), len(kept), step, along_x=False)
