"""The four presets (`graph.activePresetId`).

A preset has colours (always applied) and non-colour constants (fonts, sizes, line widths,
frame, symbol cycle), which apply only when `graph.applyPresetNonColor` is true; otherwise
the `modern` non-colour constants are used.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PresetColors:
    #: stroke/symbol colour of data set i is ``palette[i % len(palette)]``
    palette: tuple[str, ...]
    #: fill colour of bars, boxes, violins, slices of data set i
    fills: tuple[str, ...]
    #: figure background
    background: str
    #: plot-area background
    plot_background: str
    #: axes, ticks, text
    foreground: str
    grid: str
    #: fill opacity of bars, boxes and violins
    fill_alpha: float
    #: the colours of the volcano groups up, down and not significant
    up: str
    down: str
    neutral: str
    #: LineDashStyle of data set i's lines is ``dash_cycle[i % len(dash_cycle)]``: a preset
    #: whose palette cannot tell data sets apart (black and white) tells them apart by dashes
    dash_cycle: tuple[str, ...] = ("solid",)


@dataclass(frozen=True, slots=True)
class PresetShapes:
    """Non-colour constants: switched by `applyPresetNonColor`."""

    font_family: str
    font_size: float
    title_size: float
    line_width: float
    axis_width: float
    symbol_size: float
    symbol_cycle: tuple[str, ...]
    frame_style: str
    cap_style: str
    bar_border_width: float
    error_thickness: float


@dataclass(frozen=True, slots=True)
class Preset:
    id: str
    description: str
    colors: PresetColors
    shapes: PresetShapes


_CIRCLES = (
    "circle",
    "square",
    "triangleUp",
    "diamond",
    "triangleDown",
    "star",
    "hexagonDot",
    "plus",
)

PRESETS: dict[str, Preset] = {
    p.id: p
    for p in (
        Preset(
            "modern",
            "A clean look with a colour-blind-safe palette (Okabe and Ito) and offset axes.",
            PresetColors(
                palette=(
                    "#0072B2",
                    "#E69F00",
                    "#009E73",
                    "#D55E00",
                    "#CC79A7",
                    "#56B4E9",
                    "#F0E442",
                    "#000000",
                ),
                fills=(
                    "#0072B2",
                    "#E69F00",
                    "#009E73",
                    "#D55E00",
                    "#CC79A7",
                    "#56B4E9",
                    "#F0E442",
                    "#999999",
                ),
                background="#FFFFFF",
                plot_background="#FFFFFF",
                foreground="#222222",
                grid="#DDDDDD",
                fill_alpha=0.75,
                up="#D55E00",
                down="#0072B2",
                neutral="#AAAAAA",
            ),
            PresetShapes(
                font_family="Arimo",
                font_size=10.0,
                title_size=12.0,
                line_width=1.25,
                axis_width=1.0,
                symbol_size=6.0,
                symbol_cycle=_CIRCLES,
                frame_style="offsetXY",
                cap_style="narrowT",
                bar_border_width=1.0,
                error_thickness=1.0,
            ),
        ),
        Preset(
            "classic",
            "The black-and-white journal look: black marks, open frame, data sets told apart "
            "by symbol shape, line dashes and grey fills.",
            PresetColors(
                palette=("#000000",),
                fills=("#FFFFFF", "#808080", "#000000", "#C0C0C0", "#404040"),
                background="#FFFFFF",
                plot_background="#FFFFFF",
                foreground="#000000",
                grid="#BBBBBB",
                fill_alpha=1.0,
                up="#000000",
                down="#000000",
                neutral="#BBBBBB",
                dash_cycle=("solid", "dashed", "dotted", "dashDot"),
            ),
            PresetShapes(
                font_family="Arimo",
                font_size=11.0,
                title_size=12.0,
                line_width=1.0,
                axis_width=1.0,
                symbol_size=6.0,
                symbol_cycle=(
                    "circle",
                    "square",
                    "triangleUp",
                    "diamond",
                    "circleBordered",
                    "squareBordered",
                    "triangleUpBordered",
                    "diamondBordered",
                ),
                frame_style="noFrame",
                cap_style="wideT",
                bar_border_width=1.0,
                error_thickness=1.0,
            ),
        ),
        Preset(
            "floral",
            "Soft pastel colours with darker outlines, a serif font and rounder marks.",
            PresetColors(
                # ordered so that neighbouring data sets stay apart under colour-vision
                # deficiency (pink next to green merged for deuteranopes)
                palette=(
                    "#C2577A",
                    "#D98A3A",
                    "#7D63B3",
                    "#4F9A72",
                    "#B5A33A",
                    "#A14F4F",
                    "#3F88B5",
                    "#5C8F3A",
                ),
                fills=(
                    "#F4A6C6",
                    "#FFD8A8",
                    "#C3B1E1",
                    "#A8D8B9",
                    "#F7E3A1",
                    "#E6A5A5",
                    "#9AD0EC",
                    "#B5D99C",
                ),
                background="#FFFDF8",
                plot_background="#FFFDF8",
                foreground="#5A4A5E",
                grid="#EADFE6",
                fill_alpha=0.9,
                up="#C2577A",
                down="#3F88B5",
                neutral="#C9BFC7",
            ),
            PresetShapes(
                font_family="DejaVu Serif",
                font_size=10.5,
                title_size=13.0,
                line_width=1.5,
                axis_width=1.0,
                symbol_size=7.0,
                symbol_cycle=_CIRCLES,
                frame_style="noFrame",
                cap_style="narrowT",
                bar_border_width=1.25,
                error_thickness=1.25,
            ),
        ),
        Preset(
            "starry",
            "Light marks on a dark night-sky background, for slides and screens.",
            PresetColors(
                palette=(
                    "#FFD166",
                    "#8EE3EF",
                    "#F78FB3",
                    "#C3F584",
                    "#B8B8FF",
                    "#FFFFFF",
                    "#FF9F68",
                    "#7BDFF2",
                ),
                fills=(
                    "#FFD166",
                    "#8EE3EF",
                    "#F78FB3",
                    "#C3F584",
                    "#B8B8FF",
                    "#E0E0E0",
                    "#FF9F68",
                    "#7BDFF2",
                ),
                background="#0B1026",
                plot_background="#0B1026",
                foreground="#E8ECF8",
                grid="#2A335A",
                fill_alpha=0.8,
                up="#FF9F68",
                down="#8EE3EF",
                neutral="#5A6388",
            ),
            PresetShapes(
                font_family="Arimo",
                font_size=10.0,
                title_size=12.0,
                line_width=1.5,
                axis_width=1.0,
                symbol_size=6.5,
                symbol_cycle=_CIRCLES,
                frame_style="plainFrame",
                cap_style="narrowT",
                bar_border_width=0.75,
                error_thickness=1.25,
            ),
        ),
    )
}

DEFAULT_PRESET = "modern"
