"""Colours a file sets that nearly vanish on the preset's background: drawn as asked, with a
``render-ambiguous`` warning naming where the colour is set.

Marks drawn as lines, symbols or text (not fills, which are pale by design and outlined) are
checked: a colour whose WCAG contrast ratio with the plot background (as seen, with its alpha)
is under :data:`MIN_VISIBLE` warns once per place in ``styleOverrides``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .notices import AMBIGUOUS, PathPart, add_warning
from .style.colors import contrast, hex_to_rgba, to_hex

if TYPE_CHECKING:
    from .context import DrawContext

#: the least contrast ratio with the plot background a mark's colour keeps to be seen easily
#: (WCAG asks 3:1 of graphical objects; under 2:1 a thin line or small symbol nearly vanishes)
MIN_VISIBLE = 2.0

#: the elements and keys whose colour draws a line, a symbol or text
CHECKED: dict[str, tuple[str, ...]] = {
    "symbol": ("color",),
    "line": ("color",),
    "errorBar": ("color",),
    "curve": ("color",),
    "barsSpikesDroplines": ("color",),
    "summaryLine": ("color",),
    "median": ("color",),
    "pointLabel": ("color",),
    "referenceLine": ("color",),
}


def _places(overrides: Mapping[str, Any]) -> Iterator[tuple[tuple[PathPart, ...], Any]]:
    """(path under ``graph``, element patch) of every layer of ``styleOverrides``."""
    for element, patch in overrides.get("global", {}).items():
        yield ("styleOverrides", "global", element), patch
    for name, elements in overrides.get("perDataSet", {}).items():
        for element, patch in elements.items():
            yield ("styleOverrides", "perDataSet", name, element), patch
    for name, points in overrides.get("perPoint", {}).items():
        for row, elements in points.items():
            for element, patch in elements.items():
                yield ("styleOverrides", "perPoint", name, row, element), patch


def warn_low_contrast(ctx: DrawContext) -> None:
    """Warn for each colour of :data:`CHECKED` the file sets that nearly vanishes."""
    bg = ctx.theme.plot_background
    for where, patch in _places(ctx.graph.style_overrides or {}):
        keys = CHECKED.get(str(where[-1]), ())
        if not isinstance(patch, Mapping):
            continue
        for key in keys:
            ref = patch.get(key)
            if not (isinstance(ref, Mapping) and "hex" in ref):
                continue
            color = hex_to_rgba(str(ref["hex"]), float(ref.get("alpha", 1.0)))
            ratio = contrast(color, bg, bg)
            if ratio < MIN_VISIBLE:
                add_warning(
                    ctx,
                    AMBIGUOUS,
                    f"the colour {ref['hex']} of {where[-1]}.{key} has a contrast of "
                    f"{ratio:.1f}:1 with the plot background {to_hex(bg)} of the "
                    f"{ctx.theme.preset_id} preset (under {MIN_VISIBLE:g}:1): it is drawn as "
                    "asked but nearly vanishes; a darker or lighter colour reads better",
                    ("graph", *where, key),
                )
