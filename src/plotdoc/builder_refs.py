"""How the builder's calls name a data set, and the id the document it holds gets instead.

The builder holds a document of the current schema version, where every reference to a data
set is its id (v2-design section 1). Its calls take what users wrote before data sets had
ids as well: a data set's id, its name, or its index (a Python ``int``; in the fields
version 1 keyed by index, such as ``legend.itemOverrides``, also the index as a string,
``"0"``). A reference is resolved as schema version 1's migration would resolve it
(:mod:`plotdoc.migrations.v1_to_v2`), so a call by name or index gives the same file as
before. A string that could mean two different data sets (the name of one, the id or index
of another) means what it meant in version 1 while the table's ids are the ones version 2
makes from the names (no call gave an id: code written for version 1), and is otherwise
refused: the builder never guesses. A reference that matches no data set is kept
as it is: open reports it (``unmatched-data-set-key``...) as it would in a file.

A results table's data sets exist only once its analysis has run; their ids are
``ds-<index>`` (what the migration gives them), and names are kept as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .migrations.v1_to_v2 import KEY_MAPS, KeyMap, absent_id, data_set_ids, path_get
from .problems import Path, PlotdocError, error, excerpt

#: what a call may pass for a data set: an id, a name or an index
Ref = str | int


def _invalid(path: Path, message: str) -> PlotdocError:
    return PlotdocError([error("builder-invalid", path, message)])


def give_ids(
    table: dict[str, Any], given: Sequence[str] | Mapping[str, str] | None, at: Path
) -> None:
    """Give each data set of ``table`` its id, in place: the one ``given`` (by position, or
    by data set name), else the one it has, else one made as schema version 2 makes it
    (:func:`~plotdoc.migrations.v1_to_v2.data_set_ids`). The id comes first in each data set."""
    data_sets: list[dict[str, Any]] = table.get("dataSets") or []
    names = [ds.get("name") for ds in data_sets]
    if isinstance(given, (str, bytes)):
        raise _invalid(
            (*at, "dataSets"),
            f"expected data_set_ids as a list of ids or a mapping from name to id; found the "
            f"string {excerpt(given)}",
        )
    if given is None:
        wanted: list[object] = [ds.get("id") for ds in data_sets]
    elif isinstance(given, Mapping):
        unknown = [k for k in given if k not in names]
        if unknown:
            raise _invalid(
                (*at, "dataSets"),
                f"expected data_set_ids keyed by the names of the data sets; no data set is "
                f"named {excerpt(unknown[0])}",
            )
        wanted = [given.get(n) if isinstance(n, str) else None for n in names]
    else:
        wanted = list(given)
        if len(wanted) != len(data_sets):
            raise _invalid(
                (*at, "dataSets"),
                f"expected one id per data set in data_set_ids ({len(data_sets)}); "
                f"found {len(wanted)}",
            )
    bad = next((w for w in wanted if w is not None and not isinstance(w, str)), None)
    if bad is not None:
        raise _invalid((*at, "dataSets"), f"expected data set ids as strings; found {bad!r}")
    for ds, did in zip(data_sets, data_set_ids(names, wanted), strict=True):
        rest = [(k, v) for k, v in ds.items() if k != "id"]
        ds.clear()
        ds.update([("id", did), *rest])


class DataSetRefs:
    """The data sets of one held table (at path ``at``), as the builder's calls name them."""

    def __init__(self, table: Mapping[str, Any], at: Path) -> None:
        data_sets = table.get("dataSets") or []
        self.ids: list[str] = [ds["id"] for ds in data_sets]
        self.names: list[str] = [ds["name"] for ds in data_sets]
        self.derived = "derivedFrom" in table
        self.at = at
        self.n = len(self.ids)
        #: whether the ids are those version 2 makes from the names (no call gave one)
        self.made = self.ids == data_set_ids(self.names)

    def _index_of(self, text: str, strict: bool) -> int | None:
        if strict and text != "0" and text.startswith("0"):
            return None
        if (
            len(text) <= len(str(self.n))
            and text.isascii()
            and text.isdigit()
            and int(text) < self.n
        ):
            return int(text)
        return None

    def resolve(self, ref: Ref, where: Path, *, by_index: bool = False, strict: bool = True) -> str:
        """The id ``ref`` names (``by_index``: a digit string is an index, as the field's
        version 1 form had it, with no leading zero when ``strict``; otherwise a string is
        a name in version 1's form); an index past the last data set gives an id no data set
        has (``ds-<index>``), any other reference that matches none is given back as it is."""
        if isinstance(ref, bool) or not isinstance(ref, (int, str)):
            raise _invalid(
                where,
                f"expected a data set's id, name or index; found {type(ref).__name__} {ref!r}",
            )
        if isinstance(ref, int):
            if ref < 0:
                raise _invalid(where, f"expected a data set index of 0 or more; found {ref}")
            if self.derived or self.n == 0:
                return f"ds-{ref}"
            return self.ids[ref] if ref < self.n else absent_id(self.ids, ref)
        if self.derived:
            if by_index and ref.isascii() and ref.isdigit():
                return f"ds-{ref}"
            return ref
        # version 1's reading of the field first (an index, or a name), then the id
        meant: dict[int, str] = {}
        if by_index and (i := self._index_of(ref, strict)) is not None:
            meant[i] = "the index"
        if not by_index and ref in self.names:
            meant[self.names.index(ref)] = "the name"
        if ref in self.ids:
            meant.setdefault(self.ids.index(ref), "the id")
        if by_index and ref in self.names:
            meant.setdefault(self.names.index(ref), "the name")
        if len(meant) > 1 and not self.made:
            which = " and ".join(f"{how} of dataSets[{i}]" for i, how in meant.items())
            raise _invalid(
                where,
                f"expected a reference to one data set; {excerpt(ref)} is {which} "
                "(pass the data set's index as a number)",
            )
        if meant:
            return self.ids[next(iter(meant))]
        return ref

    def keys(
        self,
        values: Mapping[Any, Any],
        where: Path,
        km: KeyMap | None = None,
        semantic: Iterable[str] = (),
    ) -> dict[str, Any]:
        """``values`` keyed by data set id (its keys named as ``km`` says version 1 keyed
        them; a semantic key such as ``volcano:up`` stays as it is)."""
        by_index = km is not None and km.by == "index"
        strict = km is not None and km.path[-1] == "itemOverrides"
        keep = frozenset(semantic)
        out: dict[str, Any] = {}
        for key, value in values.items():
            if isinstance(key, str) and key in keep:
                out[key] = value
                continue
            out[self.resolve(key, (*where, str(key)), by_index=by_index, strict=strict)] = value
        return out

    def anchor(self, anchor: Any, where: Path) -> Any:
        """A bracket's end as the held document has it: ``{"kind": "dataSet", "dataSetId"}``
        for a data set given by index, id or name, or version 1's ``{"kind": "group",
        "groupIndex": n}``; any other anchor as it is (open checks it)."""
        if isinstance(anchor, (int, str)) and not isinstance(anchor, bool):
            return {"kind": "dataSet", "dataSetId": self.resolve(anchor, where)}
        if not isinstance(anchor, Mapping):
            return anchor
        if anchor.get("kind") == "group" and isinstance(anchor.get("groupIndex"), int):
            ref: Ref = anchor["groupIndex"]
        elif anchor.get("kind") == "dataSet" and isinstance(anchor.get("dataSetId"), (int, str)):
            ref = anchor["dataSetId"]
        else:
            return dict(anchor)
        return {"kind": "dataSet", "dataSetId": self.resolve(ref, (*where, "dataSetId"))}


def graph_by_id(graph: dict[str, Any], refs: DataSetRefs, semantic: Iterable[str]) -> None:
    """Every data set reference of a held table's ``graph`` as an id, in place."""
    where = (*refs.at, "graph")
    table = {"graph": graph}
    keep = tuple(semantic)
    for km in KEY_MAPS:
        keys = path_get(table, km.path)
        if isinstance(keys, Mapping) and keys:
            parent = path_get(table, km.path[:-1])
            parent[km.path[-1]] = refs.keys(
                keys, (*refs.at, *km.path), km, keep if km.semantic else ()
            )
    options = (graph.get("plot") or {}).get("options")
    if not isinstance(options, dict):
        return
    at = (*where, "plot", "options")
    family = graph["plot"].get("family")
    if family == "partsOfWhole" and ("dataSetIndex" in options or "dataSetId" in options):
        if "dataSetIndex" in options and "dataSetId" in options:
            raise _invalid(
                (*at, "dataSetIndex"),
                "expected the pie's data set once, as dataSetId= (an id, name or index) or "
                "dataSetIndex=; found both",
            )
        key = "dataSetIndex" if "dataSetIndex" in options else "dataSetId"
        items = list(options.items())
        options.clear()
        for k, v in items:
            if k == key:
                options["dataSetId"] = refs.resolve(v, (*at, k))
            else:
                options[k] = v
    mapping = options.get("mapping") if family == "multipleVariables" else None
    if isinstance(mapping, dict):
        options["mapping"] = {
            role: None if ref is None else refs.resolve(ref, (*at, "mapping", role))
            for role, ref in mapping.items()
        }


def params_by_id(method: str, params: dict[str, Any], refs: DataSetRefs, where: Path) -> None:
    """An analysis' parameters that name data sets (a t test's groups) as ids, in place."""
    from .analyses.methods import METHODS

    spec = METHODS.get(method)
    for name in spec.data_set_params if spec is not None else ():
        ref = params.get(name)
        if isinstance(ref, (int, str)) and not isinstance(ref, bool):
            params[name] = refs.resolve(ref, (*where, name))
