"""Which tab last typed in each cell, and last set each setting, for the notices of two tabs
writing the same value (:mod:`plotdoc.editor.conflicts`, :mod:`plotdoc.editor.setting_conflicts`);
kept by the server, shared by every tab."""

from __future__ import annotations

#: The most cells a tab keeps marked (older marks are dropped first).
MARKS_KEPT = 500


class Writers:
    """Which tab last typed in each cell (shared by every tab; forgotten when the sheet's
    rows or columns move, after which no index names the same cell)."""

    def __init__(self) -> None:
        self._by: dict[tuple[str, int, int], tuple[int, str]] = {}
        self._layout: int | None = None
        #: (table id, path of the setting) -> (tab, its name)
        self._settings: dict[tuple[str, tuple[str | int, ...]], tuple[int, str]] = {}

    def wrote(self, layout: int, key: tuple[str, int, int], tab: int, name: str) -> None:
        if layout != self._layout:
            self._by.clear()
            self._layout = layout
        self._by[key] = (tab, name)
        while len(self._by) > 10 * MARKS_KEPT:
            del self._by[next(iter(self._by))]

    def who(self, layout: int, key: tuple[str, int, int]) -> tuple[int, str] | None:
        return self._by.get(key) if layout == self._layout else None

    def set(self, key: tuple[str, tuple[str | int, ...]], tab: int, name: str) -> None:
        """Tab ``tab`` set the setting ``key`` (a table's id and the setting's path)."""
        self._settings.pop(key, None)
        self._settings[key] = (tab, name)
        while len(self._settings) > 10 * MARKS_KEPT:
            del self._settings[next(iter(self._settings))]

    def setter(self, key: tuple[str, tuple[str | int, ...]]) -> tuple[int, str] | None:
        return self._settings.get(key)

    def forget(self) -> None:
        """An undo or redo put values back: no record says who wrote them."""
        self._by.clear()
        self._settings.clear()
