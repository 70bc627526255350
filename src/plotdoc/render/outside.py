"""Marks beyond the axis range the file sets: the graph says so.

An automatic range holds every value, so a symbol whose centre lies beyond the plot area's
range is one a range set in the file leaves out (a Tukey outlier of 777 under a maximum of
140). Each data set with such values gets a ``render-value-hidden`` warning that counts them
and names the range. Values a log axis cannot place (zero or below) have their own warning
and are not counted again.

Bars, boxes and whiskers, violins, error bars and lines that reach beyond such a range are
drawn cut flush at the plot area's edge: each data set with such marks gets a
``render-value-hidden`` warning too (its bars, lines... "are drawn cut at its edge"), so that
a bar cut at the top is not read as its value. A bar's base below a range that starts above
it is not warned of: that is how a set minimum is drawn.
"""

from __future__ import annotations

import numpy as np
from matplotlib.artist import Artist
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

from . import ids
from .artists.collections import ErrorBars, PointSymbols
from .artists.rects import Rects
from .context import DrawContext
from .marks.bars import baseline
from .notices import HIDDEN, add_warning
from .style.numbers import number_text


def _beyond(values: np.ndarray, lo: float, hi: float, log: bool) -> np.ndarray:
    lo, hi = min(lo, hi), max(lo, hi)
    tol = 1e-9 * (hi - lo)
    out = (values < lo - tol) | (values > hi + tol)
    if log:
        out &= values > 0  # zero and below are warned of as such
    return out


def warn_outside_range(ctx: DrawContext) -> None:
    """Warn for each data set whose symbols lie beyond the range of the plot area."""
    ax = ctx.ax
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    xlog, ylog = ax.get_xscale() == "log", ax.get_yscale() == "log"
    counts: dict[int, list[int]] = {}
    for art in ax.get_children():
        i = ids.data_set_of(art.get_gid())
        if i is None or not isinstance(art, PointSymbols) or not art.get_visible():
            continue
        xy = np.asarray(art.xy, dtype=float)
        if not xy.size:
            continue
        finite = np.isfinite(xy).all(axis=1)
        in_x = _beyond(xy[finite, 0], x0, x1, xlog)
        in_y = _beyond(xy[finite, 1], y0, y1, ylog)
        entry = counts.setdefault(i, [0, 0])
        entry[0] += int(in_x.sum())
        entry[1] += int((in_y & ~in_x).sum())
    for i, (by_x, by_y) in sorted(counts.items()):
        if not (by_x or by_y) or i >= len(ctx.table.data_sets):
            continue
        name = ctx.table.data_sets[i].name
        ranges = []
        if by_x:
            ranges.append(f"X from {_n(x0)} to {_n(x1)}")
        if by_y:
            ranges.append(f"Y from {_n(y0)} to {_n(y1)}")
        n = by_x + by_y
        add_warning(
            ctx,
            HIDDEN,
            f"{n} symbol{'s' if n != 1 else ''} of data set {name!r} (values, outliers or "
            f"means) {'lie' if n != 1 else 'lies'} beyond the axis range "
            f"({' and '.join(ranges)}) and {'are' if n != 1 else 'is'} not drawn",
            ("dataSets", i),
        )


#: the kinds of marks (the first part of their id) whose cut at the plot area is warned of,
#: with the word the warning uses for them
CUT_KINDS = {
    "bar": "bars",
    "bars": "bars",
    "box": "boxes",
    "whisker": "whiskers",
    "whiskers": "whiskers",
    "median": "boxes",
    "violin": "violins",
    "errorbar": "error bars",
    "errorbars": "error bars",
    "line": "lines",
    "summary": "lines",
    "spike": "spikes",
}


def _points(art: Artist) -> np.ndarray | None:
    """The data coordinates a mark reaches (rows of x, y), None for a mark not in data."""
    if isinstance(art, ErrorBars):
        lo = np.where(np.isfinite(art.low), art.low, art.center)
        hi = np.where(np.isfinite(art.high), art.high, art.center)
        ends = np.concatenate([lo, hi])
        pos = np.concatenate([art.pos, art.pos])
        return np.column_stack([pos, ends] if art.vertical else [ends, pos])
    if isinstance(art, Rects):
        c = art.corners
        return np.concatenate([c[:, 0:2], c[:, 2:4]])
    if isinstance(art, Line2D):
        return np.column_stack(
            [np.asarray(art.get_xdata(), dtype=float), np.asarray(art.get_ydata(), dtype=float)]
        )
    if isinstance(art, Rectangle):
        x, y, w, h = art.get_x(), art.get_y(), art.get_width(), art.get_height()
        return np.array([[x, y], [x + w, y + h]], dtype=float)
    if isinstance(art, Patch):
        return np.asarray(art.get_path().vertices, dtype=float)
    return None


def _in_data(art: Artist, data: object) -> bool:
    """Whether a mark is placed in the plot area's data coordinates (a spike set apart by
    an offset is not measured)."""
    if isinstance(art, Rects | ErrorBars):
        return True
    if isinstance(art, Patch):
        return art.get_data_transform() is data
    return art.get_transform() is data


def warn_cut_marks(ctx: DrawContext) -> None:
    """Warn for each data set whose bars, boxes, lines... reach beyond the range of the plot
    area and are drawn cut at its edge."""
    ax = ctx.ax
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    xlog, ylog = ax.get_xscale() == "log", ax.get_yscale() == "log"
    base = baseline(ctx)
    found: dict[int, dict[str, None]] = {}
    axes: dict[int, set[str]] = {}
    for art in ax.get_children():
        sid = art.get_gid()
        i = ids.data_set_of(sid)
        if i is None or not art.get_visible() or not isinstance(sid, str):
            continue
        word = CUT_KINDS.get(sid.split("/", 1)[0])
        if word is None or not _in_data(art, ax.transData):
            continue
        xy = _points(art)
        if xy is None or not xy.size:
            continue
        xy = xy[np.isfinite(xy).all(axis=1)]
        # a bar's base below a range that starts above it is how a set minimum is drawn
        # (Prism's too); what a reader reads is the bar's end
        at_base = xy == base if word == "bars" else np.zeros(xy.shape, dtype=bool)
        by_x = _beyond(xy[~at_base[:, 0], 0], x0, x1, xlog).any()
        by_y = _beyond(xy[~at_base[:, 1], 1], y0, y1, ylog).any()
        if by_x or by_y:
            found.setdefault(i, {})[word] = None
            axes.setdefault(i, set()).update(["X"] * bool(by_x) + ["Y"] * bool(by_y))
    for i, words in sorted(found.items()):
        if i >= len(ctx.table.data_sets):
            continue
        name = ctx.table.data_sets[i].name
        kinds = list(words)
        what = kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " and " + kinds[-1]
        ranges = [
            f"{axis} from {_n(lo)} to {_n(hi)}"
            for axis, lo, hi in (("X", x0, x1), ("Y", y0, y1))
            if axis in axes[i]
        ]
        add_warning(
            ctx,
            HIDDEN,
            f"{what} of data set {name!r} reach beyond the axis range ({' and '.join(ranges)}) "
            "and are drawn cut at its edge; widen the range (axesOverrides) to show them whole",
            ("dataSets", i),
        )


def _n(value: float) -> str:
    return number_text(float(value))
