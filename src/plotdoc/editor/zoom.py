"""How large the graph is drawn on the page: fitted to its place (the default, drawn again
whenever the place changes size: the window, the split, *Graph only*), or zoomed in or out by
steps from there. A zoomed graph is drawn again at its new size (never a blurred enlargement)
and its place scrolls; *Zoom to fit* shows it whole again.

The toolbar's controls: zoom out, the zoom (*Fit*, or the percentage of the fitted size, which
fits the graph again when clicked) and zoom in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from . import a11y, attrs

if TYPE_CHECKING:
    from collections.abc import Callable

#: The resolutions the graph on the page is fitted at (pixels per inch).
MIN_DPI, MAX_DPI = 60.0, 240.0
#: The most a zoomed graph is drawn at (pixels per inch): a large picture costs memory.
ZOOM_MAX_DPI = 320.0
#: The graph is drawn again when the resolution its place wants differs from the one drawn by
#: more than this part (a smaller change is not worth a drawing).
REFIT = 0.12
#: Each step of zoom multiplies the size by this; the steps run from 4 out to 6 in.
STEP = 1.25
STEPS = range(-4, 7)


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height of a PNG, from its header."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


class Zoom:
    """Each table's zoom, in steps from the fitted size (0: fitted)."""

    def __init__(self) -> None:
        self.steps: dict[str, int] = {}
        self.label: ui.button | None = None

    def step(self, table_id: str) -> int:
        return self.steps.get(table_id, 0)

    def dpi(self, table_id: str, fitted: float) -> float:
        """The resolution to draw at: the fitted one, zoomed."""
        steps = self.step(table_id)
        if steps == 0:
            return fitted
        return max(MIN_DPI / 2, min(ZOOM_MAX_DPI, fitted * STEP**steps))

    def words(self, table_id: str) -> str:
        steps = self.step(table_id)
        return "Fit" if steps == 0 else f"{round(100 * STEP**steps)} %"

    def change(self, table_id: str, by: int | None) -> bool:
        """Zoom ``by`` steps (None: fit again); whether the zoom changed."""
        now = self.step(table_id)
        new = 0 if by is None else max(STEPS[0], min(STEPS[-1], now + by))
        self.steps[table_id] = new
        if self.label is not None and not self.label.is_deleted:
            self.label.set_text(self.words(table_id))
        return new != now

    def controls(self, table_id: str, zoomed: Callable[[int | None], Any]) -> None:
        """Zoom out, the zoom (a click fits the graph again) and zoom in."""
        with ui.button_group().props("flat dense").classes("plotdoc-zoom"):
            out = ui.button(icon="zoom_out", on_click=lambda: zoomed(-1)).props(
                "flat dense size=sm"
            )
            a11y.name(attrs.testid(out, "graph-zoom-out"), "Zoom out")
            out.tooltip("Zoom out")
            fit = ui.button(self.words(table_id), on_click=lambda: zoomed(None))
            fit.props("flat dense no-caps size=sm")
            a11y.name(attrs.testid(fit, "graph-zoom-fit"), "Zoom to fit")
            fit.tooltip("Zoom to fit: the whole graph in its place")
            self.label = fit
            zin = ui.button(icon="zoom_in", on_click=lambda: zoomed(1)).props("flat dense size=sm")
            a11y.name(attrs.testid(zin, "graph-zoom-in"), "Zoom in")
            zin.tooltip("Zoom in")


def show_size(box: ui.element | None, image: ui.image, size: tuple[int, int] | None) -> None:
    """Show the picture at its own ``size`` (pixels) in a place that scrolls, or (None) scaled
    down into its place whole."""
    if box is None:
        return
    if size is None:
        box.classes(remove="plotdoc-zoomed")
        image.style.pop("width", None)
        image.style.pop("height", None)
    else:
        box.classes(add="plotdoc-zoomed")
        image.style["width"] = f"{size[0]}px"  # a value, never parsed
        image.style["height"] = f"{size[1]}px"
    image.update()


__all__ = ["MAX_DPI", "MIN_DPI", "STEP", "ZOOM_MAX_DPI", "Zoom", "png_size", "show_size"]
