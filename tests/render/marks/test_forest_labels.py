"""A forest plot's long row labels are drawn whole, left of the plot area, in every format."""

from __future__ import annotations

import re

from plotdoc.render import render_table

from ..docs import open_doc
from ..row_docs import mv_doc

LONG = "Randomised participants aged 65 or older"  # 40 characters


def _doc() -> dict[str, object]:
    sets = [
        ("or", [0.8, 1.3, 0.6]),
        ("lo", [0.6, 1.1, 0.3]),
        ("hi", [1.0, 1.6, 0.9]),
        ("study", [LONG, "B", "C"]),
    ]
    return mv_doc("mv-forest", "forest", {"x": 0, "lower": 1, "upper": 2, "label": 3}, sets)


def test_the_svg_label_starts_inside_the_picture() -> None:
    p = open_doc(_doc())
    svg = render_table(p, p.tables[0], fmt="svg").decode()
    group = re.search(r'<g id="label/p0">(.*?)</g>', svg, flags=re.S)
    assert group is not None and LONG in group.group(1)
    # the text is anchored at its end; the picture starts at 0, the label's start well after it
    m = re.search(r'<text[^>]*\bx="([-0-9.]+)"', group.group(1))
    assert m is not None
    end = float(m.group(1))
    assert end > 180  # 40 characters of 10 pt text are about 190 pt wide
    # the picture holds the label whole: the plot area's left edge is right of the label's end
    assert end < float(
        re.search(r'<g id="axes_1">.*?<path d="M ([0-9.]+)', svg, flags=re.S).group(1)
    )  # type: ignore[union-attr]


def test_the_label_starts_inside_the_figure() -> None:
    """What PNG and PDF show: the figure's box, within which the label now starts."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from plotdoc.render.engine import draw_graph, rc_params

    p = open_doc(_doc())
    table = p.tables[0]
    assert table.graph is not None
    with matplotlib.rc_context(rc_params(table.graph)):
        fig, _ = draw_graph(p, table)
        renderer = FigureCanvasAgg(fig).get_renderer()
        label = next(a for a in fig.findobj() if a.get_gid() == "label/p0")
        box = label.get_window_extent(renderer)
    assert box.x0 >= 0
