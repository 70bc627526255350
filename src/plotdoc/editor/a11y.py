"""Accessible names: every button says in words what it does.

A button that shows only an icon has no words a screen reader can read (Quasar hides the
icon's ligature, or a reader spells it: "horizontal_rule"). Its tooltip already holds the
words; :func:`name_icon_buttons` gives them to the button as its ``aria-label`` (as data:
an element property, never markup), for every icon-only button under an element. The page
calls it once built, and each part rebuilt on its own calls it for itself.
"""

from __future__ import annotations

from nicegui import ui

#: words for an icon-only button without a tooltip, by its icon (what the icon means wherever
#: the editor shows it)
ICON_WORDS = {"delete": "Remove", "close": "Close"}


def name_icon_buttons(root: ui.element) -> int:
    """Give each icon-only button under ``root`` (``root`` included) its tooltip's words as
    its accessible name; how many were named."""
    elements = (root, *root.descendants())
    # a tooltip is made beside its element and points at it (``target``), or inside it
    tips: dict[str, str] = {}
    for element in elements:
        if isinstance(element, ui.tooltip) and element.text:
            target = element.props.get("target")
            parent = element.parent_slot.parent if element.parent_slot is not None else None
            key = target if isinstance(target, str) else f"#{parent.html_id}" if parent else ""
            tips.setdefault(key, element.text)
    named = 0
    for element in elements:
        if not isinstance(element, ui.button) or element.text or "aria-label" in element.props:
            continue
        words = tips.get(f"#{element.html_id}") or ICON_WORDS.get(str(element.props.get("icon")))
        if words:
            element.props["aria-label"] = words
            element.update()  # the page may have it already
            named += 1
    return named


def name(element: ui.element, words: str) -> ui.element:
    """Give ``element`` the accessible name ``words``; returns it."""
    element.props["aria-label"] = words
    return element
