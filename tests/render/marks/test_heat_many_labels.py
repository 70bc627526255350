"""A heat map with more rows (or data sets) than can be labelled readably on a page: the plot
area grows for its labels only up to a bound, every k-th label is shown past it, and a
``render-labels-thinned`` warning says how many are not."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from plotdoc.render import render_table_checked
from plotdoc.render.artists.labels import AxisLabels
from plotdoc.render.caps import MAX_GROWN_PT
from plotdoc.render.notices import THINNED, warning_code

from ..docs import open_doc
from ..row_docs import figure_of, grouped_doc, label_boxes


def _doc(rows: int, cols: int, flip: bool = False) -> dict[str, object]:
    rng = np.random.default_rng(5)
    values = [[[float(v)] for v in rng.normal(0.0, 1.0, rows)] for _ in range(cols)]
    doc = grouped_doc(
        "grouped-heat-map", values=values, rows=[f"Gene {r + 1}" for r in range(rows)], graph={}
    )
    if flip:
        doc["tables"][0]["graph"]["plot"]["options"] = {"flipXY": True}  # type: ignore[index]
    return doc


@pytest.mark.parametrize("flip", [False, True])
def test_rows_past_the_page_are_thinned_with_a_warning(flip: bool) -> None:
    rows = 2_000
    doc = _doc(rows, 3, flip)
    p = open_doc(doc)
    drawn = render_table_checked(p, p.tables[0], fmt="png", dpi=50)
    thinned = [w for w in drawn.warnings if warning_code(w) == THINNED]
    assert len(thinned) == 1, drawn.warnings
    assert "of 2,000 row labels are not shown" in thinned[0]
    fig = figure_of(doc)
    # the plot area stopped growing at the bound (plus the room of labels and titles)
    assert max(fig.get_size_inches()) * 72 < MAX_GROWN_PT + 400
    shown = list(label_boxes(fig, "label/row/").values())
    assert 20 <= len(shown) < rows
    for a, b in itertools.combinations(shown, 2):
        assert not a.overlaps(b)


def test_a_map_that_fits_is_not_thinned() -> None:
    p = open_doc(_doc(40, 16))
    drawn = render_table_checked(p, p.tables[0], fmt="png", dpi=50)
    assert not [w for w in drawn.warnings if warning_code(w) == THINNED]


@pytest.mark.parametrize("flip", [False, True])
def test_a_500_row_map_builds_no_tick_per_label(
    flip: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every shown row label is at least a line of its font from the next, a warning names the
    ones left out, and matplotlib builds no Tick per label: the labels of an axis are one
    artist (before: one Tick per shown label, and before that two)."""
    import matplotlib.axis as maxis

    built: list[maxis.Axis] = []
    make = maxis.Axis._get_tick  # type: ignore[attr-defined]

    def counting(self: maxis.Axis, major: bool) -> maxis.Tick:
        if major:
            built.append(self)
        tick: maxis.Tick = make(self, major)
        return tick

    monkeypatch.setattr(maxis.Axis, "_get_tick", counting)
    rows = 500
    doc = _doc(rows, 3, flip)
    p = open_doc(doc)
    drawn = render_table_checked(p, p.tables[0], fmt="png", dpi=50)
    thinned = [w for w in drawn.warnings if warning_code(w) == THINNED]
    assert len(thinned) == 1 and "of 500 row labels are not shown" in thinned[0]
    built.clear()
    fig = figure_of(doc)
    row_axis = fig.axes[0].xaxis if flip else fig.axes[0].yaxis
    boxes = label_boxes(fig, "label/row/")
    assert 20 <= len(boxes) < rows
    centres = sorted((b.x0 + b.x1) / 2 if flip else (b.y0 + b.y1) / 2 for b in boxes.values())
    (labels,) = [a for a in fig.findobj(AxisLabels) if a.get_gid() == "labels/row"]
    assert isinstance(labels, AxisLabels)
    font_px = labels.font.get_size_in_points() * fig.dpi / 72
    assert min(np.diff(centres)) >= font_px
    # only the few a fresh axis makes for itself, and the one its labels' look is read from
    assert built.count(row_axis) <= 3
    FigureCanvasAgg(fig).draw()
    assert built.count(row_axis) <= 3


@pytest.mark.parametrize("flip", [False, True])
@pytest.mark.parametrize(
    "geometry", [{"heightPt": 1.5e308}, {"widthPt": 1.5e308}, {"heightPt": 5.0, "widthPt": 1e9}]
)
def test_a_plot_area_past_the_bounds_draws_at_them(flip: bool, geometry: dict[str, float]) -> None:
    """A heat map sizes its cells and labels by the plot area the file gives, held within the
    bounds the engine draws it at (a flipped map of a huge height made an infinite width)."""
    from plotdoc.render.caps import GEOMETRY_LIMITS
    from plotdoc.render.notices import CAPPED

    doc = _doc(6, 3, flip)
    doc["tables"][0]["graph"]["plotGeometry"] = geometry  # type: ignore[index]
    p = open_doc(doc)
    drawn = render_table_checked(p, p.tables[0], fmt="png", dpi=50)
    assert CAPPED in {warning_code(w) for w in drawn.warnings}
    fig = figure_of(doc)
    w, h = (v * 72 for v in fig.get_size_inches())
    assert max(w, h) < GEOMETRY_LIMITS[1] * 1.25 + 800  # (a flipped plot is 1.25 times wider)
