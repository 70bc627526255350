"""What a page holds of its own typing until the recovery copy (or a save) holds it.

The page numbers each cell value it sends and keeps it in the browser's storage. The server
tells each page, on a hidden element, what the recovery copy holds: up to which of the page's
numbers, as of when, and which running editor wrote it. The page forgets what the copy holds;
when the server stops answering, it says exactly up to when the edits are kept and how many
typed values only the page holds. A page of an editor started again finds the values an
earlier editor never kept and offers them back (re-apply or discard).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from ..editing import set_cell
from .columns import column_index
from .notify import notify
from .recovery import Kept, source_key

if TYPE_CHECKING:
    from .view import View

#: The most typed values a tab remembers the version of (older ones are long kept).
REMEMBERED = 2000


class Unsent:
    """One tab's side: which of its page's typed values each version of the session holds."""

    def __init__(self, view: View) -> None:
        self.view = view
        #: (the session's version once the value was applied or refused, its number)
        self.typed: list[tuple[int, int]] = []
        self.mark: ui.element | None = None
        self.kept: Kept | None = None

    def build(self) -> None:
        """The hidden element the page reads; told what the copy holds from now on."""
        self.mark = ui.element("div").classes("hidden")
        self.mark.props["data-testid"] = "recovery-state"
        self.mark.props["data-editor"] = self.view.server.safety.keeper.id
        self.mark.props["data-file"] = source_key(self.view.session.path) or ""
        self.view.server.safety.watch(self.view, self.told)

    def typed_value(self, number: Any) -> None:
        """The page's value ``number`` was applied (or refused): the session's version now
        holds it (or needs nothing of it)."""
        if not isinstance(number, int):
            return
        self.typed.append((self.view.session.version, number))
        del self.typed[:-REMEMBERED]
        if self.kept is not None and (
            self.kept.version is None or self.kept.version >= self.view.session.version
        ):
            self.told(self.kept)  # nothing more to keep: the page forgets it at once

    def offer(self) -> None:
        """Have the page offer the values an earlier editor of this file never kept."""
        if self.kept is not None:
            self.told(self.kept)  # the file the project now belongs to (it may be recovered)
        with self.view.anchor:
            ui.run_javascript("plotdocOfferUnsent()")

    def told(self, kept: Kept) -> None:
        self.kept = kept
        mark = self.mark
        if mark is None or mark.is_deleted:
            return
        held = self.view.session.version if kept.version is None else kept.version
        numbers = [n for v, n in self.typed if v <= held]
        mark.props["data-kept-seq"] = str(max(numbers, default=0))
        mark.props["data-kept-at"] = kept.at.astimezone().strftime("%H:%M:%S")
        mark.props["data-kept"] = "saved" if kept.version is None else "copy"
        mark.props["data-file"] = source_key(self.view.session.path) or ""
        mark.update()


def reapply(view: View, args: dict[str, Any]) -> None:
    """Apply the values the page offered back (each an edit, in the order typed)."""
    entries = args.get("entries")
    if not isinstance(entries, list):
        return
    done = refused = 0
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        col = column_index(entry.get("col"))
        row = entry.get("row")
        table = entry.get("t")
        if col is None or not isinstance(row, int) or not isinstance(table, str):
            refused += 1
            continue
        try:
            view.session.project.table(table)
        except KeyError:
            refused += 1
            continue
        value = entry.get("value")
        if view.apply(set_cell, table, row, col, None if value is None else str(value)):
            done += 1
        else:
            refused += 1
    more = f"; {refused} could not be applied" if refused else ""
    notify(f"Re-applied {done} typed value{'' if done == 1 else 's'}{more}", "positive")
