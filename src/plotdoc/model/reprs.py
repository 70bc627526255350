"""How a project and a table describe themselves in one line (their ``repr``).

Pictures in a notebook are not the model's business: :mod:`plotdoc.notebook` draws them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .project import Project, Table


def table_repr(table: Table) -> str:
    if table.derived_from is not None:  # its data sets are computed: a repr does not ask
        what = f"results of {table.derived_from.source_table_id}/{table.derived_from.analysis_id}"
    else:
        what = f"{len(table.data_sets)} data set(s) x {table.n_rows} row(s)"
    graph = f", graph {table.graph.variant_id}" if table.graph is not None else ""
    extra = [
        f"{len(items)} {label}"
        for items, label in ((table.analyses, "analysis(es)"), (table.annotations, "annotation(s)"))
        if items
    ]
    tail = (", " + ", ".join(extra)) if extra else ""
    return f"<Table {table.id!r} {table.name!r}: {table.format}, {what}{graph}{tail}>"


def project_repr(project: Project) -> str:
    title = project.meta.get("title") or ""
    ids = ", ".join(repr(t.id) for t in project.tables[:5])
    more = ", ..." if len(project.tables) > 5 else ""
    warnings = f", {len(project.warnings)} warning(s)" if project.warnings else ""
    return f"<Project {title!r}: {len(project.tables)} table(s) [{ids}{more}]{warnings}>"
