"""What a reader needs to tell marks apart: summary lines of superimposed data sets in their
colours, a classic area that shows, mv-scatter's legend glyph as its points, the colour
variable named once, and stacked bars on a log axis said to distort."""

from __future__ import annotations

import orjson

from plotdoc.render import render_table_checked
from plotdoc.render.notices import AMBIGUOUS, warning_code, warning_path

from ..docs import Svg, open_doc, svg_of, with_graph, xy_doc
from ..row_docs import contingency_doc, grouped_doc


def _stroke(svg: Svg, sid: str) -> str:
    return svg.style(sid).get("stroke", "").lower()


def test_superimposed_summary_lines_take_their_data_sets_colours() -> None:
    svg = svg_of(grouped_doc("grouped-superimposed-scatter", options={"mode": "lineAtMean"}))
    lines = [_stroke(svg, f"summary/ds{i}/row0") for i in range(2)]
    assert lines == ["#0072b2", "#e69f00"]  # modern's first two colours, as their symbols


def test_classic_first_area_is_seen() -> None:
    doc = with_graph(xy_doc("xy-area", n_sets=1), activePresetId="classic")
    svg = svg_of(doc)
    area = svg["area/ds0"]
    text = orjson.dumps([el.attrib for el in area.iter()]).decode()
    # hatched (filled with a pattern), not white on white
    assert "fill: url(#h" in text, text


def _mv_doc() -> dict[str, object]:
    sets = [
        {"name": "Species", "values": [["a"], ["a"], ["b"], ["b"], ["c"], ["c"]]},
        {"name": "u", "values": [[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]]},
        {"name": "v", "values": [[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]]},
        {"name": "w", "values": [[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]]},
        {"name": "x", "values": [[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]]},
        {"name": "y", "values": [[2.0], [1.0], [4.0], [3.0], [6.0], [5.0]]},
    ]
    graph = {
        "variantId": "mv-scatter",
        "plot": {
            "family": "multipleVariables",
            "options": {"kind": "scatter", "mapping": {"x": 4, "y": 5, "color": 0}},
        },
        "legend": {"title": "Species"},
    }
    table = {"name": "MV", "format": "multipleVariables", "dataSets": sets, "graph": graph}
    return {"format": "plotdoc-project", "schemaVersion": 1, "tables": [table]}


def test_mv_scatter_legend_shows_the_points_shape_and_names_the_variable_once() -> None:
    svg = svg_of(_mv_doc())
    text = svg.data.decode()
    assert text.count(">Species<") == 1
    legend = svg["legend"]
    paths = [p.get("d", "") for p in legend.iter("{http://www.w3.org/2000/svg}path")]
    point_paths = [p.get("d", "") for p in svg["symbols"].iter("{http://www.w3.org/2000/svg}path")]
    assert point_paths and set(point_paths) & set(paths), "legend glyph differs from the points"


def test_stacked_bars_on_a_log_axis_warn() -> None:
    doc = contingency_doc("contingency-stacked-bar")
    doc["tables"][0]["graph"]["axesOverrides"] = {"leftY": {"scale": "log10"}}
    p = open_doc(doc)
    found = [
        w for w in render_table_checked(p, p.tables[0]).warnings if warning_code(w) == AMBIGUOUS
    ]
    assert len(found) == 1
    assert warning_path(found[0]) == ("graph", "axesOverrides", "leftY", "scale")
    plain = open_doc(contingency_doc("contingency-stacked-bar"))
    assert render_table_checked(plain, plain.tables[0]).warnings == []
