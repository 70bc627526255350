"""Writing a project in a schema version: its data set ids, and whether it fits in version 1.

plotdoc keeps data set references as version 1 wrote them (names and indexes) and gives each
data set an id; the writer turns the references into ids for version 2 (:func:`with_ids`).
``save(..., schema_version=1)`` writes version 1 only when the project fits in it:
:func:`unfit` lists, with their paths, the parts version 1 cannot hold, and the save is refused
when there is any. Nothing is dropped silently.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from .contract.methods import METHODS
from .contract.nodes import Const, Obj, OneOf
from .contract.site import CURRENT_VERSION, SUPPORTED_VERSIONS
from .contract.versions import description
from .migrations.v1_to_v2 import data_set_ids, table_to_ids
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
            out[key] = copy.deepcopy(out[key])
    if table.derived_from is not None:  # its data sets are made at open and not written
        table_to_ids(out, [], [])
        return
    ids = written_ids(table)
    out["dataSets"] = [{"id": did, **ds} for did, ds in zip(ids, out["dataSets"], strict=True)]
    table_to_ids(out, [ds.name for ds in table.data_sets], ids)


@cache
def version_1_params() -> dict[str, frozenset[str]]:
    """Method id -> the parameters version 1's (frozen) schema gives it."""
    _, definitions = description(1)
    analysis = definitions["AnalysisInstance"]
    assert isinstance(analysis, OneOf)
    out = {}
    for option in analysis.options:
        assert isinstance(option, Obj)
        method, params = option.props["method"], option.props["params"]
        assert isinstance(method, Const) and isinstance(params, Obj)
        out[str(method.value)] = frozenset(params.props)
    return out


def as_version_1(out: dict[str, Any]) -> None:
    """Leave out of the written table ``out`` the fields version 1 does not have (each empty
    or at its default: :func:`unfit` refuses a project that fills one). The model's objects
    are not changed."""
    known = version_1_params()
    out["analyses"] = [
        {**a, "params": {k: v for k, v in a["params"].items() if k in known.get(a["method"], ())}}
        for a in out.get("analyses", [])
    ]
    graph = out.get("graph")
    if graph is None:
        return
    axes = dict(graph["axesOverrides"])
    for key in _CONTINUOUS_AXES:
        axes[key] = {k: v for k, v in axes[key].items() if k != "referenceLines"}
    out["graph"] = {**graph, "axesOverrides": axes}


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


def _unfit_analyses(table: Table, path: tuple[str | int, ...]) -> list[Problem]:
    """The analyses version 1 cannot hold: a method it does not name, a parameter it does not
    have set to anything but its default (the default is left out: version 1 reads it so)."""
    known = version_1_params()
    problems = []
    for a, analysis in enumerate(table.analyses):
        where = (*path, "analyses", a)
        if analysis.method not in known:
            problems.append(
                error(
                    "version-1-unfit",
                    (*where, "method"),
                    f"expected a method version 1 has ({', '.join(sorted(known))}); found "
                    f"{excerpt(analysis.method)} (save in version 2 to keep it)",
                )
            )
            continue
        spec = METHODS[analysis.method]
        for name, value in analysis.params.items():
            if name in known[analysis.method] or name not in spec.defaults:
                continue
            if value != spec.defaults[name]:
                problems.append(
                    error(
                        "version-1-unfit",
                        (*where, "params", name),
                        f"expected {excerpt(spec.defaults[name])} (version 1 has no {name}); "
                        f"found {excerpt(value)} (save in version 2 to keep it)",
                    )
                )
    return problems


def _unfit_v1(table: Table, path: tuple[str | int, ...]) -> list[Problem]:
    problems = _unfit_analyses(table, path)
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
