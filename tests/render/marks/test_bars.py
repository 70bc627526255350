"""Bars that carry points (scatter-bar of every family): the points and error bars over a bar
contrast with its fill in every preset, and the legend shows the bar, error bar and symbol."""

from __future__ import annotations

from typing import Any

import pytest

from plotdoc.render.style.colors import contrast, hex_to_rgba

from ..docs import column_doc, nested_doc, svg_of, with_graph
from ..row_docs import grouped_doc

PRESETS = ("modern", "classic", "floral", "starry")
BACKGROUND = {"modern": "#ffffff", "classic": "#ffffff", "floral": "#fffdf8", "starry": "#0b1026"}
#: classic: five data sets, so that black, grey and white fills all carry black points
FIVE = [[1.0, 2.0, 3.0, 4.0, 5.0]] * 5

DOCS = {
    "scatter-bar": lambda: column_doc("scatter-bar", values=FIVE),
    "nested-scatter-bar": lambda: nested_doc("nested-scatter-bar"),
    "grouped-interleaved-scatter-bar": lambda: grouped_doc("grouped-interleaved-scatter-bar"),
    "grouped-separated-scatter-bar": lambda: grouped_doc("grouped-separated-scatter-bar"),
}


def _color(style: dict[str, str], key: str) -> Any:
    return hex_to_rgba(style.get(key, "#000000"))  # SVG leaves black fills implicit


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("variant", sorted(DOCS))
def test_points_and_error_bars_contrast_with_their_bar(variant: str, preset: str) -> None:
    svg = svg_of(with_graph(DOCS[variant](), activePresetId=preset, applyPresetNonColor=True))
    bg = hex_to_rgba(BACKGROUND[preset])
    bar_ids = svg.ids("bar/")
    assert bar_ids
    for bar in bar_ids:
        ds = bar.split("/")[1]
        fill = _color(svg.style(bar), "fill")
        marks = [_color(svg.style(s, "use"), "fill") for s in svg.ids(f"symbol/{ds}/")[:1]]
        marks += [_color(svg.style(e), "stroke") for e in svg.ids(f"errorbar/{ds}")[:1]]
        assert marks
        # the one rule asks for 3:1; a mark colour that is itself pale against the background
        # (modern's orange) keeps at least 1.9 with the palest tint a bar recedes to
        need = 3.0 if preset in ("classic", "starry") else 1.9
        for m in marks:
            assert contrast(m, fill, bg) >= need, (bar, m, fill)


def test_a_fill_the_user_gave_is_kept() -> None:
    doc = with_graph(
        column_doc("scatter-bar"),
        styleOverrides={"global": {"bar": {"fill": {"hex": "#0072B2"}}}},
    )
    assert svg_of(doc).style("bar/ds0")["fill"] == "#0072b2"


@pytest.mark.parametrize("variant", ["scatter-bar", "grouped-interleaved-scatter-bar"])
def test_scatter_bar_legend_shows_bar_error_bar_and_symbol(variant: str) -> None:
    svg = svg_of(with_graph(DOCS[variant](), legend={"show": True}))
    legend = svg["legend"]
    ns = "{http://www.w3.org/2000/svg}"
    fills = {
        p.get("style", "").split("fill: ")[1].split(";")[0]
        for p in legend.iter(f"{ns}path")
        if "fill: #" in p.get("style", "")
    }
    bar_fill = svg.style("bar/ds0" if variant == "scatter-bar" else "bar/ds0/row0")["fill"]
    assert bar_fill in fills  # the bar as drawn (its fill under points)
    assert list(legend.iter(f"{ns}use")), "the symbol is in the legend"
