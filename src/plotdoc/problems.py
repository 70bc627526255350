"""Problems: what open, validate and the importers report, and the catalogue of their codes.

A problem is data: a stable kebab-case ``code`` from :data:`CATALOGUE`, a ``severity``,
a ``path`` into the document (a tuple of keys and indexes) and a human ``message``.
Problems found before the JSON tree exists (size, encoding, syntax) and problems of
text imports also carry a byte ``offset`` or a ``line`` and ``column``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .errors import PlotdocError as PlotdocError  # raised with problems; defined apart

Severity = Literal["error", "warning"]
PathPart = str | int
Path = tuple[PathPart, ...]

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")

#: How much of an offending value a message may quote.
EXCERPT_CHARS = 40


def format_path(path: Sequence[PathPart]) -> str:
    """Render a path the way the contract writes it: ``tables[0].graph.variantId``.

    Integers become ``[n]``; keys that are plain identifiers are joined with dots; any
    other key is bracket-quoted as a JSON string (``usermeta["a.b"]``). The empty path
    (a problem of the whole file) renders as the empty string.
    """
    out: list[str] = []
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _IDENT.match(part):
            out.append(f".{part}" if out else part)
        else:
            out.append("[" + _quote(part) + "]")
    return "".join(out)


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    if not escaped.isprintable():
        escaped = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """A short, printable description of an offending value for messages."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        shown = value if len(value) <= limit else value[:limit] + "…"
        return _quote(shown) + (f" ({len(value)} characters)" if len(value) > limit else "")
    if isinstance(value, (int, float)):
        text = repr(value)
        return text if len(text) <= limit else text[:limit] + f"… ({len(text)} digits)"
    if isinstance(value, dict):
        return f"an object with {len(value)} key{'s' if len(value) != 1 else ''}"
    if isinstance(value, list):
        return f"an array of {len(value)} item{'s' if len(value) != 1 else ''}"
    return type(value).__name__


def json_type(value: object) -> str:
    """The JSON type name of a parsed value, as messages say it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def found(value: object) -> str:
    """What a message says was found: a literal for null and booleans, the kind of a scalar
    with its excerpt (``the string "0"``, ``the number 0.5``), a description of a container."""
    if value is None or isinstance(value, bool):
        return excerpt(value)
    if isinstance(value, str):
        return f"the string {excerpt(value)}"
    if isinstance(value, (int, float)):
        return f"the number {excerpt(value)}"
    return excerpt(value)


#: An enumeration of at most this many values is listed in full in a message.
LISTED_IN_FULL = 20


def closest(value: str, values: Sequence[str], n: int = 3) -> list[str]:
    """Up to ``n`` of ``values`` nearest to ``value``, best first (a value containing the
    text, or contained in it, counts as near: "pie" is near "parts-pie").

    A text more than twice as long as every value is no misspelling of one and gets none
    (comparing texts costs the product of their lengths: a file of tables naming a variant
    with a thousand characters each took seconds to refuse)."""
    if len(value) > 2 * max((len(v) for v in values), default=0) + 8:
        return []
    return list(_closest(value, tuple(values), n))


@functools.lru_cache(maxsize=256)
def _closest(value: str, values: tuple[str, ...], n: int) -> tuple[str, ...]:
    """:func:`closest`, once per text and list (a file naming the same wrong value in many
    tables, and the message and its suggestion, ask for it again and again)."""
    from difflib import SequenceMatcher

    low = value.lower()
    scored = []
    for candidate in values:
        c = candidate.lower()
        score = SequenceMatcher(None, low, c).ratio()
        if low and (low in c or c in low):
            score += 0.5
        words = set(re.split(r"[-_ ]", low)) - {""}
        if words:
            score += 0.4 * len(words & set(re.split(r"[-_ ]", c))) / len(words)
        scored.append((score, candidate))
    scored.sort(key=lambda pair: -pair[0])
    return tuple(c for score, c in scored[:n] if score >= 0.6)


def one_of(values: Sequence[str], value: object = None) -> str:
    """``one of a, b, c`` listing every value, or past :data:`LISTED_IN_FULL` how many there
    are and the ones closest to ``value``."""
    if len(values) <= LISTED_IN_FULL:
        return "one of " + ", ".join(values)
    near = closest(value, values) if isinstance(value, str) else []
    shown = near or list(values[:5])
    label = "closest" if near else "first"
    return f"one of {len(values)} values ({label}: {', '.join(shown)})"


#: What a short spelling conventionally means where the enumeration offers it: a "log"
#: axis is base 10 in plotting programs (spelling alone would pick the shorter "log2").
CONVENTIONAL = {"log": "log10", "log-10": "log10", "log_10": "log10"}


def did_you_mean(value: object, values: Sequence[str]) -> str:
    """``; did you mean "x"?`` when one of ``values`` is near ``value``, else the empty string."""
    if not isinstance(value, str):
        return ""
    meant = CONVENTIONAL.get(value.lower())
    near = [meant] if meant is not None and meant in values else closest(value, values, 1)
    return f"; did you mean {_quote(near[0])}?" if near else ""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong (``error``) or repaired (``warning``) in a document."""

    code: str
    severity: Severity
    path: Path
    message: str
    offset: int | None = None
    line: int | None = None
    column: int | None = None

    def __post_init__(self) -> None:
        if self.code not in CATALOGUE:
            raise ValueError(f"problem code {self.code!r} is not in the catalogue")

    @property
    def where(self) -> str:
        """The JSON path as text (empty for the whole file)."""
        return format_path(self.path)

    @property
    def position(self) -> str:
        """``line L, column C`` or ``byte N`` when known, else the empty string."""
        if self.line is not None:
            return f"line {self.line}, column {self.column}" if self.column else f"line {self.line}"
        if self.offset is not None:
            return f"byte {self.offset}"
        return ""

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "code": self.code,
            "severity": self.severity,
            "path": self.where,
            "message": self.message,
        }
        for name in ("offset", "line", "column"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out

    def __str__(self) -> str:
        where = self.where or "(document)"
        pos = f" ({self.position})" if self.position else ""
        return f"{self.severity} {where} [{self.code}]: {self.message}{pos}"


def error(code: str, path: Sequence[PathPart], message: str, **position: int) -> Problem:
    return Problem(code, "error", tuple(path), message, **position)


def warning(code: str, path: Sequence[PathPart], message: str, **position: int) -> Problem:
    return Problem(code, "warning", tuple(path), message, **position)


def problem_json(p: Problem) -> dict[str, object]:
    """One problem as the ``--json`` outputs give it: code, path, message and its position."""
    out: dict[str, object] = {"code": p.code, "path": p.where, "message": p.message}
    for key in ("offset", "line", "column"):
        value = getattr(p, key)
        if value is not None:
            out[key] = value
    return out


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """One entry of the catalogue: the stage that reports the code, a title, a description."""

    stage: str
    severity: Severity
    title: str
    description: str


@dataclass
class Report:
    """Everything one open or validate found, errors and warnings in order."""

    problems: list[Problem] = field(default_factory=list)
    #: How many further errors were found but not listed (past the first 100).
    omitted: int = 0
    #: How many further warnings were found but not listed (past the first 1,000).
    omitted_warnings: int = 0
    #: What was checked, as ``str(report)`` names it (a path; empty for a document in memory).
    name: str = ""

    def __str__(self) -> str:
        """The lines `plotdoc validate` prints for this report."""
        return "\n".join(report_lines(self.name or "<document>", self))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def extend(self, problems: Iterable[Problem]) -> None:
        self.problems.extend(problems)


def _c(stage: str, severity: Severity, title: str, description: str) -> CodeInfo:
    return CodeInfo(stage, severity, title, description)


#: Every code plotdoc reports, in pipeline order. The docs page of codes is generated from
#: this mapping; a code not listed here cannot be raised (``Problem`` checks it).
CATALOGUE: dict[str, CodeInfo] = {
    # -- reading the file -------------------------------------------------------------
    "file-not-found": _c("read", "error", "File not found", "The path names no file."),
    "file-unreadable": _c(
        "read",
        "error",
        "File unreadable",
        "The file exists but could not be read (a folder, no permission, an I/O error).",
    ),
    "file-name": _c(
        "read",
        "warning",
        "Unusual file name",
        "The file name ends neither in `.plotdoc` nor in `.plotdoc.json`; it is read anyway.",
    ),
    # -- 1. size ----------------------------------------------------------------------
    "file-too-large": _c(
        "size",
        "error",
        "File too large",
        "The file is larger than 50 MB (52,428,800 bytes); it is refused before it is read whole.",
    ),
    # -- 2. encoding ------------------------------------------------------------------
    "invalid-utf8": _c(
        "encoding",
        "error",
        "Not UTF-8",
        "The bytes are not strict UTF-8 (a UTF-16 or UTF-32 file, a Latin-1 byte, an "
        "overlong form or an encoded surrogate). The byte offset of the first bad byte is given.",
    ),
    # -- 3. JSON ----------------------------------------------------------------------
    "json-syntax": _c(
        "json",
        "error",
        "JSON syntax error",
        "The text is not one RFC 8259 JSON value (trailing commas, comments, single quotes, "
        "NaN or Infinity, a control character in a string, text after the value...).",
    ),
    "json-number-out-of-range": _c(
        "json",
        "error",
        "Number out of range",
        "A number is too large to be represented as a finite double (such as 1e400).",
    ),
    "json-lone-surrogate": _c(
        "json",
        "error",
        "Lone surrogate escape",
        "A string escape names half of a UTF-16 surrogate pair (such as \\ud800) without "
        "its other half; such a string cannot be represented in UTF-8.",
    ),
    "json-too-deep": _c(
        "json",
        "error",
        "Nesting too deep",
        "Arrays and objects nest deeper than any plotdoc document can (the limit is 1,024 levels).",
    ),
    "json-duplicate-key": _c(
        "json",
        "error",
        "Duplicate key",
        "One object holds the same key twice; which value was meant cannot be decided.",
    ),
    "not-an-object": _c(
        "envelope",
        "error",
        "Not a JSON object",
        "The document is valid JSON but not an object, so it cannot be a plotdoc project.",
    ),
    # -- 4. envelope ------------------------------------------------------------------
    "format-missing": _c(
        "envelope",
        "error",
        "No format",
        "The root object has no `format` key.",
    ),
    "format-mismatch": _c(
        "envelope",
        "error",
        "Not a plotdoc project",
        "The `format` key is not the string `plotdoc-project`.",
    ),
    "schema-version-missing": _c(
        "envelope",
        "error",
        "No schema version",
        "The root object has no `schemaVersion` key.",
    ),
    "schema-version-invalid": _c(
        "envelope",
        "error",
        "Invalid schema version",
        "`schemaVersion` is not a positive integer.",
    ),
    # -- 5. version gate --------------------------------------------------------------
    "schema-version-newer": _c(
        "version",
        "error",
        "Written by a newer plotdoc",
        "The file's `schemaVersion` is newer than this reader supports; upgrade plotdoc to "
        "open it. Nothing is guessed or dropped.",
    ),
    # -- 6. forbidden keys ------------------------------------------------------------
    "forbidden-key": _c(
        "forbidden-keys",
        "error",
        "Forbidden key",
        "A key named `__proto__`, `constructor` or `prototype` appears somewhere in the "
        "document (usermeta included); such keys are refused everywhere.",
    ),
    # -- 7. migration -----------------------------------------------------------------
    "migration-failed": _c(
        "migration",
        "error",
        "Migration failed",
        "A migration step from an older schema version could not convert the document.",
    ),
    # -- 8. structure -----------------------------------------------------------------
    "unknown-key": _c(
        "structure",
        "error",
        "Unknown key",
        "A key that the schema does not define; the path points at the key itself.",
    ),
    "missing-key": _c("structure", "error", "Missing key", "A required key is absent."),
    "wrong-type": _c(
        "structure",
        "error",
        "Wrong type",
        "A value has the wrong JSON type (a string where a number is expected, ...).",
    ),
    "not-in-enum": _c(
        "structure",
        "error",
        "Not an allowed value",
        "A string is not one of the values the field allows.",
    ),
    "unknown-variant": _c(
        "structure",
        "error",
        "Unknown graph variant",
        "`graph.variantId` is not one of the 64 variant ids.",
    ),
    "wrong-constant": _c(
        "structure",
        "error",
        "Wrong constant",
        "A field that must hold one fixed value holds another.",
    ),
    "out-of-range": _c(
        "structure",
        "error",
        "Number out of range",
        "A number is below the minimum or above the maximum the field allows, or not an "
        "integer where one is required.",
    ),
    "string-too-long": _c(
        "structure",
        "error",
        "String too long",
        "A string is longer than its field allows.",
    ),
    "string-too-short": _c(
        "structure",
        "error",
        "String too short",
        "A string is shorter than its field allows (an empty id or data set name).",
    ),
    "string-pattern": _c(
        "structure",
        "error",
        "Badly formed string",
        "A string does not have the form its field needs (a colour `#rrggbb`, a timestamp, "
        "a data set index key).",
    ),
    "too-many-items": _c(
        "structure",
        "error",
        "Too many items",
        "An array has more items than allowed (tables, data sets, rows, annotations...).",
    ),
    "too-few-items": _c(
        "structure",
        "error",
        "Too few items",
        "An array has fewer items than required (a table with no data set).",
    ),
    "no-match": _c(
        "structure",
        "error",
        "No alternative matches",
        "The value matches none of the shapes the field allows (an annotation with an "
        "unknown `type`, a colour that is neither `theme` nor `{hex, alpha}`).",
    ),
    "too-many-problems": _c(
        "structure",
        "error",
        "Too many problems",
        "Open and validate stopped listing errors after the first 100 (structural or "
        "semantic, such as a text cell in every cell of a column table); the count of the "
        "rest is given.",
    ),
    # -- 9. semantics: errors ---------------------------------------------------------
    "invalid-timestamp": _c(
        "semantic",
        "error",
        "Invalid date",
        "A timestamp names a date or time that does not exist (31 April, 29 February in a "
        "common year, hour 24).",
    ),
    "usermeta-too-large": _c(
        "semantic",
        "error",
        "usermeta too large",
        "A `usermeta` object serialises to more than 64 KB (65,536 bytes of compact UTF-8 JSON).",
    ),
    "usermeta-too-deep": _c(
        "semantic",
        "error",
        "usermeta nested too deeply",
        "A `usermeta` object nests arrays and objects too deeply to be saved again (254 levels "
        "counted from the document's root).",
    ),
    "duplicate-table-id": _c(
        "semantic",
        "error",
        "Duplicate table id",
        "Two tables have the same `id`.",
    ),
    "duplicate-analysis-id": _c(
        "semantic",
        "error",
        "Duplicate analysis id",
        "Two analyses of one table have the same `id`.",
    ),
    "duplicate-annotation-id": _c(
        "semantic",
        "error",
        "Duplicate annotation id",
        "Two annotations of one table have the same `id`.",
    ),
    "duplicate-data-set-name": _c(
        "semantic",
        "error",
        "Duplicate data set name",
        "Two data sets of one table have the same `name`.",
    ),
    "duplicate-data-set-id": _c(
        "semantic",
        "error",
        "Duplicate data set id",
        "Two data sets of one table have the same `id` (schema version 2).",
    ),
    "dangling-source-table": _c(
        "semantic",
        "error",
        "Unknown source table",
        "`derivedFrom.sourceTableId` names no table with that explicit id.",
    ),
    "dangling-analysis": _c(
        "semantic",
        "error",
        "Unknown source analysis",
        "`derivedFrom.analysisId` names no analysis of the source table.",
    ),
    "analysis-makes-no-table": _c(
        "semantic",
        "error",
        "Analysis produces no table",
        "`derivedFrom` names an analysis whose method does not produce a results table "
        "(only `frequencyDistribution` and `correlationMatrix` do).",
    ),
    "derived-table-self": _c(
        "semantic",
        "error",
        "Results table derived from itself or another results table",
        "`derivedFrom.sourceTableId` names the table itself or another results table.",
    ),
    "derived-table-has-data": _c(
        "semantic",
        "error",
        "Results table with data",
        "A results table (`derivedFrom`) carries `dataSets`, `x`, `rowLabels` or "
        "`variableTypes`; its content is recomputed on open.",
    ),
    "derived-table-family": _c(
        "semantic",
        "error",
        "Results table of the wrong family",
        "A results table must have the family the analysis produces (`grouped`).",
    ),
    "dangling-active-table": _c(
        "semantic",
        "error",
        "Unknown active table",
        "`view.activeTableId` names no table with that explicit id.",
    ),
    "replicates-invalid": _c(
        "semantic",
        "error",
        "Replicate count invalid for the family",
        "`replicates` must be 1 for column, contingency, survival, partsOfWhole and "
        "multipleVariables tables, at least 2 for nested tables, and 3 (mean, SD or SEM, N) "
        "for a table whose `entry` is summary data.",
    ),
    "entry-not-allowed": _c(
        "semantic",
        "error",
        "Summary entry not allowed for the family",
        "`entry` `meanSdN` or `meanSemN` (rows of mean, SD or SEM, and N) is allowed for "
        "column, grouped and xy tables only, and not for a results table (`derivedFrom`).",
    ),
    "summary-n-invalid": _c(
        "semantic",
        "error",
        "N of a summary row invalid",
        "The third number of a summary row (`[mean, sd-or-sem, n]`) must be a whole number of "
        "at least 1, or null.",
    ),
    "summary-spread-negative": _c(
        "semantic",
        "error",
        "Negative SD or SEM",
        "The second number of a summary row (`[mean, sd-or-sem, n]`) is an SD or SEM and cannot "
        "be negative.",
    ),
    "summary-rows-too-many": _c(
        "semantic",
        "error",
        "More than one summary row in a column table",
        "A column table entered as mean, SD or SEM, and N holds one row `[mean, sd-or-sem, n]` "
        "per data set.",
    ),
    "summary-needs-values": _c(
        "semantic",
        "error",
        "Graph needs raw values",
        "The graph draws something only raw values give (every value, a box, a violin, a "
        "median, quartiles, a range, a geometric mean), and the table holds mean, SD or SEM, "
        "and N. Choose a variant and mode that draw the mean with SD, SEM or a CI.",
    ),
    "x-not-allowed": _c(
        "semantic",
        "error",
        "X values not allowed",
        "Only `xy` and `survival` tables have an `x` column.",
    ),
    "variable-types-not-allowed": _c(
        "semantic",
        "error",
        "variableTypes not allowed",
        "`variableTypes` belongs to `multipleVariables` tables only.",
    ),
    "variable-type-unknown-name": _c(
        "semantic",
        "warning",
        "variableTypes names no data set",
        "A `variableTypes` key matches no data set (its id; its name in a version 1 file); it is ignored.",
    ),
    "variant-family-mismatch": _c(
        "semantic",
        "error",
        "Variant of another family",
        "`graph.variantId` belongs to another table family.",
    ),
    "plot-family-mismatch": _c(
        "semantic",
        "error",
        "Plot family mismatch",
        "`graph.plot.family` differs from the table's `format`.",
    ),
    "variant-unavailable": _c(
        "semantic",
        "error",
        "Variant unavailable for the replicate count",
        "The graph variant needs another replicate count (for example `xy-points-error` "
        "needs more than one replicate).",
    ),
    "plot-required": _c(
        "semantic",
        "error",
        "Plot required",
        "A `multipleVariables` graph needs `plot` with `kind` and `mapping`.",
    ),
    "plot-kind-mismatch": _c(
        "semantic",
        "error",
        "Plot kind does not match the variant",
        "`plot.options.kind` must be `bubble` for `mv-bubble`, `scatter` for `mv-scatter`, "
        "`volcano` for `mv-volcano` and `forest` for `mv-forest`.",
    ),
    "mapping-incomplete": _c(
        "semantic",
        "error",
        "Incomplete variable mapping",
        "A role that the plot kind requires is unmapped, or a mapped index names no data set.",
    ),
    "analysis-unavailable": _c(
        "semantic",
        "error",
        "Analysis unavailable for the family",
        "The analysis method cannot run on this table family.",
    ),
    "analysis-group-unknown": _c(
        "semantic",
        "warning",
        "t test group names no data set",
        "`groupA` or `groupB` names no data set; the analysis reports it as not computable.",
    ),
    "log-x-looks-like-concentrations": _c(
        "semantic",
        "warning",
        "A log-dose fit of X that looks like concentrations",
        "A `nonlinearRegression` with model `logX` reads X as log10 of the dose, but every X "
        "is above 0 and the largest is at least 100 times the smallest: X looks like "
        "concentrations. Take log10 of X or use model `linearX`; the fit runs as asked.",
    ),
    "text-cell": _c(
        "semantic",
        "error",
        "Text in a numeric table",
        "A cell holds text that is not a number; text cells are allowed only in "
        "`multipleVariables` tables.",
    ),
    "non-finite-cell": _c(
        "semantic",
        "error",
        "Non-finite number",
        "A numeric-looking string cell spells NaN or an infinity, which plotdoc refuses.",
    ),
    "integer-not-exact": _c(
        "semantic",
        "warning",
        "Integer a cell cannot hold exactly",
        "A cell or x value is an integer beyond 2^53 in magnitude; cells are doubles, so it is "
        "read as the nearest double (9007199254740993 as 9007199254740992.0), and a save "
        "writes that number. The message gives both.",
    ),
    "row-too-wide": _c(
        "semantic",
        "error",
        "Row wider than replicates",
        "A row has more cells than the table's `replicates`.",
    ),
    "rows-too-many": _c(
        "import",
        "error",
        "Too many rows",
        "An imported table would have more than 200,000 rows (in a document the structural "
        "stage refuses any longer array first, as too-many-items).",
    ),
    "cells-too-many": _c(
        "semantic",
        "error",
        "Too many cells",
        "The project holds more than 2,000,000 cells in total (rows × replicates × data sets, "
        "summed over tables).",
    ),
    "annotation-group-out-of-range": _c(
        "semantic",
        "warning",
        "Bracket anchor names no data set",
        "A bracket anchor's `groupIndex` is past the last plotted data set; the anchor is "
        "drawn at the last one.",
    ),
    "bracket-analysis-unknown": _c(
        "semantic",
        "warning",
        "Bracket follows no analysis",
        "A bracket's `analysisId` names no analysis of its table; the bracket is drawn without "
        "a label.",
    ),
    "bracket-analysis-compares-nothing": _c(
        "semantic",
        "warning",
        "Bracket follows an analysis that compares nothing",
        "A bracket's `analysisId` names an analysis whose method compares no pairs of data "
        "sets (a regression, a frequency distribution); the bracket is drawn without a label.",
    ),
    "bracket-anchor-not-compared": _c(
        "semantic",
        "warning",
        "Bracket joins data sets its analysis does not compare",
        "A bracket that follows an analysis has a free anchor, or an anchor on a data set the "
        "analysis does not read (a t test's `groupA` and `groupB`); the bracket is drawn "
        "without a label.",
    ),
    # -- 9. semantics: warnings -------------------------------------------------------
    "annotation-off-log-axis": _c(
        "semantic",
        "warning",
        "Annotation position a log axis cannot show",
        "A text or shape annotation placed in data units (`coordinates: data`, version 2) has "
        "an x or y of 0 or below on an axis the graph draws log; the annotation is not drawn "
        "(the rest of the graph is).",
    ),
    "unmatched-data-set-key": _c(
        "semantic",
        "warning",
        "Key matches no data set",
        "A style, visibility, activation or legend key names no data set of the table "
        "(by name or index), or is a semantic key (`volcano:up`) the graph's variant does not "
        "draw; it is ignored. A parts-of-whole `dataSetIndex` past the last data set is "
        "replaced by 0.",
    ),
    "survival-code-ignored": _c(
        "semantic",
        "warning",
        "Survival cell ignored",
        "A survival table's cell is neither 1 (event), 0 (censored) nor missing; it is read as "
        "missing.",
    ),
    "mode-not-offered": _c(
        "semantic",
        "warning",
        "Plot mode not offered by the variant",
        "The variant does not offer the plot `mode`; the variant's default mode is used.",
    ),
    # -- importers --------------------------------------------------------------------
    "import-syntax": _c(
        "import",
        "error",
        "Unreadable import file",
        "The file to import is not well-formed (bad XML, bad CSV quoting, no header).",
    ),
    "import-unsafe-xml": _c(
        "import",
        "error",
        "Unsafe XML",
        "The XML declares entities or a document type; plotdoc refuses to expand them.",
    ),
    "import-bad-number": _c(
        "import",
        "error",
        "Not a number",
        "A cell of an imported file should hold a number but holds other text.",
    ),
    "import-unsupported": _c(
        "import",
        "warning",
        "Not imported",
        "Part of the imported file has no plotdoc equivalent (a Prism graph, analysis, "
        "layout or info sheet); it is listed and skipped.",
    ),
    "import-converted": _c(
        "import",
        "warning",
        "Converted on import",
        "A value was converted on import as documented (comma decimals, error formats kept "
        "as separate data sets, excluded values dropped).",
    ),
    # -- exporters --------------------------------------------------------------------
    "export-not-written": _c(
        "export",
        "warning",
        "Not exported",
        "Part of the project has no place in the exported file (a graph, analysis or "
        "annotation in a Prism file); it is listed and left out.",
    ),
    # -- builder ----------------------------------------------------------------------
    "builder-invalid": _c(
        "builder",
        "error",
        "Invalid builder call",
        "A builder call was given a value that cannot be used (an unknown family, rows of "
        "the wrong shape, a name already in use).",
    ),
    # -- drawing ----------------------------------------------------------------------
    "render-failed": _c(
        "render",
        "error",
        "Graph not drawn",
        "One table's graph could not be drawn; the other graphs of the file are drawn and "
        "`plotdoc render` exits 1.",
    ),
    "render-value-hidden": _c(
        "render",
        "warning",
        "Values not shown",
        "A graph was drawn, but some values could not be shown in it: values of zero or below "
        "on a log axis (the graph says nothing about them), or heat-map cell values asked for "
        "that do not fit their cells even at the smallest font (none is written).",
    ),
    "render-labels-thinned": _c(
        "render",
        "warning",
        "Category labels thinned",
        "A category axis has more labels than fit side by side; one in every few is drawn "
        "(the first and the last always) and the others are left out.",
    ),
    "render-capped": _c(
        "render",
        "warning",
        "Drawing bound reached",
        "Something the file asks for is past a drawing bound (point labels, annotation text, "
        'canvas pixels, sizes; docs/reliability.md, "Drawing bounds"); it is drawn at the '
        "bound and the message says what was asked and what was drawn.",
    ),
    "render-analysis-not-drawn": _c(
        "render",
        "warning",
        "Analysis not drawn",
        "A graph was drawn without the line or curve of one of its table's analyses (or "
        "without its band): the fit failed (did not converge, too few values) or the analysis "
        "is over its budget; the message names the analysis, the data set and the reason.",
    ),
    "render-reference-not-drawn": _c(
        "render",
        "warning",
        "Reference line not drawn",
        "A reference line (`axesOverrides.<axis>.referenceLines`) the graph cannot show: the "
        "graph has no such axis, a log axis cannot show its value, or the value is outside "
        "the axis range. The rest of the graph is drawn.",
    ),
    "render-ambiguous": _c(
        "render",
        "warning",
        "Figure may be misread",
        "A graph was drawn as the file asks, but a reader may misread it: data sets that look "
        "alike in the legend, a colour that nearly vanishes on the background, stacked "
        "proportions on a log axis, a fitted curve the data do not determine (an ambiguous "
        "fit); the message says what and how to tell them apart.",
    ),
    "render-too-small": _c(
        "render",
        "warning",
        "Too small to print",
        "A graph drawn at a print width (`--width 85mm`) has text below 6 pt or lines below "
        "0.25 pt at that size; the message says how small and what to change.",
    ),
    # -- editor -----------------------------------------------------------------------
    "edit-invalid": _c(
        "editor",
        "error",
        "Edit refused",
        "An edit names something that does not exist or cannot be changed (an unknown table, "
        "a results table's cells, a row past the end); the project is left as it was.",
    ),
    # -- writer -----------------------------------------------------------------------
    "version-1-unfit": _c(
        "save",
        "error",
        "Does not fit in version 1",
        "Writing schema version 1 was asked for, and the project holds something version 1 "
        "cannot (a data set id it cannot restore, summary data, reference lines, annotations "
        "placed in data units, a bracket that follows an analysis, an analysis method or a "
        "parameter it does not have, such as a P value style other than GraphPad's); nothing "
        "is written. Save in the current version instead.",
    ),
    "schema-version-unwritable": _c(
        "save",
        "error",
        "Schema version not written",
        "Writing was asked for in a schema version plotdoc does not write.",
    ),
    "save-failed": _c(
        "save",
        "error",
        "Save failed",
        "The file could not be written; the previous file is left intact.",
    ),
    "non-finite-number": _c(
        "save",
        "error",
        "Non-finite number in the project",
        "A value set through the Python API is NaN or an infinity where JSON needs a finite "
        "number (an infinite cell, NaN in usermeta or a setting); the save is refused.",
    ),
    "number-not-exact": _c(
        "save",
        "error",
        "Number a file cannot hold exactly",
        "An integer would be read back as another number: a cell beyond 2^53 in magnitude "
        "(cells are doubles), or an integer outside -2^63..2^64-1 anywhere else.",
    ),
    "not-json-value": _c(
        "save",
        "error",
        "Value JSON cannot hold",
        "A value set through the Python API has no JSON form (a set, bytes, an object key "
        "that is not a string, text cells of another shape than the values).",
    ),
}


def problem_lines(
    name: str, problems: Sequence[Problem], omitted: int = 0, omitted_warnings: int = 0
) -> list[str]:
    """Problems as `plotdoc validate` prints them: ``NAME: severity PATH [code]: message``.

    ``omitted`` counts problems past those listed, ``omitted_warnings`` warnings past the cap.
    """
    lines = []
    for p in problems:
        where = p.where or "(document)"
        pos = f" ({p.position})" if p.position else ""
        lines.append(f"{name}: {p.severity} {where} [{p.code}]: {p.message}{pos}")
    if omitted:
        lines.append(f"{name}: ... {omitted} more problem(s) not listed")
    if omitted_warnings:
        lines.append(f"{name}: … and {omitted_warnings:,} more warnings")
    return lines


def report_lines(name: str, report: Report) -> list[str]:
    """What `plotdoc validate` prints for ``report``: every problem, then ``NAME: ok`` (with
    the count of warnings) when nothing was refused."""
    lines = problem_lines(name, report.problems, report.omitted, report.omitted_warnings)
    if report.ok:
        count = len(report.warnings) + report.omitted_warnings
        lines.append(f"{name}: ok" + (f" ({count:,} warning(s))" if count else ""))
    return lines
