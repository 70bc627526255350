"""Migration 1 -> 2: data sets get ids, and every reference to a data set is by id.

Version 1 referred to data sets by name in some places and by index in others (contract
section 9, rule 8); version 2 refers to them by id only (v2-design section 1). A data set's id
is its name when the name has 1 to 128 characters, otherwise ``ds-<index>``, made unique
(:func:`data_set_ids`). A version 1 key or value that matches no data set is dropped with the
warning version 1 gave it, at its version 1 path; a dangling role of a multipleVariables
mapping or a t test group stays dangling (its version 2 check reports it at the same path).

The places that refer to data sets are listed once, in :data:`KEY_MAPS` and the functions
below; the same tables turn the model's references (plotdoc keeps version 1's inside) into
ids when writing (:func:`table_to_ids`) and back when reading (:func:`table_to_model`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any

from ..contract.limits import ID_MAX
from ..contract.methods import METHODS
from ..contract.variants import VARIANTS
from ..problems import Path, excerpt, warning
from . import Log

Doc = dict[str, Any]

_ALL_SEMANTIC_KEYS = frozenset(k for v in VARIANTS.values() for k in v.semantic_keys)


@dataclass(frozen=True)
class KeyMap:
    """An object under a table whose keys refer to data sets."""

    path: tuple[str, ...]
    #: how version 1 (and the model) keys it: by data set ``name`` or by ``index``
    by: str
    #: whether a semantic key (``volcano:up``) is a valid key too
    semantic: bool = False
    #: version 1's description of a valid key, for its warning
    expected: str = ""


KEY_MAPS: tuple[KeyMap, ...] = (
    KeyMap(
        ("graph", "styleOverrides", "perDataSet"), "name", True, "a data set name or a semantic key"
    ),
    KeyMap(("graph", "styleOverrides", "perPoint"), "name", False, "a data set name"),
    KeyMap(("graph", "dataSetVisibility"), "index", False, "a data set index below {n}"),
    KeyMap(
        ("graph", "elementActivation", "perDataSet"), "index", False, "a data set index below {n}"
    ),
    KeyMap(
        ("graph", "legend", "itemOverrides"),
        "index",
        True,
        "a data set index below {n} or a semantic key",
    ),
)


def data_set_ids(names: Sequence[object], given: Sequence[object] | None = None) -> list[str]:
    """The ids of a table's data sets: the one given, else the name when it is a string of 1
    to 128 characters not taken yet, else ``ds-<index>`` (with ``-2``, ``-3``... when taken).

    Ids given come first; names and generated ids never take one of them.
    """
    given = list(given) if given is not None else [None] * len(names)
    taken = {g for g in given if isinstance(g, str)}
    out: list[str] = []
    for i, (name, gid) in enumerate(zip(names, given, strict=True)):
        if isinstance(gid, str):
            out.append(gid)
            continue
        if isinstance(name, str) and 1 <= len(name) <= ID_MAX and name not in taken:
            candidate = name
        else:
            candidate = f"ds-{i}"
            n = 1
            while candidate in taken:
                n += 1
                candidate = f"ds-{i}-{n}"
        taken.add(candidate)
        out.append(candidate)
    return out


def absent_id(ids: Sequence[str], index: int) -> str:
    """An id no data set has, for a reference that matched none (``ds-<index>``, made unique)."""
    candidate = f"ds-{index}"
    while candidate in ids:
        candidate += "-"
    return candidate


def path_get(table: Doc, path: Sequence[str]) -> Any:
    node: Any = table
    for part in path:
        if not isinstance(node, dict):
            return None
        node = node.get(part)
    return node


class _Refs:
    """A table's data sets as version 1 refers to them: by name, by index, by id."""

    def __init__(self, names: Sequence[str], ids: Sequence[str]) -> None:
        self.names = list(names)
        self.ids = list(ids)
        self.n = len(ids)
        self._width = len(str(self.n))
        self.by_name: dict[str, int] = {}
        for i, name in enumerate(names):
            self.by_name.setdefault(name, i)
        self.by_id = {d: i for i, d in enumerate(ids)}

    def index_key(self, key: str, strict: bool = False) -> int | None:
        # ASCII digits only (int() also reads "²" and other Unicode digits); a key longer
        # than n's own digits is past the end
        if strict and key != "0" and key.startswith("0"):
            return None
        if len(key) <= self._width and key.isascii() and key.isdigit() and int(key) < self.n:
            return int(key)
        return None

    def v1_key(self, key: str, by: str, legend: bool) -> int | None:
        return self.by_name.get(key) if by == "name" else self.index_key(key, strict=legend)

    def model_key(self, i: int, by: str) -> str:
        return self.names[i] if by == "name" else str(i)


# -- the migration ------------------------------------------------------------------------


def migrate(doc: Doc, log: Log) -> Doc:
    """Version 1 -> 2 (run on a document version 1's schema accepts)."""
    for t, table in enumerate(doc.get("tables") or []):
        _migrate_table(table, ("tables", t), log)
    doc["schemaVersion"] = 2
    return doc


def _migrate_table(table: Doc, path: Path, log: Log) -> None:
    data_sets: list[Doc] = table.get("dataSets") or []
    names = [ds["name"] for ds in data_sets]
    ids = data_set_ids(names)
    derived = "derivedFrom" in table
    for ds, did in zip(data_sets, ids, strict=True):
        items = list(ds.items())
        ds.clear()
        ds.update([("id", did), *items])
    refs = _Refs(names, ids)
    plotted = _plotted(table, refs)  # read before the visibility keys become ids
    graph = table.get("graph")
    variant = graph.get("variantId", "") if isinstance(graph, dict) else ""
    semantic = VARIANTS[variant].semantic_keys if variant in VARIANTS else ()
    for km in KEY_MAPS:
        keys = path_get(table, km.path)
        if not keys:
            continue
        if derived:  # a results table's data sets exist only once its analysis has run
            _rename(keys, lambda key, km=km: _derived_id(key, km), path, km, log)  # type: ignore[misc]
            continue
        legend = km.path[-1] == "itemOverrides"
        out: Doc = {}
        for key, value in keys.items():
            if km.semantic and key in semantic:
                out[key] = value
                continue
            i = refs.v1_key(key, km.by, legend)
            if i is None:
                if log.full:
                    log.omit()
                else:
                    log.problem(_unmatched(km, key, (*path, *km.path, key), refs.n, variant))
                continue
            out[ids[i]] = value
            log.moved((*path, *km.path, ids[i]), (*path, *km.path, key))
        keys.clear()
        keys.update(out)
    types = table.get("variableTypes")
    if types and table.get("format") == "multipleVariables":
        out = {}
        for key, value in types.items():
            i = refs.by_name.get(key)
            if i is None and log.full:
                log.omit()
                continue
            if i is None:
                log.problem(
                    warning(
                        "variable-type-unknown-name",
                        (*path, "variableTypes", key),
                        f"expected the name of a data set; no data set is named {excerpt(key)} (ignored)",
                    )
                )
                continue
            out[ids[i]] = value
            log.moved((*path, "variableTypes", ids[i]), (*path, "variableTypes", key))
        types.clear()
        types.update(out)
    elif types:  # refused for this family; keys that name data sets become their ids all the same
        renamed = {ids[refs.by_name[k]] if k in refs.by_name else k: v for k, v in types.items()}
        types.clear()
        types.update(renamed)
    if isinstance(graph, dict):
        _migrate_options(graph, (*path, "graph"), refs, log)
    for analysis in table.get("analyses") or []:
        params = analysis.get("params")
        if analysis.get("method") != "ttest" or not params:
            continue
        for key in ("groupA", "groupB"):
            group = params.get(key)
            if isinstance(group, str) and group in refs.by_name:
                params[key] = ids[refs.by_name[group]]
    for n, ann in enumerate(table.get("annotations") or []):
        if ann.get("type") != "bracket":
            continue
        for side in ("left", "right"):
            anchor = ann[side]
            if anchor.get("kind") != "group":
                continue
            k = anchor["groupIndex"]
            where = (*path, "annotations", n, side)
            if derived or refs.n == 0:
                did = f"ds-{k}"  # a results table's data sets are made at open
            elif k >= len(plotted):
                # past the last plotted data set: version 1's warning, and the anchor is on
                # the last plotted data set, where version 1 drew it
                log.problem(
                    warning(
                        "annotation-group-out-of-range",
                        (*where, "groupIndex"),
                        f"expected a data set index below {len(plotted)}; found {k} (drawn at the last data set)",
                    )
                )
                did = ids[plotted[-1]] if plotted else absent_id(ids, k)
            else:
                did = ids[plotted[k]]  # the k-th plotted data set (contract 2.10)
            ann[side] = {"kind": "dataSet", "dataSetId": did}
            log.moved((*where, "dataSetId"), (*where, "groupIndex"))


def _plotted(table: Doc, refs: _Refs) -> list[int]:
    """The data sets a version 1 graph plots (those its `dataSetVisibility` does not hide), in
    order: a bracket's ``groupIndex`` n is the n-th of them (contract 2.10), in every family."""
    visibility = path_get(table, ("graph", "dataSetVisibility")) or {}
    hidden = {refs.index_key(k) for k, shown in visibility.items() if shown is False}
    return [i for i in range(refs.n) if i not in hidden]


def _derived_id(key: str, km: KeyMap) -> str | None:
    """The id of a results table's data set (made at open): its name, or ``ds-<index>``."""
    if km.by == "name":
        return None
    return f"ds-{key}" if key.isascii() and key.isdigit() else None


def _derived_key(key: str, km: KeyMap) -> str | None:
    """The model's key of a results table's data set id (see :func:`_derived_id`)."""
    if km.by == "name" or not key.startswith("ds-"):
        return None
    tail = key[3:]
    return tail if tail.isascii() and tail.isdigit() else None


def _rename(
    keys: Doc, key_of: Callable[[str], str | None], path: Path, km: KeyMap, log: Log | None
) -> None:
    renamed: Doc = {}
    for key, value in keys.items():
        new = key_of(key)
        if new is None:
            renamed[key] = value
            continue
        renamed[new] = value
        if log is not None:
            log.moved((*path, *km.path, new), (*path, *km.path, key))
    keys.clear()
    keys.update(renamed)


def _migrate_options(graph: Doc, path: Path, refs: _Refs, log: Log) -> None:
    options = (graph.get("plot") or {}).get("options")
    if not isinstance(options, dict):
        return
    where = (*path, "plot", "options")
    family = graph["plot"].get("family")
    if family == "partsOfWhole" and "dataSetIndex" in options:
        items = list(options.items())
        options.clear()
        for key, value in items:
            if key != "dataSetIndex":
                options[key] = value
            elif value < refs.n:
                options["dataSetId"] = refs.ids[value]
                log.moved((*where, "dataSetId"), (*where, "dataSetIndex"))
            else:
                log.problem(
                    warning(
                        "unmatched-data-set-key",
                        (*where, "dataSetIndex"),
                        f"expected a data set index below {refs.n}; found {value}, which "
                        "matches none (replaced by 0)",
                    )
                )
    mapping = options.get("mapping") if family == "multipleVariables" else None
    if isinstance(mapping, dict):
        for role, index in mapping.items():
            if isinstance(index, int):
                ok = index < refs.n
                mapping[role] = refs.ids[index] if ok else absent_id(refs.ids, index)


def _unmatched(km: KeyMap, key: str, path: Path, n: int, variant: str) -> Any:
    how = km.expected.format(n=n)
    if km.semantic and key in _ALL_SEMANTIC_KEYS:
        return warning(
            "unmatched-data-set-key",
            path,
            f"expected {how}; found the semantic key {excerpt(key)}, which {variant} "
            "does not draw (ignored)",
        )
    return warning(
        "unmatched-data-set-key",
        path,
        f"expected {how}; found {excerpt(key)}, which matches none (ignored)",
    )


# -- the model's references and a file's ----------------------------------------------------


def _convert_table(
    table: Doc,
    refs: _Refs,
    key_of: Callable[[str, KeyMap], str | None],
    to_ids: bool,
) -> None:
    """Rewrite every reference of ``table`` (a plain dict) with ``key_of`` for keys."""
    derived = "derivedFrom" in table
    for km in KEY_MAPS:
        keys = path_get(table, km.path)
        if keys:
            of = (_derived_id if to_ids else _derived_key) if derived else key_of
            _rename(keys, lambda key, km=km, of=of: of(key, km), (), km, None)  # type: ignore[misc]
    by_name = KeyMap((), "name")
    types = table.get("variableTypes")
    if types:
        renamed = {}
        for key, value in types.items():
            new = key_of(key, by_name)
            renamed[key if new is None else new] = value
        types.clear()
        types.update(renamed)
    analyses = table.get("analyses") or []
    # the methods of the table's analyses that name data sets (a table may have hundreds of
    # analyses of a few methods, often of none that does)
    methods = methods_of(analyses)
    if methods is None:  # a method that is no string (the writer's check refuses it)
        methods = {m for a in analyses if isinstance(m := a.get("method"), str)}
    naming = {
        method: spec
        for method in methods
        if isinstance(method, str)
        and (spec := METHODS.get(method)) is not None
        and spec.names_data_sets
    }
    for analysis in analyses if naming else ():
        method = analysis.get("method")
        spec = naming.get(method) if isinstance(method, str) else None
        if spec is None:
            continue
        params = analysis.get("params") or {}

        def reference(group: Any) -> Any:
            new = key_of(group, by_name) if isinstance(group, str) else None
            return group if new is None else new

        for key in spec.data_set_params:
            if key in params:
                params[key] = reference(params[key])
        for key in spec.data_set_pair_params:
            pairs = params.get(key)
            if isinstance(pairs, list):
                params[key] = [
                    [reference(g) for g in pair] if isinstance(pair, list) else pair
                    for pair in pairs
                ]
    for ann in table.get("annotations") or []:
        if ann.get("type") == "bracket":
            for side in ("left", "right"):
                ann[side] = _anchor(ann[side], refs, to_ids)
    graph = table.get("graph")
    options = (graph or {}).get("plot", {}).get("options")
    if not isinstance(options, dict):
        return
    family = graph["plot"].get("family")  # type: ignore[index]
    if family == "partsOfWhole":
        items = list(options.items())
        options.clear()
        for key, value in items:
            if to_ids and key == "dataSetIndex":
                options["dataSetId"] = (
                    refs.ids[value] if value < refs.n else absent_id(refs.ids, value)
                )
            elif not to_ids and key == "dataSetId":
                options["dataSetIndex"] = refs.by_id.get(value, 0)
            else:
                options[key] = value
    mapping = options.get("mapping") if family == "multipleVariables" else None
    if isinstance(mapping, dict):
        for role, value in mapping.items():
            if value is None:
                continue
            if to_ids:
                mapping[role] = refs.ids[value] if value < refs.n else absent_id(refs.ids, value)
            else:
                mapping[role] = refs.by_id.get(value, refs.n)


def _anchor(anchor: Doc, refs: _Refs, to_ids: bool) -> Doc:
    if to_ids and anchor.get("kind") == "group":
        k = anchor["groupIndex"]
        did = refs.ids[k] if k < refs.n else absent_id(refs.ids, k)
        return {"kind": "dataSet", "dataSetId": did}
    if not to_ids and anchor.get("kind") == "dataSet":
        did = anchor["dataSetId"]
        k = refs.by_id.get(did)
        if k is None:  # a results table's data sets, or a group past them: ds-<index>
            tail = did[3:].rstrip("-") if did.startswith("ds-") else ""
            k = int(tail) if tail.isascii() and tail.isdigit() and len(tail) < 7 else 0
        return {"kind": "group", "groupIndex": k}
    return anchor


def methods_of(analyses: list[Doc]) -> set[Any] | None:
    """The methods a table's analyses name (None for an analysis without one), gathered in
    C (a table may have hundreds of analyses); None when one is not hashable (no string)."""
    try:
        return set(map(dict.get, analyses, repeat("method")))
    except TypeError:
        return None


def table_to_ids(table: Doc, names: Sequence[str], ids: Sequence[str]) -> None:
    """The model's references of a written table (a version 1 shaped dict) as ids, in place.

    A reference that matches no data set is written as it is (reopening warns about it).
    """
    refs = _Refs(names, ids)

    def key_of(key: str, km: KeyMap) -> str | None:
        i = refs.by_name.get(key) if km.by == "name" else refs.index_key(key)
        return None if i is None else refs.ids[i]

    _convert_table(table, refs, key_of, to_ids=True)


def table_to_model(table: Doc, names: Sequence[str], ids: Sequence[str]) -> None:
    """A version 2 table's references (ids) as the model keeps them, in place."""
    refs = _Refs(names, ids)

    def key_of(key: str, km: KeyMap) -> str | None:
        i = refs.by_id.get(key)
        return None if i is None else refs.model_key(i, km.by)

    _convert_table(table, refs, key_of, to_ids=False)
