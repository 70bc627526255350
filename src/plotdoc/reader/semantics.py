"""Stage 9: the rules a schema cannot express (contract section 7), all reported together.

Runs on a structurally valid tree. Errors refuse the file; warnings name parts that are
ignored or replaced by defaults (the import stage applies those repairs).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice, repeat
from operator import itemgetter
from typing import Any

import orjson

from ..analyses.methods.spec import MethodSpec, Notice
from ..contract import plots as P
from ..contract.entries import SUMMARY_REPLICATES
from ..contract.families import FAMILIES
from ..contract.limits import MAX_EXACT_CELL_INT, MAX_TOTAL_CELLS, MAX_USERMETA_BYTES
from ..contract.methods import METHODS
from ..contract.variants import VARIANTS
from ..migrations.v1_to_v2 import KEY_MAPS, data_set_ids, path_get
from ..problems import Path, Problem, error, excerpt, warning
from .annotation_positions import check_positions
from .brackets import check_bracket
from .cells import CellBlock, CellFacts, parse_numeric_text, to_block
from .context import Context
from .parse import levels
from .summary_entry import check_entry, check_graph, is_summary_table

_TS = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(Z|([+-])([0-9]{2}):([0-9]{2}))"
)


def check_semantics(ctx: Context) -> Iterator[Problem]:
    doc = ctx.tree
    yield from _timestamps(doc)
    yield from _usermeta(doc.get("usermeta"), ("usermeta",))
    tables: list[dict[str, Any]] = doc["tables"]
    ids: dict[str, int] = {}
    for t, table in enumerate(tables):
        tid = table.get("id")
        if tid is None:
            continue
        if tid in ids:
            yield error(
                "duplicate-table-id",
                ("tables", t, "id"),
                f"expected a unique table id; {excerpt(tid)} is also the id of tables[{ids[tid]}]",
            )
        else:
            ids[tid] = t
    view = doc.get("view") or {}
    active = view.get("activeTableId")
    if active is not None and active not in ids:
        yield error(
            "dangling-active-table",
            ("view", "activeTableId"),
            f"expected the explicit id of a table in the file; no table has the id {excerpt(active)}",
        )
    total = 0
    known = ctx.known
    for t, table in enumerate(tables):
        if known and id(table) in known:  # checked by an earlier save, unchanged since
            total += known[id(table)]
            continue
        counted: list[int] = []
        yield from _table(ctx, table, ("tables", t), tables, ids, counted)
        ctx.cells[t] = counted[0]
        total += counted[0]
    if total > MAX_TOTAL_CELLS:
        yield error(
            "cells-too-many",
            ("tables",),
            f"expected at most {MAX_TOTAL_CELLS:,} cells in the project; found {total:,}",
        )


def _timestamps(doc: dict[str, Any]) -> Iterator[Problem]:
    for key in ("createdAt", "modifiedAt"):
        text = doc.get(key)
        if text is not None and parse_timestamp(text) is None:
            yield error(
                "invalid-timestamp",
                (key,),
                f"expected a real date and time (YYYY-MM-DDThh:mm:ss with Z or an offset); found {excerpt(text)}",
            )


def parse_timestamp(text: str) -> dt.datetime | None:
    """The instant a contract timestamp names, or None when the date or time does not exist."""
    m = _TS.fullmatch(text)
    if m is None:
        return None
    year, month, day, hour, minute, second = (int(m.group(i)) for i in range(1, 7))
    if m.group(8) == "Z":
        tz = dt.UTC
    else:
        oh, om = int(m.group(10)), int(m.group(11))
        if oh > 23 or om > 59:
            return None
        sign = -1 if m.group(9) == "-" else 1
        tz = dt.timezone(sign * dt.timedelta(hours=oh, minutes=om))
    frac = m.group(7)
    micro = int((frac[1:] + "000000")[:6]) if frac else 0
    try:
        return dt.datetime(year, month, day, hour, minute, second, micro, tzinfo=tz)
    except ValueError:
        return None


#: Survival cells other than these codes (or missing) are listed up to this many per data set.
MAX_LISTED_CELLS = 10


def _survival_codes(block: CellBlock | CellFacts, path: Path) -> Iterator[Problem]:
    """Cells of a survival table other than 1 (event), 0 (censored) or missing: ignored."""
    found = block.numbers_outside((0.0, 1.0))
    for r, c, text in block.strings:
        try:
            number = parse_numeric_text(text)
        except ValueError:
            continue
        if number is not None and number not in (0.0, 1.0):
            found.append((r, c, number))
    found.sort()
    for r, c, value in found[:MAX_LISTED_CELLS]:
        yield warning(
            "survival-code-ignored",
            (*path, r, c),
            f"expected 1 (event), 0 (censored) or null in a survival table; found "
            f"{excerpt(int(value) if value.is_integer() else value)} (read as missing)",
        )
    if len(found) > MAX_LISTED_CELLS:
        yield warning(
            "survival-code-ignored",
            path,
            f"expected 1, 0 or null in every cell; {len(found) - MAX_LISTED_CELLS} more "
            "cell(s) hold another number (read as missing)",
        )


#: orjson, which the writer uses, serialises at most this many nested arrays and objects; a
#: usermeta that nests deeper (counting the levels above it in the document) could not be saved.
MAX_WRITABLE_DEPTH = 254


def _usermeta(value: Any, path: Path) -> Iterator[Problem]:
    if value is None:
        return
    depth = _depth(value)
    if len(path) + depth > MAX_WRITABLE_DEPTH:
        yield error(
            "usermeta-too-deep",
            path,
            f"expected at most {MAX_WRITABLE_DEPTH - len(path)} levels of nested arrays and "
            f"objects (deeper cannot be saved); found {depth}",
        )
        return
    size = len(orjson.dumps(value))
    if size > MAX_USERMETA_BYTES:
        yield error(
            "usermeta-too-large",
            path,
            f"expected at most {MAX_USERMETA_BYTES:,} bytes of serialised JSON; found {size:,}",
        )


def _depth(value: Any) -> int:
    """Levels of nested arrays and objects in ``value`` (an object of scalars is 1), read a
    level at a time (a usermeta of millions of tiny arrays, refused as too large, is
    measured first)."""
    if type(value) is not dict and type(value) is not list:
        return 0
    return sum(1 for _, _, found in levels([value]) if dict in found or list in found)


def block_of(ctx: Context, rows: list[Any]) -> CellBlock:
    block = ctx.blocks.get(id(rows))
    if block is None:
        block = to_block(rows, ctx.flat.get(id(rows)))
        ctx.blocks[id(rows)] = block
    return block


#: A check that builds nothing reads the cells of a data set up to this size in plain Python
#: (no numpy import, no arrays); larger ones are converted, which is faster for them.
LIGHT_CELLS = 100_000


def _cells_of(ctx: Context, rows: list[Any]) -> CellBlock | CellFacts:
    """The cells as the semantic stage reads them: the import's arrays when the document is
    built (they are converted once, here, and shared), else plain facts for a small data set."""
    if ctx.arrays or id(rows) in ctx.blocks:
        return block_of(ctx, rows)
    flat = ctx.flat.get(id(rows))
    if (len(flat.cells) if flat is not None else len(rows)) > LIGHT_CELLS:
        return block_of(ctx, rows)
    return CellFacts.of(rows, flat)


def _table(
    ctx: Context,
    table: dict[str, Any],
    path: Path,
    tables: list[dict[str, Any]],
    ids: dict[str, int],
    counted: list[int],
) -> Iterator[Problem]:
    """The table's problems, yielded one by one (a flood of warnings is never held at once);
    its cell count is appended to ``counted``."""
    family = FAMILIES[table["format"]]
    derived = table.get("derivedFrom")
    data_sets: list[dict[str, Any]] = table.get("dataSets") or []
    if derived is not None:
        yield from _derived(table, derived, path, tables, ids)
    if "x" in table and not family.has_x:
        yield (
            error(
                "x-not-allowed",
                (*path, "x"),
                f"expected no x column in a {family.id} table (only xy and survival have one)",
            )
        )
    if "variableTypes" in table and family.id != "multipleVariables":
        yield (
            error(
                "variable-types-not-allowed",
                (*path, "variableTypes"),
                f"expected variableTypes only in multipleVariables tables; this table is {family.id}",
            )
        )
    names: dict[str, int] = {}
    for d, ds in enumerate(data_sets):
        if ds["name"] in names:
            yield (
                error(
                    "duplicate-data-set-name",
                    (*path, "dataSets", d, "name"),
                    f"expected a unique data set name; {excerpt(ds['name'])} is also dataSets[{names[ds['name']]}]",
                )
            )
        else:
            names[ds["name"]] = d
    given: dict[str, int] = {}
    for d, ds in enumerate(data_sets):
        did = ds.get("id")
        if did is None:
            continue
        if did in given:
            yield error(
                "duplicate-data-set-id",
                (*path, "dataSets", d, "id"),
                f"expected a unique data set id; {excerpt(did)} is also dataSets[{given[did]}]",
            )
        else:
            given[did] = d
    set_ids = frozenset(_ids_of(data_sets))
    for name in table.get("variableTypes") or {}:
        if name not in set_ids and family.id == "multipleVariables":
            if ctx.warnings_full:
                ctx.omit_warnings("variable-type-unknown-name", (*path, "variableTypes"), [name])
                continue
            yield (
                warning(
                    "variable-type-unknown-name",
                    (*path, "variableTypes", name),
                    f"expected the id of a data set; no data set has the id {excerpt(name)} (ignored)",
                )
            )

    # cells: text, numeric text, widths
    blocks = [_cells_of(ctx, ds["values"]) for ds in data_sets]
    widest = max((b.width for b in blocks), default=0)
    explicit = table.get("replicates")
    summary = is_summary_table(table)
    yield from check_entry(table, path)
    if summary:  # three numbers a row (check_entry reports another count)
        replicates = SUMMARY_REPLICATES
    else:
        replicates = explicit if explicit is not None else max(widest, family.min_replicates)
    replicates = int(replicates)
    if not summary and not family.replicates_ok(replicates):
        rule = "exactly 1" if family.replicate_rule == "fixed-1" else "at least 2"
        where = (*path, "replicates") if explicit is not None else path
        yield (
            error(
                "replicates-invalid",
                where,
                f"expected {rule} replicate(s) for a {family.id} table; found {replicates}"
                + ("" if explicit is not None else " (inferred from the widest row)"),
            )
        )
    for d, block in enumerate(blocks):
        vpath = (*path, "dataSets", d, "values")
        if (explicit is not None or summary) and block.width > replicates:
            for r, cells in block.wide_rows(replicates, 10):
                yield (
                    error(
                        "row-too-wide",
                        (*vpath, r),
                        f"expected at most {replicates} cell(s) (replicates); found {cells}",
                    )
                )
        if family.id == "survival":
            yield from _survival_codes(block, vpath)
        exact = _exact_rows(ctx, vpath)
        found = (
            block.inexact_integers() if exact is None else CellFacts.of(exact).inexact_integers()
        )
        yield from _inexact_integers(ctx, *found, vpath)
        # text is data in multipleVariables tables; elsewhere a string must spell a number
        strings = [] if family.allows_text else block.strings
        for i, (r, c, text) in enumerate(strings):
            if ctx.errors_full:  # the rest are counted, no message built
                ctx.omitted += _count_not_numbers(strings, i)
                break
            try:
                number = parse_numeric_text(text)
            except ValueError:
                yield (
                    error(
                        "non-finite-cell",
                        (*vpath, r, c),
                        f"expected a finite number; found the text {excerpt(text)}",
                    )
                )
                continue
            if number is None and not family.allows_text:
                yield (
                    error(
                        "text-cell",
                        (*vpath, r, c),
                        f"expected a number or null in a {family.id} table (text only in multipleVariables); found {excerpt(text)}",
                    )
                )
    x = _exact_rows(ctx, (*path, "x")) or table.get("x") or ()
    big_x = [
        (r, 0, v)
        for r, v in enumerate(x)
        if type(v) is int and not -MAX_EXACT_CELL_INT <= v <= MAX_EXACT_CELL_INT
    ]
    yield from _inexact_integers(ctx, [(r, 0, v) for r, _, v in big_x], len(big_x), (*path, "x"))
    rows = row_count(table, blocks)
    counted.append(rows * replicates * len(data_sets))

    graph = table.get("graph")
    if graph is not None and summary:
        yield from check_graph(table, graph, (*path, "graph"))
    if graph is not None:
        yield from (
            _graph(
                ctx, graph, (*path, "graph"), family.id, replicates, data_sets, derived is not None
            )
        )
    analyses = table.get("analyses") or []
    if analyses and not _analyses_plain(analyses, family.id, set_ids):
        yield from _analysis_problems(analyses, path, family.id, set_ids, table)
    elif analyses and ctx.notices:  # a project may have 40,000 analyses: see _table_notices
        yield from _table_notices(table, analyses, path)
    yield from check_positions(table, path)
    seen_ann: dict[str, int] = {}
    plotted = len(data_sets)
    for n, ann in enumerate(table.get("annotations") or []):
        aid = ann.get("id")
        if aid is not None:
            if aid in seen_ann:
                yield (
                    error(
                        "duplicate-annotation-id",
                        (*path, "annotations", n, "id"),
                        f"expected a unique annotation id; {excerpt(aid)} is also annotations[{seen_ann[aid]}]",
                    )
                )
            else:
                seen_ann[aid] = n
        if ann["type"] == "bracket":
            yield from check_bracket(ann, table.get("analyses") or [], (*path, "annotations", n))
        if ann["type"] == "bracket" and derived is None:
            for side in ("left", "right"):
                anchor = ann[side]
                where = (*path, "annotations", n, side, "dataSetId")
                if ctx.original is not None and ctx.original(where) != where:
                    continue  # a version 1 anchor: its migration reported it
                if anchor["kind"] == "dataSet" and plotted and anchor["dataSetId"] not in set_ids:
                    yield (
                        warning(
                            "annotation-group-out-of-range",
                            where,
                            f"expected the id of a data set; found {excerpt(anchor['dataSetId'])}, "
                            "which matches none (an id ds-<n> is drawn at data set n, from 0, "
                            "or at the last one drawn past the end; any other at the first)",
                        )
                    )
    yield from _usermeta(table.get("usermeta"), (*path, "usermeta"))


def _analyses_plain(analyses: list[Any], family_id: str, set_ids: Any) -> bool:
    """Whether a table's analyses have none of the problems :func:`_analysis_problems`
    finds, by whole-list passes (a table may have 200 analyses, a project 40,000)."""
    methods = set(map(METHOD_OF, analyses))
    if any(family_id not in METHODS[m].families for m in methods):
        return False
    ids = list(map(dict.get, analyses, repeat("id")))  # None where an id is not given
    distinct = set(ids)
    distinct.discard(None)
    if len(distinct) != len(ids) - ids.count(None):
        return False
    grouped = {m for m in methods if METHODS[m].names_data_sets}
    if grouped:
        for analysis in analyses:
            if analysis["method"] in grouped:
                for _, group in _named(analysis["method"], analysis.get("params") or {}):
                    if group is not None and group not in set_ids:
                        return False
    return True


#: an analysis's method, read in C over a list of analyses
METHOD_OF = itemgetter("method")


def _named(method_id: str, params: dict[str, Any]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """(path under `params`, value) of every data set an analysis' params name."""
    method = METHODS[method_id]
    for key in method.data_set_params:
        yield (key,), params.get(key)
    for key in method.data_set_pair_params:
        for n, pair in enumerate(params.get(key) or []):
            for side, group in enumerate(pair):
                yield (key, n, side), group


@dataclass
class _TableNotices:
    """What the warnings of one table's analyses keep for its next analysis."""

    #: what the methods learn about the table (see ``MethodSpec.notices``)
    facts: dict[str, Any] = field(default_factory=dict)
    #: per method id: the params of its last analysis and their warnings
    last: dict[str, tuple[Any, list[Notice]]] = field(default_factory=dict)

    def of(self, table: Any, method: MethodSpec, given: dict[str, Any]) -> list[Notice]:
        """The notices of ``method`` with the params ``given`` (a table's analyses often
        repeat a method with the same params: their notices too)."""
        last = self.last.get(method.id)
        if last is not None and last[0] == given:
            return last[1]
        notices = method.notices(table, {**method.default_map, **given}, self.facts)
        self.last[method.id] = (given, notices)
        return notices


def _notices(table: Any, analysis: Any, apath: Path, memo: _TableNotices) -> Iterator[Problem]:
    """The warnings a method gives about an analysis as the file has it (a logX fit over
    what look like raw concentrations)."""
    method = METHODS[analysis["method"]]
    if method.has_notices:
        for key, code, message in memo.of(table, method, analysis.get("params") or {}):
            yield warning(code, (*apath, "params", key), message)


def _table_notices(table: Any, analyses: list[Any], path: Path) -> Iterator[Problem]:
    """:func:`_notices` of each of a table's analyses, in their order, in one loop that asks
    only the methods that give notices (a project may have 40,000 analyses)."""
    noticing = {m: spec for m in set(map(METHOD_OF, analyses)) if (spec := METHODS[m]).has_notices}
    if not noticing:
        return
    memo = _TableNotices()
    for a, analysis in enumerate(analyses):
        method = noticing.get(analysis["method"])
        if method is None:
            continue
        for key, code, message in memo.of(table, method, analysis.get("params") or {}):
            yield warning(code, (*path, "analyses", a, "params", key), message)


def _analysis_problems(
    analyses: list[Any], path: Path, family_id: str, set_ids: Any, table: Any
) -> Iterator[Problem]:
    """Each analysis's method runs on the table's family, its id is unique, and the data
    sets its params name exist."""
    seen_analysis: dict[str, int] = {}
    memo = _TableNotices()
    for a, analysis in enumerate(analyses):
        method = METHODS[analysis["method"]]
        if family_id not in method.families:
            yield (
                error(
                    "analysis-unavailable",
                    (*path, "analyses", a, "method"),
                    f"expected a method for {family_id} tables; {method.id} runs on {', '.join(method.families)} tables",
                )
            )
        aid = analysis.get("id")
        if aid is not None:
            if aid in seen_analysis:
                yield (
                    error(
                        "duplicate-analysis-id",
                        (*path, "analyses", a, "id"),
                        f"expected a unique analysis id; {excerpt(aid)} is also analyses[{seen_analysis[aid]}]",
                    )
                )
            else:
                seen_analysis[aid] = a
        yield from _notices(table, analysis, (*path, "analyses", a), memo)
        for where, group in _named(method.id, analysis.get("params") or {}):
            if group is not None and group not in set_ids:
                yield (
                    warning(
                        "analysis-group-unknown",
                        (*path, "analyses", a, "params", *where),
                        f"expected the id of a data set (in a version 1 file, its name); no data set has the id {excerpt(group)}",
                    )
                )


def _exact_rows(ctx: Context, path: Path) -> list[Any] | None:
    """The list at ``path`` (a data set's values, a table's x) read again from the text with
    every integer kept whole, when the text may hold an integer beyond 64 bits (which the
    parsed tree holds as the nearest double); else None. The text is read again once."""
    if not ctx.wide_integers:
        return None
    if ctx.migrated and ctx.original is not None:  # the text is the user's file: its path
        path = ctx.original(path)
    if ctx.exact_tree is None:
        import json

        # only integers matter here: a float becomes 0.0 and a short integer 0, which costs
        # no memory of its own
        try:
            ctx.exact_tree = json.loads(
                ctx.data,
                parse_float=lambda _: 0.0,
                parse_int=lambda text: int(text) if len(text.lstrip("-")) > 15 else 0,
            )
        except (ValueError, RecursionError):  # read by orjson, so not expected
            ctx.wide_integers = False
            return None
    node: Any = ctx.exact_tree
    for part in path:
        if isinstance(node, dict) and isinstance(part, str):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        else:
            return None
    return node if isinstance(node, list) else None


def _inexact_integers(
    ctx: Context, found: list[tuple[int, int, int]], count: int, path: Path
) -> Iterator[Problem]:
    """A warning for each integer cell a double cannot hold (``found``, of ``count`` in all),
    at ``path`` + (row, column) for values, ``path`` + (row,) for x (column 0 not written)."""
    listed = 0
    for r, c, number in found:
        if ctx.warnings_full:
            break
        where = (*path, r) if path[-1] == "x" else (*path, r, c)
        yield warning(
            "integer-not-exact",
            where,
            f"expected an integer of at most 2^53 in magnitude (a cell is a double); found "
            f"{excerpt(number)}, read as {float(number)!r}",
        )
        listed += 1
    ctx.omitted_warnings += count - listed


def _count_not_numbers(strings: list[tuple[int, int, str]], start: int) -> int:
    """How many of ``strings`` from ``start`` on spell no finite number (each an error)."""
    bad = 0
    for _, _, text in islice(strings, start, None):
        try:
            if parse_numeric_text(text) is None:
                bad += 1
        except ValueError:
            bad += 1
    return bad


def row_count(table: dict[str, Any], blocks: Sequence[CellBlock | CellFacts]) -> int:
    """Rule 2: the longest of x, rowLabels and any data set's values."""
    lengths = [len(table.get("x") or ()), len(table.get("rowLabels") or ())]
    lengths.extend(b.row_count for b in blocks)
    return max(lengths)


def _derived(
    table: dict[str, Any],
    derived: dict[str, str],
    path: Path,
    tables: list[dict[str, Any]],
    ids: dict[str, int],
) -> Iterator[Problem]:
    dpath = (*path, "derivedFrom")
    for key in ("dataSets", "x", "rowLabels", "variableTypes"):
        if key in table:
            yield error(
                "derived-table-has-data",
                (*path, key),
                f"expected no {key} in a results table (its content is recomputed on open); found {key}",
            )
    source_id = derived["sourceTableId"]
    s = ids.get(source_id)
    if s is None:
        yield error(
            "dangling-source-table",
            (*dpath, "sourceTableId"),
            f"expected the explicit id of a table in the file; no table has the id {excerpt(source_id)}",
        )
        return
    source = tables[s]
    if source is table or "derivedFrom" in source:
        yield error(
            "derived-table-self",
            (*dpath, "sourceTableId"),
            "expected a data table as the source; found "
            + ("the table itself" if source is table else "another results table"),
        )
        return
    analysis_id = derived["analysisId"]
    match = [a for a in source.get("analyses") or [] if a.get("id") == analysis_id]
    if not match:
        yield error(
            "dangling-analysis",
            (*dpath, "analysisId"),
            f"expected the id of an analysis of table {excerpt(source_id)}; it has none with the id {excerpt(analysis_id)}",
        )
        return
    method = METHODS[match[0]["method"]]
    if method.results_family is None:
        yield error(
            "analysis-makes-no-table",
            (*dpath, "analysisId"),
            f"expected a method that produces a results table (frequencyDistribution, correlationMatrix); found {method.id}",
        )
    elif table["format"] != method.results_family:
        yield error(
            "derived-table-family",
            (*path, "format"),
            f"expected {method.results_family!r} (the family {method.id} produces); found {table['format']!r}",
        )


def _graph(
    ctx: Context,
    graph: dict[str, Any],
    path: Path,
    family: str,
    replicates: int,
    data_sets: list[dict[str, Any]],
    derived: bool,
) -> Iterator[Problem]:
    variant = VARIANTS[graph["variantId"]]
    if variant.family != family:
        yield error(
            "variant-family-mismatch",
            (*path, "variantId"),
            f"expected a variant of the {family} family; {variant.id} belongs to {variant.family}",
        )
    elif not variant.available_for(replicates):
        yield error(
            "variant-unavailable",
            (*path, "variantId"),
            f"expected a table with at least {variant.min_replicates} replicates for {variant.id}; it has {replicates}",
        )
    plot = graph.get("plot")
    if plot is None:
        if family == "multipleVariables":
            yield error(
                "plot-required",
                (*path, "plot"),
                "expected plot with kind and mapping for a multipleVariables graph; it is missing",
            )
    elif plot["family"] != family:
        yield error(
            "plot-family-mismatch",
            (*path, "plot", "family"),
            f"expected {family!r} (the table's format); found {plot['family']!r}",
        )
    elif variant.family == family:
        yield from _plot_options(
            plot["options"], (*path, "plot", "options"), variant.id, _ids_of(data_sets)
        )
    if not derived:  # a results table's data sets exist only once its analysis has run
        yield from _data_set_keys(ctx, graph, path, data_sets)


def _ids_of(data_sets: list[dict[str, Any]]) -> list[str]:
    """The data sets' ids: given, or generated as the import generates them."""
    return data_set_ids([ds["name"] for ds in data_sets], [ds.get("id") for ds in data_sets])


def _plot_options(
    options: dict[str, Any], path: Path, variant_id: str, ids: list[str]
) -> Iterator[Problem]:
    variant = VARIANTS[variant_id]
    mode = options.get("mode")
    if mode is not None and variant.modes and mode not in variant.modes:
        yield warning(
            "mode-not-offered",
            (*path, "mode"),
            f"expected one of {', '.join(variant.modes)} for {variant_id}; found {mode!r} "
            f"(replaced by {variant.default_mode!r})",
        )
    chosen = options.get("dataSetId")
    if variant.family == "partsOfWhole" and chosen is not None and chosen not in ids:
        yield warning(
            "unmatched-data-set-key",
            (*path, "dataSetId"),
            f"expected the id of a data set; found {excerpt(chosen)}, which matches none "
            "(replaced by the first data set)",
        )
    if variant.family != "multipleVariables":
        return
    kind = options["kind"]
    wanted = variant.own_defaults["kind"]
    if kind != wanted:
        yield error(
            "plot-kind-mismatch",
            (*path, "kind"),
            f"expected {wanted!r} for {variant_id}; found {kind!r}",
        )
        return
    mapping = options["mapping"]
    for role in P.MV_REQUIRED_ROLES[kind]:
        if mapping.get(role) is None:
            yield error(
                "mapping-incomplete",
                (*path, "mapping", role),
                f"expected a data set index for the role {role!r}, which a {kind} plot needs; it is unmapped",
            )
    for role, did in mapping.items():
        if did is not None and did not in ids:
            yield error(
                "mapping-incomplete",
                (*path, "mapping", role),
                f"expected the id of a data set; found {excerpt(did)}, which matches none",
            )


_ALL_SEMANTIC_KEYS = frozenset(k for v in VARIANTS.values() for k in v.semantic_keys)


def _data_set_keys(
    ctx: Context, graph: dict[str, Any], path: Path, data_sets: list[dict[str, Any]]
) -> Iterator[Problem]:
    ids = frozenset(_ids_of(data_sets))
    variant_id = graph.get("variantId", "")
    variant = VARIANTS.get(variant_id)
    semantic = variant.semantic_keys if variant is not None else ()

    def unmatched(parent: Path, keys: list[str], how: str) -> Iterator[Problem]:
        """A warning for each of ``keys`` (which match no data set), built only while the
        list of warnings has room: past it the rest are counted and their keys noted for
        the import."""
        for i, key in enumerate(keys):
            if ctx.warnings_full:
                ctx.omit_warnings("unmatched-data-set-key", parent, keys[i:])
                return
            if key in _ALL_SEMANTIC_KEYS and key not in semantic:
                yield warning(
                    "unmatched-data-set-key",
                    (*parent, key),
                    f"expected {how}; found the semantic key {excerpt(key)}, which {variant_id} "
                    "does not draw (ignored)",
                )
                continue
            yield warning(
                "unmatched-data-set-key",
                (*parent, key),
                f"expected {how}; found {excerpt(key)}, which matches none (ignored)",
            )

    table = {"graph": graph}
    for km in KEY_MAPS:
        keys = path_get(table, km.path) or {}
        yield from unmatched(
            (*path, *km.path[1:]),
            [key for key in keys if key not in ids and not (km.semantic and key in semantic)],
            "a data set id or a semantic key" if km.semantic else "a data set id",
        )
