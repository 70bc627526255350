"""Summaries a graph draws otherwise than their name says, or cannot draw: the graph says so.

* A geometric mode (``geoMean``, ``geoMeanWithCi95``, ``geoMeanWithGeoSd``; an XY graph's
  ``geoMean``/``geoMeanError`` centre or ``geoCi95``/``geoSd`` error) has no value for a cell
  holding a value of zero or below: its bar, line or error bar is not drawn (Prism leaves it
  out too). Each data set with such cells gets a ``render-value-hidden`` warning.
* The 95% CI of a median is a pair of order statistics whose coverage reaches 95% only from
  n = 6; for n = 2 to 5 the statistics give the widest interval there is (minimum to maximum,
  87.5% for n = 4) and say so (``below_requested``). Each data set with such cells gets a ``render-ambiguous``
  warning naming the interval's real level.
* On a log axis an error bar whose end is zero or below cannot be drawn to it: it runs to the
  axis' edge, which would read as a real limit. ``render-ambiguous`` at the data set.
"""

from __future__ import annotations

import numpy as np

from ..contract.entries import MEAN, SPREAD, N, is_summary, spread_name
from ..contract.variants import Mark
from ..stats.descriptive import median_ci
from . import ids
from .artists.collections import ErrorBars
from .context import DrawContext
from .marks.summary import graph_mode
from .notices import AMBIGUOUS, HIDDEN, add_warning

#: the summary modes of column, nested and grouped graphs that are geometric
GEOMETRIC_MODES = frozenset({"geoMean", "geoMeanWithCi95", "geoMeanWithGeoSd"})
#: XY centres and errors that are geometric
GEOMETRIC_XY = frozenset({"geoMean", "geoMeanError", "geoCi95", "geoSd"})


def _cells(ctx: DrawContext, i: int) -> list[np.ndarray]:
    """The groups of values one summary is drawn from: a column's (or nested treatment's)
    values together, a grouped or XY row's replicates."""
    values = np.asarray(ctx.table.data_sets[i].values, dtype=float)
    if ctx.graph.plot.family in ("column", "nested"):
        flat = values.ravel()
        return [flat[np.isfinite(flat)]]
    return [row[np.isfinite(row)] for row in values]


def _choice(ctx: DrawContext) -> tuple[bool, bool] | None:
    """(geometric, median with a 95% CI) of the graph's summary; None without one."""
    family = ctx.graph.plot.family
    if family == "xy":
        center = str(ctx.options.get("center", "mean"))
        error = str(ctx.options.get("error", "sd"))
        errors = center.endswith("Error")
        geo = center in GEOMETRIC_XY or (errors and error in GEOMETRIC_XY)
        return geo, center == "medianError" and error == "ci95"
    if family not in ("column", "nested", "grouped") or ctx.variant.draws(Mark.HEAT_CELL):
        return None
    mode = graph_mode(ctx)
    return mode in GEOMETRIC_MODES, mode == "medianWithCi95"


def _unit(ctx: DrawContext, count: int) -> str:
    family = ctx.graph.plot.family
    word = "X value" if family == "xy" else "row"
    return f"{count} {word}{'s' if count != 1 else ''}"


def warn_summaries(ctx: DrawContext) -> None:
    """Warn of geometric summaries left out and of median CIs below 95%."""
    choice = _choice(ctx)
    if choice is not None and any(choice):
        geo, median = choice
        for i in ctx.visible_data_sets():
            if i >= len(ctx.table.data_sets):
                continue
            cells = _cells(ctx, i)
            name = ctx.table.data_sets[i].name
            if geo:
                _warn_geometric(ctx, i, name, cells)
            if median:
                _warn_median_ci(ctx, i, name, cells)
    _warn_log_error_bars(ctx)
    _warn_summary_rows(ctx)


def _warn_geometric(ctx: DrawContext, i: int, name: str, cells: list[np.ndarray]) -> None:
    bad = [k for k, c in enumerate(cells) if c.size and (c <= 0).any()]
    if not bad:
        return
    count = int(sum(int((cells[k] <= 0).sum()) for k in bad))
    values = f"{count} value{'s' if count != 1 else ''} of zero or below"
    where = (
        f"data set {name!r} holds {values}"
        if len(cells) == 1
        else f"{_unit(ctx, len(bad))} of data set {name!r} hold {values}"
    )
    add_warning(
        ctx,
        HIDDEN,
        f"{where}: a geometric mean cannot be computed there, so its bar, line and error bar "
        "are not drawn (as in Prism); choose an arithmetic mode, or leave out the values of "
        "zero or below",
        ("dataSets", i),
    )


def _warn_median_ci(ctx: DrawContext, i: int, name: str, cells: list[np.ndarray]) -> None:
    # the level of a median's CI depends on n alone: the statistics say when it falls short
    short = {int(c.size): median_ci(c) for c in cells if c.size >= 2}
    small = sorted(n for n, ci in short.items() if ci.below_requested)
    if not small:
        return
    levels = ", ".join(f"{100 * short[n].actual_level:g}% for n = {n}" for n in small)
    where = (
        f"data set {name!r} has n = {small[0]}"
        if len(cells) == 1
        else f"data set {name!r} has rows of n = {', '.join(str(n) for n in small)}"
    )
    add_warning(
        ctx,
        AMBIGUOUS,
        f"{where}: no interval of a median reaches 95% with so few values, so its '95% CI' "
        f"error bar runs from the smallest to the largest value, a lower level ({levels}); "
        "say so in the legend, or show the range (medianWithRange)",
        ("dataSets", i),
    )


def _warn_log_error_bars(ctx: DrawContext) -> None:
    ax = ctx.ax
    counts: dict[int, int] = {}
    for art in ax.get_children():
        if not isinstance(art, ErrorBars) or not art.get_visible():
            continue
        i = ids.data_set_of(art.get_gid())
        log = (ax.get_yscale() if art.vertical else ax.get_xscale()) == "log"
        if i is None or not log:
            continue
        ok = np.isfinite(art.center) & (art.center > 0)
        low = np.where(np.isfinite(art.low), art.low, art.center)
        if art.direction == "above":
            continue
        counts[i] = counts.get(i, 0) + int((ok & (low <= 0)).sum())
    for i, n in sorted(counts.items()):
        if not n or i >= len(ctx.table.data_sets):
            continue
        name = ctx.table.data_sets[i].name
        add_warning(
            ctx,
            AMBIGUOUS,
            f"{n} error bar{'s' if n != 1 else ''} of data set {name!r} reach{'' if n != 1 else 'es'} "
            "zero or below, which a log axis cannot show: "
            f"{'they run' if n != 1 else 'it runs'} to the axis' edge, which is not a real "
            "limit; choose an error a log axis can show (geoSd, geoCi95) or a linear axis",
            ("dataSets", i),
        )


def _error_of(ctx: DrawContext) -> str | None:
    """The error bar a graph of summary data draws (``sd``, ``sem``, ``ci95``), or None."""
    if ctx.graph.plot.family == "xy":
        center = str(ctx.options.get("center", "mean"))
        marks = (Mark.ERROR_BAR, Mark.ERROR_BAND)
        if not (center.endswith("Error") or any(ctx.variant.draws(m) for m in marks)):
            return None
        return str(ctx.options.get("error", "sd"))
    errors = {"meanWithSd": "sd", "meanWithSem": "sem", "meanWithCi95": "ci95"}
    return errors.get(graph_mode(ctx))


#: what each error bar of summary data is called in a warning
_ERROR_NAMES = {"sd": "SD error bar", "sem": "SEM error bar", "ci95": "confidence interval"}


def _warn_summary_rows(ctx: DrawContext) -> None:
    """A table of summary data: rows whose mean is drawn without the error bar the graph
    asks for, because the row lacks the SD or SEM, or the N it needs (or its N is 1)."""
    entry = ctx.table.entry
    error = _error_of(ctx) if is_summary(entry) else None
    if error is None:
        return
    given = "sd" if entry == "meanSdN" else "sem"
    needs_n = error != given  # converting SD and SEM, or a CI, takes N
    for i in ctx.visible_data_sets():
        if i >= len(ctx.table.data_sets):
            continue
        values = np.asarray(ctx.table.data_sets[i].values, dtype=float)
        if values.ndim != 2 or values.shape[1] < 3:
            continue
        mean, spread, n = values[:, MEAN], values[:, SPREAD], values[:, N]
        has = np.isfinite(mean)
        one = has & (n == 1)
        no_spread = has & ~one & ~np.isfinite(spread)
        no_n = has & ~one & np.isfinite(spread) & needs_n & ~np.isfinite(n)
        parts = []
        for rows, what in (
            (no_spread, f"lack{{s}} the {spread_name(entry)}"),
            (no_n, f"lack{{s}} the N the {_ERROR_NAMES[error]} needs"),
            (one, "{has} N = 1, which has no spread"),
        ):
            k = int(rows.sum())
            if k:
                verb = what.format(s="s" if k == 1 else "", has="has" if k == 1 else "have")
                parts.append(f"{_unit(ctx, k)} {verb}")
        if not parts:
            continue
        name = ctx.table.data_sets[i].name
        add_warning(
            ctx,
            HIDDEN,
            f"data set {name!r}: {'; '.join(parts)}: the mean is drawn without an error bar",
            ("dataSets", i),
        )
