"""Work done off the event loop: recomputing analyses and drawing graphs.

Both run in a worker thread on a copy of the project (sharing its arrays), so the page keeps
answering while they run. Drawing is serialised by a lock (the renderer sets matplotlib's
settings while it draws). A newer request makes an older result stale: it is dropped.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from ..editing.history import copy_table
from ..editing.session import Session
from ..model import Project

_DRAW_LOCK = threading.Lock()


def project_copy(project: Project) -> Project:
    return Project(
        tables=[copy_table(t) for t in project.tables],
        meta=project.meta,
        usermeta=project.usermeta,
        view=project.view,
        generator=project.generator,
        created_at=project.created_at,
        modified_at=project.modified_at,
        results=project.results,  # shared: an analysis is computed where it is first read
    )


def has_analyses(project: Project) -> bool:
    return any(t.analyses for t in project.tables)


def compute_results(project: Project) -> Project:
    """Recompute every analysis of ``project`` (a copy) and fill its results tables."""
    from ..api import recompute

    recompute(project)
    return project


def install_results(session: Session, computed: Project) -> None:
    """Put freshly computed results (and results tables' cells) into the session's project."""
    project = session.project
    project.results = computed.results
    done = {t.id: t for t in computed.tables}
    for table in project.tables:
        if table.derived_from is not None and table.id in done:
            new = done[table.id]
            table.data_sets = new.data_sets
            table.row_labels = new.row_labels
            table.x = new.x
            table.replicates = new.replicates


def draw(project: Project, table_id: str, fmt: str = "svg", dpi: float = 110) -> bytes:
    from ..render import render_table

    with _DRAW_LOCK:
        return render_table(project, project.table(table_id), fmt=fmt, dpi=dpi)


@dataclass
class Job:
    """The state of the analyses' recomputation shown in the status bar."""

    running: bool = False
    generation: int = 0
    message: str = ""

    def cancel(self) -> None:
        """Stop waiting: the running computation's results will be dropped."""
        self.generation += 1
        self.running = False
        self.message = "Analyses cancelled; results are from before the last change"


def problem_lines(name: str, problems: Any, omitted: int = 0) -> list[str]:
    """Problems as `plotdoc validate` prints them, one line each."""
    import io

    from ..cli.common import print_problems

    out = io.StringIO()
    print_problems(name, problems, out, omitted)
    return out.getvalue().splitlines()
