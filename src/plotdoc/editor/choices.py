"""Every select and radio of the editor, built so that a value outside its choices never breaks
the page.

A file that opens may hold a value the editor does not offer (a t test naming a data set since
removed, a key a later version reads): open accepts it with a warning, and the control shows
it as missing (``“Placebo” (missing)``, marked as an error) beside the choices, for the user to
pick a valid one. Picking the missing value again changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from nicegui import ui

#: what a value the choices lack is called, after its own text
MISSING = "(missing)"


class Missing:
    """Stands for a value that cannot be a choice's key (a list or an object)."""

    def __init__(self, value: Any) -> None:
        self.value = value


def missing_label(value: Any) -> str:
    """``“Old name” (missing)``: the value as the file holds it, quoted, and that it is missing."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) > 60:
        text = text[:60] + "…"
    return f"“{text}” {MISSING}"


def offered(options: Mapping[Any, str], value: Any) -> tuple[dict[Any, str], Any, bool]:
    """The choices to show, the value to select among them, and whether it is missing: a value
    that is not among ``options`` (None is nothing chosen) is added, labelled missing."""
    choices = dict(options)
    if value is None:
        return choices, None, False
    key = value if isinstance(value, Hashable) else Missing(value)
    try:
        present = key in choices
    except TypeError:  # a tuple holding a list
        key, present = Missing(value), False
    if present:
        return choices, key, False
    choices[key] = missing_label(value)
    return choices, key, True


def _build(
    make: Callable[..., Any],
    options: Mapping[Any, str],
    value: Any,
    on_change: Callable[..., Any] | None,
    **kwargs: Any,
) -> Any:
    choices, selected, missing = offered(options, value)

    def changed(event: Any) -> None:
        if on_change is not None and not isinstance(event.value, Missing):
            on_change(event)

    element = make(choices, value=selected, on_change=changed, **kwargs)
    if missing:
        element.props["error"] = True
        element.props["error-message"] = "Missing: pick another"
        element.props["title"] = choices[selected]  # the whole text, where the field cuts it
        element.props["data-missing"] = "true"
    return element


def select(
    options: Mapping[Any, str],
    *,
    value: Any = None,
    label: str | None = None,
    on_change: Callable[..., Any] | None = None,
) -> ui.select:
    """``ui.select`` of ``options`` (value -> label) showing ``value`` even when it is not one of
    them; ``on_change`` gets NiceGUI's event (its ``value`` is never the missing stand-in)."""
    element: ui.select = _build(ui.select, options, value, on_change, label=label)
    return element


def radio(
    options: Mapping[Any, str], *, value: Any = None, on_change: Callable[..., Any] | None = None
) -> ui.radio:
    """``ui.radio`` as :func:`select` builds a select."""
    element: ui.radio = _build(ui.radio, options, value, on_change)
    return element


def select_many(
    options: Mapping[str, str],
    *,
    values: list[str],
    label: str | None = None,
    on_change: Callable[..., Any] | None = None,
) -> ui.select:
    """``ui.select`` of several of ``options`` (value -> label); a value the options lack is
    shown beside them, labelled missing, until the user takes it out."""
    choices = dict(options)
    missing = [v for v in values if v not in choices]
    for value in missing:
        choices[value] = missing_label(value)
    element = ui.select(
        choices, value=list(values), label=label, multiple=True, on_change=on_change
    )
    if missing:
        element.props["error"] = True
        element.props["error-message"] = "Missing: take it out"
        element.props["data-missing"] = "true"
    return element
