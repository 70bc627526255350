"""Fitted lines of the table's analyses on an xy graph.

For every ``linearRegression`` analysis, each visible data set gets its least-squares line
(``curve`` style) and, by the graph switches, its confidence band (``confidenceBand``
switch, on by default) or prediction band (``predictionBand``, off by default) at the
analysis' ``confidenceLevel``. For every ``nonlinearRegression`` (4PL, ``model`` logX or
linearX) each data set gets its fitted curve (``fittedCurve`` switch) and confidence band.
The fits come from :mod:`plotdoc.stats`, on the table's data (replicates flattened).
Lines and bands are sampled at SAMPLES X values evenly spaced in the X axis' own scale (in
log X on a log axis), so a curve is smooth at any size and on any axis.

Ids: ``curve/regression/<analysisId>`` and ``curve/fit/<analysisId>`` are the groups of
one analysis; each data set's line inside is ``.../ds<i>``; bands are
``band/confidence/<analysisId>/ds<i>`` and ``band/prediction/<analysisId>/ds<i>``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backend_bases import RendererBase
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon
from numpy.typing import NDArray

from ...analyses.methods.nonlinear_regression import looks_like_concentrations
from ...analyses.results import fitted_curve
from ...contract.methods import METHODS
from ...stats import linear_regression
from .. import ids
from ..context import DrawContext
from ..notices import AMBIGUOUS, ANALYSIS_NOT_DRAWN, add_warning
from ..style.theme import DASHES, with_alpha
from ..style.types import ConfidenceBandStyle

F64 = NDArray[np.float64]

#: X values a fitted line or band is drawn through
SAMPLES = 256


class Group(Artist):
    """An SVG group with an id around child artists (drawn in z-order)."""

    def __init__(self, children: Sequence[Artist]) -> None:
        super().__init__()
        self.children = list(children)
        self.set_in_layout(False)

    def draw(self, renderer: RendererBase) -> None:
        renderer.open_group("group", gid=self.get_gid())
        for child in sorted(self.children, key=lambda a: a.get_zorder()):
            child.draw(renderer)
        renderer.close_group("group")


def draw_fits(ctx: DrawContext, x: F64) -> None:
    """The curve of each analysis of the table that draws one (its method's ``fit_curve``)."""
    for k, analysis in enumerate(ctx.table.analyses):
        spec = METHODS.get(analysis.method)
        if spec is None or spec.fit_curve is None:
            continue
        curve = spec.fit_curve(analysis.params)
        if ctx.graph_switch(curve.switch, True):
            _fit(ctx, (k, analysis.id), x, curve.kind, curve.confidence, curve.model)


def x_is_log(ctx: DrawContext) -> bool:
    """Whether the graph's X axis is logarithmic (``xContinuous.scale``)."""
    scale = (ctx.graph.axes or {}).get("xContinuous", {}).get("scale", "linear")
    return scale in ("log10", "log2")


def axis_grid(x: F64, log: bool) -> F64:
    """SAMPLES values from the smallest to the largest finite X (positive X on a log axis),
    evenly spaced in the axis' scale; empty when fewer than two distinct values remain."""
    x = x[np.isfinite(x)]
    if log:
        x = x[x > 0]
    if x.size < 2 or x.min() == x.max():
        return np.empty(0, dtype=np.float64)
    lo, hi = float(x.min()), float(x.max())
    return np.geomspace(lo, hi, SAMPLES) if log else np.linspace(lo, hi, SAMPLES)


def _resample(grid: F64, log: bool, cx: F64, values: F64) -> F64:
    """``values`` given at ``cx``, interpolated at ``grid`` in the axis' scale."""
    ok = np.isfinite(values) & np.isfinite(cx) & ((cx > 0) if log else True)
    if ok.sum() < 2:
        return np.full(grid.shape, np.nan)
    scale = np.log10 if log else np.asarray
    out: F64 = np.interp(scale(grid), scale(cx[ok]), values[ok], left=np.nan, right=np.nan)
    return out


def _fit(
    ctx: DrawContext, where: tuple[int, str], x: F64, kind: str, level: float, model: str | None
) -> None:
    index, aid = where
    children: list[Artist] = []
    log = x_is_log(ctx)
    for i in ctx.visible_data_sets():
        vals = ctx.table.data_sets[i].values
        n = min(vals.shape[0], x.shape[0])
        xx = np.repeat(x[:n], vals.shape[1])
        yy = vals[:n].reshape(-1)
        grid = axis_grid(xx[np.isfinite(yy)], log)
        if model is None:
            res = linear_regression(xx, yy, confidence_level=level, curve_at=grid)
            status, reason = res.status, res.message
            bands = []
            if ctx.graph_switch("confidenceBand", True):
                bands.append(("confidence", res.confidence_lower, res.confidence_upper))
            if ctx.graph_switch("predictionBand", False):
                bands.append(("prediction", res.prediction_lower, res.prediction_upper))
        else:
            res4 = fitted_curve(ctx.project, ctx.table.id, aid, ctx.table.data_sets[i].name)
            status, reason = res4.status, res4.message
            if res4.curve_x.size < 2:
                hint = _dose_hint(model, xx[np.isfinite(yy)])
                report_fit(ctx, index, i, status, reason.rstrip(".") + hint)
                continue
            # the curve exactly at the axis' samples; the band's half-width interpolated there
            res_x, res_y = grid, res4.evaluate(grid)
            half = _resample(grid, log, res4.curve_x, res4.confidence_upper - res4.curve_y)
            bands = (
                [("confidence", res_y - half, res_y + half)]
                if ctx.graph_switch("confidenceBand", True)
                else []
            )
        cx, cy = (res.curve_x, res.curve_y) if model is None else (res_x, res_y)
        if cx.size < 2 or not np.isfinite(cy).any():
            report_fit(ctx, index, i, status, reason)
            continue
        if status not in ("ok", "ambiguous") and any(
            not np.isfinite(lo).any() for _, lo, _ in bands
        ):
            report_fit(ctx, index, i, status, reason, drawn=True)
        if status == "ambiguous":  # drawn, but the data do not determine it: never clean-looking
            analysis = ctx.table.analyses[index]
            add_warning(
                ctx,
                AMBIGUOUS,
                f"the {analysis.method} {analysis.id!r} of data set {ctx.ds_name(i)!r} is "
                f"drawn, but its fit is ambiguous: {reason.rstrip('.')}",
                ("analyses", index),
            )
        band_style = ctx.style("confidenceBand", i)
        for name, lo, hi in bands:
            children += _band(
                ctx, i, cx, lo, hi, band_style, ids.make("band", name, aid, ids.ds_scope(i))
            )
        st = ctx.style("curve", i)
        line = Line2D(
            cx,
            cy,
            color=st["color"],
            linewidth=float(st["thickness"]),
            linestyle=DASHES.get(st["dashStyle"], "-"),
            zorder=ctx.z(i, 2.2),
        )
        line.set_transform(ctx.ax.transData)
        line.axes = ctx.ax
        line.set_clip_path(ctx.ax.patch)
        ctx.tag(line, ids.make("curve", kind, aid, ids.ds_scope(i)))
        children.append(line)
        ctx.include(cx, cy)
    if children:
        group = Group(children)
        group.set_transform(ctx.ax.transData)
        ctx.add(group, ids.make("curve", kind, aid), z=2.2)


def report_fit(
    ctx: DrawContext, index: int, i: int, status: str, reason: str, *, drawn: bool = False
) -> None:
    """Warn that analysis ``index``'s fit of data set ``i`` is missing from the graph (or,
    ``drawn``, is drawn without its band), with the analysis' status and reason."""
    analysis = ctx.table.analyses[index]
    what = "is drawn without its confidence band" if drawn else "is not drawn"
    add_warning(
        ctx,
        ANALYSIS_NOT_DRAWN,
        f"the {analysis.method} {analysis.id!r} of data set "
        f"{ctx.ds_name(i)!r} {what} ({status}): {reason.rstrip('.')}",
        ("analyses", index),
    )


def _dose_hint(model: str | None, x: F64) -> str:
    """For a ``logX`` fit whose X looks like concentrations (the method's own rule, which
    also warns at open): why it may fail."""
    x = x[np.isfinite(x)]
    if model != "logX" or x.size < 2 or not looks_like_concentrations(x.tolist()):
        return ""
    decades = float(np.log10(x.max() / x.min()))
    return (
        f". X spans {decades:.0f} decades of positive values, as raw doses do: model logX "
        "expects log10 doses (enter log10 of each dose), model linearX fits doses as entered"
    )


def _band(
    ctx: DrawContext, i: int, cx: F64, lo: F64, hi: F64, st: ConfidenceBandStyle, sid: str
) -> list[Artist]:
    ok = np.isfinite(lo) & np.isfinite(hi)
    if ok.sum() < 2:
        return []
    color = st["color"]
    assert isinstance(color, tuple)
    bx, bl, bh = cx[ok], lo[ok], hi[ok]
    out: list[Artist] = []
    if st["display"] == "fill":
        opacity = st["fillOpacity"]
        assert isinstance(opacity, float | int)
        poly = Polygon(
            np.concatenate([np.column_stack([bx, bh]), np.column_stack([bx, bl])[::-1]]),
            closed=True,
            facecolor=with_alpha(color, float(opacity)),
            edgecolor="none",
            zorder=ctx.z(i, 0.7),
        )
        poly.set_transform(ctx.ax.transData)
        poly.axes = ctx.ax
        poly.set_clip_path(ctx.ax.patch)
        ctx.tag(poly, sid)
        out.append(poly)
    else:
        thick = st["thickness"]
        assert isinstance(thick, float | int)
        xs = np.concatenate([bx, [np.nan], bx])
        ys = np.concatenate([bl, [np.nan], bh])
        line = Line2D(
            xs,
            ys,
            color=color,
            linewidth=float(thick),
            linestyle=DASHES.get(str(st["dashStyle"]), "--"),
            zorder=ctx.z(i, 2.1),
        )
        line.set_transform(ctx.ax.transData)
        line.axes = ctx.ax
        line.set_clip_path(ctx.ax.patch)
        ctx.tag(line, sid)
        out.append(line)
    ctx.include(bx, bl)
    ctx.include(bx, bh)
    return out
