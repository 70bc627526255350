"""One control of the Format panel, built from its :class:`~plotdoc.editor.format_spec.Widget`.

Every control reads the value the table holds at its path and sets it with one checked edit
(:func:`~plotdoc.editor.fields.set_value`); a value the check refuses is reported with open's
message and changes nothing.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

from nicegui import ui

from . import attrs, choices
from .fields import apply_style, current, reset_value, set_value, style_colour
from .format_spec import PathPart, Widget
from .setting_conflicts import setting_words, write_setting
from .wording import label_of

if TYPE_CHECKING:
    from .shown import Shown
    from .view import View

_HEX6 = re.compile(r"^#[0-9a-fA-F]{6}$")


def testid(path: tuple[PathPart, ...]) -> str:
    """``fmt-`` and the path, for tests and screen readers' landmarks."""
    return "fmt-" + "-".join(str(p).replace(" ", "_") for p in path)


def parse_number(text: Any, widget: Widget) -> Any:
    """A typed number as the document holds it; the automatic word or None when empty; other
    text unchanged (the check refuses it with open's message)."""
    raw = "" if text is None else str(text).strip()
    if raw == "" or raw.lower() == widget.word.lower() or raw.lower() in ("auto", "automatic"):
        return widget.word if widget.word else None
    if widget.choices and raw in widget.choices:
        return raw
    try:
        number = float(raw.replace(",", "."))
    except ValueError:
        return raw
    return int(number) if widget.integer and number.is_integer() else number


_RUN = re.compile(r"([\^_])\{([^{}]*)\}")


def rich_html(text: str) -> str:
    """``text`` as HTML, ``^{...}`` raised and ``_{...}`` lowered as the graph draws them."""
    out = []
    pos = 0
    for m in _RUN.finditer(text):
        out.append(html.escape(text[pos : m.start()]))
        tag = "sup" if m.group(1) == "^" else "sub"
        out.append(f"<{tag}>{html.escape(m.group(2))}</{tag}>")
        pos = m.end()
    out.append(html.escape(text[pos:]))
    return "".join(out).replace("\\n", "<br>").replace("\n", "<br>")


class Control:
    """Builds the control for ``path`` of table ``table_id`` in ``view``."""

    def __init__(
        self, view: View, table: Any, path: tuple[PathPart, ...], shown: Shown | None = None
    ) -> None:
        self.view = view
        self.table = table
        self.table_id = table.id
        self.path = path
        self.value = current(table, path)
        #: what the panel shows (told which control makes the next edit)
        self.shown = shown
        #: the setting in words, for the notice of a value set over another tab's
        self.label = ""

    def put(self, value: Any) -> None:
        table = self.view.table()
        if table is None or table.id != self.table_id or current(table, self.path) == value:
            return
        if self.shown is not None:
            self.shown.edit(self.path)
        what = setting_words(self.path, self.label)
        seen, tid = self.value, self.table_id
        if write_setting(self.view, tid, self.path, what, seen, set_value, tid, self.path, value):
            self.value = current(table, self.path)
        elif self.shown is not None:  # refused: no edit follows from this control
            self.shown.editing = None

    def reset(self) -> None:
        """Back to the default (the style's colour, no fill)."""
        table = self.view.table()
        if table is not None and table.id == self.table_id and self.value is not None:
            apply_style(self.view, reset_value, self.table_id, self.path)

    def put_some(self, value: Any) -> None:
        """Set ``value`` unless it is None (a select cleared, a colour still being typed)."""
        if value is not None:
            self.put(value)

    def build(self, label: str, widget: Widget) -> None:
        tid = testid(self.path)
        self.label = label
        value = self.value
        if self.shown is not None and widget.kind != "color":
            self.shown.add(self.table, self.path, widget.kind)
        if widget.kind == "color":
            self._color(label, widget, tid)
        elif widget.kind == "select":
            chooser = choices.select(
                {v: label_of(v) for v in widget.choices},
                value=value,
                label=label,
                on_change=lambda e: self.put_some(e.value),
            )
            attrs.testid(chooser.classes("w-full").props("dense outlined"), tid)
        elif widget.kind == "switch":
            words = {"default": "Default", "yes": "Yes", "no": "No"}
            shown = "default" if value is None else "yes" if value else "no"

            def chosen(choice: Any) -> None:
                if choice == "default":
                    self.reset()
                elif choice in ("yes", "no"):
                    self.put(choice == "yes")

            switch = choices.select(
                words, value=shown, label=label, on_change=lambda e: chosen(e.value)
            )
            attrs.testid(switch.classes("w-full").props("dense outlined"), tid)
        elif widget.kind == "check":
            box = ui.checkbox(label, value=bool(value), on_change=lambda e: self.put(bool(e.value)))
            attrs.testid(box.props("dense"), tid)
        elif widget.kind in ("number", "auto-number"):
            hint = ""
            if widget.kind == "auto-number":
                hint = f" ({widget.word} when empty)"
            elif widget.nullable:
                hint = " (automatic when empty)"
            bounds = ""
            if widget.minimum is not None and widget.maximum is not None:
                bounds = f"{widget.minimum:g} to {widget.maximum:g}"
            field = attrs.testid(
                ui.input(label + hint, value="" if value is None else str(value))
                .classes("w-full")
                .props("dense outlined"),
                tid,
            )
            if bounds:
                field.props["hint"] = bounds
            if self.shown is not None:
                self.shown.typed_field(field, field.value)
            field.on("change", lambda _: self.put(parse_number(field.value, widget)))
        else:
            field = attrs.testid(
                ui.input(label, value="" if value is None else str(value))
                .classes("w-full")
                .props("dense outlined"),
                tid,
            )
            if self.shown is not None:
                self.shown.typed_field(field, field.value)
            field.on("change", lambda _: self.put(field.value))
            if self.path[-1] == "text" and self.path[0] in ("annotations", "titles"):
                # as it will be drawn: ^{...} raised, _{...} lowered, \n a new line
                preview = ui.html(rich_html(str(value or ""))).classes("plotdoc-rich-preview")
                attrs.testid(preview, f"{tid}-preview")
                field.on_value_change(lambda e: preview.set_content(rich_html(str(e.value or ""))))

    def _unset_words(self, word: str) -> str:
        if word != "theme":
            return "none"
        shown = style_colour(self.view.table() or self.table, self.path)
        return shown or "from the style"  # grey: the style's colour, not one the file sets

    def _color(self, label: str, widget: Widget, tid: str) -> None:
        """Hex colour with a picker, its opacity, and a button back to the style's colour."""
        value = self.value
        hex_value = value.get("hex", "") if isinstance(value, dict) else ""
        alpha = value.get("alpha") if isinstance(value, dict) else None
        word = "none" if widget.none and value in (None, "none") else "theme"
        with ui.row().classes("w-full items-center gap-1 no-wrap"):

            def color(text: Any) -> Any:
                text = str(text or "").strip()
                if not text:
                    return word
                out: dict[str, Any] = {"hex": text}
                if alpha is not None:
                    out["alpha"] = alpha
                return out

            picker = (
                ui.color_input(
                    label,
                    value=hex_value,
                    placeholder=self._unset_words(word),
                    preview=True,
                    on_change=lambda e: self.put_some(
                        color(e.value) if _HEX6.match(str(e.value or "")) else None
                    ),
                )
                .classes("grow")
                .props("dense outlined stack-label")
            )
            attrs.testid(picker, tid)
            picker.on("change", lambda _: self.put(color(picker.value)))
            if self.shown is not None:

                def restyle() -> None:  # the style's colour, which may follow another field
                    picker.props["placeholder"] = self._unset_words(word)
                    picker.update()

                self.shown.add(self.table, self.path, "color", restyle)
            opacity = (
                ui.input("α", value="" if alpha is None else f"{alpha:g}")
                .classes("w-12")
                .props("dense outlined")
                .tooltip("Alpha: 0 (transparent) to 1 (opaque)")
            )
            attrs.testid(opacity, f"{tid}-alpha")

            def set_alpha(_: Any) -> None:
                if not hex_value:
                    return
                out: dict[str, Any] = {"hex": hex_value}
                a = parse_number(opacity.value, Widget("number"))
                if a is not None:
                    out["alpha"] = a
                self.put(out)

            opacity.on("change", set_alpha)
            reset = ui.button(icon="format_color_reset", on_click=self.reset)
            attrs.testid(reset.props("flat round dense size=sm"), f"{tid}-reset").tooltip(
                "The style's colour" if word == "theme" else "No fill"
            )
