"""What plotdoc places itself never overlaps: legend, titles, labels."""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from ..docs import column_doc, with_graph, xy_doc
from ..row_docs import by_gid, figure_of


@pytest.mark.parametrize("doc", [xy_doc("scatter"), column_doc("bar")])
def test_top_legend_stands_clear_of_the_graph_title(doc: dict[str, object]) -> None:
    doc = with_graph(doc, legend={"show": True, "position": "top"})
    fig = figure_of(doc)
    renderer = FigureCanvasAgg(fig).get_renderer()
    legend = by_gid(fig, "legend").get_window_extent(renderer)
    title = by_gid(fig, "title/graph").get_window_extent(renderer)
    plot = fig.axes[0].get_window_extent(renderer)
    assert not legend.overlaps(title)
    assert legend.y0 >= title.y1  # above the title
    assert title.y0 >= plot.y1
