"""Analysis results as people and programs read them: `plotdoc analyze`, its `--json`, the
notebook and the editor's results.

What is shown of a result comes from its method's spec (:mod:`plotdoc.analyses.methods`):
each declared field, with its label and how it is shown (a number, a whole number, a P value
with :func:`plotdoc.pvalues.format_p` and its summary, an interval, a list of numbers). No
output skips a field: a field a result lacks is an error (a test reads every spec).

Every P value and summary is printed in the analysis' own `pValueStyle` (``run.p_value_style``).
A method that compares pairs (``MethodSpec.comparisons``) also gets its table of comparisons:
:func:`comparison_table` gives its header and cells as text, which the text report, the editor
and the notebook's HTML lay out; :func:`comparison_dict` gives one pair to ``--json``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..model import Project, Table
from ..pvalues import DEFAULT_STYLE, format_p, summary
from .methods import METHODS
from .methods.spec import OVERALL, Comparison, ResultField, Show

if TYPE_CHECKING:
    from .run import AnalysisRun


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


def fmt(value: Any) -> str:
    """A number as every output shows it: whole numbers as they are, others by :func:`_fmt`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, int):
        return str(value)
    return _fmt(float(value))


def text(value: Any) -> str:
    """A field shown as a word: yes or no for a truth value, a dash for none."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return fmt(value)


def p_text(value: Any, style: str = DEFAULT_STYLE) -> str:
    """A P value as every output shows it (:func:`plotdoc.pvalues.format_p`)."""
    return format_p(value if isinstance(value, (int, float)) else None, style)


def p_summary(value: Any, style: str = DEFAULT_STYLE) -> str:
    """``ns``, ``*`` ... ``****`` for a P value; ``""`` for anything else."""
    return summary(value, style) if isinstance(value, (int, float)) else ""


def _p(value: Any, style: str = DEFAULT_STYLE) -> str:
    """``P = 0.0123 (*)``: a P value and its summary as every output shows them."""
    p = float(value) if isinstance(value, (int, float)) else None
    stars = summary(p, style)
    return format_p(p, style, label=True) + (f" ({stars})" if stars else "")


#: at most this many entries of one result (pairs of a correlation matrix...) are listed; the
#: results table holds them all
MAX_ENTRIES = 20


def entries(run: AnalysisRun) -> dict[str, Any]:
    """What a run shows, one entry per data set (or pair...), ``""`` for a single result."""
    if run.per_data_set:
        shown = dict(run.per_data_set)
        if run.overall is not None:
            shown[OVERALL] = run.overall
        return shown
    if run.result is None:
        return {}
    return METHODS[run.method].entries(run.result)


def level_text(res: Any) -> str:
    """The confidence level of a result as a label shows it (``95%``)."""
    level = getattr(res, "confidence", None) or getattr(res, "confidence_level", None)
    return f"{level * 100:g}%" if isinstance(level, float) else "95%"


def field_text(field: ResultField, res: Any, style: str = DEFAULT_STYLE) -> str:
    """One field's value as the editor shows it (no name)."""
    values = [getattr(res, k) for k in field.keys]
    if field.show is Show.INTERVAL:
        return f"{fmt(values[0])} to {fmt(values[1])}"
    if field.show is Show.P_VALUE:
        return p_text(values[0], style)
    if field.show is Show.NUMBERS:
        return ", ".join(fmt(v) for v in values[0])
    if field.show is Show.TEXT:
        return text(values[0])
    return fmt(values[0])


def result_rows(method: str, res: Any, style: str = DEFAULT_STYLE) -> list[tuple[str, str, str]]:
    """(label, text, key) of each field of one entry of a result, as the editor lists them; a
    P value is followed by its summary (key ``summary``) when it has one."""
    out = []
    for field in METHODS[method].fields_of(res):
        label = field.label.replace("{level}", level_text(res))
        out.append((label, field_text(field, res, style), field.keys[0]))
        if field.show is Show.P_VALUE and (stars := p_summary(getattr(res, field.keys[0]), style)):
            out.append(("P value summary", stars, "summary"))
    return out


def _field_line(field: ResultField, res: Any, style: str = DEFAULT_STYLE) -> str:
    """One field as `plotdoc analyze` prints it: ``slope = 1.5``, ``P = 0.0123 (*)``."""
    if field.show is Show.P_VALUE:
        key = field.keys[0]  # a result with several P values names each (``row_p: P = ...``)
        return ("" if key == "p" else f"{key}: ") + _p(getattr(res, key), style)
    if field.show is Show.NUMBERS:
        return f"{field.keys[0]} = [{', '.join(fmt(v) for v in getattr(res, field.keys[0]))}]"
    if field.show is Show.TEXT:
        return f"{field.keys[0]} = {text(getattr(res, field.keys[0]))}"
    return ", ".join(f"{k} = {_fmt(getattr(res, k))}" for k in field.keys)


def _result_lines(run: AnalysisRun) -> list[str]:
    """The numbers of one run, one line per entry (data set, pair...)."""
    if run.status != "ok" and not run.per_data_set:
        return []
    spec = METHODS[run.method]
    shown = entries(run)
    lines = []
    for name, res in list(shown.items())[:MAX_ENTRIES]:
        pairs = ", ".join(_field_line(f, res, run.p_value_style) for f in spec.fields_of(res))
        status = getattr(res, "status", "ok")
        note = "" if status == "ok" else f" ({status}: {res.message})"
        prefix = f"    {name}: " if name else "    "
        lines.append(prefix + pairs + note)
    if len(shown) > MAX_ENTRIES:
        lines.append(f"    … {len(shown) - MAX_ENTRIES:,} more in the results table")
    return lines


# -- the table of comparisons ------------------------------------------------------------------

#: the columns of the table of comparisons, as every output heads them
COMPARISON_HEADER = ("Comparison", "Difference", "95% CI", "Adjusted P", "Summary")


def _number_or_dash(value: float | None) -> str:
    return "—" if value is None else fmt(float(value))


def comparison_cells(c: Comparison, style: str = DEFAULT_STYLE) -> tuple[str, ...]:
    """One pair's row of the table of comparisons, as text (see :data:`COMPARISON_HEADER`); a
    pair without a result says why in its summary cell."""
    ci = (
        "—"
        if c.ci_lower is None or c.ci_upper is None or c.ci_lower != c.ci_lower
        else f"{fmt(float(c.ci_lower))} to {fmt(float(c.ci_upper))}"
    )
    stars = p_summary(c.p, style) if c.status == "ok" else f"{c.status}: {c.message}"
    return (c.label, _number_or_dash(c.difference), ci, p_text(c.p, style), stars)


def comparison_table(run: AnalysisRun) -> list[tuple[str, ...]]:
    """The rows of a run's table of comparisons as text (none for a method that compares no
    pairs, or a run without a result)."""
    return [comparison_cells(c, run.p_value_style) for c in run.comparisons]


def comparison_dict(c: Comparison, style: str = DEFAULT_STYLE) -> dict[str, Any]:
    """One pair as ``--json`` gives it: every field (NaN as null), its label, and its P value
    as ``style`` prints it with its summary."""
    import dataclasses
    import math

    out: dict[str, Any] = {"label": c.label}
    for f in dataclasses.fields(c):
        value = getattr(c, f.name)
        out[f.name] = None if isinstance(value, float) and not math.isfinite(value) else value
    out["p_text"] = p_text(c.p, style)
    out["summary"] = p_summary(c.p, style)
    return out


def _comparison_lines(run: AnalysisRun) -> list[str]:
    """The table of comparisons as `plotdoc analyze` prints it, one line per pair."""
    pairs = run.comparisons
    if not pairs:
        return []
    lines = [f"    comparisons ({len(pairs)}):"]
    for c in pairs[:MAX_ENTRIES]:
        label, diff, ci, _, stars = comparison_cells(c, run.p_value_style)
        p = format_p(c.p, run.p_value_style, label=True)
        lines.append(
            f"      {label}: difference = {diff}, 95% CI {ci}, {p}"
            + (f" ({stars})" if stars else "")
        )
    if len(pairs) > MAX_ENTRIES:
        lines.append(f"      … {len(pairs) - MAX_ENTRIES:,} more in --json")
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
            # an ok run may still say something (a ratio a zero count leaves undefined)
            said = run.message not in ("ok", "")
            lines.append(
                f"  {analysis.id}: {analysis.method} — {run.status}"
                + (f": {run.message}" if said else "")
            )
            lines.extend(_result_lines(run))
            lines.extend(_comparison_lines(run))
    return "\n".join(lines) if lines else "No analyses."
