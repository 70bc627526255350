"""What every tab of the editor shares: the one session, the open tabs, the sheet's rows."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from ..contract.limits import MAX_ROWS
from ..editing.cells import cell_text, sheet_columns
from ..editing.history import pending
from ..editing.session import Session
from .safety import Safety

if TYPE_CHECKING:
    from nicegui import ui


class Follower(Protocol):
    """An open tab as the server sees it: it can be brought up to date."""

    anchor: ui.element

    def refresh(
        self, sheet_only: bool = False, cells_only: bool = False, *, broadcast: bool = True
    ) -> None: ...


#: A tab kept in sync with another is told so at most once in this many seconds.
OTHER_TAB_NOTICE_EVERY = 60.0
#: Empty rows shown below a data table's last row, ready for typing.
SPARE_ROWS = 50


class Server:
    """What the routes and every page share."""

    def __init__(self) -> None:
        self.session = Session()
        self.uploads: dict[str, tuple[str, bytes]] = {}
        #: the open tabs; each shows the one session
        self.views: list[Follower] = []
        #: when each tab was last told that another tab changed the project (monotonic s)
        self._told: dict[int, float] = {}
        #: the file on disk as last seen, recovery copies, which tab made which change
        self.safety = Safety(self.session)

    def forget(self, view: Follower) -> None:
        if view in self.views:
            self.views.remove(view)
        self._told.pop(id(view), None)
        self.safety.leave(view)

    def changed(self, source: Follower) -> None:
        """The project changed in ``source``'s tab: bring every other tab up to date, telling
        it so once per :data:`OTHER_TAB_NOTICE_EVERY` seconds rather than after every edit."""
        from .notify import notify

        now = time.monotonic()
        notice = self.safety.changed_by(source)
        for view in list(self.views):
            if view is source:
                continue
            with view.anchor:
                view.refresh(broadcast=False)
                told = self._told.get(id(view))
                if told is None or now - told >= OTHER_TAB_NOTICE_EVERY:
                    notify(notice)
                    self._told[id(view)] = now

    def rows(self, table_id: str, start: int, end: int) -> dict[str, Any]:
        try:
            table = self.session.project.table(table_id)
        except KeyError:
            return {"rows": [], "lastRow": 0}
        if pending(table):  # its cells are being computed: shown when they are
            return {"rows": [], "lastRow": 0}
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
                        row[f"c{i}"] = _show(value)
            out.append(row)
        return {"rows": out, "lastRow": total}


def _show(value: float | str) -> str:
    if isinstance(value, str):
        return value
    text = repr(value)
    return text[:-2] if text.endswith(".0") else text
