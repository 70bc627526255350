"""What every importer shares: the result type, default graphs, names, numbers and limits.

An importer turns foreign data into a plotdoc *document dict*: the JSON-shaped v1 document of
the contract (``{"format": "plotdoc-project", "schemaVersion": CURRENT_VERSION, "tables": [...]}``). The
reader validates it later; the helpers here make sure what an importer emits already keeps
the contract's rules (unique data set names of 1..200 characters, the replicate rule of each
family, finite numbers or null in cells, no trailing empty rows, a graph variant of the
table's family, the section 8 limits).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from ..api import read_limited
from ..contract import limits as L
from ..contract.entries import VALUES
from ..contract.families import FAMILIES
from ..contract.site import CURRENT_VERSION, FORMAT
from ..contract.variants import default_variant
from ..contract.variants.from_summary import summary_plot
from ..migrations.v1_to_v2 import data_set_ids
from ..problems import PathPart, PlotdocError, Problem, error, warning
from ..reader.cells import NUMERIC_TEXT

Cell = float | str | None
Row = list[Cell]


@dataclass(frozen=True, slots=True)
class ImportResult:
    """An imported document (a document dict of the current schema version) and the warnings found on the way."""

    document: dict[str, Any]
    problems: tuple[Problem, ...] = ()


def new_document(tables: list[dict[str, Any]]) -> dict[str, Any]:
    """The smallest valid envelope around ``tables``."""
    return {"format": FORMAT, "schemaVersion": CURRENT_VERSION, "tables": tables}


# -- graphs ---------------------------------------------------------------------------------

#: The variant an imported table of each family is drawn with (xy with replicates excepted):
#: the registry's default.
DEFAULT_VARIANTS: dict[str, str] = {family: default_variant(family) for family in FAMILIES}


def default_graph(
    family: str, replicates: int, data_sets: list[dict[str, Any]], entry: str = VALUES
) -> dict[str, Any]:
    """A sensible default ``graph`` for an imported table (whose ``data_sets`` are given).

    ``xy`` with replicates draws mean and error (``xy-points-error``), and so does a table
    of summary data (``entry``); a multipleVariables table gets a scatter of its first
    variable against its second (or against itself when it has only one).
    """
    graph: dict[str, Any] = {"variantId": default_variant(family, replicates, entry)}
    plot = summary_plot(family, entry)
    if plot is not None:
        graph["plot"] = plot
    if family == "multipleVariables":
        ids = data_set_ids([ds["name"] for ds in data_sets]) or ["ds-0"]
        mapping = {"x": ids[0], "y": ids[1 if len(ids) > 1 else 0]}
        graph["plot"] = {
            "family": "multipleVariables",
            "options": {"kind": "scatter", "mapping": mapping},
        }
    return graph


def table_replicates(family: str, widest: int) -> int:
    """The ``replicates`` of a table of ``family`` whose widest data set has ``widest`` cells.

    1 in the fixed-1 families, else at least the family minimum; a count above 64 is left
    for :func:`check_limits` to refuse.
    """
    fam = FAMILIES[family]
    return 1 if fam.replicate_rule == "fixed-1" else max(widest, fam.min_replicates)


# -- names ----------------------------------------------------------------------------------


def column_letter(index: int) -> str:
    """Spreadsheet column letters: 0 -> A, 25 -> Z, 26 -> AA."""
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


def clip(text: str, limit: int = L.NAME_MAX) -> str:
    """``text`` cut to ``limit`` characters."""
    return text if len(text) <= limit else text[:limit]


def unique_names(
    wanted: Sequence[str], path: Sequence[PathPart], problems: list[Problem]
) -> list[str]:
    """Data set names: empty ones become ``Data set A``..., clipped to 200, made unique.

    A repeated name gets `` (2)``, `` (3)``... appended; every rename is a warning (the first
    1,000 listed, then one warning counting the rest). Each name remembers the next number
    to try, so a million repeats cost linear time.
    """
    out: list[str] = []
    seen: set[str] = set()
    next_number: dict[str, int] = {}
    renamed = 0
    for i, raw in enumerate(wanted):
        base = raw.strip() or f"Data set {column_letter(i)}"
        name = clip(base)
        if name in seen:
            n = next_number.get(base, 2)
            while name in seen:
                suffix = f" ({n})"
                name = clip(base, L.NAME_MAX - len(suffix)) + suffix
                n += 1
            next_number[base] = n
        if name != raw:
            renamed += 1
            if renamed <= L.MAX_LISTED_WARNINGS:
                problems.append(
                    warning(
                        "import-converted",
                        (*path, i, "name"),
                        f"data set name {raw!r} imported as {name!r} (names are 1..200 "
                        "characters and unique within a table)",
                    )
                )
        seen.add(name)
        out.append(name)
    if renamed > L.MAX_LISTED_WARNINGS:
        problems.append(
            warning(
                "import-converted",
                tuple(path),
                f"… and {renamed - L.MAX_LISTED_WARNINGS:,} more data set names renamed the "
                "same way",
            )
        )
    return out


# -- numbers --------------------------------------------------------------------------------


def parse_number(text: str, decimal: str = ".") -> float | None:
    """A finite number written in ``text``, or None when it is not one.

    Accepts the plain forms spreadsheets and Prism write: ``3.5``, ``-1e-3``, ``+2``,
    ``1.401298e-045`` and a trailing dot (``90.``); ASCII digits only, no thousands
    separators. ``decimal`` is ``"."``, ``","`` (``3,5``) or ``"either"``: a dot, or a single
    comma when there is no dot (Prism files saved on a comma-decimal system). Infinities
    and NaN are not numbers here, nor is a number too large for a double.
    """
    s = text.strip()
    if decimal == "," or (decimal == "either" and "." not in s and s.count(",") == 1):
        if "." in s:
            return None
        s = s.replace(",", ".", 1)
    if not NUMERIC_TEXT.fullmatch(s):  # the reader's pattern: linear time on any text
        return None
    value = float(s)
    return value if math.isfinite(value) else None


def is_blank(text: str | None) -> bool:
    return text is None or not text.strip()


# -- rows -----------------------------------------------------------------------------------


def trim_rows(rows: list[Row]) -> list[Row]:
    """``rows`` without trailing rows whose cells are all missing (trailing rows not stored)."""
    end = len(rows)
    while end and all(c is None for c in rows[end - 1]):
        end -= 1
    return rows[:end]


def last_filled(values: Sequence[Any]) -> int:
    """One past the index of the last entry that is neither None nor an empty string."""
    end = len(values)
    while end and (values[end - 1] is None or values[end - 1] == ""):
        end -= 1
    return end


def fit_usermeta(
    meta: dict[str, Any], bulky: Sequence[str], path: Sequence[PathPart], problems: list[Problem]
) -> dict[str, Any]:
    """``meta`` (a ``usermeta`` object) kept under 64 KB by dropping its ``bulky`` keys in order.

    ``meta`` holds one importer's key (``{"pzfx": {...}}``); ``bulky`` names keys of that
    inner object that may be dropped, each drop is an ``import-unsupported`` warning.
    """
    (tool, inner), *_ = meta.items()
    for key in bulky:
        if len(orjson.dumps(meta)) <= L.MAX_USERMETA_BYTES:
            break
        if key in inner:
            del inner[key]
            problems.append(
                warning(
                    "import-unsupported",
                    (*path, "usermeta", tool),
                    f"{key!r} was not kept: usermeta is limited to 64 KB",
                )
            )
    return meta


def check_limits(document: dict[str, Any]) -> list[Problem]:
    """Errors for the section 8 limits an imported document would break."""
    out: list[Problem] = []
    tables = document["tables"]
    if len(tables) > L.MAX_TABLES:
        out.append(error("too-many-items", ("tables",), f"{len(tables)} tables; at most 200"))
    cells = 0
    for t, table in enumerate(tables):
        path = ("tables", t)
        sets = table.get("dataSets", [])
        if len(sets) > L.MAX_DATA_SETS:
            out.append(
                error("too-many-items", (*path, "dataSets"), f"{len(sets)} data sets; at most 500")
            )
        reps = table.get("replicates", 1)
        if reps > L.MAX_REPLICATES:
            out.append(
                error("out-of-range", (*path, "replicates"), f"{reps} replicates; at most 64")
            )
        rows = max(
            [len(table.get("x", ())), len(table.get("rowLabels", ()))]
            + [len(ds["values"]) for ds in sets]
        )
        if rows > L.MAX_ROWS:
            out.append(error("rows-too-many", path, f"{rows} rows; at most 200,000"))
        cells += sum(len(ds["values"]) for ds in sets) * reps
    if cells > L.MAX_TOTAL_CELLS:
        out.append(error("cells-too-many", (), f"{cells} cells; at most 2,000,000 in total"))
    return out


def finish(document: dict[str, Any], problems: list[Problem]) -> ImportResult:
    """Raise every error found (with the warnings), or return the result."""
    problems.extend(check_limits(document))
    if any(p.severity == "error" for p in problems):
        raise PlotdocError(problems)
    return ImportResult(document, tuple(problems))


# -- sources --------------------------------------------------------------------------------

Source = bytes | str | os.PathLike[str]


def read_source(source: Source) -> bytes:
    """The bytes to import: ``bytes`` are the content itself, a ``str`` or path names a file."""
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
    else:
        data = read_limited(source)
    if len(data) > L.MAX_FILE_BYTES:
        raise PlotdocError([error("file-too-large", (), "the file to import is larger than 50 MB")])
    return data
