"""Short messages at the bottom right of the window, away from the sheet and the graph."""

from __future__ import annotations

from typing import Literal

from nicegui import ui

Kind = Literal["positive", "negative", "warning", "info", "ongoing"]


def notify(message: str, kind: Kind = "info") -> None:
    ui.notify(message, type=kind, position="bottom-right", timeout=2500, group=False)


def count(n: int, noun: str) -> str:
    """``1 error``, ``2 errors``."""
    return f"{n} {noun}" + ("" if n == 1 else "s")
