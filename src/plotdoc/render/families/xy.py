"""XY graphs: an X column and data sets of Y values with optional replicates.

A variant draws the marks its record lists (:mod:`plotdoc.contract.variants.xy`); the element
switches ``symbols``, ``lines``, ``errorBars``, ``spikes``, ``areaFill`` of
``elementActivation`` turn each part on or off:

=================== ==========================================================================
mark                drawn
=================== ==========================================================================
``SYMBOL``          a symbol at each center; every replicate instead with ``center:
                    eachReplicate`` when the variant draws no error bars
``EVERY_VALUE``     every replicate as a symbol; a line, if any, through ``connectCenter``
``LINE``            the line through the centers
``SUBJECT_LINES``   a line per replicate column (one subject)
``ERROR_BAR``       error bars at the centers (any variant: whenever ``center`` is one of the
                    ``...Error`` centers)
``ERROR_BAND``      the error as a shaded band instead of bars
``SPIKE``           a spike from the baseline to each center
``AREA``            the area under the line, filled
=================== ==========================================================================

``center``/``error`` choose the summary of the replicates; ``seriesStackOrder`` which data
set is drawn on top; ``line.connect`` straight, staircase or spline; ``missingValuePolicy``
``gap`` breaks a line at a missing center, ``connectAdjacent`` joins across it. Linear
regression and 4PL analyses on the table add their fitted lines (:mod:`.fits`).
Ids: ``symbol/ds0/p<row>`` (``/r<k>`` for each replicate), ``errorbar/ds0/row<r>``,
``line/ds0`` (``line/ds0/r<k>`` per subject), ``spike/ds0/p<row>``, ``area/ds0``,
``band/error/ds0``, ``reference/identity``.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import PathPatch
from matplotlib.transforms import ScaledTranslation
from numpy.typing import NDArray

from ...contract.entries import is_summary
from ...contract.variants import Mark
from ...stats.rowwise import rows_center_and_error
from ...stats.summary_data import rows_center_and_error_from_summary
from .. import ids
from ..artists.collections import PointSymbols
from ..context import DrawContext
from ..marks import primitives
from ..marks.bars import baseline
from ..marks.fills import closed_pieces, error_band, runs
from ..marks.value_labels import format_value
from ..style.colors import composite
from ..style.text import clamp
from ..style.theme import DASHES, HATCHES, resolve_color
from ..style.types import BarsSpikesDroplinesStyle
from .fits import draw_fits

F64 = NDArray[np.float64]

M = Mark
#: the marks an xy variant can draw (its record lists which)
MARKS = frozenset(
    {M.SYMBOL, M.EVERY_VALUE, M.LINE, M.SUBJECT_LINES, M.ERROR_BAR, M.ERROR_BAND, M.SPIKE, M.AREA}
)


def _centers(values: F64, center: str, error: str, entry: str) -> tuple[F64, F64, F64]:
    """Center, lower and upper error end of each row (one value per row without replicates;
    a table of summary data gives each row's mean and its SD, SEM or CI)."""
    if is_summary(entry):
        ce = rows_center_and_error_from_summary(values, entry, center, error)
    else:
        ce = rows_center_and_error(values, center, error)
    return ce.center, ce.lower, ce.upper


def draw(ctx: DrawContext) -> None:
    table = ctx.table
    x = table.x if table.x is not None else np.arange(table.n_rows, dtype=float)
    opts = ctx.options
    marks = ctx.variant.marks
    each = M.EVERY_VALUE in marks
    symbols = each or M.SYMBOL in marks
    line, errors, spikes = M.LINE in marks, M.ERROR_BAR in marks, M.SPIKE in marks
    area, band, subjects = M.AREA in marks, M.ERROR_BAND in marks, M.SUBJECT_LINES in marks
    center = str(opts.get("center", "mean"))
    error = str(opts.get("error", "sd"))
    if center.endswith("Error"):
        errors = errors or not band
    # center symbols without error bars show every replicate when the center asks for them
    if center == "eachReplicate" and M.SYMBOL in marks and M.ERROR_BAR not in marks:
        each = True
    visible = ctx.visible_data_sets()
    for i in visible:
        ds = table.data_sets[i]
        vals = ds.values
        n = min(vals.shape[0], x.shape[0])
        xs, vals = x[:n], vals[:n]
        line_center = (
            center if center != "eachReplicate" else str(opts.get("connectCenter", "mean"))
        )
        c, lo, hi = _centers(vals, line_center, error, table.entry)
        has_reps = vals.shape[1] > 1
        show_errors = errors and has_reps and ctx.switch("errorBars", i, True)
        z_line = 2.0 if ctx.style("line", i)["drawOrder"] == "underneathErrorBars" else 2.8
        if ctx.switch("areaFill", i, area):
            _area(ctx, i, xs, c)
        if band and has_reps and ctx.switch("errorBars", i, True):
            error_band(ctx, i, xs, lo, hi)
        if subjects and ctx.switch("lines", i, True):
            for k in range(vals.shape[1]):
                _line(ctx, i, xs, vals[:, k], ids.ds("line", i, ids.replicate_suffix(k)), z_line)
        elif ctx.switch("lines", i, line):
            _line(
                ctx, i, xs, c, ids.ds("line", i), z_line, dots=not ctx.switch("symbols", i, symbols)
            )
        if ctx.switch("spikes", i, spikes):
            _spikes(ctx, i, xs, c, dodge=(visible.index(i) - (len(visible) - 1) / 2) * 3.0)
        if show_errors:
            rows = np.flatnonzero(np.isfinite(c))
            bars = primitives.error_bars(
                ctx,
                xs[rows],
                c[rows],
                lo[rows],
                hi[rows],
                i,
                [ids.row("errorbar", i, r) for r in rows.tolist()],
                z=2.5,
            )
            if bars is not None and spikes:
                bars.dodge_pt = (visible.index(i) - (len(visible) - 1) / 2) * 3.0
        if ctx.switch("symbols", i, symbols):
            if each and has_reps:
                rr, kk = np.nonzero(np.isfinite(vals))
                pids = ids.Lazy(
                    partial(_replicate_id, i), list(zip(rr.tolist(), kk.tolist(), strict=True))
                )
                primitives.symbols(ctx, xs[rr], vals[rr, kk], i, pids, rr, z=3.0)
            else:
                rows = np.flatnonzero(np.isfinite(c) & np.isfinite(xs))
                primitives.symbols(
                    ctx, xs[rows], c[rows], i, ids.points("symbol", i, rows), rows, z=3.0
                )
                if ctx.style("line", i)["leaveGapAtSymbols"]:
                    _gaps(ctx, i, xs[rows], c[rows], rows)
        if ctx.switch("pointLabels", i, False):
            _point_labels(ctx, i, xs, c)
        if np.isfinite(hi).any() or np.isfinite(lo).any():  # errors reach past the centres
            ctx.include(xs, np.where(np.isfinite(hi), hi, c))
            ctx.include(xs, np.where(np.isfinite(lo), lo, c))
        else:
            ctx.include(xs, c)
        handle = _handle(ctx, i, symbols or each, line or subjects, spikes)
        # the legend shows the error bar too where the graph draws one
        ctx.legend_entry(i, (primitives.error_glyph(ctx, i), handle) if show_errors else handle)
        finite = np.isfinite(c) & np.isfinite(xs)
        tops = np.where(np.isfinite(hi), hi, c) if show_errors else c
        ctx.anchor(
            float(xs[finite].mean()) if finite.any() else 0.0,
            float(tops[finite].max()) if finite.any() else 0.0,
            i,
        )
    draw_fits(ctx, x)
    _identity(ctx)
    ctx.auto_titles.setdefault("x", "X")
    if len(visible) == 1:
        ctx.auto_titles.setdefault("y", table.data_sets[visible[0]].name)
    else:
        ctx.auto_titles.setdefault("y", "Y")
    if spikes or area:
        ctx.value_axis_from_zero = True


def _replicate_id(i: int, row_and_replicate: tuple[int, int]) -> str:
    r, k = row_and_replicate
    return ids.point("symbol", i, r, ids.replicate_suffix(k))


def _handle(ctx: DrawContext, i: int, symbols: bool, line: bool, spikes: bool) -> Line2D:
    h = primitives.symbol_handle(ctx, i) if symbols else Line2D([], [])
    if spikes and not symbols and not line:
        spike = ctx.style("barsSpikesDroplines", i)
        h.set_color(spike["color"])
        h.set_linewidth(float(spike["borderThickness"]) * 1.5)
        h.set_linestyle(DASHES.get(str(ctx.style("line", i)["dashStyle"]), "-"))
    if line:
        lst = ctx.style("line", i)
        h.set_linestyle(DASHES.get(lst["dashStyle"], "-"))
        h.set_color(lst["color"])
        h.set_linewidth(float(lst["thickness"]))
    return h


def _connect(ctx: DrawContext, i: int, xs: F64, ys: F64) -> tuple[F64, F64]:
    """The vertices of the connecting line, by ``connect`` and ``missingValuePolicy``."""
    st = ctx.style("line", i)
    ok = np.isfinite(xs)
    xs, ys = xs[ok], ys[ok]
    order = np.argsort(xs, kind="stable")
    xs, ys = xs[order], ys[order]
    if ctx.settings.get("missingValuePolicy") == "connectAdjacent":
        keep = np.isfinite(ys)
        xs, ys = xs[keep], ys[keep]
    if st.get("startAtOrigin") and xs.size:
        xs, ys = np.concatenate([[0.0], xs]), np.concatenate([[0.0], ys])
    if st["connect"] == "staircase" and xs.size > 1:
        sx = np.repeat(xs, 2)[1:]
        sy = np.repeat(ys, 2)[:-1]
        return sx, sy
    if st["connect"] == "spline" and xs.size > 2 and np.isfinite(ys).all():
        return _spline(xs, ys)
    return xs, ys


def _spline(xs: F64, ys: F64, per: int = 12) -> tuple[F64, F64]:
    """A monotone cubic (Fritsch-Carlson) curve through the points: no overshoot."""
    h = np.diff(xs)
    d = np.diff(ys) / np.where(h == 0, 1.0, h)
    m = np.concatenate([[d[0]], (d[:-1] + d[1:]) / 2, [d[-1]]])
    for k in range(d.size):
        if d[k] == 0:
            m[k] = m[k + 1] = 0.0
    m[1:-1] = np.where(d[:-1] * d[1:] <= 0, 0.0, m[1:-1])
    out_x, out_y = [], []
    for k in range(d.size):
        t = np.linspace(0, 1, per, endpoint=False)
        h00, h10 = 2 * t**3 - 3 * t**2 + 1, t**3 - 2 * t**2 + t
        h01, h11 = -2 * t**3 + 3 * t**2, t**3 - t**2
        out_x.append(xs[k] + t * h[k])
        out_y.append(h00 * ys[k] + h10 * h[k] * m[k] + h01 * ys[k + 1] + h11 * h[k] * m[k + 1])
    return np.concatenate([*out_x, xs[-1:]]), np.concatenate([*out_y, ys[-1:]])


#: the smallest diameter (points) of the dot a lone centre of a line without symbols is drawn as
LONE_DOT_PT = 4.5


def _line(
    ctx: DrawContext, i: int, xs: F64, ys: F64, sid: str, z: float, *, dots: bool = False
) -> None:
    """The connecting line; with ``dots`` (no symbols are drawn) a centre whose neighbours
    are both missing, which no segment reaches, is drawn as a dot of the line's colour."""
    lx, ly = _connect(ctx, i, xs, ys)
    lone = [a for a, b in runs(lx, ly) if b - a == 1] if dots else []
    if lx.size > 1 or lone:
        line = primitives.polyline(ctx, lx, ly, i, sid, element="line", z=z)
        if lone:
            line.set_marker("o")
            line.set_markevery(lone)
            line.set_markersize(max(LONE_DOT_PT, 3.0 * float(line.get_linewidth())))
            line.set_markeredgewidth(0.0)
            line.set_markerfacecolor(line.get_color())


def _base(ctx: DrawContext, style: BarsSpikesDroplinesStyle) -> float:
    begin = style.get("beginAtY")
    if begin is not None:
        return clamp(begin, -1e100, 1e100, 0.0)
    return baseline(ctx)


def _spikes(ctx: DrawContext, i: int, xs: F64, c: F64, dodge: float = 0.0) -> None:
    """A spike per point; data sets sharing an X are set ``dodge`` points apart."""
    st = ctx.style("barsSpikesDroplines", i)
    # the data set's dash (a one-colour preset tells data sets apart by it)
    dash = DASHES.get(str(ctx.style("line", i)["dashStyle"]), "-")
    base = _base(ctx, st)
    trans = ctx.ax.transData + ScaledTranslation(dodge / 72, 0, ctx.fig.dpi_scale_trans)
    for r in range(c.size):
        if not (np.isfinite(c[r]) and np.isfinite(xs[r])):
            continue
        spike = Line2D(
            [xs[r], xs[r]],
            [base, c[r]],
            color=st["color"],
            linewidth=float(st["borderThickness"]) * 1.5,
            linestyle=dash,
            solid_capstyle="butt",
        )
        spike.set_transform(trans)
        ctx.add(spike, ids.point("spike", i, r), z=ctx.z(i, 1.5))
        # a spike at an axis end is drawn whole, dodged or not
        primitives.overhang(ctx, spike, abs(dodge) + float(st["borderThickness"]) * 1.5)
    ctx.include(xs, np.full(xs.shape, base))


def _area(ctx: DrawContext, i: int, xs: F64, c: F64) -> None:
    st = ctx.style("areaFill", i)
    lx, ly = _connect(ctx, i, xs, c)
    # one piece of fill per piece of line: the fill breaks where the line does
    pieces_of = [(a, b) for a, b in runs(lx, ly) if b - a > 1]
    if not pieces_of:
        return
    base = _base(ctx, ctx.style("barsSpikesDroplines", i))
    edge = 1e12 if st["position"] == "aboveCurve" else base
    pieces = [
        np.concatenate(
            [
                np.column_stack([lx[a:b], ly[a:b]]),
                [[lx[b - 1], edge], [lx[a], edge], [lx[a], ly[a]]],
            ]
        )
        for a, b in pieces_of
    ]
    lx = np.concatenate([lx[a:b] for a, b in pieces_of])
    # the preset's fill is drawn as it looks alone over the plot background: where areas
    # overlap, the one in front keeps its own colour instead of a mix of both (blue and orange
    # made olive); a colour set in the file is drawn as given
    face = st["fillColor"]
    if face == ctx.theme.element_defaults("areaFill", i, ctx.own_color(i))["fillColor"]:
        face = composite(face, ctx.theme.plot_background)
    poly = PathPatch(
        closed_pieces(pieces),
        facecolor=face,
        edgecolor="none",
        linewidth=0,
    )
    hatch = HATCHES.get(st["fillPattern"])
    if hatch:
        poly.set_hatch(hatch)
        poly.set_edgecolor(st["patternColor"])
    ctx.add(poly, ids.ds("area", i), z=ctx.z(i, 0.8))
    ctx.include(lx, np.full(lx.shape, base))


def _gaps(ctx: DrawContext, i: int, xs: F64, ys: F64, rows: NDArray[np.intp]) -> None:
    """Background-coloured discs under the symbols, so the line stops short of each one."""
    size = float(ctx.style("symbol", i)["size"]) + 4.0
    bg = ctx.theme.plot_background
    art = PointSymbols(
        np.column_stack([xs, ys]),
        ids.points("gap", i, rows),
        looks=[("circle", size, bg, bg, 0.0)],
        look_of=np.zeros(len(rows), dtype=np.intp),
    )
    ctx.add(art, ids.ds("gaps", i), z=ctx.z(i, 2.9))


_PLACE = {
    "above": (0, 1, "center", "bottom"),
    "below": (0, -1, "center", "top"),
    "right": (1, 0, "left", "center"),
    "left": (-1, 0, "right", "center"),
}


def _point_labels(ctx: DrawContext, i: int, xs: F64, c: F64) -> None:
    """Each center labelled with its value (``pointLabels`` switch, ``pointLabel`` style)."""
    st = ctx.style("pointLabel", i)
    dx, dy, ha, va = _PLACE.get(st["placement"], _PLACE["above"])
    off = float(st["offset"])
    for r in range(c.size):
        if not (np.isfinite(c[r]) and np.isfinite(xs[r])):
            continue
        text = format_value(float(c[r]), {"decimals": "automatic"})
        t = ctx.ax.annotate(
            text,
            (float(xs[r]), float(c[r])),
            xytext=(dx * off, dy * off),
            textcoords="offset points",
            ha=ha,
            va=va,
            fontsize=float(st["fontSize"]),
            color=st["color"],
            annotation_clip=False,
        )
        ctx.tag(t, ids.point("label", i, r))


def _identity(ctx: DrawContext) -> None:
    conf = ctx.settings.get("lineOfIdentity")
    if not conf or not conf.get("show"):
        return
    color = resolve_color(conf.get("color", "theme"), ctx.theme.foreground)
    line = ctx.ax.axline(
        (0.0, 0.0),
        slope=1.0,
        color=color,
        linewidth=float(conf.get("thickness", 1.0)),
        linestyle=DASHES.get(conf.get("dashStyle", "dashed"), "--"),
    )
    ctx.tag(line, "reference/identity")
