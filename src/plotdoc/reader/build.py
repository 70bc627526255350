"""Stage 10: import the validated tree into the in-memory model, defaults filled.

Omitted ids are generated deterministically (`table-1`, `analysis-1`, `annotation-1`, ...)
and never collide with explicit ids. Trailing rows with no value anywhere are dropped
(contract 2.2 rule 2). Repairs announced by semantic warnings are applied here.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from itertools import repeat
from operator import methodcaller
from typing import Any

import numpy as np
import orjson

from ..contract import document as D
from ..contract.entries import SUMMARY_REPLICATES, VALUES, is_summary
from ..contract.families import FAMILIES
from ..contract.methods import METHODS
from ..contract.variants import VARIANTS, default_variant, merge, merged_into
from ..contract.variants.from_summary import summary_plot
from ..jsoncopy import json_copy, json_exact
from ..migrations.v1_to_v2 import data_set_ids, table_to_model
from ..model import (
    Analysis,
    Annotation,
    DataSet,
    DerivedFrom,
    Graph,
    PlotConfig,
    Project,
    Table,
)
from ..problems import Problem
from .cells import CellBlock, parse_numeric_text
from .context import Context
from .resolve import resolve
from .semantics import METHOD_OF, block_of

#: Warnings whose repair is to drop the key they name (the pipeline notes the keys in
#: ``ctx.drops``, also for warnings past the listed ones).


def build_project(ctx: Context) -> Iterator[Problem]:
    doc = ctx.tree
    for parent, keys in ctx.drops.items():
        _drop(doc, parent, keys)
    table_ids = _ids((t.get("id") for t in doc["tables"]), "table")
    tables = [
        _table(ctx, t, i, tid)
        for i, (t, tid) in enumerate(zip(doc["tables"], table_ids, strict=True))
    ]
    ctx.project = Project(
        tables=tables,
        meta=resolve(D.ROOT.props["meta"], doc.get("meta", {})),
        usermeta=dict(doc.get("usermeta") or {}),
        view=resolve(D.ROOT.props["view"], doc.get("view", {})),
        generator=dict(doc["generator"]) if "generator" in doc else None,
        created_at=doc.get("createdAt"),
        modified_at=doc.get("modifiedAt"),
        schema_url=doc.get("$schema"),
    )
    for raw, table in zip(doc["tables"], tables, strict=True):
        if table.graph is None and table.derived_from is not None and "graph" not in raw:
            table.graph = build_graph(results_graph_document(ctx.project, table), table)
    return iter(())


def results_graph_document(project: Project, table: Table) -> dict[str, Any] | None:
    """A results table's default graph, as the method that fills it declares it (a histogram
    for frequencies, a heat map for correlations)."""
    assert table.derived_from is not None
    try:
        method = (
            project.table(table.derived_from.source_table_id)
            .analysis(table.derived_from.analysis_id)
            .method
        )
    except KeyError:
        return None
    spec = METHODS.get(method)
    graph = spec.results_graph if spec is not None else None
    return None if graph is None else copy.deepcopy(dict(graph))


def _drop(tree: Any, path: tuple[str | int, ...], keys: list[str | int]) -> None:
    parent = tree
    for part in path:
        parent = parent[part]
    for key in keys:
        parent.pop(key, None)


def _ids(given: Iterable[str | None], prefix: str) -> list[str]:
    """Explicit ids kept; the others numbered `prefix-N`, skipping any explicit id."""
    given = list(given)
    if None not in given:  # every id given (as plotdoc writes them)
        return given  # type: ignore[return-value]
    taken = {g for g in given if g is not None}
    out: list[str] = []
    n = 0
    for g in given:
        if g is not None:
            out.append(g)
            continue
        n += 1
        while f"{prefix}-{n}" in taken:
            n += 1
        out.append(f"{prefix}-{n}")
        taken.add(out[-1])
    return out


def _analyses(raws: list[dict[str, Any]], ids: list[str], *, own: bool) -> list[Analysis]:
    """Each analysis with its method's defaults and the file's params merged over them.

    The params of a table's analyses are merged shallowly (a deep merge only where a param
    and its default are both objects), and no two analyses, and no analysis and the
    methods' defaults, share an object. ``own`` says that the params are the pipeline's
    own, parsed from the file and shared with nothing: merged over defaults that are all
    strings, numbers, booleans or null, or whose objects and arrays the file replaces, they
    are kept as they are (a file plotdoc wrote gives every param). Any other merge is
    copied, all at once, with one orjson round trip.
    """
    if own:
        kept = _given_whole(raws)
        if kept is not None:
            return list(map(Analysis, ids, map(METHOD_OF, raws), kept))
    merged: list[dict[str, Any]] = []
    copied: list[int] = []  # the merges that hold an object or array of the defaults
    exact = True
    # per method: its defaults, the names of those that are objects, and of those that are
    # objects or arrays
    known: dict[str, tuple[dict[str, Any], frozenset[str], frozenset[str]]] = {}
    for a in raws:
        method = a["method"]
        entry = known.get(method)
        if entry is None:
            found = _method_defaults(method)
            if found is None:
                exact = False
                found = METHODS[method].defaults
            objects = frozenset(k for k, v in found.items() if type(v) is dict)
            mutable = frozenset(k for k, v in found.items() if not _immutable(v))
            entry = known[method] = (found, objects, mutable)
        defaults, objects, mutable = entry
        patch = a.get("params")
        if not patch:
            if mutable:
                copied.append(len(merged))
            merged.append(dict(defaults))
        elif objects and any(type(patch.get(k)) is dict for k in objects):
            merged.append(merge(defaults, patch))  # a copy of both already
        else:
            if not own or not mutable <= patch.keys():
                copied.append(len(merged))
            merged.append({**defaults, **patch})
    if copied:
        picked = [merged[i] for i in copied]
        fresh = json_copy(picked) if exact else copy.deepcopy(picked)
        for i, params in zip(copied, fresh, strict=True):
            merged[i] = params
    return [
        Analysis(aid, a["method"], params) for a, aid, params in zip(raws, ids, merged, strict=True)
    ]


def _given_whole(raws: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The params of a table's analyses as the file gives them, when every analysis is of
    one method, no default of it is an object (merged key by key) and every analysis gives
    every param (as plotdoc writes them): merged over the defaults, each would equal itself.
    Found by whole-list passes; None otherwise."""
    methods = set(map(METHOD_OF, raws))
    if len(methods) != 1:
        return None
    defaults = _method_defaults(methods.pop())
    if defaults is None or any(type(v) is dict for v in defaults.values()):
        return None
    given: list[dict[str, Any]] = list(map(_PARAMS_OF, raws))
    if None in given or not all(map(defaults.keys().__le__, map(dict.keys, given))):
        return None
    return given


_PARAMS_OF = methodcaller("get", "params")


def _immutable(value: Any) -> bool:
    """Whether ``value`` may be shared: a string, a number, a boolean or None."""
    return value is None or type(value) in (str, int, float, bool)


def _method_defaults(method: str) -> dict[str, Any] | None:
    """``method``'s defaults, shared (never to be changed), when orjson reads them back the
    same (dicts, lists and plain scalars only); otherwise None."""
    try:
        return _DEFAULTS[method]
    except KeyError:
        defaults = METHODS[method].defaults
        found = (
            defaults
            if json_exact(defaults) and orjson.loads(orjson.dumps(defaults)) == defaults
            else None
        )
        return _DEFAULTS.setdefault(method, found)


_DEFAULTS: dict[str, dict[str, Any] | None] = {}


def _table(ctx: Context, raw: dict[str, Any], index: int, tid: str) -> Table:
    family = FAMILIES[raw["format"]]
    raw_sets: list[dict[str, Any]] = raw.get("dataSets") or []
    names = [ds["name"] for ds in raw_sets]
    ids = data_set_ids(names, [ds.get("id") for ds in raw_sets])
    # the model keeps the references version 1 wrote (names and indexes)
    table_to_model(raw, names, ids)
    blocks = [block_of(ctx, ds["values"]) for ds in raw_sets]
    widest = max((b.width for b in blocks), default=0)
    entry = str(raw.get("entry", VALUES))
    default = SUMMARY_REPLICATES if is_summary(entry) else max(widest, family.min_replicates)
    replicates = int(raw.get("replicates", default))
    data_sets = [
        _data_set(ds["name"], b, replicates, family.allows_text)
        for ds, b in zip(raw_sets, blocks, strict=True)
    ]
    for ds, did in zip(data_sets, ids, strict=True):
        ds.id = did
    if family.id == "survival":  # a cell other than 1, 0 or missing is ignored (a warning says so)
        for ds in data_sets:
            ds.values[(ds.values != 0) & (ds.values != 1)] = np.nan
    x = None
    if family.has_x and "derivedFrom" not in raw:
        x = np.array([np.nan if v is None else v for v in raw.get("x") or ()], dtype=np.float64)
    labels = list(raw["rowLabels"]) if "rowLabels" in raw else None
    rows = max([ds.n_rows for ds in data_sets] + [0 if x is None else len(x), len(labels or ())])
    rows = _trim(data_sets, x, labels, rows)
    for ds in data_sets:
        ds.values = _pad(ds.values, rows)
        if ds.text is not None:
            ds.text = _pad_obj(ds.text, rows)
    if x is not None:
        x = np.concatenate([x, np.full(max(rows - len(x), 0), np.nan)])[:rows]
    if labels is not None:
        labels = (labels + [""] * rows)[:rows]
    analysis_ids = _ids(map(dict.get, raw.get("analyses") or [], repeat("id")), "analysis")
    analyses = _analyses(raw.get("analyses") or [], analysis_ids, own=not ctx.migrated)
    ann_ids = _ids((a.get("id") for a in raw.get("annotations") or []), "annotation")
    annotations = []
    for a, aid in zip(raw.get("annotations") or [], ann_ids, strict=True):
        full = resolve(D.DEFINITIONS["Annotation"], a)
        full.pop("id", None)
        kind = full.pop("type")
        annotations.append(Annotation(aid, kind, full))
    derived = raw.get("derivedFrom")
    table = Table(
        id=tid,
        name=raw.get("name", f"Table {index + 1}"),
        format=family.id,
        replicates=replicates,
        data_sets=data_sets,
        x=x,
        row_labels=labels,
        variable_types=dict(raw.get("variableTypes") or {})
        if family.id == "multipleVariables"
        else None,
        column_widths=dict(raw.get("columnWidths") or {}),
        derived_from=DerivedFrom(derived["sourceTableId"], derived["analysisId"])
        if derived
        else None,
        analyses=analyses,
        annotations=annotations,
        titles=resolve(D.DEFINITIONS["Titles"], raw.get("titles", {})),
        usermeta=dict(raw.get("usermeta") or {}),
        entry=entry,
    )
    table.graph = build_graph(raw.get("graph"), table)
    return table


def _data_set(name: str, block: CellBlock, replicates: int, allows_text: bool) -> DataSet:
    values = block.values
    if values.shape[1] < replicates:
        values = np.concatenate(
            [values, np.full((values.shape[0], replicates - values.shape[1]), np.nan)], axis=1
        )
    else:
        values = values.copy() if not values.flags.writeable else values
    text = None
    for r, c, s in block.strings:
        number = parse_numeric_text(s) if not allows_text else None
        if number is not None:
            values[r, c] = number
        elif allows_text:
            if text is None:
                text = np.empty(values.shape, dtype=object)  # every item None
            text[r, c] = s
    if allows_text and text is None:
        text = np.empty(values.shape, dtype=object)
    return DataSet(name, values, text)


def _trim(data_sets: list[DataSet], x: Any, labels: list[str] | None, rows: int) -> int:
    """Rows after dropping trailing rows that hold nothing."""
    while rows > 0:
        r = rows - 1
        if x is not None and r < len(x) and not np.isnan(x[r]):
            break
        if labels is not None and r < len(labels) and labels[r] != "":
            break
        if any(r < ds.n_rows and not np.isnan(ds.values[r]).all() for ds in data_sets):
            break
        if any(
            ds.text is not None and r < ds.n_rows and any(t is not None for t in ds.text[r])
            for ds in data_sets
        ):
            break
        rows -= 1
    return rows


def _pad(values: np.ndarray[Any, Any], rows: int) -> np.ndarray[Any, Any]:
    if values.shape[0] == rows:
        return values
    if values.shape[0] > rows:
        return values[:rows]
    pad = np.full((rows - values.shape[0], values.shape[1]), np.nan)
    return np.concatenate([values, pad])


def _pad_obj(values: np.ndarray[Any, Any], rows: int) -> np.ndarray[Any, Any]:
    if values.shape[0] >= rows:
        return values[:rows]
    pad = np.full((rows - values.shape[0], values.shape[1]), None, dtype=object)
    return np.concatenate([values, pad])


def default_graph_document(table: Table) -> dict[str, Any] | None:
    """The graph a table without one gets (results tables by their method)."""
    if table.derived_from is not None:
        return None  # filled when the source analysis is known (see build_graph)
    if table.format == "multipleVariables":
        if len(table.data_sets) < 2:
            return None
        return {
            "variantId": "mv-scatter",
            "plot": {
                "family": "multipleVariables",
                "options": {"kind": "scatter", "mapping": {"x": 0, "y": 1}},
            },
        }
    graph: dict[str, Any] = {
        "variantId": default_variant(table.format, table.replicates, table.entry)
    }
    plot = summary_plot(table.format, table.entry)
    if plot is not None:
        graph["plot"] = plot
    return graph


def build_graph(raw: dict[str, Any] | None, table: Table) -> Graph | None:
    if raw is None:
        raw = default_graph_document(table)
        if raw is None:
            return None
    full = resolve(D.DEFINITIONS["GraphDocument"], raw)
    variant = VARIANTS[full["variantId"]]
    given = (raw.get("plot") or {}).get("options") or {}
    options = merged_into(variant.default_options, given)
    if variant.modes and options.get("mode") not in variant.modes:
        options["mode"] = variant.default_mode
    if variant.family == "partsOfWhole" and options.get("dataSetIndex", 0) >= len(table.data_sets):
        options["dataSetIndex"] = 0  # past the last data set: ignored (a warning says so)
    return Graph(
        variant_id=variant.id,
        plot=PlotConfig(table.format, options),
        active_preset_id=full["activePresetId"],
        apply_preset_non_color=full["applyPresetNonColor"],
        style_overrides=full["styleOverrides"],
        graph_settings=full["graphSettingsOverride"],
        axes=full["axesOverrides"],
        plot_geometry=full["plotGeometry"],
        data_set_visibility=full["dataSetVisibility"],
        element_activation=full["elementActivation"],
        legend=full["legend"],
        parts_of_whole_borders=full["partsOfWholeBorders"],
    )
