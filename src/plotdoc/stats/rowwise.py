"""Row-wise summaries of (rows, replicates) arrays, computed with whole-array numpy operations.

Drawing many rows at once (xy graphs with replicates, heat maps of hundreds of thousands of
cells) needs the per-row statistics of :mod:`plotdoc.stats.descriptive` without a Python loop
per row.

:func:`rows_center_and_error` gives, for every row of a (rows, replicates) array, exactly
what :func:`plotdoc.stats.center_and_error` gives for that row, computed with whole-array
numpy operations for the common choices (mean, geometric mean or median with no error, SD,
SEM, the t CI of the mean or of the geometric mean, range, geometric SD). The median's
binomial CI and the IQR go row by row through :func:`~plotdoc.stats.center_and_error`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ._results import FloatArray, t_quantile
from .descriptive import _resolve_choice, center_and_error


@dataclass(frozen=True, slots=True)
class RowsCenterError:
    """Centre and error-bar ends of each row (NaN where a row cannot give them)."""

    center: FloatArray
    lower: FloatArray
    upper: FloatArray
    #: non-missing values per row
    n: npt.NDArray[np.int64]
    center_kind: str
    error_kind: str


def _per_n(n: npt.NDArray[np.int64], confidence: float) -> FloatArray:
    """The t quantile of each row's n - 1 degrees of freedom (NaN below two values)."""
    out = np.full(n.shape, np.nan)
    for k in np.unique(n):
        if k >= 2:
            out[n == k] = t_quantile(confidence, float(k - 1))
    return out


def rows_center_and_error(
    values: npt.ArrayLike, center: str, error: str | None = None, *, confidence: float = 0.95
) -> RowsCenterError:
    """Row-by-row :func:`~plotdoc.stats.center_and_error` of a 2-D array (NaN = missing)."""
    v = np.asarray(values, dtype=np.float64)
    if v.ndim == 1:
        v = v[:, None]
    ckind, ekind = _resolve_choice(center, error)
    ok = np.isfinite(v)
    n = ok.sum(axis=1).astype(np.int64)
    rows = v.shape[0]
    if (ckind == "median" and ekind == "ci95") or ekind == "iqr":
        c, lo, hi = np.full(rows, np.nan), np.full(rows, np.nan), np.full(rows, np.nan)
        for r in range(rows):
            if n[r]:
                ce = center_and_error(v[r], center, error, confidence=confidence)
                c[r], lo[r], hi[r] = ce.center, ce.lower, ce.upper
        return RowsCenterError(c, lo, hi, n, ckind, ekind)
    with np.errstate(invalid="ignore", divide="ignore"):
        geo = ckind == "geoMean" or ekind in ("geoCi95", "geoSd")
        mean = np.where(n > 0, np.nansum(np.where(ok, v, 0.0), axis=1) / np.maximum(n, 1), np.nan)
        dev = np.where(ok, v - mean[:, None], 0.0)
        sd = np.where(n > 1, np.sqrt((dev**2).sum(axis=1) / np.maximum(n - 1, 1)), np.nan)
        lg = np.log10(np.where(ok & (v > 0), v, 1.0))
        mlog = np.where(n > 0, (lg * ok).sum(axis=1) / np.maximum(n, 1), np.nan)
        sdlog = np.where(
            n > 1,
            np.sqrt((((lg - mlog[:, None]) * ok) ** 2).sum(axis=1) / np.maximum(n - 1, 1)),
            np.nan,
        )
        if ckind == "median":
            mid = np.full(rows, np.nan)
            has = n > 0
            if has.any():
                mid[has] = np.nanmedian(v[has], axis=1)
        elif ckind == "geoMean":
            mid = 10.0**mlog
        else:
            mid = mean
        lo, hi = mid.copy(), mid.copy()
        if ekind == "sd":
            lo, hi = mid - sd, mid + sd
        elif ekind == "sem":
            sem = sd / np.sqrt(n)
            lo, hi = mid - sem, mid + sem
        elif ekind == "range":
            lo = np.where(n > 0, np.nanmin(np.where(ok, v, np.inf), axis=1), np.nan)
            hi = np.where(n > 0, np.nanmax(np.where(ok, v, -np.inf), axis=1), np.nan)
        elif ekind == "ci95" and ckind == "mean":
            half = _per_n(n, confidence) * sd / np.sqrt(n)
            lo, hi = mean - half, mean + half
        elif ekind in ("ci95", "geoCi95"):
            half = _per_n(n, confidence) * sdlog / np.sqrt(n)
            lo, hi = 10.0 ** (mlog - half), 10.0 ** (mlog + half)
        elif ekind == "geoSd":
            factor = 10.0**sdlog
            lo, hi = mid / factor, mid * factor
        if geo:
            bad = ((v <= 0) & ok).any(axis=1) | (n == 0)
            mid, lo, hi = (np.where(bad, np.nan, a) for a in (mid, lo, hi))
    return RowsCenterError(mid, lo, hi, n, ckind, ekind)


CENTERS = ("mean", "median")


def row_centers(values: npt.ArrayLike, center: str = "mean") -> FloatArray:
    """Mean or median of each row's non-missing values; NaN for a row with none."""
    if center not in CENTERS:
        raise ValueError(f"expected center among {', '.join(CENTERS)}; found {center!r}")
    a = np.asarray(values, dtype=np.float64)
    if a.ndim == 1:
        a = a[:, None]
    if a.shape[1] == 0:
        return np.full(a.shape[0], np.nan)
    if a.shape[1] == 1:  # the mean and the median of one value are that value (NaN: none)
        return a[:, 0].copy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN rows give NaN
        out = np.nanmean(a, axis=1) if center == "mean" else np.nanmedian(a, axis=1)
    return np.asarray(out, dtype=np.float64)
