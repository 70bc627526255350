"""What every tab of the editor shares: the one session, the open tabs, the sheet's rows."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..contract.limits import MAX_ROWS
from ..editing.cells import cell_text, sheet_columns
from ..editing.history import pending
from ..editing.session import Session
from .columns import column_id
from .safety import Safety
from .uploads import Uploads
from .work import project_copy
from .writers import Writers

if TYPE_CHECKING:
    from nicegui import ui

    from ..model import Project


class Follower(Protocol):
    """An open tab as the server sees it: it can be brought up to date."""

    anchor: ui.element

    def refresh(
        self, sheet_only: bool = False, cells_only: bool = False, *, broadcast: bool = True
    ) -> None: ...

    def follow(self, change: Change) -> None: ...


@dataclass(frozen=True)
class Change:
    """What an edit in one tab changed, as the other tabs need to know it: only cells, or
    only how a graph looks, of ``table_id`` (None: anything, everything is shown again)."""

    table_id: str | None = None
    cells_only: bool = False
    look_only: bool = False


#: A tab kept in sync with another is told so at most once in this many seconds.
OTHER_TAB_NOTICE_EVERY = 60.0
#: Drawings on screen kept for the other tabs that show the same graph at the same size.
KEPT_DRAWINGS = 4
#: Empty rows shown below a data table's last row, ready for typing.
SPARE_ROWS = 50

log = logging.getLogger("plotdoc.editor")


class Server:
    """What the routes and every page share."""

    def __init__(self) -> None:
        self.session = Session()
        self.uploads = Uploads()
        #: the open tabs; each shows the one session
        self.views: list[Follower] = []
        #: when each tab was last told that another tab changed the project (monotonic s)
        self._told: dict[int, float] = {}
        #: tabs that missed a change while their connection was down (by id)
        self._behind: set[int] = set()
        #: the analyses being computed, by the session's version they are computed for: a
        #: tab that needs that version's results waits for them rather than computing again
        #: (True once they are in the session)
        self.computing: dict[int, asyncio.Future[bool]] = {}
        #: counts the analyses' results put into the session (a drawing shows them)
        self.results_stamp = 0
        #: the last few drawings on screen (each a future of its picture), by what they were
        #: drawn from (see :meth:`drawing_key`): tabs that show the same graph at the same
        #: size share one
        self.drawings: dict[tuple[Any, ...], asyncio.Future[Any]] = {}
        #: the version of the sheets' layout: which row and column each cell index names.
        #: A change that may move a row or a column moves it (a change of values, of how a
        #: graph looks, of an analysis or a table's name does not); the sheet's rows carry the
        #: layout they were read with, and an edit made on rows of an older layout is refused.
        self.layout = 0
        self._keeps_layout = False
        self._layout_seen = self.session.version
        self._project_seen = id(self.session.project)
        self.session.listeners.append(self._session_changed)
        #: the file on disk as last seen, recovery copies, which tab made which change
        self.safety = Safety(self.session)
        #: which tab last typed in each cell (a tab typing over a value it never saw is told)
        self.writers = Writers()

    def project_copy(self) -> Project:
        """A copy of the session's project to compute or draw from while the session goes on
        (made on the event loop: edits change the project in place). A table unchanged since
        the last copy is that copy's (:class:`~plotdoc.editor.work.LastCopies`): nothing
        changes a copy, so a copy of 40,000 analyses after one edit costs 14 ms, not 380."""
        project = self.session.project
        return project_copy(project, self.safety.keeper.copies.of(project.tables))

    # -- the sheets' layout ----------------------------------------------------------------

    def _session_changed(self, session: Session) -> None:
        # a save changes no row or column (and leaves the version as it was)
        if not self._keeps_layout and session.version != self._layout_seen:
            self.layout += 1
        self._layout_seen = session.version
        if id(session.project) != self._project_seen:  # another project: free the kept figure
            self._project_seen = id(session.project)
            from . import redraw

            redraw.forget()

    @contextlib.contextmanager
    def keeping_layout(self, keeps: bool) -> Iterator[None]:
        """Within, when ``keeps``: the session's changes move no row or column of any sheet
        (a cell edit, a paste, a graph's title), so rows read before stay valid."""
        self._keeps_layout = keeps
        try:
            yield
        finally:
            self._keeps_layout = False

    def current(self, layout: Any) -> bool:
        """Whether rows read with ``layout`` still name the same rows and columns."""
        return isinstance(layout, int) and layout == self.layout

    # -- the tabs --------------------------------------------------------------------------

    def follow(self, view: Follower) -> None:
        if view not in self.views:
            self.views.append(view)

    def forget(self, view: Follower) -> None:
        if view in self.views:
            self.views.remove(view)
        self._told.pop(id(view), None)
        self.safety.leave(view)
        self._behind.discard(id(view))

    def reconnected(self, view: Follower) -> None:
        """A tab's connection is back: bring it up to date before it sends another edit."""
        self.follow(view)
        self._behind.discard(id(view))
        with view.anchor:
            view.refresh(broadcast=False)

    def drawing_key(self, table_id: str, dpi: float) -> tuple[Any, ...]:
        """What a drawing on screen is drawn from: the project (its version and the results
        put into it), the table and the resolution."""
        return (self.session.version, self.results_stamp, table_id, round(dpi, 4))

    def keep_drawing(self, key: tuple[Any, ...], drawing: asyncio.Future[Any]) -> None:
        self.drawings[key] = drawing
        while len(self.drawings) > KEPT_DRAWINGS:
            del self.drawings[next(iter(self.drawings))]

    def forget_drawing(self, key: tuple[Any, ...], drawing: asyncio.Future[Any]) -> None:
        """A drawing that failed or was cancelled is not shared."""
        if self.drawings.get(key) is drawing:
            del self.drawings[key]

    def changed(self, source: Follower, change: Change | None = None) -> None:
        """The project changed in ``source``'s tab: bring every other tab up to date (each
        builds again only what shows ``change``), telling it so once per
        :data:`OTHER_TAB_NOTICE_EVERY` seconds rather than after every edit.

        A tab whose page is gone is forgotten; a tab whose connection is down is brought up
        to date when it reconnects. Nothing one tab's page does stops the others following.
        """
        from .notify import notify

        now = time.monotonic()
        notice = self.safety.changed_by(source)
        for view in list(self.views):
            if view is source:
                continue
            client = view.anchor.client
            if client.is_deleted or view.anchor.is_deleted:
                self.forget(view)
                continue
            if not client.has_socket_connection:
                self._behind.add(id(view))
                continue
            try:
                with view.anchor:
                    view.follow(change or Change())
                    told = self._told.get(id(view))
                    if told is None or now - told >= OTHER_TAB_NOTICE_EVERY:
                        notify(notice)
                        self._told[id(view)] = now
            except Exception:  # one tab's failure never stops the others
                log.exception("could not bring a tab up to date; it is no longer followed")
                self.forget(view)

    def rows(self, table_id: str, start: int, end: int) -> dict[str, Any]:
        try:
            table = self.session.project.table(table_id)
        except KeyError:
            return {"rows": [], "lastRow": 0, "layout": self.layout}
        if pending(table):  # its cells are being computed: shown when they are
            return {"rows": [], "lastRow": 0, "layout": self.layout}
        n = table.n_rows
        total = n if table.derived_from is not None else min(n + SPARE_ROWS, MAX_ROWS)
        start = max(0, start)
        end = min(max(start, end), total)
        columns = sheet_columns(table)
        out = []
        for r in range(start, end):
            row: dict[str, Any] = {}
            if r < n:
                for i, col in enumerate(columns):
                    value = cell_text(table, r, col)
                    if value is not None:
                        row[column_id(i)] = _show(value)
            out.append(row)
        return {"rows": out, "lastRow": total, "layout": self.layout}


def _show(value: float | str) -> str:
    if isinstance(value, str):
        return value
    text = repr(value)
    return text[:-2] if text.endswith(".0") else text
