"""One path to every field: set (or reset) any settable value of the document by its JSON path.

The path is written as problems print it (``tables[0].graph.styleOverrides.perDataSet.Control.
symbol.color``, ``tables[1].titles.graph.dx``, ``tables[0].annotations[2].text``); objects
missing on the way are created (an object whose fields are all required, such as
``lineOfIdentity``, starts from their defaults). The edited part is then completed with its
defaults as open completes it, and the project is checked by the open pipeline like every edit:
a refused value gives open's code and message and leaves the project unchanged.

Cells are typed with :func:`~plotdoc.editing.set_cells`, and replicates, tables and data sets
have their own edits; their paths are refused here with the name of the edit to use.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from ..contract import document as D
from ..contract.methods import METHODS
from ..contract.nodes import (
    MISSING,
    Arr,
    Bool,
    Const,
    Enum,
    Map,
    Node,
    Null,
    Num,
    Obj,
    OneOf,
    Ref,
    Str,
)
from ..contract.variants import VARIANTS, merge
from ..downwrite import pin_ids
from ..model import GRAPH_OBJECT_ATTRS, Annotation, Project, Table
from ..problems import PathPart, format_path
from ..reader.resolve import resolve
from .base import Outcome, refuse, structural
from .fields import FieldError, node_at, parse_path, tags_of
from .graph import apply_variant
from .repairs import rename_keys

#: Paths set by other edits, and the edit to use.
OTHER_EDITS = {
    "id": "the table's id is fixed (results tables refer to it)",
    "format": "a table's family is fixed; add a table of the other family",
    "replicates": "use set_replicates",
    "x": "use set_cells",
    "rowLabels": "use set_cells",
    "derivedFrom": "a results table's source is fixed",
}

#: Marks a value to remove (see :func:`unset_field`).
_UNSET: Any = object()


def _path(path: str | Sequence[PathPart]) -> tuple[PathPart, ...]:
    try:
        parts = parse_path(path)
    except ValueError as exc:
        raise refuse("edit-invalid", (), str(exc)) from None
    if not parts:
        raise refuse("edit-invalid", (), "expected the path of a field; found an empty path")
    return parts


def _starter(node: Node) -> Any:
    """A valid value of ``node`` to begin a required field with (its default when it has one)."""
    if node.default is not MISSING:
        return copy.deepcopy(node.default)
    if isinstance(node, Ref):
        if node.name == "ColorRef":
            return "theme"
        return _starter(D.DEFINITIONS[node.name])
    if isinstance(node, Bool):
        return False
    if isinstance(node, Num):
        low = node.minimum if node.minimum is not None else 0
        if node.exclusive_minimum is not None and low <= node.exclusive_minimum:
            low = node.exclusive_minimum + 1
        if node.maximum is not None:
            low = min(low, node.maximum)
        return int(low) if node.integer else float(low)
    if isinstance(node, Enum):
        return node.values[0]
    if isinstance(node, Const):
        return copy.deepcopy(node.value)
    if isinstance(node, Str):
        return "x" * node.min_len
    if isinstance(node, OneOf):
        options = [o for o in node.options if not isinstance(o, Null)]
        return _starter(options[0]) if options else None
    if isinstance(node, Obj):
        return {k: _starter(node.props[k]) for k in node.required}
    if isinstance(node, Arr):
        return []
    if isinstance(node, Map):
        return {}
    return None


def _new_object(full: tuple[PathPart, ...], project: Project) -> Any:
    """The object created at ``full`` (a document path): its required fields started."""
    try:
        node, _ = node_at(full, tags_of(full, project))
    except FieldError:
        return {}  # an unknown key: open's check refuses it with its message
    while isinstance(node, Ref) and node.name != "ColorRef":
        node = D.DEFINITIONS[node.name]
    if isinstance(node, OneOf) or (isinstance(node, Ref) and node.name == "ColorRef"):
        target = D.DEFINITIONS["ColorRef"] if isinstance(node, Ref) else node
        assert isinstance(target, OneOf)
        objects = [o for o in target.options if isinstance(o, Obj)]
        node = objects[0] if len(objects) == 1 else Obj(props={})
    started = _starter(node) if isinstance(node, Obj) else {}
    return started if isinstance(started, dict) else {}


def _put(
    container: Any,
    keys: tuple[PathPart, ...],
    value: Any,
    full: tuple[PathPart, ...],
    project: Project,
) -> None:
    """Set ``value`` at ``keys`` inside ``container`` (``full`` is the document path of the
    value, to start objects created on the way); ``_UNSET`` removes it."""
    where = full[: len(full) - len(keys)]
    node = container
    for depth, key in enumerate(keys[:-1]):
        here = (*where, *keys[: depth + 1])
        node = _child(node, key, here, create=value is not _UNSET, project=project)
    last = keys[-1]
    if isinstance(node, dict) and isinstance(last, str):
        if value is _UNSET:
            if last not in node:
                raise _nothing_at(full)
            del node[last]
        else:
            node[last] = value
    elif isinstance(node, list) and isinstance(last, int) and 0 <= last <= len(node):
        if value is _UNSET:
            if last == len(node):
                raise _nothing_at(full)
            del node[last]
        elif last == len(node):
            node.append(value)
        else:
            node[last] = value
    else:
        raise _no_place(full, node, last)


def _child(
    node: Any, key: PathPart, here: tuple[PathPart, ...], create: bool, project: Project
) -> Any:
    if isinstance(node, dict) and isinstance(key, str):
        child = node.get(key)
        if not isinstance(child, (dict, list)):
            if not create:
                raise _nothing_at(here)
            child = _new_object(here, project)
            node[key] = child
        return child
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        return node[key]
    raise _no_place(here, node, key)


def _nothing_at(path: tuple[PathPart, ...]) -> Exception:
    return refuse("edit-invalid", path, "expected a value to remove; nothing is set here")


def _no_place(path: tuple[PathPart, ...], node: Any, key: PathPart) -> Exception:
    if isinstance(node, list):
        what = f"an index 0 to {len(node)}; found {key!r}"
    else:
        what = "a key (a name)" if isinstance(node, dict) else "an object or array above it"
        what += f"; found {key!r}"
    return refuse("edit-invalid", path, f"expected {what}")


def _set_graph(
    project: Project, table: Table, index: int, rest: tuple[PathPart, ...], value: Any
) -> bool:
    """Set inside the graph; True when the graph type changed (open's repairs apply)."""
    graph = table.graph
    if graph is None:
        raise refuse(
            "edit-invalid",
            ("tables", index, "graph"),
            f"expected a table with a graph; {table.name!r} has none",
        )
    full = ("tables", index, *rest)
    if len(rest) < 2:
        raise refuse("edit-invalid", full, "expected the path of a field inside the graph")
    key = rest[1]
    if key == "variantId" and len(rest) == 2 and value is not _UNSET:
        apply_variant(table, value)
        return True
    if key == "plot":
        if rest[2:3] != ("options",):
            raise refuse(
                "edit-invalid",
                full,
                "expected a path inside plot.options (the plot's family is the table's)",
            )
        if len(rest) == 3:
            if value is _UNSET or not isinstance(value, dict):
                raise refuse("edit-invalid", full, "expected an object of plot options")
            graph.plot.options = value
        else:
            _put(graph.plot.options, rest[3:], value, full, project)
        graph.plot.options = merge(VARIANTS[graph.variant_id].default_options, graph.plot.options)
        return False
    if key in ("activePresetId", "applyPresetNonColor") and len(rest) == 2:
        attr = "active_preset_id" if key == "activePresetId" else "apply_preset_non_color"
        default = D.GRAPH.props[str(key)].default
        setattr(graph, attr, default if value is _UNSET else value)
        return False
    if key not in GRAPH_OBJECT_ATTRS:
        raise refuse(
            "edit-invalid",
            full[:4],
            f"expected a field of the graph ({', '.join(D.GRAPH.props)}); found {key!r}",
        )
    attr = GRAPH_OBJECT_ATTRS[str(key)]
    if len(rest) == 2:
        setattr(graph, attr, {} if value is _UNSET else value)
    else:
        _put(getattr(graph, attr), rest[2:], value, full, project)
    setattr(graph, attr, resolve(D.GRAPH.props[str(key)], getattr(graph, attr)))
    return False


def _annotation(table: Table, index: int, rest: tuple[PathPart, ...]) -> Annotation:
    n = rest[1] if len(rest) > 1 else None
    if not isinstance(n, int) or not 0 <= n < len(table.annotations):
        raise refuse(
            "edit-invalid",
            ("tables", index, "annotations"),
            f"expected an annotation index 0 to {len(table.annotations) - 1}; found {n!r}"
            " (add_annotation adds one)",
        )
    return table.annotations[n]


def _set_annotation(
    project: Project, table: Table, index: int, rest: tuple[PathPart, ...], value: Any
) -> None:
    ann = _annotation(table, index, rest)
    full = ("tables", index, *rest)
    doc: dict[str, Any] = {"type": ann.type, "id": ann.id, **ann.props}
    if len(rest) == 2:
        if value is _UNSET or not isinstance(value, dict):
            raise refuse("edit-invalid", full, "expected an annotation object")
        doc = {"id": ann.id, **value}
    elif rest[2] == "type":
        raise refuse(
            "edit-invalid",
            full,
            "expected a field of the annotation; its type is fixed (remove it and add another)",
        )
    else:
        _put(doc, rest[2:], value, full, project)
    full_doc = resolve(D.DEFINITIONS["Annotation"], doc)
    if not isinstance(full_doc, dict):
        raise refuse("edit-invalid", full, "expected an annotation object")
    ann.id = full_doc.pop("id", ann.id)
    ann.type = full_doc.pop("type", ann.type)
    ann.props = full_doc


def _set_analysis(
    project: Project, table: Table, index: int, rest: tuple[PathPart, ...], value: Any
) -> None:
    n = rest[1] if len(rest) > 1 else None
    full = ("tables", index, *rest)
    if not isinstance(n, int) or not 0 <= n < len(table.analyses):
        raise refuse(
            "edit-invalid",
            full[:4],
            f"expected an analysis index 0 to {len(table.analyses) - 1}; found {n!r}",
        )
    if rest[2:3] != ("params",) or len(rest) < 4:
        raise refuse(
            "edit-invalid",
            full,
            "expected a path inside the analysis's params (its id and method are fixed)",
        )
    analysis = table.analyses[n]
    _put(analysis.params, rest[3:], value, full, project)
    method = METHODS.get(analysis.method)
    if method is not None:
        analysis.params = merge(method.defaults, analysis.params)


def _set_data_set_name(table: Table, index: int, rest: tuple[PathPart, ...], value: Any) -> None:
    from .tables import _check_name, _data_set_index

    full = ("tables", index, *rest)
    if table.derived_from is not None:
        raise refuse(
            "edit-invalid",
            full,
            f"expected a data table; {table.name!r} holds results, whose data sets are computed",
        )
    if len(rest) != 3 or rest[2] != "name" or value is _UNSET:
        raise refuse(
            "edit-invalid", full, "expected a data set's name (cells are typed with set_cells)"
        )
    d = _data_set_index(table, index, rest[1])
    _check_name(value, full)
    old = table.data_sets[d].name
    if value != old and value in {ds.name for ds in table.data_sets}:
        raise refuse(
            "duplicate-data-set-name",
            full,
            f"expected a unique data set name; {value!r} is the name of another data set",
        )
    pin_ids(table)  # the file refers to it by id: renaming changes nothing else
    table.data_sets[d].name = value
    rename_keys(table, old, value)


def _set_table(project: Project, index: int, rest: tuple[PathPart, ...], value: Any) -> bool:
    table = project.tables[index]
    full = ("tables", index, *rest)
    key = rest[0]
    if key == "graph":
        return _set_graph(project, table, index, rest, value)
    if key == "titles" and len(rest) > 1:
        _put(table.titles, rest[1:], value, full, project)
        table.titles = resolve(D.DEFINITIONS["Titles"], table.titles)
    elif key == "annotations":
        _set_annotation(project, table, index, rest, value)
    elif key == "analyses":
        _set_analysis(project, table, index, rest, value)
    elif key == "dataSets":
        _set_data_set_name(table, index, rest, value)
    elif key == "name" and len(rest) == 1:
        from .tables import _check_name

        _check_name(value, full)
        table.name = value
    elif key in ("usermeta", "columnWidths") and len(rest) > 1:
        target = table.usermeta if key == "usermeta" else table.column_widths
        _put(target, rest[1:], value, full, project)
    elif key == "variableTypes" and len(rest) > 1 and table.variable_types is not None:
        _put(table.variable_types, rest[1:], value, full, project)
    elif key in OTHER_EDITS:
        raise refuse(
            "edit-invalid", full, f"expected a field set_field sets; {OTHER_EDITS[str(key)]}"
        )
    else:
        raise refuse(
            "edit-invalid",
            full,
            "expected the path of a field of the table (name, graph..., titles..., "
            "annotations[n]..., analyses[n].params..., dataSets[n].name, usermeta..., "
            "columnWidths..., variableTypes...)",
        )
    return False


def _apply(project: Project, path: str | Sequence[PathPart], value: Any) -> Outcome:
    parts = _path(path)
    label = _label(parts, value)
    if parts[0] == "tables":
        index = parts[1] if len(parts) > 2 else None
        if not isinstance(index, int) or not 0 <= index < len(project.tables):
            raise refuse(
                "edit-invalid",
                ("tables",),
                f"expected a path such as tables[0].graph.legend.show, with a table index 0 to "
                f"{len(project.tables) - 1}; found {format_path(parts)}",
            )
        repair = _set_table(project, index, parts[2:], value)
        return Outcome(label, index, None, project.tables[index].id, repair=repair)
    if parts[0] in ("meta", "view", "usermeta") and len(parts) > 1:
        target = getattr(project, str(parts[0]))
        _put(target, parts[1:], value, parts, project)
        if parts[0] != "usermeta":
            setattr(project, str(parts[0]), resolve(D.ROOT.props[str(parts[0])], target))
        return Outcome(label)
    raise refuse(
        "edit-invalid",
        parts[:1],
        "expected a path inside tables[n], meta, view or usermeta; found " + format_path(parts),
    )


def _label(parts: tuple[PathPart, ...], value: Any) -> str:
    words = [p for p in parts[2:] if isinstance(p, str)] or [str(parts[0])]
    return ("Reset " if value is _UNSET else "Change ") + words[-1]


@structural
def set_field(project: Project, /, path: str | Sequence[PathPart], value: Any) -> Outcome:
    """Set the value at ``path`` (as problems print paths, or a tuple of keys and indexes).

    Objects missing on the way are created; the value is copied. Returns an
    :class:`~plotdoc.editing.Edit` (one undo step); a value open would refuse or read otherwise
    raises :class:`~plotdoc.PlotdocError` with open's code and message, the project unchanged.
    Setting ``graph.variantId`` changes the graph type as :func:`set_variant` does.
    """
    return _apply(project, path, copy.deepcopy(value))


@structural
def unset_field(project: Project, /, path: str | Sequence[PathPart]) -> Outcome:
    """Remove the value at ``path``, so the field takes its default again (Reset)."""
    return _apply(project, path, _UNSET)


__all__ = ["set_field", "unset_field"]
