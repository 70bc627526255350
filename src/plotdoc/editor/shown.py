"""What the Format panel shows, so that an edit made in one of its controls need not build
the panel again.

The panel is rebuilt after every edit, which costs the page more than drawing the graph. An
edit made in a control that shows exactly the value it sets (a colour, a choice, a check box)
leaves the panel as it would be rebuilt when every other control would show the value it
shows now. A colour left to the style shows the style's colour in grey, and a data set's
colour is the default of its other marks' colours: those are shown again in place. Anything
else rebuilds the panel.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .fields import current, style_colour
from .format_spec import PathPart

#: controls whose widget shows the value they set as the rebuilt panel would show it
SHOWS_WHAT_IT_SETS = ("color", "select", "check", "title")

Path = tuple[PathPart, ...]


def frame(table: Any, panel: Any) -> Any:
    """What ``panel`` shows of ``table`` besides its controls' values: the table and its graph
    type, what is selected and drawn, the data sets, the plot options and the annotations
    (the titles' texts are controls of their own)."""
    if table is None or table.graph is None:
        return None
    graph = table.graph
    return (
        table.id,
        graph.variant_id,
        panel.selected(table),
        panel.elements(table),
        [ds.name for ds in table.data_sets],
        graph.data_set_visibility,
        graph.plot.options,
        [(a.id, a.type, a.props) for a in table.annotations],
    )


def _look(table: Any, path: Path, kind: str) -> Any:
    colour = style_colour(table, path) if kind == "color" else None
    return copy.deepcopy(current(table, path)), colour


class Shown:
    """The controls the panel has built, with what each shows, and the control being edited."""

    def __init__(self) -> None:
        self.frame: Any = None
        self.controls: dict[Path, tuple[str, Any]] = {}
        #: for a colour control, what shows its style colour again
        self.restyle: dict[Path, Callable[[], None]] = {}
        self.editing: Path | None = None
        #: the text fields built, each with the text it showed: one whose text differs is
        #: being typed in (a change from another tab waits until the typing ends)
        self.fields: list[tuple[Any, str]] = []
        #: called when a text field loses the focus (the panel shows what waited)
        self.idle: Callable[[], None] | None = None

    def clear(self, frame: Any) -> None:
        """The panel is being built for ``frame`` (what it shows besides its controls)."""
        self.frame = copy.deepcopy(frame)
        self.controls.clear()
        self.restyle.clear()
        self.editing = None
        self.fields.clear()

    def add(
        self, table: Any, path: Path, kind: str, restyle: Callable[[], None] | None = None
    ) -> None:
        self.controls[path] = (kind, _look(table, path, kind))
        if restyle is not None:
            self.restyle[path] = restyle

    def typed_field(self, field: Any, text: str) -> None:
        """A text field showing ``text``: typing in it holds back changes from other tabs
        until it loses the focus."""
        self.fields.append((field, text))
        field.on("blur", lambda _: self.idle() if self.idle is not None else None)

    def typed_set(self, field: Any) -> None:
        """``field``'s text is now the value it set: it is no longer being typed in."""
        self.fields = [(f, str(f.value or "") if f is field else t) for f, t in self.fields]

    def typing(self) -> bool:
        """Whether a field holds text typed but not set yet."""
        return any(
            not field.is_deleted and str(field.value or "") != text for field, text in self.fields
        )

    def edit(self, path: Path) -> None:
        """The next edit is made by the control of ``path``."""
        kind = self.controls.get(path, ("", None))[0]
        self.editing = path if kind in SHOWS_WHAT_IT_SETS else None

    def still_shown(self, table: Any, frame: Any) -> bool:
        """After the edit: whether the panel as built shows what a rebuilt one would (the
        control edited shows its new value); its record is brought up to date if so."""
        path, self.editing = self.editing, None
        if path is None or path not in self.controls or frame != self.frame:
            return False
        now = {p: (kind, _look(table, p, kind)) for p, (kind, _) in self.controls.items()}
        restyled = []
        for p, (_, (value, colour)) in now.items():
            before_value, before_colour = self.controls[p][1]
            if p == path:
                continue
            if value != before_value:
                return False
            if colour != before_colour:
                if p not in self.restyle:
                    return False
                restyled.append(self.restyle[p])
        for show in restyled:
            show()
        self.controls = now
        return True
