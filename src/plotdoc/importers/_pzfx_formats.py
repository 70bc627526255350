"""The documented rules of the Prism import: table kinds, Y formats and dates.

**Table kinds.** ``XY`` -> ``xy``; ``OneWay`` -> ``column`` (``multipleVariables`` when
``ExtTableType="MultipleVariables"``); ``TwoWay`` -> ``grouped`` (``nested`` when
``ExtTableType="Nested"``); ``Contingency``, ``Survival``, ``PartsOfWhole`` -> the family of
that name. Prism saves a *column* table whose values were entered as summary data (mean and
SD, SEM, CV, N, error or limits) as ``TwoWay``: such a ``TwoWay`` table with a summary Y
format and no row titles is imported as ``column``; with row titles it stays ``grouped``.

**Y formats.** ``YFormat="replicates"`` (or none) maps Prism's subcolumns to plotdoc
replicates. Mean with SD or SEM, and N (``SDN``, ``SEN``; also ``SD`` and ``SE``, whose N is
then missing) become a table of summary data (`entry` ``meanSdN`` or ``meanSemN``, schema
version 2) in a column, grouped or xy table: each Y column is one data set whose rows are
``[mean, sd-or-sem, n]``, drawn with its error bars. Every other format is summary data
plotdoc cannot hold as such: each subcolumn role becomes its own data set, named
``<title> (<role>)``, in the order Prism stores them:

============================  =======================================
YFormat                       data sets per Y column
============================  =======================================
``SD``                        ``(mean)``, ``(SD)``
``SDN``                       ``(mean)``, ``(SD)``, ``(N)``
``SE``                        ``(mean)``, ``(SEM)``
``SEN``                       ``(mean)``, ``(SEM)``, ``(N)``
``CV``                        ``(mean)``, ``(CV)``
``CVN``                       ``(mean)``, ``(CV)``, ``(N)``
``low-high`` (plus/minus)     ``(mean)``, ``(+error)``, ``(-error)``
``upper-lower-limits``        ``(mean)``, ``(upper limit)``, ``(lower limit)``
============================  =======================================

Values are kept as stored (a CV subcolumn keeps the number Prism stored). The table's
``usermeta.pzfx`` records ``yFormat`` and, per data set, the Prism column and role
(``dataSets: [{"column": "A", "role": "SD"}, ...]``), so the summary can be rebuilt. The
default graph draws the means only: every other role is hidden through the graph's
``dataSetVisibility`` (version 1 cannot draw an error bar from a stored SD).

**Dates.** ``XFormat="date"`` X values become numbers: the years elapsed since the date of
the first row (days / 365.25), as Prism itself analyses them. Prism stores that number in
the X column and the date text in ``<XAdvancedColumn>``; when the X column holds date text
instead, the text is converted. The date text of every row is kept in
``usermeta.pzfx.xDates``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

#: Prism ``TableType`` (and ``ExtTableType``) -> plotdoc family.
TABLE_TYPES: dict[str, str] = {
    "XY": "xy",
    "OneWay": "column",
    "TwoWay": "grouped",
    "Contingency": "contingency",
    "Survival": "survival",
    "PartsOfWhole": "partsOfWhole",
}
EXT_TABLE_TYPES: dict[str, str] = {"MultipleVariables": "multipleVariables", "Nested": "nested"}

#: Summary Y formats: the role of each subcolumn, in stored order.
Y_ROLES: dict[str, tuple[str, ...]] = {
    "SD": ("mean", "SD"),
    "SDN": ("mean", "SD", "N"),
    "SE": ("mean", "SEM"),
    "SEM": ("mean", "SEM"),
    "SEN": ("mean", "SEM", "N"),
    "SEMN": ("mean", "SEM", "N"),
    "CV": ("mean", "CV"),
    "CVN": ("mean", "CV", "N"),
    "low-high": ("mean", "+error", "-error"),
    "plus-minus": ("mean", "+error", "-error"),
    "upper-lower-limits": ("mean", "upper limit", "lower limit"),
}

#: Summary Y formats a table of summary data holds (`entry`), each with the entry; a format
#: without N (``SD``, ``SE``) leaves N missing.
ENTRY_FORMATS: dict[str, str] = {
    "SDN": "meanSdN",
    "SD": "meanSdN",
    "SEN": "meanSemN",
    "SEMN": "meanSemN",
    "SE": "meanSemN",
    "SEM": "meanSemN",
}
#: The Y format the export writes for each entry.
ENTRY_Y_FORMATS: dict[str, str] = {"meanSdN": "SDN", "meanSemN": "SEN"}

#: Y formats whose subcolumns are replicates.
REPLICATE_FORMATS = frozenset({"", "replicates", "text"})


def family_of(table_type: str, ext_type: str, y_format: str, has_row_titles: bool) -> str | None:
    """The plotdoc family of a Prism table, or None for kinds that hold no data (results)."""
    if ext_type in EXT_TABLE_TYPES:
        return EXT_TABLE_TYPES[ext_type]
    family = TABLE_TYPES.get(table_type)
    if family == "grouped" and y_format in Y_ROLES and not has_row_titles:
        return "column"
    return family


def entry_of(y_format: str, family: str) -> str | None:
    """The summary entry a Prism table of ``y_format`` becomes in ``family``, or None."""
    entry = ENTRY_FORMATS.get(y_format)
    return entry if entry is not None and family in ("column", "grouped", "xy") else None


def roles_of(y_format: str) -> tuple[str, ...] | None:
    """The subcolumn roles of a summary Y format, or None when subcolumns are replicates."""
    return Y_ROLES.get(y_format)


DAYS_PER_YEAR = 365.25
_DATE_FORMATS = ("%d-%b-%Y", "%d-%b-%y", "%Y-%m-%d", "%d %b %Y", "%b %d, %Y", "%m/%d/%Y")


def parse_date(text: str) -> dt.date | None:
    """A calendar date in one of the forms Prism shows (``16-Jan-2004``, ``2004-01-16``...)."""
    s = text.strip()
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(s, fmt).date()
        except ValueError:
            continue
    return None


def years_since_first(dates: Sequence[dt.date | None]) -> list[float | None]:
    """Years elapsed since the first row's date (days / 365.25); None where no date."""
    first = next((d for d in dates if d is not None), None)
    if first is None:
        return [None] * len(dates)
    return [None if d is None else (d - first).days / DAYS_PER_YEAR for d in dates]
