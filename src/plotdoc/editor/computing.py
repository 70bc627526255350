"""The analyses a tab shows, computed in a child process for a version of the session."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .fields import styled_since
from .work import Cancelled, Task, compute_results, install_results, project_copy

if TYPE_CHECKING:
    from ..editing.session import Session
    from .jobs import Job
    from .server import Server
    from .view import Parts


class Tab(Protocol):
    """A browser tab as its analyses need it (:class:`plotdoc.editor.tab.Tab`)."""

    server: Server
    session: Session
    job: Job
    #: the version of the session whose results the tab shows
    analysed: int | None
    analyses_box: Any

    @property
    def parts(self) -> Parts: ...
    @property
    def analyses(self) -> Any: ...

    def table(self) -> Any: ...
    def name_buttons(self, box: Any) -> None: ...
    def update_sheet(self, table: Any, force_rows: bool = True) -> None: ...


async def recompute(tab: Tab) -> None:
    """Compute the analyses for the session's version in a child process, and show them
    unless an edit of more than the graphs' look came meanwhile."""
    version = tab.session.version
    tab.job.message = ""
    n = sum(len(t.analyses) for t in tab.session.project.tables)
    task = tab.job.start(
        Task(
            compute_results,
            project_copy(tab.session.project),
            label=f"Computing {n} analys{'i' if n == 1 else 'e'}s",
            reports=True,
        ),
        "analyses",
    )
    tab.parts.status_bar.refresh()
    try:
        computed = await task.result()
    except Cancelled:
        tab.parts.status_bar.refresh()
        return
    except RuntimeError as exc:
        tab.job.done(task)
        tab.job.message = f"Analyses failed: {exc}"
        tab.parts.status_bar.refresh()
        return
    tab.job.done(task)
    if version == tab.session.version or styled_since(tab.session, version):
        install_results(tab.session, computed)
        tab.analysed = version
        tab.analyses.render.refresh()
        tab.name_buttons(tab.analyses_box)
        table = tab.table()
        if table is not None and table.derived_from is not None:
            tab.update_sheet(table, force_rows=True)
    tab.parts.status_bar.refresh()
