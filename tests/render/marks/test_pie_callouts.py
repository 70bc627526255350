"""A pie of many parts labels them with call-outs in a column each side, as many as fit in
``CALLOUT_ROOM`` times the graphic's height, as far below it as above: past that the largest
parts are labelled and a warning says how many are not. Leaders go round the pie, never
across it, and never cross each other."""

from __future__ import annotations

import itertools
from typing import Any

import matplotlib
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from plotdoc.render.caps import REACH_IN
from plotdoc.render.engine import rc_params
from plotdoc.render.marks.slices import percent_text
from plotdoc.render.notices import THINNED, warning_code

from ..docs import open_doc
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
        "call-outs do not fit beside the pie (the largest parts are labelled); a dot plot "
        "(parts-dot-plot) labels every part"
    ]
    values = _values(doc)
    left_out = set(range(n)) - set(labels)
    assert max(values[r] for r in left_out) <= min(values[r] for r in labels)


def _leaders(fig: Figure) -> dict[int, np.ndarray]:
    """Each leader's points, in pie radii from the pie's centre."""
    out = {}
    for art in fig.findobj(lambda a: str(a.get_gid() or "").startswith("leader/row")):
        out[int(str(art.get_gid())[len("leader/row") :])] = np.asarray(art.get_xydata())
    return out


def _crosses(a: np.ndarray, b: np.ndarray, seen: float = 1e-3) -> bool:
    """Whether segments ``a`` and ``b`` (2 x 2) cross as the eye sees it: each one's ends lie
    on either side of the other's line, farther from it than ``seen`` (pie radii). Leaders
    that go round the pie together run along one another, and one joins them at its elbow:
    they meet, they do not cross."""

    def apart(p: np.ndarray, q: np.ndarray) -> bool:
        d = p[1] - p[0]
        sides = (d[0] * (q[:, 1] - p[0, 1]) - d[1] * (q[:, 0] - p[0, 0])) / np.hypot(*d)
        return bool(sides[0] * sides[1] < 0 and np.abs(sides).min() > seen)

    return apart(a, b) and apart(b, a)


def _mixed_doc(variant: str) -> dict[str, Any]:
    """Three large parts, then 37 small ones together in the last eighth of the pie."""
    doc = many_parts_doc(40, variant)
    values = [300.0, 200.0, 150.0, *([1.0, 3.0, 5.0, 2.0] * 10)[:37]]
    doc["tables"][0]["dataSets"][0]["values"] = [[v] for v in values]
    return doc


@pytest.mark.parametrize(
    "doc",
    [
        many_parts_doc(60),
        many_parts_doc(200, "parts-donut"),
        many_parts_doc(400, most=1),  # all equal
        _mixed_doc("parts-pie"),
        _mixed_doc("parts-donut"),
    ],
    ids=["60", "200-donut", "400-equal", "few-large-many-small", "few-large-many-small-donut"],
)
def test_leaders_go_round_the_pie_and_do_not_cross(doc: dict[str, Any]) -> None:
    """Leaders ran straight across the pie to call-outs far above or below their slices."""
    fig, _ = drawn(doc)
    leaders = _leaders(fig)
    assert leaders
    for points in leaders.values():
        # the first step leaves the slice along its middle; every later one stays outside
        assert np.hypot(*points[0]) == pytest.approx(1.0)
        for a, b in itertools.pairwise(points[1:]):
            ts = np.linspace(0.0, 1.0, 50)[:, None]
            assert np.hypot(*(a + ts * (b - a)).T).min() >= 1.0
    crossings = [
        (p, q)
        for (p, pa), (q, qa) in itertools.combinations(leaders.items(), 2)
        if any(
            _crosses(pa[i : i + 2], qa[j : j + 2])
            for i in range(len(pa) - 1)
            for j in range(len(qa) - 1)
        )
    ]
    assert not crossings


def test_equal_parts_left_out_are_spread_round_the_pie() -> None:
    """Of 400 equal parts, the first of them were labelled: all at 12 and 6 o'clock."""
    fig, warnings = drawn(many_parts_doc(400, most=1))
    rows = sorted(_labels(fig))
    assert [w for w in warnings if warning_code(w) == THINNED]
    assert 40 <= len(rows) < 400
    gaps = np.diff([*rows, rows[0] + 400])
    assert gaps.max() - gaps.min() <= 1


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


def _long_labels(doc: dict[str, Any], length: int) -> dict[str, Any]:
    table = doc["tables"][0]
    table["rowLabels"] = [
        f"Part {k + 1} " + ("with a name longer than a column " * 60)[:length]
        for k in range(len(table["rowLabels"]))
    ]
    return doc


@pytest.mark.parametrize("n", [6, 60])
@pytest.mark.parametrize("variant", ["parts-pie", "parts-donut"])
def test_long_labels_stand_whole_inside_the_figure(n: int, variant: str) -> None:
    """Long row labels ran off the image's left edge (their start cut), without a warning."""
    doc = _long_labels(many_parts_doc(n, variant), 70)
    fig, warnings = drawn(doc)
    width = fig.get_size_inches()[0] * fig.dpi
    graph = open_doc(doc).tables[0].graph
    assert graph is not None
    with matplotlib.rc_context(rc_params(graph)):  # measured in the fonts they are drawn in
        boxes = _labels(fig).values()
    assert boxes
    assert all(box.x0 >= 0 and box.x1 <= width for box in boxes)
    assert not [w for w in warnings if warning_code(w) != THINNED]


def test_labels_longer_than_the_widest_output_are_cut_and_said_to_be() -> None:
    doc = _long_labels(many_parts_doc(6), 190)
    doc["tables"][0]["graph"]["styleOverrides"] = {"global": {"pointLabel": {"fontSize": 30}}}
    fig, warnings = drawn(doc)
    assert fig.get_size_inches()[0] * 72 == pytest.approx(3000.0)
    assert [w for w in warnings if "the pie's labels reach past the widest output" in w]
