"""Keys that name data sets, kept in step with the data sets, and open's repairs applied by edits.

Style overrides, legend entries, visibility and element activation name data sets by name or
by index; variable types and t test groups by name. When a data set is renamed, removed or
moved, the edit that does it moves these keys too, so the project keeps its look and open
reads it as the editor shows it. A graph type change may leave keys the new type does not
draw: the check reports them as open would, and :func:`apply_repair` drops them as open does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..contract.methods import METHODS
from ..contract.plots import MV_REQUIRED_ROLES
from ..contract.variants import VARIANTS
from ..model import GRAPH_OBJECT_ATTRS, Graph, Project, Table
from ..problems import Problem


def _index_maps(graph: Graph) -> list[dict[str, Any]]:
    """The graph's objects keyed by data set index."""
    maps = [graph.data_set_visibility]
    per = graph.element_activation.get("perDataSet")
    if isinstance(per, dict):
        maps.append(per)
    items = graph.legend.get("itemOverrides")
    if isinstance(items, dict):
        maps.append(items)
    return maps


def _name_maps(graph: Graph) -> list[dict[str, Any]]:
    """The graph's objects keyed by data set name."""
    out = []
    for key in ("perDataSet", "perPoint"):
        node = graph.style_overrides.get(key)
        if isinstance(node, dict):
            out.append(node)
    return out


def rename_keys(table: Table, old: str, new: str) -> None:
    """Everything keyed by the data set name ``old`` follows it to ``new``."""
    if old == new:
        return
    graph = table.graph
    if graph is not None:
        for node in _name_maps(graph):
            if old in node:
                node[new] = node.pop(old)
    for analysis in table.analyses:
        spec = METHODS.get(analysis.method)
        if spec is None:
            continue
        for key in spec.data_set_params:
            if analysis.params.get(key) == old:
                analysis.params[key] = new
        for key in spec.data_set_pair_params:
            analysis.params[key] = [
                [new if name == old else name for name in pair]
                for pair in analysis.params.get(key) or []
            ]
    if table.variable_types and old in table.variable_types:
        table.variable_types[new] = table.variable_types.pop(old)


def _shift_index_map(node: dict[str, Any], removed: int) -> None:
    kept: dict[str, Any] = {}
    for key, value in node.items():
        if key.isascii() and key.isdigit():
            i = int(key)
            if i == removed:
                continue
            kept[str(i - 1) if i > removed else key] = value
        else:
            kept[key] = value  # a semantic key (volcano:up) names no data set
    node.clear()
    node.update(kept)


def remove_keys(table: Table, index: int, name: str) -> None:
    """Keys of the data set ``index`` (named ``name``) removed; later indexes move down one."""
    graph = table.graph
    if graph is not None:
        for node in _index_maps(graph):
            _shift_index_map(node, index)
        for node in _name_maps(graph):
            node.pop(name, None)
        options = graph.plot.options
        if VARIANTS[graph.variant_id].family == "partsOfWhole":
            chosen = options.get("dataSetIndex")
            if isinstance(chosen, int) and chosen >= index and chosen > 0:
                options["dataSetIndex"] = chosen - 1 if chosen > index else 0
        mapping = options.get("mapping")
        if isinstance(mapping, dict):
            for role, value in list(mapping.items()):
                if isinstance(value, int) and value > index:
                    mapping[role] = value - 1
                elif value == index:
                    mapping[role] = None
            complete_mapping(options, len(table.data_sets))
    if table.variable_types:
        table.variable_types.pop(name, None)
    for analysis in table.analyses:  # a pair naming it is dropped; the analysis stays
        spec = METHODS.get(analysis.method)
        for key in spec.data_set_pair_params if spec else ():
            pairs = analysis.params.get(key) or []
            analysis.params[key] = [
                p for p in pairs if not (isinstance(p, (list, tuple)) and name in p)
            ]


def move_points(table: Table, moved: Callable[[int], int | None]) -> None:
    """Per-point styles follow their rows: ``moved(row)`` is the row's new index, or None for a
    row deleted (its style goes with it)."""
    graph = table.graph
    per_point = graph.style_overrides.get("perPoint") if graph is not None else None
    if not isinstance(per_point, dict):
        return
    for points in per_point.values():
        if not isinstance(points, dict):
            continue
        kept: dict[str, Any] = {}
        for key, value in points.items():
            if key.isascii() and key.isdigit():
                new = moved(int(key))
                if new is not None:
                    kept[str(new)] = value
            else:
                kept[key] = value
        points.clear()
        points.update(kept)


def shift_brackets(table: Table, removed: int) -> None:
    """Bracket ends on data sets past the removed data set ``removed`` move down one."""
    for ann in table.annotations:
        if ann.type != "bracket":
            continue
        for side in ("left", "right"):
            anchor = ann.props.get(side)
            if isinstance(anchor, dict) and anchor.get("kind") == "group":
                index = anchor.get("groupIndex")
                if isinstance(index, int) and index > removed:
                    anchor["groupIndex"] = index - 1


def keep_active(project: Project, before: list[str]) -> None:
    """The view's active table, when it was deleted, becomes the one now in its place."""
    active = project.view.get("activeTableId")
    ids = [t.id for t in project.tables]
    if active is None or active in ids:
        return
    at = before.index(active) if active in before else 0
    survivors = [tid for tid in before[:at] if tid in ids]
    after = [tid for tid in before[at:] if tid in ids]
    if after or survivors:
        project.view["activeTableId"] = after[0] if after else survivors[-1]
    else:
        project.view.pop("activeTableId", None)


def complete_mapping(options: dict[str, Any], n_sets: int) -> None:
    """Give every role a multiple-variables plot needs a data set (the first not mapped to
    another role), as a new graph maps its variables; roles past the last data set are unmapped."""
    mapping = options.get("mapping")
    kind = options.get("kind")
    if not isinstance(mapping, dict) or kind not in MV_REQUIRED_ROLES:
        return
    for role, value in list(mapping.items()):
        if isinstance(value, int) and value >= n_sets:
            mapping[role] = None
    for role in MV_REQUIRED_ROLES[kind]:
        if mapping.get(role) is None:
            used = {v for v in mapping.values() if isinstance(v, int)}
            free = [i for i in range(n_sets) if i not in used]
            mapping[role] = free[0] if free else 0


def apply_repair(project: Project, problem: Problem) -> bool:
    """Change the project as open would on reading the part ``problem`` names; False when
    the problem is not one open repairs by dropping or replacing a key."""
    path = problem.path
    if len(path) < 4 or path[0] != "tables" or not isinstance(path[1], int):
        return False
    table = project.tables[path[1]]
    if problem.code == "variable-type-unknown-name" and table.variable_types is not None:
        table.variable_types.pop(str(path[-1]), None)
        return True
    graph = table.graph
    if graph is None or path[2] != "graph":
        return False
    if path[3:] == ("plot", "options", "mode") and problem.code == "mode-not-offered":
        graph.plot.options["mode"] = VARIANTS[graph.variant_id].default_mode
        return True
    if path[3:] == ("plot", "options", "dataSetIndex"):
        graph.plot.options["dataSetIndex"] = 0
        return True
    if problem.code != "unmatched-data-set-key" or path[3] not in GRAPH_OBJECT_ATTRS:
        return False
    node: Any = getattr(graph, GRAPH_OBJECT_ATTRS[str(path[3])])
    for part in path[4:-1]:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        return False
    node.pop(path[-1], None)
    return True
