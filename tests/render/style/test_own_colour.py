"""A data set's colour is its colour everywhere: when a document colours a data set's symbols,
line or bar fill, its other marks without a colour of their own (error bars, fitted curve and
band, spikes, area, legend swatch) take that colour too; a colour set on a mark still wins."""

from __future__ import annotations

from typing import Any

import pytest

from ..docs import Svg, column_doc, svg_of, with_graph, xy_doc

RED = "#c0392b"


def _fill(svg: Svg, sid: str) -> str:
    return svg.style(sid).get("fill", "").lower()


def _stroke(svg: Svg, sid: str) -> str:
    return svg.style(sid).get("stroke", "").lower()


def _xy(source: str, preset: str, **extra: Any) -> Svg:
    element, key = source.split(".")
    doc = xy_doc("xy-points-line-error", reps=3, n_sets=2)
    table = doc["tables"][0]
    table["analyses"] = [
        {"id": "reg", "method": "linearRegression", "params": {"confidenceLevel": 95}}
    ]
    per_ds: dict[str, Any] = {"S0": {element: {key: {"hex": RED}}}}
    per_ds["S0"].update(extra)
    return svg_of(
        with_graph(
            doc,
            activePresetId=preset,
            legend={"show": True},
            styleOverrides={"perDataSet": per_ds},
        )
    )


@pytest.mark.parametrize("preset", ["modern", "classic", "floral", "starry"])
@pytest.mark.parametrize("source", ["symbol.color", "line.color"])
def test_error_bars_fit_and_band_take_the_data_sets_colour(source: str, preset: str) -> None:
    svg = _xy(source, preset)
    assert _stroke(svg, "curve/regression/reg/ds0") == RED
    assert _fill(svg, "band/confidence/reg/ds0") == RED
    assert _stroke(svg, "errorbars/ds0") == RED
    assert _stroke(svg, "line/ds0") == RED
    # the other data set keeps the preset's colour
    assert _stroke(svg, "curve/regression/reg/ds1") != RED


def test_a_colour_set_on_a_mark_still_wins() -> None:
    svg = _xy("symbol.color", "modern", errorBar={"color": {"hex": "#00ff00"}})
    assert _stroke(svg, "errorbars/ds0") == "#00ff00"
    assert _stroke(svg, "curve/regression/reg/ds0") == RED


def test_spikes_and_area_take_the_data_sets_colour() -> None:
    doc = with_graph(
        xy_doc("xy-spikes"),
        styleOverrides={"perDataSet": {"S0": {"symbol": {"color": {"hex": RED}}}}},
    )
    svg = svg_of(doc)
    spikes = svg.ids("spike/ds0")
    assert spikes and _stroke(svg, spikes[0]) == RED
    area = svg_of(
        with_graph(
            xy_doc("xy-area"),
            styleOverrides={"perDataSet": {"S0": {"line": {"color": {"hex": RED}}}}},
        )
    )
    fill = _fill(area, "area/ds0")
    # the area is the red at 35 % over white, drawn opaque
    assert fill not in ("", RED) and fill.startswith("#e")


def test_bar_error_bars_take_the_bar_fill() -> None:
    doc = column_doc(
        "scatter-bar",
        graph={"styleOverrides": {"perDataSet": {"C1": {"bar": {"fill": {"hex": RED}}}}}},
    )
    svg = svg_of(doc)
    bars = list(svg.ids("errorbar/ds1"))
    assert bars and _stroke(svg, bars[0]) == RED
