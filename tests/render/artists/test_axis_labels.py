"""AxisLabels draws what matplotlib's own ticks draw, pixel for pixel, without a Tick per label.

Each case lays labels out on a plain matplotlib axes twice: once with the axis' own ticks
(FixedLocator and FixedFormatter, as matplotlib draws them), once with the axis' ticks taken
away and an AxisLabels artist drawing the same labels. The two pictures must be the same, and
the labels' boxes the same as matplotlib's Text boxes.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FixedFormatter, FixedLocator, NullLocator
from PIL import Image

from plotdoc.render.artists.labels import AxisLabels

TEXTS = ["TP53", "Ågy", "r12", "a $5 fee", "", "BRCA1 long name", "x"]


def _figure(setup: Callable[[Axes], None], along: str, rotation: float) -> tuple[Figure, Any]:
    fig = Figure(figsize=(4, 3), dpi=100)
    ax = fig.add_axes((0.3, 0.3, 0.4, 0.4))
    ax.set_xlim(0, len(TEXTS))
    ax.set_ylim(0, len(TEXTS))
    axis = ax.xaxis if along == "x" else ax.yaxis
    other = ax.yaxis if along == "x" else ax.xaxis
    other.set_major_locator(NullLocator())
    axis.set_major_locator(FixedLocator([k + 0.5 for k in range(len(TEXTS))]))
    axis.set_major_formatter(FixedFormatter(TEXTS))
    setup(ax)
    ax.tick_params(axis=along, labelrotation=rotation)
    return fig, axis


def _png(fig: Figure) -> np.ndarray:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    return np.asarray(Image.open(buf).convert("RGBA"))


def _as_labels(fig: Figure, axis: Any, rotation: float) -> AxisLabels:
    tick = axis.get_major_ticks(1)[0]
    font = tick.label1.get_fontproperties().copy()
    locs = [float(v) for v in axis.get_majorticklocs()]
    labels = AxisLabels(
        axis, locs, TEXTS, [f"label/{k}" for k in range(len(TEXTS))], font=font, rotation=rotation
    )
    axis.set_major_locator(NullLocator())
    axis.set_minor_locator(NullLocator())
    axis.axes.add_artist(labels)
    return labels


SETUPS: dict[str, Callable[[Axes], None]] = {
    "plain": lambda ax: None,
    "inward long": lambda ax: ax.tick_params(direction="in", length=7, width=2, color="red"),
    "both ways": lambda ax: ax.tick_params(direction="inout", length=5, pad=6),
    "other side": lambda ax: (ax.xaxis.tick_top(), ax.yaxis.tick_right()),
    "both sides": lambda ax: ax.tick_params(top=True, right=True, labeltop=True, labelright=True),
    "bold serif": lambda ax: ax.tick_params(
        labelsize=13, labelcolor="#3060a0", labelfontfamily="DejaVu Serif"
    ),
}


@pytest.mark.parametrize("setup", sorted(SETUPS))
@pytest.mark.parametrize(("along", "rotation"), [("y", 0.0), ("x", 0.0), ("x", 90.0)])
def test_the_picture_is_matplotlibs_own(setup: str, along: str, rotation: float) -> None:
    fig, axis = _figure(SETUPS[setup], along, rotation)
    if along == "x" and rotation:
        for t in axis.get_ticklabels():  # the heat map's upright labels: centred, turned
            t.set_rotation_mode("default")
    renderer = FigureCanvasAgg(fig).get_renderer()
    expected = _png(fig)
    texts = [t for t in axis.get_ticklabels() if t.get_text()]
    text_boxes = [t.get_window_extent(renderer) for t in texts]

    fig2, axis2 = _figure(SETUPS[setup], along, rotation)
    labels = _as_labels(fig2, axis2, rotation)
    got = _png(fig2)
    assert got.shape == expected.shape
    differ = np.argwhere((got != expected).any(axis=2))
    assert differ.size == 0, f"{len(differ)} pixels differ, first at {differ[:3].tolist()}"
    # the boxes the hit regions and the crop use: matplotlib's Text boxes
    ours = [b for sid, b in labels.label_boxes(FigureCanvasAgg(fig2).get_renderer()) if sid]
    # a label drawn on both sides has two boxes; the Text boxes list side 1 first as well
    assert len(ours) == len(text_boxes)
    for box, tb in zip(sorted(ours), sorted(tuple(b.extents) for b in text_boxes), strict=True):
        assert box == pytest.approx(tb, abs=1e-6)


def test_no_tick_is_built_per_label(monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib.axis as maxis

    built: list[object] = []
    make = maxis.Axis._get_tick  # type: ignore[attr-defined]

    def counting(self: maxis.Axis, major: bool) -> maxis.Tick:
        built.append(self)
        tick: maxis.Tick = make(self, major)
        return tick

    fig, axis = _figure(SETUPS["plain"], "y", 0.0)
    _as_labels(fig, axis, 0.0)
    monkeypatch.setattr(maxis.Axis, "_get_tick", counting)
    _png(fig)
    assert len(built) <= 2  # what an axis without ticks makes for itself


def test_the_axis_title_stands_beyond_the_labels() -> None:
    fig, axis = _figure(SETUPS["plain"], "y", 0.0)
    axis.set_label_text("Genes of interest")
    renderer = FigureCanvasAgg(fig).get_renderer()
    _png(fig)
    before = axis.label.get_window_extent(renderer)
    fig2, axis2 = _figure(SETUPS["plain"], "y", 0.0)
    axis2.set_label_text("Genes of interest")
    labels = _as_labels(fig2, axis2, 0.0)
    axis2.labelpad += labels.depth_pt()
    renderer2 = FigureCanvasAgg(fig2).get_renderer()
    _png(fig2)
    after = axis2.label.get_window_extent(renderer2)
    assert after.x1 < labels.get_window_extent(renderer2).x0
    assert after.extents == pytest.approx(before.extents, abs=0.5)


def test_svg_keeps_an_id_and_an_anchor_per_label() -> None:
    import matplotlib

    fig, axis = _figure(SETUPS["plain"], "y", 0.0)
    _as_labels(fig, axis, 0.0)
    buf = io.BytesIO()
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # as plotdoc writes SVG
        fig.savefig(buf, format="svg")
    svg = buf.getvalue().decode()
    assert '<g id="label/0">' in svg and '<g id="label/5">' in svg
    assert '<g id="label/4">' not in svg  # an empty label writes nothing
    # right-aligned at the tick whatever font the viewer has, and the dollar as written
    assert svg.count("text-anchor: end") == len(TEXTS) - 1
    assert ">a $5 fee</text>" in svg
