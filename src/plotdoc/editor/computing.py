"""The analyses a tab shows, computed in a child process once per version of the session,
however many tabs wait for them."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from .fields import styled_since
from .work import Cancelled, Task, compute_results, install_results

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
    """Compute the analyses for the session's version, or wait for the tab that already
    computes them (20 tabs on one server compute once per edit)."""
    version = tab.session.version
    shared = tab.server.computing.get(version)
    if shared is not None:
        if await asyncio.shield(shared):
            show_analysed(tab, version)
        return
    done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
    tab.server.computing[version] = done
    try:
        done.set_result(await _compute(tab, version))
    finally:
        if not done.done():
            done.set_result(False)
        if tab.server.computing.get(version) is done:
            del tab.server.computing[version]


async def _compute(tab: Tab, version: int) -> bool:
    """Compute the analyses in a child process; whether their results are now in the
    session."""
    tab.job.message = ""
    n = sum(len(t.analyses) for t in tab.session.project.tables)
    task = tab.job.start(
        Task(
            compute_results,
            tab.server.project_copy(),
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
        return False
    except RuntimeError as exc:
        tab.job.done(task)
        tab.job.message = f"Analyses failed: {exc}"
        tab.parts.status_bar.refresh()
        return False
    tab.job.done(task)
    installed = version == tab.session.version or styled_since(tab.session, version)
    if installed:
        install_results(tab.session, computed)
        tab.server.results_stamp += 1
        show_analysed(tab, version)
    tab.parts.status_bar.refresh()
    return installed


def show_analysed(tab: Tab, version: int) -> None:
    """The session holds the results for ``version``: show them."""
    if version != tab.session.version and not styled_since(tab.session, version):
        return  # an edit came after them: its own computation shows its results
    tab.analysed = version
    tab.analyses.show_results()
    tab.name_buttons(tab.analyses_box)
    table = tab.table()
    if table is not None and table.derived_from is not None:
        tab.update_sheet(table, force_rows=True)
