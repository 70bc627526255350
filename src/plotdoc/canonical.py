"""The canonical form of a document: what save writes is exactly what open reads back.

Opening a file and saving it again gives the same bytes, and so does `plotdoc fmt` on any file
save wrote. Besides writing every field (the writer's part), two rules make that so, whatever
order the edits were made in:

* **Key order.** An object the schema describes has its keys in the schema's order; a graph's
  plot options have the keys its variant gives first, in the variant's order (as open builds
  them), then the others in the schema's order. The maps whose keys name data sets or points
  have them in the order of what they name (:func:`map_order`): the table's data sets in
  their order (by name in ``styleOverrides.perDataSet``, ``styleOverrides.perPoint`` and
  ``variableTypes``, by index in ``dataSetVisibility``, ``elementActivation.perDataSet`` and
  ``legend.itemOverrides``), then the semantic keys in the contract's order (``volcano:up``,
  ``volcano:down``, ``volcano:ns``), then any other key in Unicode code point order; a
  point's map (inside ``perPoint``) by point index. ``usermeta`` and ``columnWidths`` belong
  to the user and the tools that wrote them: their keys keep the order they have (open keeps
  it too).
* **Rows.** A table stores the rows open reads (contract 2.2 rule 2): trailing rows that hold
  nothing (no number, no text, no X, no row label) are not stored, and every data set, the X
  column and the row labels hold exactly that many rows (a shorter one is padded with missing
  cells, as open pads it). An editor may hold empty rows below the last one; they are not
  written.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Mapping
from typing import Any, Literal

import numpy as np

from .contract.document import DEFINITIONS, ROOT
from .contract.nodes import (
    Arr,
    Map,
    Node,
    Obj,
    OneOf,
    Ref,
    accepted_types,
    json_type_name,
    tagged_options,
)
from .contract.styles import SEMANTIC_KEYS
from .contract.variants import VARIANTS
from .model import DataSet, Table

__all__ = ["map_order", "ordered", "ordered_table", "stored_rows", "stored_table"]

#: What the keys of a map name: data sets by index, data sets by name, or points by index.
MapKind = Literal["index", "name", "point"]
#: A table's data set names, each to its position (the first, when two share a name); in a
#: document of schema version 2 and later, its data set ids (:class:`Ids`).
Names = Mapping[str, int]


class Ids(dict[str, int]):
    """A table's data set ids, each to its position: every map naming data sets (by index or
    by name in version 1) names them by id."""


def _is_index(key: str) -> bool:
    return key.isascii() and key.isdigit() and (key == "0" or key[0] != "0")


def map_order(kind: MapKind, names: Names) -> Callable[[str], tuple[int, int, str]]:
    """The sort key of a map of ``kind`` in a table whose data sets are ``names``: what names
    a data set (or a point) first, in its order, then the semantic keys in the contract's
    order, then the other keys by code point."""

    by_id = isinstance(names, Ids)

    def key(k: str) -> tuple[int, int, str]:
        if kind == "name" or (by_id and kind == "index"):
            if k in names:
                return (0, names[k], "")
        elif _is_index(k):
            return (0, int(k), "")
        if kind != "point" and k in SEMANTIC_KEYS:
            return (1, SEMANTIC_KEYS.index(k), "")
        return (2, 0, k)

    return key


def _deref(node: Node) -> Node:
    return DEFINITIONS[node.name] if isinstance(node, Ref) else node


def _prop(node: Node, *keys: str) -> Node:
    for k in keys:
        target = _deref(node)
        assert isinstance(target, Obj), k
        node = target.props[k]
    return _deref(node)


def _map_kinds() -> dict[int, MapKind]:
    graph, table = DEFINITIONS["GraphDocument"], DEFINITIONS["Table"]
    per_point = _prop(graph, "styleOverrides", "perPoint")
    assert isinstance(per_point, Map)
    kinds: dict[Node, MapKind] = {
        _prop(graph, "dataSetVisibility"): "index",
        _prop(graph, "elementActivation", "perDataSet"): "index",
        _prop(graph, "legend", "itemOverrides"): "index",
        _prop(graph, "styleOverrides", "perDataSet"): "name",
        per_point: "name",
        _deref(per_point.values): "point",
        _prop(table, "variableTypes"): "name",
    }
    assert all(isinstance(n, Map) for n in kinds)
    return {id(n): kind for n, kind in kinds.items()}


_MAP_KINDS = _map_kinds()
_TABLE = DEFINITIONS["Table"]
_GRAPH = DEFINITIONS["GraphDocument"]

#: Puts a value of one node in the canonical order: (value, the table's names) -> new value.
Walk = Callable[[Any, Names], Any]
_WALKS: dict[int, Walk | None] = {}
_BUILDING: set[int] = set()
_LOCK = threading.RLock()
_NO_NAMES: Names = {}
#: How an object of given keys is put in order: its keys in order (None: they are) and the
#: walks of the keys whose values have an order of their own.
_Plan = tuple[tuple[Any, ...] | None, tuple[tuple[str, Walk], ...]]
#: The plans kept per node of the schema (objects of so many sets of keys are ordered anew).
_MAX_PLANS = 512


def ordered(value: Any, node: Node = ROOT, names: Names | None = None) -> Any:
    """``value`` (the part of a document ``node`` describes; the whole document by default)
    with its keys in the canonical order, in new dicts and lists where an order is set
    (``value`` itself is left as it is). ``names`` are the data sets of the table ``value``
    is part of. A key the schema does not describe is kept, last, for the check to name it."""
    walk = _walk(node)
    return value if walk is None else walk(value, _NO_NAMES if names is None else names)


def ordered_table(value: Any) -> Any:
    """One table of a document (as :func:`ordered` puts it in the whole document)."""
    return ordered(value, _TABLE)


def _walk(node: Node) -> Walk | None:
    """The compiled walk of ``node``, or None for a value kept as it is (a number, a string,
    cells, usermeta...). Compiled once per node, as open's defaults are."""
    node = _deref(node)
    key = id(node)
    if key in _WALKS:
        return _WALKS[key]
    with _LOCK:  # one thread compiles at a time (the lock is taken again while compiling)
        if key in _WALKS:
            return _WALKS[key]
        if key in _BUILDING:  # a definition that holds itself: looked up when used

            def later(value: Any, names: Names) -> Any:
                walk = _WALKS[key]
                return value if walk is None else walk(value, names)

            return later
        _BUILDING.add(key)
        try:
            walk = _WALKS[key] = _compile(node)
        finally:
            _BUILDING.discard(key)
    return walk


def _compile(node: Node) -> Walk | None:
    if isinstance(node, Obj):
        return _object(node)
    if isinstance(node, Map):
        return _map(node)
    if isinstance(node, Arr):
        items = _walk(node.items)
        if items is None:
            return None
        return lambda value, names: (
            [items(v, names) for v in value] if type(value) is list else value
        )
    if isinstance(node, OneOf):
        return _one_of(node)
    return None


def _object(node: Obj) -> Walk:
    position = {k: i for i, k in enumerate(node.props)}
    last = len(position)
    children = {k: _walk(sub) for k, sub in node.props.items()}
    # only the keys whose values have an order of their own are walked into
    walked = {k: child for k, child in children.items() if child is not None}
    table, graph = node is _TABLE, node is _GRAPH
    # what to do with an object of given keys, worked out once per set of keys in their
    # order (a project's 40,000 analyses have a few): the keys in order (None when they
    # are already), and the keys to walk into
    plans: dict[tuple[Any, ...], _Plan] = {}

    def plan(keys: tuple[Any, ...]) -> _Plan:
        order = sorted(keys, key=lambda k: position.get(k, last))  # unknown keys last, kept
        inner = tuple((k, walked[k]) for k in order if k in walked)
        made = (None if order == list(keys) else tuple(order), inner)
        # only keys that are all strings are looked up again: a key of another type that
        # compares equal to one (1 and True) would be written as the other
        if len(plans) < _MAX_PLANS and all(type(k) is str for k in keys):
            plans[keys] = made
        return made

    def walk(value: Any, names: Names) -> Any:
        if type(value) is not dict:
            return value
        if table:
            sets = value.get("dataSets")
            names = _names(sets if type(sets) is list else [])
        keys = tuple(value)
        order, inner = plans.get(keys) or plan(keys)
        # (a dict already in order, as the writer builds most, is copied in C)
        out = dict(value) if order is None else {k: value[k] for k in order}
        for k, child in inner:
            out[k] = child(out[k], names)
        if graph:
            _variant_first(out)
        return out

    return walk


def _map(node: Map) -> Walk | None:
    values = _walk(node.values)
    kind = _MAP_KINDS.get(id(node))
    if kind is None and values is None:
        return None

    def walk(value: Any, names: Names) -> Any:
        if type(value) is not dict:
            return value
        keys: Any = value
        if kind is not None and all(type(k) is str for k in value):
            keys = sorted(value, key=map_order(kind, names))
        if values is None:
            return {k: value[k] for k in keys}
        return {k: values(value[k], names) for k in keys}

    return walk


def _one_of(node: OneOf) -> Walk | None:
    by_type: dict[str, Walk | None] = {}
    for jtype in ("array", "object"):
        fits = [o for o in node.options if jtype in accepted_types(o, DEFINITIONS)]
        if len(fits) == 1:
            by_type[jtype] = _walk(fits[0])
    tags: dict[Any, Walk | None] = {}
    tag_key = node.discriminator
    if tag_key is not None:
        tags = {tag: _walk(o) for tag, o in tagged_options(node, DEFINITIONS).items()}
    if not any(by_type.values()) and not any(tags.values()):
        return None

    def walk(value: Any, names: Names) -> Any:
        if type(value) is dict and tag_key is not None:
            tag = value.get(tag_key)
            chosen = tags.get(tag) if isinstance(tag, str) else None
        else:
            chosen = by_type.get(json_type_name(value))
        return value if chosen is None else chosen(value, names)

    return walk


_walk(ROOT)  # every node of the document compiled once, on import


def _names(data_sets: list[Any]) -> dict[str, int]:
    ids = Ids()
    for i, ds in enumerate(data_sets):
        given = ds.get("id") if isinstance(ds, dict) else None
        if isinstance(given, str):
            ids.setdefault(given, i)
    if ids:
        return ids
    out: dict[str, int] = {}
    for i, ds in enumerate(data_sets):
        name = ds.get("name") if isinstance(ds, dict) else None
        if isinstance(name, str):
            out.setdefault(name, i)
    return out


def _variant_first(graph: dict[str, Any]) -> None:
    """Put the graph's plot options the variant gives first, in its order (open merges the
    file's options over the variant's, so their keys come in that order)."""
    vid = graph.get("variantId")
    variant = VARIANTS.get(vid) if isinstance(vid, str) else None
    plot = graph.get("plot")
    if variant is None or not isinstance(plot, dict) or not isinstance(plot.get("options"), dict):
        return
    graph["plot"] = {**plot, "options": _defaults_first(plot["options"], variant.default_options)}


def _defaults_first(value: Any, defaults: Any) -> Any:
    if not (isinstance(value, dict) and isinstance(defaults, dict)):
        return value
    out = {k: _defaults_first(value[k], defaults[k]) for k in defaults if k in value}
    out.update((k, v) for k, v in value.items() if k not in out)
    return out


# -- rows -------------------------------------------------------------------------------------


def stored_rows(table: Table) -> int:
    """How many rows of ``table`` a file stores: its rows without the trailing ones that hold
    nothing, counted by open's own rule (so what save writes is what open reads back)."""
    from .reader.build import _trim

    return _trim(table.data_sets, table.x, table.row_labels, table.n_rows)


def stored_table(table: Table) -> Table:
    """``table`` as a file stores it: :func:`stored_rows` rows in every data set, its X column
    and its row labels (the same object when it already is; a results table as it is)."""
    if table.derived_from is not None or not _numeric(table):
        return table  # a results table's cells are not stored; odd arrays are for the check
    rows = stored_rows(table)
    x, labels = table.x, table.row_labels
    if (
        all(
            ds.n_rows == rows and (ds.text is None or len(ds.text) == rows)
            for ds in table.data_sets
        )
        and (x is None or len(x) == rows)
        and (labels is None or len(labels) == rows)
    ):
        return table
    part = copy.copy(table)
    part.data_sets = [
        DataSet(ds.name, _rows(ds.values, rows, np.nan), _rows(ds.text, rows, None))
        for ds in table.data_sets
    ]
    part.x = None if x is None else _rows(x, rows, np.nan)
    part.row_labels = None if labels is None else [*labels[:rows], *[""] * (rows - len(labels))]
    return part


def _numeric(table: Table) -> bool:
    """Whether every array of cells is a numpy array of numbers (of text, for text cells)."""
    arrays = [ds.values for ds in table.data_sets] + ([] if table.x is None else [table.x])
    texts = [ds.text for ds in table.data_sets if ds.text is not None]
    return (
        all(isinstance(a, np.ndarray) and a.dtype.kind in "fiu" and a.ndim >= 1 for a in arrays)
        and all(isinstance(t, np.ndarray) and t.ndim >= 1 for t in texts)
        and (table.row_labels is None or isinstance(table.row_labels, list))
    )


def _rows(array: Any, rows: int, fill: Any) -> Any:
    """``array`` cut or padded with ``fill`` to ``rows`` rows (None stays None)."""
    if array is None or len(array) == rows:
        return array
    if len(array) > rows:
        return array[:rows]
    kind = object if fill is None else np.float64  # a cell missing from integers is NaN
    pad = np.full((rows - len(array), *array.shape[1:]), fill, dtype=kind)
    return np.concatenate([array, pad])
