"""Graph edits: variant, plot options, preset, titles, visibility, legend, axes."""

from __future__ import annotations

import copy
from typing import Any

from ..contract.entries import is_summary
from ..contract.variants import VARIANTS, merge
from ..contract.variants.from_summary import summary_mode
from ..model import Graph, Project, Table
from ..problems import PathPart
from .base import Outcome, find_table, refuse, structural, whole
from .repairs import complete_mapping

#: Graph settings an edit may change, by the model's attribute name.
GRAPH_FIELDS = (
    "axes",
    "legend",
    "graph_settings",
    "style_overrides",
    "plot_geometry",
    "element_activation",
    "parts_of_whole_borders",
)

#: The axes a range or scale can be set on.
AXES = ("xContinuous", "leftY", "rightY")


def _graph(project: Project, /, table_id: str) -> tuple[int, Table, Graph]:
    index, table = find_table(project, table_id)
    if table.graph is None:
        raise refuse(
            "edit-invalid",
            ("tables", index),
            f"expected a table with a graph; {table.name!r} has none"
            + (
                " (a multiple-variables table needs two variables)"
                if table.format == "multipleVariables"
                else ""
            ),
        )
    return index, table, table.graph


def apply_variant(table: Table, variant_id: str) -> None:
    """Switch ``table``'s graph to ``variant_id``, keeping the options the new variant has."""
    assert table.graph is not None
    variant = VARIANTS.get(variant_id)
    if variant is None or variant.family != table.format:
        table.graph.variant_id = variant_id  # the check refuses it with open's message
        return
    old = table.graph.plot.options
    defaults = variant.default_options
    kept = {
        k: copy.deepcopy(v)
        for k, v in old.items()
        if (k in defaults or k == "mapping") and k != "kind"
    }
    options = merge(defaults, kept)
    if variant.modes and options.get("mode") not in variant.modes:
        options["mode"] = variant.default_mode
    if is_summary(table.entry):  # a table of summaries keeps a mode its numbers can draw
        mode = summary_mode(variant, options.get("mode"))
        if mode is not None:
            options["mode"] = mode
    if "kind" in defaults:
        options["kind"] = defaults["kind"]
        complete_mapping(options, len(table.data_sets))
    table.graph.variant_id = variant_id
    table.graph.plot.options = options


@structural
def set_variant(project: Project, /, table_id: str, variant_id: str) -> Outcome:
    """Change the graph type, keeping the options, style and axes the new type has; style
    keys only the old type draws (a volcano's ``volcano:up``) are dropped, as open drops them."""
    index, table, _ = _graph(project, table_id)
    apply_variant(table, variant_id)
    return Outcome("Change graph type", index, None, table_id, repair=True)


def _set_in(tree: dict[str, Any], path: tuple[PathPart, ...], value: Any) -> None:
    if isinstance(path, str) or not path or not all(isinstance(k, str) and k for k in path):
        raise refuse(
            "edit-invalid",
            (),
            f"expected a path of one or more keys such as ('heatMap', 'colormap'); found {path!r}",
        )
    node = tree
    for key in path[:-1]:
        child = node.get(str(key))
        if not isinstance(child, dict):
            child = {}
            node[str(key)] = child
        node = child
    node[str(path[-1])] = value


@structural
def set_plot_option(
    project: Project, /, table_id: str, path: tuple[str, ...], value: Any
) -> Outcome:
    """Set ``plot.options`` at ``path`` (``("mode",)``, ``("heatMap", "colormap")``)."""
    index, _, graph = _graph(project, table_id)
    _set_in(graph.plot.options, path, value)
    return Outcome("Change plot option", index, None, table_id)


@structural
def set_graph_field(
    project: Project, table_id: str, field: str, path: tuple[str, ...], value: Any
) -> Outcome:
    """Set one value inside a graph setting (``axes``, ``legend``, ...) at ``path``."""
    index, _, graph = _graph(project, table_id)
    if field not in GRAPH_FIELDS:
        raise refuse(
            "edit-invalid",
            ("tables", index, "graph"),
            f"expected one of {', '.join(GRAPH_FIELDS)}; found {field!r}",
        )
    _set_in(getattr(graph, field), path, value)
    return Outcome("Change graph setting", index, None, table_id)


@structural
def set_preset(project: Project, /, table_id: str, preset_id: str) -> Outcome:
    index, _, graph = _graph(project, table_id)
    graph.active_preset_id = preset_id
    return Outcome("Change style preset", index, None, table_id)


@structural
def set_title(
    project: Project, table_id: str, which: str, text: str | None = None, show: bool | None = None
) -> Outcome:
    """Set the text or the visibility of the graph, X or Y title."""
    index, table = find_table(project, table_id)
    if which not in table.titles:
        raise refuse(
            "edit-invalid", ("tables", index, "titles"), f"expected graph, x or y; found {which!r}"
        )
    if text is not None:
        table.titles[which]["text"] = text
    if show is not None:
        table.titles[which]["show"] = show
    return Outcome("Change title", index, None, table_id)


@structural
def set_visibility(project: Project, /, table_id: str, data_set: int, visible: bool) -> Outcome:
    index, table, graph = _graph(project, table_id)
    data_set = whole(data_set, "a data set index", ("tables", index, "dataSets"))
    if not 0 <= data_set < len(table.data_sets):
        raise refuse(
            "edit-invalid",
            ("tables", index, "dataSets"),
            f"expected a data set index; found {data_set}",
        )
    graph.data_set_visibility[str(data_set)] = visible
    return Outcome("Show or hide data set", index, None, table_id)


@structural
def set_axis(
    project: Project,
    table_id: str,
    axis: str,
    *,
    minimum: float | str | None = None,
    maximum: float | str | None = None,
    scale: str | None = None,
) -> Outcome:
    """Set an axis range (a number or ``"auto"``) and scale (``linear``, ``log10``, ``log2``)."""
    index, _, graph = _graph(project, table_id)
    if axis not in AXES:
        raise refuse(
            "edit-invalid",
            ("tables", index, "graph", "axesOverrides"),
            f"expected one of {', '.join(AXES)}; found {axis!r}",
        )
    node = graph.axes.setdefault(axis, {})
    if minimum is not None:
        node["rangeMin"] = minimum
    if maximum is not None:
        node["rangeMax"] = maximum
    if scale is not None:
        node["scale"] = scale
    return Outcome("Change axis", index, None, table_id)


@structural
def set_legend(project: Project, /, table_id: str, **values: Any) -> Outcome:
    """Set legend keys (``show``, ``position``, ``title``...)."""
    index, _, graph = _graph(project, table_id)
    graph.legend.update(values)
    return Outcome("Change legend", index, None, table_id)
