"""Analyses computed from a project's data: one package for running, keeping, costing and
reporting them, and :mod:`plotdoc.analyses.methods`, one spec per method.

- :mod:`~plotdoc.analyses.methods`: what each method declares (parameters, computation, cost,
  result fields, results table).
- :mod:`~plotdoc.analyses.run`: :class:`AnalysisRun` and :func:`run_analysis`, the bridge from
  the model to the specs' computations, within a budget.
- :mod:`~plotdoc.analyses.results`: ``project.results``, computed on first read and kept.
- :mod:`~plotdoc.analyses.costs`: what a run will cost, from the specs, before it runs.
- :mod:`~plotdoc.analyses.report`: results as `plotdoc analyze` (text, ``--json``), the
  notebook and the editor show them.

The names below are importable from ``plotdoc.analyses`` (loaded on first use, so importing
the specs stays light).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .report import format_report, report_json, report_table_json
    from .results import analyze_project, fitted_curve
    from .run import (
        BUDGET_EXCEEDED,
        FAILED,
        RESULT_TOO_LARGE,
        AnalysisRun,
        continuous_variables,
        fill_results_table,
        fill_results_tables,
        populated,
        results_table_columns,
        results_table_limit,
        run_analysis,
    )

__all__ = [
    "BUDGET_EXCEEDED",
    "FAILED",
    "RESULT_TOO_LARGE",
    "AnalysisRun",
    "analyze_project",
    "continuous_variables",
    "fill_results_table",
    "fill_results_tables",
    "fitted_curve",
    "format_report",
    "populated",
    "report_json",
    "report_table_json",
    "results_table_columns",
    "results_table_limit",
    "run_analysis",
]

_HOME = {
    "format_report": "report",
    "report_json": "report",
    "report_table_json": "report",
    "analyze_project": "results",
    "fitted_curve": "results",
}


def __getattr__(name: str) -> object:
    if name in __all__:
        from importlib import import_module

        return getattr(import_module(f".{_HOME.get(name, 'run')}", __name__), name)
    raise AttributeError(f"module 'plotdoc.analyses' has no attribute {name!r}")
