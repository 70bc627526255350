"""Filled areas of XY graphs: an error band, and the pieces a fill breaks into where its line
breaks (a missing centre), so that no fill bridges a gap."""

from __future__ import annotations

import numpy as np
from matplotlib.patches import PathPatch
from matplotlib.path import Path
from numpy.typing import NDArray

from .. import ids
from ..context import DrawContext
from ..style.colors import contrast, mix

F64 = NDArray[np.float64]


def runs(xs: F64, ys: F64) -> list[tuple[int, int]]:
    """The runs ``(start, stop)`` of consecutive vertices with both coordinates finite: the
    pieces a line breaks into at missing centres."""
    ok = np.isfinite(xs) & np.isfinite(ys)
    edges = np.diff(np.concatenate([[0], ok.astype(np.int8), [0]]))
    starts, stops = np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist()
    return list(zip(starts, stops, strict=True))


def closed_pieces(pieces: list[F64]) -> Path:
    """One path of closed polygons (each given with its first vertex repeated at its end)."""
    codes = [
        [Path.MOVETO] + [Path.LINETO] * (len(piece) - 2) + [Path.CLOSEPOLY] for piece in pieces
    ]
    return Path(np.concatenate(pieces), np.concatenate(codes).astype(np.uint8))


#: an error band whose fill contrasts less than this with the plot background is drawn in a
#: light tint of its data set's error colour instead (it would not be seen)
MIN_BAND_CONTRAST = 1.25
#: how far that tint goes from the background toward the error colour
BAND_TINT = 0.22


def error_band(ctx: DrawContext, i: int, xs: F64, lo: F64, hi: F64) -> None:
    """The error band of an XY data set, in one piece per run of rows with an error."""
    ok = np.isfinite(xs)
    order = np.argsort(xs[ok], kind="stable")
    bx, bl, bh = xs[ok][order], lo[ok][order], hi[ok][order]
    # one piece of band per run of rows with an error: it breaks where the line does
    pieces_of = [(a, b) for a, b in runs(bx, bl + bh) if b - a > 1]
    if not pieces_of:
        return
    st = ctx.style("errorBar", i)
    fill = ctx.style("areaFill", i)["fillColor"]
    bg = ctx.theme.plot_background
    if contrast(fill, bg) < MIN_BAND_CONTRAST:  # classic's white fill, floral's pastels
        fill = mix(bg, st["color"], BAND_TINT)  # light grey in classic, the set's own tint
    pieces = [
        np.concatenate(
            [
                np.column_stack([bx[a:b], bh[a:b]]),
                np.column_stack([bx[a:b], bl[a:b]])[::-1],
                [[bx[a], bh[a]]],
            ]
        )
        for a, b in pieces_of
    ]
    poly = PathPatch(
        closed_pieces(pieces),
        facecolor=fill,
        edgecolor=st["color"],
        linewidth=0.0,
    )
    ctx.add(poly, ids.ds("band/error", i), z=ctx.z(i, 0.9))
    ctx.include(bx, bl)
    ctx.include(bx, bh)
