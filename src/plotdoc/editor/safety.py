"""What the editor keeps to protect the user's work, shared by every tab of one server.

* the file on disk as last seen (:class:`~plotdoc.editor.disk.Stamp`), taken whenever the
  project is opened from or saved to a file, so Save notices another program's change;
* the recovery copy (:class:`~plotdoc.editor.recovery.Keeper`) and the copies left by an
  earlier editor that stopped with unsaved changes (offered when a tab opens);
* a name for each open tab, and which tab made each change (told to the other tabs; undo is
  shared by all tabs, and says when it undoes another tab's change).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..editing.history import Change
from ..editing.session import Session
from . import recovery
from .disk import Stamp


@dataclass(frozen=True)
class Place:
    """Where a change acted: the table and the panel showing it (``sheet``, ``graph`` for
    the graph and its format panel, ``analyses``), so undo and redo can show it."""

    table_id: str | None
    panel: str


class Safety:
    def __init__(self, session: Session, *, where: Path | None = None) -> None:
        self.session = session
        #: the session's file as last opened or saved (None: no file, or not seen yet)
        self.stamp: Stamp | None = None
        #: the state of the file on disk the user was last asked about (asked once per change)
        self.asked: Stamp | None = None
        self._seen: tuple[Path | None, int] | None = None
        self.keeper = recovery.Keeper(
            session, where=where, stamp=lambda: self.stamp, failed=self._no_copy, kept=self._kept
        )
        #: told each time the recovery copy changes (each tab's page shows what it holds)
        self._watchers: dict[int, Callable[[recovery.Kept], None]] = {}
        #: copies an earlier editor left for this file (or untitled project), newest first
        self.offers: list[recovery.Copy] = []
        self.offered = False
        self.stopped = False
        self._tabs: dict[int, str] = {}
        self._count = 0
        self._authors: dict[int, tuple[Change, str]] = {}
        self._places: dict[int, tuple[Change, Place]] = {}
        session.listeners.append(self._changed)
        self._changed(session)

    # -- the file on disk -----------------------------------------------------------------

    def _changed(self, session: Session) -> None:
        seen = (session.path, session.saved_version)
        if seen != self._seen:  # opened or saved: the file on disk is what the project holds
            self._seen = seen
            self.stamp = Stamp.of(session.path)
            self.asked = None

    def adopt(self, stamp: Stamp | None) -> None:
        """The project now shown was last in step with the file when it looked like ``stamp``."""
        self.stamp = stamp
        self.asked = None
        self._seen = (self.session.path, self.session.saved_version)

    # -- starting and stopping --------------------------------------------------------------

    def start(self) -> None:
        """In the running server: find earlier copies, keep this one, and catch SIGHUP."""
        self.offers = recovery.find(
            self.session.path, exclude=self.keeper.id, where=self.keeper.where
        )
        self.keeper.start()
        if hasattr(signal, "SIGHUP"):  # closing the terminal: stop as Ctrl-C does
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                asyncio.get_running_loop().add_signal_handler(
                    signal.SIGHUP, signal.raise_signal, signal.SIGTERM
                )

    def stopping(self) -> None:
        """The server stops: bring the recovery copy up to date and say so in the terminal."""
        self.stopped = True
        session = self.session
        if session.dirty:
            kept = self.keeper.write()
            where = self.keeper.data_path
            if kept:
                again = f"plotdoc edit {session.path}" if session.path else "plotdoc edit"
                text = (
                    f"plotdoc editor: stopped with unsaved changes to {session.title}.\n"
                    f"They were kept in a recovery copy ({where}); run `{again}` "
                    "to recover them."
                )
            else:
                text = (
                    f"plotdoc editor: stopped with unsaved changes to {session.title}; no "
                    f"recovery copy could be written ({self.keeper.failure})."
                )
        else:
            text = "plotdoc editor: stopped; every change was saved."
        self.keeper.stop()
        with contextlib.suppress(OSError, ValueError):  # the terminal may be gone
            print(text, file=sys.stderr, flush=True)

    def _no_copy(self, why: str) -> None:
        """No recovery copy could be written: say so in the terminal (the work is at risk)."""
        with contextlib.suppress(OSError, ValueError):
            print(
                f"plotdoc editor: could not keep a recovery copy of {self.session.title} "
                f"in {self.keeper.folder}: {why}. Save often.",
                file=sys.stderr,
                flush=True,
            )

    # -- tabs -------------------------------------------------------------------------------

    def join(self, tab: Any) -> str:
        self._count += 1
        name = f"Tab {self._count}"
        self._tabs[id(tab)] = name
        return name

    def leave(self, tab: Any) -> None:
        self._tabs.pop(id(tab), None)
        self._watchers.pop(id(tab), None)

    def watch(self, tab: Any, told: Callable[[recovery.Kept], None]) -> None:
        """Tell ``told`` what the recovery copy holds, now and each time it changes."""
        self._watchers[id(tab)] = told
        if self.keeper.holds is not None:
            told(self.keeper.holds)

    def _kept(self, kept: recovery.Kept) -> None:
        for told in list(self._watchers.values()):
            with contextlib.suppress(Exception):  # one tab's page never stops the others'
                told(kept)

    def name(self, tab: Any) -> str:
        return self._tabs.get(id(tab), "another tab")

    def changed_by(self, tab: Any) -> str:
        """Record that ``tab`` made the project's latest change; what other tabs are told."""
        done = self.session.history.done
        label = ""
        if done and id(done[-1]) not in self._authors:
            change = done[-1]
            self._authors[id(change)] = (change, self.name(tab))
            label = change.label
            while len(self._authors) > 500:
                del self._authors[next(iter(self._authors))]
        what = f" ({label})" if label else ""
        return (
            f"{self.name(tab)} changed the project{what}; this tab shows it now. "
            "Undo is shared by every tab."
        )

    def acted(self, change: Change, place: Place) -> None:
        """Record where ``change`` acted."""
        self._places[id(change)] = (change, place)
        while len(self._places) > 500:
            del self._places[next(iter(self._places))]

    def place(self, change: Change | None) -> Place | None:
        if change is None:
            return None
        entry = self._places.get(id(change))
        return entry[1] if entry is not None and entry[0] is change else None

    def author(self, change: Change | None) -> str | None:
        if change is None:
            return None
        entry = self._authors.get(id(change))
        return entry[1] if entry is not None and entry[0] is change else None

    def undo_message(self, tab: Any, verb: str, label: str | None, change: Change | None) -> str:
        """``Undid: Edit cell`` — naming the tab that made it when it was another tab."""
        if label is None:
            return "Nothing to undo" if verb == "Undid" else "Nothing to redo"
        author = self.author(change)
        mine = self.name(tab)
        if author is not None and author != mine:
            return f"{verb}: {label} (made in {author}; undo is shared by every tab)"
        return f"{verb}: {label}"
