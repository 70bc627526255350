"""One entry point per mark: a box, a violin and a floating bar are drawn by one ``draw`` in
every family that uses them (column, nested, grouped), so their resolved styles agree: the
median's contrast with the fill, the whisker caps (CAP_FRACTION of the box width), the
median's drawOrder and the whiskers' place under the box."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from plotdoc.render.marks.box import CAP_FRACTION

from ..docs import Svg, column_doc, nested_doc, svg_of
from ..row_docs import grouped_doc

BLACK = {"fill": {"hex": "#000000"}}

MARKS = {
    "box": ("column-box-whiskers", "nested-box", "grouped-interleaved-box"),
    "violin": ("column-violin", "nested-violin", "grouped-interleaved-violin"),
    "floating": ("column-floating-bars", "nested-low-high", "grouped-interleaved-low-high"),
}
ELEMENT = {"box": "bar", "violin": "violin", "floating": "bar"}
FIRST = {"column": "", "nested": "/sub0", "grouped": "/row0"}


def _doc(variant: str, graph: dict[str, Any]) -> dict[str, Any]:
    family = variant.split("-")[0]
    if family == "column":
        return column_doc(variant, graph=graph)
    if family == "nested":
        return nested_doc(variant, graph=graph)
    return grouped_doc(variant, graph=graph)


def _svg(variant: str, mark: str, **styles: Any) -> tuple[Svg, str]:
    overrides = {"global": {ELEMENT[mark]: BLACK, **styles}}
    # floral: its pastel fills do not follow a fill the file sets, so the theme's median
    # colour is the dark one of a light fill
    svg = svg_of(_doc(variant, {"styleOverrides": overrides, "activePresetId": "floral"}))
    return svg, FIRST[variant.split("-")[0]]


def _stroke(svg: Svg, sid: str) -> str:
    return svg.style(sid).get("stroke", "").lower()


@pytest.mark.parametrize("mark", ["box", "violin"])
def test_the_median_reads_on_a_black_fill_in_every_family(mark: str) -> None:
    colours = set()
    for variant in MARKS[mark]:
        svg, at = _svg(variant, mark)
        colours.add(_stroke(svg, f"median/ds0{at}"))
    assert colours == {"#ffffff"}, colours


def test_the_summary_line_of_a_floating_bar_reads_on_a_black_fill_in_every_family() -> None:
    colours = set()
    for variant in MARKS["floating"]:
        svg, at = _svg(variant, "floating")
        colours.add(_stroke(svg, f"summary/ds0{at}"))
    assert colours == {"#ffffff"}, colours


def _ids_in_order(svg: Svg) -> list[str]:
    return list(svg.by_id)


def test_box_caps_whisker_order_and_draw_order_agree_in_every_family() -> None:
    fractions, orders, medians = set(), set(), set()
    for variant in MARKS["box"]:
        svg, at = _svg(variant, "box", median={"drawOrder": "underneath"}, bar={
            **BLACK, "whiskerCapStyle": "wideT"})  # fmt: skip
        box = svg.bbox(f"box/ds0{at}")
        ends = svg.path_points(f"whisker/ds0{at}")
        caps = [abs(a[0] - b[0]) for a, b in pairwise(ends) if a[1] == b[1]]
        fractions.add(round(max(caps) / (box[2] - box[0]), 2))
        order = _ids_in_order(svg)
        orders.add(order.index(f"whisker/ds0{at}") < order.index(f"box/ds0{at}"))
        medians.add(order.index(f"median/ds0{at}") < order.index(f"box/ds0{at}"))
    assert fractions == {CAP_FRACTION["wideT"]}, fractions
    assert orders == {True}  # whiskers under the box everywhere
    assert medians == {True}  # drawOrder underneath honoured everywhere
