"""What a multipleVariables graph draws, worked out before any drawing.

Volcano
    ``x`` is the log2 fold change. ``y`` holds -log10 p when ``volcano.yIsNegLog10`` is true;
    otherwise raw p values, drawn as -log10 p (a p of 0 is drawn at the largest -log10 p of the
    other points, or at 300 when there is none; a p above 1 or below 0, which is no p value,
    is left out; the graph warns of both). A point is *up* when ``x >= log2FcCutoff`` and ``p <= pCutoff``, *down*
    when ``x <= -log2FcCutoff`` and ``p <= pCutoff``, otherwise *not significant* (``ns``).
    The candidates for labels are the up and down points, strongest first (largest -log10 p,
    then largest ``|x|``, then row order); at most ``maxLabels`` of them are labelled.

Bubble
    A bubble's *area* is proportional to its ``size`` value: the largest value gets a circle
    ``maxBubbleSize`` points across, and ``s = maxBubbleSize**2 * size / max(size)`` (matplotlib's
    marker area in points squared). Missing, zero or negative sizes draw no bubble. Bubbles are
    drawn largest first so small ones stay visible. The size legend shows three rounded values
    of the data's range.

Forest
    One row per observation, the first at the top: the estimate (``x``) with its interval
    (``lower`` to ``upper``), labelled on the left by ``label`` (or "Row n").
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

UP, DOWN, NS = "volcano:up", "volcano:down", "volcano:ns"
VOLCANO_GROUPS = (UP, DOWN, NS)
SMALLEST_P = 1e-300


@dataclass(frozen=True, slots=True)
class Volcano:
    x: NDArray[np.float64]
    #: -log10 p per row (NaN where x or p is missing)
    y: NDArray[np.float64]
    #: ``volcano:up``, ``volcano:down`` or ``volcano:ns`` per row
    group: list[str]
    #: rows to label, strongest first
    label_rows: list[int]
    fc_cutoff: float
    #: -log10 of ``pCutoff``
    y_cutoff: float
    #: rows whose p is 0, drawn at the top: the largest -log10 p of the others (or 300)
    zero_p_rows: tuple[int, ...] = ()
    #: rows whose p is not a p value (above 1 or below 0): left out
    invalid_p_rows: tuple[int, ...] = ()


def volcano(x: NDArray[np.float64], y: NDArray[np.float64], opts: Mapping[str, Any]) -> Volcano:
    fc_cut = float(opts.get("log2FcCutoff", 1.0))
    p_cut = float(opts.get("pCutoff", 0.05))
    zero: tuple[int, ...] = ()
    invalid: tuple[int, ...] = ()
    if opts.get("yIsNegLog10", False):
        neg = np.asarray(y, dtype=float)
    else:
        y = np.asarray(y, dtype=float)
        invalid = tuple(np.flatnonzero((y < 0) | (y > 1)).tolist())
        zero = tuple(np.flatnonzero(y == 0).tolist())
        with np.errstate(divide="ignore", invalid="ignore"):
            p = np.where((y <= 0) | (y > 1), np.nan, y)
            neg = -np.log10(p)
        # a p of 0 (a test's underflow) is drawn at the strongest of the other points, not at
        # 300, which would squash every other point to the bottom
        others = neg[np.isfinite(neg) & np.isfinite(x)]
        top = float(others.max()) if others.size else -math.log10(SMALLEST_P)
        neg[list(zero)] = top
    y_cut = -math.log10(p_cut)
    ok = np.isfinite(x) & np.isfinite(neg)
    groups: list[str] = []
    for r in range(x.shape[0]):
        if ok[r] and neg[r] >= y_cut and x[r] >= fc_cut:
            groups.append(UP)
        elif ok[r] and neg[r] >= y_cut and x[r] <= -fc_cut:
            groups.append(DOWN)
        else:
            groups.append(NS)
    candidates = [r for r in range(x.shape[0]) if groups[r] != NS]
    candidates.sort(key=lambda r: (-neg[r], -abs(x[r]), r))
    max_labels = int(opts.get("maxLabels", 10))
    return Volcano(
        x=np.where(ok, x, np.nan),
        y=np.where(ok, neg, np.nan),
        group=groups,
        label_rows=candidates[:max_labels],
        fc_cutoff=fc_cut,
        y_cutoff=y_cut,
        zero_p_rows=zero,
        invalid_p_rows=invalid,
    )


def bubble_areas(size: NDArray[np.float64], max_diameter_pt: float) -> NDArray[np.float64]:
    """Marker areas (points squared) proportional to ``size``; 0 where there is no bubble."""
    good = np.isfinite(size) & (size > 0)
    top = float(size[good].max()) if good.any() else 1.0
    out = np.zeros(size.shape[0])
    out[good] = max_diameter_pt**2 * size[good] / top
    return out


def nice_sizes(size: NDArray[np.float64], n: int = 3) -> list[float]:
    """``n`` round values spread over the positive sizes, for the size legend (largest last)."""
    good = size[np.isfinite(size) & (size > 0)]
    if good.size == 0:
        return []
    top = float(good.max())
    out: list[float] = []
    for frac in np.linspace(1.0 / n, 1.0, n):
        out.append(_round_nice(top * float(frac)))
    return sorted({v for v in out if v > 0})


def _round_nice(value: float) -> float:
    """``value`` rounded to 1, 2 or 5 times a power of ten (at most ``value``, at least 1/2 of it)."""
    exp = math.floor(math.log10(value))
    base = 10.0**exp
    for m in (5.0, 2.0, 1.0):
        if m * base <= value:
            return m * base
    return base


def bubble_order(areas: NDArray[np.float64]) -> list[int]:
    """Rows with a bubble, largest first (ties in row order)."""
    rows = [r for r in range(areas.shape[0]) if areas[r] > 0]
    return sorted(rows, key=lambda r: (-areas[r], r))


@dataclass(frozen=True, slots=True)
class ForestRow:
    row: int
    #: position on the vertical axis (the first row has the largest)
    y: float
    estimate: float
    lower: float
    upper: float
    label: str


def forest_rows(
    est: NDArray[np.float64],
    lower: NDArray[np.float64],
    upper: NDArray[np.float64],
    labels: list[str | None] | None,
) -> list[ForestRow]:
    """One entry per row with an estimate or an interval, the first row on top."""
    n = est.shape[0]
    out = []
    for r in range(n):
        if not (np.isfinite(est[r]) or np.isfinite(lower[r]) or np.isfinite(upper[r])):
            continue
        text = labels[r] if labels is not None and r < len(labels) else None
        out.append(
            ForestRow(
                r, float(n - 1 - r), float(est[r]), float(lower[r]), float(upper[r]),
                text if text is not None else f"Row {r + 1}",
            )
        )  # fmt: skip
    return out
