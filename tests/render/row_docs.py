"""Small documents for the rendering tests of grouped, contingency, parts and multipleVariables graphs."""

from __future__ import annotations

from typing import Any

import matplotlib
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox

from plotdoc.render.artists.labels import AxisLabels
from plotdoc.render.engine import build_figure, draw_graph, figure_bytes, rc_params

from .docs import open_doc, project

ROWS = ["A", "B", "C"]
#: two data sets, three rows, three replicates; means 2, 5, 8 and 3, 6, 9
GROUPED = [
    [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]],
    [[2.0, 3.0, 4.0], [5.0, 6.0, 7.0], [8.0, 9.0, 10.0]],
]


def grouped_doc(
    variant: str,
    *,
    options: dict[str, Any] | None = None,
    values: list[list[list[float | None]]] | None = None,
    graph: dict[str, Any] | None = None,
    rows: list[str] | None = None,
) -> dict[str, Any]:
    vals = values or GROUPED
    sets = [{"name": f"G{k}", "values": v} for k, v in enumerate(vals)]
    g: dict[str, Any] = {
        "variantId": variant,
        "plot": {"family": "grouped", "options": options or {}},
        **(graph or {}),
    }
    reps = max(len(r) for v in vals for r in v)
    return project(
        {
            "name": "Grouped",
            "format": "grouped",
            "replicates": reps,
            "rowLabels": rows or ROWS[: len(vals[0])],
            "dataSets": sets,
            "graph": g,
        }
    )


def contingency_doc(variant: str, *, flip: bool = False) -> dict[str, Any]:
    return project(
        {
            "name": "Counts",
            "format": "contingency",
            "rowLabels": ["Yes", "No"],
            "dataSets": [
                {"name": "P", "values": [[10], [30]]},
                {"name": "T", "values": [[20], [15]]},
            ],
            "graph": {
                "variantId": variant,
                "plot": {"family": "contingency", "options": {"flipXY": flip}},
            },
        }
    )


def parts_doc(
    variant: str, *, options: dict[str, Any] | None = None, graph: dict[str, Any] | None = None
) -> dict[str, Any]:
    return project(
        {
            "name": "Parts",
            "format": "partsOfWhole",
            "rowLabels": ["a", "b", "c", "d"],
            "dataSets": [
                {"name": "V", "values": [[50], [30], [0], [20]]},
                {"name": "W", "values": [[10], [10], [10], [70]]},
            ],
            "graph": {
                "variantId": variant,
                "plot": {"family": "partsOfWhole", "options": options or {}},
                **(graph or {}),
            },
        }
    )


def mv_doc(
    variant: str,
    kind: str,
    mapping: dict[str, int | None],
    sets: list[tuple[str, list[Any]]],
    *,
    options: dict[str, Any] | None = None,
    graph: dict[str, Any] | None = None,
    **table: Any,
) -> dict[str, Any]:
    return project(
        {
            "name": "MV",
            "format": "multipleVariables",
            "dataSets": [{"name": n, "values": [[v] for v in col]} for n, col in sets],
            "graph": {
                "variantId": variant,
                "plot": {
                    "family": "multipleVariables",
                    "options": {"kind": kind, "mapping": mapping, **(options or {})},
                },
                **(graph or {}),
            },
            **table,
        }
    )


def many_parts_doc(
    n: int, variant: str = "parts-pie", *, most: int = 59, **options: Any
) -> dict[str, Any]:
    """A parts-of-whole table of one data set ``V`` of ``n`` parts (``Category 1``...), each
    a whole number from 1 to ``most`` drawn with the seed ``n``."""
    import numpy as np

    values = np.random.default_rng(n).integers(1, most + 1, n)
    return project(
        {
            "name": "Parts",
            "format": "partsOfWhole",
            "rowLabels": [f"Category {k + 1}" for k in range(n)],
            "dataSets": [{"name": "V", "values": [[float(v)] for v in values]}],
            "graph": {
                "variantId": variant,
                "plot": {"family": "partsOfWhole", "options": options},
            },
        }
    )


def drawn(doc: dict[str, Any], dpi: float = 72) -> tuple[Figure, list[str]]:
    """The drawn figure and its warnings (rendered once to PNG so that draw-time layouts
    have run)."""
    p = open_doc(doc)
    t = p.tables[0]
    assert t.graph is not None
    with matplotlib.rc_context(rc_params(t.graph)):
        fig, warnings = draw_graph(p, t, dpi=dpi)
        figure_bytes(fig, "png", dpi)
    return fig, warnings


def figure_of(doc: dict[str, Any]) -> Figure:
    """The drawn figure (rendered once to SVG so that draw-time layouts have run)."""
    p = open_doc(doc)
    t = p.tables[0]
    assert t.graph is not None
    with matplotlib.rc_context(rc_params(t.graph)):
        fig = build_figure(p, t, dpi=72)
        figure_bytes(fig, "svg", 72)
    return fig


def png_of(doc: dict[str, Any], dpi: float = 72) -> bytes:
    p = open_doc(doc)
    t = p.tables[0]
    assert t.graph is not None
    with matplotlib.rc_context(rc_params(t.graph)):
        return figure_bytes(build_figure(p, t, dpi=dpi), "png", dpi)


def by_gid(fig: Figure, gid: str) -> Any:
    found = fig.findobj(lambda a: a.get_gid() == gid)
    assert len(found) == 1, (gid, found)
    return found[0]


def label_boxes(fig: Figure, prefix: str) -> dict[str, Bbox]:
    """The boxes (Agg pixels) of the texts whose ids start with ``prefix``: each its own
    artist, or one label of a heat map's axis labels (all of an axis drawn as one artist)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    found = fig.findobj(lambda a: str(a.get_gid() or "").startswith(prefix))
    boxes = {str(a.get_gid()): a.get_window_extent(renderer) for a in found if a.get_visible()}
    for labels in fig.findobj(AxisLabels):
        assert isinstance(labels, AxisLabels)
        for sid, box in labels.label_boxes(renderer):
            if sid.startswith(prefix):
                boxes[sid] = Bbox.from_extents(*box)
    return boxes
