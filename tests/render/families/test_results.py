"""Results tables: a frequency distribution as bars, a correlation matrix as a heat map."""

from __future__ import annotations

import matplotlib as mpl
import orjson
import pytest
from matplotlib.colors import to_hex

from plotdoc.api import loads
from plotdoc.render import render_table

from ..docs import Svg, project

A = [3.1, 4.2, 4.8, 5.0, 5.5, 5.9, 6.1, 6.3, 7.2, 8.0]


def _svg(doc: dict[str, object], table_id: str) -> tuple[Svg, list[float]]:
    p = loads(orjson.dumps(doc))
    table = p.table(table_id)
    first = table.data_sets[0].values[:, 0].tolist() if table.data_sets else []
    return Svg(render_table(p, table, fmt="svg", dpi=72)), first


def test_frequency_distribution_draws_one_bar_per_bin() -> None:
    doc = project(
        {
            "id": "c",
            "format": "column",
            "dataSets": [{"name": "A", "values": [[v] for v in A]}],
            "analyses": [{"id": "f", "method": "frequencyDistribution", "params": {"binWidth": 1}}],
        },
        {
            "id": "fr",
            "name": "Frequencies",
            "format": "grouped",
            "derivedFrom": {"sourceTableId": "c", "analysisId": "f"},
        },
    )
    svg, counts = _svg(doc, "fr")
    assert sum(counts) == len(A)
    bars = svg.ids("bar/ds0/")
    assert bars == [f"bar/ds0/row{r}" for r in range(len(counts))]  # one bar per bin
    heights = [svg.bbox(b)[3] - svg.bbox(b)[1] for b in bars]
    unit = max(heights) / max(counts)
    assert [h / unit for h in heights] == pytest.approx(counts, rel=1e-3, abs=1e-6)
    assert not svg.ids("errorbar/")


def test_correlation_matrix_is_a_diverging_heat_map_from_minus_one_to_one() -> None:
    doc = project(
        {
            "id": "m",
            "format": "multipleVariables",
            "dataSets": [
                {"name": "h", "values": [[1], [2], [3], [4], [5]]},
                {"name": "w", "values": [[2], [4], [5], [4], [6]]},
                {"name": "a", "values": [[9], [7], [6], [3], [1]]},
            ],
            "analyses": [{"id": "r", "method": "correlationMatrix"}],
        },
        {
            "id": "cr",
            "name": "Correlations",
            "format": "grouped",
            "derivedFrom": {"sourceTableId": "m", "analysisId": "r"},
        },
    )
    svg, _ = _svg(doc, "cr")
    assert len(svg.ids("cell/")) == 9
    top = to_hex(mpl.colormaps["RdBu_r"](1.0))
    for k in range(3):
        assert svg.style(f"cell/r{k}/c{k}")["fill"] == top  # r = 1 on the diagonal
    assert svg.text("value/r0/c0") == "1.00"
    assert svg.has("colorbar")
    ticks = svg.text("colorbar").split()
    assert ticks[0] in ("\u22121.0", "-1.0")
    assert ticks[-1] == "1.0"
    assert svg.text("value/r0/c2").startswith("\u2212")
    assert float(svg.text("value/r0/c2").replace("\u2212", "-")) == pytest.approx(-0.99, abs=0.01)


@pytest.mark.parametrize(
    ("params", "y_title"),
    [
        ({"binWidth": 1}, "Count"),
        ({"binWidth": 1, "output": "percent", "cumulative": True}, "Cumulative percent"),
    ],
)
def test_a_histogram_made_as_the_prompt_says_has_axis_titles(
    params: dict[str, object], y_title: str
) -> None:
    doc = project(
        {
            "id": "c",
            "format": "column",
            "dataSets": [{"name": "A", "values": [[v] for v in A]}],
            "analyses": [{"id": "f", "method": "frequencyDistribution", "params": params}],
        },
        {
            "id": "fr",
            "name": "Frequencies",
            "format": "grouped",
            "derivedFrom": {"sourceTableId": "c", "analysisId": "f"},
            "graph": {"variantId": "grouped-interleaved-bars"},
        },
    )
    svg, _ = _svg(doc, "fr")
    assert svg.text("title/x") == "Bin centre"
    assert svg.text("title/y") == y_title
