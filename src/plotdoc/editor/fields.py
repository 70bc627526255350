"""Setting one value of a table by its JSON path, as the Format panel and the graph do.

Paths are the contract's, within a table (``("graph", "styleOverrides", "perDataSet",
"Control", "symbol", "color")``); the edit goes through :func:`plotdoc.editing.set_field` (one
undo step, refused with open's message and the project unchanged).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from .. import editing
from ..editing.base import Edit, find_table
from ..model import GRAPH_ATTRS, Project, Table
from .format_spec import PathPart

if TYPE_CHECKING:
    from ..editing.session import Session
    from .view import View

#: each session's versions made by edits that change only how a graph looks (styles, axes,
#: titles, annotations): the analyses need not be computed again for them
_STYLED: dict[int, tuple[weakref.ref[Session], set[int]]] = {}


def _marks(session: Session) -> set[int]:
    entry = _STYLED.get(id(session))
    if entry is None or entry[0]() is not session:
        entry = (weakref.ref(session), set())
        _STYLED[id(session)] = entry
    return entry[1]


def apply_style(view: View, op: Any, *args: Any) -> bool:
    """``view.apply_look``: an edit of the graph's look; marks the version it makes."""
    done = view.apply_look(op, *args)
    if done:
        marks = _marks(view.session)
        marks.add(view.session.version)
        if len(marks) > 10_000:
            marks.clear()
    return done


def styled_since(session: Session, version: int | None) -> bool:
    """Whether every edit after ``version`` changed only how graphs look (None: unknown)."""
    if version is None:
        return False
    marks = _marks(session)
    return all(v in marks for v in range(version + 1, session.version + 1))


def _container(table: Table, path: tuple[PathPart, ...]) -> tuple[Any, tuple[PathPart, ...]]:
    """The model's dict holding ``path`` and the rest of the path inside it."""
    head = path[0] if path else None
    if head == "titles":
        return table.titles, path[1:]
    if head == "annotations" and len(path) > 2 and isinstance(path[1], int):
        if 0 <= path[1] < len(table.annotations):
            return table.annotations[path[1]].props, path[2:]
        return None, ()
    if head == "graph" and table.graph is not None and len(path) > 1:
        if path[1] == "plot" and len(path) > 3 and path[2] == "options":
            return table.graph.plot.options, path[3:]
        attr = GRAPH_ATTRS.get(str(path[1]))
        if attr is None:
            return None, ()
        if len(path) == 2:
            return table.graph.__dict__, (attr,)
        return getattr(table.graph, attr), path[2:]
    return None, ()


def current(table: Table, path: tuple[PathPart, ...]) -> Any:
    """The value the table holds at ``path``, None when unset."""
    node, rest = _container(table, path)
    for part in rest:
        if isinstance(node, dict) and str(part) in node:
            node = node[str(part)]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]  # a reference line of an axis
        else:
            return None
    return node


def set_value(project: Project, table_id: str, path: tuple[PathPart, ...], value: Any) -> Edit:
    """Set the value at ``path`` (within table ``table_id``): one checked edit."""
    index, _ = find_table(project, table_id)
    return editing.set_field(project, ("tables", index, *path), value)


def reset_value(project: Project, table_id: str, path: tuple[PathPart, ...]) -> Edit:
    """Remove the value at ``path``, so it takes its default (the style's) again."""
    index, _ = find_table(project, table_id)
    return editing.unset_field(project, ("tables", index, *path))


def style_colour(table: Any, path: tuple[PathPart, ...]) -> str | None:
    """The colour the style gives a data set's element when the document gives none
    (``#1f77b4``), for a colour field left empty; None where it cannot be told."""
    graph = table.graph
    if graph is None or len(path) < 5 or path[:2] != ("graph", "styleOverrides"):
        return None
    index: int | None = None
    if path[2] in ("perDataSet", "perPoint"):
        names = [ds.name for ds in table.data_sets]
        if path[3] not in names:
            return None
        index = names.index(str(path[3]))
    element, key = str(path[-2]), str(path[-1])
    try:
        from ..render.style.theme import make_theme, own_color, to_hex

        styles = graph.style_overrides or {}
        layers = [styles.get("global", {})]
        if index is not None:
            layers.append(styles.get("perDataSet", {}).get(table.data_sets[index].name, {}))
        own = own_color(layers)  # the data set's colour colours its other marks, as drawn
        theme = make_theme(graph.active_preset_id, graph.apply_preset_non_color)
        value = theme.element_defaults(element, index, own).get(key)
        if element == "symbol" and key == "borderColor" and own is not None:
            value = own  # a symbol given a colour takes it for its border too
        return to_hex(value) if isinstance(value, tuple) else None
    except Exception:  # an element the theme does not style: nothing to show
        return None
