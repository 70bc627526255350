"""Presets as a drawing theme, and the style layers merged over it.

A :class:`Theme` holds the preset's colours (always applied) and its non-colour constants
(applied only when ``graph.applyPresetNonColor`` is true; otherwise ``modern``'s). For every
ElementOverrideSet key the theme gives a complete default style for data set ``i``
(:meth:`Theme.element_defaults`). :func:`merge_style` lays the user's partial patches over it,
in order: theme -> ``styleOverrides.global`` -> ``perDataSet[name or semantic key]`` ->
``perPoint[name][index]``. ColorRefs are resolved to RGBA tuples as they are merged: the
string ``theme`` puts back the theme's colour, ``{hex, alpha}`` gives that colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...contract.presets import DEFAULT_PRESET, PRESETS, PresetColors, PresetShapes
from ...contract.styles import DASH_STYLES, SYMBOL_SHAPES

# colours live in .colors; these names stay importable from here
from .colors import RGBA as RGBA
from .colors import WHITE, contrast, contrast_text
from .colors import hex_to_rgba as hex_to_rgba
from .colors import to_hex as to_hex
from .colors import with_alpha as with_alpha

#: how many data sets a preset draws each in its own look (the contract's most data sets)
DISTINCT_LOOKS = 500

#: an area fill contrasting less than this with the plot background is hatched instead
MIN_AREA_CONTRAST = 1.1

#: the patterns bars and violins take, one per round of the preset's fills after the first
FILL_PATTERNS = (
    "diagonalRight",
    "diagonalLeft",
    "horizontal",
    "vertical",
    "crosshatch",
    "checkerboard",
)

#: LineDashStyle -> matplotlib linestyle
DASHES: dict[str, Any] = {
    "solid": "-",
    "dashed": (0.0, (5.0, 3.0)),
    "dotted": (0.0, (1.0, 2.0)),
    "dashDot": (0.0, (5.0, 2.5, 1.0, 2.5)),
}

#: PatternRef -> matplotlib hatch ("theme" means no pattern in every preset)
HATCHES: dict[str, str | None] = {
    "none": None,
    "theme": None,
    "diagonalLeft": "\\\\\\",
    "diagonalRight": "///",
    "horizontal": "---",
    "vertical": "|||",
    "crosshatch": "xxx",
    "checkerboard": "++",
}

#: CapStyle -> half-width of the error-bar cap in points (0 = no cap)
CAP_HALF_WIDTH_PT: dict[str, float] = {"wideT": 5.0, "narrowT": 2.5, "I": 0.0}

#: keys of element styles that hold colours (resolved to RGBA)
COLOR_KEYS = frozenset(
    {"color", "fill", "borderColor", "patternColor", "fillColor"},
)


def resolve_color(ref: Any, theme_value: RGBA) -> RGBA:
    """A ColorRef (``theme`` or ``{hex, alpha}``) as RGBA; ``theme`` gives ``theme_value``."""
    if isinstance(ref, Mapping) and "hex" in ref:
        return hex_to_rgba(str(ref["hex"]), float(ref.get("alpha", 1.0)))
    return theme_value


def _rest(cycle: tuple[str, ...], every: tuple[str, ...]) -> tuple[str, ...]:
    return cycle + tuple(v for v in every if v not in cycle)


@lru_cache(maxsize=32)
def _looks(
    colors: int, symbols: tuple[str, ...], dashes: tuple[str, ...]
) -> tuple[tuple[int, str, str], ...]:
    """The first :data:`DISTINCT_LOOKS` looks of :func:`look`, each drawn once."""
    all_symbols = _rest(symbols, SYMBOL_SHAPES)
    all_dashes = _rest(dashes, DASH_STYLES)
    out: list[tuple[int, str, str]] = []
    seen: set[tuple[int, str, str]] = set()
    limit = colors * len(all_symbols) * len(all_dashes)
    for t in range(limit):
        if len(out) == DISTINCT_LOOKS:
            break
        c, k = t % colors, t // colors
        shape = symbols[t % len(symbols)] if k == 0 else all_symbols[(c + k) % len(all_symbols)]
        # colour presets: each round of the palette also takes the next dash, so that lines
        # without symbols stay apart; one colour: the preset's dash cycle, then further dashes
        step = k + k // len(all_symbols) if colors > 1 else t // (colors * len(all_symbols))
        dash = all_dashes[(t % len(dashes) + step) % len(all_dashes)]
        if (c, shape, dash) not in seen:
            seen.add((c, shape, dash))
            out.append((c, shape, dash))
    return tuple(out)


def look(
    colors: int, symbols: tuple[str, ...], dashes: tuple[str, ...], i: int
) -> tuple[int, str, str]:
    """Data set ``i``'s (palette index, symbol shape, dash): the preset's cycles together for
    the first data sets, then every colour with further symbols (the preset's, then the other
    shapes, bordered ones first) and, in a colour preset, the next dash with each round of the
    palette (a line without symbols stays apart too), so that no two of the first
    :data:`DISTINCT_LOOKS` data sets are drawn alike while the preset has looks enough
    (classic, one colour: 96); beyond, the looks repeat."""
    found = _looks(colors, symbols, dashes)
    return found[i % len(found)]


@dataclass(frozen=True)
class Theme:
    preset_id: str
    colors: PresetColors
    shapes: PresetShapes

    # -- colours ------------------------------------------------------------------------
    def palette(self, i: int) -> RGBA:
        p = self.colors.palette
        return hex_to_rgba(p[i % len(p)])

    def fill(self, i: int) -> RGBA:
        f = self.colors.fills
        return hex_to_rgba(f[i % len(f)], self.colors.fill_alpha)

    def area_fill(self, i: int) -> RGBA:
        """The preset's ``areaFill.fillColor`` of data set ``i``: its fill at 35 %."""
        return with_alpha(self.fill(i), 0.35)

    @property
    def foreground(self) -> RGBA:
        return hex_to_rgba(self.colors.foreground)

    @property
    def background(self) -> RGBA:
        return hex_to_rgba(self.colors.background)

    @property
    def plot_background(self) -> RGBA:
        return hex_to_rgba(self.colors.plot_background)

    @property
    def grid(self) -> RGBA:
        return hex_to_rgba(self.colors.grid)

    def semantic(self, key: str) -> RGBA:
        """Colour of a semantic group such as ``volcano:up``."""
        name = key.split(":", 1)[-1]
        hex_str = {"up": self.colors.up, "down": self.colors.down}.get(name, self.colors.neutral)
        return hex_to_rgba(hex_str)

    def dash(self, i: int) -> str:
        """The LineDashStyle of data set ``i``'s lines (:func:`look`)."""
        return look(len(self.colors.palette), self.shapes.symbol_cycle, self.colors.dash_cycle, i)[
            2
        ]

    def symbol_shape(self, i: int) -> str:
        """The symbol shape of data set ``i`` (:func:`look`)."""
        return look(len(self.colors.palette), self.shapes.symbol_cycle, self.colors.dash_cycle, i)[
            1
        ]

    # -- element defaults ---------------------------------------------------------------
    def element_defaults(
        self, element: str, i: int | None, own: RGBA | None = None
    ) -> dict[str, Any]:
        """The complete theme style of ``element`` for data set ``i`` (None = graph-wide).

        ``own`` is the data set's own colour when the document gives it one (:data:`OWN_COLOR`):
        every colour that the preset derives from the data set's palette colour takes it
        instead (error bars, lines, fit curves, bands, spikes, areas, borders), and so does the
        fill where the preset fills with the palette colour itself.
        """
        k = 0 if i is None else i
        return _deep_copy(_element_table(self, k, own)[element])

    def _element_table(self, k: int, own: RGBA | None) -> dict[str, dict[str, Any]]:
        """Every element's theme style for data set ``k`` (see :meth:`element_defaults`)."""
        s = self.shapes
        col = self.palette(k) if own is None else with_alpha(own, 1.0)
        fg = self.foreground
        fill = self.fill(k)
        if own is not None and self.fill(k)[:3] == self.palette(k)[:3]:
            fill = with_alpha(own, self.colors.fill_alpha)
        fg_dark = hex_to_rgba("#222222")
        # median and quartile lines cross a box or violin: dark on light fills, light on dark
        on_fill = WHITE if contrast_text(fill, self.plot_background) == WHITE else fg_dark
        area = self.area_fill(k) if own is None else with_alpha(own, 0.35)
        faint_area = contrast(area, self.plot_background, self.plot_background) < MIN_AREA_CONTRAST
        # past the preset's fills, bars repeat a fill with a pattern, so that none looks alike
        block = k // len(self.colors.fills)
        pattern = "none" if block == 0 else FILL_PATTERNS[(block - 1) % len(FILL_PATTERNS)]
        pattern_color = fg if block == 0 else contrast_text(fill, self.plot_background)
        value_slot = {
            "show": "nothing",
            "direction": "horizontal",
            "format": "decimal",
            "decimals": "automatic",
            "thousands": "none",
            "fontFamily": s.font_family,
            "fontSize": s.font_size * 0.8,
            "color": fg,
        }
        table: dict[str, dict[str, Any]] = {
            "bar": {
                "fill": fill,
                "borderColor": col if self.preset_id != "classic" else fg,
                "borderWidth": s.bar_border_width,
                "fillPattern": pattern,
                "patternColor": pattern_color,
                "showMeanAsPlus": False,
                "meanSymbolShape": "plus",
                "whiskerCapStyle": s.cap_style,
            },
            "violin": {
                "fill": fill,
                "borderColor": col if self.preset_id != "classic" else fg,
                "borderWidth": s.bar_border_width,
                "fillPattern": pattern,
                "patternColor": pattern_color,
                "smoothing": "medium",
            },
            "symbol": {
                "color": col,
                "shape": self.symbol_shape(k),
                "size": s.symbol_size,
                "borderColor": col,
                "borderThickness": 1.0,
                "symbolVisibility": "all",
            },
            "errorBar": {
                "color": col,
                "capStyle": s.cap_style,
                "direction": "both",
                "thickness": s.error_thickness,
            },
            "summaryLine": {"color": fg, "thickness": s.line_width * 1.5, "dashStyle": "solid"},
            "line": {
                "color": col,
                "thickness": s.line_width,
                "dashStyle": self.dash(k),
                "drawOrder": "underneathErrorBars",
                "connect": "straight",
                "startAtOrigin": False,
                "leaveGapAtSymbols": False,
                "gapAtAxisBreaks": True,
            },
            "quartile": {"color": on_fill, "thickness": s.line_width, "dashStyle": "dashed"},
            "median": {
                "color": on_fill,
                "thickness": s.line_width * 1.5,
                "dashStyle": "solid",
                "drawOrder": "onTop",
            },
            "barsSpikesDroplines": {
                "color": col,
                "widthRatio": 0.7,
                "borderColor": col,
                "borderThickness": s.line_width,
                "fillPattern": "none",
                "patternColor": fg,
                "beginAtY": None,
            },
            "areaFill": {
                "fillColor": area,
                "position": "belowCurve",
                # a fill that would vanish on the background (classic's white) is hatched
                "fillPattern": "diagonalRight" if faint_area else "none",
                "patternColor": fg,
            },
            "valueAnnotation": {
                "aboveBarAndErrorBar": dict(value_slot),
                "withinBarTop": dict(value_slot),
                "withinBarBottom": dict(value_slot),
            },
            "heatCell": {
                "borderColor": self.plot_background,
                "borderWidth": 0.5,
                "missingMark": "cross",
            },
            "colorScaleBar": {
                "widthPt": 10.0,
                "lengthRatio": 0.8,
                "tickCount": 5,
                "fontSize": s.font_size * 0.9,
                "color": fg,
            },
            "cellValueLabel": {
                "fontSize": s.font_size * 0.8,
                "color": fg,
                "decimals": "automatic",
                "autoContrast": True,
            },
            "curve": {"color": col, "thickness": s.line_width * 1.2, "dashStyle": self.dash(k)},
            "confidenceBand": {
                "display": "fill",
                "color": col,
                "fillOpacity": 0.18,
                "thickness": s.line_width * 0.75,
                "dashStyle": "dashed",
            },
            "pointLabel": {
                "fontSize": s.font_size * 0.8,
                "color": fg,
                "placement": "above",
                "offset": 3.0,
            },
            "referenceLine": {"color": fg, "thickness": s.line_width * 0.75, "dashStyle": "dashed"},
        }
        return table


@lru_cache(maxsize=1024)
def _element_table(theme: Theme, k: int, own: RGBA | None) -> dict[str, dict[str, Any]]:
    """:meth:`Theme._element_table`, worked out once per theme, data set and own colour (a
    drawing asks for a data set's styles hundreds of times); never to be changed: callers
    get copies."""
    return theme._element_table(k, own)


#: the elements whose colour names a data set, in the order that gives the data set its own
#: colour when a document sets more than one of them (``symbol.color``, ``line.color``,
#: ``bar.fill``)
OWN_COLOR: tuple[tuple[str, str], ...] = (("symbol", "color"), ("line", "color"), ("bar", "fill"))


def own_color(layers: list[Mapping[str, Any]]) -> RGBA | None:
    """The colour a data set is given by the style patches ``layers`` (most specific last):
    the first of :data:`OWN_COLOR` that the most specific layer setting one sets; None when
    no layer sets one, or when that layer puts back the ``theme`` colour."""
    for layer in reversed(layers):
        for element, key in OWN_COLOR:
            patch = layer.get(element, {})
            if isinstance(patch, Mapping) and key in patch:
                ref = patch[key]
                if isinstance(ref, Mapping) and "hex" in ref:
                    return hex_to_rgba(str(ref["hex"]))
                return None
    return None


def make_theme(preset_id: str, apply_non_color: bool) -> Theme:
    preset = PRESETS.get(preset_id, PRESETS[DEFAULT_PRESET])
    shapes = preset.shapes if apply_non_color else PRESETS[DEFAULT_PRESET].shapes
    return Theme(preset.id, preset.colors, shapes)


def merge_layer(
    base: dict[str, Any], patch: Mapping[str, Any], theme_base: Mapping[str, Any]
) -> None:
    """Lay one partial patch over ``base`` in place; colours resolve against ``theme_base``."""
    for key, value in patch.items():
        if isinstance(value, Mapping) and "hex" not in value and isinstance(base.get(key), dict):
            sub_theme = theme_base.get(key, {})
            merge_layer(base[key], value, sub_theme if isinstance(sub_theme, Mapping) else {})
        elif key in COLOR_KEYS:
            base[key] = resolve_color(value, theme_base.get(key, base.get(key)))
        else:
            base[key] = value


def merge_style(theme_style: Mapping[str, Any], layers: list[Mapping[str, Any]]) -> dict[str, Any]:
    """The theme style with each layer (a partial element patch) merged over it in order."""
    out = _deep_copy(theme_style)
    for layer in layers:
        merge_layer(out, layer, theme_style)
    return out


def _deep_copy(d: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _deep_copy(v) if isinstance(v, Mapping) else v for k, v in d.items()}
