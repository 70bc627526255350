"""The hit region of an artist of many symbols (past the per-mark regions) is the union of
its symbols' boxes, taken with numpy."""

from __future__ import annotations

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg

from plotdoc.render.artists.collections import PointSymbols
from plotdoc.render.engine import draw_graph
from plotdoc.render.hits import MAX_MEMBER_REGIONS, _grown, _symbol_boxes, hit_regions

from .docs import open_doc, project


def test_the_region_of_many_symbols_is_their_union() -> None:
    n = MAX_MEMBER_REGIONS + 500
    rng = np.random.default_rng(2)
    x = rng.uniform(0, 10, n).round(3).tolist()
    ys = [[v] for v in rng.normal(0, 1, n).round(3).tolist()]
    ys[7] = [None]
    doc = project(
        {
            "name": "Many",
            "format": "xy",
            "x": x,
            "dataSets": [{"name": "A", "values": ys}],
            "graph": {"variantId": "scatter"},
        }
    )
    p = open_doc(doc)
    fig, _ = draw_graph(p, p.tables[0])
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    (art,) = [a for a in fig.findobj(PointSymbols) if str(a.get_gid()).startswith("symbols/")]
    boxes = [h.box for h in _symbol_boxes(art, renderer)]
    union = (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
    (region,) = [h for h in hit_regions(fig, renderer) if h.id == art.get_gid()]
    assert np.allclose(region.box, _grown(union), atol=1e-6)
