"""A forest plot's long row labels are drawn whole, left of the plot area, in every format."""

from __future__ import annotations

import re

import pytest

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


def _many(n: int, graph: dict[str, object] | None = None) -> dict[str, object]:
    import numpy as np

    rng = np.random.default_rng(n)
    est = np.round(rng.uniform(0.5, 1.5, n), 2)
    sets = [
        ("or", est.tolist()),
        ("lo", (est - 0.2).round(2).tolist()),
        ("hi", (est + 0.2).round(2).tolist()),
        ("study", [f"Study {k + 1} et al." for k in range(n)]),
    ]
    return mv_doc(
        "mv-forest", "forest", {"x": 0, "lower": 1, "upper": 2, "label": 3}, sets, graph=graph
    )


def _rows_drawn(doc: dict[str, object]) -> tuple[list[str], list[object], float, list[str]]:
    """The row labels drawn (top to bottom), their boxes, the plot area's height in points
    and the drawing's warnings."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from ..row_docs import drawn

    fig, warnings = drawn(doc)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    labels = [t for t in fig.axes[0].texts if str(t.get_gid()).startswith("label/p")]
    labels.sort(key=lambda t: -t.get_window_extent(renderer).y0)
    height = fig.axes[0].get_position().height * fig.get_size_inches()[1] * 72
    boxes = [t.get_window_extent(renderer) for t in labels]
    return [t.get_text() for t in labels], boxes, float(height), [str(w) for w in warnings]


def _apart(boxes: list[object]) -> bool:
    return not any(a.overlaps(b) for k, a in enumerate(boxes) for b in boxes[k + 1 :])  # type: ignore[attr-defined]


def test_forty_rows_each_keep_their_label_in_a_taller_plot_area() -> None:
    """The labels of 40 rows overprinted each other in a plot area 216 pt high, unsaid."""
    texts, boxes, height, warnings = _rows_drawn(_many(40))
    assert texts == [f"Study {k + 1} et al." for k in range(40)]
    assert _apart(boxes)
    assert 216.0 < height <= 1000.0
    assert not [w for w in warnings if "labels are not shown" in w]


def test_a_few_rows_keep_the_plot_area_as_it_was() -> None:
    texts, _, height, _ = _rows_drawn(_many(6))
    assert len(texts) == 6 and abs(height - 216.0) < 1e-6


@pytest.mark.parametrize(
    ("n", "graph"), [(200, None), (40, {"plotGeometry": {"heightPt": 216}})], ids=["200", "set"]
)
def test_rows_past_the_room_show_every_kth_label_and_say_how_many_are_not(
    n: int, graph: dict[str, object] | None
) -> None:
    texts, boxes, _, warnings = _rows_drawn(_many(n, graph))
    assert texts[0] == "Study 1 et al." and texts[-1] == f"Study {n} et al."
    assert len(texts) < n
    assert _apart(boxes)
    (said,) = [w for w in warnings if "labels are not shown" in w]
    assert f"{n - len(texts)} of {n} row labels are not shown" in said
