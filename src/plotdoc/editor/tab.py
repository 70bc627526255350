"""One browser tab's view of the session: the table it shows, edits, undo, refreshing."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from nicegui import background_tasks, ui

from ..contract.limits import MAX_LISTED_WARNINGS
from ..editing import add_table, duplicate_table, set_cell
from ..editing.history import pending
from ..problems import PlotdocError, Problem
from . import a11y, attrs, computing, panels, parts
from .conflicts import Conflicts
from .edit_kinds import ANALYSIS_EDITS, KEEPS_LAYOUT
from .fields import styled_since
from .format_panel import FormatPanel
from .jobs import Job
from .notify import notify
from .pointing import EDIT_REFUSED, EDIT_WARNINGS
from .safety import Place
from .server import Change
from .sheet import sheet_options
from .unsent import Unsent
from .work import has_analyses

if TYPE_CHECKING:
    from .server import Server


def capped(problems: Iterable[Problem]) -> tuple[list[Problem], int]:
    """The problems the page lists: every error, the first 1,000 warnings (as the command line
    prints them), and how many warnings more there are."""
    listed: list[Problem] = []
    more = shown = 0
    for p in problems:
        if p.severity != "warning":
            listed.append(p)
        elif shown < MAX_LISTED_WARNINGS:
            listed.append(p)
            shown += 1
        else:
            more += 1
    return listed, more


class TabParts:
    """The parts of one tab that are rebuilt when the project changes.

    Each tab has its own (a refreshable made once for the module would rebuild every tab's
    copy with the arguments of the tab that asked).
    """

    def __init__(self) -> None:
        self.navigator = ui.refreshable(parts.navigator)
        self.workspace = ui.refreshable(parts.workspace)
        self.title_label = ui.refreshable(parts.title_label)
        self.status_bar = ui.refreshable(parts.status_bar)
        self.problems = ui.refreshable(panels.problems_panel)


class Tab:
    """One browser tab's view of the session."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.session = server.session
        self.table_id: str | None = None
        self.problems, self.omitted_warnings = capped(self.session.warnings)
        self.omitted = 0
        self.problems_title = "Problems found when opening" if self.problems else ""
        self.problem_name = self.session.title
        self.problems_open = True
        self.parts = TabParts()
        self.title_shown: tuple[bool, str] | None = None
        self.navigator_shown: Any = None
        self.job = Job()
        self.grid_key: Any = None
        self.grid: ui.aggrid | None = None
        self.graph = panels.GraphPanel(self)
        self.format = FormatPanel(self)
        self.analyses = panels.AnalysesPanel(self)
        self.inspector: ui.right_drawer | None = None
        self.splitter: ui.splitter | None = None
        #: whether the graph takes the sheet's room too, and the button that says so
        self.graph_only = False
        self.graph_only_button: ui.button | None = None
        #: whether the page is laid out for a project without tables (the start screen)
        self.empty: bool | None = None
        self.status: ui.label | None = None
        self.changes = 0
        #: the version the analyses were last computed for (edits of a graph's look keep them)
        self.analysed: int | None = None
        #: an element no refresh deletes: the context of work done after an event
        self.anchor: ui.element = ui.element()
        #: which of the page's typed values the recovery copy holds (told to the page)
        self.unsent = Unsent(self)
        #: values this tab typed over without having seen them, cells other tabs changed
        self.conflicts = Conflicts(self)
        #: the tabs above the graph and the analyses, and each panel's tab (see page.build)
        self.side: ui.tabs | None = None
        self.side_tabs: dict[str, ui.tab] = {}
        #: the analyses panel's box (its buttons are named after each rebuild)
        self.analyses_box: ui.element | None = None

    # -- the selected table ----------------------------------------------------------

    def table(self) -> Any:
        project = self.session.project
        if self.table_id is not None:
            try:
                return project.table(self.table_id)
            except KeyError:
                pass
        self.table_id = project.tables[0].id if project.tables else None
        return project.tables[0] if project.tables else None

    def select(self, table_id: str) -> None:
        self.table_id = table_id
        self.refresh(broadcast=False)  # the project did not change

    # -- applying edits ----------------------------------------------------------------

    def apply(self, op: Any, *args: Any, **kwargs: Any) -> bool:
        """Run one edit; a refusal is shown in the problems panel and changes nothing."""
        return self._apply(op, args, kwargs, look_only=False)

    def apply_look(self, op: Any, *args: Any) -> bool:
        """:meth:`apply` for an edit of how the graph looks (a style, an axis, a title, an
        annotation): the sheet, the table's header and the analyses panel stay as they are."""
        return self._apply(op, args, {}, look_only=True)

    def _apply(self, op: Any, args: Any, kwargs: dict[str, Any], *, look_only: bool) -> bool:
        shown = self.table()
        try:
            with self.server.keeping_layout(look_only or op in KEEPS_LAYOUT):
                edit = self.session.apply(op, *args, **kwargs)
        except PlotdocError as exc:
            self.show_problems(EDIT_REFUSED, exc.problems, exc.omitted)
            notify(exc.errors[0].message if exc.errors else "refused", "negative")
            self.refresh(sheet_only=True)
            return False
        if edit.table_id is not None and op in (add_table, duplicate_table):
            self.table_id = edit.table_id
        panel = "graph" if look_only else "analyses" if op in ANALYSIS_EDITS else "sheet"
        acted = edit.table_id or (shown.id if shown is not None else None)
        self.server.safety.acted(edit.change, Place(acted, panel))
        if edit.warnings:
            self.show_problems(EDIT_WARNINGS, edit.warnings)
        elif self.problems_title == EDIT_REFUSED:
            self.clear_problems()
        self.refresh(cells_only=op is set_cell, look_only=look_only)
        return True

    def undo(self) -> None:
        label = self.session.undo()
        undone = self.session.history.undone[-1] if label else None
        self._undone("Undid", label, undone)

    def redo(self) -> None:
        label = self.session.redo()
        redone = self.session.history.done[-1] if label else None
        self._undone("Redid", label, redone)

    def _undone(self, verb: str, label: str | None, change: Any) -> None:
        """Show the table and panel an undo or redo acted on, and name them."""
        safety = self.server.safety
        message = safety.undo_message(self, verb, label, change)
        if label is not None:
            self.server.writers.forget()  # values put back: no tab typed them
        place = safety.place(change)
        if place is not None and place.table_id is not None:
            try:
                table = self.session.project.table(place.table_id)
            except KeyError:
                table = None
            if table is not None:
                self.table_id = table.id
                message += f" — table “{table.name}”"
                self.show_panel(place.panel)
        notify(message)
        self.refresh()

    def name_buttons(self, box: ui.element | None) -> None:
        """Give the icon-only buttons of a rebuilt part their names in words."""
        if box is not None and not box.is_deleted:
            a11y.name_icon_buttons(box)

    def show_panel(self, panel: str) -> None:
        """Bring forward the panel an edit was made in (the graph with its format panel, or
        the analyses); the sheet is always shown."""
        tab = self.side_tabs.get("analyses" if panel == "analyses" else "graph")
        if self.side is not None and tab is not None and panel != "sheet":
            self.side.set_value(tab)
        if panel == "graph":
            self.toggle_inspector(True)

    # -- problems ------------------------------------------------------------------------

    def show_problems(
        self, title: str, problems: Any, omitted: int = 0, name: str | None = None
    ) -> None:
        self.problems, self.omitted_warnings = capped(problems)
        self.problems_title = title
        self.problems_open = True
        self.problem_name = name or self.session.title
        self.omitted = omitted
        self.parts.problems.refresh()

    def clear_problems(self) -> None:
        self.problems = []
        self.problems_title = ""
        self.parts.problems.refresh()

    # -- refreshing -----------------------------------------------------------------------

    def refresh(
        self,
        sheet_only: bool = False,
        cells_only: bool = False,
        *,
        broadcast: bool = True,
        look_only: bool = False,
    ) -> None:
        """Show the session's state; ``cells_only`` after an edit of cells (no layout change),
        ``look_only`` after an edit of how the graph looks (no cell, name or analysis changed).

        ``broadcast`` brings the project's other tabs up to date too.
        """
        table = self.table()
        self.lay_out(table is None)
        # after a cell edit the sheet already shows it: reread after the graph (another
        # tab's cell edit is shown at once)
        if not (cells_only or look_only) or (cells_only and not broadcast):
            self.update_sheet(table)
        if sheet_only:
            return
        if not cells_only:
            self.refresh_navigator()
            if not look_only:
                self.parts.workspace.refresh()
                self.analyses.rebuild()
                self.name_buttons(self.analyses_box)
            if look_only:  # only the parts that show what changed are built again
                self.graph.refresh_toolbar()
                if broadcast:
                    self.format.after_look_edit()
                else:  # another tab's change waits while this tab types in the panel
                    self.format.rebuild(elsewhere=True)
            else:  # another tab's change waits while this tab types in the panel
                self.graph.toolbar.refresh()
                self.format.rebuild(elsewhere=not broadcast)
        self.update_title()
        if broadcast:
            shown = table.id if table is not None and (cells_only or look_only) else None
            self.server.changed(self, Change(shown, cells_only, look_only))
        background_tasks.create(self.after_change(cells_only), name="plotdoc-after-change")

    def follow(self, change: Change) -> None:
        """Show an edit made in another tab, building again only what shows it: an edit of
        another table's cells or look changes nothing this tab shows but the project's state
        (its analyses are computed again when that table is shown here)."""
        table = self.table()
        if (
            change.table_id is not None
            and table is not None
            and table.id != change.table_id
            and table.derived_from is None
        ):
            self.update_title()
            return
        self.refresh(cells_only=change.cells_only, broadcast=False, look_only=change.look_only)

    def refresh_navigator(self) -> None:
        """Rebuild the list of tables when what it shows changed (a click on an item being
        rebuilt would be lost)."""
        shown = parts.navigator_key(self)
        if shown != self.navigator_shown:
            self.navigator_shown = shown
            self.parts.navigator.refresh()

    def lay_out(self, empty: bool) -> None:
        """The start screen takes the whole width; the graph and format panel come back with
        the first table."""
        if empty == self.empty or self.splitter is None:
            return
        self.empty = empty
        if empty:
            self.splitter.classes(add="plotdoc-empty")
        else:
            self.splitter.classes(remove="plotdoc-empty")
        self.toggle_inspector(not empty)

    def toggle_graph_only(self) -> None:
        """Give the graph the sheet's room too, or show the sheet again."""
        self.graph_only = not self.graph_only
        if self.splitter is not None:
            if self.graph_only:
                self.splitter.classes(add="plotdoc-graph-only")
            else:
                self.splitter.classes(remove="plotdoc-graph-only")
        button = self.graph_only_button
        if button is not None:
            button.set_text("Show the sheet" if self.graph_only else "Graph only")
            button.props["icon"] = "close_fullscreen" if self.graph_only else "open_in_full"
            button.props["aria-pressed"] = "true" if self.graph_only else "false"
            button.update()

    def toggle_inspector(self, show: bool | None) -> None:
        if self.inspector is not None:
            self.inspector.set_value(not self.inspector.value if show is None else show)

    def refresh_status(self) -> None:
        self.parts.status_bar.refresh()

    def update_title(self) -> None:
        s = self.session
        shown = (s.dirty, s.title)
        if shown == self.title_shown:
            return
        self.title_shown = shown
        self.parts.title_label.refresh()
        ui.run_javascript(attrs.js_call("plotdocSetDirty", s.dirty, s.title))

    async def after_change(self, reread_sheet: bool = False) -> None:
        self.changes += 1
        mine = self.changes
        with self.anchor:
            if has_analyses(self.session.project) and not styled_since(self.session, self.analysed):
                await self.recompute()
            if mine == self.changes:
                await self.graph.redraw()
            if reread_sheet:  # the cells as the project holds them (1e3 shows as 1000)
                self.update_sheet(self.table())

    async def recompute(self) -> None:
        await computing.recompute(self)

    def update_sheet(self, table: Any, force_rows: bool = True) -> None:
        if self.grid is None:
            return
        if table is None:
            self.grid.classes(add="hidden")
            return
        self.grid.classes(remove="hidden")
        if pending(table):  # a results table not computed yet: filled when it is
            return
        key = (
            table.id,
            table.format,
            table.replicates,
            tuple(d.name for d in table.data_sets),
            table.derived_from is not None,
        )
        if key != self.grid_key:
            self.grid_key = key
            self.grid.options.clear()
            self.grid.options.update(sheet_options(table, self.session.version))
            self.grid.update()
        elif force_rows:
            self.grid.run_grid_method("refreshInfiniteCache")
