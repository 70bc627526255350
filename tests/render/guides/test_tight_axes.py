"""An automatic value axis counts in the nice step that wastes the least room past the data,
ends on a major tick and keeps a bar's zero baseline."""

from __future__ import annotations

from typing import Any

import pytest

from plotdoc.render.style.scales import nice_range

from ..docs import column_doc
from ..row_docs import figure_of


def _axis(doc: dict[str, Any]) -> tuple[float, float, list[float]]:
    fig = figure_of(doc)
    ax = fig.axes[0]
    lo, hi = ax.get_ylim()
    ticks = [float(t) for t in ax.get_yticks() if lo - 1e-9 <= t <= hi + 1e-9]
    return lo, hi, ticks


@pytest.mark.parametrize("top", [8.1, 8.0, 4.3, 4.85, 9.55, 12.6, 17.2, 63.0, 0.87, 240.0])
def test_bar_axis_ends_on_a_tick_with_little_empty_room(top: float) -> None:
    values = [[top * 0.5, top * 0.55], [top * 0.7, top * 0.75], [top * 0.96, top]]
    lo, hi, ticks = _axis(column_doc("bar", values=values))  # type: ignore[arg-type]
    assert lo == 0.0  # the bars' baseline
    assert ticks[0] == pytest.approx(lo) and ticks[-1] == pytest.approx(hi)
    assert 4 <= len(ticks) <= 10
    # mean + SD of the last column reaches above ``top``: measure against what is drawn
    assert (hi - top * 1.01) / hi <= 0.18, (top, hi, ticks)


@pytest.mark.parametrize(("top", "end"), [(8.1, 9.0), (9.55, 10.0), (4.85, 5.0), (2.45, 2.5)])
def test_the_axis_ends_on_the_nearest_nice_tick(top: float, end: float) -> None:
    # the automatic 5 % margin used to push 9.55 to 12 and 4.85 to 6 (20 % empty)
    values = [[top], [top * 0.6], [top * 0.3]]
    lo, hi, ticks = _axis(column_doc("bar", values=values))  # type: ignore[arg-type]
    assert (lo, hi) == (0.0, end)
    assert ticks[-1] == end


def test_negative_bars_hang_from_zero() -> None:
    values = [[-8.1], [-6.0], [-3.0]]
    lo, hi, ticks = _axis(column_doc("bar", values=values))  # type: ignore[arg-type]
    assert hi == 0.0 and lo == -9.0 and ticks[0] == -9.0


def test_a_range_the_file_gives_keeps_automatic_ticks() -> None:
    doc = column_doc("bar", values=[[8.1], [6.0], [3.0]])  # type: ignore[arg-type]
    doc["tables"][0]["graph"]["axesOverrides"] = {"leftY": {"rangeMax": 100}}
    _lo, hi, ticks = _axis(doc)
    assert hi == 100.0 and len(ticks) <= 12


@pytest.mark.parametrize(
    ("lo", "hi", "expected"),
    [
        ((0.0), 8.262, (0.0, 9.0, 1.0)),
        (0.0, 8.0, (0.0, 8.0, 2.0)),
        (0.0, 100.0, (0.0, 100.0, 20.0)),
        (5.86, 17.17, (4.0, 18.0, 2.0)),  # twos rather than 7.5, 12.5 ...
        (0.36, 1.38, (0.2, 1.4, 0.2)),
        (-3.2, 3.1, (-4.0, 4.0, 2.0)),
    ],
)
def test_nice_range(lo: float, hi: float, expected: tuple[float, float, float]) -> None:
    assert nice_range(lo, hi, max_intervals=9) == pytest.approx(expected)


def test_nice_range_keeps_the_interval_count() -> None:
    for hi in (0.7, 3.3, 9.9, 41.0, 777.0):
        start, end, step = nice_range(0.0, hi, max_intervals=8) or (0, 0, 1)
        assert 3 <= round((end - start) / step) <= 8
        assert end >= hi and (end - hi) / end <= 0.25


def test_an_axis_ends_on_the_data_and_its_symbols_are_drawn_whole() -> None:
    from ..docs import xy_doc

    doc = xy_doc("xy-points-error", reps=3)  # X from 1 to 4, Y to about 8.6
    doc["tables"][0]["x"] = [0.0, 2.0, 4.0, 8.0]
    fig = figure_of(doc)
    ax = fig.axes[0]
    assert ax.get_xlim() == (0.0, 8.0)  # not 9 or 10 for a last value on a tick
    fig.canvas.draw()
    for gid in ("symbols/ds0", "errorbars/ds0"):
        (art,) = fig.findobj(lambda a, g=gid: a.get_gid() == g)
        assert art.get_clip_path() is None
        clip = art.get_clip_box()
        # the clip reaches past the plot area by at least a symbol's radius
        assert clip.x1 - ax.bbox.x1 >= 2.0 and ax.bbox.x0 - clip.x0 >= 2.0


def test_dodged_spikes_at_an_axis_end_are_drawn() -> None:
    from ..docs import xy_doc

    doc = xy_doc("xy-spikes", n_sets=2)
    doc["tables"][0]["x"] = [0.0, 2.0, 4.0, 8.0]
    fig = figure_of(doc)
    ax = fig.axes[0]
    assert ax.get_xlim()[1] == 8.0
    fig.canvas.draw()
    (spike,) = fig.findobj(lambda a: a.get_gid() == "spike/ds1/p3")  # 1.5 pt right of 8
    assert spike.get_clip_box().x1 > ax.bbox.x1 + 1.0


@pytest.mark.parametrize("gid", ["symbols", "points/volcano:ns"])
def test_multiple_variables_symbols_at_an_axis_end_are_drawn_whole(gid: str) -> None:
    from ..row_docs import mv_doc

    kind = "volcano" if gid.startswith("points") else "scatter"
    sets: list[tuple[str, list[Any]]] = [
        ("x", [-1.0, 0.0, 0.5, 2.0]),
        ("y", [0.5, 0.2, 0.9, 0.04]),
    ]
    fig = figure_of(mv_doc(f"mv-{kind}", kind, {"x": 0, "y": 1}, sets))
    ax = fig.axes[0]
    fig.canvas.draw()
    (art,) = fig.findobj(lambda a: a.get_gid() == gid)
    assert art.get_clip_path() is None
    assert art.get_clip_box().x1 > ax.bbox.x1 + 1.0


@pytest.mark.parametrize(
    "values",
    [
        [[2.0, 3.0], [20.0, 30.0], [45.0, 60.0]],  # under two decades: ends on 1, 2 or 5 x 10^k
        [[4.0, 9.0], [70.0, 90.0], [120.0, 150.0]],
        [[0.003, 0.02], [0.5, 4.0], [30.0, 800.0]],  # wide: ends on decades
    ],
)
def test_a_log_axis_ends_on_its_major_ticks(values: list[list[float]]) -> None:
    doc = column_doc("column-scatter-only", values=values)  # type: ignore[arg-type]
    doc["tables"][0]["graph"]["axesOverrides"] = {"leftY": {"scale": "log10"}}
    fig = figure_of(doc)
    ax = fig.axes[0]
    lo, hi = ax.get_ylim()
    ticks = [float(t) for t in ax.yaxis.get_major_locator()()]
    assert any(t == pytest.approx(lo) for t in ticks), (lo, ticks)
    assert any(t == pytest.approx(hi) for t in ticks), (hi, ticks)
    flat = [v for col in values for v in col]
    assert lo <= min(flat) and max(flat) <= hi
    labels = [t.get_text() for t in ax.yaxis.get_ticklabels() if lo <= t.get_position()[1] <= hi]
    assert all(labels), labels
