"""A pie of many parts labels them with call-outs in a column each side, as many as fit in
``CALLOUT_ROOM`` times the graphic's height, as far below it as above: past that the largest
parts of each side are labelled and a warning says how many are not."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from plotdoc.render.caps import REACH_IN
from plotdoc.render.marks.slices import percent_text
from plotdoc.render.notices import THINNED, warning_code

from ..row_docs import drawn, many_parts_doc


def _labels(fig: Figure) -> dict[int, Any]:
    """Each labelled part's row and its label's box (display pixels)."""
    renderer = FigureCanvasAgg(fig).get_renderer()
    out = {}
    for art in fig.findobj(lambda a: str(a.get_gid() or "").startswith("label/row")):
        out[int(str(art.get_gid())[len("label/row") :])] = art.get_window_extent(renderer)
    return out


def _values(doc: dict[str, Any]) -> list[float]:
    return [row[0] for row in doc["tables"][0]["dataSets"][0]["values"]]


@pytest.mark.parametrize("n", [60, 200, 2000])
@pytest.mark.parametrize("variant", ["parts-pie", "parts-donut"])
def test_call_outs_stay_in_the_image_apart_and_label_the_largest_parts(
    n: int, variant: str
) -> None:
    doc = many_parts_doc(n, variant)
    fig, warnings = drawn(doc)
    labels = _labels(fig)
    w, h = (float(v) * fig.dpi for v in fig.get_size_inches())
    reach = REACH_IN * fig.dpi  # past this, the output cuts off what is drawn
    for box in labels.values():
        assert -reach <= box.x0 and box.x1 <= w + reach
        assert -reach <= box.y0 and box.y1 <= h + reach
    assert not [
        (a, b)
        for (a, ba), (b, bb) in itertools.combinations(labels.items(), 2)
        if ba.padded(-0.5).overlaps(bb.padded(-0.5))
    ]
    thinned = [x for x in warnings if warning_code(x) == THINNED]
    if len(labels) == n:
        assert not thinned
        return
    assert thinned == [
        f"{n - len(labels):,} of the {n:,} parts of data set 'V' are not labelled: their "
        "call-outs do not fit beside the pie (the largest parts of each side are labelled); "
        "a dot plot (parts-dot-plot) labels every part"
    ]
    values = _values(doc)
    middle = fig.axes[0].transAxes.transform((0.5, 0.5))[0]
    for right in (True, False):  # on each side, no part left out is larger than one labelled
        side = {r for r, box in labels.items() if (box.x0 > middle) == right}
        assert side
        shares = np.cumsum(values) - np.asarray(values) / 2  # each slice's middle
        mids = 90.0 - shares / sum(values) * 360.0
        members = {r for r in range(n) if (np.cos(np.deg2rad(mids[r])) >= 0) == right}
        assert side <= members
        assert max(values[r] for r in members - side) <= min(values[r] for r in side)


def test_a_pie_of_forty_parts_labels_every_part() -> None:
    fig, warnings = drawn(many_parts_doc(40))
    assert sorted(_labels(fig)) == list(range(40))
    assert not [x for x in warnings if warning_code(x) == THINNED]


@pytest.mark.parametrize(
    ("share", "text"),
    [
        (0.5, "50%"),
        (0.0096, "1%"),  # not 1.0%, beside the 1% of its neighbours
        (0.0094, "0.9%"),
        (0.0004, "<0.1%"),  # not 0.0%: the part is there
        (0.0, "0%"),
    ],
)
def test_percent_text(share: float, text: str) -> None:
    assert percent_text(share) == text
