"""Two tabs changing the same setting (a title, an axis range, a style): nothing is overwritten
without the writer being told, as for cells (:mod:`plotdoc.editor.conflicts`).

Every control of a setting knows the value its tab showed when it was built. When the setting
holds something else by the time the tab's new value arrives (another tab set it meanwhile,
or an undo put another value back, while this tab was still typing), the new value is written
(it is the newest intent), and the writing tab is told what it replaced, who had set it and
what this tab showed, with an *Undo* that puts the replaced value back (when the setting still
holds the new value; an ordinary, undoable edit). The tab whose value was replaced is told too.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .fields import apply_style, current, reset_value, set_value
from .format_spec import PathPart
from .notify import notify

if TYPE_CHECKING:
    from .view import View

#: which part of the graph a setting's path is in, in words (the label says which setting)
_PARTS = {
    "leftY": "Y axis",
    "rightY": "right Y axis",
    "xContinuous": "X axis",
    "xCategorical": "X axis",
    "legend": "legend",
}


def said(value: Any) -> str:
    """A setting's value as a sentence shows it."""
    if value is None or value == "":
        return "(not set)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return f"“{value[:80]}{'…' if len(value) > 80 else ''}”"
    if isinstance(value, (int, float)):
        return f"{value:g}"
    if isinstance(value, dict) and isinstance(value.get("hex"), str):
        alpha = value.get("alpha")
        return str(value["hex"]) + ("" if alpha is None else f" (alpha {alpha:g})")
    text = json.dumps(value, ensure_ascii=False)
    return text[:80] + ("…" if len(text) > 80 else "")


def same(a: Any, b: Any) -> bool:
    """Whether two values of a setting are the same (an empty text is no text)."""
    return (None if a == "" else a) == (None if b == "" else b)


def setting_words(path: tuple[PathPart, ...], label: str) -> str:
    """``Y axis: Maximum``: the part of the graph a setting belongs to, and its label."""
    part = next((_PARTS[str(p)] for p in path[:3] if str(p) in _PARTS), None)
    return f"{part}: {label}" if part else label


@dataclass(frozen=True)
class SettingOverwrite:
    """A value set over a value of the setting this tab had not seen."""

    table_id: str
    path: tuple[PathPart, ...]
    #: the setting in words (``Y axis: Maximum``)
    what: str
    #: the value this tab showed, the one replaced, and the one set (as held)
    seen: Any
    replaced: Any
    value: Any
    #: the tab that set the replaced value, when known
    author: str | None

    def where(self, table: Any) -> str:
        return f"“{self.what}” of table “{table.name}”"


def write_setting(
    view: View,
    table_id: str,
    path: tuple[PathPart, ...],
    what: str,
    seen: Any,
    op: Any,
    *args: Any,
    look: bool = True,
) -> bool:
    """Run ``op(*args)``, an edit of the setting at ``path`` of table ``table_id`` whose control
    showed ``seen``; tell this tab when it replaces a value it had not seen, and the tab that
    set that value. ``look``: the edit changes only how the graph looks."""
    server = view.server
    project = view.session.project
    try:
        before = copy.deepcopy(current(project.table(table_id), path))
    except KeyError:
        before = None
    key = (table_id, tuple(path))
    author = server.writers.setter(key)
    done = apply_style(view, op, *args) if look else view.apply(op, *args)
    if not done:
        return False
    after = copy.deepcopy(current(view.session.project.table(table_id), path))
    me = server.safety.name(view)
    server.writers.set(key, id(view), me)
    if same(seen, before) or same(after, before):
        return True
    overwrite = SettingOverwrite(
        table_id, tuple(path), what, seen, before, after, None if author is None else author[1]
    )
    table = view.session.project.table(table_id)
    who = overwrite.author or "Another tab (or an undo)"
    view.conflicts.notice(
        f"You replaced {said(before)} with {said(after)} as {overwrite.where(table)}. {who} "
        f"had changed it since this tab showed {said(seen)}.",
        f"Put back {said(before)}",
        lambda: put_back(view, overwrite),
    )
    if author is not None and author[0] != id(view):
        for other in list(server.views):
            if id(other) == author[0]:
                with other.anchor:
                    notify(
                        f"{me} replaced your value {said(before)} with {said(after)} as "
                        f"{overwrite.where(table)} (it had not seen it)",
                        "warning",
                    )
    return True


def put_back(view: View, overwrite: SettingOverwrite) -> None:
    """Set the replaced value again, when the setting still holds the value set."""
    view.conflicts.dismiss()
    try:
        table = view.session.project.table(overwrite.table_id)
    except KeyError:
        notify("Not put back: the table is gone", "warning")
        return
    if not same(current(table, overwrite.path), overwrite.value):
        notify("Not put back: the setting has changed again since", "warning")
        return
    if overwrite.replaced is None:
        done = apply_style(view, reset_value, table.id, overwrite.path)
    else:
        done = apply_style(view, set_value, table.id, overwrite.path, overwrite.replaced)
    if done:
        notify(f"Put back {said(overwrite.replaced)} as {overwrite.where(table)}")


__all__ = ["SettingOverwrite", "put_back", "said", "same", "setting_words", "write_setting"]
