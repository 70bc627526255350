"""Two-way analysis of variance of a grouped table (rows x data sets, replicates in cells).

The model is ``y = mean + row + data set + row x data set`` with sum-to-zero (effect) coding,
fitted by least squares (``numpy.linalg.lstsq``) on values centred on their mean. Each
factor's sum of squares is the increase of the residual sum of squares when its columns are
dropped from the full model: type III, which for a balanced design equals the sequential
(type I) and type II sums of squares. With a single value per cell (no replicates) there is no
within-cell variation: the additive model (no interaction) is fitted, as Prism does.

:func:`two_way_comparisons` compares cell means with the residual MS of the full model:
``withinRows`` (the data sets in each row), ``withinDataSets`` (the rows in each data set) or
``allCells``; ``tukey`` (studentized range of the means of each set), ``sidak`` or
``bonferroni`` (pooled t tests over the whole family); ``auto`` is Tukey, or Sidak when every
set has two means.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ._results import NAN, FloatArray, ResultMixin, Status, check_choice, check_confidence, finite
from .comparisons import Comparison, _Design, _lsd, _tukey

TWO_WAY_COMPARISONS: tuple[str, ...] = ("withinRows", "withinDataSets", "allCells")
TWO_WAY_CORRECTIONS: tuple[str, ...] = ("auto", "tukey", "sidak", "bonferroni")


@dataclass(frozen=True, slots=True)
class Effect(ResultMixin):
    """One line of the ANOVA table."""

    #: ``rows``, ``dataSets``, ``interaction`` or ``residual``
    source: str
    #: sum of squares (type III)
    ss: float
    #: degrees of freedom
    df: float
    #: mean square
    ms: float
    #: F (NaN for the residual)
    f: float
    #: P value (NaN for the residual)
    p: float
    #: share of the total variation, ``SS / SS total`` (Prism's "% of total variation" / 100)
    share_of_total: float


@dataclass(frozen=True, slots=True)
class TwoWayAnovaResult(ResultMixin):
    """Result of :func:`two_way_anova`."""

    #: row factor
    rows: Effect
    #: data-set (column) factor
    data_sets: Effect
    #: interaction (NaN numbers when the additive model was fitted)
    interaction: Effect
    #: residual
    residual: Effect
    #: ``True`` when the cells have different numbers of values
    unbalanced: bool
    #: ``True`` when the interaction could not be fitted (one value per cell)
    additive: bool
    #: number of values used per cell, ``[row][data set]``
    n_per_cell: tuple[tuple[int, ...], ...]
    #: mean per cell, ``[row][data set]``
    cell_means: tuple[tuple[float, ...], ...]
    #: total number of values used
    n_total: int
    status: Status
    message: str


def _nan_effect(source: str) -> Effect:
    return Effect(source, NAN, NAN, NAN, NAN, NAN, NAN)


def _effect_columns(index: npt.NDArray[np.int64], levels: int) -> FloatArray:
    """Sum-to-zero coding: level ``j < levels - 1`` is column j; the last level is all -1."""
    out = np.zeros((index.size, levels - 1))
    for j in range(levels - 1):
        out[index == j, j] = 1.0
    out[index == levels - 1, :] = -1.0
    return out


def _sse(x: FloatArray, y: FloatArray) -> float:
    beta = np.linalg.lstsq(x, y, rcond=None)[0]
    r = y - x @ beta
    return float(r @ r)


def _cells(
    cells: Sequence[Sequence[npt.ArrayLike]],
) -> tuple[list[list[FloatArray]], int, int]:
    values = [[finite(c) for c in row] for row in cells]
    r = len(values)
    c = max((len(row) for row in values), default=0)
    for row in values:
        row.extend(np.empty(0) for _ in range(c - len(row)))
    return values, r, c


def two_way_anova(cells: Sequence[Sequence[npt.ArrayLike]]) -> TwoWayAnovaResult:
    """Two-way ANOVA of ``cells[row][data set]`` (the replicates of each cell; NaN missing).

    Status ``missing-group`` with fewer than two rows or data sets or an empty cell,
    ``too-few-values`` when no degrees of freedom are left for the residual,
    ``zero-variance`` when the residual sum of squares is zero.
    """
    from scipy.special import fdtrc

    values, nr, nc = _cells(cells)
    n = tuple(tuple(int(v.size) for v in row) for row in values)
    means = tuple(tuple(float(v.mean()) if v.size else NAN for v in row) for row in values)
    ntot = sum(map(sum, n))

    def failed(status: Status, message: str) -> TwoWayAnovaResult:
        return TwoWayAnovaResult(
            _nan_effect("rows"), _nan_effect("dataSets"), _nan_effect("interaction"),
            _nan_effect("residual"), False, False, n, means, ntot, status, message,
        )  # fmt: skip

    if nr < 2 or nc < 2:
        return failed("missing-group", "Two-way ANOVA needs at least two rows and two data sets.")
    if min(min(row) for row in n) == 0:
        return failed("missing-group", "A cell has no values: every row needs a value in every "
                      "data set.")  # fmt: skip
    y = np.concatenate([v for row in values for v in row])
    ri = np.concatenate([np.full(v.size, i) for i, row in enumerate(values) for v in row])
    ci = np.concatenate([np.full(v.size, j) for row in values for j, v in enumerate(row)])
    y = y - y[0]
    y = y - y.mean()
    a = _effect_columns(ri.astype(np.int64), nr)
    b = _effect_columns(ci.astype(np.int64), nc)
    ab = np.einsum("ni,nj->nij", a, b).reshape(y.size, -1)
    one = np.ones((y.size, 1))
    additive = ntot - nr * nc <= 0
    blocks = (
        {"rows": a, "dataSets": b} if additive else {"rows": a, "dataSets": b, "interaction": ab}
    )
    full = np.hstack([one, *blocks.values()])
    sse = _sse(full, y)
    df_res = ntot - full.shape[1]
    if df_res <= 0:
        return failed("too-few-values", "No degrees of freedom left for the residual.")
    sst = float(y @ y)
    if sse <= 1e-24 * max(sst, 1e-300):
        return failed("zero-variance", "No residual variation: F is not defined.")
    ms_res = sse / df_res
    effects: dict[str, Effect] = {}
    for name, cols in blocks.items():
        reduced = np.hstack([one, *(v for k, v in blocks.items() if k != name)])
        ss = max(_sse(reduced, y) - sse, 0.0)
        df = cols.shape[1]
        f = ss / df / ms_res
        effects[name] = Effect(name, ss, float(df), ss / df, f, float(fdtrc(df, df_res, f)),
                               ss / sst)  # fmt: skip
    residual = Effect("residual", sse, float(df_res), ms_res, NAN, NAN, sse / sst)
    flat = [x for row in n for x in row]
    message = (
        "One value per cell: the interaction cannot be separated from the residual; the "
        "additive model (no interaction) was fitted."
        if additive
        else "ok"
    )
    return TwoWayAnovaResult(
        effects["rows"], effects["dataSets"], effects.get("interaction", _nan_effect("interaction")),
        residual, len(set(flat)) > 1, additive, n, means, ntot, "ok", message,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class TwoWayComparisonsResult(ResultMixin):
    """Result of :func:`two_way_comparisons`."""

    #: the method used (``auto`` resolved)
    method: str
    #: ``withinRows``, ``withinDataSets`` or ``allCells``
    comparisons: str
    #: confidence level of the CIs
    confidence: float
    #: residual mean square of the two-way ANOVA
    mse: float
    #: its degrees of freedom
    df: float
    #: one row per comparison; a and b name cells as ``"row / data set"``
    rows: tuple[Comparison, ...]
    status: Status
    message: str


def two_way_comparisons(
    cells: Sequence[Sequence[npt.ArrayLike]],
    *,
    comparisons: str = "withinRows",
    correction: str = "auto",
    row_names: Sequence[str] | None = None,
    data_set_names: Sequence[str] | None = None,
    confidence: float = 0.95,
    p_value_style: str = "graphpad",
) -> TwoWayComparisonsResult:
    """Multiple comparisons of the cell means after :func:`two_way_anova` (module docstring)."""
    check_choice("comparisons", comparisons, TWO_WAY_COMPARISONS)
    check_choice("correction", correction, TWO_WAY_CORRECTIONS)
    c = check_confidence(confidence)
    anova = two_way_anova(cells)
    nr, nc = len(anova.n_per_cell), len(anova.n_per_cell[0]) if anova.n_per_cell else 0
    rn = list(row_names) if row_names is not None else [f"row {i + 1}" for i in range(nr)]
    dn = list(data_set_names) if data_set_names is not None else [
        f"data set {j + 1}" for j in range(nc)
    ]  # fmt: skip
    if len(rn) != nr or len(dn) != nc:
        raise ValueError("row_names and data_set_names must name every row and data set")
    if comparisons == "withinRows":
        sets = [[(i, j) for j in range(nc)] for i in range(nr)]
    elif comparisons == "withinDataSets":
        sets = [[(i, j) for i in range(nr)] for j in range(nc)]
    else:
        sets = [[(i, j) for i in range(nr) for j in range(nc)]]
    method = correction
    if method == "auto":
        method = "sidak" if all(len(s) == 2 for s in sets) else "tukey"
    if anova.status != "ok":
        return TwoWayComparisonsResult(method, comparisons, c, NAN, NAN, (), anova.status,
                                       anova.message)  # fmt: skip
    mse = anova.residual.ms
    df = anova.residual.df
    flat = [(i, j) for s in sets for (i, j) in s]
    names = [f"{rn[i]} / {dn[j]}" for i, j in flat]
    design = _Design(
        np.array([anova.cell_means[i][j] for i, j in flat]), np.full(len(flat), NAN),
        np.array([anova.n_per_cell[i][j] for i, j in flat], dtype=np.float64), mse, df, False,
    )  # fmt: skip
    pairs: list[list[tuple[int, int]]] = []
    start = 0
    for s in sets:
        idx = range(start, start + len(s))
        pairs.append([(a, b) for a in idx for b in idx if a < b])
        start += len(s)
    rows: list[Comparison] = []
    if method == "tukey":
        start = 0
        for s, ps in zip(sets, pairs, strict=True):
            sub = slice(start, start + len(s))
            d = _Design(design.means[sub], design.sds[sub], design.ns[sub], mse, df, False)
            local = [(a - start, b - start) for a, b in ps]
            rows += _tukey(d, local, c, names[sub], p_value_style)
            start += len(s)
    else:
        rows = _lsd(design, [p for ps in pairs for p in ps], c, names, p_value_style, method)
    return TwoWayComparisonsResult(method, comparisons, c, mse, df, tuple(rows), "ok", "ok")
