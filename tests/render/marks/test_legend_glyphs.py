"""Legends read like the graph: stacked bars list the top of the stack first; multiple-variables
legends name each mapping (colour, size, shape) above its values, each value once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ..docs import Svg, svg_of, with_graph, xy_doc
from ..row_docs import contingency_doc, grouped_doc, mv_doc

NS = "{http://www.w3.org/2000/svg}"
XLINK = "http://www.w3.org/1999/xlink"

STACKED: dict[str, Callable[[], dict[str, Any]]] = {
    "grouped": lambda: grouped_doc(
        "grouped-stacked-bars",
        values=[[[1.0], [2.0]], [[3.0], [4.0]], [[5.0], [6.0]]],
        graph={"legend": {"show": True}},
    ),
    "contingency": lambda: with_graph(
        contingency_doc("contingency-stacked-bar"), legend={"show": True}
    ),
}


def _legend_texts(svg: Svg) -> list[str]:
    texts = ("".join(t.itertext()).strip() for t in svg["legend"].iter(f"{NS}text"))
    return [t for t in texts if t]


@pytest.mark.parametrize("family", sorted(STACKED))
def test_stacked_legend_lists_the_top_of_the_stack_first(family: str) -> None:
    doc = STACKED[family]()
    svg = svg_of(doc)
    # the segments of the first row's bar, from the top of the stack down (SVG y grows down)
    segs = sorted((s for s in svg.ids("bar/") if s.endswith("/row0")), key=lambda s: svg.bbox(s)[1])
    assert len(segs) >= 2
    names = [ds["name"] for ds in doc["tables"][0]["dataSets"]]
    top_down = [names[int(s.split("/")[1][2:])] for s in segs]
    assert _legend_texts(svg) == top_down


def _mv(mapping: dict[str, int | None], kind: str = "scatter") -> dict[str, Any]:
    sets = [
        ("x", [1.0, 2.0, 3.0, 4.0, 5.0]),
        ("y", [2.0, 1.0, 4.0, 3.0, 5.0]),
        ("kind", ["u", "v", "u", "v", "u"]),
        ("site", ["s1", "s2", "s2", "s1", "s3"]),
        ("mass", [1.0, 4.0, 9.0, 16.0, 2.0]),
    ]
    return mv_doc(f"mv-{kind}", kind, {"x": 0, "y": 1, **mapping}, sets)  # type: ignore[arg-type]


def test_mv_legend_has_a_title_per_mapping() -> None:
    svg = svg_of(_mv({"color": 2, "shape": 3}))
    assert _legend_texts(svg) == ["kind", "u", "v", "site", "s1", "s2", "s3"]


def test_mv_legend_names_each_value_once_when_colour_and_shape_share_a_variable() -> None:
    svg = svg_of(_mv({"color": 3, "shape": 3}))
    assert _legend_texts(svg) == ["site", "s1", "s2", "s3"]
    # each value's glyph is its symbol in its colour: three different shapes, three colours
    uses = list(svg["legend"].iter(f"{NS}use"))
    assert len({u.get(f"{{{XLINK}}}href") for u in uses}) == 3
    assert len({u.get("style") for u in uses}) == 3


def test_bubble_size_legend_has_its_title() -> None:
    svg = svg_of(_mv({"size": 4}, kind="bubble"))
    texts = _legend_texts(svg)
    assert texts[0] == "mass"
    assert all(not t.startswith("mass") for t in texts[1:])


@pytest.mark.parametrize(("variant", "reps", "per_entry"), [
    ("xy-points-line-error", 3, 2),  # the error bar's glyph under the symbol
    ("scatter", 3, 1),  # no error bar drawn, none in the legend
])  # fmt: skip
def test_xy_legend_shows_the_error_bar_where_the_graph_draws_one(
    variant: str, reps: int, per_entry: int
) -> None:
    svg = svg_of(xy_doc(variant, reps=reps, n_sets=2, graph={"legend": {"show": True}}))
    assert len(list(svg["legend"].iter(f"{NS}use"))) == 2 * per_entry


def _bar_doc(variant: str, mode: str | None) -> dict[str, Any]:
    from ..docs import column_doc, nested_doc

    family = {"bar": "column", "nested-bar": "nested"}.get(variant, "grouped")
    options = {"mode": mode} if mode else {}
    graph: dict[str, Any] = {
        "legend": {"show": True},
        "plot": {"family": family, "options": options},
    }
    if family == "column":
        return column_doc(variant, graph=graph)
    if family == "nested":
        return nested_doc(variant, graph=graph)
    return grouped_doc(variant, options=options, graph={"legend": {"show": True}})


BAR_VARIANTS = [
    "bar",
    "nested-bar",
    "grouped-interleaved-bars",
    "grouped-separated-bars",
    "grouped-stacked-bars",
]


@pytest.mark.parametrize("variant", BAR_VARIANTS)
@pytest.mark.parametrize("mode", ["meanWithSd", "meanWithSem", "meanWithCi95"])
def test_bar_legend_shows_the_error_bar_the_graph_draws(variant: str, mode: str) -> None:
    svg = svg_of(_bar_doc(variant, mode))
    entries = len(_legend_texts(svg))
    assert svg.ids("errorbar")  # the graph draws error bars ...
    # ... and each legend entry shows one over its bar swatch
    assert len(list(svg["legend"].iter(f"{NS}use"))) == entries


@pytest.mark.parametrize("variant", BAR_VARIANTS)
def test_bar_legend_has_no_error_bar_when_the_graph_draws_none(variant: str) -> None:
    svg = svg_of(_bar_doc(variant, "mean"))
    assert not svg.ids("errorbar")
    assert not list(svg["legend"].iter(f"{NS}use"))


def test_bar_legend_has_no_error_bar_when_no_cell_has_one() -> None:
    values = [[[1.0], [2.0]], [[3.0], [4.0]]]  # one replicate: no SD to draw
    svg = svg_of(
        grouped_doc("grouped-interleaved-bars", values=values, graph={"legend": {"show": True}})
    )  # type: ignore[arg-type]
    assert not svg.ids("errorbar")
    assert not list(svg["legend"].iter(f"{NS}use"))
