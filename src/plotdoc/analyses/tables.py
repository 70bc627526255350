"""Analysis results as tables: one row per statistic of each comparison or data set.

``run.to_pandas()``, ``project.results.to_pandas()``, ``plotdoc analyze --output-format csv``
and the notebook's HTML display all read the rows of :func:`rows`, with the columns of
:data:`COLUMNS`:

- ``table``, ``analysis``, ``method``: which analysis of which table;
- ``data_sets``: what the row is about: a data set (regressions, frequency distributions),
  ``"A vs B"`` (a t test, a pair of a correlation matrix);
- ``statistic``: the result's field (``p``, ``t``, ``slope``, ``r``, ``count[2.5]`` for the bin
  labelled 2.5 ...); ``value``: its number (NaN where it is not defined);
- ``status``: ``ok`` or why the number is missing (a run that gave no result is one row with
  its status, so a failure never disappears from a table).

pandas is optional: it is imported only by :func:`to_pandas`.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from ..pvalues import DEFAULT_STYLE, format_p, summary

if TYPE_CHECKING:
    from .run import AnalysisRun

COLUMNS = ("table", "analysis", "method", "data_sets", "statistic", "value", "status")
PANDAS_MISSING = "to_pandas() needs pandas: pip install 'plotdoc[pandas]' (or pip install pandas)"
#: rows an HTML display shows before it says how many more there are
HTML_ROWS = 200
#: fields of a result that are settings or text, not statistics
_NOT_STATISTICS = frozenset(
    {
        "status",
        "message",
        "design",
        "variance",
        "method",
        "model",
        "output",
        "cumulative",
        "confidence",
        "confidence_level",
    }
)

Row = dict[str, Any]


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        return None
    return float(value)


def _scalars(result: Any) -> Iterator[tuple[str, float]]:
    """The numeric scalar fields of a result, in field order."""
    import dataclasses

    for f in dataclasses.fields(result):
        if f.name.startswith("_") or f.name in _NOT_STATISTICS:
            continue
        number = _number(getattr(result, f.name))
        if number is not None:
            yield f.name, number


def rows(run: AnalysisRun) -> list[Row]:
    """The rows of one run (see the module doc)."""
    base = {"table": run.table_id, "analysis": run.analysis_id, "method": run.method}

    def row(about: str, statistic: str, value: float, status: str = "ok") -> Row:
        return {
            **base,
            "data_sets": about,
            "statistic": statistic,
            "value": value,
            "status": status,
        }

    if run.per_data_set:
        from .report import entries

        shown = entries(run)  # the data sets', then the overall result's (EC50 comparison)
        return [
            row(name, stat, value, res.status)
            for name, res in shown.items()
            for stat, value in _scalars(res)
        ]
    result = run.result
    if run.status != "ok" or result is None:
        return [row(" vs ".join(run.data_sets), "", math.nan, run.status)]
    from .methods import METHODS

    spec = METHODS[run.method]
    if spec.statistics is not None:  # a matrix, bins: the method lays its numbers out
        return [row(about, stat, value) for about, stat, value in spec.statistics(result)]
    shown = spec.entries(result)
    if list(shown) != [""]:  # one entry per data set (or group): its numbers under its name
        out = [
            row(name or " vs ".join(run.data_sets), stat, value, getattr(entry, "status", "ok"))
            for name, entry in shown.items()
            for stat, value in _scalars(entry)
        ]
    else:
        out = [row(" vs ".join(run.data_sets), stat, value) for stat, value in _scalars(result)]
    return out + _comparison_rows(run, {r["data_sets"] for r in out}, row)


def _comparison_rows(run: AnalysisRun, about: set[str], row: Any) -> list[Row]:
    """The table of comparisons, a row per number of each pair the result rows do not already
    hold (a t test's one pair is its result)."""
    out = []
    for c in run.comparisons:
        if c.label in about:
            continue
        for stat in ("difference", "ci_lower", "ci_upper", "p"):
            value = getattr(c, stat)
            out.append(row(c.label, stat, math.nan if value is None else float(value), c.status))
    return out


def all_rows(runs: Iterable[AnalysisRun]) -> list[Row]:
    return [r for run in runs for r in rows(run)]


def to_pandas(runs: Iterable[AnalysisRun]) -> Any:
    """A ``pandas.DataFrame`` of the rows of ``runs`` (columns :data:`COLUMNS`)."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError(PANDAS_MISSING) from None
    return pd.DataFrame(all_rows(runs), columns=list(COLUMNS))


def value_text(statistic: str, value: float, style: str = DEFAULT_STYLE) -> str:
    """A value as the reports print it: P values through :mod:`plotdoc.pvalues` in the
    analysis' style (with their summary), other numbers as ``plotdoc analyze`` prints them."""
    from .report import _fmt

    if statistic == "p":
        stars = summary(value, style)
        return format_p(value, style) + (f" ({stars})" if stars else "")
    return _fmt(value)


def comparisons_to_pandas(run: AnalysisRun) -> Any:
    """A run's table of comparisons as a ``pandas.DataFrame``: one row per pair, the columns
    of ``--json`` (``label``, ``a``, ``b``, ``difference``, ``ci_lower``, ``ci_upper``, ``p``,
    ``p_text``, ``summary``, ``status``, ``message``, ``row_a``, ``row_b``)."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError(PANDAS_MISSING) from None
    from .report import comparison_dict

    records = [comparison_dict(c, run.p_value_style) for c in run.comparisons]
    columns = list(records[0]) if records else ["label", "a", "b", "difference", "p"]
    return pd.DataFrame(records, columns=columns)


def comparisons_html(run: AnalysisRun) -> str:
    """A run's table of comparisons as an HTML table ("" for a run that compares no pairs);
    every cell's text is escaped."""
    from .report import COMPARISON_HEADER, comparison_table

    table = comparison_table(run)
    if not table:
        return ""
    head = "".join(_cell(c, "th") for c in COMPARISON_HEADER)
    body = "".join("<tr>" + "".join(_cell(c) for c in cells) + "</tr>" for cells in table)
    caption = f"Comparisons of {run.analysis_id}"
    return (
        f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def _from_summary(run: AnalysisRun) -> str:
    """What a run computed from summary data was computed from (``mean, SD and N``); ``""``
    for a run of raw values."""
    from ..stats.ttest import RAW_VALUES

    source = getattr(run.result, "computed_from", RAW_VALUES)
    return "" if source == RAW_VALUES else str(source)


def _cell(text: object, tag: str = "td") -> str:
    return f"<{tag}>{html.escape(str(text))}</{tag}>"


def to_html(runs: Iterable[AnalysisRun], caption: str) -> str:
    """An HTML table of the rows of ``runs``; every text from the document is escaped, and a
    run that gave no result shows its status and message."""
    runs = list(runs)
    styles = {(run.table_id, run.analysis_id): run.p_value_style for run in runs}
    table_rows = all_rows(runs)
    shown = table_rows[:HTML_ROWS]
    head = "".join(_cell(c, "th") for c in COLUMNS)

    def text(r: Row, column: str) -> str:
        if column != "value":
            return str(r[column])
        return value_text(r["statistic"], r["value"], styles[(r["table"], r["analysis"])])

    body = "".join("<tr>" + "".join(_cell(text(r, c)) for c in COLUMNS) + "</tr>" for r in shown)
    notes = [
        f"{run.table_id} / {run.analysis_id}: {run.status}: {run.message}"
        for run in runs
        if run.status != "ok" or run.message not in ("ok", "")
    ]
    notes += [
        f"{run.table_id} / {run.analysis_id}: computed from {source}"
        for run in runs
        if run.status == "ok" and (source := _from_summary(run))
    ]
    if len(table_rows) > len(shown):
        notes.append(f"{len(table_rows) - len(shown):,} more rows: to_pandas() has them all")
    foot = "".join(f"<p>{html.escape(n)}</p>" for n in notes)
    pairs = "".join(comparisons_html(run) for run in runs)
    return (
        f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>{foot}{pairs}"
    )


#: The header of ``plotdoc analyze --output-format csv``.
CSV_HEADER = ("file", *COLUMNS)


def csv_records(runs: Iterable[AnalysisRun], file: str) -> list[list[str]]:
    """The rows of ``runs`` as CSV records under :data:`CSV_HEADER`: numbers in full
    precision, an empty cell where a value is not defined."""
    return [
        [
            file,
            *(str(r[c]) for c in COLUMNS[:5]),
            repr(r["value"]) if math.isfinite(r["value"]) else "",
            r["status"],
        ]
        for r in all_rows(runs)
    ]
