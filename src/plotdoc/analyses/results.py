"""The analyses of an opened project, each computed when it is first read, within a budget.

Open checks and imports a file; it computes nothing. ``project.results`` is a
:class:`Results` mapping from (table id, analysis id) to an
:class:`~plotdoc.analyses.AnalysisRun`: reading an entry computes that analysis under the
project's :class:`~plotdoc.stats.budget.Budget` and keeps it. A results table (`derivedFrom`)
is filled the same way the first time its data sets or row labels are read, so drawing it
computes the analysis it shows and nothing else. Results are never stored in a file.

The matrices of all results together (frequency counts, correlation matrices) hold at most the
contract's cells in total (2,000,000): the analyses past that, in the order of the file, are
``result-too-large`` without being computed, whichever is read first.

Kept results take at most :data:`CACHE_BYTES` of arrays; past that the oldest are dropped and
computed again if read again. After editing a table, :meth:`Results.forget` (or
:func:`plotdoc.api.recompute`) drops what was computed from it.
"""

from __future__ import annotations

import dataclasses
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from typing import Any, cast

import numpy as np

from ..contract.limits import MAX_TOTAL_CELLS
from ..model import Project, Table
from ..stats import STATUSES, Status
from ..stats._results import FloatArray
from ..stats.budget import Budget
from .costs import result_shape
from .run import RESULT_TOO_LARGE, AnalysisRun, fill_results_table, run_analysis

Key = tuple[str, str]
#: arrays the kept results of one project may take together (bytes); older ones are dropped
CACHE_BYTES = 400e6


class Results(Mapping[Key, AnalysisRun]):
    """Every analysis of a project, computed on first read and kept (see the module doc)."""

    def __init__(self, project: Project, budget: Budget | None = None) -> None:
        self._project = project
        self.budget = budget or Budget()
        self._kept: OrderedDict[Key, tuple[AnalysisRun, float]] = OrderedDict()
        self._kept_bytes = 0.0
        #: seconds spent computing so far (counted against ``budget.total_seconds``)
        self.spent = 0.0
        self._over: dict[Key, str] | None = None
        #: called after each computation with (key, run); for progress displays
        self.on_computed: Callable[[Key, AnalysisRun], None] | None = None

    # -- the mapping -----------------------------------------------------------------------

    def _keys(self) -> list[Key]:
        return [(t.id, a.id) for t in self._project.tables for a in t.analyses]

    def __iter__(self) -> Iterator[Key]:
        return iter(self._keys())

    def __len__(self) -> int:
        return sum(len(t.analyses) for t in self._project.tables)

    def __contains__(self, key: object) -> bool:
        if not (isinstance(key, tuple) and len(key) == 2):
            return False
        try:
            self._project.table(key[0]).analysis(key[1])
        except (KeyError, TypeError):
            return False
        return True

    def __getitem__(self, key: Key) -> AnalysisRun:
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept[0]
        table_id, analysis_id = key
        try:
            table = self._project.table(table_id)
            analysis = table.analysis(analysis_id)
        except KeyError:
            raise KeyError(key) from None
        over = self._over_total().get(key)
        if over is not None:
            run = AnalysisRun(table_id, analysis_id, analysis.method, RESULT_TOO_LARGE, over)
            self._keep(key, run)
            return run
        left = self.budget.total_seconds - self.spent
        start = time.monotonic()
        run = run_analysis(
            table, analysis_id, self.budget, seconds=min(self.budget.seconds, max(left, 0.0))
        )
        self.spent += time.monotonic() - start
        self._keep(key, run)
        if self.on_computed is not None:
            self.on_computed(key, run)
        return run

    def _over_total(self) -> dict[Key, str]:
        """Analyses whose results would pass the contract's cells in total, in file order.

        The matrices of every analysis's result (frequency counts, correlation matrices)
        together hold at most :data:`MAX_TOTAL_CELLS` cells; the analyses past that, in the
        order of the file, are not computed. Worked out once, from the sizes alone.
        """
        if self._over is None:
            self._over = {}
            pooled: dict[str, FloatArray] = {}
            total = 0
            for table in self._project.tables:
                for analysis in table.analyses:
                    shape = result_shape(table, analysis, pooled)
                    cells = 0 if shape is None else shape[0] * shape[1]
                    if cells > MAX_TOTAL_CELLS:
                        continue  # refused on its own by the per-table limits
                    if total + cells > MAX_TOTAL_CELLS:
                        self._over[(table.id, analysis.id)] = (
                            f"not computed: with the results of the analyses before it, the "
                            f"results would hold {total + cells:,} cells; the contract allows "
                            f"{MAX_TOTAL_CELLS:,} in total"
                        )
                    else:
                        total += cells
        return self._over

    # -- as tables -------------------------------------------------------------------------

    def __repr__(self) -> str:
        tables = len({key[0] for key in self})
        return (
            f"<Results: {len(self)} analyses of {tables} table(s), {len(self._kept)} computed; "
            "to_pandas() or a notebook shows them as a table>"
        )

    def to_pandas(self) -> Any:
        """Every analysis (computed now, within the budget) as one ``pandas.DataFrame``, one
        row per statistic (see :mod:`plotdoc.analyses.tables`); needs pandas."""
        from .tables import to_pandas

        return to_pandas(self[key] for key in self)

    def _repr_html_(self) -> str:
        from .tables import to_html

        return to_html([self[key] for key in self], f"{len(self)} analyses")

    # -- what is kept ------------------------------------------------------------------------

    def computed(self) -> dict[Key, AnalysisRun]:
        """The results computed and kept so far (computes nothing)."""
        return {key: run for key, (run, _) in self._kept.items()}

    def forget(self, table_id: str | None = None) -> None:
        """Drop what was computed (from one table, or all); results tables fill again on read."""
        self._over = None
        for key in list(self._kept):
            if table_id is None or key[0] == table_id:
                self._kept_bytes -= self._kept.pop(key)[1]
        arm_results_tables(self._project, self, table_id)

    def _keep(self, key: Key, run: AnalysisRun) -> None:
        size = nbytes(run)
        self._kept[key] = (run, size)
        self._kept_bytes += size
        while self._kept_bytes > CACHE_BYTES and len(self._kept) > 1:
            _, (_, old) = self._kept.popitem(last=False)
            self._kept_bytes -= old


def arm_results_tables(project: Project, results: Results, table_id: str | None = None) -> None:
    """Make every results table (derived from ``table_id``, or all) fill itself on first read."""

    def fill(table: Table) -> None:
        assert table.derived_from is not None
        key = (table.derived_from.source_table_id, table.derived_from.analysis_id)
        fill_results_table(table, results.get(key))

    for table in project.tables:
        derived = table.derived_from
        if derived is not None and (table_id is None or derived.source_table_id == table_id):
            table.fill = fill


def attach(project: Project, budget: Budget | None = None) -> Results:
    """Give ``project`` a fresh :class:`Results` (nothing computed) and arm its results tables."""
    results = Results(project, budget)
    project.results = results
    arm_results_tables(project, results)
    return results


def nbytes(value: Any, depth: int = 0, seen: set[int] | None = None) -> float:
    """Bytes of the arrays a result holds (a rough size for the cache); an object held twice
    (a regression's ``result`` is its ``per_data_set``) counts once."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return 0.0
    seen.add(id(value))
    if isinstance(value, np.ndarray):
        return float(value.nbytes)
    if depth > 3:
        return 0.0
    if isinstance(value, dict):
        return sum(nbytes(v, depth + 1, seen) for v in value.values())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return 64.0 + sum(
            nbytes(getattr(value, f.name), depth + 1, seen) for f in dataclasses.fields(value)
        )
    return 0.0


def analyze_project(
    project: Project, budget: Budget | None = None
) -> Mapping[tuple[str, str], AnalysisRun]:
    """Every analysis of every table, keyed by (table id, analysis id), computed now.

    A project opened by :func:`plotdoc.api.loads` already has them in ``project.results``
    (computed when read); this reads every one of them.
    """
    results = project.results if isinstance(project.results, Results) else Results(project, budget)
    return {key: results[key] for key in results}


def fitted_curve(project: Project, table_id: str, analysis_id: str, data_set: str) -> Any:
    """The 4PL fit of one data set by a `nonlinearRegression` analysis, as a graph draws it.

    Read from ``project.results``, so the fits of a table are computed once, together and
    within the project's budget. When the analysis gave no fit for the data set (over budget,
    failed), the result has no curve (empty arrays) and the status and message of the run.
    """
    from ..stats.fourpl import _failed

    results = project.results
    if (table_id, analysis_id) not in results:  # a project built in code, never opened
        results = attach(project)
    run = results[(table_id, analysis_id)]
    fit = run.per_data_set.get(data_set)
    if fit is not None:
        return fit
    status = cast(Status, run.status if run.status in STATUSES else "did-not-converge")
    model = project.table(table_id).analysis(analysis_id).params.get("model", "logX")
    return _failed(model, (), 0, 0, 0.95, status, run.message)
