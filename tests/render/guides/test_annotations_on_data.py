"""Annotations in data units stay on what they point at (the figures issue: the demo's arrow
pointed at nothing and its "linear range" box sat over an empty corner).

Every built-in example's text and shape annotations are checked against the drawing itself
(the marks matplotlib drew, in display pixels) at two plot sizes: an arrow's or a line's head
and a curve's end lie within a few points of a drawn mark or line, a rectangle or an ellipse
encloses drawn points, text lies within the plot area.
"""

from __future__ import annotations

import copy
from typing import Any

import matplotlib
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Ellipse, FancyArrowPatch, PathPatch, Rectangle

from plotdoc.api import loads
from plotdoc.model import Project, Table
from plotdoc.publish.examples import example_bytes, example_names
from plotdoc.render.engine import draw_graph, rc_params

#: two plot area sizes (points): the file's own and a narrow, tall one
SIZES = ((288.0, 216.0), (170.0, 260.0))
#: how far (points) a pointing end may be from the mark or line it points at
NEAR_PT = 12.0
#: slack (points) for a box around the points it encloses
SLACK_PT = 3.0


def _annotated() -> list[tuple[str, str]]:
    out = []
    for name in example_names():
        project = loads(example_bytes(name))
        for t in project.tables:
            if any(a.type in ("text", "shape") for a in t.annotations):
                out.append((name, t.id))
    return out


def _draw(project: Project, table: Table, size: tuple[float, float]) -> Figure:
    table = copy.deepcopy(table)
    assert table.graph is not None
    table.graph.plot_geometry = {"widthPt": size[0], "heightPt": size[1]}
    with matplotlib.rc_context(rc_params(table.graph)):  # type: ignore[arg-type]
        fig, _ = draw_graph(project, table, dpi=72)
    FigureCanvasAgg(fig).draw()
    return fig


def _segments(fig: Figure) -> list[np.ndarray[Any, Any]]:
    """The drawn marks and lines of the graph (display pixels, = points at 72 dpi)."""
    ax = fig.axes[0]
    out = []
    for line in ax.get_lines():
        if not line.get_visible():
            continue
        xy = np.asarray(line.get_xydata(), dtype=float)
        xy = xy[np.isfinite(xy).all(axis=1)]
        if len(xy):
            out.append(ax.transData.transform(xy))
    return out


def _distance(p: np.ndarray[Any, Any], segments: list[np.ndarray[Any, Any]]) -> float:
    best = np.inf
    for xy in segments:
        best = min(best, float(np.min(np.hypot(*(xy - p).T))))
        if len(xy) > 1:
            a, b = xy[:-1], xy[1:]
            d = b - a
            t = np.clip(
                np.einsum("ij,ij->i", p - a, d) / np.maximum(np.einsum("ij,ij->i", d, d), 1e-12),
                0,
                1,
            )
            near = a + d * t[:, None]
            best = min(best, float(np.min(np.hypot(*(near - p).T))))
    return best


def _artist(fig: Figure, gid: str) -> Any:
    found = [a for a in fig.findobj() if a.get_gid() == gid]
    assert found, gid
    return found[0]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("name", "table_id"), _annotated())
def test_every_example_annotation_points_at_its_data(
    name: str, table_id: str, size: tuple[float, float]
) -> None:
    project = loads(example_bytes(name))
    table = project.table(table_id)
    fig = _draw(project, table, size)
    segments = _segments(fig)
    marks = np.vstack(segments)
    plot = fig.axes[0].get_window_extent()
    for n, ann in enumerate(table.annotations):
        where = f"{name}: {table.name} annotations[{n}] at {size}"
        if ann.type == "text":
            art = _artist(fig, f"annotation/text/{n}")
            ext = art.get_window_extent(fig.canvas.get_renderer())  # type: ignore[attr-defined]
            x, y = (ext.x0 + ext.x1) / 2, (ext.y0 + ext.y1) / 2
            assert plot.x0 - SLACK_PT <= x <= plot.x1 + SLACK_PT, where
            assert plot.y0 - SLACK_PT <= y <= plot.y1 + SLACK_PT, where
        elif ann.type == "shape":
            art = _artist(fig, f"annotation/shape/{n}")
            if isinstance(art, FancyArrowPatch | PathPatch):
                verts = art.get_path().vertices
                tr = art.get_transform()
                head = tr.transform(verts[-1]) if isinstance(art, PathPatch) else None
                if isinstance(art, FancyArrowPatch):
                    # the arrow's end point as given (its posB), in display pixels
                    posb = art._posA_posB[1]
                    head = art.get_transform().transform(posb)
                assert head is not None
                gap = _distance(head, segments)
                assert gap <= NEAR_PT, f"{where}: its end is {gap:.1f} pt from any drawn data"
            elif isinstance(art, Rectangle | Ellipse):
                box = art.get_window_extent()
                inside = (
                    (marks[:, 0] >= box.x0 - SLACK_PT)
                    & (marks[:, 0] <= box.x1 + SLACK_PT)
                    & (marks[:, 1] >= box.y0 - SLACK_PT)
                    & (marks[:, 1] <= box.y1 + SLACK_PT)
                )
                assert inside.sum() >= 3, f"{where}: the box encloses {inside.sum()} drawn points"


def test_the_demo_box_encloses_the_linear_range_at_both_sizes() -> None:
    """The demo's "linear range" box holds every standard from 0 to 8 µg and nothing at 16."""
    project = loads(example_bytes("complete"))
    table = project.table("calibration")
    n = next(i for i, a in enumerate(table.annotations) if a.id == "linear-range")
    for size in SIZES:
        fig = _draw(project, table, size)
        ax = fig.axes[0]
        box = _artist(fig, f"annotation/shape/{n}").get_window_extent()
        for ds in table.data_sets:
            for x, row in zip(table.x, ds.values, strict=True):
                values = [v for v in row if isinstance(v, float | int)]
                if x is None or not values:
                    continue
                px, py = ax.transData.transform((x, float(np.mean(values))))
                inside = box.x0 - SLACK_PT <= px <= box.x1 + SLACK_PT and (
                    box.y0 - SLACK_PT <= py <= box.y1 + SLACK_PT
                )
                assert inside == (x <= 8), (size, ds.name, x)


def test_points_annotations_do_not_follow_the_data() -> None:
    """The same arrow in points points elsewhere at another size: why data units exist."""
    project = loads(example_bytes("complete"))
    table = project.table("calibration")
    n = next(i for i, a in enumerate(table.annotations) if a.id == "flag-arrow")
    gaps = []
    for size in SIZES:
        fig = _draw(project, table, SIZES[0])
        arrow = _artist(fig, f"annotation/shape/{n}")
        shown = arrow.get_transform().transform(arrow._posA_posB[1])
        in_points = copy.deepcopy(table)
        ax = fig.axes[0]
        corner = ax.transAxes.transform((0, 0))
        pts = [dict(zip("xy", (shown - corner).tolist(), strict=True))]
        in_points.annotations[n].props["coordinates"] = "points"
        in_points.annotations[n].props["points"] = [
            dict(
                zip("xy", (ax.transData.transform((q["x"], q["y"])) - corner).tolist(), strict=True)
            )
            for q in table.annotations[n].props["points"]
        ]
        assert pts
        fig2 = _draw(project, in_points, size)
        arrow2 = _artist(fig2, f"annotation/shape/{n}")
        head = arrow2.get_transform().transform(arrow2._posA_posB[1])
        gaps.append(_distance(head, _segments(fig2)))
    assert gaps[0] <= NEAR_PT < gaps[1]


def test_the_demo_has_annotations_in_data_units() -> None:
    project = loads(example_bytes("complete"))
    shapes = [a for t in project.tables for a in t.annotations if a.type in ("text", "shape")]
    assert shapes and all(a.props["coordinates"] == "data" for a in shapes)
