"""Analysis edits: add an analysis (and its results table), change its parameters, remove it."""

from __future__ import annotations

import copy
from typing import Any

from ..contract.methods import METHODS
from ..contract.variants import merge
from ..model import Analysis, DerivedFrom, Project, Table
from ..reader.build import build_graph, results_graph_document
from .base import Outcome, editable, find_table, first_free, refuse, structural
from .repairs import keep_active


def _new_analysis_id(table: Table, method: str) -> str:
    return first_free({a.id for a in table.analyses}, f"{method}-")


def default_params(table: Table, method: str) -> dict[str, Any]:
    """A method's defaults, with the table's first data sets named by the parameters that name
    a data set (a t test's groups), when the table has enough."""
    spec = METHODS.get(method)
    params = copy.deepcopy(spec.defaults) if spec else {}
    keys = spec.data_set_params if spec else ()
    if keys and len(table.data_sets) >= len(keys):
        params.update((key, ds.name) for key, ds in zip(keys, table.data_sets, strict=False))
    return params


@structural
def add_analysis(
    project: Project, table_id: str, method: str, params: dict[str, Any] | None = None
) -> Outcome:
    """Add an analysis; a method with a results table gets one after the source table."""
    index, table = editable(project, table_id)
    aid = _new_analysis_id(table, method)
    base = default_params(table, method)
    table.analyses.append(Analysis(aid, method, merge(base, params or {})))
    spec = METHODS.get(method)
    if spec is not None and spec.results_family is not None:
        from .tables import _fill_defaults, _new_id

        results = Table(
            id=_new_id(project),
            name=f"{table.name}: {method}",
            format=spec.results_family,
            replicates=1,
            derived_from=DerivedFrom(table.id, aid),
        )
        _fill_defaults(results)
        results.graph = None
        project.tables.insert(index + 1, results)
        results.graph = build_graph(results_graph_document(project, results), results)
    return Outcome(f"Add {method}", index, None, table_id)


@structural
def set_analysis_params(
    project: Project, table_id: str, analysis_id: str, params: dict[str, Any]
) -> Outcome:
    """Merge ``params`` over an analysis's parameters."""
    index, table = find_table(project, table_id)
    analysis = _analysis(table, index, analysis_id)
    analysis.params = merge(analysis.params, params)
    return Outcome("Change analysis", index, None, table_id)


@structural
def remove_analysis(project: Project, /, table_id: str, analysis_id: str) -> Outcome:
    """Remove an analysis and the results table computed from it."""
    index, table = find_table(project, table_id)
    _analysis(table, index, analysis_id)
    drop_analyses(project, table, {analysis_id})
    return Outcome("Remove analysis", None, None, table_id)


def drop_analyses(project: Project, table: Table, ids: set[str]) -> None:
    """Take the analyses ``ids`` out of ``table``, with the results tables computed from them."""
    if not ids:
        return
    from .brackets import unfollow

    unfollow(project, table, ids)
    table.analyses = [a for a in table.analyses if a.id not in ids]
    gone = {DerivedFrom(table.id, aid) for aid in ids}
    before = [t.id for t in project.tables]
    project.tables = [t for t in project.tables if t.derived_from not in gone]
    keep_active(project, before)


def _analysis(table: Table, index: int, analysis_id: str) -> Analysis:
    for a in table.analyses:
        if a.id == analysis_id:
            return a
    raise refuse(
        "edit-invalid",
        ("tables", index, "analyses"),
        f"expected an analysis id; {table.name!r} has no analysis {analysis_id!r}",
    )
