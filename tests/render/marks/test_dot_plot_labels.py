"""A dot plot of many parts: every label readable, or a warning that says how many are not.

The parts' labels stood one per slot in a plot area of 216 pt whatever their number: from
about 15 parts on they overprinted each other, and 200 parts drew a black smear, without a
word. The plot area now grows for them (parts on Y), labels along X turn, and what still does
not fit is thinned with a ``render-labels-thinned`` warning.
"""

from __future__ import annotations

import itertools
import math
import re
from typing import Any

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from plotdoc.render.caps import MAX_GROWN_PT

from ..row_docs import drawn, many_parts_doc


def _dot_plot(n: int, graph: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    doc = many_parts_doc(n, "parts-dot-plot", **options)
    doc["tables"][0]["graph"].update(graph or {})
    return doc


def _labels(fig: Any, along_x: bool) -> list[tuple[str, Any]]:
    """The category labels drawn, with their boxes in display units."""
    ax = fig.axes[0]
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    axis = ax.xaxis if along_x else ax.yaxis
    out = []
    for tick in axis.get_major_ticks():
        label = tick.label1
        if label.get_visible() and label.get_text():
            out.append((label.get_text(), label.get_window_extent(renderer)))
    return out


def _apart(boxes: list[Any]) -> bool:
    return not any(a.overlaps(b) for k, a in enumerate(boxes) for b in boxes[k + 1 :])


def _plot_height_pt(fig: Any) -> float:
    return float(fig.axes[0].get_position().height * fig.get_size_inches()[1] * 72)


def _thinned(warnings: list[str]) -> list[str]:
    return [w for w in warnings if "category labels are not shown" in w]


def test_forty_parts_each_have_a_label_in_a_taller_plot_area() -> None:
    fig, warnings = drawn(_dot_plot(40))
    shown = _labels(fig, along_x=False)
    assert [t for t, _ in shown] == [f"Category {k + 1}" for k in range(40)]
    assert _apart([box for _, box in shown])
    assert 216.0 < _plot_height_pt(fig) <= MAX_GROWN_PT
    assert not _thinned(warnings)


def test_a_few_parts_keep_the_plot_area_as_it_was() -> None:
    fig, warnings = drawn(_dot_plot(8))
    assert _plot_height_pt(fig) == pytest.approx(216.0)
    assert len(_labels(fig, along_x=False)) == 8
    assert not _thinned(warnings)


def test_past_the_largest_plot_area_every_kth_label_is_shown_and_the_warning_counts() -> None:
    fig, warnings = drawn(_dot_plot(200))
    assert _plot_height_pt(fig) == pytest.approx(MAX_GROWN_PT)
    shown = _labels(fig, along_x=False)
    texts = [t for t, _ in shown]
    assert texts[0] == "Category 1" and texts[-1] == "Category 200"
    assert _apart([box for _, box in shown])
    (said,) = _thinned(warnings)
    assert said.startswith(f"{200 - len(texts)} of 200 category labels are not shown")


def test_a_plot_area_of_given_height_thins_its_labels_instead() -> None:
    fig, warnings = drawn(_dot_plot(40, graph={"plotGeometry": {"heightPt": 216}}))
    assert _plot_height_pt(fig) == pytest.approx(216.0)
    shown = _labels(fig, along_x=False)
    assert len(shown) < 40
    assert _apart([box for _, box in shown])
    (said,) = _thinned(warnings)
    m = re.match(r"(\d+) of 40 category labels", said)
    assert m is not None and int(m.group(1)) == 40 - len(shown)


def _turned_apart(fig: Any) -> bool:
    """Whether the labels along X, turned by 45 degrees, clear each other: neighbours are
    parallel lines of text, apart by their ticks' distance times sin 45 degrees."""
    ax = fig.axes[0]
    labels = [t for t in ax.xaxis.get_ticklabels() if t.get_text()]
    if {t.get_rotation() for t in labels} != {45.0}:
        return False
    ticks = sorted(ax.transData.transform([(x, 0.0) for x in ax.get_xticks()])[:, 0])
    height = max(t.get_fontsize() for t in labels) * fig.dpi / 72.0
    return all((b - a) * math.sin(math.radians(45)) >= height for a, b in itertools.pairwise(ticks))


def test_parts_along_x_turn_their_labels_before_they_are_thinned() -> None:
    fig, warnings = drawn(_dot_plot(12, orientation="vertical"))
    shown = _labels(fig, along_x=True)
    assert len(shown) == 12
    assert _turned_apart(fig)
    assert not _thinned(warnings)
    fig, warnings = drawn(_dot_plot(60, orientation="vertical"))
    shown = _labels(fig, along_x=True)
    assert _turned_apart(fig)
    (said,) = _thinned(warnings)
    assert said.startswith(f"{60 - len(shown)} of 60 category labels are not shown")


def test_two_thousand_parts_draw_a_tick_for_each_label_kept() -> None:
    fig, warnings = drawn(_dot_plot(2000))
    made = fig.axes[0].yaxis.majorTicks  # every tick object made so far
    shown = _labels(fig, along_x=False)
    assert len(made) == len(shown) < 100
    assert shown[0][0] == "Category 1" and shown[-1][0] == "Category 2000"
    (said,) = _thinned(warnings)
    assert said.startswith(f"{2000 - len(shown):,} of 2,000 category labels are not shown")
