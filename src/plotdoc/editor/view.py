"""What the panels, dialogs and routes may ask of one browser tab's view of the session.

The page builds a :class:`~plotdoc.editor.tab.Tab` for every tab and hands it to the panels it
lays out; the panels know it only through this protocol, so no panel imports the page and the
page imports every panel (the imports run one way).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from nicegui import ui

    from ..editing.session import Session
    from ..problems import Problem
    from .jobs import Job
    from .server import Change, Server


class Refreshable(Protocol):
    """A part of the page rebuilt on demand (a ``ui.refreshable``)."""

    def refresh(self, *args: Any, **kwargs: Any) -> Any: ...


class Parts(Protocol):
    """The parts of one tab that are rebuilt when the project changes."""

    @property
    def navigator(self) -> Refreshable: ...
    @property
    def workspace(self) -> Refreshable: ...
    @property
    def title_label(self) -> Refreshable: ...
    @property
    def status_bar(self) -> Refreshable: ...
    @property
    def problems(self) -> Refreshable: ...


class Exporter(Protocol):
    """The graph panel as the menus see it."""

    async def export(self, fmt: str) -> None: ...


class Held(Protocol):
    """The typed values of this tab that no recovery copy holds yet
    (:class:`~plotdoc.editor.unsent.Unsent`)."""

    def build(self) -> None: ...
    def offer(self) -> None: ...
    def typed_value(self, number: Any) -> None: ...


class Told(Protocol):
    """Values typed over another tab's change, and the cells other tabs changed
    (:class:`~plotdoc.editor.conflicts.Conflicts`); settings set over another tab's
    (:mod:`~plotdoc.editor.setting_conflicts`) are told in its notice bar too."""

    def build(self) -> None: ...
    def typed(self, table: Any, row: int, col: int, seen_raw: Any, value: Any) -> None: ...
    def notice(self, text: str, undo_words: str, undo: Callable[[], None]) -> None: ...
    def dismiss(self) -> None: ...


class View(Protocol):
    """One browser tab's view of the session."""

    server: Server
    session: Session
    #: the table shown in this tab (the first one when None or gone)
    table_id: str | None
    problems: list[Problem]
    problems_title: str
    problem_name: str
    problems_open: bool
    #: problems past those listed, and warnings past the first 1,000
    omitted: int
    omitted_warnings: int
    job: Job

    @property
    def unsent(self) -> Held:
        """Which of the page's typed values the recovery copy holds."""

    @property
    def conflicts(self) -> Told:
        """Values typed over unseen, cells other tabs changed."""

    @property
    def parts(self) -> Parts: ...
    @property
    def graph(self) -> Exporter: ...

    #: an element no refresh deletes: the context of work done after an event
    anchor: ui.element

    def table(self) -> Any:
        """The table shown (None when the project has none)."""

    def select(self, table_id: str) -> None: ...

    def apply(self, op: Any, *args: Any, **kwargs: Any) -> bool:
        """Run one edit; a refusal is shown in the problems panel and changes nothing."""

    def apply_look(self, op: Any, *args: Any) -> bool:
        """:meth:`apply` for an edit of how the graph looks: only the graph and the format
        panel are shown again."""

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def show_problems(
        self, title: str, problems: Any, omitted: int = 0, name: str | None = None
    ) -> None: ...

    def clear_problems(self) -> None: ...

    def refresh(
        self, sheet_only: bool = False, cells_only: bool = False, *, broadcast: bool = True
    ) -> None:
        """Show the session's state (and bring the other tabs up to date when ``broadcast``)."""

    def follow(self, change: Change) -> None:
        """Show an edit made in another tab."""

    def refresh_status(self) -> None: ...

    def update_title(self) -> None: ...

    def toggle_inspector(self, show: bool | None) -> None: ...
