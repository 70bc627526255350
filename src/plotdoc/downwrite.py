"""Writing a project in a schema version: its data set ids, and whether it fits in version 1.

plotdoc keeps data set references as version 1 wrote them (names and indexes) and gives each
data set an id; the writer turns the references into ids for version 2 (:func:`with_ids`).
``save(..., schema_version=1)`` writes version 1 only when the project fits in it:
:func:`unfit` lists, with their paths, the parts version 1 cannot hold, and the save is refused
when there is any. Nothing is dropped silently.
"""

from __future__ import annotations

from typing import Any

from .contract.entries import is_summary, spread_name
from .contract.methods import METHODS
from .contract.site import CURRENT_VERSION, SUPPORTED_VERSIONS
from .jsoncopy import json_copy
from .migrations.v1_to_v2 import data_set_ids, methods_of, table_to_ids
from .model import Project, Table
from .problems import Problem, error, excerpt

#: the keys of a written table that hold references to data sets
_REFERRING = ("graph", "analyses", "annotations", "variableTypes")
#: the continuous axes, which version 2 gives reference lines
_CONTINUOUS_AXES = ("xContinuous", "leftY", "rightY")


def written_ids(table: Table) -> list[str]:
    """The ids a table's data sets are written with: their own, else generated from the name
    (as the migration from version 1 generates them)."""
    return data_set_ids([ds.name for ds in table.data_sets], [ds.id for ds in table.data_sets])


def pin_ids(table: Table) -> None:
    """Give every data set of ``table`` the id it would be written with, so that a rename
    changes nothing but the name (v2-design section 1)."""
    for ds, did in zip(table.data_sets, written_ids(table), strict=True):
        ds.id = did


def with_ids(out: dict[str, Any], table: Table) -> None:
    """Give the written table ``out`` (version 1 shaped) its data set ids and refer to data
    sets by id. The model's own objects are copied before they change."""
    for key in _REFERRING:
        if key in out:
            out[key] = _analyses_copy(out[key]) if key == "analyses" else json_copy(out[key])
    if table.derived_from is not None:  # its data sets are made at open and not written
        table_to_ids(out, [], [])
        return
    ids = written_ids(table)
    out["dataSets"] = [{"id": did, **ds} for did, ds in zip(ids, out["dataSets"], strict=True)]
    table_to_ids(out, [ds.name for ds in table.data_sets], ids)


def _analyses_copy(analyses: list[Any]) -> list[Any]:
    """The written analyses with a copy of each that names data sets (a project may have
    40,000 analyses, most often of methods that name none: those are not changed)."""
    methods = methods_of(analyses)  # most often none of them names data sets
    if methods is not None and not any(map(_names_data_sets, methods)):
        return analyses
    naming = [i for i, a in enumerate(analyses) if _names_data_sets(a.get("method"))]
    out = list(analyses)
    for i, copied in zip(naming, json_copy([analyses[i] for i in naming]), strict=True):
        out[i] = copied
    return out


def _names_data_sets(method_id: Any) -> bool:
    spec = METHODS.get(method_id) if isinstance(method_id, str) else None
    return spec is None or spec.names_data_sets


def as_version_1(out: dict[str, Any]) -> None:
    """Leave out of the written table ``out`` the fields version 1 does not have (each empty,
    or without effect: :func:`unfit` refuses a project that fills one). The model's objects
    are not changed."""
    out["analyses"] = [
        {**a, "params": {k: v for k, v in a["params"].items() if _param_since(a, k) <= 1}}
        for a in out.get("analyses", [])
    ]
    if out.get("annotations"):  # `label` is only read with analysisId; `coordinates` points
        out["annotations"] = [
            {k: v for k, v in a.items() if k not in ("label", "coordinates")}
            for a in out["annotations"]
        ]
    graph = out.get("graph")
    if "derivedFrom" not in out:  # version 1 counts a bracket's groups among plotted data sets
        at = _plotted_positions((graph or {}).get("dataSetVisibility") or {}, len(out["dataSets"]))
        out["annotations"] = [_v1_bracket(a, at) for a in out.get("annotations", [])]
    if graph is None:
        return
    axes = dict(graph["axesOverrides"])
    for key in _CONTINUOUS_AXES:
        axes[key] = {k: v for k, v in axes[key].items() if k != "referenceLines"}
    out["graph"] = {**graph, "axesOverrides": axes}


def _plotted_positions(visibility: dict[str, Any], n: int) -> dict[int, int]:
    """Data set index -> its place among the plotted data sets (hidden ones have none)."""
    plotted = [i for i in range(n) if visibility.get(str(i)) is not False]
    return {d: k for k, d in enumerate(plotted)}


def _v1_bracket(ann: dict[str, Any], at: dict[int, int]) -> dict[str, Any]:
    """A written bracket whose group anchors count plotted data sets, as version 1's do (the
    model's count every data set; :func:`unfit` refuses one on a hidden data set)."""
    if ann.get("type") != "bracket":
        return ann
    out = dict(ann)
    for side in ("left", "right"):
        anchor = ann.get(side) or {}
        d = anchor.get("groupIndex")
        if anchor.get("kind") == "group" and d in at:
            out[side] = {"kind": "group", "groupIndex": at[d]}
    return out


def unfit(project: Project, version: int) -> list[Problem]:
    """What ``project`` holds that schema ``version`` cannot (each at its path); empty when
    it fits. Refused outright: a version plotdoc does not write."""
    if version not in SUPPORTED_VERSIONS:
        return [
            error(
                "schema-version-unwritable",
                ("schemaVersion",),
                f"expected a schema version plotdoc writes ({', '.join(map(str, SUPPORTED_VERSIONS))}); "
                f"found {excerpt(version)}",
            )
        ]
    if version == CURRENT_VERSION:
        return []
    problems: list[Problem] = []
    for t, table in enumerate(project.tables):
        problems.extend(_unfit_v1(table, ("tables", t)))
    return problems


def _param_since(analysis: dict[str, Any], name: str) -> int:
    """The schema version that added parameter ``name`` of a written analysis."""
    spec = METHODS[analysis["method"]]
    return next((p.since for p in spec.params if p.name == name), 1)


def _unfit_analyses(table: Table, path: tuple[str | int, ...]) -> list[Problem]:
    """The analyses (methods, and parameters away from their default) version 1 cannot hold."""
    problems = []
    for a, analysis in enumerate(table.analyses):
        spec = METHODS[analysis.method]
        where = (*path, "analyses", a)
        if spec.since > 1:
            problems.append(
                error(
                    "version-1-unfit",
                    (*where, "method"),
                    f"expected a method version 1 has; found {excerpt(spec.id)}, added in "
                    f"version {spec.since} (save in version {spec.since} to keep it)",
                )
            )
            continue
        for param in spec.params:
            value = analysis.params.get(param.name, param.default)
            if param.since > 1 and value != param.default:
                problems.append(
                    error(
                        "version-1-unfit",
                        (*where, "params", param.name),
                        f"expected {excerpt(param.default)}, the only {param.name} version 1 "
                        f"can hold; found {excerpt(value)} (save in version {param.since} to "
                        "keep it)",
                    )
                )
    return problems


def _unfit_v1(table: Table, path: tuple[str | int, ...]) -> list[Problem]:
    problems = _unfit_analyses(table, path)
    if is_summary(table.entry):
        problems.append(
            error(
                "version-1-unfit",
                (*path, "entry"),
                f"expected raw replicate values, which is all version 1 can hold; found "
                f"{excerpt(table.entry)}: the table is entered as mean, "
                f"{spread_name(table.entry)} and N (save in version 2 to keep it)",
            )
        )
    axes = table.graph.axes if table.graph is not None else {}
    for key in _CONTINUOUS_AXES:
        if (axes.get(key) or {}).get("referenceLines"):
            problems.append(
                error(
                    "version-1-unfit",
                    (*path, "graph", "axesOverrides", key, "referenceLines"),
                    "expected no reference lines, which version 1 cannot hold; found "
                    f"{len(axes[key]['referenceLines'])} (save in version 2 to keep them)",
                )
            )
    visibility = table.graph.data_set_visibility if table.graph is not None else {}
    for n, ann in enumerate(table.annotations):
        for side in ("left", "right") if ann.type == "bracket" else ():
            d = ann.props[side].get("groupIndex")
            if (
                isinstance(d, int)
                and visibility.get(str(d)) is False
                and table.derived_from is None
            ):
                problems.append(
                    error(
                        "version-1-unfit",
                        (*path, "annotations", n, side),
                        "expected a bracket end on a plotted data set, which version 1 can "
                        f"point at; found one on the hidden data set {excerpt(table.data_sets[d].name)}",
                    )
                )
        if ann.props.get("coordinates", "points") != "points":
            problems.append(
                error(
                    "version-1-unfit",
                    (*path, "annotations", n, "coordinates"),
                    "expected a position in points, which is all version 1 can hold; found "
                    f"{excerpt(ann.props['coordinates'])} (save in version 2 to keep the "
                    "annotation on its data)",
                )
            )
        if ann.props.get("analysisId") is not None:
            problems.append(
                error(
                    "version-1-unfit",
                    (*path, "annotations", n, "analysisId"),
                    "expected a bracket with a typed text, which version 1 can hold; found one "
                    f"that follows the analysis {excerpt(ann.props['analysisId'])} (save in "
                    "version 2 to keep it, or type its text)",
                )
            )
    if table.derived_from is None:
        own = written_ids(table)
        generated = data_set_ids([ds.name for ds in table.data_sets])
        for d, (mine, made) in enumerate(zip(own, generated, strict=True)):
            if mine != made:
                problems.append(
                    error(
                        "version-1-unfit",
                        (*path, "dataSets", d, "id"),
                        f"expected a data set id version 1 can restore ({excerpt(made)}, made "
                        f"from its name); found {excerpt(mine)}, which version 1 cannot hold",
                    )
                )
    return problems
