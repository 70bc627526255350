"""Analyses computed from a project's data: the bridge from the model to :mod:`plotdoc.stats`.

Results are never stored in a file. Open computes nothing: ``project.results``
(:mod:`plotdoc.results`) runs :func:`run_analysis` for an analysis when it is first read, and
a table marked `derivedFrom` is filled by :func:`fill_results_table` when its content is first
read. Each run has a :class:`~plotdoc.stats.budget.Budget` of time and memory: work estimated
to exceed it is refused before it starts, and long work checks its deadline as it goes; either
way the run's status is ``budget-exceeded`` with a message. An analysis that cannot run gives a
run with a status and a message; nothing here raises for data reasons.

Which data each method reads:

- `ttest`: the data sets named `groupA` and `groupB`, or the first two data sets that hold a
  value. Every replicate value counts (xy tables); `paired` pairs values by row (and
  replicate) position.
- `linearRegression`, `nonlinearRegression`: each data set of the xy table on its own, X
  repeated for every replicate; the run holds one result per data set (the 4PL fits of one
  table are fitted together).
- `frequencyDistribution`: every data set of the column table; one column of counts each.
- `correlationMatrix`: the continuous variables of the multipleVariables table (a data set is
  continuous when `variableTypes` says so, or, without a type, when every cell is a number).
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from .analysis_report import _fmt as _fmt
from .analysis_report import format_report as format_report
from .analysis_report import report_json as report_json
from .analysis_report import report_table_json as report_table_json
from .contract.limits import MAX_DATA_SETS, MAX_ROWS, MAX_TOTAL_CELLS
from .model import DataSet, Project, Table
from .pvalues import with_summary
from .stats import STATUSES, Status
from .stats.budget import Budget, BudgetExceeded, metered

#: Statuses of a run beyond those of :mod:`plotdoc.stats`: the analysis raised an error; it
#: would pass, or passed, its time or memory budget; its results table would pass a limit of
#: the contract (cells, rows or data sets of one table).
FAILED = "failed"
BUDGET_EXCEEDED = "budget-exceeded"
RESULT_TOO_LARGE = "result-too-large"


@dataclass(frozen=True)
class AnalysisRun:
    """One analysis of one table, computed.

    ``result`` is the result of every method: a t test's, a frequency distribution's or a
    correlation matrix's result object (``run.result.p``), and for the regressions (one fit
    per data set) a mapping of data set name to its fit (``run.result["Control"].slope``),
    the same mapping as ``per_data_set``. ``to_pandas()`` gives every number as a table, and
    a notebook shows a run as that table.
    """

    table_id: str
    analysis_id: str
    method: str
    #: "ok", a status of plotdoc.stats (the first non-ok one of a per-data-set method),
    #: "failed", "budget-exceeded" or "result-too-large"
    status: str
    message: str
    #: the result (see above); None when the analysis gave none (its status says why)
    result: Any = None
    #: data set name -> result, for linearRegression and nonlinearRegression
    per_data_set: dict[str, Any] = field(default_factory=dict)
    #: the data sets compared (a t test's two groups), when the method reads named ones
    data_sets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.result is None and self.per_data_set:
            object.__setattr__(self, "result", self.per_data_set)

    def __repr__(self) -> str:
        held = (
            f"{len(self.per_data_set)} data set(s)"
            if self.per_data_set
            else ("a result" if self.result is not None else "no result")
        )
        why = "" if self.status == "ok" else f": {self.message}"
        return (
            f"<AnalysisRun {self.analysis_id!r} of table {self.table_id!r}: {self.method}, "
            f"{self.status}{why}; {held}>"
        )

    def to_pandas(self) -> Any:
        """The run as a ``pandas.DataFrame``, one row per statistic (see
        :mod:`plotdoc.result_tables`); needs pandas."""
        from .result_tables import to_pandas

        return to_pandas([self])

    def _repr_html_(self) -> str:
        from .result_tables import to_html

        return to_html([self], f"{self.method} {self.analysis_id} of {self.table_id}")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.analysis_id,
            "method": self.method,
            "status": self.status,
            "message": self.message,
        }
        if self.per_data_set:
            out["result"] = {
                "dataSets": {k: with_summary(v.to_dict()) for k, v in self.per_data_set.items()}
            }
        elif self.result is not None:
            out["result"] = with_summary(self.result.to_dict())
        else:
            out["result"] = None
        return out


def analyze_project(
    project: Project, budget: Budget | None = None
) -> Mapping[tuple[str, str], AnalysisRun]:
    """Every analysis of every table, keyed by (table id, analysis id), computed now.

    A project opened by :func:`plotdoc.api.loads` already has them in ``project.results``
    (computed when read); this reads every one of them.
    """
    from .results import Results

    results = project.results if isinstance(project.results, Results) else Results(project, budget)
    return {key: results[key] for key in results}


def run_analysis(
    table: Table, analysis_id: str, budget: Budget | None = None, *, seconds: float | None = None
) -> AnalysisRun:
    """Compute one analysis of ``table`` within ``budget`` (``seconds`` overrides its time)."""
    from .costs import estimate

    analysis = table.analysis(analysis_id)
    budget = budget or Budget()
    limit = budget.seconds if seconds is None else seconds

    def run(status: str, message: str) -> AnalysisRun:
        return AnalysisRun(table.id, analysis_id, analysis.method, status, message)

    if limit <= 0:
        return run(
            BUDGET_EXCEEDED,
            f"not computed: the time for all analyses of the project "
            f"({budget.total_seconds:g} s) is spent",
        )
    try:
        # degenerate data (all missing, no spread) gives NaN results with a status, quietly
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            with metered(limit, budget.memory_bytes):
                too_large = estimate(table, analysis)
                if too_large is not None:
                    return run(RESULT_TOO_LARGE, too_large)
                return _RUNNERS[analysis.method](table, analysis_id, analysis.params)
    except BudgetExceeded as exc:
        return run(BUDGET_EXCEEDED, f"not computed: {exc}")
    except MemoryError:
        return run(
            BUDGET_EXCEEDED,
            f"not computed: the computation ran out of memory (budget {budget.memory_mb:g} MB)",
        )
    except Exception as exc:
        return run(FAILED, f"the analysis could not be computed: {type(exc).__name__}: {exc}")


# -- the methods -------------------------------------------------------------------------


def _values(ds: DataSet) -> NDArray[np.float64]:
    return ds.values.ravel()


def populated(data_sets: Sequence[DataSet]) -> list[DataSet]:
    """The data sets holding a value: a t test without groups compares the first two."""
    return [ds for ds in data_sets if np.isfinite(ds.values).any()]


def _ttest(table: Table, aid: str, params: Mapping[str, Any]) -> AnalysisRun:
    from .stats.ttest import ttest

    names = {ds.name: ds for ds in table.data_sets}
    with_values = populated(table.data_sets)
    picked: list[DataSet | None] = []
    for key, fallback in (("groupA", 0), ("groupB", 1)):
        name = params.get(key)
        if name is not None:
            picked.append(names.get(name))
        else:
            picked.append(with_values[fallback] if len(with_values) > fallback else None)
    a, b = picked
    result = ttest(
        None if a is None else _values(a),
        None if b is None else _values(b),
        design=params["design"],
        variance=params["variance"],
    )
    message = result.message
    if a is None or b is None:
        missing = [
            params.get(k) for k, ds in zip(("groupA", "groupB"), picked, strict=True) if ds is None
        ]
        named = [repr(m) for m in missing if m is not None]
        message = (
            f"no data set named {', '.join(named)}"
            if named
            else "the table has fewer than two data sets with values"
        )
    compared = tuple(ds.name for ds in picked if ds is not None)
    return AnalysisRun(
        table.id, aid, "ttest", result.status, message, result=result, data_sets=compared
    )


def _per_data_set(table: Table, aid: str, method: str, fit: Any) -> AnalysisRun:
    """One fit per data set, X repeated for every replicate; the first non-ok status leads."""
    assert table.x is not None
    from .stats.budget import check

    results = {}
    for ds in table.data_sets:
        check()
        results[ds.name] = fit(np.repeat(table.x[:, None], ds.values.shape[1], axis=1), ds.values)
    bad = next((r for r in results.values() if r.status != "ok"), None)
    status, message = ("ok", "ok") if bad is None else (bad.status, bad.message)
    return AnalysisRun(table.id, aid, method, status, message, per_data_set=results)


def _linear(table: Table, aid: str, params: Mapping[str, Any]) -> AnalysisRun:
    from .stats.regression import linear_regression

    level = params["confidenceLevel"]
    return _per_data_set(
        table, aid, "linearRegression", lambda x, y: linear_regression(x, y, confidence_level=level)
    )


def _fourpl(table: Table, aid: str, params: Mapping[str, Any]) -> AnalysisRun:
    from .stats.fourpl_many import fit_many

    assert table.x is not None
    x = table.x
    pairs = [
        (np.repeat(x[:, None], ds.values.shape[1], axis=1), ds.values) for ds in table.data_sets
    ]
    fits = fit_many(pairs, model=params["model"])
    results = {ds.name: fit for ds, fit in zip(table.data_sets, fits, strict=True)}
    bad = next((r for r in results.values() if r.status != "ok"), None)
    status, message = ("ok", "ok") if bad is None else (bad.status, bad.message)
    return AnalysisRun(table.id, aid, "nonlinearRegression", status, message, per_data_set=results)


def _frequency(table: Table, aid: str, params: Mapping[str, Any]) -> AnalysisRun:
    from .stats import frequency_distribution

    result = frequency_distribution(
        {ds.name: _values(ds) for ds in table.data_sets},
        bin_width=params["binWidth"],
        bin_start=params["binStart"],
        output=params["output"],
        cumulative=params["cumulative"],
    )
    return AnalysisRun(
        table.id, aid, "frequencyDistribution", result.status, result.message, result=result
    )


def continuous_variables(table: Table) -> dict[str, NDArray[np.float64]]:
    """The continuous variables of a multipleVariables table, by name."""
    types = table.variable_types or {}
    out: dict[str, NDArray[np.float64]] = {}
    for ds in table.data_sets:
        kind = types.get(ds.name)
        has_text = ds.has_text()
        if kind == "continuous" or (kind is None and not has_text):
            out[ds.name] = ds.values[:, 0]
    return out


def _correlation(table: Table, aid: str, params: Mapping[str, Any]) -> AnalysisRun:
    from .stats import correlation_matrix

    result = correlation_matrix(continuous_variables(table), method=params["method"])
    return AnalysisRun(
        table.id, aid, "correlationMatrix", result.status, result.message, result=result
    )


_RUNNERS = {
    "ttest": _ttest,
    "linearRegression": _linear,
    "nonlinearRegression": _fourpl,
    "frequencyDistribution": _frequency,
    "correlationMatrix": _correlation,
}


def fitted_curve(project: Project, table_id: str, analysis_id: str, data_set: str) -> Any:
    """The 4PL fit of one data set by a `nonlinearRegression` analysis, as a graph draws it.

    Read from ``project.results``, so the fits of a table are computed once, together and
    within the project's budget. When the analysis gave no fit for the data set (over budget,
    failed), the result has no curve (empty arrays) and the status and message of the run.
    """
    from .stats.fourpl import _failed

    results = project.results
    if (table_id, analysis_id) not in results:  # a project built in code, never opened
        from .results import attach

        results = attach(project)
    run = results[(table_id, analysis_id)]
    fit = run.per_data_set.get(data_set)
    if fit is not None:
        return fit
    status = cast(Status, run.status if run.status in STATUSES else "did-not-converge")
    model = project.table(table_id).analysis(analysis_id).params.get("model", "logX")
    return _failed(model, (), 0, 0, 0.95, status, run.message)


# -- results tables ----------------------------------------------------------------------


def fill_results_table(table: Table, run: AnalysisRun | None) -> None:
    """Give a `derivedFrom` table the rows and data sets of its analysis's result.

    A run without a result (not ok, over budget, too large) leaves the table empty.
    """
    table.data_sets, table.row_labels = [], []
    if run is None or run.result is None:
        return
    try:
        labels, columns = results_table_columns(run)
    except Exception:  # a results table is left empty rather than failing
        return
    table.row_labels = labels
    table.data_sets = [
        DataSet(name, np.asarray(values, dtype=np.float64)[:, None]) for name, values in columns
    ]
    table.replicates = 1


def fill_results_tables(project: Project, runs: Mapping[tuple[str, str], AnalysisRun]) -> None:
    """Fill every `derivedFrom` table now from ``runs``."""
    for table in project.tables:
        if table.derived_from is not None:
            table.fill = None
            key = (table.derived_from.source_table_id, table.derived_from.analysis_id)
            fill_results_table(table, runs.get(key))


def results_table_limit(rows: int, data_sets: int) -> str | None:
    """Why a results table of this size would break a limit of the contract, or None."""
    if rows > MAX_ROWS:
        return f"its results table would have {rows:,} rows; a table holds at most {MAX_ROWS:,}"
    if data_sets > MAX_DATA_SETS:
        return (
            f"its results table would have {data_sets:,} data sets; "
            f"a table holds at most {MAX_DATA_SETS:,}"
        )
    if rows * data_sets > MAX_TOTAL_CELLS:
        return (
            f"its results table would have {rows * data_sets:,} cells "
            f"({rows:,} rows x {data_sets:,} data sets); the limit is {MAX_TOTAL_CELLS:,}"
        )
    return None


def results_table_columns(
    run: AnalysisRun,
) -> tuple[list[str], list[tuple[str, NDArray[np.float64]]]]:
    """Row labels and (name, values) columns of a results-producing analysis."""
    result = run.result
    if run.method == "frequencyDistribution":
        values = np.asarray(result.values, dtype=np.float64)
        return list(result.bin_labels), [
            (name, values[:, j]) for j, name in enumerate(result.names)
        ]
    if run.method == "correlationMatrix":
        names = list(result.names)
        r = np.asarray(result.r, dtype=np.float64)
        return names, [(name, r[:, j]) for j, name in enumerate(names)]
    raise ValueError(f"{run.method} produces no results table")
