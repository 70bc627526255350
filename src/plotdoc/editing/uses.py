"""What refers to a data set, by its JSON path, and what removing the data set does to each.

In schema v1 a table's data sets are referred to by name (t test groups ``groupA`` and
``groupB``, ``styleOverrides.perDataSet`` and ``perPoint``, ``variableTypes``), by index
(``dataSetVisibility``, ``elementActivation.perDataSet``, ``legend.itemOverrides``, the roles of
a multiple-variables plot, the data set a parts-of-whole graph shows, a bracket end's
``groupIndex``: the data set it stands on, whatever the family, as a version 2 file's
``dataSetId`` is). :func:`data_set_uses` lists them for
the editor to name before the data set goes; :func:`~plotdoc.editing.remove_data_set` applies
exactly what each :class:`Use` says, so no file the editor writes names a data set that is gone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..contract.methods import METHODS
from ..contract.plots import MV_REQUIRED_ROLES
from ..contract.variants import VARIANTS
from ..model import Project, Table
from ..problems import PathPart
from .base import find_table


@dataclass(frozen=True)
class Use:
    """One reference to a data set: where it is, what it is, what its removal does to it."""

    path: tuple[PathPart, ...]
    what: str
    then: str
    #: the removal takes the whole item away (an analysis, a bracket), not just a key
    removes: bool = False

    def __str__(self) -> str:
        return f"{self.what}: {self.then}"


def anchored(table: Table, data_set: int) -> list[tuple[int, str]]:
    """(annotation index, side) of every bracket end on ``data_set`` (hidden or not)."""
    out = []
    for n, ann in enumerate(table.annotations):
        if ann.type != "bracket":
            continue
        for side in ("left", "right"):
            anchor = ann.props.get(side)
            if (
                isinstance(anchor, dict)
                and anchor.get("kind") == "group"
                and anchor.get("groupIndex") == data_set
            ):
                out.append((n, side))
    return out


def group_users(table: Table, name: str) -> list[tuple[int, str]]:
    """(analysis index, parameter) of every analysis parameter naming the data set ``name``."""
    return [
        (a, key)
        for a, analysis in enumerate(table.analyses)
        for key in _data_set_params(analysis.method)
        if analysis.params.get(key) == name
    ]


def pair_users(table: Table, name: str) -> list[tuple[int, str, int, list[str]]]:
    """(analysis index, parameter, pair index, pair) of every listed pair naming ``name``."""
    out = []
    for a, analysis in enumerate(table.analyses):
        spec = METHODS.get(analysis.method)
        for key in spec.data_set_pair_params if spec else ():
            for n, pair in enumerate(analysis.params.get(key) or []):
                if isinstance(pair, (list, tuple)) and name in pair:
                    out.append((a, key, n, list(pair)))
    return out


def _data_set_params(method: str) -> tuple[str, ...]:
    """The parameters of ``method`` that name a data set (a t test's groups)."""
    spec = METHODS.get(method)
    return spec.data_set_params if spec else ()


def _param_words(method: str, param: str) -> str:
    """A parameter as the list of uses names it: ``group A``, ``control``."""
    label = METHODS[method].param(param).label
    return label[:1].lower() + label[1:]


def _first_two(table: Table, without: int | None = None) -> list[str]:
    """The names of the first two data sets holding a value (a t test's default groups)."""
    from ..analyses.methods.spec import populated

    sets = [ds for i, ds in enumerate(table.data_sets) if i != without]
    return [ds.name for ds in populated(sets)][:2]


def _analysis_words(table: Table, a: int) -> str:
    analysis = table.analyses[a]
    method = METHODS.get(analysis.method)
    kind = "t test" if analysis.method == "ttest" else (method.id if method else analysis.method)
    return f"analysis {analysis.id} ({kind})"


def data_set_uses(project: Project, table_id: str, data_set: int) -> list[Use]:
    """Everything in table ``table_id`` that refers to its data set ``data_set`` (an index),
    with its JSON path in the document, in the order of the document."""
    t, table = find_table(project, table_id)
    name = table.data_sets[data_set].name
    key = str(data_set)
    base: tuple[PathPart, ...] = ("tables", t)
    uses: list[Use] = []
    if table.variable_types and name in table.variable_types:
        uses.append(Use((*base, "variableTypes", name), "its variable type", "dropped"))
    users = group_users(table, name)
    for a, param in users:
        uses.append(
            Use(
                (*base, "analyses", a, "params", param),
                f"{_analysis_words(table, a)}, {_param_words(table.analyses[a].method, param)}",
                "the analysis is removed (it cannot run without the data set)",
                removes=True,
            )
        )
    gone = {a for a, _ in users}
    for a, key, n, pair in pair_users(table, name):
        if a not in gone:
            uses.append(
                Use(
                    (*base, "analyses", a, "params", key, n),
                    f"{_analysis_words(table, a)}, the pair {' vs '.join(map(str, pair))}",
                    "dropped from the pairs compared",
                )
            )
    now = _first_two(table)
    after = _first_two(table, data_set)
    for a, analysis in enumerate(table.analyses):
        keys = _data_set_params(analysis.method)
        if a in gone or not keys or name not in now:
            continue
        if any(analysis.params.get(p) is None for p in keys):
            then = (
                "compares " + " and ".join(f"“{n}”" for n in after) + " instead"
                if len(after) == 2
                else "has fewer than two data sets with values left"
            )
            uses.append(
                Use(
                    (*base, "analyses", a, "params"),
                    f"{_analysis_words(table, a)}, comparing the first two data sets",
                    then,
                )
            )
    for n, side in anchored(table, data_set):
        ann = table.annotations[n]
        if any(u.path[:4] == (*base, "annotations", n) for u in uses):
            continue
        uses.append(
            Use(
                (*base, "annotations", n, side),
                f"bracket {ann.id}",
                "removed (it joins the data set)",
                removes=True,
            )
        )
    graph = table.graph
    if graph is None:
        return uses
    g = (*base, "graph")
    for scope, words in (("perDataSet", "its style"), ("perPoint", "the style of its points")):
        node = graph.style_overrides.get(scope)
        if isinstance(node, dict) and name in node:
            uses.append(Use((*g, "styleOverrides", scope, name), words, "dropped"))
    if key in graph.data_set_visibility:
        uses.append(Use((*g, "dataSetVisibility", key), "whether it is shown", "dropped"))
    per = graph.element_activation.get("perDataSet")
    if isinstance(per, dict) and key in per:
        uses.append(
            Use((*g, "elementActivation", "perDataSet", key), "the elements it shows", "dropped")
        )
    items = graph.legend.get("itemOverrides")
    if isinstance(items, dict) and key in items:
        uses.append(Use((*g, "legend", "itemOverrides", key), "its legend entry", "dropped"))
    options = graph.plot.options
    opts = (*g, "plot", "options")
    family = VARIANTS[graph.variant_id].family
    if family == "partsOfWhole" and options.get("dataSetIndex") == data_set:
        uses.append(
            Use((*opts, "dataSetIndex"), "the data set the graph shows", "the first one instead")
        )
    mapping = options.get("mapping")
    if isinstance(mapping, dict):
        required = MV_REQUIRED_ROLES.get(str(options.get("kind")), ())
        for role, value in mapping.items():
            if value == data_set and not isinstance(value, bool):
                then = "another variable instead" if role in required else "unmapped"
                uses.append(Use((*opts, "mapping", role), f"the graph's {role} role", then))
    return uses


def removed_items(uses: list[Use]) -> tuple[set[int], set[int]]:
    """The analyses and annotations (indexes) that ``uses`` remove."""
    analyses = {int(u.path[3]) for u in uses if u.removes and u.path[2] == "analyses"}
    annotations = {int(u.path[3]) for u in uses if u.removes and u.path[2] == "annotations"}
    return analyses, annotations
