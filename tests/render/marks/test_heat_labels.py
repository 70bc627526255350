"""Heat-map labels: every row and column labelled, none overlapping; values only where they fit."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox

from ..docs import svg_of
from ..row_docs import figure_of, grouped_doc, label_boxes


def _doc(rows: int, cols: int, **graph: object) -> dict[str, object]:
    rng = np.random.default_rng(3)
    values = [[[float(v)] for v in rng.normal(0.0, 1.0, rows)] for _ in range(cols)]
    names = [f"Gene {r + 1}" for r in range(rows)]
    doc = grouped_doc("grouped-heat-map", values=values, rows=names, graph=dict(graph))
    for k, ds in enumerate(doc["tables"][0]["dataSets"]):  # type: ignore[index]
        ds["name"] = f"Sample {k + 1}"
    return doc


def _label_boxes(fig: Figure, prefix: str) -> dict[str, Bbox]:
    return label_boxes(fig, prefix)


@pytest.mark.parametrize(("rows", "cols"), [(40, 16), (6, 8), (12, 3)])
@pytest.mark.parametrize("flip", [False, True])
def test_every_label_shown_and_none_overlapping(rows: int, cols: int, flip: bool) -> None:
    options = {"flipXY": True} if flip else {}
    doc = _doc(rows, cols)
    doc["tables"][0]["graph"]["plot"]["options"] = options  # type: ignore[index]
    fig = figure_of(doc)
    boxes = _label_boxes(fig, "label/")
    assert {f"label/row/r{r}" for r in range(rows)} <= set(boxes)
    assert {f"label/column/c{c}" for c in range(cols)} <= set(boxes)
    for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
        assert not ba.overlaps(bb), (a, b)


def test_value_labels_only_where_they_fit() -> None:
    svg = svg_of(_doc(4, 3))  # roomy cells: every value
    assert len(svg.ids("value/")) == 12
    # 40 x 16 cells forced on: too small for their values, none written
    many = _doc(40, 16, elementActivation={"global": {"valueLabels": True}})
    assert not svg_of(many).ids("value/")


def test_value_labels_never_run_into_each_other() -> None:
    doc = _doc(5, 8, elementActivation={"global": {"valueLabels": True}})
    fig = figure_of(doc)
    boxes = _label_boxes(fig, "value/")
    for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
        assert not ba.overlaps(bb), (a, b)


def _sample_heat(preset: str, **activation: object) -> dict[str, object]:
    from plotdoc.publish.samples import sample_document

    doc = sample_document("grouped-heat-map")
    graph = doc["tables"][0]["graph"]
    graph["activePresetId"] = preset
    if activation:
        graph["elementActivation"] = {"global": activation}
    return doc


def _font_sizes(svg_data: bytes, sids: list[str]) -> set[str]:
    from ..docs import Svg

    svg = Svg(svg_data)
    sizes = set()
    for sid in sids:
        for el in svg[sid].iter():
            style = el.get("style") or ""
            sizes.update(s.strip() for s in style.split(";") if s.strip().startswith("font"))
    return sizes


@pytest.mark.parametrize("preset", ["modern", "classic", "floral", "starry"])
def test_cell_values_all_or_none_in_one_size(preset: str) -> None:
    doc = _sample_heat(preset)
    svg = svg_of(doc)
    finite = 8 * 6 - 1  # one cell of the sample has no value
    shown = svg.ids("value/")
    assert len(shown) in (0, finite), (preset, len(shown))
    assert shown, preset  # the sample's cells are big enough once the values shrink
    sizes = {s for s in _font_sizes(svg.data, shown) if s.startswith("font-size")}
    assert len(sizes) == 1, sizes


def test_cell_values_shrink_to_a_floor_then_none_with_a_warning() -> None:
    from plotdoc.render import render_table_checked

    from ..docs import open_doc

    # 12 columns in 216 points: cells about 18 pt wide, too narrow for "-1.34" even at 6 pt
    doc = _doc(12, 12, elementActivation={"global": {"valueLabels": True}})
    doc["tables"][0]["graph"]["plotGeometry"] = {"widthPt": 120, "heightPt": 216}  # type: ignore[index]
    p = open_doc(doc)
    rendered = render_table_checked(p, p.tables[0], fmt="svg")
    from ..docs import Svg

    assert not Svg(rendered.data).ids("value/")
    assert any("cell value" in w for w in rendered.warnings)
    # the same map switched on by default only: none written, and no warning
    quiet = _doc(12, 12)
    quiet["tables"][0]["graph"]["plotGeometry"] = {"widthPt": 120, "heightPt": 216}  # type: ignore[index]
    q = open_doc(quiet)
    assert not render_table_checked(q, q.tables[0], fmt="svg").warnings
