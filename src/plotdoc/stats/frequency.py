"""Frequency distribution (histogram) of one or more data sets on shared bins.

Bins are half-open, ``[start + i w, start + (i + 1) w)``, except the last, which also holds
its upper edge, so the largest value is always counted (as ``numpy.histogram`` does). A value
within ``1e-9`` bin widths of an edge counts as on it (decimal edges such as 0.3 are not exact
in binary). Values below ``bin_start`` are not counted (``n_below``).

Automatic bins (``bin_width`` None) use every data set's values together: the number of bins is
``1 + log2(n)`` (Sturges), the width ``(max - min) / bins`` rounded *down* to a nice
``1, 2 or 5 x 10^k``, and at least 1 when every value is an integer. An automatic start is the
largest multiple of the width at or below the smallest value.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from ._results import FloatArray, IntArray, ResultMixin, Status, check_choice, finite, json_value

Output: TypeAlias = Literal["count", "fraction", "percent"]
#: at most this many bins; a finer width gives status ``too-many-bins``
MAX_BINS = 10_000
_EDGE_TOLERANCE = 1e-9


@dataclass(frozen=True, slots=True)
class FrequencyResult(ResultMixin):
    """Result of :func:`frequency_distribution`: one row per bin, one column per data set."""

    #: count, fraction or percent
    output: str
    #: True when each bin holds its own and every lower bin's values
    cumulative: bool
    #: bin width
    bin_width: float
    #: lower edge of the first bin
    bin_start: float
    #: the ``bins + 1`` bin edges
    bin_edges: FloatArray
    #: bin centres
    bin_centers: FloatArray
    #: row label of each bin: its centre as short text
    bin_labels: tuple[str, ...]
    #: data set names, one per column
    names: tuple[str, ...]
    #: shape (bins, data sets): the plain (non-cumulative) counts, the only matrix kept
    counts: IntArray
    #: non-missing values per data set
    n: tuple[int, ...]
    #: values per data set below ``bin_start``, not counted
    n_below: tuple[int, ...]
    status: Status
    message: str

    _DERIVED: ClassVar[tuple[str, ...]] = ("values",)

    @property
    def values(self) -> FloatArray:
        """Shape (bins, data sets): the counts, fractions or percents (computed from counts)."""
        table = np.cumsum(self.counts, axis=0) if self.cumulative else self.counts
        vals: FloatArray = table.astype(np.float64)
        if self.output != "count":
            with np.errstate(invalid="ignore", divide="ignore"):
                vals /= np.array(self.n, dtype=np.float64)[None, :]
            if self.output == "percent":
                vals *= 100.0
        return vals

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-friendly values, ``values`` included."""
        out = ResultMixin.to_dict(self)
        out["values"] = json_value(self.values)
        return out


def nice_floor(x: float) -> float:
    """The largest ``1, 2 or 5 x 10^k`` at or below ``x`` (> 0; a width that underflowed to
    zero, from subnormal values, counts as the smallest normal double)."""
    x = max(x, sys.float_info.min)
    k = math.floor(math.log10(x))
    base = 10.0**k
    for m in (5.0, 2.0, 1.0):
        # small tolerance so 0.2 = 2e-1 is recognised despite binary rounding
        if m * base <= x * (1 + 1e-12):
            return float(f"{m * base:.12g}")
    return float(f"{base / 2:.12g}")  # unreachable: x >= base


def automatic_bin_width(values: FloatArray) -> float:
    """Width of the automatic bins for the pooled ``values`` (non-empty, finite)."""
    n = values.size
    lo, hi = float(values.min()), float(values.max())
    integers = bool(np.all(values == np.round(values)))
    span = hi - lo
    if span <= 0:
        width = 1.0 if integers or lo == 0 else nice_floor(abs(lo) / 10.0)
    else:
        bins = 1.0 + math.log2(n)
        width = nice_floor(span / bins)
    if integers:
        width = max(1.0, width)
    return width


def bin_layout(
    pooled: FloatArray, bin_width: float | None, bin_start: float | None
) -> tuple[float, float, int]:
    """(width, start, number of bins) for the pooled finite values (non-empty).

    More than :data:`MAX_BINS` bins is reported as ``MAX_BINS + 1``.
    """
    width = float(bin_width) if bin_width is not None else automatic_bin_width(pooled)
    if bin_start is not None:
        start = float(bin_start)
    else:
        start = math.floor(float(pooled.min()) / width + _EDGE_TOLERANCE) * width
        start = float(f"{start:.12g}")
    span = (float(pooled.max()) - start) / width
    if span > MAX_BINS:
        return width, start, MAX_BINS + 1
    return width, start, max(1, math.ceil(span - _EDGE_TOLERANCE))


def _label(c: float) -> str:
    text = f"{c:.12g}"
    return "0" if text == "-0" else text


def frequency_distribution(
    values_per_dataset: Sequence[npt.ArrayLike] | Mapping[str, npt.ArrayLike],
    *,
    names: Sequence[str] | None = None,
    bin_width: float | None = None,
    bin_start: float | None = None,
    output: str = "count",
    cumulative: bool = False,
) -> FrequencyResult:
    """Counts (or fractions or percents) per bin for each data set; see the module docstring.

    ``values_per_dataset`` is a list of arrays (replicates may be 2-D; they are flattened) or a
    mapping from data set name to values. Fractions and percents are relative to each data
    set's own number of values. Status ``too-few-values`` when no data set has a value,
    ``too-many-bins`` when the width would need more than :data:`MAX_BINS` bins.
    """
    check_choice("output", output, ("count", "fraction", "percent"))
    if isinstance(values_per_dataset, Mapping):
        names = tuple(values_per_dataset)
        data = [finite(v) for v in values_per_dataset.values()]
    else:
        data = [finite(v) for v in values_per_dataset]
        names = (
            tuple(names)
            if names is not None
            else tuple(f"Data set {i + 1}" for i in range(len(data)))
        )
    if len(names) != len(data):
        raise ValueError("names and data sets differ in number")
    if bin_width is not None and not (math.isfinite(bin_width) and bin_width > 0):
        raise ValueError(f"bin_width must be a positive number, not {bin_width!r}")
    if bin_start is not None and not math.isfinite(bin_start):
        raise ValueError(f"bin_start must be a finite number, not {bin_start!r}")
    k = len(data)
    ns = tuple(int(d.size) for d in data)
    pooled = np.concatenate(data) if data else np.empty(0)
    e = np.empty(0, dtype=np.float64)

    def failed(status: Status, message: str, width: float, start: float) -> FrequencyResult:
        return FrequencyResult(
            output, cumulative, width, start, e, e, (), names,
            np.empty((0, k), dtype=np.int64), ns, (0,) * k, status, message,
        )  # fmt: skip

    if pooled.size == 0:
        return failed("too-few-values", "No values.", bin_width or math.nan, bin_start or math.nan)
    width, start, bins = bin_layout(pooled, bin_width, bin_start)
    if bins > MAX_BINS:
        return failed(
            "too-many-bins", f"The bin width gives more than {MAX_BINS} bins.", width, start
        )
    edges = np.array([float(f"{start + i * width:.12g}") for i in range(bins + 1)])
    counts = np.zeros((bins, k), dtype=np.int64)
    below: list[int] = []
    for j, d in enumerate(data):
        pos = (d - start) / width
        idx = np.floor(pos + _EDGE_TOLERANCE).astype(np.int64)
        inside = idx >= 0
        below.append(int((~inside).sum()))
        idx = np.minimum(idx[inside], bins - 1)  # the last bin holds its upper edge
        counts[:, j] = np.bincount(idx, minlength=bins)
    centers = np.array([float(f"{c:.12g}") for c in (edges[:-1] + edges[1:]) / 2.0])
    labels = tuple(_label(c) for c in centers)
    return FrequencyResult(
        output, cumulative, width, start, edges, centers, labels, names, counts, ns,
        tuple(below), "ok", "ok",
    )  # fmt: skip
