"""How a project and a table show themselves: a readable repr, and their graphs in Jupyter.

Drawing imports matplotlib, so it is imported only when a notebook asks for a picture.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .project import Project, Table

#: A notebook shows at most this many graphs of a project inline.
MAX_SHOWN = 12
#: The resolution graphs are drawn at for a notebook.
NOTEBOOK_DPI = 100


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


def graph_svg(project: Project, table: Table) -> str | None:
    """``table``'s graph as SVG text, or None when it has none or it cannot be drawn."""
    if table.graph is None:
        return None
    from ..render import render_table

    try:
        return render_table(project, table, fmt="svg", dpi=NOTEBOOK_DPI).decode("utf-8")
    except Exception:  # a picture that fails leaves the text repr in place
        return None


def table_svg(table: Table) -> str | None:
    """A table's graph drawn on its own (a results table needs its project: None)."""
    if table.derived_from is not None:
        return None
    from .project import Project

    return graph_svg(Project(tables=[table]), table)


def project_html(project: Project) -> str:
    parts = [f"<p>{html.escape(project_repr(project))}</p>"]
    shown = 0
    for table in project.tables:
        if shown == MAX_SHOWN:
            parts.append(f"<p>... {len(project.tables)} tables in all</p>")
            break
        svg = graph_svg(project, table)
        if svg is None:
            continue
        shown += 1
        start = svg.find("<svg")
        parts.append(
            f"<figure><figcaption>{html.escape(table.name)}</figcaption>{svg[start:]}</figure>"
        )
    return "\n".join(parts)
