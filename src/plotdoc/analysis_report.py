"""Analysis results as people and programs read them: `plotdoc analyze` and its `--json`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from .model import Project, Table
from .pvalues import format_p, summary

if TYPE_CHECKING:
    from .analyses import AnalysisRun


def report_json(project: Project, runs: Mapping[tuple[str, str], AnalysisRun]) -> dict[str, Any]:
    return {"tables": [report_table_json(t, runs) for t in project.tables if t.analyses]}


def report_table_json(table: Table, runs: Mapping[tuple[str, str], AnalysisRun]) -> dict[str, Any]:
    """One table's part of :func:`report_json`."""
    return {
        "id": table.id,
        "name": table.name,
        "analyses": [runs[(table.id, a.id)].to_dict() for a in table.analyses],
    }


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        if value != value:
            return "—"
        if value != 0 and (abs(value) < 1e-3 or abs(value) >= 1e6):
            return f"{value:.4g}"
        return f"{value:.4f}".rstrip("0").rstrip(".") if abs(value) < 1e5 else f"{value:.1f}"
    return str(value)


def _p(value: Any) -> str:
    """``P = 0.0123 (*)``: a P value and its summary as every output shows them."""
    p = float(value) if isinstance(value, (int, float)) else None
    stars = summary(p)
    return format_p(p, label=True) + (f" ({stars})" if stars else "")


_SHOWN: dict[str, tuple[str, ...]] = {
    "ttest": ("mean_a", "mean_b", "mean_difference", "ci_lower", "ci_upper", "t", "df", "p"),
    "linearRegression": ("slope", "intercept", "r_squared", "p", "n"),
    "nonlinearRegression": ("bottom", "top", "log_ec50", "hill_slope", "ec50", "r_squared", "n"),
}


def _result_lines(run: AnalysisRun) -> list[str]:
    """The main numbers of one run, one line per data set or per summary."""
    result = run.result
    if run.status != "ok" and not run.per_data_set:
        return []
    if run.method == "frequencyDistribution":
        counts = np.asarray(result.counts)
        return [
            f"    {name}: n = {n}, {len(result.bin_labels)} bins of width {_fmt(result.bin_width)} "
            f"from {_fmt(result.bin_start)}, counts {counts[:, j].tolist()}"
            for j, (name, n) in enumerate(zip(result.names, result.n, strict=True))
        ]
    if run.method == "correlationMatrix":
        names, r, p = result.names, np.asarray(result.r), np.asarray(result.p)
        return [
            f"    {names[i]} ~ {names[j]}: r = {_fmt(float(r[i, j]))}, {_p(float(p[i, j]))}, "
            f"n = {int(result.n[i, j])}"
            for i in range(len(names))
            for j in range(i + 1, len(names))
        ][:20]
    lines = []
    results = run.per_data_set or {"": result}
    for name, res in results.items():
        shown = _SHOWN.get(run.method, ())
        pairs = ", ".join(
            _p(getattr(res, k)) if k == "p" else f"{k} = {_fmt(getattr(res, k))}"
            for k in shown
            if hasattr(res, k)
        )
        status = "" if res.status == "ok" else f" ({res.status}: {res.message})"
        prefix = f"    {name}: " if name else "    "
        lines.append(prefix + pairs + status)
    return lines


def format_report(project: Project, runs: Mapping[tuple[str, str], AnalysisRun]) -> str:
    """A readable report: per table, per analysis, its status and main numbers."""
    lines: list[str] = []
    for table in project.tables:
        if not table.analyses:
            continue
        lines.append(f"{table.name} ({table.id}, {table.format})")
        for analysis in table.analyses:
            run = runs[(table.id, analysis.id)]
            lines.append(
                f"  {analysis.id}: {analysis.method} — {run.status}"
                + ("" if run.status == "ok" else f": {run.message}")
            )
            lines.extend(_result_lines(run))
    return "\n".join(lines) if lines else "No analyses."
