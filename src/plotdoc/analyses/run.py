"""Analyses computed from a project's data: the bridge from the model to :mod:`plotdoc.stats`.

Results are never stored in a file. Open computes nothing: ``project.results``
(:mod:`plotdoc.analyses.results`) runs :func:`run_analysis` for an analysis when it is first read, and
a table marked `derivedFrom` is filled by :func:`fill_results_table` when its content is first
read. Each run has a :class:`~plotdoc.stats.budget.Budget` of time and memory: work estimated
to exceed it is refused before it starts, and long work checks its deadline as it goes; either
way the run's status is ``budget-exceeded`` with a message. An analysis that cannot run gives a
run with a status and a message; nothing here raises for data reasons.

Which data each method reads, and how, is said by its spec in :mod:`plotdoc.analyses.methods`.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..contract.entries import is_summary, spread_name
from ..model import DataSet, Project, Table
from ..pvalues import DEFAULT_STYLE, STYLES, with_summary
from ..stats.budget import Budget, BudgetExceeded, metered
from .methods import METHODS
from .methods.correlation_matrix import continuous_variables as continuous_variables
from .methods.spec import NEEDS_RAW_VALUES, Comparison, Computed
from .methods.spec import populated as populated
from .methods.spec import results_table_limit as results_table_limit

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
    #: a result over all data sets of a per-data-set run (nonlinearRegression's EC50
    #: comparison), or None
    overall: Any = None
    #: the analysis' `pValueStyle`: how every output prints its P values and summaries
    p_value_style: str = DEFAULT_STYLE

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

    @property
    def comparisons(self) -> list[Comparison]:
        """The pairs the run compared, one :class:`~plotdoc.analyses.methods.spec.Comparison`
        each (``a``, ``b``, ``difference``, ``ci_lower``, ``ci_upper``, ``p``, ``status``...):
        the table of comparisons every output shows; empty for a method that compares none."""
        done = Computed(
            self.status, self.message, self.result, self.per_data_set, self.data_sets, self.overall
        )
        return METHODS[self.method].comparisons(done) if self.method in METHODS else []

    def comparisons_to_pandas(self) -> Any:
        """:attr:`comparisons` as a ``pandas.DataFrame``, one row per pair; needs pandas."""
        from .tables import comparisons_to_pandas

        return comparisons_to_pandas(self)

    def to_pandas(self) -> Any:
        """The run as a ``pandas.DataFrame``, one row per statistic (see
        :mod:`plotdoc.analyses.tables`); needs pandas."""
        from .tables import to_pandas

        return to_pandas([self])

    def _repr_html_(self) -> str:
        from .tables import to_html

        return to_html([self], f"{self.method} {self.analysis_id} of {self.table_id}")

    def _json(self, result: Any) -> dict[str, Any]:
        """A result's JSON form with each P value printed in the run's style and summarised:
        ``p_text`` and ``summary`` for ``p``, ``<key>_text`` and ``<key>_summary`` for others."""
        from ..pvalues import format_p, summary

        out = with_summary(result.to_dict(), self.p_value_style)
        for key in _p_keys(self.method, result):
            p = out.get(key)
            if isinstance(p, (int, float)) and not isinstance(p, bool):
                out[f"{key}_text"] = format_p(p, self.p_value_style)
                out[f"{key}_summary"] = summary(p, self.p_value_style)
        return out

    def to_dict(self) -> dict[str, Any]:
        from .report import comparison_dict

        style = self.p_value_style
        out: dict[str, Any] = {
            "id": self.analysis_id,
            "method": self.method,
            "status": self.status,
            "message": self.message,
            "pValueStyle": style,
        }
        if self.per_data_set:
            out["result"] = {"dataSets": {k: self._json(v) for k, v in self.per_data_set.items()}}
            if self.overall is not None:
                out["result"]["overall"] = self._json(self.overall)
        elif self.result is not None:
            out["result"] = self._json(self.result)
        else:
            out["result"] = None
        out["comparisons"] = [comparison_dict(c, style) for c in self.comparisons]
        return out


def _p_keys(method: str, result: Any) -> tuple[str, ...]:
    """The P values of a result besides ``p`` (a two-way ANOVA's ``row_p``...)."""
    from .methods.spec import Show

    spec = METHODS.get(method)
    fields = spec.fields_of(result) if spec else ()
    return tuple(f.keys[0] for f in fields if f.show is Show.P_VALUE and f.keys[0] != "p")


def run_analysis(
    table: Table, analysis_id: str, budget: Budget | None = None, *, seconds: float | None = None
) -> AnalysisRun:
    """Compute one analysis of ``table`` within ``budget`` (``seconds`` overrides its time)."""
    from .costs import estimate

    analysis = table.analysis(analysis_id)
    budget = budget or Budget()
    limit = budget.seconds if seconds is None else seconds
    style = analysis.params.get("pValueStyle", DEFAULT_STYLE)
    style = style if style in STYLES else DEFAULT_STYLE  # the document's check names a bad one

    def run(status: str, message: str) -> AnalysisRun:
        return AnalysisRun(
            table.id, analysis_id, analysis.method, status, message, p_value_style=style
        )

    if limit <= 0:
        return run(
            BUDGET_EXCEEDED,
            f"not computed: the time for all analyses of the project "
            f"({budget.total_seconds:g} s) is spent",
        )
    spec = METHODS[analysis.method]
    if is_summary(table.entry) and not spec.from_summary:
        return run(
            NEEDS_RAW_VALUES,
            f"not computed: {spec.id} needs raw values, and the table holds mean, "
            f"{spread_name(table.entry)} and N",
        )
    try:
        # degenerate data (all missing, no spread) gives NaN results with a status, quietly
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            with metered(limit, budget.memory_bytes):
                too_large = estimate(table, analysis)
                if too_large is not None:
                    return run(RESULT_TOO_LARGE, too_large)
                done = METHODS[analysis.method].compute(table, analysis.params)
                return AnalysisRun(
                    table.id,
                    analysis_id,
                    analysis.method,
                    done.status,
                    done.message,
                    result=done.result,
                    per_data_set=done.per_data_set,
                    data_sets=done.data_sets,
                    overall=done.overall,
                    p_value_style=style,
                )
    except BudgetExceeded as exc:
        return run(BUDGET_EXCEEDED, f"not computed: {exc}")
    except MemoryError:
        return run(
            BUDGET_EXCEEDED,
            f"not computed: the computation ran out of memory (budget {budget.memory_mb:g} MB)",
        )
    except Exception as exc:
        return run(FAILED, f"the analysis could not be computed: {type(exc).__name__}: {exc}")


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


def results_table_columns(
    run: AnalysisRun,
) -> tuple[list[str], list[tuple[str, NDArray[np.float64]]]]:
    """Row labels and (name, values) columns of a results-producing analysis."""
    spec = METHODS[run.method]
    if spec.results_family is None:
        raise ValueError(f"{run.method} produces no results table")
    return spec.table(run.result)
