"""Survival graphs: Kaplan-Meier curves, one per data set (group).

X is time; a data set's cell is 1 for an event and 0 for a censored subject; an empty cell
means the row's subject is not in that group. The estimate comes from
:func:`plotdoc.stats.kaplan_meier`.

* ``survival-staircase-ticks``: the staircase with a tick mark at each censored time;
* ``survival-point-to-point``: the KM points joined by straight lines;
* ``survival-point-to-point-eb``: the same with error bars (``errorBars``: ``se`` is the
  Greenwood standard error, ``ci95`` the log-log 95% interval);
* ``survival-staircase-points``: the staircase with a symbol at every point.

Options: ``outcome: death`` draws 1 - S; ``showAs: percents`` scales to 0-100;
``plotSymbolsAt`` (``all``, ``censoredOnly``; the symbol style's ``symbolVisibility``
overrides it per data set); ``showNumberAtRisk`` writes the number at risk at each X tick
under the axis, one row per group; ``showCumulativeCensored`` adds a row with the cumulative
number censored. Ids: ``line/ds0``, ``symbol/ds0/p<k>`` (k-th KM point, 0 = time 0),
``censored/ds0`` (tick group, members ``censored/ds0/c<k>``), ``errorbar/ds0/row<k>``,
``atrisk/ds0/t<k>``, ``atrisk/ds0/label``, ``censoredcount/ds0/t<k>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import numpy as np
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.transforms import ScaledTranslation, blended_transform_factory
from numpy.typing import NDArray

from ...contract.variants import Mark
from ...stats import KaplanMeierResult, kaplan_meier, number_at_risk
from .. import ids
from ..artists.collections import PointSymbols
from ..context import DrawContext
from ..marks import primitives
from ..marks.data_warnings import warn_left_out_rows
from ..style.measure import widest
from ..style.symbols import TICK
from ..style.text import safe
from ..style.theme import DASHES

F64 = NDArray[np.float64]
M = Mark
#: the marks a survival variant can draw (its record lists which)
MARKS = frozenset({M.STAIRCASE, M.LINE, M.SYMBOL, M.CENSOR_TICK, M.ERROR_BAR})


def _curve(km: KaplanMeierResult, death: bool, scale: float) -> tuple[F64, F64]:
    """KM points with (0, 100%) first, transformed for the outcome and the scale.

    An event at time 0 gives a second point at time 0: the curve starts at 100% and drops
    at 0.
    """
    t = np.concatenate([[0.0], km.time])
    s = np.concatenate([[1.0], km.survival])
    y = (1.0 - s) if death else s
    return t, y * scale


def _outcome(ctx: DrawContext) -> tuple[bool, float]:
    """Whether the curves show deaths (not survival), and the scale of the value axis (100
    for percents, 1 for fractions)."""
    opts = ctx.options
    death = opts.get("outcome") == "death"
    return death, 100.0 if opts.get("showAs", "percents") == "percents" else 1.0


def draw_one(ctx: DrawContext, i: int) -> KaplanMeierResult | None:
    """The curve and marks of data set ``i``, from its own codes and the times alone; its
    Kaplan-Meier fit (None when it has no subject). The editor draws a data set's curve
    again with it after a cell edit (:mod:`plotdoc.editor.recolumn`)."""
    table = ctx.table
    times = table.x if table.x is not None else np.empty(0)
    codes = table.data_sets[i].values[:, 0]
    n = min(codes.size, times.size)
    km = kaplan_meier(times[:n], codes[:n])
    warn_left_out_rows(ctx, i, times[:n], codes[:n])
    if km.status != "ok" and km.n == 0:
        return None
    _draw_group(ctx, ctx.variant.marks, i, km, *_outcome(ctx))
    return km


def draw(ctx: DrawContext) -> None:
    table = ctx.table
    opts = ctx.options
    death, scale = _outcome(ctx)
    times = table.x if table.x is not None else np.empty(0)
    fits: list[tuple[int, KaplanMeierResult]] = []
    for i in ctx.visible_data_sets():
        km = draw_one(ctx, i)
        if km is not None:
            fits.append((i, km))
    ctx.include([0.0], [0.0])
    ctx.include([0.0], [scale])
    ctx.value_axis_from_zero = True
    ctx.after_axes.append(lambda: _full_scale(ctx, scale))
    word = "death" if death else "survival"
    ctx.auto_titles.setdefault("y", f"{'Percent' if scale == 100.0 else 'Fraction'} {word}")
    ctx.auto_titles.setdefault("x", "Time")
    rows = risk_rows(opts)
    if rows and fits and ctx.graph_switch("numberAtRisk", True):
        ctx.extra_bottom_pt += 14.0 * rows * len(fits) + 16.0
        ctx.after_axes.append(lambda: _risk_table(ctx, fits, times))


def risk_rows(options: Mapping[str, Any]) -> int:
    """How many rows per data set the plot ``options`` ask for under the graph (number at
    risk, censored so far)."""
    return int(bool(options.get("showNumberAtRisk"))) + int(
        bool(options.get("showCumulativeCensored"))
    )


def _full_scale(ctx: DrawContext, scale: float) -> None:
    """The survival axis ends at 100% (or 1), its top tick, unless a range is given."""
    conf = (ctx.graph.axes or {}).get("leftY", {})
    if conf.get("scale", "linear") != "linear" or conf.get("rangeMax", "auto") != "auto":
        return
    lo, hi = ctx.ax.get_ylim()
    if hi > lo and hi > scale >= lo and scale in ctx.ax.get_yticks():
        ctx.ax.set_ylim(lo, scale)


def _draw_group(
    ctx: DrawContext,
    marks: tuple[Mark, ...],
    i: int,
    km: KaplanMeierResult,
    death: bool,
    scale: float,
) -> None:
    opts = ctx.options
    t, y = _curve(km, death, scale)
    stairs = M.STAIRCASE in marks
    ticks = M.CENSOR_TICK in marks  # censored times always marked, by a tick
    if ctx.switch("lines", i, True) and t.size > 1:
        if stairs:
            lx, ly = np.repeat(t, 2)[1:], np.repeat(y, 2)[:-1]
        else:
            lx, ly = t, y
        primitives.polyline(ctx, lx, ly, i, ids.ds("line", i), element="line", z=2.0)
    sym_style = ctx.style("symbol", i)
    at = opts.get("plotSymbolsAt", "all")
    if sym_style["symbolVisibility"] == "censoredOnly" or "symbolVisibility" in _user_symbol(
        ctx, i
    ):
        at = sym_style["symbolVisibility"]
    offset = 1 if t.size > km.time.size else 0  # index shift of the added time-0 point
    if at == "censoredOnly" or ticks:
        _censor_marks(
            ctx,
            i,
            km,
            t,
            y,
            offset,
            ticks=ticks and "shape" not in _user_symbol(ctx, i),
        )
    else:
        pids = [ids.point("symbol", i, k) for k in range(t.size)]
        primitives.symbols(ctx, t, y, i, pids, list(range(t.size)), z=3.0)
    err = opts.get("errorBars", "none")
    if err != "none" and km.time.size:
        lo_s, hi_s = (
            (km.survival - km.std_err, km.survival + km.std_err)
            if err == "se"
            else (km.loglog_ci_lower, km.loglog_ci_upper)
        )
        lo_s, hi_s = np.clip(lo_s, 0, 1), np.clip(hi_s, 0, 1)
        if death:
            lo_s, hi_s = 1 - hi_s, 1 - lo_s
        c = (1 - km.survival if death else km.survival) * scale
        rows = [k for k in range(km.time.size) if km.n_event[k] > 0]
        primitives.error_bars(
            ctx,
            km.time[rows],
            c[rows],
            lo_s[rows] * scale,
            hi_s[rows] * scale,
            i,
            [ids.row("errorbar", i, k + offset) for k in rows],
            z=2.5,
        )
    handle: Line2D = (
        primitives.symbol_handle(ctx, i) if at == "all" and not ticks else Line2D([], [])
    )
    lst = ctx.style("line", i)
    handle.set_color(lst["color"])
    handle.set_linestyle(DASHES.get(lst["dashStyle"], "-"))
    handle.set_linewidth(float(lst["thickness"]))
    ctx.legend_entry(i, handle)
    ctx.anchor(float(t[-1]) / 2 if t.size else 0.0, float(np.nanmax(y)) if y.size else scale, i)


def _user_symbol(ctx: DrawContext, i: int) -> dict[str, Any]:
    """The symbol keys the user set for data set ``i`` (global or per data set)."""
    ov = ctx.graph.style_overrides or {}
    out = dict(ov.get("global", {}).get("symbol", {}))
    out.update(ov.get("perDataSet", {}).get(ctx.ds_name(i), {}).get("symbol", {}))
    return out


def _censor_marks(
    ctx: DrawContext, i: int, km: KaplanMeierResult, t: F64, y: F64, offset: int, *, ticks: bool
) -> None:
    idx = np.flatnonzero(np.asarray(km.n_censored)[: km.time.size] > 0)
    if not idx.size or not ctx.switch("symbols", i):
        return
    xs = km.time[idx]
    points = idx + offset  # the curve's points (after the time-0 one)
    ys = y[points]
    cids = ids.Lazy(partial(_censored_id, i), points)
    if not ticks:
        primitives.symbols(
            ctx, xs, ys, i, cids, points.tolist(), group_id=ids.ds("censored", i), z=3.0
        )
        return
    st = ctx.style("symbol", i)
    look = (TICK, float(st["size"]) * 1.3, None, st["color"], float(st["borderThickness"]) * 1.2)
    art = PointSymbols(
        np.column_stack([xs, ys]), cids, looks=[look], look_of=np.zeros(idx.size, dtype=np.intp)
    )
    ctx.add(art, ids.ds("censored", i), z=ctx.z(i, 3.0))
    primitives.overhang(ctx, art, float(st["size"]) * 0.65 + 1.0)


def _censored_id(i: int, k: int) -> str:
    """The id of the censored mark at point ``k`` of data set ``i``'s curve."""
    return ids.ds("censored", i, ids.censored_suffix(k))


def _risk_table(ctx: DrawContext, fits: list[tuple[int, KaplanMeierResult]], times: F64) -> None:
    ax = ctx.ax
    lo, hi = sorted(ax.get_xlim())
    ticks = [float(v) for v in ax.xaxis.get_majorticklocs() if lo - 1e-9 <= v <= hi + 1e-9]
    trans = blended_transform_factory(ax.transData, ax.transAxes)
    label_trans = ax.transAxes
    size = ctx.theme.shapes.font_size * 0.85
    rows: list[tuple[str, int, str, list[int]]] = []
    for i, km in fits:
        if ctx.options.get("showNumberAtRisk"):
            rows.append(("atrisk", i, ctx.ds_name(i), [int(v) for v in number_at_risk(km, ticks)]))
        if ctx.options.get("showCumulativeCensored"):
            cens = km.censoring_times
            rows.append(
                (
                    "censoredcount",
                    i,
                    f"{ctx.ds_name(i)} (censored)",
                    [int((cens <= tk).sum()) for tk in ticks],
                )
            )
    top_pt = -44.0
    # the labels end left of the first count, which is centred on the first tick
    firsts = [str(counts[0]) for *_, counts in rows if counts]
    gap_pt = 6.0 + (widest(firsts, FontProperties(size=size)) / 2 if firsts else 0.0)
    for line, (kind, i, label, counts) in enumerate(rows):
        dy = (top_pt - line * 14.0) / 72
        off = ScaledTranslation(0, dy, ctx.fig.dpi_scale_trans)
        color = ctx.style("line", i)["color"]
        for k, (tk, count) in enumerate(zip(ticks, counts, strict=True)):
            txt = ax.text(
                tk,
                0,
                str(count),
                transform=trans + off,
                ha="center",
                va="top",
                fontsize=size,
                color=color,
                clip_on=False,
            )
            ctx.tag(txt, f"{kind}/ds{i}/t{k}")
        name = ax.text(
            0,
            0,
            safe(label),
            transform=label_trans + ScaledTranslation(-gap_pt / 72, dy, ctx.fig.dpi_scale_trans),
            ha="right",
            va="top",
            fontsize=size,
            color=color,
            clip_on=False,
        )
        ctx.tag(name, f"{kind}/ds{i}/label")
    head = ax.text(
        0,
        0,
        "Number at risk" if ctx.options.get("showNumberAtRisk") else "Censored",
        transform=label_trans
        + ScaledTranslation(-gap_pt / 72, (top_pt + 13) / 72, ctx.fig.dpi_scale_trans),
        ha="right",
        va="top",
        fontsize=size,
        fontweight="bold",
        color=ctx.theme.foreground,
        clip_on=False,
    )
    ctx.tag(head, "atrisk/title")
