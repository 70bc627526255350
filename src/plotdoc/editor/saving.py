"""Saving and opening without ever losing work: every flow that could discard or replace
something asks first.

* Opening anything over unsaved changes (a dropped or picked file, an example, an import, a
  new project, a recovery copy) asks: Save, Don't save, Cancel.
* Save compares the file with what was opened or last saved; another program's change is
  never silently overwritten: Overwrite, Save as…, Reload from disk, Cancel. When the window
  gets the focus back, a change on disk is offered for reloading.
* Save as asks before replacing a file, names the file a symbolic link leads to, takes a
  relative name in the current file's folder and refuses devices and folders.
* A recovery copy left by an editor that stopped with unsaved changes is offered when a tab
  opens, with when it was written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from ..problems import PlotdocError
from . import dialogs
from .dialogs import DANGER, PRIMARY, QUIET
from .disk import Refused, Stamp, disk_change, quick_same, save_as_target
from .notify import notify

if TYPE_CHECKING:
    from .recovery import Copy
    from .safety import Safety
    from .view import View


def safety(view: View) -> Safety:
    return view.server.safety


def _titles(view: View) -> None:
    """Every tab's title and dirty mark (a save changes no cells)."""
    for tab in list(view.server.views):
        with tab.anchor:
            cast("View", tab).update_title()


# -- asking before discarding ------------------------------------------------------------


async def confirm_discard(view: View, doing: str) -> bool:
    """Whether the unsaved changes may go: asks Save, Don't save, Cancel when there are any."""
    session = view.session
    if not session.dirty:
        return True
    choice = await dialogs.ask(
        view.anchor,
        f"Save the changes to {session.title}?",
        f"{session.title} has unsaved changes. Save them before {doing}? "
        "Changes that are not saved are lost.",
        [("Cancel", "cancel", QUIET), ("Don't save", "discard", DANGER), ("Save", "save", PRIMARY)],
        "discard-question",
    )
    if choice == "save":
        return await save(view) and not view.session.dirty
    return choice == "discard"


async def new_project(view: View) -> None:
    if not await confirm_discard(view, "starting a new project"):
        return
    view.session.new()
    view.table_id = None
    view.clear_problems()
    view.refresh()


async def open_example(view: View, name: str) -> None:
    if not await confirm_discard(view, f"opening the example {name}"):
        return
    from ..api import loads
    from ..publish.examples import example_bytes

    view.session.open_project(loads(example_bytes(name)), f"{name}.plotdoc")
    view.table_id = None
    view.clear_problems()
    view.refresh()


# -- saving ----------------------------------------------------------------------------------


def _write(view: View, path: Path | None) -> bool:
    try:
        target = view.session.save(path)
    except PlotdocError as exc:
        view.show_problems("Could not save", exc.problems, exc.omitted)
        notify("Save failed", "negative")
        return False
    notify(f"Saved {target}", "positive")
    _titles(view)
    return True


async def save(view: View) -> bool:
    """Save to the project's file (Save as when it has none); whether it was saved."""
    session = view.session
    path = session.path
    if path is None:
        return await save_as(view)
    change = disk_change(path, safety(view).stamp)
    if change == "changed" or change == "replaced by something that is not a file":
        choice = await dialogs.ask(
            view.anchor,
            f"{path.name} was changed by another program",
            f"{path} was {change} since it was opened or last saved here (by another "
            "editor, a script, a git pull...). Saving now would replace that version.",
            [
                ("Cancel", "cancel", QUIET),
                ("Reload from disk (discard mine)", "reload", QUIET),
                ("Save as…", "save-as", QUIET),
                ("Overwrite", "overwrite", DANGER),
            ],
            "disk-changed",
        )
        if choice == "save-as":
            return await save_as(view)
        if choice == "reload":
            reload(view)
            return False
        if choice != "overwrite":
            return False
    elif change == "created":
        choice = await dialogs.ask(
            view.anchor,
            f"{path.name} now exists",
            f"Another program created {path} after this project was started. Replace it?",
            [
                ("Cancel", "cancel", QUIET),
                ("Save as…", "save-as", QUIET),
                ("Replace", "overwrite", DANGER),
            ],
            "disk-changed",
        )
        if choice == "save-as":
            return await save_as(view)
        if choice != "overwrite":
            return False
    return _write(view, path)


async def save_as(view: View) -> bool:
    """Ask where to save; ask again before replacing a file or writing through a link."""
    session = view.session
    folder = session.path.parent if session.path is not None else Path.cwd()
    name = session.title
    if not name.lower().endswith((".plotdoc", ".plotdoc.json")):
        name = Path(name).stem + ".plotdoc" if name != "Untitled" else "untitled.plotdoc"
    typed = str(folder / name)
    problem = ""
    while True:
        answer = await dialogs.ask_path(view.anchor, typed, problem, str(folder))
        if answer is None:
            return False
        typed = answer
        try:
            target = save_as_target(answer, session.path, Path.cwd())
        except Refused as exc:
            problem = f"Not saved: {exc}"
            continue
        problem = ""
        if target.exists or target.link_to is not None:
            lines = []
            if target.link_to is not None:
                lines.append(
                    f"{target.path} is a symbolic link to {target.link_to}: saving writes "
                    f"{target.link_to} (the link stays a link)."
                )
            if target.exists:
                lines.append(
                    f"{target.link_to or target.path} already exists; it would be replaced."
                )
            choice = await dialogs.ask(
                view.anchor,
                f"Replace {target.path.name}?" if target.exists else "Save through the link?",
                " ".join(lines),
                [
                    ("Cancel", "cancel", QUIET),
                    ("Choose another name", "again", QUIET),
                    ("Replace" if target.exists else "Save", "replace", DANGER),
                ],
                "replace-question",
            )
            if choice == "again":
                continue
            if choice != "replace":
                return False
        return _write(view, target.path)


# -- the file on disk ---------------------------------------------------------------------


def reload(view: View) -> None:
    """Open the project's file again, as it is on disk now (the changes shown are dropped)."""
    session = view.session
    path = session.path
    if path is None:
        return
    report = session.open_path(path)
    if not report.ok:
        view.show_problems(
            f"Could not reload {path.name}: the project shown is unchanged",
            report.problems,
            report.omitted,
            name=path.name,
        )
        return
    if report.warnings:
        view.show_problems(f"Reloaded {path.name} with warnings", report.warnings, name=path.name)
    else:
        view.clear_problems()
    notify(f"Reloaded {path.name} from disk", "positive")
    view.refresh()


async def check_disk(view: View) -> None:
    """The window got the focus back: offer to reload a file another program changed."""
    keep = safety(view)
    path = view.session.path
    if path is None or keep.stamp is None or quick_same(path, keep.stamp):
        return
    now = Stamp.of(path)
    if now is not None and now.sha256 == keep.stamp.sha256:
        keep.adopt(now)  # only touched
        return
    if now == keep.asked and now is not None:
        return
    keep.asked = now
    if now is None:
        notify(f"{path} was deleted or moved by another program; Save writes it again", "warning")
        return
    unsaved = " The unsaved changes shown here would be lost." if view.session.dirty else ""
    choice = await dialogs.ask(
        view.anchor,
        f"{path.name} was changed by another program",
        f"{path} changed on disk since it was opened or last saved here. Reload it?{unsaved}",
        [("Keep what is shown", "keep", QUIET), ("Reload", "reload", PRIMARY)],
        "disk-reload",
    )
    if choice == "reload":
        reload(view)


# -- recovery copies ----------------------------------------------------------------------


async def offer_recovery(view: View) -> None:
    """When a tab opens: offer the copies an earlier editor kept, newest first."""
    keep = safety(view)
    while keep.offers and not keep.offered:
        copy = keep.offers[0]
        keep.offered = True  # one tab asks at a time
        more = len(keep.offers) - 1
        choice = await dialogs.ask(
            view.anchor,
            f"Recover unsaved changes to {copy.title}?",
            f"When the editor last stopped, {copy.title} had unsaved changes. A recovery copy "
            f"was written {copy.when()}."
            + (f" ({more} older cop{'y' if more == 1 else 'ies'} follow.)" if more else ""),
            [
                ("Decide later", "later", QUIET),
                ("Discard the copy", "discard", DANGER),
                ("Recover", "recover", PRIMARY),
            ],
            "recover-question",
        )
        keep.offered = False
        if choice == "recover":
            if not await recover(view, copy):
                return
        elif choice == "discard":
            copy.remove()
            notify(f"Discarded the recovery copy of {copy.title}")
        else:
            keep.offered = True  # asked again the next time the editor starts
            return
        if copy in keep.offers:
            keep.offers.remove(copy)


async def recover(view: View, copy: Copy) -> bool:
    from ..api import loads

    keep = safety(view)
    if not await confirm_discard(view, f"recovering {copy.title}"):
        return False
    try:
        project = loads(copy.read())
    except (PlotdocError, OSError) as exc:
        problems = exc.problems if isinstance(exc, PlotdocError) else []
        view.show_problems(f"Could not recover {copy.title} from {copy.data}", problems)
        notify(f"The recovery copy could not be read: {exc}", "negative")
        return False
    session = view.session
    session.open_project(project, copy.title)
    session.path = Path(copy.source) if copy.source else None
    session.name = copy.title
    session.saved_version = -1  # unsaved: the recovered changes are not in any file
    keep.adopt(copy.stamp)
    copy.remove()
    keep.keeper.changed()  # a copy of its own, in case it stops again
    view.table_id = None
    view.clear_problems()
    notify(f"Recovered {copy.title}; save it to keep the changes", "positive")
    view.refresh()
    return True
