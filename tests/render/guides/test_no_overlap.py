"""Nothing plotdoc places itself overlaps another thing it places, in any gallery sample.

Placed things: the legend, the graph and axis titles, the colour bar, labels (of pie slices,
heat-map rows and columns, forest rows, points), significance brackets, the donut total.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from plotdoc.publish.samples import sample_document, sample_variants

from ..row_docs import figure_of

PLACED = ("legend", "title/", "colorbar", "label/", "bracket/", "total")


def _placed(fig: Any) -> dict[str, Bbox]:
    renderer = FigureCanvasAgg(fig).get_renderer()
    out: dict[str, Bbox] = {}
    for art in fig.findobj(lambda a: isinstance(a, Artist) and bool(a.get_gid())):
        gid = str(art.get_gid())
        if not gid.startswith(PLACED) or not art.get_visible():
            continue
        if isinstance(art, Text) and not art.get_text():
            continue
        box = (
            art.get_tightbbox(renderer)
            if isinstance(art, Axes)
            else art.get_window_extent(renderer)
        )
        if box is not None and box.width > 0 and box.height > 0:
            out[gid] = box.padded(-0.5)
    return out


@pytest.mark.parametrize("variant", sample_variants())
def test_placed_elements_do_not_overlap(variant: str) -> None:
    boxes = _placed(figure_of(sample_document(variant)))
    clashes = [
        (a, b) for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2) if ba.overlaps(bb)
    ]
    assert not clashes, clashes


def _awkward() -> dict[str, dict[str, Any]]:
    """Documents that crowded what plotdoc places: tiny pie slices, a top legend, a big heat map."""
    pie = sample_document("parts-pie")
    pie["tables"][0]["rowLabels"] = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"]
    pie["tables"][0]["dataSets"] = [
        {"name": "Share", "values": [[90.0], [4.0], [2.0], [2.0], [1.0], [1.0]]}
    ]
    top = sample_document("xy-points-line-error")
    top["tables"][0]["graph"]["legend"] = {"show": True, "position": "top"}
    heat = sample_document("grouped-heat-map")
    table = heat["tables"][0]
    table["rowLabels"] = [f"Gene {r + 1}" for r in range(40)]
    table["replicates"] = 1
    table["dataSets"] = [
        {"name": f"Patient {k + 1}", "values": [[float((r * 7 + k * 3) % 11)] for r in range(40)]}
        for k in range(16)
    ]
    return {"tiny-pie-slices": pie, "top-legend": top, "heat-map-40x16": heat}


@pytest.mark.parametrize("name", sorted(_awkward()))
def test_crowded_documents_place_without_overlap(name: str) -> None:
    boxes = _placed(figure_of(_awkward()[name]))
    clashes = [
        (a, b) for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2) if ba.overlaps(bb)
    ]
    assert not clashes, clashes
