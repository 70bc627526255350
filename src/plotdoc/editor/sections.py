"""Sections of a panel that stay as the user left them.

A panel is rebuilt after every change to the project; a section the user opened (the Y axis of
the format panel, say) must still be open after the change it was opened for, and one the user
closed must stay closed.
"""

from __future__ import annotations

from nicegui import ui


class Sections:
    """Which sections of one panel are open, by key, as the user last left them."""

    def __init__(self) -> None:
        self.open: dict[str, bool] = {}

    def expansion(
        self, key: str, text: str, *, icon: str | None = None, value: bool = False
    ) -> ui.expansion:
        """A ``ui.expansion`` open as the user last left it (``value`` until then)."""
        section = ui.expansion(text, icon=icon, value=self.open.get(key, value))
        section.on_value_change(lambda e: self.open.__setitem__(key, bool(e.value)))
        return section
