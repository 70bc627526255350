"""What plotdoc places itself never overlaps: legend, titles, labels."""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from ..docs import column_doc, with_graph, xy_doc
from ..row_docs import by_gid, figure_of


@pytest.mark.parametrize("doc", [xy_doc("scatter"), column_doc("bar")])
def test_top_legend_stands_between_the_plot_and_the_graph_title(doc: dict[str, object]) -> None:
    """As journals set a figure: the title on top, the legend under it, then the plot."""
    doc = with_graph(doc, legend={"show": True, "position": "top"})
    fig = figure_of(doc)
    renderer = FigureCanvasAgg(fig).get_renderer()
    legend = by_gid(fig, "legend").get_window_extent(renderer)
    title = by_gid(fig, "title/graph").get_window_extent(renderer)
    plot = fig.axes[0].get_window_extent(renderer)
    assert not legend.overlaps(title)
    assert title.y0 >= legend.y1  # the title above the legend
    assert legend.y0 >= plot.y1  # the legend above the plot


def _pie(values: list[float]) -> dict[str, object]:
    names = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta"][: len(values)]
    return {
        "format": "plotdoc-project",
        "schemaVersion": 1,
        "tables": [
            {
                "name": "Market share",
                "format": "partsOfWhole",
                "rowLabels": names,
                "dataSets": [{"name": "Share", "values": [[v] for v in values]}],
                "graph": {"variantId": "parts-pie"},
            }
        ],
    }


@pytest.mark.parametrize(
    "values", [[70, 15, 8, 3, 2, 1, 1], [1, 1, 1, 1, 1, 95], [40, 1, 40, 1, 17, 1]]
)
def test_small_pie_slices_get_call_outs_clear_of_each_other_and_the_title(
    values: list[float],
) -> None:
    fig = figure_of(_pie(values))
    renderer = FigureCanvasAgg(fig).get_renderer()
    title = by_gid(fig, "title/graph").get_window_extent(renderer)
    boxes = [by_gid(fig, f"label/row{r}").get_window_extent(renderer) for r in range(len(values))]
    for k, a in enumerate(boxes):
        assert not a.overlaps(title), k
        for j, b in enumerate(boxes[k + 1 :], k + 1):
            assert not a.overlaps(b), (k, j)
    assert by_gid(fig, "leader/row0") is not None
