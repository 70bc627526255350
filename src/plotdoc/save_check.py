"""Check a document before it is saved, with the checks and codes of open.

The writer builds the complete document of a project (:func:`plotdoc.writer.to_document`);
before a byte is written, this module runs over it the open pipeline's own forbidden-key,
structure and semantic stages, so whatever save writes, open accepts. Two checks come first,
for what open never sees because a file cannot hold it: a number JSON cannot hold (NaN or an
infinity anywhere but a missing cell, an integer beyond what is read back exactly) and a value
that is not JSON at all (a set, bytes, a key that is not a string). A value that stands for a
JSON value is written as that value: a numpy scalar, a tuple, a dict subclass, an
``enum.Enum`` member (its value) and a ``uuid.UUID`` (its text).

Cells stay arrays: a data set's numeric array is summarised for the structure stage (its row
widths and cell types) and handed to the semantic stage as the block the reader would have
built, so checking two million cells costs a few array passes, not a parse. Anything else (text
cells, an array of the wrong shape, a list set by code) is turned into rows and checked as open
checks rows read from a file.
"""

from __future__ import annotations

import enum
import math
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import orjson
from numpy.typing import NDArray

from .contract.limits import (
    FORBIDDEN_KEYS,
    MAX_EXACT_CELL_INT,
    MAX_LISTED_PROBLEMS,
    MAX_REPLICATES,
)
from .contract.site import CURRENT_VERSION
from .problems import Path, PlotdocError, Problem, error, excerpt
from .reader.cells import CellBlock, FlatRows
from .reader.context import Context
from .reader.forbidden import check_forbidden
from .reader.parse import names_forbidden
from .reader.semantics import MAX_WRITABLE_DEPTH, check_semantics
from .reader.structure import check_structure

#: Integers elsewhere: what orjson writes and reads back as the same integer.
MIN_JSON_INT = -(2**63)
MAX_JSON_INT = 2**64 - 1

_FLOAT_CELL_TYPES = frozenset({float})


@dataclass
class CellColumn:
    """One place of the document that holds cells: a data set's `values` or a table's `x`."""

    #: the dict of the document holding the cells, and its key ("values" or "x")
    holder: dict[str, Any]
    key: str
    path: Path
    #: the cells as one float64 array (fast path), or None when ``rows`` holds them
    array: NDArray[np.float64] | None = None
    #: the cells as JSON rows (text cells, or a shape the fast path does not take)
    rows: Any = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def is_x(self) -> bool:
        return self.key == "x"


def cell_columns(doc: dict[str, Any]) -> list[CellColumn]:
    """Every place of ``doc`` that holds cells, each converted for the checks and the layout."""
    out: list[CellColumn] = []
    for t, table in enumerate(doc["tables"]):
        path: Path = ("tables", t)
        if "x" in table:
            out.append(_column(table, "x", (*path, "x"), 1))
        for d, ds in enumerate(table.get("dataSets") or ()):
            out.append(_column(ds, "values", (*path, "dataSets", d, "values"), 2))
    return out


def _column(holder: dict[str, Any], key: str, path: Path, ndim: int) -> CellColumn:
    value = holder[key]
    col = CellColumn(holder, key, path)
    if isinstance(value, tuple):  # a row of text cells merged by the writer
        value = list(value)
    if not isinstance(value, np.ndarray):
        col.rows = value
        return col
    fast = value.ndim == ndim and value.dtype.kind in "fiu"
    if fast and ndim == 2:
        fast = value.shape[1] <= MAX_REPLICATES
    if not fast:
        col.rows = value.tolist()
        return col
    if value.dtype.kind in "iu":
        big = np.abs(value.astype(np.float64)) > MAX_EXACT_CELL_INT
        for where in np.argwhere(big)[:10].tolist():
            col.problems.append(
                error(
                    "number-not-exact",
                    (*path, *where),
                    f"expected a number a double holds exactly (an integer of at most 2^53 in "
                    f"magnitude); found {int(value[tuple(where)])}, which would be read back as "
                    f"{float(value[tuple(where)])!r}",
                )
            )
    array = value.astype(np.float64, copy=False)
    for where in np.argwhere(np.isinf(array))[:10].tolist():
        col.problems.append(
            error(
                "non-finite-number",
                (*path, *where),
                f"expected a finite number or a missing cell (NaN); found {array[tuple(where)]!r}",
            )
        )
    col.array = array
    return col


# -- values that a JSON file cannot hold --------------------------------------------------


def unsaveable(doc: Any, ctx: Context) -> tuple[list[Problem], int]:
    """Numbers and values JSON cannot hold exactly, with their paths (the first 100 listed,
    the rest counted); forbidden keys are noted in ``ctx.forbidden`` for the reader's stage."""
    found: list[Problem] = []
    omitted = 0
    for problem in _walk(doc, ctx):
        if len(found) < MAX_LISTED_PROBLEMS:
            found.append(problem)
        else:
            omitted += 1
    return found, omitted


def _walk(doc: Any, ctx: Context) -> Iterator[Problem]:
    stack: list[tuple[Any, Path]] = [(doc, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            items: Any = node.items()
        elif isinstance(node, np.ndarray):
            yield from _array(node, path)
            continue
        else:
            items = enumerate(node)
        for key, value in items:
            if isinstance(node, dict) and not isinstance(key, str):
                yield error(
                    "not-json-value",
                    path,
                    f"expected an object whose keys are strings; found the key {key!r} "
                    f"({type(key).__name__})",
                )
                continue
            if isinstance(key, str) and key in FORBIDDEN_KEYS:
                ctx.forbidden.append((*path, key))
            while isinstance(value, enum.Enum):  # written as its value (as orjson writes it)
                value = value.value
            if value is None or isinstance(value, (str, bool, uuid.UUID)):
                continue
            vpath = (*path, key)
            if isinstance(value, float):
                if not math.isfinite(value):
                    yield _non_finite(value, vpath)
            elif isinstance(value, int):
                if not MIN_JSON_INT <= value <= MAX_JSON_INT:
                    yield _big_int(value, vpath)
            elif isinstance(value, (dict, list, tuple, np.ndarray)):
                if len(vpath) + 1 > MAX_WRITABLE_DEPTH:
                    yield error(
                        "usermeta-too-deep" if "usermeta" in vpath else "not-json-value",
                        vpath,
                        f"expected at most {MAX_WRITABLE_DEPTH} levels of nested arrays and "
                        "objects in the document (deeper cannot be saved); found deeper nesting",
                    )
                else:
                    stack.append((value, vpath))
            elif isinstance(value, np.generic):
                yield from _numpy_scalar(value, vpath)
            else:
                yield error(
                    "not-json-value",
                    vpath,
                    f"expected a JSON value (an object, array, string, number, true, false or "
                    f"null); found {excerpt(value)} ({type(value).__name__})",
                )


def _read_back(doc: dict[str, Any]) -> Any:
    """``doc`` as open will read it, when that is ``doc`` itself; otherwise None.

    Serialised and read back in C, a document equal to what it reads back holds nothing the
    walk of :func:`unsaveable` refuses: orjson refuses a key that is not a string, an integer
    beyond 64 bits, a value of another type and nesting past :data:`MAX_WRITABLE_DEPTH`; it
    writes NaN and the infinities as null, which compares unequal, and a tuple or a numpy
    array reads back as a list, which compares unequal (or cannot be compared). A forbidden
    key's name anywhere in the text sends the document to the walk too, which notes where.
    """
    try:
        written = orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY)
    except (TypeError, orjson.JSONEncodeError):
        return None
    if names_forbidden(written):
        return None
    tree = orjson.loads(written)
    try:
        same = bool(tree == doc)
    except (TypeError, ValueError):  # a numpy array compared with a list
        return None
    return tree if same else None


def _non_finite(value: float, path: Path) -> Problem:
    return error(
        "non-finite-number",
        path,
        f"expected a finite number; found {value!r} (JSON has no NaN or infinity)",
    )


def _big_int(value: int, path: Path) -> Problem:
    return error(
        "number-not-exact",
        path,
        f"expected an integer from -2^63 to 2^64-1 (what a file holds exactly); found {excerpt(value)}",
    )


def _numpy_scalar(value: np.generic, path: Path) -> Iterator[Problem]:
    if isinstance(value, np.floating):
        if not math.isfinite(float(value)):
            yield _non_finite(float(value), path)
    elif isinstance(value, np.integer):
        if not MIN_JSON_INT <= int(value) <= MAX_JSON_INT:
            yield _big_int(int(value), path)
    elif not isinstance(value, np.bool_):
        yield error(
            "not-json-value",
            path,
            f"expected a JSON value; found a numpy {value.dtype} value",
        )


def _array(array: NDArray[Any], path: Path) -> Iterator[Problem]:
    """A numpy array outside the cells (usermeta set by code): written as nested arrays."""
    if array.dtype.kind == "f":
        bad = np.argwhere(~np.isfinite(array))
        if bad.size:
            where = tuple(bad[0].tolist())
            yield _non_finite(float(array[where]), (*path, *where))
    elif array.dtype.kind not in "iub":
        yield error(
            "not-json-value",
            path,
            f"expected a JSON value; found a numpy array of {array.dtype}",
        )


# -- the reader's stages over the document ------------------------------------------------


def run_checks(tree: dict[str, Any], columns: list[CellColumn], ctx: Context) -> list[Problem]:
    """Run the reader's forbidden-key, structure and semantic stages over ``tree``.

    ``tree`` is the document as a file would hold it (re-read from its JSON, cells apart);
    the cells of each fast-path column are given to the stages as the reader's own summaries.
    """
    ctx.tree = tree
    for col, placeholder in zip(columns, _placeholders(tree, columns), strict=True):
        if col.array is None or col.is_x:  # an x stand-in needs no summary
            continue
        n, width = col.array.shape
        widths = np.full(n, width, dtype=np.intp)
        ctx.flat[id(placeholder)] = FlatRows([], _FLOAT_CELL_TYPES, widths)
        ctx.blocks[id(placeholder)] = CellBlock(col.array, widths)
    problems: list[Problem] = []
    for stage in (check_forbidden, check_structure):
        problems.extend(stage(ctx))
        if any(p.severity == "error" for p in problems):
            return problems
    if ctx.version == CURRENT_VERSION:  # an older version's document is written from a checked one
        problems.extend(check_semantics(ctx))
    return problems


def _placeholders(tree: dict[str, Any], columns: list[CellColumn]) -> Iterator[Any]:
    """Put each fast-path column's stand-in into ``tree``: a list of the right length whose
    rows the structure stage does not open (their summary is given instead)."""
    empty: list[Any] = []
    for col in columns:
        node: Any = tree
        for part in col.path[:-1]:
            node = node[part]
        if col.array is None:
            yield node[col.path[-1]]
            continue
        n = col.array.shape[0]
        placeholder: list[Any] = [0.0] * n if col.is_x else [empty] * n
        node[col.path[-1]] = placeholder
        yield placeholder


@dataclass
class Checked:
    """What the check of a document gives the writer."""

    #: every place holding cells, converted for the layout
    columns: list[CellColumn]
    #: the cell count of each table checked, by the table's index
    cells: dict[int, int]


def check_document(doc: dict[str, Any], known: dict[int, int] | None = None) -> Checked:
    """Check ``doc`` (the writer's document) as open would check its file; raise
    :class:`PlotdocError` naming every problem, or return its cell columns for the layout.

    ``known`` holds the stand-ins of tables checked before (:mod:`plotdoc.save_memo`), by
    ``id``, each to its cell count: only what is checked across tables reads them.
    """
    ctx = Context(data=b"", version=doc.get("schemaVersion", CURRENT_VERSION), notices=False)
    columns = cell_columns(doc)
    problems = [p for col in columns for p in col.problems]
    tokens = {}
    for i, col in enumerate(columns):
        if col.array is not None:
            tokens[i] = col.holder[col.key]
            col.holder[col.key] = f"cells {i}"
        else:
            col.holder[col.key] = col.rows
    try:
        tree = None if problems else _read_back(doc)
        if tree is None:  # something JSON cannot hold, or a forbidden key: found by the walk
            found, omitted = unsaveable(doc, ctx)
            problems.extend(found)
            if problems:
                raise PlotdocError(problems, omitted)
            try:
                tree = orjson.loads(orjson.dumps(doc, option=orjson.OPT_SERIALIZE_NUMPY))
            except (TypeError, orjson.JSONEncodeError) as exc:  # pragma: no cover - caught above
                raise PlotdocError(
                    [error("save-failed", (), f"could not serialise the project: {exc}")]
                ) from exc
    finally:
        for i, value in tokens.items():
            columns[i].holder[columns[i].key] = value
    if known:  # the tree read back holds new dicts: the stand-ins are known by their place
        ctx.known = {
            id(read): known[id(given)]
            for read, given in zip(tree["tables"], doc["tables"], strict=True)
            if id(given) in known
        }
    problems = run_checks(tree, columns, ctx)
    if any(p.severity == "error" for p in problems):
        raise PlotdocError(problems, ctx.omitted)
    return Checked(columns, ctx.cells)
